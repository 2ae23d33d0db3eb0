//! The book spec: a TOML file naming the book, its trim size and its sections. Read
//! with toml's spanned tables, so that every error names the key and its line: an
//! unknown key, a value of the wrong kind, a task the game lacks, an option of another
//! game.

use toml::de::{DeTable, DeValue};

use crate::error::Result;
use crate::game::Game;
use crate::game::Grade;
use crate::games;
use crate::lang::Lang;
use crate::options::{GameOptions, Use};
pub use crate::render::pdf::Ink;
use read::{boolean, number, printed, scalar, string, unknown_key, At};

mod read;

/// A trim size: the finished page, in inches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trim {
    /// The spec's word (`6x9in`, `a5`).
    pub word: &'static str,
    /// Width, inches.
    pub width: f32,
    /// Height, inches.
    pub height: f32,
}

const MM_PER_IN: f32 = 25.4;

/// The trim sizes a book can have: print-on-demand's common ones and the paper sizes.
pub(crate) const TRIMS: [Trim; 9] = [
    Trim { word: "5x8in", width: 5.0, height: 8.0 },
    Trim { word: "5.5x8.5in", width: 5.5, height: 8.5 },
    Trim { word: "6x9in", width: 6.0, height: 9.0 },
    Trim { word: "7x10in", width: 7.0, height: 10.0 },
    Trim { word: "8x10in", width: 8.0, height: 10.0 },
    Trim { word: "8.5x11in", width: 8.5, height: 11.0 },
    Trim { word: "a5", width: 148.0 / MM_PER_IN, height: 210.0 / MM_PER_IN },
    Trim { word: "a4", width: 210.0 / MM_PER_IN, height: 297.0 / MM_PER_IN },
    Trim { word: "letter", width: 8.5, height: 11.0 },
];

impl Trim {
    /// Width and height in mm.
    pub fn mm(&self) -> (f32, f32) {
        (self.width * MM_PER_IN, self.height * MM_PER_IN)
    }
}

/// Where the solutions go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solutions {
    /// All at the back of the book.
    End,
    /// Each section's right after it.
    Section,
}

/// The paper the book is printed on (it decides the spine's width).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stock {
    /// White paper: 0.002252 in a page.
    White,
    /// Cream paper: 0.0025 in a page.
    Cream,
}

impl Stock {
    /// The thickness of one page, inches.
    pub fn page_inches(self) -> f32 {
        match self {
            Stock::White => 0.002252,
            Stock::Cream => 0.0025,
        }
    }
}

/// One section of puzzles.
#[derive(Clone)]
pub struct SectionSpec {
    /// Its heading.
    pub title: String,
    /// The game.
    pub game: &'static dyn Game,
    /// The task's word.
    pub task: String,
    /// Only puzzles of this grade.
    pub difficulty: Option<Grade>,
    /// How many puzzles.
    pub count: u32,
    /// Puzzles a page (default: the task's, halved for large print).
    pub per_page: Option<u8>,
    /// Several winning moves allowed (all in the solutions).
    pub any_wins: bool,
    /// Its own seed (default: the book's seed and the section's number).
    pub seed: Option<String>,
    /// A line under the heading.
    pub subtitle: Option<String>,
    /// A "Name ____ Date ____" line on its pages.
    pub name_line: bool,
    /// The game's options.
    pub options: GameOptions,
    /// The line of its `[[section]]` header.
    pub line: usize,
}

/// Where a book's short rules chapters go (`how_to_play`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HowToPlay {
    /// None (`false`).
    None,
    /// All of them before the puzzles (`true`, the default).
    Front,
    /// Each game's just before its first section (`"section"`).
    Section,
}

/// A book spec, checked.
#[derive(Clone)]
pub struct BookSpec {
    /// The title.
    pub title: String,
    /// A line under the title.
    pub subtitle: Option<String>,
    /// Who made the book.
    pub author: Option<String>,
    /// The book's date (`date = "YYYY-MM-DD"`), as seconds since 1970: what its files are
    /// dated.
    pub date: Option<i64>,
    /// The seed every section's puzzles come from.
    pub seed: String,
    /// The language of every page: puzzles, solutions, rules and fixed pages.
    pub lang: Lang,
    /// The sections, in order.
    pub sections: Vec<SectionSpec>,
    /// A short rules chapter for each game used, and where.
    pub how_to_play: HowToPlay,
    /// Where the solutions go.
    pub solutions: Solutions,
    /// Bigger diagrams and type.
    pub large_print: bool,
    /// What the print shop is told: trim, bleed, paper, PDF/X and inks.
    pub print: PrintSpec,
}

