//! SIX's `boardpress solve` report ([`crate::game::report`]): after the tokens and the
//! status, the winning moves, and in round one the other player's threats.

use super::notation::text_board;
use super::position::{SixPosition, Status, WinKind, PLAYER_NAMES as NAMES};
use super::Six;
use crate::game::report::{move_list, Report};

impl Report for Six {
    fn board_text(pos: &SixPosition) -> String {
        text_board(pos)
    }
    fn won(pos: &SixPosition, winner: u8) -> String {
        match pos.status() {
            Status::Won(_, WinKind::Formation(f)) => format!("{} has a {}", NAMES[winner as usize], f.word()),
            _ => format!("{} wins: the other has five tokens or fewer", NAMES[winner as usize]),
        }
    }
    fn turn(pos: &SixPosition) -> String {
        format!(", round {}, {} legal moves", pos.round(), pos.legal_moves().len())
    }
    fn moves(pos: &SixPosition) -> String {
        let mut s = format!("winning moves: {}\n", move_list::<Six>(pos, &pos.winning_moves(), "  "));
        if pos.round() == 1 {
            // What the opponent would win with if it were his turn.
            let theirs = SixPosition::from_tokens(pos.tokens(), pos.hands(), 1 - pos.to_move(), 0);
            let threats = move_list::<Six>(&theirs, &theirs.winning_moves(), "  ");
            s += &format!("threats of {}: {threats}\n", NAMES[1 - pos.to_move() as usize]);
        }
        s
    }
}
