//! One interpreter of rulebook diagram fences for every game, over its engine
//! ([`Play`]). It reads the position, plays the `after:` moves, checks the claims every
//! game shares (`winner:`, `wins:`, `legal:`) and hands the game's own keys to it, fills
//! the caption's placeholders (`{mover}`, `{other}`, `{winner}`, `{move}`, `{legal}`,
//! `{wins}` and the game's own), checks what the caption says, reads `mark:`, and lets
//! the game draw the result ([`Diagrams`]).

use std::collections::BTreeSet;

use crate::engine::{cells_of, Outcome, Play};
use crate::fence::{self, at, claim_error, get, need_id, same_set, words, CaptionFacts, Diagram, Entry, Fact};
use crate::fence::{FenceError, NoFact, Show};
use crate::lang::Lang;
use crate::options::GameOptions;
use crate::scene::Scene;
use crate::IllegalMove;

/// A fence's position and the moves its `after:` lines played.
pub struct Played<G: Play> {
    /// The position the fence starts from.
    pub start: G::Position,
    /// The position after every move.
    pub pos: G::Position,
    /// Each move played, with the position before it.
    pub moves: Vec<(G::Position, G::Move)>,
}

impl<G: Play> Played<G> {
    /// The last move played, with the position before it.
    pub fn last(&self) -> Option<&(G::Position, G::Move)> {
        self.moves.last()
    }

    /// The position before the last move (the start when none was played).
    pub fn before(&self) -> &G::Position {
        self.last().map_or(&self.start, |(before, _)| before)
    }

    /// The player who made the last move, or who is to move when none was played.
    pub fn mover(&self) -> u8 {
        G::to_move(self.before())
    }

    /// Whether play goes on in the final position.
    pub fn ongoing(&self) -> bool {
        G::outcome(&self.pos) == Outcome::Ongoing
    }

    /// The winning moves of the side to move in the final position.
    pub fn winning_moves(&self) -> Vec<G::Move> {
        if self.ongoing() {
            G::winning_moves(&self.pos)
        } else {
            Vec::new()
        }
    }
}

/// The cells a diagram marks besides its moves: those its caption names, in order, and
/// those its `mark:` line lists.
pub struct Marked {
    /// The cells the caption names (through its words or its placeholders).
    pub named: Vec<String>,
    /// The cells of the `mark:` line.
    pub listed: Vec<String>,
}

/// Keeps the first of each cell in `cells`, in order: a cell the caption names that a move
/// also marks is marked once.
pub fn once<T: PartialEq>(cells: &mut Vec<T>) {
    let mut k = 0;
    while k < cells.len() {
        if cells[..k].contains(&cells[k]) {
            cells.remove(k);
        } else {
            k += 1;
        }
    }
}

/// A fact of a caption, or why this diagram has none.
pub type FactOrWhy = Result<Fact, NoFact>;

