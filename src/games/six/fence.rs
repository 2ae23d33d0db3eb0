//! SIX diagram fences in rulebooks: a position ID, moves played with `after:` (`(q,r)` to
//! place, `(q,r)->(q,r)` to relocate), and the claims `wins:`, `winner:` and `tokens:`,
//! each checked by the rules engine.

use std::collections::BTreeSet;

use super::notation::{parse_position_id, position_id};
use super::position::{move_text, Move, Status, WinKind};
use crate::geom::hex::Axial;
use crate::rulebook::fence::{at, claim_error, get, need_id, same_set, Diagram, Entry};

/// The keys a `six` fence reads (besides `caption` and `width`).
pub const KEYS: &[&str] = &["id", "after", "mark", "winner", "wins", "tokens"];

/// A cell written `(q,r)` or `q,r`.
fn parse_axial(text: &str) -> Option<Axial> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (q, r) = t.split_once(',')?;
    Some(Axial { q: q.trim().parse().ok()?, r: r.trim().parse().ok()? })
}

/// Checks a `six` fence and draws it.
pub fn diagram(es: &[Entry], line: usize) -> Result<Diagram, String> {
    let id = need_id(es, "six", line)?;
    let mut pos = parse_position_id(&id.value).map_err(|e| at(id, e))?;
    let mut marks = Vec::new();
    let mut lifted = None;
    let normal = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    for e in es {
        match e.key.as_str() {
            "after" => {
                let a = e;
                let wanted = normal(&a.value);
                let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| move_text(*m) == wanted)
            .ok_or_else(|| at(a, "not a legal move here (write (q,r) to place, (q,r)->(q,r) to relocate, adding 'keep (q,r)' after a tied split)"))?;
                pos.play(mv).map_err(|e| at(a, e))?;
                match mv {
                    Move::Place(c) => marks.push(c),
                    Move::Relocate { from, to, .. } => {
                        marks.push(to);
                        lifted = Some(from);
                    }
                }
            }
            "wins" => {
                let actual: BTreeSet<String> = if pos.status() == Status::Ongoing {
                    pos.winning_moves().into_iter().map(move_text).collect()
                } else {
                    BTreeSet::new()
                };
                let claimed: BTreeSet<String> = if e.value.trim() == "none" {
                    BTreeSet::new()
                } else {
                    e.value.split(';').map(normal).filter(|s| !s.is_empty()).collect()
                };
                same_set(e, claimed, actual, "winning moves")?;
            }
            "winner" => {
                let actual = match pos.status() {
                    Status::Ongoing => "none".to_string(),
                    Status::Drawn => "draw".to_string(),
                    Status::Won(p, WinKind::Formation(f)) => {
                        format!("{} {}", ["r", "b"][p as usize], f.word())
                    }
                    Status::Won(p, WinKind::Outnumbered) => format!("{} outnumbered", ["r", "b"][p as usize]),
                };
                let claimed = normal(&e.value);
                if !(actual == claimed || actual.split(' ').next() == Some(claimed.as_str())) {
                    return Err(claim_error(e, format!("the engine says {actual}")));
                }
            }
            "tokens" => {
                let actual = format!("r={} b={}", pos.count(0), pos.count(1));
                if normal(&e.value) != actual {
                    return Err(claim_error(e, format!("the table holds {actual}")));
                }
            }
            _ => {}
        }
    }
    if let Some(m) = get(es, "mark") {
        for w in m.value.split(';') {
            marks.push(parse_axial(w).ok_or_else(|| at(m, format!("'{}' is not a cell (q,r)", w.trim())))?);
        }
    }
    let scene = super::draw::diagram(&pos, 4.0, &marks, lifted.as_slice());
    let width = scene.width.min(70.0);
    Ok(Diagram { scene, caption: String::new(), width, id: position_id(&pos) })
}
