//! The game contract: the traits a game implements and the plain types the generic code
//! consumes. Nothing here knows any game or the registry (that is the `boardpress` library's registry);
//! games import this layer and the ones below it (geometry, scenes, words), never the
//! machinery above that walks them.
//!
//! The contract has three sides, in the spirit of Simon Tatham's `struct game` (one
//! table per game, the rest written once over it) and shakmaty's `Position` (generic hot
//! code, typed setup errors):
//!
//! - [`Rules`] (static): the position and move types, position IDs, what a record says
//!   about a position, moves as JSON, and the standard diagram.
//! - [`Task`] (static): one kind of puzzle — its seed domain, generator (`attempt`),
//!   exhaustive verifier (`check`), solutions, grade, figures, captions and answers. The
//!   search and verification loops of [`generate`] are generic over it and
//!   monomorphised: no dynamic dispatch inside move generation or verification.
//! - [`Game`] (object-safe, called once per command): names, credit, options, tasks,
//!   board pages, the `solve` report, the rulebook source, its template variables,
//!   cover and diagram fences, and the demo entries.
//!
//! Beside them: [`Grade`], the puzzle types of [`puzzle`] ([`PuzzleTask`], the
//! object-safe face of a task), the diagram fences of rulebooks ([`fence`]) and what the
//! glance solver needs of a position ([`glance`]).

// The foundations under the names the contract uses (`crate::scene`, …).
use boardpress_core::{description, error, lang, mine, names, options, scene, seed, sheet, style};

pub mod diagram;
pub mod engine;
mod facts;
pub mod fence;
pub mod generate;
pub mod glance;
mod grade;
pub mod puzzle;
pub mod records;
pub mod report;

pub use facts::{Facts, WinInTwoFacts};
pub use generate::Generator;
pub use grade::{search_figures, Grade};
pub use puzzle::{Puzzle, PuzzleSheet, PuzzleSpec, PuzzleTask, Record};

use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::error::{IdError, RecordProblem, Result};
use crate::lang::Lang;
use crate::options::{GameOptions, OptionSpec};
use crate::scene::Scene;
use crate::sheet::Section;
use fence::{Diagram, Entry, FenceError};

boardpress_core::message_error! {
    /// Why a position is not a puzzle of a task: the exhaustive checker's verdict, in words
    /// ("two winning moves", "the game is already over"). A generator drops such a candidate;
    /// `verify` reports a record's position as a false claim with it.
    NotAPuzzle
}

impl From<IllegalMove> for NotAPuzzle {
    fn from(illegal: IllegalMove) -> NotAPuzzle {
        NotAPuzzle(illegal.0)
    }
}

boardpress_core::message_error! {
    /// A word that names no cell of the board, and why ("column g is off the 6x6 board").
    NotACell
}

boardpress_core::message_error! {
    /// A move the rules do not allow in a position, and why ("c3 is taken", "the game is
    /// already over").
    IllegalMove
}

/// The static rules side of a game.
pub trait Rules: 'static {
    /// A position.
    type Position: Clone + std::fmt::Debug + Send + Sync + 'static;
    /// A move.
    type Move: Copy + std::fmt::Debug + Send + Sync + 'static;
    /// The game's word, as in records' `game` field.
    const WORD: &'static str;
    /// Generation attempts allowed per puzzle of any of the game's tasks (a task may say
    /// otherwise: [`Task::max_attempts`]).
    const MAX_ATTEMPTS: u64 = 100_000;

    /// Reads and validates a position ID.
    fn parse_id(id: &str) -> std::result::Result<Self::Position, IdError>;
    /// The position's ID.
    fn position_id(pos: &Self::Position) -> String;
    /// What a puzzle record says about the position besides its ID (`board`,
    /// `to_move`, `params`, …), each marked required or not (FORMATS.md).
    fn record_fields(pos: &Self::Position) -> Vec<RecordField>;
    /// A move as JSON, as records list solutions.
    fn move_json(pos: &Self::Position, mv: Self::Move) -> Value;
    /// The diagram printed on puzzle sheets, with `highlight` moves marked as answers
    /// (any words in it in `lang`).
    fn diagram(pos: &Self::Position, highlight: &[Self::Move], lang: Lang) -> Scene;
    /// How the diagrams' descriptions name cells and say boards like `pos`, in `lang`: a
    /// paragraph every document says once, before its first figure (see [`crate::description`]).
    fn reading(pos: &Self::Position, lang: Lang) -> String;
    /// The floor's rule on histories ([`SKIPPED_WIN`]), for games that can decide it:
    /// whether the player who just moved surely passed up a win (see
    /// [`surely_skipped`]). Never, by default.
    fn surely_skipped_win(_pos: &Self::Position) -> bool {
        false
    }
}

