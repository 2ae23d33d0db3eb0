//! EL's options (the variants of RULES.md §3.6) and the variant they describe, both ways:
//! options to [`ElParams`] and back.

use super::params::{ElParams, Shape};
use crate::error::{Error, Result, Words};
use crate::geom::square::{MAX_ENGINE_SIZE, MAX_PRINT_SIZE};
use crate::options::{GameOptions, Kind, OptionSpec, Use};

const ALL_USES: &[Use] = &[Use::Puzzles, Use::Board, Use::Rules];

/// EL's options: the variants of RULES.md §3.6.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "size",
        kind: Kind::Number {
            min: 3,
            max: MAX_PRINT_SIZE as u32,
            default: Some(6),
            played_max: Some(MAX_ENGINE_SIZE as u32),
        },
        help: "Board side (3 to 11; blank boards up to 26).",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "numbers",
        kind: Kind::Number { min: 3, max: 9, default: Some(6), played_max: None },
        help: "Highest number players write (3 to 9).",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "length",
        kind: Kind::Number { min: 3, max: 9, default: None, played_max: None },
        help: "Cells in an EL [default: the highest number; 6 with --consecutive].",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "players",
        kind: Kind::Number { min: 2, max: 4, default: Some(2), played_max: None },
        help: "Number of players (2 to 4).",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "consecutive",
        kind: Kind::Flag,
        help: "An EL needs consecutive numbers (e.g. 7x7 with numbers 1-8, runs of 6).",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "shape",
        kind: Kind::Choice(&[
            ("el", "A straight line or an L."),
            ("any", "Any orthogonally connected set."),
            ("snake", "An induced path."),
        ]),
        help: "Which shapes count: line or L (el), any connected shape (any), induced path (snake).",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "full-board-p2",
        kind: Kind::Flag,
        help: "A full board without a winner is a win for the second player.",
        uses: ALL_USES,
    },
    OptionSpec {
        name: "balance",
        kind: Kind::Flag,
        help: "The balancing rule: the first player's first two numbers must be equal.",
        uses: ALL_USES,
    },
];

/// The variant the options describe, validated.
pub fn variant_params(options: &GameOptions) -> Result<ElParams> {
    let numbers = options.byte("numbers").unwrap_or(6);
    let consecutive = options.flag("consecutive");
    let p = ElParams {
        size: options.byte("size").unwrap_or(6),
        numbers,
        length: options.byte("length").unwrap_or(ElParams::default_length(numbers, consecutive)),
        players: options.byte("players").unwrap_or(2),
        consecutive,
        shape: match options.get("shape") {
            Some("any") => Shape::Any,
            Some("snake") => Shape::Snake,
            _ => Shape::LineOrL,
        },
        full_board_p2: options.flag("full-board-p2"),
        balance: options.flag("balance"),
    };
    p.validate().map_err(|e| Error::input(remedy(&p, Words::from(e.0))))?;
    Ok(p)
}

/// The words of why the variant `p` is not playable, with what to set to make it so.
fn remedy(p: &ElParams, why: Words) -> Words {
    if p.wants_consecutive() {
        why.then(" (use ").then_setting("consecutive", None).then(" for runs of numbers)")
    } else if !p.consecutive && p.length > p.numbers {
        why.then(" (use ")
            .then_setting("numbers", Some(&p.length.to_string()))
            .then(", or ")
            .then_setting("length", Some(&p.numbers.to_string()))
            .then(")")
    } else if p.consecutive && p.length >= p.numbers {
        // Numbers beyond the length (there are at most 9), or a length below the numbers
        // (of 3 cells at least).
        let (more, shorter) = ((p.length + 1).to_string(), (p.numbers - 1).to_string());
        match (p.length < 9, p.numbers > 3) {
            (true, true) => why
                .then(" (use ")
                .then_setting("numbers", Some(&more))
                .then(" or more, or ")
                .then_setting("length", Some(&shorter))
                .then(" or less)"),
            (true, false) => why.then(" (use ").then_setting("numbers", Some(&more)).then(" or more)"),
            (false, _) => why.then(" (use ").then_setting("length", Some(&shorter)).then(" or less)"),
        }
    } else if p.size < p.smallest_size() {
        why.then(" (use ").then_setting("size", Some(&p.smallest_size().to_string())).then(" or more)")
    } else if p.shape != Shape::LineOrL && p.size > 8 {
        why.then(" (use ").then_setting("size", Some("8")).then(" or less)")
    } else if p.shape != Shape::LineOrL && p.length > 8 {
        let shorter = if p.consecutive { "length" } else { "numbers" };
        why.then(" (use ").then_setting(shorter, Some("8")).then(" or less)")
    } else {
        why
    }
}

/// The options that describe a variant: the inverse of [`variant_params`].
pub(crate) fn variant_options(p: &ElParams) -> GameOptions {
    let mut options = GameOptions::new()
        .with("size", p.size.to_string())
        .with("numbers", p.numbers.to_string())
        .with("length", p.length.to_string())
        .with("players", p.players.to_string())
        .with("shape", p.shape.word());
    for (flag, set) in [("consecutive", p.consecutive), ("full-board-p2", p.full_board_p2), ("balance", p.balance)] {
        if set {
            options.set(flag, "true");
        }
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record's task is made from the options its ID fixes: for every kind of variant
    /// the options read back as the same variant.
    #[test]
    fn variant_options_read_back_as_the_variant() {
        let ids =
            ["6x6", "8x8,n8", "7x7,n8,consecutive", "9x9,n9,p4", "6x6,p3", "6x6,any", "7x7,n7,snake,p2full,balance"];
        for id in ids {
            let params = ElParams::parse(id).unwrap();
            assert_eq!(params.to_id(), id);
            assert_eq!(variant_params(&variant_options(&params)).unwrap(), params, "{id}");
        }
    }
}
