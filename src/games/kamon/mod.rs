//! Kamon (Bruno Cathala): take tokens matching the last one taken, to join two opposite
//! sides, close a ring, or leave the opponent without a move.
//!
//! `position` (bitboard rules), `notation` (IDs and the seeded set-up), `generate`
//! (puzzle generators), `verify` (the reference checker), `tasks` (the puzzle tasks),
//! `draw` (symbols and boards), `pages` and `board` (boards to play on), `report`
//! (`solve`), `fence` (rulebook diagrams), `rules.md` (the rulebook).

pub mod board;
pub mod draw;
pub mod fence;
pub mod generate;
pub mod glance;
pub mod grading;
pub mod notation;
pub mod pages;
pub mod position;
pub mod quality;
pub mod report;
pub mod tasks;
pub mod verify;

pub use notation::{parse_position_id, position_id, seeded_setup};
pub use position::{CellContent, KamonPosition, Status, Token, WinKind};

use serde_json::{json, Value};

use crate::error::{IdError, Result};
use crate::game::PuzzleTask;
use crate::game::{BoardFeatures, Game, GameInfo, RecordField, Rules, TaskSpec};
use crate::lang::Lang;
use crate::options::{GameOptions, Kind, OptionSpec, Use};
use crate::scene::Scene;

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

    fn diagram(pos: &KamonPosition, highlight: &[u32], lang: Lang) -> Scene {
        draw::puzzle_diagram(pos, 8.0, highlight, lang)
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
    fence_keys: fence::KEYS,
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
    solve: |id| Ok(report::solve_report(&parse_position_id(id)?)),
    board_plan: board::plan,
    board: board::board,
    fence: |entries, line, _options, lang| fence::diagram(entries, line, lang),
    rulebooks: crate::rulebooks!("kamon"),
};

impl Game for Kamon {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn task(&self, word: &str, _options: &GameOptions) -> Result<Box<dyn PuzzleTask>> {
        Ok(match word {
            "win-in-two" => Box::new(tasks::WinInTwo),
            "defend" => Box::new(tasks::Defend),
            _ => Box::new(tasks::WinInOne),
        })
    }

    fn cover(&self, _options: &GameOptions) -> Result<Scene> {
        let mut rng = crate::seed::SeedSource::new("kamon-cover", "cover").stream(0);
        let pos = seeded_setup(&mut rng);
        Ok(draw::board(&pos, 10.0, draw::BoardStyle { tokens: true, names: false, compact: false }, &[]))
    }
}
