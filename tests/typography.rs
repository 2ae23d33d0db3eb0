//! Typography of every rulebook, measured from the printed PDF and not from the
//! typesetter's own bookkeeping: each page is rasterised (pdftoppm) to find how far down
//! its ink reaches, and its words are read back with their boxes (pdftotext
//! -bbox-layout) to find paragraphs and captions whose last line holds one word.
//!
//! Books: the four games and the compendium, A4 and Letter, one page a sheet and as
//! booklets (pages found again on the imposed sheets), and EL 8x8; the same in German
//! and French (each game, a Letter booklet, EL for three players, the compendium). Fails when a page
//! is more than a quarter empty (unless a chapter ends there), any last line holds a
//! single word, or any word (diagram labels too) is set smaller than 6 pt; prints the
//! emptiest page and the smallest type of every book.
//!
//! Puzzle books (6x9 in, 5x8 in, large print on 8.5x11 in): no page of a section but its
//! last is more than half empty, each section's introduction is printed once, no caption
//! strands its number, and the contents' leader dots share one grid.
//! The validators come from `bash tests/run.sh`.

mod common;

use common::{netpbm, pdftotext, temp_dir, tool};
use std::path::{Path, PathBuf};
use std::process::Command;

const MM_PER_INCH: f32 = 25.4;
/// Resolution of the rasterised pages: enough to see a line of text.
const DPI: f32 = 40.0;
/// The chapter titles (a page before one ends a chapter in the compendium).
const TITLES: [&str; 4] = ["EL", "Kamon", "SIX", "Gosforth"];
/// The emptiest a page may be, but where a chapter ends.
const MOST_EMPTY: f32 = 0.25;
/// The smallest type a reader is given, labels in diagrams included (pt).
const SMALLEST_TYPE: f32 = 5.95;

/// A greyscale image read from a binary PGM file (pdftoppm -gray).
struct Grey {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

fn read_pgm(path: &Path) -> Grey {
    let bytes = std::fs::read(path).unwrap();
    let (width, height, pixels) = netpbm(&bytes, "P5");
    assert_eq!(pixels.len(), width * height, "{}", path.display());
    Grey { width, height, pixels: pixels.to_vec() }
}

/// The page images of a PDF, in order.
fn rasterise(pdf: &Path) -> Vec<Grey> {
    let prefix = pdf.with_extension("");
    let out = tool("pdftoppm").args(["-gray", "-r", &DPI.to_string()]).arg(pdf).arg(&prefix).output().unwrap();
    assert!(out.status.success(), "pdftoppm {}", pdf.display());
    let dir = pdf.parent().unwrap();
    let stem = prefix.file_name().unwrap().to_string_lossy().into_owned();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with(&format!("{stem}-")) && name.ends_with(".pgm")
        })
        .collect();
    files.sort();
    files.iter().map(|p| read_pgm(p)).collect()
}

/// One logical page: where it sits in an image (x offset and width in pixels), and on
/// which sheet and half it is.
struct PageView<'a> {
    image: &'a Grey,
    x0: usize,
    width: usize,
    sheet: usize,
    right: bool,
}

impl PageView<'_> {
    /// Whether a pixel row holds ink between columns, within the page.
    fn inked(&self, y: usize) -> bool {
        let row = &self.image.pixels[y * self.image.width..(y + 1) * self.image.width];
        row[self.x0..self.x0 + self.width].iter().any(|&p| p < 160)
    }

    /// How much of the text area (between the margins, in mm) is left empty below the
    /// last ink; `None` for a blank page.
    fn emptiness(&self, height_mm: f32, top_mm: f32, bottom_mm: f32) -> Option<f32> {
        let px = |mm: f32| (mm / MM_PER_INCH * DPI).round() as usize;
        let (top, bottom) = (px(top_mm), px(height_mm - bottom_mm).min(self.image.height));
        let last = (top..bottom).rev().find(|&y| self.inked(y))?;
        Some(1.0 - (last - top) as f32 / (bottom - top) as f32)
    }
}

