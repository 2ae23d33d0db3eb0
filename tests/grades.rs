//! The grades mean something: on a fixed seed, the median solver nodes of each grade's
//! puzzles rise strictly from easy to expert, for every win-in-two task. Run with
//! `--nocapture` to see the table (it is in the README).

use boardpress::games::el::ElParams;
use boardpress::games::{el, kamon, six, Task};
use boardpress::mine::{Budget, Search};
use boardpress::puzzle::{Generator, Grade, PuzzleSpec};

const GRADES: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert];

fn found<T>(s: Search<T>) -> T {
    match s {
        Search::Found(t) => t,
        _ => panic!("no puzzle found"),
    }
}

/// The grade and solver nodes of puzzles 1..=count of seed "grades".
fn sample<T: Task>(task: T, count: u32, nodes: impl Fn(&T::Facts) -> u64) -> Vec<(Grade, u64)> {
    let generator = Generator::new(task, PuzzleSpec::new("grades"));
    let budget = Budget::unlimited();
    (1..=count).map(|n| found(generator.search(n, &budget))).map(|p| (p.grade, nodes(&p.facts))).collect()
}

/// Medians of solver nodes per grade, with the counts; asserts they rise strictly.
fn check_medians(task: &str, sample: &[(Grade, u64)]) {
    let mut medians = Vec::new();
    for g in GRADES {
        let mut nodes: Vec<u64> = sample.iter().filter(|s| s.0 == g).map(|s| s.1).collect();
        nodes.sort_unstable();
        assert!(!nodes.is_empty(), "{task}: no {} puzzle in the sample", g.word());
        let median = nodes[nodes.len() / 2];
        println!("{task:24} {:7} {:4} puzzles  median nodes {median}", g.word(), nodes.len());
        medians.push(median);
    }
    assert!(medians.windows(2).all(|w| w[0] < w[1]), "{task}: medians {medians:?} do not rise strictly");
}

#[test]
fn el_win_in_two_medians_rise() {
    let sample = sample(el::tasks::WinInTwo::new(ElParams::default()), 200, |f| f.solver_nodes);
    check_medians("EL win-in-two", &sample);
}

#[test]
fn kamon_win_in_two_medians_rise() {
    let sample = sample(kamon::tasks::WinInTwo, 200, |f| f.solver_nodes);
    check_medians("Kamon win-in-two", &sample);
}

#[test]
fn six_win_in_two_medians_rise() {
    let sample = sample(six::tasks::WinInTwo, 60, |f| f.solver_nodes);
    check_medians("SIX win-in-two (round 1)", &sample);
}
