//! The EL win-in-one generator. It builds the winning EL on purpose (a placement with
//! one hole, the mover holding the colour majority), scatters further numbers at random
//! with move counts that alternate correctly, and keeps the position only if the fast
//! threat scan finds the intended answer. `verify` then re-checks every candidate the
//! slow, exhaustive way before anything is printed.

use std::sync::Arc;

use rand_core::Rng;

use super::params::ElParams;
use super::position::{ElPosition, Mark, Status};
use super::shapes::{cells_of, ElRules};
use crate::seed::{below, between, shuffle};

/// Writes `number` on `cell` for `player`, from his quota of numbers still to write;
/// `None` when that quota is spent.
fn write_from_quota(
    marks: &mut [Option<Mark>],
    quota: &mut [usize],
    cell: usize,
    number: u8,
    player: usize,
) -> Option<()> {
    quota[player] = quota[player].checked_sub(1)?;
    marks[cell] = Some(Mark { number, player: player as u8 });
    Some(())
}

/// One generation attempt: a candidate win-in-one position, or `None` if this attempt
/// did not produce one. With `unique`, only positions whose threat scan finds exactly one
/// winning move are returned.
pub fn attempt_win_in_one<R: Rng>(rules: &Arc<ElRules>, unique: bool, rng: &mut R) -> Option<ElPosition> {
    let p: &ElParams = &rules.params;
    let cells = p.cells();
    let k = p.length as usize;
    let players = p.players as usize;

    // How full the board is decides whose turn it is (Red moves first).
    let lo = (k + 2).min(cells - 1) as u32;
    let hi = ((cells * 3) / 5).max(lo as usize + 1).min(cells - 2) as u32;
    let total = between(rng, lo, hi) as usize;
    let mover = total % players;
    let mut quota: [usize; 4] = [0; 4];
    for (q, slot) in quota.iter_mut().enumerate().take(players) {
        *slot = (total + players - 1 - q) / players;
    }

    let mut marks: Vec<Option<Mark>> = vec![None; cells];

    // The winning EL: a placement, a hole, the numbers of one target set.
    let placement = rules.placements[below(rng, rules.placements.len() as u32) as usize];
    let mut el_cells: Vec<usize> = cells_of(placement).collect();
    shuffle(rng, &mut el_cells);
    let hole = el_cells[0];
    let set = rules.target_sets[below(rng, rules.target_sets.len() as u32) as usize];
    let mut values: Vec<u8> = (1..=p.numbers).filter(|v| set >> v & 1 == 1).collect();
    shuffle(rng, &mut values);
    // The mover needs a strict majority with the hole: at least k/2 of the other cells.
    let most = (k - 1).min(quota[mover]);
    if most < k / 2 {
        return None;
    }
    let mover_cells = between(rng, (k / 2) as u32, most as u32) as usize;
    for (i, &c) in el_cells.iter().enumerate().skip(1) {
        let player = if i <= mover_cells {
            mover
        } else {
            let others: Vec<usize> = (0..players).filter(|&q| q != mover && quota[q] > 0).collect();
            if others.is_empty() {
                return None;
            }
            others[below(rng, others.len() as u32) as usize]
        };
        write_from_quota(&mut marks, &mut quota, c, values[i], player)?;
    }

    // Everything else at random, keeping the hole empty.
    let mut free: Vec<usize> = (0..cells).filter(|&c| marks[c].is_none() && c != hole).collect();
    shuffle(rng, &mut free);
    let mut writers: Vec<u8> = Vec::with_capacity(total);
    for (q, &n) in quota.iter().enumerate().take(players) {
        writers.extend(std::iter::repeat_n(q as u8, n));
    }
    if writers.len() > free.len() {
        return None;
    }
    for (&c, &player) in free.iter().zip(&writers) {
        let number = 1 + below(rng, p.numbers as u32) as u8;
        marks[c] = Some(Mark { number, player });
    }

    let pos = ElPosition::from_marks(rules.clone(), &marks, mover as u8).ok()?;
    if pos.status() != Status::Ongoing {
        return None;
    }
    let threats = pos.threats(mover as u8);
    let intended = threats.iter().any(|m| m.cell as usize == hole);
    if !intended || (unique && threats.len() != 1) {
        return None;
    }
    Some(pos)
}

