//! The languages (`--lang en|de|fr`): the catalogues hold together, every key the code
//! asks for exists, and no English leaks into a German or French document — every kind
//! of sheet and board made by the binary in each language, checked by qpdf, pdffonts and
//! pdftotext against the English catalogue, and made twice to the same bytes.

mod common;

use common::{ok, temp_dir, tool};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use boardpress::lang::{parse_catalogue, placeholders, Lang};

const SOURCES: [(&str, &str); 3] = [
    ("en.txt", include_str!("../crates/core/src/lang/en.txt")),
    ("de.txt", include_str!("../crates/core/src/lang/de.txt")),
    ("fr.txt", include_str!("../crates/core/src/lang/fr.txt")),
];

#[test]
fn every_key_is_in_every_language_with_the_same_placeholders() {
    let tables: Vec<_> = SOURCES.iter().map(|(name, s)| (name, parse_catalogue(s).unwrap())).collect();
    let (_, en) = &tables[0];
    for (name, table) in &tables[1..] {
        let missing: Vec<_> = en.keys().filter(|k| !table.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{name} lacks {missing:?}");
        let extra: Vec<_> = table.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(extra.is_empty(), "{name} has keys en.txt lacks: {extra:?}");
        for (key, text) in en {
            assert_eq!(placeholders(text), placeholders(table[key]), "{name}: {key} has other placeholders");
            assert!(!table[key].trim().is_empty(), "{name}: {key} is empty");
        }
    }
}

/// Messages a language writes as English does: words the languages share.
const SAME_AS_ENGLISH: [(&str, &str); 20] = [
    ("de.txt", "header.name"),
    ("de.txt", "kamon.win.ring"),
    ("de.txt", "kamon.win.blockade"),
    ("de.txt", "kamon.diagram.start"),
    ("fr.txt", "header.date"),
    ("fr.txt", "footer.page"),
    ("fr.txt", "kamon.count.6"),
    ("fr.txt", "kamon.diagram.pile"),
    ("fr.txt", "six.formation.triangle"),
    ("fr.txt", "gosforth.fact.one_point"),
    ("fr.txt", "gosforth.fact.points"),
    ("fr.txt", "book.solutions"),
    ("fr.txt", "book.notes"),
    ("fr.txt", "book.grade.expert"),
    ("de.txt", "alt.item"),
    ("de.txt", "alt.minus"),
    ("de.txt", "el.alt.position"),
    ("de.txt", "kamon.alt.position"),
    ("fr.txt", "el.alt.position"),
    ("fr.txt", "kamon.alt.position"),
];

#[test]
fn no_message_is_left_in_english() {
    let en = parse_catalogue(SOURCES[0].1).unwrap();
    for (name, source) in &SOURCES[1..] {
        let table = parse_catalogue(source).unwrap();
        let same: Vec<_> = en
            .iter()
            .filter(|(k, v)| table.get(*k) == Some(*v) && !SAME_AS_ENGLISH.contains(&(*name, **k)))
            .map(|(k, _)| *k)
            .collect();
        assert!(same.is_empty(), "{name} keeps the English of {same:?}");
    }
}

/// Every string literal in the library's sources that looks like a message key.
fn keys_in_code() -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    let prefixes = [
        "list.",
        "caption.",
        "sheet.",
        "grade.",
        "footer.",
        "booklet.",
        "header.",
        "alt.",
        "el.",
        "kamon.",
        "six.",
        "gosforth.",
        "book.",
        "rules.",
    ];
    // The library's sources and its crates' (crates/core, crates/render).
    let mut stack = vec![
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/crates")),
    ];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                for piece in text.split('"').skip(1).step_by(2) {
                    let is_key = prefixes.iter().any(|p| piece.starts_with(p))
                        && piece.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "._".contains(c))
                        && !piece.ends_with('.')
                        && ![".pdf", ".toml", ".txt", ".md"].iter().any(|ext| piece.ends_with(ext));
                    if is_key {
                        keys.insert(piece.to_string());
                    }
                }
            }
        }
    }
    keys
}

#[test]
fn every_key_the_code_asks_for_exists_and_every_message_is_used() {
    let en = parse_catalogue(SOURCES[0].1).unwrap();
    let used = keys_in_code();
    let unknown: Vec<_> = used.iter().filter(|k| !en.contains_key(k.as_str())).collect();
    assert!(unknown.is_empty(), "keys in the code but not in the catalogue: {unknown:?}");
    let unused: Vec<_> = en.keys().filter(|k| !used.contains(**k)).collect();
    assert!(unused.is_empty(), "messages no code asks for: {unused:?}");
}

