//! Diagram fences: a fenced block whose info string names a game, holding a position and
//! claims about it, each checked with that game's rules engine before anything is drawn
//! (one interpreter for every game, [`crate::diagram`], with the game's own keys in its
//! `fence.rs`). A false claim or an illegal position is an error naming the template line
//! and the claim.
//!
//! This module holds what every game shares: the fence as written ([`Fence`]), its
//! `key: value` lines ([`Entry`]; a line without a known key continues the previous
//! value), the keys every diagram takes (`caption:`, `width:`), the checked drawing
//! ([`Diagram`]) and the helpers the games use to report a claim the engine disagrees
//! with. Typical game keys: `id:` (a position ID), `after:` (a move to play; claims above
//! it are about the position before, below it about the position after), `mark:` (cells
//! to shade), and claims such as `winner:`, `wins:` (the exact set of winning moves) and
//! `legal:` — see each game's `fence.rs` and docs/rulebooks.md.

use std::collections::BTreeSet;

use crate::lang::Lang;
use crate::scene::Scene;

/// A fenced diagram as written: the game word, the body, and the source line of the fence.
#[derive(Debug, Clone, PartialEq)]
pub struct Fence {
    /// The info string's first word (a game's word).
    pub game: String,
    /// The lines between the fences.
    pub body: String,
    /// 1-based line of the opening fence in the template source.
    pub line: usize,
}

/// A checked diagram, ready to place.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagram {
    /// The drawing at its natural size (mm).
    pub scene: Scene,
    /// Caption text (may be empty).
    pub caption: String,
    /// Width it should be printed at (mm).
    pub width: f32,
    /// The position ID drawn (for messages; what it shows in words is [`Diagram::alt`]).
    pub id: String,
    /// How its description is read (the game's [`crate::Rules::reading`]): a
    /// rulebook says it before the first figure of each game.
    pub reading: String,
}

impl Diagram {
    /// What the diagram shows, in words (a figure's alternative text): the position as
    /// its drawing describes it and what the picture marks — not the caption, which is
    /// printed (and read) beside it. A drawing without words falls back to the caption.
    pub fn alt(&self) -> String {
        if self.scene.desc.is_empty() {
            crate::description::sentence(&self.caption)
        } else {
            self.scene.desc.clone()
        }
    }
}

/// A diagram fence that cannot be drawn: where (its template line and, when it is about
/// one, the `key: value` entry) and what is wrong. Displayed as the rulebook prints it:
/// "line 12: false claim 'wins: c3': the winning moves are c4".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenceError {
    /// The line of the template source.
    pub line: usize,
    /// The entry it is about (key, value), if it is about one.
    pub entry: Option<(String, String)>,
    /// What is wrong.
    pub problem: FenceProblem,
}

/// What is wrong with a fence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenceProblem {
    /// It cannot be read as written: an unknown key, a cell that is not one, a missing
    /// position.
    Malformed(String),
    /// A claim the rules engine disagrees with; the text is what the engine finds.
    FalseClaim(String),
}

impl FenceError {
    /// A problem with line `line` as a whole.
    pub fn line(line: usize, why: impl std::fmt::Display) -> FenceError {
        FenceError { line, entry: None, problem: FenceProblem::Malformed(why.to_string()) }
    }
}

impl std::fmt::Display for FenceError {
    /// An entry's value is quoted up to its 80th character (the rest as "…").
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let quoted = self.entry.as_ref().map(|(k, v)| match v.char_indices().nth(80) {
            Some((at, _)) => (k, format!("{}…", &v[..at])),
            None => (k, v.clone()),
        });
        match (&quoted, &self.problem) {
            (Some((k, v)), FenceProblem::FalseClaim(why)) => {
                write!(f, "line {}: false claim '{k}: {v}': {why}", self.line)
            }
            (Some((k, v)), FenceProblem::Malformed(why)) => write!(f, "line {}: '{k}: {v}': {why}", self.line),
            (None, FenceProblem::FalseClaim(why)) => write!(f, "line {}: false claim: {why}", self.line),
            (None, FenceProblem::Malformed(why)) => write!(f, "line {}: {why}", self.line),
        }
    }
}

impl std::error::Error for FenceError {}

/// One `key: value` line of a fence body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The key.
    pub key: String,
    /// The value (continuation lines joined with spaces).
    pub value: String,
    /// Its line in the template source.
    pub line: usize,
}

