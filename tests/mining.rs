//! Deeper puzzles at scale, through the real binary: win-in-two for EL, Kamon and SIX,
//! `--jobs` byte-identity, `--first` shards that concatenate to the single run,
//! `render` from JSON Lines, and `--time-limit`.

mod common;

use common::{ok, pdftotext, run, temp_dir};

use serde_json::Value;

fn records(bytes: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(bytes).lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

#[test]
fn win_in_two_records_of_every_game_verify_and_carry_their_figures() {
    let dir = temp_dir("two");
    for (game, count) in [("el", "12"), ("kamon", "12"), ("six", "4")] {
        let file = format!("{game}.jsonl");
        let args = ["puzzles", game, "--task", "win-in-two", "--count", count, "--seed", "t", "--format", "jsonl"];
        let out = ok(&dir, &[&args[..], &["--out", &file]].concat());
        assert!(String::from_utf8_lossy(&out.stdout).contains("wrote"));
        let text = std::fs::read(dir.join(&file)).unwrap();
        let list = records(&text);
        assert_eq!(list.len(), count.parse::<usize>().unwrap());
        for (i, r) in list.iter().enumerate() {
            assert_eq!(r["number"], i as u64 + 1);
            assert_eq!(r["task"], "win-in-two", "{game}");
            assert_eq!(r["unique"], true);
            assert_eq!(r["solutions"].as_array().unwrap().len(), 1, "{game}: exactly one key move");
            let d = &r["difficulty"];
            for k in ["legal_moves", "decoys", "replies", "solver_nodes"] {
                assert!(d[k].is_u64(), "{game}: difficulty.{k} missing in {r}");
            }
            assert!(d["solver_nodes"].as_u64().unwrap() > d["legal_moves"].as_u64().unwrap());
            assert!(["easy", "medium", "hard", "expert"].contains(&d["grade"].as_str().unwrap()));
        }
        let out = ok(&dir, &["verify", &file]);
        assert!(String::from_utf8_lossy(&out.stdout).contains("all verified"), "{game}");
        // A record whose key move is changed fails verification.
        let first = String::from_utf8_lossy(&text).lines().next().unwrap().to_string();
        let mut r: Value = serde_json::from_str(&first).unwrap();
        r["solutions"] = serde_json::json!([]);
        std::fs::write(dir.join("bad.jsonl"), format!("{r}\n")).unwrap();
        let out = run(&dir, &["verify", "bad.jsonl"]);
        assert_eq!(out.status.code(), Some(1), "{game}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("exhaustive search finds"), "{game}");
    }
}

#[test]
fn any_number_of_jobs_gives_the_same_bytes() {
    let dir = temp_dir("jobs");
    for (game, format, ext) in [("el", "jsonl", "jsonl"), ("el", "pdf", "pdf"), ("kamon", "jsonl", "jsonl")] {
        let mut seen = Vec::new();
        for jobs in ["1", "2", "3"] {
            let file = format!("{game}-{jobs}.{ext}");
            let args = ["puzzles", game, "--task", "win-in-two", "--count", "40", "--seed", "j", "--format", format];
            ok(&dir, &[&args[..], &["--jobs", jobs, "--out", &file]].concat());
            seen.push(std::fs::read(dir.join(&file)).unwrap());
        }
        assert_eq!(seen[0], seen[1], "{game} {format}: --jobs 1 and 2 differ");
        assert_eq!(seen[0], seen[2], "{game} {format}: --jobs 1 and 3 differ");
    }
}

#[test]
fn shards_concatenate_to_the_single_run_and_render_as_one_sheet() {
    let dir = temp_dir("shards");
    let base = ["puzzles", "el", "--task", "win-in-two", "--seed", "book", "--format", "jsonl", "--out", "-"];
    let whole = ok(&dir, &[&base[..], &["--count", "30"]].concat()).stdout;
    let mut joined = Vec::new();
    for (first, count) in [("1", "10"), ("11", "5"), ("16", "15")] {
        joined.extend(ok(&dir, &[&base[..], &["--first", first, "--count", count, "--jobs", "2"]].concat()).stdout);
    }
    assert_eq!(records(&whole).len(), 30);
    assert_eq!(joined, whole, "shards joined differ from the single run");
    // Kamon win-in-one too (a different generator and record).
    let kamon = ["puzzles", "kamon", "--seed", "k", "--format", "jsonl", "--out", "-"];
    let whole = ok(&dir, &[&kamon[..], &["--count", "8"]].concat()).stdout;
    let mut joined = ok(&dir, &[&kamon[..], &["--count", "3"]].concat()).stdout;
    joined.extend(ok(&dir, &[&kamon[..], &["--count", "5", "--first", "4"]].concat()).stdout);
    assert_eq!(joined, whole);

    // Mined once, printed later: render the joined file.
    std::fs::write(dir.join("mined.jsonl"), &whole).unwrap();
    let el_whole = ok(&dir, &[&base[..], &["--count", "30"]].concat()).stdout;
    std::fs::write(dir.join("el.jsonl"), &el_whole).unwrap();
    ok(&dir, &["render", "el.jsonl", "--out", "book.pdf"]);
    let text = pdftotext(&dir.join("book.pdf"), &[]);
    assert!(text.contains("EL — win in two"), "{text}");
    assert!(text.contains("30."), "puzzle 30 is on the sheet");
    assert!(text.contains("recreate with: boardpress render el.jsonl"), "{text}");
    ok(&dir, &["render", "mined.jsonl", "--out", "kamon.pdf"]);
    assert!(std::fs::read(dir.join("kamon.pdf")).unwrap().starts_with(b"%PDF-"));

    // A record that fails verification, or a second game, prints nothing.
    let mut mixed = whole.clone();
    mixed.extend(&el_whole[..el_whole.iter().position(|&b| b == b'\n').unwrap() + 1]);
    std::fs::write(dir.join("mixed.jsonl"), &mixed).unwrap();
    let out = run(&dir, &["render", "mixed.jsonl", "--out", "mixed.pdf"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("mixed.jsonl:9: an el win-in-two puzzle (6x6) among kamon win-in-one puzzles"), "{err}");
    assert!(!dir.join("mixed.pdf").exists());
    let forged = String::from_utf8_lossy(&el_whole).replacen("\"grade\":\"", "\"grade\":\"x", 1);
    std::fs::write(dir.join("forged.jsonl"), forged).unwrap();
    let out = run(&dir, &["render", "forged.jsonl", "--out", "forged.pdf"]);
    // A well-formed record with a false claim fails verification: exit status 1, as for
    // `verify` (a malformed one is bad input, 2).
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("forged.jsonl:1: difficulty.grade"));
    assert!(!dir.join("forged.pdf").exists());
}

#[test]
fn a_time_limit_stops_with_what_was_found_and_says_so() {
    let dir = temp_dir("limit");
    let args = ["puzzles", "six", "--task", "win-in-two", "--count", "10000", "--seed", "tl", "--format", "jsonl"];
    let out = run(&dir, &[&args[..], &["--time-limit", "0.3", "--out", "six.jsonl"]].concat());
    assert_eq!(out.status.code(), Some(1), "fewer than asked is a failure");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("of 10000 puzzles: the time limit of 0.3 s ran out"), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    // What was found was written, in order, and is a prefix of the full run.
    if dir.join("six.jsonl").exists() {
        let found = records(&std::fs::read(dir.join("six.jsonl")).unwrap());
        assert!(found.len() < 10000);
        for (i, r) in found.iter().enumerate() {
            assert_eq!(r["number"], i as u64 + 1);
        }
    }
    // Bad limits are rejected before any work.
    for bad in ["0", "-1", "soon"] {
        let out = run(&dir, &["puzzles", "el", "--time-limit", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
    let out = run(&dir, &["puzzles", "gosforth", "--task", "win-in-two"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--task win-in-two is for el, kamon and six puzzles"));
}
