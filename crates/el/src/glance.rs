//! EL through the glance solver's eyes ([`crate::game::glance`]): a cell catches the eye by how
//! full the lines and Ls through it are, the mover's own numbers counting more. Raw
//! counts only — no number logic, no ownership rule: the engine judges every move tried.
//! And through the scanning solver's: the lines and Ls themselves, nearest done first.

use super::position::{distinct_cells, ElPosition, Move, Status};
use super::verify::winning_move;
use crate::game::glance::{Formation, Glance, Look};

impl Glance for ElPosition {
    type Move = Move;

    fn looks(&self) -> Vec<Look<Move>> {
        let rules = self.rules().clone();
        let mover = self.to_move();
        let mine = self.cells_of_player(mover);
        let filled = self.filled();
        let mut looks: Vec<Look<Move>> = Vec::new();
        for mv in self.legal_moves() {
            if let Some(look) = looks.last_mut().filter(|l| l.moves[0].cell == mv.cell) {
                look.moves.push(mv);
                continue;
            }
            let cell = mv.cell as usize;
            let (best, second) = rules.through_cell[cell]
                .iter()
                .map(|&pi| {
                    let others = rules.placements[pi as usize] & !(1u128 << cell);
                    let seen = (others & filled).count_ones() as f64 + 0.5 * (others & mine).count_ones() as f64;
                    seen * seen
                })
                .fold((0.0, 0.0), |(a, b), x: f64| if x > a { (x, a) } else { (a, b.max(x)) });
            looks.push(Look { salience: (best + second / 2.0) / rules.params.length as f64, moves: vec![mv] });
        }
        looks
    }

    /// For the scanning solver: the lines and Ls with one or two empty cells and no
    /// number written twice (a person reading a line sees that one is dead), by how many
    /// of their numbers are written, the mover's counting half again; the spots are their
    /// empty cells.
    fn formations(&self) -> Vec<Formation<Move>> {
        let rules = self.rules();
        let mine = self.cells_of_player(self.to_move());
        let empty = self.empty();
        let legal = self.legal_moves();
        let mut formations = Vec::new();
        for &placement in &rules.placements {
            let holes = placement & empty;
            if holes == 0 || holes.count_ones() > 2 {
                continue;
            }
            let written = placement & !holes;
            let mut numbers = 0u16;
            let mut repeated = false;
            for c in super::shapes::cells_of(written) {
                let bit = 1u16 << self.mark(c).map_or(0, |m| m.number);
                repeated |= numbers & bit != 0;
                numbers |= bit;
            }
            if repeated {
                continue;
            }
            let progress = written.count_ones() as f64 + 0.5 * (written & mine).count_ones() as f64;
            let spots = super::shapes::cells_of(holes)
                .map(|cell| legal.iter().copied().filter(|m| m.cell as usize == cell).collect())
                .collect();
            formations.push(Formation { progress, spots });
        }
        formations
    }

    fn wins(&self, mv: Move) -> bool {
        self.status_after(mv) == Status::Won(self.to_move())
    }

    fn ends(&self, mv: Move) -> bool {
        self.status_after(mv) != Status::Ongoing
    }

    fn after(&self, mv: Move) -> Self {
        let mut next = self.clone();
        next.play(mv).expect("the glance solver plays legal moves");
        next
    }

    fn passed(&self) -> Option<Self> {
        let marks: Vec<_> = (0..self.params().cells()).map(|c| self.mark(c)).collect();
        Some(ElPosition::from_marks_unchecked(self.rules().clone(), &marks, 1 - self.to_move()))
    }

    fn can_win(&self) -> bool {
        winning_move(self).is_some()
    }

    fn blocks(&self, mv: Move, reply: Move) -> bool {
        self.after(mv).threats(self.to_move()).iter().any(|t| t.cell == reply.cell)
    }

    fn threats(&self, mv: Move) -> usize {
        distinct_cells(&self.after(mv).threats(self.to_move())).len()
    }
}
