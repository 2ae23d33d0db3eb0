//! The games, each in its own folder behind the contract of [`crate::game`], and the
//! registry that lists them. Nothing outside this folder names a game: commands, layout,
//! rulebooks and records go through [`GAMES`].

// Each game is a crate of its own (`crates/<game>`), standing on the core and the
// contract alone.
pub use boardpress_el as el;
pub use boardpress_gosforth as gosforth;
pub use boardpress_kamon as kamon;
pub use boardpress_six as six;

use crate::error::{RecordError, RecordProblem, Result};
use crate::options::{GameOptions, OptionSpec, Use};

use crate::game::{Game, Record};

/// The registry: every game, one line each, in the order they are listed to users.
pub static GAMES: [&dyn Game; 4] = [&el::El, &kamon::Kamon, &six::Six, &gosforth::Gosforth];

/// The registry as the rulebook crate is handed it (the games a fence may name).
pub fn rulebook_games() -> crate::rulebook::Games {
    crate::rulebook::Games(&GAMES)
}

/// The game with this command-line word (any case); the error lists the games there are.
pub fn find(word: &str) -> Result<&'static dyn Game> {
    crate::names::one_of(&GAMES, |g| g.word(), "game", word)
}

/// Every game's word and option table (for messages naming an option's owner).
pub(crate) fn option_tables() -> Vec<(&'static str, &'static [OptionSpec])> {
    GAMES.iter().map(|g| (g.word(), g.options())).collect()
}

/// The options of `game` that apply to `used_for`, checked (an option of another game
/// or command is an error naming its owner).
pub(crate) fn checked_options(game: &dyn Game, options: &GameOptions, used_for: Use) -> Result<GameOptions> {
    options.check(&[(game.word(), game.options())], used_for, &option_tables())
}

/// Verifies one record of any game: the game and task it names, then every claim.
pub fn verify_any(r: &Record) -> std::result::Result<(), RecordError> {
    let at = |problem| RecordError { at: r.at.clone(), problem };
    let game = r.text("game").map_err(at)?;
    let game = find(game).map_err(|e| at(RecordProblem::Malformed(e.message())))?;
    let word = r.text("task").map_err(at)?;
    let id = r.text("id").map_err(at)?;
    let task = game.record_task(word, id).map_err(at)?;
    task.verify(r).map_err(at)
}
