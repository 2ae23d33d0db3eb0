//! The form check over the whole matrix: every kind of document — sheets and keys of
//! every game and task, boards, token and piece sheets, score tracks, practice
//! positions, rulebooks and booklets (PDF, SVG pages, HTML), books in several trims,
//! large print and their covers, SVG pages and single diagrams — in English, German and
//! French, on A4 and Letter, plain and with the longest inputs (100-character title and
//! subtitle, a long author, the name line, EL 8x8, the most puzzles a page allows).
//!
//! Every document is made through the library, whose form check (`boardpress::form`)
//! stands between the layout and the writers: a page with a word off the live area,
//! text on text, a dark mark across a word or ink cut off is never written, and the
//! request fails instead. So each document made is a document checked; the test fails
//! on the first that is refused and prints how many pages of each kind passed. With
//! `FORM_MATRIX_OUT=DIR` it also writes every document there, for the independent
//! reading of `tests/form.py` (poppler's word boxes and a render without the text).
//!
//! A property test with random titles (`crates/boardpress/tests/titles.rs`) makes
//! worksheets that are each made, or refused with a message naming `--title` and the room
//! it has; never a page the check would refuse.

mod common;

use std::collections::BTreeMap;

use boardpress::fonts::Face;
use boardpress::form::{self, FaultKind, Medium};
use boardpress::scene::{Anchor, Points, Scene};
use boardpress::style;
use boardpress::{
    make, BoardRequest, BookRequest, Format, GameOptions, Header, Lang, Paper, PuzzlesRequest, Request, RulesFormat,
    RulesRequest, Run, SheetLook,
};

/// 100-character titles and subtitles a teacher or a club might write, per language.
fn long_header(lang: Lang) -> Header {
    let (title, subtitle) = match lang {
        Lang::En => (
            "Year 8 Maths Club – Weekly Puzzle Sheet No. 12: Winning Ideas for EL, Kamon, SIX and Gosforth (T. 2)",
            "Work in pairs, check each other's answers, and bring the finished sheet to Friday's lunch club, Sam!",
        ),
        Lang::De => (
            "Klasse 4b – Wöchentliches Arbeitsblatt Nr. 12: Gewinnstrategien für EL, Kamon, SIX und Gosforth (5.)",
            "Arbeitet zu zweit, prüft eure Lösungen gegenseitig und bringt das fertige Blatt am Freitag zum Club",
        ),
        Lang::Fr => (
            "Classe de 4e B – Fiche de travail hebdomadaire n° 12 : stratégies gagnantes au jeu EL (grille 6x6)",
            "Travaillez à deux, vérifiez les réponses de l'autre et rapportez la fiche terminée au club vendredi",
        ),
    };
    Header {
        title: Some(exactly_100(title)),
        subtitle: Some(exactly_100(subtitle)),
        name_line: true,
        author: Some(exactly_100(
            "Maria-Magdalena Wolkenstein-Oberhausen, Fachschaft Mathematik und Spiele, Gesamtschule",
        )),
    }
}

/// The longest seed the command line takes (150 characters, the whole of it printed in
/// every footer), and the widest: capital Ws with no place to break.
const LONG_SEED: &str = concat!(
    "club-night-WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"
);

/// The text padded with full stops to exactly 100 characters, the most a line of the
/// user's may have.
fn exactly_100(text: &str) -> String {
    assert!(text.chars().count() <= 100, "{text}");
    let mut t = text.to_string();
    while t.chars().count() < 100 {
        t.push('.');
    }
    t
}

