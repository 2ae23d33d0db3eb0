//! Board geometry shared by the games: square grids now, hex grids later.

pub mod hex;
pub mod rect;
pub mod square;

pub use rect::Rect;
