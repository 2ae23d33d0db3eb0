//! What a command asks for, whatever runs it: the one reading of a parsed command line
//! into a library request ([`Asked`]), with the files it names read by the front end
//! that runs it ([`Files`]): the terminal ([`crate::run`]: files on disk, standard input)
//! or memory ([`crate::in_memory`]: files given by name, for the web page). Each front end
//! then does what only it can: the terminal checks destinations, shows progress, streams
//! JSON Lines and writes files; memory hands the documents back.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::Command;
use boardpress::error::{Error, Result};
use boardpress::request::{BookRequest, Format, Request, Template};

/// Which kind of file a command reads (the front end's words about it differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// A rulebook template (`rules --template`).
    Template,
    /// JSON Lines records (`render`, `verify`).
    Records,
    /// A book spec (`book`).
    Spec,
}

/// Where the files a command names come from.
pub trait Files {
    /// The bytes of the file a command names, or an error naming it.
    fn read(&self, path: &Path, what: Input) -> Result<Vec<u8>>;
}

/// Documents a command makes, and where it was asked to put them.
#[derive(Debug)]
pub struct Make {
    /// The library request.
    pub request: Request,
    /// `--out`: a file, `-` for standard output, or the default (`output/…`).
    pub out: Option<PathBuf>,
    /// `--key`: the answer key's own file.
    pub key: Option<PathBuf>,
    /// `--cover`: the book's cover's file.
    pub cover: Option<PathBuf>,
    /// `--jobs`.
    pub jobs: Option<u32>,
    /// `--time-limit`.
    pub time_limit: Option<Duration>,
}

/// What a command asks for.
#[derive(Debug)]
pub enum Asked {
    /// Documents.
    Make(Box<Make>),
    /// `verify FILE`: the verdict on its records.
    Verify {
        /// The file's name as given.
        name: String,
        /// Its bytes.
        bytes: Vec<u8>,
    },
    /// `solve GAME ID`: the analysis.
    Solve {
        /// The game's word.
        game: String,
        /// The position ID (none: the game's start).
        id: Option<String>,
    },
    /// `demo`, `completions`, `man`: they write files or concern a terminal.
    Terminal(Box<Command>),
}

/// Reads a parsed command into what it asks for; `files` gives the files it names.
pub fn asked(command: Command, files: &dyn Files) -> Result<Asked> {
    let text = |path: &Path, what: Input| -> Result<String> {
        let bytes = files.read(path, what)?;
        let kind = if what == Input::Template { "template " } else { "" };
        String::from_utf8(bytes).map_err(|e| Error::io(format!("cannot read {kind}{}: {e}", path.display())))
    };
    let make = |request, out: &Option<PathBuf>, key: &Option<PathBuf>| Make {
        request,
        out: out.clone(),
        key: key.clone(),
        cover: None,
        jobs: None,
        time_limit: None,
    };
    let made = match command {
        Command::Puzzles(a) => {
            no_time_limit(a.time_limit)?;
            Make {
                jobs: a.jobs,
                time_limit: a.time_limit,
                ..make(Request::Puzzles(a.request()), &a.out, &a.handout.key)
            }
        }
        Command::Board(a) => make(Request::Board(a.request()), &a.out, &None),
        Command::Rules(a) => {
            let template = match &a.template {
                Some(path) => Some(Template { name: path.display().to_string(), text: text(path, Input::Template)? }),
                None => None,
            };
            make(Request::Rules(a.request(template)), &a.out, &None)
        }
        Command::Render(a) => {
            if a.format == Format::Jsonl {
                return Err(Error::input("render writes pdf or svg"));
            }
            let records = text(&a.file, Input::Records)?;
            make(Request::Render(a.request(a.file.display().to_string(), records)), &a.out, &a.handout.key)
        }
        Command::Book(a) => {
            let request = BookRequest {
                name: a.spec.display().to_string(),
                text: text(&a.spec, Input::Spec)?,
                cover: a.cover.is_some(),
            };
            Make { cover: a.cover.clone(), jobs: a.jobs, ..make(Request::Book(request), &a.out, &None) }
        }
        Command::Verify(a) => {
            return Ok(Asked::Verify {
                name: a.file.display().to_string(),
                bytes: files.read(&a.file, Input::Records)?,
            })
        }
        Command::Solve(a) => return Ok(Asked::Solve { game: a.game, id: a.id }),
        command @ (Command::Demo(_) | Command::Completions(_) | Command::Man(_)) => {
            return Ok(Asked::Terminal(Box::new(command)))
        }
    };
    Ok(Asked::Make(Box::new(made)))
}

/// `--time-limit` needs a clock, which the web page's WebAssembly has not.
fn no_time_limit(limit: Option<Duration>) -> Result<()> {
    if limit.is_some() && cfg!(target_family = "wasm") {
        return Err(Error::input(
            "--time-limit is not kept here (there is no clock to stop by); cancel the run instead",
        ));
    }
    Ok(())
}
