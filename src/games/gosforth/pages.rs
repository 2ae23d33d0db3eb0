//! Gosforth pages: the board sheet (board, two score tracks, a rules reminder) and the
//! cut-out sheet of 12 + 12 pieces. Pages are drawn without the footer, which the board
//! command adds.

use super::draw::{diagram, piece, score_track};
use super::position::GosforthPosition;
use crate::fonts::{wrap, Face};
use crate::lang::Lang;
use crate::scene::{Anchor, Scene};
use crate::style::{self, GREY, INK, PALE};

const MARGIN: f32 = 14.0;

/// Message keys of the rules reminder's lines.
const RULES: [&str; 4] = [
    "gosforth.board.rule.placing",
    "gosforth.board.rule.sliding",
    "gosforth.board.rule.scoring",
    "gosforth.board.rule.target",
];

/// The board sheet (page 1) and the pieces sheet (page 2).
pub fn board_pages(page_size: (f32, f32), target: u8, lang: Lang) -> Vec<Scene> {
    let (pw, ph) = page_size;
    let width = pw - 2.0 * MARGIN;
    let mut page = Scene::new(pw, ph);
    page.title = lang.t("gosforth.board.doc_title").into();
    let mut y = MARGIN + 5.3;
    page.text(MARGIN, y, 15.0, lang.t("gosforth.board.title"), Face::Bold, Anchor::Start, INK);
    y += 6.0;
    let x_track = score_track(&lang.f("gosforth.board.score", &[("player", &"X")]), target, width);
    page.place(&x_track, MARGIN, y, 1.0);
    y += x_track.height + 6.0;
    let rule_lines: Vec<String> =
        RULES.iter().flat_map(|&r| wrap(Face::Regular, &format!("• {}", lang.t(r)), width - 6.0, 8.0)).collect();
    let rules_h = rule_lines.len() as f32 * 3.9 + 8.0;
    let o_track_h = x_track.height + 6.0;
    let board_room = ph - y - MARGIN - 12.0 - rules_h - o_track_h - 6.0;
    let empty = GosforthPosition::new(target);
    let unit = diagram(&empty, 1.0, &[], &[]);
    let scale = (width * 0.85 / unit.width).min(board_room / unit.height);
    let mut board = diagram(&empty, scale, &[], &[]);
    board.desc.clear();
    page.place(&board, (pw - board.width) / 2.0, y, 1.0);
    y += board.height + 4.0;
    let o_track = score_track(&lang.f("gosforth.board.score", &[("player", &"O")]), target, width);
    page.place(&o_track, MARGIN, y, 1.0);
    y += o_track.height + 5.0;
    page.rect(MARGIN, y, width, rules_h, Some(PALE), None);
    let mut ty = y + 5.0;
    for line in &rule_lines {
        page.text(MARGIN + 3.0, ty, 8.0, line.clone(), Face::Regular, Anchor::Start, INK);
        ty += 3.9;
    }

    let mut pieces = Scene::new(pw, ph);
    pieces.title = lang.t("gosforth.pieces.doc_title").into();
    pieces.text(MARGIN, MARGIN + 5.3, 15.0, lang.t("gosforth.pieces.title"), Face::Bold, Anchor::Start, INK);
    pieces.text(MARGIN, MARGIN + 10.5, 8.0, lang.t("gosforth.pieces.intro"), Face::Regular, Anchor::Start, INK);
    let cols = 6usize;
    let gap = 3.0;
    let size = ((width - (cols as f32 - 1.0) * gap) / cols as f32).min(30.0);
    for i in 0..24usize {
        let (col, row) = (i % cols, i / cols);
        let x = MARGIN + col as f32 * (size + gap);
        let y = MARGIN + 16.0 + row as f32 * (size + gap);
        pieces.rect(x, y, size, size, None, Some(style::dashed(GREY, 0.15, 1.0, 0.6)));
        piece(&mut pieces, (i >= 12) as u8, x + size / 2.0, y + size / 2.0, size * 0.4);
    }
    vec![page, pieces]
}
