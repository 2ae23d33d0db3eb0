//! The grade survey: default win-in-one puzzles of EL or Kamon, each tried by both models
//! of a person (the glance solver and the scanning solver, `boardpress::grade_rates`), their
//! solve rates printed per grade — the evidence behind "How grades are set" (docs/grades.md).
//!
//! `cargo run --release --example grade_survey -- el 4000 survey-c [puzzles.tsv]`
//! (game, puzzles, seed; with a fourth argument, one line per puzzle: number, grade, the
//! glance and the scanning solver's rates, then what the grade is cut on and its parts).

use boardpress::game::glance::{solve_rate, Glance, Kind, Person, Solver};
use boardpress::game::{Generator, Grade, PuzzleSpec};
use boardpress::game::{PositionOf, Task};
use boardpress::games::el::ElParams;
use boardpress::games::{el, kamon};

/// Attempts per puzzle and solver.
const ATTEMPTS: u32 = 8;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: grade_survey el|kamon PUZZLES SEED [PUZZLES.tsv]";
    let (Some(game), Some(count), Some(seed)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let Ok(count) = count.parse::<u32>() else {
        eprintln!("{usage}: PUZZLES must be a number, not '{count}'");
        std::process::exit(2);
    };
    let lines = match game.as_str() {
        "el" => {
            let task = el::WinInOne::new(ElParams::default());
            survey(&task, looks(3), count, seed, |f: &el::WinInOneFacts, m| f.solutions.contains(&m), el_features)
        }
        "kamon" => survey(
            &kamon::WinInOne,
            looks(2),
            count,
            seed,
            |f: &kamon::WinInOneFacts, m| f.solutions.iter().any(|s| s.0 == m),
            kamon_features,
        ),
        other => {
            eprintln!("{usage}: unknown game '{other}'");
            std::process::exit(2);
        }
    };
    if let Some(path) = args.get(3) {
        if let Err(e) = std::fs::write(path, lines) {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
}

/// Both solvers over `count` default puzzles of `task`; prints the table and returns one
/// line per puzzle.
fn survey<T: Task>(
    task: &T,
    looks: u32,
    count: u32,
    seed: &str,
    correct: impl Fn(&T::Facts, <PositionOf<T> as Glance>::Move) -> bool,
    features: impl Fn(&PositionOf<T>, &T::Facts) -> Vec<f64>,
) -> String
where
    PositionOf<T>: Glance,
{
    let person = Person { looks, reply_looks: 0, noise: 1.0 };
    let generator = Generator::new(task.clone(), PuzzleSpec::new(seed));
    let puzzles = generator.puzzles(count).expect("the survey's puzzles");
    let mut sums = [[0.0f64; 2]; 4];
    let mut counts = [0u32; 4];
    let mut lines = String::new();
    for p in &puzzles {
        let right = |m| correct(&p.facts, m);
        let rates = [Solver::Glance, Solver::Scan]
            .map(|s| solve_rate(s, &p.position, Kind::WinInOne, &person, right, seed, p.number as u64, ATTEMPTS));
        let g = Grade::ALL.iter().position(|&g| g == p.grade).expect("a grade");
        counts[g] += 1;
        for (sum, rate) in sums[g].iter_mut().zip(rates) {
            *sum += rate;
        }
        let features: Vec<String> = features(&p.position, &p.facts).iter().map(|f| f.to_string()).collect();
        lines +=
            &format!("{}\t{}\t{:.3}\t{:.3}\t{}\n", p.number, p.grade.word(), rates[0], rates[1], features.join("\t"));
    }
    for (s, name) in ["glance", "scanning"].iter().enumerate() {
        let cells: Vec<String> = (0..4)
            .map(|g| {
                if counts[g] == 0 {
                    "—".into()
                } else {
                    format!("{:.1}% ({})", 100.0 * sums[g][s] / counts[g] as f64, counts[g])
                }
            })
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
    lines
}

/// EL features: the grade's steps, then its three parts (the full-looking cells, the
/// cells finishing a line or L with the numbers right and the colours not, the live lines
/// and Ls two short).
fn el_features(pos: &el::ElPosition, f: &el::WinInOneFacts) -> Vec<f64> {
    let parts = el::grading::win_in_one_parts(pos, &f.solutions);
    std::iter::once(f.rivals).chain(parts).map(f64::from).collect()
}

/// Kamon features: the model's rivals; the groups of the mover's pawns that the scanning
/// solver ranks at least as high as the best group next to a winning cell; whether the
/// win is a ring; the legal cells.
fn kamon_features(pos: &kamon::KamonPosition, f: &kamon::WinInOneFacts) -> Vec<f64> {
    use boardpress::games::kamon::{geometry, WinKind};
    use boardpress::geom::hex::radius3::{dilate, flood};
    let mut left = pos.pawns(pos.to_move());
    let legal = pos.legal();
    let winning: u64 = f.solutions.iter().fold(0, |m, s| m | 1u64 << s.0);
    let mut groups = Vec::new();
    while left != 0 {
        let group = flood(left & left.wrapping_neg(), left);
        left &= !group;
        let sides = geometry().sides.iter().filter(|&&side| side & group != 0).count() as f64;
        let next = dilate(group) & legal;
        if next != 0 {
            groups.push((2.0 * sides + 0.5 * group.count_ones() as f64, next & winning != 0));
        }
    }
    let answer = groups.iter().filter(|g| g.1).map(|g| g.0).fold(f64::MIN, f64::max);
    let ahead = groups.iter().filter(|g| !g.1 && g.0 >= answer).count() as f64;
    let ring = f.solutions.iter().all(|s| s.1 == WinKind::Ring) as u8 as f64;
    vec![f.rivals as f64, ahead, ring, f.legal_moves as f64, (answer == f64::MIN) as u8 as f64]
}

/// Looks per attempt: the task's usual budget, or `LOOKS` from the environment.
fn looks(usual: u32) -> u32 {
    std::env::var("LOOKS").ok().and_then(|l| l.parse().ok()).unwrap_or(usual)
}
