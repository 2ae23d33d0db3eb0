//! The web page's fonts (`crates/core/src/fonts/web/`): what `boardpress::render::web_fonts::subset` makes
//! from the full faces now (`BLESS_WEB_FONTS=1` writes them again), holding every
//! character of the messages, rulebooks and templates that the full faces hold.

use std::path::PathBuf;

use boardpress::fonts::{web, Face};
use boardpress::render::web_fonts;

fn file(face: Face) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("crates/core/src/fonts/web")
        .join(format!("{}.ttf", face.postscript_name()))
}

#[test]
fn the_web_fonts_are_the_subsets_made_now() {
    let bless = std::env::var_os("BLESS_WEB_FONTS").is_some();
    for face in Face::ALL {
        let made = web_fonts::subset(face).unwrap();
        if bless {
            std::fs::write(file(face), &made).unwrap();
        }
        let kept = std::fs::read(file(face)).unwrap_or_default();
        assert!(
            kept == made,
            "{}: {} bytes kept, {} made: run BLESS_WEB_FONTS=1 cargo test --test web_fonts",
            file(face).display(),
            kept.len(),
            made.len()
        );
        // A subset, many times smaller than the face.
        assert!(made.len() * 4 < face.bytes().len(), "{face:?}: {} of {} bytes", made.len(), face.bytes().len());
    }
}

#[test]
fn the_web_fonts_hold_every_character_our_words_use() {
    for face in Face::ALL {
        let kept = web::mapped(&std::fs::read(file(face)).unwrap()).unwrap();
        let full = web::mapped(face.bytes()).unwrap();
        for text in web_fonts::sources() {
            for c in text.chars().filter(|c| !c.is_control()) {
                // What the full face draws, its subset draws.
                assert!(!full.contains(&c) || kept.contains(&c), "{face:?} lacks {c:?} (U+{:04X})", c as u32);
            }
        }
        // Letters a user's title may hold, beyond our own words.
        for c in "ŁłŒœŠšŽžÿĳ€“”‘’„…–—·×÷±°".chars() {
            assert!(kept.contains(&c), "{face:?} lacks {c:?}");
        }
        // Scripts left out.
        assert!(!kept.contains(&'ж') && !kept.contains(&'λ'), "{face:?} keeps more than asked");
    }
}

#[test]
fn a_character_the_fonts_lack_is_an_input_error_naming_it() {
    let mut req = boardpress::PuzzlesRequest::new("el", 2, "fonts");
    req.look.header.title = Some("Übung 中文".into());
    let err = boardpress::make(&boardpress::Request::Puzzles(req), &boardpress::Run::default()).unwrap_err();
    assert!(err.message().contains("“Übung 中文” has ‘中’ (U+4E2D)"), "{err}");
    assert_eq!(err.exit_status(), 2);
}
