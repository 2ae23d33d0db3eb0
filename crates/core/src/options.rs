//! Game options: what a game lets the user choose besides the generic settings (EL's
//! board size, SIX's round, Gosforth's target, …). Each game declares its options as a
//! table of [`OptionSpec`]s; the command line, a book spec or a web request hand them
//! over as [`GameOptions`], name → value, and the game reads typed values back.

use std::collections::BTreeMap;

use crate::error::{Error, Result, Words};

/// The commands an option can belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    /// `boardpress puzzles` (and `render`, `book`).
    Puzzles,
    /// `boardpress board`.
    Board,
    /// `boardpress rules`.
    Rules,
}

impl Use {
    /// The noun used in messages: "puzzles", "boards", "rulebooks".
    pub fn noun(self) -> &'static str {
        match self {
            Use::Puzzles => "puzzles",
            Use::Board => "boards",
            Use::Rules => "rulebooks",
        }
    }
}

/// The kind of value an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A switch: present or not.
    Flag,
    /// A whole number in `min..=max`, with the value that means "as if not given".
    Number {
        /// Smallest value accepted.
        min: u32,
        /// Largest value accepted.
        max: u32,
        /// The default, if the option has one (a value equal to it is not repeated in
        /// the recreating command).
        default: Option<u32>,
        /// The largest value for games that are played (puzzles and rulebooks), when it
        /// is below `max`: EL's engine plays boards up to 11 cells a side, blank boards
        /// print up to 26.
        played_max: Option<u32>,
    },
    /// One word of a list: (word, help) pairs; the first is the default.
    Choice(&'static [(&'static str, &'static str)]),
}

/// One option of a game.
#[derive(Debug, Clone, Copy)]
pub struct OptionSpec {
    /// The long name on the command line, without `--` (`size`).
    pub name: &'static str,
    /// What it takes.
    pub kind: Kind,
    /// One line of help.
    pub help: &'static str,
    /// The commands it applies to.
    pub uses: &'static [Use],
}

impl OptionSpec {
    /// The values a number option takes for a command: `min..=max`, or up to
    /// `played_max` for puzzles and rulebooks. `None` for other kinds.
    pub fn range(&self, used_for: Use) -> Option<(u32, u32)> {
        match self.kind {
            Kind::Number { min, max, played_max, .. } => Some(number_range(min, max, played_max, used_for)),
            _ => None,
        }
    }

    /// Checks a value for a command and returns it in canonical form (`"08"` → `"8"`;
    /// flags `"true"`).
    pub fn canonical(&self, value: &str, used_for: Use) -> std::result::Result<String, BadValue> {
        let bad = |problem| BadValue { option: self.name, value: value.to_string(), problem };
        match self.kind {
            Kind::Flag => match value {
                "" | "true" => Ok("true".into()),
                _ => Err(bad(ValueProblem::Switch)),
            },
            Kind::Number { min, max, played_max, .. } => {
                let (min, max) = number_range(min, max, played_max, used_for);
                match value.trim().parse::<u32>() {
                    Ok(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                    _ => Err(bad(ValueProblem::Number { min, max })),
                }
            }
            Kind::Choice(words) => {
                let lower = value.to_ascii_lowercase();
                words
                    .iter()
                    .find(|(w, _)| *w == lower)
                    .map(|(w, _)| w.to_string())
                    .ok_or_else(|| bad(ValueProblem::Choice { words: words.iter().map(|(w, _)| *w).collect() }))
            }
        }
    }

    /// Whether a canonical value is the option's default (so not worth repeating).
    pub fn is_default(&self, value: &str) -> bool {
        match self.kind {
            Kind::Flag => false,
            Kind::Number { default, .. } => default.map(|d| d.to_string()).as_deref() == Some(value),
            Kind::Choice(words) => words.first().map(|(w, _)| *w) == Some(value),
        }
    }
}

/// A value an option does not take: the option, the value and what it takes. Each front
/// end names the option in its own words ([`BadValue::words`]); `Display` names it as the
/// command line does (`--size: '12' is not a whole number from 3 to 9`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadValue {
    /// The option's name.
    pub option: &'static str,
    /// The value given.
    pub value: String,
    /// What the option takes.
    pub problem: ValueProblem,
}