/// A game, a task, and options of the game.
type Task = (&'static str, &'static str, &'static [(&'static str, &'static str)]);

/// Every (game, task, options) the puzzles command makes.
const TASKS: [Task; 14] = [
    ("el", "win-in-one", &[]),
    ("el", "win-in-one", &[("size", "8")]),
    ("el", "win-in-two", &[]),
    ("el", "defend", &[]),
    ("kamon", "win-in-one", &[]),
    ("kamon", "win-in-two", &[]),
    ("kamon", "defend", &[]),
    ("six", "win-in-one", &[]),
    ("six", "win-in-one", &[("round", "2")]),
    ("six", "win-in-two", &[]),
    ("six", "block", &[]),
    ("six", "defend", &[]),
    ("gosforth", "win-in-one", &[]),
    ("gosforth", "best-move", &[]),
];

fn options(pairs: &[(&str, &str)]) -> GameOptions {
    pairs.iter().fold(GameOptions::new(), |o, (k, v)| o.with(k, *v))
}

/// The pages of a made document (PDF: its page tree as qpdf reads it; SVG and HTML: one
/// each).
fn pages_in(bytes: &[u8]) -> usize {
    if !bytes.starts_with(b"%PDF") {
        return 1;
    }
    // A folder a call: the tests run side by side in this process.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = common::temp_dir(&format!("pages-{}", CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)));
    std::fs::write(dir.join("d.pdf"), bytes).unwrap();
    common::tool_output(&dir, "qpdf", &["--show-npages", "d.pdf"]).trim().parse().expect("a page count")
}

/// Tallies pages checked by kind, and writes documents for tests/form.py when asked.
#[derive(Default)]
struct Tally {
    pages: BTreeMap<String, usize>,
    documents: usize,
}

/// Where `FORM_MATRIX_OUT` asks documents to be written, if it does.
fn matrix_out() -> Option<std::path::PathBuf> {
    std::env::var_os("FORM_MATRIX_OUT").map(std::path::PathBuf::from)
}

impl Tally {
    fn made(&mut self, kind: &str, request: &Request) {
        let made = make(request, &Run { jobs: 1, ..Run::default() })
            .unwrap_or_else(|e| panic!("{kind}: {request:?}\n  was refused: {e}"));
        for d in &made.documents {
            *self.pages.entry(kind.to_string()).or_default() += pages_in(&d.bytes.to_vec());
            self.documents += 1;
            // The independent reading takes every document with the longest inputs,
            // every book and picture, and every third of the rest (it reads a page in
            // about a tenth of a second).
            let medium = match request {
                Request::Book(_) => "book",
                _ if d.part.as_deref().is_some_and(|p| !p.starts_with("page")) => "picture",
                _ => "sheet",
            };
            let sampled = kind.contains("longest") || medium != "sheet" || self.documents.is_multiple_of(3);
            if let (Some(dir), true, false) = (matrix_out(), sampled, d.name.ends_with(".html")) {
                let dir = dir.join(medium);
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(dir.join(format!("{}-{}", self.documents, d.name)), d.bytes.to_vec()).unwrap();
            }
        }
    }

    fn report(&self, what: &str) {
        let total: usize = self.pages.values().sum();
        eprintln!("form check, {what}: {} documents, {total} pages or pictures, no fault", self.documents);
        for (kind, n) in &self.pages {
            eprintln!("  {kind:<28} {n:>5}");
        }
    }
}

/// The most puzzles a page of this task takes on this paper with this header: asked for
/// 20, the request is refused with the number that keeps the diagrams' text readable.
fn most_per_page(req: &PuzzlesRequest) -> u8 {
    let ask = PuzzlesRequest { look: SheetLook { per_page: Some(20), ..req.look.clone() }, count: 40, ..req.clone() };
    match make(&Request::Puzzles(ask), &Run::default()) {
        Ok(_) => 20,
        Err(e) => {
            let tail = e.message();
            let tail = tail.split("at most ").nth(1).unwrap_or_else(|| panic!("{e}"));
            tail.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{e}"))
        }
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "a minute in release: cargo test --release --test form")]
fn every_sheet_of_every_task_passes_in_every_language_and_paper() {
    let mut tally = Tally::default();
    for lang in Lang::ALL {
        for paper in [Paper::A4, Paper::Letter] {
            for (game, task, opts) in TASKS {
                let plain = PuzzlesRequest {
                    task: Some(task.into()),
                    options: options(opts),
                    look: SheetLook { paper, lang, ..SheetLook::default() },
                    ..PuzzlesRequest::new(game, 6, "form")
                };
                tally.made("puzzle sheet", &Request::Puzzles(plain.clone()));
                let long = PuzzlesRequest {
                    look: SheetLook { header: long_header(lang), ..plain.look.clone() },
                    seed: LONG_SEED.into(),
                    ..plain.clone()
                };
                let most = most_per_page(&long);
                let full = PuzzlesRequest {
                    look: SheetLook { per_page: Some(most), ..long.look.clone() },
                    count: most as u32 * 2,
                    ..long
                };
                tally.made("puzzle sheet, longest", &Request::Puzzles(full.clone()));
                let look = SheetLook { handout: true, key: Some("answers/key.pdf".into()), ..full.look.clone() };
                let handout = PuzzlesRequest { look, ..full };
                tally.made("handout and key, longest", &Request::Puzzles(handout));
                if paper == Paper::A4 {
                    let svg = PuzzlesRequest {
                        look: SheetLook { format: Format::Svg, ..plain.look.clone() },
                        ..plain.clone()
                    };
                    tally.made("puzzle sheet, SVG pages", &Request::Puzzles(svg.clone()));
                    let diagrams =
                        PuzzlesRequest { look: SheetLook { diagrams: true, ..svg.look.clone() }, count: 3, ..svg };
                    tally.made("single SVG diagram", &Request::Puzzles(diagrams));
                }
            }
        }
    }
    tally.report("puzzle sheets and keys");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "half a minute in release: cargo test --release --test form")]
