//! `boardpress board`: boards to play on with pens — blank, seeded, several to a page —
//! tokens to cut out, and practice positions, as each game draws them.

use crate::error::{Error, Result};
use crate::flags;
use crate::game::{BoardAsk, BoardContent, BoardFeatures, Game};
use crate::games;
use crate::layout::sheet::{add_footer, layout, with_header, Footer};
use crate::options::{and_list, Use};
use crate::render;
use crate::request::{BoardRequest, FirstPage, Format, Made, Run};
use crate::scene::Scene;

/// The games whose boards take a setting, for messages.
fn takers(has: impl Fn(BoardFeatures) -> bool) -> String {
    let words: Vec<&str> = games::GAMES.iter().filter(|g| has(g.board_features())).map(|g| g.word()).collect();
    and_list(&words)
}

/// A checked board request: the game, what it is asked, its file name and the
/// recreating command.
struct Plan {
    game: &'static dyn Game,
    ask: BoardAsk,
    file_stem: String,
    command: String,
}

/// The command that makes these boards, checked but not made.
pub fn command(req: &BoardRequest) -> Result<String> {
    Ok(plan(req)?.command)
}

/// Checks a request and works out its file name and recreating command.
fn plan(req: &BoardRequest) -> Result<Plan> {
    if req.format == Format::Jsonl {
        return Err(Error::input(flags::BOARD_FORMAT.said_as("jsonl").then(" is for puzzles; boards are pdf or svg")));
    }
    let game = games::find(&req.game)?;
    let features = game.board_features();
    if req.seed.is_some() && !features.seed {
        let rest = format!(" is for {} boards (not {})", takers(|f| f.seed), game.word());
        return Err(Error::input(flags::BOARD_SEED.said().then(rest)));
    }
    if let Some(seed) = &req.seed {
        crate::layout::header::check_seed(seed)?;
    }
    if req.count.is_some() && !features.count {
        let rest = format!(" is for {} boards (not {})", takers(|f| f.count), game.word());
        return Err(Error::input(flags::BOARD_COUNT.said().then(rest)));
    }
    flags::BOARD_PER_PAGE.checked(req.per_page.into())?;
    if req.per_page != 1 && !features.per_page {
        let rest = format!(" is for {} boards; {} boards take a whole page each", takers(|f| f.per_page), game.word());
        return Err(Error::input(flags::BOARD_PER_PAGE.said().then(rest)));
    }
    if let Some(n) = req.count {
        flags::BOARD_COUNT.checked(n)?;
    }
    req.header.check()?;
    let options = games::checked_options(game, &req.options, Use::Board)?;
    let ask = BoardAsk { options, seed: req.seed.clone(), count: req.count, per_page: req.per_page, lang: req.lang };
    let plan = game.board_plan(&ask)?;
    let line = super::recreate::BoardLine { req, game: game.word(), game_words: &plan.words };
    let command = super::recreate::line("board", super::recreate::BOARD, &line);
    Ok(Plan { game, ask, file_stem: plan.file_stem + &req.lang.file_suffix(), command })
}

/// Makes the board pages.
pub fn make(req: &BoardRequest, run: &Run) -> Result<Made> {
    let Plan { game, ask, file_stem, command } = plan(req)?;
    let board = game.board(&ask, &command, req.paper.size())?;
    let footer = Footer { seed: board.seed, command: command.clone(), lang: req.lang, handout: false };
    let pages = match board.content {
        BoardContent::Pages(pages) => {
            let pages = pages.into_iter().map(|p| with_header(p, &req.header, req.lang)).collect::<Result<_>>()?;
            with_footers(pages, &footer)
        }
        BoardContent::Sheet(mut sections, title) => {
            sections.iter_mut().for_each(|s| s.for_pupils = true);
            layout(req.paper, &sections, &footer, &title, &req.header)?
        }
    };
    let info = render::pdf::DocInfo {
        // The document's title is the first page's, as printed: the user's, or the board's.
        title: req.header.title.clone().unwrap_or(board.title),
        author: req.header.author.clone().unwrap_or_default(),
        lang: req.lang,
        subject: command.clone(),
        ..Default::default()
    };
    let documents = super::page_documents(&file_stem, req.format, &pages, &info, run.threads())?;
    let first_page = pages.into_iter().next().map(FirstPage::drawn);
    Ok(Made { stem: file_stem, documents, command, first_page, lang: req.lang, shortfall: None, notes: Vec::new() })
}

/// Adds the footer to every page: seed, version, page n/N and the recreating command.
fn with_footers(pages: Vec<Scene>, footer: &Footer) -> Vec<Scene> {
    let total = pages.len();
    pages.into_iter().enumerate().map(|(i, page)| add_footer(page, footer, i + 1, total)).collect()
}
