//! Whatever title a user gives, a sheet is made that passes the form check, or the
//! request is refused for the title with the room it has: a property test of random
//! titles and subtitles, name lines, papers and languages (moved here from the command
//! line's tests/form.rs with proptest, which only this library's tests use).

use boardpress::{make, Header, Lang, Paper, PuzzlesRequest, Request, Run, SheetLook};

/// Titles of up to 100 characters from a mix that stresses the width: wide capitals,
/// accents, digits, dashes and spaces.
fn random_title() -> impl proptest::strategy::Strategy<Value = String> {
    proptest::string::string_regex("[A-Za-zÀ-ÿWMŒ0-9 –:,.!?'()]{1,100}").unwrap()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 24, failure_persistence: None, ..Default::default() })]

    /// Whatever the title, the sheet is made and passes the form check, or the request
    /// is refused for the title (exit status 2) saying how much of it fits, or that a
    /// word of it is wider than a line.
    #[test]
    fn any_title_makes_a_sheet_or_a_clear_refusal(
        title in random_title(),
        subtitle in proptest::option::of(random_title()),
        name_line in proptest::bool::ANY,
        letter in proptest::bool::ANY,
        lang in 0usize..3,
    ) {
        let title = title.trim().to_string();
        proptest::prop_assume!(!title.is_empty());
        let subtitle = subtitle.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let look = SheetLook {
            header: Header { title: Some(title.clone()), subtitle, name_line, author: None },
            paper: if letter { Paper::Letter } else { Paper::A4 },
            lang: Lang::ALL[lang],
            ..SheetLook::default()
        };
        let req = PuzzlesRequest { look, ..PuzzlesRequest::new("el", 1, "form") };
        match make(&Request::Puzzles(req), &Run::default()) {
            Ok(made) => proptest::prop_assert!(made.documents[0].bytes.starts_with(b"%PDF")),
            Err(e) => {
                proptest::prop_assert_eq!(e.exit_status(), 2, "{}", e);
                proptest::prop_assert!(
                    (e.message().starts_with("'title' ") || e.message().starts_with("'subtitle' "))
                        && (e.message().contains(" fit on 2 lines") || e.message().contains(" has a word wider than a line"))
                        && e.words.options().count() == 1,
                    "{}", e
                );
            }
        }
    }
}
