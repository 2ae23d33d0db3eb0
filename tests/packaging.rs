//! For packagers: completions, man pages, help text on every option, and a binary that
//! needs nothing from the repository at run time.

mod common;

use common::{ok, temp_dir};
use std::path::Path;
use std::process::{Command, Output};

use clap::CommandFactory;

fn run_in(dir: &Path, binary: &Path, args: &[&str]) -> Output {
    Command::new(binary).args(args).current_dir(dir).output().expect("the binary runs")
}

/// Every subcommand has a description, every option and positional argument a help line,
/// and every value of an enumerated option a description of its own.
#[test]
fn every_option_has_help_text() {
    // Built: each subcommand's options are made only when it is built (`defer`).
    let mut command = boardpress_cli::Cli::command();
    command.build();
    assert!(command.find_subcommand("puzzles").is_some_and(|p| p.get_arguments().count() > 10));
    let mut missing = Vec::new();
    check_help(&command, "boardpress", &mut missing);
    assert!(missing.is_empty(), "without help text: {missing:#?}");
}

/// A subcommand's description in the list of commands (`boardpress --help`, given before
/// its options are built) is the one its own help shows (given again by its options'
/// struct, which a deferred build applies last).
#[test]
fn the_list_of_commands_and_each_command_s_help_describe_it_alike() {
    let listed = boardpress_cli::Cli::command();
    let mut built = boardpress_cli::Cli::command();
    built.build();
    for sub in listed.get_subcommands().filter(|s| s.get_name() != "help") {
        let own = built.find_subcommand(sub.get_name()).expect("built too");
        assert_eq!(
            sub.get_about().map(ToString::to_string),
            own.get_about().map(ToString::to_string),
            "boardpress {}",
            sub.get_name()
        );
    }
}

fn check_help(command: &clap::Command, path: &str, missing: &mut Vec<String>) {
    if command.get_about().is_none() {
        missing.push(format!("{path} (the command itself)"));
    }
    for arg in command.get_arguments() {
        let id = arg.get_id().as_str();
        if id == "help" || id == "version" {
            continue;
        }
        if arg.get_help().is_none() && arg.get_long_help().is_none() {
            missing.push(format!("{path} {id}"));
        }
        // Flags have no values to describe; shell names (from clap_complete) explain themselves.
        let described_values = arg.get_action().takes_values() && id != "shell";
        for value in arg.get_possible_values().into_iter().filter(|_| described_values) {
            if value.get_help().is_none() {
                missing.push(format!("{path} {id}={}", value.get_name()));
            }
        }
    }
    for sub in command.get_subcommands() {
        check_help(sub, &format!("{path} {}", sub.get_name()), missing);
    }
}

/// The help check itself catches an undocumented option (so the test above can fail).
#[test]
fn the_help_check_finds_an_undocumented_option() {
    let command = clap::Command::new("x")
        .about("x")
        .arg(clap::Arg::new("documented").long("documented").help("has help"))
        .arg(clap::Arg::new("bare").long("bare"));
    let mut missing = Vec::new();
    check_help(&command, "x", &mut missing);
    assert_eq!(missing, vec!["x bare".to_string()]);
}

#[test]
fn completions_for_every_shell_name_the_subcommands() {
    let dir = temp_dir("completions");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = String::from_utf8(ok(&dir, &["completions", shell]).stdout).unwrap();
        for word in ["puzzles", "board", "rules", "render", "completions", "difficulty", "time-limit"] {
            assert!(script.contains(word), "{shell}: {word}");
        }
        // The shells that complete values offer the tasks too.
        if ["bash", "zsh", "fish"].contains(&shell) {
            assert!(script.contains("win-in-two"), "{shell}: win-in-two");
        }
    }
    let out = run_in(&dir, Path::new(env!("CARGO_BIN_EXE_boardpress")), &["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "completions write no files");
}

#[test]
fn man_pages_cover_every_subcommand() {
    let dir = temp_dir("man");
    let main_page = String::from_utf8(ok(&dir, &["man"]).stdout).unwrap();
    assert!(main_page.starts_with(".ie") && main_page.contains(".TH boardpress 1"), "{main_page}");
    assert!(main_page.contains("puzzles") && main_page.contains("completions"));
    std::fs::create_dir(dir.join("man1")).unwrap();
    let said = String::from_utf8(ok(&dir, &["man", "--out-dir", "man1"]).stdout).unwrap();
    assert!(said.lines().count() > 10 && said.lines().all(|l| l.starts_with("wrote man1/")), "{said}");
    // Quiet: the same pages, without the "wrote" lines.
    std::fs::create_dir(dir.join("quiet")).unwrap();
    assert_eq!(ok(&dir, &["man", "--out-dir", "quiet", "-q"]).stdout, b"");
    assert_eq!(std::fs::read_dir(dir.join("quiet")).unwrap().count(), said.lines().count());
    let mut names: Vec<String> =
        std::fs::read_dir(dir.join("man1")).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    let mut expected: Vec<String> = boardpress_cli::Cli::command()
        .get_subcommands()
        .map(|s| format!("boardpress-{}.1", s.get_name()))
        .chain(["boardpress.1".to_string()])
        .collect();
    expected.sort();
    assert_eq!(names, expected);
    let puzzles = std::fs::read_to_string(dir.join("man1/boardpress-puzzles.1")).unwrap();
    assert!(puzzles.contains(".TH boardpress-puzzles 1") && puzzles.contains("time\\-limit"), "{puzzles}");
    let out = run_in(&dir, Path::new(env!("CARGO_BIN_EXE_boardpress")), &["man", "--out-dir", "nowhere"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.join("nowhere").exists());
}

/// A copy of the binary, alone in an empty folder, makes the demo pack and a rulebook:
/// templates and fonts are compiled in.
#[test]
fn the_binary_needs_nothing_from_the_repository() {
    let dir = temp_dir("standalone");
    let binary = dir.join("boardpress");
    std::fs::copy(env!("CARGO_BIN_EXE_boardpress"), &binary).unwrap();
    let work = dir.join("work");
    std::fs::create_dir(&work).unwrap();
    for args in [&["rules", "all", "--out", "all.pdf"][..], &["board", "kamon", "--seed", "s", "--out", "k.pdf"]] {
        let out = run_in(&work, &binary, args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    assert!(std::fs::read(work.join("all.pdf")).unwrap().starts_with(b"%PDF-"));
    assert!(std::fs::read(work.join("k.pdf")).unwrap().starts_with(b"%PDF-"));
}
