//! A user's template with what is too long for its room (a title, a word, a table, a
//! nesting, a listing) prints through the real binary (a table too wide even for one
//! letter a column is refused by name), its words all inside the live
//! area (the binary's form check) and all read back from the PDF (poppler's pdftotext,
//! from `bash tests/run.sh`).

mod common;

use common::{ok, pdftotext, temp_dir};
use std::path::Path;
use std::process::Command;

/// A title too long for the running title beside the page number is cut after a word
/// and ends with an ellipsis, a word longer than a line is cut between letters, lists
/// and quotes nested past the page's width stop moving in, and preformatted text longer
/// than a page turns the page, in every language, on full pages and booklets; the pages
/// print (the binary's form check finds every word inside the live area).
#[test]
fn long_titles_and_words_are_cut_to_fit() {
    let dir = temp_dir("running");
    let title = "Rules of Donaudampfschifffahrtsgesellschaftskapitän and more words than a running title holds";
    // A word wider than any line, in a heading, a paragraph, a caption and a table's
    // cells: cut between letters with a hyphen where it must be.
    let word = "Donaudampfschifffahrtsgesellschaftskapitän".repeat(2);
    let el = "```el\nid: el:6x6:.5b5b.../3r...5b./.1r3r5b6r./5r...3b./6r5b..../......:r\n";
    let table = format!("| a | b |\n|---|---|\n| {word}{word} | short |\n| x | {word} |\n");
    // Lists and quotes nested 60 deep: set no further in than leaves 40 mm.
    let list: String = (0..60).map(|k| format!("{}- item {k} of the list\n", "  ".repeat(k))).collect();
    let quote = format!("{} the deepest quote\n", ">".repeat(60));
    // Preformatted text longer than a page, with a line wider than it.
    let code: String = (0..150).map(|k| format!("line {k} of the listing\n")).collect();
    let code = format!("```text\n{code}{}\n```\n", "x".repeat(300));
    let body = format!(
        "## {word}\n\nSome text with {word}{word} in it.\n\n{el}caption: A board of the {word}.\n```\n\n{table}\n{list}\n{quote}\n{code}"
    );
    std::fs::write(dir.join("long.md"), format!("# {title}\n\nSome text.\n\n{body}")).unwrap();
    // The longest title taken, of the widest letter, prints on the narrowest page.
    std::fs::write(dir.join("widest.md"), format!("# {}\n\nText.\n", "W".repeat(150))).unwrap();
    ok(&dir, &["rules", "--template", "widest.md", "--booklet", "--paper", "letter", "-q", "--out", "w.pdf"]);
    for (lang, suffix) in [("en", " — rules"), ("de", " — Spielregeln"), ("fr", " — règles")] {
        for booklet in [false, true] {
            let out = dir.join(format!("long-{lang}-{booklet}.pdf"));
            let mut args = vec!["rules", "--template", "long.md", "--lang", lang, "-q", "--out", out.to_str().unwrap()];
            if booklet {
                args.push("--booklet");
            }
            ok(&dir, &args);
            let text = pdftotext(&out, &[]);
            // The first page opens with the long title in lines, large (1.6 times the
            // body size at least: 16.8 pt on full pages, 14.4 on booklet pages), not
            // shrunk to one line.
            let boxes = pdftotext(&out, &["-bbox", "-f", "1", "-l", "1"]);
            let at = |word: &str, key: &str| -> f32 {
                let from = word.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
                word[from..].split('"').next().unwrap().parse().unwrap()
            };
            // (A booklet's first sheet holds a running title too, smaller.)
            let size = boxes
                .lines()
                .filter(|l| l.contains("<word") && l.contains(">Rules<"))
                .map(|w| (at(w, "yMax") - at(w, "yMin")) / 1.164)
                .fold(0.0, f32::max);
            assert!(size >= 14.0, "{lang} {booklet}: the title set in {size:.1} pt");
            let joined = text.replace("-\n", "").replace('\n', " ");
            assert!(joined.matches(word.as_str()).count() >= 7, "{lang} {booklet}: the long word lost: {joined}");
            for said in ["item 59 of the list", "the deepest quote", "line 149 of the listing"] {
                assert!(joined.contains(said), "{lang} {booklet}: '{said}' lost");
            }
            let running: Vec<&str> = text.lines().map(str::trim).filter(|l| l.ends_with(suffix)).collect();
            assert!(!running.is_empty(), "{lang} {booklet}: no running title in {text}");
            for line in running {
                let cut = line.strip_suffix(suffix).and_then(|l| l.strip_suffix('…'));
                let cut = cut.unwrap_or_else(|| panic!("{lang} {booklet}: '{line}' is not cut short"));
                assert!(title.starts_with(cut) && title[cut.len()..].starts_with(' '), "{lang} {booklet}: '{line}'");
            }
        }
    }
}

