//! What writing on one empty cell would do, for every number at once: one pass over the
//! placements through the cell, kept so that a search trying several numbers there (or
//! several replies) does not scan the board again for each; and the [`Tally`] of every
//! placement that makes the pass cheap.

use super::position::{majority, ElPosition, Move, Status};
use super::shapes::{CellMask, ElRules};

/// The placements through an empty cell that one number there could finish or leave one
/// short, seen from the side to move (see [`CellProspect::new`]).
#[derive(Debug, Clone)]
pub struct CellProspect<'a> {
    rules: &'a ElRules,
    cell: u8,
    mover: u8,
    /// The cell is the last empty one: a move there fills the board.
    last_cell: bool,
    full_board: Status,
    /// The placements through the cell with at most one other empty cell: that cell
    /// ([`FINISHED`] when there is none: the cell would finish the placement), the
    /// numbers written, and the colour counts with the mover on the cell.
    near: Vec<(u8, u16, [u8; 4])>,
}

/// What every placement holds in one position — the numbers written, the cells each
/// player holds, how many are empty — kept up to date move by move, so that a search
/// reads a placement in one step instead of cell by cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    entries: Vec<Entry>,
}

/// In a [`CellProspect`], a placement the cell would finish (no other empty cell).
const FINISHED: u8 = u8::MAX;

/// One placement in a [`Tally`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    /// The numbers written (bit v = number v).
    values: u16,
    /// A number is written twice: the placement can never be an EL.
    repeats: bool,
    /// Empty cells.
    empty: u8,
    /// Cells held by each player.
    held: [u8; 4],
}

impl Tally {
    /// The tally of `pos`, read cell by cell.
    pub fn of(pos: &ElPosition) -> Tally {
        let entries = (0..pos.rules().placements.len() as u32)
            .map(|index| {
                let (values, repeats, empty, held) = pos.placement_reading(index);
                Entry { values, repeats, empty, held }
            })
            .collect();
        Tally { entries }
    }

    /// The tally after `player` writes `mv` (on an empty cell): how debug builds and the
    /// tests check that a tally brought forward move by move is the position's tally.
    #[cfg(any(test, debug_assertions))]
    fn with(&self, rules: &ElRules, mv: Move, player: u8) -> Tally {
        let mut next = self.clone();
        for &index in &rules.through_cell[mv.cell as usize] {
            let entry = &mut next.entries[index as usize];
            entry.add(mv.number, player);
            entry.empty -= 1;
        }
        next
    }
}

impl Entry {
    fn add(&mut self, number: u8, player: u8) {
        let bit = 1u16 << number;
        self.repeats |= self.values & bit != 0;
        self.values |= bit;
        self.held[player as usize] += 1;
    }
}

impl<'a> CellProspect<'a> {
    /// The prospect of the empty `cell` of `pos` for the side to move, where `tally` is
    /// the tally of an earlier position and `since` the moves played from it to `pos`
    /// (with their players): the placements through the cell are brought up to date as
    /// they are read, so a search need not copy the tally for every move it tries.
    pub fn new(pos: &'a ElPosition, tally: &Tally, since: &[(Move, u8)], cell: usize) -> Self {
        #[cfg(debug_assertions)]
        {
            let now = since.iter().fold(tally.clone(), |t, &(mv, player)| t.with(pos.rules(), mv, player));
            assert_eq!(now, Tally::of(pos), "a tally of another position");
        }
        let rules: &ElRules = pos.rules();
        let mover = pos.to_move();
        let empty = pos.empty() & !(1u128 << cell);
        let mut near = Vec::with_capacity(rules.through_cell[cell].len());
        for (mask, entry) in near_entries(rules, tally, since, cell) {
            let mut held = entry.held;
            held[mover as usize] += 1;
            let hole = if entry.empty == 1 { FINISHED } else { (mask & empty).trailing_zeros() as u8 };
            near.push((hole, entry.values, held));
        }
        let last_cell = empty == 0;
        let full_board = if last_cell { pos.full_board_outcome() } else { Status::Ongoing };
        CellProspect { rules, cell: cell as u8, mover, last_cell, full_board, near }
    }
}

/// The placements through `cell` with at most one other empty cell and no number
/// written twice, as masks with their entries brought up to date with `since` (see
/// [`CellProspect::new`]).
fn near_entries<'a>(
    rules: &'a ElRules,
    tally: &'a Tally,
    since: &'a [(Move, u8)],
    cell: usize,
) -> impl Iterator<Item = (u128, Entry)> + 'a {
    rules.through_cell[cell].iter().filter_map(move |&index| {
        let mask = rules.placements[index as usize];
        let mut entry = tally.entries[index as usize];
        for &(mv, player) in since {
            if mask >> mv.cell & 1 == 1 {
                entry.add(mv.number, player);
                entry.empty -= 1;
            }
        }
        (!entry.repeats && entry.empty <= 2).then_some((mask, entry))
    })
}

