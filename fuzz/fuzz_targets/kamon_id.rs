//! Kamon position IDs: rejected with a message, or read as a position whose ID
//! reads back to the same position.
#![no_main]
use boardpress::games::kamon::{parse_position_id, position_id};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match parse_position_id(text) {
        Err(message) => assert!(!message.is_empty()),
        Ok(pos) => {
            let id = position_id(&pos);
            let again = parse_position_id(&id).unwrap_or_else(|e| panic!("{text:?} → {id:?}: {e}"));
            assert_eq!(again, pos);
            assert_eq!(position_id(&again), id);
            assert_eq!(again.legal_cells(), pos.legal_cells());
        }
    }
});
