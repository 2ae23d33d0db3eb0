//! The words clap accepts beyond its own: output formats, grades and languages as
//! values, game words and position IDs checked against the registry, `--task` values,
//! and each game's options as arguments of the commands that use them.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{ArgAction, ArgMatches, Args};

use boardpress::flags;
use boardpress::game::Grade;
use boardpress::games::{self, GAMES};
use boardpress::lang::Lang;
use boardpress::layout::Paper;
use boardpress::options::{GameOptions, Kind, OptionSpec, Use};
use boardpress::request::{Format, RulesFormat};

/// A value given as one of a few words, each with its `--help` line, parsed into a
/// library type (the library does not depend on clap, and clap's `ValueEnum` cannot be
/// implemented here for another crate's type). Matches in any case when the argument
/// says `ignore_case`.
#[derive(Debug, Clone, Copy)]
pub struct Words<T: 'static>(pub &'static [(T, &'static str, &'static str)]);

impl<T: Copy + Send + Sync + 'static> TypedValueParser for Words<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let words = self.0.iter().map(|(_, word, help)| PossibleValue::new(*word).help(*help));
        let given = PossibleValuesParser::new(words).parse_ref(cmd, arg, value)?;
        let found = self.0.iter().find(|(_, word, _)| word.eq_ignore_ascii_case(&given)).map(|(v, _, _)| *v);
        Ok(found.expect("the parser accepts only the listed words"))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.0.iter().map(|(_, word, help)| PossibleValue::new(*word).help(*help))))
    }
}

/// `--format` of puzzles, boards and `render`.
pub const FORMATS: Words<Format> = Words(&[
    (Format::Pdf, "pdf", "One PDF file"),
    (Format::Svg, "svg", "One SVG file per page (or per diagram with --diagrams)"),
    (Format::Jsonl, "jsonl", "JSON Lines records, one per puzzle (puzzles only)"),
]);

/// `--format` of rulebooks.
pub const RULES_FORMATS: Words<RulesFormat> = Words(&[
    (RulesFormat::Pdf, "pdf", "One PDF file"),
    (RulesFormat::Svg, "svg", "One SVG file per page (per sheet side for a booklet)"),
    (RulesFormat::Html, "html", "One self-contained HTML page with inline SVG diagrams"),
]);

/// `--difficulty`: each grade, listed in `--help` with its stars.
pub const GRADES: Words<Grade> = Words(&[
    (Grade::Easy, "easy", "★☆☆☆ the fewest tempting wrong moves"),
    (Grade::Medium, "medium", "★★☆☆"),
    (Grade::Hard, "hard", "★★★☆"),
    (Grade::Expert, "expert", "★★★★ the most decoys, or the most search to prove the answer"),
]);

boardpress::message_error! {
    /// What is wrong with a value given to a flag, in the words clap puts after the flag
    /// ("between 1 and 10,000").
    Refused
}

/// A game's word (any case), checked against the registry; `all` too when `all` is set.
#[derive(Debug, Clone, Copy)]
pub(super) struct GameWord {
    pub(super) all: bool,
}

impl TypedValueParser for GameWord {
    type Value = String;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<String, clap::Error> {
        let all = self.all;
        let parse = move |text: &str| -> Result<String, Refused> {
            if all && text.eq_ignore_ascii_case("all") {
                return Ok("all".into());
            }
            games::find(text).map(|g| g.word().to_string()).map_err(|e| Refused(crate::error_words(&e)))
        };
        parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let games = GAMES.iter().map(|g| PossibleValue::new(g.word()).help(g.about()));
        let all = self.all.then(|| PossibleValue::new("all").help("Every game in one book, with a contents page"));
        Some(Box::new(games.chain(all)))
    }
}

/// A game's word, or a position ID (which names its game): `solve`'s first argument.
#[derive(Clone)]
pub(super) struct GameOrId;

impl TypedValueParser for GameOrId {
    type Value = String;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<String, clap::Error> {
        let parse = |text: &str| -> Result<String, Refused> {
            if text.contains(':') {
                // An ID: its game and the rest are checked when it is read.
                return Ok(text.to_string());
            }
            games::find(text).map(|g| g.word().to_string()).map_err(|e| Refused(crate::error_words(&e)))
        };
        parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        GameWord { all: false }.possible_values()
    }
}

/// Every task word of the registry, with the games that have it (any case).
pub(super) fn task_values() -> impl TypedValueParser<Value = String> {
    let mut words: Vec<(&str, Vec<String>)> = Vec::new();
    for g in GAMES {
        for t in g.tasks() {
            let line = format!("{}: {}", g.word(), t.help);
            match words.iter_mut().find(|(w, _)| *w == t.word) {
                Some((_, lines)) => lines.push(line),
                None => words.push((t.word, vec![line])),
            }
        }
    }
    PossibleValuesParser::new(words.into_iter().map(|(w, lines)| PossibleValue::new(w).help(lines.join("; "))))
        .map(|w| w.to_ascii_lowercase())
}

/// A whole number in a range: a whole-number option's, from its entry in the table of
/// options ([`InRange::of`]), or a game option's. A value out of range (a negative one
/// too) is named with the range in words: "between 1 and 10,000", and what to do past it.
#[derive(Debug, Clone, Copy)]
pub(super) struct InRange(pub(super) flags::Whole);

