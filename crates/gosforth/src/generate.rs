//! The Gosforth puzzle generator: seeded random games (random placing, then random
//! slides), stopped at a movement-stage position where the engine sees exactly one best
//! move for the side to move — the greatest lead once the opponent has replied — or
//! exactly one move that reaches the target.

use rand_core::Rng;

use super::position::{GosforthPosition, Move, Stage, Status};
use super::verify::WIN;
use crate::seed::below;

/// Net points of a move for the side to move, by the engine.
fn net(pos: &GosforthPosition, mv: Move) -> i32 {
    let (_, who, pts) = pos.after(mv);
    signed_for(pos.to_move(), who, pts)
}

/// Points scored for `who`, as they count for `side`.
fn signed_for(side: u8, who: u8, pts: u8) -> i32 {
    if who == side {
        pts as i32
    } else {
        -(pts as i32)
    }
}

/// The lead a move gives the side to move once the opponent has made his best reply, by
/// the engine, given `now`, the move's [`net`] points: [`WIN`] for a move that wins,
/// `-WIN` for one after which he can win.
fn lead(pos: &GosforthPosition, mv: Move, now: i32) -> i32 {
    let outcome = |p: &GosforthPosition, side: u8| match p.status() {
        Status::Won(w) if w == side => Some(WIN),
        Status::Won(_) => Some(-WIN),
        Status::Drawn => Some(0),
        Status::Ongoing => None,
    };
    let (after, _, _) = pos.after(mv);
    if let Some(end) = outcome(&after, pos.to_move()) {
        return end;
    }
    let his = after
        .legal_moves()
        .into_iter()
        .map(|r| {
            let (next, who, pts) = after.after(r);
            outcome(&next, after.to_move()).unwrap_or_else(|| signed_for(after.to_move(), who, pts))
        })
        .max()
        .unwrap_or(0);
    match his {
        WIN => -WIN,
        h if h == -WIN => WIN,
        h => now - h,
    }
}

/// What a generated position must offer the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// One move with the greatest lead once the opponent has replied.
    UniqueBest,
    /// One move with the highest net points, and it reaches the target.
    ReachUniqueBest,
    /// At least one move that reaches the target (any number of them).
    Reach,
}

/// A position from a random game (placing, then sliding, never reaching the target)
/// that offers what `want` asks; candidates are collected along one game and one is
/// picked at random — for the best move, half the time among the *deep* ones (another
/// move gains as much now, or the best move's lead comes from the reply), which are
/// rarer than plain ones in random play but make the hard grades.
pub fn attempt<R: Rng>(target: u8, want: Want, rng: &mut R) -> Option<GosforthPosition> {
    let mut pos = GosforthPosition::new(target);
    let mut candidates = Vec::new();
    let mut deep = Vec::new();
    while pos.status() == Status::Ongoing && pos.movement_plies() < 120 {
        let moves = pos.legal_moves();
        if pos.stage() == Stage::Movement && moves.len() >= 2 {
            // The best move looks past the reply; reaching the target is judged now.
            let now: Vec<i32> = moves.iter().map(|&m| net(&pos, m)).collect();
            let nets: Vec<i32> = if want == Want::UniqueBest {
                moves.iter().zip(&now).map(|(&m, &n)| lead(&pos, m, n)).collect()
            } else {
                now.clone()
            };
            let best = *nets.iter().max().expect("moves exist");
            let unique = nets.iter().filter(|&&n| n == best).count() == 1;
            let wins = |m: &Move| matches!(pos.after(*m).0.status(), Status::Won(w) if w == pos.to_move());
            if want == Want::Reach {
                if moves.iter().any(wins) {
                    candidates.push(pos);
                }
            } else if best > 0 && unique {
                let i = nets.iter().position(|&n| n == best).expect("best exists");
                if want == Want::UniqueBest {
                    let trap = (0..moves.len()).any(|j| j != i && now[j] >= now[i]);
                    if trap || best != now[i] {
                        deep.push(pos);
                    }
                    candidates.push(pos);
                } else if wins(&moves[i]) {
                    candidates.push(pos);
                }
            }
        }
        pos.play(moves[below(rng, moves.len() as u32) as usize]).ok()?;
    }
    let pool = if !deep.is_empty() && below(rng, 2) == 0 { deep } else { candidates };
    if pool.is_empty() {
        return None;
    }
    Some(pool[below(rng, pool.len() as u32) as usize])
}
