//! Kamon's rules engine as the generic code sees it ([`crate::game::engine::Play`]): whose
//! turn it is, how the game stands, the legal moves, and moves and cells as text.

use super::notation::{cell_name, parse_cell};
use super::position::{player_name, KamonPosition};
use super::Kamon;
use crate::game::engine::{Outcome, Play};
use crate::game::{IllegalMove, NotACell};
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
    fn read_cell(_pos: &KamonPosition, word: &str) -> Result<String, NotACell> {
        parse_cell(word).map(cell_name).map_err(|why| NotACell(why.to_string()))
    }
    /// The cell names (`D4`) written in a text: a row letter A–G and a number, as a word.
    fn cells_in(_pos: &KamonPosition, text: &str) -> Vec<String> {
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.len() >= 2 && w.starts_with(|c: char| c.is_ascii_uppercase()))
            .filter(|w| w[1..].bytes().all(|b| b.is_ascii_digit()))
            .filter_map(|w| parse_cell(w).ok().map(cell_name))
            .collect()
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
