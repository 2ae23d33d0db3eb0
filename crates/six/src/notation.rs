//! SIX position IDs (our design; FORMATS.md leaves it to us):
//!
//! `six:r=<cells>:b=<cells>:hand=<red>,<black>:<to-move>[:ply=<n>]`
//!
//! Cells are axial `q,r` pairs joined by `;`, listed rows first (by r, then q). `hand`
//! gives the tokens still in each hand (round two when both are 0), `to-move` is `r` or
//! `b`, and `ply` counts round-two plies (for the ply cap; our addition). The start is
//! `six:r=0,0:b=1,0:hand=20,20:r`.

use super::position::{cell_name, Formation, Move, SixPosition, PLAYER_NAMES, TOKENS_PER_COLOUR};
use crate::description::{self, Spoken};
use crate::error::{check_turn, id_parts, IdError, IdPart};
use crate::game::NotACell;
use crate::geom::hex::Axial;
use crate::lang::Lang;

fn cells_text(pos: &SixPosition, colour: u8) -> String {
    let mut cells: Vec<Axial> = pos.tokens().iter().filter(|t| t.1 == colour).map(|t| t.0).collect();
    cells.sort_by_key(|a| (a.r, a.q));
    cells.iter().map(|a| format!("{},{}", a.q, a.r)).collect::<Vec<_>>().join(";")
}

/// The position ID.
pub fn position_id(pos: &SixPosition) -> String {
    let h = pos.hands();
    let mut id = format!(
        "six:r={}:b={}:hand={},{}:{}",
        cells_text(pos, 0),
        cells_text(pos, 1),
        h[0],
        h[1],
        super::position::PLAYER_LETTERS[pos.to_move() as usize]
    );
    if pos.round() == 2 {
        id += &format!(":ply={}", pos.round_two_plies());
    }
    id
}

/// A problem with the board part of an ID.
fn board_error(message: String) -> IdError {
    IdError::new(IdPart::Board, message)
}

/// The cells of one colour, `q,r` separated by `;`.
fn parse_cells(text: &str, colour: &str) -> Result<Vec<Axial>, IdError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(';')
        .enumerate()
        .map(|(i, pair)| {
            let (q, r) = pair
                .split_once(',')
                .ok_or_else(|| board_error(format!("{colour} cell {} '{pair}' must be q,r (e.g. 2,-1)", i + 1)))?;
            let q: i32 = q.trim().parse().map_err(|_| {
                board_error(format!("{colour} cell {} '{pair}': q is not a whole number from -1000 to 1000", i + 1))
            })?;
            let r: i32 = r.trim().parse().map_err(|_| {
                board_error(format!("{colour} cell {} '{pair}': r is not a whole number from -1000 to 1000", i + 1))
            })?;
            if q.abs() > 1000 || r.abs() > 1000 {
                return Err(board_error(format!("{colour} cell {} '{pair}' is implausibly far from the start", i + 1)));
            }
            Ok(Axial { q, r })
        })
        .collect()
}

/// The rest of an ID's part after its label (`r=`, `hand=`), or an error about `part_of`.
fn labelled<'a>(part: &'a str, label: &str, part_of: IdPart) -> Result<&'a str, IdError> {
    part.strip_prefix(label).ok_or_else(|| IdError::new(part_of, format!("expected '{label}...' but found '{part}'")))
}

/// A position shows as its ID, which says all of it (its grid is a cache of its tokens).
impl std::fmt::Debug for SixPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SixPosition({})", position_id(self))
    }
}

/// What a SIX position ID is made of, for the message when its parts are miscounted.
const ID_SHAPE: &str =
    "a SIX position ID has five or six parts separated by ':' (six:r=..:b=..:hand=R,B:TO-MOVE[:ply=N])";

