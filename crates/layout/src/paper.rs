//! Paper sizes.

/// A paper size, portrait, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in mm.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    /// The command-line word.
    pub fn word(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// ` --paper letter` for a recreating command; nothing for A4, the default.
    pub fn option_words(self) -> String {
        match self {
            Paper::A4 => String::new(),
            _ => crate::flags::PAPER.with(self.word()),
        }
    }

    /// Parses `a4` or `letter` (any case); the error holds the word as given.
    pub fn parse(text: &str) -> Result<Paper, UnknownPaper> {
        match text.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(UnknownPaper(text.to_string())),
        }
    }
}

/// A paper size that is neither A4 nor Letter, as given: "unknown paper size 'a5' (use a4
/// or letter)".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown paper size '{0}' (use a4 or letter)")]
pub struct UnknownPaper(pub String);