/// What an option takes that a value is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValueProblem {
    /// A switch takes no value.
    Switch,
    /// A whole number in this range.
    Number {
        /// The least.
        min: u32,
        /// The greatest.
        max: u32,
    },
    /// One of these words.
    Choice {
        /// The words.
        words: Vec<&'static str>,
    },
}

impl BadValue {
    /// The message, naming the option `named` (`--size`, `'size'`).
    pub fn words(&self, named: &str) -> String {
        let value = &self.value;
        match &self.problem {
            ValueProblem::Switch => format!("{named} is a switch and takes no value (got '{value}')"),
            ValueProblem::Number { min, max } => {
                format!("{named}: '{value}' is not a whole number from {min} to {max}")
            }
            ValueProblem::Choice { words } => format!("{named}: '{value}' is not one of {}", words.join(", ")),
        }
    }
}

impl std::fmt::Display for BadValue {
    /// The message with the option in quotes (`'size': '12' is not …`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(&format!("'{}'", self.option)))
    }
}

impl From<BadValue> for Words {
    /// The message with the option kept apart, for each front end to name.
    fn from(bad: BadValue) -> Words {
        Words::option(bad.option).then(bad.words(""))
    }
}

impl std::error::Error for BadValue {}

/// A number option's range for a command: up to `played_max` for games that are played.
fn number_range(min: u32, max: u32, played_max: Option<u32>, used_for: Use) -> (u32, u32) {
    (min, if used_for == Use::Board { max } else { played_max.unwrap_or(max) })
}

/// Game options as given: option name → value (`"size"` → `"8"`, flags → `"true"`).
/// Values are checked against the game's [`OptionSpec`]s by [`GameOptions::check`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameOptions {
    values: BTreeMap<String, String>,
}

impl GameOptions {
    /// No options: every game's defaults.
    pub fn new() -> Self {
        GameOptions::default()
    }

    /// Sets an option (a flag's value is `"true"`); builder style.
    pub fn with(mut self, name: &str, value: impl Into<String>) -> Self {
        self.values.insert(name.to_string(), value.into());
        self
    }

    /// Sets an option.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        self.values.insert(name.to_string(), value.into());
    }

    /// The raw value of an option, if set.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// Whether a flag is set.
    pub fn flag(&self, name: &str) -> bool {
        self.values.get(name).is_some_and(|v| v == "true")
    }

    /// A number option (after [`GameOptions::check`] the value is in range).
    pub fn number(&self, name: &str) -> Option<u32> {
        self.values.get(name).and_then(|v| v.parse().ok())
    }

    /// A number option that fits a byte.
    pub fn byte(&self, name: &str) -> Option<u8> {
        self.number(name).and_then(|n| u8::try_from(n).ok())
    }

    /// Keeps only the options a game declares (the rest belong to other games).
    pub fn only(&self, specs: &[OptionSpec]) -> GameOptions {
        let values =
            self.values.iter().filter(|(k, _)| specs.iter().any(|s| s.name == *k)).map(|(k, v)| (k.clone(), v.clone()));
        GameOptions { values: values.collect() }
    }

    /// Checks every option against the tables of the games that take it for a command
    /// (`accepting`: one game, or several for a compendium), and puts values in
    /// canonical form. An option of another game, or of another command, is an error
    /// naming who it is for (`all` lists every game's word and table).
    pub fn check(
        &self,
        accepting: &[(&str, &[OptionSpec])],
        used_for: Use,
        all: &[(&str, &[OptionSpec])],
    ) -> Result<GameOptions> {
        let mut out = GameOptions::new();
        for (name, value) in &self.values {
            let spec = accepting
                .iter()
                .flat_map(|(_, table)| table.iter())
                .find(|s| s.name == name && s.uses.contains(&used_for));
            match spec {
                Some(spec) => {
                    out.values.insert(name.clone(), spec.canonical(value, used_for).map_err(Error::input)?);
                }
                None => {
                    let owners: Vec<&str> = all
                        .iter()
                        .filter(|(_, table)| table.iter().any(|s| s.name == name && s.uses.contains(&used_for)))
                        .map(|(g, _)| *g)
                        .collect();
                    let here: Vec<&str> = accepting.iter().map(|(g, _)| *g).collect();
                    let rest = if owners.is_empty() {
                        format!(" does not apply to {}", used_for.noun())
                    } else {
                        format!(" is for {} {} (not {})", and_list(&owners), used_for.noun(), and_list(&here))
                    };
                    return Err(Error::input(Words::option(name.clone()).then(rest)));
                }
            }
        }
        Ok(out)
    }

    /// The options as command-line words, in the order of the table, leaving out values
    /// equal to their defaults: ` --size 8 --numbers 8`.
    pub fn words(&self, specs: &[OptionSpec]) -> String {
        let mut out = String::new();
        for spec in specs {
            let Some(value) = self.values.get(spec.name) else { continue };
            match spec.kind {
                Kind::Flag => {
                    if value == "true" {
                        out += &format!(" --{}", spec.name);
                    }
                }
                _ if spec.is_default(value) => {}
                _ => out += &format!(" --{} {value}", spec.name),
            }
        }
        out
    }
}

