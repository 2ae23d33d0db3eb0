//! JSON Lines puzzle records (FORMATS.md): one generic writer and one generic verifier
//! over the game contract, serving `puzzles --format jsonl`, `verify` and `render`.
//!
//! A record is the game's fields about the position ([`Rules::record_fields`]) plus what
//! every record has — `game`, `number`, `id`, `seed`, `task`, `unique`, `solutions`,
//! `difficulty`, `version` — plus the task's own fields (`threats`, `answers`). The
//! verifier re-derives every claim by exhaustive search: a record that is not well
//! formed is [`RecordProblem::Malformed`], one whose claims are false
//! [`RecordProblem::False`].

use std::io::BufRead;

use serde_json::{json, Map, Value};

use crate::error::{Error, RecordProblem, Result};
use crate::{Puzzle, PuzzleSpec, Rules, Task};

// A record as read is one of the contract's plain types.
pub use crate::Record;

impl Record {
    /// A text field, or `Malformed` naming it.
    pub fn text(&self, key: &str) -> std::result::Result<&str, RecordProblem> {
        match self.fields.get(key) {
            None => Err(malformed(format!("missing field '{key}'"))),
            Some(Value::String(s)) => Ok(s),
            Some(_) => Err(malformed(format!("'{key}' must be a string"))),
        }
    }

    /// A true/false field, or `Malformed` naming it.
    pub fn flag(&self, key: &str) -> std::result::Result<bool, RecordProblem> {
        match self.fields.get(key) {
            None => Err(malformed(format!("missing field '{key}'"))),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(malformed(format!("'{key}' must be true or false"))),
        }
    }

    /// The puzzle number (a whole number from 1), or `Malformed`.
    pub fn number(&self) -> std::result::Result<u32, RecordProblem> {
        match self.fields.get("number") {
            None => Err(malformed("missing field 'number'".into())),
            Some(v) => v
                .as_u64()
                .filter(|&n| (1..=u32::MAX as u64).contains(&n))
                .map(|n| n as u32)
                .ok_or_else(|| malformed("'number' must be a whole number from 1".into())),
        }
    }
}

fn malformed(message: String) -> RecordProblem {
    RecordProblem::Malformed(message)
}

fn false_claim(message: String) -> RecordProblem {
    RecordProblem::False(message)
}

/// Reads JSON Lines records (blank lines skipped), each labelled `name:line`. Fails on
/// the first line that is not a JSON object, or when there is no record at all.
pub fn parse_records(name: &str, reader: impl BufRead) -> Result<Vec<Record>> {
    let mut records = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| Error::io(format!("cannot read {name}: {e}")))?;
        if line.trim().is_empty() {
            continue;
        }
        let at = format!("{name}:{}", i + 1);
        let value: Value =
            serde_json::from_str(&line).map_err(|e| Error::input(format!("{at}: not a JSON object: {e}")))?;
        let Value::Object(fields) = value else {
            return Err(Error::input(format!("{at}: not a JSON object (a record is {{\"game\": …, \"id\": …}})")));
        };
        records.push(Record { at, fields });
    }
    if records.is_empty() {
        return Err(Error::input(format!("{name} holds no records")));
    }
    Ok(records)
}

/// The record of a puzzle.
pub fn write<T: Task>(task: &T, spec: &PuzzleSpec, puzzle: &Puzzle<T>) -> Value {
    let pos = &puzzle.position;
    let mut m = Map::new();
    m.insert("game".into(), json!(T::Rules::WORD));
    m.insert("number".into(), json!(puzzle.number));
    m.insert("id".into(), json!(T::Rules::position_id(pos)));
    m.insert("seed".into(), json!(spec.seed));
    for f in T::Rules::record_fields(pos) {
        m.insert(f.key.into(), f.value);
    }
    m.insert("task".into(), json!(task.word()));
    m.insert("unique".into(), json!(!spec.several || !task.several_allowed()));
    m.insert("solutions".into(), Value::Array(task.solutions(pos, &puzzle.facts)));
    for (k, v) in task.extra_fields(pos, &puzzle.facts) {
        m.insert(k.into(), v);
    }
    let mut difficulty: Map<String, Value> =
        task.figures(&puzzle.facts).into_iter().map(|(k, v)| (k.into(), v)).collect();
    difficulty.insert("grade".into(), json!(puzzle.grade.word()));
    m.insert("difficulty".into(), Value::Object(difficulty));
    m.insert("version".into(), json!(boardpress_core::VERSION));
    Value::Object(m)
}

