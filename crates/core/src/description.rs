//! Diagrams in words, for a reader who does not see them: a screen reader reads the
//! text aloud, a braille display shows it. One text serves every format: a tagged PDF's
//! figure (its alternative text), an SVG's `<title>` (the first sentence) and `<desc>`
//! (the whole), and the `aria-label` of a diagram in an HTML page.
//!
//! Each game says what its diagram shows (its `Rules::diagram` sets it): the
//! game, whose move it is, and every occupied cell with its name and what the diagram
//! draws there, a row at a time, top row first — as a sighted solver reads the board —
//! then what the picture marks (moves just made, highlighted cells, arrows). How the
//! cells are named is said once per document (each game's reading paragraph), before
//! its first figure. The words are meant to be heard: a pause between a cell and what
//! is on it, no range dash or arrow ("from a3 to f3"), coordinates that cannot be
//! heard as decimals.

use crate::lang::Lang;
use crate::scene::Scene;

/// A diagram in words: a short title and the whole description (which starts with it).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spoken {
    /// The first sentence: what the diagram is (an SVG's `<title>`).
    pub title: String,
    /// Everything a sighted reader sees, title first.
    pub text: String,
}

impl Spoken {
    /// A description from its title and the sentences after it.
    pub fn new(title: String, rest: &[String]) -> Spoken {
        let mut text = title.clone();
        for r in rest.iter().filter(|r| !r.is_empty()) {
            text.push(' ');
            text.push_str(r);
        }
        Spoken { title, text }
    }

    /// Gives the scene this title and description.
    pub fn apply(self, scene: &mut Scene) {
        scene.title = self.title;
        scene.desc = self.text;
    }
}

/// How a game stands, for [`turn`]: under way, won by a player (named), or drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome<'a> {
    /// Play goes on.
    Ongoing,
    /// Over: this player has won.
    Won(&'a str),
    /// Over, without a winner.
    Drawn,
}

/// "Red to move.", or how the game ended: "The game is over: Red has won."
pub fn turn(lang: Lang, to_move: &str, outcome: Outcome) -> String {
    match outcome {
        Outcome::Ongoing => lang.f("alt.turn", &[("player", &to_move)]),
        Outcome::Won(winner) => lang.f("alt.won", &[("player", &winner)]),
        Outcome::Drawn => lang.t("alt.drawn").to_string(),
    }
}

/// A cell and what is on it, with a pause between them so that a listener hears the
/// two apart: "d4: blue 2", "D4 : pion noir".
pub fn item(lang: Lang, cell: &str, what: &str) -> String {
    lang.f("alt.item", &[("cell", &cell), ("what", &what)])
}

/// The rows of a board in words: "Row 6: a6: blue 1; c6: red 5." for each row (its
/// items made by [`item`]), in the order given (top first); a row without anything is
/// said to be empty.
pub fn rows(lang: Lang, rows: impl IntoIterator<Item = (String, Vec<String>)>) -> String {
    let said: Vec<String> = rows
        .into_iter()
        .map(|(row, cells)| {
            if cells.is_empty() {
                lang.f("alt.row_empty", &[("row", &row)])
            } else {
                lang.f("alt.row", &[("row", &row), ("cells", &cells.join(items_joiner(lang)))])
            }
        })
        .collect();
    said.join(" ")
}

/// What separates the items of a row: a semicolon (with a narrow no-break space before
/// it in French, as the catalogue's French typography sets it).
pub fn items_joiner(lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => "\u{202f}; ",
        Lang::En | Lang::De => "; ",
    }
}

/// "Outlined: 5 on d4." in `lang`: the answers a key's picture marks; nothing for none.
pub fn outlined(lang: Lang, moves: &[String]) -> String {
    if moves.is_empty() {
        return String::new();
    }
    lang.f("alt.outlined", &[("moves", &lang.and_list(moves))])
}

