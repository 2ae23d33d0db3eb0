//! The command-line driver: arguments → a library request → documents → files, written
//! atomically (a temporary file renamed into place), or standard output.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::progress::Bar;
use super::{BoardArgs, BookArgs, Command, PuzzlesArgs, RenderArgs, RulesArgs, VerifyArgs};
use crate::output::{check_destination, write_all, OutFile, StreamFile};
use boardpress::commands::{self, puzzles};
use boardpress::error::{Error, Result};
use boardpress::request::{BookRequest, Document, Format, Made, Request, Run, Template};

/// Runs one command; what it prints goes to `out`. `quiet` (`-q`) leaves out the
/// progress bar and the "wrote" lines.
pub fn run(command: Command, quiet: bool, out: &mut dyn Write) -> Result<()> {
    let say = Say { quiet };
    match command {
        Command::Puzzles(a) => puzzles_command(&a, say, out),
        Command::Board(a) => board_command(&a, say, out),
        Command::Solve(a) => print(out, &commands::solve::report(&a.game, a.id.as_deref())?),
        Command::Verify(a) => verify_command(&a, out),
        Command::Rules(a) => rules_command(&a, say, out),
        Command::Render(a) => render_command(&a, say, out),
        Command::Book(a) => book_command(&a, say, out),
        Command::Demo(a) if quiet => super::demo::run(&a.out_dir, &mut std::io::sink()),
        Command::Demo(a) => super::demo::run(&a.out_dir, out),
        Command::Completions(a) => super::manual::completions(&a, out),
        Command::Man(a) => super::manual::man(&a, out),
    }
}

fn print(out: &mut dyn Write, text: &str) -> Result<()> {
    out.write_all(text.as_bytes()).map_err(|e| Error::io(format!("cannot write to standard output: {e}")))
}

/// What a command says besides its results.
#[derive(Clone, Copy)]
struct Say {
    /// `-q`: no progress bar, no "wrote" lines.
    quiet: bool,
}

impl Say {
    /// A progress bar for `total` items, unless quiet.
    fn bar(self, total: u32) -> Option<Bar> {
        (!self.quiet).then(|| Bar::start(total))
    }
}

fn report_written(paths: &[PathBuf], say: Say, out: &mut dyn Write) -> Result<()> {
    if say.quiet {
        return Ok(());
    }
    for p in paths {
        writeln!(out, "wrote {}", p.display()).map_err(|e| Error::io(e.to_string()))?;
    }
    Ok(())
}

/// Where a command's output goes.
enum Dest {
    /// Standard output (`--out -`).
    Stdout,
    /// `--out PATH`.
    Given(PathBuf),
    /// `output/…`, named by the library.
    Default,
}

/// Checks `--out` before any work is done: `-`, or a file (its folder is made if need be).
fn destination(out: &Option<PathBuf>, several_files: bool) -> Result<Dest> {
    match out {
        Some(p) if p.as_os_str() == "-" => {
            if several_files {
                return Err(Error::input("--format svg writes several files; give --out a file name, not '-'"));
            }
            Ok(Dest::Stdout)
        }
        Some(p) => {
            check_destination(p)?;
            Ok(Dest::Given(p.clone()))
        }
        None => Ok(Dest::Default),
    }
}

/// The path of one document: `--key`'s for the answer key, `--out` itself for a single
/// file, `--out`'s stem plus the part for one of several (`sheet-page2.svg`), or
/// `output/<name>`.
fn path_of(dest: &Dest, doc: &Document, key: Option<&Path>) -> PathBuf {
    match (dest, &doc.part) {
        (_, Some(part)) if part == "key" && key.is_some() => key.expect("a key path").to_path_buf(),
        (Dest::Given(p), None) => p.clone(),
        (Dest::Given(p), Some(part)) => {
            let ext = Path::new(&doc.name).extension().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
            PathBuf::from(format!("{}-{part}.{ext}", p.with_extension("").display()))
        }
        _ => commands::default_path(&doc.name),
    }
}

/// Writes what a request made, then reports a time-limit shortfall (exit status 1).
fn write_made(made: Made, dest: &Dest, say: Say, out: &mut dyn Write) -> Result<()> {
    write_made_keyed(made, dest, None, say, out)
}