/// What a game adds to the interpreter: its keys, how a fence's position and cells are
/// written, its own claims and facts, and its drawing.
pub trait Diagrams: Play + Sized {
    /// The keys its fences read (besides `caption`, `width` and `show`).
    const KEYS: &'static [&'static str];
    /// The catalogue key of the words for the shapes a move can finish, which captions
    /// name through `{finished}` (lower case, separated by spaces).
    const SHAPE_WORDS: &'static str;
    /// What separates the items of a list: the cells of a `mark:` line, the moves of a
    /// `wins:` claim (by default, white space).
    const LIST_SEPARATOR: Option<char> = None;
    /// How moves are written, said when an `after:` move is not legal (by default the
    /// legal moves are listed instead).
    const MOVE_FORMAT: Option<&'static str> = None;
    /// A count every player has, which a `KEY: r=7 b=6` claim checks and `{KEY}` states
    /// ("Red 7, Black 6"): SIX's tokens on the table, Gosforth's scores. The key (one of
    /// [`Self::KEYS`]) and what a false claim says the engine finds ("the table holds");
    /// none by default.
    const TALLY: Option<(&'static str, &'static str)> = None;

    /// Player `player`'s count of [`Self::TALLY`] in `pos`.
    fn tally(_pos: &Self::Position, _player: u8) -> u32 {
        0
    }

    /// The position a fence starts from: by default its `id:`.
    fn start(es: &[Entry], line: usize, _options: &GameOptions) -> Result<Self::Position, FenceError> {
        let id = need_id(es, Self::WORD, line)?;
        Self::parse_id(&id.value).map_err(|e| at(id, e))
    }
    /// The move an `after:` line writes: by default the legal move written so. One that
    /// is not legal is refused with the legal moves listed, or with
    /// [`Self::MOVE_FORMAT`].
    fn read_move(pos: &Self::Position, text: &str) -> Result<Self::Move, IllegalMove> {
        let wanted = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let legal = Self::legal_moves(pos);
        legal.iter().copied().find(|&mv| Self::move_text(pos, mv) == wanted).ok_or_else(|| {
            let listed: BTreeSet<String> = legal.iter().map(|&mv| Self::move_text(pos, mv)).collect();
            let listed = format!("legal: {}", listed.into_iter().collect::<Vec<_>>().join(" "));
            IllegalMove(format!("not a legal move here ({})", Self::MOVE_FORMAT.unwrap_or(&listed)))
        })
    }
    /// The moves a `wins:` claim (entry `e`) lists, as [`Self::win_text`] writes them:
    /// by default its items ([`Self::LIST_SEPARATOR`]), or none for `none`.
    fn claimed_moves(_pos: &Self::Position, e: &Entry) -> Result<BTreeSet<String>, FenceError> {
        if e.value.eq_ignore_ascii_case("none") {
            Ok(BTreeSet::new())
        } else {
            Ok(items::<Self>(&e.value).collect())
        }
    }
    /// A winning move as a `wins:` claim written `claim` is compared with it.
    fn win_text(pos: &Self::Position, mv: Self::Move, _claim: &str) -> String {
        Self::move_text(pos, mv)
    }
    /// A cell of the `mark:` line `e`, by its name: by default any cell of the board
    /// ([`Play::read_cell`]).
    fn read_mark(played: &Played<Self>, e: &Entry, word: &str) -> Result<String, FenceError> {
        Self::read_cell(&played.pos, word).map_err(|why| at(e, why))
    }
    /// Checks a claim of the game's own keys; returns the cells it names.
    fn claim(_played: &Played<Self>, _e: &Entry) -> Result<Vec<String>, FenceError> {
        Ok(Vec::new())
    }
    /// The words of the `{move}` fact of a move played from `before` (which marks the
    /// move's [`Play::move_cells`]): by default the move as the notation writes it.
    fn move_words(before: &Self::Position, mv: Self::Move, _lang: Lang) -> String {
        Self::move_text(before, mv)
    }
    /// The game's own facts (`{finished}`, whose cells a caption may name, and others).
    fn facts(played: &Played<Self>, lang: Lang) -> Vec<(&'static str, FactOrWhy)>;
    /// The position a diagram draws (and identifies): by default the last.
    fn drawn(played: &Played<Self>) -> &Self::Position {
        &played.pos
    }
    /// The drawing, described in `lang`, and the width it is printed at (mm).
    fn draw(played: &Played<Self>, marked: &Marked, show: Show, lang: Lang) -> (Scene, f32);
}

/// Checks a fence of game `G` with its rules engine and draws it: the fence's `entries`,
/// its opening line, the rulebook's options and language.
pub fn diagram<G: Diagrams>(
    es: &[Entry],
    line: usize,
    options: &GameOptions,
    lang: Lang,
) -> Result<Diagram, FenceError> {
    let start = G::start(es, line, options)?;
    let show = fence::show(es)?;
    let mut played = Played::<G> { pos: start.clone(), start, moves: Vec::new() };
    let mut claimed: BTreeSet<String> = BTreeSet::new();
    // The side to move wherever a `wins:` claim lists its winning moves: a caption may
    // say it wins (or fails to), as it may of the winner.
    let mut wins_claimed_for: Vec<String> = Vec::new();
    for e in es {
        let pos = &played.pos;
        match e.key.as_str() {
            "after" => {
                let mv = G::read_move(pos, &e.value).map_err(|why| at(e, why))?;
                claimed.extend(G::move_cells(pos, mv));
                let before = pos.clone();
                G::play(&mut played.pos, mv).map_err(|why| at(e, why))?;
                played.moves.push((before, mv));
            }
            "winner" => winner_claim::<G>(pos, e)?,
            "wins" => {
                wins_claimed_for.push(G::player_name(G::to_move(pos), lang));
                let winning = played.winning_moves();
                let actual = winning.iter().map(|&mv| G::win_text(pos, mv, &e.value)).collect();
                same_set(e, G::claimed_moves(pos, e)?, actual, "winning moves")?;
                claimed.extend(winning.into_iter().flat_map(|mv| G::move_cells(pos, mv)));
            }
            "legal" => {
                let legal = if played.ongoing() { G::legal_moves(pos) } else { Vec::new() };
                let actual = legal.iter().map(|&mv| G::move_text(pos, mv)).collect();
                same_set(e, words(&e.value), actual, "legal moves")?;
                claimed.extend(legal.into_iter().flat_map(|mv| G::move_cells(pos, mv)));
            }
            key if G::TALLY.is_some_and(|(tally, _)| tally == key) => tally_claim::<G>(pos, e)?,
            _ => claimed.extend(G::claim(&played, e)?),
        }
    }
    let facts = facts(&played, lang);
    if let Some((_, Ok(finished))) = facts.iter().find(|(key, _)| *key == "finished") {
        claimed.extend(finished.cells.iter().cloned());
    }
    let players: Vec<String> = (0..G::players(&played.pos)).map(|p| G::player_name(p, lang)).collect();
    let players: Vec<&str> = players.iter().map(String::as_str).collect();
    let shapes: Vec<&str> = lang.t(G::SHAPE_WORDS).split(' ').collect();
    let cells_in = |text: &str| G::cells_in(&played.pos, text);
    let to_move = played.ongoing().then(|| G::player_name(G::to_move(&played.pos), lang));
    let caption_facts = CaptionFacts {
        facts,
        claimed_cells: claimed,
        players: &players,
        wins_claimed_for,
        to_move,
        cells_in: &cells_in,
        shapes: &shapes,
        lang,
    };
    let (caption, named) = fence::caption(es, &caption_facts)?;
    let mut listed = Vec::new();
    if let Some(m) = get(es, "mark") {
        for word in items::<G>(&m.value) {
            listed.push(G::read_mark(&played, m, &word)?);
        }
    }
    let (scene, width) = G::draw(&played, &Marked { named, listed }, show, lang);
    let drawn = G::drawn(&played);
    Ok(Diagram { scene, caption, width, id: G::position_id(drawn), reading: G::reading(drawn, lang) })
}

