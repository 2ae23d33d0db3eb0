//! Kamon pages for playing on paper: the seeded board with its key, a how-to box and a
//! move-record strip; and the cut-out sheet of 37 tokens. Pages are drawn without the
//! footer, which the board command adds.

use super::draw::{self, BoardGeometry, BoardStyle};
use super::position::{KamonPosition, Token};
use crate::fonts::{fit_size, wrap, wrap_cutting, Face};
use crate::geom::hex::{offset_rows, pointy_corners};
use crate::lang::Lang;
use crate::scene::{Anchor, Points, Role, Scene};
use crate::style::{self, GREY, INK, PALE};

const MARGIN: f32 = 10.0;

/// Message keys of the lines of the "how to play on paper" box.
const HOW_TO: [&str; 4] =
    ["kamon.board.how.start", "kamon.board.how.constraint", "kamon.board.how.win", "kamon.board.how.draw"];

/// One board page of `page` (width, height) mm. `lines` name the board (ID, seed) under
/// it; `blank` omits the tokens.
pub fn board_page(pos: &KamonPosition, page: (f32, f32), blank: bool, lines: &[String], lang: Lang) -> Scene {
    let (pw, ph) = page;
    let mut page = Scene::new(pw, ph);
    let title = if blank { lang.t("kamon.board.title_blank") } else { lang.t("kamon.board.title_seeded") };
    page.title = title.into();
    let width = pw - 2.0 * MARGIN;
    let mut y = MARGIN + Points(15.0).mm();
    page.tagged(Role::Heading(1), |page| page.text(MARGIN, y, Points(15.0), title, Face::Bold, Anchor::Start, INK));
    y += 2.5;

    // Everything below the board, measured first so the board can take the rest.
    let how_pt = Points(7.5);
    let how: Vec<Vec<String>> =
        HOW_TO.iter().map(|&l| wrap(Face::Regular, &format!("• {}", lang.t(l)), width - 6.0, how_pt)).collect();
    let how_h = how.iter().map(Vec::len).sum::<usize>() as f32 * how_pt.mm() * 1.4 + 8.0;
    let key_h = 9.0;
    let strip_h = 2.0 * 9.0 + 8.0;
    // The lines naming the board, each broken to the page's width (a long recreating
    // command takes several).
    let lines: Vec<Vec<String>> = lines.iter().map(|l| wrap_cutting(Face::Regular, l, width, Points(6.5))).collect();
    let id_h = lines.iter().map(Vec::len).sum::<usize>() as f32 * Points(6.5).mm() * 1.5 + 2.0;
    let footer_h = 10.0;
    let avail_h = ph - y - 6.0 - MARGIN - footer_h - key_h - how_h - strip_h - id_h - 4.0;
    let (ew, eh) = BoardGeometry::extent(1.0);
    let size = (width / ew).min(avail_h / eh);
    let board = draw::board(pos, size, BoardStyle { tokens: !blank, names: true, compact: false }, &[]);
    // What a sighted player sees: every token by cell (a seeded board), or the empty cells.
    let said = if blank { lang.t("kamon.alt.blank").to_string() } else { super::notation::spoken_layout(pos, lang) };
    let joined: Vec<String> = lines.iter().map(|l| l.join(" ")).collect();
    page.desc = format!("{said}\n{}\n", joined.join("\n"));
    let bx = (pw - ew * size) / 2.0;
    y += size * 0.4;
    page.figure(&board, bx, y, 1.0, &said);
    y += eh * size + 1.0;
    for broken in &lines {
        page.tagged(Role::Paragraph, |page| {
            for line in broken {
                y += Points(6.5).mm() * 1.5;
                page.text(pw / 2.0, y, Points(6.5), line.clone(), Face::Regular, Anchor::Middle, GREY);
            }
        });
    }
    y += 2.0;

    let key = draw::symbol_key(5.0, lang);
    let kscale = (width / key.width).min(1.0);
    let names: Vec<&str> = (0..6).map(|i| super::position::symbol_name(i, lang)).collect();
    let key_said = lang.f("kamon.alt.key", &[("symbols", &names.join(", "))]);
    page.figure(&key, MARGIN + (width - key.width * kscale) / 2.0, y, kscale, &key_said);
    y += key_h;

    // How to play on paper.
    page.artifact(|page| page.rect(MARGIN, y, width, how_h - 2.0, Some(PALE), None));
    let mut ty = y + how_pt.mm() * 1.4 + 1.5;
    page.tagged(Role::Heading(2), |page| {
        page.text(MARGIN + 3.0, ty, how_pt, lang.t("kamon.board.how"), Face::Bold, Anchor::Start, INK)
    });
    page.tagged(Role::List, |page| {
        for item in &how {
            page.list_item(|page| {
                for line in item {
                    ty += how_pt.mm() * 1.4;
                    page.text(MARGIN + 3.0, ty, how_pt, line.clone(), Face::Regular, Anchor::Start, INK);
                }
            });
        }
    });
    y += how_h;

    // Move record: 36 boxes in two rows of 18 (a form to write in: page furniture).
    page.tagged(Role::Paragraph, |page| {
        page.text(
            MARGIN,
            y + Points(7.0).mm(),
            Points(7.0),
            lang.t("kamon.board.record"),
            Face::Regular,
            Anchor::Start,
            INK,
        )
    });
    page.artifact(|page| {
        let box_w = width / 18.0;
        let top = y + 4.0;
        for i in 0..36 {
            let (col, row) = (i % 18, i / 18);
            let x = MARGIN + col as f32 * box_w;
            let by = top + row as f32 * 9.0;
            page.rect(x, by, box_w, 8.0, None, Some(style::stroke(INK, 0.2)));
            page.text(
                x + 0.8,
                by + Points(5.0).mm() + 0.3,
                Points(5.0),
                (i + 1).to_string(),
                Face::Regular,
                Anchor::Start,
                GREY,
            );
        }
    });
    page
}

