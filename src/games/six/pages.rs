//! SIX pages: hex paper for playing with two pens (plus the formations reminder), and
//! the cut-out token sheet. Pages are drawn without the footer, which the board command
//! adds.

use super::draw;
use crate::fonts::{wrap, Face};
use crate::lang::Lang;
use crate::scene::{Anchor, Role, Scene};
use crate::style::{self, GREY, INK};

const MARGIN: f32 = 12.0;

fn header(page: &mut Scene, title: &str, lines: &[&str]) -> f32 {
    let mut y = MARGIN + 5.3;
    page.tagged(Role::Heading(1), |page| page.text(MARGIN, y, 15.0, title, Face::Bold, Anchor::Start, INK));
    for line in lines {
        page.open(Role::Paragraph);
        for l in wrap(Face::Regular, line, page.width - 2.0 * MARGIN, 8.0) {
            y += 4.0;
            page.text(MARGIN, y, 8.0, l, Face::Regular, Anchor::Start, INK);
        }
        page.close();
    }
    y + 3.0
}

/// Hex paper (cells 12 mm across) and, on a second page, the formations.
pub fn paper_pages(page: (f32, f32), lang: Lang) -> Vec<Scene> {
    let (pw, ph) = page;
    let mut page = Scene::new(pw, ph);
    page.title = lang.t("six.paper.title").into();
    let top = header(&mut page, lang.t("six.paper.title"), &[lang.t("six.paper.intro")]);
    // 12 mm across the flats: circumradius 12 / sqrt(3).
    let size = 12.0 / 3f32.sqrt();
    let field = draw::hex_paper(pw - 2.0 * MARGIN, ph - top - MARGIN - 12.0, size, lang);
    page.figure(&field, MARGIN, top, 1.0, lang.t("six.alt.paper"));
    let mut reminder = Scene::new(pw, ph);
    reminder.title = lang.t("six.formations.title").into();
    let top2 = header(
        &mut reminder,
        lang.t("six.formations.title"),
        &[lang.t("six.formations.intro"), lang.t("six.formations.rounds")],
    );
    let f = draw::formations_reminder(pw - 2.0 * MARGIN, ph - top2 - MARGIN - 16.0, lang);
    let said = lang.f(
        "six.alt.formations",
        &[
            ("line", &lang.t("six.formations.line")),
            ("triangle", &lang.t("six.formations.triangle")),
            ("circle", &lang.t("six.formations.circle")),
        ],
    );
    reminder.figure(&f, MARGIN, top2 + 2.0, 1.0, &said);
    vec![page, reminder]
}

/// 21 red and 21 black tokens to cut out.
pub fn token_sheet(page_size: (f32, f32), lang: Lang) -> Scene {
    let (pw, ph) = page_size;
    let mut page = Scene::new(pw, ph);
    page.title = lang.t("six.tokens.title").into();
    let top = header(&mut page, lang.t("six.tokens.title"), &[lang.t("six.tokens.intro")]);
    let gap = 3.0;
    let cols = 6usize;
    let width = pw - 2.0 * MARGIN;
    let height = ph - top - MARGIN - 14.0;
    let rows = 7usize;
    let size = ((width - (cols as f32 + 0.5) * gap) / ((cols as f32 + 0.5) * 3f32.sqrt()))
        .min((height - rows as f32 * gap) / (rows as f32 * 1.5 + 0.5));
    let dx = size * 3f32.sqrt() + gap;
    let dy = size * 1.5 + gap * 0.866;
    page.open(Role::Figure(lang.t("six.alt.tokens").into(), None));
    for i in 0..42usize {
        let (col, row) = (i % cols, i / cols);
        let cx = MARGIN + size * 0.866 + col as f32 * dx + if row % 2 == 1 { dx / 2.0 } else { 0.0 };
        let cy = top + size + row as f32 * dy;
        // The cut line is furniture; the token is the picture.
        let cut = crate::geom::hex::pointy_corners(cx, cy, size);
        page.artifact(|p| p.polygon(&cut, None, Some(style::dashed(GREY, 0.15, 1.0, 0.6))));
        draw::token(&mut page, (i >= 21) as u8, cx, cy, size * 0.97);
    }
    page.close();
    page
}
