//! The errors of the library: [`Error`] with the exit status each kind maps to, and the
//! typed errors of the two parsers users feed by hand, position IDs ([`IdError`]) and
//! JSON Lines records ([`RecordError`]).

use std::borrow::Cow;
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

/// A piece of an error's words: text, or one of a request's options by name
/// (`count`, `per-page`), which each front end names its own way (the command line
/// `--count`, a book spec `'count'`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// Words as they are.
    Text(String),
    /// An option, by its name without dashes.
    Option(Cow<'static, str>),
    /// An option set to a value (`difficulty` `medium`), or a switch turned on (no
    /// value: `consecutive`): what a user would write to follow the advice.
    Setting(Cow<'static, str>, Option<String>),
}

/// An error's words: text with the options it names kept apart, so that the library
/// never writes a command-line flag and each front end writes the option as its user
/// knows it ([`Words::naming`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Words(Vec<Said>);

impl Words {
    /// Words that begin with the option `name` (`count`).
    pub fn option(name: impl Into<Cow<'static, str>>) -> Self {
        Words(vec![Said::Option(name.into())])
    }

    /// These words followed by `text`.
    pub fn then(mut self, text: impl Into<String>) -> Self {
        self.0.push(Said::Text(text.into()));
        self
    }

    /// These words followed by the option `name`.
    pub fn then_option(mut self, name: impl Into<Cow<'static, str>>) -> Self {
        self.0.push(Said::Option(name.into()));
        self
    }

    /// These words followed by the option `name` set to `value` (`None`: a switch
    /// turned on).
    pub fn then_setting(mut self, name: impl Into<Cow<'static, str>>, value: Option<&str>) -> Self {
        self.0.push(Said::Setting(name.into(), value.map(str::to_string)));
        self
    }

    /// These words followed by `more`.
    pub fn and(mut self, more: Words) -> Self {
        self.0.extend(more.0);
        self
    }

    /// The words, each option written by `name` (`|n| format!("--{n}")`) and a setting
    /// as the option and its value after a space (`--difficulty medium`).
    pub fn naming(&self, name: &dyn Fn(&str) -> String) -> String {
        self.rendered(name, &|option, value| match value {
            Some(value) => format!("{} {value}", name(option)),
            None => name(option),
        })
    }

    /// The words, each option written by `name` and each setting by `setting` (a book
    /// spec writes `'difficulty = "medium"'`).
    pub fn rendered(&self, name: &dyn Fn(&str) -> String, setting: &dyn Fn(&str, Option<&str>) -> String) -> String {
        self.0
            .iter()
            .map(|piece| match piece {
                Said::Text(t) => t.clone(),
                Said::Option(o) => name(o),
                Said::Setting(o, value) => setting(o, value.as_deref()),
            })
            .collect()
    }

    /// The options named (alone or set to a value), in order.
    pub fn options(&self) -> impl Iterator<Item = &str> {
        self.0.iter().filter_map(|piece| match piece {
            Said::Option(o) | Said::Setting(o, _) => Some(o.as_ref()),
            Said::Text(_) => None,
        })
    }
}

impl From<String> for Words {
    fn from(text: String) -> Self {
        Words(vec![Said::Text(text)])
    }
}

impl From<&str> for Words {
    fn from(text: &str) -> Self {
        Words(vec![Said::Text(text.to_string())])
    }
}

impl fmt::Display for Words {
    /// The words with each option in quotes (`'count'`), as the library's own users
    /// read them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.naming(&|name| format!("'{name}'")))
    }
}

/// An error with a one-line, human-readable message naming the problem and where it is.
/// The options it names are kept apart from its text ([`Words`]); `Display` quotes them
/// (`'count' must be 1 to 1000`), and each front end writes them its own way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The kind decides the exit status.
    pub kind: ErrorKind,
    /// What went wrong: one line, no trailing period needed.
    pub words: Words,
}

