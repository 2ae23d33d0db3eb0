//! Puzzles: the generation loop (one random stream per puzzle), difficulty grades, and
//! the JSON Lines record of FORMATS.md.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::error::{Error, Result};
use crate::games::el::generate::attempt_win_in_one;
use crate::games::el::notation::{board_text, position_id, rules_for};
use crate::games::el::params::PLAYER_LETTERS;
use crate::games::el::verify::{check_win_in_one, WinInOneFacts, WinInTwoFacts};
use crate::games::el::{ElParams, ElPosition};
use crate::games::gosforth::verify::BestMoveFacts;
use crate::games::gosforth::{GosforthPosition, Move as GosforthMove};
use crate::games::kamon::verify::WinInOneFacts as KamonFacts;
use crate::games::kamon::KamonPosition;
use crate::games::six::verify::{OneMoveFacts, OneMoveTask};
use crate::games::six::{Move as SixMove, SixPosition};
use crate::geom::square::cell_name;
use crate::mine::{Budget, Search};
use crate::seed::SeedSource;

/// How hard a puzzle is, derived from measured figures (see [`Grade::for_el`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Grade {
    /// No decoys: the only line with one gap is the winning one.
    Easy,
    /// One to three decoys.
    Medium,
    /// More decoys still (see each game's thresholds).
    Hard,
    /// The top of the scale: the most decoys, or the most search to prove a deeper answer.
    Expert,
}

impl Grade {
    /// The word used on the command line and in records.
    pub fn word(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }

    /// Stars printed on the sheet (1 to 4).
    pub fn stars(self) -> usize {
        self as usize + 1
    }

    /// The stars as printed: filled for the grade, hollow up to four (★★☆☆ = medium).
    pub fn star_text(self) -> String {
        "★".repeat(self.stars()) + &"☆".repeat(4 - self.stars())
    }

    /// The legend printed on every sheet.
    pub const LEGEND: &'static str = "difficulty: ★☆☆☆ easy, ★★☆☆ medium, ★★★☆ hard, ★★★★ expert";

    /// The grade of a deeper (win-in-two) puzzle, cut on the solver nodes the exhaustive
    /// proof needs; the cuts are `[easy below, medium below, hard below]`, chosen per game
    /// from the quartiles of a fixed-seed sample (see README, "Difficulty").
    pub fn from_nodes(nodes: u64, cuts: [u64; 3]) -> Grade {
        match nodes {
            n if n < cuts[0] => Grade::Easy,
            n if n < cuts[1] => Grade::Medium,
            n if n < cuts[2] => Grade::Hard,
            _ => Grade::Expert,
        }
    }

    /// The Kamon grade: decoys are legal cells next to the mover's own pawns that do not
    /// win. easy = 0–1, medium = 2–3, hard = 4–5, expert = 6 or more.
    pub fn for_kamon(facts: &KamonFacts) -> Grade {
        match facts.decoys {
            0 | 1 => Grade::Easy,
            2 | 3 => Grade::Medium,
            4 | 5 => Grade::Hard,
            _ => Grade::Expert,
        }
    }

    /// The SIX grade. Round one: decoys (placements that make a new threat of one's own
    /// without solving), 0–1 easy, 2–4 medium, 5–7 hard, 8 or more expert. Round two:
    /// legal moves (lifts times destinations), under 150 easy, under 300 medium, under 450
    /// hard, else expert.
    pub fn for_six(facts: &OneMoveFacts, round: u8) -> Grade {
        if round == 2 {
            return match facts.legal_moves {
                0..=149 => Grade::Easy,
                150..=299 => Grade::Medium,
                300..=449 => Grade::Hard,
                _ => Grade::Expert,
            };
        }
        match facts.decoys {
            0 | 1 => Grade::Easy,
            2..=4 => Grade::Medium,
            5..=7 => Grade::Hard,
            _ => Grade::Expert,
        }
    }

    /// The Gosforth grade: decoys are other moves that also score for the mover.
    /// easy = 0, medium = 1, hard = 2, expert = 3 or more.
    pub fn for_gosforth(facts: &BestMoveFacts) -> Grade {
        match facts.decoys {
            0 => Grade::Easy,
            1 => Grade::Medium,
            2 => Grade::Hard,
            _ => Grade::Expert,
        }
    }

