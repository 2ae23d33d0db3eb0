//! EL (Larry Levy): write numbers on a square grid to complete a line or an L whose numbers are
//! exactly 1..K, holding the colour majority of its cells.
//!
//! `params` (variants), `shapes` (placements), `position` (rules), `prospect` (what writing on
//! a cell would do, every number at once), `notation` (IDs), `generate` (puzzle generators),
//! `verify` (exhaustive checks), `options` (the variants as options), `draw` (diagrams into a
//! scene), `board` (boards to play on), `report` (`solve`), `fence` (rulebook diagrams),
//! `rules.md` (the rulebook).
//!
//! This file is the game's side of the contract ([`crate::game`]): its [`Rules`], its table
//! ([`INFO`]) and [`Game`], and its puzzle tasks (one [`Task`] each: win in one, win in two and
//! defend). Its generators are in `generate`, its checks in `verify` and `defend`.

// The core and the contract, as `crate::scene`, `crate::game`, … (and nothing else).
use boardpress_core::{description, error, fonts, geom, lang, names, options, scene, seed, sheet, style};
use boardpress_game as game;

mod board;
mod defend;
pub mod draw;
mod engine;
mod fence;
mod generate;
mod glance;
pub mod grading;
mod notation;
mod params;
mod position;
mod prospect;
mod quality;
mod report;
mod shapes;
#[cfg(test)]
mod tests;
mod variant;
mod verify;

pub use notation::{parse_position_id, position_id, rules_for};
pub use params::{ElParams, ParamsError, Shape};
pub use position::{ElPosition, Mark, Move, Status};
use variant::variant_options;
pub use variant::{variant_params, OPTIONS};

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::error::{Error, IdError, Result, Words};
use crate::game::{
    BoardFeatures, Game, GameInfo, Grade, NotAPuzzle, PuzzleTask, RecordField, Rules, SheetWords, Task, TaskSpec,
    TemplateVariables,
};
use crate::geom::square::{cell_name, column_letter};
use crate::lang::Lang;
use crate::names::slug;
use crate::options::GameOptions;
use crate::scene::Scene;
use defend::check_defend;
pub use defend::DefendFacts;
use generate::{attempt_defend, attempt_win_in_one, attempt_win_in_two};
use params::{mark_legend, player_name};
use position::distinct_cells;
use shapes::ElRules;
use verify::{check_win_in_one, check_win_in_two};
pub use verify::{WinInOneFacts, WinInTwoFacts};

/// EL: the registry's entry (the [`Game`] side) and its [`Rules`].
#[derive(Debug, Clone, Copy)]
pub struct El;

impl Rules for El {
    type Position = ElPosition;
    type Move = Move;
    const WORD: &'static str = "el";
    const MAX_ATTEMPTS: u64 = 2_000_000;

    fn parse_id(id: &str) -> std::result::Result<ElPosition, IdError> {
        parse_position_id(id)
    }

    fn position_id(pos: &ElPosition) -> String {
        position_id(pos)
    }

    fn record_fields(pos: &ElPosition) -> Vec<RecordField> {
        let p = pos.params();
        vec![
            RecordField::required(
                "params",
                json!({
                    "size": p.size,
                    "numbers": p.numbers,
                    "length": p.length,
                    "players": p.players,
                    "consecutive": p.consecutive,
                    "shape": p.shape.word(),
                    "full_board_p2": p.full_board_p2,
                    "balance": p.balance,
                }),
            ),
            RecordField::optional("params_id", json!(p.to_id())),
            RecordField::required("board", json!(notation::board_text(pos))),
            RecordField::required("to_move", json!(params::PLAYER_LETTERS[pos.to_move() as usize].to_string())),
        ]
    }

    fn move_json(pos: &ElPosition, mv: Move) -> Value {
        json!({"cell": cell_name(pos.params().size, mv.cell as usize), "number": mv.number})
    }

    fn reading(pos: &ElPosition, lang: Lang) -> String {
        let size = pos.params().size;
        lang.f("el.alt.reading", &[("size", &size), ("last", &crate::geom::square::column_letter(size - 1))])
    }

    fn diagram(pos: &ElPosition, highlight: &[Move], lang: Lang) -> Scene {
        let mut scene = sheet_diagram(pos, highlight);
        notation::spoken(pos, lang).apply(&mut scene);
        let moves: Vec<String> = highlight.iter().map(|m| move_words(pos, *m, lang)).collect();
        crate::description::append(&mut scene, &crate::description::outlined(lang, &moves));
        scene
    }

