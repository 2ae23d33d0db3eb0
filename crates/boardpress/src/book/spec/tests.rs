//! The spec's reading: dates, keys, and errors that name the key and its line.

use super::{epoch_of_date, parse, HowToPlay};

fn err(text: &str) -> String {
    match parse("book.toml", text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => e.message(),
    }
}

const GOOD: &str = "title = \"T\"\ntrim = \"5x8in\"\nseed = \"s\"\n\n[[section]]\ntitle = \"A\"\ngame = \"el\"\ncount = 4\nsize = 7\n\n[[section]]\ntitle = \"B\"\ngame = \"gosforth\"\ntask = \"best-move\"\ncount = 2\ntarget = 10\n";

#[test]
fn a_good_spec_reads_with_defaults() {
    let s = parse("book.toml", GOOD).unwrap();
    assert_eq!((s.title.as_str(), s.print.trim.word, s.seed.as_str(), s.sections.len()), ("T", "5x8in", "s", 2));
    assert!(s.how_to_play == HowToPlay::Front && !s.print.bleed && !s.large_print);
    assert_eq!(s.lang, crate::lang::Lang::En);
    assert_eq!(parse("b.toml", &format!("lang = \"fr\"\n{GOOD}")).unwrap().lang, crate::lang::Lang::Fr);
    assert_eq!(s.sections[0].task, "win-in-one");
    assert_eq!(s.sections[0].options.get("size"), Some("7"));
    assert_eq!(s.sections[1].options.get("target"), Some("10"));
    assert_eq!((s.sections[0].line, s.sections[1].line), (5, 11));
}

#[test]
fn dates_are_read_as_midnight_utc_and_bad_ones_say_why() {
    assert_eq!(epoch_of_date("1970-01-01"), Ok(0));
    assert_eq!(epoch_of_date("2026-11-26"), Ok(1_795_651_200));
    assert_eq!(epoch_of_date("2000-02-29"), Ok(951_782_400));
    assert!(epoch_of_date("2026-02-29").unwrap_err().to_string().contains("no day 29"));
    assert!(epoch_of_date("2026-13-01").unwrap_err().to_string().contains("no month 13"));
    assert!(epoch_of_date("26-11-2026").unwrap_err().to_string().contains("year"));
    assert!(epoch_of_date("yesterday").unwrap_err().to_string().contains("YYYY-MM-DD"));
    assert!(epoch_of_date("2026-11-+6").unwrap_err().to_string().contains("YYYY-MM-DD"));
}

#[test]
fn errors_name_the_key_and_its_line() {
    let cases: [(&str, &str); 20] = [
        ("title = \"T\"\nlang = \"es\"\n", "book.toml:2: lang = 'es': unknown language 'es' (available: en, de, fr)"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"el\"\ncount = 3\nlang = \"de\"\n", "book.toml:6: a book has one language"),
        ("title = \"T\"\ncolour = \"red\"\n", "book.toml:2: unknown key 'colour'"),
        ("title = \"T\"\ntrim = \"6x6in\"\n[[section]]\ntitle=\"a\"\ngame=\"el\"\ncount=1\n", "book.toml:2: trim '6x6in' is not one of"),
        ("title = \"T\"\nbleed = \"yes\"\n", "book.toml:2: 'bleed' must be true or false, not string"),
        ("title = \"T\"\n", "the book has no [[section]]"),
        ("title = \"T\"\n[[section]]\ngame = \"el\"\ncount = 3\n", "book.toml:2: section 1 needs 'title'"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"chess\"\ncount = 3\n", "book.toml:4: unknown game 'chess'"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"gosforth\"\ntask = \"win-in-two\"\ncount = 3\n", "book.toml:5: task 'win-in-two': gosforth puzzles are"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"el\"\ncount = 0\n", "book.toml:5: 'count' must be a whole number from 1 to 1000"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"el\"\ncount = 3\ntarget = 9\n", "book.toml:6: unknown key 'target' (an EL section takes"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"el\"\ncount = 3\nsize = 99\n", "book.toml:6: 'size': '99' is not a whole number from 3 to 11"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"gosforth\"\ntask=\"win-in-one\"\ndifficulty=\"expert\"\ncount = 3\n", "book.toml:6: gosforth win-in-one puzzles come easy or medium"),
        // Advice to set an option is written as the spec's line that does it.
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"gosforth\"\ntask=\"win-in-one\"\ndifficulty=\"hard\"\ncount = 3\n", "(use 'difficulty = \"medium\"', or 'task = \"best-move\"' for hard and expert puzzles)"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"six\"\ntask = \"defend\"\nround = 2\ncount = 3\n", "book.toml:6: defend puzzles are round-one puzzles (drop 'round = 2')"),
        // A game's refusal names the option as the spec's key, on that key's line.
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"el\"\ntask = \"defend\"\ncount = 3\nplayers = 3\n", "book.toml:7: defend puzzles are for two players (drop 'players')"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"el\"\ncount = 3\nnumbers = 8\nlength = 6\n", "book.toml:2: an EL of 6 cells needs the numbers 1..6, but the numbers are 1..8 (use 'consecutive = true' for runs of numbers)"),
        // A variant that cannot be played: on the line of the key to change, with its remedy.
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"el\"\ncount = 3\nsize = 3\n", "book.toml:6: no line or L of 6 cells fits a 3x3 board (use 'size = 4' or more)"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"el\"\ncount = 3\nlength = 8\nnumbers = 3\n", "book.toml:7: an EL of 8 cells needs the numbers 1..8, but the numbers are 1..3 (use 'numbers = 8', or 'length = 3')"),
        ("title = \"T\"\n[[section]]\ntitle=\"a\"\ngame = \"el\"\ncount = 3\nnumbers = 7\nlength = 7\nconsecutive = true\n", "book.toml:6: consecutive ELs of 7 cells need numbers beyond 7, but the numbers are 1..7 (use 'numbers = 8' or more, or 'length = 6' or less)"),
    ];
    for (text, needle) in cases {
        let e = err(text);
        assert!(e.contains(needle), "{e:?} lacks {needle:?}");
    }
    assert!(err("title = \n").starts_with("book.toml:1: not valid TOML"));
}