/// One field a record carries about its position.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordField {
    /// The key.
    pub key: &'static str,
    /// Its value for the position.
    pub value: Value,
    /// Whether a record must have it (FORMATS.md); others are checked when present.
    pub required: bool,
}

impl RecordField {
    /// A field every record has.
    pub fn required(key: &'static str, value: Value) -> Self {
        RecordField { key, value, required: true }
    }

    /// A field checked only when present.
    pub fn optional(key: &'static str, value: Value) -> Self {
        RecordField { key, value, required: false }
    }
}

/// The position type of a task's game.
pub type PositionOf<T> = <<T as Task>::Rules as Rules>::Position;

/// The words of a puzzle sheet.
#[derive(Debug, Clone)]
pub struct SheetWords {
    /// Heading of the puzzle pages.
    pub title: String,
    /// Lines under the heading.
    pub intro: Vec<String>,
    /// The line under the "Answers" heading.
    pub key_intro: String,
    /// Puzzles per page unless the user says otherwise.
    pub per_page: u8,
    /// Answers per page.
    pub key_per_page: usize,
}

/// One kind of puzzle of one game, with the game options it was asked with (cheap to
/// clone: options and shared rule tables).
pub trait Task: Clone + std::fmt::Debug + Send + Sync + 'static {
    /// The game's rules.
    type Rules: Rules;
    /// What the exhaustive check finds about a position.
    type Facts: Facts<Move = <Self::Rules as Rules>::Move>;

    /// The task's word, as in `--task` and records (`win-in-one`).
    fn word(&self) -> &'static str;
    /// The variant, for messages and to keep one variant per sheet (`8x8,n8`,
    /// `round 2`); empty (the default) when the game has none.
    fn variant(&self) -> String {
        String::new()
    }
    /// The default file name's task part, variant included (`win-in-two-8x8-n8`); by
    /// default the task's word.
    fn file_stem(&self) -> String {
        self.word().to_string()
    }
    /// The random-stream domain: with the seed it keys puzzle *i*'s stream, so it must
    /// never change for an existing task (`several` is `--any-wins`). By default
    /// `<game>/<task>[/<variant>]/<unique|any>`: `el/win-in-two/6x6/any`.
    fn domain(&self, several: bool) -> String {
        let variant = self.variant();
        let variant = if variant.is_empty() { variant } else { format!("/{variant}") };
        format!("{}/{}{variant}/{}", Self::Rules::WORD, self.word(), several_word(several))
    }
    /// Generation attempts allowed per puzzle (by default the game's
    /// [`Rules::MAX_ATTEMPTS`]).
    fn max_attempts(&self) -> u64 {
        Self::Rules::MAX_ATTEMPTS
    }
    /// One generation attempt; `unique` asks for a single solution.
    fn attempt(&self, unique: bool, rng: &mut ChaCha8Rng) -> Option<PositionOf<Self>>;
    /// The exhaustive verifier, independent of the generator; the error says why the
    /// position is no puzzle of this task.
    fn check(&self, pos: &PositionOf<Self>) -> std::result::Result<Self::Facts, NotAPuzzle>;
    /// How many solutions the check found.
    fn solution_count(&self, facts: &Self::Facts) -> usize {
        facts.solution_count()
    }
    /// The solutions as records list them (by default, each as [`Rules::move_json`]).
    fn solutions(&self, pos: &PositionOf<Self>, facts: &Self::Facts) -> Vec<Value> {
        facts.solution_moves().into_iter().map(|m| Self::Rules::move_json(pos, m)).collect()
    }
    /// Whether `--any-wins` (several solutions, all listed) makes sense for the task.
    fn several_allowed(&self) -> bool {
        true
    }
    /// The sheet's promise, checked when generating and again by `verify`: with
    /// `unique`, exactly one solution.
    fn keeps_promise(&self, facts: &Self::Facts, unique: bool) -> std::result::Result<(), NotAPuzzle> {
        let n = self.solution_count(facts);
        if (unique || !self.several_allowed()) && n != 1 {
            return Err(NotAPuzzle(format!("marked unique but has {n} solutions")));
        }
        Ok(())
    }
    /// Legal moves of the side to move (the floor wants more than two).
    fn legal_moves(&self, facts: &Self::Facts) -> u32 {
        facts.legal_moves()
    }
    /// The task's own rules of the quality floor, beyond those every task of the game
    /// shares (see [`floor`]): `None` when they hold, else the rule broken.
    fn below_floor(&self, _pos: &PositionOf<Self>, _facts: &Self::Facts) -> Option<String> {
        None
    }
    /// Whether a person finds the answer at a glance: it is the only candidate that
    /// looks like one (by default: the check found no decoy to refute). Below the floor
    /// unless [`Task::beginners`].
    fn one_glance(&self, _pos: &PositionOf<Self>, facts: &Self::Facts) -> bool {
        facts.decoys() == 0
    }
    /// A beginner's task, whose puzzles may be one-glance.
    fn beginners(&self) -> bool {
        false
    }
    /// Whether the greediest move solves the puzzle: the answer is the move that gains
    /// most now and nothing else gains as much, so nobody has to picture a reply. Such a
    /// puzzle is fine on an easy sheet; a sheet without a difficulty holds at most one
    /// in [`GREEDY_RATION`] (see [`Generator::search`]).
    fn greedy(&self, _pos: &PositionOf<Self>, _facts: &Self::Facts) -> bool {
        false
    }
    /// The grade the facts earn.
    fn grade(&self, facts: &Self::Facts) -> Grade;
    /// Why no puzzle of this task can earn `grade`, when none can (the request is then
    /// refused at once instead of searching in vain).
    fn out_of_reach(&self, _grade: Grade) -> Option<crate::error::Words> {
        None
    }
    /// The measured figures of the record's `difficulty` object (the grade is added).
    fn figures(&self, facts: &Self::Facts) -> Vec<(&'static str, Value)>;
    /// Further record fields the task adds (`threats`, `answers`).
    fn extra_fields(&self, _pos: &PositionOf<Self>, _facts: &Self::Facts) -> Vec<(&'static str, Value)> {
        Vec::new()
    }
    /// The sheet's title, introduction and layout, in `lang`.
    fn sheet(&self, several: bool, lang: Lang) -> SheetWords;
    /// The caption under a puzzle: who plays, the goal, the stars.
    fn caption(&self, pos: &PositionOf<Self>, facts: &Self::Facts, grade: Grade, lang: Lang) -> String;
    /// The answer: its diagram and its words (a second line, after a newline, is printed
    /// under the diagram in small type).
    fn answer(&self, pos: &PositionOf<Self>, facts: &Self::Facts, lang: Lang) -> (Scene, String);
    /// The puzzle's diagram.
    fn diagram(&self, pos: &PositionOf<Self>, lang: Lang) -> Scene {
        Self::Rules::diagram(pos, &[], lang)
    }
}