/// The cut-out sheet: 36 tokens and the first-player token, hexes with thin cut lines
/// and 3 mm between them.
pub fn token_sheet(page_size: (f32, f32), lang: Lang) -> Scene {
    let (pw, ph) = page_size;
    let mut page = Scene::new(pw, ph);
    page.title = lang.t("kamon.tokens.title").into();
    page.tagged(Role::Heading(1), |page| {
        page.text(
            MARGIN,
            MARGIN + Points(15.0).mm(),
            Points(15.0),
            lang.t("kamon.tokens.title"),
            Face::Bold,
            Anchor::Start,
            INK,
        )
    });
    page.tagged(Role::Paragraph, |page| {
        page.text(
            MARGIN,
            MARGIN + Points(15.0).mm() + 5.0,
            Points(8.0),
            lang.t("kamon.tokens.intro"),
            Face::Regular,
            Anchor::Start,
            INK,
        )
    });
    let names: Vec<&str> = (0..6).map(|i| super::position::symbol_name(i, lang)).collect();
    let top = MARGIN + 16.0;
    let area = (pw - 2.0 * MARGIN, ph - top - MARGIN - 12.0);
    let mut items: Vec<Option<Token>> = Token::all().map(Some).collect();
    items.push(None);
    let (size, centres) = offset_rows(items.len(), (MARGIN, top), area, 3.0, 4..=8);
    page.tagged(Role::Figure(lang.f("kamon.alt.tokens", &[("symbols", &names.join(", "))]), None), |page| {
        for (t, &(cx, cy)) in items.iter().zip(&centres) {
            // The cut line is furniture; the token is the picture.
            page.artifact(|p| p.polygon(&pointy_corners(cx, cy, size), None, Some(style::CUT)));
            match t {
                Some(t) => draw::token(page, *t, cx, cy, size * 0.92),
                None => {
                    page.text(
                        cx,
                        cy - size * 0.1,
                        Points::from_mm(size * 0.8),
                        "★",
                        Face::Regular,
                        Anchor::Middle,
                        INK,
                    );
                    // Its name inside the hexagon's cut line, smaller where it is long.
                    let name = lang.t("kamon.tokens.first_player");
                    let pt = fit_size(Face::Regular, name, size * 1.45, Points::from_mm(size * 0.2)).max(Points(5.0));
                    page.text(cx, cy + size * 0.5, pt, name, Face::Regular, Anchor::Middle, INK);
                }
            }
        }
    });
    page
}
