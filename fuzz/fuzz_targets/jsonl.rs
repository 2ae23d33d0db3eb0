//! The JSON Lines reader of `boardpress verify` and `render`: every input is either
//! refused with a message naming the line, or read into records that verification
//! accepts or refuses with a one-line reason — never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    match boardpress::game::records::parse_records("fuzz.jsonl", bytes) {
        Err(e) => assert!(e.message().contains("fuzz.jsonl"), "{e}"),
        Ok(records) => {
            for record in &records {
                assert!(record.at.starts_with("fuzz.jsonl:"));
                if let Err(e) = boardpress::games::verify_any(record) {
                    assert!(e.to_string().starts_with(&record.at), "{e}");
                    assert!(!e.problem.message().is_empty());
                }
            }
        }
    }
});
