//! SIX (Steffen Mühlhäuser): place hexagonal tokens next to the cluster to form a line,
//! a triangle or a circle of six; then move them.
//!
//! `position` (rules on a torus array), `notation` (position IDs), `generate` (puzzle
//! generators), `verify` (the whole-board checker), `tasks` (the puzzle tasks), `draw`
//! (tokens and clusters), `pages` and `board` (paper and tokens to play with), `report`
//! (`solve`), `fence` (rulebook diagrams), `rules.md` (the rulebook).

pub mod board;
pub mod defend;
mod draw;
pub mod fence;
pub mod generate;
pub mod glance;
pub mod grading;
pub mod notation;
pub mod pages;
pub mod position;
pub mod quality;
pub mod report;
pub mod shapes;
pub mod tasks;
pub mod verify;

pub use notation::{parse_position_id, position_id};
pub use position::{Formation, Move, SixPosition, Status, WinKind};

use serde_json::{json, Value};

use crate::error::{Error, IdError, Result};
use crate::game::PuzzleTask;
use crate::game::{BoardFeatures, Game, GameInfo, RecordField, Rules, TaskSpec};
use crate::lang::Lang;
use crate::options::{GameOptions, Kind, OptionSpec, Use};
use crate::scene::Scene;

/// SIX: the registry's entry (the [`Game`] side) and its [`Rules`].
#[derive(Debug, Clone, Copy)]
pub struct Six;

/// SIX's options.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "round",
        kind: Kind::Number { min: 1, max: 2, default: Some(1) },
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

    /// The cells moved to are marked; every lifted token is drawn dashed.
    fn diagram(pos: &SixPosition, highlight: &[Move], lang: Lang) -> Scene {
        let marks: Vec<_> = highlight
            .iter()
            .map(|m| match *m {
                Move::Place(c) | Move::Relocate { to: c, .. } => c,
            })
            .collect();
        let mut lifted: Vec<crate::geom::hex::Axial> = highlight
            .iter()
            .filter_map(|m| match *m {
                Move::Relocate { from, .. } => Some(from),
                Move::Place(_) => None,
            })
            .collect();
        lifted.sort_unstable();
        lifted.dedup();
        let mut scene = draw::diagram(pos, 5.0, &marks, &lifted, &[]);
        notation::spoken(pos, lang).apply(&mut scene);
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
    fence_keys: fence::KEYS,
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
    solve: |id| Ok(report::solve_report(&parse_position_id(id)?)),
    board_plan: board::plan,
    board: |ask, _command, page| board::board(ask, page),
    fence: |entries, line, _options, lang| fence::diagram(entries, line, lang),
    rulebooks: crate::rulebooks!("six"),
};

impl Game for Six {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn task(&self, word: &str, options: &GameOptions) -> Result<Box<dyn PuzzleTask>> {
        let round = options.byte("round").unwrap_or(1);
        match word {
            "block" | "win-in-two" | "defend" if round == 2 => {
                Err(Error::input(format!("{word} puzzles are round-one puzzles (drop --round 2)")))
            }
            "block" => Ok(Box::new(tasks::OneMove::block())),
            "win-in-two" => Ok(Box::new(tasks::WinInTwo)),
            "defend" => Ok(Box::new(tasks::Defend)),
            _ => Ok(Box::new(tasks::OneMove::win(round))),
        }
    }

    /// A mid-game cluster: the round-two example of the rulebook.
    fn cover(&self, _options: &GameOptions) -> Result<Scene> {
        let id = "six:r=0,0;2,0;4,0;6,0;1,1;3,1;5,1;-1,0;-4,0:b=1,0;3,0;5,0;0,1;2,1;4,1;6,1;-2,0;-3,0:hand=0,0:r";
        let pos = parse_position_id(id).map_err(|e| Error::failed(format!("the cover position: {e}")))?;
        Ok(draw::plain_diagram(&pos, 8.0, &[], &[], &[]))
    }
}
