//! Kamon diagram fences in rulebooks: a position ID, cells taken with `after:`, and the
//! claims `legal:`, `wins:` and `winner:`, each checked by the rules engine. The
//! caption's placeholders (`{mover}`, `{other}`, `{winner}`, `{move}`, `{finished}`,
//! `{constraint}`, `{legal}`, `{wins}`) are filled from the engine; `show: both` draws
//! the board before and after the move.

use std::collections::BTreeSet;

use super::notation::{cell_name, parse_cell, parse_position_id, position_id};
use super::position::{bits, connection_of, enclosed_by, player_name, KamonPosition, Status, WinKind};
use crate::game::fence::{
    self, at, claim_error, get, need_id, same_set, words, CaptionFacts, Diagram, Entry, Fact, FenceError, Show,
};
use crate::lang::Lang;

/// How wide a Kamon diagram is printed (mm): its cell names stay at 6 pt or more even
/// when a page draws it 15% smaller.
const KAMON_WIDTH: f32 = 70.0;

/// The words for what a move can finish, which captions name through `{finished}`
/// (lower case; the catalogue's `kamon.fact.shape_words`).
fn shape_words(lang: Lang) -> Vec<&'static str> {
    lang.t("kamon.fact.shape_words").split(' ').collect()
}

/// The keys a `kamon` fence reads (besides `caption`, `width` and `show`).
pub const KEYS: &[&str] = &["id", "after", "mark", "winner", "wins", "legal"];

fn kamon_player(text: &str) -> Option<u8> {
    match text {
        "B" | "b" | "black" | "Black" => Some(0),
        "W" | "w" | "white" | "White" => Some(1),
        _ => None,
    }
}

/// The cell names (`D4`) written in a text: a row letter A–G and a number, as a word.
fn cells_in(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 2 && w.starts_with(|c: char| c.is_ascii_uppercase()))
        .filter(|w| w[1..].bytes().all(|b| b.is_ascii_digit()))
        .filter_map(|w| parse_cell(w).ok().map(cell_name))
        .collect()
}

fn names(mask: u64) -> Vec<String> {
    let mut v: Vec<String> = bits(mask).map(cell_name).collect();
    v.sort();
    v
}

