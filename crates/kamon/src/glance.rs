//! Kamon through the glance solver's eyes ([`crate::game::glance`]): a legal cell catches the
//! eye by the pawns around it, the mover's own counting double, and by touching the rim
//! next to his own pawns. Raw counts only; the engine judges every move tried. The
//! scanning solver sees his groups of pawns instead, by the sides they reach.

use super::position::{bits, geometry, KamonPosition, Status};
use crate::game::glance::{Formation, Glance, Look};
use crate::geom::hex::radius3::{dilate, flood, VALID};

/// Whether pawns `own` join two opposite sides or enclose a cell.
fn connects_or_rings(own: u64) -> bool {
    let sides = &geometry().sides;
    let joined = (0..3).any(|i| {
        let from = own & sides[i];
        from != 0 && flood(from, own) & sides[i + 3] != 0
    });
    let others = VALID & !own;
    joined || others & !flood(others & geometry().perimeter, others) != 0
}

impl Glance for KamonPosition {
    type Move = u32;

    fn looks(&self) -> Vec<Look<u32>> {
        let mine = self.pawns(self.to_move());
        let theirs = self.pawns(1 - self.to_move());
        bits(self.legal())
            .map(|b| {
                let around = dilate(1u64 << b) & !(1u64 << b);
                let own = (around & mine).count_ones() as f64;
                let rim = (geometry().perimeter >> b & 1 == 1 && own > 0.0) as u8 as f64;
                Look { salience: 2.0 * own + (around & theirs).count_ones() as f64 + rim, moves: vec![b] }
            })
            .collect()
    }

    /// For the scanning solver: each group of the mover's pawns, by the sides of the board
    /// it touches (two each: joining opposite sides wins) and its size; the spots are the
    /// legal cells next to it, those touching the most of it first.
    fn formations(&self) -> Vec<Formation<u32>> {
        let mut left = self.pawns(self.to_move());
        let legal = self.legal();
        let mut formations = Vec::new();
        while left != 0 {
            let group = flood(left & left.wrapping_neg(), left);
            left &= !group;
            let sides = geometry().sides.iter().filter(|&&side| side & group != 0).count() as f64;
            // The cells next to it, those touching the most of it first.
            let mut next: Vec<u32> = bits(dilate(group) & legal).collect();
            next.sort_by_key(|&c| std::cmp::Reverse((dilate(1u64 << c) & group).count_ones()));
            if !next.is_empty() {
                let progress = 2.0 * sides + 0.5 * group.count_ones() as f64;
                formations.push(Formation { progress, spots: next.into_iter().map(|c| vec![c]).collect() });
            }
        }
        formations
    }

    fn wins(&self, mv: u32) -> bool {
        matches!(self.after(mv).status(), Status::Won(w, _) if w == self.to_move())
    }

    fn ends(&self, mv: u32) -> bool {
        self.after(mv).status() != Status::Ongoing
    }

    fn after(&self, mv: u32) -> Self {
        KamonPosition::after(self, mv)
    }

    fn can_win(&self) -> bool {
        !self.winning_moves().is_empty()
    }

    /// Cells still holding a token where one more pawn would connect or ring, whatever
    /// the token taken next allows.
    fn threats(&self, mv: u32) -> usize {
        let own = self.pawns(self.to_move()) | 1u64 << mv;
        let open = self.available() & !(1u64 << mv);
        bits(open).filter(|&c| connects_or_rings(own | 1u64 << c)).count()
    }

    fn quiet_defences(&self) -> bool {
        false
    }

    /// He strikes if the cell wins, or leaves the defender (whose cells the token taken
    /// decides) only cells after which he wins: few enough to go through.
    fn strikes(&self, reply: u32) -> bool {
        if self.wins(reply) {
            return true;
        }
        let next = KamonPosition::after(self, reply);
        next.status() == Status::Ongoing
            && next.winning_moves().is_empty()
            && bits(next.legal()).all(|answer| {
                let then = KamonPosition::after(&next, answer);
                then.status() == Status::Ongoing && !then.winning_moves().is_empty()
            })
    }

    /// His turn pictured on the same board: the constraint stands (the legal cells are
    /// the same for both sides), only whose pawns count as own changes.
    fn passed(&self) -> Option<Self> {
        Some(KamonPosition::from_cells(&self.cells(), self.constraint(), 1 - self.to_move()))
    }

    fn blocks(&self, mv: u32, reply: u32) -> bool {
        let own = self.pawns(self.to_move()) | 1u64 << mv;
        connects_or_rings(own | 1u64 << reply)
    }
}