/// [`write_made`], the answer key (if apart) to `key`.
fn write_made_keyed(made: Made, dest: &Dest, key: Option<&Path>, say: Say, out: &mut dyn Write) -> Result<()> {
    if let Dest::Stdout = dest {
        for doc in &made.documents {
            out.write_all(&doc.bytes).map_err(|e| Error::io(format!("cannot write to standard output: {e}")))?;
        }
    } else {
        let files: Vec<OutFile> =
            made.documents.iter().map(|d| OutFile { path: path_of(dest, d, key), bytes: d.bytes.clone() }).collect();
        if let Dest::Default = dest {
            for f in &files {
                check_destination(&f.path)?;
            }
        }
        write_all(&files)?;
        report_written(&files.into_iter().map(|f| f.path).collect::<Vec<_>>(), say, out)?;
    }
    made.shortfall.map_or(Ok(()), Err)
}

/// Checks `--key` against `--out`: the key goes to a file, beside a sheet in a file.
fn key_destination(key: &Option<PathBuf>, dest: &Dest) -> Result<()> {
    match (key, dest) {
        (Some(_), Dest::Stdout) => {
            Err(Error::input("--key writes the answers apart: give --out a file name for the sheet, not '-'"))
        }
        (Some(k), _) => check_destination(k),
        (None, _) => Ok(()),
    }
}

fn puzzles_command(a: &PuzzlesArgs, say: Say, out: &mut dyn Write) -> Result<()> {
    let req = a.request();
    let plan = puzzles::plan(&req)?;
    let dest = destination(&a.out, a.format == Format::Svg)?;
    key_destination(&a.handout.key, &dest)?;
    if let Dest::Default = dest {
        // Checked before the mining starts: a long run must not fail at the end.
        check_destination(&commands::default_path(&format!("{}.{}", plan.stem, a.format.extension())))?;
    }
    let bar = say.bar(a.count);
    let callback = |p| bar.as_ref().is_none_or(|b| b.update(p));
    let run = Run { jobs: a.jobs.unwrap_or(0) as usize, time_limit: a.time_limit, progress: Some(&callback) };
    if a.format != Format::Jsonl {
        let made = boardpress::api::make(&Request::Puzzles(req), &run);
        drop(bar);
        return write_made_keyed(made?, &dest, a.handout.key.as_deref(), say, out);
    }
    // JSON Lines stream to their destination as they are found: bounded memory.
    let mined = match &dest {
        Dest::Stdout => puzzles::stream_records(&plan, &req, &run, &mut |line| {
            out.write_all(line).map_err(|e| Error::io(format!("cannot write to standard output: {e}")))
        })?,
        Dest::Given(_) | Dest::Default => {
            let path = match &dest {
                Dest::Given(p) => p.clone(),
                _ => commands::default_path(&format!("{}.jsonl", plan.stem)),
            };
            let mut file = StreamFile::create(&path)?;
            let mined = puzzles::stream_records(&plan, &req, &run, &mut |line| file.write(line))?;
            if mined.found == 0 {
                return Err(mined
                    .shortfall(a.time_limit)
                    .err()
                    .unwrap_or_else(|| Error::failed("no puzzle was found")));
            }
            file.commit()?;
            report_written(&[path], say, out)?;
            mined
        }
    };
    mined.shortfall(a.time_limit)
}

fn board_command(a: &BoardArgs, say: Say, out: &mut dyn Write) -> Result<()> {
    let dest = destination(&a.out, a.format == Format::Svg)?;
    let made = boardpress::api::make(&Request::Board(a.request()), &Run::default())?;
    write_made(made, &dest, say, out)
}

/// Reads a file, or standard input for `-`; a folder or an unreadable file is an error
/// naming it.
fn read_input(path: &Path) -> Result<Vec<u8>> {
    let name = path.display().to_string();
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map_err(|e| Error::io(format!("cannot read {name}: {e}")))?;
        return Ok(bytes);
    }
    if path.is_dir() {
        return Err(Error::io(format!("{name} is a directory, not a JSON Lines file")));
    }
    std::fs::read(path).map_err(|e| Error::io(format!("cannot read {name}: {e}")))
}