impl CellProspect<'_> {
    /// The outcome of writing `number` on the cell ([`ElPosition::status_after`]).
    pub fn outcome(&self, number: u8, pos: &ElPosition) -> Status {
        let bit = 1u16 << number;
        let players = self.rules.params.players;
        let owners = self
            .near
            .iter()
            .filter(|&&(hole, values, _)| {
                hole == FINISHED && values & bit == 0 && self.rules.target_sets.contains(&(values | bit))
            })
            .fold(0u8, |m, &(_, _, held)| majority(&held.map(u32::from), players).map_or(m, |o| m | 1 << o));
        match pos.winner_among(owners, self.mover) {
            Some(w) => Status::Won(w),
            None if self.last_cell => self.full_board,
            None => Status::Ongoing,
        }
    }

    /// The cells where `player` would threaten to win (through this cell) once `number`
    /// is written here, `allowed` being the numbers he may write then: all of his
    /// threatened cells, when he had no threat before (a threat's placement has one
    /// empty cell, so one without this cell is as it was).
    pub fn threat_cells(&self, number: u8, player: u8, allowed: u16) -> CellMask {
        let bit = 1u16 << number;
        let players = self.rules.params.players;
        let mut cells: CellMask = 0;
        for &(hole, values, held) in &self.near {
            if hole == FINISHED || values & bit != 0 || cells >> hole & 1 == 1 {
                continue;
            }
            let values = values | bit;
            let mut counts = held.map(u32::from);
            counts[player as usize] += 1;
            if majority(&counts, players) != Some(player) {
                continue;
            }
            let finishes = self.rules.target_sets.iter().any(|&set| {
                let missing = set & !values;
                set & values == values && missing.count_ones() == 1 && allowed & missing != 0
            });
            if finishes {
                cells |= 1 << hole;
            }
        }
        cells
    }

    /// The cell.
    pub fn cell(&self) -> u8 {
        self.cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::rules_for;
    use crate::seed::{below, SeedSource};
    use crate::ElParams;

    /// In random games of several variants, a prospect read from a tally two moves old
    /// says what the engine says: every number's outcome on every empty cell, and every
    /// player's threats through the cell after it.
    #[test]
    fn prospects_agree_with_the_engine() {
        let base = ElParams::default();
        let variants = [
            base.clone(),
            ElParams { players: 3, ..base.clone() },
            ElParams { balance: true, ..base.clone() },
            ElParams { size: 8, numbers: 8, length: 8, full_board_p2: true, ..base },
        ];
        for (v, params) in variants.into_iter().enumerate() {
            let rules = rules_for(&params);
            let source = SeedSource::new("test/el-prospect", "games");
            for game in 0..6 {
                let mut rng = source.stream(v as u64 * 100 + game);
                let mut history = vec![ElPosition::new(rules.clone())];
                let mut played: Vec<(Move, u8)> = Vec::new();
                while history.last().unwrap().status() == Status::Ongoing {
                    let pos = history.last().unwrap();
                    let back = played.len().min(2);
                    let tally = Tally::of(&history[history.len() - 1 - back]);
                    let since = &played[played.len() - back..];
                    for cell in (0..params.cells()).filter(|&c| pos.mark(c).is_none()) {
                        let prospect = CellProspect::new(pos, &tally, since, cell);
                        for number in 1..=params.numbers {
                            let mv = Move { cell: cell as u8, number };
                            if !pos.is_legal(mv) {
                                assert!(pos.check_legal(mv).is_err());
                                continue;
                            }
                            assert_eq!(prospect.outcome(number, pos), pos.status_after(mv), "{mv:?}");
                            let mut after = pos.clone();
                            if after.play(mv).unwrap() != Status::Ongoing {
                                continue;
                            }
                            for q in 0..params.players {
                                let allowed = pos.allowed_numbers_after(mv, q);
                                assert_eq!(allowed, after.allowed_numbers(q));
                                let engine = after.threats_through(q, cell).iter().fold(0, |m, t| m | 1u128 << t.cell);
                                assert_eq!(prospect.threat_cells(number, q, allowed), engine, "{mv:?}");
                            }
                        }
                    }
                    let moves = pos.legal_moves();
                    let mv = moves[below(&mut rng, moves.len() as u32) as usize];
                    let mut next = pos.clone();
                    played.push((mv, next.to_move()));
                    next.play(mv).unwrap();
                    assert_eq!(Tally::of(&next), tally_after(&history, &played), "tally after {mv:?}");
                    history.push(next);
                }
            }
        }
    }

    /// The tally of the last position, brought forward move by move from the first.
    fn tally_after(history: &[ElPosition], played: &[(Move, u8)]) -> Tally {
        let rules = history[0].rules();
        played.iter().fold(Tally::of(&history[0]), |t, &(mv, player)| t.with(rules, mv, player))
    }
}