/// One win-in-two attempt (two players): a key cell shared by two placements, each
/// missing the key cell and one more; the key move's number belongs to both target
/// sets, so writing it leaves two threats on two cells. The rest of the board is
/// scattered at random. Returns a candidate only if the fast scans agree: the mover has
/// no threat now, the opponent has none after the key move, and the key move makes
/// threats on at least two cells. `verify::check_win_in_two` decides the rest.
pub fn attempt_win_in_two<R: Rng>(rules: &Arc<ElRules>, rng: &mut R) -> Option<ElPosition> {
    let p: &ElParams = &rules.params;
    let (k, cells) = (p.length as usize, p.cells());
    let lo = (k + 2).min(cells - 4);
    let (mover, mut quota, mut marks) = two_player_board(p, lo, (cells * 2 / 5).max(lo + 1).min(cells - 3), rng)?;

    let first = rules.placements[below(rng, rules.placements.len() as u32) as usize];
    let first_cells: Vec<usize> = cells_of(first).collect();
    let key = first_cells[below(rng, k as u32) as usize];
    let through = &rules.through_cell[key];
    let second = rules.placements[through[below(rng, through.len() as u32) as usize] as usize];
    if first & second != 1u128 << key {
        return None;
    }
    let (set_a, set_b, key_number) = fork_sets(rules, rng)?;
    let mut holes = Vec::new();
    for (placement, set) in [(first, set_a), (second, set_b)] {
        let mut own: Vec<usize> = cells_of(placement & !(1u128 << key)).collect();
        shuffle(rng, &mut own);
        holes.push(own[0]);
        fill_fork_placement(rules, &mut marks, &mut quota, mover, &own, (set, key_number), rng)?;
    }

    let keep_empty = holes.iter().fold(1u128 << key, |m, &h| m | 1u128 << h);
    scatter(&mut marks, quota, keep_empty, p.numbers, rng)?;

    let pos = ElPosition::from_marks(rules.clone(), &marks, mover as u8).ok()?;
    if pos.status() != Status::Ongoing || !pos.threats(mover as u8).is_empty() {
        return None;
    }
    let key_move = super::position::Move { cell: key as u8, number: key_number };
    if forking_moves(&pos, mover as u8) != [key_move] {
        return None;
    }
    let mut after = pos.clone();
    if after.play(key_move).ok()? != Status::Ongoing {
        return None;
    }
    let threats = after.threats(mover as u8);
    let two_cells = threats.windows(2).any(|w| w[0].cell != w[1].cell);
    if !two_cells || !after.threats(1 - mover as u8).is_empty() {
        return None;
    }
    Some(pos)
}

/// The start of a two-player attempt: how many numbers the board will hold, drawn
/// from `lo` to `hi` (Red writes first, so the count says whose turn it is), each
/// player's share of them and an empty board. `None` for other player counts.
fn two_player_board<R: Rng>(
    p: &ElParams,
    lo: usize,
    hi: usize,
    rng: &mut R,
) -> Option<(usize, [usize; 2], Vec<Option<Mark>>)> {
    if p.players != 2 {
        return None;
    }
    let total = between(rng, lo as u32, hi as u32) as usize;
    Some((total % 2, [total.div_ceil(2), total / 2], vec![None; p.cells()]))
}

/// Writes the numbers still owed by each player (`quota`, in move counts) on random
/// empty cells outside `keep_empty`, each a random number from 1 to `numbers`. `None`
/// when there are not enough cells.
fn scatter<R: Rng>(
    marks: &mut [Option<Mark>],
    quota: [usize; 2],
    keep_empty: u128,
    numbers: u8,
    rng: &mut R,
) -> Option<()> {
    let mut free: Vec<usize> = (0..marks.len()).filter(|&c| marks[c].is_none() && keep_empty >> c & 1 == 0).collect();
    shuffle(rng, &mut free);
    let mut writers: Vec<u8> = Vec::with_capacity(quota[0] + quota[1]);
    for (q, &n) in quota.iter().enumerate() {
        writers.extend(std::iter::repeat_n(q as u8, n));
    }
    if writers.len() > free.len() {
        return None;
    }
    shuffle(rng, &mut writers);
    for (&c, &player) in free.iter().zip(&writers) {
        let number = 1 + below(rng, numbers as u32) as u8;
        marks[c] = Some(Mark { number, player });
    }
    Some(())
}