impl Error {
    /// Bad user input.
    pub fn input(words: impl Into<Words>) -> Self {
        Error { kind: ErrorKind::Input, words: words.into() }
    }
    /// A file could not be read or written.
    pub fn io(words: impl Into<Words>) -> Self {
        Error { kind: ErrorKind::Io, words: words.into() }
    }
    /// The work could not be completed.
    pub fn failed(words: impl Into<Words>) -> Self {
        Error { kind: ErrorKind::Failed, words: words.into() }
    }
    /// The process exit status for this error.
    pub fn exit_status(&self) -> i32 {
        match self.kind {
            ErrorKind::Input | ErrorKind::Io => 2,
            ErrorKind::Failed => 1,
        }
    }
    /// The message as the library's own users read it (options in quotes: `'count'`).
    pub fn message(&self) -> String {
        self.words.to_string()
    }
    /// Prefixes the message with context, e.g. the file and line it came from.
    pub fn context(mut self, prefix: impl fmt::Display) -> Self {
        self.words.0.insert(0, Said::Text(format!("{prefix}: ")));
        self
    }
    /// Adds words at the end of the message ("; nothing was printed").
    pub fn followed_by(mut self, text: impl Into<String>) -> Self {
        self.words.0.push(Said::Text(text.into()));
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.words.fmt(f)
    }
}

impl std::error::Error for Error {}

/// Which part of a position ID an [`IdError`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdPart {
    /// The ID as a whole: its game prefix or its number of `:`-separated parts.
    Shape,
    /// The variant part (EL's `6x6,n8`).
    Params,
    /// The board (a rank, a row or a cell of it).
    Board,
    /// Kamon's constraint (the last covered token).
    Constraint,
    /// SIX's hands, Gosforth's scores, stage, last slid piece, target or ply count.
    State,
    /// The side to move.
    ToMove,
    /// The position as a whole: it cannot arise in a game (move counts, turn order, a
    /// game already won, an impossible score).
    Position,
}

/// A rejected position ID: which part is wrong and a message saying what and where
/// (the cell, rank or field at fault).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdError {
    /// The part of the ID at fault.
    pub part: IdPart,
    /// One line naming the problem and where it is, e.g. `in the board: cell a6: unexpected 'ü'`.
    pub message: String,
}

impl IdError {
    /// An error about one part of an ID.
    pub fn new(part: IdPart, message: impl Into<String>) -> Self {
        IdError { part, message: message.into() }
    }
}

/// Splits a position ID into its `:`-separated parts, checked: as many as `counts`
/// allows, the first the game's `word`. `has` says what the ID has, for the message
/// when the count is wrong ("a Kamon position ID has four parts separated by ':'
/// (kamon:BOARD:CONSTRAINT:TO-MOVE)"; ", found N" is added).
pub fn id_parts<'a>(id: &'a str, word: &str, counts: &[usize], has: &str) -> Result<Vec<&'a str>, IdError> {
    let parts: Vec<&str> = id.trim().split(':').collect();
    if !counts.contains(&parts.len()) {
        return Err(IdError::new(IdPart::Shape, format!("{has}, found {}", parts.len())));
    }
    if parts[0] != word {
        return Err(IdError::new(IdPart::Shape, format!("position ID starts with '{}', expected '{word}'", parts[0])));
    }
    Ok(parts)
}

/// Checks that side `to_move` (0 or 1) is the side whose turn it is when the first
/// side has moved `first` times and the second `second` times, turns alternating
/// from the first. `sides` are the two sides as the messages name them, `counted`
/// what was counted ("3 red and 2 black placements").
pub fn check_turn(first: usize, second: usize, to_move: u8, sides: [&str; 2], counted: &str) -> Result<(), IdError> {
    let expected = match first.checked_sub(second) {
        Some(0) => 0,
        Some(1) => 1,
        _ => {
            let message = format!("{counted} cannot arise: turns alternate from {}", sides[0]);
            return Err(IdError::new(IdPart::Position, message));
        }
    };
    if to_move != expected {
        let (given, due) = (sides[to_move as usize], sides[expected as usize]);
        let message = format!("{given} is given to move, but with {counted} it is {due}'s turn");
        return Err(IdError::new(IdPart::Position, message));
    }
    Ok(())
}

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for IdError {}

