//! What teachers, clubs and puzzle sites asked for, tried with the real binary as each
//! would: a pupil's handout with its key apart, a club's book with each game's rules
//! before its puzzles, one SVG per puzzle from records, and errors and options that help
//! (ranges in words, values in any case, `-q` everywhere, `--out` into a new folder, a
//! misspelt key named). The validators (pdftotext, pdfinfo) come from `bash tests/run.sh`.

mod common;

use common::{ok, run, temp_dir, tool_output};
use std::path::Path;

/// Each page's text.
fn pages(dir: &Path, pdf: &str) -> Vec<String> {
    tool_output(dir, "pdftotext", &["-layout", pdf, "-"]).split('\u{c}').map(str::to_string).collect()
}

#[test]
fn a_handout_leaves_the_ids_and_the_command_to_the_key_written_apart() {
    let dir = temp_dir("handout");
    let args = ["puzzles", "el", "--count", "8", "--seed", "club", "--handout", "--key", "keys/answers.pdf"];
    let out = ok(&dir, &[&args[..], &["--out", "sheets/friday.pdf"]].concat());
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("wrote sheets/friday.pdf") && said.contains("wrote keys/answers.pdf"), "{said}");
    // The pupils' pages: no position IDs, one footer line with the seed and the page.
    let sheet = pages(&dir, "sheets/friday.pdf");
    let text = sheet.join("");
    assert!(!text.contains("el:6x6:"), "a position ID on the handout:\n{text}");
    assert!(!text.contains("recreate with"), "the command on the handout:\n{text}");
    assert!(!text.contains("Answers"), "the key is apart");
    assert!(sheet[0].contains("seed: club") && sheet[0].contains("page 1/2"), "{}", sheet[0]);
    let command = "boardpress puzzles el --count 8 --seed club --handout --key keys/answers.pdf";
    let info = tool_output(&dir, "pdfinfo", &["sheets/friday.pdf"]);
    assert!(info.contains(&format!("Subject:         {command}")), "the command stays in the metadata:\n{info}");
    // The key: every answer, numbered from its own first page, with the full footer.
    let key = pages(&dir, "keys/answers.pdf").join("");
    assert!(key.contains("Answers") && key.contains("page 1/1"), "{key}");
    assert!(key.contains(&format!("recreate with: {command}")), "{key}");
    for n in 1..=8 {
        assert!(key.contains(&format!("{n}. ")), "answer {n} missing:\n{key}");
    }
    // The command the key prints makes both files again, byte for byte.
    let again = temp_dir("handout-again");
    ok(&again, &[&args[..], &["--out", "sheets/friday.pdf"]].concat());
    for f in ["sheets/friday.pdf", "keys/answers.pdf"] {
        assert_eq!(std::fs::read(dir.join(f)).unwrap(), std::fs::read(again.join(f)).unwrap(), "{f}");
    }
}

#[test]
fn records_render_as_one_svg_per_puzzle() {
    let dir = temp_dir("render-svg");
    ok(&dir, &["puzzles", "kamon", "--count", "3", "--seed", "site", "--format", "jsonl", "--out", "k.jsonl"]);
    ok(&dir, &["render", "k.jsonl", "--format", "svg", "--diagrams", "--out", "site/k.svg"]);
    let mut files: Vec<String> =
        std::fs::read_dir(dir.join("site")).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into()).collect();
    files.sort();
    let want = ["k-answer1.svg", "k-answer2.svg", "k-answer3.svg", "k-puzzle1.svg", "k-puzzle2.svg", "k-puzzle3.svg"];
    assert_eq!(files, want);
    let svg = std::fs::read_to_string(dir.join("site/k-puzzle2.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("<desc>"), "{}", &svg[..200]);
}

#[test]
fn a_club_book_opens_each_game_with_its_rules() {
    let dir = temp_dir("club-book");
    let spec = "title = \"Club Nights\"\ntrim = \"6x9in\"\nseed = \"club\"\nhow_to_play = \"Section\"\n\
                solutions = \"section\"\n\n[[section]]\ntitle = \"EL starters\"\ngame = \"EL\"\ncount = 6\n\n\
                [[section]]\ntitle = \"Kamon evening\"\ngame = \"kamon\"\ncount = 4\n\n\
                [[section]]\ntitle = \"More EL\"\ngame = \"el\"\ntask = \"Win-In-Two\"\ncount = 4\n";
    std::fs::write(dir.join("club.toml"), spec).unwrap();
    ok(&dir, &["book", "club.toml", "--out", "club.pdf", "-q"]);
    // The order of first pages: EL's rules, its section, its solutions; Kamon's rules,
    // its section, its solutions; the second EL section (its rules were said once).
    let pages = pages(&dir, "club.pdf");
    let opens = |p: &String, needle: &str| p.lines().find(|l| !l.trim().is_empty()).is_some_and(|l| l.trim() == needle);
    let first = |needle: &str| {
        pages.iter().position(|p| opens(p, needle)).unwrap_or_else(|| panic!("no page opens with {needle:?}"))
    };
    let order = [
        first("How to play EL"),
        first("EL starters"),
        first("Solutions: EL starters"),
        first("How to play Kamon"),
        first("Kamon evening"),
        first("Solutions: Kamon evening"),
        first("More EL"),
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]), "pages out of order: {order:?}");
    assert_eq!(pages.iter().filter(|p| opens(p, "How to play EL")).count(), 1, "EL's rules once");
}

