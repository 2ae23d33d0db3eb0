//! The library API: requests in, documents out, in memory. One process makes every kind
//! of document, one after another (and again in the reverse order), and each must equal
//! what the command line makes for the same request in a process of its own: a
//! document's bytes never depend on what was made before it.

mod common;
mod pdfread;

use common::temp_dir;
use std::path::Path;
use std::process::Command;

use boardpress::{
    make, BoardRequest, Format, GameOptions, PuzzlesRequest, RenderRequest, Request, RulesFormat, RulesRequest, Run,
};

/// What the binary writes for `args` (one file, or several SVG pages in order).
fn cli_files(dir: &Path, args: &[&str], svg: bool) -> Vec<Vec<u8>> {
    let out = dir.join(if svg { "cli.svg" } else { "cli.out" });
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .args(args)
        .arg("--out")
        .arg(&out)
        .current_dir(dir)
        .env_remove("SOURCE_DATE_EPOCH")
        .output()
        .unwrap();
    assert!(status.status.success(), "{args:?}: {}", String::from_utf8_lossy(&status.stderr));
    if !svg {
        return vec![std::fs::read(&out).unwrap()];
    }
    (1..)
        .map(|i| dir.join(format!("cli-page{i}.svg")))
        .take_while(|p| p.exists())
        .map(|p| std::fs::read(p).unwrap())
        .collect()
}

fn puzzles(game: &str, task: Option<&str>, count: u32, format: Format) -> PuzzlesRequest {
    let mut req = PuzzlesRequest { task: task.map(str::to_string), ..PuzzlesRequest::new(game, count, "lib") };
    req.look.format = format;
    req
}

/// Every kind of document, as a request and the command line that asks for it.
fn cases(jsonl: &str) -> Vec<(Request, Vec<String>, bool)> {
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let mut list = Vec::new();
    for (game, task) in [
        ("el", None),
        ("el", Some("win-in-two")),
        ("el", Some("defend")),
        ("kamon", None),
        ("kamon", Some("win-in-two")),
        ("six", None),
        ("six", Some("block")),
        ("six", Some("win-in-two")),
        ("six", Some("defend")),
        ("gosforth", None),
        ("gosforth", Some("win-in-one")),
    ] {
        let task_words = task.map(|t| format!(" --task {t}")).unwrap_or_default();
        list.push((
            Request::Puzzles(puzzles(game, task, 3, Format::Pdf)),
            words(&format!("puzzles {game} --count 3 --seed lib -q{task_words}")),
            false,
        ));
    }
    list.push((
        Request::Puzzles(puzzles("el", None, 3, Format::Jsonl)),
        words("puzzles el --count 3 --seed lib --format jsonl -q"),
        false,
    ));
    list.push((
        Request::Puzzles(puzzles("kamon", None, 2, Format::Svg)),
        words("puzzles kamon --count 2 --seed lib --format svg -q"),
        true,
    ));
    let el_variant = PuzzlesRequest {
        options: GameOptions::new().with("size", "8").with("numbers", "8"),
        ..puzzles("el", None, 2, Format::Pdf)
    };
    list.push((Request::Puzzles(el_variant), words("puzzles el --count 2 --seed lib --size 8 --numbers 8 -q"), false));
    for game in ["el", "kamon", "six", "gosforth"] {
        list.push((Request::Board(BoardRequest::new(game)), words(&format!("board {game}")), false));
        list.push((Request::Rules(RulesRequest::new(game)), words(&format!("rules {game}")), false));
    }
    let seeded = BoardRequest { seed: Some("lib".into()), count: Some(2), ..BoardRequest::new("kamon") };
    list.push((Request::Board(seeded), words("board kamon --seed lib --count 2"), false));
    let el8 = BoardRequest {
        options: GameOptions::new().with("size", "8").with("numbers", "8"),
        per_page: 2,
        ..BoardRequest::new("el")
    };
    list.push((Request::Board(el8), words("board el --size 8 --numbers 8 --per-page 2"), false));
    list.push((
        Request::Board(BoardRequest { format: Format::Svg, ..BoardRequest::new("six") }),
        words("board six --format svg"),
        true,
    ));
    list.push((Request::Rules(RulesRequest::new("all")), words("rules all"), false));
    list.push((
        Request::Rules(RulesRequest { booklet: true, ..RulesRequest::new("kamon") }),
        words("rules kamon --booklet"),
        false,
    ));
    list.push((
        Request::Rules(RulesRequest { format: RulesFormat::Html, ..RulesRequest::new("six") }),
        words("rules six --format html"),
        false,
    ));
    // The binary runs in a folder beside the file; the footer quotes the name as given.
    let mut render = RenderRequest::new("../lib.jsonl", jsonl);
    render.look.paper = boardpress::Paper::Letter;
    render.look.per_page = Some(2);
    list.push((Request::Render(render), words("render ../lib.jsonl --paper letter --per-page 2"), false));
    list
}

