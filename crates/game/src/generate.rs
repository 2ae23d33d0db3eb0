//! Puzzles, written once over the game contract: the generation loop (one random stream
//! per puzzle, every candidate re-verified by the task's exhaustive check), grades, the
//! puzzle sheet, and [`PuzzleTask`], the object-safe face of every [`Task`] that the
//! commands use. All of it is generic over the task and monomorphised.

use serde_json::Value;

use crate::error::{Error, RecordProblem, Result};
use crate::lang::Lang;
use crate::mine::{mine, Budget, MineOptions, Mined, Search};
use crate::records;
use crate::scene::Scene;
use crate::seed::SeedSource;
use crate::sheet::{Drawing, Tile};
use crate::{floor, Grade, Puzzle, PuzzleSheet, PuzzleSpec, PuzzleTask, Record, Rules, Task};

/// Makes the puzzles of one task and spec: puzzle *i* from its own random stream, every
/// candidate re-checked by the task's exhaustive verifier before it is kept.
#[derive(Debug, Clone)]
pub struct Generator<T: Task> {
    /// The task.
    pub task: T,
    /// The seed and the sheet's promise.
    pub spec: PuzzleSpec,
    source: SeedSource,
}

impl<T: Task> Generator<T> {
    /// A generator for `task` and `spec`.
    pub fn new(task: T, spec: PuzzleSpec) -> Self {
        let source = SeedSource::new(&task.domain(spec.several), &spec.seed);
        Generator { task, spec, source }
    }

    /// Searches puzzle `number` (from 1), counting attempts in `budget` (which also stops
    /// the search when the time limit runs out).
    pub fn search(&self, number: u32, budget: &Budget) -> Search<Puzzle<T>> {
        const BATCH: u64 = 16;
        let mut rng = self.source.stream(number as u64);
        let unique = !self.spec.several;
        let attempts = self.task.max_attempts();
        for i in 0..attempts {
            if i % BATCH == 0 && !budget.spend(BATCH.min(attempts - i)) {
                return Search::OutOfTime;
            }
            let Some(position) = self.task.attempt(unique, &mut rng) else { continue };
            // The independent, exhaustive re-check. A disagreement with the generator is
            // a generator bug, and the candidate is dropped rather than printed.
            let Ok(facts) = self.task.check(&position) else { continue };
            let grade = self.task.grade(&facts);
            // The cheap tests first: the floor (which may replay histories) only for a
            // candidate that keeps the promise and has the grade asked for.
            if self.task.keeps_promise(&facts, unique).is_err() || self.spec.difficulty.is_some_and(|d| d != grade) {
                continue;
            }
            // Without a difficulty, a puzzle the greediest move solves only at every tenth
            // number: puzzle n still depends on n alone, and the others are the same.
            if self.spec.difficulty.is_none()
                && !number.is_multiple_of(crate::GREEDY_RATION)
                && self.task.greedy(&position, &facts)
            {
                continue;
            }
            if floor(&self.task, &position, &facts).is_none() {
                return Search::Found(Puzzle { number, position, facts, grade });
            }
        }
        let variant = self.task.variant();
        Search::Exhausted(format!(
            "no {} {} puzzle #{number} found in {attempts} attempts{}{}",
            T::Rules::WORD,
            self.task.word(),
            if variant.is_empty() { String::new() } else { format!(" for {variant}") },
            self.spec.difficulty.map(|d| format!(" at difficulty {}", d.word())).unwrap_or_default()
        ))
    }

    /// Puzzle `number` (from 1), without a time limit.
    pub fn puzzle(&self, number: u32) -> Result<Puzzle<T>> {
        match self.search(number, &Budget::unlimited()) {
            Search::Found(p) => Ok(p),
            Search::Exhausted(why) => Err(Error::failed(why)),
            Search::OutOfTime => Err(Error::failed("out of time")),
        }
    }

    /// Puzzles `1..=count`.
    pub fn puzzles(&self, count: u32) -> Result<Vec<Puzzle<T>>> {
        (1..=count).map(|n| self.puzzle(n)).collect()
    }

    /// The puzzle's JSON Lines record (FORMATS.md).
    pub fn record(&self, puzzle: &Puzzle<T>) -> Value {
        records::write(&self.task, &self.spec, puzzle)
    }
}

/// A numbered tile: the diagram, "n." as its label, the caption (and how it is said)
/// and the small print.
fn numbered_tile(number: u32, diagram: Drawing, caption: String, said: String, small: String) -> Tile {
    Tile { diagram, label: format!("{number}."), caption, said, small, reference: String::new() }
}

