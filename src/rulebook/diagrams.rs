//! Diagram fences: a position (an ID, or for EL sparse marks) plus claims about it,
//! each checked with the game's rules engine before anything is drawn. A false claim or
//! an illegal position is an error naming the template line and the claim.
//!
//! Keys (one per line, `key: value`; a line without a key continues the previous value):
//! - `id:` a position ID of the fence's game (FORMATS.md / README).
//! - EL only: `marks: a1=3r b1=5b …` with optional `params:` (default: the rulebook's
//!   variant) and `to-move:` (default: whoever's turn the counts give).
//! - `after:` a move to play; the diagram shows it highlighted. Claims are read top to
//!   bottom: those above an `after:` line are about the position before the move, those
//!   below it about the position after (several `after:` lines play several moves).
//! - `mark:` cells to shade; `caption:` the text under the diagram; `width:` in mm.
//! - Claims: `winner:` (after the `after` move: `r`, `b`, `none`, `draw`, and for Kamon
//!   and SIX optionally how, e.g. `B ring`, `r triangle`); `wins:` the exact set of
//!   winning moves of the side to move (or `none`); `threats:` (EL) the winning moves of
//!   the player who just moved; `legal:` the exact set of legal moves or cells;
//!   `score:` (Gosforth, e.g. `x=3 o=1`); `gain:` (Gosforth: points the `after` move
//!   scored, e.g. `x=2`); `tokens:` (SIX, tokens on the table, e.g. `r=7 b=3`).

use std::collections::BTreeSet;

use crate::games::el::{self, ElParams, ElPosition};
use crate::games::{gosforth, kamon, six};
use crate::geom::hex::Axial;
use crate::scene::Scene;

use super::blocks::Fence;

/// A checked diagram, ready to place.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagram {
    /// The drawing at its natural size (mm).
    pub scene: Scene,
    /// Caption text (may be empty).
    pub caption: String,
    /// Width it should be printed at (mm).
    pub width: f32,
    /// The position ID drawn (for SVG/HTML alt text).
    pub id: String,
}

/// One `key: value` line of a fence body.
struct Entry {
    key: String,
    value: String,
    line: usize,
}

fn entries(fence: &Fence) -> Result<Vec<Entry>, String> {
    let mut out: Vec<Entry> = Vec::new();
    for (i, raw) in fence.body.lines().enumerate() {
        let line = fence.line + 1 + i;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let keyed = text.split_once(':').filter(|(k, _)| {
            !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '-') && KEYS.contains(k)
        });
        match keyed {
            Some((k, v)) => out.push(Entry { key: k.to_string(), value: v.trim().to_string(), line }),
            None => match out.last_mut() {
                Some(prev) if prev.key != "id" || !text.contains(':') => {
                    prev.value.push(' ');
                    prev.value.push_str(text);
                }
                _ => {
                    let word = text.split(':').next().unwrap_or(text);
                    return Err(format!("line {line}: '{word}' is not a diagram key (keys: {})", KEYS.join(", ")));
                }
            },
        }
    }
    Ok(out)
}

const KEYS: [&str; 15] = [
    "id", "marks", "params", "to-move", "after", "mark", "caption", "width", "winner", "wins", "threats", "legal",
    "score", "gain", "tokens",
];

fn get<'a>(es: &'a [Entry], key: &str) -> Option<&'a Entry> {
    es.iter().find(|e| e.key == key)
}

fn claim_error(e: &Entry, why: impl std::fmt::Display) -> String {
    format!("line {}: false claim '{}: {}': {why}", e.line, e.key, e.value)
}

fn at(e: &Entry, why: impl std::fmt::Display) -> String {
    format!("line {}: '{}: {}': {why}", e.line, e.key, e.value)
}

/// Compares a claimed set of words with the engine's, both sorted.
fn same_set(e: &Entry, claimed: BTreeSet<String>, actual: BTreeSet<String>, what: &str) -> Result<(), String> {
    if claimed == actual {
        return Ok(());
    }
    let list = |s: &BTreeSet<String>| {
        if s.is_empty() {
            "none".to_string()
        } else {
            s.iter().cloned().collect::<Vec<_>>().join(" ")
        }
    };
    Err(claim_error(e, format!("the {what} are {}", list(&actual))))
}