    /// The EL grade: decoys are what make a win-in-one hard to see.
    /// easy = 0 decoys, medium = 1–3, hard = 4–7, expert = 8 or more.
    pub fn for_el(facts: &WinInOneFacts) -> Grade {
        match facts.decoys {
            0 => Grade::Easy,
            1..=3 => Grade::Medium,
            4..=7 => Grade::Hard,
            _ => Grade::Expert,
        }
    }
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct ElPuzzleRequest {
    /// The variant.
    pub params: ElParams,
    /// The user's seed string.
    pub seed: String,
    /// Several winning moves allowed (all listed in the key); default: exactly one.
    pub any_wins: bool,
    /// Keep only puzzles of this grade.
    pub difficulty: Option<Grade>,
}

/// One verified EL win-in-one puzzle.
#[derive(Debug, Clone)]
pub struct ElPuzzle {
    /// Number on the sheet, from 1.
    pub number: u32,
    /// The position, side to move to play and win.
    pub position: ElPosition,
    /// What the exhaustive check found.
    pub facts: WinInOneFacts,
    /// The grade derived from the facts.
    pub grade: Grade,
}

/// The loop every generator shares: up to `attempts` calls of `candidate`, which
/// generates a position, re-checks it independently and returns it with its facts and
/// grade when it keeps the sheet's promise; the first whose grade is `difficulty` (or any
/// grade) is taken. Attempts are counted in the budget, which also stops the search when
/// the time limit runs out.
fn first_found<P, F>(
    attempts: u64,
    difficulty: Option<Grade>,
    budget: &Budget,
    mut candidate: impl FnMut() -> Option<(P, F, Grade)>,
) -> Search<(P, F, Grade)> {
    const BATCH: u64 = 16;
    for i in 0..attempts {
        if i % BATCH == 0 && !budget.spend(BATCH.min(attempts - i)) {
            return Search::OutOfTime;
        }
        if let Some(found) = candidate() {
            if difficulty.is_none_or(|d| d == found.2) {
                return Search::Found(found);
            }
        }
    }
    Search::Exhausted(String::new())
}

/// Runs one puzzle's search without a time limit (library use and tests).
fn unlimited<T>(search: impl FnOnce(&Budget) -> Search<T>) -> Result<T> {
    match search(&Budget::unlimited()) {
        Search::Found(t) => Ok(t),
        Search::Exhausted(why) => Err(Error::failed(why)),
        Search::OutOfTime => Err(Error::failed("out of time")),
    }
}

/// Attempts allowed per puzzle before giving up.
pub const MAX_ATTEMPTS_PER_PUZZLE: u64 = 2_000_000;

impl ElPuzzleRequest {
    /// The domain string that, with the seed, keys the random streams. Puzzle *i* depends
    /// on the variant and the task, never on how many puzzles are made.
    fn domain(&self) -> String {
        format!("el/win-in-one/{}/{}", self.params.to_id(), if self.any_wins { "any" } else { "unique" })
    }

    /// Generates puzzle number `number` (from 1) from its own stream, verified.
    pub fn search(&self, number: u32, budget: &Budget) -> Search<ElPuzzle> {
        let rules = rules_for(&self.params);
        let source = SeedSource::new(&self.domain(), &self.seed);
        let mut rng = source.stream(number as u64);
        let found = first_found(MAX_ATTEMPTS_PER_PUZZLE, self.difficulty, budget, || {
            let position = attempt_win_in_one(&rules, !self.any_wins, &mut rng)?;
            // The independent, exhaustive re-check. A disagreement is a generator bug,
            // and the candidate is dropped rather than printed.
            let facts = check_win_in_one(&position).ok()?;
            if !self.any_wins && facts.solutions.len() != 1 {
                return None;
            }
            let grade = Grade::for_el(&facts);
            Some((position, facts, grade))
        });
        found.map(
            |(position, facts, grade)| ElPuzzle { number, position, facts, grade },
            || {
                format!(
                    "no EL puzzle #{number} found in {MAX_ATTEMPTS_PER_PUZZLE} attempts for {}{}",
                    self.params.to_id(),
                    self.difficulty.map(|d| format!(" at difficulty {}", d.word())).unwrap_or_default()
                )
            },
        )
    }

