//! Kamon position IDs: rejected with a message, or read as a position whose ID reads back
//! to the same position, and `solve` can report on it.
#![no_main]
use boardpress::games::kamon::{parse_position_id, position_id, KamonPosition};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    boardpress_fuzz::rejects_or_round_trips(text, parse_position_id, position_id, |p: &KamonPosition| {
        (*p, p.legal_cells())
    });
    // What `boardpress solve` prints must not fail on any position the parser accepts.
    if let Ok(position) = parse_position_id(text) {
        let report = boardpress::game::report::report::<boardpress::games::kamon::Kamon>(&position);
        assert!(!report.is_empty());
    }
});
