//! Words for file names and commands: a file-name-safe slug of a seed or variant, and
//! quoting for the recreating command printed on every sheet.

/// File-name-safe form of a seed or params ID (letters, digits, `-`, `_`, `.`; anything
/// else becomes `-`).
pub fn slug(text: &str) -> String {
    let s: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' { c } else { '-' })
        .collect();
    if s.is_empty() {
        "seed".into()
    } else {
        s
    }
}

/// Quotes a word for a POSIX shell when it needs it.
pub fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_.,:/@+=%".contains(c));
    if safe {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_quotes() {
        assert_eq!(slug("club night/2"), "club-night-2");
        assert_eq!(slug(""), "seed");
        assert_eq!(shell_quote("club-night"), "club-night");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote(""), "''");
    }
}