/// The print shop's part of a book spec: the page size, the bleed, the paper, and how
/// print-ready the files are.
#[derive(Clone)]
pub struct PrintSpec {
    /// The trim size.
    pub trim: Trim,
    /// Whether pictures run to the edge (0.125 in of bleed).
    pub bleed: bool,
    /// The paper (for the cover's spine).
    pub stock: Stock,
    /// Print-ready: the interior and the cover as PDF/X-4 (`pdf_x = true`).
    pub pdf_x: bool,
    /// The interior's inks (`ink = "black"`: one ink; the cover stays in colour).
    pub ink: Ink,
}

/// The most characters of the book's title, subtitle and author, and of a section's
/// subtitle (as on the command line).
const LINE_CHARS: usize = 100;
/// The most characters of a section's title: it heads the section's pages (in two lines
/// at most, on the smallest trim too), its solutions ("Solutions: …") and its line of
/// the contents.
const SECTION_TITLE_CHARS: usize = 60;

/// The top-level keys, with what they take.
const BOOK_KEYS: [(&str, &str); 15] = [
    ("title", "the book's title"),
    ("subtitle", "a line under the title"),
    ("author", "who made the book"),
    ("trim", "5x8in, 5.5x8.5in, 6x9in, 7x10in, 8x10in, 8.5x11in, a5, a4 or letter"),
    ("bleed", "true or false"),
    ("seed", "any text"),
    ("how_to_play", "true, false or section"),
    ("solutions", "end or section"),
    ("large_print", "true or false"),
    ("paper", "white or cream"),
    ("lang", "en, de or fr"),
    ("pdf_x", "true or false"),
    ("ink", "colour or black"),
    ("date", "the book's date, YYYY-MM-DD"),
    ("section", "[[section]] tables"),
];

/// A section's own keys (the rest are the game's options).
const SECTION_KEYS: [&str; 10] =
    ["title", "game", "task", "difficulty", "count", "per_page", "any_wins", "seed", "subtitle", "name_line"];

/// A library error in a spec's words: the options it names as the spec's keys
/// (`'per_page'`, not `--per-page`), and an option set to a value as the spec's line
/// that sets it (`'difficulty = "medium"'`, `'consecutive = true'`).
pub(crate) fn spec_words(e: &crate::error::Error) -> String {
    spec_text(&e.words)
}

/// Words as a spec's reader reads them (see [`spec_words`]).
fn spec_text(words: &crate::error::Words) -> String {
    words.rendered(&|name| format!("'{}'", spec_key(name)), &|name, value| {
        let value = match value {
            None => "true".to_string(),
            Some(v) if v.parse::<i64>().is_ok() => v.to_string(),
            Some(v) => format!("\"{v}\""),
        };
        format!("'{} = {value}'", spec_key(name))
    })
}

/// The spec's key for an option (`per_page` for `per-page`).
fn spec_key(option: &str) -> String {
    option.replace('-', "_")
}

