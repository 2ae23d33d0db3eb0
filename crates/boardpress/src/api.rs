//! The library's front: a request in, documents out (or the command that makes them).
//! It sits above the commands and the book, which share the makers of
//! [`crate::commands`].

use crate::book;
use crate::commands;
use crate::error::Result;
use crate::request::{Made, Request, Run};

/// Makes what a request asks for, in memory.
pub fn make(request: &Request, run: &Run) -> Result<Made> {
    match request {
        Request::Puzzles(r) => commands::puzzles::make(r, run),
        Request::Board(r) => commands::board::make(r),
        Request::Rules(r) => commands::rules::make(r),
        Request::Render(r) => commands::render::make(r),
        Request::Book(r) => book::make(r, run),
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
