//! Gosforth's side of rulebook diagram fences ([`crate::game::diagram`]): moves played
//! with `after:` (`c3`, `b1>`, `claim`), its own claims `score:` and `gain:`, and the
//! facts `{gain}`, `{scorer}`, `{finished}` (the runs a move made) and `{score}`. A slide
//! is drawn on the position before it, with an arrow into the gap (`show: both` adds the
//! position after).

use super::notation;
use super::position::{cell_name, line_value, lines, GosforthPosition, Move, PLAYER_NAMES};
use super::Gosforth;
use crate::game::diagram::{Diagrams, FactOrWhy, Marked, Played};
use crate::game::engine::Play;
use crate::game::fence::{self, at, Entry, Fact, FenceError, NoFact, Show};
use crate::geom::square::cells_in_text;
use crate::lang::Lang;
use crate::scene::Scene;

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

/// Who scored with the last move, and how much.
fn scored(played: &Played<Gosforth>) -> Option<(u8, u8)> {
    played.last().map(|&(before, mv)| {
        let (_, who, pts) = before.after(mv);
        (who, pts)
    })
}

/// The arrow of the last slide played: from its piece into the gap.
fn arrow(played: &Played<Gosforth>) -> Option<(u8, u8)> {
    let slide = played.moves.iter().rev().find_map(|(b, mv)| match mv {
        Move::Slide(c) => Some(b.gap().map(|g| (*c, g))),
        _ => None,
    });
    slide.flatten()
}

impl Diagrams for Gosforth {
    const KEYS: &'static [&'static str] = &["id", "after", "mark", "winner", "wins", "legal", "score", "gain"];
    const SHAPE_WORDS: &'static str = "gosforth.fact.shape_words";
    /// `score: x=1 o=0`: the scores now.
    const TALLY: Option<(&'static str, &'static str)> = Some(("score", "the scores are"));

    fn tally(pos: &GosforthPosition, player: u8) -> u32 {
        pos.scores()[player as usize] as u32
    }

    fn read_cell(_played: &Played<Gosforth>, e: &Entry, word: &str) -> Result<String, FenceError> {
        notation::parse_cell(word).map(cell_name).map_err(|why| at(e, why))
    }
    fn cells_in(_pos: &GosforthPosition, text: &str) -> Vec<String> {
        cells_in_text(5, text)
    }
    /// `gain: x=2` or `none`: what the last move scored.
    fn claim(played: &Played<Gosforth>, e: &Entry) -> Result<Vec<String>, FenceError> {
        if e.key == "gain" {
            let (who, pts) = scored(played).ok_or_else(|| at(e, "'gain' needs an 'after:' move"))?;
            let actual =
                if pts == 0 { "none".to_string() } else { format!("{}={pts}", Self::PLAYER_LETTERS[who as usize]) };
            fence::same_value(e, &actual, "the move scores")?;
        }
        Ok(Vec::new())
    }
    fn move_words(before: &GosforthPosition, mv: Move, lang: Lang) -> String {
        match mv {
            // The engine plays a slide only into the gap.
            Move::Slide(c) => {
                let gap = before.gap().map(cell_name).unwrap_or_default();
                lang.f("gosforth.fact.slide", &[("from", &cell_name(c)), ("to", &gap)])
            }
            Move::Place(c) => lang.f("gosforth.fact.place", &[("cell", &cell_name(c))]),
            Move::Claim => lang.t("gosforth.fact.claim").to_string(),
        }
    }
    /// What the last move scored, for whom, the runs it made, and the scores.
    fn facts(played: &Played<Gosforth>, lang: Lang) -> Vec<(&'static str, FactOrWhy)> {
        let nothing = || Err(NoFact::from("the move scores nothing"));
        let name = |p: u8| PLAYER_NAMES[p as usize].to_string();
        // Where the piece arrived: the placement's cell or the gap the slide filled.
        let arrival = played.last().and_then(|&(b, mv)| match mv {
            Move::Place(c) => Some(c),
            Move::Slide(_) => b.gap(),
            Move::Claim => None,
        });
        let runs = match (played.last(), scored(played), arrival) {
            (Some((b, _)), Some((who, pts)), Some(cell)) if pts > 0 => runs_made(b, &played.pos, cell, who, lang),
            _ => Vec::new(),
        };
        vec![
            (
                "gain",
                match scored(played) {
                    Some((_, 1)) => Ok(Fact::words(lang.t("gosforth.fact.one_point"))),
                    Some((_, pts)) if pts > 1 => Ok(Fact::words(lang.f("gosforth.fact.points", &[("n", &pts)]))),
                    _ => nothing(),
                },
            ),
            (
                "scorer",
                match scored(played) {
                    Some((who, pts)) if pts > 0 => Ok(Fact::words(name(who))),
                    _ => nothing(),
                },
            ),
            (
                "finished",
                if runs.is_empty() {
                    Err(NoFact::from("the move makes no run of four or five"))
                } else {
                    let texts: Vec<String> = runs.iter().map(|(t, _)| t.clone()).collect();
                    let cells = runs.iter().flat_map(|(_, r)| r.iter().map(|&c| cell_name(c))).collect();
                    Ok(Fact { text: lang.and_list(&texts), cells })
                },
            ),
        ]
    }
    /// A slide is drawn on the position before the last move.
    fn drawn(played: &Played<Gosforth>) -> &GosforthPosition {
        if arrow(played).is_some() {
            played.before()
        } else {
            &played.pos
        }
    }
    /// The board, with an arrow into the gap for a slide; each drawing is described as
    /// drawn: the board, the piece just placed, the arrow, the other cells marked.
    fn draw(played: &Played<Gosforth>, marked: &Marked, show: Show, lang: Lang) -> (Scene, f32) {
        let cell = |c: &String| notation::parse_cell(c).ok();
        let placed =
            played.moves.iter().rev().find_map(|(_, mv)| if let Move::Place(c) = mv { Some(*c) } else { None });
        let arrow = arrow(played);
        let mut marks: Vec<u8> = marked.named.iter().filter_map(cell).collect();
        marks.extend(placed);
        marks.extend(marked.listed.iter().filter_map(cell));
        crate::game::diagram::once(&mut marks);
        let before = played.before();
        let unplaced: Vec<u8> = marks.iter().copied().filter(|&m| Some(m) != placed).collect();
        let described = |board: &GosforthPosition, after: bool, marks: &[u8], arrows: &[(u8, u8)], shaded: &[u8]| {
            let mut scene = super::draw::diagram(board, 8.0, marks, arrows, lang);
            if let (Some(c), true) = (placed, after) {
                crate::description::append(&mut scene, &lang.f("gosforth.alt.moved", &[("cells", &cell_name(c))]));
            }
            crate::description::append(&mut scene, &notation::spoken_marks(board, shaded, arrows, lang));
            scene
        };
        let one = match show {
            Show::One => described(Self::drawn(played), arrow.is_none(), &marks, arrow.as_slice(), &unplaced),
            // A pair: before the slide with its arrow, after it with the piece in the gap.
            Show::Both => described(&played.pos, true, &marks, &[], &unplaced),
        };
        fence::shown(show, one, || described(before, false, &[], arrow.as_slice(), &[]), 42.0, lang)
    }
}
