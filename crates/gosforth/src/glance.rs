//! Gosforth through the glance solver's eyes ([`crate::game::glance`]). Every legal move is a
//! look (there are at most five); the difficulty is in the reckoning. The solver counts
//! a move's points line by line through the gap, and overlooks a line now and then:
//! a row or column one time in ten, a long diagonal one time in four, a short diagonal
//! (four cells) one time in three; points a slide hands the opponent are overlooked one
//! time in four. The engine's scoring is used line by line; nothing of the checker or
//! the grading model.

use rand_chacha::ChaCha8Rng;

use super::position::{line_value, lines, GosforthPosition, Move, Status};
use crate::game::glance::{Glance, Look};
use crate::seed::chance;

/// How often (per cent) a line of this length and direction is seen.
fn seen_per_cent(line: &[u8]) -> u32 {
    let straight = line.windows(2).all(|w| w[1] - w[0] == 1) || line.windows(2).all(|w| w[1] - w[0] == 5);
    match (straight, line.len()) {
        (true, _) => 90,
        (false, 5) => 75,
        _ => 67,
    }
}

impl Glance for GosforthPosition {
    type Move = Move;

    fn looks(&self) -> Vec<Look<Move>> {
        let mover = self.to_move() + 1;
        self.legal_moves()
            .into_iter()
            .map(|m| {
                let own = match m {
                    Move::Slide(from) => (self.cell(from as usize) == mover) as u8 as f64,
                    _ => 1.0,
                };
                Look { salience: own, moves: vec![m] }
            })
            .collect()
    }

    fn wins(&self, mv: Move) -> bool {
        self.after(mv).0.status() == Status::Won(self.to_move())
    }

    fn ends(&self, mv: Move) -> bool {
        self.after(mv).0.status() != Status::Ongoing
    }

    fn after(&self, mv: Move) -> Self {
        GosforthPosition::after(self, mv).0
    }

    fn can_win(&self) -> bool {
        self.legal_moves().into_iter().any(|m| Glance::wins(self, m))
    }

    fn threats(&self, _mv: Move) -> usize {
        0
    }

    fn blocks(&self, _mv: Move, _reply: Move) -> bool {
        false
    }

    fn value(&self, mv: Move, rng: &mut ChaCha8Rng) -> i32 {
        let before = *self.cells();
        let gap = self.gap().expect("the movement stage has a gap");
        let (after, owner) = match mv {
            Move::Slide(from) => {
                let mut after = before;
                after[gap as usize] = before[from as usize];
                after[from as usize] = 0;
                (after, before[from as usize] - 1)
            }
            Move::Claim => {
                let mut after = before;
                after[gap as usize] = 2;
                (after, 1)
            }
            Move::Place(_) => return 0,
        };
        let mut points = 0i32;
        for line in lines().iter().filter(|l| l.contains(&gap)) {
            let gained = line_value(&after, line, owner) as i32 - line_value(&before, line, owner) as i32;
            if gained > 0 && chance(rng, seen_per_cent(line), 100) {
                points += gained;
            }
        }
        if owner == self.to_move() {
            points
        } else if chance(rng, 3, 4) {
            -points
        } else {
            0
        }
    }
}
