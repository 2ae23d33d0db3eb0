//! The puzzle types every task shares: what a request asks for ([`PuzzleSpec`]), one
//! verified puzzle, a sheet ready for layout, a JSON Lines record as read, and
//! [`PuzzleTask`], the object-safe face of every [`Task`] that the commands use (the
//! implementation for every task is in [`crate::generate`]).

use serde_json::{Map, Value};

use super::{Grade, PositionOf, SheetWords, Task};
use crate::error::{RecordProblem, Result};
use crate::lang::Lang;
use crate::mine::{MineOptions, Mined};
use crate::sheet::Tile;

/// What every puzzle request shares, whatever the game: the seed, whether several
/// solutions are allowed (`--any-wins`) and the grade wanted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleSpec {
    /// The user's seed text.
    pub seed: String,
    /// Several solutions allowed (all listed in the key); default: exactly one.
    pub several: bool,
    /// Keep only puzzles of this grade.
    pub difficulty: Option<Grade>,
    /// The language of the sheet's words (not of the records: they have none).
    pub lang: Lang,
}

impl PuzzleSpec {
    /// Unique puzzles of any grade from `seed`.
    pub fn new(seed: &str) -> Self {
        PuzzleSpec { seed: seed.to_string(), several: false, difficulty: None, lang: Lang::En }
    }
}

/// One verified puzzle.
#[derive(Debug, Clone)]
pub struct Puzzle<T: Task> {
    /// Its number on the sheet, from 1.
    pub number: u32,
    /// The position.
    pub position: PositionOf<T>,
    /// What the exhaustive check found.
    pub facts: T::Facts,
    /// The grade the facts earn.
    pub grade: Grade,
}

/// A puzzle sheet ready for layout: the puzzles and the answer key.
#[derive(Debug, Clone)]
pub struct PuzzleSheet {
    /// The task's words and layout: titles, introduction, tiles per page.
    pub words: SheetWords,
    /// One tile per puzzle.
    pub tiles: Vec<Tile>,
    /// One answer tile per puzzle.
    pub key_tiles: Vec<Tile>,
    /// The puzzles' numbers (for one-SVG-per-diagram file names).
    pub numbers: Vec<u32>,
    /// How the figures' descriptions are read ([`crate::Rules::reading`]): said
    /// once per document, before its first figure.
    pub reading: String,
}

/// One record of a JSON Lines file and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// `file:line`, for messages.
    pub at: String,
    /// The record's fields.
    pub fields: Map<String, Value>,
}

/// The object-safe face of a [`Task`], with its options bound: what the commands call,
/// once per command. Every [`Task`] is one.
pub trait PuzzleTask: Send + Sync {
    /// The game's word.
    fn game(&self) -> &'static str;
    /// The task's word.
    fn word(&self) -> &'static str;
    /// The variant (empty when the game has none).
    fn variant(&self) -> String;
    /// The default file name's task part.
    fn file_stem(&self) -> String;
    /// Whether `--any-wins` makes sense.
    fn several_allowed(&self) -> bool;
    /// Why no puzzle of this task can earn `grade`, if none can.
    fn out_of_reach(&self, grade: Grade) -> Option<crate::error::Words>;
    /// Puzzles per page unless the user says otherwise.
    fn default_per_page(&self) -> u8;
    /// Generates puzzles `first..first+count` in order, handing each record (one JSON
    /// line, without the line break) to `sink` as soon as its turn comes.
    fn mine_records(
        &self,
        spec: &PuzzleSpec,
        options: &MineOptions,
        sink: &mut dyn FnMut(String) -> Result<()>,
    ) -> Result<Mined>;
    /// Generates puzzles `first..first+count` and makes their sheet (`None` when none
    /// was found before the time limit).
    fn mine_sheet(&self, spec: &PuzzleSpec, options: &MineOptions) -> Result<(Option<PuzzleSheet>, Mined)>;
    /// Re-derives everything a record of this task claims, by exhaustive search.
    fn verify(&self, record: &Record) -> std::result::Result<(), RecordProblem>;
    /// The sheet of verified records (their numbers kept).
    fn sheet_from_records(&self, spec: &PuzzleSpec, records: &[Record]) -> Result<PuzzleSheet>;
}
