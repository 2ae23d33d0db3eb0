//! Every rulebook figure's words say what its picture shows, in English, German and
//! French, for the built-in rulebooks and their variants:
//!
//! - the described board, read back into a position (tests/described), is the position
//!   the fence draws — its `id:` (or `marks:`) with its `after:` moves played by the rules
//!   engine here, in the test, not by the fence code; a before-and-after pair says both
//!   halves; a Gosforth slide is drawn (and said) on the board before it, with its arrow;
//! - whose turn it is, or who has won, as the engine says;
//! - every cell the printed caption names is one the words say is marked, just played or
//!   pointed at, and a number the caption writes on a cell is on that cell of the board;
//! - the words are ones a screen reader speaks well: no range dash or arrow, a pause
//!   between a cell and what is on it, no coordinate pair as printed ("(1,0)");
//! - each rulebook says how its figures are read once, before the first of them, and a
//!   title picture says what it shows.

mod common;

use common::{ok, pdftotext, temp_dir};
mod described;
mod pdfread;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use boardpress::game::engine::Play;
use boardpress::games::{self, el, gosforth, kamon, six};
use boardpress::{GameOptions, Lang};
use described::{
    el_board, fences, gosforth_position, halves, kamon_board, listener_faults, outside_parentheses, pair, plain,
    said_pair, sentence, six_table, turn, Fence, Turn, Words, LANGUAGES,
};

fn lang_of(w: &Words) -> Lang {
    match w.lang {
        "en" => Lang::En,
        "de" => Lang::De,
        _ => Lang::Fr,
    }
}

/// A rulebook's figures as its HTML page gives them: (description, caption), in order.
fn html_figures(html: &str) -> Vec<(String, String)> {
    let unescape = |s: &str| s.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    html.split("<figure class=\"diagram\">")
        .skip(1)
        .map(|f| {
            let f = &f[..f.find("</figure>").unwrap()];
            let label = f.split("aria-label=\"").nth(1).and_then(|s| s.split('"').next()).unwrap_or("");
            let caption = f.split("<figcaption>").nth(1).and_then(|s| s.split("</figcaption>").next()).unwrap_or("");
            (plain(&unescape(label)), plain(&unescape(caption)))
        })
        .collect()
}

/// What a description is checked against: the board part of the position ID drawn, the
/// turn, and the extra facts of the game.
#[derive(Debug, PartialEq)]
enum Drawn {
    El(String, Turn),
    Kamon(String, Option<String>, Turn),
    Six(Vec<(i64, i64, String)>, (u64, u64), Turn),
    Gosforth(described::Gosforth, Turn),
}

fn board_part(id: &str) -> String {
    id.split(':').nth(2).unwrap().to_string()
}

fn el_drawn(p: &el::ElPosition) -> Drawn {
    let t = match p.status() {
        el::Status::Ongoing => Turn::ToMove(p.to_move() as usize),
        el::Status::Won(w) => Turn::Won(w as usize),
        el::Status::Drawn => Turn::Drawn,
    };
    Drawn::El(board_part(&el::position_id(p)), t)
}

fn kamon_drawn(p: &kamon::KamonPosition) -> Drawn {
    let t = match p.status() {
        kamon::Status::Ongoing => Turn::ToMove(p.to_move() as usize),
        kamon::Status::Won(w, _) => Turn::Won(w as usize),
        kamon::Status::Drawn => Turn::Drawn,
    };
    let constraint = p.constraint().map(|c| format!("{}{}", (b'a' + c.symbol) as char, c.count));
    // "kamon:BOARD:CONSTRAINT:MOVER" (no variant part).
    Drawn::Kamon(kamon::position_id(p).split(':').nth(1).unwrap().to_string(), constraint, t)
}

fn six_drawn(p: &six::SixPosition) -> Drawn {
    let t = match p.status() {
        six::Status::Ongoing => Turn::ToMove(p.to_move() as usize),
        six::Status::Won(w, _) => Turn::Won(w as usize),
        six::Status::Drawn => Turn::Drawn,
    };
    let mut tokens: Vec<(i64, i64, String)> =
        p.tokens().iter().map(|(a, c)| (a.q as i64, a.r as i64, ["r", "b"][*c as usize].to_string())).collect();
    tokens.sort();
    let [r, b] = p.hands();
    Drawn::Six(tokens, (r as u64, b as u64), t)
}

