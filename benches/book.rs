//! Book benchmarks: a mixed book of about 300 pages (all four games, rules chapters,
//! solutions at the end) made on one core, in memory. Target: 3 s at most (and 300 MB
//! of memory at most: `/usr/bin/time -v boardpress book …` measures that). Run with
//! `cargo bench --bench book`.

use boardpress::{BookRequest, Run};
use divan::Bencher;

fn main() {
    divan::main();
}

/// About 300 pages on 8.5x11 in: 228 puzzles of each game but SIX (163), and their solutions.
const SPEC: &str = r#"
title = "Bench Book"
trim = "8.5x11in"
seed = "bench"
[[section]]
title = "EL"
game = "el"
count = 228
[[section]]
title = "Kamon"
game = "kamon"
count = 228
[[section]]
title = "SIX"
game = "six"
count = 163
[[section]]
title = "Gosforth"
game = "gosforth"
task = "best-move"
count = 228
"#;

#[divan::bench(sample_count = 3, sample_size = 1)]
fn mixed_book_300_pages_one_core(bencher: Bencher) {
    let req = BookRequest { name: "bench.toml".into(), text: SPEC.into(), cover: true };
    let run = Run { jobs: 1, ..Run::default() };
    bencher.bench_local(|| {
        let made = boardpress::make(&boardpress::Request::Book(req.clone()), &run).unwrap();
        assert_eq!(made.documents.len(), 2);
        made
    });
}
