//! EL variant parameters, and their compact text form used inside position IDs.
//!
//! The params part of an ID is `NxN` followed by comma-separated options, each written
//! only when it differs from its default, always in this order:
//!
//! | option | meaning | default |
//! |---|---|---|
//! | `nM` | numbers 1..M may be written | 6 |
//! | `kK` | an EL has K cells | M (6 with `consecutive`) |
//! | `pP` | P players (r, b, g, y) | 2 |
//! | `consecutive` | an EL needs K consecutive numbers, not exactly 1..K | off |
//! | `any` / `snake` | any orthogonally connected K cells / an induced path | line or L |
//! | `p2full` | a full board without a winner is a win for the second player | draw |
//! | `balance` | the first player's first two numbers must be equal | off |
//!
//! So the base game is `6x6`, the big game `8x8,n8`, the consecutive game
//! `7x7,n8,consecutive`, three players `8x8,p3`, four players `8x8,n8,p4,any`.

use crate::geom::square::MAX_ENGINE_SIZE;
use crate::lang::Lang;

boardpress_core::message_error! {
    /// Why an EL variant cannot be played, or its params cannot be read ("no line or L of
    /// 8 cells fits a 4x4 board").
    ParamsError
}

/// Which sets of K cells count as an EL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A straight line of K cells or an L (one right-angle turn): the real game.
    LineOrL,
    /// Any orthogonally connected set of K cells (four-player variant).
    Any,
    /// An orthogonally connected set of K cells forming an induced path (a "snake").
    Snake,
}

impl Shape {
    /// The option word in a params ID and on the command line.
    pub fn word(self) -> &'static str {
        match self {
            Shape::LineOrL => "el",
            Shape::Any => "any",
            Shape::Snake => "snake",
        }
    }
}

/// Every variant of EL as parameters of one engine (RULES.md §3.6).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ElParams {
    /// Side of the square board.
    pub size: u8,
    /// Highest number that may be written (1..=numbers).
    pub numbers: u8,
    /// Cells in an EL.
    pub length: u8,
    /// Number of players, 2 to 4.
    pub players: u8,
    /// An EL needs `length` consecutive numbers rather than exactly 1..length.
    pub consecutive: bool,
    /// The shapes that count.
    pub shape: Shape,
    /// A full board without a winner is a win for the second player (instead of a draw).
    pub full_board_p2: bool,
    /// The first player's second number must equal the first (the author's balancing rule).
    pub balance: bool,
}

impl Default for ElParams {
    fn default() -> Self {
        ElParams {
            size: 6,
            numbers: 6,
            length: 6,
            players: 2,
            consecutive: false,
            shape: Shape::LineOrL,
            full_board_p2: false,
            balance: false,
        }
    }
}

/// The colour letters of players 0..4, in turn order.
pub const PLAYER_LETTERS: [char; 4] = ['r', 'b', 'g', 'y'];
/// The colour names of players 0..4.
pub const PLAYER_NAMES: [&str; 4] = ["Red", "Blue", "Green", "Yellow"];

/// Player `p`'s colour name in `lang` (Red, Blue, Green, Yellow).
pub fn player_name(p: usize, lang: Lang) -> &'static str {
    lang.t(["el.player.red", "el.player.blue", "el.player.green", "el.player.yellow"][p])
}

impl ElParams {
    /// The default EL length for a number range: all the numbers, or 6 when consecutive.
    pub fn default_length(numbers: u8, consecutive: bool) -> u8 {
        if consecutive {
            6
        } else {
            numbers
        }
    }

    /// Whether an EL is shorter than the highest number without consecutive ELs: what the
    /// option `consecutive` would make playable (a longer one it would not).
    pub fn wants_consecutive(&self) -> bool {
        !self.consecutive && self.length < self.numbers
    }

    /// The smallest board side on which an EL of this length fits its shape: what
    /// [`ElParams::validate`] holds the size to.
    pub fn smallest_size(&self) -> u8 {
        let length = self.length as usize;
        let side = match self.shape {
            // A line or an L of `length` cells needs a side of `length` + 1 over two: its
            // longest is a row and a column that share a corner.
            Shape::LineOrL => (length + 1).div_ceil(2),
            _ => (1..).find(|s| s * s >= length).unwrap_or(length),
        };
        side.max(3) as u8
    }

