//! EL diagrams into a scene: the grid with coordinates along the left and bottom edges,
//! and written numbers in the writer's colour and mark (plain, circled, boxed,
//! underlined), so that players are told apart in greyscale too.

use super::params::ElParams;
use super::position::{ElPosition, Move};
use crate::fonts::Face;
use crate::scene::{Anchor, Points, Scene};
use crate::style::{self, INK, PLAYER_COLOURS};
use boardpress_core::draw::square::{cell_corner, diagram_size, frame_cell, shade_cell, square_grid as grid};

/// An empty board with coordinates. Cells are `cell` mm wide.
pub fn blank(params: &ElParams, cell: f32) -> Scene {
    let (w, h) = diagram_size(params.size, cell);
    let mut s = Scene::new(w, h);
    grid(&mut s, params.size, cell);
    s
}

/// Writes `number` in a cell with `player`'s colour and mark.
fn numeral(s: &mut Scene, size: u8, cell: f32, index: usize, number: u8, player: u8) {
    let (x, y) = cell_corner(size, cell, index);
    let (cx, cy) = (x + cell / 2.0, y + cell / 2.0);
    let colour = PLAYER_COLOURS[player as usize];
    let font_mm = cell * 0.52;
    let mark = style::stroke(colour, (cell * 0.045).max(0.2));
    match player {
        1 => s.circle(cx, cy, cell * 0.36, None, Some(mark)),
        2 => s.rect(cx - cell * 0.33, cy - cell * 0.33, cell * 0.66, cell * 0.66, None, Some(mark)),
        3 => s.line(cx - cell * 0.25, cy + cell * 0.32, cx + cell * 0.25, cy + cell * 0.32, mark),
        _ => {}
    }
    s.text(cx, cy + font_mm * 0.36, Points::from_mm(font_mm), number.to_string(), Face::Bold, Anchor::Middle, colour);
}

/// A diagram of a position with the cells `shaded` shaded. `answer` marks cells (shaded,
/// outlined) and writes the winning numbers in the mover's style. It has no words: the
/// caller describes it in its document's language (`Rules::diagram` does both).
pub fn diagram(pos: &ElPosition, cell: f32, answer: &[Move], shaded: &[usize]) -> Scene {
    let p = pos.params();
    let (w, h) = diagram_size(p.size, cell);
    let mut s = Scene::new(w, h);
    for &c in shaded {
        shade_cell(&mut s, p.size, cell, c);
    }
    for mv in answer {
        shade_cell(&mut s, p.size, cell, mv.cell as usize);
    }
    grid(&mut s, p.size, cell);
    for i in 0..p.cells() {
        if let Some(m) = pos.mark(i) {
            numeral(&mut s, p.size, cell, i, m.number, m.player);
        }
    }
    let mut answered = Vec::new();
    for mv in answer {
        if !answered.contains(&mv.cell) {
            frame_cell(&mut s, p.size, cell, mv.cell as usize, 0.06, style::stroke(INK, cell * 0.06));
            numeral(&mut s, p.size, cell, mv.cell as usize, mv.number, pos.to_move());
            answered.push(mv.cell);
        }
    }
    s
}
