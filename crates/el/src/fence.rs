//! EL's side of rulebook diagram fences ([`crate::game::diagram`]): a position by `id:`
//! or by sparse `marks:` (with optional `params:` and `to-move:`), moves written with
//! `after:`, its own claims `threats:` and `finished:`, and the facts `{owner}`,
//! `{finished}` (the lines and Ls the last move finished) and `{threats}`.

use std::collections::BTreeSet;

use super::notation::{parse_position_id, rules_for};
use super::params::{player_name, ElParams, PLAYER_LETTERS};
use super::position::{ElPosition, Mark, Move, Status};
use super::shapes::CellMask;
use super::El;
use crate::game::diagram::{Diagrams, FactOrWhy, Marked, Played};
use crate::game::engine::cells_of;
use crate::game::fence::{self, at, get, same_set, words, Entry, Fact, FenceError, NoFact, Show};
use crate::game::IllegalMove;
use crate::geom::square::{cell_name, cells_in_text, parse_cell};
use crate::lang::Lang;
use crate::options::GameOptions;
use crate::scene::Scene;

fn el_player(letter: &str) -> Option<u8> {
    PLAYER_LETTERS.iter().position(|c| c.to_string() == letter.to_ascii_lowercase()).map(|p| p as u8)
}

/// The position a fence starts from: its `id:`, or its `marks:` on the rulebook's variant.
fn start(es: &[Entry], defaults: &ElParams, line: usize) -> Result<ElPosition, FenceError> {
    if let Some(id) = get(es, "id") {
        return parse_position_id(&id.value).map_err(|e| at(id, e));
    }
    let Some(marks) = get(es, "marks") else {
        return Err(FenceError::line(line, "an el diagram needs 'id:' or 'marks:'"));
    };
    let params = match get(es, "params") {
        Some(p) => ElParams::parse(&p.value).map_err(|e| at(p, e))?,
        None => defaults.clone(),
    };
    let size = params.size;
    let mut cells = vec![None; params.cells()];
    for word in marks.value.split_whitespace() {
        let (cell, mark) =
            word.split_once('=').ok_or_else(|| at(marks, format!("'{word}' must be CELL=NUMBERcolour, e.g. c3=4r")))?;
        let index = parse_cell(size, cell).map_err(|e| at(marks, e))?;
        // The colour is the last character (whatever its width in bytes).
        let (num, colour) = mark.split_at(mark.char_indices().last().map_or(0, |(at, _)| at));
        let number: u8 = num.parse().map_err(|_| at(marks, format!("'{word}': '{num}' is not a number")))?;
        let player = el_player(colour).ok_or_else(|| at(marks, format!("'{word}': '{colour}' is not a colour")))?;
        if cells[index].is_some() {
            return Err(at(marks, format!("cell {cell} is written twice")));
        }
        cells[index] = Some(Mark { number, player });
    }
    let written = cells.iter().flatten().count();
    let to_move = match get(es, "to-move") {
        Some(t) => el_player(&t.value).ok_or_else(|| at(t, "not a colour letter (r, b, g, y)"))?,
        None => (written % params.players as usize) as u8,
    };
    ElPosition::from_marks(rules_for(&params), &cells, to_move).map_err(|e| at(marks, e))
}

/// A finished shape in words: "the row a3–f3", "the column a1–a6", "the L a1–a4–c4"
/// (from one end round the corner to the other).
fn shape_text(size: u8, mask: CellMask, lang: Lang) -> String {
    let cells: Vec<usize> = (0..size as usize * size as usize).filter(|&c| mask >> c & 1 == 1).collect();
    let name = |c: usize| cell_name(size, c);
    let s = size as usize;
    let in_shape = |c: usize| mask >> c & 1 == 1;
    let neighbours = |c: usize| -> (usize, usize) {
        let (col, row) = (c % s, c / s);
        let across = [(col > 0).then(|| c - 1), (col + 1 < s).then(|| c + 1)].into_iter().flatten();
        let along = [(row > 0).then(|| c - s), (row + 1 < s).then(|| c + s)].into_iter().flatten();
        (across.filter(|&n| in_shape(n)).count(), along.filter(|&n| in_shape(n)).count())
    };
    let ends: Vec<usize> = cells.iter().copied().filter(|&c| neighbours(c).0 + neighbours(c).1 == 1).collect();
    let corner = cells.iter().copied().find(|&c| neighbours(c).0 > 0 && neighbours(c).1 > 0);
    let (mut first, mut last) = (ends[0], ends[ends.len() - 1]);
    if name(last) < name(first) {
        std::mem::swap(&mut first, &mut last);
    }
    let (first, last) = (name(first), name(last));
    match corner {
        Some(k) => lang.f("el.fact.l", &[("first", &first), ("corner", &name(k)), ("last", &last)]),
        None if cells.iter().all(|c| c / s == cells[0] / s) => {
            lang.f("el.fact.row", &[("first", &first), ("last", &last)])
        }
        None => lang.f("el.fact.column", &[("first", &first), ("last", &last)]),
    }
}

