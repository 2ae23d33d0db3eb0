//! SIX through the glance solver's eyes ([`crate::game::glance`]): a cell catches the eye by the
//! longest straight run of the mover's tokens it would join, and by the tokens next to
//! it (the mover's own more than the opponent's). Raw counts only — no formation
//! templates; the engine judges every move tried.

use super::position::{Move, SixPosition, Status};
use crate::game::glance::{Glance, Look};
use crate::geom::hex::Axial;

/// The cell a move puts its token on.
fn destination(mv: Move) -> Axial {
    match mv {
        Move::Place(a) => a,
        Move::Relocate { to, .. } => to,
    }
}

impl Glance for SixPosition {
    type Move = Move;

    fn looks(&self) -> Vec<Look<Move>> {
        let mover = self.to_move();
        let weight = |a: Axial| match self.at(a) {
            Some(c) if c == mover => 1.0,
            Some(_) => 0.25,
            None => 0.0,
        };
        let mut looks: Vec<Look<Move>> = Vec::new();
        for mv in self.legal_moves() {
            let to = destination(mv);
            if let Some(look) = looks.iter_mut().find(|l| destination(l.moves[0]) == to) {
                look.moves.push(mv);
                continue;
            }
            let near = to.neighbours();
            let close: f64 = near.iter().map(|&n| weight(n)).sum();
            // The longest run of the mover's tokens the cell would join, along any of the
            // three directions.
            let run = |i: usize| {
                let step = |d: usize| {
                    let (dq, dr) = (near[d].q - to.q, near[d].r - to.r);
                    (1..6).take_while(|&k| self.at(Axial { q: to.q + k * dq, r: to.r + k * dr }) == Some(mover)).count()
                };
                step(i) + step(i + 3)
            };
            let longest = (0..3).map(run).max().unwrap_or(0) as f64;
            let far: f64 = near
                .iter()
                .flat_map(|n| n.neighbours())
                .filter(|f| *f != to && !near.contains(f))
                .collect::<std::collections::BTreeSet<Axial>>()
                .into_iter()
                .map(weight)
                .sum();
            looks.push(Look { salience: longest + close + far / 2.0, moves: vec![mv] });
        }
        looks
    }

    fn wins(&self, mv: Move) -> bool {
        matches!(Glance::after(self, mv).status(), Status::Won(w, _) if w == self.to_move())
    }

    fn ends(&self, mv: Move) -> bool {
        Glance::after(self, mv).status() != Status::Ongoing
    }

    fn after(&self, mv: Move) -> Self {
        let mut next = self.clone();
        next.play(mv).expect("the glance solver plays legal moves");
        next
    }

    fn passed(&self) -> Option<Self> {
        Some(SixPosition::from_tokens(self.tokens(), self.hands(), 1 - self.to_move(), 0))
    }

    fn can_win(&self) -> bool {
        !self.winning_moves().is_empty()
    }

    /// The mover's winning cells if he could place again at once (round one).
    fn threats(&self, mv: Move) -> usize {
        let next = Glance::after(self, mv);
        if next.hands()[self.to_move() as usize] == 0 {
            return 0;
        }
        SixPosition::from_tokens(next.tokens(), next.hands(), self.to_move(), 0).winning_moves().len()
    }

    fn blocks(&self, mv: Move, reply: Move) -> bool {
        let next = Glance::after(self, mv);
        let again = SixPosition::from_tokens(next.tokens(), next.hands(), self.to_move(), 0);
        again.winning_moves().iter().any(|&w| destination(w) == destination(reply))
    }
}
