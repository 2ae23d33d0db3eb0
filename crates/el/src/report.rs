//! EL's `boardpress solve` report ([`crate::game::report`]): after the board and the
//! status, the winning moves, the moves that hand the win to another player, and every
//! player's threats.

use super::notation::text_board;
use super::params::{PLAYER_LETTERS, PLAYER_NAMES};
use super::position::{ElPosition, Status};
use super::El;
use crate::game::report::{move_list, Report};

impl Report for El {
    const WHY_DRAWN: &'static str = " (full board)";

    fn board_text(pos: &ElPosition) -> String {
        text_board(pos) + "\n"
    }
    fn turn(pos: &ElPosition) -> String {
        let (made, empty, legal) = (pos.moves_made(), pos.empty().count_ones(), pos.legal_moves().len());
        format!("; {made} numbers written, {empty} empty cells, {legal} legal moves")
    }
    fn moves(pos: &ElPosition) -> String {
        let mover = pos.to_move();
        let legal = pos.legal_moves();
        let wins: Vec<_> = legal.iter().copied().filter(|&m| pos.status_after(m) == Status::Won(mover)).collect();
        let losing: Vec<_> =
            legal.iter().copied().filter(|&m| matches!(pos.status_after(m), Status::Won(w) if w != mover)).collect();
        let mut s =
            format!("winning moves for {}: {}\n", PLAYER_NAMES[mover as usize], move_list::<El>(pos, &wins, " "));
        s += &format!("moves that hand the win to another player: {}\n", move_list::<El>(pos, &losing, " "));
        for q in 0..pos.params().players as usize {
            let threats = move_list::<El>(pos, &pos.threats(q as u8), " ");
            s += &format!("threats of {} ({}): {threats}\n", PLAYER_NAMES[q], PLAYER_LETTERS[q]);
        }
        s
    }
    fn footer(_pos: &ElPosition) -> &'static str {
        "(moves are NUMBER@CELL: 4@c3 means write 4 on c3)\n"
    }
}