/// The keys every diagram takes, whatever the game.
pub const COMMON_KEYS: [&str; 3] = ["caption", "width", "show"];

/// Splits a fence body into entries; `keys` are every key any game reads (a line
/// starting with one begins a new entry, any other line continues the previous value).
pub fn entries(fence: &Fence, keys: &[&str]) -> Result<Vec<Entry>, FenceError> {
    let mut out: Vec<Entry> = Vec::new();
    for (i, raw) in fence.body.lines().enumerate() {
        let line = fence.line + 1 + i;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let keyed = text.split_once(':').filter(|(k, _)| {
            !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '-') && keys.contains(k)
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
                    return Err(FenceError::line(
                        line,
                        format!("'{word}' is not a diagram key (keys: {})", keys.join(", ")),
                    ));
                }
            },
        }
    }
    Ok(out)
}

/// The first entry with this key.
pub fn get<'a>(es: &'a [Entry], key: &str) -> Option<&'a Entry> {
    es.iter().find(|e| e.key == key)
}

/// A claim of entry `e` that the engine disagrees with: "line N: false claim 'key:
/// value': why".
pub(crate) fn claim_error(e: &Entry, why: impl std::fmt::Display) -> FenceError {
    FenceError {
        line: e.line,
        entry: Some((e.key.clone(), e.value.clone())),
        problem: FenceProblem::FalseClaim(why.to_string()),
    }
}

/// Entry `e` cannot be read: "line N: 'key: value': why".
pub fn at(e: &Entry, why: impl std::fmt::Display) -> FenceError {
    FenceError {
        line: e.line,
        entry: Some((e.key.clone(), e.value.clone())),
        problem: FenceProblem::Malformed(why.to_string()),
    }
}

/// Compares a claimed set of words with the engine's, both sorted.
pub fn same_set(e: &Entry, claimed: BTreeSet<String>, actual: BTreeSet<String>, what: &str) -> Result<(), FenceError> {
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

/// Compares a claim of one value (`score: x=1 o=0`, white space folded) with the
/// engine's: "false claim …: {said} {actual}" when they differ (`said`: "the scores are").
pub fn same_value(e: &Entry, actual: &str, said: &str) -> Result<(), FenceError> {
    if e.value.split_whitespace().collect::<Vec<_>>().join(" ") == actual {
        return Ok(());
    }
    Err(claim_error(e, format!("{said} {actual}")))
}

/// The words of a value; `none` is the empty set.
pub fn words(value: &str) -> BTreeSet<String> {
    if value.eq_ignore_ascii_case("none") {
        return BTreeSet::new();
    }
    value.split_whitespace().map(str::to_string).collect()
}

/// The `id:` entry a diagram of `game` needs.
pub(crate) fn need_id<'a>(es: &'a [Entry], game: &str, line: usize) -> Result<&'a Entry, FenceError> {
    get(es, "id")
        .ok_or_else(|| FenceError::line(line, format!("a {game} diagram needs an 'id:' line with a position ID")))
}

boardpress_core::message_error! {
    /// Why a diagram has no fact for a placeholder ("nobody has won in this diagram").
    NoFact
}

/// A fact a caption can state through a placeholder such as `{winner}`: its words,
/// computed by the rules engine, and the cells they name (marked on the diagram).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fact {
    /// The words put in place of the placeholder.
    pub text: String,
    /// Cell names the fact is about (drawn marked).
    pub cells: Vec<String>,
}

impl Fact {
    /// A fact of words alone.
    pub fn words(text: impl Into<String>) -> Self {
        Fact { text: text.into(), cells: Vec::new() }
    }

    /// Cells named in a list ("a1, b2 and c3" with `joiner` the message `list.and` or
    /// `list.or` in `lang`), and marked; or, when there are none, why (`none`).
    pub fn cells_listed(cells: Vec<String>, joiner: &'static str, lang: Lang, none: &str) -> Result<Fact, NoFact> {
        if cells.is_empty() {
            Err(NoFact::from(none))
        } else {
            Ok(Fact { text: listed(&cells, lang.t(joiner)), cells })
        }
    }

    /// Things named in a list ("the row a1–a6 and the L b2–b4–d4", joined by `list.and`
    /// in `lang`) with the cells they are made of; or, when there are none, why (`none`).
    pub fn things_listed(texts: &[String], cells: Vec<String>, lang: Lang, none: &str) -> Result<Fact, NoFact> {
        if texts.is_empty() {
            Err(NoFact::from(none))
        } else {
            Ok(Fact { text: lang.and_list(texts), cells })
        }
    }
}

