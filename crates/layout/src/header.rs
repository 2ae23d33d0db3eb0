//! The user's own heading of a worksheet or board page, and the check of every line of
//! text a user gives for printing.

use crate::flags;
use crate::refusal::{LayoutError, TextProblem};

/// A worksheet's own heading, on every page of a sheet or board: the user's title and
/// subtitle, and a "Name ____ Date ____" line on the pages a pupil writes on.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Header {
    /// A title of the user's, above the sheet's own.
    pub title: Option<String>,
    /// A line under the title.
    pub subtitle: Option<String>,
    /// A line for the pupil's name and the date.
    pub name_line: bool,
    /// Who made the document: not printed, written into the PDF's metadata (its author).
    pub author: Option<String>,
}

impl Header {
    /// Whether there is nothing to print (the author is not printed).
    pub fn is_empty(&self) -> bool {
        self.title.is_none() && self.subtitle.is_none() && !self.name_line
    }

    /// Checks the texts (printable, one line, at most 100 characters).
    pub fn check(&self) -> Result<(), LayoutError> {
        check_line(flags::AUTHOR.name, self.author.as_deref())?;
        check_line(flags::TITLE.name, self.title.as_deref())?;
        check_line(flags::SUBTITLE.name, self.subtitle.as_deref())
    }

    /// The options that print this header, for a recreating command.
    pub fn words(&self) -> String {
        let mut w = String::new();
        if let Some(t) = &self.title {
            w += &flags::TITLE.with(t);
        }
        if let Some(t) = &self.subtitle {
            w += &flags::SUBTITLE.with(t);
        }
        if self.name_line {
            w += &flags::NAME_LINE.alone();
        }
        if let Some(a) = &self.author {
            w += &flags::AUTHOR.with(a);
        }
        w
    }
}

/// Checks a seed given with `--seed`: one line of at most `SEED_MAX` (150) characters (it
/// is printed whole in every footer; an empty seed is a seed too).
pub fn check_seed(seed: &str) -> Result<(), LayoutError> {
    if seed.is_empty() {
        return Ok(());
    }
    check_text(flags::PUZZLES_SEED.name, Some(seed), SEED_MAX)
}

/// The longest seed: it prints whole in every footer, and on the narrowest paper a
/// longer run of letters without a break would not fit the line.
pub(crate) const SEED_MAX: usize = 150;

/// Checks one line of the user's text given with the option `option` (printable, one
/// line, at most 100 characters).
pub fn check_line(option: &'static str, text: Option<&str>) -> Result<(), LayoutError> {
    check_text(option, text, 100)
}

/// [`check_line`] with `most` characters at most.
fn check_text(option: &'static str, text: Option<&str>, most: usize) -> Result<(), LayoutError> {
    let Some(t) = text else { return Ok(()) };
    let bad = |problem| Err(LayoutError::Text { option, problem });
    if t.trim().is_empty() {
        return bad(TextProblem::Empty);
    }
    if let Some(c) = t.chars().find(|c| c.is_control()) {
        return bad(TextProblem::Control(c));
    }
    let chars = t.chars().count();
    if chars > most {
        return bad(TextProblem::TooLong { chars, most });
    }
    Ok(())
}
