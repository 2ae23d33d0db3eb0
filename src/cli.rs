//! The command line: clap derive structs whose doc comments are the help text. Game
//! names, tasks and each game's options come from the registry (`games::GAMES`), so a new
//! game appears here without a line changed. Each command's arguments become a library
//! request; [`run`] is the driver that makes the documents and writes the files.

#[cfg(feature = "cli")]
pub mod demo;
pub mod in_memory;
#[cfg(feature = "cli")]
pub mod manual;
#[cfg(feature = "cli")]
pub mod progress;
#[cfg(feature = "cli")]
pub mod run;

use std::ffi::OsStr;
use std::path::PathBuf;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{ArgAction, ArgMatches, Args, Parser, Subcommand, ValueEnum};

use crate::games::{self, GAMES};
use crate::lang::Lang;
use crate::layout::Paper;
use crate::options::{GameOptions, Kind, OptionSpec, Use};
use crate::puzzle::Grade;
use crate::request::{
    BoardRequest, Format, Header, PuzzlesRequest, RenderRequest, RulesFormat, RulesRequest, Template,
};

#[cfg(feature = "cli")]
pub use run::run;

/// Prints games for paper play: verified puzzle sheets with answer keys, blank boards,
/// and more, as PDF, SVG and JSON Lines. Every sheet is reproducible from its seed.
#[derive(Debug, Parser)]
#[command(name = "boardpress", version, after_help = EXAMPLES)]
pub struct Cli {
    /// What to make.
    #[command(subcommand)]
    pub command: Command,
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

/// The subcommands.
#[derive(Debug, Subcommand)]
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

/// `boardpress completions`.
#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `boardpress man`.
#[derive(Debug, Clone, Args)]
pub struct ManArgs {
    /// Write boardpress.1 and boardpress-<command>.1 into this folder instead of printing boardpress.1.
    #[arg(long)]
    pub out_dir: Option<PathBuf>,
}

impl ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        &[Format::Pdf, Format::Svg, Format::Jsonl]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Format::Pdf => PossibleValue::new("pdf").help("One PDF file"),
            Format::Svg => PossibleValue::new("svg").help("One SVG file per page (or per diagram with --diagrams)"),
            Format::Jsonl => PossibleValue::new("jsonl").help("JSON Lines records, one per puzzle (puzzles only)"),
        })
    }
}

impl ValueEnum for RulesFormat {
    fn value_variants<'a>() -> &'a [Self] {
        &[RulesFormat::Pdf, RulesFormat::Svg, RulesFormat::Html]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            RulesFormat::Pdf => PossibleValue::new("pdf").help("One PDF file"),
            RulesFormat::Svg => PossibleValue::new("svg").help("One SVG file per page (per sheet side for a booklet)"),
            RulesFormat::Html => {
                PossibleValue::new("html").help("One self-contained HTML page with inline SVG diagrams")
            }
        })
    }
}

impl ValueEnum for Grade {
    fn value_variants<'a>() -> &'a [Self] {
        &Grade::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Grade::Easy => PossibleValue::new("easy").help("★☆☆☆ the fewest tempting wrong moves"),
            Grade::Medium => PossibleValue::new("medium").help("★★☆☆"),
            Grade::Hard => PossibleValue::new("hard").help("★★★☆"),
            Grade::Expert => {
                PossibleValue::new("expert").help("★★★★ the most decoys, or the most search to prove the answer")
            }
        })
    }
}

/// A game's word (any case), checked against the registry; `all` too when `all` is set.
#[derive(Debug, Clone, Copy)]
struct GameWord {
    all: bool,
}

impl TypedValueParser for GameWord {
    type Value = String;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<String, clap::Error> {
        let all = self.all;
        let parse = move |text: &str| -> Result<String, String> {
            if all && text.eq_ignore_ascii_case("all") {
                return Ok("all".into());
            }
            games::find(text).map(|g| g.word().to_string()).map_err(|e| e.message)
        };
        parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let games = GAMES.iter().map(|g| PossibleValue::new(g.word()).help(g.about()));
        let all = self.all.then(|| PossibleValue::new("all").help("Every game in one book, with a contents page"));
        Some(Box::new(games.chain(all)))
    }
}

