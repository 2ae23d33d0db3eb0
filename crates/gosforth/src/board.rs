//! Gosforth boards: the board sheet with two score tracks and a rules box, and the cut-out
//! pieces; or (`--seed`) practice positions for the sliding stage, random ends of the
//! placing stage with the points they scored.

use super::draw::diagram;
use super::notation::position_id;
use super::pages;
use super::position::{GosforthPosition, Stage, Status};
use crate::error::{Error, Result};
use crate::flags;
use crate::game::{BoardAsk, BoardContent, BoardPages, BoardPlan};
use crate::names::slug;
use crate::seed::{below, SeedSource};
use crate::sheet::{Section, Tile};

/// The target of a request (12 unless `--target`).
fn target(ask: &BoardAsk) -> u8 {
    ask.options.byte("target").unwrap_or(12)
}

/// The file name and the words: `--seed`, `--count`, `--target`.
pub fn plan(ask: &BoardAsk) -> Result<BoardPlan> {
    if ask.count.is_some() && ask.seed.is_none() {
        return Err(Error::input(
            flags::BOARD_COUNT
                .said()
                .then(" goes with ")
                .then_option(flags::BOARD_SEED.name)
                .then(" (practice positions)"),
        ));
    }
    let mut words = String::new();
    if let Some(seed) = &ask.seed {
        words += &flags::BOARD_SEED.with(seed);
    }
    if let Some(n) = ask.count {
        words += &flags::BOARD_COUNT.with(n);
    }
    words += &ask.options.words(super::OPTIONS);
    let file_stem = match &ask.seed {
        Some(seed) => format!("gosforth-practice-{}", slug(seed)),
        None => "gosforth-board".to_string(),
    };
    Ok(BoardPlan { file_stem, words })
}

/// The board and pieces pages, or a sheet of practice positions.
pub fn board(ask: &BoardAsk, page: (f32, f32)) -> Result<BoardPages> {
    let target = target(ask);
    let lang = ask.lang;
    let content = match &ask.seed {
        None => BoardContent::Pages(pages::board_pages(page, target, lang)),
        Some(seed) => {
            let source = SeedSource::new("gosforth/practice", seed);
            let mut tiles = Vec::new();
            for i in 1..=ask.count.unwrap_or(6) {
                let mut rng = source.stream(i as u64);
                // Random placing stages until one ends without anyone at the target.
                let pos = loop {
                    let mut pos = GosforthPosition::new(target);
                    while pos.stage() == Stage::Placing && pos.status() == Status::Ongoing {
                        let moves = pos.legal_moves();
                        pos.play(moves[below(&mut rng, moves.len() as u32) as usize])
                            .map_err(|e| Error::failed(e.0))?;
                    }
                    if pos.status() == Status::Ongoing {
                        break pos;
                    }
                };
                let sc = pos.scores();
                let claim = if pos.claim_available() {
                    lang.f("gosforth.practice.claim", &[("n", &pos.claim_points())])
                } else {
                    String::new()
                };
                tiles.push(Tile {
                    diagram: crate::sheet::Drawing::kept(diagram(&pos, 10.0, &[], &[], lang)),
                    label: format!("{i}."),
                    caption: lang.f("gosforth.practice.caption", &[("x", &sc[0]), ("o", &sc[1]), ("claim", &claim)]),
                    said: String::new(),
                    small: position_id(&pos),
                    reference: String::new(),
                });
            }
            let section = Section {
                title: lang.t("gosforth.practice.title").into(),
                intro: vec![
                    lang.f("gosforth.practice.intro", &[("target", &target)]),
                    lang.t("gosforth.practice.legend").into(),
                ],
                tiles,
                per_page: 6,
                per_page_given: false,
                for_pupils: true,
                running_head: false,
            };
            BoardContent::Sheet(vec![section], lang.t("gosforth.practice.title").into())
        }
    };
    // The document's title is its first page's, as printed.
    let title = match &content {
        BoardContent::Pages(list) => list.first().map(|p| p.title.clone()).unwrap_or_default(),
        BoardContent::Sheet(_, title) => title.clone(),
    };
    Ok(BoardPages { title, seed: ask.seed.clone(), content })
}
