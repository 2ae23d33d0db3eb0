//! Rulebooks through the real binary: every game's PDF passes the validators and gives
//! its text back in reading order; the outline is nested; booklets are imposed in
//! saddle-stitch order; variants change text and diagrams; SVG and HTML outputs; output
//! is byte-identical across runs; bad templates fail with file, line and claim.
//! The validators (qpdf, poppler-utils, librsvg2-bin, chromium) come from `bash tests/run.sh`.

mod common;
mod pdfread;

use common::{ok, pdftotext, run, temp_dir, tool};
use std::path::Path;

fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = match std::fs::read_dir(dir.join("output")) {
        Ok(rd) => rd.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect(),
        Err(_) => Vec::new(),
    };
    v.sort();
    v
}

/// Asserts that the needles appear in this order.
fn in_order(text: &str, needles: &[&str]) {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut from = 0;
    for n in needles {
        match flat[from..].find(n) {
            Some(i) => from += i + n.len(),
            None => panic!("{n:?} missing or out of order in:\n{flat}"),
        }
    }
}

#[test]
fn every_rulebook_is_valid_embedded_and_reads_in_order() {
    let dir = temp_dir("pdf");
    let expect: [(&str, &[&str]); 4] = [
        ("el", &["EL", "Overview", "Numbers are never moved", "What you need", "Set-up", "Playing a turn", "Variants"]),
        ("kamon", &["Kamon", "Overview", "The board", "Set-up", "Playing a turn", "Three ways to win", "Blockade."]),
        ("six", &["SIX", "Overview", "Round one: placing", "The three formations", "Round two: moving"]),
        (
            "gosforth",
            &["Gosforth", "Overview", "Stage one: placing", "Scoring", "Examples", "Stage two: sliding", "Hints"],
        ),
    ];
    for (game, needles) in expect {
        ok(&dir, &["rules", game]);
        let path = dir.join(format!("output/{game}-rules.pdf"));
        let qpdf = tool("qpdf").arg("--check").arg(&path).output().unwrap();
        assert!(qpdf.status.success(), "qpdf {game}: {}", String::from_utf8_lossy(&qpdf.stdout));
        let fonts = tool("pdffonts").arg(&path).output().unwrap();
        let listing = String::from_utf8_lossy(&fonts.stdout).into_owned();
        let rows: Vec<&str> = listing.lines().skip(2).collect();
        assert!(rows.len() >= 3, "regular, bold, italic and mono faces: {listing}");
        for row in rows {
            let cols: Vec<&str> = row.split_whitespace().collect();
            let n = cols.len();
            assert_eq!(&cols[n - 5..n - 2], &["yes", "yes", "yes"], "{game}: {row}");
        }
        let text = pdftotext(&path, &[]);
        in_order(&text, needles);
        assert!(text.contains(&format!("recreate with: boardpress rules {game}")), "{game}: colophon");
        assert!(text.contains("our own resolutions"), "{game}: the resolutions are marked as ours");
    }
}

/// Walks the PDF outline, as qpdf reads it: (depth, title) in order.
fn outline(path: &Path) -> Vec<(usize, String)> {
    fn walk(pdf: &pdfread::Pdf, first: &serde_json::Value, depth: usize, out: &mut Vec<(usize, String)>) {
        let mut at = first;
        while !at.is_null() {
            let item = pdf.get(at);
            out.push((depth, pdfread::text(&item["/Title"]).unwrap_or_else(|| panic!("title {}", item["/Title"]))));
            walk(pdf, &item["/First"], depth + 1, out);
            at = &item["/Next"];
        }
    }
    let pdf = pdfread::Pdf::load(path);
    let root = pdf.get(&pdf.catalog()["/Outlines"]);
    assert!(!root.is_null(), "{}: no outline", path.display());
    let mut out = Vec::new();
    walk(&pdf, &root["/First"], 0, &mut out);
    out
}

#[test]
fn compendium_has_contents_and_a_nested_outline() {
    let dir = temp_dir("all");
    ok(&dir, &["rules", "all"]);
    let path = dir.join("output/rules-compendium.pdf");
    let text = pdftotext(&path, &["-f", "2", "-l", "2"]);
    in_order(&text, &["Contents", "EL", "Overview", "Kamon", "SIX", "Gosforth", "Our rulings in one place"]);
    let tree = outline(&path);
    let top: Vec<&str> = tree.iter().filter(|(d, _)| *d == 0).map(|(_, t)| t.as_str()).collect();
    assert_eq!(top, ["EL", "Kamon", "SIX", "Gosforth"]);
    assert!(tree.iter().any(|(d, t)| *d == 1 && t == "Three ways to win"), "{tree:?}");
    // Every chapter's page number in the contents is where its title really is.
    let contents = pdftotext(&path, &["-f", "2", "-l", "2", "-layout"]);
    for title in ["Kamon", "SIX", "Gosforth"] {
        let line = contents.lines().find(|l| l.trim_start().starts_with(title)).unwrap();
        let page: u32 = line.split_whitespace().last().unwrap().parse().unwrap();
        let there = pdftotext(&path, &["-f", &page.to_string(), "-l", &page.to_string()]);
        assert!(there.trim_start().starts_with(title), "{title} should open page {page}: {there}");
    }
}