/// Runs the binary in `dir`: its exit status and what it wrote to standard error.
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress")).args(args).current_dir(dir).output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A rulebook template holding one table of `columns` columns, headed `heading(c)`, with
/// one row of `cell` in every column.
fn table(columns: usize, heading: impl Fn(usize) -> String, cell: &str) -> String {
    let header: Vec<String> = (0..columns).map(heading).collect();
    let cells = vec![cell; columns].join(" | ");
    format!("# Wide\n\n| {} |\n|{}\n| {cells} |\n", header.join(" | "), "---|".repeat(columns))
}

/// A table is set smaller before its words are cut, and a table whose columns cannot
/// hold one letter each on its page is refused, naming it and the room, rather than
/// printed past the page (or, in a booklet, across the fold onto the next page, which the
/// check of the imposed sheet did not see).
#[test]
fn tables_fit_their_page_or_are_refused_by_name() {
    let dir = temp_dir("tables");
    let c = |k: usize| format!("c{k}");
    // 70 columns: refused, nothing written.
    std::fs::write(dir.join("wide.md"), table(70, c, "WWWW")).unwrap();
    let (status, err) = run(&dir, &["rules", "--template", "wide.md"]);
    assert_eq!(status, Some(2), "{err}");
    assert!(
        err.contains("wide.md: the table that begins 'c0' has 70 columns") && err.contains("its page holds 184 mm"),
        "{err}"
    );
    assert!(!dir.join("output").exists(), "nothing written");
    // 24 columns: an A4 page holds them; a half-letter booklet page does not.
    std::fs::write(dir.join("fold.md"), table(24, c, "WWWW")).unwrap();
    ok(&dir, &["rules", "--template", "fold.md", "--out", "fold.pdf"]);
    let (status, err) =
        run(&dir, &["rules", "--template", "fold.md", "--booklet", "--paper", "letter", "--out", "b.pdf"]);
    assert_eq!(status, Some(2), "{err}");
    assert!(err.contains("has 24 columns") && err.contains("its page holds 122 mm"), "{err}");
    assert!(!dir.join("b.pdf").exists(), "nothing written");
    // At the most that fit, the booklet prints (its pages pass the form check one by one).
    std::fs::write(dir.join("fold.md"), table(18, c, "WWWW")).unwrap();
    ok(&dir, &["rules", "--template", "fold.md", "--booklet", "--paper", "letter", "--out", "b.pdf"]);
    // A row is never split between pages: one taller than its page (a long word cut
    // letter by letter in a narrow column) is refused, naming the row and the room; the
    // same table prints on A4, where the row fits. (It ran past the booklet page's foot.)
    let long = |k: usize| if k == 14 { format!("Colum{}n14", "x".repeat(140)) } else { format!("Column{k}") };
    std::fs::write(dir.join("tall.md"), table(16, long, "v")).unwrap();
    let (status, err) = run(&dir, &["rules", "--template", "tall.md", "--booklet", "--out", "t.pdf"]);
    assert_eq!(status, Some(2), "{err}");
    assert!(
        err.contains("tall.md: the table that begins 'Column0' has a row") && err.contains("holds 181 mm"),
        "{err}"
    );
    assert!(!dir.join("t.pdf").exists(), "nothing written");
    ok(&dir, &["rules", "--template", "tall.md", "--out", "t.pdf"]);
    // Headings cut at three quarters of the body size ("Item-" / "00") but whole a little
    // smaller are set smaller.
    std::fs::write(dir.join("mid.md"), table(14, |k| format!("Item{k:02}"), "v")).unwrap();
    ok(&dir, &["rules", "--template", "mid.md", "--out", "mid.pdf"]);
    let printed = pdftotext(&dir.join("mid.pdf"), &["-raw", "-f", "1", "-l", "1"]);
    for k in 0..14 {
        let heading = format!("Item{k:02}");
        assert!(printed.split_whitespace().any(|w| w == heading), "{heading} is not printed whole: {printed}");
    }
}

