//! SIX diagram fences in rulebooks: a position ID, moves played with `after:` (`(q,r)` to
//! place, `(q,r)->(q,r)` to relocate), and the claims `wins:`, `winner:` and `tokens:`,
//! each checked by the rules engine. A relocation shows the tokens that left the table
//! faintly (`show: both` draws the table before it too). The caption's placeholders
//! (`{mover}`, `{other}`, `{winner}`, `{finished}`, `{move}`, `{tokens}`, `{split}`,
//! `{removed}`, `{wins}`) are filled from the engine.

use std::collections::BTreeSet;

use super::notation::{parse_position_id, position_id, spoken_cell};
use super::position::{cell_name, move_text, player_name, Move, SixPosition, Status, WinKind};
use crate::game::fence::{
    self, at, claim_error, get, need_id, same_set, CaptionFacts, Diagram, Entry, Fact, FenceError, Show,
};
use crate::geom::hex::Axial;
use crate::lang::Lang;

/// The words for what a move can finish, which captions name through `{finished}`
/// (lower case; the catalogue's `six.fact.shape_words`).
fn shape_words(lang: Lang) -> Vec<&'static str> {
    lang.t("six.fact.shape_words").split(' ').collect()
}

/// "a line", "a triangle", "a circle" in `lang`.
fn formation_words(kind: super::position::Formation, lang: Lang) -> &'static str {
    use super::position::Formation;
    lang.t(match kind {
        Formation::Line => "six.fact.line",
        Formation::Triangle => "six.fact.triangle",
        Formation::Circle => "six.fact.circle",
    })
}

/// The keys a `six` fence reads (besides `caption`, `width` and `show`).
pub const KEYS: &[&str] = &["id", "after", "mark", "winner", "wins", "tokens"];

/// A cell written `(q,r)` or `q,r`.
fn parse_axial(text: &str) -> Option<Axial> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (q, r) = t.split_once(',')?;
    Some(Axial { q: q.trim().parse().ok()?, r: r.trim().parse().ok()? })
}

/// The cells `(q,r)` written in a text, normalised.
fn cells_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')') else { break };
        if let Some(a) = parse_axial(&rest[open..=open + close]) {
            out.push(cell_name(a));
        }
        rest = &rest[open + close + 1..];
    }
    out
}

