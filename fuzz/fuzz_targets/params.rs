//! The params parsers: EL variant params (`6x6,n8,consecutive`), paper sizes and game
//! names. Each rejects with a message or round-trips.
#![no_main]
use boardpress::games::el::ElParams;
use boardpress::layout::Paper;
use libfuzzer_sys::fuzz_target;

/// Something is said (main prints it on one line, escaping any line break it quotes).
fn readable(message: &str) -> bool {
    !message.is_empty()
}

fuzz_target!(|text: &str| {
    match ElParams::parse(text) {
        Err(message) => assert!(readable(&message.0), "{message:?}"),
        Ok(params) => {
            params.validate().unwrap_or_else(|e| panic!("{text:?} parsed but is invalid: {e}"));
            assert_eq!(ElParams::parse(&params.to_id()), Ok(params));
        }
    }
    match boardpress::games::find(text) {
        Err(e) => assert!(readable(&e.message()), "{e:?}"),
        Ok(game) => assert_eq!(boardpress::games::find(game.word()).map(|g| g.word()).ok(), Some(game.word())),
    }
    if let Err(unknown) = Paper::parse(text) {
        assert_eq!(unknown.0, text);
        assert!(readable(&unknown.to_string()), "{unknown:?}");
    }
});
