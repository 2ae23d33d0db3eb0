//! What a rulebook source can be refused for, and where: its template (tera), a fence
//! for no game, a diagram whose claims its game's engine does not hold, a title or a
//! table cell longer than its page holds, a table wider than its page, or nothing to
//! print. Each is the author's
//! input (exit status 2).

use std::fmt;

use crate::blocks::UnknownFence;
use crate::error::Error;
use crate::fence::FenceError;

/// A rulebook source that cannot be built: the file and what is wrong in it.
#[derive(Debug, Clone, PartialEq)]
pub struct RulebookError {
    /// The source's name (`el.md`, the user's template).
    pub file: String,
    /// What is wrong, and where in the file.
    pub problem: RulebookProblem,
}

/// What is wrong with a rulebook source.
#[derive(Debug, Clone, PartialEq)]
pub enum RulebookProblem {
    /// The template does not run: tera's first line of its message, and the line it
    /// names when it names one.
    Template {
        /// The line of the source, if tera says.
        line: Option<usize>,
        /// tera's message.
        message: String,
    },
    /// A fenced block names no game the rulebook knows.
    UnknownFence(UnknownFence),
    /// A diagram cannot be drawn: an entry it cannot read, or a claim its engine denies.
    Fence(FenceError),
    /// The source holds nothing to print: no heading, text or diagram (it is empty, or
    /// all white space and comments).
    Empty,
    /// A table cell longer than a cell holds.
    CellTooLong {
        /// The longest cell's length in characters.
        length: usize,
        /// The most a cell holds.
        most: usize,
    },
    /// A heading longer than a heading holds.
    HeadingTooLong {
        /// Its length in characters.
        length: usize,
        /// The most a heading holds.
        most: usize,
        /// Its first words, to find it by.
        begins: String,
    },
    /// A table with more columns than its page holds, even at one letter a column.
    TableTooWide(crate::typeset::TableTooWide),
    /// A table with a row taller than its page.
    RowTooTall(crate::typeset::RowTooTall),
    /// A title, subtitle or credit longer than a title page holds.
    TooLong {
        /// Which: `title`, `subtitle` or `credit`.
        field: &'static str,
        /// Its length in characters.
        length: usize,
        /// The most a title page holds.
        most: usize,
    },
}

impl fmt::Display for RulebookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = &self.file;
        match &self.problem {
            RulebookProblem::Template { line: Some(line), message } => {
                write!(f, "{file}, line {line}: template error: {message}")
            }
            RulebookProblem::Template { line: None, message } => write!(f, "{file}: template error: {message}"),
            RulebookProblem::UnknownFence(e) => write!(f, "{file}, {e}"),
            RulebookProblem::Fence(e) => write!(f, "{file}, {e}"),
            RulebookProblem::TooLong { field, length, most } => {
                write!(f, "{file}: the {field} is {length} characters; a title page holds {most}")
            }
            RulebookProblem::CellTooLong { length, most } => {
                write!(
                    f,
                    "{file}: a table cell is {length} characters; a cell holds {most} (write long text as paragraphs)"
                )
            }
            RulebookProblem::TableTooWide(t) => {
                let first = t.first.chars().take(40).collect::<String>();
                write!(
                    f,
                    "{file}: the table that begins '{first}' has {} columns, which need {:.0} mm at one letter a column; its page holds {:.0} mm (split it into narrower tables)",
                    t.columns, t.needs, t.room
                )
            }
            RulebookProblem::HeadingTooLong { length, most, begins } => {
                write!(
                    f,
                    "{file}: the heading that begins '{begins}' is {length} characters; a heading holds {most} (a line of '---' or '===' right under a paragraph makes the paragraph a heading: leave a blank line above it)"
                )
            }
            RulebookProblem::RowTooTall(t) => {
                let first = t.first.chars().take(40).collect::<String>();
                let cell = t.cell.chars().take(40).collect::<String>();
                write!(
                    f,
                    "{file}: the table that begins '{first}' has a row {:.0} mm tall, by its cell '{cell}'; its page holds {:.0} mm (shorten the cell, or give its column more room)",
                    t.height, t.room
                )
            }
            RulebookProblem::Empty => {
                write!(f, "{file}: nothing to print: write a title ('# Rules of my game') and the rules under it")
            }
        }
    }
}

impl std::error::Error for RulebookError {}

impl From<RulebookError> for Error {
    /// The author's input (exit status 2).
    fn from(e: RulebookError) -> Error {
        Error::input(e.to_string())
    }
}

impl From<crate::typeset::TableRefused> for RulebookProblem {
    fn from(refused: crate::typeset::TableRefused) -> Self {
        match refused {
            crate::typeset::TableRefused::TooWide(t) => RulebookProblem::TableTooWide(t),
            crate::typeset::TableRefused::RowTooTall(t) => RulebookProblem::RowTooTall(t),
        }
    }
}