/// Reads and checks a spec; `file` names it in messages.
pub fn parse(file: &str, text: &str) -> Result<BookSpec> {
    let at = At { file, text };
    let table = DeTable::parse(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        at.error(offset, format!("not valid TOML: {}", e.message().trim()))
    })?;
    let table = table.get_ref();
    let get = |name: &str| table.iter().find(|(k, _)| k.get_ref() == name);
    for (key, _) in table.iter() {
        if !BOOK_KEYS.iter().any(|(k, _)| *k == key.get_ref()) {
            let known: Vec<&str> = BOOK_KEYS.iter().map(|(k, _)| *k).collect();
            return Err(at.error(key.span().start, unknown_key(key.get_ref(), &known, "a book takes")));
        }
    }
    let title = match get("title") {
        Some(e) => printed(&at, e, LINE_CHARS)?,
        None => return Err(at.error(0, "the book needs a title: title = \"…\"")),
    };
    let optional = |name: &str| get(name).map(|e| string(&at, e)).transpose();
    let flag = |name: &str, default: bool| get(name).map(|e| boolean(&at, e)).transpose().map(|b| b.unwrap_or(default));
    let trim = match get("trim") {
        None => TRIMS[2],
        Some(e) => {
            let word = string(&at, e)?.to_ascii_lowercase();
            *TRIMS
                .iter()
                .find(|t| t.word == word)
                .ok_or_else(|| at.error(e.1.span().start, format!("trim '{word}' is not one of {}", BOOK_KEYS[3].1)))?
        }
    };
    let solutions = match get("solutions") {
        None => Solutions::End,
        Some(e) => match string(&at, e)?.to_ascii_lowercase().as_str() {
            "end" => Solutions::End,
            "section" => Solutions::Section,
            other => {
                return Err(at.error(e.1.span().start, format!("solutions = '{other}': write \"end\" or \"section\"")))
            }
        },
    };
    let stock = match get("paper") {
        None => Stock::White,
        Some(e) => match string(&at, e)?.to_ascii_lowercase().as_str() {
            "white" => Stock::White,
            "cream" => Stock::Cream,
            other => return Err(at.error(e.1.span().start, format!("paper = '{other}': write \"white\" or \"cream\""))),
        },
    };
    let line = |name: &str| get(name).map(|e| printed(&at, e, LINE_CHARS)).transpose();
    let (subtitle, author, seed) = (line("subtitle")?, line("author")?, optional("seed")?);
    let lang = match get("lang") {
        None => Lang::En,
        Some(e) => {
            let word = string(&at, e)?;
            Lang::parse(&word)
                .map_err(|er| at.error(e.1.span().start, format!("lang = '{word}': {}", spec_words(&er))))?
        }
    };
    let (bleed, large_print) = (flag("bleed", false)?, flag("large_print", false)?);
    let how_to_play = match get("how_to_play") {
        None => HowToPlay::Front,
        Some(e) => match (e.1.get_ref(), scalar(e.1.get_ref()).map(|w| w.to_ascii_lowercase())) {
            (DeValue::Boolean(true), _) => HowToPlay::Front,
            (DeValue::Boolean(false), _) => HowToPlay::None,
            (DeValue::String(_), Some(w)) if w == "section" => HowToPlay::Section,
            _ => {
                return Err(at.error(
                    e.1.span().start,
                    "how_to_play: write true (the rules first), false (none) or \"section\" (each game's rules before its first section)",
                ))
            }
        },
    };
    let pdf_x = flag("pdf_x", false)?;
    let ink = match get("ink") {
        None => Ink::Colour,
        Some(e) => match string(&at, e)?.to_ascii_lowercase().as_str() {
            "colour" | "color" => Ink::Colour,
            "black" => Ink::Black,
            other => {
                return Err(at.error(
                    e.1.span().start,
                    format!("ink = '{other}': write \"colour\" (full colour) or \"black\" (one ink for the interior)"),
                ))
            }
        },
    };
    let date = match get("date") {
        None => None,
        Some(e) => {
            let text = string(&at, e)?;
            Some(epoch_of_date(&text).map_err(|why| at.error(e.1.span().start, format!("date = '{text}': {why}")))?)
        }
    };
    if let Some((key, _)) = get("pdf_x").filter(|_| pdf_x && date.is_none()) {
        if std::env::var("SOURCE_DATE_EPOCH").map_or(true, |v| v.trim().is_empty()) {
            return Err(at.error(
                key.span().start,
                "pdf_x = true: a PDF/X file must carry its date; add date = \"YYYY-MM-DD\" (the edition's) or set SOURCE_DATE_EPOCH",
            ));
        }
    }
    let sections = match get("section") {
        None => return Err(at.error(text.len(), "the book has no [[section]] of puzzles")),
        Some((key, value)) => match value.get_ref() {
            DeValue::Array(list) if !list.is_empty() => list
                .iter()
                .enumerate()
                .map(|(k, item)| match item.get_ref().as_table() {
                    Some(t) => section(&at, t, item.span().start, k + 1),
                    None => Err(at.error(item.span().start, "each [[section]] must be a table of keys")),
                })
                .collect::<Result<Vec<_>>>()?,
            _ => return Err(at.error(key.span().start, "'section' must be [[section]] tables of puzzles")),
        },
    };
    Ok(BookSpec {
        title,
        subtitle,
        author,
        date,
        seed: seed.unwrap_or_else(|| "1".into()),
        lang,
        sections,
        how_to_play,
        solutions,
        large_print,
        print: PrintSpec { trim, bleed, stock, pdf_x, ink },
    })
}

