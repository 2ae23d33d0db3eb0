//! What goes wrong with a font program.

/// A font program that cannot be read or subset, and why (in the font library's words).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FontError(pub String);

impl FontError {
    /// The error of a font library's failure.
    pub fn of(e: impl std::fmt::Display) -> FontError {
        FontError(e.to_string())
    }
}

impl std::fmt::Display for FontError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FontError {}
