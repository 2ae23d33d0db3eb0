//! How a person finds a Gosforth best move — the model that sets its grades (README,
//! "How grades are set"). A person reckons what each slide scores now, then pictures the
//! replies to the best-looking ones. What he must see through: every other slide that
//! gains at least as much now but falls behind after the reply (a *trap*: the greedy eye
//! takes it, and each one's replies must be pictured to dismiss it), and a best move
//! whose worth lies in the reply — every reply hands points back, or even the target —
//! which looks no better than the rest until its replies are pictured too.
//! The glance solver of [`crate::human`] checks these grades independently.

use super::verify::BestMoveFacts;

/// Best move: twice the traps, plus 1 when every reply of the opponent hands points (or
/// the target) back to the mover.
pub fn best_move_rivals(facts: &BestMoveFacts) -> u32 {
    let hidden = facts.reply.is_some() && facts.reply_net < 0;
    2 * facts.traps + hidden as u32
}
