//! Kamon's `boardpress solve` report ([`crate::game::report`]): after the board and the
//! status (with the constraint), the legal cells and the winning cells with how they win.

use super::notation::{cell_name, text_board};
use super::position::{bits, KamonPosition, Status, PLAYER_NAMES as NAMES};
use super::Kamon;
use crate::game::report::Report;

impl Report for Kamon {
    fn board_text(pos: &KamonPosition) -> String {
        text_board(pos)
    }
    fn won(pos: &KamonPosition, winner: u8) -> String {
        let how = if let Status::Won(_, how) = pos.status() { how.word() } else { "" };
        format!("{} has won by {how}", NAMES[winner as usize])
    }
    fn why_drawn(_pos: &KamonPosition) -> String {
        " (all 36 pawns placed)".to_string()
    }
    fn turn(pos: &KamonPosition) -> String {
        let constraint = match pos.constraint() {
            Some(t) => format!("must cover {} ({}): same symbol or same count", t.words(), t.code()),
            None => "first move: any free non-corner edge cell".into(),
        };
        format!(", {} pawns placed; {constraint}", pos.plies())
    }
    fn moves(pos: &KamonPosition) -> String {
        let none_or = |v: Vec<String>| if v.is_empty() { "none".to_string() } else { v.join(" ") };
        let wins = pos.winning_moves().iter().map(|(b, how)| format!("{} ({})", cell_name(*b), how.word())).collect();
        format!(
            "legal cells: {}\nwinning cells: {}\n",
            none_or(bits(pos.legal()).map(cell_name).collect()),
            none_or(wins)
        )
    }
}
