//! Every option of every command, once: the name a user writes, the line of help the
//! command line shows and, for a whole number, its range. The command line's parser, its
//! `--help`, the man pages and the shell completions take them from here (crates/cli names
//! its arguments with these and parses whole numbers in their ranges), the library checks
//! a request's numbers against the same ranges ([`Flag::checked`]), and
//! every "recreate with" line writes an option's name from here ([`Flag::with`]), so a
//! flag is named the same everywhere. A game's own options are its table's
//! ([`crate::options::OptionSpec`]).

use crate::error::{Error, Words};

/// An option as a user writes it: `--count 12`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag {
    /// The name after the two dashes: `count`.
    pub name: &'static str,
    /// What it does, in one line of help (no full stop: clap's style).
    pub help: &'static str,
    /// For an option that takes a whole number, its range.
    pub whole: Option<Whole>,
}

/// The range of a whole-number option, and the option that goes past its greatest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Whole {
    /// The least value.
    pub min: u32,
    /// The greatest value.
    pub max: u32,
    /// The option that makes more in parts (`first` for `--count`), if one does.
    pub past_max: Option<&'static str>,
}

impl Whole {
    /// From `min` to `max`, with no option that goes past it.
    pub const fn new(min: u32, max: u32) -> Whole {
        Whole { min, max, past_max: None }
    }

    /// The least to the greatest value, for a check.
    pub fn bounds(&self) -> std::ops::RangeInclusive<u32> {
        self.min..=self.max
    }

    /// The range in words ("between 1 and 10,000"), then what to do past it
    /// ("(for more, run in parts with 'first')"), its option kept apart.
    pub fn words(&self) -> Words {
        let words = Words::from(format!("between {} and {}", grouped(self.min), grouped(self.max)));
        match self.past_max {
            Some(option) => words.then(" (for more, run in parts with ").then_option(option).then(")"),
            None => words,
        }
    }
}

