//! What a command line that clap turns down says, for the terminal and for the web page
//! alike: one reading of clap's error, two layouts.

use clap::error::ErrorKind;

/// A command line clap did not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turned {
    /// `--help` or `--version`: text to print, and success.
    Asked(String),
    /// A command given without what it needs: its help (what the terminal prints, with
    /// exit status 2) and its first line (what the web page shows).
    Incomplete {
        /// The first line of the help, as one line.
        line: String,
        /// The help.
        help: String,
    },
    /// A mistake: the problem on one line (what the web page shows, clap's placeholders
    /// such as `<COUNT>` left out, its tips added in brackets) and clap's own layout of
    /// it with the usage block (what the terminal shows), both without the `error: `
    /// prefix.
    Mistake {
        /// The problem, on one line.
        line: String,
        /// The problem as clap lays it out, then its usage and where to find help.
        layout: String,
        /// The option it is about (`count` for a bad `--count`), when clap says.
        option: Option<String>,
    },
}

impl Turned {
    /// A mistake's line as an error's words, the option it is about kept apart (where
    /// the line names it as `--name`), so that the web page can lead to its box.
    pub fn words(line: &str, option: Option<&str>) -> boardpress::error::Words {
        use boardpress::error::Words;
        let Some(name) = option else { return Words::from(line) };
        let flag = format!("--{name}");
        let found = line
            .match_indices(&flag)
            .map(|(at, _)| at)
            .find(|&at| !line[at + flag.len()..].starts_with(|c: char| c.is_ascii_lowercase() || c == '-'));
        match found {
            Some(at) => Words::from(&line[..at]).then_option(name.to_string()).then(&line[at + flag.len()..]),
            None => Words::from(line),
        }
    }
}

/// Reads clap's error. `typed` are the words typed: a value with a line break or another
/// control character in it is shown escaped, so the problem stays on its line.
pub fn turned(e: &clap::Error, typed: &[String]) -> Turned {
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        return Turned::Asked(e.render().to_string());
    }
    let mut text = e.render().to_string().trim_end().to_string();
    for word in typed.iter().filter(|w| w.chars().any(char::is_control)) {
        text = text.replace(word.as_str(), &boardpress::error::single_line(word));
    }
    let layout = text.strip_prefix("error: ").unwrap_or(&text).to_string();
    let first = layout.lines().next().unwrap_or("").trim();
    let tips: Vec<&str> = layout.lines().map(str::trim).filter(|l| l.starts_with("tip:")).collect();
    // "for '--count <COUNT>'" reads "for '--count'": the value's placeholder says nothing.
    let mut line = boardpress::error::single_line(first);
    while let (Some(open), true) = (line.find(" <"), line.contains('>')) {
        let Some(close) = line[open..].find('>') else { break };
        if !line[open + 2..open + close].chars().all(|c| c.is_ascii_uppercase() || c == '_') {
            break;
        }
        line.replace_range(open..open + close + 1, "");
    }
    for tip in tips {
        line += &format!(" ({tip})");
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        return Turned::Incomplete { line, help: e.render().to_string() };
    }
    // The option a mistake is about: "--count <COUNT>" (an invalid value) or "--colour"
    // (an unknown argument), as clap names it.
    let option = match e.get(clap::error::ContextKind::InvalidArg) {
        Some(clap::error::ContextValue::String(arg)) => arg
            .strip_prefix("--")
            .map(|rest| rest.split([' ', '=']).next().unwrap_or(rest).to_string())
            .filter(|name| !name.is_empty()),
        _ => None,
    };
    Turned::Mistake { line, layout, option }
}

#[cfg(test)]
mod tests {
    use super::Turned;

    #[test]
    fn a_mistake_keeps_the_option_it_is_about_apart() {
        let flags = |w: boardpress::error::Words| w.naming(&|n| format!("--{n}"));
        let line = "invalid value '0' for '--count': between 1 and 10,000 (for more, run in parts with --first)";
        let words = Turned::words(line, Some("count"));
        assert_eq!(words.options().collect::<Vec<_>>(), ["count"]);
        assert_eq!(flags(words), line, "the same words, written with flags");
        // A longer flag that begins alike is not the option.
        let words = Turned::words("'--count-x' and '--count'", Some("count"));
        assert_eq!(words.to_string(), "'--count-x' and ''count''");
        assert_eq!(Turned::words("no flag here", Some("count")).options().count(), 0);
        assert_eq!(Turned::words(line, None).options().count(), 0);
    }
}
