//! Words for file names and commands: a file-name-safe slug of a seed or variant,
//! quoting for the recreating command printed on every sheet, and reading one word of a
//! fixed list.

use crate::error::{Error, Result};

/// The item whose word is `text` (in any case), or an error naming the `kind` of word
/// and listing the words there are: "unknown language 'es' (available: en, de, fr)".
pub fn one_of<T: Copy>(items: &[T], word: impl Fn(T) -> &'static str, kind: &str, text: &str) -> Result<T> {
    let lower = text.to_ascii_lowercase();
    items.iter().copied().find(|&item| word(item) == lower).ok_or_else(|| {
        let words: Vec<&str> = items.iter().map(|&item| word(item)).collect();
        let guess = did_you_mean(text, &words).map(|w| format!("did you mean '{w}'? ")).unwrap_or_default();
        Error::input(format!("unknown {kind} '{text}' ({guess}available: {})", words.join(", ")))
    })
}

/// The word among `known` that `typed` was most likely meant to be: the same but for
/// case, or at most two letters added, dropped, changed or swapped (and fewer than half
/// of them).
pub fn did_you_mean<'a>(typed: &str, known: &[&'a str]) -> Option<&'a str> {
    let typed = typed.to_ascii_lowercase();
    let distance = |a: &str, b: &str| -> usize {
        // Damerau–Levenshtein (adjacent swaps), by the usual table.
        let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
        let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
        for (i, row) in d.iter_mut().enumerate() {
            row[0] = i;
        }
        for (j, cell) in d[0].iter_mut().enumerate() {
            *cell = j;
        }
        for i in 1..=a.len() {
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
                }
            }
        }
        d[a.len()][b.len()]
    };
    known
        .iter()
        .map(|&k| (distance(&typed, &k.to_ascii_lowercase()), k))
        .filter(|&(d, k)| d <= 2 && 2 * d < k.chars().count().max(typed.chars().count()))
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

/// The longest [`slug`]: a file name stays short enough to read, to show on a phone and
/// to keep under every file system's limit.
pub const SLUG_MAX: usize = 48;

/// File-name-safe form of a seed or params ID (letters, digits, `-`, `_`, `.`; anything
/// else becomes `-`), at most [`SLUG_MAX`] characters: a longer one keeps its first 39
/// and ends with 8 hexadecimal digits of a hash of the whole text, so that two long
/// seeds that start alike still name different files. The whole seed stays in the
/// document and its command.
pub fn slug(text: &str) -> String {
    let s: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' { c } else { '-' })
        .collect();
    if s.is_empty() {
        "seed".into()
    } else if s.len() > SLUG_MAX {
        let hash = crate::seed::fnv1a64(text.as_bytes()) as u32;
        format!("{}-{hash:08x}", &s[..SLUG_MAX - 9])
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

crate::message_error! {
    /// A command line [`shell_split`] refuses, and why, naming the character and its column
    /// ("the quote ' at column 7 is not closed").
    Unsplittable
}

/// Splits a command line typed or pasted as one string into its words, as a POSIX shell
/// would: blanks separate words; '…' keeps everything literally; "…" keeps everything
/// but a backslash before " \\ $ or `; a backslash outside quotes keeps the next
/// character (and joins a line break away). What [`shell_quote`] wrote comes back as it
/// was. Variables, globs, pipes and redirections are refused, naming the character and
/// its column: nothing here runs a shell.
pub fn shell_split(line: &str) -> Result<Vec<String>, Unsplittable> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        let column = i + 1;
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                if let Some(w) = word.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some((_, '\'')) => break,
                        Some((_, ch)) => w.push(ch),
                        None => return Err(Unsplittable(format!("the quote ' at column {column} is not closed"))),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some((_, '"')) => break,
                        Some((_, '\\')) => match chars.next() {
                            Some((_, ch @ ('"' | '\\' | '$' | '`'))) => w.push(ch),
                            Some((_, '\n')) => {}
                            Some((_, ch)) => {
                                w.push('\\');
                                w.push(ch);
                            }
                            None => return Err(Unsplittable(format!("the quote \" at column {column} is not closed"))),
                        },
                        Some((j, ch @ ('$' | '`'))) => {
                            return Err(Unsplittable(format!(
                                "{ch} at column {} would need a shell; write the value itself",
                                j + 1
                            )))
                        }
                        Some((_, ch)) => w.push(ch),
                        None => return Err(Unsplittable(format!("the quote \" at column {column} is not closed"))),
                    }
                }
            }
            '\\' => match chars.next() {
                Some((_, '\n')) => {}
                Some((_, ch)) => word.get_or_insert_with(String::new).push(ch),
                None => return Err(Unsplittable(format!("the backslash at column {column} ends the line"))),
            },
            '$' | '`' | '|' | '&' | ';' | '<' | '>' | '(' | ')' | '*' | '?' | '[' | '~' | '#'
                if word.is_none() || !matches!(c, '#' | '~') =>
            {
                return Err(Unsplittable(format!(
                    "{c} at column {column} would need a shell; quote it or leave it out"
                )));
            }
            _ => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(w) = word {
        words.push(w);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_quotes() {
        assert_eq!(slug("club night/2"), "club-night-2");
        let long = format!("club-night-{}", "z".repeat(119));
        assert_eq!(slug(&long).len(), SLUG_MAX);
        assert!(slug(&long).starts_with("club-night-zzz"));
        let other = format!("club-night-{}y", "z".repeat(118));
        assert_ne!(slug(&long), slug(&other), "two long seeds that start alike");
        assert_eq!(slug(&"a".repeat(SLUG_MAX)), "a".repeat(SLUG_MAX));
        assert_eq!(slug(""), "seed");
        assert_eq!(shell_quote("club-night"), "club-night");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(shell_quote(""), "''");
    }

    #[test]
    fn command_lines_split_as_a_shell_splits_them() {
        let split = |s: &str| shell_split(s).unwrap();
        assert_eq!(split("  puzzles el  --count 12\t"), ["puzzles", "el", "--count", "12"]);
        assert_eq!(split("--title 'Class 3B - Friday'"), ["--title", "Class 3B - Friday"]);
        assert_eq!(split("--title \"it's \\\"ours\\\"\""), ["--title", "it's \"ours\""]);
        assert_eq!(split("--seed it\\'s a''b \"\""), ["--seed", "it's", "ab", ""]);
        assert_eq!(split("a\\\n b"), ["a", "b"]);
        assert_eq!(split("el:6x6:r#1 a~x"), ["el:6x6:r#1", "a~x"]);
        for (bad, problem) in [
            ("--seed 'open", "the quote ' at column 8 is not closed"),
            ("--seed \"open", "the quote \" at column 8 is not closed"),
            ("puzzles el | head", "| at column 12 would need a shell; quote it or leave it out"),
            ("--seed $HOME", "$ at column 8 would need a shell; quote it or leave it out"),
            ("--seed \"$HOME\"", "$ at column 9 would need a shell; write the value itself"),
            ("--out x > y", "> at column 9 would need a shell; quote it or leave it out"),
            ("trailing \\", "the backslash at column 10 ends the line"),
        ] {
            assert_eq!(shell_split(bad).unwrap_err().0, problem, "{bad}");
        }
    }

    proptest::proptest! {
        #[test]
        fn quoted_words_split_back_into_themselves(words in proptest::collection::vec(".{0,12}", 0..6)) {
            let line: Vec<String> = words.iter().map(|w| shell_quote(w)).collect();
            proptest::prop_assert_eq!(shell_split(&line.join(" ")).unwrap(), words);
        }
    }
}
