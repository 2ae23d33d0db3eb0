//! The standards the PDFs claim, read back with qpdf (not with the writer's own library):
//!
//! - a screen-reader user can solve every puzzle: each figure's alternative text,
//!   alone, rebuilds the position — every cell, who is to move, what constrains the
//!   move — and it is the position of the puzzle's record; an answer's figure names
//!   every solution; in English, German and French;
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

mod pdfread;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use pdfread::{Element, Pdf};
use serde_json::Value;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardpress-standards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardpress")).args(args).current_dir(dir).output().unwrap()
}

fn ok(dir: &Path, args: &[&str]) -> Output {
    let out = run(dir, args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// The words the alternative texts use, per language, as a listener hears them.
struct Words {
    lang: &'static str,
    row: &'static str,
    empty: &'static str,
    puzzle: &'static str,
    answer: &'static str,
    /// Who is to move: the text before and after the player's name.
    to_move: (&'static str, &'static str),
    el_colours: [&'static str; 4],
    el_players: [&'static str; 4],
    kamon_players: [&'static str; 2],
    kamon_symbols: [&'static str; 6],
    kamon_pawns: [&'static str; 2],
    kamon_struck: &'static str,
    kamon_last: &'static str,
    six_players: [&'static str; 2],
    six_colours: [&'static str; 2],
    /// What precedes the hands, then each colour's word before its count.
    six_hand: (&'static str, &'static str, &'static str),
    gosforth_gap: &'static str,
    gosforth_target: &'static str,
    gosforth_last: &'static str,
    gosforth_claim: &'static str,
}

const ENGLISH: Words = Words {
    lang: "en",
    row: "Row ",
    empty: "empty",
    puzzle: "Puzzle ",
    answer: "Answer to puzzle ",
    to_move: ("", " to move."),
    el_colours: ["red", "blue", "green", "yellow"],
    el_players: ["Red", "Blue", "Green", "Yellow"],
    kamon_players: ["Black", "White"],
    kamon_symbols: ["leaf", "snake", "sun", "moon", "wave", "mountain"],
    kamon_pawns: ["black pawn", "white pawn"],
    kamon_struck: "struck out",
    kamon_last: "Last covered token: ",
    six_players: ["Red", "Black"],
    six_colours: ["red", "black"],
    six_hand: ("In hand: ", "red ", "black "),
    gosforth_gap: "gap",
    gosforth_target: "target ",
    gosforth_last: "The piece on ",
    gosforth_claim: "claim and pass",
};

const GERMAN: Words = Words {
    lang: "de",
    row: "Reihe ",
    empty: "leer",
    puzzle: "Aufgabe ",
    answer: "Lösung zu Aufgabe ",
    to_move: ("", " ist am Zug."),
    el_colours: ["rot", "blau", "grün", "gelb"],
    el_players: ["Rot", "Blau", "Grün", "Gelb"],
    kamon_players: ["Schwarz", "Weiß"],
    kamon_symbols: ["Blatt", "Schlange", "Sonne", "Mond", "Welle", "Berg"],
    kamon_pawns: ["schwarzer Stein", "weißer Stein"],
    kamon_struck: "gesperrt",
    kamon_last: "Zuletzt belegtes Plättchen: ",
    six_players: ["Rot", "Schwarz"],
    six_colours: ["rot", "schwarz"],
    six_hand: ("In der Hand: ", "Rot ", "Schwarz "),
    gosforth_gap: "Lücke",
    gosforth_target: "Ziel ",
    gosforth_last: "Der Stein auf ",
    gosforth_claim: "Punkte nehmen und passen",
};

const FRENCH: Words = Words {
    lang: "fr",
    row: "Rangée ",
    empty: "vide",
    puzzle: "Problème ",
    answer: "Solution du problème ",
    to_move: ("Au tour de ", "."),
    el_colours: ["rouge", "bleu", "vert", "jaune"],
    el_players: ["Rouge", "Bleu", "Vert", "Jaune"],
    kamon_players: ["Noir", "Blanc"],
    kamon_symbols: ["feuille", "serpent", "soleil", "lune", "vague", "montagne"],
    kamon_pawns: ["pion noir", "pion blanc"],
    kamon_struck: "barrée",
    kamon_last: "Dernier jeton couvert : ",
    six_players: ["Rouge", "Noir"],
    six_colours: ["rouge", "noir"],
    six_hand: ("En main : ", "rouges ", "noirs "),
    gosforth_gap: "trou",
    gosforth_target: "objectif ",
    gosforth_last: "La pièce en ",
    gosforth_claim: "prendre les points et passer",
};

/// French typography puts narrow no-break spaces before colons; read them as spaces.
fn plain(text: &str) -> String {
    text.replace(['\u{202f}', '\u{a0}'], " ")
}

/// The rows of a description: each row's name and its items ("a6 blue 2").
fn rows(text: &str, w: &Words) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(w.row) {
        rest = &rest[at + w.row.len()..];
        let colon = rest.find(':').expect("a row name ends with a colon");
        let name = rest[..colon].trim().to_string();
        let body_start = colon + 1;
        // A row ends at a full stop followed by a space and the next row, or at the end.
        let end = rest[body_start..].find(&format!(". {}", w.row)).map_or(rest.len(), |e| body_start + e);
        let body = rest[body_start..end].trim().trim_end_matches('.').trim();
        let items = if body == w.empty { Vec::new() } else { body.split(", ").map(|s| s.trim().to_string()).collect() };
        out.push((name, items));
        rest = &rest[end..];
    }
    out
}

/// The name of the player to move, as the description says it.
fn mover<'a>(text: &str, names: &[&'a str], w: &Words) -> &'a str {
    names
        .iter()
        .find(|n| text.contains(&format!("{}{n}{}", w.to_move.0, w.to_move.1)))
        .unwrap_or_else(|| panic!("no player to move in: {text}"))
}

/// An EL position from its description: the board (top rank first) and the mover's letter.
fn el_position(text: &str, w: &Words) -> (String, String) {
    let rows = rows(text, w);
    let n = rows.len();
    let mut ranks = Vec::new();
    for (k, (name, items)) in rows.iter().enumerate() {
        assert_eq!(name.parse::<usize>().unwrap(), n - k, "rows top first: {text}");
        let mut cells = vec![".".to_string(); n];
        for item in items {
            let parts: Vec<&str> = item.split(' ').collect();
            let [cell, colour, number] = parts[..] else { panic!("an EL cell is 'a6 blue 2': {item}") };
            let col = (cell.as_bytes()[0] - b'a') as usize;
            assert_eq!(&cell[1..], name.as_str(), "{item} is in row {name}");
            let player = w.el_colours.iter().position(|c| *c == colour).unwrap_or_else(|| panic!("colour {colour}"));
            cells[col] = format!("{number}{}", ['r', 'b', 'g', 'y'][player]);
        }
        ranks.push(cells.concat());
    }
    let who = mover(text, &w.el_players, w);
    let letter = ['r', 'b', 'g', 'y'][w.el_players.iter().position(|p| *p == who).unwrap()];
    (ranks.join("/"), letter.to_string())
}

/// A Kamon token from its words ("sun 3" → "c3").
fn kamon_token(words: &str, w: &Words) -> String {
    let (symbol, count) = words.rsplit_once(' ').unwrap_or_else(|| panic!("a token is 'sun 3': {words}"));
    let s = w.kamon_symbols.iter().position(|x| *x == symbol).unwrap_or_else(|| panic!("symbol {symbol}"));
    format!("{}{count}", (b'a' + s as u8) as char)
}

/// A Kamon position from its description: board, constraint, mover.
fn kamon_position(text: &str, w: &Words) -> (String, Option<String>, String) {
    let mut ranks = Vec::new();
    for (k, (name, items)) in rows(text, w).iter().enumerate() {
        assert_eq!(name, &((b'A' + k as u8) as char).to_string());
        let mut rank = String::new();
        for (i, item) in items.iter().enumerate() {
            let (cell, what) = item.split_once(' ').unwrap();
            assert_eq!(cell, format!("{name}{}", i + 1), "cells in order");
            rank += &if what == w.kamon_struck {
                "x".to_string()
            } else if what == w.kamon_pawns[0] {
                "B".to_string()
            } else if what == w.kamon_pawns[1] {
                "W".to_string()
            } else {
                kamon_token(what, w)
            };
        }
        ranks.push(rank);
    }
    let constraint = text.find(w.kamon_last).map(|at| {
        let rest = &text[at + w.kamon_last.len()..];
        kamon_token(&rest[..rest.find('.').unwrap()], w)
    });
    let who = mover(text, &w.kamon_players, w);
    let letter = if who == w.kamon_players[0] { "B" } else { "W" };
    (ranks.join("/"), constraint, letter.to_string())
}

/// A SIX position as its description says it: tokens (q, r, colour letter), hands, mover.
type Six = (Vec<(i64, i64, String)>, (u64, u64), String);

/// A SIX position from its description.
fn six_position(text: &str, w: &Words) -> Six {
    let mut tokens = Vec::new();
    for (name, items) in rows(text, w) {
        let r: i64 = name.trim_start_matches("r=").parse().unwrap();
        for item in items {
            let (cell, colour) = item.split_once(' ').unwrap();
            let (q, rr) = cell.trim_matches(|c| c == '(' || c == ')').split_once(',').unwrap();
            assert_eq!(rr.parse::<i64>().unwrap(), r, "{item} is in row r={r}");
            let c = w.six_colours.iter().position(|x| *x == colour).unwrap_or_else(|| panic!("colour {colour}"));
            tokens.push((q.parse().unwrap(), r, ["r", "b"][c].to_string()));
        }
    }
    let hand = &text[text.find(w.six_hand.0).unwrap_or_else(|| panic!("the hands in {text}"))..];
    let number_after = |key: &str| -> u64 {
        let at = hand.find(key).unwrap_or_else(|| panic!("'{key}' in {hand}")) + key.len();
        hand[at..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap()
    };
    let hands = (number_after(w.six_hand.1), number_after(w.six_hand.2));
    let who = mover(text, &w.six_players, w);
    let letter = if who == w.six_players[0] { "r" } else { "b" };
    (tokens, hands, letter.to_string())
}

/// A Gosforth position as its description says it: board, scores (x, o), target, mover,
/// the piece that may not slide back.
type Gosforth = (String, (u64, u64), u64, String, Option<String>);

/// A Gosforth position from its description.
fn gosforth_position(text: &str, w: &Words) -> Gosforth {
    let mut ranks = Vec::new();
    for (k, (name, items)) in rows(text, w).iter().enumerate() {
        assert_eq!(name, &(5 - k).to_string());
        assert_eq!(items.len(), 5, "every cell of a row is said: {items:?}");
        let rank: String = items
            .iter()
            .map(|item| match item.split_once(' ').unwrap().1 {
                "X" => 'x',
                "O" => 'o',
                other => {
                    assert!(other == w.gosforth_gap || other == w.empty, "a cell is X, O, the gap or empty: {item}");
                    '.'
                }
            })
            .collect();
        ranks.push(rank);
    }
    // The scores: "X 7, O 2" (the caption's "X 7 O 2" has no comma).
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).collect::<String>();
    let (x, o) = text
        .match_indices("X ")
        .find_map(|(at, _)| {
            let x = digits(&text[at + 2..]);
            let rest = text[at + 2 + x.len()..].strip_prefix(", O ")?;
            (!x.is_empty()).then(|| (x.parse().unwrap(), digits(rest).parse().unwrap()))
        })
        .unwrap_or_else(|| panic!("the scores in {text}"));
    let score = |who: &str| -> u64 {
        if who == "X" {
            x
        } else {
            o
        }
    };
    let at = text.find(w.gosforth_target).unwrap() + w.gosforth_target.len();
    let target = text[at..].chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap();
    let who = mover(text, &["X", "O"], w);
    let last = text.find(w.gosforth_last).map(|at| text[at + w.gosforth_last.len()..][..2].to_string());
    (ranks.join("/"), (score("X"), score("O")), target, who.to_ascii_lowercase(), last)
}

/// The figures of a PDF in reading order: (alternative text, has a bounding box).
fn figures(pdf: &Pdf) -> Vec<(String, bool)> {
    pdf.structure()
        .walk()
        .into_iter()
        .filter(|e| e.kind == "Figure")
        .map(|e| (plain(e.alt.as_deref().unwrap_or("")), e.bbox.as_ref().is_some_and(|b| b.len() == 4)))
        .collect()
}

/// The puzzle (or answer) number a figure's text starts with.
fn numbered(text: &str, prefix: &str) -> Option<u64> {
    let rest = text.strip_prefix(prefix)?;
    rest.chars().take_while(char::is_ascii_digit).collect::<String>().parse().ok()
}

/// Makes a sheet and its records with the same words, checks every figure against the
/// records: each puzzle's position rebuilt from its words alone, each answer's words
/// naming every solution.
fn sheet_matches_records(dir: &Path, game: &str, task: &str, w: &Words) {
    let args = ["puzzles", game, "--task", task, "--count", "4", "--seed", "alt", "--lang", w.lang];
    let pdf_path = dir.join(format!("{game}-{task}-{}.pdf", w.lang));
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
    let figures = figures(&pdf);
    assert_eq!(figures.len(), 2 * records.len(), "{game} {task} {}: a figure per puzzle and per answer", w.lang);
    assert!(figures.iter().all(|(_, boxed)| *boxed), "every figure has its bounding box");
    let by_number: BTreeMap<u64, &Value> = records.iter().map(|r| (r["number"].as_u64().unwrap(), r)).collect();
    let mut seen = (0, 0);
    for (text, _) in &figures {
        let (n, is_answer) = match (numbered(text, w.puzzle), numbered(text, w.answer)) {
            (Some(n), _) => (n, false),
            (_, Some(n)) => (n, true),
            _ => panic!("{game} {}: a figure that is no puzzle and no answer: {text}", w.lang),
        };
        let record = by_number[&n];
        let context = format!("{game} {task} {} #{n}: {text}", w.lang);
        // The position, rebuilt from the words alone.
        match game {
            "el" => {
                let (board, to_move) = el_position(text, w);
                assert_eq!(board, record["board"].as_str().unwrap(), "{context}");
                assert_eq!(to_move, record["to_move"].as_str().unwrap(), "{context}");
                assert!(text.contains(&format!("{0}x{0}", record["params"]["size"])), "{context}");
            }
            "kamon" => {
                let (board, constraint, to_move) = kamon_position(text, w);
                assert_eq!(board, record["board"].as_str().unwrap(), "{context}");
                assert_eq!(constraint.as_deref(), record["constraint"].as_str(), "{context}");
                assert_eq!(to_move, record["to_move"].as_str().unwrap(), "{context}");
            }
            "six" => {
                let (mut tokens, hands, to_move) = six_position(text, w);
                let mut expected: Vec<(i64, i64, String)> = record["board"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| (t[0].as_i64().unwrap(), t[1].as_i64().unwrap(), t[2].as_str().unwrap().to_string()))
                    .collect();
                tokens.sort();
                expected.sort();
                assert_eq!(tokens, expected, "{context}");
                let h = &record["params"]["hands"];
                assert_eq!(hands, (h["r"].as_u64().unwrap(), h["b"].as_u64().unwrap()), "{context}");
                assert_eq!(to_move, record["to_move"].as_str().unwrap(), "{context}");
            }
            "gosforth" => {
                let (board, scores, target, to_move, last) = gosforth_position(text, w);
                assert_eq!(board, record["board"].as_str().unwrap(), "{context}");
                let s = &record["scores"];
                assert_eq!(scores, (s["x"].as_u64().unwrap(), s["o"].as_u64().unwrap()), "{context}");
                assert_eq!(target, record["params"]["target"].as_u64().unwrap(), "{context}");
                assert_eq!(to_move, record["to_move"].as_str().unwrap(), "{context}");
                // The ID's fifth part is the piece just slid ('-' for none).
                let id_last = record["id"].as_str().unwrap().split(':').nth(4).unwrap();
                assert_eq!(last.as_deref().unwrap_or("-"), id_last, "{context}");
            }
            other => panic!("game {other}"),
        }
        if is_answer {
            seen.1 += 1;
            // The answer, before the position: it names every solution.
            let answer = text.split(". ").next().unwrap();
            for s in record["solutions"].as_array().unwrap() {
                let cell = match (&s["cell"], &s["slide"]) {
                    (Value::String(c), _) => c.clone(),
                    (Value::Array(qr), _) => format!("({},{})", qr[0], qr[1]),
                    (_, Value::String(from)) => format!("{from}→{}", s["to"].as_str().unwrap()),
                    _ if s["claim"] == Value::Bool(true) => w.gosforth_claim.to_string(),
                    _ => panic!("{context}: solution {s}"),
                };
                assert!(answer.contains(&cell), "{context}: the answer does not name {cell}");
                if let Some(number) = s["number"].as_u64() {
                    assert!(answer.contains(&number.to_string()), "{context}: the answer does not say {number}");
                }
            }
        } else {
            seen.0 += 1;
        }
    }
    assert_eq!(seen, (records.len(), records.len()), "{game} {}", w.lang);
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
    let printed = String::from_utf8(Command::new("pdftotext").arg(&path).arg("-").output().unwrap().stdout).unwrap();
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
    let text = String::from_utf8(Command::new("pdftotext").arg(dir.join("m-en.pdf")).arg("-").output().unwrap().stdout)
        .unwrap();
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

/// A PPM image's pixels (poppler's `pdftoppm` output, 8-bit RGB).
fn ppm_pixels(bytes: &[u8]) -> Vec<[u8; 3]> {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    assert_eq!(fields[0], "P6");
    bytes[at + 1..].chunks(3).map(|c| [c[0], c[1], c[2]]).collect()
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
            coloured +=
                ppm_pixels(&std::fs::read(&path).unwrap()).iter().filter(|p| p[0] != p[1] || p[1] != p[2]).count();
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
    let cmyk = include_bytes!("../src/render/profiles/FOGRA39L-boardpress.icc");
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
    let p = include_bytes!("../src/render/profiles/FOGRA39L-boardpress.icc");
    assert_eq!(u32::from_be_bytes(p[0..4].try_into().unwrap()) as usize, p.len());
    assert_eq!(&p[8..10], &[2, 0x20], "ICC version 2.2");
    assert_eq!(&p[12..24], b"prtrCMYKLab ");
    assert_eq!(&p[36..40], b"acsp");
    let readme = include_str!("../src/render/profiles/README.md");
    assert!(readme.contains(&format!("{} KB", p.len() / 1000)), "the README gives its size");
    let text = String::from_utf8_lossy(p);
    assert!(text.contains("FOGRA39L") && text.contains("zlib licence"), "its description and copyright say whence");
}