/// Checks a `six` fence and draws it.
pub fn diagram(es: &[Entry], line: usize, lang: Lang) -> Result<Diagram, FenceError> {
    let id = need_id(es, "six", line)?;
    let mut pos = parse_position_id(&id.value).map_err(|e| at(id, e))?;
    let show = fence::show(es)?;
    let start = pos.clone();
    let mut marks = Vec::new();
    let mut lifted = None;
    // The position before the last move, and the move.
    let mut last: Option<(SixPosition, Move)> = None;
    let mut claimed: BTreeSet<String> = BTreeSet::new();
    let normal = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    for e in es {
        match e.key.as_str() {
            "after" => {
                let a = e;
                let wanted = normal(&a.value);
                let mv = pos.legal_moves().into_iter().find(|m| move_text(*m) == wanted).ok_or_else(|| {
                    at(
                        a,
                        "not a legal move here (write (q,r) to place, (q,r)->(q,r) to relocate, adding 'keep (q,r)' after a tied split)",
                    )
                })?;
                last = Some((pos.clone(), mv));
                pos.play(mv).map_err(|e| at(a, e))?;
                match mv {
                    Move::Place(c) => marks.push(c),
                    Move::Relocate { from, to, .. } => {
                        marks.push(to);
                        lifted = Some(from);
                        claimed.insert(cell_name(from));
                    }
                }
                claimed.extend(marks.iter().map(|&c| cell_name(c)));
            }
            "wins" => {
                let actual: BTreeSet<String> = if pos.status() == Status::Ongoing {
                    pos.winning_moves().into_iter().map(move_text).collect()
                } else {
                    BTreeSet::new()
                };
                let claims: BTreeSet<String> = if e.value.trim() == "none" {
                    BTreeSet::new()
                } else {
                    e.value.split(';').map(normal).filter(|s| !s.is_empty()).collect()
                };
                same_set(e, claims, actual, "winning moves")?;
                claimed.extend(cells_in(&e.value));
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
                let claims = normal(&e.value);
                if !(actual == claims || actual.split(' ').next() == Some(claims.as_str())) {
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
    // The formation the winner made, through the cell the last token went to.
    let formation = match (pos.status(), &last) {
        (Status::Won(p, WinKind::Formation(_)), Some((_, mv))) => {
            let to = match *mv {
                Move::Place(c) | Move::Relocate { to: c, .. } => c,
            };
            pos.formation_cells_through(to, p)
        }
        _ => None,
    };
    if let Some((_, cells)) = &formation {
        claimed.extend(cells.iter().map(|&c| cell_name(c)));
    }
    // What a relocation took off the table: the lifted token's old place and every
    // token of the groups that were cut off; the groups the lift left, largest first.
    let (ghosts, split): (Vec<(Axial, u8)>, Vec<usize>) = match &last {
        Some((before, Move::Relocate { from, .. })) => {
            let gone: Vec<(Axial, u8)> =
                before.tokens().iter().copied().filter(|&(a, c)| a == *from || pos.at(a) != Some(c)).collect();
            let rest: Vec<(Axial, u8)> = before.tokens().iter().copied().filter(|t| t.0 != *from).collect();
            let table = SixPosition::from_tokens(&rest, [0, 0], before.to_move(), 0);
            let mut sizes: Vec<usize> = table.groups().iter().map(Vec::len).collect();
            sizes.sort_unstable_by(|a, b| b.cmp(a));
            (gone, sizes)
        }
        _ => (Vec::new(), Vec::new()),
    };
    let removed = ghosts.len().saturating_sub(1);
    let name = |p: u8| player_name(p as usize, lang).to_string();
    let players: Vec<&str> = (0..2).map(|p| player_name(p, lang)).collect();
    let mover = last.as_ref().map(|(b, _)| b.to_move()).unwrap_or(pos.to_move());
    let none = |what: &str| Err(what.to_string());
    let winning_cells: Vec<String> = if pos.status() == Status::Ongoing {
        let mut v: Vec<String> = pos
            .winning_moves()
            .into_iter()
            .map(|m| match m {
                Move::Place(c) | Move::Relocate { to: c, .. } => cell_name(c),
            })
            .collect();
        v.sort();
        v.dedup();
        v
    } else {
        Vec::new()
    };
    let winner = if let Status::Won(p, _) = pos.status() { Some(name(p)) } else { None };
    let facts = CaptionFacts {
        facts: fence::with_player_facts(
            (name(mover), name(1 - mover), winner),
            [
                (
                    "finished",
                    match &formation {
                        Some((kind, cells)) => Ok(Fact {
                            text: formation_words(*kind, lang).to_string(),
                            cells: cells.iter().map(|&c| cell_name(c)).collect(),
                        }),
                        None => none("the last move finishes no formation"),
                    },
                ),
                (
                    "move",
                    match &last {
                        Some((_, Move::Place(c))) => Ok(Fact { text: cell_name(*c), cells: vec![cell_name(*c)] }),
                        Some((_, Move::Relocate { from, to, .. })) => Ok(Fact {
                            text: lang.f("six.fact.move", &[("from", &cell_name(*from)), ("to", &cell_name(*to))]),
                            cells: vec![cell_name(*from), cell_name(*to)],
                        }),
                        None => none("the diagram plays no move ('after:')"),
                    },
                ),
                ("tokens", Ok(Fact::words(format!("{} {}, {} {}", name(0), pos.count(0), name(1), pos.count(1))))),
                (
                    "split",
                    if split.len() > 1 {
                        let sizes: Vec<String> = split.iter().map(usize::to_string).collect();
                        Ok(Fact::words(lang.and_list(&sizes)))
                    } else {
                        none("the last move splits nothing")
                    },
                ),
                (
                    "removed",
                    match removed {
                        0 => none("the last move removes no token"),
                        1 => Ok(Fact::words(lang.t("six.fact.one_token"))),
                        n => Ok(Fact::words(lang.f("six.fact.tokens", &[("n", &n)]))),
                    },
                ),
                ("wins", Fact::cells_listed(winning_cells, "list.or", lang, "the player to move has no winning move")),
            ],
        ),
        claimed_cells: claimed,
        players: &players,
        cells_in: &cells_in,
        shapes: &shape_words(lang),
        lang,
    };
    let (caption, named) = fence::caption(es, &facts)?;
    marks.extend(named.iter().filter_map(|c| parse_axial(c)));
    if let Some(m) = get(es, "mark") {
        for w in m.value.split(';') {
            marks.push(parse_axial(w).ok_or_else(|| at(m, format!("'{}' is not a cell (q,r)", w.trim())))?);
        }
    }
    // The drawings are described in the book's language (an SVG's description is read
    // aloud): the tokens on the table, the move just made, then what else is drawn —
    // tokens drawn faintly (no longer on the table), dashed outlines, shaded cells.
    let cells_said = |cells: &[Axial]| -> Vec<String> { cells.iter().map(|&c| spoken_cell(c, lang)).collect() };
    let and = |items: &[String]| lang.and_list(items);
    let moved_to = last.as_ref().map(|(_, m)| match *m {
        Move::Place(c) | Move::Relocate { to: c, .. } => c,
    });
    let mut shaded: Vec<Axial> = marks.iter().copied().filter(|&c| Some(c) != moved_to).collect();
    shaded.sort();
    shaded.dedup();
    let described = |mut scene: crate::scene::Scene, p: &SixPosition, after: bool, dashed: &[Axial]| {
        super::notation::spoken(p, lang).apply(&mut scene);
        let mut more = Vec::new();
        if after {
            match last.as_ref().map(|(_, m)| *m) {
                Some(Move::Place(c)) => more.push(lang.f("six.alt.moved", &[("cells", &spoken_cell(c, lang))])),
                Some(m @ Move::Relocate { .. }) => {
                    more.push(lang.f("six.alt.relocated", &[("move", &super::notation::spoken_move(m, lang))]))
                }
                None => {}
            }
            let faint: Vec<String> = ghosts
                .iter()
                .filter(|g| p.at(g.0).is_none())
                .map(|&(a, c)| {
                    crate::spoken::item(
                        lang,
                        &spoken_cell(a, lang),
                        lang.t(["six.alt.red", "six.alt.black"][c as usize]),
                    )
                })
                .collect();
            if !faint.is_empty() {
                more.push(lang.f("six.alt.ghosts", &[("tokens", &faint.join(crate::spoken::items_joiner(lang)))]));
            }
        }
        if !dashed.is_empty() {
            more.push(lang.f("six.alt.dashed", &[("cells", &and(&cells_said(dashed)))]));
        }
        more.push(crate::spoken::marked(lang, &cells_said(&shaded)));
        for m in more {
            crate::spoken::append(&mut scene, &m);
        }
        scene
    };
    let one = described(
        super::draw::plain_diagram(&pos, 4.0, &marks, lifted.as_slice(), &ghosts),
        &pos,
        true,
        lifted.as_slice(),
    );
    let one_width = one.width;
    let scene = match show {
        Show::One => one,
        Show::Both => {
            let before = last.as_ref().map(|(b, _)| b).unwrap_or(&start);
            let first = described(
                super::draw::plain_diagram(before, 4.0, &[], lifted.as_slice(), &[]),
                before,
                false,
                lifted.as_slice(),
            );
            let second = described(super::draw::plain_diagram(&pos, 4.0, &marks, &[], &ghosts), &pos, true, &[]);
            fence::side_by_side(&first, &second, lang)
        }
    };
    let width = match show {
        Show::One => one_width.min(70.0),
        // A pair may take the whole measure (the typesetter narrows it to fit).
        Show::Both => scene.width,
    };
    let reading = <super::Six as crate::game::Rules>::reading(&pos, lang);
    Ok(Diagram { scene, caption, width, id: position_id(&pos), reading })
}
