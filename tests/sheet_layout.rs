//! How a puzzle sheet's tiles are laid out on its pages, read back from the printed PDF
//! (pdftotext's word boxes), not from the layout's own bookkeeping.

mod common;

use common::temp_dir;
use std::path::Path;
use std::process::Command;

/// A word as pdftotext reads it back: its text and the top-left corner of its box (pt).
struct Word {
    text: String,
    x: f32,
    y: f32,
}

/// The words of each page of `pdf`.
fn words_by_page(pdf: &Path) -> Vec<Vec<Word>> {
    let out = Command::new("pdftotext").arg("-bbox").arg(pdf).arg("-").output();
    let out = out.expect("pdftotext is not installed: run the tests with `bash tests/run.sh`");
    assert!(out.status.success());
    let attribute = |tag: &str, name: &str| -> f32 {
        let at = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let mut pages: Vec<Vec<Word>> = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines().map(str::trim) {
        if line.starts_with("<page ") {
            pages.push(Vec::new());
        } else if let Some(rest) = line.strip_prefix("<word ") {
            let (tag, text) = rest.split_once('>').unwrap();
            let text = text.trim_end_matches("</word>").to_string();
            pages.last_mut().unwrap().push(Word { text, x: attribute(tag, "xMin"), y: attribute(tag, "yMin") });
        }
    }
    pages
}

/// A sheet's puzzles are shared evenly between the pages they need (13 puzzles six to a
/// page: 5, 4 and 4, not 6, 6 and 1), its answers fill their page (12 answers in a grid
/// of 12, 3 columns and 4 rows, not in 3 rows of a grid of 20 over half the page), and
/// fewer puzzles than a page holds spread over it (4 puzzles six to a page in 2 rows of 2,
/// not in 2 rows of 3 over two thirds of it; a single puzzle twice as large as on a full
/// page), the answers never drawn larger than the puzzles. Read back: the labels "1." to "13." on each page, where they stand, and the
/// boards' column letters.
#[test]
fn a_sheet_shares_its_puzzles_evenly_and_its_answers_fill_their_page() {
    let dir = temp_dir("fill");
    let make = |count: &str, name: &str| -> Vec<Vec<Word>> {
        let pdf = dir.join(name);
        let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
            .args(["puzzles", "el", "--count", count, "--seed", "fill", "--paper", "letter", "--out"])
            .arg(&pdf)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        words_by_page(&pdf)
    };
    let labels = |page: &[Word]| -> Vec<(f32, f32)> {
        let number = |w: &Word| w.text.strip_suffix('.').and_then(|n| n.parse::<u32>().ok());
        page.iter().filter(|w| number(w).is_some_and(|n| (1..=13).contains(&n))).map(|w| (w.x, w.y)).collect()
    };
    let counts: Vec<usize> = make("13", "thirteen.pdf").iter().map(|p| labels(p).len()).collect();
    assert_eq!(counts, [5, 4, 4, 13], "labels on each page (the puzzles', then the answers')");
    let distinct = |values: Vec<f32>| {
        let mut v: Vec<i32> = values.into_iter().map(|x| x.round() as i32).collect();
        v.sort_unstable();
        v.dedup();
        v.len()
    };
    let grid = |labels: &[(f32, f32)]| {
        (labels.len(), distinct(labels.iter().map(|a| a.0).collect()), distinct(labels.iter().map(|a| a.1).collect()))
    };
    let twelve = make("12", "twelve.pdf");
    let answers = labels(twelve.last().unwrap());
    assert_eq!(grid(&answers), (12, 3, 4), "the answers' labels: {answers:?}");
    let four = make("4", "four.pdf");
    let puzzles = labels(&four[0]);
    assert_eq!(grid(&puzzles), (4, 2, 2), "the puzzles' labels: {puzzles:?}");
    // The second row starts below the middle of the page (792 pt tall).
    assert!(puzzles.iter().all(|a| a.1 < 250.0 || a.1 > 396.0), "{puzzles:?}");
    // The answers are drawn no larger than the puzzles, though their page's heading is
    // shorter: a board's width, from its column letter a to the nearest f right of it.
    let widest_board = |page: &[Word]| -> f32 {
        let board = |a: &Word| {
            let right = page.iter().filter(|f| f.text == "f" && (f.y - a.y).abs() < 0.1 && f.x > a.x);
            right.map(|f| f.x - a.x).fold(f32::MAX, f32::min)
        };
        page.iter().filter(|w| w.text == "a").map(board).filter(|w| *w < f32::MAX).fold(0.0, f32::max)
    };
    let (puzzle, answer) = (widest_board(&four[0]), widest_board(four.last().unwrap()));
    assert!(puzzle > 50.0 && answer <= puzzle + 0.01, "boards {puzzle} pt wide, answers {answer} pt");
    // A single puzzle is drawn twice as large as on a full page (it was drawn a quarter
    // larger, over the top third of the page).
    let one = make("1", "one.pdf");
    let (alone, full) = (widest_board(&one[0]), widest_board(&twelve[0]));
    assert!((1.99..=2.01).contains(&(alone / full)), "a board alone {alone} pt wide, on a full page {full} pt");
    // The same with the key in a file of its own.
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .args(["puzzles", "el", "--count", "4", "--seed", "fill", "--paper", "letter", "--key", "key.pdf"])
        .args(["--out", "apart.pdf"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (puzzle, answer) = (
        widest_board(&words_by_page(&dir.join("apart.pdf"))[0]),
        widest_board(&words_by_page(&dir.join("key.pdf"))[0]),
    );
    assert!(puzzle > 50.0 && answer <= puzzle + 0.01, "apart: boards {puzzle} pt wide, answers {answer} pt");
}