fn rules_command(a: &RulesArgs, say: Say, out: &mut dyn Write) -> Result<()> {
    let template = match &a.template {
        None => None,
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Error::input(format!("cannot read template {}: {e}", path.display())))?;
            Some(Template { name: path.display().to_string(), text })
        }
    };
    let req = a.request(template);
    let dest = destination(&a.out, a.format == boardpress::request::RulesFormat::Svg)?;
    let made = boardpress::api::make(&Request::Rules(req), &Run::default())?;
    write_made(made, &dest, say, out)
}

fn render_command(a: &RenderArgs, say: Say, out: &mut dyn Write) -> Result<()> {
    if a.format == Format::Jsonl {
        return Err(Error::input("render writes pdf or svg"));
    }
    let bytes = read_input(&a.file)?;
    let name = a.file.display().to_string();
    let text = String::from_utf8(bytes).map_err(|e| Error::io(format!("cannot read {name}: {e}")))?;
    let dest = destination(&a.out, a.format == Format::Svg)?;
    key_destination(&a.handout.key, &dest)?;
    let req = a.request(name, text);
    let made = boardpress::api::make(&Request::Render(req), &Run::default())?;
    write_made_keyed(made, &dest, a.handout.key.as_deref(), say, out)
}

fn book_command(a: &BookArgs, say: Say, out: &mut dyn Write) -> Result<()> {
    let name = a.spec.display().to_string();
    let bytes = read_input(&a.spec)?;
    let text = String::from_utf8(bytes).map_err(|e| Error::io(format!("cannot read {name}: {e}")))?;
    let dest = destination(&a.out, false)?;
    let cover = match &a.cover {
        Some(p) if p.as_os_str() == "-" => return Err(Error::input("--cover needs a file name, not '-'")),
        Some(_) if matches!(dest, Dest::Stdout) => {
            return Err(Error::input(
                "--out - sends the book to standard output; give the book a file name to write its cover too",
            ))
        }
        Some(p) => {
            check_destination(p)?;
            Some(p.clone())
        }
        None => None,
    };
    let total = boardpress::book::spec::parse(&name, &text)?.sections.iter().map(|s| s.count).sum();
    let bar = say.bar(total);
    let callback = |p| bar.as_ref().is_none_or(|b| b.update(p));
    let run = Run { jobs: a.jobs.unwrap_or(0) as usize, time_limit: None, progress: Some(&callback) };
    let req = BookRequest { name, text, cover: cover.is_some() };
    let made = boardpress::api::make(&Request::Book(req), &run);
    drop(bar);
    let mut made = made?;
    // Notes are what the user should know (a book padded with pages): -q keeps them.
    for note in &made.notes {
        eprintln!("boardpress: note: {note}");
    }
    if let Some(path) = cover {
        // The cover goes where --cover says, written with the book.
        let doc = made.documents.pop().expect("the cover was asked for");
        let book_path = match &dest {
            Dest::Given(p) => Some(p.clone()),
            Dest::Default => Some(path_of(&dest, &made.documents[0], None)),
            Dest::Stdout => None,
        };
        if let (Dest::Default, Some(p)) = (&dest, &book_path) {
            check_destination(p)?;
        }
        let book_path = book_path.expect("not standard output");
        let files = vec![
            OutFile { path: book_path.clone(), bytes: made.documents[0].bytes.clone() },
            OutFile { path: path.clone(), bytes: doc.bytes },
        ];
        write_all(&files)?;
        return report_written(&[book_path, path], say, out);
    }
    write_made(made, &dest, say, out)
}

fn verify_command(a: &VerifyArgs, out: &mut dyn Write) -> Result<()> {
    let name = a.file.display().to_string();
    let bytes = read_input(&a.file)?;
    let verdict = commands::verify::verify(&name, &bytes)?;
    for p in &verdict.problems {
        writeln!(out, "{}", boardpress::error::single_line(&p.to_string())).map_err(|e| Error::io(e.to_string()))?;
    }
    let summary = verdict.outcome()?;
    writeln!(out, "{summary}").map_err(|e| Error::io(e.to_string()))
}
