//! The rulebook reader and typesetter: tera, Markdown and diagram fences (every claim
//! checked by the engines), then page layout on an A4 page and a narrow booklet page.
//! Any text either becomes pages or fails with a message that names the file — never
//! a panic.
#![no_main]
use boardpress::games::el::ElParams;
use boardpress::rulebook::typeset::{typeset, PageStyle};
use boardpress::rulebook::{build, diagrams::DiagramDefaults, Source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let params = ElParams::default();
    let ctx = boardpress::app::rules_context(&params, 12, "boardpress rules --template fuzz.md");
    let source = Source { name: "fuzz.md".into(), text: text.into() };
    match build(&source, &ctx, &DiagramDefaults { el_params: params }) {
        Err(e) => assert!(e.message.contains("fuzz.md"), "{}", e.message),
        Ok(built) => {
            let chapters = [built.chapter];
            for style in [PageStyle::full(210.0, 297.0), PageStyle::booklet(148.5, 210.0)] {
                let laid = typeset(&style, &chapters[0].title, &chapters, false, "fuzz");
                assert!(!laid.pages.is_empty());
            }
        }
    }
});
