//! Kamon notation (FORMATS.md): rows from the top separated by `/`, a cell is a token
//! `<symbol a-f><count 1-6>`, `x` (forbidden), `B` or `W` (pawns). Position IDs are
//! `kamon:<board>:<constraint or ->:<B|W>`. Also the seeded set-up.

use crate::description::{self, Spoken};
use crate::lang::Lang;
use rand_core::Rng;

use super::position::{
    bits, connects_with, rings_with, CellContent, KamonPosition, Token, PLAYER_LETTERS, PLAYER_NAMES,
};
use crate::error::{check_turn, id_parts, IdError, IdPart};
use crate::geom::hex::radius3::{self, ROW_LENGTHS};
use crate::seed::shuffle;

/// The board part of an ID.
pub fn board_text(pos: &KamonPosition) -> String {
    let cells = pos.cells();
    let mut out = String::new();
    let mut i = 0;
    for (row, len) in ROW_LENGTHS.iter().enumerate() {
        if row > 0 {
            out.push('/');
        }
        for _ in 0..*len {
            match cells[i] {
                CellContent::Token(t) => out += &t.code(),
                CellContent::Forbidden => out.push('x'),
                CellContent::Pawn(p) => out.push(PLAYER_LETTERS[p as usize]),
            }
            i += 1;
        }
    }
    out
}

/// The position ID.
pub fn position_id(pos: &KamonPosition) -> String {
    let constraint = pos.constraint().map(|t| t.code()).unwrap_or_else(|| "-".into());
    format!("kamon:{}:{}:{}", board_text(pos), constraint, PLAYER_LETTERS[pos.to_move() as usize])
}

/// Parses a token code like `c5` (as the constraint part of an ID writes it).
pub fn parse_token(text: &str) -> Result<Token, IdError> {
    let bad = |m: String| IdError::new(IdPart::Constraint, m);
    let b = text.as_bytes();
    if b.len() != 2 {
        return Err(bad(format!("token '{text}' must be a symbol letter a-f and a count 1-6, e.g. c5")));
    }
    if !(b'a'..=b'f').contains(&b[0]) {
        return Err(bad(format!("token '{text}': symbol '{}' is not one of a-f", b[0] as char)));
    }
    if !(b'1'..=b'6').contains(&b[1]) {
        return Err(bad(format!("token '{text}': count '{}' is outside 1-6", b[1] as char)));
    }
    Ok(Token { symbol: b[0] - b'a', count: b[1] - b'0' })
}

/// Parses the board part into cell contents in reading order, checking its shape and
/// that no token appears twice and exactly one cell is forbidden.
pub fn parse_board(text: &str) -> Result<[CellContent; 37], IdError> {
    let bad = |m: String| IdError::new(IdPart::Board, format!("in the board: {m}"));
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 7 {
        return Err(bad(format!("the board has {} row(s); Kamon has 7 rows (A-G) separated by '/'", rows.len())));
    }
    let mut cells = [CellContent::Forbidden; 37];
    let mut i = 0;
    let mut seen: Vec<Token> = Vec::new();
    let mut forbidden = Vec::new();
    for (row, text_row) in rows.iter().enumerate() {
        let letter = (b'A' + row as u8) as char;
        let chars: Vec<char> = text_row.chars().collect();
        let mut k = 0;
        let mut n = 0;
        while k < chars.len() {
            n += 1;
            let cell_name = format!("{letter}{n}");
            if n > ROW_LENGTHS[row] {
                return Err(bad(format!("row {letter} has more than {} cells", ROW_LENGTHS[row])));
            }
            let content = match chars[k] {
                'x' => {
                    forbidden.push(cell_name.clone());
                    CellContent::Forbidden
                }
                'B' => CellContent::Pawn(0),
                'W' => CellContent::Pawn(1),
                c if c.is_ascii_lowercase() => {
                    let code: String = chars[k..(k + 2).min(chars.len())].iter().collect();
                    let t = parse_token(&code).map_err(|e| bad(format!("cell {cell_name}: {}", e.message)))?;
                    if seen.contains(&t) {
                        return Err(bad(format!("cell {cell_name}: token {} appears twice", t.code())));
                    }
                    seen.push(t);
                    k += 1;
                    CellContent::Token(t)
                }
                c => return Err(bad(format!("cell {cell_name}: unexpected '{c}' (a token like c5, x, B or W)"))),
            };
            cells[i] = content;
            i += 1;
            k += 1;
        }
        if n != ROW_LENGTHS[row] {
            return Err(bad(format!("row {letter} has {n} cells, expected {}", ROW_LENGTHS[row])));
        }
    }
    match forbidden.len() {
        1 => {}
        0 => return Err(bad("the board has no forbidden cell 'x'".into())),
        _ => {
            return Err(bad(format!(
                "the board has {} forbidden cells ({}); there is exactly one",
                forbidden.len(),
                forbidden.join(", ")
            )))
        }
    }
    Ok(cells)
}