#[test]
fn every_document_made_after_others_in_one_process_equals_the_one_made_alone() {
    let dir = temp_dir("sequence");
    let jsonl_req = Request::Puzzles(puzzles("gosforth", None, 3, Format::Jsonl));
    let jsonl = String::from_utf8(make(&jsonl_req, &Run::default()).unwrap().documents[0].bytes.to_vec()).unwrap();
    let cases = cases(&jsonl);
    let forward: Vec<Vec<Vec<u8>>> = cases
        .iter()
        .map(|(r, _, _)| make(r, &Run::default()).unwrap().documents.into_iter().map(|d| d.bytes.into_vec()).collect())
        .collect();
    let mut backward: Vec<Vec<Vec<u8>>> = cases
        .iter()
        .rev()
        .map(|(r, _, _)| {
            make(r, &Run { jobs: 1, ..Run::default() })
                .unwrap()
                .documents
                .into_iter()
                .map(|d| d.bytes.into_vec())
                .collect()
        })
        .collect();
    backward.reverse();
    for (((_, args, svg), made), again) in cases.iter().zip(&forward).zip(&backward) {
        assert_eq!(made, again, "{args:?}: the order of making, or the thread count, changed the bytes");
        std::fs::write(dir.join("lib.jsonl"), &jsonl).unwrap();
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let alone = cli_files(&dir.join("cli"), &argv, *svg);
        assert_eq!(made.len(), alone.len(), "{args:?}: number of files");
        for (i, (a, b)) in made.iter().zip(&alone).enumerate() {
            assert!(a == b, "{args:?}: file {} differs from `boardpress {}` run alone", i + 1, args.join(" "));
        }
    }
}

#[test]
fn render_in_process_equals_the_command_line() {
    let dir = temp_dir("render");
    let jsonl_req = Request::Puzzles(puzzles("six", Some("win-in-two"), 2, Format::Jsonl));
    let jsonl = make(&jsonl_req, &Run::default()).unwrap().documents[0].bytes.to_vec();
    std::fs::write(dir.join("six.jsonl"), &jsonl).unwrap();
    // Something else first, in the same process.
    make(&Request::Rules(RulesRequest::new("el")), &Run::default()).unwrap();
    let render = RenderRequest::new("six.jsonl", &String::from_utf8(jsonl).unwrap());
    let made = make(&Request::Render(render), &Run::default()).unwrap();
    assert_eq!(made.documents[0].name, "six.pdf");
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .args(["render", "six.jsonl", "--out", "six.pdf"])
        .current_dir(&dir)
        .env_remove("SOURCE_DATE_EPOCH")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(std::fs::read(dir.join("six.pdf")).unwrap() == made.documents[0].bytes, "render: library and CLI differ");
}

#[test]
fn progress_is_reported_and_a_callback_can_cancel() {
    use std::sync::atomic::{AtomicU32, Ordering};
    let calls = AtomicU32::new(0);
    let count = |p: boardpress::Progress| {
        assert_eq!(p.wanted, 20);
        calls.fetch_add(1, Ordering::Relaxed);
        true
    };
    let request = Request::Puzzles(puzzles("el", Some("win-in-two"), 20, Format::Jsonl));
    let made = make(&request, &Run { progress: Some(&count), ..Run::default() }).unwrap();
    assert!(calls.load(Ordering::Relaxed) >= 20, "at least one report per puzzle found");
    assert_eq!(String::from_utf8_lossy(&made.documents[0].bytes.to_vec()).lines().count(), 20);
    let stop = |p: boardpress::Progress| p.found < 3;
    let err = make(&request, &Run { progress: Some(&stop), jobs: 1, ..Run::default() }).unwrap_err();
    assert!(err.message().contains("cancelled"), "{err}");
    assert_eq!(err.exit_status(), 1);
}

#[test]
fn bad_requests_are_input_errors_naming_the_problem() {
    let run = Run::default();
    let bad = |r: Request, needle: &str| {
        let e = make(&r, &run).unwrap_err();
        assert_eq!(e.exit_status(), 2, "{e}");
        assert!(e.message().contains(needle), "{needle:?} not in {e}");
        // The library names options in quotes; the command line and the web page write
        // them as flags, through one renderer.
        let option = e.words.options().next().map(str::to_string);
        let flags = boardpress_cli::error_words(&e);
        match option {
            Some(name) => {
                assert!(flags.contains(&format!("--{name}")) && !flags.contains(&format!("'{name}'")), "{flags}")
            }
            None => assert_eq!(flags, e.message()),
        }
    };
    bad(Request::Puzzles(puzzles("chess", None, 1, Format::Pdf)), "unknown game 'chess'");
    bad(Request::Puzzles(puzzles("el", Some("mate"), 1, Format::Pdf)), "'task' mate");
    bad(
        Request::Puzzles(PuzzlesRequest {
            options: GameOptions::new().with("round", "2"),
            ..puzzles("el", None, 1, Format::Pdf)
        }),
        "'round' is for six puzzles (not el)",
    );
    bad(
        Request::Puzzles(PuzzlesRequest {
            options: GameOptions::new().with("round", "5"),
            ..puzzles("six", None, 1, Format::Pdf)
        }),
        "'round': '5' is not a whole number from 1 to 2",
    );
    bad(Request::Puzzles(PuzzlesRequest { count: 0, ..puzzles("el", None, 1, Format::Pdf) }), "'count' 0");
    bad(
        Request::Puzzles(PuzzlesRequest { any_wins: true, ..puzzles("gosforth", None, 1, Format::Pdf) }),
        "'any-wins' does not apply",
    );
    bad(Request::Board(BoardRequest { per_page: 3, ..BoardRequest::new("six") }), "'per-page' is for el boards");
    bad(
        Request::Rules(RulesRequest { options: GameOptions::new().with("target", "14"), ..RulesRequest::new("el") }),
        "'target' is for gosforth rulebooks (not el)",
    );
    bad(Request::Render(RenderRequest::new("x.jsonl", "{}\n")), "x.jsonl:1: missing field 'game'");
}

