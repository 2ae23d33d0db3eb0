//! The grade checks: the solve rates of the human-like solvers of [`crate::game::glance`]
//! on samples of puzzles of each grade, made by the generator of [`crate::game::generate`].
//! `tests/grades.rs` asserts that the rate falls strictly from easy to expert for every
//! task whose grades the model sets.

use crate::game::{Generator, Grade, PuzzleSpec};
use crate::game::{PositionOf, Task};
use crate::mine::{Budget, Search};

use crate::game::glance::{solve_rate, Glance, Kind, Person, Solver};

/// The mean solve rate of `solver` for each of `grades` on a fixed sample named
/// `sample` (it seeds the attempts): `per_grade` puzzles of each grade from seed
/// `grades-<grade>`, `attempts` attempts each. `correct` says whether an answer is right
/// for a puzzle's facts. Panics if a puzzle cannot be found (the sample is fixed, so this
/// is a bug, not bad luck).
#[allow(clippy::too_many_arguments)]
pub fn solve_rates_by_grade<T: Task>(
    solver: Solver,
    sample: &str,
    task: &T,
    kind: Kind,
    person: &Person,
    grades: &[Grade],
    per_grade: u32,
    attempts: u32,
    correct: impl Fn(&T::Facts, <PositionOf<T> as Glance>::Move) -> bool + Sync,
) -> Vec<f64>
where
    PositionOf<T>: Glance,
{
    // One thread per grade: each grade's sample is its own, so the figures do not
    // depend on the threads.
    let rate_of = |grade: Grade| {
        let budget = Budget::unlimited();
        let spec = PuzzleSpec { difficulty: Some(grade), ..PuzzleSpec::new(&format!("grades-{}", grade.word())) };
        let generator = Generator::new(task.clone(), spec);
        let mut total = 0.0;
        for n in 1..=per_grade {
            let Search::Found(p) = generator.search(n, &budget) else {
                panic!("puzzle {n} of the {} sample not found", grade.word())
            };
            let right = |m| correct(&p.facts, m);
            total += solve_rate(solver, &p.position, kind, person, right, sample, n as u64, attempts);
        }
        total / per_grade as f64
    };
    std::thread::scope(|scope| {
        let rate_of = &rate_of;
        let handles: Vec<_> = grades.iter().map(|&grade| scope.spawn(move || rate_of(grade))).collect();
        handles.into_iter().map(|h| h.join().expect("a grade's sample panicked")).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::glance::{attempt, attempt_rng};
    use crate::game::{Generator, PuzzleSpec};
    use crate::games::el::{ElParams, WinInOne};

    #[test]
    fn the_budget_decides_and_attempts_repeat_exactly() {
        let generator = Generator::new(WinInOne::new(ElParams::default()), PuzzleSpec::new("human"));
        for n in 1..=5 {
            let p = generator.puzzle(n).unwrap();
            let right = |m| p.facts.solutions.contains(&m);
            let blind = Person { looks: 0, reply_looks: 0, noise: 1.0 };
            assert_eq!(solve_rate(Solver::Glance, &p.position, Kind::WinInOne, &blind, right, "t", n as u64, 8), 0.0);
            // Looking everywhere finds the win whatever the noise.
            let patient = Person { looks: 36, reply_looks: 0, noise: 5.0 };
            assert_eq!(solve_rate(Solver::Glance, &p.position, Kind::WinInOne, &patient, right, "t", n as u64, 8), 1.0);
            // The same attempt gives the same answer; the noise differs between attempts.
            let person = Person { looks: 2, reply_looks: 0, noise: 1.0 };
            let again = |a| attempt(&p.position, Kind::WinInOne, &person, &mut attempt_rng("t", n as u64, a));
            assert_eq!(again(3), again(3));
        }
    }
}
