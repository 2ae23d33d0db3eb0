//! Gosforth (the 5x5 game by Lloyd): place twelve pieces each, then slide pieces into the gap;
//! four or five in a row score, first to the target wins.
//!
//! `position` (rules and bitboard scoring), `notation` (position IDs), `generate` (puzzle
//! generator), `verify` (the line-by-line checker), `draw` (board, pieces, score tracks),
//! `pages` and `board` (the board sheet and practice positions), `report` (`solve`), `fence`
//! (rulebook diagrams), `rules.md` (the rulebook).
//!
//! This file is the game's side of the contract ([`crate::game`]): its [`Rules`], its table
//! ([`INFO`]) and [`Game`], and its puzzle tasks (one [`Task`] each: the best move and win in
//! one). What each task generates and checks lives in `generate` and `verify`.

// The core and the contract, as `crate::scene`, `crate::game`, … (and nothing else).
use boardpress_core::{description, error, flags, fonts, geom, lang, names, options, scene, seed, sheet, style};
use boardpress_game as game;

mod board;
mod draw;
mod engine;
mod fence;
mod generate;
mod glance;
mod grading;
mod notation;
mod pages;
mod position;
mod report;
#[cfg(test)]
mod tests;
mod verify;

pub use notation::{parse_position_id, position_id};
pub use position::{GosforthPosition, Move, Stage, Status};

use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::error::{IdError, Result, Words};
use crate::game::{
    BoardFeatures, Game, GameInfo, Grade, NotAPuzzle, PuzzleTask, RecordField, Rules, SheetWords, Task, TaskSpec,
    TemplateVariables,
};
use crate::lang::Lang;
use crate::options::{GameOptions, Kind, OptionSpec, Use};
use crate::scene::Scene;
use generate::{attempt, Want};
use grading::{best_move_rivals, win_in_one_rivals};
use position::{cell_name, PLAYER_NAMES};
use verify::check_best_move;
pub use verify::{BestMoveFacts, WIN};

/// Gosforth: the registry's entry (the [`Game`] side) and its [`Rules`].
#[derive(Debug, Clone, Copy)]
pub struct Gosforth;

/// Gosforth's options.
pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "target",
    kind: Kind::Number { min: 4, max: 40, default: Some(12), played_max: None },
    help: "The target score: the first to reach it wins (score tracks run from 0 to it) [default: 12].",
    uses: &[Use::Puzzles, Use::Board, Use::Rules],
}];

fn target(options: &GameOptions) -> u8 {
    options.byte("target").unwrap_or(12)
}

impl Rules for Gosforth {
    type Position = GosforthPosition;
    type Move = Move;
    const WORD: &'static str = "gosforth";

    fn parse_id(id: &str) -> std::result::Result<GosforthPosition, IdError> {
        parse_position_id(id)
    }

    fn position_id(pos: &GosforthPosition) -> String {
        position_id(pos)
    }

    fn record_fields(pos: &GosforthPosition) -> Vec<RecordField> {
        vec![
            RecordField::required("params", json!({"target": pos.target()})),
            RecordField::required("board", json!(notation::board_text(pos))),
            RecordField::required("to_move", json!(position::PLAYER_LETTERS[pos.to_move() as usize].to_string())),
            RecordField::optional("scores", json!({"x": pos.scores()[0], "o": pos.scores()[1]})),
        ]
    }

    /// `{"slide": "b3", "to": "c3"}`, `{"claim": true}` or, while placing, `{"cell": "c3"}`.
    fn move_json(pos: &GosforthPosition, mv: Move) -> Value {
        use position::cell_name;
        match mv {
            Move::Slide(c) => json!({"slide": cell_name(c), "to": pos.gap().map(cell_name)}),
            Move::Place(c) => json!({"cell": cell_name(c)}),
            Move::Claim => json!({"claim": true}),
        }
    }

    fn reading(_pos: &GosforthPosition, lang: Lang) -> String {
        lang.t("gosforth.alt.reading").to_string()
    }