/// The English words that must not appear in a document in `lang`: the pieces of every
/// English message between its placeholders, where the language says something else
/// (a piece the language's own catalogue also uses, like "Date" in French, is fine).
fn english_pieces(lang: Lang) -> Vec<String> {
    let en = Lang::En.catalogue();
    // No-break spaces are the language's typography, not its words.
    let plain = |s: &str| s.replace(['\u{a0}', '\u{202f}'], " ");
    let own: String = plain(&lang.catalogue().values().cloned().collect::<Vec<_>>().join("\n"));
    let mut pieces = BTreeSet::new();
    for (key, text) in en {
        if plain(&lang.catalogue()[key]) == *text {
            continue;
        }
        let mut rest: &str = text;
        let mut parts = Vec::new();
        while let Some(open) = rest.find('{') {
            parts.push(&rest[..open]);
            rest = rest[open..].split_once('}').map_or("", |(_, after)| after);
        }
        parts.push(rest);
        for part in parts {
            let part = part.trim_matches(|c: char| !c.is_alphanumeric());
            // Pieces of a single short word say too little (a cell name, "O"); longer
            // words and phrases are checked.
            let letters = part.chars().filter(|c| c.is_alphabetic()).count();
            if letters >= 4 && !own.contains(part) {
                pieces.insert(part.to_string());
            }
        }
    }
    pieces.into_iter().collect()
}

/// The text of a PDF, after qpdf --check and pdffonts (every font embedded).
fn checked_text(path: &Path) -> String {
    let qpdf = tool("qpdf").arg("--check").arg(path).output().unwrap();
    assert!(qpdf.status.success(), "qpdf --check {}", path.display());
    let fonts = tool("pdffonts").arg(path).output().unwrap();
    for row in String::from_utf8_lossy(&fonts.stdout).lines().skip(2) {
        let cols: Vec<&str> = row.split_whitespace().collect();
        let n = cols.len();
        assert_eq!(&cols[n - 5..n - 2], &["yes", "yes", "yes"], "{}: {row}", path.display());
    }
    let text = tool("pdftotext").arg(path).arg("-").output().unwrap();
    String::from_utf8(text.stdout).unwrap()
}

/// The PDF's subject: the command that recreates it.
fn subject(path: &Path) -> String {
    info_field(path, "Subject:")
}

/// A field of the PDF's document information (`Title:`, `Subject:`), from pdfinfo.
fn info_field(path: &Path, field: &str) -> String {
    let info = tool("pdfinfo").arg(path).output().unwrap();
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    let line = info.lines().find(|l| l.starts_with(field)).unwrap_or_default();
    line.trim_start_matches(field).trim().to_string()
}