    fn surely_skipped_win(pos: &ElPosition) -> bool {
        quality::surely_skipped_win(pos)
    }
}

/// EL's table: names, options, tasks, fence keys and demo files.
pub const INFO: GameInfo = GameInfo {
    word: "el",
    title: "EL",
    credit: "el.credit",
    about: "EL (Larry Levy): write numbers 1-6 on a 6x6 grid to form an L or a line",
    options: OPTIONS,
    tasks: &[
        TaskSpec { word: "win-in-one", help: "the side to move has a winning move now" },
        TaskSpec { word: "win-in-two", help: "one move forces a win next turn (two players)" },
        TaskSpec { word: "defend", help: "the one cell that stops the opponent's forced win (two players)" },
    ],
    engine: game::EngineEntries::of::<El>(),
    board_features: BoardFeatures { seed: false, count: false, per_page: true },
    demo: &[
        (&["puzzles", "el", "--count", "12", "--seed", "demo"], "el-win-in-one-demo.pdf"),
        (&["puzzles", "el", "--task", "win-in-two", "--count", "12", "--seed", "demo"], "el-win-in-two-demo.pdf"),
        (&["puzzles", "el", "--task", "defend", "--count", "12", "--seed", "demo"], "el-defend-demo.pdf"),
        (&["puzzles", "el", "--count", "12", "--seed", "demo", "--format", "jsonl"], "el-win-in-one-demo.jsonl"),
        (&["board", "el"], "el-board-6x6.pdf"),
        (&["board", "el", "--size", "8", "--numbers", "8", "--per-page", "2"], "el-board-8x8-n8-2up.pdf"),
        (&["rules", "el"], "el-rules.pdf"),
    ],
    id_options: |id| parse_position_id(id).map(|pos| variant_options(pos.params())),
    board_plan: board::plan,
    board: |ask, _command, _page| board::board(ask),
    rulebooks: boardpress_game::rulebooks!("el"),
};

impl Game for El {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn task(&self, word: &str, options: &GameOptions) -> Result<Box<dyn PuzzleTask>> {
        let params = variant_params(options)?;
        match word {
            "win-in-two" | "defend" if params.players != 2 => Err(Error::input(
                Words::from(format!("{word} puzzles are for two players (drop ")).then_option("players").then(")"),
            )),
            "win-in-two" => Ok(Box::new(WinInTwo::new(params))),
            "defend" => Ok(Box::new(Defend::new(params))),
            _ => Ok(Box::new(WinInOne::new(params))),
        }
    }

    fn template_variables(&self, options: &GameOptions, lang: Lang, vars: &mut TemplateVariables) -> Result<()> {
        let params = variant_params(options)?;
        let files: Vec<String> = (0..params.size).map(|c| column_letter(c).to_string()).collect();
        vars.insert("size", params.size);
        vars.insert("numbers", params.numbers);
        vars.insert("length", params.length);
        vars.insert("players", params.players);
        vars.insert("consecutive", params.consecutive);
        vars.insert("shape", params.shape.word());
        vars.insert("full_board_p2", params.full_board_p2);
        vars.insert("balance", params.balance);
        vars.insert("params_id", params.to_id());
        vars.insert("variant", params.describe(lang));
        vars.insert("files", &files);
        vars.insert("last_file", files.last().map(String::as_str).unwrap_or("a"));
        vars.insert("cells", params.size as u32 * params.size as u32);
        // Cells a player must hold to own an EL: a strict majority, or with 3+ players
        // more than anyone else.
        vars.insert("majority", params.length / 2 + 1);
        let names: Vec<&str> = (0..params.players as usize).map(|p| params::player_name(p, lang)).collect();
        vars.insert("names", &names);
        Ok(())
    }

    fn cover(&self, options: &GameOptions, lang: Lang) -> Result<Scene> {
        let params = variant_params(options)?;
        let mut scene = draw::blank(&params, 10.0);
        let last = crate::geom::square::column_letter(params.size - 1);
        let said = lang.f("el.alt.blank", &[("size", &params.size), ("first", &'a'), ("last", &last)]);
        crate::description::Spoken::new(said, &[]).apply(&mut scene);
        Ok(scene)
    }

    fn rules_suffix(&self, options: &GameOptions) -> String {
        match variant_params(options) {
            Ok(params) if !options.words(OPTIONS).is_empty() => format!("-{}", slug(&params.to_id())),
            _ => String::new(),
        }
    }
}

