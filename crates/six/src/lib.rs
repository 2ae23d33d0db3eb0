//! SIX (Steffen Mühlhäuser): place hexagonal tokens next to the cluster to form a line, a
//! triangle or a circle of six; then move them.
//!
//! `position` (rules on a torus array), `notation` (IDs), `generate` (generators),
//! `verify` and `defend` (the checkers), `draw`, `pages` and `board` (paper and tokens to
//! play with), `report` (`solve`), `fence` (rulebook diagrams), `rules.md` (the rulebook).
//!
//! This file is the game's side of the contract ([`crate::game`]): its [`Rules`], its table
//! ([`INFO`]) and [`Game`], and its puzzle tasks (one [`Task`] each: win in one (round one or
//! two), block, win in two and defend).

// The core and the contract, as `crate::scene`, `crate::game`, … (and nothing else).
use boardpress_core::{description, error, fonts, geom, lang, options, scene, seed, style};
use boardpress_game as game;

mod board;
mod defend;
mod draw;
mod engine;
mod fence;
mod generate;
mod glance;
mod grading;
mod notation;
mod pages;
mod position;
mod quality;
mod report;
mod shapes;
#[cfg(test)]
mod tests;
mod verify;

pub use notation::{parse_position_id, position_id};
pub use position::{player_name, Formation, Move, SixPosition, Status, WinKind};

use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::error::{Error, IdError, Result, Words};
use crate::game::{
    several_word, BoardFeatures, Game, GameInfo, Grade, NotAPuzzle, PuzzleTask, RecordField, Rules, SheetWords, Task,
    TaskSpec,
};
use crate::geom::hex::Axial;
use crate::lang::Lang;
use crate::options::{GameOptions, Kind, OptionSpec, Use};
use crate::scene::Scene;
use defend::check_defend;
pub use defend::DefendFacts;
use generate::{attempt_defend, attempt_one_move, attempt_win_in_two};
use grading::{BLOCK_CUTS, ROUND_TWO_CUTS, WIN_IN_ONE_CUTS, WIN_IN_TWO_CUTS};
use position::{answer_cells, cell_name, move_text};
use verify::{check_one_move, check_win_in_two, OneMoveTask};
pub use verify::{OneMoveFacts, WinInTwoFacts};

/// SIX: the registry's entry (the [`Game`] side) and its [`Rules`].
#[derive(Debug, Clone, Copy)]
pub struct Six;

/// SIX's options.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "round",
        kind: Kind::Number { min: 1, max: 2, default: Some(1), played_max: None },
        help: "Round 1 (placing) or 2 (lift and place).",
        uses: &[Use::Puzzles],
    },
    OptionSpec {
        name: "tokens",
        kind: Kind::Flag,
        help: "Print the 21 + 21 tokens to cut out instead of hex paper.",
        uses: &[Use::Board],
    },
];

impl Rules for Six {
    type Position = SixPosition;
    type Move = Move;
    const WORD: &'static str = "six";
    const MAX_ATTEMPTS: u64 = 20_000;

    fn parse_id(id: &str) -> std::result::Result<SixPosition, IdError> {
        parse_position_id(id)
    }

    fn position_id(pos: &SixPosition) -> String {
        position_id(pos)
    }

    fn record_fields(pos: &SixPosition) -> Vec<RecordField> {
        let letters = position::PLAYER_LETTERS;
        let mut board: Vec<(i32, i32, u8)> = pos.tokens().iter().map(|&(a, c)| (a.r, a.q, c)).collect();
        board.sort();
        let board: Vec<Value> = board.iter().map(|&(r, q, c)| json!([q, r, letters[c as usize].to_string()])).collect();
        vec![
            RecordField::required(
                "params",
                json!({"round": pos.round(), "hands": {"r": pos.hands()[0], "b": pos.hands()[1]}}),
            ),
            RecordField::required("board", Value::Array(board)),
            RecordField::required("to_move", json!(letters[pos.to_move() as usize].to_string())),
        ]
    }