/// A game's word, or a position ID (which names its game): `solve`'s first argument.
#[derive(Clone)]
struct GameOrId;

impl TypedValueParser for GameOrId {
    type Value = String;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<String, clap::Error> {
        let parse = |text: &str| -> Result<String, String> {
            if text.contains(':') {
                // An ID: its game and the rest are checked when it is read.
                return Ok(text.to_string());
            }
            games::find(text).map(|g| g.word().to_string()).map_err(|e| e.message)
        };
        parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        GameWord { all: false }.possible_values()
    }
}

/// Every task word of the registry, with the games that have it.
fn task_values() -> PossibleValuesParser {
    let mut words: Vec<(&str, Vec<String>)> = Vec::new();
    for g in GAMES {
        for t in g.tasks() {
            let line = format!("{}: {}", g.word(), t.help);
            match words.iter_mut().find(|(w, _)| *w == t.word) {
                Some((_, lines)) => lines.push(line),
                None => words.push((t.word, vec![line])),
            }
        }
    }
    PossibleValuesParser::new(words.into_iter().map(|(w, lines)| PossibleValue::new(w).help(lines.join("; "))))
}

fn parse_paper(s: &str) -> Result<Paper, String> {
    Paper::parse(s)
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::parse(s).map_err(|e| e.message)
}

fn parse_seconds(s: &str) -> Result<std::time::Duration, String> {
    let secs: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !(secs > 0.0 && secs <= 1e7) {
        return Err(format!("'{s}' must be more than 0 seconds (and at most 10000000)"));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}

/// Each registry option for a command once (the first game's table decides its kind),
/// with the help of every game that takes it.
fn game_options(used_for: Use) -> Vec<(OptionSpec, String)> {
    let mut out: Vec<(OptionSpec, String)> = Vec::new();
    for g in GAMES {
        for spec in g.options().iter().filter(|s| s.uses.contains(&used_for)) {
            // "EL: board side (3 to 11; blank boards up to 26)", several games joined by "; ".
            let text = spec.help.trim_end_matches('.');
            let mut chars = text.chars();
            let text = chars.next().map(|c| c.to_lowercase().chain(chars).collect::<String>()).unwrap_or_default();
            let line = format!("{}: {text}", g.title());
            match out.iter_mut().find(|(s, _)| s.name == spec.name) {
                Some((_, help)) => {
                    help.push_str("; ");
                    help.push_str(&line);
                }
                None => out.push((*spec, line)),
            }
        }
    }
    out
}

fn add_game_options(mut cmd: clap::Command, used_for: Use) -> clap::Command {
    for (spec, help) in game_options(used_for) {
        let arg = clap::Arg::new(spec.name).long(spec.name).help(help).help_heading("Game options");
        let arg = match spec.kind {
            Kind::Flag => arg.action(ArgAction::SetTrue),
            Kind::Number { min, max, .. } => arg
                .value_name(spec.name.to_ascii_uppercase())
                .value_parser(clap::value_parser!(u32).range(min as i64..=max as i64)),
            Kind::Choice(words) => arg
                .value_name(spec.name.to_ascii_uppercase())
                .value_parser(PossibleValuesParser::new(words.iter().map(|(w, h)| PossibleValue::new(*w).help(*h)))),
        };
        cmd = cmd.arg(arg);
    }
    cmd
}

fn collect_game_options(m: &ArgMatches, used_for: Use) -> GameOptions {
    let mut options = GameOptions::new();
    for (spec, _) in game_options(used_for) {
        match spec.kind {
            Kind::Flag => {
                if m.get_flag(spec.name) {
                    options.set(spec.name, "true");
                }
            }
            Kind::Number { .. } => {
                if let Some(n) = m.get_one::<u32>(spec.name) {
                    options.set(spec.name, n.to_string());
                }
            }
            Kind::Choice(_) => {
                if let Some(w) = m.get_one::<String>(spec.name) {
                    options.set(spec.name, w.clone());
                }
            }
        }
    }
    options
}

/// Defines the game options of one command as clap arguments, from the registry.
macro_rules! game_option_args {
    ($name:ident, $use:expr, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Clone, Default)]
        pub struct $name(pub GameOptions);

        impl clap::FromArgMatches for $name {
            fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
                Ok($name(collect_game_options(m, $use)))
            }

            fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
                self.0 = collect_game_options(m, $use);
                Ok(())
            }
        }

        impl Args for $name {
            fn augment_args(cmd: clap::Command) -> clap::Command {
                add_game_options(cmd, $use)
            }

            fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
                add_game_options(cmd, $use)
            }
        }
    };
}