#[test]
fn errors_help_and_values_are_taken_in_any_case() {
    let dir = temp_dir("errors");
    let fails = |args: &[&str], needle: &str| {
        let out = run(&dir, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {needle:?} not in {err}");
        assert!(!err.contains("'-- -") && !err.contains("1..="), "{args:?}: {err}");
    };
    fails(&["puzzles", "el", "--count", "0"], "between 1 and 10,000 (for more, run in parts with --first)");
    fails(&["puzzles", "el", "--count", "-5"], "between 1 and 10,000");
    fails(&["board", "el", "--per-page", "-2"], "between 1 and 12");
    fails(&["puzzles", "el", "--size", "-3"], "'--size <SIZE>'");
    std::fs::write(dir.join("typo.toml"), "title = \"T\"\n[[section]]\ntitle = \"A\"\ngame = \"el\"\ncont = 8\n")
        .unwrap();
    fails(&["book", "typo.toml"], "typo.toml:5: unknown key 'cont' (did you mean 'count'?");
    std::fs::write(dir.join("trim.toml"), "title = \"T\"\ntrimm = \"6x9in\"\n").unwrap();
    fails(&["book", "trim.toml"], "unknown key 'trimm' (did you mean 'trim'?");
    fails(&["puzzles", "kamn"], "unknown game 'kamn' (did you mean 'kamon'?");
    // Values in any case, printed back in the case the footer's command uses.
    let words = ["puzzles", "EL", "--count", "2", "--seed", "c", "--difficulty", "Easy", "--task", "WIN-IN-ONE"];
    let more = ["--format", "PDF", "--lang", "FR", "--paper", "Letter", "--out", "case.pdf"];
    ok(&dir, &[&words[..], &more[..]].concat());
    let text = tool_output(&dir, "pdftotext", &["case.pdf", "-"]);
    let command = "boardpress puzzles el --count 2 --seed c --difficulty easy --paper letter --lang fr";
    assert!(text.replace('\n', " ").contains(command), "{text}");
}

#[test]
fn quiet_is_quiet_on_every_command_and_out_makes_its_folder() {
    let dir = temp_dir("quiet");
    ok(&dir, &["puzzles", "el", "--count", "2", "--format", "jsonl", "--out", "r.jsonl", "-q"]);
    std::fs::write(dir.join("b.toml"), "title = \"B\"\n[[section]]\ntitle = \"A\"\ngame = \"el\"\ncount = 2\n")
        .unwrap();
    let lines: [&[&str]; 8] = [
        &["puzzles", "el", "--count", "2", "-q", "--out", "new/a/p.pdf"],
        &["-q", "board", "el", "--out", "new/b/b.pdf"],
        &["board", "kamon", "--seed", "x", "--quiet", "--out", "new/b/k.svg", "--format", "svg"],
        &["rules", "el", "-q", "--out", "new/c/r.html", "--format", "html"],
        &["render", "r.jsonl", "-q", "--out", "new/d/r.pdf"],
        &["book", "b.toml", "-q", "--out", "new/e/b.pdf", "--cover", "new/e/c.pdf"],
        &["demo", "-q", "--out-dir", "new/f"],
        &["puzzles", "el", "--count", "2", "-q", "--out", "new/g/p.pdf", "--key", "new/h/k.pdf"],
    ];
    for args in lines {
        let out = ok(&dir, args);
        assert!(out.stdout.is_empty(), "{args:?} said {}", String::from_utf8_lossy(&out.stdout));
        // Only a note the user should know (a short book padded with pages) remains.
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.lines().all(|l| l.starts_with("boardpress: note: ")), "{args:?} said {err}");
    }
    for f in ["new/a/p.pdf", "new/b/b.pdf", "new/b/k-page1.svg", "new/c/r.html", "new/d/r.pdf", "new/e/c.pdf"] {
        assert!(dir.join(f).is_file(), "{f} was not written");
    }
    assert!(dir.join("new/f/book.pdf").is_file() && dir.join("new/h/k.pdf").is_file());
    // A verify report is what was asked for: -q keeps it.
    let out = ok(&dir, &["verify", "r.jsonl", "-q"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("all verified"));
}
