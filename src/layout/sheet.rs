//! N-up sheets: sections of tiles (a diagram with a label, a caption and small print)
//! laid out in a grid, every diagram of a section at the same scale, and a footer on
//! every page.

use super::paper::Paper;
use crate::fonts::{fit_size, wrap, Face};
use crate::scene::{Anchor, Scene};
use crate::sheet::{Section, Tile};
use crate::style::{self, GREY, INK};

/// What every page's footer says.
#[derive(Debug, Clone)]
pub struct Footer {
    /// The seed the file was generated from, if any.
    pub seed: Option<String>,
    /// The command that recreates the file.
    pub command: String,
}

const MARGIN: f32 = 14.0;
const TITLE_PT: f32 = 15.0;
const INTRO_PT: f32 = 8.5;
const FOOTER_PT: f32 = 6.5;
const CAPTION_PT: f32 = 9.0;
const SMALL_PT: f32 = 5.5;

fn mm(pt: f32) -> f32 {
    pt * 25.4 / 72.0
}

/// Columns and rows for `n` tiles on a portrait page.
pub fn grid_for(n: usize) -> (usize, usize) {
    match n {
        0 | 1 => (1, 1),
        2 => (1, 2),
        3 => (1, 3),
        4 => (2, 2),
        5 | 6 => (2, 3),
        7 | 8 => (2, 4),
        9 => (3, 3),
        10..=12 => (3, 4),
        13..=15 => (3, 5),
        16 => (4, 4),
        _ => (4, n.div_ceil(4)),
    }
}

/// Lays out the sections, each starting on a new page, and adds the footers.
pub fn layout(paper: Paper, sections: &[Section], footer: &Footer, title: &str) -> Vec<Scene> {
    let (pw, ph) = paper.size();
    let mut pages: Vec<Scene> = Vec::new();
    for section in sections {
        let per_page = section.per_page.max(1);
        let chunks: Vec<&[Tile]> =
            if section.tiles.is_empty() { vec![&[]] } else { section.tiles.chunks(per_page).collect() };
        let (cols, rows) = grid_for(per_page);
        let area_w = pw - 2.0 * MARGIN;
        let intro: Vec<String> = section.intro.iter().flat_map(|l| wrap(Face::Regular, l, area_w, INTRO_PT)).collect();
        // Header height is the same on every page of a section, so the scale is too.
        let header_h = mm(TITLE_PT) * 1.4 + intro.len() as f32 * mm(INTRO_PT) * 1.45 + 3.0;
        let footer_h = mm(FOOTER_PT) * 3.2 + 2.0;
        let area_top = MARGIN + header_h;
        let area_h = ph - 2.0 * MARGIN - header_h - footer_h;
        let box_w = area_w / cols as f32;
        let box_h = area_h / rows as f32;
        let caption_h = mm(CAPTION_PT) * 1.5;
        let small_h = mm(SMALL_PT) * 1.8;
        let pad = 3.0;
        let (max_w, max_h) =
            section.tiles.iter().fold((1.0f32, 1.0f32), |(w, h), t| (w.max(t.diagram.width), h.max(t.diagram.height)));
        let scale = ((box_w - 2.0 * pad) / max_w).min((box_h - caption_h - small_h - 2.0 * pad) / max_h);

        for chunk in chunks {
            let mut page = Scene::new(pw, ph);
            page.title = title.to_string();
            let mut y = MARGIN + mm(TITLE_PT);
            page.text(MARGIN, y, TITLE_PT, section.title.clone(), Face::Bold, Anchor::Start, INK);
            y += mm(TITLE_PT) * 0.4;
            for line in &intro {
                y += mm(INTRO_PT) * 1.45;
                let size = fit_size(Face::Regular, line, area_w, INTRO_PT);
                page.text(MARGIN, y, size, line.clone(), Face::Regular, Anchor::Start, INK);
            }
            let rule_y = area_top - 1.5;
            page.line(MARGIN, rule_y, pw - MARGIN, rule_y, style::stroke(GREY, 0.2));
            for (i, tile) in chunk.iter().enumerate() {
                if !tile.diagram.desc.is_empty() {
                    // The page's text description lists its diagrams in order.
                    page.desc += &format!("{} {}\n{}\n\n", tile.label, tile.caption, tile.diagram.desc);
                }
                let (col, row) = (i % cols, i / cols);
                let bx = MARGIN + col as f32 * box_w;
                let by = area_top + row as f32 * box_h;
                let dw = tile.diagram.width * scale;
                let dh = tile.diagram.height * scale;
                let dx = bx + (box_w - dw) / 2.0;
                let cap_y = by + pad + mm(CAPTION_PT);
                // Captions start where the diagram does, or further left when the
                // diagram is narrow, so they keep their size.
                let cap_room = (dw).max(box_w * 0.9);
                let cap_left = bx + (box_w - cap_room) / 2.0;
                let mut cx = dx.min(cap_left);
                if !tile.label.is_empty() {
                    page.text(cx, cap_y, CAPTION_PT, tile.label.clone(), Face::Bold, Anchor::Start, INK);
                    cx += Face::Bold.text_width(&tile.label, CAPTION_PT) + 1.8;
                }
                let cap_size = fit_size(Face::Regular, &tile.caption, cap_left + cap_room - cx, CAPTION_PT);
                page.text(cx, cap_y, cap_size, tile.caption.clone(), Face::Regular, Anchor::Start, INK);
                let dy = by + pad + caption_h;
                page.place(&tile.diagram, dx, dy, scale);
                if !tile.small.is_empty() {
                    let size = fit_size(Face::Regular, &tile.small, box_w - 2.0 * pad, SMALL_PT);
                    page.text(
                        bx + box_w / 2.0,
                        dy + dh + mm(SMALL_PT) * 1.3,
                        size,
                        tile.small.clone(),
                        Face::Regular,
                        Anchor::Middle,
                        GREY,
                    );
                }
            }
            pages.push(page);
        }
    }
    let total = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        add_footer(page, footer, i + 1, total);
    }
    pages
}

/// Seed, version, page n/N, and the command that recreates the file.
pub fn add_footer(page: &mut Scene, footer: &Footer, number: usize, total: usize) {
    let (pw, ph) = (page.width, page.height);
    let width = pw - 2.0 * MARGIN;
    let y2 = ph - MARGIN;
    let y1 = y2 - mm(FOOTER_PT) * 1.5;
    page.line(MARGIN, y1 - mm(FOOTER_PT) * 1.3, pw - MARGIN, y1 - mm(FOOTER_PT) * 1.3, style::stroke(GREY, 0.2));
    let mut left = format!("boardpress {}", crate::VERSION);
    if let Some(seed) = &footer.seed {
        left = format!("seed: {seed} · {left}");
    }
    page.text(MARGIN, y1, FOOTER_PT, left, Face::Regular, Anchor::Start, GREY);
    page.text(pw - MARGIN, y1, FOOTER_PT, format!("page {number}/{total}"), Face::Regular, Anchor::End, GREY);
    let command = format!("recreate with: {}", footer.command);
    let size = fit_size(Face::Regular, &command, width, FOOTER_PT);
    page.text(MARGIN, y2, size, command, Face::Regular, Anchor::Start, GREY);
}