    /// Generates puzzle `number` (from 1) without a time limit.
    pub fn puzzle(&self, number: u32) -> Result<ElPuzzle> {
        unlimited(|budget| self.search(number, budget))
    }

    /// Generates puzzles `1..=count`.
    pub fn puzzles(&self, count: u32) -> Result<Vec<ElPuzzle>> {
        (1..=count).map(|n| self.puzzle(n)).collect()
    }
}

/// The `params` object of a record.
pub fn el_params_json(p: &ElParams) -> Value {
    json!({
        "size": p.size,
        "numbers": p.numbers,
        "length": p.length,
        "players": p.players,
        "consecutive": p.consecutive,
        "shape": p.shape.word(),
        "full_board_p2": p.full_board_p2,
        "balance": p.balance,
    })
}

/// The JSON Lines record of a puzzle (FORMATS.md).
pub fn el_record(puzzle: &ElPuzzle, request: &ElPuzzleRequest) -> Value {
    let pos = &puzzle.position;
    let size = pos.params().size;
    let solutions: Vec<Value> = puzzle
        .facts
        .solutions
        .iter()
        .map(|m| json!({"cell": cell_name(size, m.cell as usize), "number": m.number}))
        .collect();
    json!({
        "game": "el",
        "number": puzzle.number,
        "id": position_id(pos),
        "seed": request.seed,
        "params": el_params_json(pos.params()),
        "params_id": pos.params().to_id(),
        "board": board_text(pos),
        "to_move": PLAYER_LETTERS[pos.to_move() as usize].to_string(),
        "task": "win-in-one",
        "unique": !request.any_wins,
        "solutions": solutions,
        "difficulty": {
            "empty_cells": puzzle.facts.empty_cells,
            "legal_moves": puzzle.facts.legal_moves,
            // The one-move checker visits one position per legal move.
            "solver_nodes": puzzle.facts.legal_moves,
            "decoys": puzzle.facts.decoys,
            "grade": puzzle.grade.word(),
        },
        "version": crate::VERSION,
    })
}

/// Node cuts of the EL win-in-two grades (quartiles of 1,000 puzzles of the default
/// variant, seed "1"): easy below 575 nodes, medium below 610, hard below 640.
pub const EL_TWO_CUTS: [u64; 3] = [575, 610, 640];

impl Grade {
    /// The EL win-in-two grade, from the nodes of the exhaustive proof.
    pub fn for_el_two(facts: &WinInTwoFacts) -> Grade {
        Grade::from_nodes(facts.solver_nodes, EL_TWO_CUTS)
    }
}

/// One verified EL win-in-two puzzle.
#[derive(Debug, Clone)]
pub struct ElTwoPuzzle {
    /// Number on the sheet, from 1.
    pub number: u32,
    /// The position, side to move to play and win in two.
    pub position: ElPosition,
    /// What the full search found.
    pub facts: WinInTwoFacts,
    /// The grade derived from the facts.
    pub grade: Grade,
}

impl ElPuzzleRequest {
    /// Searches win-in-two puzzle `number` (two-player variants) from its own stream.
    pub fn search_two(&self, number: u32, budget: &Budget) -> Search<ElTwoPuzzle> {
        use crate::games::el::generate::attempt_win_in_two;
        use crate::games::el::verify::check_win_in_two;
        let rules = rules_for(&self.params);
        let domain = format!("el/win-in-two/{}/{}", self.params.to_id(), if self.any_wins { "any" } else { "unique" });
        let mut rng = SeedSource::new(&domain, &self.seed).stream(number as u64);
        let found = first_found(MAX_ATTEMPTS_PER_PUZZLE, self.difficulty, budget, || {
            let position = attempt_win_in_two(&rules, &mut rng)?;
            // The independent full search; the generator's fork scan only proposes.
            let facts = check_win_in_two(&position).ok()?;
            if !self.any_wins && facts.solutions.len() != 1 {
                return None;
            }
            let grade = Grade::for_el_two(&facts);
            Some((position, facts, grade))
        });
        found.map(
            |(position, facts, grade)| ElTwoPuzzle { number, position, facts, grade },
            || format!("no EL win-in-two puzzle #{number} found in {MAX_ATTEMPTS_PER_PUZZLE} attempts"),
        )
    }

