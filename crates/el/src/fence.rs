//! EL diagram fences in rulebooks: a position (`id:`, or sparse `marks:` with optional
//! `params:` and `to-move:`), moves played with `after:`, and the claims `winner:`,
//! `wins:`, `threats:` and `finished:`, each checked by the rules engine before the
//! diagram is drawn. The caption's placeholders (`{mover}`, `{other}`, `{winner}`,
//! `{owner}`, `{move}`, `{finished}`, `{threats}`, `{wins}`) are filled from the engine.

use std::collections::BTreeSet;

use super::notation::{parse_position_id, position_id, rules_for};
use super::params::{player_name, ElParams, PLAYER_LETTERS};
use super::position::{ElPosition, Mark, Move, Status};
use super::shapes::CellMask;
use crate::game::fence::{
    self, at, claim_error, get, same_set, words, CaptionFacts, Diagram, Entry, Fact, FenceError, Show,
};
use crate::geom::square::{cell_name, cells_in_text, parse_cell};
use crate::lang::Lang;
use crate::scene::Scene;

/// The words for what a move can finish, which captions name through `{finished}`
/// (lower case; the catalogue's `el.fact.shape_words`).
fn shape_words(lang: Lang) -> Vec<&'static str> {
    lang.t("el.fact.shape_words").split(' ').collect()
}

/// The keys an `el` fence reads (besides `caption`, `width` and `show`).
pub const KEYS: &[&str] =
    &["id", "marks", "params", "to-move", "after", "mark", "winner", "wins", "threats", "finished"];

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
        let (num, colour) = mark.split_at(mark.len().saturating_sub(1));
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

/// The cells of a set of moves, each once, by name.
fn move_cells(size: u8, moves: &[Move]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|m| cell_name(size, m.cell as usize)).collect();
    out.sort();
    out.dedup();
    out
}

