//! Win-in-two mining: verified puzzles per second on one core (generation + the full
//! search that proves each one), and the whole pipeline on 1 and 2 worker threads.
//! Run with `cargo bench --bench mining`.

use std::sync::atomic::{AtomicU32, Ordering};

use boardpress::games::el::ElParams;
use boardpress::games::six::verify::OneMoveTask;
use boardpress::mine::{mine, Budget, MineOptions, Search};
use boardpress::puzzle::{ElPuzzleRequest, KamonPuzzleRequest, SixPuzzleRequest};
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

/// EL win-in-two, one core: a batch of verified puzzles (divide by the batch size).
#[divan::bench(sample_count = 20)]
fn el_win_in_two_verified(bencher: Bencher) {
    let request =
        ElPuzzleRequest { params: ElParams::default(), seed: "bench".into(), any_wins: false, difficulty: None };
    let budget = Budget::unlimited();
    bencher.counter(divan::counter::ItemsCount::new(BATCH)).bench_local(|| {
        let from = NEXT.fetch_add(BATCH, Ordering::Relaxed);
        (from..from + BATCH).map(|n| found(request.search_two(n, &budget)).facts.solver_nodes).sum::<u64>()
    });
}

/// Kamon win-in-two, one core.
#[divan::bench(sample_count = 20)]
fn kamon_win_in_two_verified(bencher: Bencher) {
    let request = KamonPuzzleRequest { seed: "bench".into(), any_wins: false, difficulty: None };
    let budget = Budget::unlimited();
    bencher.counter(divan::counter::ItemsCount::new(BATCH)).bench_local(|| {
        let from = NEXT.fetch_add(BATCH, Ordering::Relaxed);
        (from..from + BATCH).map(|n| found(request.search_two(n, &budget)).facts.solver_nodes).sum::<u64>()
    });
}

/// SIX round-one win-in-two, one core (20 per sample).
#[divan::bench(sample_count = 10)]
fn six_win_in_two_verified(bencher: Bencher) {
    let request = SixPuzzleRequest {
        seed: "bench".into(),
        task: OneMoveTask::WinInOne,
        round: 1,
        any_wins: false,
        difficulty: None,
    };
    let budget = Budget::unlimited();
    bencher.counter(divan::counter::ItemsCount::new(20u32)).bench_local(|| {
        let from = NEXT.fetch_add(20, Ordering::Relaxed);
        (from..from + 20).map(|n| found(request.search_two(n, &budget)).facts.solver_nodes).sum::<u64>()
    });
}

/// 2,000 puzzles through the mining pipeline (in-order windows) on `jobs` threads.
fn pipeline<P: Send>(bencher: Bencher, jobs: usize, search: impl Fn(u32, &Budget) -> Search<P> + Sync) {
    bencher.counter(divan::counter::ItemsCount::new(2000u32)).bench_local(|| {
        let from = NEXT.fetch_add(2000, Ordering::Relaxed);
        let options = MineOptions { first: from, count: 2000, jobs, time_limit: None, progress: false };
        mine(&options, &search, |_| Ok(())).unwrap().found
    });
}

/// EL win-in-two through the pipeline on 1 and 2 threads; compare the rows for the scaling.
#[divan::bench(args = [1, 2], sample_count = 10)]
fn el_win_in_two_pipeline(bencher: Bencher, jobs: usize) {
    let request =
        ElPuzzleRequest { params: ElParams::default(), seed: "bench".into(), any_wins: false, difficulty: None };
    pipeline(bencher, jobs, |n, b| request.search_two(n, b));
}

/// Kamon win-in-two through the pipeline on 1 and 2 threads.
#[divan::bench(args = [1, 2], sample_count = 10)]
fn kamon_win_in_two_pipeline(bencher: Bencher, jobs: usize) {
    let request = KamonPuzzleRequest { seed: "bench".into(), any_wins: false, difficulty: None };
    pipeline(bencher, jobs, |n, b| request.search_two(n, b));
}

/// The 100-page puzzle book: 600 EL win-in-two puzzles at 6 per page plus the 30-page
/// key, mined, typeset and written as one PDF by the real command (in process, every
/// core). Peak memory is measured outside: `/usr/bin/time -v boardpress puzzles el
/// --task win-in-two --count 600 --seed book`.
#[divan::bench(sample_count = 5)]
fn book_600_el_win_in_two_pdf() {
    use clap::Parser;
    let out = std::env::temp_dir().join(format!("boardpress-bench-book-{}.pdf", std::process::id()));
    let args = ["boardpress", "puzzles", "el", "--task", "win-in-two", "--count", "600", "--seed", "book", "--quiet"];
    let cli = boardpress::cli::Cli::parse_from(args.iter().copied().chain(["--out", out.to_str().unwrap()]));
    boardpress::app::run(cli.command, &mut std::io::sink()).unwrap();
    let _ = std::fs::remove_file(&out);
}
