//! The engine every game's rules provide to the generic code above them: whose turn it
//! is, how the game stands, the legal moves, playing one, and moves and cells as text.
//! One interpreter of rulebook diagram fences ([`crate::diagram`]) is written over it.

use crate::lang::Lang;
use crate::{IllegalMove, NotACell, Rules};

/// How a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// The game is over and nobody has won.
    Drawn,
    /// The game is over and this player (0-based) has won.
    Won(u8),
}

/// How a game stands in a game that says how the winner won (`K`, the game's kinds of
/// win: a ring, a line): its positions' status, read by the engine as an [`Outcome`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Standing<K> {
    /// Play goes on.
    Ongoing,
    /// The game is over: this player (0-based) has won, and how.
    Won(u8, K),
    /// The game is over and nobody has won.
    Drawn,
}

impl<K> Standing<K> {
    /// The outcome, without how the winner won.
    pub fn outcome(&self) -> Outcome {
        match self {
            Standing::Ongoing => Outcome::Ongoing,
            Standing::Won(p, _) => Outcome::Won(*p),
            Standing::Drawn => Outcome::Drawn,
        }
    }

    /// How the winner won, once someone has.
    pub fn how(&self) -> Option<&K> {
        match self {
            Standing::Won(_, how) => Some(how),
            _ => None,
        }
    }
}

/// The rules engine of a game, over its [`Rules::Position`] and [`Rules::Move`].
pub trait Play: Rules {
    /// How many players the position has.
    fn players(_pos: &Self::Position) -> u8 {
        2
    }
    /// The player (0-based) whose turn it is.
    fn to_move(pos: &Self::Position) -> u8;
    /// How the game stands.
    fn outcome(pos: &Self::Position) -> Outcome;
    /// How the winner won, as a claim names it (`ring`, `line`), when the game says.
    fn win_kind(_pos: &Self::Position) -> Option<&'static str> {
        None
    }
    /// The moves the rules allow (none once the game is over).
    fn legal_moves(pos: &Self::Position) -> Vec<Self::Move>;
    /// Plays a move.
    fn play(pos: &mut Self::Position, mv: Self::Move) -> Result<(), IllegalMove>;
    /// The moves after which the side to move has won (none once the game is over).
    fn winning_moves(pos: &Self::Position) -> Vec<Self::Move> {
        let mover = Self::to_move(pos);
        Self::legal_moves(pos)
            .into_iter()
            .filter(|&mv| after::<Self>(pos, mv).is_ok_and(|next| Self::outcome(&next) == Outcome::Won(mover)))
            .collect()
    }
    /// A move as the notation writes it (FORMATS.md).
    fn move_text(pos: &Self::Position, mv: Self::Move) -> String;
    /// The cell a move is listed by ("the winning cells are …"), if it has one.
    fn move_cell(pos: &Self::Position, mv: Self::Move) -> Option<String>;
    /// Every cell a move names or changes, from the position before it (a slide's piece
    /// and the gap it fills). By default its [`Play::move_cell`].
    fn move_cells(pos: &Self::Position, mv: Self::Move) -> Vec<String> {
        Self::move_cell(pos, mv).into_iter().collect()
    }
    /// A cell written as the notation writes one (`c3`, `D4`, `(2,-1)`), by its name.
    fn read_cell(pos: &Self::Position, word: &str) -> Result<String, NotACell>;
    /// The cells a text names (a caption), by their names, in order.
    fn cells_in(pos: &Self::Position, text: &str) -> Vec<String>;
    /// A player's name in `lang` ("Red", "Schwarz").
    fn player_name(player: u8, lang: Lang) -> String;
    /// The players' letters as claims and records write them (`r`, `B`, `x`), in turn
    /// order.
    const PLAYER_LETTERS: &'static [&'static str];
    /// The player a claim's word names: the letter, in either case.
    fn player_of(word: &str) -> Option<u8> {
        Self::PLAYER_LETTERS.iter().position(|l| l.eq_ignore_ascii_case(word)).map(|p| p as u8)
    }
}

/// Plays a move on a copy of the position.
pub fn after<G: Play + ?Sized>(pos: &G::Position, mv: G::Move) -> Result<G::Position, IllegalMove> {
    let mut next = pos.clone();
    G::play(&mut next, mv)?;
    Ok(next)
}

/// The cells of a list of moves that have one, each once, sorted by name.
pub fn cells_of<G: Play>(pos: &G::Position, moves: &[G::Move]) -> Vec<String> {
    let mut cells: Vec<String> = moves.iter().filter_map(|&mv| G::move_cell(pos, mv)).collect();
    cells.sort();
    cells.dedup();
    cells
}
