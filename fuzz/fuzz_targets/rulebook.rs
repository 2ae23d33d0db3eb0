//! The rulebook reader and typesetter: tera, Markdown and diagram fences (every claim
//! checked by the engines), then page layout on an A4 page and a narrow booklet page.
//! Any text either becomes pages that pass the form check or fails with a message that
//! names the file (or, laid out, a table too wide for the page) — never a panic, in
//! English, German and French.
#![no_main]
use boardpress::lang::Lang;
use boardpress::options::GameOptions;
use boardpress::rulebook::typeset::{typeset, PageStyle, TableRefused};
use boardpress::rulebook::{build, Source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let options = GameOptions::new();
    // Each input is read in one of the three languages (the fences' words differ).
    let lang = Lang::ALL[text.len() % Lang::ALL.len()];
    let ctx = boardpress::api::rulebook_variables(&options, "boardpress rules --template fuzz.md", lang)
        .expect("the default options make a context");
    let source = Source { name: "fuzz.md".into(), text: text.into() };
    let games = boardpress::games::rulebook_games();
    match build(&source, &ctx, &options, lang, games) {
        Err(e) => assert!(e.to_string().starts_with("fuzz.md"), "{e}"),
        Ok(built) => {
            let chapters = [built.chapter];
            for style in [PageStyle::full(210.0, 297.0, games), PageStyle::booklet(148.5, 210.0, games)] {
                match typeset(&style, &chapters[0].title, &chapters, false, "fuzz") {
                    // Every page prints: each word inside the live area, no two lines
                    // overlapping, no stroke across a label (the binary's own check).
                    Ok(laid) => {
                        assert!(!laid.pages.is_empty());
                        for page in &laid.pages {
                            let faults = boardpress::form::check(page, &boardpress::form::Medium::Sheet);
                            assert!(faults.is_empty(), "{faults:?}");
                        }
                    }
                    // A table too wide for the page is refused, and says how wide.
                    Err((0, TableRefused::TooWide(too_wide))) => assert!(too_wide.needs > too_wide.room),
                    // So is a row taller than the page.
                    Err((0, TableRefused::RowTooTall(row))) => assert!(row.height > row.room),
                    Err((chapter, _)) => panic!("a table refused in chapter {chapter} of one"),
                }
            }
        }
    }
});