game_option_args!(PuzzleOptions, Use::Puzzles, "The games' options of `boardpress puzzles`.");
game_option_args!(BoardOptions, Use::Board, "The games' options of `boardpress board`.");
game_option_args!(RulesOptions, Use::Rules, "The games' options of `boardpress rules`.");

/// A worksheet's own heading: `--title`, `--subtitle`, `--name-line`.
#[derive(Debug, Clone, Args)]
pub struct HeaderArgs {
    /// A title of your own at the top of every page (e.g. "Class 3B - Friday puzzles").
    #[arg(long)]
    pub title: Option<String>,
    /// A line under the title.
    #[arg(long)]
    pub subtitle: Option<String>,
    /// A "Name ____ Date ____" line at the top of the pages a pupil writes on.
    #[arg(long)]
    pub name_line: bool,
    /// Who made the sheet: written into the PDF's metadata as its author (not printed).
    #[arg(long)]
    pub author: Option<String>,
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

/// `boardpress puzzles`.
#[derive(Debug, Clone, Args)]
pub struct PuzzlesArgs {
    /// The game.
    #[arg(value_parser = GameWord { all: false })]
    pub game: String,
    /// How many puzzles.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub count: u32,
    /// Any text; the same seed always gives the same puzzles.
    #[arg(long, default_value = "1")]
    pub seed: String,
    /// The task [default: the game's first, see the possible values].
    #[arg(long, value_parser = task_values())]
    pub task: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Pdf)]
    pub format: Format,
    /// Output file ('-' for standard output) [default: output/<game>-<task>-<seed>.<ext>].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Paper size: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    pub paper: Paper,
    /// Language of the printed words: en, de (Deutsch) or fr (français).
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    pub lang: Lang,
    /// Puzzles per page, 1 to 20 [default: the task's, e.g. 6].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=20))]
    pub per_page: Option<u8>,
    /// Allow several winning moves (all are listed in the key) instead of exactly one.
    #[arg(long)]
    pub any_wins: bool,
    /// Keep only puzzles of this grade.
    #[arg(long, value_enum)]
    pub difficulty: Option<Grade>,
    /// With --format svg: one SVG per diagram instead of per page.
    #[arg(long)]
    pub diagrams: bool,
    /// Start at puzzle number N (for shards: --first 1001 --count 1000 makes puzzles 1001-2000).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1_000_000_000))]
    pub first: u32,
    /// Worker threads [default: every core]; the output is the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    /// Stop after this many seconds with the puzzles found so far (exit status 1 if fewer than --count).
    #[arg(long, value_parser = parse_seconds)]
    pub time_limit: Option<std::time::Duration>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
    /// The worksheet's title, subtitle and name line.
    #[command(flatten)]
    pub header: HeaderArgs,
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
            format: self.format,
            paper: self.paper,
            per_page: self.per_page,
            diagrams: self.diagrams,
            header: self.header.header(),
            lang: self.lang,
        }
    }
}

