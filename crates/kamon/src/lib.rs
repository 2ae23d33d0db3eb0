//! Kamon (Bruno Cathala): take tokens matching the last one taken, to join two opposite sides,
//! close a ring, or leave the opponent without a move.
//!
//! `position` (bitboard rules), `notation` (IDs and the seeded set-up), `generate` (puzzle
//! generators), `verify` (the reference checker), `draw` (symbols and boards), `pages` and
//! `board` (boards to play on), `report` (`solve`), `fence` (rulebook diagrams), `rules.md`
//! (the rulebook).
//!
//! This file is the game's side of the contract ([`crate::game`]): its [`Rules`], its table
//! ([`INFO`]) and [`Game`], and its puzzle tasks (one [`Task`] each: win in one, win in two and
//! defend). What each task generates and checks lives in `generate` and `verify`.

// The core and the contract, as `crate::scene`, `crate::game`, … (and nothing else).
use boardpress_core::{description, error, flags, fonts, geom, lang, names, options, scene, seed, style};
use boardpress_game as game;

mod board;
mod draw;
mod engine;
mod fence;
mod generate;
mod glance;
pub mod grading;
mod notation;
mod pages;
mod position;
mod quality;
mod report;
#[cfg(test)]
mod tests;
mod verify;

pub use notation::{parse_position_id, position_id, seeded_setup};
pub use position::{geometry, CellContent, Geometry, KamonPosition, Status, Token, WinKind};

use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::error::{IdError, Result};
use crate::game::{
    search_figures, BoardFeatures, Game, GameInfo, Grade, NotAPuzzle, PuzzleTask, RecordField, Rules, SheetWords, Task,
    TaskSpec,
};
use crate::lang::Lang;
use crate::options::{GameOptions, Kind, OptionSpec, Use};
use crate::scene::Scene;
use generate::{attempt_defend, attempt_win_in_one, attempt_win_in_two};
use notation::cell_name;
use position::{player_name, symbol_object, win_word};
use quality::solvable_by_elimination;
use verify::{check_defend, check_win_in_one, check_win_in_two};
pub use verify::{DefendFacts, WinInOneFacts, WinInTwoFacts};

/// Kamon: the registry's entry (the [`Game`] side) and its [`Rules`].
#[derive(Debug, Clone, Copy)]
pub struct Kamon;

/// Kamon's options (boards only).
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "blank",
        kind: Kind::Flag,
        help: "Draw the board without tokens (for use with printed or bought tokens).",
        uses: &[Use::Board],
    },
    OptionSpec {
        name: "tokens",
        kind: Kind::Flag,
        help: "Add a cut-out sheet of the 36+1 tokens.",
        uses: &[Use::Board],
    },
];

impl Rules for Kamon {
    type Position = KamonPosition;
    type Move = u32;
    const WORD: &'static str = "kamon";

    fn parse_id(id: &str) -> std::result::Result<KamonPosition, IdError> {
        parse_position_id(id)
    }

    fn position_id(pos: &KamonPosition) -> String {
        position_id(pos)
    }

    fn record_fields(pos: &KamonPosition) -> Vec<RecordField> {
        vec![
            RecordField::required("params", json!({"cells": 37})),
            RecordField::required("board", json!(notation::board_text(pos))),
            RecordField::required("to_move", json!(position::PLAYER_LETTERS[pos.to_move() as usize].to_string())),
            RecordField::required("constraint", json!(pos.constraint().map(|t| t.code()))),
        ]
    }

    fn move_json(_pos: &KamonPosition, cell: u32) -> Value {
        json!({"cell": notation::cell_name(cell)})
    }

    fn reading(_pos: &KamonPosition, lang: Lang) -> String {
        lang.t("kamon.alt.reading").to_string()
    }

    fn diagram(pos: &KamonPosition, highlight: &[u32], lang: Lang) -> Scene {
        let mut scene = draw::puzzle_diagram(pos, 8.0, highlight, lang);
        let cells: Vec<String> = highlight.iter().map(|&c| cell_name(c)).collect();
        crate::description::append(&mut scene, &crate::description::outlined(lang, &cells));
        scene
    }

    fn surely_skipped_win(pos: &KamonPosition) -> bool {
        quality::surely_skipped_win(pos)
    }
}