    /// With moves to show, the gap is shaded and every slide drawn as an arrow into it;
    /// a piece to place is shaded where it goes.
    fn diagram(pos: &GosforthPosition, highlight: &[Move], lang: Lang) -> Scene {
        let gap = pos.gap();
        let mut marks: Vec<u8> = highlight
            .iter()
            .filter_map(|m| match *m {
                Move::Place(c) => Some(c),
                Move::Slide(_) | Move::Claim => gap,
            })
            .collect();
        marks.sort_unstable();
        marks.dedup();
        let arrows: Vec<(u8, u8)> = highlight
            .iter()
            .filter_map(|m| match (*m, gap) {
                (Move::Slide(c), Some(g)) => Some((c, g)),
                _ => None,
            })
            .collect();
        let mut scene = draw::diagram(pos, 10.0, &marks, &arrows, lang);
        crate::description::append(&mut scene, &notation::spoken_marks(pos, &marks, &arrows, lang));
        scene
    }
}

/// Gosforth's table: names, options, tasks, fence keys and demo files.
pub const INFO: GameInfo = GameInfo {
    word: "gosforth",
    title: "Gosforth",
    credit: "gosforth.credit",
    about: "Gosforth (the 5x5 game by Lloyd): place, then slide pieces into the gap to score lines",
    options: OPTIONS,
    tasks: &[
        TaskSpec { word: "best-move", help: "the one slide that leaves you furthest ahead after the best reply" },
        TaskSpec { word: "win-in-one", help: "a slide that reaches the target now (every such slide is an answer)" },
    ],
    engine: game::EngineEntries::of::<Gosforth>(),
    board_features: BoardFeatures { seed: true, count: true, per_page: false },
    demo: &[
        (&["board", "gosforth"], "gosforth-board.pdf"),
        (&["puzzles", "gosforth", "--count", "12", "--seed", "demo"], "gosforth-puzzles-demo.pdf"),
        (&["rules", "gosforth"], "gosforth-rules.pdf"),
        (&["rules", "gosforth", "--format", "html"], "gosforth-rules.html"),
    ],
    id_options: |id| parse_position_id(id).map(|pos| GameOptions::new().with("target", pos.target().to_string())),
    board_plan: board::plan,
    board: |ask, _command, page| board::board(ask, page),
    rulebooks: boardpress_game::rulebooks!("gosforth"),
};

impl Game for Gosforth {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn task(&self, word: &str, options: &GameOptions) -> Result<Box<dyn PuzzleTask>> {
        Ok(match word {
            "win-in-one" => Box::new(WinInOne::new(target(options))),
            _ => Box::new(BestMove::new(target(options))),
        })
    }

    fn template_variables(&self, options: &GameOptions, _lang: Lang, vars: &mut TemplateVariables) -> Result<()> {
        vars.insert("target", target(options));
        Ok(())
    }

    fn cover(&self, options: &GameOptions, lang: Lang) -> Result<Scene> {
        let mut scene = draw::diagram(&GosforthPosition::new(target(options)), 10.0, &[], &[], lang);
        crate::description::Spoken::new(lang.t("gosforth.alt.board").into(), &[]).apply(&mut scene);
        Ok(scene)
    }

    fn rules_suffix(&self, options: &GameOptions) -> String {
        let t = target(options);
        if t != 12 {
            format!("-target{t}")
        } else {
            String::new()
        }
    }
}

// The puzzle tasks: one `Task` each, with the words, grades and record fields of its
// sheets. Their generators are in `generate`, their exhaustive checks in `verify`.

/// The best move: exactly one move leaves the mover furthest ahead once the opponent has
/// made his best reply (points won less points handed over, on both slides). When it
/// reaches the target ("reach 12 now") it must be the only move that does: every move
/// reaching the target wins, so a position with two is a win-in-one with several
/// answers, not a best-move puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BestMove {
    target: u8,
}

impl BestMove {
    /// The task for a target score.
    pub fn new(target: u8) -> Self {
        BestMove { target }
    }
}

/// "Score now" text of a move: `slide X b3→c3`, `claim and pass`.
fn move_words(pos: &GosforthPosition, mv: Move, lang: Lang) -> String {
    match mv {
        Move::Slide(c) => {
            let piece = if pos.cell(c as usize) == 1 { "X" } else { "O" };
            let (from, to) = (cell_name(c), pos.gap().map(cell_name).unwrap_or_default());
            lang.f("gosforth.slide", &[("piece", &piece), ("from", &from), ("to", &to)])
        }
        Move::Claim => lang.t("gosforth.claim").into(),
        Move::Place(c) => cell_name(c),
    }
}

