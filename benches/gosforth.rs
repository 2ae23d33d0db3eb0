//! Gosforth benchmarks: legal slides plus scoring of each, and verified puzzles.
//! Run with `cargo bench -p boardpress-benches --bench gosforth`.

use boardpress::game::{Generator, PuzzleSpec};
use boardpress::games::gosforth::BestMove;
use boardpress::games::gosforth::{GosforthPosition, Stage, Status};
use boardpress::seed::{below, SeedSource};
use divan::Bencher;

fn main() {
    divan::main();
}

fn movement_positions() -> Vec<GosforthPosition> {
    let seeds = SeedSource::new("bench/gosforth", "positions");
    let mut out = Vec::new();
    for g in 0..200 {
        let mut rng = seeds.stream(g);
        let mut pos = GosforthPosition::new(12);
        while pos.status() == Status::Ongoing && pos.movement_plies() < 60 {
            if pos.stage() == Stage::Movement {
                out.push(pos);
            }
            let moves = pos.legal_moves();
            pos.play(moves[below(&mut rng, moves.len() as u32) as usize]).unwrap();
        }
    }
    out
}

/// Legal moves of each sample position, each played and scored. Items = moves.
#[divan::bench(sample_count = 30)]
fn gosforth_slides_with_scoring(bencher: Bencher) {
    let positions = movement_positions();
    let moves: usize = positions.iter().map(|p| p.legal_moves().len()).sum();
    bencher.counter(divan::counter::ItemsCount::new(moves)).bench_local(|| {
        let mut total = 0u32;
        for p in &positions {
            for mv in p.legal_moves() {
                total += p.after(mv).2 as u32;
            }
        }
        total
    });
}

/// One verified best-move puzzle.
#[divan::bench(sample_count = 20, sample_size = 50)]
fn gosforth_best_move_puzzle(bencher: Bencher) {
    let req = Generator::new(BestMove::new(12), PuzzleSpec::new("bench"));
    let mut n = 0u32;
    bencher.bench_local(|| {
        n += 1;
        req.puzzle(n).unwrap()
    });
}