/// A caption's facts: first those every game shares, `{mover}` (who makes the last
/// move, or is to move), `{other}` and `{winner}` (none when nobody has won), named in
/// the book's language; then the game's `own`.
pub(crate) fn with_player_facts(
    (mover, other, winner): (String, String, Option<String>),
    own: impl IntoIterator<Item = (&'static str, Result<Fact, NoFact>)>,
) -> Vec<(&'static str, Result<Fact, NoFact>)> {
    let winner = winner.map(Fact::words).ok_or_else(|| NoFact::from("nobody has won in this diagram"));
    [("mover", Ok(Fact::words(mover))), ("other", Ok(Fact::words(other))), ("winner", winner)]
        .into_iter()
        .chain(own)
        .collect()
}

/// What a diagram's position and its checked claims establish, for its caption.
pub struct CaptionFacts<'a> {
    /// The placeholders this diagram can fill: each name with its fact, or why the
    /// position has none (`{winner}` where nobody has won).
    pub facts: Vec<(&'static str, Result<Fact, NoFact>)>,
    /// Cells that a checked claim or a played move names (a caption may name these).
    pub claimed_cells: BTreeSet<String>,
    /// The game's player names: a caption names players only through placeholders.
    pub players: &'a [&'a str],
    /// The side to move wherever a `wins:` claim listed its winning moves: besides the
    /// winner, a player a caption may name beside a word about winning.
    pub wins_claimed_for: Vec<String>,
    /// The side to move in the final position, while play goes on (`{wins}` lists its
    /// winning moves).
    pub to_move: Option<String>,
    /// The cell names in a text, normalised, in order.
    pub cells_in: &'a dyn Fn(&str) -> Vec<String>,
    /// The game's words for the shapes a move can finish (lower case): a caption names
    /// one only through `{finished}`, or to deny it.
    pub shapes: &'a [&'a str],
    /// The caption's language (which words need a claim behind them).
    pub lang: Lang,
}

/// Words a caption may use only when a claim or a placeholder backs them, in the
/// caption's language (the catalogues' `caption.check.*`, each a list split at spaces).
/// A caption that says who wins needs a `winner:` or `wins:` claim; one that says what
/// scores needs `{gain}`; a shape the game wins or scores with (row, L, ring, …) is
/// named through `{finished}` unless the caption says there is none ("no ring").
struct CaptionWords {
    /// Words about winning, losing or play going on.
    outcome: Vec<&'static str>,
    /// Of those, the words about losing: the player beside one is one the winner beat.
    losing: Vec<&'static str>,
    /// Words about scoring.
    score: Vec<&'static str>,
    /// Words that deny the shape after them.
    negation: Vec<&'static str>,
}

impl CaptionFacts<'_> {
    /// The fact a placeholder stands for, when this diagram has one.
    fn fact(&self, key: &str) -> Option<&Fact> {
        self.facts.iter().find_map(|(k, f)| f.as_ref().ok().filter(|_| *k == key))
    }

    /// The players a filled text names, in order ("Red's" names Red).
    fn players_in<'t>(&self, text: &'t str) -> Vec<&'t str> {
        words_in(text).map(|w| w.trim_end_matches("'s")).filter(|w| self.players.contains(w)).collect()
    }
}

impl CaptionWords {
    /// The caption words of a language.
    fn of(lang: Lang) -> Self {
        let list = |key: &'static str| lang.t(key).split(' ').collect();
        CaptionWords {
            outcome: list("caption.check.outcome"),
            losing: list("caption.check.losing"),
            score: list("caption.check.score"),
            negation: list("caption.check.negation"),
        }
    }
}

