//! The house style: colours (colour-blind-safe, Okabe–Ito), line weights, type sizes.

use crate::scene::{Rgb, Stroke};

/// Ink for text and board outlines.
pub const INK: Rgb = Rgb(0, 0, 0);
/// Grey for small print and light grid lines.
pub const GREY: Rgb = Rgb(110, 110, 110);
/// Very light grey for shading.
pub const PALE: Rgb = Rgb(235, 235, 235);
/// White.
pub const WHITE: Rgb = Rgb(255, 255, 255);
/// Highlight for answer cells (light yellow, prints as light grey).
pub const HIGHLIGHT: Rgb = Rgb(255, 236, 150);

/// Player colours in turn order: vermillion, blue, bluish green, orange (Okabe–Ito).
/// In greyscale they are told apart by their marks, not by colour: plain numerals,
/// circled numerals, boxed numerals, underlined numerals.
pub const PLAYER_COLOURS: [Rgb; 4] = [Rgb(213, 94, 0), Rgb(0, 114, 178), Rgb(0, 158, 115), Rgb(230, 159, 0)];

/// A solid stroke.
pub fn stroke(colour: Rgb, width: f32) -> Stroke {
    Stroke { colour, width, dash: None }
}

/// A dashed stroke.
pub fn dashed(colour: Rgb, width: f32, dash: f32, gap: f32) -> Stroke {
    Stroke { colour, width, dash: Some((dash, gap)) }
}

/// The thin grey dashes that tokens and pieces to cut out are cut along.
pub const CUT: Stroke = Stroke { colour: GREY, width: 0.15, dash: Some((1.0, 0.6)) };