/// A planned puzzles request names its file before a puzzle is mined, and makes (or
/// streams) the same bytes as the request made in one call.
#[test]
fn a_planned_request_makes_what_the_request_makes() {
    for format in [Format::Pdf, Format::Jsonl] {
        let req = puzzles("kamon", None, 3, format);
        let whole = boardpress::make(&Request::Puzzles(req.clone()), &Run::default()).unwrap();
        let planned = boardpress::api::plan_puzzles(req.clone()).unwrap();
        assert_eq!(planned.stem(), whole.stem);
        if format == Format::Jsonl {
            let mut streamed = Vec::new();
            let mined = planned
                .stream_records(&Run::default(), &mut |line| {
                    streamed.extend_from_slice(line);
                    Ok(())
                })
                .unwrap();
            assert_eq!(mined.found, 3);
            assert_eq!(streamed, whole.documents[0].bytes);
        } else {
            let made = planned.make(&Run::default()).unwrap();
            assert_eq!(made.command, whole.command);
            let bytes = |m: &boardpress::Made| m.documents.iter().map(|d| d.bytes.clone()).collect::<Vec<_>>();
            assert_eq!(bytes(&made), bytes(&whole));
        }
    }
    assert!(boardpress::api::plan_puzzles(puzzles("kamon", Some("best-move"), 3, Format::Pdf)).is_err());
}

/// The first page a request hands back for a preview is drawn only when asked, and it is
/// the document's first page: as SVG pages, its drawing gives the first file's bytes; a
/// book's (a PDF only) is its title page.
#[test]
fn the_first_page_drawn_for_a_preview_is_the_documents_first_page() {
    let requests = [
        Request::Puzzles(puzzles("el", None, 12, Format::Svg)),
        Request::Puzzles(puzzles("kamon", Some("win-in-two"), 3, Format::Svg)),
        Request::Board(BoardRequest { format: Format::Svg, ..BoardRequest::new("six") }),
        Request::Rules(RulesRequest { format: RulesFormat::Svg, ..RulesRequest::new("gosforth") }),
    ];
    let run = Run { jobs: 1, ..Run::default() };
    for request in &requests {
        let made = make(request, &run).unwrap();
        let first = made.first_page.as_ref().expect("pages have a first page").draw();
        let drawn = boardpress::render::svg::render(&first);
        assert_eq!(drawn.as_bytes(), made.documents[0].bytes.to_vec(), "{request:?}");
    }
    let text = "title = \"Preview Title\"\ntrim = \"6x9in\"\nseed = \"p\"\n[[section]]\ntitle = \"EL\"\ngame = \"el\"\ncount = 4\n";
    let book = Request::Book(boardpress::BookRequest { name: "p.toml".into(), text: text.into(), cover: false });
    let first = make(&book, &run).unwrap().first_page.expect("a book has a first page").draw();
    let words: Vec<&str> = boardpress::scene::leaves(&first.items)
        .filter_map(|item| match item {
            boardpress::scene::Item::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert!(words.contains(&"Preview Title"), "the book's first page says {words:?}");
}

#[test]
fn every_page_and_drawing_is_compressed() {
    // A SIX token's drawing is one whose compressed bytes end with a carriage return;
    // such a stream was once left uncompressed (a page of one could double the file).
    let made = make(&Request::Puzzles(puzzles("six", None, 12, Format::Pdf)), &Run::default()).unwrap();
    let dir = temp_dir("compressed");
    let path = dir.join("six.pdf");
    std::fs::write(&path, made.documents[0].bytes.to_vec()).unwrap();
    let pdf = pdfread::Pdf::load_undecoded(&path);
    let pages = pdf.pages();
    let mut contents: Vec<serde_json::Value> = pages.iter().flat_map(|p| pdf.contents(p)).cloned().collect();
    contents.extend(pdf.forms());
    assert!(contents.len() > 3, "{} content streams", contents.len());
    for id in contents {
        assert_eq!(pdf.get(&id)["/Filter"], "/FlateDecode", "object {id} is not compressed");
        assert_ne!(pdf.data(&id).last(), Some(&b'\r'), "object {id} ends with a carriage return");
    }
}