// The puzzle tasks: one `Task` each, with the words, grades and record fields of its
// sheets. Their generators are in `generate`, their exhaustive checks in `verify` and `defend`.

/// Diagram cell size on sheets, mm.
const CELL: f32 = 10.0;

/// Step cuts of the win-in-one grades (see [`grading::win_in_one_rivals`]): easy
/// below 8, medium below 20, hard below 36.
pub const WIN_IN_ONE_CUTS: [u64; 3] = [8, 20, 36];

/// Rival cuts of the defend grades: easy below 1 rival, medium below 5, hard below 11.
pub const DEFEND_CUTS: [u64; 3] = [1, 5, 11];

/// Rival cuts of the win-in-two grades: easy below 6, medium below 8, hard below 12.
pub const WIN_IN_TWO_CUTS: [u64; 3] = [6, 8, 12];

/// The numbers an EL holds, as the sheets say it: "1 to 6" or "6 in a row".
fn numbers_words(p: &ElParams, lang: Lang) -> String {
    if p.consecutive {
        lang.f("el.numbers.consecutive", &[("n", &p.length)])
    } else {
        lang.f("el.numbers.range", &[("n", &p.length)])
    }
}

/// "6x6 · numbers 1–6 · lines and Ls of 6 · Red numbers plain … · difficulty …": the
/// sheets' last intro line.
fn variant_line(p: &ElParams, lang: Lang) -> String {
    format!("{} · {} · {}", p.describe(lang), mark_legend(p.players, lang), Grade::legend(lang))
}

/// The variant's part of a file name: empty for the base game, else `-8x8-n8`.
fn variant_stem(params: &ElParams) -> String {
    if *params != ElParams::default() {
        format!("-{}", slug(&params.to_id()))
    } else {
        String::new()
    }
}

fn cell_text(pos: &ElPosition, cell: u8) -> String {
    cell_name(pos.params().size, cell as usize)
}

/// A puzzle's caption: the goal (message `goal`, naming the player to move) and the
/// stars.
fn caption(pos: &ElPosition, goal: &'static str, grade: Grade, lang: Lang) -> String {
    let who = player_name(pos.to_move() as usize, lang);
    format!("{}  {}", lang.f(goal, &[("player", &who)]), grade.star_text())
}

/// "4 on c3" in `lang`.
pub(crate) fn move_words(pos: &ElPosition, m: Move, lang: Lang) -> String {
    lang.f("el.move", &[("number", &m.number), ("cell", &cell_text(pos, m.cell))])
}

/// Win in one: the side to move has a winning move now (exactly one unless `--any-wins`).
#[derive(Debug, Clone)]
pub struct WinInOne {
    params: ElParams,
    rules: Arc<ElRules>,
}

impl WinInOne {
    /// The task for a variant.
    pub fn new(params: ElParams) -> Self {
        let rules = rules_for(&params);
        WinInOne { params, rules }
    }
}

impl Task for WinInOne {
    type Rules = El;
    type Facts = WinInOneFacts;

    fn word(&self) -> &'static str {
        "win-in-one"
    }

    fn variant(&self) -> String {
        self.params.to_id()
    }

    fn file_stem(&self) -> String {
        format!("win-in-one{}", variant_stem(&self.params))
    }

    fn attempt(&self, unique: bool, rng: &mut ChaCha8Rng) -> Option<ElPosition> {
        attempt_win_in_one(&self.rules, unique, rng)
    }

    fn check(&self, pos: &ElPosition) -> Result<WinInOneFacts, NotAPuzzle> {
        check_win_in_one(pos)
    }

    /// Cut on the cells that look as promising as the answer (see [`WIN_IN_ONE_CUTS`]).
    fn grade(&self, facts: &WinInOneFacts) -> Grade {
        Grade::from_cuts(facts.rivals as u64, WIN_IN_ONE_CUTS)
    }

    fn figures(&self, f: &WinInOneFacts) -> Vec<(&'static str, Value)> {
        vec![
            ("empty_cells", json!(f.empty_cells)),
            ("legal_moves", json!(f.legal_moves)),
            // The one-move checker visits one position per legal move.
            ("solver_nodes", json!(f.legal_moves)),
            ("decoys", json!(f.decoys)),
            ("rivals", json!(f.rivals)),
        ]
    }

    fn sheet(&self, several: bool, lang: Lang) -> SheetWords {
        let p = &self.params;
        let promise = if several { lang.t("el.win1.several") } else { lang.t("el.win1.unique") };
        SheetWords {
            title: lang.t("el.win1.title").into(),
            intro: vec![
                lang.f("el.win1.goal", &[("length", &p.length), ("numbers", &numbers_words(p, lang))]),
                promise.to_string(),
                variant_line(p, lang),
            ],
            key_intro: lang.t("el.win1.key").into(),
            per_page: 6,
            key_per_page: 20,
        }
    }

    fn caption(&self, pos: &ElPosition, _facts: &WinInOneFacts, grade: Grade, lang: Lang) -> String {
        caption(pos, "el.win1.caption", grade, lang)
    }

    fn answer(&self, pos: &ElPosition, facts: &WinInOneFacts, lang: Lang) -> (Scene, String) {
        let answer: Vec<String> = facts.solutions.iter().map(|m| move_words(pos, *m, lang)).collect();
        (El::diagram(pos, &facts.solutions, lang), answer.join(", "))
    }
}