fn gosforth_drawn(p: &gosforth::GosforthPosition) -> Drawn {
    let t = match p.status() {
        gosforth::Status::Ongoing => Turn::ToMove(p.to_move() as usize),
        gosforth::Status::Won(w) => Turn::Won(w as usize),
        gosforth::Status::Drawn => Turn::Drawn,
    };
    // "gosforth:BOARD:X-O:STAGE:LAST:MOVER:TARGET".
    let id = gosforth::position_id(p);
    let board = id.split(':').nth(1).unwrap().to_string();
    let s = p.scores();
    let last = p.last_slid().map(|c| boardpress::geom::square::cell_name(5, c as usize));
    Drawn::Gosforth((board, (s[0] as u64, s[1] as u64), p.target() as u64, last), t)
}

/// The position a description says, read as the game's `Drawn`.
fn said(game: &str, text: &str, w: &Words) -> Drawn {
    match game {
        "el" => Drawn::El(el_board(text, w), turn(text, &w.el_players, w)),
        "kamon" => {
            let (board, constraint) = kamon_board(text, w);
            Drawn::Kamon(board, constraint, turn(text, &w.kamon_players, w))
        }
        "six" => {
            let (tokens, hands) = six_table(text, w);
            Drawn::Six(tokens, hands, turn(text, &w.six_players, w))
        }
        _ => Drawn::Gosforth(gosforth_position(text, w), turn(text, &["X", "O"], w)),
    }
}

/// What a fence draws, computed here from its keys with the rules engine: the position
/// drawn (or the two of a before-and-after pair), and the slide an arrow shows.
struct Expected {
    before: Option<Drawn>,
    drawn: Drawn,
    arrow: Option<(String, String, String)>,
}

fn el_start(f: &Fence, options: &GameOptions) -> el::ElPosition {
    if let Some(id) = f.get("id") {
        return el::parse_position_id(id).unwrap();
    }
    let params = match f.get("params") {
        Some(p) => el::ElParams::parse(p).unwrap(),
        None => el::variant_params(options).unwrap(),
    };
    let n = params.size as usize;
    let mut ranks = vec![vec![".".to_string(); n]; n];
    let marks: Vec<&str> = f.get("marks").unwrap().split_whitespace().collect();
    for m in &marks {
        let (cell, mark) = m.split_once('=').unwrap();
        let col = (cell.as_bytes()[0] - b'a') as usize;
        let row: usize = cell[1..].parse().unwrap();
        ranks[n - row][col] = mark.to_string();
    }
    let to_move = match f.get("to-move") {
        Some(t) => t.to_string(),
        None => ["r", "b", "g", "y"][marks.len() % params.players as usize].to_string(),
    };
    let board: Vec<String> = ranks.into_iter().map(|r| r.concat()).collect();
    el::parse_position_id(&format!("el:{}:{}:{to_move}", params.to_id(), board.join("/"))).unwrap()
}