/// Kamon's table: names, options, tasks, fence keys and demo files.
pub const INFO: GameInfo = GameInfo {
    word: "kamon",
    title: "Kamon",
    credit: "kamon.credit",
    about: "Kamon (Bruno Cathala): a 37-cell hex board of random symbol tokens",
    options: OPTIONS,
    tasks: &[
        TaskSpec { word: "win-in-one", help: "a cell that wins at once" },
        TaskSpec { word: "win-in-two", help: "a cell after which every reply allows a win" },
        TaskSpec {
            word: "defend",
            help: "the one cell after which the opponent can neither win at once nor force a win in two",
        },
    ],
    engine: game::EngineEntries::of::<Kamon>(),
    board_features: BoardFeatures { seed: true, count: true, per_page: false },
    demo: &[
        (&["puzzles", "kamon", "--task", "win-in-two", "--count", "8", "--seed", "demo"], "kamon-win-in-two-demo.pdf"),
        (&["puzzles", "kamon", "--task", "defend", "--count", "8", "--seed", "demo"], "kamon-defend-demo.pdf"),
        (&["board", "kamon", "--seed", "demo", "--tokens"], "kamon-board-demo-tokens.pdf"),
        (&["puzzles", "kamon", "--count", "8", "--seed", "demo"], "kamon-win-in-one-demo.pdf"),
        (&["puzzles", "kamon", "--count", "8", "--seed", "demo", "--format", "jsonl"], "kamon-win-in-one-demo.jsonl"),
        (&["rules", "kamon", "--booklet"], "kamon-rules-booklet.pdf"),
        (&["rules", "kamon", "--lang", "fr"], "kamon-rules-fr.pdf"),
    ],
    id_options: |id| parse_position_id(id).map(|_| GameOptions::new()),
    board_plan: board::plan,
    board: board::board,
    rulebooks: boardpress_game::rulebooks!("kamon"),
};

impl Game for Kamon {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn task(&self, word: &str, _options: &GameOptions) -> Result<Box<dyn PuzzleTask>> {
        Ok(match word {
            "win-in-two" => Box::new(WinInTwo),
            "defend" => Box::new(Defend),
            _ => Box::new(WinInOne),
        })
    }

    fn cover(&self, _options: &GameOptions, lang: Lang) -> Result<Scene> {
        let mut rng = crate::seed::SeedSource::new("kamon-cover", "cover").stream(0);
        let pos = seeded_setup(&mut rng);
        let mut scene = draw::board(&pos, 10.0, draw::BoardStyle { tokens: true, names: false, compact: false }, &[]);
        crate::description::Spoken::new(lang.t("kamon.alt.cover").into(), &[]).apply(&mut scene);
        Ok(scene)
    }
}

// The puzzle tasks: one `Task` each, with the words, grades and record fields of its
// sheets. Their generators are in `generate`, their exhaustive checks in `verify`.

/// Rival cuts of the win-in-one grades (see [`grading::win_in_one_rivals`]):
/// easy below 3, medium below 5, hard below 8.
pub const WIN_IN_ONE_CUTS: [u64; 3] = [3, 5, 8];

/// Step cuts of the defend grades (see [`grading::defend_steps`]): easy below
/// 3 steps, medium 3, hard 4 or 5, expert 6 or more.
pub const DEFEND_CUTS: [u64; 3] = [3, 4, 6];

/// Step cuts of the win-in-two grades (see [`grading::win_in_two_steps`]): easy
/// below 4 steps, medium 4, hard 5, expert 6 or more.
pub const WIN_IN_TWO_CUTS: [u64; 3] = [4, 5, 6];

/// A caption: who is to play, the goal (a message taking `{player}`), the constraint
/// and the stars.
fn caption(pos: &KamonPosition, grade: Grade, goal: &'static str, lang: Lang) -> String {
    let goal = lang.f(goal, &[("player", &player_name(pos.to_move() as usize, lang))]);
    let text = match pos.constraint() {
        Some(t) => lang.f(
            "kamon.caption.constraint",
            &[("goal", &goal), ("symbol", &symbol_object(t.symbol, lang)), ("count", &t.count)],
        ),
        None => lang.f("kamon.caption.first", &[("goal", &goal)]),
    };
    format!("{text}  {}", grade.star_text())
}

/// The legend line of every Kamon sheet.
fn legend(lang: Lang) -> String {
    format!("{} · {}", lang.t("kamon.legend"), Grade::legend(lang))
}

/// Win in one: a legal cell that wins at once (exactly one unless `--any-wins`).
#[derive(Debug, Clone, Copy, Default)]
pub struct WinInOne;

impl Task for WinInOne {
    type Rules = Kamon;
    type Facts = WinInOneFacts;

