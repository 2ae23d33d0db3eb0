//! Win-in-two mining: verified puzzles per second on one core (generation + the full
//! search that proves each one), and the whole pipeline on 1 and 2 worker threads.
//! Run with `cargo bench -p boardpress-benches --bench mining`.

use std::sync::atomic::{AtomicU32, Ordering};

use boardpress::game::Task;
use boardpress::game::{Generator, PuzzleSpec};
use boardpress::games::el::ElParams;
use boardpress::games::{el, kamon, six};
use boardpress::mine::{mine, Budget, MineOptions, Search};
use boardpress::{make, PuzzlesRequest, Request, Run};
use divan::Bencher;

fn main() {
    divan::main();
}

const BATCH: u32 = 200;

fn found<T>(s: Search<T>) -> T {
    match s {
        Search::Found(t) => t,
        _ => panic!("no puzzle found"),
    }
}

/// A fresh range of puzzle numbers per sample, so no sample repeats another's work.
static NEXT: AtomicU32 = AtomicU32::new(1);

/// A batch of `size` verified puzzles of `task`, one core (divide by the batch size).
fn verified<T: Task>(bencher: Bencher, task: T, size: u32) {
    let generator = Generator::new(task, PuzzleSpec::new("bench"));
    let budget = Budget::unlimited();
    bencher.counter(divan::counter::ItemsCount::new(size)).bench_local(|| {
        let from = NEXT.fetch_add(size, Ordering::Relaxed);
        (from..from + size).map(|n| found(generator.search(n, &budget)).number as u64).sum::<u64>()
    });
}

/// EL win-in-two, one core: a batch of verified puzzles.
#[divan::bench(sample_count = 20)]
fn el_win_in_two_verified(bencher: Bencher) {
    verified(bencher, el::WinInTwo::new(ElParams::default()), BATCH);
}

/// Kamon win-in-two, one core.
#[divan::bench(sample_count = 20)]
fn kamon_win_in_two_verified(bencher: Bencher) {
    verified(bencher, kamon::WinInTwo, BATCH);
}

/// SIX round-one win-in-two, one core (a smaller batch: each takes milliseconds).
#[divan::bench(sample_count = 10)]
fn six_win_in_two_verified(bencher: Bencher) {
    verified(bencher, six::WinInTwo, 20);
}

/// EL defend, one core (a batch of 20: each takes a few milliseconds).
#[divan::bench(sample_count = 10)]
fn el_defend_verified(bencher: Bencher) {
    verified(bencher, el::Defend::new(ElParams::default()), 20);
}

/// 2,000 puzzles through the mining pipeline (in-order windows) on `jobs` threads.
fn pipeline<T: Task>(bencher: Bencher, jobs: usize, task: T) {
    let generator = Generator::new(task, PuzzleSpec::new("bench"));
    bencher.counter(divan::counter::ItemsCount::new(2000u32)).bench_local(|| {
        let from = NEXT.fetch_add(2000, Ordering::Relaxed);
        let options = MineOptions { jobs, ..MineOptions::new(from, 2000) };
        mine(&options, |n, b| generator.search(n, b), |_| Ok(())).unwrap().found
    });
}

/// EL win-in-two through the pipeline on 1 and 2 threads; compare the rows for the scaling.
#[divan::bench(args = [1, 2], sample_count = 10)]
fn el_win_in_two_pipeline(bencher: Bencher, jobs: usize) {
    pipeline(bencher, jobs, el::WinInTwo::new(ElParams::default()));
}

/// Kamon win-in-two through the pipeline on 1 and 2 threads.
#[divan::bench(args = [1, 2], sample_count = 10)]
fn kamon_win_in_two_pipeline(bencher: Bencher, jobs: usize) {
    pipeline(bencher, jobs, kamon::WinInTwo);
}

/// The 100-page puzzle book: 600 EL win-in-two puzzles at 6 per page plus the 30-page
/// key, mined, typeset and rendered as one PDF through the library (in process, every
/// core). Peak memory is measured outside: `/usr/bin/time -v boardpress puzzles el
/// --task win-in-two --count 600 --seed book`.
#[divan::bench(sample_count = 5)]
fn book_600_el_win_in_two_pdf() -> usize {
    let request = PuzzlesRequest { task: Some("win-in-two".into()), ..PuzzlesRequest::new("el", 600, "book") };
    make(&Request::Puzzles(request), &Run::default()).unwrap().documents[0].bytes.len()
}
