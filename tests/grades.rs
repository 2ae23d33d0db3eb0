//! The grades mean something, checked by a second solver. The grading model (each game's
//! `grading.rs`) counts what a person must see through; the glance solver of
//! `boardpress::human` — seeded, a fixed budget of looks, its own eyes, the engine to
//! judge — tries every puzzle eight times. On fixed seeds, 100 puzzles per grade, its
//! solve rate must fall strictly from easy to expert, with easy at least 80% and expert
//! at most 35%. `--nocapture` prints the table (it is in the README).

use boardpress::games::el::ElParams;
use boardpress::games::{el, gosforth, kamon, six, PositionOf, Task};
use boardpress::human::{solve_rate, Glance, Kind, Person};
use boardpress::mine::{Budget, Search};
use boardpress::puzzle::{Generator, Grade, PuzzleSpec};

/// Attempts per puzzle, each with its own noise.
const ATTEMPTS: u32 = 8;

/// Puzzles per grade.
const PER_GRADE: u32 = 100;

/// A person looking for a win in one: three looks.
const WIN_IN_ONE: Person = Person { looks: 3, reply_looks: 0, noise: 1.0 };

/// Kamon's legal cells are few (the token taken decides them): two looks.
const KAMON_WIN_IN_ONE: Person = Person { looks: 2, reply_looks: 0, noise: 1.0 };

/// A person looking for a win in two: eight looks in all, three per refutation hunt.
const WIN_IN_TWO: Person = Person { looks: 8, reply_looks: 3, noise: 1.0 };

/// Gosforth: every move is looked at (there are at most five); the reckoning is noisy.
const GOSFORTH: Person = Person { looks: 5, reply_looks: 0, noise: 1.0 };

fn found<T>(s: Search<T>) -> T {
    match s {
        Search::Found(t) => t,
        _ => panic!("no puzzle found"),
    }
}

/// The glance solver's solve rate per grade: `PER_GRADE` puzzles of each grade from seed
/// "grades-<grade>".
fn rates<T: Task>(
    name: &str,
    task: T,
    kind: Kind,
    person: &Person,
    correct: impl Fn(&T::Facts, <PositionOf<T> as Glance>::Move) -> bool,
) -> [f64; 4]
where
    PositionOf<T>: Glance,
{
    let budget = Budget::unlimited();
    let mut out = [0.0; 4];
    for (i, grade) in Grade::ALL.into_iter().enumerate() {
        let spec = PuzzleSpec { difficulty: Some(grade), ..PuzzleSpec::new(&format!("grades-{}", grade.word())) };
        let generator = Generator::new(task.clone(), spec);
        let mut total = 0.0;
        for n in 1..=PER_GRADE {
            let p = found(generator.search(n, &budget));
            total += solve_rate(&p.position, kind, person, |m| correct(&p.facts, m), name, n as u64, ATTEMPTS);
        }
        out[i] = total / PER_GRADE as f64;
    }
    let cells: Vec<String> = out.iter().map(|r| format!("{:5.1}%", 100.0 * r)).collect();
    println!("| {name} | {} |", cells.join(" | "));
    out
}

fn assert_grades_hold(name: &str, rates: [f64; 4]) {
    assert!(rates[0] >= 0.80, "{name}: easy solved {:.1}% of the time (want at least 80%)", 100.0 * rates[0]);
    assert!(rates[3] <= 0.35, "{name}: expert solved {:.1}% of the time (want at most 35%)", 100.0 * rates[3]);
    assert!(rates.windows(2).all(|w| w[0] > w[1]), "{name}: solve rates {rates:?} do not fall strictly");
}

#[test]
fn el_win_in_one_grades_hold() {
    let task = el::tasks::WinInOne::new(ElParams::default());
    let r = rates("EL win-in-one", task, Kind::WinInOne, &WIN_IN_ONE, |f, m| f.solutions.contains(&m));
    assert_grades_hold("EL win-in-one", r);
}

#[test]
fn kamon_win_in_one_grades_hold() {
    let r = rates("Kamon win-in-one", kamon::tasks::WinInOne, Kind::WinInOne, &KAMON_WIN_IN_ONE, |f, m| {
        f.solutions.iter().any(|s| s.0 == m)
    });
    assert_grades_hold("Kamon win-in-one", r);
}

/// The tasks whose grades are not set by the model yet: the glance solver's rates per
/// grade, printed for the README and not asserted (`cargo test --release --test grades
/// -- --ignored --nocapture`).
#[test]
#[ignore = "a survey of the grades still to be set by the model; prints a table"]
fn survey_of_grades_still_to_set() {
    rates("EL win-in-two", el::tasks::WinInTwo::new(ElParams::default()), Kind::WinInTwo, &WIN_IN_TWO, |f, m| {
        f.solutions.contains(&m)
    });
    rates("Kamon win-in-two", kamon::tasks::WinInTwo, Kind::WinInTwo, &WIN_IN_TWO, |f, m| f.solutions.contains(&m));
    rates("SIX win-in-one", six::tasks::OneMove::win(1), Kind::WinInOne, &WIN_IN_ONE, |f, m| f.solutions.contains(&m));
    rates("SIX win-in-two", six::tasks::WinInTwo, Kind::WinInTwo, &WIN_IN_TWO, |f, m| f.solutions.contains(&m));
    rates("Gosforth best-move", gosforth::tasks::BestMove::new(12), Kind::BestMove, &GOSFORTH, |f, m| {
        f.solutions.contains(&m)
    });
}
