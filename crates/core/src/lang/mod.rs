//! The languages a reader can ask for (`--lang en|de|fr`) and their message catalogues.
//!
//! Every word printed for a reader comes from a catalogue: one plain table per language
//! (`en.txt`, `de.txt`, `fr.txt` in this folder, compiled in), one `key = text` line
//! each, `{name}` marking a value filled in at run time. A plain table rather than
//! Fluent: our sentences need no plural or gender machinery that the wording cannot
//! avoid, Fluent's bidi isolation marks would print into the PDFs, and a table is what a
//! translator can edit without reading Rust. Tests hold the tables together: the same
//! keys in every language, the same placeholders in each message, every key the code
//! asks for present (`tests/lang.rs`).
//!
//! Typography follows the language too ([`Lang::typeset`]): French puts a narrow
//! no-break space before `;:!?` and inside « », German quotes „so“.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::{Display, Write};
use std::hash::BuildHasherDefault;
use std::sync::OnceLock;

use crate::error::Result;
use crate::seed::Fnv;

/// A language of the printed words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// German.
    De,
    /// French.
    Fr,
}

/// The catalogues' sources, in [`Lang::ALL`] order.
static SOURCES: [&str; 3] = [include_str!("en.txt"), include_str!("de.txt"), include_str!("fr.txt")];

/// A table keyed by message keys. They are short, fixed and ours, so FNV-1a serves
/// ([`Fnv`]): no protection against chosen collisions is needed, and the thousand
/// lookups of a puzzle sheet cost a third of what SipHash makes them cost.
pub type Table<V> = HashMap<&'static str, V, BuildHasherDefault<Fnv>>;

/// A language's messages by key, as printed: [`Lang::catalogue`].
pub type Catalogue = Table<Cow<'static, str>>;

/// The narrow no-break space French sets before `;:!?` and inside « ».
pub(crate) const NARROW_NBSP: char = '\u{202F}';

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Fr];

    /// The `--lang` word and the HTML `lang` attribute (`de`).
    pub fn word(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }

    /// The language's own name (`Deutsch`).
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
        }
    }

    /// Parses a `--lang` word (any case); the error lists the languages there are.
    pub fn parse(word: &str) -> Result<Lang> {
        crate::names::one_of(&Lang::ALL, Lang::word, "language", word)
    }

    /// ` --lang de` for a recreating command; nothing for English.
    pub fn option_words(self) -> String {
        match self {
            Lang::En => String::new(),
            _ => crate::flags::LANG.with(self.word()),
        }
    }

    /// `-de` for default file names; nothing for English (its names stay as they were).
    pub fn file_suffix(self) -> String {
        match self {
            Lang::En => String::new(),
            _ => format!("-{}", self.word()),
        }
    }

    /// The catalogue: every key and its text in this language, with the language's
    /// typography applied ([`Lang::typeset`]).
    /// The message catalogue's text, as written (`crates/core/src/lang/<word>.txt`).
    pub fn source(self) -> &'static str {
        SOURCES[self as usize]
    }

    pub fn catalogue(self) -> &'static Catalogue {
        // Each language's table is read the first time it is used: a document pays only
        // for its own language. English texts are the source's own (its typography
        // changes nothing); the others are typeset once here.
        static TABLES: [OnceLock<Catalogue>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        TABLES[self as usize].get_or_init(|| {
            let table = parse_catalogue(SOURCES[self as usize]).unwrap_or_default();
            let typeset = |text: &'static str| match self {
                Lang::En => Cow::Borrowed(text),
                _ => Cow::Owned(self.typeset(text)),
            };
            table.into_iter().map(|(key, text)| (key, typeset(text))).collect()
        })
    }

    /// The message `key` (placeholders unfilled). A key missing from the catalogue is a
    /// bug the tests catch; it prints as the key itself rather than stop.
    pub fn t(self, key: &'static str) -> &'static str {
        self.catalogue().get(key).map_or(key, |text| text.as_ref())
    }

    /// The message `key` with its `{name}` placeholders filled from `args`.
    pub fn f(self, key: &'static str, args: &[(&str, &dyn Display)]) -> String {
        fill(self.t(key), args)
    }

    /// Applies the language's typography to a text: French narrow no-break spaces
    /// before `;:!?` and inside « » (replacing a plain space there, or added), German
    /// quotation marks „…“ for straight double quotes, and in both a number kept on the
    /// line of the word it counts ("2 Punkte", "12 pièces"). English is left as it is.
    pub fn typeset(self, text: &str) -> String {
        match self {
            Lang::En => text.to_string(),
            Lang::De => tie_numbers(&german_quotes(text)),
            Lang::Fr => tie_numbers(&french_spacing(text)),
        }
    }

    /// Items joined as a sentence lists them: `a, b and c` (`a, b und c`, `a, b et c`).
    pub fn and_list(self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} {} {last}", init.join(", "), self.t("list.and")),
        }
    }

    /// Alternatives joined by the language's "or": `a or b or c`.
    pub fn or_list(self, items: &[String]) -> String {
        items.join(&format!(" {} ", self.t("list.or")))
    }
}

