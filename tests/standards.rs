//! The standards the PDFs claim, read back with qpdf (not with the writer's own library):
//!
//! - a screen-reader user can solve every puzzle: each figure's alternative text,
//!   alone, rebuilds the position — every cell, who is to move, what constrains the
//!   move — and it is the position of the puzzle's record; an answer's caption (as it is
//!   read: its `/ActualText`) names every solution and its figure outlines it; no
//!   caption read with its stars or a coordinate pair as printed; in English, German
//!   and French (the words read back by tests/described);
//! - the structure follows the page: the title a level 1 heading, a figure with a box
//!   for every diagram, each puzzle's caption, the footer out of the structure;
//! - the metadata: title as printed, author, language, the information dictionary and
//!   the XMP packet agreeing, no date unless one is given, the PDF/UA and PDF/A marks;
//! - print-ready books (`pdf_x = true`): every PDF/X-4 requirement, and none of its keys
//!   without it; `ink = "black"` pages in one ink, rasterised by poppler and looked at
//!   pixel by pixel; bad values refused with the key and its line.
//!
//! The validator itself (page-validation, PDF/UA-1 and PDF/A-2a) runs in
//! `tests/standards.sh`.

mod common;

use common::{netpbm, ok, pdftotext, run, temp_dir};
mod described;
mod pdfread;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use described::{
    el_board, gosforth_position, kamon_board, listener_faults, plain, said_pair, sentence, six_table, turn, Turn,
    Words, ENGLISH, FRENCH, GERMAN,
};
use pdfread::{Element, Pdf};
use serde_json::Value;

/// Each puzzle's (and answer's) group of a PDF in reading order: its caption as a
/// reader hears it (its `/ActualText`), its figure's alternative text, and whether the
/// figure has a bounding box.
fn tiles(pdf: &Pdf) -> Vec<(String, String, bool)> {
    pdf.structure()
        .walk()
        .into_iter()
        .filter(|e| e.kind == "Div")
        .filter_map(|g| {
            let caption = g.kids.iter().find(|k| k.kind == "Caption")?;
            let figure = g.kids.iter().find(|k| k.kind == "Figure")?;
            Some((
                plain(caption.actual.as_deref().unwrap_or("")),
                plain(figure.alt.as_deref().unwrap_or("")),
                figure.bbox.as_ref().is_some_and(|b| b.len() == 4),
            ))
        })
        .collect()
}

/// The number a caption starts with ("3. Red to play and win").
fn numbered(text: &str) -> Option<u64> {
    text.split('.').next()?.trim().parse().ok()
}

