//! A puzzle site's own checker, written from `docs/formats.md` alone (no boardpress code):
//! EL win-in-one records of the base game, their `solutions` recomputed from the record's
//! `board` and `to_move` by the rules the guide states ("What the solutions depend on"),
//! and compared with what boardpress wrote. The guide's rule that an EL finished for both
//! players at once wins for the writer is exercised: a checker without it disagrees on
//! some of these records.

use std::collections::BTreeSet;
use std::process::Command;

use serde_json::Value;

const N: usize = 6;

/// A board as the guide writes it: ranks top first, `.` or a digit and a colour letter.
fn read_board(text: &str) -> Vec<Option<(u8, char)>> {
    let mut cells = vec![None; N * N];
    for (k, rank) in text.split('/').enumerate() {
        let row = N - 1 - k;
        let mut col = 0;
        let mut chars = rank.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '.' {
                col += 1;
            } else {
                let colour = chars.next().expect("a number is followed by its colour");
                cells[row * N + col] = Some((c.to_digit(10).unwrap() as u8, colour));
                col += 1;
            }
        }
        assert_eq!(col, N, "rank {rank}");
    }
    cells
}

/// Every EL of the base game: six cells in a row or a column, or an L (one turn, arms of
/// any lengths adding up to six cells).
fn els() -> Vec<Vec<usize>> {
    let at = |c: i32, r: i32| {
        ((0..N as i32).contains(&c) && (0..N as i32).contains(&r)).then(|| r as usize * N + c as usize)
    };
    let mut out = BTreeSet::new();
    for r in 0..N as i32 {
        for c in 0..N as i32 {
            // Straight runs from (c, r) to the right and upwards.
            for (dc, dr) in [(1, 0), (0, 1)] {
                let run: Option<Vec<usize>> = (0..6).map(|i| at(c + dc * i, r + dr * i)).collect();
                if let Some(mut run) = run {
                    run.sort();
                    out.insert(run);
                }
            }
            // Ls cornered at (c, r): a horizontal arm of a cells and a vertical one of 5 - a.
            for a in 1..5 {
                for (sc, sr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let mut cells = vec![at(c, r)];
                    cells.extend((1..=a).map(|i| at(c + sc * i, r)));
                    cells.extend((1..=5 - a).map(|i| at(c, r + sr * i)));
                    if let Some(mut cells) = cells.into_iter().collect::<Option<Vec<usize>>>() {
                        cells.sort();
                        out.insert(cells);
                    }
                }
            }
        }
    }
    out.into_iter().collect()
}

/// Who wins when `colour` writes `number` on `cell`: by the guide's rule (`writer_first`:
/// an EL of the writer's wins for him, whatever else the number finishes), or by a
/// checker without it, for which an EL of the opponent's finished by the same number
/// hands the opponent the game.
fn winner(
    board: &[Option<(u8, char)>],
    shapes: &[Vec<usize>],
    cell: usize,
    number: u8,
    colour: char,
    writer_first: bool,
) -> Option<char> {
    let mut b = board.to_vec();
    b[cell] = Some((number, colour));
    let mut owners = Vec::new();
    for shape in shapes.iter().filter(|s| s.contains(&cell)) {
        let marks: Option<Vec<(u8, char)>> = shape.iter().map(|&c| b[c]).collect();
        let Some(marks) = marks else { continue };
        let numbers: BTreeSet<u8> = marks.iter().map(|m| m.0).collect();
        if numbers != (1..=6).collect() {
            continue;
        }
        let mine = marks.iter().filter(|m| m.1 == colour).count();
        if mine >= 4 {
            owners.push(colour);
        } else if mine <= 2 {
            owners.push(if colour == 'r' { 'b' } else { 'r' });
        }
    }
    let opponent = if colour == 'r' { 'b' } else { 'r' };
    match (owners.contains(&colour), owners.contains(&opponent)) {
        (true, true) if writer_first => Some(colour),
        (_, true) => Some(opponent),
        (true, false) => Some(colour),
        (false, false) => None,
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "optimised only: cargo test --release --test formats_checker")]
fn an_el_checker_written_from_the_formats_guide_agrees_with_every_record() {
    let shapes = els();
    assert_eq!(shapes.len(), 188, "RULES.md counts 188 ELs on 6x6");
    let mut checked = 0;
    let mut naive_wrong = 0;
    for extra in [&[][..], &["--any-wins"][..]] {
        let mut args =
            vec!["puzzles", "el", "--count", "2000", "--seed", "site", "--format", "jsonl", "--out", "-", "-q"];
        args.extend(extra);
        let out = Command::new(env!("CARGO_BIN_EXE_boardpress")).args(&args).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        for line in String::from_utf8(out.stdout).unwrap().lines() {
            let record: Value = serde_json::from_str(line).unwrap();
            let board = read_board(record["board"].as_str().unwrap());
            let colour = record["to_move"].as_str().unwrap().chars().next().unwrap();
            let solve = |writer_first: bool| -> BTreeSet<(usize, u8)> {
                let mut s = BTreeSet::new();
                for cell in (0..N * N).filter(|&c| board[c].is_none()) {
                    for number in 1..=6 {
                        if winner(&board, &shapes, cell, number, colour, writer_first) == Some(colour) {
                            s.insert((cell, number));
                        }
                    }
                }
                s
            };
            let said: BTreeSet<(usize, u8)> = record["solutions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| {
                    let name = s["cell"].as_str().unwrap().as_bytes();
                    let cell = (name[1] - b'1') as usize * N + (name[0] - b'a') as usize;
                    (cell, s["number"].as_u64().unwrap() as u8)
                })
                .collect();
            assert_eq!(solve(true), said, "{line}");
            naive_wrong += (solve(false) != said) as usize;
            checked += 1;
        }
    }
    assert_eq!(checked, 4000);
    // The rule the guide once left out decides some of these records.
    assert!(naive_wrong > 0, "no record needs the writer-first rule: the test shows nothing");
    eprintln!("{checked} records agree; {naive_wrong} of them a checker without the writer-first rule gets wrong");
}
