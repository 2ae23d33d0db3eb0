//! EL diagram fences in rulebooks: a position (`id:`, or sparse `marks:` with optional
//! `params:` and `to-move:`), moves played with `after:`, and the claims `winner:`,
//! `wins:` and `threats:`, each checked by the rules engine before the diagram is drawn.

use std::collections::BTreeSet;

use super::notation::{parse_position_id, position_id, rules_for};
use super::params::ElParams;
use super::position::{ElPosition, Mark, Move, Status};
use crate::rulebook::fence::{at, claim_error, get, same_set, words, Diagram, Entry};
use crate::scene::Scene;

/// The keys an `el` fence reads (besides `caption` and `width`).
pub const KEYS: &[&str] = &["id", "marks", "params", "to-move", "after", "mark", "winner", "wins", "threats"];

fn el_player(letter: &str) -> Option<u8> {
    super::params::PLAYER_LETTERS.iter().position(|c| c.to_string() == letter.to_ascii_lowercase()).map(|p| p as u8)
}

/// Checks an `el` fence and draws it; `defaults` is the rulebook's variant.
pub fn diagram(es: &[Entry], defaults: &ElParams, line: usize) -> Result<Diagram, String> {
    let mut pos: ElPosition = if let Some(id) = get(es, "id") {
        parse_position_id(&id.value).map_err(|e| at(id, e))?
    } else if let Some(marks) = get(es, "marks") {
        let params = match get(es, "params") {
            Some(p) => ElParams::parse(&p.value).map_err(|e| at(p, e))?,
            None => defaults.clone(),
        };
        let size = params.size;
        let mut cells = vec![None; params.cells()];
        for word in marks.value.split_whitespace() {
            let (cell, mark) = word
                .split_once('=')
                .ok_or_else(|| at(marks, format!("'{word}' must be CELL=NUMBERcolour, e.g. c3=4r")))?;
            let index = crate::geom::square::parse_cell(size, cell).map_err(|e| at(marks, e))?;
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
        let rules = rules_for(&params);
        ElPosition::from_marks(rules, &cells, to_move).map_err(|e| at(marks, e))?
    } else {
        return Err(format!("line {line}: an el diagram needs 'id:' or 'marks:'"));
    };
    let size = pos.params().size;
    let players = pos.params().players;
    let mut shown = Vec::new();
    let before = pos.clone();
    let mut outcome = pos.status();
    let move_words =
        |p: &ElPosition, moves: Vec<Move>| -> BTreeSet<String> { moves.into_iter().map(|m| p.move_text(m)).collect() };
    let parse_moves = |p: &ElPosition, e: &Entry| -> Result<BTreeSet<String>, String> {
        let mut out = BTreeSet::new();
        for w in words(&e.value) {
            // Parse without the legality check: a threat may belong to the other player.
            let (n, c) = w
                .split_once('=')
                .map(|(c, n)| (n, c))
                .or_else(|| w.split_once('@'))
                .ok_or_else(|| at(e, format!("'{w}' must be CELL=NUMBER, e.g. a1=4")))?;
            let cell = crate::geom::square::parse_cell(size, c).map_err(|er| at(e, er))?;
            let number: u8 = n.parse().map_err(|_| at(e, format!("'{n}' is not a number")))?;
            out.insert(p.move_text(Move { cell: cell as u8, number }));
        }
        Ok(out)
    };
    for e in es {
        match e.key.as_str() {
            "after" => {
                let a = e;
                let mv = pos.parse_move(&a.value).map_err(|e| at(a, e))?;
                outcome = pos.play(mv).map_err(|e| at(a, e))?;
                shown.push(mv);
            }
            "winner" => {
                let actual = match outcome {
                    Status::Won(p) => super::params::PLAYER_LETTERS[p as usize].to_string(),
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
                same_set(e, parse_moves(&pos, e)?, actual, "winning moves")?;
            }
            "threats" => {
                let last = (pos.to_move() + players - 1) % players;
                let actual = move_words(&pos, if outcome == Status::Ongoing { pos.threats(last) } else { vec![] });
                same_set(e, parse_moves(&pos, e)?, actual, "threats of the player who just moved")?;
            }
            _ => {}
        }
    }
    let mut scene = super::draw::diagram(&before, 7.0, &shown);
    if let Some(m) = get(es, "mark") {
        let mut cells = Vec::new();
        for w in m.value.split_whitespace() {
            cells.push(crate::geom::square::parse_cell(size, w).map_err(|e| at(m, e))?);
        }
        let mut under = Scene::new(scene.width, scene.height);
        for c in cells {
            crate::draw::square::shade_cell(&mut under, size, 7.0, c);
        }
        under.items.append(&mut scene.items);
        scene.items = under.items;
    }
    let width = (size as f32 * 7.5).min(60.0);
    Ok(Diagram { scene, caption: String::new(), width, id: position_id(&before) })
}