/// The logical pages of a book: one per image, or two per imposed sheet side in
/// saddle-stitch order (for N pages: N|1, 2|N-1, …).
fn logical_pages(images: &[Grey], booklet: bool) -> Vec<PageView<'_>> {
    if !booklet {
        return images
            .iter()
            .enumerate()
            .map(|(sheet, image)| PageView { image, x0: 0, width: image.width, sheet, right: false })
            .collect();
    }
    let n = images.len() * 2;
    let mut at: Vec<Option<(usize, bool)>> = vec![None; n];
    for sheet in 0..n / 4 {
        let (a, b) = (2 * sheet, n - 1 - 2 * sheet);
        at[b] = Some((2 * sheet, false));
        at[a] = Some((2 * sheet, true));
        at[a + 1] = Some((2 * sheet + 1, false));
        at[b - 1] = Some((2 * sheet + 1, true));
    }
    at.into_iter()
        .map(|place| {
            let (side, right) = place.unwrap();
            let image = &images[side];
            let half = image.width / 2;
            PageView { image, x0: if right { half } else { 0 }, width: half, sheet: side, right }
        })
        .collect()
}

/// A word as pdftotext reads it back: its text, the height of its box and its top (pt).
struct Word {
    text: String,
    height: f32,
    top: f32,
    /// Its left edge as a fraction of the sheet's width.
    left: f32,
}

/// Words of a page, by blocks and lines, from pdftotext -bbox-layout.
type PageWords = Vec<Vec<Vec<Word>>>;

/// A number attribute of a pdftotext element.
fn attribute(tag: &str, name: &str) -> f32 {
    let at = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
    tag[at..].split('"').next().unwrap().parse().unwrap()
}

fn words_by_page(pdf: &Path) -> Vec<PageWords> {
    let out = tool("pdftotext").arg("-bbox-layout").arg(pdf).arg("-").output().unwrap();
    assert!(out.status.success());
    let xml = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut pages: Vec<PageWords> = Vec::new();
    let mut width = 1.0;
    for line in xml.lines().map(str::trim) {
        if line.starts_with("<page ") {
            width = attribute(line, "width");
            pages.push(Vec::new());
        } else if line.starts_with("<block ") {
            pages.last_mut().unwrap().push(Vec::new());
        } else if line.starts_with("<line ") {
            pages.last_mut().unwrap().last_mut().unwrap().push(Vec::new());
        } else if let Some(rest) = line.strip_prefix("<word ") {
            let (tag, text) = rest.split_once('>').unwrap();
            let text = text.trim_end_matches("</word>");
            let (top, bottom) = (attribute(tag, "yMin"), attribute(tag, "yMax"));
            let text = text
                .replace("&amp;", "&")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'");
            let word = Word { text, height: bottom - top, top, left: attribute(tag, "xMin") / width };
            pages.last_mut().unwrap().last_mut().unwrap().last_mut().unwrap().push(word);
        }
    }
    pages
}

/// A page's blocks of two lines or more whose last line holds one word (a page number
/// or a lone table cell is a block of one line; a contents page's column of page
/// numbers, each line a number, is no paragraph; and a cell of a table, a block with two
/// others or more beside it whose first lines share its top, may stack a heading such as
/// "Three / players" in a narrow column).
fn lonely_words(page: &PageWords) -> Vec<String> {
    let numbers = |block: &&Vec<Vec<Word>>| {
        block.iter().all(|line| line.len() == 1 && line[0].text.chars().all(|c| c.is_ascii_digit()))
    };
    let top = |block: &Vec<Vec<Word>>| block[0].iter().map(|w| w.top).fold(f32::MAX, f32::min);
    let in_row = |block: &&Vec<Vec<Word>>| {
        page.iter().filter(|other| !other.is_empty() && (top(other) - top(block)).abs() < 0.5).count() >= 3
    };
    page.iter()
        .filter(|block| block.len() >= 2 && block.last().unwrap().len() == 1 && !numbers(block) && !in_row(block))
        .map(|block| {
            let before: Vec<&str> = block[block.len() - 2].iter().map(|w| w.text.as_str()).collect();
            let before = before.join(" ");
            let tail: String = before.chars().rev().take(40).collect::<String>().chars().rev().collect();
            format!("…{tail} / {}", block.last().unwrap()[0].text)
        })
        .collect()
}

