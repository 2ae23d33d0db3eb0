//! One `boardpress solve` report for every game, over its engine ([`Play`]): the board
//! as text, how the game stands (who has won and how, a draw and why, or whose turn it
//! is), then what the game lists about the moves ([`Report`]).

use crate::engine::{Outcome, Play};
use crate::error::IdError;
use crate::lang::Lang;

/// What a game's `solve` report says beyond the shape every game shares.
pub trait Report: Play {
    /// The words after "draw": why it is one (" (full board)"); none by default.
    const WHY_DRAWN: &'static str = "";

    /// The board as text, and anything the game says before the status (scores).
    fn board_text(pos: &Self::Position) -> String;
    /// How the winner won, after "status: game over, ": "Red has won", or "Black has won
    /// by ring" in a game that says how ([`Play::win_kind`]).
    fn won(pos: &Self::Position, winner: u8) -> String {
        let name = Self::player_name(winner, Lang::En);
        match Self::win_kind(pos) {
            Some(kind) => format!("{name} has won by {kind}"),
            None => format!("{name} has won"),
        }
    }
    /// The words after "status: Red to move" (moves made, legal moves).
    fn turn(pos: &Self::Position) -> String;
    /// The lines about the moves of a game that goes on.
    fn moves(pos: &Self::Position) -> String;
    /// A last line however the game stands (how moves are written).
    fn footer(_pos: &Self::Position) -> &'static str {
        ""
    }
}

/// The report `solve` prints for a position.
pub fn report<G: Report>(pos: &G::Position) -> String {
    let mut s = G::board_text(pos);
    match G::outcome(pos) {
        Outcome::Won(winner) => s += &format!("status: game over, {}\n", G::won(pos, winner)),
        Outcome::Drawn => s += &format!("status: game over, draw{}\n", G::WHY_DRAWN),
        Outcome::Ongoing => {
            let mover = G::player_name(G::to_move(pos), Lang::En);
            s += &format!("status: {mover} to move{}\n", G::turn(pos));
            s += &G::moves(pos);
        }
    }
    s + G::footer(pos)
}

/// The report for a position ID.
pub fn solve<G: Report>(id: &str) -> Result<String, IdError> {
    Ok(report::<G>(&G::parse_id(id)?))
}

/// Moves as the notation writes them, separated by `joiner`, or `none`.
pub fn move_list<G: Play>(pos: &G::Position, moves: &[G::Move], joiner: &str) -> String {
    if moves.is_empty() {
        return "none".to_string();
    }
    moves.iter().map(|&mv| G::move_text(pos, mv)).collect::<Vec<_>>().join(joiner)
}