/// Parses and validates a position ID: cells well-formed and distinct, at most 21
/// tokens a colour, hands consistent with the table in round one, turns alternating from
/// red, all tokens in one connected group, and the side to move not already holding a
/// formation (the game would have ended).
pub fn parse_position_id(id: &str) -> Result<SixPosition, IdError> {
    let board = |m: String| IdError::new(IdPart::Board, m);
    let state = |m: String| IdError::new(IdPart::State, m);
    let parts = id_parts(id, "six", &[5, 6], ID_SHAPE)?;
    let red = parse_cells(labelled(parts[1], "r=", IdPart::Board)?, "red")?;
    let black = parse_cells(labelled(parts[2], "b=", IdPart::Board)?, "black")?;
    let (hr, hb) = labelled(parts[3], "hand=", IdPart::State)?
        .split_once(',')
        .ok_or_else(|| state(format!("'{}' must be hand=RED,BLACK", parts[3])))?;
    let hand_of = |t: &str, who: &str| -> Result<u8, IdError> {
        t.parse::<u8>()
            .ok()
            .filter(|&n| n < TOKENS_PER_COLOUR)
            .ok_or_else(|| state(format!("{who}'s hand '{t}' must be 0 to {}", TOKENS_PER_COLOUR - 1)))
    };
    let hands = [hand_of(hr, "red")?, hand_of(hb, "black")?];
    let to_move = match parts[4] {
        "r" => 0u8,
        "b" => 1,
        other => return Err(IdError::new(IdPart::ToMove, format!("side to move '{other}' must be r or b"))),
    };
    let plies = match parts.get(5) {
        None => None,
        Some(p) => Some(
            labelled(p, "ply=", IdPart::State)?
                .parse::<u16>()
                .map_err(|_| state(format!("'{p}' must be ply=N with a whole number N")))?,
        ),
    };
    let mut all: Vec<(Axial, u8)> = red.iter().map(|&a| (a, 0)).chain(black.iter().map(|&a| (a, 1))).collect();
    all.sort();
    for w in all.windows(2) {
        if w[0].0 == w[1].0 {
            return Err(board(format!("cell ({},{}) is listed twice", w[0].0.q, w[0].0.r)));
        }
    }
    for (colour, cells) in [(0usize, &red), (1, &black)] {
        if cells.len() > TOKENS_PER_COLOUR as usize {
            return Err(IdError::new(
                IdPart::Position,
                format!("{} has {} tokens on the table; a colour has 21", PLAYER_NAMES[colour], cells.len()),
            ));
        }
    }
    let round_two = hands == [0, 0];
    if !round_two {
        for (colour, cells) in [(0usize, &red), (1, &black)] {
            if cells.len() + hands[colour] as usize != TOKENS_PER_COLOUR as usize {
                return Err(IdError::new(
                    IdPart::Position,
                    format!(
                        "{} has {} on the table and {} in hand; in round one that must make 21",
                        PLAYER_NAMES[colour],
                        cells.len(),
                        hands[colour]
                    ),
                ));
            }
        }
        let (placed_r, placed_b) = (20 - hands[0], 20 - hands[1]);
        let counted = format!("{placed_r} red and {placed_b} black placements");
        check_turn(placed_r as usize, placed_b as usize, to_move, PLAYER_NAMES, &counted)?;
        if plies.is_some() {
            return Err(IdError::new(IdPart::Position, "ply=N is only for round two (both hands empty)"));
        }
    } else if let Some(p) = plies {
        if p % 2 != to_move as u16 {
            return Err(IdError::new(
                IdPart::Position,
                format!("after {p} round-two plies it is {}'s turn", PLAYER_NAMES[(p % 2) as usize]),
            ));
        }
    }
    if all.len() < 2 {
        return Err(IdError::new(IdPart::Position, "the table holds fewer than two tokens"));
    }
    // Round one has played no round-two plies; a round-two ID without ply=N is taken as
    // the fewest plies that fit the side to move.
    let plies = if round_two { plies.unwrap_or(to_move as u16) } else { 0 };
    let pos = SixPosition::from_tokens(&all, hands, to_move, plies);
    let groups = pos.groups().len();
    if groups != 1 {
        return Err(IdError::new(
            IdPart::Position,
            format!("the tokens form {groups} separate groups; they must touch as one group"),
        ));
    }
    let has_formation = |p: &SixPosition, colour: u8| {
        p.tokens().iter().any(|&(a, c)| c == colour && p.formation_through(a, c).is_some())
    };
    if has_formation(&pos, to_move) {
        return Err(IdError::new(
            IdPart::Position,
            format!("{} already has a formation; the game would have ended", PLAYER_NAMES[to_move as usize]),
        ));
    }
    // A formation ends the game: if the player who just moved has one, the token he put
    // down made it, so without one of his tokens he would have none (what stays on the
    // table after a lift was on it before the move too).
    let last = 1 - to_move;
    if has_formation(&pos, last) {
        let one_token_made_it = pos.tokens().iter().filter(|t| t.1 == last).any(|&(put, _)| {
            let rest: Vec<(Axial, u8)> = pos.tokens().iter().copied().filter(|t| t.0 != put).collect();
            !has_formation(&SixPosition::from_tokens(&rest, hands, to_move, plies), last)
        });
        if !one_token_made_it {
            return Err(IdError::new(
                IdPart::Position,
                format!(
                    "{} has formations no single token could have finished: the game ended at the first",
                    PLAYER_NAMES[last as usize]
                ),
            ));
        }
    }
    Ok(pos)
}

/// The position as text for reports.
pub fn text_board(pos: &SixPosition) -> String {
    let player = PLAYER_NAMES[pos.to_move() as usize];
    let [red, black] = pos.hands();
    let mut s = format!("SIX round {} — {player} to move, in hand: red {red}, black {black}\n", pos.round());
    for (colour, word) in ["red", "black"].iter().enumerate() {
        let mut cells: Vec<Axial> = pos.tokens().iter().filter(|t| t.1 == colour as u8).map(|t| t.0).collect();
        cells.sort_by_key(|a| (a.r, a.q));
        let list: Vec<String> = cells.iter().map(|a| format!("({},{})", a.q, a.r)).collect();
        s += &format!("{word}: {}\n", list.join(" "));
    }
    s
}

