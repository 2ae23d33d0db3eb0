//! What the quality floor asks of a SIX position besides its task's facts: whether its
//! history is plausible. In round one, a position in which the player who just placed
//! surely passed up an immediate win — whichever of his tokens he placed last, he could
//! have completed a formation instead — could not arise in sensible play.

use super::position::{SixPosition, Status};
use crate::game::surely_skipped;
use crate::geom::hex::Axial;

/// Whether the player who placed last (round one) surely passed up a win: every token of
/// his that could have been placed last — not his start token, and its removal leaves
/// one group — leaves a position where he had a winning placement. `false` in round two
/// (the last relocation cannot be told from the position) and when no token qualifies.
pub fn surely_skipped_win(pos: &SixPosition) -> bool {
    if pos.round() != 1 {
        return false;
    }
    let last = 1 - pos.to_move();
    let start = [Axial { q: 0, r: 0 }, Axial { q: 1, r: 0 }][last as usize];
    let histories =
        pos.tokens().iter().filter(|&&(cell, colour)| colour == last && cell != start).filter_map(|&(cell, _)| {
            let rest: Vec<(Axial, u8)> = pos.tokens().iter().copied().filter(|t| t.0 != cell).collect();
            let mut hands = pos.hands();
            hands[last as usize] += 1;
            let prev = SixPosition::from_tokens(&rest, hands, last, 0);
            (prev.status() == Status::Ongoing && prev.groups().len() == 1).then_some(prev)
        });
    surely_skipped(histories, |prev| !prev.winning_moves().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_position_id;

    #[test]
    fn a_declined_win_is_caught_and_a_plausible_history_is_not() {
        // Red has two lines of five, each open at an end: whichever red token was placed
        // last, the other line already offered a win.
        let skipped = parse_position_id(
            "six:r=0,-1;1,-1;2,-1;3,-1;4,-1;0,0;0,2;1,2;2,2;3,2;4,2:b=1,0;2,0;3,0;4,0;5,0;0,1;1,1;2,1;3,1;4,1:hand=10,11:b",
        )
        .unwrap();
        assert!(surely_skipped_win(&skipped));
        // One line of five: its last token may be the one just placed.
        let fine = parse_position_id("six:r=0,-1;1,-1;2,-1;3,-1;4,-1;0,0:b=1,0;2,0;3,0;4,0;5,0:hand=15,16:b").unwrap();
        assert!(!surely_skipped_win(&fine));
    }
}
