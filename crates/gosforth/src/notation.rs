//! Gosforth position IDs (the board per FORMATS.md, plus the rest of the state):
//!
//! `gosforth:<board>:<x score>-<o score>:<stage>:<last slid>:<to-move>:<target>[:ply=<n>]`
//!
//! The board is five ranks, top first, separated by `/`, each cell `x`, `o` or `.`. The
//! stage is `place`, `claim` (movement stage, O may still claim) or `move`. `last slid` is
//! the cell of the piece slid on the previous turn (which may not slide straight back),
//! or `-`. `ply` counts movement plies (for the ply cap; our addition).

use super::position::{
    cell_name, line_value, lines, GosforthPosition, Parts, Stage, Status, CELLS, PIECES, PLAYER_LETTERS,
};
use crate::description::{self, Spoken};
use crate::error::{check_turn, id_parts, IdError, IdPart};
use crate::lang::Lang;

/// The board part.
pub fn board_text(pos: &GosforthPosition) -> String {
    (0..5)
        .rev()
        .map(|r| (0..5).map(|c| ['.', 'x', 'o'][pos.cell(r * 5 + c) as usize]).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// The position ID.
pub fn position_id(pos: &GosforthPosition) -> String {
    let stage = match (pos.stage(), pos.claim_available()) {
        (Stage::Placing, _) => "place",
        (Stage::Movement, true) => "claim",
        (Stage::Movement, false) => "move",
    };
    let last = pos.last_slid().map(cell_name).unwrap_or_else(|| "-".into());
    let s = pos.scores();
    let mut id = format!(
        "gosforth:{}:{}-{}:{stage}:{last}:{}:{}",
        board_text(pos),
        s[0],
        s[1],
        PLAYER_LETTERS[pos.to_move() as usize],
        pos.target()
    );
    if pos.stage() == Stage::Movement {
        id += &format!(":ply={}", pos.movement_plies());
    }
    id
}

/// Parses a board of five ranks (top first).
pub fn parse_board(text: &str) -> Result<[u8; CELLS], IdError> {
    let bad = |m: String| IdError::new(IdPart::Board, format!("in the board: {m}"));
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 5 {
        return Err(bad(format!("the board has {} rank(s); Gosforth has 5 separated by '/'", ranks.len())));
    }
    let mut cells = [0u8; CELLS];
    for (from_top, rank) in ranks.iter().enumerate() {
        let r = 4 - from_top;
        let chars: Vec<char> = rank.chars().collect();
        if chars.len() != 5 {
            return Err(bad(format!(
                "rank {} (row {} from the top) has {} cells, expected 5",
                r + 1,
                from_top + 1,
                chars.len()
            )));
        }
        for (c, ch) in chars.iter().enumerate() {
            cells[r * 5 + c] = match ch {
                '.' => 0,
                'x' => 1,
                'o' => 2,
                other => {
                    return Err(bad(format!(
                        "cell {}: unexpected '{other}' (use x, o or .)",
                        cell_name((r * 5 + c) as u8)
                    )));
                }
            };
        }
    }
    Ok(cells)
}

/// A cell `a1`..`e5`, by its index.
pub(crate) fn parse_cell(text: &str) -> Result<u8, crate::geom::square::CellError> {
    crate::geom::square::parse_cell(5, text).map(|i| i as u8)
}

/// What a Gosforth position ID is made of, for the message when its parts are miscounted.
const ID_SHAPE: &str =
    "a Gosforth position ID has 7 or 8 parts separated by ':' (gosforth:BOARD:X-O:STAGE:LAST:TO-MOVE:TARGET[:ply=N])";

/// Parses and validates a position ID.
pub fn parse_position_id(id: &str) -> Result<GosforthPosition, IdError> {
    let state = |m: String| IdError::new(IdPart::State, m);
    let parts = id_parts(id, "gosforth", &[7, 8], ID_SHAPE)?;
    let cells = parse_board(parts[1])?;
    let (sx, so) =
        parts[2].split_once('-').ok_or_else(|| state(format!("scores '{}' must be X-O, e.g. 3-5", parts[2])))?;
    let score = |t: &str| {
        t.parse::<u8>().ok().filter(|&n| n < 100).ok_or_else(|| state(format!("score '{t}' must be 0 to 99")))
    };
    let scores = [score(sx)?, score(so)?];
    let (stage, claim) = match parts[3] {
        "place" => (Stage::Placing, false),
        "claim" => (Stage::Movement, true),
        "move" => (Stage::Movement, false),
        other => return Err(state(format!("stage '{other}' must be place, claim or move"))),
    };
    let last = match parts[4] {
        "-" => None,
        c => Some(parse_cell(c).map_err(|e| state(format!("last slid: {e}")))?),
    };
    let to_move = match parts[5] {
        "x" => 0u8,
        "o" => 1,
        other => return Err(IdError::new(IdPart::ToMove, format!("side to move '{other}' must be x or o"))),
    };
    let target = parts[6]
        .parse::<u8>()
        .ok()
        .filter(|&t| (1..100).contains(&t))
        .ok_or_else(|| state(format!("target '{}' must be 1 to 99", parts[6])))?;
    let plies = match parts.get(7) {
        None => 0,
        Some(p) => p
            .strip_prefix("ply=")
            .and_then(|n| n.parse::<u16>().ok())
            .ok_or_else(|| state(format!("'{p}' must be ply=N")))?,
    };
    let (xs, os) = (cells.iter().filter(|&&c| c == 1).count(), cells.iter().filter(|&&c| c == 2).count());
    match stage {
        Stage::Placing => {
            if xs + os >= 2 * PIECES as usize {
                return Err(IdError::new(
                    IdPart::Position,
                    format!("{} pieces are on the board: the placing stage is over (use move or claim)", xs + os),
                ));
            }
            // The sides as the ID writes them (x, o), the pieces as the board does (X, O).
            check_turn(xs, os, to_move, ["x", "o"], &format!("{xs} X and {os} O placements"))?;
            if last.is_some() || plies != 0 {
                return Err(IdError::new(
                    IdPart::Position,
                    "the last-slid cell and ply=N belong to the movement stage",
                ));
            }
        }
        Stage::Movement => {
            if xs != PIECES as usize || os != PIECES as usize {
                return Err(IdError::new(
                    IdPart::Position,
                    format!("the movement stage needs 12 X and 12 O and one gap; found {xs} X and {os} O"),
                ));
            }
            let gap = cells.iter().position(|&c| c == 0).expect("25 cells, 24 pieces") as i32;
            if let Some(l) = last {
                let (lc, lr, gc, gr) = (l as i32 % 5, l as i32 / 5, gap % 5, gap / 5);
                if (lc - gc).abs() + (lr - gr).abs() != 1 {
                    return Err(IdError::new(
                        IdPart::Position,
                        format!("last slid {} is not next to the gap {}", cell_name(l), cell_name(gap as u8)),
                    ));
                }
            }
            if claim && (to_move != 1 || last.is_some() || plies != 0) {
                return Err(IdError::new(IdPart::Position, "a claim is only possible for O, before the first slide"));
            }
        }
    }
    let pos = GosforthPosition::from_parts(Parts {
        cells,
        scores,
        stage,
        last_slid: last,
        claim_available: claim,
        to_move,
        target,
        movement_plies: plies,
    });
    if claim && pos.claim_points() == 0 {
        return Err(IdError::new(
            IdPart::Position,
            "stage 'claim': an O piece in the gap would score nothing, so there is no claim (use move)",
        ));
    }
    check_scores(&cells, scores, stage, claim, to_move, target)?;
    Ok(pos)
}

/// The most one move can score: a piece arriving on a cell lies on a row, a column and at
/// most two scoring diagonals, and each line gains at most 2 (a claim is scored the same way).
const MOST_POINTS_IN_ONE_MOVE: u8 = 8;

/// The scores a game can reach with this board (RULES.md §4.6): before any slide or claim
/// (the placing stage, and O's claim) a player's score is the value of his lines, since
/// pieces never moved and every line that grew scored; later it is at least that
/// (scores never fall, broken lines keep their points, a claim adds points without a
/// piece). The game ends the moment one player reaches the target, so at most one
/// player is at it or above, by less than one move's points — and before any slide only
/// the player who placed last can be, since a placement scores only for its owner.
fn check_scores(
    cells: &[u8; CELLS],
    scores: [u8; 2],
    stage: Stage,
    claim: bool,
    to_move: u8,
    target: u8,
) -> Result<(), IdError> {
    let position = |m: String| IdError::new(IdPart::Position, m);
    let before_any_slide = stage == Stage::Placing || claim;
    for colour in 0..2u8 {
        let lines_worth: u32 = lines().iter().map(|l| line_value(cells, l, colour) as u32).sum();
        let (letter, score) = (PLAYER_LETTERS[colour as usize].to_uppercase(), scores[colour as usize] as u32);
        if before_any_slide && score != lines_worth {
            return Err(position(format!(
                "before any slide a score is what the player's lines are worth (pieces have not moved): {letter}'s lines are worth {lines_worth}, not {score}"
            )));
        }
        if score < lines_worth {
            return Err(position(format!(
                "{letter}'s lines are worth {lines_worth}, and a score never falls below what was scored: {score} is too low"
            )));
        }
    }
    let at_target: Vec<u8> = (0..2u8).filter(|&c| scores[c as usize] >= target).collect();
    let name = |c: u8| PLAYER_LETTERS[c as usize].to_uppercase();
    match at_target[..] {
        [] => Ok(()),
        [_, _, ..] => Err(position(format!(
            "both scores are at the target {target} or above; the game ends when the first player reaches it"
        ))),
        [c] if scores[c as usize] >= target + MOST_POINTS_IN_ONE_MOVE => Err(position(format!(
            "{} has {}: one move scores at most {MOST_POINTS_IN_ONE_MOVE}, so a game to {target} ends below {}",
            name(c),
            scores[c as usize],
            target + MOST_POINTS_IN_ONE_MOVE
        ))),
        [c] if before_any_slide && c == if claim { 0 } else { to_move } => Err(position(format!(
            "{} reached the target {target} before the last placement, so the game was already over",
            name(c)
        ))),
        [_] => Ok(()),
    }
}

/// The position in words, in `lang`: the stage, who is to move, the scores and the
/// target, a claim O may make, the piece that may not slide back, then each row from the
/// top with every cell's name and what is on it ("a5 X", "c3 gap").
pub fn spoken(pos: &GosforthPosition, lang: Lang) -> Spoken {
    let [x, o] = pos.scores();
    let stage = lang.t(match pos.stage() {
        Stage::Placing => "gosforth.alt.placing",
        Stage::Movement => "gosforth.alt.sliding",
    });
    let letter = |p: u8| PLAYER_LETTERS[p as usize].to_ascii_uppercase().to_string();
    let (player, winner) = (letter(pos.to_move()), pos.status());
    let winner_name = match winner {
        Status::Won(p) => letter(p),
        _ => String::new(),
    };
    let outcome = match winner {
        Status::Ongoing => description::Outcome::Ongoing,
        Status::Won(_) => description::Outcome::Won(&winner_name),
        Status::Drawn => description::Outcome::Drawn,
    };
    let turn = description::turn(lang, &player, outcome);
    let title = lang.f(
        "gosforth.alt.position",
        &[("stage", &stage), ("turn", &turn), ("x", &x), ("o", &o), ("target", &pos.target())],
    );
    let mut more = Vec::new();
    let piece = |i: u8| match pos.cell(i as usize) {
        0 => None,
        c => Some(PLAYER_LETTERS[c as usize - 1].to_ascii_uppercase().to_string()),
    };
    // The gap first, with the pieces beside it (the ones that may slide into it).
    if pos.stage() == Stage::Movement {
        if let Some(gap) = (0..25u8).find(|&i| pos.cell(i as usize) == 0) {
            let (col, row) = (gap % 5, gap / 5);
            let beside = [
                (row < 4).then(|| gap + 5),
                (col > 0).then(|| gap - 1),
                (col < 4).then(|| gap + 1),
                (row > 0).then(|| gap - 5),
            ];
            let neighbours: Vec<String> = beside
                .into_iter()
                .flatten()
                .filter_map(|i| piece(i).map(|p| lang.f("gosforth.alt.on", &[("piece", &p), ("cell", &cell_name(i))])))
                .collect();
            let listed = lang.and_list(&neighbours);
            more.push(lang.f("gosforth.alt.gap_at", &[("gap", &cell_name(gap)), ("neighbours", &listed)]));
        }
    }
    if let Some(l) = pos.last_slid() {
        more.push(lang.f("gosforth.alt.last", &[("cell", &cell_name(l))]));
    }
    if pos.claim_available() {
        more.push(lang.f("gosforth.alt.claim", &[("n", &pos.claim_points())]));
    }
    let empty = lang.t(match pos.stage() {
        Stage::Placing => "gosforth.alt.empty",
        Stage::Movement => "gosforth.alt.gap",
    });
    let rows = (0..5u8).rev().map(|row| {
        let cells = (0..5u8)
            .map(|col| {
                let i = row * 5 + col;
                let what = piece(i).unwrap_or_else(|| empty.to_string());
                description::item(lang, &cell_name(i), &what)
            })
            .collect();
        ((row + 1).to_string(), cells)
    });
    more.push(description::rows(lang, rows));
    Spoken::new(title, &more)
}

/// The board as text, ranks top first with their numbers and the files below, for
/// `solve` (`x`, `o`, `.` for the gap).
pub fn text_board(pos: &GosforthPosition) -> String {
    let mut s = String::new();
    for (i, rank) in board_text(pos).split('/').enumerate() {
        s += &format!("{} {}\n", 5 - i, rank.chars().map(|c| c.to_string()).collect::<Vec<_>>().join(" "));
    }
    s += "  a b c d e\n";
    s
}

/// A run of four or five in words, in `lang`: "the row of four a3–d3".
pub fn spoken_run(run: &[u8], lang: Lang) -> String {
    let (first, last) = (run[0].min(run[run.len() - 1]), run[0].max(run[run.len() - 1]));
    let kind = if first / 5 == last / 5 {
        "gosforth.fact.row"
    } else if first % 5 == last % 5 {
        "gosforth.fact.column"
    } else {
        "gosforth.fact.diagonal"
    };
    let count = lang.t(if run.len() >= 5 { "gosforth.fact.five" } else { "gosforth.fact.four" });
    lang.f(kind, &[("count", &count), ("first", &cell_name(first)), ("last", &cell_name(last))])
}

/// What a diagram marks, as it is heard: each arrow ("Arrow: the X on d1 slides into the
/// gap on d2."), then the shaded cells no arrow points at ("Marked: c3.").
pub fn spoken_marks(pos: &GosforthPosition, marks: &[u8], arrows: &[(u8, u8)], lang: Lang) -> String {
    let mut said: Vec<String> = arrows
        .iter()
        .map(|&(from, to)| {
            let piece = match pos.cell(from as usize) {
                0 => "?".to_string(),
                c => PLAYER_LETTERS[c as usize - 1].to_ascii_uppercase().to_string(),
            };
            lang.f("gosforth.alt.arrow", &[("piece", &piece), ("from", &cell_name(from)), ("to", &cell_name(to))])
        })
        .collect();
    let shaded: Vec<String> =
        marks.iter().filter(|m| !arrows.iter().any(|(_, to)| to == *m)).map(|&m| cell_name(m)).collect();
    said.push(description::marked(lang, &shaded));
    said.retain(|s| !s.is_empty());
    said.join(" ")
}