/// The last part of the default [`Task::domain`]: `unique`, or `any` with `--any-wins`.
pub fn several_word(several: bool) -> &'static str {
    if several {
        "any"
    } else {
        "unique"
    }
}

/// The quality floor (docs/puzzles.md, "Quality floor"): `None` when a verified puzzle is worth
/// printing, else the rule it breaks. Every task: more than two legal moves (the answer
/// is chosen, not forced); then the game's rule on histories ([`Rules::surely_skipped_win`]);
/// then the task's own rules; then no one-glance puzzle, except in a beginner's task.
/// Checked when generating and again by `verify`.
pub fn floor<T: Task>(task: &T, pos: &PositionOf<T>, facts: &T::Facts) -> Option<String> {
    let legal = task.legal_moves(facts);
    if legal <= 2 {
        return Some(format!("only {legal} legal moves: no real choice"));
    }
    if T::Rules::surely_skipped_win(pos) {
        return Some(SKIPPED_WIN.into());
    }
    task.below_floor(pos, facts)
        .or_else(|| (!task.beginners() && task.one_glance(pos, facts)).then(|| ONE_GLANCE.into()))
}

/// A sheet without a difficulty may hold a puzzle the greediest move solves ([`Task::greedy`])
/// only at numbers that are multiples of this: one in ten at most, whatever the count.
pub const GREEDY_RATION: u32 = 10;