    /// Checks that the combination makes a playable game; the message names the problem.
    pub fn validate(&self) -> Result<(), ParamsError> {
        if !(3..=MAX_ENGINE_SIZE).contains(&self.size) {
            return Err(ParamsError(format!("board size {} is outside 3..{MAX_ENGINE_SIZE}", self.size)));
        }
        if !(3..=9).contains(&self.numbers) {
            return Err(ParamsError(format!("highest number {} is outside 3..9", self.numbers)));
        }
        if !(2..=4).contains(&self.players) {
            return Err(ParamsError(format!("{} players: EL is for 2 to 4 players", self.players)));
        }
        if self.length < 3 {
            return Err(ParamsError(format!("EL length {} is below 3", self.length)));
        }
        if self.consecutive {
            if self.length >= self.numbers {
                return Err(ParamsError(format!(
                    "consecutive ELs of {} cells need numbers beyond {}, but the numbers are 1..{}",
                    self.length, self.length, self.numbers
                )));
            }
        } else if self.length != self.numbers {
            return Err(ParamsError(format!(
                "an EL of {} cells needs the numbers 1..{}, but the numbers are 1..{}",
                self.length, self.length, self.numbers
            )));
        }
        if self.size < self.smallest_size() {
            let what = if self.shape == Shape::LineOrL { "line or L" } else { "shape" };
            return Err(ParamsError(format!(
                "no {what} of {} cells fits a {}x{} board",
                self.length, self.size, self.size
            )));
        }
        if self.shape != Shape::LineOrL && (self.size > 8 || self.length > 8) {
            return Err(ParamsError(
                "the any-shape and snake options support boards up to 8x8 and shapes up to 8 cells".into(),
            ));
        }
        Ok(())
    }

    /// Cells on the board.
    pub fn cells(&self) -> usize {
        self.size as usize * self.size as usize
    }

    /// The params part of a position ID, e.g. `6x6` or `7x7,n8,consecutive`.
    pub fn to_id(&self) -> String {
        let mut s = format!("{}x{}", self.size, self.size);
        if self.numbers != 6 {
            s += &format!(",n{}", self.numbers);
        }
        if self.length != Self::default_length(self.numbers, self.consecutive) {
            s += &format!(",k{}", self.length);
        }
        if self.players != 2 {
            s += &format!(",p{}", self.players);
        }
        if self.consecutive {
            s += ",consecutive";
        }
        if self.shape != Shape::LineOrL {
            s += ",";
            s += self.shape.word();
        }
        if self.full_board_p2 {
            s += ",p2full";
        }
        if self.balance {
            s += ",balance";
        }
        s
    }

    /// Parses the params part of a position ID and validates it.
    pub fn parse(text: &str) -> Result<Self, ParamsError> {
        let mut parts = text.split(',');
        let dims = parts.next().unwrap_or("");
        let (w, h) = dims
            .split_once('x')
            .ok_or_else(|| ParamsError(format!("params '{text}' must start with the board size, e.g. 6x6")))?;
        let w: u8 = w.parse().map_err(|_| ParamsError(format!("board size '{dims}' is not NxN")))?;
        let h: u8 = h.parse().map_err(|_| ParamsError(format!("board size '{dims}' is not NxN")))?;
        if w != h {
            return Err(ParamsError(format!("board size '{dims}': EL boards are square")));
        }
        let mut p = ElParams { size: w, ..ElParams::default() };
        let mut length = None;
        for opt in parts {
            let number = |prefix: char| -> Result<u8, ParamsError> {
                opt[1..]
                    .parse()
                    .map_err(|_| ParamsError(format!("option '{opt}': '{prefix}' must be followed by a number")))
            };
            match opt {
                "consecutive" => p.consecutive = true,
                "any" => p.shape = Shape::Any,
                "snake" => p.shape = Shape::Snake,
                "p2full" => p.full_board_p2 = true,
                "balance" => p.balance = true,
                _ if opt.starts_with('n') => p.numbers = number('n')?,
                _ if opt.starts_with('k') => length = Some(number('k')?),
                _ if opt.starts_with('p') => p.players = number('p')?,
                "" => return Err(ParamsError(format!("params '{text}' has an empty option"))),
                _ => return Err(ParamsError(format!("unknown EL option '{opt}' in '{text}'"))),
            }
        }
        p.length = length.unwrap_or(Self::default_length(p.numbers, p.consecutive));
        p.validate().map_err(|e| match p.wants_consecutive() {
            true => ParamsError(format!("{} (add the option 'consecutive' for runs of numbers)", e.0)),
            false => e,
        })?;
        Ok(p)
    }