/// The position in words, in `lang`: the round, who is to move and what each hand
/// holds, then the tokens row by row from the top (rows are r = const, as the diagram
/// labels its cells q,r), each by its cell and colour ("(0,-1) red").
pub fn spoken(pos: &SixPosition, lang: Lang) -> Spoken {
    use super::position::Status;
    let name = |p: u8| super::position::player_name(p as usize, lang);
    let outcome = match pos.status() {
        Status::Ongoing => description::Outcome::Ongoing,
        Status::Won(p, _) => description::Outcome::Won(name(p)),
        Status::Drawn => description::Outcome::Drawn,
    };
    let turn = description::turn(lang, name(pos.to_move()), outcome);
    let [red, black] = pos.hands();
    let title =
        lang.f("six.alt.position", &[("round", &pos.round()), ("turn", &turn), ("red", &red), ("black", &black)]);
    let mut tokens: Vec<(Axial, u8)> = pos.tokens().to_vec();
    tokens.sort_by_key(|(a, _)| (a.r, a.q));
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut last_row = None;
    for (a, colour) in tokens {
        if last_row != Some(a.r) {
            rows.push((description::signed(a.r, lang), Vec::new()));
            last_row = Some(a.r);
        }
        let word = lang.t(["six.alt.red", "six.alt.black"][colour as usize]);
        rows.last_mut().expect("a row").1.push(description::item(lang, &spoken_cell(a, lang), word));
    }
    Spoken::new(title, &[description::rows(lang, rows)])
}

/// A cell as it is heard: "(2, minus 4)"; in German and French, whose decimal point is a
/// comma, "(2; minus 4)" and "(2 ; moins 4)".
pub fn spoken_cell(a: Axial, lang: Lang) -> String {
    description::pair(a.q, a.r, lang)
}

/// A move as it is heard: "(2, minus 1)" for a token placed there, "the token from (0, 1)
/// to (2, minus 1)" for one moved.
pub fn spoken_move(m: Move, lang: Lang) -> String {
    match m {
        Move::Place(c) => spoken_cell(c, lang),
        Move::Relocate { from, to, .. } => {
            lang.f("six.fact.move", &[("from", &spoken_cell(from, lang)), ("to", &spoken_cell(to, lang))])
        }
    }
}

/// A cell written `(q,r)` or `q,r`, each coordinate from -1000 to 1000 (as in a position
/// ID).
pub fn parse_cell(text: &str) -> Option<Axial> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (q, r) = t.split_once(',')?;
    let coordinate = |c: &str| c.trim().parse().ok().filter(|n| (-1000..=1000).contains(n));
    Some(Axial { q: coordinate(q)?, r: coordinate(r)? })
}

/// Why `word` is no cell.
pub fn not_a_cell(word: &str) -> NotACell {
    NotACell(format!("'{}' is not a cell (q,r), each from -1000 to 1000", word.trim()))
}

/// The cells `(q,r)` written in a text, by their names, in order.
pub fn cells_in_text(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')') else { break };
        out.extend(parse_cell(&rest[open..=open + close]).map(cell_name));
        rest = &rest[open + close + 1..];
    }
    out
}

/// "a line", "a triangle", "a circle" in `lang`.
pub fn formation_words(kind: Formation, lang: Lang) -> &'static str {
    lang.t(match kind {
        Formation::Line => "six.fact.line",
        Formation::Triangle => "six.fact.triangle",
        Formation::Circle => "six.fact.circle",
    })
}

/// What a diagram draws besides the tokens on the table, as sentences in `lang`: the
/// move just made (`last`), the tokens drawn faintly (`ghosts` no longer on the table
/// `pos`), the `dashed` outlines and the `shaded` cells.
pub fn spoken_marks(
    pos: &SixPosition,
    last: Option<Move>,
    ghosts: &[(Axial, u8)],
    dashed: &[Axial],
    shaded: &[Axial],
    lang: Lang,
) -> Vec<String> {
    let cells_said = |cells: &[Axial]| -> Vec<String> { cells.iter().map(|&c| spoken_cell(c, lang)).collect() };
    let mut said = Vec::new();
    match last {
        Some(Move::Place(c)) => said.push(lang.f("six.alt.moved", &[("cells", &spoken_cell(c, lang))])),
        Some(m @ Move::Relocate { .. }) => said.push(lang.f("six.alt.relocated", &[("move", &spoken_move(m, lang))])),
        None => {}
    }
    let faint: Vec<String> = ghosts
        .iter()
        .filter(|g| pos.at(g.0).is_none())
        .map(|&(a, c)| {
            description::item(lang, &spoken_cell(a, lang), lang.t(["six.alt.red", "six.alt.black"][c as usize]))
        })
        .collect();
    if !faint.is_empty() {
        said.push(lang.f("six.alt.ghosts", &[("tokens", &faint.join(description::items_joiner(lang)))]));
    }
    if !dashed.is_empty() {
        said.push(lang.f("six.alt.dashed", &[("cells", &lang.and_list(&cells_said(dashed)))]));
    }
    said.push(description::marked(lang, &cells_said(shaded)));
    said
}