    /// Generates win-in-two puzzle `number` without a time limit.
    pub fn puzzle_two(&self, number: u32) -> Result<ElTwoPuzzle> {
        unlimited(|budget| self.search_two(number, budget))
    }
}

/// The JSON Lines record of an EL win-in-two puzzle.
pub fn el_two_record(puzzle: &ElTwoPuzzle, seed: &str, unique: bool) -> Value {
    let pos = &puzzle.position;
    let size = pos.params().size;
    let f = &puzzle.facts;
    let solutions: Vec<Value> =
        f.solutions.iter().map(|m| json!({"cell": cell_name(size, m.cell as usize), "number": m.number})).collect();
    let threats: Vec<String> = f.threat_cells.iter().map(|&c| cell_name(size, c as usize)).collect();
    json!({
        "game": "el",
        "number": puzzle.number,
        "id": position_id(pos),
        "seed": seed,
        "params": el_params_json(pos.params()),
        "params_id": pos.params().to_id(),
        "board": board_text(pos),
        "to_move": PLAYER_LETTERS[pos.to_move() as usize].to_string(),
        "task": "win-in-two",
        "unique": unique,
        "solutions": solutions,
        "threats": threats,
        "difficulty": {
            "legal_moves": f.legal_moves,
            "decoys": f.decoys,
            "replies": f.replies,
            "defensive_replies": f.defensive_replies,
            "solver_nodes": f.solver_nodes,
            "grade": puzzle.grade.word(),
        },
        "version": crate::VERSION,
    })
}

/// What to generate for Kamon.
#[derive(Debug, Clone)]
pub struct KamonPuzzleRequest {
    /// The user's seed string.
    pub seed: String,
    /// Several winning cells allowed (all listed in the key); default: exactly one.
    pub any_wins: bool,
    /// Keep only puzzles of this grade.
    pub difficulty: Option<Grade>,
}

/// One verified Kamon win-in-one puzzle.
#[derive(Debug, Clone)]
pub struct KamonPuzzle {
    /// Number on the sheet, from 1.
    pub number: u32,
    /// The position.
    pub position: KamonPosition,
    /// What the exhaustive check found.
    pub facts: KamonFacts,
    /// The grade.
    pub grade: Grade,
}

impl KamonPuzzleRequest {
    fn domain(&self) -> String {
        format!("kamon/win-in-one/{}", if self.any_wins { "any" } else { "unique" })
    }

    /// Generates puzzle `number` (from 1) from its own stream, verified by the
    /// independent checker.
    pub fn search(&self, number: u32, budget: &Budget) -> Search<KamonPuzzle> {
        use crate::games::kamon::generate::attempt_win_in_one;
        use crate::games::kamon::verify::check_win_in_one as check;
        let mut rng = SeedSource::new(&self.domain(), &self.seed).stream(number as u64);
        let found = first_found(MAX_ATTEMPTS_PER_PUZZLE / 20, self.difficulty, budget, || {
            let position = attempt_win_in_one(!self.any_wins, &mut rng)?;
            let facts = check(&position).ok()?;
            if !self.any_wins && facts.solutions.len() != 1 {
                return None;
            }
            let grade = Grade::for_kamon(&facts);
            Some((position, facts, grade))
        });
        found.map(
            |(position, facts, grade)| KamonPuzzle { number, position, facts, grade },
            || format!("no Kamon puzzle #{number} found"),
        )
    }

    /// Generates puzzle `number` (from 1) without a time limit.
    pub fn puzzle(&self, number: u32) -> Result<KamonPuzzle> {
        unlimited(|budget| self.search(number, budget))
    }