/// Fills a caption's placeholders and checks what it says by hand: it may name a cell
/// only if a claim or a move of the diagram names it, never a player (use `{mover}`,
/// `{other}`, `{winner}`), may speak of winning only with a `winner:` or `wins:` claim
/// or placeholder and only of the player it backs (see `said_to_win`), of scoring only
/// through `{gain}` and of the player it scores for (see `said_to_score`), and of a
/// shape only through `{finished}` (or to deny it). Returns the caption and every cell
/// it names, to mark.
pub fn caption(es: &[Entry], facts: &CaptionFacts) -> Result<(String, Vec<String>), FenceError> {
    let Some(e) = get(es, "caption") else { return Ok((String::new(), Vec::new())) };
    let words = CaptionWords::of(facts.lang);
    let mut text = String::new();
    let mut literal = String::new();
    let mut used: Vec<&str> = Vec::new();
    let mut marked: Vec<String> = Vec::new();
    let mut rest = e.value.as_str();
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').ok_or_else(|| at(e, "a '{' with no '}'"))? + open;
        let name = &rest[open + 1..close];
        let (key, fact) = facts.facts.iter().find(|(k, _)| *k == name).ok_or_else(|| {
            let known: Vec<String> = facts.facts.iter().map(|(k, _)| format!("{{{k}}}")).collect();
            at(e, format!("'{{{name}}}' is not a placeholder of this diagram (it has {})", known.join(", ")))
        })?;
        let fact = fact.as_ref().map_err(|why| at(e, format!("'{{{key}}}': {why}")))?;
        text.push_str(&rest[..open]);
        literal.push_str(&rest[..open]);
        literal.push_str(" \u{2022} ");
        text.push_str(&fact.text);
        marked.extend(fact.cells.iter().cloned());
        used.push(key);
        rest = &rest[close + 1..];
    }
    text.push_str(rest);
    literal.push_str(rest);
    for cell in (facts.cells_in)(&literal) {
        if !facts.claimed_cells.contains(&cell) {
            return Err(at(e, format!("the caption names {cell}, which no claim or move of this diagram checks")));
        }
        marked.push(cell);
    }
    let tokens: Vec<&str> = words_in(&literal).collect();
    for (i, raw) in tokens.iter().enumerate() {
        let word = raw.trim_end_matches("'s");
        if let Some(name) = facts.players.iter().find(|p| **p == word) {
            return Err(at(
                e,
                format!("the caption names {name} by hand: say {{mover}}, {{other}} or {{winner}}, which the engine fills in"),
            ));
        }
        let lower = word.to_lowercase();
        let has = |k: &str| es.iter().any(|c| c.key == k) || used.contains(&k);
        if words.outcome.contains(&lower.as_str()) && !(has("winner") || has("wins")) {
            return Err(at(e, format!("'{raw}': a caption that says who wins needs a 'winner:' or 'wins:' claim")));
        }
        if words.score.contains(&lower.as_str()) && !used.contains(&"gain") {
            return Err(at(e, format!("'{raw}': a caption that says what scores says it with {{gain}}")));
        }
        let denied = tokens[i.saturating_sub(4)..i].iter().any(|w| words.negation.contains(&w.to_lowercase().as_str()));
        if facts.shapes.contains(&lower.as_str()) && !denied {
            return Err(at(
                e,
                format!(
                    "'{raw}': a caption names the shape a move finishes with {{finished}}, which the engine fills in"
                ),
            ));
        }
    }
    said_to_win(e, &text, &used, facts, &words)?;
    said_to_score(e, &text, &used, facts)?;
    marked.sort();
    marked.dedup();
    Ok((capitalised(&text), marked))
}

/// Checks who a filled caption says wins: a clause (up to a comma, colon, semicolon or
/// full stop) with a word about winning that names players must name one the engine
/// backs: the winner, or the side to move whose winning moves a `wins:` claim or
/// `{wins}` lists. A clause whose word is about losing must name a player other than
/// the winner, in a diagram someone has won. So "{mover} wins" is refused where the move
/// finished a shape for the other player, and "{mover} blocks and {winner} wins" or
/// "{other} loses" (where the mover won) pass.
fn said_to_win(
    e: &Entry,
    text: &str,
    used: &[&str],
    facts: &CaptionFacts,
    words: &CaptionWords,
) -> Result<(), FenceError> {
    let winner = facts.fact("winner").map(|w| w.text.as_str());
    let listed_wins = used.contains(&"wins").then_some(facts.to_move.as_deref()).flatten();
    let backed = |name: &str| {
        winner == Some(name) || listed_wins == Some(name) || facts.wins_claimed_for.iter().any(|w| w == name)
    };
    for clause in text.split([',', ':', ';', '.', '!', '?']) {
        let Some((word, lower)) =
            words_in(clause).map(|w| (w, w.to_lowercase())).find(|(_, lower)| words.outcome.contains(&lower.as_str()))
        else {
            continue;
        };
        let named = facts.players_in(clause);
        let Some(name) = named.first() else { continue };
        let refused = if words.losing.contains(&lower.as_str()) {
            match winner {
                Some(w) if named.iter().all(|n| *n == w) => Some(format!("{name} is the winner in this diagram")),
                Some(_) => None,
                None => Some("nobody has won in this diagram, so nobody has lost".to_string()),
            }
        } else if named.iter().any(|w| backed(w)) {
            None
        } else {
            let engine = winner.map_or("nobody has won".to_string(), |w| format!("the winner is {w}"));
            Some(format!("{engine} in this diagram (name the winner with {{winner}}, or the side to move beside the {{wins}} it has)"))
        };
        if let Some(why) = refused {
            return Err(at(e, format!("'{word}' beside {name}: {why}")));
        }
    }
    Ok(())
}

