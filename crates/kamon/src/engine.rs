//! Kamon's rules engine as the generic code sees it ([`crate::game::engine::Play`]): whose
//! turn it is, how the game stands, the legal moves, and moves and cells as text.

use super::notation::cell_name;
use super::position::{player_name, KamonPosition};
use super::Kamon;
use crate::game::engine::{Outcome, Play};
use crate::game::IllegalMove;
use crate::lang::Lang;

impl Play for Kamon {
    const PLAYER_LETTERS: &'static [&'static str] = &["B", "W"];

    fn to_move(pos: &KamonPosition) -> u8 {
        pos.to_move()
    }
    fn outcome(pos: &KamonPosition) -> Outcome {
        pos.status().outcome()
    }
    fn win_kind(pos: &KamonPosition) -> Option<&'static str> {
        pos.status().how().map(|kind| kind.word())
    }
    fn legal_moves(pos: &KamonPosition) -> Vec<u32> {
        pos.legal_cells()
    }
    fn play(pos: &mut KamonPosition, bit: u32) -> Result<(), IllegalMove> {
        pos.play(bit).map(|_| ())
    }
    fn winning_moves(pos: &KamonPosition) -> Vec<u32> {
        pos.winning_moves().into_iter().map(|(bit, _)| bit).collect()
    }
    fn move_text(_pos: &KamonPosition, bit: u32) -> String {
        cell_name(bit)
    }
    fn move_cell(_pos: &KamonPosition, bit: u32) -> Option<String> {
        Some(cell_name(bit))
    }
    fn player_name(player: u8, lang: Lang) -> String {
        player_name(player as usize, lang).to_string()
    }
    fn player_of(word: &str) -> Option<u8> {
        match word {
            "B" | "b" | "black" | "Black" => Some(0),
            "W" | "w" | "white" | "White" => Some(1),
            _ => None,
        }
    }
}
