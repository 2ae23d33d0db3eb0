//! The SIX puzzle generator: seeded random games from the start position, with
//! placements next to one's own tokens preferred and immediate wins mostly declined (so
//! games run long and reach round two), stopped at a position whose candidate answer
//! the engine's fast tests like. The checker in `verify` then decides.

use rand_core::Rng;

use super::position::{Move, SixPosition, Status};
use super::verify::OneMoveTask;
use crate::geom::hex::Axial;
use crate::seed::{below, chance};

/// Tokens on the table a puzzle position needs, in round one and in round two: in round
/// two, a real game's table (42 tokens when it starts; only splits take tokens away).
const MIN_TOKENS: [usize; 2] = [8, 24];

/// How many answers winning moves give: in round one one per placement; in round two one
/// per destination cell (any of the lifts that win there will do).
fn answers(wins: &[Move]) -> usize {
    let mut cells: Vec<Axial> = wins
        .iter()
        .map(|m| match *m {
            Move::Place(a) | Move::Relocate { to: a, .. } => a,
        })
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells.len()
}

/// One attempt; `round` 1 or 2. Round two plays a full round one without formations
/// first, then round-two moves, and looks for a position with 24 tokens or more where
/// exactly one cell wins (with `unique`).
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
        if pos.round() == round
            && pos.tokens().len() >= MIN_TOKENS[round as usize - 1]
            && fits(&pos, answers(&wins), task, unique)
        {
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
/// answers the side to move's winning moves give (see [`answers`]).
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
    pick_from_round_one_game(rng, |pos, _, _| {
        pos.tokens().len() >= 8
            && pos.hands()[pos.to_move() as usize] >= 2
            && check_win_in_two(pos).is_ok_and(|f| f.solutions.len() == 1 || !unique)
    })
}

/// One round-one defend attempt: in a random round-one game, every position where
/// neither side can win at once, both hold two tokens or more and the opponent could
/// fork is offered to the checker, and one of those with exactly one saving placement
/// (at least one, with `any_wins`) is returned. (The engine's tests first: they are
/// cheaper than the checker's, which first looks for his possible forks.)
pub fn attempt_defend<R: Rng>(unique: bool, rng: &mut R) -> Option<SixPosition> {
    use super::verify::defend_saving_count;
    pick_from_round_one_game(rng, |pos, open, wins| {
        let opponent = 1 - pos.to_move();
        pos.tokens().len() >= 8
            && pos.hands().iter().all(|&h| h >= 2)
            && wins.is_empty()
            && !open.iter().any(|&a| pos.formation_through(a, opponent).is_some())
            && defend_saving_count(pos).is_ok_and(|n| n == 1 || !unique)
    })
}

/// A random round-one game from the start (placements next to one's own tokens
/// preferred, immediate wins declined). Every position `keep` accepts (it is also given
/// the placements, sorted, and the mover's winning ones) is a candidate; the game stops
/// at a candidate half the time, and one of the candidates is returned.
fn pick_from_round_one_game<R: Rng>(
    rng: &mut R,
    mut keep: impl FnMut(&SixPosition, &[Axial], &[Move]) -> bool,
) -> Option<SixPosition> {
    let mut pos = SixPosition::start();
    let mut candidates: Vec<SixPosition> = Vec::new();
    // The placements, kept sorted from ply to ply (a token only ever adds empty cells
    // next to it in round one), and the winning ones among them (as `winning_moves`).
    let mut open = pos.frontier();
    while pos.status() == Status::Ongoing && pos.round() == 1 {
        debug_assert_eq!(open, pos.frontier());
        let mover = pos.to_move();
        // A formation is six tokens: with fewer than five on the table, none is a cell away.
        let on_table = pos.tokens().iter().filter(|t| t.1 == mover).count();
        let wins: Vec<Move> = if on_table < 5 {
            Vec::new()
        } else {
            open.iter().filter(|&&a| pos.formation_through(a, mover).is_some()).map(|&a| Move::Place(a)).collect()
        };
        if keep(&pos, &open, &wins) {
            candidates.push(pos.clone());
            if chance(rng, 1, 2) {
                break;
            }
        }
        let mut pool: Vec<Move> = Vec::with_capacity(open.len());
        pool.extend(open.iter().map(|&a| Move::Place(a)).filter(|m| wins.is_empty() || !wins.contains(m)));
        if pool.is_empty() {
            break;
        }
        pool = prefer_near(&pos, pool, rng);
        let mv = pool[below(rng, pool.len() as u32) as usize];
        pos.play(mv).ok()?;
        if let Move::Place(a) = mv {
            open.retain(|&c| c != a);
            for n in a.neighbours() {
                if let (None, Err(i)) = (pos.at(n), open.binary_search(&n)) {
                    open.insert(i, n);
                }
            }
        }
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
    let mut near: Vec<Move> = Vec::with_capacity(pool.len());
    near.extend(
        pool.iter()
            .copied()
            .filter(|m| matches!(m, Move::Place(a) if a.neighbours().iter().any(|n| pos.at(*n) == Some(mover)))),
    );
    if !near.is_empty() && chance(rng, 3, 4) {
        near
    } else {
        pool
    }
}
