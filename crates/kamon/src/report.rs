//! Kamon's `boardpress solve` report ([`crate::game::report`]): after the board and the
//! status (with the constraint), the legal cells and the winning cells with how they win.

use super::notation::{cell_name, text_board};
use super::position::KamonPosition;
use super::Kamon;
use crate::game::report::{move_list, Report};

impl Report for Kamon {
    const WHY_DRAWN: &'static str = " (all 36 pawns placed)";

    fn board_text(pos: &KamonPosition) -> String {
        text_board(pos)
    }
    fn turn(pos: &KamonPosition) -> String {
        let constraint = match pos.constraint() {
            Some(t) => format!("must cover {} ({}): same symbol or same count", t.words(), t.code()),
            None => "first move: any free non-corner edge cell".into(),
        };
        format!(", {} pawns placed; {constraint}", pos.plies())
    }
    fn moves(pos: &KamonPosition) -> String {
        let wins: Vec<String> =
            pos.winning_moves().iter().map(|(b, how)| format!("{} ({})", cell_name(*b), how.word())).collect();
        let wins = if wins.is_empty() { "none".to_string() } else { wins.join(" ") };
        format!("legal cells: {}\nwinning cells: {wins}\n", move_list::<Kamon>(pos, &pos.legal_cells(), " "))
    }
}
