//! The command line: clap derive structs whose doc comments are the help text. Game
//! names, tasks and each game's options come from the registry (`games::GAMES`), so a new
//! game appears here without a line changed. Each command's arguments become a library
//! request; [`run()`] is the driver that makes the documents and writes the files.

// The doc comments below are clap's `--help` text, written for a terminal: `<game>` and
// `[default: …]` are not HTML or links.
#![allow(rustdoc::invalid_html_tags, rustdoc::broken_intra_doc_links)]

#[cfg(feature = "terminal")]
pub mod demo;
pub mod drive;
pub mod in_memory;
#[cfg(feature = "terminal")]
pub mod manual;
#[cfg(feature = "terminal")]
pub mod output;
#[cfg(feature = "terminal")]
pub mod progress;
#[cfg(feature = "terminal")]
pub mod run;
pub mod usage;
mod values;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use boardpress::flags;
use boardpress::lang::Lang;
use boardpress::layout::Paper;

use boardpress::game::Grade;
use boardpress::request::{
    BoardRequest, Format, Header, PuzzlesRequest, RenderRequest, RulesFormat, RulesRequest, SheetLook, Template,
};

use clap::builder::TypedValueParser;
#[cfg(feature = "terminal")]
pub use run::run;

/// An error of the library as the command line and the web page say it: on one line,
/// each option it names written as a flag (`--count`).
pub fn error_words(e: &boardpress::Error) -> String {
    boardpress::error::single_line(&e.words.naming(&|name| format!("--{name}")))
}
use values::{
    parse_lang, parse_paper, parse_seconds, task_values, GameOrId, GameWord, InRange, FORMATS, GRADES, RULES_FORMATS,
};
pub use values::{BoardOptions, PuzzleOptions, RulesOptions};

/// Prints games for paper play: verified puzzle sheets with answer keys, blank boards,
/// and more, as PDF, SVG and JSON Lines. Every sheet is reproducible from its seed.
#[derive(Debug, Parser)]
#[command(name = "boardpress", version, after_help = EXAMPLES)]
pub struct Cli {
    /// What to make.
    #[command(subcommand)]
    pub command: Command,
    /// `--quiet`: [`flags::QUIET`].
    #[arg(long = flags::QUIET.name, help = flags::QUIET.help, short, global = true)]
    pub quiet: bool,
}

const EXAMPLES: &str = "Examples:
  boardpress demo                                          sample pack in output/
  boardpress puzzles el --count 12 --seed club-night       output/el-win-in-one-club-night.pdf
  boardpress puzzles el --seed club-night --format jsonl --out -
  boardpress puzzles el --seed club-night --format svg     one SVG per page
  boardpress board el                                      blank 6x6 board, A4
  boardpress board el --size 8 --numbers 8 --per-page 2 --paper letter
  boardpress board kamon --seed 2024-11-21                 a seeded, ready-to-play Kamon board
  boardpress board kamon --blank --tokens                  blank board + cut-out tokens
  boardpress puzzles kamon --count 12 --seed s1            Kamon win-in-one sheet + key
  boardpress puzzles el --task win-in-two --count 12       one move forces a win next turn (also kamon, six)
  boardpress puzzles el --task win-in-two --count 5000 --format jsonl --out mined.jsonl --first 1 --jobs 2
  boardpress render mined.jsonl --out book.pdf             typeset puzzles mined earlier (re-verified)
  boardpress board six                                     hex paper for SIX (and --tokens)
  boardpress puzzles six --task block --count 12           SIX: exactly one cell stops the threat
  boardpress board gosforth                                5x5 board, score tracks, pieces
  boardpress board gosforth --seed s --count 6             practice positions for the sliding stage
  boardpress puzzles gosforth --count 12 --seed s          score-now and reach-12-now puzzles
  boardpress solve el 'el:6x6:....../....../....../....../....../......:r'
  boardpress verify output/el-win-in-one-club-night.jsonl
  boardpress rules el                                      illustrated rulebook (also --booklet, all, --format html)";

