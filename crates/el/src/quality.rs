//! What the quality floor asks of an EL position besides its task's facts: whether its
//! history is plausible. A position in which the player who just wrote surely passed up
//! an immediate win — whichever of his numbers he wrote last, he could have won instead —
//! could not arise in sensible play, and is not printed.

use super::position::{ElPosition, Mark, Move, Status};
use super::verify::winning_move;
use crate::game::surely_skipped;

/// Whether the player who moved last surely passed up a win: every one of his numbers
/// that could have been written last (its removal leaves a legal position in which
/// writing it was legal) leaves a position where he had a winning move. `false` when no
/// number of his could have been last, or before the first move.
pub fn surely_skipped_win(pos: &ElPosition) -> bool {
    let p = pos.params();
    if pos.moves_made() == 0 {
        return false;
    }
    let last = ((pos.to_move() as u32 + p.players as u32 - 1) % p.players as u32) as u8;
    let marks: Vec<Option<Mark>> = (0..p.cells()).map(|i| pos.mark(i)).collect();
    let histories = marks.iter().enumerate().filter_map(|(cell, mark)| {
        let mark = mark.filter(|m| m.player == last)?;
        let mut before = marks.clone();
        before[cell] = None;
        let prev = ElPosition::from_marks(pos.rules().clone(), &before, last).ok()?;
        let legal = prev.check_legal(Move { cell: cell as u8, number: mark.number }).is_ok();
        (prev.status() == Status::Ongoing && legal).then_some(prev)
    });
    surely_skipped(histories, |prev| winning_move(prev).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_position_id;

    #[test]
    fn a_declined_win_is_caught_and_a_plausible_history_is_not() {
        // Red threatens 6 on f6 and 6 on f1: whichever red number came last, the other
        // threat was already there, so Red passed up a win.
        let skipped =
            parse_position_id("el:6x6:1r2r3r4r5r./1b1b1b1b1b./1b1b1b1b../....../....../1r2r3r4r5r.:b").unwrap();
        assert!(surely_skipped_win(&skipped));
        // One threat only: Red's last number may have been the one that made it.
        let fine = parse_position_id("el:6x6:....../....../1b1b1b1b../....../....../1r2r3r4r5r.:b").unwrap();
        assert!(!surely_skipped_win(&fine));
        let empty = parse_position_id("el:6x6:....../....../....../....../....../......:r").unwrap();
        assert!(!surely_skipped_win(&empty));
    }
}
