//! Book benchmarks: a mixed book of about 300 pages (all four games, rules chapters,
//! solutions at the end) made on one core, in memory, and the same book twice over
//! (about 600 pages). Targets (issue 47): the 300-page book in 1.0 s at most, the
//! 600-page one in at most 2.1 times that (time linear in pages); memory is measured by
//! `benches/memory.sh` (at most 60 MB plus twice the file). Run with
//! `cargo bench -p boardpress-benches --bench book`.

use boardpress::{BookRequest, Run};
use divan::Bencher;

fn main() {
    divan::main();
}

/// About 300 pages on 8.5x11 in: 228 puzzles of each game but SIX (163), and their
/// solutions (`benches/book.toml`, which the web page's memory test makes too).
const SPEC: &str = include_str!("book.toml");

/// The same book twice over: its sections again under other titles (each section's
/// puzzles are seeded by its place in the book, so the second half's are new).
fn twice() -> String {
    let at = SPEC.find("[[section]]").expect("the spec has sections");
    let sections = &SPEC[at..];
    format!("{SPEC}{}", sections.replace("title = \"", "title = \"More "))
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn mixed_book_600_pages_one_core(bencher: Bencher) {
    let req = BookRequest { name: "bench.toml".into(), text: twice(), cover: true };
    let run = Run { jobs: 1, ..Run::default() };
    bencher.bench_local(|| {
        let made = boardpress::make(&boardpress::Request::Book(req.clone()), &run).unwrap();
        assert_eq!(made.documents.len(), 2);
        made
    });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn mixed_book_300_pages_one_core(bencher: Bencher) {
    let req = BookRequest { name: "bench.toml".into(), text: SPEC.into(), cover: true };
    let run = Run { jobs: 1, ..Run::default() };
    bencher.bench_local(|| {
        let made = boardpress::make(&boardpress::Request::Book(req.clone()), &run).unwrap();
        assert_eq!(made.documents.len(), 2);
        made
    });
}
