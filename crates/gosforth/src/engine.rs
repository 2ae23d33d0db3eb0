//! Gosforth's rules engine as the generic code sees it ([`crate::game::engine::Play`]): whose
//! turn it is, how the game stands, the legal moves, and moves and cells as text.

use super::position::{cell_name, move_text, GosforthPosition, Move, PLAYER_NAMES};
use super::Gosforth;
use crate::game::engine::{Outcome, Play};
use crate::game::{IllegalMove, NotACell};
use crate::geom::square::cells_in_text;
use crate::lang::Lang;

impl Play for Gosforth {
    const PLAYER_LETTERS: &'static [&'static str] = &["x", "o"];

    fn to_move(pos: &GosforthPosition) -> u8 {
        pos.to_move()
    }
    fn outcome(pos: &GosforthPosition) -> Outcome {
        pos.status()
    }
    fn legal_moves(pos: &GosforthPosition) -> Vec<Move> {
        pos.legal_moves()
    }
    fn play(pos: &mut GosforthPosition, mv: Move) -> Result<(), IllegalMove> {
        pos.play(mv).map(|_| ())
    }
    fn move_text(_pos: &GosforthPosition, mv: Move) -> String {
        move_text(mv)
    }
    fn move_cell(_pos: &GosforthPosition, mv: Move) -> Option<String> {
        move_cell(mv).map(cell_name)
    }
    /// A slide names its piece and the gap it fills.
    fn move_cells(pos: &GosforthPosition, mv: Move) -> Vec<String> {
        let gap = if let Move::Slide(_) = mv { pos.gap() } else { None };
        move_cell(mv).into_iter().chain(gap).map(cell_name).collect()
    }
    fn read_cell(_pos: &GosforthPosition, word: &str) -> Result<String, NotACell> {
        super::notation::parse_cell(word).map(cell_name).map_err(|why| NotACell(why.to_string()))
    }
    fn cells_in(_pos: &GosforthPosition, text: &str) -> Vec<String> {
        cells_in_text(5, text)
    }
    fn player_name(player: u8, _lang: Lang) -> String {
        PLAYER_NAMES[player as usize].to_string()
    }
}

/// The cell a move starts from (a placement's cell, a slide's piece), if any.
pub(crate) fn move_cell(mv: Move) -> Option<u8> {
    match mv {
        Move::Place(c) | Move::Slide(c) => Some(c),
        Move::Claim => None,
    }
}
