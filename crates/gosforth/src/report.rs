//! Gosforth's `boardpress solve` report ([`crate::game::report`]): the board and the
//! scores, the status, and every legal move with the points it scores (and for whom).

use super::notation::text_board;
use super::position::{move_text, GosforthPosition, Stage, Status, PLAYER_NAMES as NAMES};
use super::Gosforth;
use crate::game::report::Report;

impl Report for Gosforth {
    const WHY_DRAWN: &'static str = " at the ply cap";

    fn board_text(pos: &GosforthPosition) -> String {
        let sc = pos.scores();
        text_board(pos) + &format!("scores: X {} · O {} (target {})\n", sc[0], sc[1], pos.target())
    }
    fn turn(pos: &GosforthPosition) -> String {
        format!(" ({} stage)", if pos.stage() == Stage::Placing { "placing" } else { "movement" })
    }
    fn moves(pos: &GosforthPosition) -> String {
        let mut s = String::new();
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
        s + "(a move 'b3>' slides the piece on b3 into the gap)\n"
    }
}