/// What is wrong with a date a spec gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BadDate {
    /// It is not written `YYYY-MM-DD`.
    #[error("write the date as YYYY-MM-DD, e.g. 2026-11-26")]
    Form,
    /// The year is not one from 1970 to 9999.
    #[error("the year {0} is not one from 1970 to 9999")]
    Year(i64),
    /// There is no such month.
    #[error("there is no month {0}")]
    Month(i64),
    /// The month has no such day.
    #[error("month {month} of {year} has no day {day}")]
    Day {
        /// The year.
        year: i64,
        /// The month.
        month: i64,
        /// The day.
        day: i64,
    },
}

/// Seconds since 1970 at midnight (UTC) of a `YYYY-MM-DD` date; the error says what is
/// wrong with it.
pub(crate) fn epoch_of_date(text: &str) -> std::result::Result<i64, BadDate> {
    let parts: Vec<&str> = text.split('-').collect();
    let number = |p: &str| p.parse::<i64>().ok().filter(|_| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    let [y, m, d] = parts[..] else { return Err(BadDate::Form) };
    let (Some(y), Some(m), Some(d)) = (number(y), number(m), number(d)) else {
        return Err(BadDate::Form);
    };
    if !(1970..=9999).contains(&y) || y.to_string().len() != 4 {
        return Err(BadDate::Year(y));
    }
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in = [31, if leap { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    if !(1..=12).contains(&m) {
        return Err(BadDate::Month(m));
    }
    if !(1..=days_in[m as usize - 1]).contains(&d) {
        return Err(BadDate::Day { year: y, month: m, day: d });
    }
    // Days since 1970-01-01 (the civil-from-days algorithm, run backwards).
    let (yy, mm) = if m <= 2 { (y - 1, m + 9) } else { (y, m - 3) };
    let era = yy.div_euclid(400);
    let yoe = yy - era * 400;
    let doy = (153 * mm + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Ok((era * 146_097 + doe - 719_468) * 86_400)
}

/// Reads one `[[section]]`.
fn section(at: &At, table: &DeTable<'_>, start: usize, index: usize) -> Result<SectionSpec> {
    let line = at.line(start);
    let get = |name: &str| table.iter().find(|(k, _)| k.get_ref() == name);
    if let Some((key, _)) = get("lang") {
        return Err(at.error(
            key.span().start,
            "a book has one language: put lang = \"…\" at the top, before the first [[section]]",
        ));
    }
    // A key no section takes is named first, before a key it stands for is missed.
    let any_option = |key: &str| {
        let name = key.replace('_', "-");
        games::GAMES.iter().any(|g| g.options().iter().any(|s| s.name == name && s.uses.contains(&Use::Puzzles)))
    };
    if let Some((key, _)) =
        table.iter().find(|(k, _)| !SECTION_KEYS.contains(&k.get_ref().as_ref()) && !any_option(k.get_ref()))
    {
        let mut known: Vec<String> = SECTION_KEYS.iter().map(|k| k.to_string()).collect();
        for g in games::GAMES {
            for o in g.options().iter().filter(|s| s.uses.contains(&Use::Puzzles)) {
                let word = spec_key(o.name);
                if !known.contains(&word) {
                    known.push(word);
                }
            }
        }
        let known: Vec<&str> = known.iter().map(String::as_str).collect();
        return Err(at.error(key.span().start, unknown_key(key.get_ref(), &known, "a section takes")));
    }
    let need = |name: &str, example: &str| {
        get(name).ok_or_else(|| at.error(start, format!("section {index} needs '{name}' (e.g. {name} = {example})")))
    };
    let title = printed(at, need("title", "\"First steps\"")?, SECTION_TITLE_CHARS)?;
    let game_entry = need("game", "\"el\"")?;
    let game_word = string(at, game_entry)?;
    let game = games::find(&game_word).map_err(|e| at.error(game_entry.1.span().start, spec_words(&e)))?;
    let task = match get("task") {
        None => game.tasks()[0].word.to_string(),
        Some(e) => {
            let word = string(at, e)?.to_ascii_lowercase();
            if !game.tasks().iter().any(|t| t.word == word) {
                let own: Vec<&str> = game.tasks().iter().map(|t| t.word).collect();
                return Err(at.error(
                    e.1.span().start,
                    format!("task '{word}': {} puzzles are {}", game.word(), own.join(", ")),
                ));
            }
            word
        }
    };
    let difficulty = match get("difficulty") {
        None => None,
        Some(e) => Some(Grade::parse(&string(at, e)?).map_err(|err| at.error(e.1.span().start, spec_words(&err)))?),
    };
    let count = number(at, need("count", "24")?, 1..=1000)?;
    // A section's pages take what a puzzle sheet's take.
    let per_page_range = crate::flags::PUZZLES_PER_PAGE.range().bounds();
    let per_page = get("per_page").map(|e| number(at, e, per_page_range)).transpose()?.map(|n| n as u8);
    let any_wins = get("any_wins").map(|e| boolean(at, e)).transpose()?.unwrap_or(false);
    let name_line = get("name_line").map(|e| boolean(at, e)).transpose()?.unwrap_or(false);
    let seed = get("seed").map(|e| string(at, e)).transpose()?;
    let subtitle = get("subtitle").map(|e| printed(at, e, LINE_CHARS)).transpose()?;
    // Every other key is one of the game's options, as on the command line.
    let mut options = GameOptions::new();
    for (key, value) in table.iter() {
        let name = key.get_ref().replace('_', "-");
        if SECTION_KEYS.contains(&key.get_ref().as_ref()) {
            continue;
        }
        let spec = game.options().iter().find(|s| s.name == name && s.uses.contains(&Use::Puzzles));
        let Some(spec) = spec else {
            let mut known: Vec<String> = SECTION_KEYS.iter().map(|k| k.to_string()).collect();
            known.extend(game.options().iter().filter(|s| s.uses.contains(&Use::Puzzles)).map(|s| spec_key(s.name)));
            let known: Vec<&str> = known.iter().map(String::as_str).collect();
            let article = if game.title().starts_with(['A', 'E', 'I', 'O', 'U']) { "an" } else { "a" };
            let takes = format!("{article} {} section takes", game.title());
            return Err(at.error(key.span().start, unknown_key(key.get_ref(), &known, &takes)));
        };
        let raw = scalar(value.get_ref()).ok_or_else(|| {
            at.error(value.span().start, format!("'{}' must be a number, a word or true", key.get_ref()))
        })?;
        let raw = if matches!(spec.kind, crate::options::Kind::Flag) {
            match raw.as_str() {
                "true" => "true".to_string(),
                "false" => continue,
                _ => return Err(at.error(value.span().start, format!("'{}' must be true or false", key.get_ref()))),
            }
        } else {
            raw
        };
        let canonical = spec
            .canonical(&raw, Use::Puzzles)
            .map_err(|e| at.error(value.span().start, e.words(&format!("'{}'", key.get_ref()))))?;
        options.set(spec.name, canonical);
    }
    let options = games::checked_options(game, &options, Use::Puzzles)
        .map_err(|e| at.error(start, format!("section {index}: {}", spec_words(&e))))?;
    // What the task itself can and cannot do.
    let bound = game.task(&task, &options).map_err(|e| {
        // The game's own check of its options: put it on the line of the first option it
        // names that the section sets.
        let key = e.words.options().find_map(|name| {
            let key = spec_key(name);
            table.iter().find(|(k, _)| **k.get_ref() == *key)
        });
        at.error(key.map_or(start, |(k, _)| k.span().start), spec_words(&e))
    })?;
    if let (Some(grade), Some(e)) = (difficulty, get("difficulty")) {
        if let Some(why) = bound.out_of_reach(grade) {
            return Err(at.error(e.1.span().start, spec_text(&why)));
        }
    }
    if let (true, Some(e)) = (any_wins && !bound.several_allowed(), get("any_wins")) {
        return Err(at.error(
            e.1.span().start,
            format!("any_wins does not apply to {} {task} puzzles: each has exactly one answer", game.word()),
        ));
    }
    Ok(SectionSpec {
        title,
        game,
        task,
        difficulty,
        count,
        per_page,
        any_wins,
        seed,
        subtitle,
        name_line,
        options,
        line,
    })
}

#[cfg(test)]
mod tests;