    /// Generates puzzles `1..=count`.
    pub fn puzzles(&self, count: u32) -> Result<Vec<KamonPuzzle>> {
        (1..=count).map(|n| self.puzzle(n)).collect()
    }
}

/// The JSON Lines record of a Kamon puzzle (FORMATS.md).
pub fn kamon_record(puzzle: &KamonPuzzle, request: &KamonPuzzleRequest) -> Value {
    use crate::games::kamon::notation::{board_text, cell_name, position_id};
    use crate::games::kamon::position::PLAYER_LETTERS as LETTERS;
    let pos = &puzzle.position;
    let solutions: Vec<Value> =
        puzzle.facts.solutions.iter().map(|(b, how)| json!({"cell": cell_name(*b), "wins_by": how.word()})).collect();
    json!({
        "game": "kamon",
        "number": puzzle.number,
        "id": position_id(pos),
        "seed": request.seed,
        "params": {"cells": 37},
        "board": board_text(pos),
        "to_move": LETTERS[pos.to_move() as usize].to_string(),
        "constraint": pos.constraint().map(|t| t.code()),
        "task": "win-in-one",
        "unique": !request.any_wins,
        "solutions": solutions,
        "difficulty": {
            "legal_moves": puzzle.facts.legal_moves,
            // The one-move checker visits one position per legal move.
            "solver_nodes": puzzle.facts.legal_moves,
            "decoys": puzzle.facts.decoys,
            "grade": puzzle.grade.word(),
        },
        "version": crate::VERSION,
    })
}

/// Node cuts of the Kamon win-in-two grades (quartiles of a fixed-seed sample).
pub const KAMON_TWO_CUTS: [u64; 3] = [21, 30, 45];

/// One verified Kamon win-in-two puzzle.
#[derive(Debug, Clone)]
pub struct KamonTwoPuzzle {
    /// Number on the sheet, from 1.
    pub number: u32,
    /// The position.
    pub position: KamonPosition,
    /// What the full search found.
    pub facts: crate::games::kamon::verify::WinInTwoFacts,
    /// The grade.
    pub grade: Grade,
}

impl KamonPuzzleRequest {
    /// Searches Kamon win-in-two puzzle `number` from its own stream.
    pub fn search_two(&self, number: u32, budget: &Budget) -> Search<KamonTwoPuzzle> {
        use crate::games::kamon::generate::attempt_win_in_two;
        use crate::games::kamon::verify::check_win_in_two;
        let domain = format!("kamon/win-in-two/{}", if self.any_wins { "any" } else { "unique" });
        let mut rng = SeedSource::new(&domain, &self.seed).stream(number as u64);
        let found = first_found(MAX_ATTEMPTS_PER_PUZZLE / 20, self.difficulty, budget, || {
            let position = attempt_win_in_two(!self.any_wins, &mut rng)?;
            let facts = check_win_in_two(&position).ok()?;
            if !self.any_wins && facts.solutions.len() != 1 {
                return None;
            }
            let grade = Grade::from_nodes(facts.solver_nodes, KAMON_TWO_CUTS);
            Some((position, facts, grade))
        });
        found.map(
            |(position, facts, grade)| KamonTwoPuzzle { number, position, facts, grade },
            || format!("no Kamon win-in-two puzzle #{number} found"),
        )
    }
}

/// The JSON Lines record of a Kamon win-in-two puzzle: `answers` holds, for every reply
/// to the key cell, a winning answer and how it wins.
pub fn kamon_two_record(puzzle: &KamonTwoPuzzle, request: &KamonPuzzleRequest) -> Value {
    use crate::games::kamon::notation::{board_text, cell_name, position_id};
    use crate::games::kamon::position::PLAYER_LETTERS as LETTERS;
    let pos = &puzzle.position;
    let f = &puzzle.facts;
    let answers: Vec<Value> = f
        .answers
        .iter()
        .map(|(reply, cell, how)| json!({"reply": cell_name(*reply), "cell": cell_name(*cell), "wins_by": how.word()}))
        .collect();
    json!({
        "game": "kamon",
        "number": puzzle.number,
        "id": position_id(pos),
        "seed": request.seed,
        "params": {"cells": 37},
        "board": board_text(pos),
        "to_move": LETTERS[pos.to_move() as usize].to_string(),
        "constraint": pos.constraint().map(|t| t.code()),
        "task": "win-in-two",
        "unique": !request.any_wins,
        "solutions": f.solutions.iter().map(|&b| json!({"cell": cell_name(b)})).collect::<Vec<_>>(),
        "answers": answers,
        "difficulty": {
            "legal_moves": f.legal_moves,
            "decoys": f.decoys,
            "replies": f.replies,
            "defensive_replies": f.replies,
            "solver_nodes": f.solver_nodes,
            "grade": puzzle.grade.word(),
        },
        "version": crate::VERSION,
    })
}

/// What to generate for SIX.
#[derive(Debug, Clone)]
pub struct SixPuzzleRequest {
    /// The user's seed string.
    pub seed: String,
    /// Win in one, or block.
    pub task: OneMoveTask,
    /// Round 1 (placing) or 2 (lift and place).
    pub round: u8,
    /// Several solutions allowed (all listed in the key); default: exactly one.
    pub any_wins: bool,
    /// Keep only puzzles of this grade.
    pub difficulty: Option<Grade>,
}

/// One verified SIX puzzle.
#[derive(Debug, Clone)]
pub struct SixPuzzle {
    /// Number on the sheet, from 1.
    pub number: u32,
    /// The position.
    pub position: SixPosition,
    /// What the exhaustive check found.
    pub facts: OneMoveFacts,
    /// The grade.
    pub grade: Grade,
}

impl SixPuzzleRequest {
    /// The task's word in records and file names.
    pub fn task_word(&self) -> &'static str {
        match self.task {
            OneMoveTask::WinInOne => "win-in-one",
            OneMoveTask::Block => "block",
        }
    }

