//! SIX's side of rulebook diagram fences ([`crate::game::diagram`]): moves played with
//! `after:` (`(q,r)` to place, `(q,r)->(q,r)` to relocate), `wins:` claims separated by
//! `;`, its own claim `tokens:`, and the facts `{finished}` (the formation made),
//! `{tokens}`, `{split}` and `{removed}`. A relocation shows the tokens that left the
//! table faintly (`show: both` draws the table before it too).

use super::engine::target;
use super::notation::{formation_words, not_a_cell, parse_cell, spoken, spoken_marks};
use super::position::{cell_name, Move, SixPosition, Status, WinKind};
use super::Six;
use crate::game::diagram::{Diagrams, FactOrWhy, Marked, Played};
use crate::game::fence::{self, at, Entry, Fact, FenceError, NoFact, Show};
use crate::geom::hex::Axial;
use crate::lang::Lang;
use crate::scene::Scene;

/// How far from the nearest token a marked cell may lie: farther, the picture would
/// shrink the table to reach it.
const MARK_REACH: i32 = 3;

/// What the last move took off the table, if it was a relocation, and the sizes of the
/// groups it left ([`SixPosition::relocation_losses`]).
fn lifted_away(played: &Played<Six>) -> (Vec<(Axial, u8)>, Vec<usize>) {
    match played.last() {
        Some((before, Move::Relocate { from, .. })) => before.relocation_losses(*from, &played.pos),
        _ => (Vec::new(), Vec::new()),
    }
}

impl Diagrams for Six {
    const KEYS: &'static [&'static str] = &["id", "after", "mark", "winner", "wins", "tokens"];
    const SHAPE_WORDS: &'static str = "six.fact.shape_words";
    const LIST_SEPARATOR: Option<char> = Some(';');
    /// Round two's relocations are too many to list.
    const MOVE_FORMAT: Option<&'static str> =
        Some("write (q,r) to place, (q,r)->(q,r) to relocate, adding 'keep (q,r)' after a tied split");
    /// `tokens: r=7 b=6`: how many tokens each player has on the table.
    const TALLY: Option<(&'static str, &'static str)> = Some(("tokens", "the table holds"));

    fn tally(pos: &SixPosition, player: u8) -> u32 {
        pos.count(player) as u32
    }

    /// A cell on the table or near it: within `MARK_REACH` cells of a token the fence
    /// shows (or of (0,0) on an empty table).
    fn read_mark(played: &Played<Six>, e: &Entry, word: &str) -> Result<String, FenceError> {
        let cell = parse_cell(word).ok_or_else(|| at(e, not_a_cell(word)))?;
        let shown = played.start.tokens().iter().chain(played.pos.tokens()).map(|&(a, _)| a);
        let apart = |a: Axial| Axial { q: a.q - cell.q, r: a.r - cell.r }.ring();
        let nearest = shown.map(apart).min().unwrap_or_else(|| apart(Axial { q: 0, r: 0 }));
        if nearest > MARK_REACH {
            let far = format!(
                "{} is {nearest} cells from the nearest token: a mark must lie within {MARK_REACH} cells of one",
                cell_name(cell)
            );
            return Err(at(e, far));
        }
        Ok(cell_name(cell))
    }
    fn move_words(_before: &SixPosition, mv: Move, lang: Lang) -> String {
        match mv {
            Move::Place(c) => cell_name(c),
            Move::Relocate { from, to, .. } => {
                lang.f("six.fact.move", &[("from", &cell_name(from)), ("to", &cell_name(to))])
            }
        }
    }
    /// The formation the winner made (through the cell the last token went to), the
    /// tokens on the table, the groups a relocation split and the tokens it removed.
    fn facts(played: &Played<Six>, lang: Lang) -> Vec<(&'static str, FactOrWhy)> {
        let pos = &played.pos;
        let formation = match (pos.status(), played.last()) {
            (Status::Won(p, WinKind::Formation(_)), Some((_, mv))) => pos.formation_cells_through(target(*mv), p),
            _ => None,
        };
        let finished = formation.map(|(kind, cells)| Fact {
            text: formation_words(kind, lang).to_string(),
            cells: cells.iter().map(|&c| cell_name(c)).collect(),
        });
        let (ghosts, split) = lifted_away(played);
        let sizes: Vec<String> = split.iter().map(usize::to_string).collect();
        let removed = match ghosts.len().saturating_sub(1) {
            0 => None,
            1 => Some(lang.t("six.fact.one_token").to_string()),
            n => Some(lang.f("six.fact.tokens", &[("n", &n)])),
        };
        vec![
            ("finished", finished.ok_or_else(|| NoFact::from("the last move finishes no formation"))),
            (
                "split",
                (split.len() > 1)
                    .then(|| Fact::words(lang.and_list(&sizes)))
                    .ok_or_else(|| NoFact::from("the last move splits nothing")),
            ),
            ("removed", removed.map(Fact::words).ok_or_else(|| NoFact::from("the last move removes no token"))),
        ]
    }
    /// The drawings are described in the book's language (an SVG's description is read
    /// aloud): the tokens on the table, the move just made, then what else is drawn —
    /// tokens drawn faintly (no longer on the table), dashed outlines, shaded cells.
    fn draw(played: &Played<Six>, marked: &Marked, show: Show, lang: Lang) -> (Scene, f32) {
        let pos = &played.pos;
        let mut marks: Vec<Axial> = played.moves.iter().map(|&(_, mv)| target(mv)).collect();
        marks.extend(marked.named.iter().chain(&marked.listed).filter_map(|c| parse_cell(c)));
        crate::game::diagram::once(&mut marks);
        let lifted = played.moves.iter().rev().find_map(|(_, mv)| match mv {
            Move::Relocate { from, .. } => Some(*from),
            Move::Place(_) => None,
        });
        let (ghosts, _) = lifted_away(played);
        let last = played.last().map(|&(_, mv)| mv);
        let mut shaded: Vec<Axial> = marks.iter().copied().filter(|&c| Some(c) != last.map(target)).collect();
        shaded.sort();
        let described = |mut scene: Scene, p: &SixPosition, after: bool, dashed: &[Axial]| {
            spoken(p, lang).apply(&mut scene);
            let (last, ghosts) = if after { (last, ghosts.as_slice()) } else { (None, &[][..]) };
            for sentence in spoken_marks(p, last, ghosts, dashed, &shaded, lang) {
                crate::description::append(&mut scene, &sentence);
            }
            scene
        };
        match show {
            Show::One => {
                let drawn = super::draw::plain_diagram(pos, 4.0, &marks, lifted.as_slice(), &ghosts);
                let one = described(drawn, pos, true, lifted.as_slice());
                let width = one.width.min(70.0);
                (one, width)
            }
            // A pair may take the whole measure (the typesetter narrows it to fit).
            Show::Both => {
                let before = played.before();
                // The cells marked besides the move are marked (and said) in both.
                let first = described(
                    super::draw::plain_diagram(before, 4.0, &shaded, lifted.as_slice(), &[]),
                    before,
                    false,
                    lifted.as_slice(),
                );
                let second = described(super::draw::plain_diagram(pos, 4.0, &marks, &[], &ghosts), pos, true, &[]);
                let pair = fence::side_by_side(&first, &second, lang);
                let width = pair.width;
                (pair, width)
            }
        }
    }
}
