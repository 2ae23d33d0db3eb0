//! EL (Larry Levy): write numbers on a square grid to complete a line or an L whose
//! numbers are exactly 1..K, holding the colour majority of its cells.
//!
//! `params` (variants), `shapes` (placements), `position` (rules), `notation` (IDs),
//! `generate` (win-in-one puzzles), `draw` (diagrams into a scene).

pub mod draw;
pub mod generate;
pub mod notation;
pub mod params;
pub mod position;
pub mod shapes;
pub mod verify;

pub use notation::{parse_position_id, position_id, rules_for};
pub use params::{ElParams, Shape};
pub use position::{ElPosition, Mark, Move, Status};