    fn word(&self) -> &'static str {
        "win-in-one"
    }

    fn attempt(&self, unique: bool, rng: &mut ChaCha8Rng) -> Option<KamonPosition> {
        attempt_win_in_one(unique, rng)
    }

    fn check(&self, pos: &KamonPosition) -> Result<WinInOneFacts, NotAPuzzle> {
        check_win_in_one(pos)
    }

    fn solutions(&self, _pos: &KamonPosition, facts: &WinInOneFacts) -> Vec<Value> {
        facts.solutions.iter().map(|(b, how)| json!({"cell": cell_name(*b), "wins_by": how.word()})).collect()
    }

    /// Cut on how promising the other cells look (see [`WIN_IN_ONE_CUTS`]).
    fn grade(&self, facts: &WinInOneFacts) -> Grade {
        Grade::from_cuts(facts.rivals as u64, WIN_IN_ONE_CUTS)
    }

    fn figures(&self, f: &WinInOneFacts) -> Vec<(&'static str, Value)> {
        vec![
            ("legal_moves", json!(f.legal_moves)),
            // The one-move checker visits one position per legal move.
            ("solver_nodes", json!(f.legal_moves)),
            ("decoys", json!(f.decoys)),
            ("rivals", json!(f.rivals)),
        ]
    }

    fn sheet(&self, several: bool, lang: Lang) -> SheetWords {
        let promise = if several { lang.t("kamon.win1.several") } else { lang.t("kamon.win1.unique") };
        SheetWords {
            title: lang.t("kamon.win1.title").into(),
            intro: vec![
                lang.t("kamon.win1.goal").into(),
                format!("{promise} {}", lang.t("kamon.pile_hint")),
                legend(lang),
            ],
            key_intro: lang.t("kamon.win1.key").into(),
            per_page: 4,
            key_per_page: 12,
        }
    }

    fn caption(&self, pos: &KamonPosition, _facts: &WinInOneFacts, grade: Grade, lang: Lang) -> String {
        caption(pos, grade, "kamon.win1.caption", lang)
    }

    fn answer(&self, pos: &KamonPosition, facts: &WinInOneFacts, lang: Lang) -> (Scene, String) {
        let cells: Vec<u32> = facts.solutions.iter().map(|s| s.0).collect();
        let answer: Vec<String> =
            facts.solutions.iter().map(|(b, how)| format!("{} ({})", cell_name(*b), win_word(*how, lang))).collect();
        (Kamon::diagram(pos, &cells, lang), answer.join(", "))
    }
}

/// Win in two: no win now, and a cell after which every reply allows a win.
#[derive(Debug, Clone, Copy, Default)]
pub struct WinInTwo;

impl Task for WinInTwo {
    type Rules = Kamon;
    type Facts = WinInTwoFacts;

    fn word(&self) -> &'static str {
        "win-in-two"
    }

    fn attempt(&self, unique: bool, rng: &mut ChaCha8Rng) -> Option<KamonPosition> {
        attempt_win_in_two(unique, rng)
    }

    fn check(&self, pos: &KamonPosition) -> Result<WinInTwoFacts, NotAPuzzle> {
        check_win_in_two(pos)
    }

    fn below_floor(&self, pos: &KamonPosition, facts: &WinInTwoFacts) -> Option<String> {
        solvable_by_elimination(pos, &facts.solutions)
            .then(|| "every other cell loses at once: the key is found by elimination, not by seeing the win".into())
    }

    /// Cut on what a person must see through (see [`WIN_IN_TWO_CUTS`]).
    fn grade(&self, facts: &WinInTwoFacts) -> Grade {
        Grade::from_cuts(facts.steps as u64, WIN_IN_TWO_CUTS)
    }

    fn figures(&self, f: &WinInTwoFacts) -> Vec<(&'static str, Value)> {
        // In Kamon every reply to the key cell is a defence that must be answered.
        let mut figures = search_figures(f.legal_moves, f.decoys, f.replies, f.replies, f.solver_nodes);
        figures.push(("steps", json!(f.steps)));
        figures
    }

    fn extra_fields(&self, _pos: &KamonPosition, f: &WinInTwoFacts) -> Vec<(&'static str, Value)> {
        let answers: Vec<Value> = f
            .answers
            .iter()
            .map(|(reply, cell, how)| json!({"reply": cell_name(*reply), "cell": cell_name(*cell), "wins_by": how.word()}))
            .collect();
        vec![("answers", Value::Array(answers))]
    }

    fn sheet(&self, several: bool, lang: Lang) -> SheetWords {
        let promise = if several { lang.t("kamon.win2.several") } else { lang.t("kamon.win2.unique") };
        SheetWords {
            title: lang.t("kamon.win2.title").into(),
            intro: vec![
                lang.t("kamon.win2.goal").into(),
                format!("{promise} {}", lang.t("kamon.win2.hint")),
                legend(lang),
            ],
            key_intro: lang.t("kamon.win2.key").into(),
            per_page: 4,
            key_per_page: 12,
        }
    }

    fn caption(&self, pos: &KamonPosition, _facts: &WinInTwoFacts, grade: Grade, lang: Lang) -> String {
        caption(pos, grade, "kamon.win2.caption", lang)
    }

    fn answer(&self, pos: &KamonPosition, f: &WinInTwoFacts, lang: Lang) -> (Scene, String) {
        let answers: Vec<String> = f
            .answers
            .iter()
            .map(|(r, c, _)| lang.f("kamon.win2.pair", &[("reply", &cell_name(*r)), ("win", &cell_name(*c))]))
            .collect();
        let cells: Vec<String> = f.solutions.iter().map(|&b| cell_name(b)).collect();
        (
            Kamon::diagram(pos, &f.solutions, lang),
            lang.f("kamon.win2.answer", &[("cells", &cells.join(", ")), ("answers", &answers.join(", "))]),
        )
    }
}

