//! Hyphenation: the patterns of each language (en-US compiled into the hyphenation
//! crate, de-1996 and fr compiled in here), and where a word may be broken — never
//! inside a name.

use std::sync::OnceLock;

use hyphenation::{Hyphenator, Language, Load, Standard};

use crate::lang::Lang;
use crate::Games;

/// The German (1996) and French dictionaries of the hyphenation crate, compiled in (see
/// `crates/rulebook/src/hyphenation/README.md`).
const GERMAN: &[u8] = include_bytes!("../hyphenation/de-1996.standard.bincode");
const FRENCH: &[u8] = include_bytes!("../hyphenation/fr.standard.bincode");

/// The hyphenation patterns of a language (en-US, de-1996, fr), compiled in.
fn hyphenator(lang: Lang) -> &'static Standard {
    static DICTS: [OnceLock<Standard>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let language = match lang {
        Lang::En => Language::EnglishUS,
        Lang::De => Language::German1996,
        Lang::Fr => Language::French,
    };
    DICTS[lang as usize].get_or_init(|| {
        let loaded = match lang {
            Lang::En => Standard::from_embedded(language),
            Lang::De => Standard::from_reader(language, &mut &GERMAN[..]),
            Lang::Fr => Standard::from_reader(language, &mut &FRENCH[..]),
        };
        loaded.expect("the patterns are compiled in")
    })
}

/// How words are hyphenated: by the patterns of `lang`, never inside a name (a game's
/// title, a word of its designer's credit, the program's own name).
#[derive(Debug, Clone, Copy)]
pub struct Hyphenation {
    /// The language whose patterns break words.
    pub lang: Lang,
    /// The games whose titles and designers are names.
    pub games: Games,
}

/// Names the typesetter never hyphenates, whatever the language: the games, their
/// designers, the players' colours as names, and the program's own name.
fn is_name(core: &str, hy: Hyphenation) -> bool {
    let lang = hy.lang;
    let lower = core.to_lowercase();
    if lower.contains("boardpress") {
        return true;
    }
    match lang {
        // English and French capitalise names, not nouns.
        Lang::En | Lang::Fr => core.starts_with(char::is_uppercase),
        // German capitalises every noun: only the names themselves (an acronym, a
        // game's title, a word of its designer's credit) are kept whole.
        Lang::De => {
            core.chars().all(char::is_uppercase)
                || hy.games.iter().any(|g| {
                    g.title().eq_ignore_ascii_case(core)
                        || g.credit(Lang::En).split_whitespace().any(|w| w.eq_ignore_ascii_case(core))
                })
        }
    }
}

/// Hyphenation points (byte offsets inside `word`) for a word of 6+ letters in `lang`;
/// leading and trailing punctuation is kept whole, an elided article or pronoun before
/// an apostrophe (French `d'hexagones`, `l'adversaire`) is kept with the word's first
/// part, and a word holding anything else but letters (a cell name, a number, an
/// option) is not hyphenated. Names are never hyphenated (see [`is_name`]).
pub(super) fn hyphen_points(word: &str, hy: Hyphenation) -> Vec<usize> {
    let lang = hy.lang;
    let mut lead = word.len() - word.trim_start_matches(|c: char| !c.is_alphabetic()).len();
    let mut core = word[lead..].trim_end_matches(|c: char| !c.is_alphabetic());
    if let Some((elided, rest)) = core.split_once(['\'', '\u{2019}']) {
        if (1..=7).contains(&elided.chars().count()) && elided.chars().all(char::is_alphabetic) {
            lead += core.len() - rest.len();
            core = rest;
        }
    }
    if core.chars().count() < 6 || !core.chars().all(char::is_alphabetic) || is_name(core, hy) {
        return Vec::new();
    }
    let lower = core.to_lowercase();
    // Lower-casing keeps byte offsets only when no letter changes its length.
    if lower.len() != core.len() {
        return Vec::new();
    }
    hyphenator(lang).hyphenate(&lower).breaks.into_iter().map(|b| b + lead).collect()
}