    /// Generates puzzle `number` (from 1) from its own stream, verified.
    pub fn search(&self, number: u32, budget: &Budget) -> Search<SixPuzzle> {
        use crate::games::six::generate::attempt_one_move as attempt;
        use crate::games::six::verify::check_one_move as check;
        let domain =
            format!("six/{}/round{}/{}", self.task_word(), self.round, if self.any_wins { "any" } else { "unique" });
        let mut rng = SeedSource::new(&domain, &self.seed).stream(number as u64);
        let found = first_found(20_000, self.difficulty, budget, || {
            let position = attempt(self.task, self.round, !self.any_wins, &mut rng)?;
            let facts = check(&position, self.task).ok()?;
            if (!self.any_wins || self.task == OneMoveTask::Block) && facts.solutions.len() != 1 {
                return None;
            }
            let grade = Grade::for_six(&facts, self.round);
            Some((position, facts, grade))
        });
        found.map(
            |(position, facts, grade)| SixPuzzle { number, position, facts, grade },
            || format!("no SIX puzzle #{number} found"),
        )
    }

    /// Generates puzzle `number` (from 1) without a time limit.
    pub fn puzzle(&self, number: u32) -> Result<SixPuzzle> {
        unlimited(|budget| self.search(number, budget))
    }

    /// Generates puzzles `1..=count`.
    pub fn puzzles(&self, count: u32) -> Result<Vec<SixPuzzle>> {
        (1..=count).map(|n| self.puzzle(n)).collect()
    }
}

/// Node cuts of the SIX round-one win-in-two grades (quartiles of a fixed-seed sample).
pub const SIX_TWO_CUTS: [u64; 3] = [75, 85, 101];

/// One verified SIX round-one win-in-two puzzle.
#[derive(Debug, Clone)]
pub struct SixTwoPuzzle {
    /// Number on the sheet, from 1.
    pub number: u32,
    /// The position.
    pub position: SixPosition,
    /// What the full search found.
    pub facts: crate::games::six::verify::WinInTwoFacts,
    /// The grade.
    pub grade: Grade,
}

impl SixPuzzleRequest {
    /// Searches SIX round-one win-in-two puzzle `number` from its own stream.
    pub fn search_two(&self, number: u32, budget: &Budget) -> Search<SixTwoPuzzle> {
        use crate::games::six::generate::attempt_win_in_two;
        use crate::games::six::verify::check_win_in_two;
        let domain = format!("six/win-in-two/round1/{}", if self.any_wins { "any" } else { "unique" });
        let mut rng = SeedSource::new(&domain, &self.seed).stream(number as u64);
        let found = first_found(20_000, self.difficulty, budget, || {
            let position = attempt_win_in_two(!self.any_wins, &mut rng)?;
            let facts = check_win_in_two(&position).ok()?;
            if !self.any_wins && facts.solutions.len() != 1 {
                return None;
            }
            let grade = Grade::from_nodes(facts.solver_nodes, SIX_TWO_CUTS);
            Some((position, facts, grade))
        });
        found.map(
            |(position, facts, grade)| SixTwoPuzzle { number, position, facts, grade },
            || format!("no SIX win-in-two puzzle #{number} found"),
        )
    }
}

