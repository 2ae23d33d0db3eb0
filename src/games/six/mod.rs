//! SIX (Steffen Mühlhäuser): place hexagonal tokens next to the cluster to form a line,
//! a triangle or a circle of six; then move them.
//!
//! `position` (rules), `notation` (position IDs).

pub mod draw;
pub mod generate;
pub mod notation;
pub mod pages;
pub mod position;
pub mod verify;

pub use notation::{parse_position_id, position_id};
pub use position::{Formation, Move, SixPosition, Status, WinKind};
