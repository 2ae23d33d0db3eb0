//! The characters the web page's fonts keep (see [`crate::fonts::web`]): whole blocks,
//! common signs, and every character of the texts we print — the message catalogues,
//! the rulebooks of every game in every language, the page template and the sample book.
//! Gathered here, above the games and the templates, for the fonts below them.

use std::collections::BTreeSet;

use crate::fonts::web::{BLOCKS, SIGNS};
use crate::lang::Lang;

/// The texts whose characters the subsets must hold.
pub fn sources() -> Vec<&'static str> {
    let mut texts: Vec<&'static str> = Lang::ALL.iter().map(|l| l.source()).collect();
    for game in crate::games::GAMES {
        texts.extend(Lang::ALL.iter().filter_map(|&l| game.rulebook(l)).map(|r| r.text));
    }
    texts.push(super::html::PAGE_TEMPLATE);
    texts.push(include_str!("../../../../templates/book.toml"));
    texts
}

/// Every character the web page's fonts keep: [`BLOCKS`], [`SIGNS`] and every character
/// of [`sources`].
pub fn characters() -> BTreeSet<char> {
    let mut out: BTreeSet<char> = BLOCKS.iter().flat_map(|&(a, b)| a..=b).collect();
    out.extend(SIGNS.chars());
    for text in sources() {
        out.extend(text.chars().filter(|c| !c.is_control()));
    }
    out
}

/// `face`'s web subset, as `crates/core/src/fonts/web/` keeps it.
#[cfg(feature = "full-fonts")]
pub fn subset(face: crate::fonts::Face) -> Result<Vec<u8>, crate::fonts::FontError> {
    crate::fonts::web::subset(face, &characters())
}