/// The generator's own fast scan for forks: the moves of `player` that would leave
/// threats on two different cells, found from the placements with exactly two empty
/// cells that `player` would own once both are his. (Sorted; the verifier does not use it.)
pub fn forking_moves(pos: &ElPosition, player: u8) -> Vec<super::position::Move> {
    let rules = pos.rules();
    let empty = pos.empty();
    let k = rules.params.length as u32;
    let mine = pos.cells_of_player(player);
    // (cell, number, threatened cells) for every move that makes at least one threat.
    let mut made: Vec<(u8, u8, u128)> = Vec::new();
    for &mask in &rules.placements {
        let holes = mask & empty;
        // Exactly two empty cells (without counting bits: the lowest taken off leaves one).
        let rest = holes & holes.wrapping_sub(1);
        if rest == 0 || rest & (rest - 1) != 0 || 2 * ((mask & mine).count_ones() + 2) <= k {
            continue;
        }
        let mut values = 0u16;
        let mut distinct = true;
        for c in cells_of(mask & !holes) {
            let b = 1u16 << pos.mark(c).map_or(0, |m| m.number);
            distinct &= values & b == 0;
            values |= b;
        }
        if !distinct {
            continue;
        }
        let a = holes.trailing_zeros() as u8;
        let b = (127 - holes.leading_zeros()) as u8;
        for &set in &rules.target_sets {
            let missing = set & !values;
            if set & values != values || missing.count_ones() != 2 {
                continue;
            }
            let x = missing.trailing_zeros() as u8;
            let y = 15 - missing.leading_zeros() as u8;
            for (cell, number, other) in [(a, x, b), (a, y, b), (b, x, a), (b, y, a)] {
                match made.iter_mut().find(|m| m.0 == cell && m.1 == number) {
                    Some(m) => m.2 |= 1u128 << other,
                    None => made.push((cell, number, 1u128 << other)),
                }
            }
        }
    }
    let mut forks: Vec<super::position::Move> = made
        .into_iter()
        .filter(|m| m.2.count_ones() >= 2)
        .map(|m| super::position::Move { cell: m.0, number: m.1 })
        .collect();
    forks.sort_unstable();
    forks
}

/// Where a planted fork is anchored: on its key cell, or with the given cell as the hole
/// of its first placement (the key then lies elsewhere in that placement).
#[derive(Debug, Clone, Copy)]
enum Anchor {
    Key(usize),
    Hole(usize),
}

/// Plants a fork for `attacker` into `marks`: two placements meeting only at a key cell,
/// each with a target set's numbers but the key number written on all its cells except
/// the key and one hole, the attacker holding the majority once key and hole are his —
/// so writing the key number on the key threatens both holes. Only cells outside
/// `blocked` (the cells written so far and those reserved) are written. Returns the key,
/// the two holes and the cells written, or `None` when the drawn shapes do not fit.
fn plant_fork<R: Rng>(
    rules: &ElRules,
    marks: &mut [Option<Mark>],
    quota: &mut [usize; 2],
    attacker: usize,
    anchor: Anchor,
    blocked: u128,
    rng: &mut R,
) -> Option<(usize, [usize; 2], u128)> {
    debug_assert!(marks.iter().enumerate().all(|(c, m)| m.is_none() || blocked >> c & 1 == 1));
    let (first, key, forced_hole) = match anchor {
        Anchor::Key(key) => {
            let first = rules.pick_through(key, blocked & !(1u128 << key), rng)?;
            (first, key, None)
        }
        Anchor::Hole(hole) => {
            let first = rules.pick_through(hole, blocked & !(1u128 << hole), rng)?;
            let others = Few::of(cells_of(first & !(1u128 << hole)));
            (first, others[below(rng, others.len() as u32) as usize], Some(hole))
        }
    };
    // The second placement meets the first only at the key.
    let second = rules.pick_through(key, (first | blocked) & !(1u128 << key), rng)?;

    let (set_a, set_b, key_number) = fork_sets(rules, rng)?;
    let mut holes = [0usize; 2];
    for (i, (placement, set)) in [(first, set_a), (second, set_b)].into_iter().enumerate() {
        let mut own = Few::of(cells_of(placement & !(1u128 << key)));
        shuffle(rng, &mut own);
        if let (0, Some(hole)) = (i, forced_hole) {
            let at = own.iter().position(|&c| c == hole)?;
            own.swap(0, at);
        }
        holes[i] = own[0];
        fill_fork_placement(rules, marks, quota, attacker, &own, (set, key_number), rng)?;
    }
    let written = (first | second) & !(1u128 << key | 1u128 << holes[0] | 1u128 << holes[1]);
    Some((key, holes, written))
}

/// At most nine items, kept on the stack: a placement has at most nine cells and a
/// variant at most nine numbers (`ElParams` checks both).
#[derive(Debug, Clone, Copy)]
struct Few<T> {
    items: [T; 9],
    len: usize,
}

