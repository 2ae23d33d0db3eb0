//! How a person solves a SIX win-in-one — the model that sets its grades (docs/grades.md, "How
//! grades are set"). A person looks first at the cells that would extend his longest
//! straight run and that touch the most of his tokens; the grade counts the other cells
//! that look at least as promising as the answer and must be dismissed before it is
//! found. A circle or a triangle is finished on a cell that extends no long run, so its
//! answer hides among cells that look better. The glance solver of [`crate::game::glance`]
//! checks these grades independently.

use super::position::{Move, SixPosition};
use crate::geom::hex::Axial;

/// How promising an empty cell looks to the side to move: twice the longest straight
/// run of his tokens it would join, plus his tokens next to it — twice them in round two,
/// where the table is crowded and the eye goes to the holes his tokens surround as much
/// as to his long runs.
fn look(pos: &SixPosition, cell: Axial) -> usize {
    let mover = pos.to_move();
    let near = cell.neighbours();
    let ray = |d: usize| {
        let (dq, dr) = (near[d].q - cell.q, near[d].r - cell.r);
        (1..6).take_while(|&k| pos.at(Axial { q: cell.q + k * dq, r: cell.r + k * dr }) == Some(mover)).count()
    };
    let run = (0..3).map(|d| ray(d) + ray(d + 3)).max().unwrap_or(0);
    let own = near.iter().filter(|&&n| pos.at(n) == Some(mover)).count();
    let own_weight = if pos.round() == 2 { 2 } else { 1 };
    2 * run + own_weight * own
}

/// Win in one (round one or two) or in two: twice the cells the side to move can play
/// on (other than the answers) that look more promising than the best answer, plus those
/// that look as promising. A person hunting a fork looks at the same cells first: the
/// ones extending his runs and touching his tokens. In round two a cell counts once,
/// whatever can be lifted to it.
pub fn rivals(pos: &SixPosition, solutions: &[Move]) -> u32 {
    let cell = |m: &Move| match *m {
        Move::Place(a) => a,
        Move::Relocate { to, .. } => to,
    };
    let answers: Vec<Axial> = solutions.iter().map(cell).collect();
    let answer = answers.iter().map(|&a| look(pos, a)).max().unwrap_or(0);
    // Each destination once: in round two many lifts go to the same cell.
    let mut cells: Vec<Axial> = pos.legal_moves().iter().map(cell).collect();
    cells.sort_unstable();
    cells.dedup();
    cells
        .into_iter()
        .filter(|c| !answers.contains(c))
        .map(|c| match look(pos, c) {
            l if l > answer => 2,
            l if l == answer => 1,
            _ => 0,
        })
        .sum()
}

/// Rival cuts of the round-two grades (each cell the side to move can play on that looks
/// at least as promising as the answer, twice if better; his own tokens around a cell
/// count double in round two): easy below 1, medium below 4, hard below 8. (Cut on legal
/// moves once, which did not order what a person manages.)
pub const ROUND_TWO_CUTS: [u64; 3] = [1, 4, 8];

/// Rival cuts of the round-one win-in-one grades: easy below 2 rivals, medium below 5,
/// hard below 9.
pub const WIN_IN_ONE_CUTS: [u64; 3] = [2, 5, 9];

/// Rival cuts of the block grades (the rivals counted through the opponent's eyes):
/// easy below 2, medium below 5, hard below 9.
pub const BLOCK_CUTS: [u64; 3] = [2, 5, 9];

/// Rival cuts of the round-one win-in-two grades: easy below 2 rivals, medium below 6,
/// hard below 12.
pub const WIN_IN_TWO_CUTS: [u64; 3] = [2, 6, 12];
