//! SIX boards for playing on paper: hex paper with the start cells and the formations
//! page, or (`--tokens`) the sheet of 21 + 21 tokens to cut out.

use super::pages;
use crate::error::Result;
use crate::game::{BoardAsk, BoardContent, BoardPages, BoardPlan};

/// The file name and the words.
pub fn plan(ask: &BoardAsk) -> Result<BoardPlan> {
    let tokens = ask.options.flag("tokens");
    Ok(BoardPlan {
        file_stem: if tokens { "six-tokens" } else { "six-paper" }.into(),
        words: if tokens { " --tokens" } else { "" }.into(),
    })
}

/// Hex paper and the formations, or the token sheet.
pub fn board(ask: &BoardAsk, page: (f32, f32)) -> Result<BoardPages> {
    let lang = ask.lang;
    let list =
        if ask.options.flag("tokens") { vec![pages::token_sheet(page, lang)] } else { pages::paper_pages(page, lang) };
    // The document's title is its first page's, as printed.
    let title = list.first().map(|p| p.title.clone()).unwrap_or_default();
    Ok(BoardPages { title, seed: None, content: BoardContent::Pages(list) })
}