/// "X to move: reach 12 now · X 9 O 7  ★★☆☆": the caption of every Gosforth puzzle.
fn caption_line(pos: &GosforthPosition, goal: &str, grade: Grade, lang: Lang) -> String {
    let who = PLAYER_NAMES[pos.to_move() as usize];
    let sc = pos.scores();
    let text = lang.f("gosforth.caption", &[("player", &who), ("goal", &goal), ("x", &sc[0]), ("o", &sc[1])]);
    format!("{text}  {}", grade.star_text())
}

/// The last intro line of every Gosforth sheet: the target and the grades.
fn target_line(target: u8, lang: Lang) -> String {
    format!("{} · {}", lang.f("gosforth.target", &[("n", &target)]), Grade::legend(lang))
}

/// Rival cuts of the best-move grades: easy 0–1, medium 2–3, hard 4–5, expert 6 or more.
pub const BEST_MOVE_CUTS: [u64; 3] = [2, 4, 6];

/// Rivals from which a win in one is medium (below, easy; hard and expert are out of
/// reach, see [`WinInOne::out_of_reach`]).
pub const WIN_IN_ONE_MEDIUM: u32 = 3;

/// Points with their sign: `+2`, `0`, `-1`.
fn signed(points: i32) -> String {
    if points > 0 {
        format!("+{points}")
    } else {
        points.to_string()
    }
}

/// The floor's win-in-one rule: at least two moves score for the mover.
fn one_scoring_move(facts: &BestMoveFacts) -> Option<String> {
    (facts.scoring < 2).then(|| format!("only {} move scores for the side to move: no real choice", facts.scoring))
}

impl Task for BestMove {
    type Rules = Gosforth;
    type Facts = BestMoveFacts;