/// What a Kamon position ID is made of, for the message when its parts are miscounted.
const ID_SHAPE: &str = "a Kamon position ID has four parts separated by ':' (kamon:BOARD:CONSTRAINT:TO-MOVE)";

/// Parses and validates a position ID: pawn counts alternate from Black, the side to
/// move matches, the constraint is a covered token (not on the board), given exactly
/// when a pawn has been placed, and matching another covered token from the second pawn
/// on; Black's first pawn could have been a legal opening (a non-corner edge cell), the
/// side to move had not already won, and a win of the player who just moved is one his
/// last pawn could have made.
pub fn parse_position_id(id: &str) -> Result<KamonPosition, IdError> {
    let parts = id_parts(id, "kamon", &[4], ID_SHAPE)?;
    let cells = parse_board(parts[1])?;
    let constraint = match parts[2] {
        "-" => None,
        t => Some(parse_token(t).map_err(|e| IdError::new(IdPart::Constraint, format!("constraint: {}", e.message)))?),
    };
    let to_move = match parts[3] {
        "B" => 0,
        "W" => 1,
        other => return Err(IdError::new(IdPart::ToMove, format!("side to move '{other}' must be B or W"))),
    };
    let pawns = |p: u8| cells.iter().filter(|c| **c == CellContent::Pawn(p)).count();
    let (black, white) = (pawns(0), pawns(1));
    check_turn(black, white, to_move, PLAYER_NAMES, &format!("{black} black and {white} white pawns"))?;
    match (black + white, constraint) {
        (0, Some(t)) => {
            return Err(IdError::new(
                IdPart::Position,
                format!("constraint {} given, but no pawn has covered a token yet", t.code()),
            ))
        }
        (n, None) if n > 0 => {
            return Err(IdError::new(
                IdPart::Position,
                "a pawn has been placed, so the constraint (the last covered token) must be given",
            ))
        }
        _ => {}
    }
    if let Some(t) = constraint {
        if cells.contains(&CellContent::Token(t)) {
            return Err(IdError::new(
                IdPart::Position,
                format!("constraint {} is still on the board; it must be a covered token", t.code()),
            ));
        }
    }
    // The constraint was covered on the last move, so it matched the constraint before
    // it: another covered token (from the second pawn on).
    if let Some(t) = constraint.filter(|_| black + white >= 2) {
        let on_board = |x: Token| cells.contains(&CellContent::Token(x));
        if !Token::all().any(|c| c != t && !on_board(c) && t.matches(c)) {
            return Err(IdError::new(
                IdPart::Position,
                format!(
                    "constraint {} shares a symbol or a count with no other covered token, so it could not have been covered after one",
                    t.code()
                ),
            ));
        }
    }
    let pos = KamonPosition::from_cells(&cells, constraint, to_move);
    let geo = super::position::geometry();
    if black > 0 && pos.pawns(0) & geo.perimeter & !geo.corners == 0 {
        return Err(IdError::new(
            IdPart::Position,
            "Black has no pawn on a non-corner edge cell, so Black's first move was not legal",
        ));
    }
    // A win ends the game: if the player who just moved has one, his last pawn made it,
    // so without one of his pawns he would have none.
    let last = pos.pawns(1 - to_move);
    if connects_with(last) || rings_with(last) {
        let one_pawn_made_it = bits(last).any(|b| {
            let before = last & !(1u64 << b);
            !connects_with(before) && !rings_with(before)
        });
        if !one_pawn_made_it {
            return Err(IdError::new(
                IdPart::Position,
                format!(
                    "{} has won more than one pawn could have made: the game ended at the first win",
                    PLAYER_NAMES[1 - to_move as usize]
                ),
            ));
        }
    }
    if black + white > 0 && (pos.connects(to_move) || pos.rings(to_move)) {
        return Err(IdError::new(
            IdPart::Position,
            format!(
                "{} had already won before the last move; the game would have ended",
                PLAYER_NAMES[to_move as usize]
            ),
        ));
    }
    Ok(pos)
}

