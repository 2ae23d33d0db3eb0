//! EL position IDs: rejected with a message, or read as a position whose ID reads back
//! to the same position.
#![no_main]
use boardpress::games::el::{parse_position_id, position_id, ElPosition};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    boardpress_fuzz::rejects_or_round_trips(text, parse_position_id, position_id, |p: &ElPosition| {
        (p.params().clone(), p.to_move(), p.legal_moves(), p.status())
    });
});
