//! Every option of every command, once: the name a user writes and the line of help the
//! command line shows. The command line's parser, its `--help`, the man pages and the
//! shell completions take both from here (crates/cli names its arguments with these), and
//! every "recreate with" line writes an option's name from here ([`Flag::with`]), so a
//! flag is named the same everywhere. A game's own options are its table's
//! ([`crate::options::OptionSpec`]).

/// An option as a user writes it: `--count 12`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag {
    /// The name after the two dashes: `count`.
    pub name: &'static str,
    /// What it does, in one line of help (no full stop: clap's style).
    pub help: &'static str,
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
    pub fn said(&self) -> crate::error::Words {
        crate::error::Words::option(self.name)
    }
}

// Every command.

/// `--quiet`.
pub const QUIET: Flag = Flag { name: "quiet", help: "Quiet: no progress bar and no \"wrote\" lines; only errors, and what is asked for on standard output (--out -, a verify or solve report)" };

// `boardpress man`.

/// `--out-dir`.
pub const MAN_OUT_DIR: Flag = Flag {
    name: "out-dir",
    help: "Write boardpress.1 and boardpress-<command>.1 into this folder instead of printing boardpress.1",
};

// Printed documents (`puzzles`, `board`, `rules`, `render`).

/// `--paper`.
pub const PAPER: Flag = Flag { name: "paper", help: "Paper size: a4 or letter" };
/// `--lang`.
pub const LANG: Flag = Flag { name: "lang", help: "Language of the printed words: en, de (Deutsch) or fr (français)" };

// A worksheet's own heading (`puzzles`, `board`, `render`).

/// `--title`.
pub const TITLE: Flag =
    Flag { name: "title", help: "A title of your own at the top of every page (e.g. \"Class 3B - Friday puzzles\")" };
/// `--subtitle`.
pub const SUBTITLE: Flag = Flag { name: "subtitle", help: "A line under the title" };
/// `--name-line`.
pub const NAME_LINE: Flag =
    Flag { name: "name-line", help: "A \"Name ____ Date ____\" line at the top of the pages a pupil writes on" };
/// `--author`.
pub const AUTHOR: Flag =
    Flag { name: "author", help: "Who made the sheet: written into the PDF's metadata as its author (not printed)" };

// A teacher's choices (`puzzles`, `render`).

/// `--handout`.
pub const HANDOUT: Flag = Flag { name: "handout", help: "A pupil's handout: no position IDs under the puzzles and a one-line footer (seed and page); the full recreating command stays in the file's metadata and on the key" };
/// `--key`.
pub const KEY: Flag =
    Flag { name: "key", help: "Write the answer key to this PDF of its own (the sheet keeps only the puzzles)" };

// `boardpress puzzles`.

/// `--count`.
pub const PUZZLES_COUNT: Flag = Flag { name: "count", help: "How many puzzles" };
/// `--seed`.
pub const PUZZLES_SEED: Flag = Flag { name: "seed", help: "Any text; the same seed always gives the same puzzles" };
/// `--task`.
pub const PUZZLES_TASK: Flag =
    Flag { name: "task", help: "The task [default: the game's first, see the possible values]" };
/// `--format`.
pub const PUZZLES_FORMAT: Flag = Flag { name: "format", help: "Output format" };
/// `--out`.
pub const PUZZLES_OUT: Flag =
    Flag { name: "out", help: "Output file ('-' for standard output) [default: output/<game>-<task>-<seed>.<ext>]" };
/// `--per-page`.
pub const PUZZLES_PER_PAGE: Flag =
    Flag { name: "per-page", help: "Puzzles per page, 1 to 20 [default: the task's, e.g. 6]" };
/// `--any-wins`.
pub const PUZZLES_ANY_WINS: Flag =
    Flag { name: "any-wins", help: "Allow several winning moves (all are listed in the key) instead of exactly one" };