/// A table whose two-word headings ("Round three") do not fit side by side even at three
/// quarters of the body size sets them on two lines, inside the text's measure, rather
/// than keeping them whole and reaching into the margin (as it did on a booklet page: 8 mm
/// past the paragraphs' right edge).
#[test]
fn two_word_headings_take_two_lines_before_a_table_reaches_into_the_margin() {
    let dir = temp_dir("headings");
    let rounds = ["one", "two", "three", "four", "five", "six"];
    let heading = |k: usize| match k {
        0 => "Player".to_string(),
        7 => "Total".to_string(),
        k => format!("Round {}", rounds[k - 1]),
    };
    let paragraph = "Each round is scored as the rules say, and the totals decide the game. ".repeat(4);
    std::fs::write(
        dir.join("scores.md"),
        format!("{paragraph}\n\n{}", table(8, heading, "12")).replace("# Wide\n\n", ""),
    )
    .unwrap();
    for booklet in [false, true] {
        let mut args = vec!["rules", "--template", "scores.md", "--out", "scores.pdf"];
        args.extend(booklet.then_some("--booklet"));
        ok(&dir, &args);
        let boxes = pdftotext(&dir.join("scores.pdf"), &["-bbox", "-f", "1", "-l", "1"]);
        let words: Vec<(f32, f32, &str)> = boxes
            .lines()
            .filter(|l| l.contains("<word"))
            .map(|l| {
                let at = |key: &str| -> f32 {
                    let from = l.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
                    l[from..].split('"').next().unwrap().parse().unwrap()
                };
                (at("xMin"), at("xMax"), l.rsplit("\">").next().unwrap().trim_end_matches("</word>"))
            })
            .collect();
        // The paragraph's justified lines end at the measure's right edge.
        let in_table = |w: &&(f32, f32, &str)| ["Round", "Total", "12"].contains(&w.2) || rounds.contains(&w.2);
        let right = words.iter().filter(|w| !in_table(w)).map(|w| w.1).fold(0.0, f32::max);
        let table: Vec<_> = words.iter().filter(in_table).collect();
        assert_eq!(table.iter().filter(|w| w.2 == "Round").count(), 6, "{booklet}: {boxes}");
        for w in table {
            assert!(w.1 <= right + 0.5, "booklet {booklet}: '{}' ends at {} pt, the measure at {right} pt", w.2, w.1);
        }
    }
}

/// A template without a game ends with its small print (the version and the command that
/// recreates it), even when its last diagram does not fit at the foot of a page and waits
/// for the next: the small print waits with it (before, at some lengths of text, it
/// printed above the diagram, on the page before).
#[test]
fn the_small_print_comes_after_a_diagram_that_waits_for_the_next_page() {
    let dir = temp_dir("last");
    let paragraph = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ".repeat(5);
    let kamon = "id: kamon:f2e1b5a6/e6e4b3d6c3/c1e5d5f5c4x/a1d2f1b2d4f6c2/a3f4b1c5a2d1/b6f3c6e3a5/a4e2b4d3:-:B";
    for paragraphs in 3..=14 {
        let body = vec![paragraph.as_str(); paragraphs].join("\n\n");
        let text = format!("# Last\n\n{body}\n\nAnd a diagram.\n\n```kamon\n{kamon}\ncaption: The board.\n```\n");
        std::fs::write(dir.join("last.md"), text).unwrap();
        ok(&dir, &["rules", "--template", "last.md", "--out", "last.pdf", "-q"]);
        let printed = pdftotext(&dir.join("last.pdf"), &[]);
        let (board, small) = (printed.find("The board."), printed.find("Printed with boardpress"));
        assert!(board.is_some() && small > board, "{paragraphs} paragraphs: {printed}");
        // The small print is on the last page (pdftotext ends each page with a form feed).
        assert!(!printed[small.unwrap()..].trim_end_matches('\u{c}').contains('\u{c}'), "{paragraphs}: {printed}");
    }
}