/// The items of a list value, split by the game's [`Diagrams::LIST_SEPARATOR`], each
/// with its white space folded.
fn items<G: Diagrams>(value: &str) -> impl Iterator<Item = String> + '_ {
    let separates = |c: char| G::LIST_SEPARATOR.map_or(c.is_whitespace(), |separator| c == separator);
    let folded = value.split(separates).map(|item| item.split_whitespace().collect::<Vec<_>>().join(" "));
    folded.filter(|item| !item.is_empty())
}

/// Checks a `winner:` claim: `none`, `draw`, or the winner's letter (with how they won,
/// where the game says).
fn winner_claim<G: Play>(pos: &G::Position, e: &Entry) -> Result<(), FenceError> {
    let outcome = G::outcome(pos);
    let claim: Vec<&str> = e.value.split_whitespace().collect();
    let holds = match (outcome, claim.as_slice()) {
        (Outcome::Ongoing, ["none"]) | (Outcome::Drawn, ["draw"]) => true,
        (Outcome::Won(p), [who, how @ ..]) => {
            G::player_of(who) == Some(p) && (how.is_empty() || how == [G::win_kind(pos).unwrap_or_default()])
        }
        _ => false,
    };
    if holds {
        return Ok(());
    }
    let actual = match outcome {
        Outcome::Ongoing => "the winner is none (play goes on)".to_string(),
        Outcome::Drawn => "the game is a draw".to_string(),
        Outcome::Won(p) => match G::win_kind(pos) {
            Some(kind) => format!("the winner is {} {kind}", G::PLAYER_LETTERS[p as usize]),
            None => format!("the winner is {}", G::PLAYER_LETTERS[p as usize]),
        },
    };
    Err(claim_error(e, format!("the engine says {actual}")))
}

/// Checks a claim of the game's [`Diagrams::TALLY`]: every player's letter and count
/// (`r=7 b=6`).
fn tally_claim<G: Diagrams>(pos: &G::Position, e: &Entry) -> Result<(), FenceError> {
    let said = G::TALLY.map_or("", |(_, said)| said);
    let counts: Vec<String> =
        (0..G::players(pos)).map(|p| format!("{}={}", G::PLAYER_LETTERS[p as usize], G::tally(pos, p))).collect();
    fence::same_value(e, &counts.join(" "), said)
}

/// The caption's facts: the players', `{move}`, the game's own, its tally ("Red 7,
/// Black 6"), `{legal}` (for a game with `legal:` claims) and `{wins}`.
fn facts<G: Diagrams>(played: &Played<G>, lang: Lang) -> Vec<(&'static str, FactOrWhy)> {
    let pos = &played.pos;
    let players = G::players(pos);
    let mover = played.mover();
    let winner = match G::outcome(pos) {
        Outcome::Won(p) => Some(G::player_name(p, lang)),
        _ => None,
    };
    let played_move = match played.last() {
        Some((before, mv)) => Ok(Fact { text: G::move_words(before, *mv, lang), cells: G::move_cells(before, *mv) }),
        None => Err(NoFact::from("the diagram plays no move ('after:')")),
    };
    let legal = || {
        let legal = if played.ongoing() { G::legal_moves(pos) } else { Vec::new() };
        ("legal", Fact::cells_listed(cells_of::<G>(pos, &legal), "list.and", lang, "there is no legal move"))
    };
    let wins = Fact::cells_listed(
        cells_of::<G>(pos, &played.winning_moves()),
        "list.or",
        lang,
        "the player to move has no winning move",
    );
    let mut own = vec![("move", played_move)];
    own.extend(G::facts(played, lang));
    own.extend(G::TALLY.map(|(key, _)| {
        let counts: Vec<String> =
            (0..players).map(|p| format!("{} {}", G::player_name(p, lang), G::tally(pos, p))).collect();
        (key, Ok(Fact::words(counts.join(", "))))
    }));
    own.extend(G::KEYS.contains(&"legal").then(legal));
    own.push(("wins", wins));
    fence::with_player_facts((G::player_name(mover, lang), G::player_name((mover + 1) % players, lang), winner), own)
}