/// How many of a sheet's puzzle diagrams (and as many answers) are kept as first drawn.
const KEPT_DIAGRAMS: usize = 24;

/// The sheet of `puzzles` with its answer key. Every diagram says in words what it shows
/// (the position and what the picture marks, see [`crate::description`]); every caption says
/// its stars as a difficulty and its coordinates in words.
pub fn sheet<T: Task>(task: &T, spec: &PuzzleSpec, puzzles: &[Puzzle<T>]) -> PuzzleSheet {
    let lang = spec.lang;
    let words = task.sheet(spec.several, lang);
    // The first diagrams are kept as drawn (a sheet of a few puzzles draws each once);
    // the others are drawn again on their page, so that memory does not grow with them.
    let drawing = |k: usize, first: Scene, make: Box<dyn Fn() -> Scene + Send + Sync>| {
        if k < KEPT_DIAGRAMS {
            Drawing::kept(first)
        } else {
            Drawing::again(&first, make)
        }
    };
    let tiles = puzzles
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let caption = task.caption(&p.position, &p.facts, p.grade, lang);
            let said = crate::description::sentence(&crate::description::caption(&caption, lang));
            let first = task.diagram(&p.position, lang);
            let (task, position) = (task.clone(), p.position.clone());
            let diagram = drawing(k, first, Box::new(move || task.diagram(&position, lang)));
            numbered_tile(p.number, diagram, caption, said, T::Rules::position_id(&p.position))
        })
        .collect();
    let key_tiles = puzzles
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let (first, answer) = task.answer(&p.position, &p.facts, lang);
            let (task, position, facts) = (task.clone(), p.position.clone(), p.facts.clone());
            let diagram = drawing(k, first, Box::new(move || task.answer(&position, &facts, lang).0));
            // A second line, if any, goes under the diagram in small print.
            let (answer, more) = answer.split_once('\n').unwrap_or((&answer, ""));
            let said = crate::description::sentence(&crate::description::caption(answer, lang));
            numbered_tile(p.number, diagram, answer.to_string(), said, more.to_string())
        })
        .collect();
    let reading = puzzles.first().map(|p| T::Rules::reading(&p.position, lang)).unwrap_or_default();
    PuzzleSheet { words, tiles, key_tiles, numbers: puzzles.iter().map(|p| p.number).collect(), reading }
}

impl<T: Task> PuzzleTask for T {
    fn game(&self) -> &'static str {
        T::Rules::WORD
    }

    fn word(&self) -> &'static str {
        Task::word(self)
    }

    fn variant(&self) -> String {
        Task::variant(self)
    }

    fn file_stem(&self) -> String {
        Task::file_stem(self)
    }

    fn several_allowed(&self) -> bool {
        Task::several_allowed(self)
    }

    fn out_of_reach(&self, grade: Grade) -> Option<crate::error::Words> {
        Task::out_of_reach(self, grade)
    }

    fn default_per_page(&self) -> u8 {
        self.sheet(false, Lang::En).per_page
    }

    fn mine_records(
        &self,
        spec: &PuzzleSpec,
        options: &MineOptions,
        sink: &mut dyn FnMut(String) -> Result<()>,
    ) -> Result<Mined> {
        let generator = Generator::new(self.clone(), spec.clone());
        mine(options, |n, b| generator.search(n, b), |p| sink(generator.record(&p).to_string()))
    }

    fn mine_sheet(&self, spec: &PuzzleSpec, options: &MineOptions) -> Result<(Option<PuzzleSheet>, Mined)> {
        let generator = Generator::new(self.clone(), spec.clone());
        let mut puzzles = Vec::new();
        let mined = mine(
            options,
            |n, b| generator.search(n, b),
            |p| {
                puzzles.push(p);
                Ok(())
            },
        )?;
        let sheet = (!puzzles.is_empty()).then(|| sheet(self, spec, &puzzles));
        Ok((sheet, mined))
    }

    fn verify(&self, record: &Record) -> std::result::Result<(), RecordProblem> {
        records::verify(self, record).map(|_| ())
    }

    fn sheet_from_records(&self, spec: &PuzzleSpec, records: &[Record]) -> Result<PuzzleSheet> {
        let mut puzzles = Vec::with_capacity(records.len());
        for r in records {
            let puzzle = records::verify(self, r)
                .map_err(|problem| Error::from(crate::error::RecordError { at: r.at.clone(), problem }))?;
            puzzles.push(puzzle);
        }
        Ok(sheet(self, spec, &puzzles))
    }
}