fn every_board_passes_in_every_language_and_paper() {
    // What each board is, its game, and what it asks beyond the game's plain board.
    type Board = (&'static str, &'static str, fn(&mut BoardRequest));
    let boards: [Board; 11] = [
        ("board", "el", |_| {}),
        ("board", "el", |r| r.per_page = 4),
        ("board", "el", |r| r.options = options(&[("size", "8")])),
        ("board", "el", |r| r.options = options(&[("size", "26")])),
        ("board", "kamon", |r| r.seed = Some("form".into())),
        ("board", "kamon", |r| r.options = options(&[("blank", "true")])),
        ("token sheet", "kamon", |r| {
            r.seed = Some("form".into());
            r.options = options(&[("tokens", "true")]);
        }),
        ("board", "six", |_| {}),
        ("token sheet", "six", |r| r.options = options(&[("tokens", "true")])),
        ("board and score tracks", "gosforth", |_| {}),
        ("practice positions", "gosforth", |r| {
            r.seed = Some("form".into());
            r.count = Some(3);
        }),
    ];
    let mut tally = Tally::default();
    for lang in Lang::ALL {
        for paper in [Paper::A4, Paper::Letter] {
            for (kind, game, set) in boards {
                let mut req = BoardRequest { paper, lang, ..BoardRequest::new(game) };
                set(&mut req);
                tally.made(kind, &Request::Board(req.clone()));
                let seed = req.seed.as_ref().map(|_| LONG_SEED.to_string());
                let long = BoardRequest { header: long_header(lang), seed, ..req.clone() };
                tally.made(&format!("{kind}, longest"), &Request::Board(long));
                if paper == Paper::A4 && lang == Lang::En {
                    tally.made(&format!("{kind}, SVG"), &Request::Board(BoardRequest { format: Format::Svg, ..req }));
                }
            }
        }
    }
    tally.report("boards");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "half a minute in release: cargo test --release --test form")]
fn every_rulebook_and_booklet_passes_in_every_language_and_paper() {
    let mut tally = Tally::default();
    for lang in Lang::ALL {
        for paper in [Paper::A4, Paper::Letter] {
            for game in ["el", "kamon", "six", "gosforth", "all"] {
                for booklet in [false, true] {
                    let req = RulesRequest { booklet, paper, lang, ..RulesRequest::new(game) };
                    let kind = if booklet { "booklet" } else { "rulebook" };
                    tally.made(kind, &Request::Rules(req.clone()));
                    if paper == Paper::A4 {
                        let svg = RulesRequest { format: RulesFormat::Svg, ..req };
                        tally.made(&format!("{kind}, SVG pages"), &Request::Rules(svg));
                    }
                }
                if paper == Paper::A4 {
                    let html = RulesRequest { format: RulesFormat::Html, lang, ..RulesRequest::new(game) };
                    tally.made("rulebook, HTML diagrams", &Request::Rules(html));
                }
            }
            let el8 = RulesRequest { paper, lang, options: options(&[("size", "8")]), ..RulesRequest::new("el") };
            tally.made("rulebook", &Request::Rules(el8));
        }
    }
    tally.report("rulebooks");
}