fn expected(f: &Fence, options: &GameOptions) -> Expected {
    let both = f.get("show") == Some("both");
    let afters = f.all("after");
    match f.game.as_str() {
        "el" => {
            let mut p = el_start(f, options);
            let mut before = p.clone();
            for a in &afters {
                before = p.clone();
                let mv = p.parse_move(a).unwrap();
                p.play(mv).unwrap();
            }
            Expected { before: both.then(|| el_drawn(&before)), drawn: el_drawn(&p), arrow: None }
        }
        "kamon" => {
            let mut p = kamon::parse_position_id(f.get("id").unwrap()).unwrap();
            let mut before = p;
            for a in &afters {
                before = p;
                let cell = p.legal_cells().into_iter().find(|&c| kamon::Kamon::move_text(&p, c) == a.trim()).unwrap();
                p.play(cell).unwrap();
            }
            Expected { before: both.then(|| kamon_drawn(&before)), drawn: kamon_drawn(&p), arrow: None }
        }
        "six" => {
            let mut p = six::parse_position_id(f.get("id").unwrap()).unwrap();
            let mut before = p.clone();
            let normal = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
            for a in &afters {
                before = p.clone();
                let mv = p.legal_moves().into_iter().find(|m| six::Six::move_text(&p, *m) == normal(a)).unwrap();
                p.play(mv).unwrap();
            }
            Expected { before: both.then(|| six_drawn(&before)), drawn: six_drawn(&p), arrow: None }
        }
        _ => {
            let mut p = gosforth::parse_position_id(f.get("id").unwrap()).unwrap();
            let mut before = p;
            let mut arrow = None;
            for a in &afters {
                before = p;
                let mv =
                    p.legal_moves().into_iter().find(|m| gosforth::Gosforth::move_text(&p, *m) == a.trim()).unwrap();
                arrow = match (mv, before.gap()) {
                    (gosforth::Move::Slide(c), Some(g)) => {
                        let piece = if before.cells()[c as usize] == 1 { "X" } else { "O" };
                        let name = |c: u8| boardpress::geom::square::cell_name(5, c as usize);
                        Some((piece.to_string(), name(c), name(g)))
                    }
                    _ => None,
                };
                p.play(mv).unwrap();
            }
            // A slide is drawn on the board before it, with its arrow (and, shown both, the
            // board after it beside).
            match (both, &arrow) {
                (true, _) => Expected { before: Some(gosforth_drawn(&before)), drawn: gosforth_drawn(&p), arrow },
                (false, Some(_)) => Expected { before: None, drawn: gosforth_drawn(&before), arrow },
                (false, None) => Expected { before: None, drawn: gosforth_drawn(&p), arrow },
            }
        }
    }
}

/// The sentences of a description that say what the picture marks, with its cells.
fn marking_sentences(text: &str, w: &Words) -> String {
    let labels = [
        w.outlined,
        w.marked,
        w.el_written,
        w.kamon_covered,
        w.six_placed,
        w.six_moved,
        w.gosforth_placed,
        w.gosforth_arrow.0,
        "Outlined with dashes: ",
        "Gestrichelt umrandet: ",
        "Contour en pointillés : ",
    ];
    let mut out = String::new();
    let mut rest = text;
    // Every occurrence of every label (a pair says its marks twice).
    while !rest.is_empty() {
        let next = labels.iter().filter_map(|l| rest.find(l).map(|at| (at, *l))).min();
        let Some((at, label)) = next else { break };
        let s = sentence(&rest[at..], label).unwrap_or("");
        out += s;
        out += " | ";
        rest = &rest[at + label.len()..];
    }
    out
}

/// The cells a caption names, in the game's notation, as a description says them.
fn caption_cells(game: &str, caption: &str, w: &Words) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let words: Vec<&str> = caption.split(|c: char| c.is_whitespace() || ",.:;!?".contains(c)).collect();
    match game {
        "six" => {
            for (at, _) in caption.match_indices('(') {
                let inner = &caption[at + 1..];
                if let Some(close) = inner.find(')') {
                    if let Some((q, r)) = inner[..close].split_once(',') {
                        if let (Ok(q), Ok(r)) = (q.trim().parse::<i64>(), r.trim().parse::<i64>()) {
                            out.insert(said_pair(q, r, w));
                        }
                    }
                }
            }
        }
        "kamon" => out.extend(
            words
                .iter()
                .filter(|t| t.len() == 2 && t.as_bytes()[0].is_ascii_uppercase() && t.as_bytes()[0] <= b'G')
                .filter(|t| t.as_bytes()[1].is_ascii_digit())
                .map(|t| t.to_string()),
        ),
        _ => {
            let last = if game == "gosforth" { b'e' } else { b'k' };
            out.extend(
                words
                    .iter()
                    .filter(|t| (2..=3).contains(&t.len()) && (b'a'..=last).contains(&t.as_bytes()[0]))
                    .filter(|t| t[1..].parse::<u32>().is_ok_and(|n| n >= 1))
                    .map(|t| t.to_string()),
            )
        }
    }
    out
}

