//! Print-on-demand books through the real binary and the library: a mixed-game spec on
//! 6x9 in and 8.5x11 in, with and without bleed; the page boxes read back (pdfinfo
//! -box); every page's ink inside its safe area (the scenes' bounds before rendering,
//! and pages rasterised by pdftoppm with blank margins); every page reference read back
//! with pdftotext pointing at the page that holds that puzzle or solution; qpdf and
//! pdffonts; reruns and --jobs give the same bytes; the cover's size and spine; the
//! padding to 24 pages; bad specs named by key and line. The validators come from
//! `bash tests/run.sh`.

mod common;

use common::{run, temp_dir, tool_output};
use std::path::Path;

const PT_PER_IN: f32 = 72.0;

/// A mixed book: every game, a defend and a win-in-two section, the rules chapters.
fn spec(trim: &str, bleed: bool, solutions: &str) -> String {
    format!(
        "title = \"Test Book\"\nsubtitle = \"Mixed\"\nauthor = \"The Tests\"\ntrim = \"{trim}\"\nbleed = {bleed}\nseed = \"t\"\nsolutions = \"{solutions}\"\n\n\
         [[section]]\ntitle = \"EL starters\"\ngame = \"el\"\ncount = 7\n\n\
         [[section]]\ntitle = \"Kamon defence\"\ngame = \"kamon\"\ntask = \"defend\"\ncount = 5\nname_line = true\n\n\
         [[section]]\ntitle = \"SIX forks\"\ngame = \"six\"\ntask = \"win-in-two\"\ncount = 5\n\n\
         [[section]]\ntitle = \"Gosforth slides\"\ngame = \"gosforth\"\ntask = \"best-move\"\ncount = 6\ntarget = 10\n"
    )
}

/// (left, bottom, right, top) of a box, in points, from `pdfinfo -box` for one page.
fn page_box(info: &str, page: usize, name: &str) -> [f32; 4] {
    let line = info
        .lines()
        .find(|l| l.starts_with(&format!("Page {page:>4} {name}")))
        .unwrap_or_else(|| panic!("no {name} for page {page} in\n{info}"));
    let v: Vec<f32> = line.split_whitespace().rev().take(4).map(|n| n.parse().unwrap()).collect();
    [v[3], v[2], v[1], v[0]]
}

fn close(a: [f32; 4], b: [f32; 4]) -> bool {
    a.iter().zip(b).all(|(x, y)| (x - y).abs() < 0.05)
}

/// Each page's text, from pdftotext.
fn page_texts(dir: &Path, pdf: &str, pages: usize) -> Vec<String> {
    let all = tool_output(dir, "pdftotext", &[pdf, "-"]);
    let texts: Vec<String> = all.split('\u{c}').map(str::to_string).collect();
    assert!(texts.len() >= pages, "{} page texts for {pages} pages", texts.len());
    texts
}

/// A word read back with its box: (text, x left, y top), per page.
type Words = Vec<Vec<(String, f32, f32)>>;

fn words(dir: &Path, pdf: &str) -> Words {
    let xml = tool_output(dir, "pdftotext", &["-bbox", pdf, "-"]);
    let mut pages: Words = Vec::new();
    for line in xml.lines().map(str::trim) {
        if line.starts_with("<page ") {
            pages.push(Vec::new());
        } else if let Some(rest) = line.strip_prefix("<word ") {
            let attr = |name: &str| -> f32 {
                let at = rest.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                rest[at..].split('"').next().unwrap().parse().unwrap()
            };
            let text = rest.split_once('>').unwrap().1.trim_end_matches("</word>").to_string();
            pages.last_mut().unwrap().push((text, attr("xMin"), attr("yMin")));
        }
    }
    pages
}

/// The references of a page: (puzzle number of the tile, page the reference names), each
/// reference ("Solution on page N") paired with its tile's label ("12.") by position:
/// the nearest row of labels above it, and in that row the last label left of it.
fn references(page: &[(String, f32, f32)], word: &str) -> Vec<(usize, usize)> {
    let labels: Vec<(usize, f32, f32)> = page
        .iter()
        .filter_map(|(t, x, y)| t.strip_suffix('.').and_then(|n| n.parse().ok()).map(|n| (n, *x, *y)))
        .collect();
    let mut out = Vec::new();
    for (i, (t, x, y)) in page.iter().enumerate() {
        if t != word || page.get(i + 1).map(|w| w.0.as_str()) != Some("on") {
            continue;
        }
        let target: usize = page[i + 3].0.parse().unwrap();
        let row = labels.iter().filter(|l| l.2 < *y).map(|l| l.2).fold(f32::MIN, f32::max);
        let label = labels
            .iter()
            .filter(|l| (l.2 - row).abs() < 1.0 && l.1 <= *x + 1.0)
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap_or_else(|| panic!("no label for the reference at ({x}, {y})"));
        out.push((label.0, target));
    }
    out
}

