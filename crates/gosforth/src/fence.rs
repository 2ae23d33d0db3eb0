//! Gosforth's side of rulebook diagram fences ([`crate::game::diagram`]): moves played
//! with `after:` (`c3`, `b1>`, `claim`), its own claims `score:` and `gain:`, and the
//! facts `{gain}`, `{scorer}`, `{finished}` (the runs a move made) and `{score}`. A slide
//! is drawn on the position before it, with an arrow into the gap (`show: both` adds the
//! position after).

use super::notation;
use super::position::{cell_name, GosforthPosition, Move, PLAYER_NAMES};
use super::Gosforth;
use crate::game::diagram::{Diagrams, FactOrWhy, Marked, Played};
use crate::game::engine::Play;
use crate::game::fence::{self, at, Entry, Fact, FenceError, NoFact, Show};
use crate::lang::Lang;
use crate::scene::Scene;

/// Who scored with the last move, and how much.
fn scored(played: &Played<Gosforth>) -> Option<(u8, u8)> {
    played.last().map(|&(before, mv)| before.after(mv)).map(|(_, who, pts)| (who, pts))
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
        let scored = scored(played).filter(|&(_, pts)| pts > 0);
        let runs = played.last().map_or_else(Vec::new, |(before, mv)| before.runs_made_by(*mv));
        let texts: Vec<String> = runs.iter().map(|run| notation::spoken_run(run, lang)).collect();
        let cells = runs.iter().flatten().map(|&c| cell_name(c)).collect();
        let gain = |pts: u8| match pts {
            1 => lang.t("gosforth.fact.one_point").to_string(),
            _ => lang.f("gosforth.fact.points", &[("n", &pts)]),
        };
        let nothing = || NoFact::from("the move scores nothing");
        vec![
            ("gain", scored.map(|(_, pts)| Fact::words(gain(pts))).ok_or_else(nothing)),
            ("scorer", scored.map(|(who, _)| Fact::words(PLAYER_NAMES[who as usize])).ok_or_else(nothing)),
            ("finished", Fact::things_listed(&texts, cells, lang, "the move makes no run of four or five")),
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
