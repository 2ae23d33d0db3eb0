//! The Gosforth puzzle generator: seeded random games (random placing, then random
//! slides), stopped at a movement-stage position where the engine sees exactly one best
//! move for the side to move (optionally one that reaches the target).

use rand_core::Rng;

use super::position::{GosforthPosition, Move, Stage, Status};
use crate::seed::below;

/// Net points of a move for the side to move, by the engine.
fn net(pos: &GosforthPosition, mv: Move) -> i32 {
    let (_, who, pts) = pos.after(mv);
    if who == pos.to_move() {
        pts as i32
    } else {
        -(pts as i32)
    }
}

/// One attempt: a random game; returns a candidate position or `None`.
pub fn attempt_best_move<R: Rng>(target: u8, reach_only: bool, rng: &mut R) -> Option<GosforthPosition> {
    attempt(target, if reach_only { Want::ReachUniqueBest } else { Want::UniqueBest }, rng)
}

/// What a generated position must offer the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Want {
    /// One move with the highest net points.
    UniqueBest,
    /// One move with the highest net points, and it reaches the target.
    ReachUniqueBest,
    /// At least one move that reaches the target (any number of them).
    Reach,
}

/// A position from a random game (placing, then sliding, never reaching the target)
/// that offers what `want` asks; candidates are collected along one game and one is
/// picked at random.
pub fn attempt<R: Rng>(target: u8, want: Want, rng: &mut R) -> Option<GosforthPosition> {
    let mut pos = GosforthPosition::new(target);
    let mut candidates = Vec::new();
    while pos.status() == Status::Ongoing && pos.movement_plies() < 120 {
        let moves = pos.legal_moves();
        if pos.stage() == Stage::Movement && moves.len() >= 2 {
            let nets: Vec<i32> = moves.iter().map(|&m| net(&pos, m)).collect();
            let best = *nets.iter().max().expect("moves exist");
            let unique = nets.iter().filter(|&&n| n == best).count() == 1;
            let wins = |m: &Move| matches!(pos.after(*m).0.status(), Status::Won(w) if w == pos.to_move());
            if want == Want::Reach {
                if moves.iter().any(wins) {
                    candidates.push(pos);
                }
            } else if best > 0 && unique {
                let i = nets.iter().position(|&n| n == best).expect("best exists");
                if want == Want::UniqueBest || wins(&moves[i]) {
                    candidates.push(pos);
                }
            }
        }
        pos.play(moves[below(rng, moves.len() as u32) as usize]).ok()?;
    }
    if candidates.is_empty() {
        return None;
    }
    Some(candidates[below(rng, candidates.len() as u32) as usize])
}
