//! Failure behaviour of the real binary: bad input of every kind gives exit status 2 and
//! one readable line with no file left behind; an interrupted or failed run leaves no
//! partial file and any file already at the output path exactly as it was.

mod common;

use common::temp_dir;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_boardpress"));
    // A panic would print its backtrace: make sure one would show.
    command.args(args).current_dir(dir).env("RUST_BACKTRACE", "1");
    command
}

fn run(dir: &Path, args: &[&str]) -> Output {
    command(dir, args).output().expect("the binary runs")
}

/// Every file and folder under `dir` (names relative to it, hidden ones included), sorted.
fn listing(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            out.push(path.strip_prefix(root).unwrap().display().to_string());
            if path.is_dir() {
                walk(root, &path, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

const KAMON: &str = "kamon:WWd6B/WBBWB/WWWBBB/WWWBe6c6B/WWxc1c4b6/WWBa6B/BBBd2:c3:B";
const GOSFORTH: &str = "gosforth:xxoxo/ooooo/xo.xx/oooxx/xxxox:0-9:move:c4:o:12";
const EMPTY_EL: &str = "el:6x6:....../....../....../....../....../......:r";

/// The fixtures the table refers to: a folder, a plain file, unreadable and malformed
/// inputs, and templates with a tera error and a false diagram claim.
fn fixtures(dir: &Path) {
    std::fs::create_dir(dir.join("adir")).unwrap();
    std::fs::write(dir.join("afile"), "just a file\n").unwrap();
    std::fs::write(dir.join("bad.jsonl"), "not json\n").unwrap();
    std::fs::write(dir.join("array.jsonl"), "[1, 2, 3]\n").unwrap();
    std::fs::write(dir.join("empty.jsonl"), "").unwrap();
    std::fs::write(dir.join("binary.jsonl"), b"\xff\xfe\x00\n").unwrap();
    std::fs::write(dir.join("wrong-game.jsonl"), "{\"game\":\"chess\",\"id\":\"x\"}\n").unwrap();
    std::fs::write(dir.join("tera.md"), "# A\n\nText {{ size + }}\n").unwrap();
    std::fs::write(dir.join("claim.md"), format!("# A\n\n```el\nid: {EMPTY_EL}\nwinner: r\n```\n")).unwrap();
    std::fs::write(dir.join("fence.md"), "# A\n\n```chess\ne4\n```\n").unwrap();
}

/// (arguments, a piece of the one-line message that names the problem)
const BAD_INPUTS: &[(&[&str], &str)] = &[
    // Unknown games, tasks, papers, commands; option values out of range.
    (&["puzzles", "go"], "unknown game 'go'"),
    (&["puzzles", "el", "--title", " "], "--title is empty"),
    (&["board", "el", "--subtitle", "two\nlines"], "--subtitle holds a control character"),
    (
        &[
            "puzzles",
            "kamon",
            "--title",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        ],
        "--title is 101 characters long; 100 at most",
    ),
    // A word no line holds is named as the problem (not "84 characters; 84 fit").
    (
        &[
            "puzzles",
            "el",
            "--title",
            "DonaudampfschifffahrtsgesellschaftskapitänDonaudampfschifffahrtsgesellschaftskapitän",
        ],
        "--title has a word wider than a line across this page (even at 11 pt); shorten or split it",
    ),
    (
        &["puzzles", "six", "--round", "2", "--count", "4", "--per-page", "20"],
        "--per-page 20 would print the text in these diagrams under 5 pt; at most",
    ),
    // A grade no puzzle of the task can earn is refused at once.
    (&["puzzles", "gosforth", "--task", "win-in-one", "--difficulty", "hard"], "come easy or medium, not hard"),
    (&["solve", "chess", "x"], "unknown game 'chess'"),
    (&["rules", "chess"], "unknown game 'chess'"),
    (&["frobnicate"], "frobnicate"),
    // Line breaks inside quoted input are shown as escapes: the message stays one line.
    (&["puzzles", "go\nx"], "unknown game 'go\\nx'"),
    (&["solve", "el", "el:6x6\n:..:r\r"], "\\n"),
    (&["puzzles", "el", "--task", "mate-in-three"], "mate-in-three"),
    (&["puzzles", "gosforth", "--task", "win-in-two"], "--task win-in-two is for el, kamon and six puzzles"),
    (&["puzzles", "el", "--task", "block"], "for six puzzles"),
    (&["puzzles", "el", "--paper", "a5"], "unknown paper size 'a5'"),
    (&["board", "el", "--paper", "legal"], "unknown paper size 'legal'"),
    (
        &["puzzles", "el", "--count", "0"],
        "'--count <COUNT>': between 1 and 10,000 (for more, run in parts with --first)",
    ),
    (&["puzzles", "el", "--count", "-5"], "invalid value '-5' for '--count <COUNT>': between 1 and 10,000"),
    (
        &["puzzles", "el", "--count", "100000000", "--time-limit", "1"],
        "between 1 and 10,000 (for more, run in parts with --first)",
    ),
    (&["puzzles", "el", "--time-limit", "0"], "must be more than 0 seconds"),
    (&["puzzles", "el", "--time-limit", "soon"], "'soon' is not a number of seconds"),
    (&["puzzles", "el", "--jobs", "0"], "--jobs"),
    (&["puzzles", "el", "--first", "0"], "--first"),
    (&["puzzles", "six", "--round", "3"], "--round"),
    (&["puzzles", "el", "--per-page", "0"], "--per-page"),
    (&["board", "kamon", "--count", "0"], "--count"),
    (&["completions", "tcsh"], "tcsh"),
    // Wrong sizes and variants.
    (&["puzzles", "el", "--size", "12"], "invalid value '12' for '--size <SIZE>': between 3 and 11"),
    (&["board", "el", "--size", "40"], "invalid value '40' for '--size <SIZE>': between 3 and 26"),
    (&["puzzles", "el", "--numbers", "8", "--length", "6"], "--consecutive"),
    // A variant that cannot be played says what to set (not --consecutive, which would
    // not help a length beyond the numbers).
    (&["puzzles", "el", "--numbers", "3", "--length", "8"], "(use --numbers 8, or --length 3)"),
    (&["puzzles", "el", "--size", "3"], "no line or L of 6 cells fits a 3x3 board (use --size 4 or more)"),
    (
        &["puzzles", "el", "--numbers", "7", "--length", "7", "--consecutive"],
        "(use --numbers 8 or more, or --length 6 or less)",
    ),
    (&["puzzles", "el", "--numbers", "9", "--length", "9", "--consecutive"], "(use --length 8 or less)"),
    (&["puzzles", "el", "--shape", "any", "--numbers", "9"], "(use --numbers 8 or less)"),
    (&["puzzles", "el", "--shape", "snake", "--size", "9"], "(use --size 8 or less)"),
    (&["board", "kamon", "--per-page", "2"], "whole page"),
    (&["board", "six", "--size", "7"], "--size is for el boards"),
    (&["board", "el", "--seed", "x"], "--seed is for kamon and gosforth boards"),
    (&["board", "el", "--format", "jsonl"], "jsonl is for puzzles"),
    (&["puzzles", "el", "--diagrams"], "--diagrams goes with --format svg"),
    (&["puzzles", "el", "--format", "svg", "--out", "-"], "not '-'"),
    // Malformed EL IDs.
    (&["solve", "el", ""], "four parts"),
    (&["solve", "el", "el:6x6"], "four parts"),
    (&["solve", "el", "el:7x6:a:r"], "square"),
    (&["solve", "el", "el:0x0::r"], "board size 0"),
    (&["solve", "el", "el:6x6:......:r"], "rank(s)"),
    (&["solve", "el", "el:6x6,n12:....../....../....../....../....../......:r"], "highest number 12"),
    (&["solve", "el", "el:6x6,zz:....../....../....../....../....../......:r"], "unknown EL option 'zz'"),
    (&["solve", "el", "el:6x6:7r...../....../....../....../....../......:b"], "outside 1..6"),
    (&["solve", "el", "el:6x6:ü...../....../....../....../....../......:r"], "cell a6: unexpected 'ü'"),
    (&["solve", "el", "el:6x6:1q...../....../....../....../....../......:b"], "unknown colour 'q'"),
    (&["solve", "el", "el:6x6:1r...../....../....../....../....../......:r"], "Blue's turn"),
    (&["solve", "el", "el:6x6:1r1r..../....../....../....../....../......:b"], "move counts"),
    (&["solve", "el", "el:6x6:....../....../....../....../....../......:x"], "side to move 'x'"),
    // Malformed Kamon IDs, duplicate tokens among them.
    (&["solve", "kamon", "kamon:a1:-:B"], "1 row(s)"),
    (&["solve", "kamon", EMPTY_EL], "expected 'kamon'"),
    (&["solve", "kamon", "kamon:WWd6B/WBBWB/WWWBBB/WWWBc6c6B/WWxc1c4b6/WWBa6B/BBBd2:c3:B"], "token c6 appears twice"),
    (&["solve", "kamon", "kamon:WWd6B/WBBWB/WWWBBB/WWWBe6c6B/WWxc1g4b6/WWBa6B/BBBd2:c3:B"], "symbol 'g'"),
    (&["solve", "kamon", "kamon:WWd6B/WBBWB/WWWBBB/WWWBe6c6B/WWxc1a9b6/WWBa6B/BBBd2:c3:B"], "count '9'"),
    (&["solve", "kamon", "kamon:WWd6B/WBBWB/WWWBBB/WWWBe6c6B/WWxc1c4b6/WWBa6B/BBBd2:e6:B"], "still on the board"),
    (&["solve", "kamon", "kamon:WWd6B/WBBWB/WWWBBB/WWWBe6c6B/WWxc1c4b6/WWBa6B/BBBd2:c3:Q"], "side to move 'Q'"),
    // Malformed SIX IDs, a doubled cell among them.
    (&["solve", "six", "six:r=0,0:b=0,0:hand=20,20:r"], "cell (0,0) is listed twice"),
    (&["solve", "six", "six:r=0,0:b=1,0:hand=20,20"], "five or six parts"),
    (&["solve", "six", "six:r=0,0;5,5:b=1,0:hand=19,20:b"], "2 separate groups"),
    (&["solve", "six", "six:r=0,0:b=1,0:hand=30,20:r"], "hand '30'"),
    (&["solve", "six", "six:r=a,b:b=1,0:hand=20,20:r"], "'a,b'"),
    // Malformed Gosforth IDs.
    (&["solve", "gosforth", "gosforth:xxoxo/ooooo/xo.xx/oooxx:0-9:move:c4:o:12"], "4 rank(s)"),
    (&["solve", "gosforth", "gosforth:xxoxo/ooooo/xo.xq/oooxx/xxxox:0-9:move:c4:o:12"], "cell e3: unexpected 'q'"),
    (&["solve", "gosforth", "gosforth:xxoxo/ooooo/xo.xx/oooxx/xxxox:0-x:move:c4:o:12"], "score 'x'"),
    (&["solve", "gosforth", "gosforth:xxoxo/ooooo/xo.xx/oooxx/xxxox:0-9:slide:c4:o:12"], "stage 'slide'"),
    (&["solve", "gosforth", "gosforth:xxxxx/xxxxx/xx.xx/oooxx/xxxox:0-9:move:c4:o:12"], "found 20 X and 4 O"),
    (&["solve", "gosforth", KAMON], "7 or 8 parts"),
    (&["solve", "el", GOSFORTH], "el"),
    // Unreadable inputs and malformed files.
    (&["verify", "nothing-here.jsonl"], "cannot read nothing-here.jsonl"),
    (&["verify", "adir"], "adir is a directory"),
    (&["verify", "binary.jsonl"], "cannot read binary.jsonl"),
    (&["verify", "bad.jsonl"], "bad.jsonl:1: not a JSON object"),
    (&["verify", "array.jsonl"], "array.jsonl:1: not a JSON object"),
    (&["render", "wrong-game.jsonl", "--out", "x.pdf"], "wrong-game.jsonl:1"),
    (&["verify", "empty.jsonl"], "holds no records"),
    (&["render", "bad.jsonl"], "bad.jsonl:1: not a JSON object"),
    (&["render", "nothing-here.jsonl", "--out", "x.pdf"], "cannot read nothing-here.jsonl"),
    // Unwritable outputs and a folder given as the output.
    (&["puzzles", "el", "--format", "svg", "--key", "k.pdf"], "--key writes the answers to a PDF of their own"),
    (&["puzzles", "el", "--key", "k.pdf", "--out", "-"], "give --out a file name for the sheet"),
    (&["render", "bad.jsonl", "--diagrams"], "--diagrams goes with --format svg"),
    (&["puzzles", "el", "--out", "adir"], "is a directory"),
    (&["board", "kamon", "--out", "adir"], "is a directory"),
    (&["puzzles", "el", "--out", "afile/x.pdf"], "afile is not a folder"),
    (&["rules", "el", "--out", "afile/x.pdf"], "afile is not a folder"),
    (&["puzzles", "el", "--format", "jsonl", "--out", "adir"], "is a directory"),
    (&["man", "--out-dir", "nowhere"], "nowhere is not a folder"),
    (&["man", "--out-dir", "afile"], "afile is not a folder"),
    // Templates: missing, a folder, a tera error, an unknown fence, a false claim.
    (&["rules", "--template", "missing.md"], "cannot read template missing.md"),
    (&["rules", "--template", "adir"], "cannot read template adir"),
    (&["rules", "--template", "tera.md"], "tera.md, line 3: template error"),
    (&["rules", "--template", "fence.md"], "unknown diagram fence"),
    (&["rules", "--template", "claim.md", "--out", "claim.pdf"], "false claim 'winner: r'"),
];

/// clap's suggestions reach the user, with real line breaks.
#[test]
fn usage_errors_keep_clap_suggestions_and_line_breaks() {
    let dir = temp_dir("clap");
    for (args, first, more) in [
        (&["puzzels", "el"][..], "unrecognized subcommand 'puzzels'", "tip: a similar subcommand exists: 'puzzles'"),
        (
            &["puzzles", "el", "--cuont", "3"],
            "unexpected argument '--cuont' found",
            "tip: a similar argument exists: '--count'",
        ),
        (&["puzzles"], "the following required arguments were not provided:", "  <GAME>"),
        (
            &["board", "six", "--format", "html"],
            "invalid value 'html' for '--format <FORMAT>'",
            "[possible values: pdf, svg, jsonl]",
        ),
    ] {
        let out = run(&dir, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines[0], format!("boardpress: error: {first}"), "{args:?}: {err}");
        assert!(lines.iter().any(|l| l.contains(more)), "{args:?}: {more:?} not in {err}");
        assert!(!err.contains("\\n"), "{args:?}: escaped line break in {err}");
        assert_eq!(listing(&dir), Vec::<String>::new());
    }
}

#[test]
fn bad_input_is_exit_2_one_line_and_no_file() {
    assert!(BAD_INPUTS.len() >= 40, "the table has {} rows", BAD_INPUTS.len());
    let dir = temp_dir("table");
    fixtures(&dir);
    let before = listing(&dir);
    for (args, needle) in BAD_INPUTS {
        let out = run(&dir, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: exit status; stderr {err}");
        assert!(err.starts_with("boardpress: error: "), "{args:?}: {err}");
        // Our own messages are one line; a usage error is laid out as clap lays it out
        // (the problem on the first line, then any suggestion, the usage and where to
        // find help), with real line breaks and never an escaped one of its own.
        let first = err.lines().next().unwrap_or("");
        if err.trim_end().ends_with("For more information, try '--help'.") {
            assert!(first.contains(needle), "{args:?}: {needle:?} not on the first line of {err}");
            let typed_control = args.iter().any(|a| a.chars().any(char::is_control));
            assert!(typed_control || !err.contains("\\n"), "{args:?}: an escaped line break in {err}");
        } else {
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line, got {err}");
            assert!(err.contains(needle), "{args:?}: {needle:?} not in {err}");
        }
        // Nothing sends the user the wrong way: a negative number is out of range, not
        // an option to escape with "--".
        for bad in ["panicked", "backtrace", "RUST_BACKTRACE", "unwrap", "'-- -", "1..="] {
            assert!(!err.contains(bad), "{args:?}: {err}");
        }
        assert!(out.stdout.is_empty() || !String::from_utf8_lossy(&out.stdout).contains("wrote"), "{args:?}");
        assert_eq!(listing(&dir), before, "{args:?} left a file behind");
    }
}

/// Starts a long run in the background and waits until its temporary output file exists
/// (so the kill lands mid-generation, whatever the machine's speed).
fn start_streaming(dir: &Path, out_name: &str) -> Child {
    let args = ["puzzles", "six", "--task", "win-in-two", "--count", "10000", "--jobs", "1", "--format", "jsonl", "-q"];
    let child = command(dir, &[&args[..], &["--out", out_name]].concat())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let temp_prefix = format!(".{out_name}.");
    let start = Instant::now();
    while !listing(dir).iter().any(|name| name.starts_with(&temp_prefix)) {
        assert!(start.elapsed() < Duration::from_secs(60), "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(200)); // well into the run: records are streaming
    child
}

fn send_signal(child: &Child, signal: &str) {
    let status = Command::new("sh").args(["-c", &format!("kill -{signal} {}", child.id())]).status().unwrap();
    assert!(status.success());
}

/// Ctrl-C, `kill` and a closed terminal: the temporary file is removed, the file already
/// at the output path is untouched, and the exit status is 128 + the signal.
#[test]
fn an_interrupted_run_leaves_no_partial_file_and_the_old_file_intact() {
    for (signal, status) in [("TERM", 143), ("INT", 130), ("HUP", 129)] {
        let dir = temp_dir(&format!("signal-{signal}"));
        std::fs::write(dir.join("mined.jsonl"), "precious\n").unwrap();
        let mut child = start_streaming(&dir, "mined.jsonl");
        send_signal(&child, signal);
        let exit = child.wait().unwrap();
        assert_eq!(exit.code(), Some(status), "SIG{signal}");
        assert_eq!(listing(&dir), vec!["mined.jsonl"], "SIG{signal}: nothing else left");
        assert_eq!(std::fs::read_to_string(dir.join("mined.jsonl")).unwrap(), "precious\n", "SIG{signal}");
    }
}

/// SIGKILL cannot be caught: the output path still never holds a partial file (the old
/// file stays as it was), and the next run to that path removes the dead run's temporary.
#[test]
fn a_killed_run_never_leaves_a_partial_file_at_the_output_path() {
    let dir = temp_dir("sigkill");
    std::fs::write(dir.join("mined.jsonl"), "precious\n").unwrap();
    let mut child = start_streaming(&dir, "mined.jsonl");
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(std::fs::read_to_string(dir.join("mined.jsonl")).unwrap(), "precious\n");
    let out = run(&dir, &["puzzles", "six", "--count", "2", "--format", "jsonl", "--out", "mined.jsonl", "-q"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    if cfg!(target_os = "linux") {
        assert_eq!(listing(&dir), vec!["mined.jsonl"], "the dead run's temporary is gone");
    }
    assert_eq!(std::fs::read_to_string(dir.join("mined.jsonl")).unwrap().lines().count(), 2);
}

/// A PDF is assembled in memory and written only when complete: killing the run during
/// generation leaves nothing at all, not even the default output folder.
#[test]
fn a_pdf_run_killed_mid_generation_leaves_nothing() {
    for signal in ["TERM", "KILL"] {
        let dir = temp_dir(&format!("pdf-{signal}"));
        let args = ["puzzles", "six", "--task", "win-in-two", "--count", "10000", "--jobs", "1", "-q"];
        let child = command(&dir, &args).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(500));
        send_signal(&child, signal);
        let exit = child.wait_with_output().unwrap().status;
        assert!(!exit.success(), "the run was still going when killed");
        assert_eq!(listing(&dir), Vec::<String>::new(), "SIG{signal}");
    }
}

/// Runs that fail for other reasons also leave the existing file byte for byte as it was.
#[test]
fn a_failed_run_leaves_the_existing_file_as_it_was() {
    let dir = temp_dir("keep");
    fixtures(&dir);
    // A good sheet to forge a record from.
    let good = run(&dir, &["puzzles", "el", "--count", "3", "--seed", "k", "--format", "jsonl", "--out", "-"]);
    assert!(good.status.success());
    let forged = String::from_utf8_lossy(&good.stdout).replacen("\"cell\":\"", "\"cell\":\"z", 1);
    std::fs::write(dir.join("forged.jsonl"), forged).unwrap();
    std::fs::create_dir(dir.join("sheet-page2.svg")).unwrap();
    let failing: &[(&[&str], &str)] = &[
        (&["puzzles", "el", "--size", "2", "--out", "keep.pdf"], "keep.pdf"),
        (&["rules", "--template", "claim.md", "--out", "keep.pdf"], "keep.pdf"),
        (&["rules", "--template", "tera.md", "--out", "keep.pdf"], "keep.pdf"),
        (&["render", "forged.jsonl", "--out", "keep.pdf"], "keep.pdf"),
        (&["render", "bad.jsonl", "--out", "keep.pdf"], "keep.pdf"),
        (
            &["puzzles", "el", "--count", "2", "--task", "block", "--format", "jsonl", "--out", "keep.jsonl"],
            "keep.jsonl",
        ),
        // Page 2 of an SVG set has a folder in its way: page 1 must not be replaced either.
        (&["rules", "el", "--format", "svg", "--out", "sheet.svg"], "sheet-page1.svg"),
    ];
    for (args, kept) in failing {
        std::fs::write(dir.join(kept), "precious\n").unwrap();
        let before = listing(&dir);
        let out = run(&dir, args);
        assert!(!out.status.success(), "{args:?} should fail");
        assert_eq!(std::fs::read_to_string(dir.join(kept)).unwrap(), "precious\n", "{args:?}");
        assert_eq!(listing(&dir), before, "{args:?}");
    }
}

/// `boardpress … --out - | head`: a reader that stops early ends the run quietly (no error
/// message about standard output), as with other command-line tools.
#[test]
fn a_closed_pipe_ends_the_run_quietly() {
    use std::io::Read;
    let dir = temp_dir("pipe");
    let mut child = command(&dir, &["puzzles", "el", "--count", "5000", "--format", "jsonl", "--out", "-", "-q"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 100];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap(); // then the pipe closes
    let out = child.wait_with_output().unwrap();
    assert!(first.starts_with(b"{\"board\":"), "JSON Lines came first");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "nothing said about the closed pipe");
    assert_eq!(listing(&dir), Vec::<String>::new());
}

#[test]
fn a_seed_has_at_most_150_characters_and_names_a_short_file() {
    let dir = temp_dir("long-seed");
    let too_long = "s".repeat(151);
    let out = run(&dir, &["puzzles", "el", "--seed", &too_long, "-q"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "boardpress: error: --seed is 151 characters long; 150 at most"
    );
    let before = listing(&dir);
    assert!(!before.iter().any(|n| n.ends_with(".pdf")), "nothing written: {before:?}");
    // The longest seed names a file of at most 48 characters after the task, and two
    // seeds alike in their first 39 characters name different files.
    let long = format!("club-night-{}", "z".repeat(139));
    let other = format!("club-night-{}y", "z".repeat(138));
    for seed in [&long, &other] {
        let out = run(&dir, &["puzzles", "el", "--count", "1", "--seed", seed, "-q"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let names: Vec<String> = listing(&dir).into_iter().filter(|n| n.ends_with(".pdf")).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    for name in &names {
        let stem = name.trim_start_matches("output/").trim_start_matches("el-win-in-one-").trim_end_matches(".pdf");
        assert!(stem.len() <= 48 && stem.starts_with("club-night-zzz"), "{name}");
    }
}
