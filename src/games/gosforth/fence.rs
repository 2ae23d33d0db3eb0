//! Gosforth diagram fences in rulebooks: a position ID, moves played with `after:`
//! (`c3`, `b1>`, `claim`), and the claims `legal:`, `wins:`, `score:`, `gain:` and
//! `winner:`, each checked by the rules engine. A slide is drawn on the position before
//! it, with an arrow into the gap.

use std::collections::BTreeSet;

use super::notation::{parse_position_id, position_id};
use super::position::{move_text, GosforthPosition, Move, Status};
use crate::rulebook::fence::{at, claim_error, get, need_id, same_set, words, Diagram, Entry};

/// The keys a `gosforth` fence reads (besides `caption` and `width`).
pub const KEYS: &[&str] = &["id", "after", "mark", "winner", "wins", "legal", "score", "gain"];

/// A cell `a1`..`e5`.
fn gosforth_cell(text: &str) -> Option<u8> {
    let b = text.trim().as_bytes();
    if b.len() == 2 && (b'a'..=b'e').contains(&b[0]) && (b'1'..=b'5').contains(&b[1]) {
        Some((b[1] - b'1') * 5 + (b[0] - b'a'))
    } else {
        None
    }
}

/// Checks a `gosforth` fence and draws it.
pub fn diagram(es: &[Entry], line: usize) -> Result<Diagram, String> {
    let id = need_id(es, "gosforth", line)?;
    let mut pos = parse_position_id(&id.value).map_err(|e| at(id, e))?;
    let mut before = pos;
    let mut marks = Vec::new();
    let mut arrow = None;
    let mut gained: Option<(u8, u8)> = None;
    let legal_words = |p: &GosforthPosition| -> BTreeSet<String> {
        if p.status() == Status::Ongoing {
            p.legal_moves().into_iter().map(move_text).collect()
        } else {
            BTreeSet::new()
        }
    };
    let letters = ["x", "o"];
    for e in es {
        match e.key.as_str() {
            "after" => {
                let a = e;
                let wanted = a.value.trim();
                let mv = pos.legal_moves().into_iter().find(|m| move_text(*m) == wanted).ok_or_else(|| {
                    let legal: Vec<String> = legal_words(&pos).into_iter().collect();
                    at(a, format!("not a legal move here (legal: {})", legal.join(" ")))
                })?;
                before = pos;
                let (who, pts) = pos.play(mv).map_err(|e| at(a, e))?;
                gained = Some((who, pts));
                match mv {
                    Move::Place(c) => marks.push(c),
                    Move::Slide(c) => arrow = before.gap().map(|g| (c, g)),
                    Move::Claim => {}
                }
            }
            "legal" => same_set(e, words(&e.value), legal_words(&pos), "legal moves")?,
            "wins" => {
                let mut actual = BTreeSet::new();
                if pos.status() == Status::Ongoing {
                    for mv in pos.legal_moves() {
                        let (next, _, _) = pos.after(mv);
                        if next.status() == Status::Won(pos.to_move()) {
                            actual.insert(move_text(mv));
                        }
                    }
                }
                same_set(e, words(&e.value), actual, "winning moves")?;
            }
            "score" => {
                let s = pos.scores();
                let actual = format!("x={} o={}", s[0], s[1]);
                if e.value.split_whitespace().collect::<Vec<_>>().join(" ") != actual {
                    return Err(claim_error(e, format!("the scores are {actual}")));
                }
            }
            "gain" => {
                let (who, pts) = gained.ok_or_else(|| at(e, "'gain' needs an 'after:' move"))?;
                let actual = if pts == 0 { "none".to_string() } else { format!("{}={pts}", letters[who as usize]) };
                if e.value.trim() != actual {
                    return Err(claim_error(e, format!("the move scores {actual}")));
                }
            }
            "winner" => {
                let actual = match pos.status() {
                    Status::Ongoing => "none",
                    Status::Drawn => "draw",
                    Status::Won(p) => letters[p as usize],
                };
                if e.value.trim() != actual {
                    return Err(claim_error(e, format!("the engine says {actual}")));
                }
            }
            _ => {}
        }
    }
    if let Some(m) = get(es, "mark") {
        for w in m.value.split_whitespace() {
            marks.push(gosforth_cell(w).ok_or_else(|| at(m, format!("'{w}' is not a cell a1..e5")))?);
        }
    }
    // A slide is drawn on the position before it, with an arrow into the gap.
    let drawn = if arrow.is_some() { &before } else { &pos };
    let scene = super::draw::diagram(drawn, 8.0, &marks, arrow.as_slice());
    Ok(Diagram { scene, caption: String::new(), width: 42.0, id: position_id(drawn) })
}