/// Words of the text, one space between them (pdftotext breaks lines where the page
/// does; a hyphen at a line's end joins the halves).
fn normalized(text: &str) -> String {
    text.replace("-\n", "").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Each kind of sheet and board: the command-line words and the file it writes.
fn documents(lang: &str) -> Vec<(Vec<String>, String)> {
    let mut list: Vec<(Vec<String>, String)> = Vec::new();
    let mut add = |words: &str, _default_name: String| {
        let file = format!("doc{}.pdf", list.len() + 1);
        let mut args: Vec<String> = words.split_whitespace().map(String::from).collect();
        args.extend(["--lang".to_string(), lang.to_string(), "--out".to_string(), file.clone()]);
        list.push((args, file));
    };
    for (game, task) in [
        ("el", "win-in-one"),
        ("el", "win-in-two"),
        ("el", "defend"),
        ("kamon", "win-in-one"),
        ("kamon", "win-in-two"),
        ("kamon", "defend"),
        ("six", "win-in-one"),
        ("six", "block"),
        ("six", "win-in-two"),
        ("six", "defend"),
        ("gosforth", "best-move"),
        ("gosforth", "win-in-one"),
    ] {
        add(
            &format!("puzzles {game} --task {task} --count 4 --seed lang --name-line"),
            format!("output/{game}-{task}-lang-{lang}.pdf"),
        );
    }
    add("puzzles six --round 2 --count 2 --seed lang", format!("output/six-win-in-one-round2-lang-{lang}.pdf"));
    add(
        "puzzles el --count 3 --seed lang --size 8 --numbers 8 --players 3",
        format!("output/el-win-in-one-8x8-n8-p3-lang-{lang}.pdf"),
    );
    add("board el --per-page 2 --name-line --title Klasse", format!("output/el-board-6x6-n6-{lang}.pdf"));
    add("board kamon --seed lang --tokens", format!("output/kamon-board-lang-tokens-{lang}.pdf"));
    add("board kamon --blank", format!("output/kamon-board-blank-{lang}.pdf"));
    add("board six", format!("output/six-paper-{lang}.pdf"));
    add("board six --tokens", format!("output/six-tokens-{lang}.pdf"));
    add("board gosforth", format!("output/gosforth-board-t12-{lang}.pdf"));
    add("board gosforth --seed lang --count 4", format!("output/gosforth-practice-lang-{lang}.pdf"));
    // Every rulebook, written natively in the language, alone and as a Letter booklet,
    // and the compendium of all four.
    for game in ["el", "kamon", "six", "gosforth"] {
        add(&format!("rules {game}"), String::new());
        add(&format!("rules {game} --booklet --paper letter"), String::new());
    }
    add("rules el --size 8 --players 3", String::new());
    add("rules all", String::new());
    list
}

/// Phrases of four words or more from the English rulebooks' prose (fences and code
/// left out): none may appear in a German or French book.
fn english_rulebook_phrases() -> Vec<String> {
    let sources = [
        include_str!("../crates/el/src/rules.md"),
        include_str!("../crates/kamon/src/rules.md"),
        include_str!("../crates/six/src/rules.md"),
        include_str!("../crates/gosforth/src/rules.md"),
    ];
    let mut phrases = BTreeSet::new();
    for source in sources {
        let mut in_fence = false;
        for line in source.lines() {
            if line.trim_start().starts_with("```") {
                in_fence = !in_fence;
                continue;
            }
            if in_fence || line.starts_with("---") || line.contains("{%") {
                continue;
            }
            let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
            for phrase in prose.split(|c: char| ".,;:!?()*#>–—\"".contains(c)) {
                let words: Vec<&str> = phrase.split_whitespace().collect();
                if words.len() >= 4 {
                    phrases.insert(words.join(" "));
                }
            }
        }
    }
    phrases.into_iter().collect()
}

/// Makes every kind of sheet and board in `lang` and checks each.
fn no_english_in(lang: Lang) {
    let dir = temp_dir(lang.word());
    let mut pieces = english_pieces(lang);
    pieces.extend(english_rulebook_phrases());
    assert!(pieces.len() > 100, "the English catalogue gives {} pieces to look for", pieces.len());
    let own = lang.catalogue();
    // Checks one PDF: valid, fonts embedded, no English, the footer's words in the
    // language; returns its bytes.
    let check = |path: &Path, footer_expected: bool| -> Vec<u8> {
        let file = path.display();
        let text = normalized(&checked_text(path));
        // The command in the footer stays as typed (the PDF's subject holds it); the rest
        // is the language's.
        let command = subject(path);
        let mut prose = text.replace(&command, " ");
        // Commands a book prints for the reader to type are code, kept as typed.
        for sub in ["rules", "board", "puzzles", "book", "render"] {
            prose = prose.replace(&format!("boardpress {sub}"), " ");
        }
        let leaks: Vec<&String> = pieces.iter().filter(|p| contains_words(&prose, p)).collect();
        assert!(leaks.is_empty(), "{file}: English in a {} document: {leaks:?}", lang.name());
        if footer_expected {
            let footer = normalized(&own["footer.recreate"].replace("{command}", ""));
            assert!(text.contains(footer.trim()), "{file}: no {footer:?} in {text}");
        }
        std::fs::read(path).unwrap()
    };
    for (args, file) in documents(lang.word()) {
        let words: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(&dir, &words);
        let path = dir.join(&file);
        assert!(path.exists(), "{words:?} did not write {file}");
        let command = subject(&path);
        assert!(command.contains(&format!("--lang {}", lang.word())), "{file}: {command}");
        let first = check(&path, true);
        // The same request gives the same bytes.
        std::fs::remove_file(&path).unwrap();
        ok(&dir, &words);
        assert_eq!(std::fs::read(&path).unwrap(), first, "{file}: a second run differs");
    }
    // A book of all four games, its rules chapters, solutions and cover in the language,
    // with every fixed page (contents, colophon, notes) and the cross-references.
    std::fs::write(dir.join("book.toml"), book_spec(lang)).unwrap();
    ok(&dir, &["book", "book.toml", "--out", "book.pdf", "--cover", "cover.pdf"]);
    let book = check(&dir.join("book.pdf"), true);
    let cover = check(&dir.join("cover.pdf"), false);
    // The cover's document title is the language's too.
    let cover_title = info_field(&dir.join("cover.pdf"), "Title:");
    assert_eq!(cover_title, own["book.cover"].replace("{title}", "Heft"), "the cover's title");
    let text = normalized(&checked_text(&dir.join("book.pdf")));
    for key in ["rules.contents", "book.solutions"] {
        assert!(text.contains(own[key].as_ref()), "the book has no {:?}", own[key]);
    }
    for key in ["book.puzzle_on_page", "book.solution_on_page", "book.how_to_play"] {
        let words = normalized(own[key].split('{').next().unwrap());
        assert!(text.contains(words.trim()), "the book has no {words:?}");
    }
    std::fs::remove_file(dir.join("book.pdf")).unwrap();
    ok(&dir, &["book", "book.toml", "--out", "book.pdf", "--cover", "cover.pdf"]);
    assert_eq!(std::fs::read(dir.join("book.pdf")).unwrap(), book, "the book differs on a second run");
    assert_eq!(std::fs::read(dir.join("cover.pdf")).unwrap(), cover, "the cover differs on a second run");
    // A short book without rules, solutions after their section, padded with notes pages.
    let short = format!(
        "title = \"Heft\"\nlang = \"{}\"\nhow_to_play = false\nsolutions = \"section\"\n\
         [[section]]\ntitle = \"EL\"\ngame = \"el\"\ncount = 2\n",
        lang.word()
    );
    std::fs::write(dir.join("short.toml"), short).unwrap();
    ok(&dir, &["book", "short.toml", "--out", "short.pdf"]);
    check(&dir.join("short.pdf"), true);
    let text = normalized(&checked_text(&dir.join("short.pdf")));
    let solutions_of = normalized(&own["book.solutions_of"].replace("{title}", "EL"));
    for words in [own["book.notes"].to_string(), solutions_of] {
        assert!(text.contains(&words), "the short book has no {words:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A small book spec in `lang`: a graded section of every game, solutions at the end,
/// rules chapters; short enough to be padded with notes pages.
fn book_spec(lang: Lang) -> String {
    let mut spec = format!("title = \"Heft\"\nauthor = \"Club\"\nseed = \"lang\"\nlang = \"{}\"\n", lang.word());
    for (game, task, grade) in [
        ("el", "win-in-one", "easy"),
        ("kamon", "defend", "medium"),
        ("six", "block", "easy"),
        ("gosforth", "best-move", "hard"),
    ] {
        spec += &format!(
            "[[section]]\ntitle = \"{game}\"\ngame = \"{game}\"\ntask = \"{task}\"\ndifficulty = \"{grade}\"\ncount = 2\n"
        );
    }
    spec
}

/// Whether `piece` occurs in `text` as whole words (not as part of an option such as
/// `--tokens`, which the commands printed in a book keep as typed).
fn contains_words(text: &str, piece: &str) -> bool {
    text.match_indices(piece).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + piece.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '-')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '-')
    })
}