/// `boardpress board`.
#[derive(Debug, Clone, Args)]
pub struct BoardArgs {
    /// The game.
    #[arg(value_parser = GameWord { all: false })]
    pub game: String,
    /// Boards per page, 1 to 12 (for the boards several fit on a page).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=12))]
    pub per_page: u8,
    /// Paper size: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    pub paper: Paper,
    /// Language of the printed words: en, de (Deutsch) or fr (français).
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    pub lang: Lang,
    /// Output format (pdf or svg).
    #[arg(long, value_enum, default_value_t = Format::Pdf)]
    pub format: Format,
    /// Output file ('-' for standard output) [default: output/<game>-board-<variant or seed>.<ext>].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The seed of seeded boards or practice positions, for the games that have them (any text).
    #[arg(long)]
    pub seed: Option<String>,
    /// How many seeded boards or practice positions (item i does not depend on the count).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
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
            paper: self.paper,
            format: self.format,
            header: self.header.header(),
            lang: self.lang,
        }
    }
}

/// `boardpress solve`.
#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// The game, or the position ID alone (an ID names its game).
    #[arg(value_name = "GAME|ID", value_parser = GameOrId)]
    pub game: String,
    /// A position ID, e.g. el:6x6:<board>:r or kamon:<board>:<constraint>:B.
    pub id: Option<String>,
}

/// `boardpress verify`.
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
            paper: self.paper,
            per_page: self.per_page,
            format: self.format,
            header: self.header.header(),
            lang: self.lang,
        }
    }
}

/// `boardpress render`.
#[derive(Debug, Clone, Args)]
pub struct RenderArgs {
    /// A JSON Lines file of puzzles of one game and task ('-' for standard input), e.g. shards joined with cat.
    pub file: PathBuf,
    /// Output file ('-' for standard output) [default: output/<file name>.pdf].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Paper size: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    pub paper: Paper,
    /// Language of the printed words: en, de (Deutsch) or fr (français).
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    pub lang: Lang,
    /// Puzzles per page, 1 to 20 [default: as for the puzzles command].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=20))]
    pub per_page: Option<u8>,
    /// Output format (pdf or svg).
    #[arg(long, value_enum, default_value_t = Format::Pdf)]
    pub format: Format,
    /// The worksheet's title, subtitle and name line.
    #[command(flatten)]
    pub header: HeaderArgs,
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

/// `boardpress book`.
#[derive(Debug, Clone, Args)]
pub struct BookArgs {
    /// The book's spec (TOML): title, trim, seed and [[section]]s of puzzles.
    pub spec: PathBuf,
    /// Output file ('-' for standard output) [default: output/<spec name>.pdf].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write the wrap-around cover (back, spine, front, with bleed) to this PDF.
    #[arg(long)]
    pub cover: Option<PathBuf>,
    /// Worker threads [default: every core]; the book is the same for any number.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: Option<u32>,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

/// `boardpress demo`.
#[derive(Debug, Clone, Args)]
pub struct DemoArgs {
    /// Folder for the sample pack.
    #[arg(long, default_value = "output")]
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

/// `boardpress rules`.
#[derive(Debug, Clone, Args)]
pub struct RulesArgs {
    /// The game, or all for the compendium. Optional with --template.
    #[arg(value_parser = GameWord { all: true })]
    pub game: Option<String>,
    /// Your own Markdown file: tera variables and diagram fences work as in the built-in rulebooks.
    #[arg(long)]
    pub template: Option<PathBuf>,
    /// Booklet: A5 pages (half-letter with --paper letter) imposed two per sheet for saddle stitching.
    #[arg(long)]
    pub booklet: bool,
    /// Paper size: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    pub paper: Paper,
    /// Language of the printed words: en, de (Deutsch) or fr (français).
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    pub lang: Lang,
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Pdf)]
    pub format: RulesFormat,
    /// Output file (default: output/<game>-rules.<ext>; '-' for standard output, PDF/HTML only).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Who made the rulebook: written into the PDF's metadata as its author (not printed).
    #[arg(long)]
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
            paper: self.paper,
            format: self.format,
            options: self.options.0.clone(),
            lang: self.lang,
            author: self.author.clone(),
        }
    }
}
