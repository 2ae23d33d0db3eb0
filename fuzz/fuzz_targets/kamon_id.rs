//! Kamon position IDs: rejected with a message, or read as a position whose ID reads back
//! to the same position.
#![no_main]
use boardpress::games::kamon::{parse_position_id, position_id, KamonPosition};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    boardpress_fuzz::rejects_or_round_trips(text, parse_position_id, position_id, |p: &KamonPosition| {
        (*p, p.legal_cells())
    });
});
