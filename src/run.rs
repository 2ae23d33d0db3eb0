//! The command-line driver: arguments → a library request → documents → files, written
//! atomically (a temporary file renamed into place), or standard output.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::drive::{asked, Asked, Files, Input, Make};
use super::progress::Bar;
use super::Command;
use crate::output::{check_destination, write_all, OutFile, StreamFile};
use boardpress::error::{Error, Result};
use boardpress::request::{BookRequest, Document, Format, Made, PuzzlesRequest, Request, RulesFormat, Run};

/// Runs one command; what it prints goes to `out`. `quiet` (`-q`) leaves out the
/// progress bar and the "wrote" lines.
pub fn run(command: Command, quiet: bool, out: &mut dyn Write) -> Result<()> {
    let say = Say { quiet };
    match asked(command, &Disk)? {
        Asked::Make(make) => make_command(*make, say, out),
        Asked::Verify { name, bytes } => verify_command(&name, &bytes, out),
        Asked::Solve { game, id } => print(out, &boardpress::api::solve(&game, id.as_deref())?),
        Asked::Terminal(command) => match *command {
            Command::Demo(a) if quiet => super::demo::run(&a.out_dir, &mut std::io::sink()),
            Command::Demo(a) => super::demo::run(&a.out_dir, out),
            Command::Completions(a) => super::manual::completions(&a, out),
            // Quiet, the pages written into a folder are not listed (a page asked for on
            // standard output is still printed).
            Command::Man(a) if quiet && a.out_dir.is_some() => super::manual::man(&a, &mut std::io::sink()),
            Command::Man(a) => super::manual::man(&a, out),
            _ => unreachable!("the driver hands back only the terminal's own commands"),
        },
    }
}

/// The files on disk, and standard input for `-` (but not for a template).
struct Disk;

impl Files for Disk {
    fn read(&self, path: &Path, what: Input) -> Result<Vec<u8>> {
        if what == Input::Template {
            return std::fs::read(path)
                .map_err(|e| Error::input(format!("cannot read template {}: {e}", path.display())));
        }
        let name = path.display().to_string();
        if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).map_err(|e| Error::io(format!("cannot read {name}: {e}")))?;
            return Ok(bytes);
        }
        if path.is_dir() {
            let kind = if what == Input::Spec { "book spec" } else { "JSON Lines file" };
            return Err(Error::io(format!("{name} is a directory, not a {kind}")));
        }
        std::fs::read(path).map_err(|e| Error::io(format!("cannot read {name}: {e}")))
    }
}

/// Makes what a command asks for and writes it where it asks.
fn make_command(make: Make, say: Say, out: &mut dyn Write) -> Result<()> {
    match make.request {
        Request::Puzzles(req) => puzzles_command(req, &make.out, &make.key, (make.jobs, make.time_limit), say, out),
        Request::Board(req) => {
            let dest = destination(&make.out, req.format == Format::Svg)?;
            write_made(boardpress::api::make(&Request::Board(req), &Run::default())?, &dest, say, out)
        }
        Request::Rules(req) => {
            let dest = destination(&make.out, req.format == RulesFormat::Svg)?;
            write_made(boardpress::api::make(&Request::Rules(req), &Run::default())?, &dest, say, out)
        }
        Request::Render(req) => {
            let dest = destination(&make.out, req.look.format == Format::Svg)?;
            key_destination(&make.key, &dest)?;
            let made = boardpress::api::make(&Request::Render(req), &Run::default())?;
            write_made_keyed(made, &dest, make.key.as_deref(), say, out)
        }
        Request::Book(req) => book_command(req, &make.out, &make.cover, make.jobs, say, out),
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
        _ => boardpress::api::default_path(&doc.name),
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
            doc.bytes.write_to(out).map_err(|e| Error::io(format!("cannot write to standard output: {e}")))?;
        }
    } else {
        // The documents' bytes move to the files: a long document is not held twice.
        let files: Vec<OutFile> =
            made.documents.into_iter().map(|d| OutFile { path: path_of(dest, &d, key), bytes: d.bytes }).collect();
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

fn puzzles_command(
    req: PuzzlesRequest,
    out_path: &Option<PathBuf>,
    key: &Option<PathBuf>,
    (jobs, time_limit): (Option<u32>, Option<std::time::Duration>),
    say: Say,
    out: &mut dyn Write,
) -> Result<()> {
    let (format, count) = (req.look.format, req.count);
    let planned = boardpress::api::plan_puzzles(req)?;
    let dest = destination(out_path, format == Format::Svg)?;
    key_destination(key, &dest)?;
    let default_path = boardpress::api::default_path(&format!("{}.{}", planned.stem(), format.extension()));
    if let Dest::Default = dest {
        // Checked before the mining starts: a long run must not fail at the end.
        check_destination(&default_path)?;
    }
    let bar = say.bar(count);
    let callback = |p| bar.as_ref().is_none_or(|b| b.update(p));
    let run = Run { jobs: jobs.unwrap_or(0) as usize, time_limit, progress: Some(&callback) };
    if format != Format::Jsonl {
        let made = planned.make(&run);
        drop(bar);
        return write_made_keyed(made?, &dest, key.as_deref(), say, out);
    }
    // JSON Lines stream to their destination as they are found: bounded memory.
    let mined = match &dest {
        Dest::Stdout => planned.stream_records(&run, &mut |line| {
            out.write_all(line).map_err(|e| Error::io(format!("cannot write to standard output: {e}")))
        })?,
        Dest::Given(_) | Dest::Default => {
            let path = match &dest {
                Dest::Given(p) => p.clone(),
                _ => default_path,
            };
            let mut file = StreamFile::create(&path)?;
            let mined = planned.stream_records(&run, &mut |line| file.write(line))?;
            if mined.found == 0 {
                return Err(mined.shortfall(time_limit).err().unwrap_or_else(|| Error::failed("no puzzle was found")));
            }
            file.commit()?;
            report_written(&[path], say, out)?;
            mined
        }
    };
    mined.shortfall(time_limit)
}

fn book_command(
    req: BookRequest,
    out_path: &Option<PathBuf>,
    cover: &Option<PathBuf>,
    jobs: Option<u32>,
    say: Say,
    out: &mut dyn Write,
) -> Result<()> {
    let dest = destination(out_path, false)?;
    let cover = match cover {
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
    let total = boardpress::book::spec::parse(&req.name, &req.text)?.sections.iter().map(|s| s.count).sum();
    let bar = say.bar(total);
    let callback = |p| bar.as_ref().is_none_or(|b| b.update(p));
    let run = Run { jobs: jobs.unwrap_or(0) as usize, time_limit: None, progress: Some(&callback) };
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
        let book = made.documents.swap_remove(0);
        let files = vec![
            OutFile { path: book_path.clone(), bytes: book.bytes },
            OutFile { path: path.clone(), bytes: doc.bytes },
        ];
        write_all(&files)?;
        return report_written(&[book_path, path], say, out);
    }
    write_made(made, &dest, say, out)
}

fn verify_command(name: &str, bytes: &[u8], out: &mut dyn Write) -> Result<()> {
    let verdict = boardpress::api::verify(name, bytes)?;
    for p in &verdict.problems {
        writeln!(out, "{}", boardpress::error::single_line(&p.to_string())).map_err(|e| Error::io(e.to_string()))?;
    }
    let summary = verdict.outcome()?;
    writeln!(out, "{summary}").map_err(|e| Error::io(e.to_string()))
}