    fn word(&self) -> &'static str {
        "best-move"
    }

    fn variant(&self) -> String {
        format!("target {}", self.target)
    }

    fn file_stem(&self) -> String {
        "puzzles".into()
    }

    fn domain(&self, _several: bool) -> String {
        format!("gosforth/best-move/t{}", self.target)
    }

    fn attempt(&self, _unique: bool, rng: &mut ChaCha8Rng) -> Option<GosforthPosition> {
        attempt(self.target, Want::UniqueBest, rng)
    }

    fn check(&self, pos: &GosforthPosition) -> Result<BestMoveFacts, NotAPuzzle> {
        let facts = check_best_move(pos)?;
        if facts.winning.len() > 1 {
            return Err(NotAPuzzle(format!(
                "{} moves reach the target and each wins at once: a win-in-one with several answers, not a best-move puzzle",
                facts.winning.len()
            )));
        }
        Ok(facts)
    }

    fn several_allowed(&self) -> bool {
        false
    }

    /// Exactly one best move.
    fn keeps_promise(&self, facts: &BestMoveFacts, _unique: bool) -> Result<(), NotAPuzzle> {
        if facts.solutions.len() != 1 {
            return Err(NotAPuzzle(format!(
                "{} moves share the best score; a puzzle needs one",
                facts.solutions.len()
            )));
        }
        Ok(())
    }

    /// Besides the best move, another move scores for the mover now or gains as much
    /// now as the best move: a real choice.
    fn below_floor(&self, pos: &GosforthPosition, facts: &BestMoveFacts) -> Option<String> {
        self.one_glance(pos, facts)
            .then(|| "no other move scores for the side to move now or gains as much: no real choice".into())
    }

    fn one_glance(&self, _pos: &GosforthPosition, facts: &BestMoveFacts) -> bool {
        facts.decoys == 0 && facts.traps == 0
    }

    /// No trap: no other slide gains as much now as the best one, so the slide that
    /// scores most now is the answer.
    fn greedy(&self, _pos: &GosforthPosition, facts: &BestMoveFacts) -> bool {
        facts.traps == 0
    }

    /// Cut on the model's rivals (see [`BEST_MOVE_CUTS`] and
    /// `grading::best_move_rivals`).
    fn grade(&self, facts: &BestMoveFacts) -> Grade {
        Grade::from_cuts(best_move_rivals(facts) as u64, BEST_MOVE_CUTS)
    }

    fn figures(&self, f: &BestMoveFacts) -> Vec<(&'static str, Value)> {
        vec![
            ("legal_moves", json!(f.legal_moves)),
            ("solver_nodes", json!(f.solver_nodes)),
            ("decoys", json!(f.decoys)),
            ("traps", json!(f.traps)),
            ("rivals", json!(best_move_rivals(f))),
            ("best_net_points", json!(f.best_net)),
            ("now_net_points", json!(f.now_net)),
            ("reaches_target", json!(f.reaches_target)),
        ]
    }

    fn sheet(&self, _several: bool, lang: Lang) -> SheetWords {
        SheetWords {
            title: lang.t("gosforth.best.title").into(),
            intro: vec![
                lang.t("gosforth.rule").into(),
                format!(
                    "{} {} {}",
                    lang.t("gosforth.best.unique"),
                    lang.t("gosforth.dashed"),
                    target_line(self.target, lang)
                ),
            ],
            key_intro: lang.t("gosforth.best.key").into(),
            per_page: 6,
            key_per_page: 6,
        }
    }

    fn caption(&self, pos: &GosforthPosition, facts: &BestMoveFacts, grade: Grade, lang: Lang) -> String {
        let goal = if facts.now_net == WIN {
            lang.f("gosforth.reach_now", &[("n", &self.target)])
        } else {
            lang.t("gosforth.best.goal").into()
        };
        caption_line(pos, &goal, grade, lang)
    }

    fn answer(&self, pos: &GosforthPosition, facts: &BestMoveFacts, lang: Lang) -> (Scene, String) {
        let key = facts.solutions[0];
        let what = move_words(pos, key, lang);
        let text = match facts.reply {
            _ if facts.now_net == WIN => lang.f("gosforth.best.reaches", &[("move", &what), ("n", &self.target)]),
            Some(reply) => {
                let now = match facts.now_net {
                    0 => lang.t("gosforth.best.now_nothing").to_string(),
                    n if n > 0 => lang.f("gosforth.best.now_gain", &[("n", &n)]),
                    n => lang.f("gosforth.best.now_loss", &[("n", &-n)]),
                };
                let his = if facts.reply_net == -WIN {
                    lang.t("gosforth.best.every_reply").to_string()
                } else {
                    let gives = match facts.reply_net {
                        0 => lang.t("gosforth.best.reply_nothing").to_string(),
                        n if n > 0 => lang.f("gosforth.best.reply_gain", &[("n", &n)]),
                        n => lang.f("gosforth.best.reply_loss", &[("n", &-n)]),
                    };
                    let reply = move_words(&pos.after(key).0, reply, lang);
                    lang.f("gosforth.best.reply", &[("move", &reply), ("gives", &gives)])
                };
                let lead = if facts.best_net == WIN {
                    lang.t("gosforth.best.you_win").to_string()
                } else {
                    lang.f("gosforth.best.lead", &[("n", &signed(facts.best_net))])
                };
                format!("{what}: {lead}\n{now}; {his}")
            }
            None => what,
        };
        (Gosforth::diagram(pos, &facts.solutions, lang), text)
    }
}

/// Win in one ("reach 12 now"): the mover has a move that brings him to the target,
/// which ends the game (RULES.md §4.5). Every such move is a correct answer: exactly one
/// exists unless `--any-wins`, and the key lists them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WinInOne {
    target: u8,
}

impl WinInOne {
    /// The task for a target score.
    pub fn new(target: u8) -> Self {
        WinInOne { target }
    }
}

impl Task for WinInOne {
    type Rules = Gosforth;
    type Facts = BestMoveFacts;