/// The kind of a JSON value, for "must be a string" messages.
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn same_kind(a: &Value, b: &Value) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b) || a.is_null() || b.is_null()
}

/// Arrays compared as sets of their elements' JSON text (a hand-edited file may list a
/// SIX board in any order).
fn sorted_text(items: &[Value]) -> Vec<String> {
    let mut text: Vec<String> = items.iter().map(Value::to_string).collect();
    text.sort();
    text
}

/// Re-derives everything a record claims: the ID parses into a legal position, the
/// record's description of it agrees, and the solutions, the promise, the task's fields
/// and the difficulty figures are what exhaustive search finds. Returns the puzzle.
pub fn verify<T: Task>(task: &T, r: &Record) -> std::result::Result<Puzzle<T>, RecordProblem> {
    let number = r.number()?;
    r.text("seed")?;
    r.text("task")?;
    let id = r.text("id")?;
    let pos = T::Rules::parse_id(id).map_err(|e| false_claim(format!("id: {e}")))?;
    for field in T::Rules::record_fields(&pos) {
        let Some(given) = r.fields.get(field.key) else {
            if field.required {
                return Err(malformed(format!("missing field '{}'", field.key)));
            }
            continue;
        };
        if !same_kind(given, &field.value) {
            return Err(malformed(format!("'{}' must be {}", field.key, kind_of(&field.value))));
        }
        match (given, &field.value) {
            (Value::Object(given), Value::Object(actual)) => {
                for (k, v) in given {
                    if actual.get(k) != Some(v) {
                        return Err(false_claim(format!("{}.{k} does not match 'id'", field.key)));
                    }
                }
            }
            (Value::Array(given), Value::Array(actual)) if sorted_text(given) == sorted_text(actual) => {}
            (given, actual) if given == actual => {}
            _ if field.key == "board" => return Err(false_claim("'board' does not match the board in 'id'".into())),
            _ => return Err(false_claim(format!("'{}' does not match 'id'", field.key))),
        }
    }
    let facts = task.check(&pos).map_err(|e| false_claim(e.0))?;
    let Some(Value::Array(listed)) = r.fields.get("solutions") else {
        return Err(malformed(if r.fields.contains_key("solutions") {
            "'solutions' must be an array".into()
        } else {
            "missing field 'solutions'".into()
        }));
    };
    let (claimed, found) = (sorted_text(listed), sorted_text(&task.solutions(&pos, &facts)));
    if claimed != found {
        return Err(false_claim(format!(
            "solutions listed: [{}], exhaustive search finds: [{}]",
            claimed.join(" "),
            found.join(" ")
        )));
    }
    let unique = r.flag("unique")?;
    task.keeps_promise(&facts, unique).map_err(|e| false_claim(e.0))?;
    if let Some(why) = crate::floor(task, &pos, &facts) {
        return Err(false_claim(format!("below the quality floor: {why}")));
    }
    for (k, actual) in task.extra_fields(&pos, &facts) {
        match r.fields.get(k) {
            Some(given) if !same_kind(given, &actual) => {
                return Err(malformed(format!("'{k}' must be {}", kind_of(&actual))))
            }
            Some(given) if *given != actual => {
                return Err(false_claim(format!("'{k}' lists {given}, the search finds {actual}")))
            }
            _ => {}
        }
    }
    let grade = task.grade(&facts);
    match r.fields.get("difficulty") {
        None => {}
        Some(Value::Object(d)) => {
            for (k, v) in task.figures(&facts) {
                // The checker's effort, not a claim about the puzzle: a faster checker
                // visits fewer positions, and records made before it still hold.
                if k == "solver_nodes" {
                    if d.get(k).is_some_and(|n| !n.is_u64()) {
                        return Err(malformed("'difficulty.solver_nodes' must be a whole number".into()));
                    }
                    continue;
                }
                if d.get(k) != Some(&v) {
                    return Err(false_claim(format!("difficulty.{k} is not the measured {v}")));
                }
            }
            if d.get("grade").and_then(Value::as_str) != Some(grade.word()) {
                return Err(false_claim(format!("difficulty.grade is not the measured '{}'", grade.word())));
            }
        }
        Some(_) => return Err(malformed("'difficulty' must be an object".into())),
    }
    Ok(Puzzle { number, position: pos, facts, grade })
}
