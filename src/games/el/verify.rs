//! The exhaustive checker for EL puzzles. It trusts nothing the generator knows: it plays
//! every legal move of the side to move through `ElPosition::outcome_of` and records which
//! ones win, plus the difficulty figures.

use super::position::{Completions, ElPosition, Move, Outcome};
use super::shapes::cells_of;

/// The verified facts about a win-in-one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinInOneFacts {
    /// Every winning move, sorted.
    pub solutions: Vec<Move>,
    /// Empty cells on the board.
    pub empty_cells: u32,
    /// Legal moves of the side to move.
    pub legal_moves: u32,
    /// Tempting moves that fail, on cells other than the winning ones: they fill the last
    /// cell of a line or L but either the numbers are right and the colours are not
    /// (void, or the opponent's EL, which loses at once), or the colours are right and
    /// one number is repeated.
    pub decoys: u32,
}

/// Checks a position as a win-in-one puzzle by enumerating every legal move.
/// Errors say why the position is not a puzzle at all (game over, no winning move,
/// every move wins).
pub fn check_win_in_one(pos: &ElPosition) -> Result<WinInOneFacts, String> {
    if pos.status() != Outcome::Continue {
        return Err("the game is already over in this position".into());
    }
    let mover = pos.to_move();
    let legal = pos.legal_moves();
    let mut solutions = Vec::new();
    let mut near_misses = Vec::new();
    // Every legal move is judged; the engine evaluates all numbers of a cell at once.
    let mut cell_cache: Option<(u8, [Outcome; 10], [Completions; 10], u16)> = None;
    for &mv in &legal {
        if cell_cache.as_ref().is_none_or(|c| c.0 != mv.cell) {
            let cell = mv.cell as usize;
            cell_cache = Some((
                mv.cell,
                pos.outcomes_at(cell),
                pos.completions_at(cell, mover),
                repeated_number_near_misses(pos, cell),
            ));
        }
        let (_, outcomes, completions, repeats) = cell_cache.as_ref().expect("filled above");
        let n = mv.number as usize;
        match outcomes[n] {
            Outcome::Win(w) if w == mover => solutions.push(mv),
            Outcome::Win(_) => near_misses.push(mv),
            _ if completions[n].completed > 0 || repeats >> n & 1 == 1 => near_misses.push(mv),
            _ => {}
        }
    }
    // A wrong number on a winning cell is not a decoy: the cell is the answer.
    let decoys = near_misses.iter().filter(|m| !solutions.iter().any(|s| s.cell == m.cell)).count() as u32;
    if solutions.is_empty() {
        return Err("the side to move has no winning move".into());
    }
    if solutions.len() == legal.len() {
        return Err("every legal move wins".into());
    }
    Ok(WinInOneFacts { solutions, empty_cells: pos.empty().count_ones(), legal_moves: legal.len() as u32, decoys })
}

/// The numbers (bit v = number v) that, written on the empty `cell` by the side to move,
/// fill the last cell of a placement the mover would hold by colour, whose numbers all
/// lie in one target set with exactly one of them repeated.
fn repeated_number_near_misses(pos: &ElPosition, cell: usize) -> u16 {
    let rules = pos.rules();
    let k = rules.params.length as u32;
    let bit = 1u128 << cell;
    let mover = pos.to_move();
    let mut numbers = 0u16;
    for &pi in &rules.through_cell[cell] {
        let others = rules.placements[pi as usize] & !bit;
        if others & !pos.filled() != 0 {
            continue;
        }
        let mine = (others & pos.cells_of_player(mover)).count_ones() + 1;
        if 2 * mine <= k {
            continue;
        }
        let values = cells_of(others).fold(0u16, |v, c| v | 1 << pos.mark(c).map_or(0, |m| m.number));
        if values.count_ones() != k - 2 {
            continue;
        }
        for &set in &rules.target_sets {
            if set & values == values {
                numbers |= set & !values;
            }
        }
    }
    numbers
}
