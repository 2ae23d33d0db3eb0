//! How a person solves an EL puzzle — the model that sets the grades (README, "How grades
//! are set"). A person scans for the lines and Ls that are nearly done and looks at the
//! ones holding most of his own numbers first; the grade counts the other cells that
//! look at least as promising as the answer and must be dismissed before it is found.
//! The glance solver of [`crate::human`] checks these grades independently.

use super::position::{ElPosition, Move};

/// The cell's best look as a finishing cell: the most of the mover's numbers among the
/// other cells of a line or L that this cell alone leaves open, if any.
fn finishing_look(pos: &ElPosition, cell: usize) -> Option<u32> {
    let rules = pos.rules();
    let mine = pos.cells_of_player(pos.to_move());
    rules.through_cell[cell]
        .iter()
        .map(|&pi| rules.placements[pi as usize] & !(1u128 << cell))
        .filter(|others| others & !pos.filled() == 0)
        .map(|others| (others & mine).count_ones())
        .max()
}

/// Win in one: twice the empty cells (other than the answers') that finish a line or L
/// holding more of the mover's numbers than the answer's best, plus those holding as
/// many (a tie is found first half the time).
pub fn win_in_one_rivals(pos: &ElPosition, solutions: &[Move]) -> u32 {
    let answer = solutions.iter().filter_map(|m| finishing_look(pos, m.cell as usize)).max().unwrap_or(0);
    let mut rivals = 0;
    for cell in super::shapes::cells_of(pos.empty()) {
        if solutions.iter().any(|m| m.cell as usize == cell) {
            continue;
        }
        match finishing_look(pos, cell) {
            Some(look) if look > answer => rivals += 2,
            Some(look) if look == answer => rivals += 1,
            _ => {}
        }
    }
    rivals
}

/// The cell's look to a defender: the most of the opponent's numbers in a line or L
/// through it that is nearly done (two empty cells at most, this one included).
fn threatening_look(pos: &ElPosition, cell: usize) -> u32 {
    let rules = pos.rules();
    let his = pos.cells_of_player(1 - pos.to_move());
    rules.through_cell[cell]
        .iter()
        .map(|&pi| rules.placements[pi as usize])
        .filter(|p| (p & !pos.filled()).count_ones() <= 2)
        .map(|p| (p & his).count_ones())
        .max()
        .unwrap_or(0)
}

/// Defend: a defender looks first where the opponent's nearly done lines and Ls hold the
/// most of his numbers. Twice the empty cells (other than the saving ones) whose look is
/// more threatening than the saving cell's best, plus those as threatening: each is a
/// spot he blocks in vain before he finds the one that holds.
pub fn defend_rivals(pos: &ElPosition, saving_cells: &[u8]) -> u32 {
    let answer = saving_cells.iter().map(|&c| threatening_look(pos, c as usize)).max().unwrap_or(0);
    super::shapes::cells_of(pos.empty())
        .filter(|&c| !saving_cells.contains(&(c as u8)))
        .map(|c| match threatening_look(pos, c) {
            look if look > answer => 2,
            look if look == answer => 1,
            _ => 0,
        })
        .sum()
}
