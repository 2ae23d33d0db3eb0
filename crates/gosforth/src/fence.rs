//! Gosforth diagram fences in rulebooks: a position ID, moves played with `after:`
//! (`c3`, `b1>`, `claim`), and the claims `legal:`, `wins:`, `score:`, `gain:` and
//! `winner:`, each checked by the rules engine. A slide is drawn on the position before
//! it, with an arrow into the gap (`show: both` adds the position after). The caption's
//! placeholders (`{mover}`, `{other}`, `{winner}`, `{move}`, `{gain}`, `{scorer}`,
//! `{finished}`, `{score}`, `{legal}`, `{wins}`) are filled from the engine.

use std::collections::BTreeSet;

use super::notation::{self, parse_position_id, position_id};
use super::position::{cell_name, line_value, lines, move_text, GosforthPosition, Move, Status, PLAYER_NAMES};
use crate::game::fence::{
    self, at, claim_error, get, need_id, same_set, words, CaptionFacts, Diagram, Entry, Fact, FenceError, Show,
};
use crate::geom::square::cells_in_text;
use crate::lang::Lang;

/// The words for what a move can finish, which captions name through `{finished}`
/// (lower case; the catalogue's `gosforth.fact.shape_words`).
fn shape_words(lang: Lang) -> Vec<&'static str> {
    lang.t("gosforth.fact.shape_words").split(' ').collect()
}

/// The keys a `gosforth` fence reads (besides `caption`, `width` and `show`).
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

/// The cell a move starts from (a placement's cell, a slide's piece), if any.
fn move_cell(mv: Move) -> Option<u8> {
    match mv {
        Move::Place(c) | Move::Slide(c) => Some(c),
        Move::Claim => None,
    }
}

/// The runs of four or five that `colour` gained through `cell` between two boards,
/// in words ("the row of four a3–d3") with their cells.
fn runs_made(
    before: &GosforthPosition,
    after: &GosforthPosition,
    cell: u8,
    colour: u8,
    lang: Lang,
) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for line in lines().iter().filter(|l| l.contains(&cell)) {
        if line_value(after.cells(), line, colour) <= line_value(before.cells(), line, colour) {
            continue;
        }
        // The run of `colour` through the cell.
        let at = line.iter().position(|&c| c == cell).expect("the line holds the cell");
        let own = |i: usize| after.cell(line[i] as usize) == colour + 1;
        let (mut a, mut b) = (at, at);
        while a > 0 && own(a - 1) {
            a -= 1;
        }
        while b + 1 < line.len() && own(b + 1) {
            b += 1;
        }
        let run: Vec<u8> = line[a..=b].to_vec();
        let (first, last) = (line[0], line[line.len() - 1]);
        let kind = if first / 5 == last / 5 {
            "gosforth.fact.row"
        } else if first % 5 == last % 5 {
            "gosforth.fact.column"
        } else {
            "gosforth.fact.diagonal"
        };
        let count = lang.t(if run.len() >= 5 { "gosforth.fact.five" } else { "gosforth.fact.four" });
        let text = lang.f(
            kind,
            &[
                ("count", &count),
                ("first", &cell_name(run[0].min(run[run.len() - 1]))),
                ("last", &cell_name(run[0].max(run[run.len() - 1]))),
            ],
        );
        out.push((text, run));
    }
    out
}

