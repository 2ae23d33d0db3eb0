//! Board geometry shared by the games: square grids now, hex grids later.

pub mod hex;
pub mod square;