fn words(value: &str) -> BTreeSet<String> {
    if value.eq_ignore_ascii_case("none") {
        return BTreeSet::new();
    }
    value.split_whitespace().map(str::to_string).collect()
}

/// Context a rulebook gives its diagrams.
#[derive(Debug, Clone)]
pub struct DiagramDefaults {
    /// The EL variant of the rulebook (used by `marks:` fences without `params:`).
    pub el_params: ElParams,
}

/// Checks a fence's claims and draws it.
pub fn build(fence: &Fence, defaults: &DiagramDefaults) -> Result<Diagram, String> {
    let es = entries(fence)?;
    let mut diagram = match fence.game.as_str() {
        "el" => el_diagram(&es, defaults, fence.line)?,
        "kamon" => kamon_diagram(&es, fence.line)?,
        "six" => six_diagram(&es, fence.line)?,
        "gosforth" => gosforth_diagram(&es, fence.line)?,
        other => return Err(format!("line {}: unknown diagram fence '{other}'", fence.line)),
    };
    if let Some(c) = get(&es, "caption") {
        diagram.caption = c.value.clone();
    }
    if let Some(w) = get(&es, "width") {
        diagram.width = w
            .value
            .trim_end_matches("mm")
            .trim()
            .parse::<f32>()
            .ok()
            .filter(|w| (10.0..=180.0).contains(w))
            .ok_or_else(|| at(w, "width must be a number of millimetres between 10 and 180"))?;
    }
    // Every key must have been used by the game (a claim that does not apply is an error).
    let allowed: &[&str] = match fence.game.as_str() {
        "el" => &["id", "marks", "params", "to-move", "after", "mark", "caption", "width", "winner", "wins", "threats"],
        "kamon" => &["id", "after", "mark", "caption", "width", "winner", "wins", "legal"],
        "six" => &["id", "after", "mark", "caption", "width", "winner", "wins", "tokens"],
        _ => &["id", "after", "mark", "caption", "width", "winner", "wins", "legal", "score", "gain"],
    };
    if let Some(e) = es.iter().find(|e| !allowed.contains(&e.key.as_str())) {
        return Err(format!("line {}: '{}' does not apply to {} diagrams", e.line, e.key, fence.game));
    }
    Ok(diagram)
}

fn need_id<'a>(es: &'a [Entry], game: &str, line: usize) -> Result<&'a Entry, String> {
    get(es, "id").ok_or_else(|| format!("line {line}: a {game} diagram needs an 'id:' line with a position ID"))
}

// ---------------------------------------------------------------- EL

fn el_player(letter: &str) -> Option<u8> {
    el::params::PLAYER_LETTERS.iter().position(|c| c.to_string() == letter.to_ascii_lowercase()).map(|p| p as u8)
}

fn el_diagram(es: &[Entry], defaults: &DiagramDefaults, line: usize) -> Result<Diagram, String> {
    let mut pos: ElPosition = if let Some(id) = get(es, "id") {
        el::parse_position_id(&id.value).map_err(|e| at(id, e))?
    } else if let Some(marks) = get(es, "marks") {
        let params = match get(es, "params") {
            Some(p) => ElParams::parse(&p.value).map_err(|e| at(p, e))?,
            None => defaults.el_params.clone(),
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
            cells[index] = Some(el::Mark { number, player });
        }
        let written = cells.iter().flatten().count();
        let to_move = match get(es, "to-move") {
            Some(t) => el_player(&t.value).ok_or_else(|| at(t, "not a colour letter (r, b, g, y)"))?,
            None => (written % params.players as usize) as u8,
        };
        let rules = el::rules_for(&params);
        ElPosition::from_marks(rules, &cells, to_move).map_err(|e| at(marks, e))?
    } else {
        return Err(format!("line {line}: an el diagram needs 'id:' or 'marks:'"));
    };
    let size = pos.params().size;
    let players = pos.params().players;
    let mut shown = Vec::new();
    let before = pos.clone();
    let mut outcome = pos.status();
    let move_words = |p: &ElPosition, moves: Vec<el::Move>| -> BTreeSet<String> {
        moves.into_iter().map(|m| p.move_text(m)).collect()
    };
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
            out.insert(p.move_text(el::Move { cell: cell as u8, number }));
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
                    el::Status::Won(p) => el::params::PLAYER_LETTERS[p as usize].to_string(),
                    el::Status::Drawn => "draw".into(),
                    el::Status::Ongoing => "none".into(),
                };
                if actual != e.value.to_ascii_lowercase() {
                    return Err(claim_error(e, format!("the engine says the winner is {actual}")));
                }
            }
            "wins" => {
                let mover = pos.to_move();
                let actual = move_words(&pos, if outcome == el::Status::Ongoing { pos.threats(mover) } else { vec![] });
                same_set(e, parse_moves(&pos, e)?, actual, "winning moves")?;
            }
            "threats" => {
                let last = (pos.to_move() + players - 1) % players;
                let actual = move_words(&pos, if outcome == el::Status::Ongoing { pos.threats(last) } else { vec![] });
                same_set(e, parse_moves(&pos, e)?, actual, "threats of the player who just moved")?;
            }
            _ => {}
        }
    }
    let mut scene = el::draw::diagram(&before, 7.0, &shown);
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
    Ok(Diagram { scene, caption: String::new(), width, id: el::position_id(&before) })
}

