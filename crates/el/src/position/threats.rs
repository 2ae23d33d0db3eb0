//! Threat sets (RULES.md §3.5): the moves with which a player would win if it were his
//! turn, read off the placements one cell short.

use super::{ElPosition, Move};
use crate::shapes::CellMask;

impl ElPosition {
    /// The threat set T(B, X): every move with which `player` would win if it were his
    /// turn now (RULES.md §3.5), found by scanning the placements with one empty cell.
    /// Sorted by cell, then number.
    pub fn threats(&self, player: u8) -> Vec<Move> {
        self.threats_among(player, 0..self.rules.placements.len() as u32)
    }

    /// The threats of `player` among the placements through `cell` only: all of his
    /// threats when `cell` is the one cell written since a position where he had none (a
    /// threat's placement has one empty cell, so a placement without `cell` is as it was).
    /// Sorted by cell, then number.
    pub fn threats_through(&self, player: u8, cell: usize) -> Vec<Move> {
        self.threats_among(player, self.rules.through_cell[cell].iter().copied())
    }

    /// The threats of `player` among the placements with these indices.
    fn threats_among(&self, player: u8, placements: impl Iterator<Item = u32>) -> Vec<Move> {
        let mut out = Vec::new();
        let allowed = self.allowed_numbers(player);
        for (index, hole) in self.one_short(placements) {
            let Some((values, mut counts)) = self.placement_summary(index, 1) else { continue };
            counts[player as usize] += 1;
            if self.owner(&counts) == Some(player) {
                self.push_threats(values, hole, allowed, &mut out);
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether any player has a threat (see [`Self::threats`]): one pass over the board.
    pub fn anyone_threatens(&self) -> bool {
        let players = self.params().players;
        let allowed: [u16; 4] = std::array::from_fn(|q| self.allowed_numbers(q as u8));
        let mut found = Vec::new();
        for (index, hole) in self.one_short(0..self.rules.placements.len() as u32) {
            let Some((values, counts)) = self.placement_summary(index, 1) else { continue };
            for q in 0..players {
                let mut counts = counts;
                counts[q as usize] += 1;
                if self.owner(&counts) == Some(q) {
                    self.push_threats(values, hole, allowed[q as usize], &mut found);
                    if !found.is_empty() {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The placements among `placements` with exactly one empty cell: index and that cell.
    fn one_short<'a>(
        &'a self,
        placements: impl Iterator<Item = u32> + 'a,
    ) -> impl Iterator<Item = (u32, CellMask)> + 'a {
        let empty = self.empty();
        placements.filter_map(move |index| {
            let hole = self.rules.placements[index as usize] & empty;
            (hole != 0 && hole & (hole - 1) == 0).then_some((index, hole))
        })
    }

    /// The winning moves a placement with one empty cell `hole` and numbers `values` on
    /// its other cells offers its owner-to-be, who may write the numbers `allowed`.
    #[inline]
    fn push_threats(&self, values: u16, hole: CellMask, allowed: u16, out: &mut Vec<Move>) {
        for &set in &self.rules.target_sets {
            let missing = set & !values;
            if set & values == values && missing.count_ones() == 1 && allowed & missing != 0 {
                out.push(Move { cell: hole.trailing_zeros() as u8, number: missing.trailing_zeros() as u8 });
            }
        }
    }
}