/// The floor's rule against one-glance puzzles (every task but the beginner's SIX block).
pub(crate) const ONE_GLANCE: &str =
    "solvable at a glance: the answer is the only move that looks like one (no decoy to refute)";

/// The floor's rule on histories, for games that can decide it.
pub const SKIPPED_WIN: &str = "the player who just moved surely passed up a win: not a position from sensible play";

/// The floor's rule on histories, given every position that could have come before the
/// last move (each game reconstructs them): the player who just moved surely passed up
/// a win when at least one history fits and in every one he had a winning move. Stops
/// at the first history without one.
pub fn surely_skipped<P>(histories: impl IntoIterator<Item = P>, had_win: impl Fn(&P) -> bool) -> bool {
    let mut any = false;
    for prev in histories {
        if !had_win(&prev) {
            return false;
        }
        any = true;
    }
    any
}

/// A puzzle task a game offers: its word and what it asks.
#[derive(Debug, Clone, Copy)]
pub struct TaskSpec {
    /// The `--task` word.
    pub word: &'static str,
    /// One line of help.
    pub help: &'static str,
}

/// What a board request asks besides the game's own options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardAsk {
    /// The game options, checked.
    pub options: GameOptions,
    /// `--seed`: a seeded layout or seeded practice positions.
    pub seed: Option<String>,
    /// `--count`: how many.
    pub count: Option<u32>,
    /// `--per-page`: boards per page.
    pub per_page: u8,
    /// The language of the printed words.
    pub lang: Lang,
}

/// Which generic board settings a game's boards take.
#[derive(Debug, Clone, Copy, Default)]
pub struct BoardFeatures {
    /// `--seed`.
    pub seed: bool,
    /// `--count`.
    pub count: bool,
    /// `--per-page` above 1.
    pub per_page: bool,
}

/// A board document's name and the game's words of its recreating command.
#[derive(Debug, Clone)]
pub struct BoardPlan {
    /// The default file name without extension (`kamon-board-club`).
    pub file_stem: String,
    /// The game's part of the command, after `boardpress board <game>` (` --seed club`).
    pub words: String,
}

/// What a board is printed as.
#[derive(Debug, Clone)]
pub enum BoardContent {
    /// Whole pages, drawn by the game (the footer is added for it).
    Pages(Vec<Scene>),
    /// Sections of tiles laid out n-up by `layout`, with the pages' title.
    Sheet(Vec<Section>, String),
}

/// A board document.
#[derive(Debug, Clone)]
pub struct BoardPages {
    /// The document title (PDF metadata).
    pub title: String,
    /// The seed the footer names, if any.
    pub seed: Option<String>,
    /// The pages.
    pub content: BoardContent,
}

/// The variables a rulebook's template can use, by name (`size`, `target`, …): what a
/// game adds in [`Game::template_variables`]. The rulebook hands them to its template
/// engine; the contract does not know which.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TemplateVariables(pub serde_json::Map<String, Value>);

impl TemplateVariables {
    /// Sets variable `name` to `value`.
    pub fn insert(&mut self, name: &str, value: impl serde::Serialize) {
        // Numbers, strings, flags and lists of them: nothing a game gives can fail.
        self.0.insert(name.to_string(), serde_json::to_value(value).unwrap_or(Value::Null));
    }
}

