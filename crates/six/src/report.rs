//! The text `boardpress solve` prints for a SIX position: the tokens, the status, the
//! winning moves, and in round one the other player's threats.

use super::notation::text_board;
use super::position::{move_text, SixPosition, Status, WinKind, PLAYER_NAMES as NAMES};

/// The text `solve six` prints.
pub fn solve_report(pos: &SixPosition) -> String {
    let mut s = text_board(pos);
    match pos.status() {
        Status::Won(w, WinKind::Formation(f)) => {
            s += &format!("status: game over, {} has a {}\n", NAMES[w as usize], f.word())
        }
        Status::Won(w, WinKind::Outnumbered) => {
            s += &format!("status: game over, {} wins: the other has five tokens or fewer\n", NAMES[w as usize])
        }
        Status::Drawn => s += "status: game over, draw\n",
        Status::Ongoing => {
            let moves = pos.legal_moves();
            s += &format!(
                "status: {} to move, round {}, {} legal moves\n",
                NAMES[pos.to_move() as usize],
                pos.round(),
                moves.len()
            );
            let wins: Vec<String> = pos.winning_moves().into_iter().map(move_text).collect();
            s += &format!("winning moves: {}\n", if wins.is_empty() { "none".into() } else { wins.join("  ") });
            if pos.round() == 1 {
                // What the opponent would win with if it were his turn.
                let theirs = SixPosition::from_tokens(pos.tokens(), pos.hands(), 1 - pos.to_move(), 0);
                let threats: Vec<String> = theirs.winning_moves().into_iter().map(move_text).collect();
                let listed = if threats.is_empty() { "none".into() } else { threats.join("  ") };
                s += &format!("threats of {}: {listed}\n", NAMES[1 - pos.to_move() as usize]);
            }
        }
    }
    s
}
