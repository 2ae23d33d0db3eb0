//! Kamon diagram fences in rulebooks: a position ID, cells taken with `after:`, and the
//! claims `legal:`, `wins:` and `winner:`, each checked by the rules engine.

use std::collections::BTreeSet;

use super::notation::{cell_name, parse_cell, parse_position_id, position_id};
use super::position::Status;
use crate::rulebook::fence::{at, claim_error, get, need_id, same_set, words, Diagram, Entry};

/// The keys a `kamon` fence reads (besides `caption` and `width`).
pub const KEYS: &[&str] = &["id", "after", "mark", "winner", "wins", "legal"];

fn kamon_player(text: &str) -> Option<u8> {
    match text {
        "B" | "b" | "black" | "Black" => Some(0),
        "W" | "w" | "white" | "White" => Some(1),
        _ => None,
    }
}

/// Checks a `kamon` fence and draws it.
pub fn diagram(es: &[Entry], line: usize) -> Result<Diagram, String> {
    let id = need_id(es, "kamon", line)?;
    let mut pos = parse_position_id(&id.value).map_err(|e| at(id, e))?;
    let mut shown = Vec::new();
    let cells = |mask: Vec<u32>| -> BTreeSet<String> { mask.into_iter().map(cell_name).collect() };
    for e in es {
        match e.key.as_str() {
            "after" => {
                let a = e;
                let bit = parse_cell(a.value.trim()).map_err(|e| at(a, e))?;
                pos.play(bit).map_err(|e| at(a, e))?;
                shown.push(bit);
            }
            "legal" => {
                let legal = if pos.status() == Status::Ongoing { pos.legal_cells() } else { vec![] };
                same_set(e, words(&e.value), cells(legal), "legal cells")?;
            }
            "wins" => {
                let with_kind = e.value.contains('=');
                let actual: BTreeSet<String> = pos
                    .winning_moves()
                    .into_iter()
                    .map(|(b, k)| if with_kind { format!("{}={}", cell_name(b), k.word()) } else { cell_name(b) })
                    .collect();
                same_set(e, words(&e.value), actual, "winning cells")?;
            }
            "winner" => {
                let mut parts = e.value.split_whitespace();
                let who = parts.next().unwrap_or("");
                let how = parts.next();
                let ok = match (pos.status(), who) {
                    (Status::Ongoing, "none") => how.is_none(),
                    (Status::Drawn, "draw") => how.is_none(),
                    (Status::Won(p, kind), w) => kamon_player(w) == Some(p) && how.is_none_or(|h| h == kind.word()),
                    _ => false,
                };
                if !ok {
                    let actual = match pos.status() {
                        Status::Ongoing => "none".to_string(),
                        Status::Drawn => "draw".to_string(),
                        Status::Won(p, k) => format!("{} {}", ["B", "W"][p as usize], k.word()),
                    };
                    return Err(claim_error(e, format!("the engine says {actual}")));
                }
            }
            _ => {}
        }
    }
    if let Some(m) = get(es, "mark") {
        for w in m.value.split_whitespace() {
            shown.push(parse_cell(w).map_err(|e| at(m, e))?);
        }
    }
    let scene = super::draw::puzzle_diagram(&pos, 6.0, &shown);
    Ok(Diagram { scene, caption: String::new(), width: 62.0, id: position_id(&pos) })
}
