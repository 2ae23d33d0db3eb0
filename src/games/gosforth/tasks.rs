//! Gosforth's puzzle task: the best move of the sliding stage (the most points for the
//! mover less any points it hands over), or with `--task win-in-one` only positions whose
//! best move reaches the target; its generator, exhaustive check, grade, record fields and
//! sheet words.

use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use super::generate::attempt_best_move;
use super::position::{cell_name, GosforthPosition, Move, PLAYER_NAMES};
use super::verify::{check_best_move, BestMoveFacts};
use super::Gosforth;
use crate::games::{Rules, SheetWords, Task};
use crate::puzzle::Grade;
use crate::scene::Scene;

/// Generation attempts allowed per puzzle.
const MAX_ATTEMPTS: u64 = 100_000;

/// The best move ("score now"); with `reach_only`, only positions whose best move reaches
/// the target ("reach 12 now", the `win-in-one` task).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BestMove {
    target: u8,
    reach_only: bool,
}

impl BestMove {
    /// The task for a target score.
    pub fn new(target: u8, reach_only: bool) -> Self {
        BestMove { target, reach_only }
    }
}

impl Task for BestMove {
    type Rules = Gosforth;
    type Facts = BestMoveFacts;

    fn word(&self) -> &'static str {
        if self.reach_only {
            "win-in-one"
        } else {
            "best-move"
        }
    }

    fn variant(&self) -> String {
        format!("target {}", self.target)
    }

    fn file_stem(&self) -> String {
        if self.reach_only { "puzzles-reach" } else { "puzzles" }.into()
    }

    fn domain(&self, _several: bool) -> String {
        format!("gosforth/{}/t{}", Task::word(self), self.target)
    }

    fn max_attempts(&self) -> u64 {
        MAX_ATTEMPTS
    }

    fn attempt(&self, _unique: bool, rng: &mut ChaCha8Rng) -> Option<GosforthPosition> {
        attempt_best_move(self.target, self.reach_only, rng)
    }

    fn check(&self, pos: &GosforthPosition) -> Result<BestMoveFacts, String> {
        check_best_move(pos)
    }

    fn solution_count(&self, facts: &BestMoveFacts) -> usize {
        facts.solutions.len()
    }

    fn solutions(&self, pos: &GosforthPosition, facts: &BestMoveFacts) -> Vec<Value> {
        facts.solutions.iter().map(|&m| Gosforth::move_json(pos, m)).collect()
    }

    fn several_allowed(&self) -> bool {
        false
    }

    /// Exactly one best move; for `win-in-one`, one that reaches the target.
    fn keeps_promise(&self, facts: &BestMoveFacts, _unique: bool) -> Result<(), String> {
        if facts.solutions.len() != 1 {
            return Err(format!("{} moves share the best score; a puzzle needs one", facts.solutions.len()));
        }
        if self.reach_only && !facts.reaches_target {
            return Err("task win-in-one, but the best move does not reach the target".into());
        }
        Ok(())
    }

    /// Decoys are other moves that also score for the mover: easy = 0, medium = 1,
    /// hard = 2, expert = 3 or more.
    fn grade(&self, facts: &BestMoveFacts) -> Grade {
        match facts.decoys {
            0 => Grade::Easy,
            1 => Grade::Medium,
            2 => Grade::Hard,
            _ => Grade::Expert,
        }
    }

    fn figures(&self, f: &BestMoveFacts) -> Vec<(&'static str, Value)> {
        vec![
            ("legal_moves", json!(f.legal_moves)),
            // The one-move checker visits one position per legal move.
            ("solver_nodes", json!(f.legal_moves)),
            ("decoys", json!(f.decoys)),
            ("best_net_points", json!(f.best_net)),
            ("reaches_target", json!(f.reaches_target)),
        ]
    }

    fn sheet(&self, _several: bool) -> SheetWords {
        SheetWords {
            title: "Gosforth — score now".into(),
            doc_title: "Gosforth puzzles".into(),
            intro: vec![
                "Slide a piece next to the gap into it (not the piece your opponent just slid). Four in a row scores 1, five 1 more, filling XX.XX or XXX.X scores 2; sliding your opponent's piece into line scores for your opponent.".to_string(),
                format!("Each puzzle has exactly one best move: the most points for you, less any points it hands over — checked by trying every move. A dashed square marks the piece just slid (it may not slide back). Target {} · {}", self.target, Grade::LEGEND),
            ],
            key_intro: "The arrow shows the slide into the shaded gap.".into(),
            per_page: 6,
            key_per_page: 12,
        }
    }

    fn caption(&self, pos: &GosforthPosition, facts: &BestMoveFacts, grade: Grade) -> String {
        let who = PLAYER_NAMES[pos.to_move() as usize];
        let sc = pos.scores();
        let goal =
            if facts.reaches_target { format!("reach {} now", self.target) } else { "score the most now".into() };
        format!("{who} to move: {goal} · X {} O {}  {}", sc[0], sc[1], grade.star_text())
    }

    fn answer(&self, pos: &GosforthPosition, facts: &BestMoveFacts) -> (Scene, String) {
        let mv = facts.solutions[0];
        let what = match mv {
            Move::Slide(c) => {
                let piece = if pos.cell(c as usize) == 1 { "X" } else { "O" };
                format!("slide {piece} {}→{}", cell_name(c), pos.gap().map(cell_name).unwrap_or_default())
            }
            Move::Claim => "claim and pass".into(),
            Move::Place(c) => cell_name(c),
        };
        (Gosforth::diagram(pos, &facts.solutions), format!("{what} (+{})", facts.best_net))
    }
}
