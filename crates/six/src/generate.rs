//! The SIX puzzle generator: seeded random games from the start position, with
//! placements next to one's own tokens preferred and immediate wins mostly declined (so
//! games run long and reach round two; for defend, a single threat blocked at once),
//! stopped at a position whose candidate answer
//! the engine's fast tests like. The checker in `verify` then decides.

use rand_core::Rng;

use super::position::{answer_cells, Move, SixPosition, Status};
use super::shapes::{placement_neighbours, placements_for_neighbours, placements_through_origin};
use super::verify::OneMoveTask;
use crate::geom::hex::Axial;
use crate::seed::{below, chance};

/// Tokens on the table a puzzle position needs, in round one and in round two: in round
/// two, a real game's table (42 tokens when it starts; only splits take tokens away).
const MIN_TOKENS: [usize; 2] = [8, 24];

/// How many answers winning moves give: in round one one per placement; in round two one
/// per destination cell (any of the lifts that win there will do).
fn answers(wins: &[Move]) -> usize {
    answer_cells(wins).len()
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
    pick_from_round_one_game(
        rng,
        false,
        |_| true,
        |pos, _| {
            pos.tokens().len() >= 8
                && pos.hands()[pos.to_move() as usize] >= 2
                && check_win_in_two(pos).is_ok_and(|f| f.solutions.len() == 1 || !unique)
        },
    )
}

/// One round-one defend attempt: in a random round-one game where each player blocks
/// the other's single threat, every position where neither side can win at once, both
/// hold two tokens or more and the opponent could fork is offered to the checker, and
/// one of those with exactly one saving placement (at least one, with `any_wins`) is
/// returned. (The game's own bookkeeping first: it is cheaper than the checker, which
/// first looks for his possible forks.)
pub fn attempt_defend<R: Rng>(unique: bool, rng: &mut R) -> Option<SixPosition> {
    use super::defend::defend_saving_count;
    // Hands only empty: once one holds fewer than two, the game is over for the search.
    let both_hold_two = |pos: &SixPosition| pos.hands().iter().all(|&h| h >= 2);
    // Blocking a single threat at once keeps both sides without a winning cell, as the
    // task needs, more often than letting it stand.
    pick_from_round_one_game(rng, true, both_hold_two, |pos, table| {
        pos.tokens().len() >= 8
            && table.winning[0].is_empty()
            && table.winning[1].is_empty()
            && defend_saving_count(pos, if unique { 2 } else { usize::MAX }).is_ok_and(|n| n == 1 || !unique)
    })
}

/// What a round-one game keeps track of from placement to placement (a token only ever
/// takes an empty cell and makes its neighbours placements in round one), each list
/// sorted: cheaper than asking the engine again at every ply.
struct RoundOneTable {
    /// The placements: empty cells next to a token.
    open: Vec<Axial>,
    /// Per colour, the placements next to one of its tokens.
    next_to: [Vec<Axial>; 2],
    /// Per colour, the placements where its token would complete a formation.
    winning: [Vec<Axial>; 2],
}

/// Fills `out` with the cells in both sorted lists, sorted.
fn sorted_common(one: &[Axial], other: &[Axial], out: &mut Vec<Axial>) {
    out.clear();
    let (mut i, mut j) = (0, 0);
    while i < one.len() && j < other.len() {
        match one[i].cmp(&other[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(one[i]);
                i += 1;
                j += 1;
            }
        }
    }
}

/// Puts `a` into the sorted list `list` unless it is there.
fn insert_sorted(list: &mut Vec<Axial>, a: Axial) {
    if let Err(i) = list.binary_search(&a) {
        list.insert(i, a);
    }
}

impl RoundOneTable {
    /// The lists of the start position (two tokens: no winning cell).
    fn start(pos: &SixPosition) -> Self {
        let open = pos.frontier();
        let next_to = [0, 1]
            .map(|c| open.iter().copied().filter(|a| a.neighbours().iter().any(|n| pos.at(*n) == Some(c))).collect());
        RoundOneTable { open, next_to, winning: [Vec::new(), Vec::new()] }
    }