/// The cells of a mask, by name.
fn mask_cells(size: u8, mask: CellMask) -> impl Iterator<Item = String> {
    (0..size as usize * size as usize).filter(move |&c| mask >> c & 1 == 1).map(move |c| cell_name(size, c))
}

/// The shapes the last move finished (all of them pass through its cell), with who owns
/// each.
fn finished_by(played: &Played<El>) -> Vec<(CellMask, Option<u8>)> {
    match played.last() {
        Some((_, mv)) => played.pos.finished_shapes().into_iter().filter(|(m, _)| m >> mv.cell & 1 == 1).collect(),
        None => Vec::new(),
    }
}

/// The threats of the player who just moved (none once the game is over).
fn threats_of_last(pos: &ElPosition) -> Vec<Move> {
    let players = pos.params().players;
    let last_player = (pos.to_move() + players - 1) % players;
    if pos.status() == Status::Ongoing {
        pos.threats(last_player)
    } else {
        Vec::new()
    }
}

/// The moves a claim lists, `CELL=NUMBER` or `NUMBER@CELL` (read without the legality
/// check: a threat may belong to the other player), as the engine writes them.
fn claimed(pos: &ElPosition, e: &Entry) -> Result<BTreeSet<String>, FenceError> {
    let mut out = BTreeSet::new();
    for w in words(&e.value) {
        let (n, c) = w
            .split_once('=')
            .map(|(c, n)| (n, c))
            .or_else(|| w.split_once('@'))
            .ok_or_else(|| at(e, format!("'{w}' must be CELL=NUMBER, e.g. a1=4")))?;
        let cell = parse_cell(pos.params().size, c).map_err(|er| at(e, er))?;
        let number: u8 = n.parse().map_err(|_| at(e, format!("'{n}' is not a number")))?;
        out.insert(pos.move_text(Move { cell: cell as u8, number }));
    }
    Ok(out)
}

