//! How a person finds a Gosforth best move — the model that sets its grades (docs/grades.md,
//! "How grades are set"). A person reckons what each slide scores now, then pictures the
//! replies to the best-looking ones. What he must see through: every other slide that
//! gains at least as much now but falls behind after the reply (a *trap*: the greedy eye
//! takes it, and each one's replies must be pictured to dismiss it), and a best move
//! whose worth lies in the reply — every reply hands points back, or even the target —
//! which looks no better than the rest until its replies are pictured too.
//! The glance solver of [`crate::game::glance`] checks these grades independently.

use super::verify::BestMoveFacts;

/// Best move: twice the traps, plus 1 when every reply of the opponent hands points (or
/// the target) back to the mover.
pub fn best_move_rivals(facts: &BestMoveFacts) -> u32 {
    let hidden = facts.reply.is_some() && facts.reply_net < 0;
    2 * facts.traps + hidden as u32
}

/// Win in one ("reach 12 now"): there are only two or three slides to weigh, so the
/// difficulty is in the counting. A person counts a slide's points line by line through
/// the gap; what can go wrong: the winning slide scores on a diagonal (seen less readily
/// than a row or a column), it reaches the target with nothing to spare (miss one line
/// and it looks no better than the rest), and every other slide that scores, but not
/// enough, competes with it. Rivals: the other scoring slides, plus the winning slide's
/// diagonal lines, less its points to spare (never below zero).
pub fn win_in_one_rivals(facts: &BestMoveFacts) -> u32 {
    let decoys = facts.scoring.saturating_sub(facts.winning.len() as u32) as i32;
    (decoys + facts.winning_diagonals as i32 - facts.spare).max(0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_position_id;
    use crate::position::cell_name;
    use crate::verify::check_best_move;
    use crate::Move;

    /// O (10, needs 2) wins only by sliding c3 up into c4: the row a4–d4 and the short
    /// diagonal a2–d5 both become four (2 points, none to spare, one line a diagonal);
    /// b4 and d4 into the gap each make just the row (1 point): two decoys. 2 + 1 − 0.
    #[test]
    fn win_in_one_rivals_count_decoys_diagonals_and_spare() {
        let pos = parse_position_id("gosforth:oxxox/oo.ox/xooox/ooxxx/xxxoo:3-10:move:c5:o:12:ply=44").unwrap();
        let facts = check_best_move(&pos).unwrap();
        let names: Vec<String> =
            facts.winning.iter().map(|m| if let Move::Slide(c) = m { cell_name(*c) } else { "claim".into() }).collect();
        assert_eq!(names, ["c3"]);
        assert_eq!((facts.scoring, facts.spare, facts.winning_diagonals), (3, 0, 1));
        assert_eq!(win_in_one_rivals(&facts), 3);
        // With two points to spare, the same slide would stand out: 2 + 1 − 2.
        assert_eq!(win_in_one_rivals(&BestMoveFacts { spare: 2, ..facts }), 1);
    }
}