/// Checks an `el` fence and draws it; `defaults` is the rulebook's variant.
pub fn diagram(es: &[Entry], defaults: &ElParams, line: usize, lang: Lang) -> Result<Diagram, FenceError> {
    let mut pos = start(es, defaults, line)?;
    let show = fence::show(es)?;
    let size = pos.params().size;
    let players = pos.params().players;
    let before = pos.clone();
    let mut outcome = pos.status();
    let mut shown = Vec::new();
    // The position before the last move played, and that move.
    let mut last: Option<(ElPosition, Move)> = None;
    let mut claimed: BTreeSet<String> = BTreeSet::new();
    let move_words =
        |p: &ElPosition, moves: Vec<Move>| -> BTreeSet<String> { moves.into_iter().map(|m| p.move_text(m)).collect() };
    let parse_moves = |e: &Entry| -> Result<Vec<Move>, FenceError> {
        let mut out = Vec::new();
        for w in words(&e.value) {
            // Parse without the legality check: a threat may belong to the other player.
            let (n, c) = w
                .split_once('=')
                .map(|(c, n)| (n, c))
                .or_else(|| w.split_once('@'))
                .ok_or_else(|| at(e, format!("'{w}' must be CELL=NUMBER, e.g. a1=4")))?;
            let cell = parse_cell(size, c).map_err(|er| at(e, er))?;
            let number: u8 = n.parse().map_err(|_| at(e, format!("'{n}' is not a number")))?;
            out.push(Move { cell: cell as u8, number });
        }
        Ok(out)
    };
    // Shapes finished by the last move (all of them pass through its cell).
    let finished_by = |last: &Option<(ElPosition, Move)>, now: &ElPosition| -> Vec<(CellMask, Option<u8>)> {
        match last {
            Some((_, mv)) => now.finished_shapes().into_iter().filter(|(m, _)| m >> mv.cell & 1 == 1).collect(),
            None => Vec::new(),
        }
    };
    for e in es {
        match e.key.as_str() {
            "after" => {
                let a = e;
                let mv = pos.parse_move(&a.value).map_err(|e| at(a, e))?;
                last = Some((pos.clone(), mv));
                outcome = pos.play(mv).map_err(|e| at(a, e))?;
                claimed.insert(cell_name(size, mv.cell as usize));
                shown.push(mv);
            }
            "winner" => {
                let actual = match outcome {
                    Status::Won(p) => PLAYER_LETTERS[p as usize].to_string(),
                    Status::Drawn => "draw".into(),
                    Status::Ongoing => "none".into(),
                };
                if actual != e.value.to_ascii_lowercase() {
                    return Err(claim_error(e, format!("the engine says the winner is {actual}")));
                }
            }
            "wins" => {
                let mover = pos.to_move();
                let actual = move_words(&pos, if outcome == Status::Ongoing { pos.threats(mover) } else { vec![] });
                let claimed_moves = parse_moves(e)?;
                same_set(e, move_words(&pos, claimed_moves.clone()), actual, "winning moves")?;
                claimed.extend(move_cells(size, &claimed_moves));
            }
            "threats" => {
                let last_player = (pos.to_move() + players - 1) % players;
                let actual =
                    move_words(&pos, if outcome == Status::Ongoing { pos.threats(last_player) } else { vec![] });
                let claimed_moves = parse_moves(e)?;
                same_set(e, move_words(&pos, claimed_moves.clone()), actual, "threats of the player who just moved")?;
                claimed.extend(move_cells(size, &claimed_moves));
            }
            "finished" => {
                let cells_of = |mask: CellMask| -> BTreeSet<String> {
                    (0..size as usize * size as usize)
                        .filter(|&c| mask >> c & 1 == 1)
                        .map(|c| cell_name(size, c))
                        .collect()
                };
                let actual = finished_by(&last, &pos).iter().fold(BTreeSet::new(), |mut all, (m, _)| {
                    all.extend(cells_of(*m));
                    all
                });
                same_set(e, words(&e.value), actual.clone(), "cells of the shapes the last move finished")?;
                claimed.extend(actual);
            }
            _ => {}
        }
    }
    let finished = finished_by(&last, &pos);
    for (mask, _) in &finished {
        claimed.extend((0..size as usize * size as usize).filter(|&c| mask >> c & 1 == 1).map(|c| cell_name(size, c)));
    }
    let name = |p: u8| player_name(p as usize, lang).to_string();
    let players_named: Vec<&str> = (0..players as usize).map(|p| player_name(p, lang)).collect();
    let mover = last.as_ref().map(|(p, _)| p.to_move()).unwrap_or(pos.to_move());
    let none = |what: &str| Err(what.to_string());
    let winner = if let Status::Won(p) = outcome { Some(name(p)) } else { None };
    let facts = CaptionFacts {
        facts: fence::with_player_facts(
            (name(mover), name((mover + 1) % players), winner),
            [
                (
                    "owner",
                    match finished.iter().find_map(|(_, o)| *o) {
                        Some(o) => Ok(Fact::words(name(o))),
                        None => none("the last move finishes no shape that someone owns"),
                    },
                ),
                (
                    "move",
                    match &last {
                        Some((_, mv)) => Ok(Fact {
                            text: lang.f(
                                "el.fact.move",
                                &[("number", &mv.number), ("cell", &cell_name(size, mv.cell as usize))],
                            ),
                            cells: vec![cell_name(size, mv.cell as usize)],
                        }),
                        None => none("the diagram plays no move ('after:')"),
                    },
                ),
                (
                    "finished",
                    if finished.is_empty() {
                        none("the last move finishes no line or L")
                    } else {
                        let texts: Vec<String> = finished.iter().map(|(m, _)| shape_text(size, *m, lang)).collect();
                        let cells = finished
                            .iter()
                            .flat_map(|(m, _)| (0..size as usize * size as usize).filter(move |&c| m >> c & 1 == 1))
                            .map(|c| cell_name(size, c))
                            .collect();
                        Ok(Fact { text: lang.and_list(&texts), cells })
                    },
                ),
                ("threats", {
                    let last_player = (pos.to_move() + players - 1) % players;
                    let cells =
                        if outcome == Status::Ongoing { move_cells(size, &pos.threats(last_player)) } else { vec![] };
                    Fact::cells_listed(cells, "list.and", lang, "the player who just moved has no threat")
                }),
                ("wins", {
                    let cells =
                        if outcome == Status::Ongoing { move_cells(size, &pos.threats(pos.to_move())) } else { vec![] };
                    Fact::cells_listed(cells, "list.or", lang, "the player to move has no winning move")
                }),
            ],
        ),
        claimed_cells: claimed,
        players: &players_named,
        cells_in: &|text| cells_in_text(size, text),
        shapes: &shape_words(lang),
        lang,
    };
    let (caption, named) = fence::caption(es, &facts)?;
    let mut marked: Vec<usize> = named.iter().filter_map(|c| parse_cell(size, c).ok()).collect();
    if let Some(m) = get(es, "mark") {
        for w in m.value.split_whitespace() {
            marked.push(parse_cell(size, w).map_err(|e| at(m, e))?);
        }
    }
    let shade = |scene: Scene, cells: &[usize]| -> Scene {
        let mut under = Scene::new(scene.width, scene.height);
        for &c in cells {
            boardpress_core::draw::square::shade_cell(&mut under, size, 7.0, c);
        }
        under.items.extend(scene.items);
        under.title = scene.title;
        under.desc = scene.desc;
        under
    };
    // The moves' cells are shaded by the drawing itself.
    let moved: Vec<usize> = shown.iter().map(|m| m.cell as usize).collect();
    let unmoved: Vec<usize> = marked.iter().copied().filter(|c| !moved.contains(c)).collect();
    // The drawings are described in the book's language (an SVG's description is read
    // aloud): the board as drawn, the numbers just written, the cells marked.
    let unmarked_names: Vec<String> = unmoved.iter().map(|&c| cell_name(size, c)).collect();
    let marked_words = crate::spoken::marked(lang, &unmarked_names);
    let drawn = |shown: &[Move]| {
        let mut scene = super::draw::diagram(&before, 7.0, shown);
        let board = if shown.is_empty() { &before } else { &pos };
        super::notation::spoken(board, lang).apply(&mut scene);
        if !shown.is_empty() {
            let moves: Vec<String> = shown
                .iter()
                .map(|m| lang.f("el.move", &[("number", &m.number), ("cell", &cell_name(size, m.cell as usize))]))
                .collect();
            crate::spoken::append(&mut scene, &lang.f("el.alt.moved", &[("moves", &lang.and_list(&moves))]));
        }
        crate::spoken::append(&mut scene, &marked_words);
        scene
    };
    let one = shade(drawn(&shown), &unmoved);
    let (scene, width) = match show {
        Show::One => (one, (size as f32 * 7.5).min(60.0)),
        Show::Both => {
            // Before: the cells named, the move's cell empty; after: the move written.
            let first = shade(drawn(&[]), &unmoved);
            let pair = fence::side_by_side(&first, &one, lang);
            let w = (size as f32 * 7.5).min(60.0) * pair.width / one.width;
            (pair, w)
        }
    };
    let reading = <super::El as crate::game::Rules>::reading(&pos, lang);
    Ok(Diagram { scene, caption, width, id: position_id(&pos), reading })
}