// ---------------------------------------------------------------- Kamon

fn kamon_player(text: &str) -> Option<u8> {
    match text {
        "B" | "b" | "black" | "Black" => Some(0),
        "W" | "w" | "white" | "White" => Some(1),
        _ => None,
    }
}

fn kamon_diagram(es: &[Entry], line: usize) -> Result<Diagram, String> {
    let id = need_id(es, "kamon", line)?;
    let mut pos = kamon::parse_position_id(&id.value).map_err(|e| at(id, e))?;
    let mut shown = Vec::new();
    let cells = |mask: Vec<u32>| -> BTreeSet<String> { mask.into_iter().map(kamon::notation::cell_name).collect() };
    for e in es {
        match e.key.as_str() {
            "after" => {
                let a = e;
                let bit = kamon::notation::parse_cell(a.value.trim()).map_err(|e| at(a, e))?;
                pos.play(bit).map_err(|e| at(a, e))?;
                shown.push(bit);
            }
            "legal" => {
                let legal = if pos.status() == kamon::Status::Ongoing { pos.legal_cells() } else { vec![] };
                same_set(e, words(&e.value), cells(legal), "legal cells")?;
            }
            "wins" => {
                let with_kind = e.value.contains('=');
                let actual: BTreeSet<String> = pos
                    .winning_moves()
                    .into_iter()
                    .map(|(b, k)| {
                        if with_kind {
                            format!("{}={}", kamon::notation::cell_name(b), k.word())
                        } else {
                            kamon::notation::cell_name(b)
                        }
                    })
                    .collect();
                same_set(e, words(&e.value), actual, "winning cells")?;
            }
            "winner" => {
                let mut parts = e.value.split_whitespace();
                let who = parts.next().unwrap_or("");
                let how = parts.next();
                let ok = match (pos.status(), who) {
                    (kamon::Status::Ongoing, "none") => how.is_none(),
                    (kamon::Status::Drawn, "draw") => how.is_none(),
                    (kamon::Status::Won(p, kind), w) => {
                        kamon_player(w) == Some(p) && how.is_none_or(|h| h == kind.word())
                    }
                    _ => false,
                };
                if !ok {
                    let actual = match pos.status() {
                        kamon::Status::Ongoing => "none".to_string(),
                        kamon::Status::Drawn => "draw".to_string(),
                        kamon::Status::Won(p, k) => format!("{} {}", ["B", "W"][p as usize], k.word()),
                    };
                    return Err(claim_error(e, format!("the engine says {actual}")));
                }
            }
            _ => {}
        }
    }
    if let Some(m) = get(es, "mark") {
        for w in m.value.split_whitespace() {
            shown.push(kamon::notation::parse_cell(w).map_err(|e| at(m, e))?);
        }
    }
    let scene = kamon::draw::puzzle_diagram(&pos, 6.0, &shown);
    Ok(Diagram { scene, caption: String::new(), width: 62.0, id: kamon::position_id(&pos) })
}

// ---------------------------------------------------------------- SIX

