//! What the layout refuses: a line of the user's text it cannot print, a title too long
//! for its lines even at the smallest type, more diagrams a page than keep their words
//! readable. Each is the user's input (exit status 2); the options it names stay apart
//! from its words, for each front end to write its own way ([`Words`]).

use std::fmt;

use crate::error::{Error, Words};
use crate::scene::Points;

/// Text the layout cannot set, or a request it cannot lay out readably.
#[derive(Debug, Clone, PartialEq)]
pub enum LayoutError {
    /// A line of the user's text given with `option` (a title, a seed, an author).
    Text {
        /// The option, by name (`title`).
        option: &'static str,
        /// What is wrong with the text.
        problem: TextProblem,
    },
    /// A title does not fit its lines across the page, even at the smallest size.
    TooLong {
        /// Whose title: an option of the user's or the section's own.
        field: Field,
        /// How many characters it has.
        chars: usize,
        /// How many fit.
        fit: usize,
        /// On how many lines.
        lines: usize,
        /// The smallest size tried.
        floor: Points,
    },
    /// The diagrams asked for a page would print their words too small.
    Unreadable {
        /// Diagrams a page asked for.
        asked: usize,
        /// The most that keep the words readable.
        most: usize,
        /// The smallest readable size.
        smallest: Points,
    },
}

/// What is wrong with a line of the user's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextProblem {
    /// It is empty.
    Empty,
    /// It holds this control character (a line break, a tab).
    Control(char),
    /// It is longer than the most characters it may have.
    TooLong {
        /// How many characters it has.
        chars: usize,
        /// The most it may have.
        most: usize,
    },
}

/// Whose title does not fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// A title the user gave with this option (`title`, `subtitle`).
    Option(&'static str),
    /// The section's own title.
    SectionTitle,
}

impl LayoutError {
    /// The error's words, with the options it names kept apart.
    pub fn words(&self) -> Words {
        match self {
            LayoutError::Text { option, problem } => Words::option(*option).then(match problem {
                TextProblem::Empty => " is empty".to_string(),
                TextProblem::Control(c) => format!(" holds a control character ({c:?}); give one line of text"),
                TextProblem::TooLong { chars, most } => format!(" is {chars} characters long; {most} at most"),
            }),
            LayoutError::TooLong { field, chars, fit, lines, floor } => {
                let field = match field {
                    Field::Option(name) => Words::option(*name),
                    Field::SectionTitle => Words::from("the section's title"),
                };
                // Every character would fit if a word could be cut: a word is too wide.
                field.then(if fit >= chars {
                    format!(
                        " has a word wider than a line across this page (even at {} pt); shorten or split it",
                        floor.0
                    )
                } else {
                    format!(
                        " is {chars} characters; {fit} fit on {lines} lines across this page (even at {} pt)",
                        floor.0
                    )
                })
            }
            LayoutError::Unreadable { asked, most, smallest } => Words::option(crate::flags::PUZZLES_PER_PAGE.name)
                .then(format!(
                " {asked} would print the text in these diagrams under {} pt; at most {most} a page keep it readable",
                smallest.0
            )),
        }
    }
}

impl fmt::Display for LayoutError {
    /// The words with each option in quotes (`'title' is empty`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.words().fmt(f)
    }
}

impl std::error::Error for LayoutError {}

impl From<LayoutError> for Error {
    /// Bad input (exit status 2), its options kept apart.
    fn from(e: LayoutError) -> Error {
        Error::input(e.words())
    }
}
