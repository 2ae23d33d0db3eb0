//! `boardpress solve`: a position's status, legal and winning moves and threats, as the
//! game's report says them.

use crate::error::Result;
use crate::games;

/// The report on a position of `game`.
pub fn report(game: &str, id: &str) -> Result<String> {
    let game = games::find(game)?;
    Ok(game.solve(id)?)
}
