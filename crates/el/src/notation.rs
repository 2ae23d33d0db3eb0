//! EL board notation and position IDs (FORMATS.md): `el:<params>:<board>:<to-move>`,
//! board written rank by rank from the top, `.` for empty, a digit plus a colour letter
//! (`r`, `b`, `g`, `y`) for a written cell.

use crate::description::{self, Spoken};
use crate::lang::Lang;
use std::sync::{Arc, Mutex};

use super::params::{ElParams, PLAYER_LETTERS};
use super::position::{ElPosition, Mark};
use super::shapes::{cells_of, CellMask, ElRules};
use super::El;
use crate::error::{id_parts, IdError, IdPart};
use crate::game::engine::Play;
use crate::geom::square::{cell_name, column_letter};

/// How many variants' rules [`rules_for`] keeps: the ones used last. A long-lived
/// process (the web page, `verify` over many variants) holds a bounded amount of memory
/// (an 8x8 any-shape variant's rules take some 13 MB), and a variant used again soon is
/// not built again.
const RULES_KEPT: usize = 4;

/// The variants' rules built so far, the one used last first.
static RULES: Mutex<Vec<Arc<ElRules>>> = Mutex::new(Vec::new());

/// The rules for a variant, shared (placements are costly for the any-shape variant):
/// built once and kept while the variant is among the last four used.
pub fn rules_for(params: &ElParams) -> Arc<ElRules> {
    let mut kept = RULES.lock().unwrap_or_else(|e| e.into_inner());
    let rules = match kept.iter().position(|r| &r.params == params) {
        Some(i) => kept.remove(i),
        None => Arc::new(ElRules::new(params.clone())),
    };
    kept.insert(0, rules.clone());
    kept.truncate(RULES_KEPT);
    rules
}

/// The board part of an ID: ranks from the top, separated by `/`.
pub fn board_text(pos: &ElPosition) -> String {
    let n = pos.params().size as usize;
    let mut s = String::with_capacity(n * n * 2 + n);
    for row in (0..n).rev() {
        if row + 1 != n {
            s.push('/');
        }
        for col in 0..n {
            match pos.mark(row * n + col) {
                None => s.push('.'),
                Some(m) => {
                    s.push((b'0' + m.number) as char);
                    s.push(PLAYER_LETTERS[m.player as usize]);
                }
            }
        }
    }
    s
}

/// The full position ID, e.g. `el:6x6:......./…:r`.
pub fn position_id(pos: &ElPosition) -> String {
    format!("el:{}:{}:{}", pos.params().to_id(), board_text(pos), PLAYER_LETTERS[pos.to_move() as usize])
}

/// Parses a board (ranks top first) into marks in cell-index order.
pub fn parse_board(params: &ElParams, text: &str) -> Result<Vec<Option<Mark>>, IdError> {
    let bad = |m: String| IdError::new(IdPart::Board, format!("in the board: {m}"));
    let n = params.size as usize;
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != n {
        return Err(bad(format!("the board has {} rank(s), a {n}x{n} board needs {n} separated by '/'", ranks.len())));
    }
    let mut marks = vec![None; n * n];
    for (from_top, rank) in ranks.iter().enumerate() {
        let row = n - 1 - from_top;
        let mut col = 0;
        let mut chars = rank.chars().peekable();
        while let Some(ch) = chars.next() {
            let where_ = || format!("rank {} (row {} from the top)", row + 1, from_top + 1);
            if col >= n {
                return Err(bad(format!("{} has more than {n} cells", where_())));
            }
            let cell_name = || format!("{}{}", (b'a' + col as u8) as char, row + 1);
            match ch {
                '.' => marks[row * n + col] = None,
                '1'..='9' => {
                    let number = ch as u8 - b'0';
                    let letter = chars.next().ok_or_else(|| {
                        bad(format!("cell {}: number {number} needs a colour letter (r, b, g, y)", cell_name()))
                    })?;
                    let player = PLAYER_LETTERS.iter().position(|&l| l == letter).ok_or_else(|| {
                        bad(format!("cell {}: unknown colour '{letter}' (use r, b, g or y)", cell_name()))
                    })?;
                    marks[row * n + col] = Some(Mark { number, player: player as u8 });
                }
                _ => {
                    return Err(bad(format!(
                        "cell {}: unexpected '{ch}' (a cell is '.' or a digit 1-9 followed by r, b, g or y)",
                        cell_name()
                    )))
                }
            }
            col += 1;
        }
        if col != n {
            return Err(bad(format!(
                "rank {} (row {} from the top) has {col} cells, expected {n}",
                row + 1,
                from_top + 1
            )));
        }
    }
    Ok(marks)
}