/// `--difficulty`.
pub const PUZZLES_DIFFICULTY: Flag = Flag { name: "difficulty", help: "Keep only puzzles of this grade" };
/// `--diagrams` (`puzzles`, `render`).
pub const DIAGRAMS: Flag =
    Flag { name: "diagrams", help: "With --format svg: one SVG per diagram instead of per page" };
/// `--first`.
pub const PUZZLES_FIRST: Flag = Flag {
    name: "first",
    help: "Start at puzzle number N (for shards: --first 1001 --count 1000 makes puzzles 1001-2000)",
};
/// `--jobs`.
pub const PUZZLES_JOBS: Flag =
    Flag { name: "jobs", help: "Worker threads [default: every core]; the output is the same for any number" };
/// `--time-limit`.
pub const PUZZLES_TIME_LIMIT: Flag = Flag {
    name: "time-limit",
    help: "Stop after this many seconds with the puzzles found so far (exit status 1 if fewer than --count)",
};

// `boardpress board`.

/// `--per-page`.
pub const BOARD_PER_PAGE: Flag =
    Flag { name: "per-page", help: "Boards per page, 1 to 12 (for the boards several fit on a page)" };
/// `--format`.
pub const BOARD_FORMAT: Flag = Flag { name: "format", help: "Output format (pdf or svg)" };
/// `--out`.
pub const BOARD_OUT: Flag = Flag {
    name: "out",
    help: "Output file ('-' for standard output) [default: output/<game>-board-<variant or seed>.<ext>]",
};
/// `--seed`.
pub const BOARD_SEED: Flag = Flag {
    name: "seed",
    help: "The seed of seeded boards or practice positions, for the games that have them (any text)",
};
/// `--count`.
pub const BOARD_COUNT: Flag =
    Flag { name: "count", help: "How many seeded boards or practice positions (item i does not depend on the count)" };

// `boardpress render`.

/// `--out`.
pub const RENDER_OUT: Flag =
    Flag { name: "out", help: "Output file ('-' for standard output) [default: output/<file name>.pdf]" };
/// `--per-page`.
pub const RENDER_PER_PAGE: Flag =
    Flag { name: "per-page", help: "Puzzles per page, 1 to 20 [default: as for the puzzles command]" };
/// `--format`.
pub const RENDER_FORMAT: Flag = Flag { name: "format", help: "Output format (pdf or svg)" };

// `boardpress book`.

/// `--out`.
pub const BOOK_OUT: Flag =
    Flag { name: "out", help: "Output file ('-' for standard output) [default: output/<spec name>.pdf]" };
/// `--cover`.
pub const BOOK_COVER: Flag =
    Flag { name: "cover", help: "Also write the wrap-around cover (back, spine, front, with bleed) to this PDF" };
/// `--jobs`.
pub const BOOK_JOBS: Flag =
    Flag { name: "jobs", help: "Worker threads [default: every core]; the book is the same for any number" };

// `boardpress demo`.

/// `--out-dir`.
pub const DEMO_OUT_DIR: Flag = Flag { name: "out-dir", help: "Folder for the sample pack" };

// `boardpress rules`.

/// `--template`.
pub const RULES_TEMPLATE: Flag = Flag {
    name: "template",
    help: "Your own Markdown file: tera variables and diagram fences work as in the built-in rulebooks",
};
/// `--booklet`.
pub const RULES_BOOKLET: Flag = Flag {
    name: "booklet",
    help: "Booklet: A5 pages (half-letter with --paper letter) imposed two per sheet for saddle stitching",
};
/// `--format`.
pub const RULES_FORMAT: Flag = Flag { name: "format", help: "Output format" };
/// `--out`.
pub const RULES_OUT: Flag = Flag {
    name: "out",
    help: "Output file (default: output/<game>-rules.<ext>; '-' for standard output, PDF/HTML only)",
};
/// `--author`.
pub const RULES_AUTHOR: Flag =
    Flag { name: "author", help: "Who made the rulebook: written into the PDF's metadata as its author (not printed)" };
