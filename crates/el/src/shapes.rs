//! The EL placements of a variant: every set of cells that counts as an EL, as bit masks,
//! with an index of the placements through each cell.

use super::params::{ElParams, Shape};
use crate::geom::square::orthogonal_neighbours;

/// A set of cells as a bit mask (bit i = cell index i).
pub type CellMask = u128;

/// The precomputed geometry of one variant. Build it once and share it (`Arc`).
#[derive(Debug)]
pub struct ElRules {
    /// The variant.
    pub params: ElParams,
    /// Every placement as a mask.
    pub placements: Vec<CellMask>,
    /// For each cell, the indices of the placements that contain it.
    pub through_cell: Vec<Vec<u32>>,
    /// For each cell, the placements that contain it, as masks (in `through_cell` order).
    pub through_masks: Vec<Vec<CellMask>>,
    /// When no cell lies in more than 64 placements: for each cell a and each cell c,
    /// bit j set when the j-th placement through a (in `through_cell` order) holds c —
    /// what finds the placements through a cell that avoid a set of cells in a few steps.
    pub through_holding: Option<Vec<u64>>,
    /// The cells of every placement, `length` per placement in placement order: what
    /// the engine walks to read a placement's numbers.
    pub placement_cells: Vec<u8>,
    /// The number sets (bit v = number v) that complete an EL.
    pub target_sets: Vec<u16>,
    /// Mask of every cell on the board.
    pub all_cells: CellMask,
}

impl ElRules {
    /// The placements through `cell` that hold none of the cells `avoid` (which must not
    /// hold `cell`), one of them at random, each equally likely: one draw of `rng`, none
    /// when there are none.
    pub fn pick_through<R: rand_core::Rng>(&self, cell: usize, avoid: CellMask, rng: &mut R) -> Option<CellMask> {
        debug_assert_eq!(avoid >> cell & 1, 0, "a placement through a cell holds it");
        let through = &self.through_masks[cell];
        let Some(holding) = &self.through_holding else {
            let count = through.iter().filter(|&&m| m & avoid == 0).count();
            if count == 0 {
                return None;
            }
            let at = crate::seed::below(rng, count as u32) as usize;
            return through.iter().copied().filter(|&m| m & avoid == 0).nth(at);
        };
        let row = &holding[cell * self.params.cells()..];
        let all = if through.len() == 64 { u64::MAX } else { (1u64 << through.len()) - 1 };
        let mut options = cells_of(avoid).fold(all, |options, c| options & !row[c]);
        let count = options.count_ones();
        if count == 0 {
            return None;
        }
        for _ in 0..crate::seed::below(rng, count) {
            options &= options - 1;
        }
        Some(through[options.trailing_zeros() as usize])
    }

    /// Enumerates the placements of a (validated) variant.
    pub fn new(params: ElParams) -> Self {
        let placements = match params.shape {
            Shape::LineOrL => line_or_l_placements(params.size, params.length),
            Shape::Any => connected_sets(params.size, params.length, false),
            Shape::Snake => connected_sets(params.size, params.length, true),
        };
        let mut through_cell = vec![Vec::new(); params.cells()];
        for (i, &mask) in placements.iter().enumerate() {
            for cell in cells_of(mask) {
                through_cell[cell].push(i as u32);
            }
        }
        let through_masks =
            through_cell.iter().map(|indices| indices.iter().map(|&i| placements[i as usize]).collect()).collect();
        let cells = params.cells();
        let through_holding = through_cell.iter().all(|through| through.len() <= 64).then(|| {
            let mut holding = vec![0u64; cells * cells];
            for (a, through) in through_cell.iter().enumerate() {
                for (j, &index) in through.iter().enumerate() {
                    for c in cells_of(placements[index as usize]) {
                        holding[a * cells + c] |= 1 << j;
                    }
                }
            }
            holding
        });
        let placement_cells: Vec<u8> = placements.iter().flat_map(|&mask| cells_of(mask).map(|c| c as u8)).collect();
        assert_eq!(placement_cells.len(), placements.len() * params.length as usize, "a placement of another length");
        let all_cells = if params.cells() == 128 { u128::MAX } else { (1u128 << params.cells()) - 1 };
        ElRules {
            target_sets: params.target_sets(),
            params,
            placements,
            through_cell,
            through_masks,
            through_holding,
            placement_cells,
            all_cells,
        }
    }
}

/// The cell indices in a mask, lowest first.
pub fn cells_of(mut mask: CellMask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(i)
        }
    })
}

