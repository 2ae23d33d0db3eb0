//! EL benchmarks: verified unique win-in-one generation, the exhaustive check alone,
//! and a 12-puzzle sheet with answer key rendered to PDF (in process).
//! Run with `cargo bench -p boardpress-benches --bench el`.

use boardpress::game::{Generator, PuzzleSpec, Task};
use boardpress::games::el::WinInOne;
use boardpress::layout::sheet::layout;
use boardpress::layout::{Footer, Paper};
use boardpress::sheet::{Drawing, Section as SheetSpec, Tile};
use divan::Bencher;

fn main() {
    divan::main();
}

fn request() -> Generator<WinInOne> {
    Generator::new(WinInOne::new(Default::default()), PuzzleSpec::new("bench"))
}

/// One verified, unique EL win-in-one puzzle (generation + exhaustive re-check).
#[divan::bench(sample_count = 30, sample_size = 2000)]
fn el_win_in_one_puzzle(bencher: Bencher) {
    let req = request();
    let mut n = 0u32;
    bencher.bench_local(|| {
        n += 1;
        req.puzzle(n).unwrap()
    });
}

/// The exhaustive check of one 6x6 position (every legal move).
#[divan::bench(sample_count = 30, sample_size = 2000)]
fn el_exhaustive_check(bencher: Bencher) {
    let puzzles = request().puzzles(500).unwrap();
    let task = WinInOne::new(Default::default());
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % puzzles.len();
        task.check(&puzzles[i].position).unwrap()
    });
}

/// A 12-puzzle sheet plus answer key: generate, lay out, render the PDF bytes.
#[divan::bench(sample_count = 20)]
fn el_sheet_pdf_12(bencher: Bencher) {
    let req = request();
    bencher.bench_local(|| {
        let puzzles = req.puzzles(12).unwrap();
        let tiles: Vec<Tile> = puzzles
            .iter()
            .map(|p| Tile {
                diagram: Drawing::kept(boardpress::games::el::draw::diagram(&p.position, 10.0, &[], &[])),
                label: format!("{}.", p.number),
                caption: "Red to play and win".into(),
                said: "Red to play and win.".into(),
                small: boardpress::games::el::position_id(&p.position),
                reference: String::new(),
            })
            .collect();
        let key: Vec<Tile> = puzzles
            .iter()
            .map(|p| Tile {
                diagram: Drawing::kept(boardpress::games::el::draw::diagram(
                    &p.position,
                    10.0,
                    &p.facts.solutions,
                    &[],
                )),
                label: format!("{}.", p.number),
                caption: String::new(),
                said: String::new(),
                small: String::new(),
                reference: String::new(),
            })
            .collect();
        let sections = [
            SheetSpec {
                title: "EL".into(),
                intro: vec![],
                tiles,
                per_page: 6,
                per_page_given: false,
                for_pupils: true,
                running_head: false,
            },
            SheetSpec {
                title: "Answers".into(),
                intro: vec![],
                tiles: key,
                per_page: 20,
                per_page_given: false,
                for_pupils: false,
                running_head: false,
            },
        ];
        let footer = Footer {
            seed: Some("bench".into()),
            command: "boardpress puzzles el --seed bench".into(),
            lang: boardpress::Lang::En,
            handout: false,
        };
        let pages = layout(Paper::A4, &sections, &footer, "bench", &Default::default()).unwrap();
        boardpress::render::pdf::render(&pages, &Default::default()).unwrap()
    });
}