/// Makes a sheet and its records with the same words, checks every tile against the
/// records: each puzzle's position rebuilt from its figure's words alone, each answer's
/// caption naming every solution and its figure outlining it, captions read without
/// stars or printed coordinate pairs.
fn sheet_matches_records(dir: &Path, game: &str, task: &str, w: &Words) {
    // SIX's round two is a win in one asked with --round 2.
    let (task_args, task) = match task {
        "round-2" => (["--round", "2"], "win-in-one"),
        t => (["--task", t], t),
    };
    let args = ["puzzles", game, task_args[0], task_args[1], "--count", "4", "--seed", "alt", "--lang", w.lang];
    let pdf_path = dir.join(format!("{game}-{}-{}.pdf", task_args.concat(), w.lang));
    let mut pdf_args = args.to_vec();
    pdf_args.extend(["--out", pdf_path.to_str().unwrap()]);
    ok(dir, &pdf_args);
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "jsonl", "--out", "-"]);
    let records: Vec<Value> = String::from_utf8(ok(dir, &json_args).stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let pdf = Pdf::load(&pdf_path);
    let tiles = tiles(&pdf);
    assert_eq!(tiles.len(), 2 * records.len(), "{game} {task} {}: a group per puzzle and per answer", w.lang);
    assert!(tiles.iter().all(|(_, _, boxed)| *boxed), "every figure has its bounding box");
    let by_number: BTreeMap<u64, &Value> = records.iter().map(|r| (r["number"].as_u64().unwrap(), r)).collect();
    for (k, (caption, text, _)) in tiles.iter().enumerate() {
        let is_answer = k >= records.len();
        let n =
            numbered(caption).unwrap_or_else(|| panic!("{game} {}: a caption without its number: {caption}", w.lang));
        let record = by_number[&n];
        let context = format!("{game} {task} {} #{n}: {caption} | {text}", w.lang);
        assert!(!caption.contains(['★', '☆']), "{context}: the stars are said as a word");
        assert!(!printed_pair(caption) && !printed_pair(text), "{context}: a coordinate pair as printed");
        let faults = [listener_faults(caption, w), listener_faults(text, w)].concat();
        assert!(faults.is_empty(), "{context}: {faults:?}");
        // The position, rebuilt from the figure's words alone.
        let turn_letter = |names: &[&str], letters: [&str; 2]| match turn(text, names, w) {
            Turn::ToMove(p) => letters[p].to_string(),
            other => panic!("{context}: a puzzle's game is not over: {other:?}"),
        };
        match game {
            "el" => {
                assert_eq!(el_board(text, w), record["board"].as_str().unwrap(), "{context}");
                let Turn::ToMove(p) = turn(text, &w.el_players, w) else { panic!("{context}") };
                assert_eq!(["r", "b", "g", "y"][p], record["to_move"].as_str().unwrap(), "{context}");
                assert!(text.contains(&format!("{0}x{0}", record["params"]["size"])), "{context}");
            }
            "kamon" => {
                let (board, constraint) = kamon_board(text, w);
                assert_eq!(board, record["board"].as_str().unwrap(), "{context}");
                assert_eq!(constraint.as_deref(), record["constraint"].as_str(), "{context}");
                assert_eq!(turn_letter(&w.kamon_players, ["B", "W"]), record["to_move"].as_str().unwrap(), "{context}");
            }
            "six" => {
                let (tokens, hands) = six_table(text, w);
                let mut expected: Vec<(i64, i64, String)> = record["board"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| (t[0].as_i64().unwrap(), t[1].as_i64().unwrap(), t[2].as_str().unwrap().to_string()))
                    .collect();
                expected.sort();
                assert_eq!(tokens, expected, "{context}");
                let h = &record["params"]["hands"];
                assert_eq!(hands, (h["r"].as_u64().unwrap(), h["b"].as_u64().unwrap()), "{context}");
                assert_eq!(turn_letter(&w.six_players, ["r", "b"]), record["to_move"].as_str().unwrap(), "{context}");
            }
            "gosforth" => {
                let (board, scores, target, last) = gosforth_position(text, w);
                assert_eq!(board, record["board"].as_str().unwrap(), "{context}");
                let s = &record["scores"];
                assert_eq!(scores, (s["x"].as_u64().unwrap(), s["o"].as_u64().unwrap()), "{context}");
                assert_eq!(target, record["params"]["target"].as_u64().unwrap(), "{context}");
                assert_eq!(turn_letter(&["X", "O"], ["x", "o"]), record["to_move"].as_str().unwrap(), "{context}");
                // The ID's fifth part is the piece just slid ('-' for none).
                let id_last = record["id"].as_str().unwrap().split(':').nth(4).unwrap();
                assert_eq!(last.as_deref().unwrap_or("-"), id_last, "{context}");
            }
            other => panic!("game {other}"),
        }
        if !is_answer {
            assert!(sentence(text, w.outlined).is_none(), "{context}: a puzzle's figure outlines nothing");
            continue;
        }
        // The answer: its caption names every solution, its figure outlines it.
        let outlined = sentence(text, w.outlined).unwrap_or_default();
        for s in record["solutions"].as_array().unwrap() {
            let (said, drawn) = match (&s["cell"], &s["slide"]) {
                (Value::String(c), _) => (c.clone(), c.clone()),
                (Value::Array(qr), _) => {
                    let p = said_pair(qr[0].as_i64().unwrap(), qr[1].as_i64().unwrap(), w);
                    (p.clone(), p)
                }
                (_, Value::String(from)) => {
                    let to = s["to"].as_str().unwrap();
                    let arrow = format!("{}{from}{}{to}", w.gosforth_arrow.1.trim_start(), w.gosforth_arrow.2);
                    (format!("{}{from}{}{to}", w.slide.0, w.slide.1), arrow)
                }
                (_, _) if s["to"].is_array() => {
                    // A round-two relocation: the cell it goes to (the lifts are many).
                    let to = &s["to"];
                    let p = said_pair(to[0].as_i64().unwrap(), to[1].as_i64().unwrap(), w);
                    (p.clone(), p)
                }
                _ if s["claim"] == Value::Bool(true) => (w.gosforth_claim.to_string(), String::new()),
                _ => panic!("{context}: solution {s}"),
            };
            assert!(caption.contains(&said), "{context}: the answer does not name {said}");
            if let Some(number) = s["number"].as_u64() {
                assert!(caption.contains(&number.to_string()), "{context}: the answer does not say {number}");
                assert!(outlined.contains(&format!("{}{said}", w.el_on)), "{context}: {said} is not outlined");
            } else if s["slide"].is_string() {
                assert!(text.contains(&drawn), "{context}: no arrow '{drawn}'");
            } else if !drawn.is_empty() {
                assert!(outlined.contains(&drawn), "{context}: {drawn} is not outlined");
            }
        }
    }
}