/// A built-in rulebook source.
#[derive(Debug, Clone, Copy)]
pub struct RulebookSource {
    /// Where it lives (for messages).
    pub name: &'static str,
    /// The Markdown with tera variables.
    pub text: &'static str,
}

/// The three built-in rulebooks of the game whose crate is `crates/<word>/`, in its
/// `src/` beside the code (`rules.md`, `rules.de.md`, `rules.fr.md`, each written in its
/// language), in [`Lang::ALL`] order: a game's [`GameInfo::rulebooks`]. Used from the
/// game's own crate.
#[macro_export]
macro_rules! rulebooks {
    ($word:literal) => {
        [
            $crate::rulebooks!($word, "rules.md"),
            $crate::rulebooks!($word, "rules.de.md"),
            $crate::rulebooks!($word, "rules.fr.md"),
        ]
    };
    ($word:literal, $file:literal) => {
        $crate::RulebookSource {
            name: concat!("crates/", $word, "/src/", $file),
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/", $file)),
        }
    };
}

/// One file of the demo pack: the command-line words and the file it writes.
pub(crate) type DemoEntry = (&'static [&'static str], &'static str);

/// What a game is, as data: its names, options, tasks, rulebook-fence keys and demo files.
#[derive(Debug, Clone, Copy)]
pub struct GameInfo {
    /// The command-line and file-name word (`el`).
    pub word: &'static str,
    /// The display name (`EL`).
    pub title: &'static str,
    /// The message key of the designer credit (`el.credit`: "EL by Larry Levy").
    pub credit: &'static str,
    /// One line for `--help`.
    pub about: &'static str,
    /// The game's options.
    pub options: &'static [OptionSpec],
    /// The puzzle tasks; the first is the default.
    pub tasks: &'static [TaskSpec],
    /// What the generic code built on the game's rules engine offers: its diagram
    /// fences and its `solve` report ([`EngineEntries::of`]).
    pub engine: EngineEntries,
    /// Which generic board settings the game's boards take.
    pub board_features: BoardFeatures,
    /// The game's files of the demo pack.
    pub demo: &'static [DemoEntry],
    /// The options a position ID fixes (the variant, the round, the target): what the
    /// task of a record of that position is made with.
    pub id_options: fn(&str) -> std::result::Result<GameOptions, IdError>,
    /// The board document's file name and the game's words of its command.
    pub board_plan: fn(&BoardAsk) -> Result<BoardPlan>,
    /// The board pages for a page of `page` (width, height) mm; the `&str` is the whole
    /// recreating command (some boards print it).
    pub board: fn(&BoardAsk, &str, (f32, f32)) -> Result<BoardPages>,
    /// The built-in rulebooks, in [`Lang::ALL`] order (each written in its language, not
    /// translated: `rules.md`, `rules.de.md`, `rules.fr.md`).
    pub rulebooks: [RulebookSource; 3],
}

/// The entries of a game's table that the generic code writes over its rules engine,
/// made from the game's type alone ([`EngineEntries::of`]), so that no table can name
/// another game's.
#[derive(Debug, Clone, Copy)]
pub struct EngineEntries {
    /// The diagram-fence keys the game reads (besides `caption`, `width` and `show`).
    pub fence_keys: &'static [&'static str],
    /// The `solve` report of a position ID: status, legal and winning moves, threats.
    pub solve: fn(&str) -> std::result::Result<String, IdError>,
    /// Checks a diagram fence's claims with the rules engine and draws it (see
    /// [`Game::fence`]).
    pub fence: fn(&[Entry], usize, &GameOptions, Lang) -> std::result::Result<Diagram, FenceError>,
}

impl EngineEntries {
    /// The entries of game `G`: its [`diagram::Diagrams::KEYS`], [`report::solve`] and
    /// [`diagram::diagram`].
    pub const fn of<G: diagram::Diagrams + report::Report>() -> EngineEntries {
        EngineEntries { fence_keys: G::KEYS, solve: report::solve::<G>, fence: diagram::diagram::<G> }
    }
}