/// The longest title a book's section may have (60 characters).
const SECTION_TITLE: &str = "EL for the summer term: twenty-four puzzles, easy to expert!";

/// A book spec: every game, the longest front matter, on `trim`.
fn book_spec(lang: Lang, trim: &str, large_print: bool, solutions: &str) -> String {
    let h = long_header(lang);
    let q = |s: &Option<String>| s.clone().unwrap_or_default().replace('"', "\\\"");
    format!(
        "title = \"{}\"\nsubtitle = \"{}\"\nauthor = \"{}\"\ntrim = \"{trim}\"\nseed = \"form\"\nlang = \"{}\"\n\
         large_print = {large_print}\nsolutions = \"{solutions}\"\nbleed = {large_print}\n\n\
         [[section]]\ntitle = \"{SECTION_TITLE}\"\ngame = \"el\"\ncount = 24\n\n\
         [[section]]\ntitle = \"Kamon\"\ngame = \"kamon\"\ncount = 8\n\n\
         [[section]]\ntitle = \"SIX\"\ngame = \"six\"\ntask = \"defend\"\ncount = 6\n\n\
         [[section]]\ntitle = \"SIX\"\ngame = \"six\"\ntask = \"win-in-two\"\ncount = 6\n\n\
         [[section]]\ntitle = \"Gosforth\"\ngame = \"gosforth\"\ntask = \"best-move\"\ncount = 6\nname_line = true\n",
        q(&h.title),
        q(&h.subtitle),
        q(&h.author),
        lang.word(),
    )
}

#[test]
#[cfg_attr(debug_assertions, ignore = "a minute in release: cargo test --release --test form")]
fn every_book_and_cover_passes_in_every_language_and_trim() {
    let mut tally = Tally::default();
    for lang in Lang::ALL {
        for (trim, large_print, solutions) in
            [("6x9in", false, "end"), ("5x8in", false, "section"), ("8.5x11in", true, "end"), ("a5", true, "section")]
        {
            let req = BookRequest {
                name: format!("form-{trim}.toml"),
                text: book_spec(lang, trim, large_print, solutions),
                cover: true,
            };
            let kind = if large_print { "large-print book and cover" } else { "book and cover" };
            tally.made(kind, &Request::Book(req));
        }
    }
    tally.report("books");
}

/// One page with a fault of `kind` planted in it, as the check sees it and as a PDF
/// written past the check (for tests/form.py to find it again).
fn planted(kind: FaultKind) -> Scene {
    let mut s = Scene::new(148.0, 210.0);
    s.text(30.0, 40.0, Points(12.0), "Planted", Face::Regular, Anchor::Start, style::INK);
    match kind {
        FaultKind::OffLiveArea => s.text(1.0, 100.0, Points(12.0), "Edge", Face::Regular, Anchor::Start, style::INK),
        FaultKind::TextOnText => s.text(36.0, 41.0, Points(12.0), "Overprint", Face::Bold, Anchor::Start, style::INK),
        FaultKind::MarkOnText => s.line(25.0, 38.0, 70.0, 38.0, style::stroke(style::INK, 0.4)),
        FaultKind::Clipped => s.rect(140.0, 100.0, 20.0, 20.0, Some(style::INK), None),
    }
    s
}

#[test]
fn planted_faults_are_found_by_the_check_and_refused() {
    for kind in FaultKind::ALL {
        let page = planted(kind);
        let found: Vec<FaultKind> = form::check(&page, &Medium::Sheet).iter().map(|f| f.kind).collect();
        assert_eq!(found, [kind], "a planted {kind:?}");
        let refused = form::ensure(std::slice::from_ref(&page), |_| Medium::Sheet, "planted.pdf").unwrap_err();
        assert!(refused.message().contains("not written"), "{refused}");
        if let Some(dir) = matrix_out() {
            let dir = dir.join("planted");
            std::fs::create_dir_all(&dir).unwrap();
            let pdf = boardpress::render::pdf::render(std::slice::from_ref(&page), &Default::default()).unwrap();
            std::fs::write(dir.join(format!("{kind:?}.pdf")), pdf).unwrap();
            std::fs::write(dir.join(format!("{kind:?}.svg")), boardpress::render::svg::render(&page)).unwrap();
        }
    }
}