/// The subcommands. Each one's options are built only when the command line names it
/// (`defer`: a small sheet's run builds one subcommand's options, not ten). Its one-line
/// description is given twice — on the variant, for the list of commands, and on its
/// options' struct, which a deferred build applies last — and a test keeps them equal.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Generate a sheet of verified puzzles with an answer key.
    #[command(after_help = "Example:\n  boardpress puzzles el --count 12 --seed club-night --difficulty hard")]
    Puzzles(PuzzlesArgs),
    /// Print boards for playing with pens: blank or seeded, tokens to cut out, practice positions.
    #[command(after_help = "Example:\n  boardpress board el --size 8 --numbers 8 --per-page 2 --paper letter")]
    Board(BoardArgs),
    /// Analyse a position: status, winning moves, threats of every player.
    #[command(after_help = "Example:\n  boardpress solve el 'el:6x6:....../....../....../....../....../......:r'")]
    Solve(SolveArgs),
    /// Re-check every record of a JSON Lines puzzle file by exhaustive search.
    #[command(after_help = "Example:\n  boardpress verify output/el-win-in-one-club-night.jsonl")]
    Verify(VerifyArgs),
    /// Typeset an illustrated rulebook (every diagram checked by the rules engine).
    #[command(after_help = RULES_EXAMPLES)]
    Rules(RulesArgs),
    /// Make a print-on-demand puzzle book (and its cover) from a spec file.
    #[command(after_help = BOOK_EXAMPLES)]
    Book(BookArgs),
    /// Typeset a puzzle sheet with its key from a JSON Lines file (every record re-verified first).
    #[command(
        after_help = "Example:\n  boardpress puzzles el --task win-in-two --count 600 --format jsonl --out mined.jsonl\n  boardpress render mined.jsonl --out book.pdf"
    )]
    Render(RenderArgs),
    /// Write the sample pack into output/: boards, puzzle sheets with JSON Lines, and the rulebooks.
    Demo(DemoArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Example:\n  boardpress completions bash > ~/.local/share/bash-completion/completions/boardpress"
    )]
    Completions(CompletionsArgs),
    /// Print the man page, or write one page per subcommand into a folder.
    #[command(
        after_help = "Examples:\n  boardpress man | man -l -\n  boardpress man --out-dir /usr/local/share/man/man1"
    )]
    Man(ManArgs),
}

/// Print a shell completion script (bash, zsh, fish, elvish, powershell).
#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, ignore_case = true)]
    pub shell: clap_complete::Shell,
}

/// Print the man page, or write one page per subcommand into a folder.
#[derive(Debug, Clone, Args)]
pub struct ManArgs {
    /// `--out-dir`: [`flags::MAN_OUT_DIR`].
    #[arg(long = flags::MAN_OUT_DIR.name, help = flags::MAN_OUT_DIR.help)]
    pub out_dir: Option<PathBuf>,
}

/// The paper and the language of a printed document: `--paper`, `--lang`.
#[derive(Debug, Clone, Args)]
pub struct PrintArgs {
    /// `--paper`: [`flags::PAPER`].
    #[arg(long = flags::PAPER.name, help = flags::PAPER.help, default_value = "a4", value_parser = parse_paper)]
    pub paper: Paper,
    /// `--lang`: [`flags::LANG`].
    #[arg(long = flags::LANG.name, help = flags::LANG.help, default_value = "en", value_parser = parse_lang)]
    pub lang: Lang,
}

/// A worksheet's own heading: `--title`, `--subtitle`, `--name-line`.
#[derive(Debug, Clone, Args)]
pub struct HeaderArgs {
    /// `--title`: [`flags::TITLE`].
    #[arg(long = flags::TITLE.name, help = flags::TITLE.help)]
    pub title: Option<String>,
    /// `--subtitle`: [`flags::SUBTITLE`].
    #[arg(long = flags::SUBTITLE.name, help = flags::SUBTITLE.help)]
    pub subtitle: Option<String>,
    /// `--name-line`: [`flags::NAME_LINE`].
    #[arg(long = flags::NAME_LINE.name, help = flags::NAME_LINE.help)]
    pub name_line: bool,
    /// `--author`: [`flags::AUTHOR`].
    #[arg(long = flags::AUTHOR.name, help = flags::AUTHOR.help)]
    pub author: Option<String>,
}

