//! The text `boardpress solve` prints for a Kamon position: the board, the status, the
//! constraint, the legal cells and the winning cells with how they win.

use super::notation::{cell_name, text_board};
use super::position::{bits, KamonPosition, Status, PLAYER_NAMES as NAMES};

/// The text `solve kamon` prints.
pub fn solve_report(pos: &KamonPosition) -> String {
    let mut s = text_board(pos);
    let names = |mask: u64| {
        let v: Vec<String> = bits(mask).map(cell_name).collect();
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(" ")
        }
    };
    match pos.status() {
        Status::Won(w, how) => s += &format!("status: game over, {} has won by {}\n", NAMES[w as usize], how.word()),
        Status::Drawn => s += "status: game over, draw (all 36 pawns placed)\n",
        Status::Ongoing => {
            let constraint = match pos.constraint() {
                Some(t) => format!("must cover {} ({}): same symbol or same count", t.words(), t.code()),
                None => "first move: any free non-corner edge cell".into(),
            };
            s += &format!(
                "status: {} to move, {} pawns placed; {constraint}\n",
                NAMES[pos.to_move() as usize],
                pos.plies()
            );
            s += &format!("legal cells: {}\n", names(pos.legal()));
            let wins: Vec<String> =
                pos.winning_moves().iter().map(|(b, how)| format!("{} ({})", cell_name(*b), how.word())).collect();
            s += &format!("winning cells: {}\n", if wins.is_empty() { "none".into() } else { wins.join(" ") });
        }
    }
    s
}