impl<T: Copy + Default> Few<T> {
    /// The items of `items`, which yields at most nine.
    fn of(items: impl Iterator<Item = T>) -> Self {
        let mut few = Few { items: [T::default(); 9], len: 0 };
        for item in items {
            few.items[few.len] = item;
            few.len += 1;
        }
        few
    }
}

impl<T> std::ops::Deref for Few<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

impl<T> std::ops::DerefMut for Few<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len]
    }
}

/// Two target sets drawn at random and a number in both: the key number of a fork whose
/// two placements take one set each. `None` when the sets share no number.
fn fork_sets<R: Rng>(rules: &ElRules, rng: &mut R) -> Option<(u16, u16, u8)> {
    let sets = &rules.target_sets;
    let set_a = sets[below(rng, sets.len() as u32) as usize];
    let set_b = sets[below(rng, sets.len() as u32) as usize];
    let shared = Few::of((1..=rules.params.numbers).filter(|v| (set_a & set_b) >> v & 1 == 1));
    if shared.is_empty() {
        return None;
    }
    Some((set_a, set_b, shared[below(rng, shared.len() as u32) as usize]))
}

/// Writes one placement of a fork for `owner`: `own` are its cells but the key, the hole
/// first (left empty); the others get the numbers of the target set but the key number
/// (`fork`: the set and the key number) in random order, and random owners with `owner`
/// holding a strict majority once the key and the hole are his. `None` when the move
/// counts left in `quota` do not allow it.
fn fill_fork_placement<R: Rng>(
    rules: &ElRules,
    marks: &mut [Option<Mark>],
    quota: &mut [usize; 2],
    owner: usize,
    own: &[usize],
    (set, key_number): (u16, u8),
    rng: &mut R,
) -> Option<()> {
    let k = rules.params.length as usize;
    let mut values = Few::of((1..=rules.params.numbers).filter(|&v| set >> v & 1 == 1 && v != key_number));
    shuffle(rng, &mut values);
    let need = (k / 2 + 1).saturating_sub(2);
    let most = (k - 2).min(quota[owner]);
    if most < need {
        return None;
    }
    let his = between(rng, need as u32, most as u32) as usize;
    for (i, &c) in own.iter().enumerate().skip(1) {
        let player = if i <= his { owner } else { 1 - owner };
        write_from_quota(marks, quota, c, values[i], player)?;
    }
    Some(())
}

/// One defend attempt (two players): two forks planted for the opponent of the side to
/// move that share one cell — the key of both, or a hole of both, or the key of one and
/// a hole of the other — so that one cell may stop both; the rest of the board is
/// scattered at random. Returns a candidate only if the fast scans agree that neither
/// side can win at once and the opponent has a fork; `defend::check_defend` decides
/// the rest.
pub fn attempt_defend<R: Rng>(rules: &Arc<ElRules>, rng: &mut R) -> Option<ElPosition> {
    let p: &ElParams = &rules.params;
    let (k, cells) = (p.length as usize, p.cells());
    let lo = (4 * (k - 2) + 2).min(cells - 6);
    let (mover, mut quota, mut marks) = two_player_board(p, lo, (cells * 2 / 3).max(lo + 1).min(cells - 4), rng)?;
    let attacker = 1 - mover;

    let key = below(rng, cells as u32) as usize;
    let (key, holes, written) = plant_fork(rules, &mut marks, &mut quota, attacker, Anchor::Key(key), 0, rng)?;
    let shape = [key, holes[0], holes[1]];
    let reserved = shape.iter().fold(0u128, |m, &c| m | 1u128 << c);
    let shared = shape[below(rng, 3) as usize];
    let anchor = if below(rng, 4) == 0 { Anchor::Key(shared) } else { Anchor::Hole(shared) };
    let (key2, holes2, _) =
        plant_fork(rules, &mut marks, &mut quota, attacker, anchor, written | reserved & !(1u128 << shared), rng)?;
    let reserved = [key2, holes2[0], holes2[1]].iter().fold(reserved, |m, &c| m | 1u128 << c);

    scatter(&mut marks, quota, reserved, p.numbers, rng)?;

    let pos = ElPosition::from_marks(rules.clone(), &marks, mover as u8).ok()?;
    let ok =
        pos.status() == Status::Ongoing && !pos.anyone_threatens() && !forking_moves(&pos, attacker as u8).is_empty();
    ok.then_some(pos)
}
