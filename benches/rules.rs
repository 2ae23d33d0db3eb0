//! Rulebook benchmarks: one game's booklet (tera, Markdown, engine-checked diagrams,
//! hyphenated layout, imposition, subset fonts) to PDF bytes, in process.
//! Run with `cargo bench -p boardpress-benches --bench rules`. The whole-process figure (start-up included)
//! is in docs/performance.md.

use boardpress::{make, Request, RulesFormat, RulesRequest, Run};

fn main() {
    divan::main();
}

fn build(request: RulesRequest) -> usize {
    let made = make(&Request::Rules(request), &Run::default()).expect("the rulebook builds");
    made.documents[0].bytes.len()
}

/// One game's rulebook as an A5 booklet PDF.
#[divan::bench(args = ["el", "kamon", "six", "gosforth"], sample_count = 20)]
fn booklet_pdf(game: &str) -> usize {
    build(RulesRequest { booklet: true, ..RulesRequest::new(game) })
}

/// The compendium of all four games, A4.
#[divan::bench(sample_count = 10)]
fn compendium_pdf() -> usize {
    build(RulesRequest::new("all"))
}

/// One game's HTML page.
#[divan::bench(sample_count = 20)]
fn html_page() -> usize {
    build(RulesRequest { format: RulesFormat::Html, ..RulesRequest::new("gosforth") })
}
