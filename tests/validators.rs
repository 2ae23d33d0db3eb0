//! Real validators on real output: qpdf --check, pdffonts (every font embedded and
//! subset), pdftotext (seed and title come back), rsvg-convert (SVG renders).
//! The tools come from `bash tests/run.sh`, which installs them when missing.

mod common;

use common::temp_dir;
use std::path::{Path, PathBuf};
use std::process::Command;

fn tool(name: &str) -> String {
    let found = Command::new("sh").arg("-c").arg(format!("command -v {name}")).output().unwrap();
    assert!(
        found.status.success(),
        "{name} is not installed: run the tests with `bash tests/run.sh`, which installs it"
    );
    name.to_string()
}

fn generate(dir: &Path, args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress")).args(args).current_dir(dir).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

fn check_pdf(path: &Path, expected_text: &[&str]) {
    let qpdf = Command::new(tool("qpdf")).arg("--check").arg(path).output().unwrap();
    assert!(qpdf.status.success(), "qpdf --check {}: {}", path.display(), String::from_utf8_lossy(&qpdf.stdout));

    let fonts = Command::new(tool("pdffonts")).arg(path).output().unwrap();
    let listing = String::from_utf8_lossy(&fonts.stdout);
    let rows: Vec<&str> = listing.lines().skip(2).collect();
    assert!(!rows.is_empty(), "{}: no fonts", path.display());
    for row in rows {
        let cols: Vec<&str> = row.split_whitespace().collect();
        // name type... encoding emb sub uni objnum gen
        let n = cols.len();
        assert_eq!(&cols[n - 5..n - 2], &["yes", "yes", "yes"], "{}: font not embedded+subset: {row}", path.display());
        assert!(cols[0].contains('+'), "subset tag: {row}");
    }

    let text = Command::new(tool("pdftotext")).arg(path).arg("-").output().unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    for needle in expected_text {
        assert!(text.contains(needle), "{}: pdftotext lacks {needle:?}", path.display());
    }
}

#[test]
fn pdfs_pass_qpdf_embed_subset_fonts_and_have_extractable_text() {
    let dir = temp_dir("pdf");
    generate(&dir, &["puzzles", "el", "--count", "12", "--seed", "club-night"]);
    check_pdf(
        &dir.join("output/el-win-in-one-club-night.pdf"),
        &[
            "EL — win in one",
            "seed: club-night",
            "Answers",
            "boardpress puzzles el --count 12 --seed club-night",
            "page 3/3",
        ],
    );
    generate(&dir, &["puzzles", "el", "--count", "7", "--seed", "letter test", "--paper", "letter", "--per-page", "4"]);
    check_pdf(&dir.join("output/el-win-in-one-letter-test.pdf"), &["seed: letter test", "--seed 'letter test'"]);
    generate(&dir, &["board", "el", "--size", "8", "--numbers", "8", "--per-page", "2", "--paper", "letter"]);
    check_pdf(&dir.join("output/el-board-8x8-n8.pdf"), &["EL — 8x8 board", "numbers 1 to 8"]);
}

#[test]
fn svgs_render_with_rsvg() {
    let dir = temp_dir("svg");
    generate(&dir, &["puzzles", "el", "--count", "6", "--seed", "svg", "--format", "svg"]);
    generate(&dir, &["board", "el", "--format", "svg"]);
    let mut svgs: Vec<PathBuf> = std::fs::read_dir(dir.join("output"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "svg"))
        .collect();
    svgs.sort();
    assert_eq!(svgs.len(), 3, "{svgs:?}");
    for svg in svgs {
        let png = svg.with_extension("png");
        let out = Command::new(tool("rsvg-convert")).arg("-o").arg(&png).arg(&svg).output().unwrap();
        assert!(out.status.success(), "rsvg-convert {}: {}", svg.display(), String::from_utf8_lossy(&out.stderr));
        assert!(std::fs::metadata(&png).unwrap().len() > 1000);
    }
}