    fn word(&self) -> &'static str {
        "win-in-one"
    }

    fn variant(&self) -> String {
        format!("target {}", self.target)
    }

    fn file_stem(&self) -> String {
        "puzzles-reach".into()
    }

    /// The unique task keeps the stream it always had; `--any-wins` has its own.
    fn domain(&self, several: bool) -> String {
        format!("gosforth/win-in-one/t{}{}", self.target, if several { "/any" } else { "" })
    }

    fn attempt(&self, unique: bool, rng: &mut ChaCha8Rng) -> Option<GosforthPosition> {
        attempt(self.target, if unique { Want::ReachUniqueBest } else { Want::Reach }, rng)
    }

    fn check(&self, pos: &GosforthPosition) -> Result<BestMoveFacts, NotAPuzzle> {
        let facts = check_best_move(pos)?;
        if facts.winning.is_empty() {
            return Err("no move reaches the target".into());
        }
        if facts.winning.len() as u32 == facts.legal_moves {
            return Err("every legal move reaches the target".into());
        }
        Ok(facts)
    }

    fn solution_count(&self, facts: &BestMoveFacts) -> usize {
        facts.winning.len()
    }

    fn solutions(&self, pos: &GosforthPosition, facts: &BestMoveFacts) -> Vec<Value> {
        facts.winning.iter().map(|&m| Gosforth::move_json(pos, m)).collect()
    }

    /// At least two moves score for the mover (and one-glance, below, asks that one of
    /// them does not win).
    fn below_floor(&self, _pos: &GosforthPosition, facts: &BestMoveFacts) -> Option<String> {
        one_scoring_move(facts)
    }

    /// Only winning moves score: nothing tempting to refute.
    fn one_glance(&self, _pos: &GosforthPosition, facts: &BestMoveFacts) -> bool {
        facts.scoring as usize <= facts.winning.len()
    }

    /// Cut on the model's rivals (see [`WIN_IN_ONE_MEDIUM`] and
    /// `grading::win_in_one_rivals`).
    fn grade(&self, facts: &BestMoveFacts) -> Grade {
        if win_in_one_rivals(facts) < WIN_IN_ONE_MEDIUM {
            Grade::Easy
        } else {
            Grade::Medium
        }
    }

    /// After the first slide of the movement stage a player has at most three slides, so
    /// a win in one is a matter of counting two or three slides' points: the glance
    /// solver still finds the win in four tries out of five in the hardest of them
    /// (`tests/grades.rs`). Harder grades would be a label, not a puzzle; they are
    /// refused.
    fn out_of_reach(&self, grade: Grade) -> Option<Words> {
        (grade > Grade::Medium).then(|| {
            Words::from(format!(
                "gosforth win-in-one puzzles come easy or medium, not {}: with at most three slides to count, none is harder than that for a person (use ",
                grade.word()
            ))
            .then_setting(flags::PUZZLES_DIFFICULTY.name, Some("medium"))
            .then(", or ")
            .then_setting(flags::PUZZLES_TASK.name, Some("best-move"))
            .then(" for hard and expert puzzles)")
        })
    }

    fn figures(&self, f: &BestMoveFacts) -> Vec<(&'static str, Value)> {
        vec![
            ("legal_moves", json!(f.legal_moves)),
            // The one-move checker visits one position per legal move.
            ("solver_nodes", json!(f.legal_moves)),
            ("decoys", json!(f.scoring - f.winning.len() as u32)),
            ("rivals", json!(win_in_one_rivals(f))),
            // The most a slide scores now for the mover (the winning slide's points).
            ("best_net_points", json!(f.most_now)),
            // Whether the answers reach the target: they all do, as the task asks. (The
            // best-move figure of the same name speaks of the one best move, which on a
            // win-in-one position may be another slide tying with the winning one — every
            // reply to it hands the mover the target — and said "false" here.)
            ("reaches_target", json!(!f.winning.is_empty())),
        ]
    }

    fn sheet(&self, several: bool, lang: Lang) -> SheetWords {
        let promise = if several { lang.t("gosforth.win1.several") } else { lang.t("gosforth.win1.unique") };
        SheetWords {
            title: lang.f("gosforth.win1.title", &[("n", &self.target)]),
            intro: vec![
                lang.t("gosforth.rule").into(),
                format!(
                    "{} {promise} {} {}",
                    lang.t("gosforth.win1.goal"),
                    lang.t("gosforth.dashed"),
                    target_line(self.target, lang)
                ),
            ],
            key_intro: lang.t("gosforth.win1.key").into(),
            per_page: 6,
            key_per_page: 12,
        }
    }

    fn caption(&self, pos: &GosforthPosition, _facts: &BestMoveFacts, grade: Grade, lang: Lang) -> String {
        caption_line(pos, &lang.f("gosforth.reach_now", &[("n", &self.target)]), grade, lang)
    }

    fn answer(&self, pos: &GosforthPosition, facts: &BestMoveFacts, lang: Lang) -> (Scene, String) {
        let words: Vec<String> = facts.winning.iter().map(|&m| move_words(pos, m, lang)).collect();
        (Gosforth::diagram(pos, &facts.winning, lang), words.join(", "))
    }
}