/// A teacher's choices: `--handout`, `--key FILE`.
#[derive(Debug, Clone, Args)]
pub struct HandoutArgs {
    /// `--handout`: [`flags::HANDOUT`].
    #[arg(long = flags::HANDOUT.name, help = flags::HANDOUT.help)]
    pub handout: bool,
    /// `--key`: [`flags::KEY`].
    #[arg(long = flags::KEY.name, help = flags::KEY.help, value_name = "FILE")]
    pub key: Option<PathBuf>,
}

impl HandoutArgs {
    /// The key's file name as the user gave it.
    pub fn key_name(&self) -> Option<String> {
        self.key.as_ref().map(|p| p.display().to_string())
    }
}

impl HeaderArgs {
    /// The library's header.
    pub fn header(&self) -> Header {
        Header {
            title: self.title.clone(),
            subtitle: self.subtitle.clone(),
            name_line: self.name_line,
            author: self.author.clone(),
        }
    }
}

/// Generate a sheet of verified puzzles with an answer key.
#[derive(Debug, Clone, Args)]
pub struct PuzzlesArgs {
    /// The game.
    #[arg(value_parser = GameWord { all: false })]
    pub game: String,
    /// `--count`: [`flags::PUZZLES_COUNT`].
    #[arg(long = flags::PUZZLES_COUNT.name, help = flags::PUZZLES_COUNT.help, default_value_t = 12, allow_negative_numbers = true, value_parser = InRange::of(&flags::PUZZLES_COUNT))]
    pub count: u32,
    /// `--seed`: [`flags::PUZZLES_SEED`].
    #[arg(long = flags::PUZZLES_SEED.name, help = flags::PUZZLES_SEED.help, default_value = "1")]
    pub seed: String,
    /// `--task`: [`flags::PUZZLES_TASK`].
    #[arg(long = flags::PUZZLES_TASK.name, help = flags::PUZZLES_TASK.help, ignore_case = true, value_parser = task_values())]
    pub task: Option<String>,
    /// `--format`: [`flags::PUZZLES_FORMAT`].
    #[arg(long = flags::PUZZLES_FORMAT.name, help = flags::PUZZLES_FORMAT.help, value_parser = FORMATS, ignore_case = true, default_value = "pdf")]
    pub format: Format,
    /// `--out`: [`flags::PUZZLES_OUT`].
    #[arg(long = flags::PUZZLES_OUT.name, help = flags::PUZZLES_OUT.help)]
    pub out: Option<PathBuf>,
    /// Paper size and language.
    #[command(flatten)]
    pub print: PrintArgs,
    /// `--per-page`: [`flags::PUZZLES_PER_PAGE`].
    #[arg(long = flags::PUZZLES_PER_PAGE.name, help = flags::PUZZLES_PER_PAGE.help, allow_negative_numbers = true, value_parser = InRange::of(&flags::PUZZLES_PER_PAGE).map(|n| n as u8))]
    pub per_page: Option<u8>,
    /// `--any-wins`: [`flags::PUZZLES_ANY_WINS`].
    #[arg(long = flags::PUZZLES_ANY_WINS.name, help = flags::PUZZLES_ANY_WINS.help)]
    pub any_wins: bool,
    /// `--difficulty`: [`flags::PUZZLES_DIFFICULTY`].
    #[arg(long = flags::PUZZLES_DIFFICULTY.name, help = flags::PUZZLES_DIFFICULTY.help, value_parser = GRADES, ignore_case = true)]
    pub difficulty: Option<Grade>,
    /// `--diagrams`: [`flags::DIAGRAMS`].
    #[arg(long = flags::DIAGRAMS.name, help = flags::DIAGRAMS.help)]
    pub diagrams: bool,
    /// `--first`: [`flags::PUZZLES_FIRST`].
    #[arg(long = flags::PUZZLES_FIRST.name, help = flags::PUZZLES_FIRST.help, default_value_t = 1, allow_negative_numbers = true, value_parser = InRange::of(&flags::PUZZLES_FIRST))]
    pub first: u32,
    /// `--jobs`: [`flags::PUZZLES_JOBS`].
    #[arg(long = flags::PUZZLES_JOBS.name, help = flags::PUZZLES_JOBS.help, allow_negative_numbers = true, value_parser = InRange::of(&flags::PUZZLES_JOBS))]
    pub jobs: Option<u32>,
    /// `--time-limit`: [`flags::PUZZLES_TIME_LIMIT`].
    #[arg(long = flags::PUZZLES_TIME_LIMIT.name, help = flags::PUZZLES_TIME_LIMIT.help, allow_negative_numbers = true, value_parser = parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    /// The worksheet's title, subtitle and name line.
    #[command(flatten)]
    pub header: HeaderArgs,
    /// A handout, and the key apart.
    #[command(flatten)]
    pub handout: HandoutArgs,
    /// The game's own options.
    #[command(flatten)]
    pub options: PuzzleOptions,
}

