//! Dot leaders, as a contents page sets them between an entry and its page number.

use crate::fonts::Face;
use crate::scene::{Anchor, Points, Rgb, Scene};

/// Dot leaders between `from` and `to` (mm) on the baseline `y`, at `pt`: the dots stand
/// on a grid counted from x = 0, so that the leaders of every line of a page line up in
/// the same columns (as TeX's `\leaders` sets them) whatever the entry and its page
/// number; the leaders start after `from` and end before `to`.
pub fn leaders(s: &mut Scene, from: f32, to: f32, y: f32, pt: Points, colour: Rgb) {
    let step = Face::Regular.text_width(". ", pt);
    if step <= 0.0 {
        return;
    }
    let first = (from / step).ceil() * step;
    let count = ((to - first) / step).floor();
    if count < 1.0 {
        return;
    }
    let dots = vec!["."; count as usize].join(" ");
    s.text(first, y, pt, dots, Face::Regular, Anchor::Start, colour);
}
