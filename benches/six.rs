//! SIX benchmarks: round-one legal placements plus the formation check through each
//! new cell, and verified puzzles. Run with `cargo bench -p boardpress-benches --bench six`.

use boardpress::game::{Generator, PuzzleSpec};
use boardpress::games::six::OneMove;
use boardpress::games::six::{SixPosition, Status};
use boardpress::seed::{below, SeedSource};
use divan::Bencher;

fn main() {
    divan::main();
}

fn round_one_positions() -> Vec<SixPosition> {
    let seeds = SeedSource::new("bench/six", "positions");
    let mut out = Vec::new();
    for g in 0..100 {
        let mut rng = seeds.stream(g);
        let mut pos = SixPosition::start();
        while pos.status() == Status::Ongoing && pos.round() == 1 {
            out.push(pos.clone());
            let moves = pos.legal_moves();
            pos.play(moves[below(&mut rng, moves.len() as u32) as usize]).unwrap();
        }
    }
    out
}

/// For every sample position: generate the legal placements and test each for a
/// formation (36 placements through the new cell). Items = child positions.
#[divan::bench(sample_count = 30)]
fn six_placements_with_formation_check(bencher: Bencher) {
    let mut positions = round_one_positions();
    let children: usize = positions.iter().map(|p| p.frontier().len()).sum();
    bencher.counter(divan::counter::ItemsCount::new(children)).bench_local(|| {
        let mut wins = 0u32;
        for p in positions.iter_mut() {
            for cell in p.frontier() {
                if p.placement_wins(cell).is_some() {
                    wins += 1;
                }
            }
        }
        wins
    });
}

fn bench_puzzle<T: boardpress::game::Task>(bencher: Bencher, task: T) {
    let req = Generator::new(task, PuzzleSpec::new("bench"));
    let mut n = 0u32;
    bencher.bench_local(|| {
        n += 1;
        req.puzzle(n).unwrap()
    });
}

/// One verified, unique round-one win-in-one.
#[divan::bench(sample_count = 10, sample_size = 10)]
fn six_win_in_one_puzzle(bencher: Bencher) {
    bench_puzzle(bencher, OneMove::win(1));
}

/// One verified block puzzle (exactly one saving cell).
#[divan::bench(sample_count = 10, sample_size = 10)]
fn six_block_puzzle(bencher: Bencher) {
    bench_puzzle(bencher, OneMove::block());
}

/// One verified defend puzzle (exactly one placement stops the opponent's fork).
#[divan::bench(sample_count = 20, sample_size = 10)]
fn six_defend_puzzle(bencher: Bencher) {
    bench_puzzle(bencher, boardpress::games::six::Defend);
}

/// One verified round-two win-in-one (exactly one winning cell, 24 tokens or more).
#[divan::bench(sample_count = 10, sample_size = 10)]
fn six_round_two_puzzle(bencher: Bencher) {
    bench_puzzle(bencher, OneMove::win(2));
}