#[test]
fn a_mixed_book_on_two_trims_with_and_without_bleed() {
    let dir = temp_dir("mixed");
    for (k, (trim, (w_in, h_in), bleed, solutions)) in
        [("6x9in", (6.0, 9.0), false, "end"), ("8.5x11in", (8.5, 11.0), true, "section")].into_iter().enumerate()
    {
        let name = format!("book{k}.toml");
        std::fs::write(dir.join(&name), spec(trim, bleed, solutions)).unwrap();
        let (pdf, cover) = (format!("book{k}.pdf"), format!("cover{k}.pdf"));
        let out = run(&dir, &["book", &name, "--out", &pdf, "--cover", &cover, "-q"]);
        assert!(out.status.success(), "{trim}: {}", String::from_utf8_lossy(&out.stderr));
        tool_output(&dir, "qpdf", &["--check", &pdf]);
        let fonts = tool_output(&dir, "pdffonts", &[&pdf]);
        assert!(fonts.lines().skip(2).all(|l| l.split_whitespace().rev().nth(4) == Some("yes")), "{fonts}");

        // Page count: even, at least 24; the boxes of every page.
        let info = tool_output(&dir, "pdfinfo", &["-box", "-f", "1", "-l", "999", &pdf]);
        let pages = info.lines().filter(|l| l.contains("MediaBox")).count();
        assert!(pages >= 24 && pages % 2 == 0, "{trim}: {pages} pages");
        // The colophon (page 2) says how many pages the book has.
        let colophon = tool_output(&dir, "pdftotext", &["-f", "2", "-l", "2", &pdf, "-"]);
        assert!(colophon.replace('\n', " ").contains(&format!("; {pages} pages")), "{trim}: {colophon}");
        let b = if bleed { 0.125 * PT_PER_IN } else { 0.0 };
        let (tw, th) = (w_in * PT_PER_IN, h_in * PT_PER_IN);
        for page in 1..=pages {
            let media = page_box(&info, page, "MediaBox");
            assert!(close(media, [0.0, 0.0, tw + b, th + 2.0 * b]), "{trim} page {page}: MediaBox {media:?}");
            assert!(close(page_box(&info, page, "BleedBox"), media), "{trim} page {page}: BleedBox");
            // The bleed is on the outside edge: right of odd pages, left of even ones.
            let left = if page % 2 == 1 { 0.0 } else { b };
            let trim_box = page_box(&info, page, "TrimBox");
            assert!(close(trim_box, [left, b, left + tw, b + th]), "{trim} page {page}: TrimBox {trim_box:?}");
        }

        // Every reference names the page that holds its puzzle or solution.
        let texts = page_texts(&dir, &pdf, pages);
        let boxes = words(&dir, &pdf);
        let mut checked = 0;
        for (i, page) in boxes.iter().enumerate() {
            for (word, other) in [("Solution", "Puzzle"), ("Puzzle", "Solution")] {
                for (n, target) in references(page, word) {
                    let there = references(&boxes[target - 1], other);
                    assert!(
                        there.contains(&(n, i + 1)),
                        "{trim}: puzzle {n} on page {} sends the reader to page {target}, which holds {there:?}",
                        i + 1
                    );
                    let solutions_page = texts[target - 1].contains("Solutions");
                    assert_eq!(solutions_page, word == "Solution", "{trim}: page {target}");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 2 * (7 + 5 + 5 + 6), "{trim}: every puzzle and every solution has a reference");
        let all = texts.join(" ");
        for needle in ["Contents", "How to play EL", "How to play Kamon", "EL starters", "Name", "boardpress book book"]
        {
            assert!(all.contains(needle), "{trim}: {needle:?} missing");
        }

        // The margins are blank (0.25 in inside the trim and the bleed beyond it), read
        // from the rasterised pages.
        let dpi = 30.0;
        tool_output(&dir, "pdftoppm", &["-gray", "-r", "30", "-f", "1", "-l", "8", &pdf, &format!("ras{k}")]);
        for page in 1..=8 {
            let pgm = std::fs::read(dir.join(format!("ras{k}-{page}.pgm")).as_path())
                .or_else(|_| std::fs::read(dir.join(format!("ras{k}-0{page}.pgm"))))
                .or_else(|_| std::fs::read(dir.join(format!("ras{k}-00{page}.pgm"))))
                .unwrap();
            let text = String::from_utf8_lossy(&pgm[..20]).into_owned();
            let dims: Vec<usize> = text.split_whitespace().skip(1).take(2).map(|n| n.parse().unwrap()).collect();
            let (w, h) = (dims[0], dims[1]);
            let data = &pgm[pgm.len() - w * h..];
            let px = |pt: f32| (pt / PT_PER_IN * dpi).round() as usize;
            let left = if page % 2 == 1 { 0.0 } else { b };
            let safe = 0.25 * PT_PER_IN;
            let (x0, x1) = (px(left + safe), px(left + tw - safe));
            let (y0, y1) = (px(b + safe), px(b + th - safe));
            for y in 0..h {
                for x in 0..w {
                    let inside = (x0..x1).contains(&x) && (y0..y1).contains(&y);
                    assert!(inside || data[y * w + x] > 200, "{trim} page {page}: ink in the margin at ({x}, {y})");
                }
            }
        }

        // The cover: back, spine, front at the trim's height, with bleed all round.
        let cinfo = tool_output(&dir, "pdfinfo", &["-box", "-f", "1", "-l", "1", &cover]);
        let spine = pages as f32 * 0.002252 * PT_PER_IN;
        let bleed = 0.125 * PT_PER_IN;
        let media = page_box(&cinfo, 1, "MediaBox");
        assert!(close(media, [0.0, 0.0, 2.0 * tw + spine + 2.0 * bleed, th + 2.0 * bleed]), "cover {media:?}");
        assert!(close(page_box(&cinfo, 1, "TrimBox"), [bleed, bleed, media[2] - bleed, media[3] - bleed]));
        let ctext = tool_output(&dir, "pdftotext", &[&cover, "-"]);
        assert!(ctext.contains("Test Book") && ctext.contains("barcode area"), "{ctext}");
        assert!(!ctext.contains("Test Book · The Tests"), "no title on a spine under 100 pages");

        // The same bytes again, and with another number of threads.
        let again = run(&dir, &["book", &name, "--out", "again.pdf", "--jobs", "1", "-q"]);
        assert!(again.status.success());
        assert_eq!(std::fs::read(dir.join(&pdf)).unwrap(), std::fs::read(dir.join("again.pdf")).unwrap(), "{trim}");
    }
}

/// Before rendering: every page's ink lies inside the trim's safe area (0.25 in from
/// every edge of the finished page).
#[test]
fn every_page_keeps_its_ink_in_the_safe_area() {
    for (trim, bleed) in [("5x8in", true), ("8.5x11in", false)] {
        let req = boardpress::BookRequest { name: "b.toml".into(), text: spec(trim, bleed, "end"), cover: false };
        let book = boardpress::book::pages(&req, &boardpress::Run::default()).unwrap();
        for (i, boxes) in book.boxes.iter().enumerate() {
            let page = book.page(i);
            let [l, b, r, t] = boxes.trim;
            // Boxes count from the bottom; scenes from the top.
            let (top, bottom) = (page.height - t, page.height - b);
            let safe = 0.25 * 25.4;
            if let Some(boardpress::scene::Rect { left: x0, top: y0, right: x1, bottom: y1 }) = page.ink_bounds() {
                assert!(
                    x0 >= l + safe - 0.01
                        && x1 <= r - safe + 0.01
                        && y0 >= top + safe - 0.01
                        && y1 <= bottom - safe + 0.01,
                    "{trim} page {}: ink {:?} outside the safe area of {:?}",
                    i + 1,
                    (x0, y0, x1, y1),
                    (l + safe, top + safe, r - safe, bottom - safe)
                );
            }
        }
    }
}

#[test]
fn a_short_book_is_padded_to_24_pages_with_a_note() {
    let dir = temp_dir("short");
    std::fs::write(
        dir.join("small.toml"),
        "title = \"Small\"\nhow_to_play = false\n[[section]]\ntitle = \"A few\"\ngame = \"el\"\ncount = 2\n",
    )
    .unwrap();
    let out = run(&dir, &["book", "small.toml", "-q"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("pages for notes bring it to 24"), "{err}");
    let info = tool_output(&dir, "pdfinfo", &["output/small.pdf"]);
    assert!(info.contains("Pages:           24"), "{info}");
    let text = tool_output(&dir, "pdftotext", &["output/small.pdf", "-"]);
    assert!(text.contains("Notes"));
}

#[test]
fn bad_specs_name_the_key_and_line_and_write_nothing() {
    let dir = temp_dir("bad");
    let good = "title = \"T\"\ntrim = \"5x8in\"\n[[section]]\ntitle = \"s\"\ngame = \"el\"\ncount = 2\n";
    let cases: [(&str, String, &str); 8] = [
        ("unknown.toml", format!("{good}colour = 3\n"), "unknown.toml:7: unknown key 'colour' (a section takes"),
        ("trim.toml", good.replace("5x8in", "4x4in"), "trim.toml:2: trim '4x4in' is not one of"),
        ("task.toml", format!("{good}task = \"block\"\n"), "task.toml:7: task 'block': el puzzles are"),
        ("perpage.toml", format!("{good}per_page = 20\n"), "perpage.toml:3: per_page = 20 does not fit a 5x8in page"),
        ("toml.toml", "title = \"T\n".to_string(), "toml.toml:1: not valid TOML"),
        ("top.toml", format!("colours = 2\n{good}"), "top.toml:1: unknown key 'colours'"),
        ("count.toml", good.replace("count = 2", "count = \"two\""), "count.toml:6: 'count' must be a whole number"),
        // A title with a word wider than the title page's line.
        (
            "word.toml",
            good.replace("\"T\"", "\"Donaudampfschifffahrtsgesellschaftskapitän\""),
            "word.toml: the title page: 'title' has a word wider than a line of this trim",
        ),
    ];
    for (name, text, needle) in cases {
        std::fs::write(dir.join(name), &text).unwrap();
        let out = run(&dir, &["book", name, "-q"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(needle), "{name}: {needle:?} not in {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{name}: one line: {err}");
        assert!(!dir.join("output").exists(), "{name}: nothing written");
    }
}
