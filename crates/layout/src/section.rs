//! A section's pages: its heading, then its tiles (a diagram with a label, a caption,
//! small print and a reference) in columns, every diagram of the section at one scale.
//!
//! Nothing is printed smaller than [`MIN_PT`]: captions and small print (position IDs)
//! wrap onto more lines instead of shrinking, and a section whose diagrams would print
//! their text smaller takes fewer tiles to a page. A sheet's pages hold their tiles in
//! the same grid, shared evenly between them (fewer tiles than a page holds take the
//! grid for their number, drawn up to twice as large); a book's (a section with a
//! running head and no number a page of the user's) are filled row by row by the
//! diagrams' own heights, and each page's diagrams are then drawn up to a quarter larger
//! to fill it.

use std::sync::Arc;

use super::heading::{Heading, Levels};
use super::Header;
use crate::error::Result;
use crate::fonts::{break_at_separators, fit_size, wrap_caption, Face};
use crate::lang::Lang;
use crate::refusal::LayoutError;
use crate::scene::{Anchor, Key, Points, Role, Scene};
use crate::style::{self, GREY, INK};
use boardpress_core::sheet::{Section, Tile};

const CAPTION_PT: Points = Points(9.0);
/// A caption may shrink this far before it wraps instead.
const CAPTION_MIN_PT: Points = Points(7.5);
const SMALL_PT: Points = Points(5.5);
/// The smallest type on any sheet or board (pt).
pub const MIN_PT: Points = Points(5.0);
/// The space around a tile's content in its box (mm).
const PAD: f32 = 3.0;
/// How much larger than the section's scale a book page may draw its diagrams to fill
/// the page.
const FILL_GROWTH: f32 = 1.25;
/// How much larger than on a full page a sheet's diagrams may be drawn when it has fewer
/// tiles than a page holds.
const SPREAD_GROWTH: f32 = 2.0;