    /// `{"cell": [q, r]}`, or in round two `{"from": [q, r], "to": [q, r], "keep": [q, r]
    /// or null}` (`keep` names the group that stays after a tied split).
    fn move_json(_pos: &SixPosition, mv: Move) -> Value {
        match mv {
            Move::Place(a) => json!({"cell": [a.q, a.r]}),
            Move::Relocate { from, keep, to } => {
                json!({"from": [from.q, from.r], "to": [to.q, to.r], "keep": keep.map(|k| json!([k.q, k.r]))})
            }
        }
    }

    fn reading(_pos: &SixPosition, lang: Lang) -> String {
        lang.t("six.alt.reading").to_string()
    }

    /// The cells moved to are marked; every lifted token is drawn dashed.
    fn diagram(pos: &SixPosition, highlight: &[Move], lang: Lang) -> Scene {
        let (mut marks, mut lifted) = (Vec::new(), Vec::new());
        for m in highlight {
            match *m {
                Move::Place(c) => marks.push(c),
                Move::Relocate { from, to, .. } => {
                    marks.push(to);
                    lifted.push(from);
                }
            }
        }
        lifted.sort_unstable();
        lifted.dedup();
        let mut scene = draw::diagram(pos, 5.0, &marks, &lifted, &[]);
        notation::spoken(pos, lang).apply(&mut scene);
        let moves: Vec<String> = highlight.iter().map(|m| notation::spoken_move(*m, lang)).collect();
        crate::description::append(&mut scene, &crate::description::outlined(lang, &moves));
        scene
    }

    fn surely_skipped_win(pos: &SixPosition) -> bool {
        quality::surely_skipped_win(pos)
    }
}

/// SIX's table: names, options, tasks, fence keys and demo files.
pub const INFO: GameInfo = GameInfo {
    word: "six",
    title: "SIX",
    credit: "six.credit",
    about: "SIX (Steffen Mühlhäuser): hexagonal tokens forming lines, triangles and circles",
    options: OPTIONS,
    tasks: &[
        TaskSpec { word: "win-in-one", help: "complete a formation now (round one or two)" },
        TaskSpec { word: "block", help: "the one placement that stops every threat" },
        TaskSpec { word: "win-in-two", help: "a placement that makes two winning cells (round one)" },
        TaskSpec { word: "defend", help: "the one placement that stops the opponent's fork (round one)" },
    ],
    engine: game::EngineEntries::of::<Six>(),
    board_features: BoardFeatures { seed: false, count: false, per_page: false },
    demo: &[
        (&["puzzles", "six", "--task", "win-in-two", "--count", "6", "--seed", "demo"], "six-win-in-two-demo.pdf"),
        (&["board", "six"], "six-paper.pdf"),
        (&["puzzles", "six", "--count", "6", "--seed", "demo"], "six-win-demo.pdf"),
        (&["puzzles", "six", "--task", "defend", "--count", "6", "--seed", "demo"], "six-defend-demo.pdf"),
        (&["rules", "six"], "six-rules.pdf"),
        (&["rules", "six", "--lang", "de"], "six-rules-de.pdf"),
    ],
    id_options: |id| parse_position_id(id).map(|pos| GameOptions::new().with("round", pos.round().to_string())),
    board_plan: board::plan,
    board: |ask, _command, page| board::board(ask, page),
    rulebooks: boardpress_game::rulebooks!("six"),
};

impl Game for Six {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn task(&self, word: &str, options: &GameOptions) -> Result<Box<dyn PuzzleTask>> {
        let round = options.byte("round").unwrap_or(1);
        match word {
            "block" | "win-in-two" | "defend" if round == 2 => Err(Error::input(
                Words::from(format!("{word} puzzles are round-one puzzles (drop "))
                    .then_setting("round", Some("2"))
                    .then(")"),
            )),
            "block" => Ok(Box::new(OneMove::block())),
            "win-in-two" => Ok(Box::new(WinInTwo)),
            "defend" => Ok(Box::new(Defend)),
            _ => Ok(Box::new(OneMove::win(round))),
        }
    }

