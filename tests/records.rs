//! JSON Lines records through `verify` and `render`: one generic writer and verifier for
//! every game and task. A line that is not a well-formed record (not JSON, not an
//! object, a missing or mistyped field, an unknown game or task) is bad input, exit 2,
//! the file and line named; a well-formed record whose claims are false fails
//! verification, exit 1 — in `verify` and in `render` alike.

mod common;

use common::{run, temp_dir};
use std::path::Path;

use serde_json::{json, Value};

/// One record of every game and task.
fn records(dir: &Path) -> Vec<Value> {
    let mut all = Vec::new();
    for task in [
        "el",
        "el --task win-in-two",
        "el --task defend",
        "kamon",
        "kamon --task win-in-two",
        "kamon --task defend",
        "six",
        "six --task block",
        "six --round 2",
        "six --task win-in-two",
        "six --task defend",
        "gosforth",
        "gosforth --task win-in-one",
    ] {
        let mut args: Vec<&str> = vec!["puzzles"];
        args.extend(task.split(' '));
        args.extend(["--count", "1", "--seed", "rec", "--format", "jsonl", "--out", "-", "-q"]);
        let out = run(dir, &args);
        assert!(out.status.success(), "{task}: {}", String::from_utf8_lossy(&out.stderr));
        all.push(serde_json::from_slice(&out.stdout).unwrap());
    }
    all
}

fn write(dir: &Path, name: &str, records: &[Value]) {
    let text: String = records.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(dir.join(name), text).unwrap();
}

fn edited(r: &Value, edit: impl Fn(&mut Value)) -> Value {
    let mut r = r.clone();
    edit(&mut r);
    r
}

#[test]
fn every_task_verifies_and_every_false_claim_is_caught_with_exit_1() {
    let dir = temp_dir("false");
    let all = records(&dir);
    write(&dir, "all.jsonl", &all);
    let out = run(&dir, &["verify", "all.jsonl"]);
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("13 records in all.jsonl: all verified"));
    // `solver_nodes` is the checker's effort, not a claim: another count still verifies.
    let other_effort: Vec<Value> =
        all.iter().map(|r| edited(r, |r| r["difficulty"]["solver_nodes"] = json!(1))).collect();
    write(&dir, "effort.jsonl", &other_effort);
    assert!(run(&dir, &["verify", "effort.jsonl"]).status.success());
    for r in &all {
        let game = r["game"].as_str().unwrap();
        let falsehoods: Vec<(&str, Value)> = vec![
            (
                "board",
                edited(r, |r| r["board"] = if r["board"].is_string() { json!("x") } else { json!([[99, 99, "r"]]) }),
            ),
            ("to_move", edited(r, |r| r["to_move"] = json!(if r["to_move"] == "r" { "b" } else { "r" }))),
            ("solutions", edited(r, |r| r["solutions"] = json!([]))),
            ("grade", edited(r, |r| r["difficulty"]["grade"] = json!("impossible"))),
            ("legal_moves", edited(r, |r| r["difficulty"]["legal_moves"] = json!(9999))),
            ("id", edited(r, |r| r["id"] = json!(format!("{game}:nonsense")))),
        ];
        for (what, bad) in falsehoods {
            write(&dir, "bad.jsonl", &[r.clone(), bad]);
            let out = run(&dir, &["verify", "bad.jsonl"]);
            let report = String::from_utf8_lossy(&out.stdout);
            assert_eq!(out.status.code(), Some(1), "{game} {what}: {report}{}", String::from_utf8_lossy(&out.stderr));
            assert!(report.starts_with("bad.jsonl:2: "), "{game} {what}: {report}");
            assert!(String::from_utf8_lossy(&out.stderr).contains("1 of 2 records in bad.jsonl failed verification"));
            // render agrees: a false claim is a failed verification, and nothing is printed.
            let out = run(&dir, &["render", "bad.jsonl", "--out", "bad.pdf"]);
            assert_eq!(out.status.code(), Some(1), "render {game} {what}: {}", String::from_utf8_lossy(&out.stderr));
            assert!(String::from_utf8_lossy(&out.stderr).contains("bad.jsonl:2: "));
            assert!(!dir.join("bad.pdf").exists());
        }
    }
}