#[test]
fn booklet_sides_carry_pages_in_saddle_stitch_order() {
    let dir = temp_dir("booklet");
    ok(&dir, &["rules", "kamon", "--booklet", "--paper", "letter"]);
    let path = dir.join("output/kamon-rules-booklet-letter.pdf");
    let info = tool("pdfinfo").arg(&path).output().unwrap();
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    assert!(info.contains("792 x 612 pts"), "landscape Letter sheets: {info}");
    let sides: usize = info.lines().find(|l| l.starts_with("Pages:")).unwrap()[6..].trim().parse().unwrap();
    assert_eq!(sides % 2, 0);
    let logical = sides * 2;
    // Page numbers sit in the bottom strip of each half (the footer's line, 584-596 pt
    // down; a page's last line of text may come down to 565), and the title page and
    // padding have none.
    let number_in = |side: usize, left: bool| -> Option<usize> {
        let x = if left { "0" } else { "396" };
        let p = (side + 1).to_string();
        let strip = pdftotext(&path, &["-f", &p, "-l", &p, "-x", x, "-y", "575", "-W", "396", "-H", "37"]);
        strip.split_whitespace().find_map(|w| w.parse::<usize>().ok())
    };
    let mut seen = Vec::new();
    for side in 0..sides {
        let sheet = side / 2;
        let (left, right) =
            if side % 2 == 0 { (logical - 2 * sheet, 2 * sheet + 1) } else { (2 * sheet + 2, logical - 2 * sheet - 1) };
        for (expected, is_left) in [(left, true), (right, false)] {
            let found = number_in(side, is_left);
            if let Some(n) = found {
                assert_eq!(n, expected, "side {} {}", side + 1, if is_left { "left" } else { "right" });
                seen.push(n);
            }
        }
    }
    seen.sort();
    assert!(seen.len() >= 4, "page numbers found: {seen:?}");
    assert!(seen.contains(&2), "{seen:?}");
}

#[test]
fn el_rules_follow_the_variant() {
    let dir = temp_dir("variant");
    ok(&dir, &["rules", "el"]);
    ok(&dir, &["rules", "el", "--size", "8", "--numbers", "8"]);
    let base = pdftotext(&dir.join("output/el-rules.pdf"), &[]);
    let big = pdftotext(&dir.join("output/el-rules-8x8-n8.pdf"), &[]);
    assert!(base.contains("6×6 grid") && big.contains("8×8 grid"), "{big}");
    assert!(big.contains("at least 5 of the 8") && base.contains("at least 4 of the 6"));
    assert!(base.contains("A real game") && !big.contains("A real game"), "the 6x6 game record only in the base rules");
    // The diagrams are drawn on the variant's board: row labels reach 8.
    let svg_dir = temp_dir("variant-svg");
    ok(&svg_dir, &["rules", "el", "--size", "8", "--numbers", "8", "--format", "svg"]);
    let page3 = std::fs::read_to_string(svg_dir.join("output/el-rules-8x8-n8-page3.svg")).unwrap();
    assert!(page3.contains("\n8\n</text>") && page3.contains("\nh\n</text>"), "8x8 diagrams with files a-h");
}

#[test]
fn svg_pages_render_and_reruns_are_byte_identical() {
    let dir = temp_dir("svg");
    ok(&dir, &["rules", "six", "--format", "svg"]);
    let svgs: Vec<String> = files(&dir).into_iter().filter(|f| f.ends_with(".svg")).collect();
    assert!(svgs.len() >= 3, "{svgs:?}");
    for f in &svgs {
        let png = dir.join("page.png");
        let out = tool("rsvg-convert").arg("-o").arg(&png).arg(dir.join("output").join(f)).output().unwrap();
        assert!(out.status.success(), "{f}: {}", String::from_utf8_lossy(&out.stderr));
    }
    for args in [
        vec!["rules", "el", "--out", "a.pdf"],
        vec!["rules", "all", "--booklet", "--out", "b.pdf"],
        vec!["rules", "kamon", "--format", "html", "--out", "c.html"],
    ] {
        ok(&dir, &args);
        let first = std::fs::read(dir.join(args.last().unwrap())).unwrap();
        std::fs::remove_file(dir.join(args.last().unwrap())).unwrap();
        ok(&dir, &args);
        assert_eq!(first, std::fs::read(dir.join(args.last().unwrap())).unwrap(), "{args:?}");
    }
}