    /// A mid-game cluster: the round-two example of the rulebook.
    fn cover(&self, _options: &GameOptions, lang: Lang) -> Result<Scene> {
        pages::cover(lang)
    }
}

// The puzzle tasks: one `Task` each, with the words, grades and record fields of its
// sheets. Their generators are in `generate`, their exhaustive checks in `verify` and `defend`.

/// The promise and legend line of every SIX sheet.
fn legend_line(promise: &str, lang: Lang) -> String {
    format!("{promise} {} · {}", lang.t("six.legend"), Grade::legend(lang))
}

/// A SIX task's random-stream domain: `six/<task>/round<r>/<unique|any>`.
fn round_domain(word: &str, round: u8, several: bool) -> String {
    format!("six/{word}/round{round}/{}", several_word(several))
}

/// A round-one caption: the goal (message `goal`, naming the player to move), the tokens
/// in his hand, and the stars.
fn caption_in_hand(pos: &SixPosition, goal: &'static str, grade: Grade, lang: Lang) -> String {
    let who = player_name(pos.to_move() as usize, lang);
    let hand = lang.f("six.in_hand", &[("n", &pos.hands()[pos.to_move() as usize])]);
    format!("{} · {hand}  {}", lang.f(goal, &[("player", &who)]), grade.star_text())
}

/// A one-move task: win now (round one or two), or block (round one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OneMove {
    goal: OneMoveTask,
    round: u8,
}

impl OneMove {
    /// Win in one in round 1 or 2.
    pub fn win(round: u8) -> Self {
        OneMove { goal: OneMoveTask::WinInOne, round }
    }

    /// Block (round one).
    pub fn block() -> Self {
        OneMove { goal: OneMoveTask::Block, round: 1 }
    }
}

impl Task for OneMove {
    type Rules = Six;
    type Facts = OneMoveFacts;

