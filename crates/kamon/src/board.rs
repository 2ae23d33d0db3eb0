//! Kamon boards for playing on paper: seeded, ready-to-play boards (a uniform shuffle of
//! the tokens on the seed's stream, board *i* independent of the count) or blank ones,
//! one a page, and the cut-out token sheet.

use super::notation::{position_id, seeded_setup};
use super::pages;
use crate::error::Result;
use crate::flags;
use crate::game::{BoardAsk, BoardContent, BoardPages, BoardPlan};
use crate::names::slug;
use crate::seed::SeedSource;

/// The seed of a board request (`1` when none is given).
fn seed(ask: &BoardAsk) -> String {
    ask.seed.clone().unwrap_or_else(|| "1".into())
}

/// The file name and the words: `--blank` or `--seed`, `--count`, `--tokens`.
pub fn plan(ask: &BoardAsk) -> Result<BoardPlan> {
    let blank = ask.options.flag("blank");
    let tokens = ask.options.flag("tokens");
    let seed = seed(ask);
    let name = if blank { "blank".to_string() } else { slug(&seed) };
    let mut words = if blank { " --blank".to_string() } else { flags::BOARD_SEED.with(&seed) };
    let count = ask.count.unwrap_or(1);
    if count != 1 {
        words += &flags::BOARD_COUNT.with(count);
    }
    if tokens {
        words += " --tokens";
    }
    Ok(BoardPlan { file_stem: format!("kamon-board-{name}{}", if tokens { "-tokens" } else { "" }), words })
}

/// One page per board, then the token sheet if asked for.
pub fn board(ask: &BoardAsk, command: &str, page: (f32, f32)) -> Result<BoardPages> {
    let blank = ask.options.flag("blank");
    let lang = ask.lang;
    let seed = seed(ask);
    let count = ask.count.unwrap_or(1);
    let source = SeedSource::new("kamon/board", &seed);
    let mut list = Vec::new();
    for i in 1..=count {
        let pos = seeded_setup(&mut source.stream(i as u64));
        let lines = if blank {
            vec![lang.t("kamon.board.blank_note").to_string()]
        } else {
            vec![
                lang.f("kamon.board.id", &[("id", &position_id(&pos))]),
                lang.f("kamon.board.line", &[("seed", &seed), ("n", &i), ("count", &count), ("command", &command)]),
            ]
        };
        list.push(pages::board_page(&pos, page, blank, &lines, lang));
    }
    if ask.options.flag("tokens") {
        list.push(pages::token_sheet(page, lang));
    }
    Ok(BoardPages {
        // The document's title is its first page's, as printed.
        title: list.first().map(|p| p.title.clone()).unwrap_or_default(),
        seed: (!blank).then_some(seed),
        content: BoardContent::Pages(list),
    })
}
