//! EL (Larry Levy): write numbers on a square grid to complete a line or an L whose
//! numbers are exactly 1..K, holding the colour majority of its cells.
//!
//! `params` (variants), `shapes` (placements), `position` (rules), `prospect` (what
//! writing on a cell would do, every number at once), `notation` (IDs), `generate`
//! (puzzle generators), `verify` (exhaustive checks), `tasks` (the puzzle tasks),
//! `draw` (diagrams into a scene), `board` (boards to play on), `report` (`solve`),
//! `fence` (rulebook diagrams), `rules.md` (the rulebook).

pub mod board;
pub mod defend;
pub mod draw;
pub mod fence;
pub mod generate;
pub mod glance;
pub mod grading;
pub mod notation;
pub mod params;
pub mod position;
pub mod prospect;
pub mod quality;
pub mod report;
pub mod shapes;
pub mod tasks;
pub mod verify;

pub use notation::{parse_position_id, position_id, rules_for};
pub use params::{ElParams, Shape};
pub use position::{ElPosition, Mark, Move, Status};

use serde_json::{json, Value};

use crate::error::{Error, IdError, Result};
use crate::game::fence::{Diagram, Entry};
use crate::game::PuzzleTask;
use crate::game::{BoardFeatures, Game, GameInfo, RecordField, Rules, TaskSpec};
use crate::geom::square::{cell_name, column_letter};
use crate::lang::Lang;
use crate::names::slug;
use crate::options::{GameOptions, Kind, OptionSpec, Use};
use crate::scene::Scene;

/// EL: the registry's entry (the [`Game`] side) and its [`Rules`].
#[derive(Debug, Clone, Copy)]
pub struct El;

const ALL_USES: &[Use] = &[Use::Puzzles, Use::Board, Use::Rules];

/// EL's options: the variants of RULES.md §3.6.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "size",
        kind: Kind::Number { min: 0, max: 255, default: Some(6) },
        help: "Board side (3 to 11; blank boards up to 26).",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "numbers",
        kind: Kind::Number { min: 0, max: 255, default: Some(6) },
        help: "Highest number players write (3 to 9).",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "length",
        kind: Kind::Number { min: 0, max: 255, default: None },
        help: "Cells in an EL [default: the highest number; 6 with --consecutive].",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "players",
        kind: Kind::Number { min: 0, max: 255, default: Some(2) },
        help: "Number of players (2 to 4).",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "consecutive",
        kind: Kind::Flag,
        help: "An EL needs consecutive numbers (e.g. 7x7 with numbers 1-8, runs of 6).",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "shape",
        kind: Kind::Choice(&[
            ("el", "A straight line or an L."),
            ("any", "Any orthogonally connected set."),
            ("snake", "An induced path."),
        ]),
        help: "Which shapes count: line or L (el), any connected shape (any), induced path (snake).",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "full-board-p2",
        kind: Kind::Flag,
        help: "A full board without a winner is a win for the second player.",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "balance",
        kind: Kind::Flag,
        help: "The balancing rule: the first player's first two numbers must be equal.",
        uses: ALL_USES,
    },
];

/// The variant the options describe, validated.
pub fn variant_params(options: &GameOptions) -> Result<ElParams> {
    let numbers = options.byte("numbers").unwrap_or(6);
    let consecutive = options.flag("consecutive");
    let p = ElParams {
        size: options.byte("size").unwrap_or(6),
        numbers,
        length: options.byte("length").unwrap_or(ElParams::default_length(numbers, consecutive)),
        players: options.byte("players").unwrap_or(2),
        consecutive,
        shape: match options.get("shape") {
            Some("any") => Shape::Any,
            Some("snake") => Shape::Snake,
            _ => Shape::LineOrL,
        },
        full_board_p2: options.flag("full-board-p2"),
        balance: options.flag("balance"),
    };
    p.validate().map_err(Error::input)?;
    Ok(p)
}

/// A rulebook diagram of the variant the options describe. The balancing rule only
/// constrains the opening, so mid-game diagrams ignore it.
fn fence_diagram(
    entries: &[Entry],
    line: usize,
    options: &GameOptions,
    lang: Lang,
) -> std::result::Result<Diagram, String> {
    let params = variant_params(options).map_err(|e| format!("line {line}: {e}"))?;
    fence::diagram(entries, &ElParams { balance: false, ..params }, line, lang)
}

