//! The text `boardpress solve` prints for a Gosforth position: the board, the scores,
//! the status, and every legal move with the points it scores (and for whom).

use super::notation::text_board;
use super::position::{move_text, GosforthPosition, Stage, Status, PLAYER_NAMES as NAMES};

/// The text `solve gosforth` prints: the board, scores, and every legal move with the
/// points it scores (and for whom).
pub fn solve_report(pos: &GosforthPosition) -> String {
    let mut s = text_board(pos);
    let sc = pos.scores();
    s += &format!("scores: X {} · O {} (target {})\n", sc[0], sc[1], pos.target());
    match pos.status() {
        Status::Won(w) => s += &format!("status: game over, {} has won\n", NAMES[w as usize]),
        Status::Drawn => s += "status: game over, draw at the ply cap\n",
        Status::Ongoing => {
            let stage = if pos.stage() == Stage::Placing { "placing" } else { "movement" };
            s += &format!("status: {} to move ({stage} stage)\n", NAMES[pos.to_move() as usize]);
            for mv in pos.legal_moves() {
                let (next, who, pts) = pos.after(mv);
                let reaches = matches!(next.status(), Status::Won(w) if w == who) && pts > 0;
                let won = match (reaches, who == pos.to_move()) {
                    (true, true) => " — reaches the target: wins".to_string(),
                    (true, false) => format!(" — hands {} the target: loses", NAMES[who as usize]),
                    (false, _) => String::new(),
                };
                let scored = if pts == 0 { "no points".to_string() } else { format!("{} +{pts}", NAMES[who as usize]) };
                s += &format!("  {:<6} {scored}{won}\n", move_text(mv));
            }
            s += "(a move 'b3>' slides the piece on b3 into the gap)\n";
        }
    }
    s
}
