//! The rulebook reader: tera, Markdown and diagram fences (every claim checked by the
//! engines). Any text either builds into a chapter or fails with a message that
//! names the file — never a panic.
#![no_main]
use boardpress::games::el::ElParams;
use boardpress::rulebook::{build, diagrams::DiagramDefaults, Source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let params = ElParams::default();
    let ctx = boardpress::app::rules_context(&params, 12, "boardpress rules --template fuzz.md");
    let source = Source { name: "fuzz.md".into(), text: text.into() };
    if let Err(e) = build(&source, &ctx, &DiagramDefaults { el_params: params }) {
        assert!(e.message.contains("fuzz.md"), "{}", e.message);
    }
});
