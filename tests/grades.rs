//! The grades mean something, checked by a second solver. The grading model (each game's
//! `grading.rs`) counts what a person must see through; the glance solver of
//! `boardpress::human` — seeded, a fixed budget of looks, its own eyes, the engine to
//! judge — tries every puzzle eight times. On fixed seeds, 100 puzzles per grade, its
//! solve rate must fall strictly from easy to expert, with easy at least 80% and expert
//! at most 35%. `--nocapture` prints the table (it is in the README); the tasks whose
//! grades the model does not set yet are surveyed by `examples/grade_survey.rs`.

use boardpress::games::el::ElParams;
use boardpress::games::{el, kamon, six};
use boardpress::human::{solve_rates_by_grade, Kind, Person};

/// Attempts per puzzle, each with its own noise.
const ATTEMPTS: u32 = 8;

/// Puzzles per grade.
const PER_GRADE: u32 = 100;

fn assert_grades_hold(name: &str, rates: [f64; 4]) {
    let cells: Vec<String> = rates.iter().map(|r| format!("{:5.1}%", 100.0 * r)).collect();
    println!("| {name} | {} |", cells.join(" | "));
    assert!(rates[0] >= 0.80, "{name}: easy solved {:.1}% of the time (want at least 80%)", 100.0 * rates[0]);
    assert!(rates[3] <= 0.35, "{name}: expert solved {:.1}% of the time (want at most 35%)", 100.0 * rates[3]);
    assert!(rates.windows(2).all(|w| w[0] > w[1]), "{name}: solve rates {rates:?} do not fall strictly");
}

#[test]
fn el_win_in_one_grades_hold() {
    // A person looking for a win in one: three looks.
    let person = Person { looks: 3, reply_looks: 0, noise: 1.0 };
    let task = el::tasks::WinInOne::new(ElParams::default());
    let name = "EL win-in-one";
    let rates = solve_rates_by_grade(name, &task, Kind::WinInOne, &person, PER_GRADE, ATTEMPTS, |f, m| {
        f.solutions.contains(&m)
    });
    assert_grades_hold(name, rates);
}

#[test]
fn kamon_win_in_one_grades_hold() {
    // Kamon's legal cells are few (the token taken decides them): two looks.
    let person = Person { looks: 2, reply_looks: 0, noise: 1.0 };
    let name = "Kamon win-in-one";
    let rates =
        solve_rates_by_grade(name, &kamon::tasks::WinInOne, Kind::WinInOne, &person, PER_GRADE, ATTEMPTS, |f, m| {
            f.solutions.iter().any(|s| s.0 == m)
        });
    assert_grades_hold(name, rates);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "two minutes in release: cargo test --release --test grades")]
fn six_defend_grades_hold() {
    // A defender: twenty looks in all, six of the opponent's spots searched per try.
    let person = Person { looks: 20, reply_looks: 6, noise: 1.0 };
    let name = "SIX defend";
    let rates = solve_rates_by_grade(name, &six::tasks::Defend, Kind::Defend, &person, PER_GRADE, ATTEMPTS, |f, m| {
        f.solutions.contains(&m)
    });
    assert_grades_hold(name, rates);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "two minutes in release: cargo test --release --test grades")]
fn el_defend_grades_hold() {
    // The same defender as for SIX: twenty looks, six of the opponent's spots per try.
    let person = Person { looks: 20, reply_looks: 6, noise: 1.0 };
    let task = el::tasks::Defend::new(ElParams::default());
    let name = "EL defend";
    let rates =
        solve_rates_by_grade(name, &task, Kind::Defend, &person, PER_GRADE, ATTEMPTS, |f, m| f.solutions.contains(&m));
    assert_grades_hold(name, rates);
}

#[test]
fn six_win_in_one_grades_hold() {
    // Round one, three looks as for EL.
    let person = Person { looks: 3, reply_looks: 0, noise: 1.0 };
    let task = six::tasks::OneMove::win(1);
    let name = "SIX win-in-one";
    let rates = solve_rates_by_grade(name, &task, Kind::WinInOne, &person, PER_GRADE, ATTEMPTS, |f, m| {
        f.solutions.contains(&m)
    });
    assert_grades_hold(name, rates);
}

#[test]
fn kamon_win_in_two_grades_hold() {
    // A win in two: eight looks in all, three per refutation hunt.
    let person = Person { looks: 8, reply_looks: 3, noise: 1.0 };
    let name = "Kamon win-in-two";
    let rates =
        solve_rates_by_grade(name, &kamon::tasks::WinInTwo, Kind::WinInTwo, &person, PER_GRADE, ATTEMPTS, |f, m| {
            f.solutions.contains(&m)
        });
    assert_grades_hold(name, rates);
}