impl Diagrams for El {
    const KEYS: &'static [&'static str] =
        &["id", "marks", "params", "to-move", "after", "mark", "winner", "wins", "threats", "finished"];
    const SHAPE_WORDS: &'static str = "el.fact.shape_words";

    /// A position by `id:`, or by `marks:` on the rulebook's variant (whose balancing
    /// rule only constrains the opening, so mid-game diagrams ignore it).
    fn start(es: &[Entry], line: usize, options: &GameOptions) -> Result<ElPosition, FenceError> {
        let params = super::variant_params(options).map_err(|e| FenceError::line(line, e))?;
        start(es, &ElParams { balance: false, ..params }, line)
    }
    fn read_move(pos: &ElPosition, text: &str) -> Result<Move, IllegalMove> {
        pos.parse_move(text)
    }
    fn claimed_moves(pos: &ElPosition, e: &Entry) -> Result<BTreeSet<String>, FenceError> {
        claimed(pos, e)
    }
    fn read_cell(played: &Played<El>, e: &Entry, word: &str) -> Result<String, FenceError> {
        let size = played.pos.params().size;
        parse_cell(size, word).map(|c| cell_name(size, c)).map_err(|why| at(e, why))
    }
    fn cells_in(pos: &ElPosition, text: &str) -> Vec<String> {
        cells_in_text(pos.params().size, text)
    }
    /// `threats:` (the threats of the player who just moved) and `finished:` (the cells
    /// of the shapes the last move finished).
    fn claim(played: &Played<El>, e: &Entry) -> Result<Vec<String>, FenceError> {
        let pos = &played.pos;
        let size = pos.params().size;
        match e.key.as_str() {
            "threats" => {
                let threats = threats_of_last(pos);
                let actual = threats.iter().map(|&m| pos.move_text(m)).collect();
                let what = "threats of the player who just moved";
                same_set(e, claimed(pos, e)?, actual, what)?;
                Ok(cells_of::<El>(pos, &threats))
            }
            "finished" => {
                let actual: BTreeSet<String> =
                    finished_by(played).iter().flat_map(|&(m, _)| mask_cells(size, m)).collect();
                same_set(e, words(&e.value), actual.clone(), "cells of the shapes the last move finished")?;
                Ok(actual.into_iter().collect())
            }
            _ => Ok(Vec::new()),
        }
    }
    fn move_words(before: &ElPosition, mv: Move, lang: Lang) -> String {
        let cell = cell_name(before.params().size, mv.cell as usize);
        lang.f("el.fact.move", &[("number", &mv.number), ("cell", &cell)])
    }
    /// Who owns what the last move finished, what it finished, and the threats of the
    /// player who made it.
    fn facts(played: &Played<El>, lang: Lang) -> Vec<(&'static str, FactOrWhy)> {
        let pos = &played.pos;
        let size = pos.params().size;
        let finished = finished_by(played);
        let owner = match finished.iter().find_map(|(_, o)| *o) {
            Some(o) => Ok(Fact::words(player_name(o as usize, lang))),
            None => Err(NoFact::from("the last move finishes no shape that someone owns")),
        };
        let shapes = if finished.is_empty() {
            Err(NoFact::from("the last move finishes no line or L"))
        } else {
            let texts: Vec<String> = finished.iter().map(|(m, _)| shape_text(size, *m, lang)).collect();
            let cells = finished.iter().flat_map(|&(m, _)| mask_cells(size, m)).collect();
            Ok(Fact { text: lang.and_list(&texts), cells })
        };
        let threats = cells_of::<El>(pos, &threats_of_last(pos));
        let threats = Fact::cells_listed(threats, "list.and", lang, "the player who just moved has no threat");
        vec![("owner", owner), ("finished", shapes), ("threats", threats)]
    }
    /// The board with the numbers just written and the cells marked, described in the
    /// book's language (an SVG's description is read aloud).
    fn draw(played: &Played<El>, marked: &Marked, show: Show, lang: Lang) -> (Scene, f32) {
        let (start, pos) = (&played.start, &played.pos);
        let size = pos.params().size;
        let shown: Vec<Move> = played.moves.iter().map(|&(_, mv)| mv).collect();
        let cells = marked.named.iter().chain(&marked.listed).filter_map(|c| parse_cell(size, c).ok());
        // The moves' cells are shaded by the drawing itself.
        let unmoved: Vec<usize> = cells.filter(|&c| !shown.iter().any(|m| m.cell as usize == c)).collect();
        let shade = |scene: Scene| -> Scene {
            let mut under = Scene::new(scene.width, scene.height);
            for &c in &unmoved {
                boardpress_core::draw::square::shade_cell(&mut under, size, 7.0, c);
            }
            under.items.extend(scene.items);
            under.title = scene.title;
            under.desc = scene.desc;
            under
        };
        let unmarked_names: Vec<String> = unmoved.iter().map(|&c| cell_name(size, c)).collect();
        let marked_words = crate::description::marked(lang, &unmarked_names);
        let drawn = |shown: &[Move]| {
            let mut scene = super::draw::diagram(start, 7.0, shown);
            let board = if shown.is_empty() { start } else { pos };
            super::notation::spoken(board, lang).apply(&mut scene);
            if !shown.is_empty() {
                let moves: Vec<String> = shown
                    .iter()
                    .map(|m| lang.f("el.move", &[("number", &m.number), ("cell", &cell_name(size, m.cell as usize))]))
                    .collect();
                crate::description::append(&mut scene, &lang.f("el.alt.moved", &[("moves", &lang.and_list(&moves))]));
            }
            crate::description::append(&mut scene, &marked_words);
            shade(scene)
        };
        // Before: the cells named, the move's cell empty; after: the move written.
        fence::shown(show, drawn(&shown), || drawn(&[]), (size as f32 * 7.5).min(60.0), lang)
    }
}
