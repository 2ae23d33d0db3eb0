//! Kamon's side of rulebook diagram fences ([`crate::game::diagram`]): cells taken with
//! `after:`, the claims `legal:`, `wins:` (a cell, or `cell=kind`) and `winner:` (with
//! how, if wished), the facts `{finished}` (the chain or ring the winner made) and
//! `{constraint}`; `show: both` draws the board before and after the move.

use std::collections::BTreeSet;

use super::notation::{cell_name, parse_cell};
use super::position::{bits, connection_of, enclosed_by, KamonPosition, Status, WinKind};
use super::Kamon;
use crate::game::diagram::{Diagrams, FactOrWhy, Marked, Played};
use crate::game::fence::{self, Fact, NoFact, Show};
use crate::game::IllegalMove;
use crate::lang::Lang;
use crate::scene::Scene;

/// How wide a Kamon diagram is printed (mm): its cell names stay at 6 pt or more even
/// when a page draws it 15% smaller.
const KAMON_WIDTH: f32 = 70.0;

fn names(mask: u64) -> Vec<String> {
    let mut v: Vec<String> = bits(mask).map(cell_name).collect();
    v.sort();
    v
}

impl Diagrams for Kamon {
    const KEYS: &'static [&'static str] = &["id", "after", "mark", "winner", "wins", "legal"];
    const SHAPE_WORDS: &'static str = "kamon.fact.shape_words";

    fn read_move(_pos: &KamonPosition, text: &str) -> Result<u32, IllegalMove> {
        parse_cell(text.trim()).map_err(|e| IllegalMove(e.to_string()))
    }
    fn win_text(pos: &KamonPosition, bit: u32, claim: &str) -> String {
        match pos.after(bit).status() {
            Status::Won(_, kind) if claim.contains('=') => format!("{}={}", cell_name(bit), kind.word()),
            _ => cell_name(bit),
        }
    }
    /// What the winner made (the chain joining two sides, the cells a ring encloses) and
    /// the token a move must match.
    fn facts(played: &Played<Kamon>, lang: Lang) -> Vec<(&'static str, FactOrWhy)> {
        let pos = &played.pos;
        let finished = match pos.status() {
            Status::Won(p, WinKind::Connection) => {
                let (pair, chain) = connection_of(pos.pawns(p)).expect("a connection joins two sides");
                let label = ["I", "II", "III"][pair];
                Ok(Fact { text: lang.f("kamon.fact.chain", &[("label", &label)]), cells: names(chain) })
            }
            Status::Won(p, WinKind::Ring) => {
                let inside = names(enclosed_by(pos.pawns(p)));
                Ok(Fact { text: lang.f("kamon.fact.ring", &[("cells", &lang.and_list(&inside))]), cells: inside })
            }
            Status::Won(_, WinKind::Blockade) => Ok(Fact::words(lang.t("kamon.fact.blockade"))),
            _ => Err(NoFact::from("nobody has won in this diagram")),
        };
        let constraint = match pos.constraint() {
            Some(t) => Ok(Fact::words(t.words_in(lang))),
            None => Err(NoFact::from("only the start token lies on the pile")),
        };
        vec![("finished", finished), ("constraint", constraint)]
    }
    /// The board with the pawns just placed and the cells marked, described as drawn.
    fn draw(played: &Played<Kamon>, marked: &Marked, show: Show, lang: Lang) -> (Scene, f32) {
        let shown: Vec<u32> = played.moves.iter().map(|&(_, bit)| bit).collect();
        let mut cells = shown.clone();
        cells.extend(marked.named.iter().chain(&marked.listed).filter_map(|c| parse_cell(c).ok()));
        let unmoved: BTreeSet<u32> = cells.iter().copied().filter(|b| !shown.contains(b)).collect();
        let unmoved: Vec<u32> = unmoved.into_iter().collect();
        let marked_words = crate::description::marked(lang, &unmoved.iter().map(|&b| cell_name(b)).collect::<Vec<_>>());
        let mut one = super::draw::puzzle_diagram(&played.pos, 6.0, &cells, lang);
        if !shown.is_empty() {
            let moved: Vec<String> = shown.iter().map(|&b| cell_name(b)).collect();
            crate::description::append(&mut one, &lang.f("kamon.alt.moved", &[("cells", &lang.and_list(&moved))]));
        }
        crate::description::append(&mut one, &marked_words);
        let before = || {
            let mut first = super::draw::puzzle_diagram(played.before(), 6.0, &unmoved, lang);
            crate::description::append(&mut first, &marked_words);
            first
        };
        fence::shown(show, one, before, KAMON_WIDTH, lang)
    }
}