impl From<IdError> for Error {
    fn from(e: IdError) -> Self {
        Error::input(format!("position ID: {e}"))
    }
}

/// What is wrong with a JSON Lines record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordProblem {
    /// Not a record at all: not JSON, not an object, a field missing or of the wrong
    /// type, an unknown game or task. Bad input (exit status 2).
    Malformed(String),
    /// A well-formed record whose claims are false (a wrong solution, figure or grade,
    /// an impossible position). A failed verification (exit status 1).
    False(String),
}

impl RecordProblem {
    /// The message.
    pub fn message(&self) -> &str {
        match self {
            RecordProblem::Malformed(m) | RecordProblem::False(m) => m,
        }
    }
}

/// A problem with one record, and where it is (`file:line`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// `file:line` of the record.
    pub at: String,
    /// What is wrong.
    pub problem: RecordProblem,
}

impl RecordError {
    /// Whether the record is malformed (rather than false).
    pub fn is_malformed(&self) -> bool {
        matches!(self.problem, RecordProblem::Malformed(_))
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.problem.message())
    }
}

impl std::error::Error for RecordError {}

impl From<RecordError> for Error {
    fn from(e: RecordError) -> Self {
        let message = single_line(&e.to_string());
        match e.problem {
            RecordProblem::Malformed(_) => Error::input(message),
            RecordProblem::False(_) => Error::failed(message),
        }
    }
}

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

/// Declares an error that is one message ("c3 is taken"): `pub struct $name(pub
/// String)`, whose `Display` is the message, with `Error` and `From<&str>` and
/// `From<String>`.
#[macro_export]
macro_rules! message_error {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub struct $name(pub String);

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl ::std::error::Error for $name {}

        impl ::std::convert::From<&str> for $name {
            fn from(why: &str) -> $name {
                $name(why.to_string())
            }
        }

        impl ::std::convert::From<::std::string::String> for $name {
            fn from(why: ::std::string::String) -> $name {
                $name(why)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each front end writes an option and a setting its own way; the options named are
    /// the same for all.
    #[test]
    fn words_keep_options_and_settings_apart_from_the_text() {
        let words = Words::from("use ")
            .then_setting("difficulty", Some("medium"))
            .then(", ")
            .then_setting("consecutive", None)
            .then(" or drop ")
            .then_option("players");
        assert_eq!(words.to_string(), "use 'difficulty' medium, 'consecutive' or drop 'players'");
        assert_eq!(words.naming(&|n| format!("--{n}")), "use --difficulty medium, --consecutive or drop --players");
        let spec = words.rendered(&|n| format!("<{n}>"), &|n, v| format!("{n}={}", v.unwrap_or("on")));
        assert_eq!(spec, "use difficulty=medium, consecutive=on or drop <players>");
        assert_eq!(words.options().collect::<Vec<_>>(), ["difficulty", "consecutive", "players"]);
    }

    /// The side to move follows from the counts; other counts and the wrong side are
    /// refused with a message that says why.
    #[test]
    fn check_turn_follows_the_counts() {
        let sides = ["Red", "Black"];
        assert_eq!(check_turn(3, 3, 0, sides, "3 and 3"), Ok(()));
        assert_eq!(check_turn(4, 3, 1, sides, "4 and 3"), Ok(()));
        let wrong = check_turn(4, 3, 0, sides, "4 red and 3 black").unwrap_err();
        assert_eq!(wrong.message, "Red is given to move, but with 4 red and 3 black it is Black's turn");
        for (first, second) in [(5, 3), (2, 3)] {
            let e = check_turn(first, second, 0, sides, "these counts").unwrap_err();
            assert_eq!(
                (e.part, e.message.as_str()),
                (IdPart::Position, "these counts cannot arise: turns alternate from Red")
            );
        }
    }
}