#[test]
fn html_page_is_self_contained_and_prints_in_chromium() {
    let dir = temp_dir("html");
    ok(&dir, &["rules", "gosforth", "--format", "html"]);
    let path = dir.join("output/gosforth-rules.html");
    let html = std::fs::read_to_string(&path).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(html.matches("<svg").count(), 7, "one inline SVG per diagram");
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"), "nothing loaded from the network");
    assert!(html.contains("@media print"));
    let pdf = dir.join("printed.pdf");
    let out = tool("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--enable-logging=stderr",
            "--v=0",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", path.display()))
        .output()
        .unwrap();
    assert!(out.status.success(), "chromium: {}", String::from_utf8_lossy(&out.stderr));
    let log = String::from_utf8_lossy(&out.stderr);
    for line in log.lines() {
        assert!(!line.contains("CONSOLE") && !line.contains("Uncaught"), "page error: {line}");
    }
    let text = pdftotext(&pdf, &[]);
    in_order(&text, &["Gosforth", "Overview", "Stage one: placing", "Scoring", "Our rulings in one place"]);
    // The rulings are set apart where they apply and listed again, without their label.
    assert_eq!(html.matches("<blockquote class=\"ruling\">").count(), 5);
    let list = &html[html.find("<ul class=\"rulings\">").unwrap()..];
    assert_eq!(list[..list.find("</ul>").unwrap()].matches("<li>").count(), 5);
    assert!(list.contains("<li><p>A line means an unbroken run"), "{list}");
}

#[test]
fn a_users_own_template_gets_variables_and_checked_diagrams() {
    let dir = temp_dir("own");
    std::fs::write(
        dir.join("club.md"),
        "---\ntitle: Club night\n---\n# EL on {{ size }}x{{ size }}\n\nWrite 1 to {{ numbers }}.\n\n```el\nmarks: a1=1r b1=2b\nwins: none\ncaption: An opening.\n```\n",
    )
    .unwrap();
    ok(&dir, &["rules", "--template", "club.md"]);
    let text = pdftotext(&dir.join("output/club.pdf"), &[]);
    in_order(&text, &["Club night", "EL on 6x6", "Write 1 to 6.", "An opening."]);
    // No title page holding the title alone: one page (pdftotext ends each with a form
    // feed), its small print last, which claims no wording of ours.
    assert_eq!(text.matches('\u{c}').count(), 1, "{text}");
    in_order(&text, &["An opening.", "Printed with boardpress", "recreate with: boardpress rules --template club.md"]);
    assert!(!text.contains("our own wording"), "{text}");
    // A title taken from the first heading is set once; a template about a game keeps
    // its title page, with the game's board.
    std::fs::write(dir.join("notes.md"), "# Tuesday notes\n\nBring pens.\n").unwrap();
    ok(&dir, &["rules", "--template", "notes.md"]);
    let text = pdftotext(&dir.join("output/notes.pdf"), &[]);
    assert_eq!((text.matches("Tuesday notes").count(), text.matches('\u{c}').count()), (1, 1), "{text}");
    ok(&dir, &["rules", "--template", "notes.md", "--format", "html"]);
    let html = std::fs::read_to_string(dir.join("output/notes.html")).unwrap();
    assert_eq!(html.matches(">Tuesday notes</h").count(), 1, "{html}");
    ok(&dir, &["rules", "el", "--template", "notes.md", "--out", "el-notes.pdf"]);
    let first = pdftotext(&dir.join("el-notes.pdf"), &["-f", "1", "-l", "1"]);
    in_order(&first, &["Tuesday notes", "Printed with boardpress"]);
    let board = ["a", "f", "1", "6"].iter().all(|c| first.split_whitespace().any(|w| w == *c));
    assert!(!first.contains("Bring pens.") && board, "{first}");
}

#[test]
fn bad_templates_name_file_line_and_claim_and_write_nothing() {
    let owned = |text: &str| text.to_string();
    let dir = temp_dir("bad");
    let el = "```el\nid: el:6x6:.5b5b.../3r...5b./2r1r3r5b6r./5r...3b./6r5b..../......:b\nafter: a1=4\n";
    let kamon =
        "```kamon\nid: kamon:f2e1b5a6/e6e4b3d6c3/c1e5d5f5c4x/a1d2f1b2d4f6c2/a3f4b1c5a2d1/b6f3c6e3a5/a4e2b4d3:-:B\n";
    let cases: [(&str, String, &[&str]); 25] = [
        ("tera.md", owned("# A\n\nText {{ size + }}\n"), &["tera.md, line 3", "template error"]),
        ("fence.md", owned("# A\n\n```chess\ne4\n```\n"), &["fence.md, line 3", "unknown diagram fence '```chess'"]),
        ("id.md", owned("# A\n\n```kamon\nid: kamon:abc:-:B\n```\n"), &["id.md, line 4", "kamon:abc"]),
        // A colour of two bytes (it panicked, cutting the character in two).
        ("colour.md", owned("```el\nmarks: a1=1ß\n```\n"), &["colour.md, line 2", "'a1=1ß': 'ß' is not a colour"]),
        (
            "claim.md",
            owned("# A\n\nIntro.\n\n```el\nid: el:6x6:.5b5b.../3r...5b./.1r3r5b6r./5r...3b./6r5b..../......:r\nafter: a4=2\nthreats: a1=4\n```\n"),
            &["claim.md, line 8", "false claim 'threats: a1=4'", "4@a1 4@f4"],
        ),
        ("key.md", owned("```six\nid: six:r=0,0:b=1,0:hand=20,20:r\nwinnner: r\n```\n"), &["key.md, line 3", "'winnner' is not a diagram key"]),
        ("move.md", owned("```gosforth\nid: gosforth:...../...../...../...../.....:0-0:place:-:x:12\nafter: f9\n```\n"), &["move.md, line 3", "not a legal move"]),
        // Captions say only what the engine checked (fence::caption).
        ("names.md", format!("{el}winner: r\ncaption: Red wins.\n```\n"), &["names.md, line 5", "names Red by hand"]),
        ("shape.md", format!("{el}winner: r\ncaption: {{move}} finishes the column: {{winner}} wins.\n```\n"), &["'column'", "{finished}"]),
        ("cell.md", format!("{el}winner: r\ncaption: {{move}} and b2: {{winner}} wins.\n```\n"), &["names b2, which no claim"]),
        ("outcome.md", format!("{el}caption: {{move}} wins for {{owner}}.\n```\n"), &["'wins'", "needs a 'winner:' or 'wins:' claim"]),
        // Blue's 4 finishes an L that is mostly Red's: Red wins, not the mover.
        ("loser.md", format!("{el}winner: r\ncaption: {{move}}: {{mover}} wins.\n```\n"), &["'wins' beside Blue", "the winner is Red"]),
        ("none.md", format!("{el}winner: r\ncaption: {{threats}} remain.\n```\n"), &["'{threats}'", "no threat"]),
        ("unknown.md", format!("{el}winner: r\ncaption: {{loser}} loses.\n```\n"), &["'{loser}' is not a placeholder", "{winner}"]),
        (
            "points.md",
            owned("```gosforth\nid: gosforth:....o/...../.xxx./...../o.o..:0-0:place:-:x:12\nafter: e3\ngain: x=1\ncaption: {move} scores 2 points.\n```\n"),
            &["'scores'", "{gain}"],
        ),
        // X's slide makes a column for O: the point is O's, not the mover's.
        (
            "scorer.md",
            owned("```gosforth\nid: gosforth:xoxox/oxoxo/oxxoo/oxoxx/.oxox:3-1:move:a2:x:12\nafter: b1>\ngain: o=1\ncaption: {move} makes {finished} for {mover}: {gain}.\n```\n"),
            &["scorer.md, line 5", "'{gain}' beside X", "scores for O", "{scorer}"],
        ),
        // A width that would print a diagram's smallest text under 6 pt (tests/typography.rs
        // measures the widths allowed: 60 mm for Kamon, 36 mm for EL).
        ("narrow.md", format!("{kamon}width: 59\n```\n"), &["narrow.md, line 3", "'width: 59'", "needs 60 mm or more"]),
        ("tiny.md", format!("{el}width: 35\n```\n"), &["tiny.md, line 4", "'width: 35'", "needs 36 mm or more"]),
        // Nothing to print (it was an internal error about a bookmark past the last page).
        ("empty.md", owned(""), &["empty.md: nothing to print", "# Rules of my game"]),
        ("blank.md", owned("  \n\n<!-- a note -->\n"), &["blank.md: nothing to print"]),
        // A title longer than a title page holds (150 characters do: tests/rules.rs's
        // long-title test prints 150 capital Ws).
        ("title.md", format!("# {}\n\nText.\n", "W".repeat(151)), &["title.md: the title is 151 characters", "holds 150"]),
        ("credit.md", format!("---\ncredit: {}\n---\n# A\n", "c".repeat(301)), &["the credit is 301 characters"]),
        // A caption or a table cell longer than a page's worth (the value quoted to its
        // 80th character).
        (
            "caption.md",
            format!("{el}caption: {}\n```\n", "Words. ".repeat(60)),
            &["caption.md, line 4", "Words. Wor…':", "is 419 characters; a caption holds 400"],
        ),
        ("cell.md", format!("# A\n\n| a |\n|---|\n| {} |\n", "w".repeat(401)), &["a table cell is 401 characters; a cell holds 400"]),
        // A paragraph made a heading by a line of '---' under it (one of 2,400 characters
        // was taller than a booklet page and printed past its foot: exit 1).
        (
            "setext.md",
            format!("# A\n\n{}\n---\n", "Words and more words. ".repeat(12)),
            &["setext.md: the heading that begins 'Words and more words.", "a heading holds 200", "leave a blank line above it"],
        ),
    ];
    for (name, text, needles) in cases {
        std::fs::write(dir.join(name), &text).unwrap();
        let out = run(&dir, &["rules", "--template", name]);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{name}: one line: {err}");
        assert!(!err.contains("panicked"), "{name}: {err}");
        for n in needles {
            assert!(err.contains(n), "{name}: {n:?} not in {err}");
        }
        assert!(files(&dir).is_empty(), "{name}: nothing written: {:?}", files(&dir));
    }
    let out = run(&dir, &["rules", "--template", "missing.md"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&dir, &["rules", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game 'chess'"));
}

#[test]
fn the_library_says_what_is_wrong_with_a_rulebook_and_where() {
    use boardpress::lang::Lang;
    use boardpress::options::GameOptions;
    use boardpress::rulebook::{build, RulebookProblem, Source};
    let ctx = boardpress::api::rulebook_variables(&GameOptions::new(), "boardpress rules", Lang::En).unwrap();
    let problem = |name: &str, text: &str| {
        let source = Source { name: name.into(), text: text.into() };
        let e = build(&source, &ctx, &GameOptions::new(), Lang::En, boardpress::games::rulebook_games()).unwrap_err();
        assert_eq!(e.file, name);
        assert_eq!(boardpress::Error::from(e.clone()).exit_status(), 2);
        e.problem
    };
    match problem("tera.md", "# A\n\nText {{ size + }}\n") {
        RulebookProblem::Template { line, .. } => assert_eq!(line, Some(3)),
        other => panic!("{other:?}"),
    }
    match problem("fence.md", "# A\n\n```chess\ne4\n```\n") {
        RulebookProblem::UnknownFence(e) => assert_eq!(e.line, 3),
        other => panic!("{other:?}"),
    }
    let claim =
        "```el\nid: el:6x6:.5b5b.../3r...5b./.1r3r5b6r./5r...3b./6r5b..../......:r\nafter: a4=2\nthreats: a1=4\n```\n";
    match problem("claim.md", claim) {
        RulebookProblem::Fence(e) => {
            assert_eq!((e.line, e.entry), (4, Some(("threats".to_string(), "a1=4".to_string()))));
            assert!(matches!(e.problem, boardpress::game::fence::FenceProblem::FalseClaim(_)), "{:?}", e.problem);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_rulebook_diagram_draws_a_mark_twice() {
    use boardpress::lang::Lang;
    use boardpress::options::GameOptions;
    use boardpress::scene::Item;
    let mut figures = 0;
    for (game, lang) in boardpress::games::GAMES.iter().flat_map(|g| Lang::ALL.iter().map(move |l| (g, *l))) {
        let ctx = boardpress::api::rulebook_variables(&GameOptions::new(), "boardpress rules", lang).unwrap();
        let source = boardpress::api::builtin_rulebook(*game, lang).unwrap();
        let built =
            boardpress::rulebook::build(&source, &ctx, &GameOptions::new(), lang, boardpress::games::rulebook_games())
                .unwrap();
        for d in boardpress::rulebook::figures(&built.chapter.blocks) {
            figures += 1;
            let paths: Vec<&Item> =
                boardpress::scene::leaves(&d.scene.items).filter(|i| matches!(i, Item::Path { .. })).collect();
            for (k, p) in paths.iter().enumerate() {
                // A cell named by a caption and also played (Gosforth) was once shaded and
                // outlined twice.
                assert!(!paths[..k].contains(p), "{}: a diagram of '{}' draws {p:?} twice", source.name, d.caption);
            }
        }
    }
    assert!(figures >= 80, "{figures} diagrams");
}