/// Parses a colour letter of a player in this variant.
pub fn parse_player(params: &ElParams, text: &str) -> Result<u8, IdError> {
    let bad = |m: String| IdError::new(IdPart::ToMove, m);
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => match PLAYER_LETTERS[..params.players as usize].iter().position(|&l| l == c) {
            Some(p) => Ok(p as u8),
            None => Err(bad(format!(
                "side to move '{text}' is not one of {}",
                PLAYER_LETTERS[..params.players as usize].iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")
            ))),
        },
        _ => Err(bad(format!("side to move '{text}' must be one colour letter"))),
    }
}

/// Reads a board written sparsely, as rulebook diagrams write it: `c3=4r a1=2b`, each
/// written cell as CELL=NUMBER and a colour letter.
pub fn parse_marks(params: &ElParams, text: &str) -> Result<Vec<Option<Mark>>, IdError> {
    let bad = |why: String| IdError::new(IdPart::Board, why);
    let mut cells = vec![None; params.cells()];
    for word in text.split_whitespace() {
        let (cell, mark) =
            word.split_once('=').ok_or_else(|| bad(format!("'{word}' must be CELL=NUMBERcolour, e.g. c3=4r")))?;
        let index = crate::geom::square::parse_cell(params.size, cell).map_err(|e| bad(e.to_string()))?;
        // The colour is the last character (whatever its width in bytes).
        let (num, colour) = mark.split_at(mark.char_indices().last().map_or(0, |(at, _)| at));
        let number: u8 = num.parse().map_err(|_| bad(format!("'{word}': '{num}' is not a number")))?;
        let player = El::player_of(colour).ok_or_else(|| bad(format!("'{word}': '{colour}' is not a colour")))?;
        if cells[index].is_some() {
            return Err(bad(format!("cell {cell} is written twice")));
        }
        cells[index] = Some(Mark { number, player });
    }
    Ok(cells)
}

/// Parses and validates a position ID `el:<params>:<board>:<to-move>`.
pub fn parse_position_id(id: &str) -> Result<ElPosition, IdError> {
    let parts =
        id_parts(id, "el", &[4], "an EL position ID has four parts separated by ':' (el:PARAMS:BOARD:TO-MOVE)")?;
    let params = ElParams::parse(parts[1])
        .map_err(|e| IdError::new(IdPart::Params, format!("in the params '{}': {e}", parts[1])))?;
    let marks = parse_board(&params, parts[2])?;
    let to_move = parse_player(&params, parts[3])?;
    ElPosition::from_marks(rules_for(&params), &marks, to_move)
}

/// The position as text for reports: ranks top first, `.` empty, `5r` etc.
pub fn text_board(pos: &ElPosition) -> String {
    let p = pos.params();
    let n = p.size as usize;
    let player = super::params::PLAYER_NAMES[pos.to_move() as usize];
    let mut out = format!("EL {} — {player} to move\n", p.to_id());
    for row in (0..n).rev() {
        out += &format!("{:>2} ", row + 1);
        for col in 0..n {
            match pos.mark(row * n + col) {
                Some(m) => out += &format!(" {}{}", m.number, PLAYER_LETTERS[m.player as usize]),
                None => out += "  .",
            }
        }
        out.push('\n');
    }
    out += "   ";
    for col in 0..n {
        out += &format!("  {}", column_letter(col as u8));
    }
    out
}

