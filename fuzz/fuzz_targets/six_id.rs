//! SIX position IDs: rejected with a message, or read as a position whose ID
//! reads back to the same position.
#![no_main]
use boardpress::games::six::{parse_position_id, position_id};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match parse_position_id(text) {
        Err(message) => assert!(!message.is_empty()),
        Ok(pos) => {
            let id = position_id(&pos);
            let again = parse_position_id(&id).unwrap_or_else(|e| panic!("{text:?} → {id:?}: {e}"));
            assert_eq!(position_id(&again), id);
            assert_eq!(again.hands(), pos.hands());
            assert_eq!(again.to_move(), pos.to_move());
            assert_eq!(again.round_two_plies(), pos.round_two_plies());
            assert_eq!(again.status(), pos.status());
            assert_eq!(again.legal_moves(), pos.legal_moves());
        }
    }
});
