//! Kamon benchmarks: engine throughput (legal moves + play + end checks) and verified
//! win-in-one puzzles. Run with `cargo bench -p boardpress-benches --bench kamon`.

use boardpress::game::{Generator, PuzzleSpec};
use boardpress::games::kamon::WinInOne;
use boardpress::games::kamon::{seeded_setup, KamonPosition, Status};
use boardpress::seed::{below, SeedSource};
use divan::Bencher;

fn main() {
    divan::main();
}

/// Positions from random games, at every stage.
fn sample_positions() -> Vec<KamonPosition> {
    let seeds = SeedSource::new("bench/kamon", "positions");
    let mut out = Vec::new();
    for g in 0..200 {
        let mut rng = seeds.stream(g);
        let mut pos = seeded_setup(&mut rng);
        while pos.status() == Status::Ongoing {
            out.push(pos);
            let cells: Vec<u32> = pos.legal_cells();
            pos.play(cells[below(&mut rng, cells.len() as u32) as usize]).unwrap();
        }
    }
    out
}

/// Legal cells of one position, then every child position with its end checks
/// (connection, ring, draw, blockade). Divide the time by the children per call
/// (printed once) for the per-position cost.
#[divan::bench(sample_count = 30)]
fn kamon_children_with_end_checks(bencher: Bencher) {
    let positions = sample_positions();
    let children: usize = positions.iter().map(|p| p.legal().count_ones() as usize).sum();
    eprintln!("kamon: {} positions, {:.2} children each", positions.len(), children as f64 / positions.len() as f64);
    bencher.counter(divan::counter::ItemsCount::new(children)).bench_local(|| {
        let mut wins = 0u32;
        for p in &positions {
            for cell in p.legal_cells() {
                if matches!(p.after(cell).status(), Status::Won(..)) {
                    wins += 1;
                }
            }
        }
        wins
    });
}

/// One verified, unique Kamon win-in-one puzzle (random game + independent check).
#[divan::bench(sample_count = 20, sample_size = 200)]
fn kamon_win_in_one_puzzle(bencher: Bencher) {
    let req = Generator::new(WinInOne, PuzzleSpec::new("bench"));
    let mut n = 0u32;
    bencher.bench_local(|| {
        n += 1;
        req.puzzle(n).unwrap()
    });
}
