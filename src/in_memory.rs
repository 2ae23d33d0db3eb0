//! A command line run in memory: the words of `boardpress …` as a terminal would take
//! them, the input files given as bytes, and what the command makes handed back instead
//! of written — the documents, and the text it would print. The web page runs this, so
//! a sheet made in a browser is byte for byte the sheet the same command makes on a
//! terminal, and the command it shows is the one printed in the sheet's footer.

use std::collections::BTreeMap;
use std::path::Path;

use clap::Parser;

use super::drive::{asked, Asked, Files, Input};
use super::usage::Turned;
use super::Cli;
use boardpress::error::{Error, Result};
use boardpress::request::{Document, Made, Run};

/// What a command line made: documents, or printed text (`verify`, `solve`, `--help`),
/// or both.
#[derive(Debug, Clone)]
pub struct Ran {
    /// The documents, named as the command would name its files (`--out` and `--cover`
    /// give the names of theirs). Its command is the one the documents print; a book's
    /// adds the `--cover` that also made the cover.
    pub made: Option<Made>,
    /// What the command prints on standard output.
    pub printed: String,
}

/// What a command line asks for: what the driver reads it into, or text to print
/// (`--help`, `--version`).
enum Said {
    /// What the command asks for.
    Asked(Asked),
    /// `--help` or `--version`: their text.
    Print(String),
}

/// The files of a run in memory, by the names the command gives them.
struct Given<'a>(&'a BTreeMap<String, Vec<u8>>);

impl Files for Given<'_> {
    fn read(&self, path: &Path, _what: Input) -> Result<Vec<u8>> {
        let name = path.display().to_string();
        if name == "-" {
            return Err(Error::input("standard input ('-') cannot be read here; give the file itself"));
        }
        self.0.get(&name).cloned().ok_or_else(|| Error::io(format!("cannot read {name}: no file of that name")))
    }
}

/// No files: what a command asks for, without reading them (for its recreating line).
struct Unread;

impl Files for Unread {
    fn read(&self, _path: &Path, _what: Input) -> Result<Vec<u8>> {
        Ok(Vec::new())
    }
}

/// Parses the words (a leading `boardpress` is skipped) into what they ask for.
fn said(words: &[String], files: &dyn Files) -> Result<Said> {
    let words = match words.first() {
        Some(w) if w == "boardpress" => &words[1..],
        _ => words,
    };
    if words.is_empty() {
        return Err(Error::input("no command given: try puzzles, board, rules, render, verify, solve or book"));
    }
    let cli = match Cli::try_parse_from(std::iter::once("boardpress").chain(words.iter().map(String::as_str))) {
        Ok(cli) => cli,
        Err(e) => return usage(e, words).map(Said::Print),
    };
    match asked(cli.command, files)? {
        Asked::Terminal(_) => {
            Err(Error::input(format!("'{}' works on a terminal only (it writes files there)", words[0])))
        }
        asked => Ok(Said::Asked(asked)),
    }
}

/// The command that makes what the words ask for, checked as far as it can be without
/// making anything: the "recreate with:" line the documents will print (for `verify`
/// and `solve`, the words themselves, quoted). The files named need not be given.
pub fn command(words: &[String]) -> Result<String> {
    match said(words, &Unread)? {
        // A book's cover is made by the same command; the book itself prints the
        // command without it (the cover is not part of the book).
        Said::Asked(Asked::Make(make)) => {
            Ok(boardpress::api::command(&make.request)? + &make.cover.as_deref().map(cover_words).unwrap_or_default())
        }
        Said::Asked(_) | Said::Print(_) => {
            let words = match words.first() {
                Some(w) if w == "boardpress" => &words[1..],
                _ => words,
            };
            let quoted: Vec<String> = words.iter().map(|w| boardpress::names::shell_quote(w)).collect();
            Ok(format!("boardpress {}", quoted.join(" ")))
        }
    }
}

/// Runs the words of a command line (without the program's name; a leading `boardpress`
/// is skipped) on the files given by name. Nothing is read or written outside memory:
/// `demo`, `completions` and `man`, which write files or concern a terminal, are refused,
/// and so is `--time-limit` (cancel the run instead) and standard input (`-`).
pub fn run(words: &[String], files: &BTreeMap<String, Vec<u8>>, run: &Run) -> Result<Ran> {
    let asked = match said(words, &Given(files))? {
        Said::Asked(asked) => asked,
        Said::Print(text) => return Ok(Ran { made: None, printed: text }),
    };
    match asked {
        Asked::Make(make) => {
            let mut made = boardpress::api::make(&make.request, run)?;
            if let Some(out) = &make.out {
                rename(&mut made.documents, out)?;
            }
            if let (Some(cover), Some(doc)) = (&make.cover, made.documents.get_mut(1)) {
                doc.name = file_name(cover)?;
                made.command += &cover_words(cover);
            }
            Ok(Ran { made: Some(made), printed: String::new() })
        }
        Asked::Verify { name, bytes } => {
            let verdict = boardpress::api::verify(&name, &bytes)?;
            let mut printed = String::new();
            for p in &verdict.problems {
                printed += &boardpress::error::single_line(&p.to_string());
                printed.push('\n');
            }
            // A file with problems is a failure of the command (exit status 1), but its
            // verdict per line is what the user came for: it is printed either way.
            match verdict.outcome() {
                Ok(summary) => printed += &format!("{summary}\n"),
                Err(e) => printed += &format!("boardpress: error: {}\n", crate::error_words(&e)),
            }
            Ok(Ran { made: None, printed })
        }
        Asked::Solve { game, id } => Ok(Ran { made: None, printed: boardpress::api::solve(&game, id.as_deref())? }),
        Asked::Terminal(_) => unreachable!("refused by `said`"),
    }
}