/// Checks one rulebook: each figure against its fence, its caption against its words,
/// the words against a listener's ear, the reading paragraph said before the first.
fn check_rulebook(game: &str, options: &GameOptions, args: &[&str], w: &Words, dir: &Path) -> usize {
    let lang = lang_of(w);
    let g = games::find(game).unwrap();
    let ctx = boardpress::api::rulebook_variables(options, "boardpress rules", lang).unwrap();
    let source = boardpress::api::builtin_rulebook(g, lang).unwrap();
    let built =
        boardpress::rulebook::build(&source, &ctx, &options.only(g.options()), lang, games::rulebook_games()).unwrap();
    let fences = fences(&built.markdown);
    let html_path = dir.join(format!("{game}-{}-{}.html", w.lang, args.join("")));
    let mut cli = vec!["rules", game, "--lang", w.lang, "--format", "html", "-q", "--out", html_path.to_str().unwrap()];
    cli.extend(args);
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress")).args(&cli).output().unwrap();
    assert!(out.status.success(), "{cli:?}: {}", String::from_utf8_lossy(&out.stderr));
    let html = std::fs::read_to_string(&html_path).unwrap();
    let figures = html_figures(&html);
    assert_eq!(figures.len(), fences.len(), "{game} {}: a figure per fence", w.lang);
    if figures.is_empty() {
        // (EL for three or four players shows no board in its rules.)
        assert!(!html.contains("<p class=\"reading\">"), "{game} {} {args:?}: a reading without figures", w.lang);
        return 0;
    }
    // The reading paragraph, once, before the first figure.
    let reading_at = html.find("<p class=\"reading\">").unwrap_or_else(|| panic!("{game} {}: no reading", w.lang));
    assert_eq!(html.matches("<p class=\"reading\">").count(), 1, "{game} {}", w.lang);
    assert!(reading_at < html.find("<figure").unwrap(), "{game} {}: the reading comes first", w.lang);
    for (k, ((text, caption), fence)) in figures.iter().zip(&fences).enumerate() {
        let context = format!("{game} {} {args:?} figure {}: {caption} | {text}", w.lang, k + 1);
        let faults = listener_faults(text, w);
        assert!(faults.is_empty(), "{context}: {faults:?}");
        assert!(!text.starts_with(caption.trim_end_matches('.')), "{context}: the caption read twice");
        let want = expected(fence, options);
        let (before_text, after_text) = halves(text, w);
        assert_eq!(before_text.is_some(), want.before.is_some(), "{context}: a pair is said as one");
        if let (Some(t), Some(b)) = (before_text, &want.before) {
            assert_eq!(&said(game, t, w), b, "{context}: the board before");
        }
        assert_eq!(said(game, after_text, w), want.drawn, "{context}: the board drawn");
        if let Some((piece, from, to)) = &want.arrow {
            let (a, on, into) = w.gosforth_arrow;
            assert!(text.contains(&format!("{a}{piece}{on}{from}{into}{to}")), "{context}: the arrow");
        }
        // Every cell the caption names is said to be marked, just played or pointed at;
        // a number the caption writes on a cell is there on the board.
        let marks = marking_sentences(text, w);
        for cell in caption_cells(game, caption, w) {
            assert!(marks.contains(&cell), "{context}: the caption's {cell} is not marked in the words ({marks})");
        }
        if game == "el" {
            let words: Vec<&str> = caption.split(' ').collect();
            for t in words.windows(3) {
                let on = w.el_on.trim();
                let cell = t[2].trim_end_matches([',', '.', ':', ';']);
                if t[1] == on && t[0].parse::<u8>().is_ok() && caption_cells("el", cell, w).contains(cell) {
                    let item = described::rows(after_text, w)
                        .into_iter()
                        .flat_map(|(_, items)| items)
                        .find(|(c, _)| c == cell)
                        .unwrap_or_else(|| panic!("{context}: {cell} is empty in the words"));
                    assert!(item.1.ends_with(&format!(" {}", t[0])), "{context}: {cell} holds {}", item.1);
                }
            }
        }
    }
    figures.len()
}