/// Win in two (two players): no win now, and exactly one move (unless `--any-wins`) after
/// which every reply leaves a win.
#[derive(Debug, Clone)]
pub struct WinInTwo {
    params: ElParams,
    rules: Arc<ElRules>,
}

impl WinInTwo {
    /// The task for a two-player variant.
    pub fn new(params: ElParams) -> Self {
        let rules = rules_for(&params);
        WinInTwo { params, rules }
    }
}

impl Task for WinInTwo {
    type Rules = El;
    type Facts = WinInTwoFacts;

    fn word(&self) -> &'static str {
        "win-in-two"
    }

    fn variant(&self) -> String {
        self.params.to_id()
    }

    fn file_stem(&self) -> String {
        format!("win-in-two{}", variant_stem(&self.params))
    }

    fn attempt(&self, _unique: bool, rng: &mut ChaCha8Rng) -> Option<ElPosition> {
        attempt_win_in_two(&self.rules, rng)
    }

    fn check(&self, pos: &ElPosition) -> Result<WinInTwoFacts, NotAPuzzle> {
        check_win_in_two(pos)
    }

    /// Cut on the model's rivals (see [`WIN_IN_TWO_CUTS`]).
    fn grade(&self, facts: &WinInTwoFacts) -> Grade {
        Grade::from_cuts(facts.rivals as u64, WIN_IN_TWO_CUTS)
    }

    fn figures(&self, f: &WinInTwoFacts) -> Vec<(&'static str, Value)> {
        f.figures()
    }

    fn extra_fields(&self, pos: &ElPosition, f: &WinInTwoFacts) -> Vec<(&'static str, Value)> {
        let threats: Vec<String> = f.threat_cells.iter().map(|&c| cell_text(pos, c)).collect();
        vec![("threats", json!(threats))]
    }

    fn sheet(&self, several: bool, lang: Lang) -> SheetWords {
        let p = &self.params;
        let promise = if several { lang.t("el.win2.several") } else { lang.t("el.win2.unique") };
        SheetWords {
            title: lang.t("el.win2.title").into(),
            intro: vec![
                lang.f("el.win2.goal", &[("length", &p.length)]),
                format!("{promise} {}", lang.t("el.win2.hint")),
                variant_line(p, lang),
            ],
            key_intro: lang.t("el.win2.key").into(),
            per_page: 6,
            key_per_page: 20,
        }
    }

    fn caption(&self, pos: &ElPosition, _facts: &WinInTwoFacts, grade: Grade, lang: Lang) -> String {
        caption(pos, "el.win2.caption", grade, lang)
    }

    fn answer(&self, pos: &ElPosition, f: &WinInTwoFacts, lang: Lang) -> (Scene, String) {
        let moves: Vec<String> = f.solutions.iter().map(|m| move_words(pos, *m, lang)).collect();
        let threats: Vec<String> = f.threat_cells.iter().map(|&c| cell_text(pos, c)).collect();
        let text = lang.f("el.win2.answer", &[("moves", &lang.or_list(&moves)), ("threats", &lang.or_list(&threats))]);
        (El::diagram(pos, &f.solutions, lang), text)
    }
}

/// Defend (two players): the opponent cannot win at once but has a move that would force
/// a win; exactly one cell (unless `--any-wins`) holds a move that leaves him neither.
#[derive(Debug, Clone)]
pub struct Defend {
    params: ElParams,
    rules: Arc<ElRules>,
}