impl PuzzlesArgs {
    /// The library request.
    pub fn request(&self) -> PuzzlesRequest {
        PuzzlesRequest {
            game: self.game.clone(),
            task: self.task.clone(),
            count: self.count,
            first: self.first,
            seed: self.seed.clone(),
            options: self.options.0.clone(),
            any_wins: self.any_wins,
            difficulty: self.difficulty,
            look: sheet_look(self.format, &self.print, self.per_page, self.diagrams, &self.header, &self.handout),
        }
    }
}

/// How a sheet is printed, from the flags `puzzles` and `render` share.
fn sheet_look(
    format: Format,
    print: &PrintArgs,
    per_page: Option<u8>,
    diagrams: bool,
    header: &HeaderArgs,
    handout: &HandoutArgs,
) -> SheetLook {
    SheetLook {
        format,
        paper: print.paper,
        per_page,
        diagrams,
        header: header.header(),
        lang: print.lang,
        handout: handout.handout,
        key: handout.key_name(),
    }
}

/// Print boards for playing with pens: blank or seeded, tokens to cut out, practice positions.
#[derive(Debug, Clone, Args)]
pub struct BoardArgs {
    /// The game.
    #[arg(value_parser = GameWord { all: false })]
    pub game: String,
    /// `--per-page`: [`flags::BOARD_PER_PAGE`].
    #[arg(long = flags::BOARD_PER_PAGE.name, help = flags::BOARD_PER_PAGE.help, default_value_t = 1, allow_negative_numbers = true, value_parser = InRange::of(&flags::BOARD_PER_PAGE).map(|n| n as u8))]
    pub per_page: u8,
    /// Paper size and language.
    #[command(flatten)]
    pub print: PrintArgs,
    /// `--format`: [`flags::BOARD_FORMAT`].
    #[arg(long = flags::BOARD_FORMAT.name, help = flags::BOARD_FORMAT.help, value_parser = FORMATS, ignore_case = true, default_value = "pdf")]
    pub format: Format,
    /// `--out`: [`flags::BOARD_OUT`].
    #[arg(long = flags::BOARD_OUT.name, help = flags::BOARD_OUT.help)]
    pub out: Option<PathBuf>,
    /// `--seed`: [`flags::BOARD_SEED`].
    #[arg(long = flags::BOARD_SEED.name, help = flags::BOARD_SEED.help)]
    pub seed: Option<String>,
    /// `--count`: [`flags::BOARD_COUNT`].
    #[arg(long = flags::BOARD_COUNT.name, help = flags::BOARD_COUNT.help, allow_negative_numbers = true, value_parser = InRange::of(&flags::BOARD_COUNT))]
    pub count: Option<u32>,
    /// The worksheet's title, subtitle and name line.
    #[command(flatten)]
    pub header: HeaderArgs,
    /// The game's own options.
    #[command(flatten)]
    pub options: BoardOptions,
}