    fn word(&self) -> &'static str {
        match self.goal {
            OneMoveTask::WinInOne => "win-in-one",
            OneMoveTask::Block => "block",
        }
    }

    fn variant(&self) -> String {
        format!("round {}", self.round)
    }

    fn file_stem(&self) -> String {
        let goal = if self.goal == OneMoveTask::Block { "block" } else { "win" };
        format!("{goal}{}", if self.round == 2 { "-round2" } else { "" })
    }

    fn domain(&self, several: bool) -> String {
        round_domain(Task::word(self), self.round, several)
    }

    fn attempt(&self, unique: bool, rng: &mut ChaCha8Rng) -> Option<SixPosition> {
        attempt_one_move(self.goal, self.round, unique, rng)
    }

    fn check(&self, pos: &SixPosition) -> Result<OneMoveFacts, NotAPuzzle> {
        check_one_move(pos, self.goal)
    }

    /// Round one: the winning (or saving) placements. Round two: the cells a winning move
    /// places on — any lift that wins there will do, so one cell is one answer (the
    /// records list every winning lift).
    fn solution_count(&self, facts: &OneMoveFacts) -> usize {
        answer_cells(&facts.solutions).len()
    }

    fn keeps_promise(&self, facts: &OneMoveFacts, unique: bool) -> Result<(), NotAPuzzle> {
        let cells = self.solution_count(facts);
        if (unique || !Task::several_allowed(self)) && cells != 1 {
            return Err(NotAPuzzle(format!("marked unique but {cells} cells solve it")));
        }
        Ok(())
    }

    /// A block has exactly one saving cell: `--any-wins` does not apply.
    fn several_allowed(&self) -> bool {
        self.goal == OneMoveTask::WinInOne
    }

    /// A block is the beginner's task: it may be one-glance.
    fn beginners(&self) -> bool {
        self.goal == OneMoveTask::Block
    }

    /// A block always fills the opponent's only winning cell (one's own token never
    /// completes his formation): the beginner's task, one-glance by nature.
    fn one_glance(&self, _pos: &SixPosition, facts: &OneMoveFacts) -> bool {
        self.goal == OneMoveTask::Block || (self.round == 1 && facts.decoys == 0)
    }

    /// Round-one win in one by rivals, the cells that look at least as promising as the
    /// answer (see `WIN_IN_ONE_CUTS`). Block, the beginner's task, by the same rivals
    /// seen through the opponent's eyes: a block goes where he would win (see
    /// `BLOCK_CUTS`). Round two by the same rivals, counted per legal move (see
    /// `ROUND_TWO_CUTS`).
    fn grade(&self, facts: &OneMoveFacts) -> Grade {
        if self.round == 2 {
            return Grade::from_cuts(facts.rivals as u64, ROUND_TWO_CUTS);
        }
        match self.goal {
            OneMoveTask::WinInOne => Grade::from_cuts(facts.rivals as u64, WIN_IN_ONE_CUTS),
            OneMoveTask::Block => Grade::from_cuts(facts.rivals as u64, BLOCK_CUTS),
        }
    }

    fn figures(&self, f: &OneMoveFacts) -> Vec<(&'static str, Value)> {
        let mut figures = vec![
            ("legal_moves", json!(f.legal_moves)),
            // The one-move checker visits one position per legal move.
            ("solver_nodes", json!(f.legal_moves)),
            ("decoys", json!(f.decoys)),
        ];
        figures.push(("rivals", json!(f.rivals)));
        figures
    }

    fn sheet(&self, several: bool, lang: Lang) -> SheetWords {
        let (title, goal) = match (self.goal, self.round) {
            (OneMoveTask::Block, _) => ("six.block.title", "six.block.goal"),
            (_, 1) => ("six.win1.title", "six.win1.goal"),
            _ => ("six.round2.title", "six.round2.goal"),
        };
        let promise = match (several && self.goal == OneMoveTask::WinInOne, self.round) {
            (true, _) => "six.win1.several",
            (false, 1) => "six.win1.unique",
            _ => "six.round2.unique",
        };
        let key_intro = if self.round == 2 {
            format!("{} {}", lang.t("six.round2.key"), lang.t("six.cells"))
        } else {
            format!("{} {}", lang.t("six.win1.key"), lang.t("six.cells"))
        };
        SheetWords {
            title: lang.t(title).into(),
            intro: vec![lang.t(goal).to_string(), legend_line(lang.t(promise), lang)],
            key_intro,
            per_page: 6,
            key_per_page: 12,
        }
    }

    fn caption(&self, pos: &SixPosition, _facts: &OneMoveFacts, grade: Grade, lang: Lang) -> String {
        let who = player_name(pos.to_move() as usize, lang);
        let goal = if self.goal == OneMoveTask::Block {
            lang.f("six.block.caption", &[("player", &who), ("other", &player_name(1 - pos.to_move() as usize, lang))])
        } else {
            lang.f("six.win1.caption", &[("player", &who)])
        };
        let hand = if self.round == 1 {
            format!(" · {}", lang.f("six.in_hand", &[("n", &pos.hands()[pos.to_move() as usize])]))
        } else {
            String::new()
        };
        format!("{} · {goal}{hand}  {}", lang.f("six.round", &[("n", &self.round)]), grade.star_text())
    }

    /// Round one: the cells. Round two: each winning cell with the tokens whose lift wins
    /// there — named and drawn dashed when they are three at most, else counted (most of
    /// the mover's tokens will do).
    fn answer(&self, pos: &SixPosition, facts: &OneMoveFacts, lang: Lang) -> (Scene, String) {
        if self.round == 1 {
            let answer: Vec<String> = facts.solutions.iter().map(|m| move_text(*m)).collect();
            return (Six::diagram(pos, &facts.solutions, lang), answer.join(", "));
        }
        let own = pos.count(pos.to_move());
        let text: Vec<String> = answer_cells(&facts.solutions)
            .into_iter()
            .map(|cell| {
                let mut lifts: Vec<Axial> = facts
                    .solutions
                    .iter()
                    .filter_map(|m| match *m {
                        Move::Relocate { from, to, .. } if to == cell => Some(from),
                        _ => None,
                    })
                    .collect();
                lifts.sort_unstable();
                lifts.dedup();
                if lifts.len() <= MOST_LIFTS_NAMED {
                    let named: Vec<String> = lifts.iter().map(|&a| cell_name(a)).collect();
                    lang.f("six.round2.from", &[("cell", &cell_name(cell)), ("from", &lang.or_list(&named))])
                } else {
                    lang.f("six.round2.any_of", &[("cell", &cell_name(cell)), ("n", &lifts.len()), ("own", &own)])
                }
            })
            .collect();
        // Many lifts are not drawn: nearly every token would be dashed.
        let lifts = facts.solutions.iter().map(|m| match *m {
            Move::Relocate { from, .. } => from,
            Move::Place(a) => a,
        });
        let few = lifts.collect::<std::collections::BTreeSet<Axial>>().len() <= MOST_LIFTS_NAMED;
        let drawn: Vec<Move> = if few {
            facts.solutions.clone()
        } else {
            answer_cells(&facts.solutions).into_iter().map(Move::Place).collect()
        };
        (Six::diagram(pos, &drawn, lang), text.join("; "))
    }
}