/// Fills `{name}` placeholders of `template` from `args`; a `{` not opening a known
/// placeholder is kept as it is.
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out += &rest[..open];
        let after = &rest[open + 1..];
        let known = after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter().find(|(n, _)| *n == name).map(|(_, value)| (value, close))
        });
        match known {
            Some((value, close)) => {
                // Writing into a String cannot fail.
                let _ = write!(out, "{value}");
                rest = &after[close + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out + rest
}

/// The placeholder names of a message, sorted, each once.
pub fn placeholders(message: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = message;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) if after[..close].chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && close > 0 => {
                names.push(&after[..close]);
                rest = &after[close + 1..];
            }
            _ => rest = after,
        }
    }
    names.sort_unstable();
    names.dedup();
    names
}

/// A catalogue line that cannot be read: its number (from 1) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct CatalogueError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub problem: String,
}

/// Reads a catalogue: `key = text` lines, `#` comments and blank lines skipped. The
/// error names the line.
pub fn parse_catalogue(source: &'static str) -> std::result::Result<Table<&'static str>, CatalogueError> {
    // A catalogue has some four hundred lines: room for them all at once.
    let mut table = Table::with_capacity_and_hasher(source.len() / 32, Default::default());
    for (n, line) in source.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let Some((key, text)) = line.split_once(" = ") else {
            return Err(CatalogueError { line: n + 1, problem: "expected 'key = text'".into() });
        };
        let key = key.trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || "._-".contains(c)) {
            return Err(CatalogueError { line: n + 1, problem: format!("bad key '{key}'") });
        }
        if table.insert(key, text.trim()).is_some() {
            return Err(CatalogueError { line: n + 1, problem: format!("key '{key}' given twice") });
        }
    }
    Ok(table)
}

/// German quotation marks: each straight `"` opens „ or closes “ in turn.
fn german_quotes(text: &str) -> String {
    let mut open = true;
    text.chars()
        .map(|c| {
            if c == '"' {
                let q = if open { '„' } else { '“' };
                open = !open;
                q
            } else {
                c
            }
        })
        .collect()
}

/// A no-break space between a number standing alone and the word after it, so that a
/// line never ends with the bare number ("1 | Punkt").
fn tie_numbers(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        let digits = chars[..i].iter().rev().take_while(|d| d.is_ascii_digit()).count();
        let alone = digits > 0 && (i == digits || !chars[i - digits - 1].is_alphanumeric());
        let word_follows = chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
        out.push(if c == ' ' && alone && word_follows { '\u{a0}' } else { c });
    }
    out
}