/// Whether a text holds a coordinate pair as printed, "(1,0)" or "(3,-4)" (no space, a
/// minus sign): a screen reader says the first as a decimal and may drop the second's
/// minus. Said pairs are "(1, 0)", "(1; 0)", "(1 ; 0)", "(3, minus 4)".
fn printed_pair(text: &str) -> bool {
    text.match_indices('(').any(|(at, _)| {
        let inner = &text[at + 1..];
        let Some(close) = inner.find(')') else { return false };
        let Some((q, r)) = inner[..close].split_once(',') else { return false };
        q.parse::<i64>().is_ok() && r.parse::<i64>().is_ok()
    })
}

#[test]
fn every_figure_of_a_sheet_rebuilds_its_puzzle_in_every_language() {
    let dir = temp_dir("alt");
    for w in [&ENGLISH, &GERMAN, &FRENCH] {
        for (game, task) in [
            ("el", "win-in-one"),
            ("el", "defend"),
            ("kamon", "win-in-one"),
            ("kamon", "win-in-two"),
            ("six", "win-in-one"),
            ("six", "block"),
            ("gosforth", "best-move"),
            ("gosforth", "win-in-one"),
            ("el", "win-in-two"),
            ("kamon", "defend"),
            ("six", "win-in-two"),
            ("six", "defend"),
            ("six", "round-2"),
        ] {
            sheet_matches_records(&dir, game, task, w);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every text shown inside an element (its own marked content, as poppler reads it).
fn struct_text(path: &Path) -> String {
    let out = Command::new("pdfinfo").arg("-struct-text").arg(path).output().expect("pdfinfo (poppler-utils)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Each heading's level and text, in the order poppler reads the structure.
fn heading_texts(struct_text: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = struct_text.lines().collect();
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.len() >= 2 && t.starts_with('H') && t[1..2].chars().all(|c| c.is_ascii_digit()) {
            let text = lines.get(k + 1).map(|l| l.trim().trim_matches('"').to_string()).unwrap_or_default();
            out.push((t[..2].to_string(), text));
        }
    }
    out
}

fn headings(root: &Element) -> Vec<String> {
    root.walk().into_iter().filter(|e| e.kind.starts_with('H') && e.kind.len() == 2).map(|e| e.kind.clone()).collect()
}

#[test]
fn the_structure_follows_the_page_and_the_footer_stays_out_of_it() {
    let dir = temp_dir("structure");
    ok(&dir, &["puzzles", "kamon", "--count", "5", "--seed", "tree", "--out", "k.pdf"]);
    let path = dir.join("k.pdf");
    let pdf = Pdf::load(&path);
    let root = pdf.structure();
    assert_eq!(root.kind, "Document");
    // The sheet's title and the answers' heading, each once, though printed on every page.
    let text = struct_text(&path);
    assert_eq!(headings(&root), ["H1", "H1"], "{text}");
    assert_eq!(text.matches("\"Kamon — win in one\"").count(), 1, "{text}");
    assert_eq!(text.matches("\"Answers\"").count(), 1, "{text}");
    // Each puzzle: a caption (its number and task), a figure, its position ID.
    let groups: Vec<&Element> = root.walk().into_iter().filter(|e| e.kind == "Div").collect();
    assert_eq!(groups.len(), 10, "five puzzles and five answers");
    for g in groups {
        let kinds: Vec<&str> = g.kids.iter().map(|k| k.kind.as_str()).collect();
        assert_eq!(&kinds[..2], ["Caption", "Figure"], "{kinds:?}");
    }
    // The footer (seed, page n/N, the command) is furniture: printed, not in the tree.
    let printed = pdftotext(&path, &[]);
    assert!(printed.contains("recreate with: boardpress puzzles kamon"), "{printed}");
    assert!(!text.contains("recreate with") && !text.contains("page 1/"), "{text}");
    // A rulebook: title, chapters and sections nest H1 > H2 > H3; its lists, tables,
    // figures with captions and our rulings as block quotes.
    ok(&dir, &["rules", "el", "--out", "el.pdf"]);
    let root = Pdf::load(&dir.join("el.pdf")).structure();
    let hs = headings(&root);
    assert_eq!(hs.first().map(String::as_str), Some("H1"));
    assert!(hs.iter().skip(1).all(|h| h == "H2" || h == "H3"), "{hs:?}");
    let kinds: std::collections::BTreeSet<String> = root.walk().into_iter().map(|e| e.kind.clone()).collect();
    for k in ["L", "LI", "Lbl", "LBody", "Table", "TR", "TH", "TD", "Figure", "Caption", "BlockQuote"] {
        assert!(kinds.contains(k), "the EL rulebook has no {k}: {kinds:?}");
    }
    for f in root.walk().into_iter().filter(|e| e.kind == "Figure") {
        assert!(f.alt.as_ref().is_some_and(|a| a.len() > 20), "a rulebook figure says what it shows: {:?}", f.alt);
    }
    // A booklet is read in page order although its sheets print 8|1, 2|7, …: its first
    // heading is the title, its second the first chapter's.
    ok(&dir, &["rules", "kamon", "--booklet", "--out", "b.pdf"]);
    ok(&dir, &["rules", "kamon", "--out", "plain.pdf"]);
    let booklet = heading_texts(&struct_text(&dir.join("b.pdf")));
    let plain = heading_texts(&struct_text(&dir.join("plain.pdf")));
    assert!(booklet.len() > 5 && booklet[0].0 == "H1", "{booklet:?}");
    assert_eq!(booklet, plain, "the booklet reads in the order of the plain book");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A value of the XMP packet, by its element name.
fn xmp_value(xmp: &str, element: &str) -> Option<String> {
    let open = format!("<{element}>");
    let at = xmp.find(&open)? + open.len();
    let rest = &xmp[at..];
    let body = &rest[..rest.find(&format!("</{element}>"))?];
    // Lang alternatives and sequences hold their value in an rdf:li.
    let body = match body.find("<rdf:li") {
        Some(li) => {
            let from = li + body[li..].find('>')? + 1;
            &body[from..from + body[from..].find("</rdf:li>")?]
        }
        None => body,
    };
    Some(body.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\""))
}

#[test]
fn metadata_says_title_author_language_and_standards_and_invents_no_date() {
    let dir = temp_dir("metadata");
    for (lang, title) in
        [("en", "EL — win in one"), ("de", "EL — Gewinn in einem Zug"), ("fr", "EL — gagner en un coup")]
    {
        let out = format!("m-{lang}.pdf");
        ok(
            &dir,
            &[
                "puzzles",
                "el",
                "--count",
                "2",
                "--seed",
                "m",
                "--lang",
                lang,
                "--author",
                "Ms. Smith & Co",
                "--out",
                &out,
            ],
        );
        let pdf = Pdf::load(&dir.join(&out));
        let printed = pdf.info_text("/Title").unwrap();
        assert_eq!(printed, title);
        // The title is the first heading, as printed.
        let root = pdf.structure();
        let h1 = root.walk().into_iter().find(|e| e.kind == "H1").unwrap().clone();
        assert!(h1.content > 0);
        let text = struct_text(&dir.join(&out));
        assert!(text.contains(&format!("\"{printed}\"")), "title {printed:?} as printed: {text}");
        assert_eq!(pdf.info_text("/Author").as_deref(), Some("Ms. Smith & Co"));
        assert_eq!(pdfread::text(&pdf.catalog()["/Lang"]).as_deref(), Some(lang));
        assert_eq!(pdf.catalog()["/ViewerPreferences"]["/DisplayDocTitle"], Value::Bool(true));
        assert_eq!(pdf.catalog()["/MarkInfo"]["/Marked"], Value::Bool(true));
        assert!(pdf.info()["/CreationDate"].is_null() && pdf.info()["/ModDate"].is_null(), "no invented date");
        let xmp = pdf.xmp();
        assert_eq!(xmp_value(&xmp, "dc:title").as_deref(), Some(printed.as_str()));
        assert_eq!(xmp_value(&xmp, "dc:creator").as_deref(), Some("Ms. Smith & Co"));
        assert_eq!(xmp_value(&xmp, "dc:language").as_deref(), Some(lang));
        assert_eq!(xmp_value(&xmp, "pdfuaid:part").as_deref(), Some("1"));
        assert_eq!(xmp_value(&xmp, "pdfaid:part").as_deref(), Some("2"));
        assert_eq!(xmp_value(&xmp, "pdfaid:conformance").as_deref(), Some("A"));
        assert_eq!(xmp_value(&xmp, "pdf:Producer"), pdf.info_text("/Producer"));
        assert!(xmp_value(&xmp, "xmp:CreateDate").is_none());
        assert!(pdf.info()["/GTS_PDFXVersion"].is_null() && !xmp.contains("pdfxid"), "no PDF/X claim");
        assert!(pdf.output_intents().iter().all(|i| i["/S"] == "/GTS_PDFA1"));
    }
    // The command that recreates the file keeps the author (and so the same bytes).
    let text = pdftotext(&dir.join("m-en.pdf"), &[]);
    assert!(text.contains("--author 'Ms. Smith & Co'"), "{text}");
    // A date only from SOURCE_DATE_EPOCH, the same in both places.
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .args(["board", "el", "--out", "dated.pdf"])
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    let pdf = Pdf::load(&dir.join("dated.pdf"));
    assert_eq!(pdf.info_text("/CreationDate").as_deref(), Some("D:20231114221320Z"));
    assert_eq!(xmp_value(&pdf.xmp(), "xmp:CreateDate").as_deref(), Some("2023-11-14T22:13:20Z"));
    // A bad author, a bad epoch: exit 2, nothing written.
    let bad = run(&dir, &["board", "el", "--author", "", "--out", "no.pdf"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--author is empty"));
    let bad = Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .args(["board", "el", "--out", "no.pdf"])
        .env("SOURCE_DATE_EPOCH", "yesterday")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2), "{}", String::from_utf8_lossy(&bad.stderr));
    assert!(!dir.join("no.pdf").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A spec of a small book; `extra` lines go after the title.
fn book_spec(extra: &str) -> String {
    format!(
        "title = \"Print Test\"\nauthor = \"The Tests\"\n{extra}\ntrim = \"6x9in\"\nseed = \"p\"\nhow_to_play = false\n\n\
         [[section]]\ntitle = \"EL\"\ngame = \"el\"\ncount = 4\n\n[[section]]\ntitle = \"Kamon\"\ngame = \"kamon\"\ncount = 4\n"
    )
}

/// How many pixels of the PDF's pages (at 30 dpi) are coloured (not grey).
fn coloured_pixels(dir: &Path, pdf: &str) -> usize {
    let prefix = dir.join(format!("{pdf}-px"));
    let out = Command::new("pdftoppm").args(["-r", "30"]).arg(dir.join(pdf)).arg(&prefix).output().unwrap();
    assert!(out.status.success());
    let mut coloured = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with(&format!("{pdf}-px")) && name.ends_with(".ppm") {
            let bytes = std::fs::read(&path).unwrap();
            let (_, _, samples) = netpbm(&bytes, "P6");
            coloured += samples.chunks(3).filter(|p| p[0] != p[1] || p[1] != p[2]).count();
        }
    }
    coloured
}

#[test]
fn print_ready_books_meet_pdf_x_4_and_black_ink_is_one_ink() {
    let dir = temp_dir("pdfx");
    std::fs::write(dir.join("x.toml"), book_spec("pdf_x = true\nink = \"black\"\ndate = \"2026-11-26\"\nbleed = true"))
        .unwrap();
    std::fs::write(dir.join("plain.toml"), book_spec("")).unwrap();
    ok(&dir, &["book", "x.toml", "--out", "x.pdf", "--cover", "x-cover.pdf"]);
    ok(&dir, &["book", "plain.toml", "--out", "plain.pdf", "--cover", "plain-cover.pdf"]);
    let cmyk = include_bytes!("../crates/render/src/profiles/FOGRA39L-boardpress.icc");
    for file in ["x.pdf", "x-cover.pdf"] {
        let pdf = Pdf::load(&dir.join(file));
        // PDF/X-4: its version in the information dictionary and the XMP packet.
        assert_eq!(pdf.info_text("/GTS_PDFXVersion").as_deref(), Some("PDF/X-4"), "{file}");
        let xmp = pdf.xmp();
        assert_eq!(xmp_value(&xmp, "pdfxid:GTS_PDFXVersion").as_deref(), Some("PDF/X-4"), "{file}");
        assert!(xmp_value(&xmp, "xmpMM:DocumentID").is_some_and(|id| id.starts_with("uuid:")), "{file}");
        assert_eq!(xmp_value(&xmp, "xmpMM:RenditionClass").as_deref(), Some("default"));
        // Trapped: said (no trapping done), as PDF/X asks.
        assert_eq!(pdf.info()["/Trapped"], "/False", "{file}");
        // Dated, in both places alike.
        assert_eq!(pdf.info_text("/CreationDate").as_deref(), Some("D:20261126000000Z"));
        assert_eq!(pdf.info_text("/ModDate").as_deref(), Some("D:20261126000000Z"));
        assert_eq!(xmp_value(&xmp, "xmp:ModifyDate").as_deref(), Some("2026-11-26T00:00:00Z"));
        assert_eq!(
            pdf.info_text("/Title").as_deref(),
            Some(if file == "x.pdf" { "Print Test" } else { "Print Test — cover" })
        );
        assert!(pdf.version.as_str() <= "1.6", "PDF/X-4 is PDF 1.6: {}", pdf.version);
        // The output intent: GTS_PDFX with the embedded printer characterisation, the
        // PDF/A intent naming the same profile.
        let intents = pdf.output_intents();
        let pdfx = intents.iter().find(|i| i["/S"] == "/GTS_PDFX").expect("a GTS_PDFX output intent");
        assert!(intents.iter().all(|i| i["/DestOutputProfile"] == pdfx["/DestOutputProfile"]));
        assert_eq!(pdfread::text(&pdfx["/OutputConditionIdentifier"]).as_deref(), Some("FOGRA39"));
        let profile = pdf.data(&pdfx["/DestOutputProfile"]);
        assert_eq!(profile, cmyk.to_vec(), "the shipped profile, embedded whole");
        assert_eq!(&profile[12..16], b"prtr", "an output device (printer) profile");
        assert_eq!(&profile[16..20], b"CMYK");
        assert_eq!(pdf.get(&pdfx["/DestOutputProfile"])["/N"], 4);
        // TrimBox and BleedBox on every page, the trim inside the bleed.
        for page in pdf.pages() {
            let b: Vec<f64> = page["/BleedBox"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
            let t: Vec<f64> = page["/TrimBox"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
            assert!(t[0] >= b[0] && t[1] >= b[1] && t[2] <= b[2] && t[3] <= b[3], "{file}: trim {t:?} in bleed {b:?}");
        }
        // Colours PDF/X-4 allows with a CMYK intent: no DeviceRGB anywhere.
        for stream in pdf.drawing_streams() {
            let ops: Vec<&str> = stream.split_whitespace().collect();
            assert!(!ops.contains(&"rg") && !ops.contains(&"RG"), "{file}: DeviceRGB in a content stream");
        }
    }
    // The interior in one ink: only grey operators, and poppler draws no coloured pixel.
    let interior = Pdf::load(&dir.join("x.pdf"));
    for stream in interior.drawing_streams() {
        let ops: Vec<&str> = stream.split_whitespace().collect();
        assert!(!ops.iter().any(|o| ["rg", "RG", "sc", "SC", "scn", "SCN", "k", "K"].contains(o)), "one ink");
    }
    assert_eq!(coloured_pixels(&dir, "x.pdf"), 0, "the black-ink interior has a coloured pixel");
    // The cover stays in colour, as does a book without `ink`.
    assert!(coloured_pixels(&dir, "x-cover.pdf") > 1000);
    assert!(coloured_pixels(&dir, "plain.pdf") > 1000);
    // Without pdf_x, no PDF/X key at all (and no date).
    for file in ["plain.pdf", "plain-cover.pdf"] {
        let pdf = Pdf::load(&dir.join(file));
        assert!(pdf.info()["/GTS_PDFXVersion"].is_null() && pdf.info()["/Trapped"].is_null(), "{file}");
        assert!(!pdf.xmp().contains("pdfxid") && !pdf.xmp().contains("GTS_PDFX"), "{file}");
        assert!(pdf.output_intents().iter().all(|i| i["/S"] == "/GTS_PDFA1"), "{file}");
        assert!(pdf.info()["/CreationDate"].is_null(), "{file}");
    }
    // The same bytes again.
    ok(&dir, &["book", "x.toml", "--out", "x2.pdf", "--cover", "x2-cover.pdf", "--jobs", "1"]);
    assert_eq!(std::fs::read(dir.join("x.pdf")).unwrap(), std::fs::read(dir.join("x2.pdf")).unwrap());
    assert_eq!(std::fs::read(dir.join("x-cover.pdf")).unwrap(), std::fs::read(dir.join("x2-cover.pdf")).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_print_keys_name_the_key_and_its_line_and_write_nothing() {
    let dir = temp_dir("bad-print");
    for (extra, says) in [
        ("ink = \"blue\"", ":3: ink = 'blue'"),
        ("pdf_x = \"yes\"", ":3: 'pdf_x' must be true or false"),
        ("pdf_x = true", ":3: pdf_x = true: a PDF/X file must carry its date"),
        ("date = \"2026-02-30\"", ":3: date = '2026-02-30': month 2 of 2026 has no day 30"),
        ("date = 2026-11-26", ":3: 'date' must be text in quotes"),
    ] {
        std::fs::write(dir.join("bad.toml"), book_spec(extra)).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
            .args(["book", "bad.toml", "--out", "bad.pdf", "--cover", "bad-cover.pdf"])
            .env_remove("SOURCE_DATE_EPOCH")
            .current_dir(&dir)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra}: {err}");
        assert!(err.contains(&format!("bad.toml{says}")), "{extra}: {err}");
        assert!(!dir.join("bad.pdf").exists() && !dir.join("bad-cover.pdf").exists(), "{extra}: a file was written");
    }
    // With SOURCE_DATE_EPOCH, pdf_x takes its date from it.
    std::fs::write(dir.join("epoch.toml"), book_spec("pdf_x = true")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .args(["book", "epoch.toml", "--out", "epoch.pdf"])
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(Pdf::load(&dir.join("epoch.pdf")).info_text("/CreationDate").as_deref(), Some("D:20231114221320Z"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_shipped_printer_profile_is_the_one_its_readme_describes() {
    let p = include_bytes!("../crates/render/src/profiles/FOGRA39L-boardpress.icc");
    assert_eq!(u32::from_be_bytes(p[0..4].try_into().unwrap()) as usize, p.len());
    assert_eq!(&p[8..10], &[2, 0x20], "ICC version 2.2");
    assert_eq!(&p[12..24], b"prtrCMYKLab ");
    assert_eq!(&p[36..40], b"acsp");
    let readme = include_str!("../crates/render/src/profiles/README.md");
    assert!(readme.contains(&format!("{} KB", p.len() / 1000)), "the README gives its size");
    let text = String::from_utf8_lossy(p);
    assert!(text.contains("FOGRA39L") && text.contains("zlib licence"), "its description and copyright say whence");
}