/// Round-two keys name (and dash) the tokens whose lift wins when there are this many at
/// most; more are counted.
const MOST_LIFTS_NAMED: usize = 3;

/// Win in two, round one: no win now, and a placement after which every reply leaves a
/// winning cell.
#[derive(Debug, Clone, Copy, Default)]
pub struct WinInTwo;

impl Task for WinInTwo {
    type Rules = Six;
    type Facts = WinInTwoFacts;

    fn word(&self) -> &'static str {
        "win-in-two"
    }

    fn variant(&self) -> String {
        "round 1".into()
    }

    fn domain(&self, several: bool) -> String {
        round_domain("win-in-two", 1, several)
    }

    fn attempt(&self, unique: bool, rng: &mut ChaCha8Rng) -> Option<SixPosition> {
        attempt_win_in_two(unique, rng)
    }

    fn check(&self, pos: &SixPosition) -> Result<WinInTwoFacts, NotAPuzzle> {
        check_win_in_two(pos)
    }

    /// Cut on the rivals, the cells that look at least as promising as the key (see
    /// `WIN_IN_TWO_CUTS`).
    fn grade(&self, facts: &WinInTwoFacts) -> Grade {
        Grade::from_cuts(facts.rivals as u64, WIN_IN_TWO_CUTS)
    }

    fn figures(&self, f: &WinInTwoFacts) -> Vec<(&'static str, Value)> {
        f.figures()
    }

    fn extra_fields(&self, _pos: &SixPosition, f: &WinInTwoFacts) -> Vec<(&'static str, Value)> {
        vec![("threats", f.threat_cells.iter().map(|a| json!([a.q, a.r])).collect())]
    }

    fn sheet(&self, several: bool, lang: Lang) -> SheetWords {
        let promise = if several { lang.t("six.win2.several") } else { lang.t("six.win2.unique") };
        SheetWords {
            title: lang.t("six.win2.title").into(),
            intro: vec![lang.t("six.win2.goal").into(), legend_line(promise, lang)],
            key_intro: format!("{} {}", lang.t("six.win2.key"), lang.t("six.cells")),
            per_page: 6,
            key_per_page: 12,
        }
    }

    fn caption(&self, pos: &SixPosition, _facts: &WinInTwoFacts, grade: Grade, lang: Lang) -> String {
        caption_in_hand(pos, "six.win2.caption", grade, lang)
    }

    fn answer(&self, pos: &SixPosition, f: &WinInTwoFacts, lang: Lang) -> (Scene, String) {
        let moves: Vec<String> = f.solutions.iter().map(|m| move_text(*m)).collect();
        let threats: Vec<String> = f.threat_cells.iter().map(|&c| cell_name(c)).collect();
        // Round one: every solution is a placement, so no token is drawn as lifted.
        let places: Vec<Move> = f
            .solutions
            .iter()
            .map(|m| {
                Move::Place(match *m {
                    Move::Place(c) | Move::Relocate { to: c, .. } => c,
                })
            })
            .collect();
        (
            Six::diagram(pos, &places, lang),
            lang.f("six.win2.answer", &[("moves", &lang.or_list(&moves)), ("threats", &lang.or_list(&threats))]),
        )
    }
}

