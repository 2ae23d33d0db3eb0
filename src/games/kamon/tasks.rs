//! Kamon's puzzle tasks: win in one (a cell that wins at once by connection, ring or
//! blockade), win in two (a cell after which every reply allows a win) and defend (the
//! one cell after which the opponent can neither win at once nor force a win in two),
//! with their generators, exhaustive checks, grades, record fields and sheet words.

use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use super::generate::{attempt_defend, attempt_win_in_one, attempt_win_in_two};
use super::notation::cell_name;
use super::position::{player_name, symbol_name, win_word, KamonPosition};
use super::quality::solvable_by_elimination;
use super::verify::{check_defend, check_win_in_one, check_win_in_two, DefendFacts, WinInOneFacts, WinInTwoFacts};
use super::Kamon;
use crate::game::{search_figures, Grade};
use crate::game::{Rules, SheetWords, Task};
use crate::lang::Lang;
use crate::scene::Scene;

/// Rival cuts of the win-in-one grades (see [`super::grading::win_in_one_rivals`]):
/// easy below 3, medium below 5, hard below 8.
pub const WIN_IN_ONE_CUTS: [u64; 3] = [3, 5, 8];

/// Step cuts of the defend grades (see [`super::grading::defend_steps`]): easy below
/// 3 steps, medium 3, hard 4 or 5, expert 6 or more.
pub const DEFEND_CUTS: [u64; 3] = [3, 4, 6];

/// Step cuts of the win-in-two grades (see [`super::grading::win_in_two_steps`]): easy
/// below 4 steps, medium 4, hard 5, expert 6 or more.
pub const WIN_IN_TWO_CUTS: [u64; 3] = [4, 5, 6];

/// A caption: who is to play, the goal (a message taking `{player}`), the constraint
/// and the stars.
fn caption(pos: &KamonPosition, grade: Grade, goal: &'static str, lang: Lang) -> String {
    let goal = lang.f(goal, &[("player", &player_name(pos.to_move() as usize, lang))]);
    let text = match pos.constraint() {
        Some(t) => lang.f(
            "kamon.caption.constraint",
            &[("goal", &goal), ("symbol", &symbol_name(t.symbol, lang)), ("count", &t.count)],
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

    fn check(&self, pos: &KamonPosition) -> Result<WinInOneFacts, String> {
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

    fn check(&self, pos: &KamonPosition) -> Result<WinInTwoFacts, String> {
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
        let answers: Vec<String> =
            f.answers.iter().map(|(r, c, _)| format!("{}→{}", cell_name(*r), cell_name(*c))).collect();
        let cells: Vec<String> = f.solutions.iter().map(|&b| cell_name(b)).collect();
        (
            Kamon::diagram(pos, &f.solutions, lang),
            lang.f("kamon.win2.answer", &[("cells", &cells.join(", ")), ("answers", &answers.join(" "))]),
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

    fn check(&self, pos: &KamonPosition) -> Result<DefendFacts, String> {
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