/// Checks who a filled caption says scores: a caption that says what the move scores
/// (`{gain}`) and names players must name the one it scores for (`{scorer}`) among them.
/// So "{move} makes {finished} for {mover}: {gain}" is refused where the slide made a run
/// for the other player.
fn said_to_score(e: &Entry, text: &str, used: &[&str], facts: &CaptionFacts) -> Result<(), FenceError> {
    let Some(scorer) = facts.fact("scorer").filter(|_| used.contains(&"gain")) else { return Ok(()) };
    let named = facts.players_in(text);
    match named.first() {
        Some(name) if !named.contains(&scorer.text.as_str()) => Err(at(
            e,
            format!(
                "'{{gain}}' beside {name}: the move scores for {} in this diagram (name them with {{scorer}})",
                scorer.text
            ),
        )),
        _ => Ok(()),
    }
}

/// The words of a caption, as the checks read them (letters, digits and apostrophes).
fn words_in(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'')).filter(|w| !w.is_empty())
}

/// "a, b and c" (or "a, b or c").
pub fn listed(items: &[String], last_joiner: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {last_joiner} {last}", init.join(", ")),
    }
}

/// How a diagram with a move shows it (`show:`): the game's usual single drawing, or
/// the position before and after side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Show {
    /// One drawing (the game's usual: the move drawn onto the position).
    One,
    /// Before and after, side by side, with an arrow between.
    Both,
}

/// Reads the `show:` entry (`both`, or nothing).
pub fn show(es: &[Entry]) -> Result<Show, FenceError> {
    match get(es, "show") {
        None => Ok(Show::One),
        Some(e) if e.value.trim() == "both" => {
            if get(es, "after").is_none() {
                return Err(at(e, "'show: both' needs an 'after:' move to show"));
            }
            Ok(Show::Both)
        }
        Some(e) => Err(at(e, "write 'show: both' to draw the position before and after the move")),
    }
}

/// Two drawings side by side at the same height, an arrow between them; their words
/// "Before: … After: …" in `lang`.
pub fn side_by_side(before: &Scene, after: &Scene, lang: Lang) -> Scene {
    let h = before.height.max(after.height);
    let gap = h * 0.16;
    let mut s = Scene::new(before.width + gap + after.width, h);
    s.place(before, 0.0, (h - before.height) / 2.0, 1.0);
    s.place(after, before.width + gap, (h - after.height) / 2.0, 1.0);
    let (x0, x1, y) = (before.width + gap * 0.2, before.width + gap * 0.8, h / 2.0);
    let stroke = crate::style::stroke(crate::style::INK, gap * 0.06);
    s.line(x0, y, x1, y, stroke);
    s.line(x1, y, x1 - gap * 0.2, y - gap * 0.15, stroke);
    s.line(x1, y, x1 - gap * 0.2, y + gap * 0.15, stroke);
    s.title = before.title.clone();
    s.desc = lang.f("alt.before_after", &[("before", &before.desc), ("after", &after.desc)]);
    s
}

/// What a fence prints: the drawing `one` at `width` mm, or with `show: both` the
/// drawing `before` beside it, each picture of the pair printed as wide as `one` alone
/// would be.
pub fn shown(show: Show, one: Scene, before: impl FnOnce() -> Scene, width: f32, lang: Lang) -> (Scene, f32) {
    match show {
        Show::One => (one, width),
        Show::Both => {
            let pair = side_by_side(&before(), &one, lang);
            let width = width * pair.width / one.width;
            (pair, width)
        }
    }
}

/// The text with its first letter in upper case.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}
