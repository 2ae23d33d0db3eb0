//! Square boards shared by the games (EL, Gosforth): the grid with coordinates along the
//! left and bottom edges, where each cell sits, and the answer shading and frames.

use crate::fonts::Face;
use crate::geom::square::column_letter;
use crate::scene::{Anchor, Points, Scene, Stroke};
use crate::style::{self, GREY, HIGHLIGHT, INK};

/// Room for the coordinates, in cells.
const LABEL_CELLS: f32 = 0.55;

/// The size in mm of a diagram of a `size`x`size` board with `cell` mm cells.
pub fn diagram_size(size: u8, cell: f32) -> (f32, f32) {
    let side = (size as f32 + LABEL_CELLS) * cell + cell * 0.1;
    (side, side)
}

/// Top-left corner of the grid inside a diagram.
pub fn origin(cell: f32) -> (f32, f32) {
    (LABEL_CELLS * cell, cell * 0.1)
}

/// Top-left corner of a cell (index: row 0 at the bottom).
pub fn cell_corner(size: u8, cell: f32, index: usize) -> (f32, f32) {
    let (ox, oy) = origin(cell);
    let n = size as usize;
    let (col, row) = (index % n, index / n);
    (ox + col as f32 * cell, oy + (n - 1 - row) as f32 * cell)
}

/// Draws a `size`x`size` grid of `cell` mm cells with coordinates (a, b, ... along the
/// bottom; 1, 2, ... up the left side).
/// The lines are one shared symbol per board size and cell size, drawn once a document.
pub fn square_grid(s: &mut Scene, size: u8, cell: f32) {
    let cell = crate::scene::quantized(cell);
    let (ox, oy) = origin(cell);
    let n = size as f32;
    let (w, h) = diagram_size(size, cell);
    let lines = crate::scene::symbol(crate::scene::sized_key(format_args!("square/grid/{size}"), cell), || {
        let mut g = Scene::new(w, h);
        let thin = style::stroke(GREY, (cell * 0.012).max(0.12));
        for i in 1..size {
            let d = i as f32 * cell;
            g.line(ox + d, oy, ox + d, oy + n * cell, thin);
            g.line(ox, oy + d, ox + n * cell, oy + d, thin);
        }
        g.rect(ox, oy, n * cell, n * cell, None, Some(style::stroke(INK, (cell * 0.03).max(0.3))));
        g
    });
    s.use_symbol(&lines, 0.0, 0.0, 1.0);
    let label_pt = Points::from_mm(cell * 0.4).clamp(Points(4.5), Points(11.0));
    let label_mm = label_pt.mm();
    for i in 0..size {
        let centre = ox + (i as f32 + 0.5) * cell;
        s.text(
            centre,
            oy + n * cell + label_mm * 1.05,
            label_pt,
            column_letter(i).to_string(),
            Face::Regular,
            Anchor::Middle,
            GREY,
        );
        let row_centre = oy + (n - 1.0 - i as f32 + 0.5) * cell;
        s.text(
            ox - cell * 0.14,
            row_centre + label_mm * 0.36,
            label_pt,
            (i + 1).to_string(),
            Face::Regular,
            Anchor::End,
            GREY,
        );
    }
}

/// Shades a cell with the answer highlight (draw before the grid).
pub fn shade_cell(s: &mut Scene, size: u8, cell: f32, index: usize) {
    let (x, y) = cell_corner(size, cell, index);
    s.rect(x, y, cell, cell, Some(HIGHLIGHT), None);
}

/// Draws a square frame inside a cell, `inset` (a fraction of the cell) from its edges.
pub fn frame_cell(s: &mut Scene, size: u8, cell: f32, index: usize, inset: f32, stroke: Stroke) {
    let (x, y) = cell_corner(size, cell, index);
    let d = cell * inset;
    s.rect(x + d, y + d, cell - 2.0 * d, cell - 2.0 * d, None, Some(stroke));
}
