//! Six's rules engine as the generic code sees it ([`crate::game::engine::Play`]): whose
//! turn it is, how the game stands, the legal moves, and moves and cells as text.

use super::notation::{cells_in_text, not_a_cell, parse_cell};
use super::position::{cell_name, move_text, player_name, Move, SixPosition, WinKind};
use super::Six;
use crate::game::engine::{Outcome, Play};
use crate::game::{IllegalMove, NotACell};
use crate::geom::hex::Axial;
use crate::lang::Lang;

impl Play for Six {
    const PLAYER_LETTERS: &'static [&'static str] = &["r", "b"];

    fn to_move(pos: &SixPosition) -> u8 {
        pos.to_move()
    }
    fn outcome(pos: &SixPosition) -> Outcome {
        pos.status().outcome()
    }
    fn win_kind(pos: &SixPosition) -> Option<&'static str> {
        pos.status().how().map(|how| match how {
            WinKind::Formation(f) => f.word(),
            WinKind::Outnumbered => "outnumbered",
        })
    }
    fn legal_moves(pos: &SixPosition) -> Vec<Move> {
        pos.legal_moves()
    }
    fn play(pos: &mut SixPosition, mv: Move) -> Result<(), IllegalMove> {
        pos.play(mv).map(|_| ())
    }
    fn winning_moves(pos: &SixPosition) -> Vec<Move> {
        pos.winning_moves()
    }
    fn move_text(_pos: &SixPosition, mv: Move) -> String {
        move_text(mv)
    }
    /// A move is listed by the cell its token goes to.
    fn move_cell(_pos: &SixPosition, mv: Move) -> Option<String> {
        Some(cell_name(target(mv)))
    }
    /// A relocation names the cell it lifts from too.
    fn move_cells(_pos: &SixPosition, mv: Move) -> Vec<String> {
        match mv {
            Move::Place(c) => vec![cell_name(c)],
            Move::Relocate { from, to, .. } => vec![cell_name(from), cell_name(to)],
        }
    }
    fn read_cell(_pos: &SixPosition, word: &str) -> Result<String, NotACell> {
        parse_cell(word).map(cell_name).ok_or_else(|| not_a_cell(word))
    }
    fn cells_in(_pos: &SixPosition, text: &str) -> Vec<String> {
        cells_in_text(text)
    }
    fn player_name(player: u8, lang: Lang) -> String {
        player_name(player as usize, lang).to_string()
    }
}

/// Where a move puts a token.
pub(crate) fn target(mv: Move) -> Axial {
    match mv {
        Move::Place(c) | Move::Relocate { to: c, .. } => c,
    }
}
