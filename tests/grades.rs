//! The grades mean something, checked by a second solver. The grading model (each game's
//! `grading.rs`) counts what a person must see through; the glance solver of
//! `boardpress::grade_rates` — seeded, a fixed budget of looks, its own eyes, the engine to
//! judge — tries every puzzle eight times. On fixed seeds, 100 puzzles per grade, its
//! solve rate must fall strictly from easy to expert, with easy at least 80% and expert
//! at most 35%. `--nocapture` prints the table (it is in docs/grades.md).
//!
//! The checks run optimised only (`cargo test --release --test grades`, as tests/run.sh
//! does): in a debug build they take minutes, and an optimised run checks the same.

use boardpress::game::glance::{Glance, Kind, Person, Solver};
use boardpress::game::Grade;
use boardpress::game::{PositionOf, Task};
use boardpress::games::el::ElParams;
use boardpress::games::{el, gosforth, kamon, six};
use boardpress::grade_rates::solve_rates_by_grade;

/// Attempts per puzzle, each with its own noise.
const ATTEMPTS: u32 = 8;

/// Puzzles per grade.
const PER_GRADE: u32 = 100;

/// Measures the solve rate per grade and fails unless it falls strictly from easy to
/// expert, with easy at least 80% and expert at most 35%; prints its row of docs/grades.md.
fn grades_hold<T: Task>(
    name: &str,
    task: &T,
    kind: Kind,
    person: Person,
    correct: impl Fn(&T::Facts, <PositionOf<T> as Glance>::Move) -> bool + Sync,
) where
    PositionOf<T>: Glance,
{
    grades_up_to(name, task, kind, person, &Grade::ALL, correct);
}

/// As [`grades_hold`] for a task that offers only the first `grades` (expert's ceiling
/// is checked only when expert is among them).
fn grades_up_to<T: Task>(
    name: &str,
    task: &T,
    kind: Kind,
    person: Person,
    grades: &[Grade],
    correct: impl Fn(&T::Facts, <PositionOf<T> as Glance>::Move) -> bool + Sync,
) where
    PositionOf<T>: Glance,
{
    let rates = solve_rates_by_grade(Solver::Glance, name, task, kind, &person, grades, PER_GRADE, ATTEMPTS, correct);
    let cells: Vec<String> = rates.iter().map(|r| format!("{:5.1}%", 100.0 * r)).collect();
    println!("| {name} | {} |", cells.join(" | "));
    assert!(rates[0] >= 0.80, "{name}: easy solved {:.1}% of the time (want at least 80%)", 100.0 * rates[0]);
    if grades.contains(&Grade::Expert) {
        assert!(rates[3] <= 0.35, "{name}: expert solved {:.1}% of the time (want at most 35%)", 100.0 * rates[3]);
    }
    assert!(rates.windows(2).all(|w| w[0] > w[1]), "{name}: solve rates {rates:?} do not fall strictly");
}

/// A person looking for a win in one: three looks.
const THREE_LOOKS: Person = Person { looks: 3, reply_looks: 0, noise: 1.0 };

/// A person looking for a win in two: eight looks in all, three per refutation hunt.
const WIN_IN_TWO: Person = Person { looks: 8, reply_looks: 3, noise: 1.0 };

/// A defender: twenty looks in all, six of the opponent's spots searched per try.
const DEFENDER: Person = Person { looks: 20, reply_looks: 6, noise: 1.0 };

/// Puzzles per grade when both solvers check a task.
const PER_GRADE_BOTH: u32 = 300;

