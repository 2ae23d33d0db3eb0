//! SIX pages: hex paper for playing with two pens (plus the formations reminder), and
//! the cut-out token sheet. Pages are drawn without the footer, which the board command
//! adds.

use super::draw;
use crate::fonts::{wrap, Face};
use crate::geom::hex::{offset_rows, pointy_corners};
use crate::lang::Lang;
use crate::scene::{Anchor, Points, Role, Scene};
use crate::style::{self, INK};

const MARGIN: f32 = 12.0;

fn header(page: &mut Scene, title: &str, lines: &[&str]) -> f32 {
    let mut y = MARGIN + 5.3;
    page.tagged(Role::Heading(1), |page| page.text(MARGIN, y, Points(15.0), title, Face::Bold, Anchor::Start, INK));
    for line in lines {
        page.tagged(Role::Paragraph, |page| {
            for l in wrap(Face::Regular, line, page.width - 2.0 * MARGIN, Points(8.0)) {
                y += 4.0;
                page.text(MARGIN, y, Points(8.0), l, Face::Regular, Anchor::Start, INK);
            }
        });
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
    let area = (pw - 2.0 * MARGIN, ph - top - MARGIN - 14.0);
    let (size, centres) = offset_rows(42, (MARGIN, top), area, 3.0, 6..=6);
    page.tagged(Role::Figure(lang.t("six.alt.tokens").into(), None), |page| {
        for (i, &(cx, cy)) in centres.iter().enumerate() {
            // The cut line is furniture; the token is the picture.
            page.artifact(|p| p.polygon(&pointy_corners(cx, cy, size), None, Some(style::CUT)));
            draw::token(page, (i >= 21) as u8, cx, cy, size * 0.97);
        }
    });
    page
}

/// The rulebook's title picture: red and black tokens laid edge to edge in two rows,
/// with what it shows in words.
pub fn cover(lang: Lang) -> crate::error::Result<Scene> {
    let id = "six:r=0,0;2,0;4,0;6,0;1,1;3,1;5,1;-1,0;-4,0:b=1,0;3,0;5,0;0,1;2,1;4,1;6,1;-2,0;-3,0:hand=0,0:r";
    let pos =
        super::parse_position_id(id).map_err(|e| crate::error::Error::failed(format!("the cover position: {e}")))?;
    let mut scene = draw::plain_diagram(&pos, 8.0, &[], &[], &[]);
    let rows: std::collections::BTreeSet<i32> = pos.tokens().iter().map(|(a, _)| a.r).collect();
    let said = lang.f(
        "six.alt.cover",
        &[("red", &pos.count(0)), ("black", &pos.count(1)), ("rows", &rows.len()), ("n", &pos.tokens().len())],
    );
    crate::description::Spoken::new(said, &[]).apply(&mut scene);
    Ok(scene)
}
