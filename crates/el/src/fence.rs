//! EL's side of rulebook diagram fences ([`crate::game::diagram`]): a position by `id:`
//! or by sparse `marks:` (with optional `params:` and `to-move:`), moves written with
//! `after:`, its own claims `threats:` and `finished:`, and the facts `{owner}`,
//! `{finished}` (the lines and Ls the last move finished) and `{threats}`.

use std::collections::BTreeSet;

use super::notation::{parse_marks, parse_position_id, rules_for, spoken, spoken_shape};
use super::params::{player_name, ElParams};
use super::position::{ElPosition, Move};
use super::shapes::{cells_of as mask_cells, CellMask};
use super::El;
use crate::game::diagram::{Diagrams, FactOrWhy, Marked, Played};
use crate::game::engine::{cells_of, Play};
use crate::game::fence::{self, at, get, same_set, words, Entry, Fact, FenceError, NoFact, Show};
use crate::game::IllegalMove;
use crate::geom::square::{cell_name, parse_cell};
use crate::lang::Lang;
use crate::options::GameOptions;
use crate::scene::Scene;

/// The shapes the last move finished, with who owns each.
fn finished(played: &Played<El>) -> Vec<(CellMask, Option<u8>)> {
    played.last().map_or_else(Vec::new, |(_, mv)| played.pos.finished_through(mv.cell))
}

/// The names of the cells of shapes.
fn names<'a>(size: u8, shapes: &'a [(CellMask, Option<u8>)]) -> impl Iterator<Item = String> + 'a {
    shapes.iter().flat_map(move |&(mask, _)| mask_cells(mask).map(move |c| cell_name(size, c)))
}

impl Diagrams for El {
    const KEYS: &'static [&'static str] =
        &["id", "marks", "params", "to-move", "after", "mark", "winner", "wins", "threats", "finished"];
    const SHAPE_WORDS: &'static str = "el.fact.shape_words";

    /// A position by `id:`, or by `marks:` on `params:` or else the rulebook's variant
    /// (whose balancing rule only constrains the opening, so mid-game diagrams ignore it),
    /// with `to-move:` or else whoever's turn the count of numbers makes it.
    fn start(es: &[Entry], line: usize, options: &GameOptions) -> Result<ElPosition, FenceError> {
        let variant = super::variant_params(options).map_err(|e| FenceError::line(line, e))?;
        if let Some(id) = get(es, "id") {
            return parse_position_id(&id.value).map_err(|e| at(id, e));
        }
        let marks = get(es, "marks").ok_or_else(|| FenceError::line(line, "an el diagram needs 'id:' or 'marks:'"))?;
        let params = match get(es, "params") {
            Some(p) => ElParams::parse(&p.value).map_err(|e| at(p, e))?,
            None => ElParams { balance: false, ..variant },
        };
        let cells = parse_marks(&params, &marks.value).map_err(|e| at(marks, e))?;
        let to_move = match get(es, "to-move") {
            Some(t) => Self::player_of(&t.value).ok_or_else(|| at(t, "not a colour letter (r, b, g, y)"))?,
            None => (cells.iter().flatten().count() % params.players as usize) as u8,
        };
        ElPosition::from_marks(rules_for(&params), &cells, to_move).map_err(|e| at(marks, e))
    }
    fn read_move(pos: &ElPosition, text: &str) -> Result<Move, IllegalMove> {
        pos.parse_move(text)
    }
    /// The moves a claim lists (read without the legality check: a threat may belong to
    /// the other player), as the engine writes them.
    fn claimed_moves(pos: &ElPosition, e: &Entry) -> Result<BTreeSet<String>, FenceError> {
        words(&e.value).iter().map(|w| pos.read_move(w).map(|mv| pos.move_text(mv)).map_err(|why| at(e, why))).collect()
    }
    /// `threats:` (the threats of the player who just moved) and `finished:` (the cells
    /// of the shapes the last move finished).
    fn claim(played: &Played<El>, e: &Entry) -> Result<Vec<String>, FenceError> {
        let pos = &played.pos;
        match e.key.as_str() {
            "threats" => {
                let threats = pos.threats_of_last_mover();
                let actual = threats.iter().map(|&m| pos.move_text(m)).collect();
                same_set(e, Self::claimed_moves(pos, e)?, actual, "threats of the player who just moved")?;
                Ok(cells_of::<El>(pos, &threats))
            }
            "finished" => {
                let actual: BTreeSet<String> = names(pos.params().size, &finished(played)).collect();
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
        let finished = finished(played);
        let owner = match finished.iter().find_map(|(_, o)| *o) {
            Some(o) => Ok(Fact::words(player_name(o as usize, lang))),
            None => Err(NoFact::from("the last move finishes no shape that someone owns")),
        };
        let texts: Vec<String> = finished.iter().map(|(m, _)| spoken_shape(size, *m, lang)).collect();
        let cells = names(size, &finished).collect();
        let shapes = Fact::things_listed(&texts, cells, lang, "the last move finishes no line or L");
        let threats = cells_of::<El>(pos, &pos.threats_of_last_mover());
        let threats = Fact::cells_listed(threats, "list.and", lang, "the player who just moved has no threat");
        vec![("owner", owner), ("finished", shapes), ("threats", threats)]
    }
    /// The board with the numbers just written and the cells marked, described in the
    /// book's language (an SVG's description is read aloud).
    fn draw(played: &Played<El>, marked: &Marked, show: Show, lang: Lang) -> (Scene, f32) {
        let size = played.pos.params().size;
        let shown: Vec<Move> = played.moves.iter().map(|&(_, mv)| mv).collect();
        let cells = marked.named.iter().chain(&marked.listed).filter_map(|c| parse_cell(size, c).ok());
        // The moves' cells are shaded by the drawing itself.
        let unmoved: Vec<usize> = cells.filter(|&c| !shown.iter().any(|m| m.cell as usize == c)).collect();
        let unmoved_names: Vec<String> = unmoved.iter().map(|&c| cell_name(size, c)).collect();
        // Before: the cells named, the move's cell empty; after: the move written.
        let drawn = |shown: &[Move]| {
            let mut scene = super::draw::diagram(&played.start, 7.0, shown, &unmoved);
            spoken(if shown.is_empty() { &played.start } else { &played.pos }, lang).apply(&mut scene);
            if !shown.is_empty() {
                let moves: Vec<String> = shown.iter().map(|&m| super::move_words(&played.pos, m, lang)).collect();
                crate::description::append(&mut scene, &lang.f("el.alt.moved", &[("moves", &lang.and_list(&moves))]));
            }
            crate::description::append(&mut scene, &crate::description::marked(lang, &unmoved_names));
            scene
        };
        fence::shown(show, drawn(&shown), || drawn(&[]), (size as f32 * 7.5).min(60.0), lang)
    }
}