    /// The sets of numbers (as bit masks, bit v = number v) that complete an EL.
    pub fn target_sets(&self) -> Vec<u16> {
        let run = |from: u8| (from..from + self.length).fold(0u16, |m, v| m | 1 << v);
        if self.consecutive {
            (1..=self.numbers - self.length + 1).map(run).collect()
        } else {
            vec![run(1)]
        }
    }

    /// A one-line description for captions, e.g. "6x6 · numbers 1–6 · ELs of 6".
    pub fn describe(&self, lang: Lang) -> String {
        let n = self.length;
        let mut s =
            format!("{}x{} · {} · ", self.size, self.size, lang.f("el.describe.numbers", &[("n", &self.numbers)]));
        s += &match self.shape {
            Shape::LineOrL => lang.f("el.describe.el", &[("n", &n)]),
            Shape::Any => lang.f("el.describe.any", &[("n", &n)]),
            Shape::Snake => lang.f("el.describe.snake", &[("n", &n)]),
        };
        if self.consecutive {
            s += &format!(" ({})", lang.t("el.describe.consecutive"));
        }
        if self.players != 2 {
            s += &format!(" · {}", lang.f("el.describe.players", &[("n", &self.players)]));
        }
        if self.full_board_p2 {
            s += &format!(" · {}", lang.t("el.describe.full_board"));
        }
        if self.balance {
            s += &format!(" · {}", lang.t("el.describe.balance"));
        }
        s
    }
}

/// "Red numbers plain · Blue numbers circled …" for the players of a variant.
pub fn mark_legend(players: u8, lang: Lang) -> String {
    let marks = ["el.mark.plain", "el.mark.circled", "el.mark.boxed", "el.mark.underlined"];
    (0..players as usize)
        .map(|p| lang.f(marks[p], &[("player", &player_name(p, lang))]))
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_variants_round_trip() {
        for id in
            ["6x6", "8x8,n8", "7x7,n8,consecutive", "8x8,p3", "8x8,n8,p4,any", "6x6,p2full,balance", "8x8,n8,p4,snake"]
        {
            let p = ElParams::parse(id).unwrap();
            assert_eq!(p.to_id(), id);
        }
        let big = ElParams::parse("8x8,n8").unwrap();
        assert_eq!((big.size, big.numbers, big.length), (8, 8, 8));
    }

    #[test]
    fn bad_params_say_why() {
        assert!(ElParams::parse("6x7").unwrap_err().0.contains("square"));
        assert!(ElParams::parse("12x12").unwrap_err().0.contains("outside"));
        assert!(ElParams::parse("6x6,n8,k6").unwrap_err().0.contains("the option 'consecutive'"));
        assert!(ElParams::parse("6x6,zz").unwrap_err().0.contains("unknown EL option 'zz'"));
        assert!(ElParams::parse("6x6,p5").unwrap_err().0.contains("5 players"));
        assert!(ElParams::parse("axb").is_err());
        assert!(ElParams::parse("").is_err());
        assert!(ElParams::parse("6x6,,n6").is_err());
    }

    #[test]
    fn consecutive_target_sets() {
        let p = ElParams::parse("7x7,n8,consecutive").unwrap();
        assert_eq!(ElParams::parse("7x7,n8,k6,consecutive").unwrap(), p);
        assert_eq!(p.target_sets(), vec![0b1111110, 0b11111100, 0b111111000]);
    }
}