/// Checks a `kamon` fence and draws it.
pub fn diagram(es: &[Entry], line: usize, lang: Lang) -> Result<Diagram, FenceError> {
    let id = need_id(es, "kamon", line)?;
    let mut pos = parse_position_id(&id.value).map_err(|e| at(id, e))?;
    let show = fence::show(es)?;
    let mut shown = Vec::new();
    let mut last: Option<(KamonPosition, u32)> = None;
    let mut claimed: BTreeSet<String> = BTreeSet::new();
    let cells = |mask: Vec<u32>| -> BTreeSet<String> { mask.into_iter().map(cell_name).collect() };
    for e in es {
        match e.key.as_str() {
            "after" => {
                let a = e;
                let bit = parse_cell(a.value.trim()).map_err(|e| at(a, e))?;
                last = Some((pos, bit));
                pos.play(bit).map_err(|e| at(a, e))?;
                shown.push(bit);
                claimed.insert(cell_name(bit));
            }
            "legal" => {
                let legal = if pos.status() == Status::Ongoing { pos.legal_cells() } else { vec![] };
                same_set(e, words(&e.value), cells(legal.clone()), "legal cells")?;
                claimed.extend(cells(legal));
            }
            "wins" => {
                let with_kind = e.value.contains('=');
                let actual: BTreeSet<String> = pos
                    .winning_moves()
                    .into_iter()
                    .map(|(b, k)| if with_kind { format!("{}={}", cell_name(b), k.word()) } else { cell_name(b) })
                    .collect();
                same_set(e, words(&e.value), actual, "winning cells")?;
                claimed.extend(pos.winning_moves().into_iter().map(|(b, _)| cell_name(b)));
            }
            "winner" => {
                let mut parts = e.value.split_whitespace();
                let who = parts.next().unwrap_or("");
                let how = parts.next();
                let ok = match (pos.status(), who) {
                    (Status::Ongoing, "none") => how.is_none(),
                    (Status::Drawn, "draw") => how.is_none(),
                    (Status::Won(p, kind), w) => kamon_player(w) == Some(p) && how.is_none_or(|h| h == kind.word()),
                    _ => false,
                };
                if !ok {
                    let actual = match pos.status() {
                        Status::Ongoing => "none".to_string(),
                        Status::Drawn => "draw".to_string(),
                        Status::Won(p, k) => format!("{} {}", ["B", "W"][p as usize], k.word()),
                    };
                    return Err(claim_error(e, format!("the engine says {actual}")));
                }
            }
            _ => {}
        }
    }
    // What the winner made: the chain joining two sides, the cells a ring encloses.
    let finished: Result<Fact, String> = match pos.status() {
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
        _ => Err("nobody has won in this diagram".to_string()),
    };
    if let Ok(f) = &finished {
        claimed.extend(f.cells.iter().cloned());
    }
    let name = |p: u8| player_name(p as usize, lang).to_string();
    let players: Vec<&str> = (0..2).map(|p| player_name(p, lang)).collect();
    let mover = last.map(|(b, _)| b.to_move()).unwrap_or(pos.to_move());
    let none = |what: &str| Err(what.to_string());
    let legal: Vec<String> =
        if pos.status() == Status::Ongoing { cells(pos.legal_cells()).into_iter().collect() } else { vec![] };
    let winning: Vec<String> = cells(pos.winning_moves().into_iter().map(|(b, _)| b).collect()).into_iter().collect();
    let winner = if let Status::Won(p, _) = pos.status() { Some(name(p)) } else { None };
    let facts = CaptionFacts {
        facts: fence::with_player_facts(
            (name(mover), name(1 - mover), winner),
            [
                (
                    "move",
                    match last {
                        Some((_, bit)) => Ok(Fact { text: cell_name(bit), cells: vec![cell_name(bit)] }),
                        None => none("the diagram plays no move ('after:')"),
                    },
                ),
                ("finished", finished),
                (
                    "constraint",
                    match pos.constraint() {
                        Some(t) => Ok(Fact::words(t.words_in(lang))),
                        None => none("only the start token lies on the pile"),
                    },
                ),
                ("legal", Fact::cells_listed(legal, "list.and", lang, "there is no legal cell")),
                ("wins", Fact::cells_listed(winning, "list.or", lang, "the player to move has no winning cell")),
            ],
        ),
        claimed_cells: claimed,
        players: &players,
        cells_in: &cells_in,
        shapes: &shape_words(lang),
        lang,
    };
    let (caption, named) = fence::caption(es, &facts)?;
    let mut marked = shown.clone();
    marked.extend(named.iter().filter_map(|c| parse_cell(c).ok()));
    if let Some(m) = get(es, "mark") {
        for w in m.value.split_whitespace() {
            marked.push(parse_cell(w).map_err(|e| at(m, e))?);
        }
    }
    // Described as drawn: the board, the pawns just placed, the other cells marked.
    let mut unmoved: Vec<u32> = marked.iter().copied().filter(|b| !shown.contains(b)).collect();
    unmoved.sort_unstable();
    unmoved.dedup();
    let unmoved_names: Vec<String> = unmoved.iter().map(|&b| cell_name(b)).collect();
    let mut one = super::draw::puzzle_diagram(&pos, 6.0, &marked, lang);
    if !shown.is_empty() {
        let moved: Vec<String> = shown.iter().map(|&b| cell_name(b)).collect();
        crate::spoken::append(&mut one, &lang.f("kamon.alt.moved", &[("cells", &lang.and_list(&moved))]));
    }
    crate::spoken::append(&mut one, &crate::spoken::marked(lang, &unmoved_names));
    let one_width = one.width;
    let scene = match show {
        Show::One => one,
        Show::Both => {
            let (before, _) = last.expect("show: both needs a move");
            let mut first = super::draw::puzzle_diagram(&before, 6.0, &unmoved, lang);
            crate::spoken::append(&mut first, &crate::spoken::marked(lang, &unmoved_names));
            fence::side_by_side(&first, &one, lang)
        }
    };
    let width = KAMON_WIDTH * scene.width / one_width;
    let reading = <super::Kamon as crate::game::Rules>::reading(&pos, lang);
    Ok(Diagram { scene, caption, width, id: position_id(&pos), reading })
}