impl BoardArgs {
    /// The library request.
    pub fn request(&self) -> BoardRequest {
        BoardRequest {
            game: self.game.clone(),
            options: self.options.0.clone(),
            seed: self.seed.clone(),
            count: self.count,
            per_page: self.per_page,
            paper: self.print.paper,
            format: self.format,
            header: self.header.header(),
            lang: self.print.lang,
        }
    }
}

/// Analyse a position: status, winning moves, threats of every player.
#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// The game, or the position ID alone (an ID names its game).
    #[arg(value_name = "GAME|ID", value_parser = GameOrId)]
    pub game: String,
    /// A position ID, e.g. el:6x6:<board>:r or kamon:<board>:<constraint>:B.
    pub id: Option<String>,
}

/// Re-check every record of a JSON Lines puzzle file by exhaustive search.
#[derive(Debug, Clone, Args)]
pub struct VerifyArgs {
    /// A JSON Lines file written by `boardpress puzzles --format jsonl` ('-' for standard input).
    pub file: PathBuf,
}

impl RenderArgs {
    /// The library request, for the records `text` read from the file `name`.
    pub fn request(&self, name: String, text: String) -> RenderRequest {
        RenderRequest {
            name,
            text,
            look: sheet_look(self.format, &self.print, self.per_page, self.diagrams, &self.header, &self.handout),
        }
    }
}

/// Typeset a puzzle sheet with its key from a JSON Lines file (every record re-verified first).
#[derive(Debug, Clone, Args)]
pub struct RenderArgs {
    /// A JSON Lines file of puzzles of one game and task ('-' for standard input), e.g. shards joined with cat.
    pub file: PathBuf,
    /// `--out`: [`flags::RENDER_OUT`].
    #[arg(long = flags::RENDER_OUT.name, help = flags::RENDER_OUT.help)]
    pub out: Option<PathBuf>,
    /// Paper size and language.
    #[command(flatten)]
    pub print: PrintArgs,
    /// `--per-page`: [`flags::RENDER_PER_PAGE`].
    #[arg(long = flags::RENDER_PER_PAGE.name, help = flags::RENDER_PER_PAGE.help, allow_negative_numbers = true, value_parser = InRange::of(&flags::RENDER_PER_PAGE).map(|n| n as u8))]
    pub per_page: Option<u8>,
    /// `--format`: [`flags::RENDER_FORMAT`].
    #[arg(long = flags::RENDER_FORMAT.name, help = flags::RENDER_FORMAT.help, value_parser = FORMATS, ignore_case = true, default_value = "pdf")]
    pub format: Format,
    /// `--diagrams`: [`flags::DIAGRAMS`].
    #[arg(long = flags::DIAGRAMS.name, help = flags::DIAGRAMS.help)]
    pub diagrams: bool,
    /// The worksheet's title, subtitle and name line.
    #[command(flatten)]
    pub header: HeaderArgs,
    /// A handout, and the key apart.
    #[command(flatten)]
    pub handout: HandoutArgs,
}

const BOOK_EXAMPLES: &str = "Examples:
  boardpress book templates/book.toml                        output/book.pdf
  boardpress book club.toml --out club.pdf --cover club-cover.pdf

A spec names the book and its sections:
  title = \"Paper Game Puzzles\"
  trim = \"6x9in\"            # 5x8in 5.5x8.5in 6x9in 7x10in 8x10in 8.5x11in a5 a4 letter
  seed = \"vol-1\"
  [[section]]
  title = \"EL: first steps\"
  game = \"el\"
  task = \"win-in-one\"
  count = 24";