/// Checks a `gosforth` fence and draws it.
pub fn diagram(es: &[Entry], line: usize, lang: Lang) -> Result<Diagram, FenceError> {
    let id = need_id(es, "gosforth", line)?;
    let mut pos = parse_position_id(&id.value).map_err(|e| at(id, e))?;
    let show = fence::show(es)?;
    let mut before = pos;
    let mut arrow = None;
    let mut placed = None;
    // The last move: the position before it, the move, who scored and how much.
    let mut last: Option<(GosforthPosition, Move, u8, u8)> = None;
    let mut claimed: BTreeSet<String> = BTreeSet::new();
    let legal_words = |p: &GosforthPosition| -> BTreeSet<String> {
        if p.status() == Status::Ongoing {
            p.legal_moves().into_iter().map(move_text).collect()
        } else {
            BTreeSet::new()
        }
    };
    let winning = |p: &GosforthPosition| -> Vec<Move> {
        if p.status() != Status::Ongoing {
            return Vec::new();
        }
        p.legal_moves().into_iter().filter(|&mv| p.after(mv).0.status() == Status::Won(p.to_move())).collect()
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
                last = Some((before, mv, who, pts));
                match mv {
                    Move::Place(c) => placed = Some(c),
                    Move::Slide(c) => arrow = before.gap().map(|g| (c, g)),
                    Move::Claim => {}
                }
                claimed.extend(move_cell(mv).map(cell_name));
                if let (Move::Slide(_), Some(g)) = (mv, before.gap()) {
                    claimed.insert(cell_name(g));
                }
            }
            "legal" => {
                same_set(e, words(&e.value), legal_words(&pos), "legal moves")?;
                claimed.extend(pos.legal_moves().into_iter().filter_map(move_cell).map(cell_name));
            }
            "wins" => {
                let actual: BTreeSet<String> = winning(&pos).into_iter().map(move_text).collect();
                same_set(e, words(&e.value), actual, "winning moves")?;
                claimed.extend(winning(&pos).into_iter().filter_map(move_cell).map(cell_name));
            }
            "score" => {
                let s = pos.scores();
                let actual = format!("x={} o={}", s[0], s[1]);
                if e.value.split_whitespace().collect::<Vec<_>>().join(" ") != actual {
                    return Err(claim_error(e, format!("the scores are {actual}")));
                }
            }
            "gain" => {
                let (_, _, who, pts) = last.ok_or_else(|| at(e, "'gain' needs an 'after:' move"))?;
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
    // Where the piece arrived: the placement's cell or the gap the slide filled.
    let arrival = last.and_then(|(b, mv, _, _)| match mv {
        Move::Place(c) => Some(c),
        Move::Slide(_) => b.gap(),
        Move::Claim => None,
    });
    let runs = match (last, arrival) {
        (Some((b, _, who, pts)), Some(cell)) if pts > 0 => runs_made(&b, &pos, cell, who, lang),
        _ => Vec::new(),
    };
    for (_, run) in &runs {
        claimed.extend(run.iter().map(|&c| cell_name(c)));
    }
    let name = |p: u8| PLAYER_NAMES[p as usize].to_string();
    let mover = last.map(|(b, ..)| b.to_move()).unwrap_or(pos.to_move());
    let none = |what: &str| Err(what.to_string());
    let cells_listed = |moves: Vec<Move>, joiner: &'static str| -> Result<Fact, String> {
        let mut cells: Vec<String> = moves.into_iter().filter_map(move_cell).map(cell_name).collect();
        cells.sort();
        cells.dedup();
        Fact::cells_listed(cells, joiner, lang, "there are none here")
    };
    let winner = if let Status::Won(p) = pos.status() { Some(name(p)) } else { None };
    let facts = CaptionFacts {
        facts: fence::with_player_facts(
            (name(mover), name(1 - mover), winner),
            [
                (
                    "move",
                    match last {
                        Some((b, Move::Slide(c), ..)) => {
                            let gap = b.gap().expect("a slide fills the gap");
                            Ok(Fact {
                                text: lang
                                    .f("gosforth.fact.slide", &[("from", &cell_name(c)), ("to", &cell_name(gap))]),
                                cells: vec![cell_name(c), cell_name(gap)],
                            })
                        }
                        Some((_, Move::Place(c), ..)) => Ok(Fact {
                            text: lang.f("gosforth.fact.place", &[("cell", &cell_name(c))]),
                            cells: vec![cell_name(c)],
                        }),
                        Some((_, Move::Claim, ..)) => Ok(Fact::words(lang.t("gosforth.fact.claim"))),
                        None => none("the diagram plays no move ('after:')"),
                    },
                ),
                (
                    "gain",
                    match last {
                        Some((.., 1)) => Ok(Fact::words(lang.t("gosforth.fact.one_point"))),
                        Some((.., pts)) if pts > 1 => Ok(Fact::words(lang.f("gosforth.fact.points", &[("n", &pts)]))),
                        _ => none("the move scores nothing"),
                    },
                ),
                (
                    "scorer",
                    match last {
                        Some((.., who, pts)) if pts > 0 => Ok(Fact::words(name(who))),
                        _ => none("the move scores nothing"),
                    },
                ),
                (
                    "finished",
                    if runs.is_empty() {
                        none("the move makes no run of four or five")
                    } else {
                        let texts: Vec<String> = runs.iter().map(|(t, _)| t.clone()).collect();
                        let cells = runs.iter().flat_map(|(_, r)| r.iter().map(|&c| cell_name(c))).collect();
                        Ok(Fact { text: lang.and_list(&texts), cells })
                    },
                ),
                ("score", {
                    let s = pos.scores();
                    Ok(Fact::words(format!("{} {}, {} {}", name(0), s[0], name(1), s[1])))
                }),
                (
                    "legal",
                    cells_listed(if pos.status() == Status::Ongoing { pos.legal_moves() } else { vec![] }, "list.and"),
                ),
                ("wins", cells_listed(winning(&pos), "list.or")),
            ],
        ),
        claimed_cells: claimed,
        players: &PLAYER_NAMES,
        cells_in: &|text| cells_in_text(5, text),
        shapes: &shape_words(lang),
        lang,
    };
    let (caption, named) = fence::caption(es, &facts)?;
    let mut marks: Vec<u8> = named.iter().filter_map(|c| gosforth_cell(c)).collect();
    marks.extend(placed);
    if let Some(m) = get(es, "mark") {
        for w in m.value.split_whitespace() {
            marks.push(gosforth_cell(w).ok_or_else(|| at(m, format!("'{w}' is not a cell a1..e5")))?);
        }
    }
    // A slide is drawn on the position before it, with an arrow into the gap. Each
    // drawing is described as drawn: the board, the piece just placed, the arrow, the
    // other cells marked.
    let drawn = if arrow.is_some() { &before } else { &pos };
    let unplaced: Vec<u8> = marks.iter().copied().filter(|&m| Some(m) != placed).collect();
    let described = |board: &GosforthPosition, after: bool, marks: &[u8], arrows: &[(u8, u8)], shaded: &[u8]| {
        let mut scene = super::draw::diagram(board, 8.0, marks, arrows, lang);
        if let (Some(c), true) = (placed, after) {
            crate::spoken::append(&mut scene, &lang.f("gosforth.alt.moved", &[("cells", &cell_name(c))]));
        }
        crate::spoken::append(&mut scene, &notation::spoken_marks(board, shaded, arrows, lang));
        scene
    };
    let one = described(drawn, arrow.is_none(), &marks, arrow.as_slice(), &unplaced);
    let one_width = one.width;
    let scene = match show {
        Show::One => one,
        Show::Both => {
            let start = described(&before, false, &[], arrow.as_slice(), &[]);
            fence::side_by_side(&start, &described(&pos, true, &marks, &[], &unplaced), lang)
        }
    };
    let width = 42.0 * scene.width / one_width;
    let reading = <super::Gosforth as crate::game::Rules>::reading(drawn, lang);
    Ok(Diagram { scene, caption, width, id: position_id(drawn), reading })
}
