//! Reading a spec's TOML values: where a key is (file and line), text, printed lines of
//! limited length, booleans and whole numbers in a range, each refused with a message
//! naming the key and its line; and the unknown key named with the one likely meant.

use crate::error::{Error, Result};
use toml::de::DeValue;

/// Where a key is: "FILE:LINE: key 'name'".
pub(super) struct At<'a> {
    pub(super) file: &'a str,
    pub(super) text: &'a str,
}

impl At<'_> {
    pub(super) fn line(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())].matches('\n').count() + 1
    }

    pub(super) fn error(&self, offset: usize, message: impl std::fmt::Display) -> Error {
        Error::input(format!("{}:{}: {message}", self.file, self.line(offset)))
    }
}

pub(super) type Entry<'a, 'i> = (&'a toml::Spanned<std::borrow::Cow<'i, str>>, &'a toml::Spanned<DeValue<'i>>);

/// A key's value as text (string, integer or boolean), for messages and options.
pub(super) fn scalar(value: &DeValue<'_>) -> Option<String> {
    match value {
        DeValue::String(s) => Some(s.to_string()),
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix()).ok().map(|n| n.to_string()),
        DeValue::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

pub(super) fn string(at: &At, (key, value): Entry) -> Result<String> {
    match value.get_ref() {
        DeValue::String(s) if !s.trim().is_empty() && !s.chars().any(char::is_control) => Ok(s.to_string()),
        DeValue::String(_) => {
            Err(at.error(value.span().start, format!("'{}' must be one line of text, not empty", key.get_ref())))
        }
        other => Err(at.error(
            value.span().start,
            format!("'{}' must be text in quotes, not {}", key.get_ref(), other.type_str()),
        )),
    }
}

/// A line of text to print, of at most `most` characters.
pub(super) fn printed(at: &At, entry: Entry, most: usize) -> Result<String> {
    let text = string(at, entry)?;
    let n = text.chars().count();
    if n > most {
        return Err(
            at.error(entry.1.span().start, format!("'{}' is {n} characters long; {most} at most", entry.0.get_ref()))
        );
    }
    Ok(text)
}

/// "unknown key 'cont' (did you mean 'count'? …)": the key, the likeliest known one, and
/// what `takes` lists.
pub(super) fn unknown_key(key: &str, known: &[&str], takes: &str) -> String {
    match crate::names::did_you_mean(key, known) {
        Some(meant) => format!("unknown key '{key}' (did you mean '{meant}'? {takes} {})", known.join(", ")),
        None => format!("unknown key '{key}' ({takes} {})", known.join(", ")),
    }
}

pub(super) fn boolean(at: &At, (key, value): Entry) -> Result<bool> {
    value.get_ref().as_bool().ok_or_else(|| {
        at.error(
            value.span().start,
            format!("'{}' must be true or false, not {}", key.get_ref(), value.get_ref().type_str()),
        )
    })
}

pub(super) fn number(at: &At, (key, value): Entry, range: std::ops::RangeInclusive<u32>) -> Result<u32> {
    let n = match value.get_ref() {
        DeValue::Integer(i) => i64::from_str_radix(i.as_str(), i.radix()).ok(),
        _ => None,
    };
    match n.and_then(|n| u32::try_from(n).ok()).filter(|n| range.contains(n)) {
        Some(n) => Ok(n),
        None => Err(at.error(
            value.span().start,
            format!("'{}' must be a whole number from {} to {}", key.get_ref(), range.start(), range.end()),
        )),
    }
}
