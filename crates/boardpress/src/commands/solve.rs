//! `boardpress solve`: a position's status, legal and winning moves and threats, as the
//! game's report says them.

use crate::error::{Error, Result};
use crate::games;

/// The report on a position: `game` names the game and `id` is the position ID, or `game`
/// is the ID alone (its first word names the game).
pub fn report(game: &str, id: Option<&str>) -> Result<String> {
    let (game, id) = match id {
        Some(id) => (games::find(game)?, id),
        None => match game.split_once(':') {
            Some((word, _)) => {
                let found = games::find(word).map_err(|e| {
                    Error::input(format!("the position ID starts with '{word}', which is no game: {e}"))
                })?;
                (found, game)
            }
            None => {
                return Err(Error::input(format!(
                    "give the position to solve: boardpress solve {game} ID (or the ID alone, which names its game)"
                )))
            }
        },
    };
    Ok(game.solve(id)?)
}
