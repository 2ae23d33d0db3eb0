//! The glance solver's solve rate per grade for the tasks whose grades the model does
//! not set yet (they are still cut on solver nodes or decoys): the README's survey rows.
//! `cargo run --release --example grade_survey`. It asserts nothing: these grades are
//! known not to order what a person manages, and this measures how far off they are.

use boardpress::games::gosforth;
use boardpress::human::{solve_rates_by_grade, Kind, Person};

const ATTEMPTS: u32 = 8;
const PER_GRADE: u32 = 100;

fn row(name: &str, rates: [f64; 4]) {
    let cells: Vec<String> = rates.iter().map(|r| format!("{:5.1}%", 100.0 * r)).collect();
    println!("| {name} | {} |", cells.join(" | "));
}

fn main() {
    // Gosforth: every move (at most five), reckoned with lines overlooked now and then.
    let gosforth_person = Person { looks: 5, reply_looks: 0, noise: 1.0 };
    let (n, a) = (PER_GRADE, ATTEMPTS);
    let name = "Gosforth best-move";
    let task = gosforth::tasks::BestMove::new(12);
    row(
        name,
        solve_rates_by_grade(name, &task, Kind::BestMove, &gosforth_person, n, a, |f, m| f.solutions.contains(&m)),
    );
}