/// Columns and rows for `n` tiles on a portrait page.
pub(crate) fn grid_for(n: usize) -> (usize, usize) {
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

/// How a section's pages are cut: tiles per page, grid, the depth of the words around
/// each diagram, and the scale of its diagrams.
#[derive(Debug, Clone)]
struct Cut {
    per_page: usize,
    cols: usize,
    rows: usize,
    box_w: f32,
    /// The captions' depth (as many lines as the longest takes).
    caption_h: f32,
    /// The small print's and the reference's depth.
    small_h: f32,
    scale: f32,
}

/// Type sizes of a sheet: the normal ones, or larger for large print.
#[derive(Debug, Clone, Copy)]
struct Sizes {
    caption: Points,
    caption_min: Points,
    small: Points,
}

impl Sizes {
    fn new(type_scale: f32) -> Self {
        Sizes {
            caption: CAPTION_PT.scaled(type_scale),
            caption_min: CAPTION_MIN_PT.scaled(type_scale),
            small: SMALL_PT.scaled(type_scale),
        }
    }

    fn caption_h(&self, lines: usize) -> f32 {
        self.caption.mm() * 1.5 + (lines - 1) as f32 * self.caption_min.mm() * 1.25
    }

    /// Small print and the reference line under a diagram.
    fn small_h(&self, small_lines: usize, references: bool) -> f32 {
        self.small.mm() * (0.6 + 1.2 * (small_lines.max(1) + references as usize) as f32)
    }
}

/// A caption in lines at these sizes: on one line if it fits at `caption_min` or more,
/// otherwise wrapped at `caption_min`, the first line `first_width` wide.
fn caption_lines_at(sizes: &Sizes, caption: &str, first_width: f32, width: f32) -> (Points, Vec<String>) {
    let size = fit_size(Face::Regular, caption, first_width, sizes.caption);
    if size >= sizes.caption_min {
        return (size, vec![caption.to_string()]);
    }
    (sizes.caption_min, wrap_caption(Face::Regular, caption, first_width, width, sizes.caption_min))
}

/// Cuts a section: the most tiles per page (up to its own number) whose diagrams keep
/// their text at `MIN_PT` or more. A number the user asked for that cannot is an error.
/// With `spread`, a sheet of fewer tiles than that takes the grid for their number.
fn cut(section: &Section, area_w: f32, area_h: f32, sizes: &Sizes, spread: bool) -> Result<Cut, LayoutError> {
    let (max_w, max_h) =
        section.tiles.iter().fold((1.0f32, 1.0f32), |(w, h), t| (w.max(t.diagram.width), h.max(t.diagram.height)));
    let smallest = section.tiles.iter().filter_map(|t| t.diagram.smallest_text).reduce(Points::min);
    let references = section.tiles.iter().any(|t| !t.reference.is_empty());
    let pad = PAD;
    // The deepest caption and small print in boxes `cols` to a row, measured once a width.
    let measured = std::cell::RefCell::new(std::collections::BTreeMap::<usize, (usize, usize)>::new());
    let lines_in = |cols: usize| -> (usize, usize) {
        *measured.borrow_mut().entry(cols).or_insert_with(|| {
            let box_w = area_w / cols as f32;
            let label_w = |t: &Tile| Face::Bold.text_width(&t.label, sizes.caption) + 1.8;
            let caption_lines = section
                .tiles
                .iter()
                .map(|t| caption_lines_at(sizes, &t.caption, box_w * 0.9 - label_w(t), box_w * 0.9).1.len())
                .max()
                .unwrap_or(1);
            let small_lines = section
                .tiles
                .iter()
                .filter(|t| !t.small.is_empty())
                .map(|t| break_at_separators(Face::Regular, &t.small, box_w - 2.0 * pad, sizes.small).len())
                .max()
                .unwrap_or(0);
            (caption_lines, small_lines)
        })
    };
    let cut_in = |per_page: usize, (cols, rows): (usize, usize)| -> Cut {
        let box_w = area_w / cols as f32;
        let box_h = area_h / rows as f32;
        let (caption_lines, small_lines) = lines_in(cols);
        let caption_h = sizes.caption_h(caption_lines);
        let small_h = sizes.small_h(small_lines, references);
        let scale = ((box_w - 2.0 * pad) / max_w).min((box_h - caption_h - small_h - 2.0 * pad) / max_h);
        Cut { per_page, cols, rows, box_w, caption_h, small_h, scale }
    };
    // A sheet's grid is the usual one for its number of tiles; a book's section, whose
    // pages are filled by the diagrams' own heights, takes whichever columns draw its
    // diagrams largest.
    let packed = section.running_head && !section.per_page_given;
    let cut_for = |per_page: usize| -> Cut {
        if !packed {
            return cut_in(per_page, grid_for(per_page));
        }
        (1..=per_page)
            .map(|cols| cut_in(per_page, (cols, per_page.div_ceil(cols))))
            .fold(None, |best: Option<Cut>, c| match best {
                Some(b) if b.scale >= c.scale => Some(b),
                _ => Some(c),
            })
            .expect("at least one column")
    };
    let wanted = section.per_page.max(1);
    let readable = |c: &Cut| smallest.is_none_or(|pt| pt.scaled(c.scale) >= MIN_PT.less(0.01)) && c.scale > 0.0;
    let first = cut_for(wanted);
    let chosen = if readable(&first) {
        first
    } else {
        let fewer = (1..wanted).rev().map(cut_for).find(readable);
        match (section.per_page_given, fewer) {
            (false, Some(c)) => c,
            (true, Some(c)) => {
                return Err(LayoutError::Unreadable { asked: wanted, most: c.per_page, smallest: MIN_PT })
            }
            (_, None) => cut_for(1),
        }
    };
    // Fewer tiles than a page holds (a sheet of four puzzles six to a page) take the grid
    // for their number, so that they spread over the page, drawn up to twice as large (a
    // single puzzle fills the measure or half the page, not the corner of a full page's
    // grid).
    let count = section.tiles.len();
    if !spread || packed || section.per_page_given || count == 0 || count >= chosen.per_page {
        return Ok(chosen);
    }
    let fewer = cut_in(count, grid_for(count));
    Ok(Cut { scale: fewer.scale.min(chosen.scale * SPREAD_GROWTH), ..fewer })
}

/// The most tiles of `section` a page of `width` x `height` mm holds with their text at
/// 5 pt or more (at least 1).
pub fn most_per_page(
    section: &Section,
    header: &Header,
    width: f32,
    height: f32,
    type_scale: f32,
) -> Result<usize, LayoutError> {
    let sizes = Sizes::new(type_scale);
    // The heading's height does not depend on the language of its Name/Date line.
    let heading = Heading::new(section, header, Lang::En, width, type_scale)?;
    let free = Section { per_page_given: false, per_page: 20, ..section.clone() };
    Ok(cut(&free, width, height - heading.height(true), &sizes, false).map_or(1, |c| c.per_page))
}

/// Where a tile goes: its page, the top-left corner of its box, and its diagrams' scale.
#[derive(Debug, Clone, Copy)]
struct Slot {
    page: usize,
    x: f32,
    y: f32,
    scale: f32,
}

/// The slots of a sheet: the same grid on every page, its rows spread over the room
/// under each page's heading, and the tiles shared evenly between the pages they need
/// (13 tiles six to a page go 5, 4 and 4, not 6, 6 and 1 on a page left nearly empty).
fn grid_slots(count: usize, c: &Cut, area: impl Fn(usize) -> (f32, f32)) -> Vec<Slot> {
    let pages = count.div_ceil(c.per_page).max(1);
    // The first `fuller` pages hold one tile more than the rest.
    let (even, fuller) = (count / pages, count % pages);
    let in_fuller = fuller * (even + 1);
    let page_of = |i: usize| -> (usize, usize) {
        if i < in_fuller {
            (i / (even + 1), i % (even + 1))
        } else {
            (fuller + (i - in_fuller) / even, (i - in_fuller) % even)
        }
    };
    (0..count)
        .map(|i| {
            let (page, k) = page_of(i);
            let (top, room) = area(page);
            let box_h = room / c.rows as f32;
            Slot { page, x: (k % c.cols) as f32 * c.box_w, y: top + (k / c.cols) as f32 * box_h, scale: c.scale }
        })
        .collect()
}

/// The slots of a book's section: rows of `c.cols` tiles, as deep as their deepest
/// diagram at the section's scale, go on a page while they fit; then each page's
/// diagrams are drawn as large as its room allows (up to [`FILL_GROWTH`] times), and
/// what room is left is shared between its rows.
fn packed_slots(tiles: &[Tile], c: &Cut, area: impl Fn(usize) -> (f32, f32)) -> Vec<Slot> {
    let fixed = c.caption_h + c.small_h + 2.0 * PAD;
    let rows: Vec<&[Tile]> = tiles.chunks(c.cols).collect();
    let deepest = |row: &[Tile]| row.iter().map(|t| t.diagram.height).fold(0.0, f32::max);
    let widest = |row: &[Tile]| row.iter().map(|t| t.diagram.width).fold(0.0, f32::max);
    // Rows onto pages.
    let mut pages: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = 0.0;
    for (r, row) in rows.iter().enumerate() {
        let h = fixed + c.scale * deepest(row);
        let room = area(pages.len() - 1).1;
        if !pages.last().expect("a page").is_empty() && used + h > room + 1e-3 {
            pages.push(Vec::new());
            used = 0.0;
        }
        pages.last_mut().expect("a page").push(r);
        used += h;
    }
    let mut slots = Vec::with_capacity(tiles.len());
    for (page, on_page) in pages.iter().enumerate() {
        let (top, room) = area(page);
        let depth: f32 = on_page.iter().map(|&r| deepest(rows[r])).sum();
        let width = on_page.iter().map(|&r| widest(rows[r])).fold(0.0, f32::max);
        let fill = (room - on_page.len() as f32 * fixed) / depth.max(1e-3);
        let scale = fill.min((c.box_w - 2.0 * PAD) / width.max(1e-3)).min(c.scale * FILL_GROWTH).max(c.scale);
        let heights: Vec<f32> = on_page.iter().map(|&r| fixed + scale * deepest(rows[r])).collect();
        let extra = ((room - heights.iter().sum::<f32>()) / on_page.len().max(1) as f32).max(0.0);
        let mut y = top;
        for (&r, h) in on_page.iter().zip(heights) {
            for k in 0..rows[r].len() {
                slots.push(Slot { page, x: k as f32 * c.box_w, y, scale });
            }
            y += h + extra;
        }
    }
    slots
}

/// A section's pages, each `width` x `height` mm with the heading at its top and the
/// tiles below: what a sheet puts inside its margins, and a book inside its text area.
/// `type_scale` enlarges the type (large print). The pages are one section of the
/// document's structure: its heading (said once, at `levels`), its introduction, and
/// each tile as a group of the caption, the figure (which says what it shows: the
/// diagram's description) and the small print. Where the tiles go is worked out
/// without drawing them; each page is drawn when it is asked for
/// ([`SectionPlan::page`]), so that a document of thousands of tiles holds one page's
/// drawings at a time.
#[derive(Debug, Clone)]
pub struct SectionPlan {
    width: f32,
    height: f32,
    type_scale: f32,
    levels: Levels,
    heading: Heading,
    cut: Cut,
    slots: Vec<Slot>,
    /// For each page, the range of its tiles (tiles fill pages in order).
    on_page: Vec<std::ops::Range<usize>>,
    /// The key that makes the pages one section of the structure.
    key: Key,
}

impl SectionPlan {
    /// Plans `section` on pages of `size`.
    pub fn new(
        section: &Section,
        header: &Header,
        lang: Lang,
        size: (f32, f32),
        type_scale: f32,
        levels: Levels,
    ) -> Result<SectionPlan> {
        let (width, height) = size;
        let sizes = Sizes::new(type_scale);
        let heading = Heading::new(section, header, lang, width, type_scale)?;
        // The first page's heading is the deepest: the grid and its scale are cut for the
        // room under it, and kept on every page.
        let cut = cut(section, width, height - heading.height(true), &sizes, true)?;
        let area = |page: usize| {
            let top = heading.height(page == 0);
            (top, height - top)
        };
        let slots = if section.running_head && !section.per_page_given {
            packed_slots(&section.tiles, &cut, area)
        } else {
            grid_slots(section.tiles.len(), &cut, area)
        };
        let count = slots.last().map_or(1, |s| s.page + 1);
        let mut on_page = vec![0..0; count];
        for (i, slot) in slots.iter().enumerate() {
            let range = &mut on_page[slot.page];
            if range.start == range.end {
                *range = i..i + 1;
            } else {
                range.end = i + 1;
            }
        }
        Ok(SectionPlan { width, height, type_scale, levels, heading, cut, slots, on_page, key: Key::fresh() })
    }

    /// How many pages the section takes.
    pub fn pages(&self) -> usize {
        self.on_page.len()
    }

    /// The scale its diagrams are drawn at (the largest, on a book's page that draws them
    /// larger).
    pub(crate) fn scale(&self) -> f32 {
        self.slots.iter().map(|s| s.scale).fold(self.cut.scale, f32::max)
    }

    /// The same plan with no diagram drawn larger than `scale`: a sheet's answers no
    /// larger than its puzzles, however much more room their pages leave.
    pub(crate) fn drawn_at_most(mut self, scale: f32) -> Self {
        self.cut.scale = self.cut.scale.min(scale);
        self.slots.iter_mut().for_each(|s| s.scale = s.scale.min(scale));
        self
    }

    /// For each tile, the page (of these) it is on.
    pub fn page_of(&self) -> Vec<usize> {
        self.slots.iter().map(|s| s.page).collect()
    }

    /// Draws page `k` of `section` (the section this plan was made for).
    pub fn page(&self, section: &Section, k: usize) -> Scene {
        let (width, height) = (self.width, self.height);
        let sizes = Sizes::new(self.type_scale);
        let mut page = Scene::new(width, height);
        page.tagged_as(Role::Section, self.key, |page| {
            self.heading.draw(page, width, (k == 0).then_some(self.levels), k == 0);
            let rule_y = self.heading.height(k == 0) - 1.5;
            page.artifact(|page| page.line(0.0, rule_y, width, rule_y, style::stroke(GREY, 0.2)));
            for i in self.on_page[k].clone() {
                draw_tile(page, &section.tiles[i], &self.slots[i], &self.cut, &sizes, self.type_scale);
            }
        });
        debug_assert!(page.height == height);
        page
    }
}

/// Draws a tile in its slot: the caption, the diagram, the small print and the
/// reference, as one group.
fn draw_tile(page: &mut Scene, tile: &Tile, slot: &Slot, c: &Cut, sizes: &Sizes, type_scale: f32) {
    let diagram = tile.diagram.scene();
    if !diagram.desc.is_empty() {
        // The page's text description lists its diagrams in order, each with its
        // caption as said and its small print (a position ID).
        if !tile.said.is_empty() {
            page.desc += &format!("{} {} ", tile.label, tile.said);
        }
        page.desc += &diagram.desc;
        if !tile.small.is_empty() {
            page.desc += &format!("\n{}", tile.small);
        }
        page.desc += "\n\n";
    }
    page.tagged(Role::Group, |page| tile_items(page, tile, diagram, slot, c, sizes, type_scale));
}

/// What [`draw_tile`] draws: the caption, the diagram, the small print and the reference.
fn tile_items(
    page: &mut Scene,
    tile: &Tile,
    diagram: Arc<Scene>,
    slot: &Slot,
    c: &Cut,
    sizes: &Sizes,
    type_scale: f32,
) {
    let (bx, by) = (slot.x, slot.y);
    let dw = diagram.width * slot.scale;
    let dh = diagram.height * slot.scale;
    let dx = bx + (c.box_w - dw) / 2.0;
    let cap_y = by + PAD + sizes.caption.mm();
    // Captions start where the diagram does, or further left when the diagram is
    // narrow, so they keep their size.
    let cap_room = dw.max(c.box_w * 0.9);
    let cap_left = bx + (c.box_w - cap_room) / 2.0;
    let mut cx = dx.min(cap_left);
    let left = cx;
    let said = (!tile.said.is_empty()).then(|| format!("{} {}", tile.label, tile.said).trim().to_string());
    page.tagged(Role::Caption(said), |page| {
        if !tile.label.is_empty() {
            page.text(cx, cap_y, sizes.caption, tile.label.clone(), Face::Bold, Anchor::Start, INK);
            cx += Face::Bold.text_width(&tile.label, sizes.caption) + 1.8;
        }
        let (size, lines) =
            caption_lines_at(sizes, &tile.caption, cap_left + cap_room - cx, cap_left + cap_room - left);
        for (k, line) in lines.iter().enumerate() {
            let (x, y) = if k == 0 { (cx, cap_y) } else { (left, cap_y + k as f32 * size.mm() * 1.25) };
            page.text(x, y, size, line.clone(), Face::Regular, Anchor::Start, INK);
        }
    });
    let dy = by + PAD + c.caption_h;
    let alt = if diagram.desc.is_empty() { tile.caption.clone() } else { diagram.desc.clone() };
    // A diagram drawn again for this page is moved into it, not copied.
    page.figure_shared(diagram, dx, dy, slot.scale, &alt);
    let small = break_at_separators(Face::Regular, &tile.small, c.box_w - 2.0 * PAD, sizes.small);
    let mut y = dy + dh;
    if !small.is_empty() {
        page.tagged(Role::Paragraph, |page| {
            for line in &small {
                y += sizes.small.mm() * 1.2;
                let at = y + sizes.small.mm() * 0.1;
                page.text(bx + c.box_w / 2.0, at, sizes.small, line.clone(), Face::Regular, Anchor::Middle, GREY);
            }
        });
    }
    if !tile.reference.is_empty() {
        y += sizes.small.mm() * 1.2;
        let pt = sizes.small.max(Points(6.5).scaled(type_scale));
        let reference = tile.reference.clone();
        page.tagged(Role::Paragraph, |page| {
            page.text(bx + c.box_w / 2.0, y + pt.mm() * 0.2, pt, reference, Face::Italic, Anchor::Middle, INK)
        });
    }
}