/// "a", "a and b", "a, b and c".
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[
        OptionSpec {
            name: "size",
            kind: Kind::Number { min: 0, max: 255, default: Some(6), played_max: None },
            help: "side",
            uses: &[Use::Puzzles, Use::Board],
        },
        OptionSpec { name: "fast", kind: Kind::Flag, help: "x", uses: &[Use::Puzzles] },
        OptionSpec {
            name: "shape",
            kind: Kind::Choice(&[("el", "a"), ("any", "b")]),
            help: "s",
            uses: &[Use::Puzzles],
        },
    ];

    #[test]
    fn values_are_checked_made_canonical_and_written_without_defaults() {
        let given = GameOptions::new().with("size", "08").with("fast", "true").with("shape", "EL");
        let checked = given.check(&[("x", SPECS)], Use::Puzzles, &[("x", SPECS)]).unwrap();
        assert_eq!(checked.get("size"), Some("8"));
        assert_eq!(checked.words(SPECS), " --size 8 --fast");
        let six = GameOptions::new().with("size", "6");
        assert_eq!(six.check(&[("x", SPECS)], Use::Puzzles, &[]).unwrap().words(SPECS), "");
        let bad = GameOptions::new().with("size", "300").check(&[("x", SPECS)], Use::Puzzles, &[]).unwrap_err();
        assert!(bad.message().contains("'size': '300' is not a whole number from 0 to 255"), "{bad}");
        assert!(bad.words.naming(&|n| format!("--{n}")).contains("--size: '300'"), "{bad}");
        let bad = GameOptions::new().with("shape", "l").check(&[("x", SPECS)], Use::Puzzles, &[]).unwrap_err();
        assert!(bad.message().contains("not one of el, any"), "{bad}");
    }

    #[test]
    fn an_option_of_another_game_or_command_names_its_owner() {
        let others: &[(&str, &[OptionSpec])] = &[("x", SPECS), ("y", &[])];
        let e = GameOptions::new().with("size", "7").check(&[("y", &[])], Use::Puzzles, others).unwrap_err();
        assert_eq!(e.message(), "'size' is for x puzzles (not y)");
        assert_eq!(e.words.options().collect::<Vec<_>>(), ["size"]);
        let e = GameOptions::new().with("fast", "true").check(&[("x", SPECS)], Use::Board, others).unwrap_err();
        assert_eq!(e.words.naming(&|n| format!("--{n}")), "--fast does not apply to boards");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
    }
}
