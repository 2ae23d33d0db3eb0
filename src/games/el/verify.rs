//! The exhaustive checker for EL puzzles. It trusts nothing the generator knows: it plays
//! every legal move of the side to move through `ElPosition::outcome_of` and records which
//! ones win, plus the difficulty figures.

use super::position::{ElPosition, Move, Outcome};
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
    /// Tempting moves that fail: they fill the last cell of a line or L but either the
    /// numbers are right and the colours are not (void, or the opponent's EL, which
    /// loses at once), or the colours are right and one number is repeated.
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
    let mut decoys = 0;
    for &mv in &legal {
        match pos.outcome_of(mv) {
            Outcome::Win(w) if w == mover => solutions.push(mv),
            Outcome::Win(_) => decoys += 1,
            _ => {
                let completed = pos.completions(mv.cell as usize, mv.number, mover);
                if !completed.is_empty() || is_repeated_number_near_miss(pos, mv) {
                    decoys += 1;
                }
            }
        }
    }
    if solutions.is_empty() {
        return Err("the side to move has no winning move".into());
    }
    if solutions.len() == legal.len() {
        return Err("every legal move wins".into());
    }
    Ok(WinInOneFacts {
        solutions,
        empty_cells: pos.empty().count_ones(),
        legal_moves: legal.len() as u32,
        decoys,
    })
}

/// True when the move fills the last cell of a placement that the mover would hold by
/// colour, whose numbers all lie in one target set with exactly one of them repeated.
fn is_repeated_number_near_miss(pos: &ElPosition, mv: Move) -> bool {
    let rules = pos.rules();
    let k = rules.params.length as u32;
    let bit = 1u128 << mv.cell;
    let mover = pos.to_move();
    rules.through_cell[mv.cell as usize].iter().any(|&pi| {
        let mask = rules.placements[pi as usize];
        let others = mask & !bit;
        if others & !pos.filled() != 0 {
            return false;
        }
        let mut values = 1u16 << mv.number;
        for c in cells_of(others) {
            values |= 1 << pos.mark(c).map_or(0, |m| m.number);
        }
        let in_one_set = rules.target_sets.iter().any(|&s| s & values == values);
        let mine = (others & pos.cells_of_player(mover)).count_ones() + 1;
        values.count_ones() == k - 1 && in_one_set && 2 * mine > k
    })
}