    /// The lists once `colour` has placed on `a` (`pos` is the position after). A new
    /// winning cell of his lies in a formation through `a` holding four more of his
    /// tokens; nobody's other winning cells change but `a`'s.
    fn placed(&mut self, pos: &SixPosition, a: Axial, colour: u8) {
        let [near0, near1] = &mut self.next_to;
        let [wins0, wins1] = &mut self.winning;
        for list in [&mut self.open, near0, near1, wins0, wins1] {
            if let Ok(i) = list.binary_search(&a) {
                list.remove(i);
            }
        }
        for n in a.neighbours() {
            if pos.at(n).is_none() {
                insert_sorted(&mut self.open, n);
                insert_sorted(&mut self.next_to[colour as usize], n);
            }
        }
        // Four more of his tokens are needed besides `a`.
        if pos.tokens().iter().filter(|t| t.1 == colour).count() < 5 {
            return;
        }
        // Only formations whose neighbours of `a` are his but one empty at most can be one
        // short.
        let near = a.neighbours();
        let (mut own, mut open) = (0u8, 0u8);
        for (i, n) in near.into_iter().enumerate() {
            match pos.at(n) {
                Some(c) if c == colour => own |= 1 << i,
                None => open |= 1 << i,
                _ => {}
            }
        }
        let needs = placement_neighbours();
        'formation: for &i in &placements_for_neighbours()[(own | open) as usize] {
            // Two empty neighbours or more (`count_ones` is slow on baseline x86-64).
            let empty_near = needs[i as usize] & open;
            if empty_near & empty_near.wrapping_sub(1) != 0 {
                continue;
            }
            let others = &placements_through_origin()[i as usize].1;
            let mut empty = None;
            for o in others {
                let cell = Axial { q: a.q + o.q, r: a.r + o.r };
                match pos.at(cell) {
                    Some(c) if c == colour => {}
                    None if empty.is_none() => empty = Some(cell),
                    _ => continue 'formation,
                }
            }
            if let Some(e) = empty {
                insert_sorted(&mut self.winning[colour as usize], e);
            }
        }
    }

    /// In debug builds, that the lists are what the engine says.
    fn debug_check(&self, pos: &SixPosition) {
        if cfg!(debug_assertions) {
            let open = pos.frontier();
            assert_eq!(self.open, open);
            for c in 0..2u8 {
                let wins: Vec<Axial> =
                    open.iter().copied().filter(|&a| pos.formation_through(a, c).is_some()).collect();
                assert_eq!(self.winning[c as usize], wins);
                let near: Vec<Axial> =
                    open.iter().copied().filter(|a| a.neighbours().iter().any(|n| pos.at(*n) == Some(c))).collect();
                assert_eq!(self.next_to[c as usize], near);
            }
        }
    }
}

/// A random round-one game from the start (placements next to one's own tokens
/// preferred, immediate wins declined; with `blocks`, a player puts a token on the
/// other's single winning cell, as a sensible player would). Every position `keep`
/// accepts (it is also given the game's [`RoundOneTable`]) is a candidate; the game
/// stops at a candidate half the time, and once `may_keep` says no later position can be
/// kept, and one of the candidates is returned.
fn pick_from_round_one_game<R: Rng>(
    rng: &mut R,
    blocks: bool,
    may_keep: impl Fn(&SixPosition) -> bool,
    mut keep: impl FnMut(&SixPosition, &RoundOneTable) -> bool,
) -> Option<SixPosition> {
    let mut pos = SixPosition::start();
    let mut candidates: Vec<SixPosition> = Vec::new();
    let mut table = RoundOneTable::start(&pos);
    // Reused from ply to ply.
    let (mut pool, mut near) = (Vec::new(), Vec::new());
    while pos.status() == Status::Ongoing && pos.round() == 1 && may_keep(&pos) {
        table.debug_check(&pos);
        let mover = pos.to_move();
        if keep(&pos, &table) {
            candidates.push(pos.clone());
            if chance(rng, 1, 2) {
                break;
            }
        }
        // The placements but the winning ones (declined), and those next to his tokens.
        let wins = &table.winning[mover as usize];
        pool.clear();
        if wins.is_empty() {
            pool.extend_from_slice(&table.open);
        } else {
            pool.extend(table.open.iter().copied().filter(|a| wins.binary_search(a).is_err()));
        }
        if pool.is_empty() {
            break;
        }
        let threat = &table.winning[1 - mover as usize];
        let a = if blocks && threat.len() == 1 && pool.contains(&threat[0]) {
            threat[0]
        } else {
            sorted_common(&pool, &table.next_to[mover as usize], &mut near);
            let pick = prefer(&near, &pool, rng);
            pick[below(rng, pick.len() as u32) as usize]
        };
        pos.play(Move::Place(a)).ok()?;
        table.placed(&pos, a, mover);
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
    prefer(&near, &pool, rng).to_vec()
}

/// Three times in four `near` (the moves next to the mover's own tokens), when there are
/// any; else `pool`.
fn prefer<'a, T, R: Rng>(near: &'a [T], pool: &'a [T], rng: &mut R) -> &'a [T] {
    if !near.is_empty() && chance(rng, 3, 4) {
        near
    } else {
        pool
    }
}
