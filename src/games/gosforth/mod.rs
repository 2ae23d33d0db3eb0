//! Gosforth (the 5x5 game by Lloyd): place twelve pieces each, then slide pieces into
//! the gap; four or five in a row score, first to the target wins.
//!
//! `position` (rules and bitboard scoring), `notation` (position IDs), `generate` (puzzle
//! generator), `verify` (the line-by-line checker), `tasks` (the puzzle task), `draw`
//! (board, pieces, score tracks), `pages` and `board` (the board sheet and practice
//! positions), `report` (`solve`), `fence` (rulebook diagrams), `rules.md` (the rulebook).

pub mod board;
pub mod draw;
pub mod fence;
pub mod generate;
pub mod glance;
pub mod grading;
pub mod notation;
pub mod pages;
pub mod position;
pub mod report;
pub mod tasks;
pub mod verify;

pub use notation::{parse_position_id, position_id};
pub use position::{GosforthPosition, Move, Stage, Status};

use serde_json::{json, Value};

use crate::error::{IdError, Result};
use crate::game::PuzzleTask;
use crate::game::{BoardFeatures, Game, GameInfo, RecordField, Rules, TaskSpec};
use crate::lang::Lang;
use crate::options::{GameOptions, Kind, OptionSpec, Use};
use crate::scene::Scene;

/// Gosforth: the registry's entry (the [`Game`] side) and its [`Rules`].
#[derive(Debug, Clone, Copy)]
pub struct Gosforth;

/// Gosforth's options.
pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    name: "target",
    kind: Kind::Number { min: 4, max: 40, default: Some(12) },
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

    /// With moves to show, the gap is shaded and every slide drawn as an arrow into it.
    fn diagram(pos: &GosforthPosition, highlight: &[Move], lang: Lang) -> Scene {
        let gap = pos.gap().unwrap_or(0);
        let marks = if highlight.is_empty() { vec![] } else { vec![gap] };
        let arrows: Vec<(u8, u8)> = highlight
            .iter()
            .filter_map(|m| match m {
                Move::Slide(c) => Some((*c, gap)),
                _ => None,
            })
            .collect();
        draw::diagram(pos, 10.0, &marks, &arrows, lang)
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
    fence_keys: fence::KEYS,
    board_features: BoardFeatures { seed: true, count: true, per_page: false },
    demo: &[
        (&["board", "gosforth"], "gosforth-board.pdf"),
        (&["puzzles", "gosforth", "--count", "12", "--seed", "demo"], "gosforth-puzzles-demo.pdf"),
        (&["rules", "gosforth"], "gosforth-rules.pdf"),
        (&["rules", "gosforth", "--format", "html"], "gosforth-rules.html"),
    ],
    id_options: |id| parse_position_id(id).map(|pos| GameOptions::new().with("target", pos.target().to_string())),
    solve: |id| Ok(report::solve_report(&parse_position_id(id)?)),
    board_plan: board::plan,
    board: |ask, _command, page| board::board(ask, page),
    fence: |entries, line, _options, lang| fence::diagram(entries, line, lang),
    rulebooks: crate::rulebooks!("gosforth"),
};

impl Game for Gosforth {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn task(&self, word: &str, options: &GameOptions) -> Result<Box<dyn PuzzleTask>> {
        Ok(match word {
            "win-in-one" => Box::new(tasks::WinInOne::new(target(options))),
            _ => Box::new(tasks::BestMove::new(target(options))),
        })
    }

    fn template_variables(&self, options: &GameOptions, _lang: Lang, ctx: &mut tera::Context) -> Result<()> {
        ctx.insert("target", &target(options));
        Ok(())
    }

    fn cover(&self, options: &GameOptions) -> Result<Scene> {
        Ok(draw::diagram(&GosforthPosition::new(target(options)), 10.0, &[], &[], Lang::En))
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