/// A number with its thousands grouped: 10000 → "10,000".
fn grouped(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl Flag {
    /// An option that takes no whole number (or whose number has no range of its own).
    pub const fn new(name: &'static str, help: &'static str) -> Flag {
        Flag { name, help, whole: None }
    }

    /// This option, taking a whole number in `range`.
    pub const fn ranged(self, range: Whole) -> Flag {
        Flag { whole: Some(range), ..self }
    }

    /// The range of an option that takes a whole number; asking it of another option
    /// is a mistake in the program.
    pub fn range(&self) -> Whole {
        self.whole.unwrap_or_else(|| panic!("--{} takes no whole number", self.name))
    }

    /// ` --name value`, the value quoted for a shell where it needs to be.
    pub fn with(&self, value: impl std::fmt::Display) -> String {
        format!(" --{} {}", self.name, crate::names::shell_quote(&value.to_string()))
    }

    /// ` --name`: a switch that is on.
    pub fn alone(&self) -> String {
        format!(" --{}", self.name)
    }

    /// An error's words that begin with this option, for each front end to name its own
    /// way ([`crate::error::Words`]).
    pub fn said(&self) -> Words {
        Words::option(self.name)
    }

    /// An error's words that begin with this option set to `value` (`--format jsonl`).
    pub fn said_as(&self, value: &str) -> Words {
        Words::default().then_setting(self.name, Some(value))
    }

    /// A whole number given with this option, checked against its range ([`Flag::whole`]):
    /// out of it, an error naming the option, the value and the range (`'count' 0:
    /// between 1 and 10,000 …`).
    pub fn checked(&self, n: u32) -> Result<u32, Error> {
        match self.whole {
            Some(range) if !range.bounds().contains(&n) => {
                Err(Error::input(self.said().then(format!(" {n}: ")).and(range.words())))
            }
            _ => Ok(n),
        }
    }
}

// Every command.

/// `--quiet`.
pub const QUIET: Flag = Flag::new("quiet", "Quiet: no progress bar and no \"wrote\" lines; only errors, and what is asked for on standard output (--out -, a verify or solve report)");

// `boardpress man`.

/// `--out-dir`.
pub const MAN_OUT_DIR: Flag = Flag::new(
    "out-dir",
    "Write boardpress.1 and boardpress-<command>.1 into this folder instead of printing boardpress.1",
);

// Printed documents (`puzzles`, `board`, `rules`, `render`).

/// `--paper`.
pub const PAPER: Flag = Flag::new("paper", "Paper size: a4 or letter");
/// `--lang`.
pub const LANG: Flag = Flag::new("lang", "Language of the printed words: en, de (Deutsch) or fr (français)");

// A worksheet's own heading (`puzzles`, `board`, `render`).

/// `--title`.
pub const TITLE: Flag =
    Flag::new("title", "A title of your own at the top of every page (e.g. \"Class 3B - Friday puzzles\")");
/// `--subtitle`.
pub const SUBTITLE: Flag = Flag::new("subtitle", "A line under the title");
/// `--name-line`.
pub const NAME_LINE: Flag =
    Flag::new("name-line", "A \"Name ____ Date ____\" line at the top of the pages a pupil writes on");
/// `--author`.
pub const AUTHOR: Flag =
    Flag::new("author", "Who made the sheet: written into the PDF's metadata as its author (not printed)");

// A teacher's choices (`puzzles`, `render`).

/// `--handout`.
pub const HANDOUT: Flag = Flag::new("handout", "A pupil's handout: no position IDs under the puzzles and a one-line footer (seed and page); the full recreating command stays in the file's metadata and on the key");
/// `--key`.
pub const KEY: Flag =
    Flag::new("key", "Write the answer key to this PDF of its own (the sheet keeps only the puzzles)");

// `boardpress puzzles`.

/// `--count`.
pub const PUZZLES_COUNT: Flag =
    Flag::new("count", "How many puzzles").ranged(Whole { min: 1, max: 10_000, past_max: Some(PUZZLES_FIRST.name) });
/// `--seed`.
pub const PUZZLES_SEED: Flag = Flag::new("seed", "Any text; the same seed always gives the same puzzles");
/// `--task`.
pub const PUZZLES_TASK: Flag = Flag::new("task", "The task [default: the game's first, see the possible values]");
/// `--format`.
pub const PUZZLES_FORMAT: Flag = Flag::new("format", "Output format");
/// `--out`.
pub const PUZZLES_OUT: Flag =
    Flag::new("out", "Output file ('-' for standard output) [default: output/<game>-<task>-<seed>.<ext>]");
/// `--per-page`.
pub const PUZZLES_PER_PAGE: Flag =
    Flag::new("per-page", "Puzzles per page, 1 to 20 [default: the task's, e.g. 6]").ranged(Whole::new(1, 20));
/// `--any-wins`.
pub const PUZZLES_ANY_WINS: Flag =
    Flag::new("any-wins", "Allow several winning moves (all are listed in the key) instead of exactly one");
/// `--difficulty`.
pub const PUZZLES_DIFFICULTY: Flag = Flag::new("difficulty", "Keep only puzzles of this grade");
/// `--diagrams` (`puzzles`, `render`).
pub const DIAGRAMS: Flag = Flag::new("diagrams", "With --format svg: one SVG per diagram instead of per page");
/// `--first`.
pub const PUZZLES_FIRST: Flag =
    Flag::new("first", "Start at puzzle number N (for shards: --first 1001 --count 1000 makes puzzles 1001-2000)")
        .ranged(Whole::new(1, 1_000_000_000));
/// `--jobs`.
pub const PUZZLES_JOBS: Flag =
    Flag::new("jobs", "Worker threads [default: every core]; the output is the same for any number")
        .ranged(Whole::new(1, 256));
/// `--time-limit`.
pub const PUZZLES_TIME_LIMIT: Flag = Flag::new(
    "time-limit",
    "Stop after this many seconds with the puzzles found so far (exit status 1 if fewer than --count)",
);

// `boardpress board`.

/// `--per-page`.
pub const BOARD_PER_PAGE: Flag =
    Flag::new("per-page", "Boards per page, 1 to 12 (for the boards several fit on a page)").ranged(Whole::new(1, 12));
/// `--format`.
pub const BOARD_FORMAT: Flag = Flag::new("format", "Output format (pdf or svg)");
/// `--out`.
pub const BOARD_OUT: Flag =
    Flag::new("out", "Output file ('-' for standard output) [default: output/<game>-board-<variant or seed>.<ext>]");
/// `--seed`.
pub const BOARD_SEED: Flag =
    Flag::new("seed", "The seed of seeded boards or practice positions, for the games that have them (any text)");
/// `--count`.
pub const BOARD_COUNT: Flag =
    Flag::new("count", "How many seeded boards or practice positions (item i does not depend on the count)")
        .ranged(Whole::new(1, 1000));

// `boardpress render`.

/// `--out`.
pub const RENDER_OUT: Flag =
    Flag::new("out", "Output file ('-' for standard output) [default: output/<file name>.pdf]");
/// `--per-page`.
pub const RENDER_PER_PAGE: Flag =
    Flag::new("per-page", "Puzzles per page, 1 to 20 [default: as for the puzzles command]").ranged(Whole::new(1, 20));
/// `--format`.
pub const RENDER_FORMAT: Flag = Flag::new("format", "Output format (pdf or svg)");

// `boardpress book`.

/// `--out`.
pub const BOOK_OUT: Flag = Flag::new("out", "Output file ('-' for standard output) [default: output/<spec name>.pdf]");
/// `--cover`.
pub const BOOK_COVER: Flag =
    Flag::new("cover", "Also write the wrap-around cover (back, spine, front, with bleed) to this PDF");
/// `--jobs`.
pub const BOOK_JOBS: Flag =
    Flag::new("jobs", "Worker threads [default: every core]; the book is the same for any number")
        .ranged(Whole::new(1, 256));

// `boardpress demo`.

/// `--out-dir`.
pub const DEMO_OUT_DIR: Flag = Flag::new("out-dir", "Folder for the sample pack");

// `boardpress rules`.

/// `--template`.
pub const RULES_TEMPLATE: Flag = Flag::new(
    "template",
    "Your own Markdown file: tera variables and diagram fences work as in the built-in rulebooks",
);
/// `--booklet`.
pub const RULES_BOOKLET: Flag = Flag::new(
    "booklet",
    "Booklet: A5 pages (half-letter with --paper letter) imposed two per sheet for saddle stitching",
);
/// `--format`.
pub const RULES_FORMAT: Flag = Flag::new("format", "Output format");
/// `--out`.
pub const RULES_OUT: Flag =
    Flag::new("out", "Output file (default: output/<game>-rules.<ext>; '-' for standard output, PDF/HTML only)");
/// `--author`.
pub const RULES_AUTHOR: Flag =
    Flag::new("author", "Who made the rulebook: written into the PDF's metadata as its author (not printed)");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_number_is_held_to_the_range_the_table_gives() {
        assert_eq!(PUZZLES_COUNT.checked(10_000), Ok(10_000));
        let e = PUZZLES_COUNT.checked(10_001).unwrap_err();
        assert_eq!(e.message(), "'count' 10001: between 1 and 10,000 (for more, run in parts with 'first')");
        assert_eq!(
            e.words.naming(&|n| format!("--{n}")),
            "--count 10001: between 1 and 10,000 (for more, run in parts with --first)"
        );
        assert_eq!(e.exit_status(), 2);
        assert!(BOARD_PER_PAGE.checked(0).is_err() && BOARD_PER_PAGE.checked(12).is_ok());
        assert!(PUZZLES_FIRST.checked(0).is_err());
        // An option without a range takes any number it is given.
        assert_eq!(PUZZLES_SEED.checked(0), Ok(0));
    }

    #[test]
    fn the_help_states_the_range_the_table_gives() {
        for flag in [PUZZLES_PER_PAGE, BOARD_PER_PAGE, RENDER_PER_PAGE] {
            let range = flag.range();
            assert!(flag.help.contains(&format!("{} to {}", range.min, range.max)), "{}", flag.help);
        }
    }
}