/// Straight runs and Ls (one corner, two arms of at least one cell each).
fn line_or_l_placements(size: u8, length: u8) -> Vec<CellMask> {
    let n = size as i32;
    let k = length as i32;
    let bit = |c: i32, r: i32| 1u128 << (r * n + c);
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if c + k <= n {
                out.push((0..k).fold(0, |m, i| m | bit(c + i, r)));
            }
            if r + k <= n {
                out.push((0..k).fold(0, |m, i| m | bit(c, r + i)));
            }
            // An L with its corner at (c, r).
            for a in 1..k - 1 {
                let b = k - 1 - a;
                for dx in [-1, 1] {
                    for dy in [-1, 1] {
                        let (ex, ey) = (c + dx * a, r + dy * b);
                        if !(0..n).contains(&ex) || !(0..n).contains(&ey) {
                            continue;
                        }
                        let mut m = bit(c, r);
                        for i in 1..=a {
                            m |= bit(c + dx * i, r);
                        }
                        for j in 1..=b {
                            m |= bit(c, r + dy * j);
                        }
                        out.push(m);
                    }
                }
            }
        }
    }
    out
}

/// Every orthogonally connected set of `length` cells (ESU enumeration: each set once,
/// grown from its lowest cell). With `snake_only`, only induced paths are kept.
fn connected_sets(size: u8, length: u8, snake_only: bool) -> Vec<CellMask> {
    let cells = size as usize * size as usize;
    let neighbours: Vec<CellMask> =
        (0..cells).map(|i| orthogonal_neighbours(size, i).fold(0, |m, j| m | 1u128 << j)).collect();
    let mut out = Vec::new();
    for v in 0..cells {
        let above_v: CellMask = !((1u128 << v) | ((1u128 << v) - 1));
        let ext = neighbours[v] & above_v;
        extend(1u128 << v, neighbours[v] | 1u128 << v, ext, above_v, length as u32, &neighbours, &mut out);
    }
    if snake_only {
        out.retain(|&m| is_induced_path(m, &neighbours));
    }
    out
}

fn extend(
    sub: CellMask,
    closed_neighbourhood: CellMask,
    mut ext: CellMask,
    above_v: CellMask,
    k: u32,
    neighbours: &[CellMask],
    out: &mut Vec<CellMask>,
) {
    if sub.count_ones() == k {
        out.push(sub);
        return;
    }
    while ext != 0 {
        let w = ext.trailing_zeros() as usize;
        ext &= ext - 1;
        let exclusive = neighbours[w] & !closed_neighbourhood & above_v;
        extend(sub | 1u128 << w, closed_neighbourhood | neighbours[w], ext | exclusive, above_v, k, neighbours, out);
    }
}

/// A connected set is an induced path when every cell touches at most two others in the
/// set and exactly `len - 1` adjacent pairs exist (so it is a tree of maximum degree 2).
fn is_induced_path(mask: CellMask, neighbours: &[CellMask]) -> bool {
    let mut degree_sum = 0;
    for c in cells_of(mask) {
        let d = (neighbours[c] & mask).count_ones();
        if d > 2 {
            return false;
        }
        degree_sum += d;
    }
    degree_sum == 2 * (mask.count_ones() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(id: &str) -> usize {
        ElRules::new(ElParams::parse(id).unwrap()).placements.len()
    }

    #[test]
    fn placement_counts_match_rules_md() {
        assert_eq!(count("6x6"), 188);
        assert_eq!(count("7x7,n8,k6,consecutive"), 332);
        assert_eq!(count("8x8,p3"), 512);
        assert_eq!(count("8x8,n8"), 432);
    }

    #[test]
    fn placements_through_cells_on_6x6() {
        let rules = ElRules::new(ElParams::default());
        let row: Vec<usize> = (0..6).map(|c| rules.through_cell[c].len()).collect();
        assert_eq!(row, vec![14, 23, 27, 27, 23, 14]);
        let centre: Vec<usize> = (12..18).map(|c| rules.through_cell[c].len()).collect();
        assert_eq!(centre, vec![27, 41, 50, 50, 41, 27]);
        // Every placement is distinct and has six cells.
        let mut seen = rules.placements.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 188);
        assert!(rules.placements.iter().all(|m| m.count_ones() == 6));
    }

    #[test]
    fn four_player_shape_counts() {
        // RULES.md §3.6: 64,678 connected 8-cell sets on 8x8, 10,104 induced snakes.
        assert_eq!(count("8x8,n8,p4,any"), 64_678);
        assert_eq!(count("8x8,n8,p4,snake"), 10_104);
    }
}
