//! The library's front: a request in, documents out (or the command that makes them).
//! It sits above the commands and the book, which share the commands' makers; the
//! commands are private to the library, and this module is their door.

use crate::book;
use crate::commands;
pub use crate::commands::verify::Verification;
use crate::error::Result;
use crate::game::Game;
use crate::lang::Lang;
use crate::mine::Mined;
use crate::options::GameOptions;
use crate::request::{Made, PuzzlesRequest, Request, Run};
use crate::rulebook::Source;

/// Makes what a request asks for, in memory.
pub fn make(request: &Request, run: &Run) -> Result<Made> {
    match request {
        Request::Puzzles(r) => commands::puzzles::make(r, run),
        Request::Board(r) => commands::board::make(r, run),
        Request::Rules(r) => commands::rules::make(r, run),
        Request::Render(r) => commands::render::make(r, run),
        Request::Book(r) => book::make(r, run),
    }
}

/// The report `solve` prints on a position: `game` names the game and `id` is the
/// position ID, or `game` is the ID alone (its first word names the game).
pub fn solve(game: &str, id: Option<&str>) -> Result<String> {
    commands::solve::report(game, id)
}

/// Re-checks every record of a JSON Lines puzzle file (`name` for messages, `bytes` its
/// contents) by exhaustive search, as `verify` does.
pub fn verify(name: &str, bytes: &[u8]) -> Result<Verification> {
    commands::verify::verify(name, bytes)
}

/// The tera variables every rulebook source can use, as `rules` fills them: `version`,
/// `command`, and each game's own for `options` (EL's `size`, `numbers`, …; Gosforth's
/// `target`). With [`builtin_rulebook`] and [`crate::rulebook::build`] a program builds a
/// rulebook and reads its checked figures.
pub fn rulebook_variables(options: &GameOptions, command: &str, lang: Lang) -> Result<tera::Context> {
    commands::rules::template_context(options, command, lang)
}

/// A game's built-in rulebook source in `lang`; the error names the languages it is
/// written in.
pub fn builtin_rulebook(game: &dyn Game, lang: Lang) -> Result<Source> {
    commands::rules::builtin(game, lang)
}

/// Where a document goes when no path is given: `output/{name}`.
pub fn default_path(name: &str) -> std::path::PathBuf {
    commands::default_path(name)
}

/// A puzzles request checked and planned: its default file name is known before a puzzle
/// is mined (so a front end can check where the file will go first), and it is made or
/// streamed without being planned again.
pub struct PlannedPuzzles {
    request: PuzzlesRequest,
    plan: commands::puzzles::Plan,
}

/// Checks and plans a puzzles request.
pub fn plan_puzzles(request: PuzzlesRequest) -> Result<PlannedPuzzles> {
    let plan = commands::puzzles::plan(&request)?;
    Ok(PlannedPuzzles { request, plan })
}

impl PlannedPuzzles {
    /// The default file name, without its extension.
    pub fn stem(&self) -> &str {
        &self.plan.stem
    }

    /// Makes the documents in memory (as [`make`] does).
    pub fn make(self, run: &Run) -> Result<Made> {
        commands::puzzles::make_planned(self.plan, &self.request, run)
    }

    /// Hands each JSON Lines record, in number order with its line break, to `sink` as
    /// soon as its turn comes: memory stays bounded however many are wanted.
    pub fn stream_records(&self, run: &Run, sink: &mut dyn FnMut(&[u8]) -> Result<()>) -> Result<Mined> {
        commands::puzzles::stream_records(&self.plan, &self.request, run, sink)
    }
}

/// The command that makes what a request asks for — the "recreate with:" line its
/// documents will print — with the request checked as far as it can be without making
/// anything (records and book specs are checked as they are made).
pub fn command(request: &Request) -> Result<String> {
    match request {
        Request::Puzzles(r) => Ok(commands::puzzles::plan(r)?.command),
        Request::Board(r) => commands::board::command(r),
        Request::Rules(r) => commands::rules::command(r),
        Request::Render(r) => commands::render::command(r),
        Request::Book(r) => Ok(book::command(r)),
    }
}
