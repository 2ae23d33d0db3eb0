//! What goes wrong with a font program.

crate::message_error! {
    /// A font program that cannot be read or subset, and why (in the font library's words).
    FontError
}

impl FontError {
    /// The error of a font library's failure.
    pub fn of(e: impl std::fmt::Display) -> FontError {
        FontError(e.to_string())
    }
}
