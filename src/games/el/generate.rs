//! The EL win-in-one generator. It builds the winning EL on purpose (a placement with
//! one hole, the mover holding the colour majority), scatters further numbers at random
//! with move counts that alternate correctly, and keeps the position only if the fast
//! threat scan finds the intended answer. `verify` then re-checks every candidate the
//! slow, exhaustive way before anything is printed.

use std::sync::Arc;

use rand_core::Rng;

use super::params::ElParams;
use super::position::{ElPosition, Mark, Outcome};
use super::shapes::{cells_of, ElRules};
use crate::seed::{below, between, shuffle};

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
        if quota[player] == 0 {
            return None;
        }
        quota[player] -= 1;
        marks[c] = Some(Mark { number: values[i], player: player as u8 });
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
    if pos.status() != Outcome::Continue {
        return None;
    }
    let threats = pos.threats(mover as u8);
    let intended = threats.iter().any(|m| m.cell as usize == hole);
    if !intended || (unique && threats.len() != 1) {
        return None;
    }
    Some(pos)
}
