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

    /// The range, for a check.
    pub fn range(&self) -> std::ops::RangeInclusive<u32> {
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

    /// A whole number given with this option, checked against its range ([`Flag::whole`]):
    /// out of it, an error naming the option, the value and the range (`'count' 0:
    /// between 1 and 10,000 …`).
    pub fn checked(&self, n: u32) -> Result<u32, Error> {
        match self.whole {
            Some(range) if !range.range().contains(&n) => {
                Err(Error::input(self.said().then(format!(" {n}: ")).and(range.words())))
            }
            _ => Ok(n),
        }
    }
}

// Every command.

/// `--quiet`.
pub const QUIET: Flag = Flag { name: "quiet", help: "Quiet: no progress bar and no \"wrote\" lines; only errors, and what is asked for on standard output (--out -, a verify or solve report)", whole: None };

// `boardpress man`.

/// `--out-dir`.
pub const MAN_OUT_DIR: Flag = Flag {
    name: "out-dir",
    help: "Write boardpress.1 and boardpress-<command>.1 into this folder instead of printing boardpress.1",
    whole: None,
};

// Printed documents (`puzzles`, `board`, `rules`, `render`).

/// `--paper`.
pub const PAPER: Flag = Flag { name: "paper", help: "Paper size: a4 or letter", whole: None };
/// `--lang`.
pub const LANG: Flag =
    Flag { name: "lang", help: "Language of the printed words: en, de (Deutsch) or fr (français)", whole: None };

// A worksheet's own heading (`puzzles`, `board`, `render`).

/// `--title`.
pub const TITLE: Flag = Flag {
    name: "title",
    help: "A title of your own at the top of every page (e.g. \"Class 3B - Friday puzzles\")",
    whole: None,
};
/// `--subtitle`.
pub const SUBTITLE: Flag = Flag { name: "subtitle", help: "A line under the title", whole: None };
/// `--name-line`.
pub const NAME_LINE: Flag = Flag {
    name: "name-line",
    help: "A \"Name ____ Date ____\" line at the top of the pages a pupil writes on",
    whole: None,
};
/// `--author`.
pub const AUTHOR: Flag = Flag {
    name: "author",
    help: "Who made the sheet: written into the PDF's metadata as its author (not printed)",
    whole: None,
};

// A teacher's choices (`puzzles`, `render`).

/// `--handout`.
pub const HANDOUT: Flag = Flag { name: "handout", help: "A pupil's handout: no position IDs under the puzzles and a one-line footer (seed and page); the full recreating command stays in the file's metadata and on the key", whole: None };
/// `--key`.
pub const KEY: Flag = Flag {
    name: "key",
    help: "Write the answer key to this PDF of its own (the sheet keeps only the puzzles)",
    whole: None,
};

// `boardpress puzzles`.

/// `--count`.
pub const PUZZLES_COUNT: Flag = Flag {
    name: "count",
    help: "How many puzzles",
    whole: Some(Whole { min: 1, max: 10_000, past_max: Some("first") }),
};
/// `--seed`.
pub const PUZZLES_SEED: Flag =
    Flag { name: "seed", help: "Any text; the same seed always gives the same puzzles", whole: None };
/// `--task`.
pub const PUZZLES_TASK: Flag =
    Flag { name: "task", help: "The task [default: the game's first, see the possible values]", whole: None };
/// `--format`.
pub const PUZZLES_FORMAT: Flag = Flag { name: "format", help: "Output format", whole: None };
/// `--out`.
pub const PUZZLES_OUT: Flag = Flag {
    name: "out",
    help: "Output file ('-' for standard output) [default: output/<game>-<task>-<seed>.<ext>]",
    whole: None,
};
/// `--per-page`.
pub const PUZZLES_PER_PAGE: Flag = Flag {
    name: "per-page",
    help: "Puzzles per page, 1 to 20 [default: the task's, e.g. 6]",
    whole: Some(Whole::new(1, 20)),
};
/// `--any-wins`.
pub const PUZZLES_ANY_WINS: Flag = Flag {
    name: "any-wins",
    help: "Allow several winning moves (all are listed in the key) instead of exactly one",
    whole: None,
};
/// `--difficulty`.
pub const PUZZLES_DIFFICULTY: Flag = Flag { name: "difficulty", help: "Keep only puzzles of this grade", whole: None };
/// `--diagrams` (`puzzles`, `render`).
pub const DIAGRAMS: Flag =
    Flag { name: "diagrams", help: "With --format svg: one SVG per diagram instead of per page", whole: None };
