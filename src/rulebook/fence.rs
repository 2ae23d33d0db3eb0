//! Diagram fences: a fenced block whose info string names a game, holding a position and
//! claims about it, each checked with that game's rules engine before anything is drawn
//! (the game's `fence.rs` reads its keys). A false claim or an illegal position is an
//! error naming the template line and the claim.
//!
//! This module holds what every game shares: the fence as written ([`Fence`]), its
//! `key: value` lines ([`Entry`]; a line without a known key continues the previous
//! value), the keys every diagram takes (`caption:`, `width:`), the checked drawing
//! ([`Diagram`]) and the helpers the games use to report a claim the engine disagrees
//! with. Typical game keys: `id:` (a position ID), `after:` (a move to play; claims above
//! it are about the position before, below it about the position after), `mark:` (cells
//! to shade), and claims such as `winner:`, `wins:` (the exact set of winning moves) and
//! `legal:` — see each game's `fence.rs` and the README.

use std::collections::BTreeSet;

use crate::scene::Scene;

/// A fenced diagram as written: the game word, the body, and the source line of the fence.
#[derive(Debug, Clone, PartialEq)]
pub struct Fence {
    /// The info string's first word (a game's word).
    pub game: String,
    /// The lines between the fences.
    pub body: String,
    /// 1-based line of the opening fence in the template source.
    pub line: usize,
}

/// A checked diagram, ready to place.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagram {
    /// The drawing at its natural size (mm).
    pub scene: Scene,
    /// Caption text (may be empty).
    pub caption: String,
    /// Width it should be printed at (mm).
    pub width: f32,
    /// The position ID drawn (for SVG/HTML alt text).
    pub id: String,
}

/// One `key: value` line of a fence body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The key.
    pub key: String,
    /// The value (continuation lines joined with spaces).
    pub value: String,
    /// Its line in the template source.
    pub line: usize,
}

/// The keys every diagram takes, whatever the game.
pub const COMMON_KEYS: [&str; 2] = ["caption", "width"];

/// Splits a fence body into entries; `keys` are every key any game reads (a line
/// starting with one begins a new entry, any other line continues the previous value).
pub fn entries(fence: &Fence, keys: &[&str]) -> Result<Vec<Entry>, String> {
    let mut out: Vec<Entry> = Vec::new();
    for (i, raw) in fence.body.lines().enumerate() {
        let line = fence.line + 1 + i;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let keyed = text.split_once(':').filter(|(k, _)| {
            !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '-') && keys.contains(k)
        });
        match keyed {
            Some((k, v)) => out.push(Entry { key: k.to_string(), value: v.trim().to_string(), line }),
            None => match out.last_mut() {
                Some(prev) if prev.key != "id" || !text.contains(':') => {
                    prev.value.push(' ');
                    prev.value.push_str(text);
                }
                _ => {
                    let word = text.split(':').next().unwrap_or(text);
                    return Err(format!("line {line}: '{word}' is not a diagram key (keys: {})", keys.join(", ")));
                }
            },
        }
    }
    Ok(out)
}

/// The first entry with this key.
pub fn get<'a>(es: &'a [Entry], key: &str) -> Option<&'a Entry> {
    es.iter().find(|e| e.key == key)
}

/// "line N: false claim 'key: value': why".
pub fn claim_error(e: &Entry, why: impl std::fmt::Display) -> String {
    format!("line {}: false claim '{}: {}': {why}", e.line, e.key, e.value)
}

/// "line N: 'key: value': why".
pub fn at(e: &Entry, why: impl std::fmt::Display) -> String {
    format!("line {}: '{}: {}': {why}", e.line, e.key, e.value)
}

/// Compares a claimed set of words with the engine's, both sorted.
pub fn same_set(e: &Entry, claimed: BTreeSet<String>, actual: BTreeSet<String>, what: &str) -> Result<(), String> {
    if claimed == actual {
        return Ok(());
    }
    let list = |s: &BTreeSet<String>| {
        if s.is_empty() {
            "none".to_string()
        } else {
            s.iter().cloned().collect::<Vec<_>>().join(" ")
        }
    };
    Err(claim_error(e, format!("the {what} are {}", list(&actual))))
}

/// The words of a value; `none` is the empty set.
pub fn words(value: &str) -> BTreeSet<String> {
    if value.eq_ignore_ascii_case("none") {
        return BTreeSet::new();
    }
    value.split_whitespace().map(str::to_string).collect()
}

/// The `id:` entry a diagram of `game` needs.
pub fn need_id<'a>(es: &'a [Entry], game: &str, line: usize) -> Result<&'a Entry, String> {
    get(es, "id").ok_or_else(|| format!("line {line}: a {game} diagram needs an 'id:' line with a position ID"))
}