/// A word's type size in points: DejaVu's boxes are 1.164 of the size tall.
fn size_pt(word: &Word) -> f32 {
    word.height / 1.164
}

struct Book {
    args: Vec<&'static str>,
    booklet: bool,
    compendium: bool,
}

/// What one book measured: its emptiest page (but chapter ends), its one-word lines.
struct Measured {
    name: String,
    pages: usize,
    emptiest: (usize, f32),
    too_empty: Vec<(usize, f32)>,
    lonely: Vec<String>,
    /// The smallest type: size (pt), the word, the sheet.
    smallest: (f32, String, usize),
}

fn measure(dir: &Path, book: &Book) -> Measured {
    let name = book.args.join(" ");
    let pdf = dir.join(format!("{}.pdf", name.replace(['-', ' '], "_")));
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .arg("rules")
        .args(&book.args)
        .arg("--out")
        .arg(&pdf)
        .output()
        .unwrap();
    assert!(out.status.success(), "rules {name}: {}", String::from_utf8_lossy(&out.stderr));
    let images = rasterise(&pdf);
    let letter = book.args.contains(&"letter");
    let (paper_w, paper_h) = if letter { (215.9, 279.4) } else { (210.0, 297.0) };
    // The page styles of the typesetter: full pages and booklet pages.
    let (height, top, bottom) = if book.booklet { (paper_w, 13.0, 16.0) } else { (paper_h, 20.0, 22.0) };
    let pages = logical_pages(&images, book.booklet);
    let words = words_by_page(&pdf);
    // Which logical pages begin a chapter: the first word of the page is a title.
    let first_word = |page: usize| -> Option<String> {
        if book.booklet {
            return None;
        }
        words.get(page).and_then(|p| p.first()).and_then(|b| b.first()).and_then(|l| l.first()).map(|w| w.text.clone())
    };
    let emptiness: Vec<Option<f32>> = pages.iter().map(|p| p.emptiness(height, top, bottom)).collect();
    let last_inked = emptiness.iter().rposition(Option::is_some).unwrap();
    // A template about no game has no title page: its first page opens with its title.
    let title_page = !book.args.contains(&"--template");
    let skip = if book.compendium { 2 } else { usize::from(title_page) };
    let mut emptiest = (0, 0.0);
    let mut too_empty = Vec::new();
    for (i, e) in emptiness.iter().enumerate().skip(skip) {
        let Some(e) = *e else { continue };
        let chapter_ends =
            i == last_inked || (book.compendium && first_word(i + 1).is_some_and(|w| TITLES.contains(&w.as_str())));
        if chapter_ends {
            continue;
        }
        if e > emptiest.1 {
            emptiest = (i + 1, e);
        }
        if e > MOST_EMPTY {
            too_empty.push((i + 1, e));
        }
    }
    let lonely = words
        .iter()
        .enumerate()
        .flat_map(|(i, p)| lonely_words(p).into_iter().map(move |w| format!("sheet {}: {w}", i + 1)))
        .collect();
    // The smallest type on the pages: the title page's picture (a game board drawn
    // small) and a booklet's note at the sheet's top edge, outside its pages, aside.
    let title = &pages[0];
    let mut smallest: Option<(f32, String, usize)> = None;
    for (i, page) in words.iter().enumerate() {
        for w in page.iter().flatten().flatten() {
            let on_title = title_page && i == title.sheet && (!book.booklet || (w.left >= 0.5) == title.right);
            if on_title || (book.booklet && w.top < 20.0) {
                continue;
            }
            if smallest.as_ref().is_none_or(|s| size_pt(w) < s.0) {
                smallest = Some((size_pt(w), w.text.clone(), i + 1));
            }
        }
    }
    Measured { name, pages: pages.len(), emptiest, too_empty, lonely, smallest: smallest.unwrap() }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test typography")]
fn every_book_fills_its_pages_sets_no_tiny_type_and_ends_no_line_with_one_word() {
    let dir = temp_dir("books");
    let mut books = Vec::new();
    for game in ["el", "kamon", "six", "gosforth"] {
        for paper in [&[][..], &["--paper", "letter"][..]] {
            for booklet in [false, true] {
                let mut args = vec![game];
                args.extend_from_slice(paper);
                if booklet {
                    args.push("--booklet");
                }
                books.push(Book { args, booklet, compendium: false });
            }
        }
    }
    books.push(Book { args: vec!["el", "--size", "8", "--numbers", "8"], booklet: false, compendium: false });
    books.push(Book {
        args: vec!["el", "--size", "8", "--numbers", "8", "--booklet"],
        booklet: true,
        compendium: false,
    });
    books.push(Book { args: vec!["el", "--size", "8", "--players", "3"], booklet: false, compendium: false });
    let four = vec!["el", "--size", "8", "--numbers", "8", "--players", "4", "--shape", "any"];
    books.push(Book { args: four, booklet: false, compendium: false });
    books.push(Book { args: vec!["all"], booklet: false, compendium: true });
    books.push(Book { args: vec!["all", "--paper", "letter"], booklet: false, compendium: true });
    // A template's diagrams at the smallest width it is allowed to give them (an A5
    // booklet page too): Kamon's cell names and EL's coordinates still at 6 pt; its long
    // title cut short in the running title, at 6 pt or more.
    let template = dir.join("narrow.md");
    let kamon = "id: kamon:f2e1b5a6/e6e4b3d6c3/c1e5d5f5c4x/a1d2f1b2d4f6c2/a3f4b1c5a2d1/b6f3c6e3a5/a4e2b4d3:-:B";
    let el = "id: el:6x6:.5b5b.../3r...5b./.1r3r5b6r./5r...3b./6r5b..../......:r";
    let fences = format!(
        "# Narrow diagrams of Donaudampfschifffahrtsgesellschaftskapitäne, and a title no running title holds\n\nTwo diagrams as narrow as their type allows.\n\n```kamon\n{kamon}\nwidth: 60\n```\n\n```el\n{el}\nwidth: 36\n```\n"
    );
    std::fs::write(&template, fences).unwrap();
    let template: &'static str = Box::leak(template.to_string_lossy().into_owned().into_boxed_str());
    books.push(Book { args: vec!["--template", template], booklet: false, compendium: false });
    books.push(Book { args: vec!["--template", template, "--booklet"], booklet: true, compendium: false });
    // The German and French books: each game alone and as a Letter booklet, an EL
    // variant, and the compendium.
    for lang in ["de", "fr"] {
        for game in ["el", "kamon", "six", "gosforth"] {
            books.push(Book { args: vec![game, "--lang", lang], booklet: false, compendium: false });
            let booklet = vec![game, "--lang", lang, "--booklet", "--paper", "letter"];
            books.push(Book { args: booklet, booklet: true, compendium: false });
        }
        books.push(Book {
            args: vec!["el", "--lang", lang, "--size", "8", "--players", "3"],
            booklet: false,
            compendium: false,
        });
        books.push(Book { args: vec!["all", "--lang", lang], booklet: false, compendium: true });
    }
    let mut failures = Vec::new();
    println!("{:<44} {:>5}  {:<20} smallest type", "book", "pages", "emptiest page");
    for book in &books {
        let m = measure(&dir, book);
        let (size, word, sheet) = &m.smallest;
        println!(
            "{:<44} {:>5}  page {:<2} {:>3.0}% empty   {size:.1} pt ('{word}', sheet {sheet})",
            m.name,
            m.pages,
            m.emptiest.0,
            m.emptiest.1 * 100.0
        );
        if *size < SMALLEST_TYPE {
            failures.push(format!("{}: '{word}' on sheet {sheet} is set in {size:.1} pt", m.name));
        }
        for (page, e) in &m.too_empty {
            failures.push(format!("{}: page {page} is {:.0}% empty", m.name, e * 100.0));
        }
        for l in &m.lonely {
            failures.push(format!("{}: one-word last line: {l}", m.name));
        }
    }
    assert!(failures.is_empty(), "{} problems:\n{}", failures.len(), failures.join("\n"));
}

/// Every kind of sheet and board, in English, German and French: nothing is set smaller
/// than 5 pt, read back from the PDF. Captions and position IDs wrap instead of shrinking, and a section whose
/// diagrams would print their text smaller takes fewer to a page.
#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test typography")]
fn every_sheet_and_board_sets_no_type_under_5_pt() {
    let dir = temp_dir("sheets");
    let mut runs: Vec<Vec<String>> = Vec::new();
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    for (game, tasks) in [
        ("el", &["win-in-one", "win-in-two", "defend"][..]),
        ("kamon", &["win-in-one", "win-in-two", "defend"][..]),
        ("six", &["win-in-one", "win-in-two", "block", "defend"][..]),
        ("gosforth", &["best-move", "win-in-one"][..]),
    ] {
        for task in tasks {
            runs.push(words(&format!("puzzles {game} --task {task} --count 4 --seed small")));
        }
    }
    runs.push(words("puzzles six --round 2 --count 4 --seed small"));
    runs.push(words("puzzles el --size 8 --numbers 8 --count 4 --seed small --paper letter"));
    runs.push(words("puzzles kamon --count 4 --seed small --per-page 4 --name-line --title Club"));
    for board in ["el", "el --per-page 4", "kamon", "kamon --seed s", "kamon --blank --tokens", "six", "six --tokens"] {
        runs.push(words(&format!("board {board}")));
    }
    runs.push(words("board gosforth --seed s --count 6 --title Practice --subtitle Sliding --name-line"));
    let jsonl = dir.join("mined.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .args(["puzzles", "six", "--count", "4", "--seed", "small", "--format", "jsonl", "--out"])
        .arg(&jsonl)
        .output()
        .unwrap();
    assert!(out.status.success());
    runs.push(vec!["render".into(), jsonl.display().to_string()]);
    // The same in German and French, whose words run longer.
    let english = runs.clone();
    for lang in ["de", "fr"] {
        runs.extend(english.iter().map(|r| r.iter().cloned().chain(["--lang".into(), lang.into()]).collect()));
    }
    let mut failures = Vec::new();
    for (k, args) in runs.iter().enumerate() {
        let pdf = dir.join(format!("sheet{k}.pdf"));
        let out = Command::new(env!("CARGO_BIN_EXE_boardpress")).args(args).arg("--out").arg(&pdf).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let (size, word, page) = words_by_page(&pdf)
            .iter()
            .enumerate()
            .flat_map(|(i, p)| p.iter().flatten().flatten().map(move |w| (size_pt(w), w.text.clone(), i + 1)))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .unwrap();
        println!("{:<72} {size:.1} pt ('{word}', page {page})", args.join(" "));
        if size < 4.95 {
            failures.push(format!("{}: '{word}' on page {page} is set in {size:.1} pt", args.join(" ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A book's puzzle pages, measured from the printed PDF: every page of a section but its
/// last is at least half full (the diagrams are packed by their own heights); a
/// section's introduction is printed once; no caption ends a line on a cue ("or a")
/// whose number went to the next line; and the contents' leader dots stand in the same
/// columns on every line.
#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test typography")]
fn every_book_page_is_used_and_says_its_introduction_once() {
    let dir = temp_dir("book-pages");
    let spec = |trim: &str, large: bool| {
        format!(
            "title = \"Pages\"\ntrim = \"{trim}\"\nseed = \"vol-1\"\nlarge_print = {large}\nhow_to_play = false\n\n\
             [[section]]\ntitle = \"EL\"\ngame = \"el\"\ncount = 24\n\n\
             [[section]]\ntitle = \"Kamon\"\ngame = \"kamon\"\ncount = 8\n\n\
             [[section]]\ntitle = \"SIX\"\ngame = \"six\"\ncount = 8\n\n\
             [[section]]\ntitle = \"SIX defend\"\ngame = \"six\"\ntask = \"defend\"\ncount = 6\n\n\
             [[section]]\ntitle = \"Gosforth\"\ngame = \"gosforth\"\ntask = \"best-move\"\ncount = 8\n"
        )
    };
    let mut failures = Vec::new();
    for (trim, large, height_mm) in [("6x9in", false, 228.6), ("5x8in", false, 203.2), ("8.5x11in", true, 279.4)] {
        let name = format!("{trim}-{large}");
        let toml = dir.join(format!("{name}.toml"));
        std::fs::write(&toml, spec(trim, large)).unwrap();
        let pdf = dir.join(format!("{name}.pdf"));
        let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
            .args(["book", "-q", "--out"])
            .arg(&pdf)
            .arg(&toml)
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let text = pdftotext(&pdf, &[]);
        let page_texts: Vec<&str> = text.split('\u{c}').collect();
        // The section each page belongs to: the heading that opens it (a running head).
        let heading = |p: &str| p.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim().to_string();
        let images = rasterise(&pdf);
        let pages = logical_pages(&images, false);
        for (i, page) in pages.iter().enumerate() {
            let (this, next) = (heading(page_texts[i]), page_texts.get(i + 1).map(|p| heading(p)));
            let puzzles = page_texts[i].contains("to play");
            if !puzzles || next.as_deref() != Some(this.as_str()) {
                continue;
            }
            // The text area: half an inch at the top and the foot.
            if let Some(e) = page.emptiness(height_mm, 12.7, 12.7).filter(|&e| e > 0.5) {
                failures.push(format!("{name}: page {} ('{this}') is {:.0}% empty", i + 1, e * 100.0));
            }
        }
        for intro in ["Find the move that completes", "Find the cell that wins at once", "Place one token next"] {
            let n = text.matches(intro).count();
            if n != 1 {
                failures.push(format!("{name}: the introduction '{intro}…' is printed {n} times"));
            }
        }
        let raw = pdftotext(&pdf, &["-raw"]);
        let lines: Vec<&str> = raw.lines().collect();
        for w in lines.windows(2) {
            let cue = w[0].ends_with(" a") || w[0].ends_with(" or");
            if cue && w[1].trim_start().starts_with(|c: char| c.is_ascii_digit()) {
                failures.push(format!("{name}: a caption breaks '{} / {}'", w[0], w[1]));
            }
        }
        // The contents (page 3): every leader dot on one grid.
        let xs: Vec<f32> = words_by_page(&pdf)[2]
            .iter()
            .flatten()
            .flat_map(|line| line.iter().filter(|w| w.text == "."))
            .map(|w| w.left)
            .collect();
        let step = xs.windows(2).map(|p| (p[1] - p[0]).abs()).filter(|d| *d > 1e-4).fold(f32::MAX, f32::min);
        let phase = |x: f32| ((x / step).fract() + 1.0).fract();
        let spread = xs.iter().map(|&x| phase(x)).fold((1.0f32, 0.0f32), |(lo, hi), p| (lo.min(p), hi.max(p)));
        if xs.len() < 20 || spread.1 - spread.0 > 0.1 {
            failures.push(format!("{name}: the contents' {} leader dots stand on no common grid", xs.len()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