/// `--first`.
pub const PUZZLES_FIRST: Flag = Flag {
    name: "first",
    help: "Start at puzzle number N (for shards: --first 1001 --count 1000 makes puzzles 1001-2000)",
    whole: Some(Whole::new(1, 1_000_000_000)),
};
/// `--jobs`.
pub const PUZZLES_JOBS: Flag = Flag {
    name: "jobs",
    help: "Worker threads [default: every core]; the output is the same for any number",
    whole: Some(Whole::new(1, 256)),
};
/// `--time-limit`.
pub const PUZZLES_TIME_LIMIT: Flag = Flag {
    name: "time-limit",
    help: "Stop after this many seconds with the puzzles found so far (exit status 1 if fewer than --count)",
    whole: None,
};

// `boardpress board`.

/// `--per-page`.
pub const BOARD_PER_PAGE: Flag = Flag {
    name: "per-page",
    help: "Boards per page, 1 to 12 (for the boards several fit on a page)",
    whole: Some(Whole::new(1, 12)),
};
/// `--format`.
pub const BOARD_FORMAT: Flag = Flag { name: "format", help: "Output format (pdf or svg)", whole: None };
/// `--out`.
pub const BOARD_OUT: Flag = Flag {
    name: "out",
    help: "Output file ('-' for standard output) [default: output/<game>-board-<variant or seed>.<ext>]",
    whole: None,
};
/// `--seed`.
pub const BOARD_SEED: Flag = Flag {
    name: "seed",
    help: "The seed of seeded boards or practice positions, for the games that have them (any text)",
    whole: None,
};
/// `--count`.
pub const BOARD_COUNT: Flag = Flag {
    name: "count",
    help: "How many seeded boards or practice positions (item i does not depend on the count)",
    whole: Some(Whole::new(1, 1000)),
};

// `boardpress render`.

/// `--out`.
pub const RENDER_OUT: Flag =
    Flag { name: "out", help: "Output file ('-' for standard output) [default: output/<file name>.pdf]", whole: None };
/// `--per-page`.
pub const RENDER_PER_PAGE: Flag = Flag {
    name: "per-page",
    help: "Puzzles per page, 1 to 20 [default: as for the puzzles command]",
    whole: Some(Whole::new(1, 20)),
};
/// `--format`.
pub const RENDER_FORMAT: Flag = Flag { name: "format", help: "Output format (pdf or svg)", whole: None };

// `boardpress book`.

/// `--out`.
pub const BOOK_OUT: Flag =
    Flag { name: "out", help: "Output file ('-' for standard output) [default: output/<spec name>.pdf]", whole: None };
/// `--cover`.
pub const BOOK_COVER: Flag = Flag {
    name: "cover",
    help: "Also write the wrap-around cover (back, spine, front, with bleed) to this PDF",
    whole: None,
};
/// `--jobs`.
pub const BOOK_JOBS: Flag = Flag {
    name: "jobs",
    help: "Worker threads [default: every core]; the book is the same for any number",
    whole: Some(Whole::new(1, 256)),
};

// `boardpress demo`.

/// `--out-dir`.
pub const DEMO_OUT_DIR: Flag = Flag { name: "out-dir", help: "Folder for the sample pack", whole: None };

// `boardpress rules`.

/// `--template`.
pub const RULES_TEMPLATE: Flag = Flag {
    name: "template",
    help: "Your own Markdown file: tera variables and diagram fences work as in the built-in rulebooks",
    whole: None,
};
/// `--booklet`.
pub const RULES_BOOKLET: Flag = Flag {
    name: "booklet",
    help: "Booklet: A5 pages (half-letter with --paper letter) imposed two per sheet for saddle stitching",
    whole: None,
};
/// `--format`.
pub const RULES_FORMAT: Flag = Flag { name: "format", help: "Output format", whole: None };
/// `--out`.
pub const RULES_OUT: Flag = Flag {
    name: "out",
    help: "Output file (default: output/<game>-rules.<ext>; '-' for standard output, PDF/HTML only)",
    whole: None,
};
/// `--author`.
pub const RULES_AUTHOR: Flag = Flag {
    name: "author",
    help: "Who made the rulebook: written into the PDF's metadata as its author (not printed)",
    whole: None,
};

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
            let range = flag.whole.expect("a range");
            assert!(flag.help.contains(&format!("{} to {}", range.min, range.max)), "{}", flag.help);
        }
    }
}