/// The position in words, in `lang`: the variant, who is to move, then each row from
/// the top with every written cell's name, colour and number ("a6 blue 1").
pub fn spoken(pos: &ElPosition, lang: Lang) -> Spoken {
    let p = pos.params();
    let n = p.size as usize;
    let name = |p: u8| super::params::player_name(p as usize, lang);
    let outcome = match pos.status() {
        super::position::Status::Ongoing => description::Outcome::Ongoing,
        super::position::Status::Won(p) => description::Outcome::Won(name(p)),
        super::position::Status::Drawn => description::Outcome::Drawn,
    };
    let variant = p.describe(lang).replace(" · ", ", ");
    let turn = description::turn(lang, name(pos.to_move()), outcome);
    let title = lang.f("el.alt.position", &[("variant", &variant), ("turn", &turn)]);
    let colours = ["el.alt.red", "el.alt.blue", "el.alt.green", "el.alt.yellow"];
    let rows = (0..n).rev().map(|row| {
        let cells = (0..n)
            .filter_map(|col| {
                let i = row * n + col;
                pos.mark(i).map(|m| {
                    let cell = format!("{}{}", column_letter(col as u8), row + 1);
                    description::item(lang, &cell, &format!("{} {}", lang.t(colours[m.player as usize]), m.number))
                })
            })
            .collect();
        ((row + 1).to_string(), cells)
    });
    Spoken::new(title, &[description::rows(lang, rows)])
}

/// A finished shape in words: "the row a3–f3", "the column a1–a6", "the L a1–a4–c4"
/// (from one end round the corner to the other).
pub fn spoken_shape(size: u8, mask: CellMask, lang: Lang) -> String {
    let s = size as usize;
    let cells: Vec<usize> = cells_of(mask).collect();
    let in_shape = |c: usize| mask >> c & 1 == 1;
    // How many of a cell's neighbours across and along lie in the shape.
    let neighbours = |c: usize| -> (usize, usize) {
        let (col, row) = (c % s, c / s);
        let across = [(col > 0).then(|| c - 1), (col + 1 < s).then(|| c + 1)].into_iter().flatten();
        let along = [(row > 0).then(|| c - s), (row + 1 < s).then(|| c + s)].into_iter().flatten();
        (across.filter(|&n| in_shape(n)).count(), along.filter(|&n| in_shape(n)).count())
    };
    let mut ends: Vec<String> =
        cells.iter().filter(|&&c| neighbours(c).0 + neighbours(c).1 == 1).map(|&c| cell_name(size, c)).collect();
    ends.sort();
    let (first, last) = (&ends[0], &ends[ends.len() - 1]);
    let ends: [(&str, &dyn std::fmt::Display); 2] = [("first", first), ("last", last)];
    match cells.iter().find(|&&c| neighbours(c).0 > 0 && neighbours(c).1 > 0) {
        Some(&k) => lang.f("el.fact.l", &[ends[0], ("corner", &cell_name(size, k)), ends[1]]),
        None if cells.iter().all(|c| c / s == cells[0] / s) => lang.f("el.fact.row", &ends),
        None => lang.f("el.fact.column", &ends),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_example_round_trips() {
        // FORMATS.md's example board holds 6 red and 7 blue numbers: it cannot arise
        // with Red moving first, so as an ID it is refused (the boardpress crate's
        // tests/refused_ids/el.txt); the board text round-trips.
        let board = "1b5b5b.../3r...5b./.1r3r5b6r./5r...3b./6r5b..../......";
        let params = ElParams::default();
        let marks = parse_board(&params, board).unwrap();
        let pos = ElPosition::from_marks_unchecked(rules_for(&params), &marks, 0);
        assert_eq!(board_text(&pos), board);
        assert_eq!(pos.mark(6 * 5).unwrap().number, 1); // a6
        let id = "el:6x6:1b5b5b.../3r...5b./.1r3r5b6r./5r...3b./6r5b..../1r.....:r";
        assert_eq!(position_id(&parse_position_id(id).unwrap()), id);
    }

    #[test]
    fn rules_are_shared_and_only_the_last_variants_are_kept() {
        let variant = |n: u8| ElParams::parse(&format!("{}x{},n{n}", n + 1, n + 1)).unwrap();
        let first = rules_for(&variant(5));
        assert!(Arc::ptr_eq(&first, &rules_for(&variant(5))), "the same variant again: the same rules");
        for n in 6..6 + RULES_KEPT as u8 {
            rules_for(&variant(n));
        }
        // Other tests build rules in parallel: the cache may hold theirs, never more.
        assert!(RULES.lock().unwrap().len() <= RULES_KEPT);
        let again = rules_for(&variant(5));
        assert!(!Arc::ptr_eq(&first, &again), "let go after {RULES_KEPT} other variants, built again");
        assert_eq!(again.placements, first.placements);
    }
}