fn parse_axial(text: &str) -> Option<Axial> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (q, r) = t.split_once(',')?;
    Some(Axial { q: q.trim().parse().ok()?, r: r.trim().parse().ok()? })
}

fn six_diagram(es: &[Entry], line: usize) -> Result<Diagram, String> {
    let id = need_id(es, "six", line)?;
    let mut pos = six::parse_position_id(&id.value).map_err(|e| at(id, e))?;
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
            .find(|m| six::position::move_text(*m) == wanted)
            .ok_or_else(|| at(a, "not a legal move here (write (q,r) to place, (q,r)->(q,r) to relocate, adding 'keep (q,r)' after a tied split)"))?;
                pos.play(mv).map_err(|e| at(a, e))?;
                match mv {
                    six::Move::Place(c) => marks.push(c),
                    six::Move::Relocate { from, to, .. } => {
                        marks.push(to);
                        lifted = Some(from);
                    }
                }
            }
            "wins" => {
                let actual: BTreeSet<String> = if pos.status() == six::Status::Ongoing {
                    pos.winning_moves().into_iter().map(six::position::move_text).collect()
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
                    six::Status::Ongoing => "none".to_string(),
                    six::Status::Drawn => "draw".to_string(),
                    six::Status::Won(p, six::WinKind::Formation(f)) => {
                        format!("{} {}", ["r", "b"][p as usize], f.word())
                    }
                    six::Status::Won(p, six::WinKind::Outnumbered) => format!("{} outnumbered", ["r", "b"][p as usize]),
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
    let scene = six::draw::diagram(&pos, 4.0, &marks, lifted);
    let width = scene.width.min(70.0);
    Ok(Diagram { scene, caption: String::new(), width, id: six::position_id(&pos) })
}

// ---------------------------------------------------------------- Gosforth

fn gosforth_cell(text: &str) -> Option<u8> {
    let b = text.trim().as_bytes();
    if b.len() == 2 && (b'a'..=b'e').contains(&b[0]) && (b'1'..=b'5').contains(&b[1]) {
        Some((b[1] - b'1') * 5 + (b[0] - b'a'))
    } else {
        None
    }
}

fn gosforth_diagram(es: &[Entry], line: usize) -> Result<Diagram, String> {
    let id = need_id(es, "gosforth", line)?;
    let mut pos = gosforth::parse_position_id(&id.value).map_err(|e| at(id, e))?;
    let mut before = pos;
    let mut marks = Vec::new();
    let mut arrow = None;
    let mut gained: Option<(u8, u8)> = None;
    let legal_words = |p: &gosforth::GosforthPosition| -> BTreeSet<String> {
        if p.status() == gosforth::Status::Ongoing {
            p.legal_moves().into_iter().map(gosforth::position::move_text).collect()
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
                let mv =
                    pos.legal_moves().into_iter().find(|m| gosforth::position::move_text(*m) == wanted).ok_or_else(
                        || {
                            let legal: Vec<String> = legal_words(&pos).into_iter().collect();
                            at(a, format!("not a legal move here (legal: {})", legal.join(" ")))
                        },
                    )?;
                before = pos;
                let (who, pts) = pos.play(mv).map_err(|e| at(a, e))?;
                gained = Some((who, pts));
                match mv {
                    gosforth::Move::Place(c) => marks.push(c),
                    gosforth::Move::Slide(c) => arrow = before.gap().map(|g| (c, g)),
                    gosforth::Move::Claim => {}
                }
            }
            "legal" => same_set(e, words(&e.value), legal_words(&pos), "legal moves")?,
            "wins" => {
                let mut actual = BTreeSet::new();
                if pos.status() == gosforth::Status::Ongoing {
                    for mv in pos.legal_moves() {
                        let (next, _, _) = pos.after(mv);
                        if next.status() == gosforth::Status::Won(pos.to_move()) {
                            actual.insert(gosforth::position::move_text(mv));
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
                    gosforth::Status::Ongoing => "none",
                    gosforth::Status::Drawn => "draw",
                    gosforth::Status::Won(p) => letters[p as usize],
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
    let scene = gosforth::draw::diagram(drawn, 8.0, &marks, arrow);
    Ok(Diagram { scene, caption: String::new(), width: 42.0, id: gosforth::position_id(drawn) })
}
