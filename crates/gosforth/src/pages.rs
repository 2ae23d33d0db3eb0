//! Gosforth pages: the board sheet (board, two score tracks, a rules reminder) and the
//! cut-out sheet of 12 + 12 pieces. Pages are drawn without the footer, which the board
//! command adds.

use super::draw::{diagram, piece, score_label_width, score_track};
use super::position::GosforthPosition;
use crate::fonts::{wrap, Face};
use crate::lang::Lang;
use crate::scene::{Anchor, Points, Role, Scene};
use crate::style::{self, INK, PALE};

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
    page.title = lang.t("gosforth.board.title").into();
    let mut y = MARGIN + 5.3;
    page.tagged(Role::Heading(1), |page| {
        page.text(MARGIN, y, Points(15.0), lang.t("gosforth.board.title"), Face::Bold, Anchor::Start, INK)
    });
    y += 6.0;
    let track_said = |player: &str| {
        let name = lang.f("gosforth.board.score", &[("player", &player)]);
        lang.f("gosforth.alt.track", &[("name", &name), ("target", &target)])
    };
    let names = ["X", "O"].map(|player| lang.f("gosforth.board.score", &[("player", &player)]));
    let label_w = score_label_width(&[&names[0], &names[1]]);
    let x_track = score_track(&names[0], label_w, target, width);
    page.figure(&x_track, MARGIN, y, 1.0, &track_said("X"));
    y += x_track.height + 6.0;
    let rule_lines: Vec<Vec<String>> =
        RULES.iter().map(|&r| wrap(Face::Regular, &format!("• {}", lang.t(r)), width - 6.0, Points(8.0))).collect();
    let rules_h = rule_lines.iter().map(Vec::len).sum::<usize>() as f32 * 3.9 + 8.0;
    let o_track_h = x_track.height + 6.0;
    let board_room = ph - y - MARGIN - 12.0 - rules_h - o_track_h - 6.0;
    let empty = GosforthPosition::new(target);
    let unit = diagram(&empty, 1.0, &[], &[], lang);
    let scale = (width * 0.85 / unit.width).min(board_room / unit.height);
    let board = diagram(&empty, scale, &[], &[], lang);
    page.figure(&board, (pw - board.width) / 2.0, y, 1.0, lang.t("gosforth.alt.board"));
    y += board.height + 4.0;
    let o_track = score_track(&names[1], label_w, target, width);
    page.figure(&o_track, MARGIN, y, 1.0, &track_said("O"));
    y += o_track.height + 5.0;
    page.artifact(|page| page.rect(MARGIN, y, width, rules_h, Some(PALE), None));
    let mut ty = y + 5.0;
    page.tagged(Role::List, |page| {
        for item in &rule_lines {
            page.list_item(|page| {
                for line in item {
                    page.text(MARGIN + 3.0, ty, Points(8.0), line.clone(), Face::Regular, Anchor::Start, INK);
                    ty += 3.9;
                }
            });
        }
    });

    let mut pieces = Scene::new(pw, ph);
    pieces.title = lang.t("gosforth.pieces.title").into();
    pieces.tagged(Role::Heading(1), |p| {
        p.text(MARGIN, MARGIN + 5.3, Points(15.0), lang.t("gosforth.pieces.title"), Face::Bold, Anchor::Start, INK)
    });
    pieces.tagged(Role::Paragraph, |p| {
        p.text(MARGIN, MARGIN + 10.5, Points(8.0), lang.t("gosforth.pieces.intro"), Face::Regular, Anchor::Start, INK)
    });
    let cols = 6usize;
    let gap = 3.0;
    let size = ((width - (cols as f32 - 1.0) * gap) / cols as f32).min(30.0);
    pieces.tagged(Role::Figure(lang.t("gosforth.alt.pieces").into(), None), |pieces| {
        for i in 0..24usize {
            let (col, row) = (i % cols, i / cols);
            let x = MARGIN + col as f32 * (size + gap);
            let y = MARGIN + 16.0 + row as f32 * (size + gap);
            // The cut line is furniture; the piece is the picture.
            pieces.artifact(|p| p.rect(x, y, size, size, None, Some(style::CUT)));
            piece(pieces, (i >= 12) as u8, x + size / 2.0, y + size / 2.0, size * 0.4);
        }
    });
    vec![page, pieces]
}