#[test]
fn malformed_records_are_bad_input_with_exit_2_naming_file_and_line() {
    let dir = temp_dir("malformed");
    let all = records(&dir);
    let el = &all[0];
    let cases: Vec<(Value, &str)> = vec![
        (edited(el, |r| r.as_object_mut().map(|m| m.remove("id")).map(|_| ()).unwrap()), "missing field 'id'"),
        (edited(el, |r| r.as_object_mut().map(|m| m.remove("board")).map(|_| ()).unwrap()), "missing field 'board'"),
        (edited(el, |r| r["unique"] = json!("yes")), "'unique' must be true or false"),
        (edited(el, |r| r["solutions"] = json!("4@c3")), "'solutions' must be an array"),
        (edited(el, |r| r["board"] = json!(7)), "'board' must be a string"),
        (edited(el, |r| r["number"] = json!(0)), "'number' must be a whole number from 1"),
        (edited(el, |r| r["game"] = json!("chess")), "unknown game 'chess'"),
        (edited(el, |r| r["task"] = json!("mate-in-two")), "unknown task 'mate-in-two' for el"),
        (edited(el, |r| r["difficulty"] = json!(3)), "'difficulty' must be an object"),
    ];
    for (bad, needle) in cases {
        write(&dir, "bad.jsonl", &[el.clone(), bad]);
        for command in ["verify", "render"] {
            let out = run(&dir, &[command, "bad.jsonl", "--out", "x.pdf"][..if command == "verify" { 2 } else { 4 }]);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{command} {needle}: {err}");
            assert!(err.contains(&format!("bad.jsonl:2: {needle}")), "{command}: {needle:?} not in {err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
            assert!(!dir.join("x.pdf").exists());
        }
    }
}

/// Gosforth win-in-one records once said `"reaches_target": false` when another slide
/// tied with the winning one on the two-ply lead (every reply to it hands the mover the
/// target): the figure described that slide, not the answers. Rebuilt from their position
/// IDs, the records now say true, verify, and `verify` refuses the old false figure (and
/// any other figure changed).
#[test]
fn gosforth_win_in_one_figures_are_held_to_the_search() {
    use boardpress::game::Task;
    use boardpress::game::{Generator, Puzzle, PuzzleSpec};
    use boardpress::games::gosforth::{parse_position_id, WinInOne};
    let dir = temp_dir("gosforth-figures");
    let ids = [
        "gosforth:oxoox/xxooo/xxoxx/xo.ox/xooox:4-10:move:b2:o:12:ply=56",
        "gosforth:oxxxo/ox.oo/oxxxx/oxxox/oxooo:10-11:move:d4:x:12:ply=89",
        "gosforth:xooxx/xxxoo/ooo.o/xoxxo/ooxxx:9-10:move:c3:o:12:ply=58",
        "gosforth:xxoox/xooxx/xooxo/xo.xx/xoooo:6-10:move:d2:o:12:ply=44",
        "gosforth:ooxxx/xxx.x/oooox/xoxxo/xoooo:10-9:move:c4:x:12:ply=65",
        "gosforth:xooxx/xxoxo/xxoox/oo.oo/oxxox:4-10:move:c1:o:12:ply=40",
    ];
    for (k, id) in ids.iter().enumerate() {
        let position = parse_position_id(id).unwrap();
        let task = WinInOne::new(12);
        let facts = task.check(&position).unwrap();
        let grade = task.grade(&facts);
        let number = k as u32 + 1;
        let record =
            Generator::new(task, PuzzleSpec::new("issue-34")).record(&Puzzle { number, position, facts, grade });
        assert_eq!(record["difficulty"]["reaches_target"], json!(true), "{id}");
        write(&dir, "good.jsonl", std::slice::from_ref(&record));
        let out = run(&dir, &["verify", "good.jsonl"]);
        assert!(out.status.success(), "{id}: {}", String::from_utf8_lossy(&out.stderr));
        for (key, value) in [("reaches_target", json!(false)), ("best_net_points", json!(7)), ("decoys", json!(9))] {
            let bad = edited(&record, |r| r["difficulty"][key] = value.clone());
            write(&dir, "bad.jsonl", &[bad]);
            let out = run(&dir, &["verify", "bad.jsonl"]);
            let err = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            assert_eq!(out.status.code(), Some(1), "{id} {key}: {err}");
            assert!(err.contains(&format!("difficulty.{key} is not the measured")), "{id} {key}: {err}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