#[test]
fn german_sheets_and_boards_have_no_english() {
    no_english_in(Lang::De);
}

#[test]
fn french_sheets_and_boards_have_no_english() {
    no_english_in(Lang::Fr);
}

#[test]
fn default_file_names_say_the_language_and_english_ones_stay_as_they_were() {
    let dir = temp_dir("names");
    ok(&dir, &["board", "el", "--lang", "de"]);
    ok(&dir, &["board", "el"]);
    ok(&dir, &["puzzles", "gosforth", "--count", "1", "--seed", "n", "--lang", "fr"]);
    for name in ["el-board-6x6-de.pdf", "el-board-6x6.pdf", "gosforth-puzzles-n-fr.pdf"] {
        assert!(dir.join("output").join(name).exists(), "no output/{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_game_has_its_rulebook_in_every_language() {
    for game in boardpress::games::GAMES {
        for lang in Lang::ALL {
            let book = game.rulebook(lang);
            assert!(book.is_some(), "no {} rulebook in {}", game.word(), lang.name());
            let name = book.unwrap().name;
            let expected = match lang {
                Lang::En => "rules.md".to_string(),
                _ => format!("rules.{}.md", lang.word()),
            };
            assert!(name.ends_with(&expected), "{name}");
        }
    }
}

#[test]
fn an_unknown_language_is_refused_with_the_ones_there_are() {
    let out = Command::new(env!("CARGO_BIN_EXE_boardpress")).args(["board", "el", "--lang", "es"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown language 'es'") && err.contains("en, de, fr"), "{err}");
}

/// Every EL variant's rulebook is written in German and French too: each builds, its
/// checked diagrams included, and says what the variant changes in the language.
#[test]
fn el_rulebooks_follow_the_variant_in_every_language() {
    let dir = temp_dir("el-variants");
    // (options, what the German book says, what the French book says)
    let variants: [(&str, &str, &str); 6] = [
        ("", "mindestens 4 der 6", "au moins 4 sur 6"),
        ("--size 8 --numbers 8", "mindestens 5 der 8", "au moins 5 sur 8"),
        ("--size 7 --numbers 8 --consecutive", "6 aufeinanderfolgende Zahlen", "6 nombres consécutifs"),
        ("--size 8 --players 3", "auf das Ansagen der Drohungen zu verzichten", "renoncer, si vous le souhaitez"),
        ("--size 8 --numbers 8 --players 4 --shape snake", "eine Schlange bilden", "en serpent"),
        ("--balance --full-board-p2", "gewinnt stattdessen Blau", "c'est Bleu qui gagne"),
    ];
    for (options, german, french) in variants {
        for (lang, says) in [("de", german), ("fr", french)] {
            let mut args: Vec<&str> = vec!["rules", "el", "--lang", lang, "--out", "el.pdf"];
            args.extend(options.split_whitespace());
            ok(&dir, &args);
            let text = normalized(&checked_text(&dir.join("el.pdf")));
            assert!(text.contains(says), "rules el {options} --lang {lang}: no {says:?} in {text}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The words of an HTML or SVG file: its tags dropped, the common entities read.
fn markup_text(markup: &str) -> String {
    let mut out = String::with_capacity(markup.len());
    let mut in_tag = false;
    let mut skip_until: Option<&str> = None;
    let mut rest = markup;
    while let Some(c) = rest.chars().next() {
        if let Some(end) = skip_until {
            match rest.find(end) {
                Some(i) => rest = &rest[i + end.len()..],
                None => rest = "",
            }
            skip_until = None;
            continue;
        }
        if rest.starts_with("<style") {
            skip_until = Some("</style>");
        } else if rest.starts_with("<script") {
            skip_until = Some("</script>");
        } else if c == '<' {
            in_tag = true;
        } else if c == '>' && in_tag {
            in_tag = false;
            out.push(' ');
        } else if !in_tag {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
}

/// HTML and SVG documents in German and French hold no English either.
#[test]
fn html_and_svg_documents_have_no_english() {
    for lang in [Lang::De, Lang::Fr] {
        let dir = temp_dir(&format!("markup-{}", lang.word()));
        let mut pieces = english_pieces(lang);
        pieces.extend(english_rulebook_phrases());
        let cases: [(&str, &str); 9] = [
            ("rules kamon --format html", "html"),
            ("rules six --format html", "html"),
            ("rules el --format svg", "svg"),
            ("puzzles six --task block --count 2 --seed markup --format svg", "svg"),
            ("puzzles el --task win-in-two --count 2 --seed markup --format svg", "svg"),
            ("board gosforth --format svg", "svg"),
            ("board kamon --seed markup --tokens --format svg", "svg"),
            ("board el --format svg", "svg"),
            ("board six --tokens --format svg", "svg"),
        ];
        for (k, (command, ext)) in cases.iter().enumerate() {
            let out_dir = dir.join(format!("case{k}"));
            std::fs::create_dir_all(&out_dir).unwrap();
            let mut args: Vec<&str> = command.split_whitespace().collect();
            args.extend(["--lang", lang.word()]);
            ok(&out_dir, &args);
            let mut found = 0;
            for entry in std::fs::read_dir(out_dir.join("output")).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().and_then(|e| e.to_str()) != Some(ext) {
                    continue;
                }
                found += 1;
                let mut text = normalized(&markup_text(&std::fs::read_to_string(&path).unwrap()));
                // Commands (the footer's, those a book prints) stay as typed: the
                // footer's runs from "boardpress" to its "--lang" option; a command in
                // the text is "boardpress" and its subcommand.
                let lang_option = format!("--lang {}", lang.word());
                while let Some(at) = text.find("boardpress ") {
                    let command = text[at..].find(&lang_option).filter(|i| *i < 160);
                    let end = match command {
                        Some(i) => at + i + lang_option.len(),
                        None => at + text[at..].split(' ').take(2).map(|w| w.len() + 1).sum::<usize>() - 1,
                    };
                    text.replace_range(at..end.min(text.len()), " ");
                }
                let leaks: Vec<&String> = pieces.iter().filter(|p| contains_words(&text, p)).collect();
                assert!(leaks.is_empty(), "{command} --lang {}: English in {}: {leaks:?}", lang.word(), path.display());
            }
            assert!(found > 0, "{command} wrote no .{ext}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
