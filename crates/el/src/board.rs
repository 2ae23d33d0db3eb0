//! EL boards for playing with pens: blank grids of any variant (up to 26x26 for print),
//! one or more per page, with the variant and the rule in a line under the title.

use super::params::{mark_legend, ElParams};
use super::variant_params;
use crate::error::{Error, Result};
use crate::game::{BoardAsk, BoardContent, BoardPages, BoardPlan};
use crate::geom::square::{MAX_ENGINE_SIZE, MAX_PRINT_SIZE};
use crate::names::slug;
use crate::options::GameOptions;
use crate::sheet::{Section, Tile};

/// The variant to print: validated as a game (at most the engine's size), then given the
/// printed size, which may be larger (only the drawing is needed).
pub fn print_params(options: &GameOptions) -> Result<ElParams> {
    let print_size = options.byte("size").unwrap_or(6);
    if !(3..=MAX_PRINT_SIZE).contains(&print_size) {
        return Err(Error::input(format!("board size {print_size} is outside 3..{MAX_PRINT_SIZE}")));
    }
    let engine = options.clone().with("size", print_size.min(MAX_ENGINE_SIZE).to_string());
    let mut params = variant_params(&engine)?;
    params.size = print_size;
    Ok(params)
}

/// The file name and the variant's words.
pub fn plan(ask: &BoardAsk) -> Result<BoardPlan> {
    let params = print_params(&ask.options)?;
    Ok(BoardPlan { file_stem: format!("el-board-{}", slug(&params.to_id())), words: ask.options.words(super::OPTIONS) })
}

/// `per_page` blank boards a page, with the players' marks and the rule.
pub fn board(ask: &BoardAsk) -> Result<BoardPages> {
    let params = print_params(&ask.options)?;
    let lang = ask.lang;
    let mut blank = super::draw::blank(&params, 10.0);
    let last = crate::geom::square::column_letter(params.size - 1);
    let said = lang.f("el.alt.blank", &[("size", &params.size), ("first", &'a'), ("last", &last)]);
    crate::description::Spoken::new(said, &[]).apply(&mut blank);
    let blank = crate::sheet::Drawing::kept(blank);
    let tiles: Vec<Tile> = (0..ask.per_page)
        .map(|_| Tile {
            diagram: blank.clone(),
            label: String::new(),
            caption: lang.f("el.board.players", &[("legend", &mark_legend(params.players, lang))]),
            said: String::new(),
            small: String::new(),
            reference: String::new(),
        })
        .collect();
    let holding = if params.consecutive {
        lang.f("el.numbers.consecutive", &[("n", &params.length)])
    } else {
        lang.f("el.board.once_each", &[("n", &params.length)])
    };
    let rule =
        lang.f("el.board.rule", &[("numbers", &params.numbers), ("length", &params.length), ("holding", &holding)]);
    let size = format!("{}x{}", params.size, params.size);
    let section = Section {
        title: lang.f("el.board.title", &[("size", &size)]),
        intro: vec![params.describe(lang), rule],
        tiles,
        per_page: ask.per_page as usize,
        per_page_given: true,
        for_pupils: true,
        running_head: false,
    };
    let title = section.title.clone();
    Ok(BoardPages { title: title.clone(), seed: None, content: BoardContent::Sheet(vec![section], title) })
}
