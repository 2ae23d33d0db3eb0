//! Each command's "recreate with" line, written from its table: the parts of the line in
//! order, each a positional word or an option of [`crate::flags`] with what it writes for
//! a request (nothing where the request leaves it at its default). A new option is one
//! entry in `flags` and one part here, in the place the line gives it.

use crate::flags;
use crate::game::Game;
use crate::lang::Lang;
use crate::names::shell_quote;
use crate::options::GameOptions;
use crate::request::{BoardRequest, Format, RenderRequest, RulesRequest, SheetLook};

/// The recreating command: `boardpress <command>`, then every part's words in order (a
/// part writes nothing where the request leaves its option at the default).
pub fn line<R>(command: &str, parts: &[fn(&R) -> String], request: &R) -> String {
    parts.iter().fold(format!("boardpress {command}"), |line, part| line + &part(request))
}

/// `words()` when `on`, else nothing.
fn when(on: bool, words: impl FnOnce() -> String) -> String {
    if on {
        words()
    } else {
        String::new()
    }
}

/// What a `puzzles` line is written from: the request, and what its plan worked out.
pub struct PuzzlesLine<'a> {
    /// The request.
    pub req: &'a crate::request::PuzzlesRequest,
    /// Its game.
    pub game: &'static dyn Game,
    /// The task's word, and the game's first (the default).
    pub task: (&'a str, &'a str),
    /// The game's options, checked.
    pub options: &'a GameOptions,
    /// The task's puzzles per page.
    pub default_per_page: u8,
    /// The language the documents are in (JSON Lines records have none: English).
    pub lang: Lang,
}

/// The parts of a sheet's look that `puzzles` and `render` write alike: `--diagrams`,
/// `--handout`, `--key FILE`.
fn handout_words(look: &SheetLook) -> String {
    when(look.format == Format::Svg && look.diagrams, || flags::DIAGRAMS.alone())
        + &when(look.handout, || flags::HANDOUT.alone())
        + &look.key.as_deref().map(|k| flags::KEY.with(k)).unwrap_or_default()
}

/// `boardpress puzzles`.
pub const PUZZLES: &[for<'a> fn(&PuzzlesLine<'a>) -> String] = &[
    |l| format!(" {}", l.game.word()),
    |l| flags::PUZZLES_COUNT.with(l.req.count),
    |l| flags::PUZZLES_SEED.with(&l.req.seed),
    // A task other than the default is named here, except win-in-two, which has always
    // been named after the sheet options (so the footers printed before keep their bytes).
    |l| when(l.task.0 != l.task.1 && l.task.0 != "win-in-two", || flags::PUZZLES_TASK.with(l.task.0)),
    |l| l.options.words(l.game.options()),
    |l| when(l.req.first != 1, || flags::PUZZLES_FIRST.with(l.req.first)),
    |l| when(l.req.any_wins, || flags::PUZZLES_ANY_WINS.alone()),
    |l| l.req.difficulty.map(|d| flags::PUZZLES_DIFFICULTY.with(d.word())).unwrap_or_default(),
    |l| l.req.look.paper.option_words(),
    |l| {
        let per_page = l.req.look.per_page.filter(|&n| n != l.default_per_page);
        per_page.map(|n| flags::PUZZLES_PER_PAGE.with(n)).unwrap_or_default()
    },
    |l| when(l.task.0 == "win-in-two", || flags::PUZZLES_TASK.with(l.task.0)),
    |l| l.req.look.format.option_words(),
    |l| handout_words(&l.req.look),
    |l| l.req.look.header.words(),
    |l| l.lang.option_words(),
];

/// `boardpress render`.
pub const RENDER: &[fn(&RenderRequest) -> String] = &[
    |r| format!(" {}", shell_quote(&r.name)),
    |r| r.look.paper.option_words(),
    |r| r.look.per_page.map(|n| flags::RENDER_PER_PAGE.with(n)).unwrap_or_default(),
    |r| r.look.format.option_words(),
    |r| handout_words(&r.look),
    |r| r.look.header.words(),
    |r| r.look.lang.option_words(),
];

/// What a `board` line is written from: the request, the game's word, and the words the
/// game's board plan gave (its options, its seed and count).
pub struct BoardLine<'a> {
    /// The request.
    pub req: &'a BoardRequest,
    /// The game's word.
    pub game: &'a str,
    /// The game's own part of the line.
    pub game_words: &'a str,
}

/// `boardpress board`.
pub const BOARD: &[for<'a> fn(&BoardLine<'a>) -> String] = &[
    |l| format!(" {}", l.game),
    |l| l.game_words.to_string(),
    |l| when(l.req.per_page != 1, || flags::BOARD_PER_PAGE.with(l.req.per_page)),
    |l| l.req.paper.option_words(),
    |l| l.req.format.option_words(),
    |l| l.req.header.words(),
    |l| l.req.lang.option_words(),
];

/// What a `rules` line is written from: the request and its checked game options.
pub struct RulesLine<'a> {
    /// The request.
    pub req: &'a RulesRequest,
    /// The options of every game it was given.
    pub options: &'a GameOptions,
}

/// `boardpress rules`, with every game's options in registry order.
pub const RULES: &[for<'a> fn(&RulesLine<'a>) -> String] = &[
    |l| l.req.game.as_deref().map(|g| format!(" {}", g.to_ascii_lowercase())).unwrap_or_default(),
    |l| l.req.template.as_ref().map(|t| flags::RULES_TEMPLATE.with(&t.name)).unwrap_or_default(),
    |l| when(l.req.booklet, || flags::RULES_BOOKLET.alone()),
    |l| l.req.paper.option_words(),
    |l| l.req.format.option_words(),
    |l| crate::games::GAMES.iter().map(|g| l.options.only(g.options()).words(g.options())).collect(),
    |l| l.req.author.as_deref().map(|a| flags::RULES_AUTHOR.with(a)).unwrap_or_default(),
    |l| l.req.lang.option_words(),
];
