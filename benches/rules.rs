//! Rulebook benchmarks: one game's booklet (tera, Markdown, engine-checked diagrams,
//! hyphenated layout, imposition, subset fonts) to PDF bytes, in process.
//! Run with `cargo bench --bench rules`. The whole-process figure (start-up included)
//! is in the README.

use boardpress::app::run;
use boardpress::cli::Cli;
use clap::Parser;

fn main() {
    divan::main();
}

fn build(args: &[&str]) -> usize {
    let cli = Cli::try_parse_from(args).expect("valid arguments");
    let mut sink = Vec::new();
    run(cli.command, &mut sink).expect("the rulebook builds");
    sink.len()
}

/// One game's rulebook as an A5 booklet PDF.
#[divan::bench(args = ["el", "kamon", "six", "gosforth"], sample_count = 20)]
fn booklet_pdf(game: &str) -> usize {
    build(&["boardpress", "rules", game, "--booklet", "--out", "-"])
}

/// The compendium of all four games, A4.
#[divan::bench(sample_count = 10)]
fn compendium_pdf() -> usize {
    build(&["boardpress", "rules", "all", "--out", "-"])
}

/// One game's HTML page.
#[divan::bench(sample_count = 20)]
fn html_page() -> usize {
    build(&["boardpress", "rules", "gosforth", "--format", "html", "--out", "-"])
}
