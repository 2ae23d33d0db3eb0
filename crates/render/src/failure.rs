//! What writing a document can fail on: a character no bundled font draws, a date the
//! file cannot carry (the user's input, exit status 2), or the writer itself failing
//! (exit status 1).

use std::fmt;

use crate::error::Error;

/// Why a document could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// The user's text holds a character the bundled fonts do not draw.
    MissingGlyph {
        /// The text it stands in.
        text: String,
        /// The character.
        character: char,
    },
    /// The file's date: `SOURCE_DATE_EPOCH` unreadable or out of range, or a PDF/X
    /// file without one; the words say which.
    Date(String),
    /// The writer failed (a font that cannot be embedded, a structure it cannot write):
    /// the words say what it was doing.
    Failed(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::MissingGlyph { text, character } => write!(
                f,
                "“{text}” has ‘{character}’ (U+{:04X}), which the bundled fonts do not draw ({}): write it otherwise",
                *character as u32,
                crate::fonts::web::COVERAGE
            ),
            RenderError::Date(words) | RenderError::Failed(words) => f.write_str(words),
        }
    }
}

impl std::error::Error for RenderError {}

impl From<RenderError> for Error {
    /// A missing glyph or a bad date is the user's input (exit status 2); a failure of
    /// the writer is not (1).
    fn from(e: RenderError) -> Error {
        match e {
            RenderError::Failed(_) => Error::failed(e.to_string()),
            _ => Error::input(e.to_string()),
        }
    }
}

/// The render crate's result type.
pub type Result<T, E = RenderError> = std::result::Result<T, E>;
