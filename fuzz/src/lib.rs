//! The property every position-ID fuzz target checks.

/// A parser either rejects `text` with a message, or reads a position whose own ID reads
/// back to an equal position: the same ID, and the same `facts` (legal moves, side to
/// move, …). Panics — a finding — otherwise.
pub fn rejects_or_round_trips<P, E: std::fmt::Display, F: PartialEq + std::fmt::Debug>(
    text: &str,
    parse: impl Fn(&str) -> Result<P, E>,
    id: impl Fn(&P) -> String,
    facts: impl Fn(&P) -> F,
) {
    match parse(text) {
        Err(e) => assert!(!e.to_string().is_empty(), "{text:?}: empty message"),
        Ok(position) => {
            let first = id(&position);
            let again = parse(&first).unwrap_or_else(|e| panic!("{text:?} → {first:?}: {e}"));
            assert_eq!(id(&again), first, "from {text:?}");
            assert_eq!(facts(&again), facts(&position), "from {text:?}");
        }
    }
}
