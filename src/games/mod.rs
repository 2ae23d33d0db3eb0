//! The games. Each lives in its own folder behind the same shape of API: parameters
//! that round-trip through text, position IDs with validated parsing, legal moves and
//! outcomes, a generator, an exhaustive verifier, and drawing into a scene.

pub mod el;
pub mod gosforth;
pub mod kamon;
pub mod six;

/// The games boardpress knows, by their command-line name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// EL (Larry Levy).
    El,
    /// Kamon (Bruno Cathala).
    Kamon,
    /// SIX (Steffen Mühlhäuser).
    Six,
    /// Gosforth (the 5x5 game by Lloyd).
    Gosforth,
}

impl Game {
    /// Every implemented game, in the order they are listed to users.
    pub const ALL: [Game; 4] = [Game::El, Game::Kamon, Game::Six, Game::Gosforth];

    /// The command-line and file-name word.
    pub fn word(self) -> &'static str {
        match self {
            Game::El => "el",
            Game::Kamon => "kamon",
            Game::Six => "six",
            Game::Gosforth => "gosforth",
        }
    }

    /// The display name.
    pub fn title(self) -> &'static str {
        match self {
            Game::El => "EL",
            Game::Kamon => "Kamon",
            Game::Six => "SIX",
            Game::Gosforth => "Gosforth",
        }
    }

    /// Parses a game name; the error lists the games there are.
    pub fn parse(text: &str) -> Result<Game, String> {
        Game::ALL.into_iter().find(|g| g.word() == text.to_ascii_lowercase()).ok_or_else(|| {
            let names: Vec<&str> = Game::ALL.iter().map(|g| g.word()).collect();
            format!("unknown game '{text}' (available: {})", names.join(", "))
        })
    }
}
