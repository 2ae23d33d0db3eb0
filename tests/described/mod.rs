//! A figure's words read back into a position, as a listener hears them: the words each
//! language uses, and a reader per game that rebuilds the board, whose turn it is (or who
//! won) and what the picture marks. Written from the descriptions' documented form, not
//! from the code that writes them; shared by tests/standards.rs (puzzle sheets, read
//! from the PDF's structure) and tests/descriptions.rs (rulebooks and wording).
#![allow(dead_code)]

/// The words the descriptions use, per language.
pub struct Words {
    pub lang: &'static str,
    pub row: &'static str,
    pub empty: &'static str,
    /// Who is to move: the text before and after the player's name.
    pub to_move: (&'static str, &'static str),
    /// Who has won: the text before and after the winner's name.
    pub won: (&'static str, &'static str),
    /// A drawn game.
    pub drawn: &'static str,
    /// How a before-and-after pair is said: the words before each half.
    pub before: &'static str,
    pub after: &'static str,
    /// A negative coordinate's word, and what separates a pair's two coordinates.
    pub minus: &'static str,
    pub pair_separator: &'static str,
    /// The sentences that say what a picture marks.
    pub outlined: &'static str,
    pub marked: &'static str,
    pub el_written: &'static str,
    pub kamon_covered: &'static str,
    pub six_placed: &'static str,
    pub six_moved: &'static str,
    pub gosforth_placed: &'static str,
    /// "Arrow: the X on d1 slides into the gap on d2.": before the piece, between the
    /// piece and the cell it leaves, between that cell and the gap.
    pub gosforth_arrow: (&'static str, &'static str, &'static str),
    /// A slide in an answer: "from d1 to d2".
    pub slide: (&'static str, &'static str),
    /// An EL number on a cell: "5 on d4".
    pub el_on: &'static str,
    pub el_colours: [&'static str; 4],
    pub el_players: [&'static str; 4],
    pub kamon_players: [&'static str; 2],
    pub kamon_symbols: [&'static str; 6],
    pub kamon_pawns: [&'static str; 2],
    pub kamon_struck: &'static str,
    pub kamon_last: &'static str,
    pub six_players: [&'static str; 2],
    pub six_colours: [&'static str; 2],
    /// What precedes the hands (red's count comes first, then black's).
    pub six_hand: &'static str,
    pub gosforth_gap: &'static str,
    pub gosforth_target: &'static str,
    pub gosforth_last: &'static str,
    pub gosforth_claim: &'static str,
}

pub const ENGLISH: Words = Words {
    lang: "en",
    row: "Row ",
    empty: "empty",
    to_move: ("", " to move."),
    won: ("The game is over: ", " has won."),
    drawn: "The game is over: a draw.",
    before: "Before: ",
    after: " After: ",
    minus: "minus ",
    pair_separator: ", ",
    outlined: "Outlined: ",
    marked: "Marked: ",
    el_written: "Just written: ",
    kamon_covered: "Just covered: ",
    six_placed: "Just placed: ",
    six_moved: "Just moved: ",
    gosforth_placed: "Just placed: ",
    gosforth_arrow: ("Arrow: the ", " on ", " slides into the gap on "),
    slide: ("from ", " to "),
    el_on: " on ",
    el_colours: ["red", "blue", "green", "yellow"],
    el_players: ["Red", "Blue", "Green", "Yellow"],
    kamon_players: ["Black", "White"],
    kamon_symbols: ["leaf", "snake", "sun", "moon", "wave", "mountain"],
    kamon_pawns: ["black pawn", "white pawn"],
    kamon_struck: "struck out",
    kamon_last: "Last covered token: ",
    six_players: ["Red", "Black"],
    six_colours: ["red", "black"],
    six_hand: "In hand: ",
    gosforth_gap: "gap",
    gosforth_target: "target ",
    gosforth_last: "The piece on ",
    gosforth_claim: "claim and pass",
};

pub const GERMAN: Words = Words {
    lang: "de",
    row: "Reihe ",
    empty: "leer",
    to_move: ("", " ist am Zug."),
    won: ("Die Partie ist aus: ", " hat gewonnen."),
    drawn: "Die Partie ist aus: unentschieden.",
    before: "Vorher: ",
    after: " Nachher: ",
    minus: "minus ",
    pair_separator: "; ",
    outlined: "Umrandet: ",
    marked: "Markiert: ",
    el_written: "Eben geschrieben: ",
    kamon_covered: "Eben belegt: ",
    six_placed: "Eben gesetzt: ",
    six_moved: "Eben versetzt: ",
    gosforth_placed: "Eben gesetzt: ",
    gosforth_arrow: ("Pfeil: der Stein ", " auf ", " rutscht in die Lücke auf "),
    slide: ("von ", " nach "),
    el_on: " auf ",
    el_colours: ["rot", "blau", "grün", "gelb"],
    el_players: ["Rot", "Blau", "Grün", "Gelb"],
    kamon_players: ["Schwarz", "Weiß"],
    kamon_symbols: ["Blatt", "Schlange", "Sonne", "Mond", "Welle", "Berg"],
    kamon_pawns: ["schwarzer Stein", "weißer Stein"],
    kamon_struck: "gesperrt",
    kamon_last: "Zuletzt belegtes Plättchen: ",
    six_players: ["Rot", "Schwarz"],
    six_colours: ["rot", "schwarz"],
    six_hand: "In der Hand: ",
    gosforth_gap: "Lücke",
    gosforth_target: "Ziel ",
    gosforth_last: "Der Stein auf ",
    gosforth_claim: "Punkte nehmen und passen",
};

pub const FRENCH: Words = Words {
    lang: "fr",
    row: "Rangée ",
    empty: "vide",
    to_move: ("Au tour de ", "."),
    won: ("La partie est finie : ", " a gagné."),
    drawn: "La partie est finie : match nul.",
    before: "Avant : ",
    after: " Après : ",
    minus: "moins ",
    pair_separator: " ; ",
    outlined: "Encadré : ",
    marked: "Cases marquées : ",
    el_written: "Vient d'être écrit : ",
    kamon_covered: "Pion posé à l'instant : ",
    six_placed: "Vient d'être posé : ",
    six_moved: "Vient d'être déplacé : ",
    gosforth_placed: "Vient d'être posé : ",
    gosforth_arrow: ("Flèche : la pièce ", " en ", " glisse dans le trou en "),
    slide: ("de ", " à "),
    el_on: " en ",
    el_colours: ["rouge", "bleu", "vert", "jaune"],
    el_players: ["Rouge", "Bleu", "Vert", "Jaune"],
    kamon_players: ["Noir", "Blanc"],
    kamon_symbols: ["feuille", "serpent", "soleil", "lune", "vague", "montagne"],
    kamon_pawns: ["pion noir", "pion blanc"],
    kamon_struck: "barrée",
    kamon_last: "Dernier jeton couvert : ",
    six_players: ["Rouge", "Noir"],
    six_colours: ["rouge", "noir"],
    six_hand: "En main : ",
    gosforth_gap: "trou",
    gosforth_target: "objectif ",
    gosforth_last: "La pièce en ",
    gosforth_claim: "prendre les points et passer",
};

pub const LANGUAGES: [&Words; 3] = [&ENGLISH, &GERMAN, &FRENCH];

/// French typography puts narrow no-break spaces before colons; read them as spaces.
pub fn plain(text: &str) -> String {
    text.replace(['\u{202f}', '\u{a0}'], " ")
}

/// Whose turn it is, as a description says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Turn {
    /// This player (by index) is to move.
    ToMove(usize),
    /// The game is over and this player (by index) has won.
    Won(usize),
    /// The game is over without a winner.
    Drawn,
}

/// The turn a description names, among `names` (the players' names in order).
pub fn turn(text: &str, names: &[&str], w: &Words) -> Turn {
    if text.contains(w.drawn) {
        return Turn::Drawn;
    }
    for (k, n) in names.iter().enumerate() {
        if text.contains(&format!("{}{n}{}", w.won.0, w.won.1)) {
            return Turn::Won(k);
        }
    }
    for (k, n) in names.iter().enumerate() {
        if text.contains(&format!("{}{n}{}", w.to_move.0, w.to_move.1)) {
            return Turn::ToMove(k);
        }
    }
    panic!("no player to move and no result in: {text}")
}

/// The halves of a before-and-after description ("Before: … After: …"), or the whole.
pub fn halves<'a>(text: &'a str, w: &Words) -> (Option<&'a str>, &'a str) {
    match text.strip_prefix(w.before).and_then(|rest| rest.split_once(w.after)) {
        Some((before, after)) => (Some(before), after),
        None => (None, text),
    }
}

/// The rows of a description: each row's name and its items, each item a cell and what
/// is on it ("a6: blue 2" gives ("a6", "blue 2")). A row ends at the first full stop
/// followed by a space (what the picture marks comes after the rows).
pub fn rows(text: &str, w: &Words) -> Vec<(String, Vec<(String, String)>)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(w.row) {
        rest = &rest[at + w.row.len()..];
        let colon = rest.find(':').expect("a row name ends with a colon");
        let name = rest[..colon].trim().to_string();
        let body = &rest[colon + 1..];
        let end = body.find(". ").unwrap_or(body.len());
        let said = body[..end].trim().trim_end_matches('.').trim();
        let items = if said == w.empty {
            Vec::new()
        } else {
            outside_parentheses(said, ';')
                .into_iter()
                .map(|item| {
                    let (cell, what) = item.rsplit_once(':').unwrap_or_else(|| panic!("'{item}' is not 'cell: what'"));
                    (cell.trim().to_string(), what.trim().to_string())
                })
                .collect()
        };
        out.push((name, items));
        rest = &body[end..];
    }
    out
}

/// The text split at every `separator` outside parentheses (a German or French pair
/// "(2; 3)" holds a semicolon of its own).
pub fn outside_parentheses(text: &str, separator: char) -> Vec<&str> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            c if c == separator && depth == 0 => {
                out.push(&text[start..i]);
                start = i + c.len_utf8();
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// The sentence that starts with `label`, up to its full stop (without it), if any.
pub fn sentence<'a>(text: &'a str, label: &str) -> Option<&'a str> {
    let at = text.find(label)? + label.len();
    let rest = &text[at..];
    // A full stop ends the sentence when a space or the end follows it.
    let end =
        rest.match_indices('.').map(|(i, _)| i).find(|&i| rest[i + 1..].is_empty() || rest[i + 1..].starts_with(' '));
    Some(&rest[..end.unwrap_or(rest.len())])
}

/// A whole number as said ("minus 4" is -4).
pub fn signed(words: &str, w: &Words) -> i64 {
    let words = words.trim();
    match words.strip_prefix(w.minus) {
        Some(n) => -n.trim().parse::<i64>().unwrap_or_else(|_| panic!("'{words}' is not a number")),
        None => words.parse().unwrap_or_else(|_| panic!("'{words}' is not a number")),
    }
}

/// A coordinate pair as said: "(2, minus 4)" in English, "(2; minus 4)" in German,
/// "(2 ; moins 4)" in French.
pub fn pair(words: &str, w: &Words) -> (i64, i64) {
    let inner = words.trim().strip_prefix('(').and_then(|s| s.strip_suffix(')'));
    let inner = inner.unwrap_or_else(|| panic!("'{words}' is not a pair (q, r)"));
    let (q, r) =
        inner.split_once(w.pair_separator.trim()).unwrap_or_else(|| panic!("'{words}': no '{}'", w.pair_separator));
    (signed(q, w), signed(r, w))
}

/// A pair as it is said, for looking it up in a text.
pub fn said_pair(q: i64, r: i64, w: &Words) -> String {
    let say = |n: i64| if n < 0 { format!("{}{}", w.minus, -n) } else { n.to_string() };
    format!("({}{}{})", say(q), w.pair_separator, say(r))
}

/// An EL board from its description, top rank first as in a position ID ("1b5b.../...").
pub fn el_board(text: &str, w: &Words) -> String {
    let rows = rows(text, w);
    let n = rows.len();
    let mut ranks = Vec::new();
    for (k, (name, items)) in rows.iter().enumerate() {
        assert_eq!(name.parse::<usize>().unwrap(), n - k, "rows top first: {text}");
        let mut cells = vec![".".to_string(); n];
        for (cell, what) in items {
            let (colour, number) = what.rsplit_once(' ').unwrap_or_else(|| panic!("an EL cell holds 'blue 2': {what}"));
            let col = (cell.as_bytes()[0] - b'a') as usize;
            assert_eq!(&cell[1..], name.as_str(), "{cell} is in row {name}");
            let player = w.el_colours.iter().position(|c| *c == colour).unwrap_or_else(|| panic!("colour {colour}"));
            cells[col] = format!("{number}{}", ['r', 'b', 'g', 'y'][player]);
        }
        ranks.push(cells.concat());
    }
    ranks.join("/")
}

/// A Kamon token from its words ("sun 3" is "c3").
pub fn kamon_token(words: &str, w: &Words) -> String {
    let (symbol, count) = words.rsplit_once(' ').unwrap_or_else(|| panic!("a token is 'sun 3': {words}"));
    let s = w.kamon_symbols.iter().position(|x| *x == symbol).unwrap_or_else(|| panic!("symbol {symbol}"));
    format!("{}{count}", (b'a' + s as u8) as char)
}

/// A Kamon board from its description (as in a position ID), and the last covered token.
pub fn kamon_board(text: &str, w: &Words) -> (String, Option<String>) {
    let mut ranks = Vec::new();
    for (k, (name, items)) in rows(text, w).iter().enumerate() {
        assert_eq!(name, &((b'A' + k as u8) as char).to_string());
        let mut rank = String::new();
        for (i, (cell, what)) in items.iter().enumerate() {
            assert_eq!(cell, &format!("{name}{}", i + 1), "cells in order");
            rank += &if what == w.kamon_struck {
                "x".to_string()
            } else if what == w.kamon_pawns[0] {
                "B".to_string()
            } else if what == w.kamon_pawns[1] {
                "W".to_string()
            } else {
                kamon_token(what, w)
            };
        }
        ranks.push(rank);
    }
    let constraint = sentence(text, w.kamon_last).map(|t| kamon_token(t, w));
    (ranks.join("/"), constraint)
}

/// The tokens of a SIX table: (q, r, colour letter), sorted.
pub type Tokens = Vec<(i64, i64, String)>;

/// A SIX table from its description: its tokens and the hands (red, black).
pub fn six_table(text: &str, w: &Words) -> (Tokens, (u64, u64)) {
    let mut tokens = Vec::new();
    for (name, items) in rows(text, w) {
        let r = signed(&name, w);
        for (cell, colour) in items {
            let (q, rr) = pair(&cell, w);
            assert_eq!(rr, r, "{cell} is in row {r}");
            let c = w.six_colours.iter().position(|x| *x == colour).unwrap_or_else(|| panic!("colour {colour}"));
            tokens.push((q, r, ["r", "b"][c].to_string()));
        }
    }
    tokens.sort();
    let hand = sentence(text, w.six_hand).unwrap_or_else(|| panic!("the hands in {text}"));
    let numbers: Vec<u64> =
        hand.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect();
    assert_eq!(numbers.len(), 2, "red's and black's hands in '{hand}'");
    (tokens, (numbers[0], numbers[1]))
}

/// A Gosforth position as its description says it: board (as in a position ID), scores
/// (x, o), target, the piece that may not slide back.
pub type Gosforth = (String, (u64, u64), u64, Option<String>);

/// A Gosforth position from its description.
pub fn gosforth_position(text: &str, w: &Words) -> Gosforth {
    let mut ranks = Vec::new();
    for (k, (name, items)) in rows(text, w).iter().enumerate() {
        assert_eq!(name, &(5 - k).to_string());
        assert_eq!(items.len(), 5, "every cell of a row is said: {items:?}");
        let rank: String = items
            .iter()
            .map(|(cell, what)| match what.as_str() {
                "X" => 'x',
                "O" => 'o',
                other => {
                    assert!(other == w.gosforth_gap || other == w.empty, "{cell} is X, O, the gap or empty: {other}");
                    '.'
                }
            })
            .collect();
        ranks.push(rank);
    }
    // The scores: "X 7, O 2" (a caption's "X 7 O 2" has no comma).
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).collect::<String>();
    let (x, o) = text
        .match_indices("X ")
        .find_map(|(at, _)| {
            let x = digits(&text[at + 2..]);
            let rest = text[at + 2 + x.len()..].strip_prefix(", O ")?;
            (!x.is_empty()).then(|| (x.parse().unwrap(), digits(rest).parse().unwrap()))
        })
        .unwrap_or_else(|| panic!("the scores in {text}"));
    let at = text.find(w.gosforth_target).unwrap() + w.gosforth_target.len();
    let target = digits(&text[at..]).parse().unwrap();
    let last = text.find(w.gosforth_last).map(|at| text[at + w.gosforth_last.len()..][..2].to_string());
    (ranks.join("/"), (x, o), target, last)
}

/// What a screen reader would speak badly in a description, if anything.
pub fn listener_faults(text: &str, w: &Words) -> Vec<String> {
    let mut faults = Vec::new();
    for bad in ['–', '—', '→', '←', '↔'] {
        if text.contains(bad) {
            faults.push(format!("'{bad}'"));
        }
    }
    if text.contains("->") {
        faults.push("'->'".into());
    }
    // A coordinate pair as printed: "(1,0)", "(3,-4)".
    for (at, _) in text.match_indices('(') {
        let inner = &text[at + 1..];
        if let Some((q, r)) = inner.find(')').and_then(|c| inner[..c].split_once(',')) {
            if q.parse::<i64>().is_ok() && r.parse::<i64>().is_ok() {
                faults.push(format!("a pair as printed: ({q},{r})"));
            }
        }
    }
    // A cell run into what is on it: "d4 blue 2", "A1 sun 3", "c3 X".
    let contents: Vec<&str> = w
        .el_colours
        .iter()
        .chain(&w.kamon_symbols)
        .chain(&w.kamon_pawns)
        .chain(&w.six_colours)
        .chain(&["X", "O", w.gosforth_gap, w.empty])
        .copied()
        .collect();
    let tokens: Vec<&str> = text.split(' ').collect();
    for pair in tokens.windows(2) {
        let cell = pair[0];
        let is_cell = (2..=3).contains(&cell.len())
            && cell.as_bytes()[0].is_ascii_alphabetic()
            && cell[1..].chars().all(|c| c.is_ascii_digit());
        if is_cell && contents.iter().any(|c| pair[1] == *c || pair[1].starts_with(&format!("{c};"))) {
            faults.push(format!("'{} {}' runs a cell into its contents", pair[0], pair[1]));
        }
    }
    faults
}

/// A fence as the templated Markdown holds it: its game and its keys, in order.
#[derive(Debug)]
pub struct Fence {
    /// The game's word.
    pub game: String,
    /// Its `key: value` lines, in order.
    pub entries: Vec<(String, String)>,
}

impl Fence {
    /// The first value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Every value of `key`, in order.
    pub fn all(&self, key: &str) -> Vec<&str> {
        self.entries.iter().filter(|(k, _)| k == key).map(|(_, v)| v.as_str()).collect()
    }
}

/// The diagram fences of a Markdown text, in order.
pub fn fences(markdown: &str) -> Vec<Fence> {
    let mut out = Vec::new();
    let mut open: Option<Fence> = None;
    for line in markdown.lines() {
        let t = line.trim();
        if let Some(f) = open.as_mut() {
            if t.starts_with("```") {
                out.push(open.take().unwrap());
            } else if let Some((k, v)) = t.split_once(':') {
                if !k.contains(' ') {
                    f.entries.push((k.trim().to_string(), v.trim().to_string()));
                }
            }
        } else if let Some(info) = t.strip_prefix("```") {
            let word = info.split_whitespace().next().unwrap_or("");
            if ["el", "kamon", "six", "gosforth"].contains(&word) {
                open = Some(Fence { game: word.to_string(), entries: Vec::new() });
            }
        }
    }
    out
}