/// Defend, round one: the opponent has no winning cell yet but threatens a fork (a
/// placement making two winning cells at once); exactly one placement stops it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Defend;

fn qr(a: Axial) -> Value {
    json!([a.q, a.r])
}

impl Task for Defend {
    type Rules = Six;
    type Facts = DefendFacts;

    fn word(&self) -> &'static str {
        "defend"
    }

    fn variant(&self) -> String {
        "round 1".into()
    }

    fn domain(&self, several: bool) -> String {
        round_domain("defend", 1, several)
    }

    fn attempt(&self, unique: bool, rng: &mut ChaCha8Rng) -> Option<SixPosition> {
        attempt_defend(unique, rng)
    }

    fn check(&self, pos: &SixPosition) -> Result<DefendFacts, NotAPuzzle> {
        check_defend(pos)
    }

    /// One-glance: his only fork cell is the saving cell and nothing else tempts.
    fn one_glance(&self, _pos: &SixPosition, facts: &DefendFacts) -> bool {
        facts.decoys == 0 && facts.fork_cells.len() == 1
    }

    /// What a defender must see: each of the opponent's fork cells beyond two is a step,
    /// and a saving cell that is none of his fork cells (every obvious spot fails) is
    /// two: 0 easy, 1 medium, 2 hard, 3 or more expert (checked by the glance solver in
    /// `tests/grades.rs`).
    fn grade(&self, facts: &DefendFacts) -> Grade {
        let hidden = !facts.solutions.iter().any(|m| matches!(m, Move::Place(a) if facts.fork_cells.contains(a)));
        let steps = facts.fork_cells.len().saturating_sub(2) + 2 * hidden as usize;
        Grade::from_cuts(steps as u64, [1, 2, 3])
    }

    fn figures(&self, f: &DefendFacts) -> Vec<(&'static str, Value)> {
        vec![
            ("legal_moves", json!(f.legal_moves)),
            ("decoys", json!(f.decoys)),
            ("forks", json!(f.fork_cells.len())),
            ("solver_nodes", json!(f.solver_nodes)),
        ]
    }

    fn extra_fields(&self, _pos: &SixPosition, f: &DefendFacts) -> Vec<(&'static str, Value)> {
        let best_try = f
            .best_try
            .map_or(Value::Null, |(cell, answer)| json!({"cell": qr(cell), "answer": answer.map_or(Value::Null, qr)}));
        vec![("fork_cells", f.fork_cells.iter().map(|&a| qr(a)).collect()), ("best_try", best_try)]
    }

    fn sheet(&self, several: bool, lang: Lang) -> SheetWords {
        let promise = if several { lang.t("six.defend.several") } else { lang.t("six.defend.unique") };
        SheetWords {
            title: lang.t("six.defend.title").into(),
            intro: vec![lang.t("six.defend.goal").into(), legend_line(promise, lang)],
            key_intro: format!("{} {}", lang.t("six.defend.key"), lang.t("six.cells")),
            per_page: 6,
            key_per_page: 12,
        }
    }

    fn caption(&self, pos: &SixPosition, _facts: &DefendFacts, grade: Grade, lang: Lang) -> String {
        caption_in_hand(pos, "six.defend.caption", grade, lang)
    }

    fn answer(&self, pos: &SixPosition, f: &DefendFacts, lang: Lang) -> (Scene, String) {
        let moves: Vec<String> = f.solutions.iter().map(|m| move_text(*m)).collect();
        let opponent = player_name(1 - pos.to_move() as usize, lang);
        let then = match f.best_try {
            Some((cell, Some(answer))) => lang.f(
                "six.defend.best_try",
                &[("player", &opponent), ("try", &cell_name(cell)), ("answer", &cell_name(answer))],
            ),
            _ => lang.f("six.defend.no_threat", &[("player", &opponent)]),
        };
        (Six::diagram(pos, &f.solutions, lang), format!("{}; {then}", lang.or_list(&moves)))
    }
}
