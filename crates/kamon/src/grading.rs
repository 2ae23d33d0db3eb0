//! How a person solves a Kamon puzzle — the model that sets the grades (docs/grades.md, "How
//! grades are set"). A person looks at the legal cells next to his own pawns, and first
//! at those that join the most of his chains; every such cell that does not win must be
//! seen through. The glance solver of [`crate::game::glance`] checks these grades independently.

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

/// Win in two: each refuted first cell next to the mover's pawns is a decoy a person
/// tries and must see fail; and the key is looked at late when it stands apart from his
/// pawns — three steps more if it touches none of them, one if it touches only one.
pub fn win_in_two_steps(pos: &KamonPosition, key: u32, decoys: u32) -> u32 {
    let mine = pos.pawns(pos.to_move());
    let touching = (dilate(1u64 << key) & !(1u64 << key) & mine).count_ones();
    decoys
        + match touching {
            0 => 3,
            1 => 1,
            _ => 0,
        }
}

/// Defend: a person tries the cells that look like blocks first — those next to the
/// opponent's pawns — and must see each one fail; a failing cell that loses only to a
/// win in two must be seen a move deeper (one more); and the saving cell is looked at
/// late when it touches few of his pawns (three less the pawns it touches, at least
/// none). Found by measuring the glance solver against candidate features on 400
/// generated puzzles; its grade test runs on other seeds. `key` is the (first) saving
/// cell, `decoys` the failing cells that look like blocks, `lost_in_two` the failing
/// cells that lose only to a win in two.
pub fn defend_steps(pos: &KamonPosition, key: u32, decoys: u32, lost_in_two: u32) -> u32 {
    let his = pos.pawns(1 - pos.to_move());
    let touching = (dilate(1u64 << key) & !(1u64 << key) & his).count_ones();
    decoys + lost_in_two + 3u32.saturating_sub(touching)
}
