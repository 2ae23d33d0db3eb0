//! Gosforth drawings: the 5x5 board with coordinates, pieces (X a dark disc, O a white
//! ringed disc, each with its letter, so greyscale prints keep them apart), score
//! tracks 0-12, and marks for answers.

use super::position::{GosforthPosition, CELLS};
use crate::fonts::Face;
use crate::lang::Lang;
use crate::scene::{Anchor, Points, Scene};
use crate::style::{self, GREY, INK, WHITE};
use boardpress_core::draw::square::{cell_corner, diagram_size, frame_cell, shade_cell, square_grid};

/// A piece of `player` (0 X, 1 O) centred at (cx, cy), `r` mm radius.
/// The disc is a shared symbol, drawn once a document; the letter is text.
pub fn piece(s: &mut Scene, player: u8, cx: f32, cy: f32, r: f32) {
    let r = crate::scene::quantized(r);
    let pt = Points::from_mm(r * 1.1);
    let disc = crate::scene::symbol(crate::scene::sized_key(format_args!("gosforth/piece/{player}"), r), || {
        let mut d = Scene::new(2.4 * r, 2.4 * r);
        if player == 0 {
            d.circle(1.2 * r, 1.2 * r, r, Some(crate::scene::Rgb(40, 40, 40)), Some(style::stroke(INK, r * 0.08)));
        } else {
            d.circle(1.2 * r, 1.2 * r, r, Some(WHITE), Some(style::stroke(INK, r * 0.16)));
        }
        d
    });
    s.use_symbol(&disc, cx - 1.2 * r, cy - 1.2 * r, 1.0);
    let (letter, colour) = if player == 0 { ("X", WHITE) } else { ("O", INK) };
    // The baseline 0.13 mm a point (about a third of the em) below the centre.
    s.text(cx, cy + pt.0 * 0.13, pt, letter, Face::Bold, Anchor::Middle, colour);
}

/// A piece's radius in a diagram, as a share of the cell.
const PIECE_R: f32 = 0.36;

/// A board diagram; `marks` are shaded and outlined (answers), `arrows` draw slides
/// from a cell into the gap.
pub fn diagram(pos: &GosforthPosition, cell: f32, marks: &[u8], arrows: &[(u8, u8)], lang: Lang) -> Scene {
    let (w, h) = diagram_size(5, cell);
    let mut s = Scene::new(w, h);
    for &m in marks {
        shade_cell(&mut s, 5, cell, m as usize);
    }
    square_grid(&mut s, 5, cell);
    for i in 0..CELLS {
        let c = pos.cell(i);
        if c != 0 {
            let (x, y) = cell_corner(5, cell, i);
            piece(&mut s, c - 1, x + cell / 2.0, y + cell / 2.0, cell * PIECE_R);
        }
    }
    // The piece slid on the previous turn may not slide straight back: dashed square.
    if let Some(l) = pos.last_slid() {
        frame_cell(&mut s, 5, cell, l as usize, 0.05, style::dashed(INK, cell * 0.04, cell * 0.12, cell * 0.08));
    }
    for &m in marks {
        frame_cell(&mut s, 5, cell, m as usize, 0.06, style::stroke(INK, cell * 0.06));
    }
    for &(from, to) in arrows {
        let (fx, fy) = cell_corner(5, cell, from as usize);
        let (tx, ty) = cell_corner(5, cell, to as usize);
        let (bx, by) = (tx + cell / 2.0, ty + cell / 2.0);
        // From the piece's rim, so that the arrow leaves its letter clear, to the gap.
        let (dx, dy) = ((tx - fx) / cell, (ty - fy) / cell);
        let (ax, ay) = (fx + cell / 2.0 + dx * cell * PIECE_R, fy + cell / 2.0 + dy * cell * PIECE_R);
        let stroke = style::stroke(INK, cell * 0.07);
        s.line(ax, ay, bx, by, stroke);
        // Arrow head at the gap.
        let (hx, hy) = (bx - dx * cell * 0.25, by - dy * cell * 0.25);
        s.line(bx, by, hx - dy * cell * 0.15, hy + dx * cell * 0.15, stroke);
        s.line(bx, by, hx + dy * cell * 0.15, hy - dx * cell * 0.15, stroke);
    }
    super::notation::spoken(pos, lang).apply(&mut s);
    s
}

/// The width of the label column of score tracks labelled `names`: as wide as the
/// longest needs ("score de X"), so that tracks drawn one above the other line up.
pub fn score_label_width(names: &[&str]) -> f32 {
    names.iter().map(|n| Face::Bold.text_width(n, Points(11.0)) + 3.0).fold(22.0, f32::max)
}

/// A score track 0..=`target` labelled `name` in a column `label_w` mm wide: boxes big
/// enough for a coin or a pencil mark, `width` mm wide in all.
pub fn score_track(name: &str, label_w: f32, target: u8, width: f32) -> Scene {
    let n = target as f32 + 1.0;
    let box_w = (width - label_w) / n;
    let h = box_w.min(14.0);
    let mut s = Scene::new(width, h + 2.0);
    s.text(0.0, h / 2.0 + 2.0, Points(11.0), name, Face::Bold, Anchor::Start, INK);
    for i in 0..=target {
        let x = label_w + i as f32 * box_w;
        s.rect(x, 1.0, box_w, h, None, Some(style::stroke(INK, 0.3)));
        s.circle(x + box_w / 2.0, 1.0 + h * 0.58, h * 0.28, None, Some(style::stroke(GREY, 0.15)));
        s.text(x + 1.0, 1.0 + 3.0, Points(7.0), i.to_string(), Face::Regular, Anchor::Start, INK);
    }
    s
}
