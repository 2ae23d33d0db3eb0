//! El's rules engine as the generic code sees it ([`crate::game::engine::Play`]): whose
//! turn it is, how the game stands, the legal moves, and moves and cells as text.

use super::params::player_name;
use super::position::{ElPosition, Move, Status};
use super::El;
use crate::game::engine::{Outcome, Play};
use crate::game::{IllegalMove, NotACell};
use crate::geom::square::{cell_name, cells_in_text, parse_cell};
use crate::lang::Lang;

impl Play for El {
    const PLAYER_LETTERS: &'static [&'static str] = &["r", "b", "g", "y"];

    fn players(pos: &ElPosition) -> u8 {
        pos.params().players
    }
    fn to_move(pos: &ElPosition) -> u8 {
        pos.to_move()
    }
    fn outcome(pos: &ElPosition) -> Outcome {
        pos.status()
    }
    fn legal_moves(pos: &ElPosition) -> Vec<Move> {
        pos.legal_moves()
    }
    fn play(pos: &mut ElPosition, mv: Move) -> Result<(), IllegalMove> {
        pos.play(mv).map(|_| ())
    }
    /// The side to move's threats: the numbers that would finish its line or L.
    fn winning_moves(pos: &ElPosition) -> Vec<Move> {
        if pos.status() == Status::Ongoing {
            pos.threats(pos.to_move())
        } else {
            Vec::new()
        }
    }
    fn move_text(pos: &ElPosition, mv: Move) -> String {
        pos.move_text(mv)
    }
    fn move_cell(pos: &ElPosition, mv: Move) -> Option<String> {
        Some(cell_name(pos.params().size, mv.cell as usize))
    }
    fn read_cell(pos: &ElPosition, word: &str) -> Result<String, NotACell> {
        let size = pos.params().size;
        parse_cell(size, word).map(|c| cell_name(size, c)).map_err(|why| NotACell(why.to_string()))
    }
    fn cells_in(pos: &ElPosition, text: &str) -> Vec<String> {
        cells_in_text(pos.params().size, text)
    }
    fn player_name(player: u8, lang: Lang) -> String {
        player_name(player as usize, lang).to_string()
    }
}