/// Make a print-on-demand puzzle book (and its cover) from a spec file.
#[derive(Debug, Clone, Args)]
pub struct BookArgs {
    /// The book's spec (TOML): title, trim, seed and [[section]]s of puzzles.
    pub spec: PathBuf,
    /// `--out`: [`flags::BOOK_OUT`].
    #[arg(long = flags::BOOK_OUT.name, help = flags::BOOK_OUT.help)]
    pub out: Option<PathBuf>,
    /// `--cover`: [`flags::BOOK_COVER`].
    #[arg(long = flags::BOOK_COVER.name, help = flags::BOOK_COVER.help)]
    pub cover: Option<PathBuf>,
    /// `--jobs`: [`flags::BOOK_JOBS`].
    #[arg(long = flags::BOOK_JOBS.name, help = flags::BOOK_JOBS.help, allow_negative_numbers = true, value_parser = InRange::of(&flags::BOOK_JOBS))]
    pub jobs: Option<u32>,
}

/// Write the sample pack into output/: boards, puzzle sheets with JSON Lines, and the rulebooks.
#[derive(Debug, Clone, Args)]
pub struct DemoArgs {
    /// `--out-dir`: [`flags::DEMO_OUT_DIR`].
    #[arg(long = flags::DEMO_OUT_DIR.name, help = flags::DEMO_OUT_DIR.help, default_value = "output")]
    pub out_dir: PathBuf,
}

const RULES_EXAMPLES: &str = "Examples:
  boardpress rules el                               output/el-rules.pdf, A4, one page per sheet
  boardpress rules kamon --booklet --paper letter   half-letter pages imposed 2-up for saddle stitch
  boardpress rules el --size 8 --numbers 8          the text and diagrams follow the variant
  boardpress rules all                              the four games in one book with a contents page
  boardpress rules six --format svg                 one SVG per page
  boardpress rules gosforth --format html           one self-contained HTML page
  boardpress rules --template my-rules.md           your own Markdown, same diagram fences";

/// Typeset an illustrated rulebook (every diagram checked by the rules engine).
#[derive(Debug, Clone, Args)]
pub struct RulesArgs {
    /// The game, or all for the compendium. Optional with --template.
    #[arg(value_parser = GameWord { all: true })]
    pub game: Option<String>,
    /// `--template`: [`flags::RULES_TEMPLATE`].
    #[arg(long = flags::RULES_TEMPLATE.name, help = flags::RULES_TEMPLATE.help)]
    pub template: Option<PathBuf>,
    /// `--booklet`: [`flags::RULES_BOOKLET`].
    #[arg(long = flags::RULES_BOOKLET.name, help = flags::RULES_BOOKLET.help)]
    pub booklet: bool,
    /// Paper size and language.
    #[command(flatten)]
    pub print: PrintArgs,
    /// `--format`: [`flags::RULES_FORMAT`].
    #[arg(long = flags::RULES_FORMAT.name, help = flags::RULES_FORMAT.help, value_parser = RULES_FORMATS, ignore_case = true, default_value = "pdf")]
    pub format: RulesFormat,
    /// `--out`: [`flags::RULES_OUT`].
    #[arg(long = flags::RULES_OUT.name, help = flags::RULES_OUT.help)]
    pub out: Option<PathBuf>,
    /// `--author`: [`flags::RULES_AUTHOR`].
    #[arg(long = flags::RULES_AUTHOR.name, help = flags::RULES_AUTHOR.help)]
    pub author: Option<String>,
    /// The games' options (the rules text and diagrams follow them).
    #[command(flatten)]
    pub options: RulesOptions,
}

impl RulesArgs {
    /// The library request, with the template's text when `--template` named one.
    pub fn request(&self, template: Option<Template>) -> RulesRequest {
        RulesRequest {
            game: self.game.clone(),
            template,
            booklet: self.booklet,
            paper: self.print.paper,
            format: self.format,
            options: self.options.0.clone(),
            lang: self.print.lang,
            author: self.author.clone(),
        }
    }
}