/// French spacing: a narrow no-break space before `;:!?` and »,  after «, replacing
/// an ordinary space there; straight double quotes become « … ». Not before a colon
/// inside a word or number (`a1:b2`, `12:30`), nor in a URL or option (`--lang`).
fn french_spacing(text: &str) -> String {
    let mut quoted = String::new();
    let mut open = true;
    for c in text.chars() {
        if c == '"' {
            quoted.push(if open { '«' } else { '»' });
            open = !open;
        } else {
            quoted.push(c);
        }
    }
    let chars: Vec<char> = quoted.chars().collect();
    let mut out = String::with_capacity(quoted.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let prev = if i > 0 { Some(chars[i - 1]) } else { None };
        let next = chars.get(i + 1).copied();
        match c {
            ';' | ':' | '!' | '?' | '»' => {
                // Only punctuation that ends a word or phrase: followed by a space, the
                // end, or closing punctuation, and not inside a token like a1:b2.
                let ends = c == '»' || next.is_none_or(|n| n.is_whitespace() || ")]»,.".contains(n));
                if ends {
                    match prev {
                        Some(' ') | Some('\u{a0}') => {
                            out.pop();
                            out.push(NARROW_NBSP);
                        }
                        Some(NARROW_NBSP) | None => {}
                        Some(_) => out.push(NARROW_NBSP),
                    }
                }
                out.push(c);
            }
            ' ' | '\u{a0}' if prev == Some('«') => {
                out.push(NARROW_NBSP);
            }
            _ => {
                out.push(c);
                if c == '«' && next.is_some_and(|n| n != ' ' && n != '\u{a0}' && n != NARROW_NBSP) {
                    out.push(NARROW_NBSP);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_and_unknown_braces_kept() {
        let s = fill("{who} to play {x} {n}", &[("who", &"Red"), ("n", &3)]);
        assert_eq!(s, "Red to play {x} 3");
        assert_eq!(placeholders("{b} and {a} and {b} {not one}"), vec!["a", "b"]);
    }

    #[test]
    fn french_spacing_puts_narrow_spaces_where_french_does() {
        let n = NARROW_NBSP;
        assert_eq!(
            Lang::Fr.typeset("Rouge gagne : oui ; non ! Vraiment ?"),
            format!("Rouge gagne{n}: oui{n}; non{n}! Vraiment{n}?")
        );
        assert_eq!(Lang::Fr.typeset("le \"kamon\" et «  x »"), format!("le «{n}kamon{n}» et «{n} x{n}»"));
        assert_eq!(Lang::Fr.typeset("voir:"), format!("voir{n}:"));
        // A colon inside a token stays.
        assert_eq!(Lang::Fr.typeset("el:6x6:r et 12:30"), "el:6x6:r et 12:30");
    }

    #[test]
    fn a_number_stays_with_its_word() {
        assert_eq!(Lang::De.typeset("gibt 2 Punkte, a3 und 12 Steine"), "gibt 2\u{a0}Punkte, a3 und 12\u{a0}Steine");
        assert_eq!(Lang::Fr.typeset("1 point (5 × 5)"), "1\u{a0}point (5 × 5)");
        assert_eq!(Lang::En.typeset("1 point"), "1 point");
    }

    #[test]
    fn german_quotes_open_low_and_close_high() {
        assert_eq!(Lang::De.typeset("ein \"Kamon\" und \"SIX\""), "ein „Kamon“ und „SIX“");
    }

    #[test]
    fn lists_follow_the_language() {
        let items: Vec<String> = ["a1", "b2", "c3"].iter().map(|s| s.to_string()).collect();
        assert_eq!(Lang::En.or_list(&items), "a1 or b2 or c3");
        assert_eq!(Lang::De.or_list(&items), "a1 oder b2 oder c3");
    }

    #[test]
    fn catalogues_parse_and_bad_lines_are_named() {
        for s in SOURCES {
            parse_catalogue(s).unwrap();
        }
        assert_eq!(parse_catalogue("a = b\nnonsense\n").unwrap_err().to_string(), "line 2: expected 'key = text'");
        assert_eq!(parse_catalogue("a = b\na = c\n").unwrap_err().to_string(), "line 2: key 'a' given twice");
        assert!(Lang::parse("DE").is_ok());
        assert!(Lang::parse("es").unwrap_err().to_string().contains("available: en, de, fr"));
    }
}