/// The JSON Lines record of a SIX win-in-two puzzle.
pub fn six_two_record(puzzle: &SixTwoPuzzle, request: &SixPuzzleRequest) -> Value {
    use crate::games::six::position::PLAYER_LETTERS as LETTERS;
    use crate::games::six::position_id;
    let pos = &puzzle.position;
    let f = &puzzle.facts;
    let mut board: Vec<(i32, i32, u8)> = pos.tokens().iter().map(|&(a, c)| (a.r, a.q, c)).collect();
    board.sort();
    let board: Vec<Value> = board.iter().map(|&(r, q, c)| json!([q, r, LETTERS[c as usize].to_string()])).collect();
    json!({
        "game": "six",
        "number": puzzle.number,
        "id": position_id(pos),
        "seed": request.seed,
        "params": {"round": pos.round(), "hands": {"r": pos.hands()[0], "b": pos.hands()[1]}},
        "board": board,
        "to_move": LETTERS[pos.to_move() as usize].to_string(),
        "task": "win-in-two",
        "unique": !request.any_wins,
        "solutions": f.solutions.iter().map(|m| six_move_json(*m)).collect::<Vec<_>>(),
        "threats": f.threat_cells.iter().map(|a| json!([a.q, a.r])).collect::<Vec<_>>(),
        "difficulty": {
            "legal_moves": f.legal_moves,
            "decoys": f.decoys,
            "replies": f.replies,
            "defensive_replies": f.defensive_replies,
            "solver_nodes": f.solver_nodes,
            "grade": puzzle.grade.word(),
        },
        "version": crate::VERSION,
    })
}

/// A SIX move as JSON: `{"cell": [q, r]}` or `{"from": [q, r], "to": [q, r], "keep": [q, r] | null}`.
pub fn six_move_json(mv: SixMove) -> Value {
    match mv {
        SixMove::Place(a) => json!({"cell": [a.q, a.r]}),
        SixMove::Relocate { from, keep, to } => {
            json!({"from": [from.q, from.r], "to": [to.q, to.r], "keep": keep.map(|k| json!([k.q, k.r]))})
        }
    }
}

/// The JSON Lines record of a SIX puzzle (FORMATS.md; `board` is `[q, r, colour]`).
pub fn six_record(puzzle: &SixPuzzle, request: &SixPuzzleRequest) -> Value {
    use crate::games::six::position::PLAYER_LETTERS as LETTERS;
    use crate::games::six::position_id;
    let pos = &puzzle.position;
    let mut board: Vec<(i32, i32, u8)> = pos.tokens().iter().map(|&(a, c)| (a.r, a.q, c)).collect();
    board.sort();
    let board: Vec<Value> = board.iter().map(|&(r, q, c)| json!([q, r, LETTERS[c as usize].to_string()])).collect();
    json!({
        "game": "six",
        "number": puzzle.number,
        "id": position_id(pos),
        "seed": request.seed,
        "params": {"round": pos.round(), "hands": {"r": pos.hands()[0], "b": pos.hands()[1]}},
        "board": board,
        "to_move": LETTERS[pos.to_move() as usize].to_string(),
        "task": request.task_word(),
        "unique": !request.any_wins || request.task == OneMoveTask::Block,
        "solutions": puzzle.facts.solutions.iter().map(|m| six_move_json(*m)).collect::<Vec<_>>(),
        "difficulty": {
            "legal_moves": puzzle.facts.legal_moves,
            // The one-move checker visits one position per legal move.
            "solver_nodes": puzzle.facts.legal_moves,
            "decoys": puzzle.facts.decoys,
            "grade": puzzle.grade.word(),
        },
        "version": crate::VERSION,
    })
}

