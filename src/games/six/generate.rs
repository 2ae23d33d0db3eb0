//! The SIX puzzle generator: seeded random games from the start position, with
//! placements next to one's own tokens preferred and immediate wins mostly declined (so
//! games run long and reach round two), stopped at a position whose candidate answer
//! the engine's fast tests like. The checker in `verify` then decides.

use rand_core::Rng;

use super::position::{Move, SixPosition, Status};
use super::verify::OneMoveTask;
use crate::seed::{below, chance};

/// One attempt; `round` 1 or 2.
pub fn attempt_one_move<R: Rng>(task: OneMoveTask, round: u8, unique: bool, rng: &mut R) -> Option<SixPosition> {
    let mut pos = SixPosition::start();
    // Round two: first play a full round one without formations.
    let stop_after_round_two_plies = between_inclusive(rng, 1, 30);
    let mut candidates: Vec<SixPosition> = Vec::new();
    for _ in 0..200 {
        // A round-one puzzle is over when round one is: playing on would only spend time.
        if pos.status() != Status::Ongoing || pos.round() > round {
            break;
        }
        let wins = pos.winning_moves();
        if pos.round() == round && pos.tokens().len() >= 8 && fits(&pos, wins.len(), task, unique) {
            candidates.push(pos.clone());
            if round == 1 && chance(rng, 1, 3) {
                break;
            }
        }
        if round == 2
            && pos.round() == 2
            && pos.round_two_plies() >= stop_after_round_two_plies
            && !candidates.is_empty()
        {
            break;
        }
        let moves = pos.legal_moves();
        // `winning_moves` is sorted.
        let mut pool: Vec<Move> = moves.iter().copied().filter(|m| wins.binary_search(m).is_err()).collect();
        if pool.is_empty() {
            pool = moves;
        }
        if pos.round() == 1 {
            pool = prefer_near(&pos, pool, rng);
        }
        let mv = pool[below(rng, pool.len() as u32) as usize];
        pos.play(mv).ok()?;
    }
    if candidates.is_empty() {
        return None;
    }
    Some(candidates[below(rng, candidates.len() as u32) as usize].clone())
}

fn between_inclusive<R: Rng>(rng: &mut R, lo: u32, hi: u32) -> u16 {
    (lo + below(rng, hi - lo + 1)) as u16
}

/// The engine's quick opinion of whether a position suits the task, given how many
/// winning moves the side to move has.
fn fits(pos: &SixPosition, wins: usize, task: OneMoveTask, unique: bool) -> bool {
    match task {
        OneMoveTask::WinInOne => wins == 1 || (!unique && wins > 1),
        OneMoveTask::Block => {
            if wins > 0 {
                return false;
            }
            let theirs = SixPosition::from_tokens(pos.tokens(), pos.hands(), 1 - pos.to_move(), 0);
            theirs.winning_moves().len() == 1
        }
    }
}

/// One round-one win-in-two attempt: in a random round-one game, every position from
/// eight tokens on where the mover holds two or more tokens is offered to the full
/// search, and one of those with exactly one key placement (at least one, with
/// `any_wins`) is returned.
pub fn attempt_win_in_two<R: Rng>(unique: bool, rng: &mut R) -> Option<SixPosition> {
    use super::verify::check_win_in_two;
    pick_from_round_one_game(rng, |pos, _| {
        pos.tokens().len() >= 8
            && pos.hands()[pos.to_move() as usize] >= 2
            && check_win_in_two(pos).is_ok_and(|f| f.solutions.len() == 1 || !unique)
    })
}

/// One round-one defend attempt: in a random round-one game, every position where
/// neither side can win at once, both hold two tokens or more and the opponent could
/// fork is offered to the checker, and one of those with exactly one saving placement
/// (at least one, with `any_wins`) is returned. (The engine's tests first: leaving them
/// to the checker costs 14% more instructions.)
pub fn attempt_defend<R: Rng>(unique: bool, rng: &mut R) -> Option<SixPosition> {
    use super::verify::{defend_saving_count, may_fork};
    pick_from_round_one_game(rng, |pos, wins| {
        let opponent = 1 - pos.to_move();
        pos.tokens().len() >= 8
            && pos.hands().iter().all(|&h| h >= 2)
            && wins.is_empty()
            && SixPosition::from_tokens(pos.tokens(), pos.hands(), opponent, 0).winning_moves().is_empty()
            && may_fork(pos, opponent)
            && defend_saving_count(pos).is_ok_and(|n| n == 1 || !unique)
    })
}

/// A random round-one game from the start (placements next to one's own tokens
/// preferred, immediate wins declined). Every position `keep` accepts (it is also given
/// the mover's winning moves) is a candidate; the game stops at a candidate half the
/// time, and one of the candidates is returned.
fn pick_from_round_one_game<R: Rng>(
    rng: &mut R,
    mut keep: impl FnMut(&SixPosition, &[Move]) -> bool,
) -> Option<SixPosition> {
    let mut pos = SixPosition::start();
    let mut candidates: Vec<SixPosition> = Vec::new();
    while pos.status() == Status::Ongoing && pos.round() == 1 {
        let wins = pos.winning_moves();
        if keep(&pos, &wins) {
            candidates.push(pos.clone());
            if chance(rng, 1, 2) {
                break;
            }
        }
        let mut pool: Vec<Move> = pos.legal_moves().into_iter().filter(|m| wins.binary_search(m).is_err()).collect();
        if pool.is_empty() {
            break;
        }
        pool = prefer_near(&pos, pool, rng);
        let mv = pool[below(rng, pool.len() as u32) as usize];
        pos.play(mv).ok()?;
    }
    if candidates.is_empty() {
        return None;
    }
    Some(candidates[below(rng, candidates.len() as u32) as usize].clone())
}

/// Round one: three times in four, narrows the placements to those next to the mover's
/// own tokens (to build shapes), when there are any.
fn prefer_near<R: Rng>(pos: &SixPosition, pool: Vec<Move>, rng: &mut R) -> Vec<Move> {
    let mover = pos.to_move();
    let near: Vec<Move> = pool
        .iter()
        .copied()
        .filter(|m| matches!(m, Move::Place(a) if a.neighbours().iter().any(|n| pos.at(*n) == Some(mover))))
        .collect();
    if !near.is_empty() && chance(rng, 3, 4) {
        near
    } else {
        pool
    }
}