impl Defend {
    /// The task for a two-player variant.
    pub fn new(params: ElParams) -> Self {
        let rules = rules_for(&params);
        Defend { params, rules }
    }
}

impl Task for Defend {
    type Rules = El;
    type Facts = DefendFacts;

    fn word(&self) -> &'static str {
        "defend"
    }

    fn variant(&self) -> String {
        self.params.to_id()
    }

    fn file_stem(&self) -> String {
        format!("defend{}", variant_stem(&self.params))
    }

    fn attempt(&self, _unique: bool, rng: &mut ChaCha8Rng) -> Option<ElPosition> {
        attempt_defend(&self.rules, rng)
    }

    fn check(&self, pos: &ElPosition) -> Result<DefendFacts, NotAPuzzle> {
        check_defend(pos)
    }

    /// Cut on the cells that look as threatening as the saving cell (see
    /// [`DEFEND_CUTS`]).
    fn grade(&self, facts: &DefendFacts) -> Grade {
        Grade::from_cuts(facts.rivals as u64, DEFEND_CUTS)
    }

    fn figures(&self, f: &DefendFacts) -> Vec<(&'static str, Value)> {
        vec![
            ("legal_moves", json!(f.legal_moves)),
            ("decoys", json!(f.decoys)),
            ("forks", json!(f.forcing_moves.len())),
            ("key_cells", json!(distinct_cells(&f.forcing_moves).len())),
            ("rivals", json!(f.rivals)),
            ("solver_nodes", json!(f.solver_nodes)),
        ]
    }

    fn extra_fields(&self, pos: &ElPosition, f: &DefendFacts) -> Vec<(&'static str, Value)> {
        let best_try = f.best_try.map_or(Value::Null, |(attempt, answer)| {
            json!({"move": El::move_json(pos, attempt), "answer": answer.map_or(Value::Null, |a| El::move_json(pos, a))})
        });
        let forcing: Vec<Value> = f.forcing_moves.iter().map(|&m| El::move_json(pos, m)).collect();
        vec![("forcing_moves", json!(forcing)), ("best_try", best_try)]
    }

    fn sheet(&self, several: bool, lang: Lang) -> SheetWords {
        let p = &self.params;
        let promise = if several { lang.t("el.defend.several") } else { lang.t("el.defend.unique") };
        SheetWords {
            title: lang.t("el.defend.title").into(),
            intro: vec![
                lang.f("el.defend.goal", &[("length", &p.length)]),
                format!("{promise} {}", lang.t("el.defend.hint")),
                variant_line(p, lang),
            ],
            key_intro: lang.t("el.defend.key").into(),
            per_page: 6,
            key_per_page: 20,
        }
    }

    fn caption(&self, pos: &ElPosition, _facts: &DefendFacts, grade: Grade, lang: Lang) -> String {
        caption(pos, "el.defend.caption", grade, lang)
    }

    fn answer(&self, pos: &ElPosition, f: &DefendFacts, lang: Lang) -> (Scene, String) {
        let saves: Vec<String> = f
            .saving_cells
            .iter()
            .map(|&c| {
                let numbers: Vec<String> =
                    f.solutions.iter().filter(|m| m.cell == c).map(|m| m.number.to_string()).collect();
                lang.f("el.move", &[("number", &numbers.join(", ")), ("cell", &cell_text(pos, c))])
            })
            .collect();
        let opponent = player_name(1 - pos.to_move() as usize, lang);
        let then = match f.best_try {
            Some((attempt, Some(answer))) => lang.f(
                "el.defend.best_try",
                &[
                    ("player", &opponent),
                    ("try", &move_words(pos, attempt, lang)),
                    ("answer", &move_words(pos, answer, lang)),
                ],
            ),
            _ => lang.f("el.defend.no_threat", &[("player", &opponent)]),
        };
        let saves = saves.join(&format!("; {} ", lang.t("list.or")));
        // The diagram marks the saving cell once, with its first saving number.
        let marks: Vec<Move> =
            f.saving_cells.iter().filter_map(|&c| f.solutions.iter().find(|m| m.cell == c).copied()).collect();
        (El::diagram(pos, &marks, lang), format!("{saves}; {then}"))
    }
}

/// The standard diagram of a position on sheets, with moves as answers.
pub(crate) fn sheet_diagram(pos: &ElPosition, highlight: &[Move]) -> Scene {
    draw::diagram(pos, CELL, highlight, &[])
}
