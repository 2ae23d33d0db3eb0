//! The real binary, run in a temporary folder: outputs, determinism, errors.

mod common;
mod pdfread;

use common::{pdftotext, temp_dir};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .args(args)
        .current_dir(dir)
        .env_remove("SOURCE_DATE_EPOCH")
        .output()
        .expect("the binary runs")
}

fn ok(dir: &Path, args: &[&str]) -> Output {
    let out = run(dir, args);
    assert!(out.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = walk(dir).iter().map(|p| p.strip_prefix(dir).unwrap().display().to_string()).collect();
    v.sort();
    v
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn puzzle_sheet_default_path_and_byte_identical_reruns() {
    let dir = temp_dir("sheet");
    ok(&dir, &["puzzles", "el", "--count", "12", "--seed", "club-night"]);
    let path = dir.join("output/el-win-in-one-club-night.pdf");
    let first = std::fs::read(&path).unwrap();
    assert!(first.starts_with(b"%PDF-"));
    assert!(first.len() < 80_000, "PDF is {} bytes", first.len());
    ok(&dir, &["puzzles", "el", "--count", "12", "--seed", "club-night"]);
    assert_eq!(first, std::fs::read(&path).unwrap(), "same command, same bytes");
    // No temporary files are left behind.
    assert_eq!(files_in(&dir), vec!["output/el-win-in-one-club-night.pdf"]);
}

#[test]
fn puzzle_i_does_not_depend_on_count() {
    let dir = temp_dir("count");
    let three = ok(&dir, &["puzzles", "el", "--count", "3", "--seed", "s", "--format", "jsonl", "--out", "-"]).stdout;
    let ten = ok(&dir, &["puzzles", "el", "--count", "10", "--seed", "s", "--format", "jsonl", "--out", "-"]).stdout;
    let three = String::from_utf8(three).unwrap();
    let ten = String::from_utf8(ten).unwrap();
    assert_eq!(three.lines().count(), 3);
    assert_eq!(ten.lines().count(), 10);
    assert!(ten.starts_with(&three));
    let other = ok(&dir, &["puzzles", "el", "--count", "3", "--seed", "t", "--format", "jsonl", "--out", "-"]).stdout;
    assert_ne!(three.as_bytes(), other.as_slice(), "another seed, other puzzles");
}

#[test]
fn jsonl_records_follow_the_contract_and_verify() {
    let dir = temp_dir("jsonl");
    ok(&dir, &["puzzles", "el", "--count", "12", "--seed", "club-night", "--format", "jsonl"]);
    let path = dir.join("output/el-win-in-one-club-night.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    for (i, line) in text.lines().enumerate() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(r["game"], "el");
        assert_eq!(r["number"], i as u64 + 1);
        assert_eq!(r["seed"], "club-night");
        assert_eq!(r["task"], "win-in-one");
        assert_eq!(r["unique"], true);
        assert_eq!(r["params"]["size"], 6);
        assert_eq!(r["solutions"].as_array().unwrap().len(), 1);
        assert!(r["id"].as_str().unwrap().starts_with("el:6x6:"));
        assert!(["easy", "medium", "hard", "expert"].contains(&r["difficulty"]["grade"].as_str().unwrap()));
    }
    let out = ok(&dir, &["verify", "output/el-win-in-one-club-night.jsonl"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("12 records"));

    // A tampered record is caught, with its line number.
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let mut bad = first.clone();
    let right = bad["solutions"][0]["number"].as_u64().unwrap();
    bad["solutions"][0]["number"] = serde_json::json!(right % 6 + 1);
    std::fs::write(dir.join("bad.jsonl"), format!("{first}\n{bad}\n")).unwrap();
    let out = run(&dir, &["verify", "bad.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("bad.jsonl:2: solutions listed"), "{report}");
    // Not JSON at all: bad input, exit 2, the line named.
    std::fs::write(dir.join("junk.jsonl"), "{\"game\":\"el\"}\nnot json\n").unwrap();
    let out = run(&dir, &["verify", "junk.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn svg_pages_and_diagrams_carry_the_position_in_desc() {
    let dir = temp_dir("svg");
    ok(&dir, &["puzzles", "el", "--count", "12", "--seed", "club-night", "--format", "svg"]);
    let files = files_in(&dir);
    assert_eq!(files.len(), 3, "{files:?}");
    let page1 = std::fs::read_to_string(dir.join("output/el-win-in-one-club-night-page1.svg")).unwrap();
    assert!(page1.starts_with("<svg") && page1.contains("viewBox=\"0 0 210 297\""));
    assert!(page1.contains("seed: club-night"));
    // Each diagram in words: the puzzle's caption as said, then every written cell a row
    // at a time, a cell and what is on it apart.
    assert!(
        page1.contains("<desc>") && page1.contains("1. Red to play and win, difficulty"),
        "page desc lists the positions"
    );
    assert!(page1.contains("Row 6: ") && page1.contains(": red "), "cells are said with their colours");
    ok(&dir, &["puzzles", "el", "--count", "2", "--seed", "x", "--format", "svg", "--diagrams", "--out", "d.svg"]);
    let puzzle = std::fs::read_to_string(dir.join("d-puzzle1.svg")).unwrap();
    assert!(puzzle.contains("<desc>") && puzzle.contains("Red to move") || puzzle.contains("Blue to move"));
    // A file of its own says which puzzle it is and how its words are read.
    assert!(puzzle.contains("<title>Puzzle 1: ") && puzzle.contains("Reading the boards:"), "{puzzle}");
    assert!(dir.join("d-answer2.svg").exists());
}

#[test]
fn blank_boards_any_size() {
    let dir = temp_dir("board");
    ok(&dir, &["board", "el"]);
    assert!(dir.join("output/el-board-6x6.pdf").exists());
    ok(&dir, &["board", "el", "--size", "8", "--numbers", "8", "--per-page", "2", "--paper", "letter"]);
    assert!(dir.join("output/el-board-8x8-n8.pdf").exists());
    ok(&dir, &["board", "el", "--size", "14", "--numbers", "6", "--format", "svg", "--out", "big.svg"]);
    let svg = std::fs::read_to_string(dir.join("big-page1.svg")).unwrap();
    assert!(svg.contains(">\nn\n</text>"), "column n is labelled");
}

#[test]
fn solve_lists_winning_moves_and_threats() {
    let dir = temp_dir("solve");
    let id = "el:6x6:2r.2b4b.6r/3b.1r.../..4b.3r4b/....6b./..3r.5b./..6r4r4r3b:r";
    let out = String::from_utf8(ok(&dir, &["solve", "el", id]).stdout).unwrap();
    assert!(out.contains("winning moves for Red: 5@c3"), "{out}");
    assert!(out.contains("threats of Blue (b): none"), "{out}");
}

#[test]
fn demo_writes_the_sample_pack() {
    let dir = temp_dir("demo");
    ok(&dir, &["demo"]);
    let files = files_in(&dir);
    assert!(files.contains(&"output/el-win-in-one-demo.pdf".to_string()), "{files:?}");
    assert!(files.contains(&"output/el-board-6x6.pdf".to_string()), "{files:?}");
    assert!(files.contains(&"output/el-win-in-one-demo.jsonl".to_string()), "{files:?}");
    for more in [
        "output/kamon-board-demo-tokens.pdf",
        "output/kamon-win-in-one-demo.pdf",
        "output/kamon-win-in-two-demo.pdf",
        "output/kamon-defend-demo.pdf",
        "output/el-win-in-two-demo.pdf",
        "output/el-defend-demo.pdf",
        "output/six-win-in-two-demo.pdf",
        "output/kamon-win-in-one-demo.jsonl",
        "output/six-paper.pdf",
        "output/six-win-demo.pdf",
        "output/six-defend-demo.pdf",
        "output/gosforth-board.pdf",
        "output/gosforth-puzzles-demo.pdf",
        "output/el-rules.pdf",
        "output/kamon-rules-booklet.pdf",
        "output/six-rules.pdf",
        "output/gosforth-rules.pdf",
        "output/gosforth-rules.html",
    ] {
        assert!(files.contains(&more.to_string()), "{more} in {files:?}");
    }
    let out = ok(&dir, &["verify", "output/kamon-win-in-one-demo.jsonl"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("8 records"));
}

#[test]
fn difficulty_filter_and_any_wins() {
    let dir = temp_dir("difficulty");
    for grade in ["easy", "medium", "hard"] {
        let out =
            ok(&dir, &["puzzles", "el", "--count", "4", "--difficulty", grade, "--format", "jsonl", "--out", "-"]);
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(r["difficulty"]["grade"], grade);
        }
    }
    let out = ok(&dir, &["puzzles", "el", "--count", "30", "--any-wins", "--format", "jsonl", "--out", "-"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let several = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|r| r["unique"] == false && r["solutions"].as_array().unwrap().len() > 1)
        .count();
    assert!(several > 0, "with --any-wins some puzzles have several answers");
}

#[test]
fn help_and_version() {
    let dir = temp_dir("help");
    let help = String::from_utf8(ok(&dir, &["--help"]).stdout).unwrap();
    for word in ["puzzles", "board", "solve", "verify", "demo", "Examples:"] {
        assert!(help.contains(word), "{word} in --help");
    }
    let version = String::from_utf8(ok(&dir, &["--version"]).stdout).unwrap();
    assert!(version.contains(env!("CARGO_PKG_VERSION")));
}

fn board_ids(svg_dir: &Path, stem: &str, pages: usize) -> Vec<String> {
    (1..=pages)
        .map(|i| {
            let svg = std::fs::read_to_string(svg_dir.join(format!("{stem}-page{i}.svg"))).unwrap();
            let start = svg.find("Board ID kamon:").expect("the board ID is printed");
            svg[start..].split_whitespace().nth(2).unwrap().to_string()
        })
        .collect()
}

#[test]
fn kamon_boards_are_seeded_different_and_independent_of_count() {
    let dir = temp_dir("kamon-board");
    ok(&dir, &["board", "kamon", "--seed", "club", "--count", "3", "--format", "svg", "--out", "three.svg"]);
    ok(&dir, &["board", "kamon", "--seed", "club", "--count", "5", "--format", "svg", "--out", "five.svg"]);
    let three = board_ids(&dir, "three", 3);
    let five = board_ids(&dir, "five", 5);
    assert_eq!(three[..], five[..3], "board i does not depend on --count");
    let mut unique = five.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 5, "different boards");
    // Every printed ID is a valid start position that `solve` accepts.
    let out = String::from_utf8(ok(&dir, &["solve", "kamon", &five[0]]).stdout).unwrap();
    assert!(out.contains("Black to move, 0 pawns placed; first move"), "{out}");
    ok(&dir, &["board", "kamon", "--seed", "2024-11-21"]);
    let a = std::fs::read(dir.join("output/kamon-board-2024-11-21.pdf")).unwrap();
    ok(&dir, &["board", "kamon", "--seed", "2024-11-21"]);
    assert_eq!(a, std::fs::read(dir.join("output/kamon-board-2024-11-21.pdf")).unwrap());
    ok(&dir, &["board", "kamon", "--blank", "--tokens"]);
    assert!(dir.join("output/kamon-board-blank-tokens.pdf").exists());
}

#[test]
fn kamon_puzzles_jsonl_verify_and_independence() {
    let dir = temp_dir("kamon-puzzles");
    let six = ok(&dir, &["puzzles", "kamon", "--count", "6", "--seed", "s1", "--format", "jsonl", "--out", "-"]).stdout;
    let two = ok(&dir, &["puzzles", "kamon", "--count", "2", "--seed", "s1", "--format", "jsonl", "--out", "-"]).stdout;
    let six = String::from_utf8(six).unwrap();
    assert!(six.starts_with(&String::from_utf8(two).unwrap()), "puzzle i does not depend on --count");
    for (i, line) in six.lines().enumerate() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(r["game"], "kamon");
        assert_eq!(r["number"], i as u64 + 1);
        assert!(r["id"].as_str().unwrap().starts_with("kamon:"));
        assert!(["B", "W"].contains(&r["to_move"].as_str().unwrap()));
        assert!(r["constraint"].is_string() || r["constraint"].is_null());
        assert_eq!(r["solutions"].as_array().unwrap().len(), 1);
        assert!(["connection", "ring", "blockade"].contains(&r["solutions"][0]["wins_by"].as_str().unwrap()));
        // The printed ID is a position `solve` agrees on.
        let solved = String::from_utf8(ok(&dir, &["solve", "kamon", r["id"].as_str().unwrap()]).stdout).unwrap();
        assert!(
            solved.contains(&format!("winning cells: {} (", r["solutions"][0]["cell"].as_str().unwrap())),
            "{solved}"
        );
    }
    std::fs::write(dir.join("k.jsonl"), &six).unwrap();
    assert!(String::from_utf8(ok(&dir, &["verify", "k.jsonl"]).stdout).unwrap().contains("6 records"));
    let mut bad: serde_json::Value = serde_json::from_str(six.lines().next().unwrap()).unwrap();
    bad["solutions"][0]["cell"] = serde_json::json!(if bad["solutions"][0]["cell"] == "D4" { "D5" } else { "D4" });
    std::fs::write(dir.join("bad.jsonl"), format!("{bad}\n")).unwrap();
    let out = run(&dir, &["verify", "bad.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("bad.jsonl:1: solutions listed"));
    ok(&dir, &["puzzles", "kamon", "--count", "4", "--seed", "s1"]);
    assert!(dir.join("output/kamon-win-in-one-s1.pdf").exists());
}

#[test]
fn six_paper_tokens_and_solve() {
    let dir = temp_dir("six");
    ok(&dir, &["board", "six"]);
    ok(&dir, &["board", "six", "--tokens", "--paper", "letter"]);
    assert!(dir.join("output/six-paper.pdf").exists());
    assert!(dir.join("output/six-tokens.pdf").exists());
    ok(&dir, &["board", "six", "--format", "svg", "--out", "paper.svg"]);
    assert!(dir.join("paper-page1.svg").exists() && dir.join("paper-page2.svg").exists());
    // Red to move with four in a row on q=0..3 and black alongside: two winning cells.
    let id = "six:r=0,0;1,0;2,0;3,0:b=0,1;1,1;2,1;-1,1:hand=17,17:r";
    let out = String::from_utf8(ok(&dir, &["solve", "six", id]).stdout).unwrap();
    assert!(out.contains("winning moves: none"), "{out}");
    let id = "six:r=0,0;1,0;2,0;3,0;4,0:b=0,1;1,1;2,1;-1,1;-2,1:hand=16,16:r";
    let out = String::from_utf8(ok(&dir, &["solve", "six", id]).stdout).unwrap();
    assert!(out.contains("winning moves: (-1,0)  (5,0)"), "{out}");
    let out = run(&dir, &["solve", "six", "six:r=0,0:b=5,0:hand=20,20:r"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("separate groups"));
    let out = run(&dir, &["board", "six", "--seed", "x"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn six_puzzles_win_and_block_verify() {
    let dir = temp_dir("six-puzzles");
    for task in ["win-in-one", "block"] {
        let out = ok(
            &dir,
            &["puzzles", "six", "--count", "4", "--seed", "x", "--task", task, "--format", "jsonl", "--out", "-"],
        );
        let text = String::from_utf8(out.stdout).unwrap();
        for line in text.lines() {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(r["game"], "six");
            assert_eq!(r["task"], task);
            assert_eq!(r["solutions"].as_array().unwrap().len(), 1);
            assert!(r["board"][0].as_array().unwrap().len() == 3, "board entries are [q, r, colour]");
        }
        std::fs::write(dir.join(format!("{task}.jsonl")), &text).unwrap();
        let out = ok(&dir, &["verify", &format!("{task}.jsonl")]);
        assert!(String::from_utf8_lossy(&out.stdout).contains("4 records"));
        let mut bad: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        bad["solutions"][0]["cell"][0] = serde_json::json!(bad["solutions"][0]["cell"][0].as_i64().unwrap() + 1);
        std::fs::write(dir.join("bad.jsonl"), format!("{bad}\n")).unwrap();
        assert_eq!(run(&dir, &["verify", "bad.jsonl"]).status.code(), Some(1));
    }
    ok(&dir, &["puzzles", "six", "--count", "3", "--seed", "x"]);
    assert!(dir.join("output/six-win-x.pdf").exists());
    let out = run(&dir, &["puzzles", "el", "--task", "block"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&dir, &["puzzles", "six", "--task", "block", "--round", "2"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn gosforth_solve_lists_moves_with_points() {
    let dir = temp_dir("gosforth");
    let id = "gosforth:xoxxo/xoxox/oxoxo/xxoxx/ooo.o:1-0:claim:-:o:12:ply=0";
    let out = String::from_utf8(ok(&dir, &["solve", "gosforth", id]).stdout).unwrap();
    assert!(out.contains("claim  O +2"), "{out}");
    assert!(out.contains("e1>    O +1"), "{out}");
    // The ID alone names its game: the same report, for every game.
    for (game, position) in [
        ("gosforth", id),
        ("el", "el:6x6:2r.2b4b.6r/3b.1r.../..4b.3r4b/....6b./..3r.5b./..6r4r4r3b:r"),
        ("kamon", "kamon:WWd6B/WBBWB/WWWBBB/WWWBe6c6B/WWxc1c4b6/WWBa6B/BBBd2:c3:B"),
        ("six", "six:r=0,0:b=1,0:hand=20,20:r"),
    ] {
        let named = ok(&dir, &["solve", game, position]).stdout;
        assert_eq!(ok(&dir, &["solve", position]).stdout, named, "{position}");
    }
    let bad = run(&dir, &["solve", "chess:a1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("starts with 'chess', which is no game"));
    let bad = run(&dir, &["solve", "el"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("give the position to solve"));
    let out = run(&dir, &["solve", "gosforth", "gosforth:...../...../...../...../.....:0-0:place:-:o:12"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("x's turn"));
}

#[test]
fn gosforth_board_and_practice_positions() {
    let dir = temp_dir("gosforth-board");
    ok(&dir, &["board", "gosforth"]);
    ok(&dir, &["board", "gosforth", "--paper", "letter", "--target", "10", "--format", "svg", "--out", "b.svg"]);
    assert!(dir.join("output/gosforth-board.pdf").exists());
    assert!(dir.join("b-page2.svg").exists(), "board page and pieces page");
    ok(&dir, &["board", "gosforth", "--seed", "s", "--count", "6", "--format", "svg", "--out", "six.svg"]);
    ok(&dir, &["board", "gosforth", "--seed", "s", "--count", "2", "--format", "svg", "--out", "two.svg"]);
    let ids = |file: &str| -> Vec<String> {
        let svg = std::fs::read_to_string(dir.join(file)).unwrap();
        let desc = svg.split("<desc>").nth(1).unwrap().split("</desc>").next().unwrap();
        desc.lines().filter(|l| l.starts_with("gosforth:")).map(str::to_string).collect()
    };
    let six = ids("six-page1.svg");
    let two = ids("two-page1.svg");
    assert_eq!(six.len(), 6);
    assert_eq!(two[..], six[..2], "position i does not depend on --count");
    for id in &six {
        let out = String::from_utf8(ok(&dir, &["solve", "gosforth", id]).stdout).unwrap();
        assert!(out.contains("O to move (movement stage)"), "{out}");
    }
    assert_eq!(run(&dir, &["board", "gosforth", "--count", "3"]).status.code(), Some(2));
}

#[test]
fn gosforth_puzzles_verify_and_reach_task() {
    let dir = temp_dir("gosforth-puzzles");
    let text = String::from_utf8(
        ok(&dir, &["puzzles", "gosforth", "--count", "8", "--seed", "s", "--format", "jsonl", "--out", "-"]).stdout,
    )
    .unwrap();
    for line in text.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(r["game"], "gosforth");
        assert_eq!(r["task"], "best-move");
        assert_eq!(r["solutions"].as_array().unwrap().len(), 1);
        assert!(r["difficulty"]["best_net_points"].as_i64().unwrap() > 0);
    }
    std::fs::write(dir.join("g.jsonl"), &text).unwrap();
    assert!(String::from_utf8(ok(&dir, &["verify", "g.jsonl"]).stdout).unwrap().contains("8 records"));
    let reach = String::from_utf8(
        ok(
            &dir,
            &[
                "puzzles",
                "gosforth",
                "--count",
                "3",
                "--seed",
                "s",
                "--task",
                "win-in-one",
                "--format",
                "jsonl",
                "--out",
                "-",
            ],
        )
        .stdout,
    )
    .unwrap();
    for line in reach.lines() {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(r["difficulty"]["reaches_target"], true);
    }
    let mut bad: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    bad["solutions"] = serde_json::json!([{"claim": true}]);
    std::fs::write(dir.join("bad.jsonl"), format!("{bad}\n")).unwrap();
    assert_eq!(run(&dir, &["verify", "bad.jsonl"]).status.code(), Some(1));
    ok(&dir, &["puzzles", "gosforth", "--count", "6", "--seed", "s"]);
    assert!(dir.join("output/gosforth-puzzles-s.pdf").exists());
    assert_eq!(run(&dir, &["puzzles", "el", "--target", "10"]).status.code(), Some(2));
}

/// A worksheet header: the title on every page, the subtitle under it, the name and
/// date line on the puzzle pages only (not the key), and all three in the footer's
/// recreating command; on a board page too.
#[test]
fn worksheet_headers_print_on_every_page_and_the_name_line_on_the_pupils_pages() {
    let dir = temp_dir("header");
    let args = [
        "puzzles",
        "el",
        "--count",
        "6",
        "--seed",
        "h",
        "--title",
        "Class 3B: Friday",
        "--subtitle",
        "Write the number in the cell",
        "--name-line",
        "--out",
        "ws.pdf",
    ];
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress")).args(args).current_dir(&dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let page = |n: usize| pdftotext(&dir.join("ws.pdf"), &["-f", &n.to_string(), "-l", &n.to_string()]);
    let (puzzles, key) = (page(1), page(2));
    for text in [&puzzles, &key] {
        assert!(text.contains("Class 3B: Friday") && text.contains("Write the number in the cell"), "{text}");
        assert!(
            text.contains("--title 'Class 3B: Friday' --subtitle 'Write the number in the cell' --name-line"),
            "{text}"
        );
    }
    assert!(puzzles.contains("EL — win in one") && puzzles.contains("Name") && puzzles.contains("Date"), "{puzzles}");
    assert!(key.contains("Answers") && !key.contains("Name"), "no name line on the key: {key}");
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .args(["board", "gosforth", "--title", "Club night", "--name-line", "--out", "b.pdf"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let board = pdftotext(&dir.join("b.pdf"), &[]);
    assert!(
        board.contains("Club night") && board.contains("Name") && board.contains("--title 'Club night' --name-line")
    );
}

/// Repeated drawings are drawn once: 100 Kamon puzzles and their key (3,700 symbols and
/// 7,400 pawns or tokens placed) stay under 600 KB, each symbol one form XObject.
#[test]
fn repeated_drawings_are_written_once() {
    let dir = temp_dir("reuse");
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress"))
        .args(["puzzles", "kamon", "--count", "100", "--seed", "size", "--jobs", "2", "--out", "k.pdf"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let bytes = std::fs::read(dir.join("k.pdf")).unwrap();
    assert!(bytes.len() < 600_000, "100 Kamon puzzles take {} bytes", bytes.len());
    let forms = pdfread::Pdf::load(&dir.join("k.pdf")).forms().len();
    // Six symbols at the sizes of the puzzle and key diagrams and the pile, two pawns.
    assert!((8..=40).contains(&forms), "{forms} form XObjects");
}