/// The game side of the contract: what commands ask of a game, once per command.
pub trait Game: Sync + 'static {
    /// The game's table of names, options, tasks, fence keys and demo files.
    fn info(&self) -> &'static GameInfo;
    /// The command-line and file-name word (`el`).
    fn word(&self) -> &'static str {
        self.info().word
    }
    /// The display name (`EL`).
    fn title(&self) -> &'static str {
        self.info().title
    }
    /// The designer credit in `lang` ("EL by Larry Levy").
    fn credit(&self, lang: Lang) -> &'static str {
        lang.t(self.info().credit)
    }
    /// One line for `--help`.
    fn about(&self) -> &'static str {
        self.info().about
    }
    /// The game's options.
    fn options(&self) -> &'static [OptionSpec] {
        self.info().options
    }
    /// The puzzle tasks; the first is the default.
    fn tasks(&self) -> &'static [TaskSpec] {
        self.info().tasks
    }
    /// The diagram-fence keys the game reads (besides `caption` and `width`).
    fn fence_keys(&self) -> &'static [&'static str] {
        self.info().engine.fence_keys
    }
    /// Which generic board settings the game's boards take.
    fn board_features(&self) -> BoardFeatures {
        self.info().board_features
    }
    /// The game's files of the demo pack.
    fn demo(&self) -> &'static [DemoEntry] {
        self.info().demo
    }
    /// A puzzle task with checked options, ready to generate, verify or typeset (an
    /// unknown word gives the default task: words are checked against
    /// [`GameInfo::tasks`] before).
    fn task(&self, word: &str, options: &GameOptions) -> Result<Box<dyn PuzzleTask>>;
    /// The task a record with this `task` word and position ID belongs to: the task of
    /// that word, made with the options the ID fixes.
    fn record_task(&self, word: &str, id: &str) -> std::result::Result<Box<dyn PuzzleTask>, RecordProblem> {
        if !self.tasks().iter().any(|t| t.word == word) {
            return Err(RecordProblem::Malformed(format!("unknown task '{word}' for {}", self.word())));
        }
        let options = (self.info().id_options)(id).map_err(|e| RecordProblem::False(format!("id: {e}")))?;
        self.task(word, &options).map_err(|e| RecordProblem::False(format!("task: {e}")))
    }
    /// The board document's file name and the game's words of its command.
    fn board_plan(&self, ask: &BoardAsk) -> Result<BoardPlan> {
        (self.info().board_plan)(ask)
    }
    /// The board pages for a page of `page` (width, height) mm; `command` is the whole
    /// recreating command (some boards print it).
    fn board(&self, ask: &BoardAsk, command: &str, page: (f32, f32)) -> Result<BoardPages> {
        (self.info().board)(ask, command, page)
    }
    /// The `solve` report of a position: status, legal and winning moves, threats.
    fn solve(&self, id: &str) -> std::result::Result<String, IdError> {
        (self.info().engine.solve)(id)
    }
    /// The rulebook source written in `lang`, if there is one (by default, the one of
    /// [`GameInfo::rulebooks`]).
    fn rulebook(&self, lang: Lang) -> Option<RulebookSource> {
        Some(self.info().rulebooks[lang as usize])
    }
    /// Adds the game's template variables for `options` (rulebook options of this game),
    /// their words in `lang`; none by default.
    fn template_variables(&self, _options: &GameOptions, _lang: Lang, _vars: &mut TemplateVariables) -> Result<()> {
        Ok(())
    }
    /// The picture on the rulebook's title page, with what it shows in words, in `lang`
    /// (its alternative text: the board, how big, what lies on it).
    fn cover(&self, options: &GameOptions, lang: Lang) -> Result<Scene>;
    /// The rulebook's file-name suffix for these options (`-8x8-n8`); none by default.
    fn rules_suffix(&self, _options: &GameOptions) -> String {
        String::new()
    }
    /// Checks a diagram fence's claims with the rules engine and draws it; the caption's
    /// placeholders are filled, and its words checked, in `lang`.
    fn fence(
        &self,
        entries: &[Entry],
        line: usize,
        options: &GameOptions,
        lang: Lang,
    ) -> std::result::Result<Diagram, FenceError> {
        (self.info().engine.fence)(entries, line, options, lang)
    }
}