/// A seeded set-up: the 36 tokens and the first-player token shuffled onto the 37 cells
/// (Fisher–Yates, uniform); the first-player token's cell becomes the forbidden cell.
pub fn seeded_setup<R: Rng>(rng: &mut R) -> KamonPosition {
    let mut items: Vec<Option<Token>> = Token::all().map(Some).collect();
    items.push(None);
    shuffle(rng, &mut items);
    let mut cells = [CellContent::Forbidden; 37];
    for (c, item) in cells.iter_mut().zip(&items) {
        *c = item.map_or(CellContent::Forbidden, CellContent::Token);
    }
    KamonPosition::from_cells(&cells, None, 0)
}

/// The cell names (reading order) as bit indices, for callers that index by name.
pub fn parse_cell(name: &str) -> Result<u32, radius3::NameError> {
    radius3::parse_name(name).map(radius3::bit_of)
}

/// The name of a cell bit.
pub fn cell_name(bit: u32) -> String {
    radius3::name(radius3::axial_of_bit(bit))
}

/// The position as text: rows from the top, indented like the hex board (for reports).
pub fn text_board(pos: &KamonPosition) -> String {
    use super::position::PLAYER_LETTERS;
    let cells = pos.cells();
    let player = PLAYER_NAMES[pos.to_move() as usize];
    let mut out = match pos.constraint() {
        Some(c) => format!("Kamon — {player} to move, constraint {}", c.code()),
        None => format!("Kamon — {player} to move"),
    };
    out.push('\n');
    let mut i = 0;
    for (row, len) in radius3::ROW_LENGTHS.iter().enumerate() {
        out += &format!("{} {}", (b'A' + row as u8) as char, " ".repeat(2 * (7 - len)));
        for _ in 0..*len {
            let cell = match cells[i] {
                CellContent::Token(t) => t.code(),
                CellContent::Forbidden => "xx".into(),
                CellContent::Pawn(p) => format!("{}{}", PLAYER_LETTERS[p as usize], PLAYER_LETTERS[p as usize]),
            };
            out += &format!("{cell}  ");
            i += 1;
        }
        out = out.trim_end().to_string();
        out.push('\n');
    }
    out
}

/// A token in words, as its hex draws it: the symbol and the count ("sun 3").
pub fn spoken_token(t: Token, lang: Lang) -> String {
    format!("{} {}", super::position::symbol_name(t.symbol, lang), t.count)
}

/// The position in words, in `lang`: who is to move, the last covered token (the
/// constraint) or the first-move rule, then each row from the top with every cell's name
/// and what covers it ("A1 sun 3", "A2 black pawn", "D4 struck out").
pub fn spoken(pos: &KamonPosition, lang: Lang) -> Spoken {
    use super::position::Status;
    let name = |p: u8| super::position::player_name(p as usize, lang);
    let status = pos.status();
    let outcome = match status {
        Status::Ongoing => description::Outcome::Ongoing,
        Status::Won(p, _) => description::Outcome::Won(name(p)),
        Status::Drawn => description::Outcome::Drawn,
    };
    let title = lang.f("kamon.alt.position", &[("turn", &description::turn(lang, name(pos.to_move()), outcome))]);
    let ongoing = status == Status::Ongoing;
    let rule = match pos.constraint() {
        Some(c) => {
            let last = lang.f("kamon.alt.constraint", &[("token", &spoken_token(c, lang))]);
            if ongoing {
                format!("{last} {}", lang.t("kamon.alt.rule"))
            } else {
                last
            }
        }
        None if ongoing => lang.t("kamon.alt.first").to_string(),
        None => String::new(),
    };
    Spoken::new(title, &[rule, spoken_rows(pos, lang)])
}

/// Every cell in words, a row at a time from the top (see [`spoken`]).
fn spoken_rows(pos: &KamonPosition, lang: Lang) -> String {
    let cells = pos.cells();
    let names = radius3::cells_in_reading_order();
    let mut i = 0;
    let mut rows = Vec::new();
    for (row, len) in radius3::ROW_LENGTHS.iter().enumerate() {
        let mut said = Vec::new();
        for _ in 0..*len {
            let what = match cells[i] {
                CellContent::Token(t) => spoken_token(t, lang),
                CellContent::Forbidden => lang.t("kamon.alt.struck").to_string(),
                CellContent::Pawn(p) => lang.t(["kamon.alt.black", "kamon.alt.white"][p as usize]).to_string(),
            };
            said.push(description::item(lang, &radius3::name(names[i]), &what));
            i += 1;
        }
        rows.push((((b'A' + row as u8) as char).to_string(), said));
    }
    description::rows(lang, rows)
}

/// A seeded board in words: what it is, then every token by cell.
pub fn spoken_layout(pos: &KamonPosition, lang: Lang) -> String {
    format!("{} {}", lang.t("kamon.alt.layout"), spoken_rows(pos, lang))
}