/// Defend: the side to move cannot win at once, and after every cell but one the
/// opponent wins at once or forces a win in two (exactly one saving cell unless
/// `--any-wins`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Defend;

impl Task for Defend {
    type Rules = Kamon;
    type Facts = DefendFacts;

    fn word(&self) -> &'static str {
        "defend"
    }

    fn attempt(&self, unique: bool, rng: &mut ChaCha8Rng) -> Option<KamonPosition> {
        attempt_defend(unique, rng)
    }

    fn check(&self, pos: &KamonPosition) -> Result<DefendFacts, NotAPuzzle> {
        check_defend(pos)
    }

    /// One-glance: every other cell hands him a win at once and none looks like a block.
    fn one_glance(&self, _pos: &KamonPosition, facts: &DefendFacts) -> bool {
        facts.lost_in_two == 0 && facts.decoys == 0
    }

    /// Cut on what a person must see through (see [`DEFEND_CUTS`]).
    fn grade(&self, facts: &DefendFacts) -> Grade {
        Grade::from_cuts(facts.steps as u64, DEFEND_CUTS)
    }

    fn figures(&self, f: &DefendFacts) -> Vec<(&'static str, Value)> {
        vec![
            ("legal_moves", json!(f.legal_moves)),
            ("decoys", json!(f.decoys)),
            ("lost_at_once", json!(f.lost_at_once)),
            ("lost_in_two", json!(f.lost_in_two)),
            ("solver_nodes", json!(f.solver_nodes)),
            ("steps", json!(f.steps)),
        ]
    }

    fn extra_fields(&self, _pos: &KamonPosition, f: &DefendFacts) -> Vec<(&'static str, Value)> {
        let best_try = f
            .best_try
            .map_or(Value::Null, |(reply, answer)| json!({"reply": cell_name(reply), "answer": cell_name(answer)}));
        vec![("best_try", best_try)]
    }

    fn sheet(&self, several: bool, lang: Lang) -> SheetWords {
        let promise = if several { lang.t("kamon.defend.several") } else { lang.t("kamon.defend.unique") };
        SheetWords {
            title: lang.t("kamon.defend.title").into(),
            intro: vec![
                lang.t("kamon.defend.goal").into(),
                format!("{promise} {}", lang.t("kamon.defend.hint")),
                legend(lang),
            ],
            key_intro: lang.t("kamon.defend.key").into(),
            per_page: 4,
            key_per_page: 12,
        }
    }

    fn caption(&self, pos: &KamonPosition, _facts: &DefendFacts, grade: Grade, lang: Lang) -> String {
        caption(pos, grade, "kamon.defend.caption", lang)
    }

    fn answer(&self, pos: &KamonPosition, f: &DefendFacts, lang: Lang) -> (Scene, String) {
        let cells: Vec<String> = f.solutions.iter().map(|&b| cell_name(b)).collect();
        let opponent = player_name(1 - pos.to_move() as usize, lang);
        let then = match f.best_try {
            Some((reply, answer)) => lang.f(
                "kamon.defend.best_try",
                &[("player", &opponent), ("try", &cell_name(reply)), ("answer", &cell_name(answer))],
            ),
            None => lang.f("kamon.defend.no_move", &[("player", &opponent)]),
        };
        (Kamon::diagram(pos, &f.solutions, lang), format!("{}; {then}", cells.join(", ")))
    }
}