/// Both models of a person at a win-in-one task (the glance solver and the scanning
/// solver, different in kind): on `PER_GRADE_BOTH` puzzles of each grade, under each
/// solver the solve rate must fall by at least 5 points a grade, from at least 80% at
/// easy to at most 60% at expert. Prints its two rows of docs/grades.md.
fn grades_hold_under_both<T: Task>(
    name: &str,
    task: &T,
    person: Person,
    correct: impl Fn(&T::Facts, <PositionOf<T> as Glance>::Move) -> bool + Sync,
) where
    PositionOf<T>: Glance,
{
    for (solver, who) in [(Solver::Glance, "glance"), (Solver::Scan, "scanning")] {
        let sample = format!("{name} ({who})");
        let rates = solve_rates_by_grade(
            solver,
            &sample,
            task,
            Kind::WinInOne,
            &person,
            &Grade::ALL,
            PER_GRADE_BOTH,
            ATTEMPTS,
            &correct,
        );
        let cells: Vec<String> = rates.iter().map(|r| format!("{:5.1}%", 100.0 * r)).collect();
        println!("| {name}, {who} solver | {} |", cells.join(" | "));
        assert!(rates[0] >= 0.80, "{sample}: easy solved {:.1}% of the time (want at least 80%)", 100.0 * rates[0]);
        assert!(rates[3] <= 0.60, "{sample}: expert solved {:.1}% of the time (want at most 60%)", 100.0 * rates[3]);
        assert!(
            rates.windows(2).all(|w| w[0] >= w[1] + 0.05),
            "{sample}: solve rates {rates:?} do not fall 5 points a grade"
        );
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn el_win_in_one_grades_hold() {
    let task = el::WinInOne::new(ElParams::default());
    grades_hold_under_both("EL win-in-one", &task, THREE_LOOKS, |f, m| f.solutions.contains(&m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn kamon_win_in_one_grades_hold() {
    // Kamon's legal cells are few (the token taken decides them): two looks.
    let person = Person { looks: 2, ..THREE_LOOKS };
    grades_hold_under_both("Kamon win-in-one", &kamon::WinInOne, person, |f, m| f.solutions.iter().any(|s| s.0 == m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn six_win_in_one_grades_hold() {
    let task = six::OneMove::win(1);
    grades_hold("SIX win-in-one", &task, Kind::WinInOne, THREE_LOOKS, |f, m| f.solutions.contains(&m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn el_win_in_two_grades_hold() {
    let task = el::WinInTwo::new(ElParams::default());
    grades_hold("EL win-in-two", &task, Kind::WinInTwo, WIN_IN_TWO, |f, m| f.solutions.contains(&m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn six_win_in_two_grades_hold() {
    let task = six::WinInTwo;
    grades_hold("SIX win-in-two", &task, Kind::WinInTwo, WIN_IN_TWO, |f, m| f.solutions.contains(&m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn gosforth_best_move_grades_hold() {
    // Every slide (at most five), then three replies pictured in all, the best-looking
    // slides' first; everything reckoned line by line with lines overlooked now and then.
    let person = Person { looks: 5, reply_looks: 3, noise: 1.0 };
    let task = gosforth::BestMove::new(12);
    grades_hold("Gosforth best-move", &task, Kind::BestMove, person, |f, m| f.solutions.contains(&m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn gosforth_win_in_one_grades_hold() {
    // Every slide (at most three) counted line by line, lines overlooked now and then;
    // the slide counted highest is the answer. Easy and medium only (hard is refused).
    let person = Person { looks: 5, reply_looks: 0, noise: 1.0 };
    let task = gosforth::WinInOne::new(12);
    grades_up_to("Gosforth win-in-one", &task, Kind::Reckon, person, &[Grade::Easy, Grade::Medium], |f, m| {
        f.winning.contains(&m)
    });
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn six_block_grades_hold() {
    grades_hold("SIX block", &six::OneMove::block(), Kind::Block, THREE_LOOKS, |f, m| f.solutions.contains(&m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn six_round_two_grades_hold() {
    let task = six::OneMove::win(2);
    grades_hold("SIX win-in-one, round two", &task, Kind::WinInOne, THREE_LOOKS, |f, m| f.solutions.contains(&m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn kamon_win_in_two_grades_hold() {
    let task = kamon::WinInTwo;
    grades_hold("Kamon win-in-two", &task, Kind::WinInTwo, WIN_IN_TWO, |f, m| f.solutions.contains(&m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn six_defend_grades_hold() {
    grades_hold("SIX defend", &six::Defend, Kind::Defend, DEFENDER, |f, m| f.solutions.contains(&m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn el_defend_grades_hold() {
    let task = el::Defend::new(ElParams::default());
    grades_hold("EL defend", &task, Kind::Defend, DEFENDER, |f, m| f.solutions.contains(&m));
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test grades")]
fn kamon_defend_grades_hold() {
    // Kamon's legal cells are few: eight looks in all, four of his cells per try.
    let person = Person { looks: 8, reply_looks: 4, noise: 1.0 };
    grades_hold("Kamon defend", &kamon::Defend, Kind::Defend, person, |f, m| f.solutions.contains(&m));
}
