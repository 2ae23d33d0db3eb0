//! The command line: clap derive structs whose doc comments are the help text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::games::Game;
use crate::layout::Paper;
use crate::puzzle::Grade;

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
    /// Print blank boards for playing with pens.
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

/// Output formats of sheets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One PDF file.
    Pdf,
    /// One SVG file per page (or per diagram with --diagrams).
    Svg,
    /// JSON Lines records, one per puzzle (puzzles only).
    Jsonl,
}

/// The task a puzzle sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Task {
    /// The side to move has a winning move now (Gosforth: reach the target now).
    WinInOne,
    /// EL, Kamon, SIX round one: exactly one move after which every reply leaves a win.
    WinInTwo,
    /// SIX: the opponent threatens a formation; exactly one cell stops it.
    Block,
    /// Gosforth: the one slide that scores the most (the default for gosforth).
    BestMove,
}

/// EL variant options (RULES.md §3.6).
#[derive(Debug, Clone, Args)]
pub struct ElVariantArgs {
    /// Board side (3 to 11; blank boards up to 26).
    #[arg(long, default_value_t = 6)]
    pub size: u8,
    /// Highest number players write (3 to 9).
    #[arg(long, default_value_t = 6)]
    pub numbers: u8,
    /// Cells in an EL [default: the highest number; 6 with --consecutive].
    #[arg(long)]
    pub length: Option<u8>,
    /// Number of players (2 to 4).
    #[arg(long, default_value_t = 2)]
    pub players: u8,
    /// An EL needs consecutive numbers (e.g. 7x7 with numbers 1-8, runs of 6).
    #[arg(long)]
    pub consecutive: bool,
    /// Which shapes count: line or L (el), any connected shape (any), induced path (snake).
    #[arg(long, value_enum, default_value_t = ShapeArg::El)]
    pub shape: ShapeArg,
    /// A full board without a winner is a win for the second player.
    #[arg(long)]
    pub full_board_p2: bool,
    /// The balancing rule: the first player's first two numbers must be equal.
    #[arg(long)]
    pub balance: bool,
}

/// `--shape` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ShapeArg {
    /// A straight line or an L.
    El,
    /// Any orthogonally connected set.
    Any,
    /// An induced path.
    Snake,
}

fn parse_game(s: &str) -> Result<Game, String> {
    Game::parse(s)
}

fn parse_paper(s: &str) -> Result<Paper, String> {
    Paper::parse(s)
}

/// `boardpress puzzles`.
#[derive(Debug, Clone, Args)]
pub struct PuzzlesArgs {
    /// The game (el, kamon, six, gosforth).
    #[arg(value_parser = parse_game)]
    pub game: Game,
    /// How many puzzles.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub count: u32,
    /// Any text; the same seed always gives the same puzzles.
    #[arg(long, default_value = "1")]
    pub seed: String,
    /// The task [default: win-in-one; best-move for gosforth].
    #[arg(long, value_enum)]
    pub task: Option<Task>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Pdf)]
    pub format: Format,
    /// Output file ('-' for standard output) [default: output/<game>-<task>-<seed>.<ext>].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Paper size: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    pub paper: Paper,
    /// Puzzles per page, 1 to 20 [default: 6 for EL, 4 for Kamon].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=20))]
    pub per_page: Option<u8>,
    /// Gosforth: the target score [default: 12].
    #[arg(long, value_parser = clap::value_parser!(u8).range(4..=40))]
    pub target: Option<u8>,
    /// SIX: round 1 (placing) or 2 (lift and place).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub round: Option<u8>,
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
    /// Variant.
    #[command(flatten)]
    pub variant: ElVariantArgs,
}

fn parse_seconds(s: &str) -> Result<std::time::Duration, String> {
    let secs: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !(secs > 0.0 && secs <= 1e7) {
        return Err(format!("'{s}' must be more than 0 seconds (and at most 10000000)"));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}

/// `boardpress board`.
#[derive(Debug, Clone, Args)]
pub struct BoardArgs {
    /// The game (el, kamon, six, gosforth).
    #[arg(value_parser = parse_game)]
    pub game: Game,
    /// Boards per page (1 to 12).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=12))]
    pub per_page: u8,
    /// Paper size: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    pub paper: Paper,
    /// Output format (pdf or svg).
    #[arg(long, value_enum, default_value_t = Format::Pdf)]
    pub format: Format,
    /// Output file ('-' for standard output) [default: output/<game>-board-<variant or seed>.<ext>].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Kamon: the seed of the random layout; Gosforth: of the practice positions (any text).
    #[arg(long)]
    pub seed: Option<String>,
    /// Kamon: how many seeded boards, one per page; Gosforth: how many practice positions
    /// (item i does not depend on the count).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub count: Option<u32>,
    /// Kamon: draw the board without tokens (for use with printed or bought tokens).
    #[arg(long)]
    pub blank: bool,
    /// Kamon: add a cut-out sheet of the 36+1 tokens.
    #[arg(long)]
    pub tokens: bool,
    /// Gosforth: the target score (score tracks run from 0 to it) [default: 12].
    #[arg(long, value_parser = clap::value_parser!(u8).range(4..=40))]
    pub target: Option<u8>,
    /// Variant.
    #[command(flatten)]
    pub variant: ElVariantArgs,
}

/// `boardpress solve`.
#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// The game (el, kamon, six, gosforth).
    #[arg(value_parser = parse_game)]
    pub game: Game,
    /// A position ID, e.g. el:6x6:<board>:r or kamon:<board>:<constraint>:B.
    pub id: String,
}

/// `boardpress verify`.
#[derive(Debug, Clone, Args)]
pub struct VerifyArgs {
    /// A JSON Lines file written by `boardpress puzzles --format jsonl` ('-' for standard input).
    pub file: PathBuf,
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
    /// Puzzles per page, 1 to 20 [default: as for the puzzles command].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=20))]
    pub per_page: Option<u8>,
    /// Output format (pdf or svg).
    #[arg(long, value_enum, default_value_t = Format::Pdf)]
    pub format: Format,
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

/// Rulebook output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    /// One PDF file.
    Pdf,
    /// One SVG file per page (per sheet side for a booklet).
    Svg,
    /// One self-contained HTML page with inline SVG diagrams.
    Html,
}

/// `boardpress rules`.
#[derive(Debug, Clone, Args)]
pub struct RulesArgs {
    /// The game (el, kamon, six, gosforth), or all for the compendium. Optional with --template.
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
    /// Output format.
    #[arg(long, value_enum, default_value_t = RulesFormat::Pdf)]
    pub format: RulesFormat,
    /// Output file (default: output/<game>-rules.<ext>; '-' for standard output, PDF/HTML only).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Gosforth: points needed to win.
    #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u8).range(4..=40))]
    pub target: u8,
    /// EL variant (the rules text and diagrams follow it).
    #[command(flatten)]
    pub variant: ElVariantArgs,
}