/// A command line clap turned down, as one message (exit status 2); `--help` and
/// `--version` are printed text instead.
fn usage(e: clap::Error, words: &[String]) -> Result<String> {
    match crate::usage::turned(&e, words) {
        Turned::Asked(text) => Ok(text),
        Turned::Incomplete { line, .. } => Err(Error::input(line)),
        Turned::Mistake { line, option, .. } => Err(Error::input(Turned::words(&line, option.as_deref()))),
    }
}

/// ` --cover PATH`, quoted for a shell.
fn cover_words(cover: &Path) -> String {
    format!(" --cover {}", boardpress::names::shell_quote(&cover.display().to_string()))
}

/// The last part of a path given with `--out` or `--cover`.
fn file_name(path: &Path) -> Result<String> {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| Error::input(format!("{} is not a file name", path.display())))
}

/// Names the documents after `--out`, as the command names its files: the name itself
/// for one document, its stem and each part (`sheet-page2.svg`) for several.
fn rename(documents: &mut [Document], out: &Path) -> Result<()> {
    if out.as_os_str() == "-" {
        return Ok(());
    }
    let name = file_name(out)?;
    // The cover and the key are named by their own options.
    for doc in documents.iter_mut().filter(|d| !matches!(d.part.as_deref(), Some("cover" | "key"))) {
        doc.name = match &doc.part {
            None => name.clone(),
            Some(part) => {
                let ext =
                    Path::new(&doc.name).extension().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
                let stem = Path::new(&name).with_extension("");
                format!("{}-{part}.{ext}", stem.display())
            }
        };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        boardpress::names::shell_split(line).unwrap()
    }

    #[test]
    fn a_command_line_makes_what_the_library_makes() {
        let ran = run(&words("boardpress board el --paper letter"), &BTreeMap::new(), &Run::default()).unwrap();
        let made = ran.made.unwrap();
        let mut req = boardpress::BoardRequest::new("el");
        req.paper = boardpress::Paper::Letter;
        let direct = boardpress::api::make(&boardpress::Request::Board(req), &Run::default()).unwrap();
        assert_eq!(made.documents, direct.documents);
        assert_eq!(made.command, "boardpress board el --paper letter");
        assert!(made.first_page.is_some());
    }

    #[test]
    fn files_come_by_name_and_bad_lines_say_what_is_wrong() {
        let mut files = BTreeMap::new();
        let jsonl = run(&words("puzzles el --count 2 --seed t --format jsonl"), &files, &Run::default()).unwrap();
        let made = jsonl.made.unwrap();
        assert_eq!(made.command, "boardpress puzzles el --count 2 --seed t --format jsonl");
        files.insert("mined.jsonl".to_string(), made.documents[0].bytes.to_vec());
        let verdict = run(&words("verify mined.jsonl"), &files, &Run::default()).unwrap();
        assert_eq!(verdict.printed, "2 records in mined.jsonl: all verified by exhaustive search\n");
        let sheet = run(&words("render mined.jsonl --out 'my sheet.pdf'"), &files, &Run::default()).unwrap();
        assert_eq!(sheet.made.unwrap().documents[0].name, "my sheet.pdf");

        let error = |line: &str| run(&words(line), &files, &Run::default()).unwrap_err();
        let said = |e: &Error| crate::error_words(e);
        let e = error("puzzles el --colour red");
        assert!(said(&e).starts_with("unexpected argument '--colour' found"), "{}", said(&e));
        assert_eq!(e.exit_status(), 2);
        assert_eq!(
            said(&error("puzzles el --count 0")),
            "invalid value '0' for '--count': between 1 and 10,000 (for more, run in parts with --first)"
        );
        assert_eq!(said(&error("render other.jsonl")), "cannot read other.jsonl: no file of that name");
        assert!(said(&error("demo")).contains("terminal only"));
        assert!(said(&error("")).starts_with("no command given"));
        assert_eq!(
            command(&words(
                "boardpress puzzles el --format svg --paper letter --seed 'a b' --task win-in-two --size 6"
            ))
            .unwrap(),
            "boardpress puzzles el --count 12 --seed 'a b' --paper letter --task win-in-two --format svg"
        );
        assert_eq!(command(&words("verify 'my file.jsonl'")).unwrap(), "boardpress verify 'my file.jsonl'");
        assert!(command(&words("board kamon --per-page 2"))
            .unwrap_err()
            .words
            .naming(&|n| format!("--{n}"))
            .contains("--per-page is for"));
        let help = run(&words("puzzles --help"), &files, &Run::default()).unwrap();
        assert!(help.printed.contains("--difficulty"));
    }
}
