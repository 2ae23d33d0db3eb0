//! How a person solves a Kamon win-in-one — the model that sets the grades (README, "How
//! grades are set"). A person looks at the legal cells next to his own pawns, and first
//! at those that join the most of his chains; every such cell that does not win must be
//! seen through. The glance solver of [`crate::human`] checks these grades independently.

use super::position::{bits, KamonPosition};
use crate::geom::hex::radius3::{dilate, flood};

/// How many separate chains of the mover's pawns the cell touches.
fn chains_touched(pos: &KamonPosition, bit: u32) -> u32 {
    let mine = pos.pawns(pos.to_move());
    let mut around = dilate(1u64 << bit) & mine;
    let mut chains = 0;
    while around != 0 {
        let chain = flood(around & around.wrapping_neg(), mine);
        around &= !chain;
        chains += 1;
    }
    chains
}

/// Win in one: each legal cell that does not win weighs by how promising it looks next
/// to the answer — 0 if it touches none of the mover's pawns, 1 if it touches fewer of
/// his chains than the answer, 2 as many, 3 more — and the rivals are the sum.
pub fn win_in_one_rivals(pos: &KamonPosition, winning: &[u32]) -> u32 {
    let answer = winning.iter().map(|&b| chains_touched(pos, b)).max().unwrap_or(0);
    bits(pos.legal())
        .filter(|b| !winning.contains(b))
        .map(|b| match chains_touched(pos, b) {
            0 => 0,
            c if c < answer => 1,
            c if c == answer => 2,
            _ => 3,
        })
        .sum()
}