impl InRange {
    /// The range of a whole-number option of the table.
    pub(super) fn of(flag: &flags::Flag) -> InRange {
        InRange(flag.range())
    }
}

impl TypedValueParser for InRange {
    type Value = u32;

    fn parse_ref(&self, cmd: &clap::Command, arg: Option<&clap::Arg>, value: &OsStr) -> Result<u32, clap::Error> {
        let range = self.0;
        let parse = move |text: &str| -> Result<u32, Refused> {
            let words = range.words().naming(&|name| format!("--{name}"));
            match text.trim().parse::<i64>() {
                Ok(n) if (range.min as i64..=range.max as i64).contains(&n) => Ok(n as u32),
                Ok(_) => Err(Refused(words)),
                Err(_) => Err(Refused(format!("a whole number {words}"))),
            }
        };
        parse.parse_ref(cmd, arg, value)
    }
}

pub(super) fn parse_paper(s: &str) -> Result<Paper, boardpress::layout::paper::UnknownPaper> {
    Paper::parse(s)
}

pub(super) fn parse_lang(s: &str) -> Result<Lang, Refused> {
    Lang::parse(s).map_err(|e| Refused(crate::error_words(&e)))
}

pub(super) fn parse_seconds(s: &str) -> Result<std::time::Duration, Refused> {
    let secs: f64 = s.trim().parse().map_err(|_| Refused(format!("'{s}' is not a number of seconds")))?;
    if !(secs > 0.0 && secs <= 1e7) {
        return Err(Refused(format!("'{s}' must be more than 0 seconds (and at most 10000000)")));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}

/// Each registry option for a command once (the first game's table decides its kind),
/// with the help of every game that takes it.
pub(super) fn game_options(used_for: Use) -> Vec<(OptionSpec, String)> {
    let mut out: Vec<(OptionSpec, String)> = Vec::new();
    for g in GAMES {
        for spec in g.options().iter().filter(|s| s.uses.contains(&used_for)) {
            // "EL: board side (3 to 11; blank boards up to 26)", several games joined by "; ".
            let text = spec.help.trim_end_matches('.');
            let mut chars = text.chars();
            let text = chars.next().map(|c| c.to_lowercase().chain(chars).collect::<String>()).unwrap_or_default();
            let line = format!("{}: {text}", g.title());
            match out.iter_mut().find(|(s, _)| s.name == spec.name) {
                Some((_, help)) => {
                    help.push_str("; ");
                    help.push_str(&line);
                }
                None => out.push((*spec, line)),
            }
        }
    }
    out
}

pub(super) fn add_game_options(mut cmd: clap::Command, used_for: Use) -> clap::Command {
    for (spec, help) in game_options(used_for) {
        let arg = clap::Arg::new(spec.name).long(spec.name).help(help).help_heading("Game options");
        let arg = match spec.kind {
            Kind::Flag => arg.action(ArgAction::SetTrue),
            Kind::Number { .. } => {
                let (min, max) = spec.range(used_for).expect("a number option has a range");
                arg.value_name(spec.name.to_ascii_uppercase())
                    .allow_negative_numbers(true)
                    .value_parser(InRange(flags::Whole::new(min, max)))
            }
            Kind::Choice(words) => arg.value_name(spec.name.to_ascii_uppercase()).ignore_case(true).value_parser(
                PossibleValuesParser::new(words.iter().map(|(w, h)| PossibleValue::new(*w).help(*h)))
                    .map(|w| w.to_ascii_lowercase()),
            ),
        };
        cmd = cmd.arg(arg);
    }
    cmd
}

pub(super) fn collect_game_options(m: &ArgMatches, used_for: Use) -> GameOptions {
    let mut options = GameOptions::new();
    for (spec, _) in game_options(used_for) {
        match spec.kind {
            Kind::Flag => {
                if m.get_flag(spec.name) {
                    options.set(spec.name, "true");
                }
            }
            Kind::Number { .. } => {
                if let Some(n) = m.get_one::<u32>(spec.name) {
                    options.set(spec.name, n.to_string());
                }
            }
            Kind::Choice(_) => {
                if let Some(w) = m.get_one::<String>(spec.name) {
                    options.set(spec.name, w.clone());
                }
            }
        }
    }
    options
}

/// Defines the game options of one command as clap arguments, from the registry.
macro_rules! game_option_args {
    ($name:ident, $use:expr, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Clone, Default)]
        pub struct $name(pub GameOptions);

        impl clap::FromArgMatches for $name {
            fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
                Ok($name(collect_game_options(m, $use)))
            }

            fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
                self.0 = collect_game_options(m, $use);
                Ok(())
            }
        }

        impl Args for $name {
            fn augment_args(cmd: clap::Command) -> clap::Command {
                add_game_options(cmd, $use)
            }

            fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
                add_game_options(cmd, $use)
            }
        }
    };
}

game_option_args!(PuzzleOptions, Use::Puzzles, "The games' options of `boardpress puzzles`.");
game_option_args!(BoardOptions, Use::Board, "The games' options of `boardpress board`.");
game_option_args!(RulesOptions, Use::Rules, "The games' options of `boardpress rules`.");
