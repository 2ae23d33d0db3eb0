//! The Kamon win-in-one generator: seeded random games from a seeded set-up, stopping at
//! a position where the side to move has exactly one winning cell (or at least one, with
//! `any_wins`). Every position met is reachable by construction and no one has won yet.
//! Moves that join the mover's own pawns are preferred, so connections and rings appear
//! in the middle game as well as blockades at the end.

use rand_core::Rng;

use super::notation::seeded_setup;
use super::position::{bits, KamonPosition, Status};
use crate::geom::hex::radius3::dilate;
use crate::seed::{below, chance};

/// One attempt: a random game; returns a candidate position or `None`.
pub fn attempt_win_in_one<R: Rng>(unique: bool, rng: &mut R) -> Option<KamonPosition> {
    one_of_a_random_game(rng, |pos| {
        // No win is possible before the mover has six pawns down (a ring needs six, a
        // connection seven, and a blockade needs most tokens gone).
        let wins = if pos.plies() >= 10 { pos.winning_moves().len() } else { 0 };
        let choice = pos.legal().count_ones() > wins as u32;
        choice && (wins == 1 || (!unique && wins > 1))
    })
}

/// One win-in-two attempt: a random game as for win-in-one; at each position from the
/// twelfth pawn on where the side to move has three or more legal cells and cannot win
/// at once, the engine's search asks
/// whether exactly one cell (at least one, with `any_wins`) forces a win next turn. One
/// of the positions that qualify is returned; the caller re-checks it.
pub fn attempt_win_in_two<R: Rng>(unique: bool, rng: &mut R) -> Option<KamonPosition> {
    use super::verify::check_win_in_two;
    one_of_a_random_game(rng, |pos| {
        // At least three legal cells, so that finding the key is a choice.
        pos.plies() >= 12
            && pos.legal().count_ones() >= 3
            && pos.winning_moves().is_empty()
            && check_win_in_two(pos).is_ok_and(|facts| facts.solutions.len() == 1 || !unique)
    })
}

/// One defend attempt: a random game as for win-in-one; at each position from the
/// twelfth pawn on where the side to move has three or more legal cells and cannot win
/// at once, the engine's search asks whether exactly one cell (at least one, with
/// `any_wins`) leaves the opponent no win at once and no forced win in two. One of the
/// positions that qualify is returned; the caller re-checks it.
pub fn attempt_defend<R: Rng>(unique: bool, rng: &mut R) -> Option<KamonPosition> {
    use super::verify::defend_saving_count;
    let enough = if unique { 2 } else { usize::MAX };
    one_of_a_random_game(rng, |pos| {
        pos.plies() >= 12
            && pos.legal().count_ones() >= 3
            && pos.winning_moves().is_empty()
            && defend_saving_count(pos, enough).is_ok_and(|n| n == 1 || !unique)
    })
}

/// Plays a random game from a seeded set-up to its end and returns one of the positions
/// met that `qualifies`, chosen at random (`None` when none does).
fn one_of_a_random_game<R: Rng>(
    rng: &mut R,
    mut qualifies: impl FnMut(&KamonPosition) -> bool,
) -> Option<KamonPosition> {
    let mut pos = seeded_setup(rng);
    let mut candidates = Vec::new();
    while pos.status() == Status::Ongoing {
        if qualifies(&pos) {
            candidates.push(pos);
        }
        pos.play(random_cell(&pos, rng)).ok()?;
    }
    if candidates.is_empty() {
        return None;
    }
    Some(candidates[below(rng, candidates.len() as u32) as usize])
}

/// A random legal cell for the random games, preferring (two times in three) a cell
/// next to the mover's own pawns.
fn random_cell<R: Rng>(pos: &KamonPosition, rng: &mut R) -> u32 {
    let legal = pos.legal();
    let near = legal & dilate(pos.pawns(pos.to_move()));
    let pool = if near != 0 && chance(rng, 2, 3) { near } else { legal };
    let cells: Vec<u32> = bits(pool).collect();
    cells[below(rng, cells.len() as u32) as usize]
}