/// Adds a sentence (what the picture marks) to a scene's description; nothing for none.
pub fn append(scene: &mut Scene, sentence: &str) {
    if !sentence.is_empty() {
        if !scene.desc.is_empty() {
            scene.desc.push(' ');
        }
        scene.desc.push_str(sentence);
    }
}

/// "Marked: a3, b3 and c3." in `lang`; nothing for no cell.
pub fn marked(lang: Lang, cells: &[String]) -> String {
    if cells.is_empty() {
        return String::new();
    }
    let listed = lang.and_list(cells);
    lang.f("alt.marked", &[("cells", &listed)])
}

/// A caption as it is read aloud: without the difficulty stars (said as a word instead,
/// when there are any), with its middle dots as commas and its coordinate pairs in words.
pub fn caption(caption: &str, lang: Lang) -> String {
    let stars = caption.chars().filter(|&c| c == '★').count();
    let plain: String = caption.chars().filter(|&c| c != '★' && c != '☆').collect();
    let plain = pairs_said(plain.trim(), lang).replace(" · ", ", ");
    let grade = match stars {
        1 => Some("book.grade.easy"),
        2 => Some("book.grade.medium"),
        3 => Some("book.grade.hard"),
        4 => Some("book.grade.expert"),
        _ => None,
    };
    match grade {
        Some(key) => lang.f("alt.graded", &[("caption", &plain), ("grade", &lang.t(key))]),
        None => plain,
    }
}

/// A whole number as it is heard: "minus 4", "moins 4" (a minus sign is easily dropped).
pub fn signed(n: i32, lang: Lang) -> String {
    if n < 0 {
        lang.f("alt.minus", &[("n", &n.unsigned_abs())])
    } else {
        n.to_string()
    }
}

/// A pair of coordinates as it is heard: "(2, minus 4)"; in German and French, whose
/// decimal point is a comma, "(2; minus 4)" and "(2 ; moins 4)".
pub fn pair(q: i32, r: i32, lang: Lang) -> String {
    lang.f("alt.pair", &[("q", &signed(q, lang)), ("r", &signed(r, lang))])
}

/// The text with every printed coordinate pair ("(2,-4)") said as [`pair`] says it.
fn pairs_said(text: &str, lang: Lang) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let parsed = after.find(')').and_then(|close| {
            let (q, r) = after[..close].split_once(',')?;
            Some((q.trim().parse::<i32>().ok()?, r.trim().parse::<i32>().ok()?, close))
        });
        match parsed {
            Some((q, r, close)) => {
                out.push_str(&pair(q, r, lang));
                rest = &after[close + 1..];
            }
            None => {
                out.push('(');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A sentence: the text with a full stop, unless it ends with one already.
pub fn sentence(text: &str) -> String {
    let t = text.trim_end();
    if t.ends_with(['.', '!', '?', ':']) {
        t.to_string()
    } else {
        format!("{t}.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_say_empty_rows_and_captions_lose_their_stars() {
        let cells = vec![item(Lang::En, "a6", "blue 1"), item(Lang::En, "c6", "red 5")];
        let said = rows(Lang::En, [("6".to_string(), cells), ("5".to_string(), vec![])]);
        assert_eq!(said, "Row 6: a6: blue 1; c6: red 5. Row 5: empty.");
        assert_eq!(marked(Lang::De, &["a1".into(), "b2".into()]), "Markiert: a1 und b2.");
        assert_eq!(caption("Red to play and win ★★☆☆", Lang::En), "Red to play and win, difficulty medium");
        assert_eq!(caption("Round 1 · Black to play", Lang::En), "Round 1, Black to play");
        assert_eq!(sentence("Answer: d4"), "Answer: d4.");
        assert_eq!(caption("(2,-1) or (0,3)", Lang::Fr), "(2\u{202f}; moins 1) or (0\u{202f}; 3)");
        assert_eq!(caption("(2,-1) (x,1) (", Lang::En), "(2, minus 1) (x,1) (");
    }
}
