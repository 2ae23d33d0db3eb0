//! Diagrams in words, for a reader who does not see them: a screen reader reads the
//! text aloud, a braille display shows it. One text serves every format: a tagged PDF's
//! figure (its alternative text), an SVG's `<title>` (the first sentence) and `<desc>`
//! (the whole), and the `aria-label` of a diagram in an HTML page.
//!
//! Each game says what its diagram shows ([`crate::games::Rules::diagram`] sets it): the
//! game, whose move it is, and every occupied cell with its name and what the diagram
//! draws there, a row at a time, top row first — as a sighted solver reads the board.

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

/// The rows of a board in words: "Row 6: a6 blue 1, c6 red 5." for each row, in the
/// order given (top first); a row without anything is said to be empty.
pub fn rows(lang: Lang, rows: impl IntoIterator<Item = (String, Vec<String>)>) -> String {
    let said: Vec<String> = rows
        .into_iter()
        .map(|(row, cells)| {
            if cells.is_empty() {
                lang.f("alt.row_empty", &[("row", &row)])
            } else {
                lang.f("alt.row", &[("row", &row), ("cells", &cells.join(", "))])
            }
        })
        .collect();
    said.join(" ")
}

/// A caption as it is read aloud: without the difficulty stars (said as a word instead,
/// when there are any) and with its middle dots as commas.
pub fn caption(caption: &str, lang: Lang) -> String {
    let stars = caption.chars().filter(|&c| c == '★').count();
    let plain: String = caption.chars().filter(|&c| c != '★' && c != '☆').collect();
    let plain = plain.trim().replace(" · ", ", ");
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
        let said = rows(Lang::En, [("6".to_string(), vec!["a6 blue 1".to_string()]), ("5".to_string(), vec![])]);
        assert_eq!(said, "Row 6: a6 blue 1. Row 5: empty.");
        assert_eq!(caption("Red to play and win ★★☆☆", Lang::En), "Red to play and win, difficulty medium");
        assert_eq!(caption("Round 1 · Black to play", Lang::En), "Round 1, Black to play");
        assert_eq!(sentence("Answer: d4"), "Answer: d4.");
    }
}
