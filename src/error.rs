//! The one error type of the library, with the exit status each kind maps to.

use std::fmt;

/// What went wrong, at the level a user cares about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The user's input (an option, an ID, a file's content) is malformed. Exit status 2.
    Input,
    /// Reading or writing a file failed. Exit status 2.
    Io,
    /// The input was fine but the work could not be done (a generator found too few
    /// puzzles, a record failed re-verification). Exit status 1.
    Failed,
}

/// An error with a one-line, human-readable message naming the problem and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The kind decides the exit status.
    pub kind: ErrorKind,
    /// One line, no trailing period needed.
    pub message: String,
}

impl Error {
    /// Bad user input.
    pub fn input(message: impl Into<String>) -> Self {
        Error { kind: ErrorKind::Input, message: message.into() }
    }
    /// A file could not be read or written.
    pub fn io(message: impl Into<String>) -> Self {
        Error { kind: ErrorKind::Io, message: message.into() }
    }
    /// The work could not be completed.
    pub fn failed(message: impl Into<String>) -> Self {
        Error { kind: ErrorKind::Failed, message: message.into() }
    }
    /// The process exit status for this error.
    pub fn exit_status(&self) -> i32 {
        match self.kind {
            ErrorKind::Input | ErrorKind::Io => 2,
            ErrorKind::Failed => 1,
        }
    }
    /// Prefixes the message with context, e.g. the file and line it came from.
    pub fn context(mut self, prefix: impl fmt::Display) -> Self {
        self.message = format!("{prefix}: {}", self.message);
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A message made safe to print as one line: line breaks and other control characters
/// (which can arrive inside quoted user input) are shown as escapes such as `\n`.
pub fn single_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}
