//! SIX's side of rulebook diagram fences ([`crate::game::diagram`]): moves played with
//! `after:` (`(q,r)` to place, `(q,r)->(q,r)` to relocate), `wins:` claims separated by
//! `;`, its own claim `tokens:`, and the facts `{finished}` (the formation made),
//! `{tokens}`, `{split}` and `{removed}`. A relocation shows the tokens that left the
//! table faintly (`show: both` draws the table before it too).

use super::engine::target;
use super::notation::spoken_cell;
use super::position::{cell_name, move_text, Move, SixPosition, Status, WinKind};
use super::Six;
use crate::game::diagram::{Diagrams, FactOrWhy, Marked, Played};
use crate::game::fence::{self, at, Entry, Fact, FenceError, NoFact, Show};
use crate::game::IllegalMove;
use crate::geom::hex::Axial;
use crate::lang::Lang;
use crate::scene::Scene;

/// How far from the nearest token a marked cell may lie: farther, the picture would
/// shrink the table to reach it.
const MARK_REACH: i32 = 3;

/// "a line", "a triangle", "a circle" in `lang`.
fn formation_words(kind: super::position::Formation, lang: Lang) -> &'static str {
    use super::position::Formation;
    lang.t(match kind {
        Formation::Line => "six.fact.line",
        Formation::Triangle => "six.fact.triangle",
        Formation::Circle => "six.fact.circle",
    })
}

/// A cell written `(q,r)` or `q,r`, each coordinate from -1000 to 1000 (as in a position
/// ID).
fn parse_axial(text: &str) -> Option<Axial> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let (q, r) = t.split_once(',')?;
    let coordinate = |c: &str| c.trim().parse().ok().filter(|n| (-1000..=1000).contains(n));
    Some(Axial { q: coordinate(q)?, r: coordinate(r)? })
}

/// What the last move took off the table, if it was a relocation: the lifted token's old
/// place and every token of the groups that were cut off; and the sizes of the groups
/// the lift left, largest first.
fn lifted_away(played: &Played<Six>) -> (Vec<(Axial, u8)>, Vec<usize>) {
    match played.last() {
        Some((before, Move::Relocate { from, .. })) => {
            let pos = &played.pos;
            let gone: Vec<(Axial, u8)> =
                before.tokens().iter().copied().filter(|&(a, c)| a == *from || pos.at(a) != Some(c)).collect();
            let rest: Vec<(Axial, u8)> = before.tokens().iter().copied().filter(|t| t.0 != *from).collect();
            let table = SixPosition::from_tokens(&rest, [0, 0], before.to_move(), 0);
            let mut sizes: Vec<usize> = table.groups().iter().map(Vec::len).collect();
            sizes.sort_unstable_by(|a, b| b.cmp(a));
            (gone, sizes)
        }
        _ => (Vec::new(), Vec::new()),
    }
}

impl Diagrams for Six {
    const KEYS: &'static [&'static str] = &["id", "after", "mark", "winner", "wins", "tokens"];
    const SHAPE_WORDS: &'static str = "six.fact.shape_words";
    const MARK_SEPARATOR: Option<char> = Some(';');
    /// `tokens: r=7 b=6`: how many tokens each player has on the table.
    const TALLY: Option<(&'static str, &'static str)> = Some(("tokens", "the table holds"));

    fn tally(pos: &SixPosition, player: u8) -> u32 {
        pos.count(player) as u32
    }

    fn read_move(pos: &SixPosition, text: &str) -> Result<Move, IllegalMove> {
        let wanted = text.split_whitespace().collect::<Vec<_>>().join(" ");
        pos.legal_moves().into_iter().find(|m| move_text(*m) == wanted).ok_or_else(|| {
            IllegalMove::from(
                "not a legal move here (write (q,r) to place, (q,r)->(q,r) to relocate, adding 'keep (q,r)' after a tied split)",
            )
        })
    }
    /// Moves are separated by `;` (a move may hold spaces).
    fn claimed_moves(_pos: &SixPosition, e: &Entry) -> Result<std::collections::BTreeSet<String>, FenceError> {
        if e.value.trim() == "none" {
            return Ok(Default::default());
        }
        let normal = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        Ok(e.value.split(';').map(normal).filter(|s| !s.is_empty()).collect())
    }
    /// A cell on the table or near it: within `MARK_REACH` cells of a token the fence
    /// shows (or of (0,0) on an empty table).
    fn read_cell(played: &Played<Six>, e: &Entry, word: &str) -> Result<String, FenceError> {
        let cell = parse_axial(word)
            .ok_or_else(|| at(e, format!("'{}' is not a cell (q,r), each from -1000 to 1000", word.trim())))?;
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
    /// The cells `(q,r)` written in a text, normalised.
    fn cells_in(_pos: &SixPosition, text: &str) -> Vec<String> {
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
        let none = |what: &str| Err(NoFact::from(what));
        let formation = match (pos.status(), played.last()) {
            (Status::Won(p, WinKind::Formation(_)), Some((_, mv))) => pos.formation_cells_through(target(*mv), p),
            _ => None,
        };
        let (ghosts, split) = lifted_away(played);
        vec![
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
                match ghosts.len().saturating_sub(1) {
                    0 => none("the last move removes no token"),
                    1 => Ok(Fact::words(lang.t("six.fact.one_token"))),
                    n => Ok(Fact::words(lang.f("six.fact.tokens", &[("n", &n)]))),
                },
            ),
        ]
    }
    /// The drawings are described in the book's language (an SVG's description is read
    /// aloud): the tokens on the table, the move just made, then what else is drawn —
    /// tokens drawn faintly (no longer on the table), dashed outlines, shaded cells.
    fn draw(played: &Played<Six>, marked: &Marked, show: Show, lang: Lang) -> (Scene, f32) {
        let pos = &played.pos;
        let mut marks: Vec<Axial> = played.moves.iter().map(|&(_, mv)| target(mv)).collect();
        marks.extend(marked.named.iter().chain(&marked.listed).filter_map(|c| parse_axial(c)));
        crate::game::diagram::once(&mut marks);
        let lifted = played.moves.iter().rev().find_map(|(_, mv)| match mv {
            Move::Relocate { from, .. } => Some(*from),
            Move::Place(_) => None,
        });
        let (ghosts, _) = lifted_away(played);
        let last = played.last().map(|&(_, mv)| mv);
        let cells_said = |cells: &[Axial]| -> Vec<String> { cells.iter().map(|&c| spoken_cell(c, lang)).collect() };
        let mut shaded: Vec<Axial> = marks.iter().copied().filter(|&c| Some(c) != last.map(target)).collect();
        shaded.sort();
        shaded.dedup();
        let described = |mut scene: Scene, p: &SixPosition, after: bool, dashed: &[Axial]| {
            super::notation::spoken(p, lang).apply(&mut scene);
            let mut more = Vec::new();
            if after {
                match last {
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
                        crate::description::item(
                            lang,
                            &spoken_cell(a, lang),
                            lang.t(["six.alt.red", "six.alt.black"][c as usize]),
                        )
                    })
                    .collect();
                if !faint.is_empty() {
                    more.push(
                        lang.f("six.alt.ghosts", &[("tokens", &faint.join(crate::description::items_joiner(lang)))]),
                    );
                }
            }
            if !dashed.is_empty() {
                more.push(lang.f("six.alt.dashed", &[("cells", &lang.and_list(&cells_said(dashed)))]));
            }
            more.push(crate::description::marked(lang, &cells_said(&shaded)));
            for m in more {
                crate::description::append(&mut scene, &m);
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