#[test]
fn every_rulebook_figure_says_the_board_its_picture_draws() {
    let dir = temp_dir("rulebooks");
    let el_variants: [&[&str]; 5] = [
        &[],
        &["--size", "8", "--numbers", "8"],
        &["--size", "7", "--numbers", "8", "--consecutive"],
        &["--size", "8", "--players", "3"],
        &["--size", "8", "--numbers", "8", "--players", "4", "--shape", "any"],
    ];
    // The options the command line's words set (a flag is "true").
    let options_of = |args: &[&str]| {
        let mut options = GameOptions::new();
        for (k, a) in args.iter().enumerate() {
            if let Some(name) = a.strip_prefix("--") {
                let value = args.get(k + 1).filter(|v| !v.starts_with("--")).copied().unwrap_or("true");
                options.set(name, value);
            }
        }
        options
    };
    let mut count = 0;
    for w in LANGUAGES {
        for args in el_variants {
            count += check_rulebook("el", &options_of(args), args, w, &dir);
        }
        for game in ["kamon", "six", "gosforth"] {
            count += check_rulebook(game, &GameOptions::new(), &[], w, &dir);
        }
        count += check_rulebook("gosforth", &GameOptions::new().with("target", "9"), &["--target", "9"], w, &dir);
    }
    assert!(count > 100, "{count} figures read");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A PDF's text as poppler extracts it, lines joined.
fn pdf_text(path: &Path) -> String {
    joined(&pdftotext(path, &[]))
}

/// `text` with its lines and runs of white space joined by single spaces.
fn joined(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn title_pictures_say_what_they_show() {
    // The picture on a rulebook's title page: the board, how big, what lies on it —
    // checked against what the game is (its size, its cells), not a generic "a picture".
    let dir = temp_dir("covers");
    let cases: [(&str, &[&str], &[&str]); 5] = [
        ("el", &[], &["6", "a", "f", "1"]),
        ("el", &["--size", "8", "--numbers", "8"], &["8", "a", "h", "1"]),
        ("kamon", &[], &["Kamon", "37", "I", "II", "III"]),
        ("six", &[], &["SIX", "18", "9"]),
        ("gosforth", &[], &["Gosforth", "5", "a", "e"]),
    ];
    for w in LANGUAGES {
        for (game, args, words) in cases {
            let out = dir.join(format!("{game}-{}.pdf", w.lang));
            let mut cli = vec!["rules", game, "--lang", w.lang, "-q", "--out", out.to_str().unwrap()];
            cli.extend(args);
            ok(&dir, &cli);
            let pdf = pdfread::Pdf::load(&out);
            let root = pdf.structure();
            let first = root.walk().into_iter().find(|e| e.kind == "Figure").expect("a title picture");
            let alt = plain(first.alt.as_deref().unwrap_or(""));
            let said: Vec<&str> = alt.split(|c: char| !c.is_alphanumeric()).collect();
            for word in words {
                assert!(
                    said.contains(word),
                    "{game} {} {args:?}: the title picture's words lack '{word}': {alt}",
                    w.lang
                );
            }
            assert!(alt.split_whitespace().count() >= 10, "{game} {}: {alt}", w.lang);
            assert!(listener_faults(&alt, w).is_empty(), "{game} {}: {alt}", w.lang);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_document_says_how_its_figures_are_read_once_per_game() {
    let dir = temp_dir("reading");
    let count = |text: &str, w: &Words| -> (usize, usize) {
        // Every game's paragraph opens with one of these labels.
        let labels: &[&str] = match w.lang {
            "en" => &["Reading the boards:", "Reading the groups:"],
            "de" => &["So werden die Bretter gelesen:", "So werden die Gruppen gelesen:"],
            _ => &["Lecture des grilles :", "Lecture des plateaux :", "Lecture des groupes :"],
        };
        let total = labels.iter().map(|l| text.matches(l).count()).sum();
        let first = labels.iter().filter_map(|l| text.find(l)).min().unwrap_or(usize::MAX);
        (total, first)
    };
    for w in LANGUAGES {
        // A sheet: once, in its introduction, before the first puzzle's caption.
        let sheet = dir.join(format!("sheet-{}.pdf", w.lang));
        ok(
            &dir,
            &[
                "puzzles",
                "six",
                "--count",
                "6",
                "--seed",
                "r",
                "--lang",
                w.lang,
                "-q",
                "--out",
                sheet.to_str().unwrap(),
            ],
        );
        let text = pdf_text(&sheet);
        let (n, at) = count(&text, w);
        // The introduction repeats on each page of puzzles (as page furniture after the
        // first): the structure says it once.
        assert!(n >= 1 && at < text.find(" 1. ").unwrap(), "{}: {text}", w.lang);
        let structure = Command::new("pdfinfo").arg("-struct-text").arg(&sheet).output().unwrap();
        let (tagged, _) = count(&plain(&String::from_utf8_lossy(&structure.stdout)), w);
        assert_eq!(tagged, 1, "{}: the sheet's structure says the reading once", w.lang);
        // A rulebook: once, on its title page (before the title picture and every
        // figure); the compendium: once in each game's chapter.
        let rules = dir.join(format!("rules-{}.pdf", w.lang));
        ok(&dir, &["rules", "kamon", "--lang", w.lang, "-q", "--out", rules.to_str().unwrap()]);
        let title_page = joined(&pdftotext(&rules, &["-l", "1"]));
        assert_eq!(count(&pdf_text(&rules), w).0, 1, "{}", w.lang);
        assert_eq!(count(&title_page, w).0, 1);
        let all = dir.join(format!("all-{}.pdf", w.lang));
        ok(&dir, &["rules", "all", "--lang", w.lang, "-q", "--out", all.to_str().unwrap()]);
        assert_eq!(count(&pdf_text(&all), w).0, 4, "{}: a reading for each game", w.lang);
        // A book without rules chapters: once per game, in its first section.
        for (how, per_game) in [("false", 1), ("true", 1), ("\"section\"", 1)] {
            let spec = format!(
                "title = \"Readings\"\ntrim = \"6x9in\"\nseed = \"r\"\nlang = \"{}\"\nhow_to_play = {how}\n\n\
                 [[section]]\ntitle = \"One\"\ngame = \"el\"\ncount = 2\n\n\
                 [[section]]\ntitle = \"Two\"\ngame = \"el\"\ncount = 2\n\n\
                 [[section]]\ntitle = \"Three\"\ngame = \"gosforth\"\ncount = 2\n",
                w.lang
            );
            std::fs::write(dir.join("book.toml"), spec).unwrap();
            let book = dir.join(format!("book-{}.pdf", w.lang));
            ok(&dir, &["book", "book.toml", "-q", "--out", book.to_str().unwrap()]);
            let (n, _) = count(&pdf_text(&book), w);
            assert_eq!(n, 2 * per_game, "{} how_to_play = {how}: once for EL, once for Gosforth", w.lang);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_readers_find_what_they_must_reject() {
    // The checks themselves, on words a listener would stumble over.
    let w = &described::ENGLISH;
    assert!(!listener_faults("Row 3: a3–f3 red 1.", w).is_empty());
    assert!(!listener_faults("Move c2→b2.", w).is_empty());
    assert!(!listener_faults("Row 4: d4 blue 2.", w).is_empty());
    assert!(listener_faults("Row 4: d4: blue 2; e4: red 1.", w).is_empty());
    assert!(!listener_faults("(1,0): rouge", &described::FRENCH).is_empty());
    assert!(listener_faults("(1 ; 0) : rouge", &described::FRENCH).is_empty());
    assert_eq!(pair("(2 ; moins 4)", &described::FRENCH), (2, -4));
    assert_eq!(outside_parentheses("(0; 1): rot; (1; 1): schwarz", ';').len(), 2);
    let (before, after) = halves("Before: A. After: B.", w);
    assert_eq!((before, after), (Some("A."), "B."));
}
