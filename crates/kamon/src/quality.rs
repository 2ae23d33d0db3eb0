//! What the quality floor asks of a Kamon position besides its task's facts: whether its
//! history is plausible, and whether a win-in-two can be found by elimination alone.
//!
//! The last move covered the constraint token, on one of the last mover's pawns; which
//! one, and what the constraint was before, cannot be read from the position. So every
//! history that fits is tried: the player who just moved "surely passed up a win" only
//! when, in every one of them, he had a winning cell instead.

use super::position::{CellContent, KamonPosition, Status, Token};
use crate::game::surely_skipped;
use crate::geom::hex::radius3::{bit_of, cells_in_reading_order};

/// Whether the player who moved last surely passed up a win (see the module text).
/// `false` before the first move and when no history fits.
pub fn surely_skipped_win(pos: &KamonPosition) -> bool {
    let Some(covered) = pos.constraint() else { return false };
    let last = 1 - pos.to_move();
    let cells = pos.cells();
    let on_board: Vec<Token> = cells
        .iter()
        .filter_map(|c| match c {
            CellContent::Token(t) => Some(*t),
            _ => None,
        })
        .collect();
    // The constraint before the last move: a token covered earlier that the last one matched.
    let earlier: Vec<Option<Token>> = if pos.plies() == 1 {
        vec![None]
    } else {
        Token::all().filter(|t| *t != covered && !on_board.contains(t) && covered.matches(*t)).map(Some).collect()
    };
    let order = cells_in_reading_order();
    let pawns = cells.iter().enumerate().filter(|(_, content)| **content == CellContent::Pawn(last));
    let histories = pawns.flat_map(|(i, _)| {
        let mut before = cells;
        before[i] = CellContent::Token(covered);
        let cell = 1u64 << bit_of(order[i]);
        earlier.iter().filter_map(move |&constraint| {
            let prev = KamonPosition::from_cells(&before, constraint, last);
            (prev.status() == Status::Ongoing && prev.legal() & cell != 0).then_some(prev)
        })
    });
    surely_skipped(histories, |prev| !prev.winning_moves().is_empty())
}

/// Whether the key of a win-in-two is the only first move that does not lose at once
/// (every other cell hands the opponent a winning cell): then it is found by elimination,
/// not by seeing the win.
pub fn solvable_by_elimination(pos: &KamonPosition, keys: &[u32]) -> bool {
    !pos.legal_cells().into_iter().filter(|b| !keys.contains(b)).any(|b| {
        let after = pos.after(b);
        after.status() != Status::Ongoing || after.winning_moves().is_empty()
    })
}
