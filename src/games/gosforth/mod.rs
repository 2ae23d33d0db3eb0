//! Gosforth (the 5x5 game by Lloyd): place twelve pieces each, then slide pieces into
//! the gap; four or five in a row score, first to the target wins.
//!
//! `position` (rules and scoring), `notation` (position IDs).

pub mod draw;
pub mod generate;
pub mod notation;
pub mod pages;
pub mod position;
pub mod verify;

pub use notation::{parse_position_id, position_id};
pub use position::{GosforthPosition, Move, Stage, Status};
