//! Board geometry shared by the games: square grids now, hex grids later.

pub mod hex;
pub mod rect;
pub mod square;
pub mod units;

pub use rect::Rect;
