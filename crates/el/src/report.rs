//! The text `boardpress solve` prints for an EL position: the board, the status, the
//! winning moves, the moves that hand the win to another player, and every player's
//! threats.

use super::notation::text_board;
use super::params::{PLAYER_LETTERS, PLAYER_NAMES};
use super::position::{ElPosition, Move, Status};

/// The text `solve` prints for a position.
pub fn solve_report(pos: &ElPosition) -> String {
    let p = pos.params();
    let mut s = text_board(pos);
    s.push('\n');
    let list = |moves: &[Move]| {
        if moves.is_empty() {
            "none".to_string()
        } else {
            moves.iter().map(|m| pos.move_text(*m)).collect::<Vec<_>>().join(" ")
        }
    };
    match pos.status() {
        Status::Won(w) => s += &format!("status: game over, {} has won\n", PLAYER_NAMES[w as usize]),
        Status::Drawn => s += "status: game over, draw (full board)\n",
        Status::Ongoing => {
            let mover = pos.to_move();
            s += &format!(
                "status: {} to move; {} numbers written, {} empty cells, {} legal moves\n",
                PLAYER_NAMES[mover as usize],
                pos.moves_made(),
                pos.empty().count_ones(),
                pos.legal_moves().len()
            );
            let legal = pos.legal_moves();
            let wins: Vec<_> = legal.iter().copied().filter(|&m| pos.status_after(m) == Status::Won(mover)).collect();
            let losing: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&m| matches!(pos.status_after(m), Status::Won(w) if w != mover))
                .collect();
            s += &format!("winning moves for {}: {}\n", PLAYER_NAMES[mover as usize], list(&wins));
            s += &format!("moves that hand the win to another player: {}\n", list(&losing));
            for q in 0..p.players {
                s += &format!(
                    "threats of {} ({}): {}\n",
                    PLAYER_NAMES[q as usize],
                    PLAYER_LETTERS[q as usize],
                    list(&pos.threats(q))
                );
            }
        }
    }
    s += "(moves are NUMBER@CELL: 4@c3 means write 4 on c3)\n";
    s
}