/// The options that describe a variant: the inverse of [`variant_params`].
pub fn variant_options(p: &ElParams) -> GameOptions {
    let mut options = GameOptions::new()
        .with("size", p.size.to_string())
        .with("numbers", p.numbers.to_string())
        .with("length", p.length.to_string())
        .with("players", p.players.to_string())
        .with("shape", p.shape.word());
    for (flag, set) in [("consecutive", p.consecutive), ("full-board-p2", p.full_board_p2), ("balance", p.balance)] {
        if set {
            options.set(flag, "true");
        }
    }
    options
}

impl Rules for El {
    type Position = ElPosition;
    type Move = Move;
    const WORD: &'static str = "el";

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

    fn diagram(pos: &ElPosition, highlight: &[Move], lang: Lang) -> Scene {
        let mut scene = tasks::sheet_diagram(pos, highlight);
        notation::spoken(pos, lang).apply(&mut scene);
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
    fence_keys: fence::KEYS,
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
    solve: |id| Ok(report::solve_report(&parse_position_id(id)?)),
    board_plan: board::plan,
    board: |ask, _command, _page| board::board(ask),
    fence: fence_diagram,
    rulebooks: crate::rulebooks!("el"),
};

impl Game for El {
    fn info(&self) -> &'static GameInfo {
        &INFO
    }

    fn task(&self, word: &str, options: &GameOptions) -> Result<Box<dyn PuzzleTask>> {
        let params = variant_params(options)?;
        match word {
            "win-in-two" | "defend" if params.players != 2 => {
                Err(Error::input(format!("{word} puzzles are for two players (drop --players)")))
            }
            "win-in-two" => Ok(Box::new(tasks::WinInTwo::new(params))),
            "defend" => Ok(Box::new(tasks::Defend::new(params))),
            _ => Ok(Box::new(tasks::WinInOne::new(params))),
        }
    }

    fn template_variables(&self, options: &GameOptions, lang: Lang, ctx: &mut tera::Context) -> Result<()> {
        let params = variant_params(options)?;
        let files: Vec<String> = (0..params.size).map(|c| column_letter(c).to_string()).collect();
        ctx.insert("size", &params.size);
        ctx.insert("numbers", &params.numbers);
        ctx.insert("length", &params.length);
        ctx.insert("players", &params.players);
        ctx.insert("consecutive", &params.consecutive);
        ctx.insert("shape", params.shape.word());
        ctx.insert("full_board_p2", &params.full_board_p2);
        ctx.insert("balance", &params.balance);
        ctx.insert("params_id", &params.to_id());
        ctx.insert("variant", &params.describe(lang));
        ctx.insert("files", &files);
        ctx.insert("last_file", files.last().map(String::as_str).unwrap_or("a"));
        ctx.insert("cells", &(params.size as u32 * params.size as u32));
        // Cells a player must hold to own an EL: a strict majority, or with 3+ players
        // more than anyone else.
        ctx.insert("majority", &(params.length / 2 + 1));
        let names: Vec<&str> = (0..params.players as usize).map(|p| params::player_name(p, lang)).collect();
        ctx.insert("names", &names);
        Ok(())
    }

    fn cover(&self, options: &GameOptions) -> Result<Scene> {
        Ok(draw::blank(&variant_params(options)?, 10.0))
    }

    fn rules_suffix(&self, options: &GameOptions) -> String {
        match variant_params(options) {
            Ok(params) if !options.words(OPTIONS).is_empty() => format!("-{}", slug(&params.to_id())),
            _ => String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record's task is made from the options its ID fixes: for every kind of variant
    /// the options read back as the same variant.
    #[test]
    fn variant_options_read_back_as_the_variant() {
        let ids =
            ["6x6", "8x8,n8", "7x7,n8,consecutive", "9x9,n9,p4", "6x6,p3", "6x6,any", "7x7,n7,snake,p2full,balance"];
        for id in ids {
            let params = ElParams::parse(id).unwrap();
            assert_eq!(params.to_id(), id);
            assert_eq!(variant_params(&variant_options(&params)).unwrap(), params, "{id}");
        }
    }
}
