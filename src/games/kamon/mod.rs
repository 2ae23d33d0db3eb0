//! Kamon (Bruno Cathala): take tokens matching the last one taken, to join two opposite
//! sides, close a ring, or leave the opponent without a move.
//!
//! `position` (rules), `notation` (IDs and the seeded set-up).

pub mod draw;
pub mod generate;
pub mod notation;
pub mod pages;
pub mod position;
pub mod verify;

pub use notation::{parse_position_id, position_id, seeded_setup};
pub use position::{CellContent, KamonPosition, Status, Token, WinKind};
