//! `boardpress verify`: re-derives, by exhaustive search, everything each record of a
//! JSON Lines file claims. A line that is not a well-formed record is bad input; a
//! well-formed record with a false claim is a failed verification.

use crate::error::{Error, RecordError, Result};
use crate::game::records::parse_records;
use crate::games::verify_any;

/// The verdict on a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    /// The file's name, as given.
    pub name: String,
    /// Records checked.
    pub records: usize,
    /// The records whose claims are false, in file order.
    pub problems: Vec<RecordError>,
}

impl Verification {
    /// The summary line (all verified), or the error to end with (some failed: exit 1).
    pub fn outcome(&self) -> Result<String> {
        if self.problems.is_empty() {
            Ok(format!("{} records in {}: all verified by exhaustive search", self.records, self.name))
        } else {
            Err(Error::failed(format!(
                "{} of {} records in {} failed verification",
                self.problems.len(),
                self.records,
                self.name
            )))
        }
    }
}

/// Verifies every record of `text` (named `name` in messages). A malformed record — not
/// JSON, not an object, a field missing or of the wrong type, an unknown game or task —
/// is an error (exit status 2) naming the first such line; false claims are collected.
pub fn verify(name: &str, text: &[u8]) -> Result<Verification> {
    let records = parse_records(name, text)?;
    let results: Vec<std::result::Result<(), RecordError>> = map_records(&records, verify_any);
    let mut problems = Vec::new();
    let mut malformed: Vec<RecordError> = Vec::new();
    for r in results {
        match r {
            Err(e) if e.is_malformed() => malformed.push(e),
            Err(e) => problems.push(e),
            Ok(()) => {}
        }
    }
    if let Some(first) = malformed.first() {
        let more = if malformed.len() > 1 {
            format!(" (and {} more malformed records)", malformed.len() - 1)
        } else {
            String::new()
        };
        return Err(Error::input(format!("{}{more}", crate::error::single_line(&first.to_string()))));
    }
    Ok(Verification { name: name.to_string(), records: records.len(), problems })
}

/// Runs `f` over the records, in parallel with the `parallel` feature; results in order.
pub fn map_records<T: Send>(
    records: &[crate::game::records::Record],
    f: impl Fn(&crate::game::records::Record) -> T + Sync + Send,
) -> Vec<T> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        records.par_iter().map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        records.iter().map(f).collect()
    }
}