/// What to generate for Gosforth.
#[derive(Debug, Clone)]
pub struct GosforthPuzzleRequest {
    /// The user's seed string.
    pub seed: String,
    /// Only puzzles whose answer reaches the target ("reach 12 now").
    pub reach_only: bool,
    /// The target score.
    pub target: u8,
    /// Keep only puzzles of this grade.
    pub difficulty: Option<Grade>,
}

/// One verified Gosforth puzzle.
#[derive(Debug, Clone)]
pub struct GosforthPuzzle {
    /// Number on the sheet, from 1.
    pub number: u32,
    /// The position.
    pub position: GosforthPosition,
    /// What the check found.
    pub facts: BestMoveFacts,
    /// The grade.
    pub grade: Grade,
}

impl GosforthPuzzleRequest {
    /// The task word in records.
    pub fn task_word(&self) -> &'static str {
        if self.reach_only {
            "win-in-one"
        } else {
            "best-move"
        }
    }

    /// Generates puzzle `number` (from 1) from its own stream, verified.
    pub fn search(&self, number: u32, budget: &Budget) -> Search<GosforthPuzzle> {
        use crate::games::gosforth::generate::attempt_best_move as attempt;
        use crate::games::gosforth::verify::check_best_move;
        let domain = format!("gosforth/{}/t{}", self.task_word(), self.target);
        let mut rng = SeedSource::new(&domain, &self.seed).stream(number as u64);
        let found = first_found(100_000, self.difficulty, budget, || {
            let position = attempt(self.target, self.reach_only, &mut rng)?;
            let facts = check_best_move(&position).ok()?;
            if facts.solutions.len() != 1 || (self.reach_only && !facts.reaches_target) {
                return None;
            }
            let grade = Grade::for_gosforth(&facts);
            Some((position, facts, grade))
        });
        found.map(
            |(position, facts, grade)| GosforthPuzzle { number, position, facts, grade },
            || format!("no Gosforth puzzle #{number} found"),
        )
    }

    /// Generates puzzle `number` (from 1) without a time limit.
    pub fn puzzle(&self, number: u32) -> Result<GosforthPuzzle> {
        unlimited(|budget| self.search(number, budget))
    }

    /// Generates puzzles `1..=count`.
    pub fn puzzles(&self, count: u32) -> Result<Vec<GosforthPuzzle>> {
        (1..=count).map(|n| self.puzzle(n)).collect()
    }
}

/// A Gosforth move as JSON: `{"slide": "b3", "to": "c3"}` or `{"claim": true}`.
pub fn gosforth_move_json(pos: &GosforthPosition, mv: GosforthMove) -> Value {
    use crate::games::gosforth::position::cell_name;
    match mv {
        GosforthMove::Slide(c) => json!({"slide": cell_name(c), "to": pos.gap().map(cell_name)}),
        GosforthMove::Place(c) => json!({"cell": cell_name(c)}),
        GosforthMove::Claim => json!({"claim": true}),
    }
}

/// The JSON Lines record of a Gosforth puzzle.
pub fn gosforth_record(puzzle: &GosforthPuzzle, request: &GosforthPuzzleRequest) -> Value {
    use crate::games::gosforth::notation::{board_text, position_id};
    use crate::games::gosforth::position::PLAYER_LETTERS as LETTERS;
    let pos = &puzzle.position;
    json!({
        "game": "gosforth",
        "number": puzzle.number,
        "id": position_id(pos),
        "seed": request.seed,
        "params": {"target": pos.target()},
        "board": board_text(pos),
        "to_move": LETTERS[pos.to_move() as usize].to_string(),
        "scores": {"x": pos.scores()[0], "o": pos.scores()[1]},
        "task": request.task_word(),
        "unique": true,
        "solutions": puzzle.facts.solutions.iter().map(|&m| gosforth_move_json(pos, m)).collect::<Vec<_>>(),
        "difficulty": {
            "legal_moves": puzzle.facts.legal_moves,
            // The one-move checker visits one position per legal move.
            "solver_nodes": puzzle.facts.legal_moves,
            "decoys": puzzle.facts.decoys,
            "best_net_points": puzzle.facts.best_net,
            "reaches_target": puzzle.facts.reaches_target,
            "grade": puzzle.grade.word(),
        },
        "version": crate::VERSION,
    })
}
