//! N-up sheets: sections of tiles (a diagram with a label, a caption and small print)
//! laid out in a grid, every diagram of a section at the same scale, a worksheet header
//! (the user's title, a name and date line) and a footer on every page.
//!
//! Nothing is printed smaller than [`MIN_PT`]: captions and small print (position IDs)
//! wrap onto more lines instead of shrinking, and a section whose diagrams would print
//! their text smaller takes fewer tiles to a page.

use super::paper::Paper;
use super::Header;
use crate::error::{Error, Result};
use crate::fonts::{fit_size, wrap, Face};
use crate::lang::Lang;
use crate::scene::{Anchor, Key, Role, Scene};
use crate::sheet::{Section, Tile};
use crate::style::{self, GREY, INK};

/// What every page's footer says.
#[derive(Debug, Clone)]
pub struct Footer {
    /// The seed the file was generated from, if any.
    pub seed: Option<String>,
    /// The command that recreates the file.
    pub command: String,
    /// The language of the footer's words.
    pub lang: Lang,
}

const MARGIN: f32 = 14.0;
const TITLE_PT: f32 = 15.0;
const HEADING_PT: f32 = 11.0;
const INTRO_PT: f32 = 8.5;
const FOOTER_PT: f32 = 6.5;
const CAPTION_PT: f32 = 9.0;
/// A caption may shrink this far before it wraps instead.
const CAPTION_MIN_PT: f32 = 7.5;
const SMALL_PT: f32 = 5.5;
/// The smallest type on any sheet or board (pt).
pub const MIN_PT: f32 = 5.0;

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

/// Breaks small print (a position ID, a second answer line) into lines no wider than
/// `width` at `size`: after spaces, and inside an ID after `/`, `;` or `:`.
fn break_small(text: &str, width: f32, size: f32) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    let mut piece = String::new();
    for c in text.chars() {
        piece.push(c);
        if matches!(c, ' ' | '/' | ';' | ':') {
            pieces.push(std::mem::take(&mut piece));
        }
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for p in pieces {
        let candidate = format!("{line}{p}");
        if !line.is_empty() && Face::Regular.text_width(candidate.trim_end(), size) > width {
            lines.push(std::mem::replace(&mut line, p).trim_end().to_string());
        } else {
            line = candidate;
        }
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// The header lines of a section's pages: the user's title and subtitle, the section's
/// title, its intro.
struct Heading {
    title: String,
    /// For each intro line, the paragraph it belongs to.
    intro_keys: Vec<Key>,
    /// The section's own title under the user's, if the user gave one.
    section: Option<String>,
    subtitle: Option<String>,
    intro: Vec<String>,
    name_line: bool,
    lang: Lang,
    /// Type sizes are multiplied by this (large print).
    scale: f32,
}

impl Heading {
    fn new(section: &Section, header: &Header, lang: Lang, area_w: f32, scale: f32) -> Self {
        let mut intro: Vec<String> = Vec::new();
        let mut intro_keys = Vec::new();
        for paragraph in &section.intro {
            let key = Key::fresh();
            for line in wrap(Face::Regular, paragraph, area_w, INTRO_PT * scale) {
                intro.push(line);
                intro_keys.push(key);
            }
        }
        let (title, under) = match &header.title {
            Some(t) => (t.clone(), Some(section.title.clone())),
            None => (section.title.clone(), None),
        };
        Heading {
            title,
            intro_keys,
            section: under,
            subtitle: header.subtitle.clone(),
            intro,
            name_line: header.name_line && section.for_pupils,
            lang,
            scale,
        }
    }

    /// The title's, the section line's, the subtitle's and the intro's sizes (pt).
    fn sizes(&self) -> (f32, f32, f32, f32) {
        let s = self.scale;
        (TITLE_PT * s, HEADING_PT * s, (INTRO_PT + 1.5) * s, INTRO_PT * s)
    }

    fn height(&self) -> f32 {
        let (title, heading, subtitle, intro) = self.sizes();
        let mut h = mm(title) * 1.4 + 3.0;
        if self.section.is_some() {
            h += mm(heading) * 1.45;
        }
        if self.subtitle.is_some() {
            h += mm(subtitle) * 1.45;
        }
        h + self.intro.len() as f32 * mm(intro) * 1.45
    }

    /// Draws the heading across `width` from the scene's top-left corner, tagged as
    /// `levels` says (see [`Levels`]); `None` draws it as page furniture (a heading that
    /// repeats the one on the section's first page).
    fn draw(&self, page: &mut Scene, width: f32, levels: Option<Levels>) {
        let Some(levels) = levels else {
            page.artifact(|page| self.draw(page, width, Some(Levels::UNTAGGED)));
            return;
        };
        let tagged = levels != Levels::UNTAGGED;
        // Draws `draw` as `role` (page furniture for `None`), continuing `key`.
        let put = |page: &mut Scene, role: Option<Role>, key: Key, draw: &dyn Fn(&mut Scene)| {
            match role {
                Some(role) if tagged => page.open_as(role, key),
                _ if tagged => page.open(Role::Artifact),
                _ => {
                    draw(page);
                    return;
                }
            }
            draw(page);
            page.close();
        };
        let (title_pt, heading_pt, subtitle_pt, intro_pt) = self.sizes();
        let mut y = mm(title_pt);
        let mut name = Scene::new(width, y * 2.0);
        let name_w = if self.name_line { name_line(&mut name, width, y, self.lang) + 4.0 } else { 0.0 };
        let size = fit_size(Face::Bold, &self.title, width - name_w, title_pt).max(heading_pt);
        let title_role =
            if self.section.is_some() { levels.title.map(Role::Heading) } else { Some(Role::Heading(levels.section)) };
        put(page, title_role, Key::NEW, &|page| {
            page.text(0.0, y, size, self.title.clone(), Face::Bold, Anchor::Start, INK)
        });
        if self.name_line {
            put(page, Some(Role::Paragraph), Key::NEW, &|page| page.place(&name, 0.0, 0.0, 1.0));
        }
        y += mm(title_pt) * 0.4;
        if let Some(s) = &self.section {
            y += mm(heading_pt) * 1.45;
            put(page, Some(Role::Heading(levels.section)), Key::NEW, &|page| {
                page.text(0.0, y, heading_pt, s.clone(), Face::Bold, Anchor::Start, INK)
            });
        }
        if let Some(s) = &self.subtitle {
            y += mm(subtitle_pt) * 1.45;
            let size = fit_size(Face::Italic, s, width, subtitle_pt).max(intro_pt);
            put(page, Some(Role::Paragraph), Key::NEW, &|page| {
                page.text(0.0, y, size, s.clone(), Face::Italic, Anchor::Start, INK)
            });
        }
        for (line, key) in self.intro.iter().zip(&self.intro_keys) {
            y += mm(intro_pt) * 1.45;
            let size = fit_size(Face::Regular, line, width, intro_pt).max(MIN_PT);
            // Each paragraph of the intro is one element, however many lines it wraps to.
            put(page, Some(Role::Paragraph), *key, &|page| {
                page.text(0.0, y, size, line.clone(), Face::Regular, Anchor::Start, INK)
            });
        }
    }
}

/// How a section's heading is tagged: the user's title (when there is one) at `title`,
/// or as page furniture when `None` (a title said once already); the section's title at
/// `section`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Levels {
    /// The level of the user's title, if it is to be said here.
    pub title: Option<u8>,
    /// The level of the section's title.
    pub section: u8,
}

impl Levels {
    /// Drawn, not tagged (inside page furniture).
    const UNTAGGED: Levels = Levels { title: None, section: 0 };
}

/// "Name ______  Date ______", ending at `right`, on the baseline `y`; returns its width.
fn name_line(page: &mut Scene, right: f32, y: f32, lang: Lang) -> f32 {
    let (name, date) = (lang.t("header.name"), lang.t("header.date"));
    let pt = 10.0;
    let (name_blank, date_blank, gap) = (52.0, 28.0, 5.0);
    let name_w = Face::Regular.text_width(name, pt) + 1.5;
    let date_w = Face::Regular.text_width(date, pt) + 1.5;
    let width = name_w + name_blank + gap + date_w + date_blank;
    let x = right - width;
    let rule = style::stroke(INK, 0.3);
    page.text(x, y, pt, name, Face::Regular, Anchor::Start, INK);
    page.line(x + name_w, y + 0.6, x + name_w + name_blank, y + 0.6, rule);
    let dx = x + name_w + name_blank + gap;
    page.text(dx, y, pt, date, Face::Regular, Anchor::Start, INK);
    page.line(dx + date_w, y + 0.6, dx + date_w + date_blank, y + 0.6, rule);
    width
}

/// The height the footer takes (its command may wrap onto a second line).
fn footer_lines(pw: f32, footer: &Footer) -> usize {
    let text = footer.lang.f("footer.recreate", &[("command", &footer.command)]);
    let width = pw - 2.0 * MARGIN;
    if fit_size(Face::Regular, &text, width, FOOTER_PT) >= MIN_PT {
        1
    } else {
        break_small(&text, width, MIN_PT).len()
    }
}

/// How a section's pages are cut: tiles per page, grid, the caption's lines, and the
/// scale of its diagrams.
struct Cut {
    per_page: usize,
    cols: usize,
    box_w: f32,
    box_h: f32,
    caption_lines: usize,
    scale: f32,
}

/// Type sizes of a sheet: the normal ones, or larger for large print.
#[derive(Debug, Clone, Copy)]
struct Sizes {
    caption: f32,
    caption_min: f32,
    small: f32,
}

impl Sizes {
    fn new(type_scale: f32) -> Self {
        Sizes {
            caption: CAPTION_PT * type_scale,
            caption_min: CAPTION_MIN_PT * type_scale,
            small: SMALL_PT * type_scale,
        }
    }

    fn caption_h(&self, lines: usize) -> f32 {
        mm(self.caption) * 1.5 + (lines - 1) as f32 * mm(self.caption_min) * 1.25
    }

    /// Small print and the reference line under a diagram.
    fn small_h(&self, small_lines: usize, references: bool) -> f32 {
        mm(self.small) * (0.6 + 1.2 * (small_lines.max(1) + references as usize) as f32)
    }
}

/// A caption in lines at these sizes (see [`caption_lines`]).
fn caption_lines_at(sizes: &Sizes, caption: &str, first_width: f32, width: f32) -> (f32, Vec<String>) {
    let size = fit_size(Face::Regular, caption, first_width, sizes.caption);
    if size >= sizes.caption_min {
        return (size, vec![caption.to_string()]);
    }
    let mut lines = wrap(Face::Regular, caption, first_width, sizes.caption_min);
    if lines.len() > 1 {
        let rest = lines[1..].join(" ");
        lines.truncate(1);
        lines.extend(wrap(Face::Regular, &rest, width, sizes.caption_min));
    }
    (sizes.caption_min, lines)
}

/// Cuts a section: the most tiles per page (up to its own number) whose diagrams keep
/// their text at `MIN_PT` or more. A number the user asked for that cannot is an error.
fn cut(section: &Section, area_w: f32, area_h: f32, sizes: &Sizes) -> Result<Cut> {
    let (max_w, max_h) =
        section.tiles.iter().fold((1.0f32, 1.0f32), |(w, h), t| (w.max(t.diagram.width), h.max(t.diagram.height)));
    let smallest = section.tiles.iter().filter_map(|t| t.diagram.smallest_text()).reduce(f32::min);
    let references = section.tiles.iter().any(|t| !t.reference.is_empty());
    let pad = 3.0;
    let cut_for = |per_page: usize| -> Cut {
        let (cols, rows) = grid_for(per_page);
        let box_w = area_w / cols as f32;
        let box_h = area_h / rows as f32;
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
            .map(|t| break_small(&t.small, box_w - 2.0 * pad, sizes.small).len())
            .max()
            .unwrap_or(0);
        let caption_h = sizes.caption_h(caption_lines);
        let small_h = sizes.small_h(small_lines, references);
        let scale = ((box_w - 2.0 * pad) / max_w).min((box_h - caption_h - small_h - 2.0 * pad) / max_h);
        Cut { per_page, cols, box_w, box_h, caption_lines, scale }
    };
    let wanted = section.per_page.max(1);
    let readable = |c: &Cut| smallest.is_none_or(|pt| pt * c.scale >= MIN_PT - 0.01) && c.scale > 0.0;
    let first = cut_for(wanted);
    if readable(&first) {
        return Ok(first);
    }
    let fewer = (1..wanted).rev().map(cut_for).find(readable);
    match (section.per_page_given, fewer) {
        (false, Some(c)) => Ok(c),
        (true, Some(c)) => Err(Error::input(format!(
            "--per-page {wanted} would print the text in these diagrams under {MIN_PT} pt; at most {} a page keep it readable",
            c.per_page
        ))),
        (_, None) => Ok(cut_for(1)),
    }
}

/// The most tiles of `section` a page of `width` x `height` mm holds with their text at
/// 5 pt or more (at least 1).
pub fn most_per_page(section: &Section, header: &Header, width: f32, height: f32, type_scale: f32) -> usize {
    let sizes = Sizes::new(type_scale);
    // The heading's height does not depend on the language of its Name/Date line.
    let heading = Heading::new(section, header, Lang::En, width, type_scale);
    let free = Section { per_page_given: false, per_page: 20, ..section.clone() };
    cut(&free, width, height - heading.height(), &sizes).map_or(1, |c| c.per_page)
}

/// A section's pages, laid out.
pub struct SectionPages {
    /// Each page, the text area's size.
    pub pages: Vec<Scene>,
    /// The tiles a page holds (the last may hold fewer).
    pub per_page: usize,
}

/// A section's pages, each `width` x `height` mm with the heading at its top and the
/// tiles in a grid below: what a sheet puts inside its margins, and a book inside its
/// text area. `type_scale` enlarges the type (large print). The pages are one section of
/// the document's structure: its heading (said once, at `levels`), its introduction,
/// and each tile as a group of the caption, the figure (which says what it shows: the
/// diagram's description) and the small print.
pub fn section_pages(
    section: &Section,
    header: &Header,
    lang: Lang,
    size: (f32, f32),
    type_scale: f32,
    levels: Levels,
) -> Result<SectionPages> {
    let (width, height) = size;
    let sizes = Sizes::new(type_scale);
    let heading = Heading::new(section, header, lang, width, type_scale);
    // Header height is the same on every page of a section, so the scale is too.
    let area_top = heading.height();
    let area_h = height - heading.height();
    let c = cut(section, width, area_h, &sizes)?;
    let chunks: Vec<&[Tile]> =
        if section.tiles.is_empty() { vec![&[]] } else { section.tiles.chunks(c.per_page).collect() };
    let pad = 3.0;
    let caption_h = sizes.caption_h(c.caption_lines);
    let mut pages = Vec::new();
    let key = Key::fresh();
    for (k, chunk) in chunks.into_iter().enumerate() {
        let mut page = Scene::new(width, height);
        page.open_as(Role::Section, key);
        heading.draw(&mut page, width, (k == 0).then_some(levels));
        let rule_y = area_top - 1.5;
        page.artifact(|page| page.line(0.0, rule_y, width, rule_y, style::stroke(GREY, 0.2)));
        for (i, tile) in chunk.iter().enumerate() {
            if !tile.diagram.desc.is_empty() {
                // The page's text description lists its diagrams in order, each with its
                // small print (a position ID).
                page.desc += &tile.diagram.desc;
                if !tile.small.is_empty() {
                    page.desc += &format!("\n{}", tile.small);
                }
                page.desc += "\n\n";
            }
            page.open(Role::Group);
            let (col, row) = (i % c.cols, i / c.cols);
            let bx = col as f32 * c.box_w;
            let by = area_top + row as f32 * c.box_h;
            let dw = tile.diagram.width * c.scale;
            let dh = tile.diagram.height * c.scale;
            let dx = bx + (c.box_w - dw) / 2.0;
            let cap_y = by + pad + mm(sizes.caption);
            // Captions start where the diagram does, or further left when the diagram
            // is narrow, so they keep their size.
            let cap_room = dw.max(c.box_w * 0.9);
            let cap_left = bx + (c.box_w - cap_room) / 2.0;
            let mut cx = dx.min(cap_left);
            let left = cx;
            page.open(Role::Caption);
            if !tile.label.is_empty() {
                page.text(cx, cap_y, sizes.caption, tile.label.clone(), Face::Bold, Anchor::Start, INK);
                cx += Face::Bold.text_width(&tile.label, sizes.caption) + 1.8;
            }
            let (size, lines) =
                caption_lines_at(&sizes, &tile.caption, cap_left + cap_room - cx, cap_left + cap_room - left);
            for (k, line) in lines.iter().enumerate() {
                let (x, y) = if k == 0 { (cx, cap_y) } else { (left, cap_y + k as f32 * mm(size) * 1.25) };
                page.text(x, y, size, line.clone(), Face::Regular, Anchor::Start, INK);
            }
            page.close();
            let dy = by + pad + caption_h;
            let alt = if tile.diagram.desc.is_empty() { &tile.caption } else { &tile.diagram.desc };
            page.figure(&tile.diagram, dx, dy, c.scale, alt);
            let small = break_small(&tile.small, c.box_w - 2.0 * pad, sizes.small);
            let mut y = dy + dh;
            if !small.is_empty() {
                page.open(Role::Paragraph);
            }
            for line in &small {
                y += mm(sizes.small) * 1.2;
                page.text(
                    bx + c.box_w / 2.0,
                    y + mm(sizes.small) * 0.1,
                    sizes.small,
                    line.clone(),
                    Face::Regular,
                    Anchor::Middle,
                    GREY,
                );
            }
            if !small.is_empty() {
                page.close();
            }
            if !tile.reference.is_empty() {
                page.open(Role::Paragraph);
                y += mm(sizes.small) * 1.2;
                let pt = sizes.small.max(6.5 * type_scale);
                page.text(
                    bx + c.box_w / 2.0,
                    y + mm(pt) * 0.2,
                    pt,
                    tile.reference.clone(),
                    Face::Italic,
                    Anchor::Middle,
                    INK,
                );
                page.close();
            }
            page.close();
        }
        page.close();
        pages.push(page);
    }
    Ok(SectionPages { pages, per_page: c.per_page })
}

/// Lays out the sections, each starting on a new page, with the header and footers.
pub fn layout(paper: Paper, sections: &[Section], footer: &Footer, title: &str, header: &Header) -> Result<Vec<Scene>> {
    let (pw, ph) = paper.size();
    let area_w = pw - 2.0 * MARGIN;
    let footer_h = mm(FOOTER_PT) * (2.0 + 1.2 * footer_lines(pw, footer) as f32) + 2.0;
    let area_h = ph - 2.0 * MARGIN - footer_h;
    let mut pages: Vec<Scene> = Vec::new();
    for (k, section) in sections.iter().enumerate() {
        // The user's title is said once, at the top; each section's title under it.
        let levels = match (&header.title, k) {
            (Some(_), 0) => Levels { title: Some(1), section: 2 },
            (Some(_), _) => Levels { title: None, section: 2 },
            (None, _) => Levels { title: None, section: 1 },
        };
        for content in section_pages(section, header, footer.lang, (area_w, area_h), 1.0, levels)?.pages {
            let mut page = Scene::new(pw, ph);
            page.title = title.to_string();
            page.desc = content.desc.clone();
            page.place(&content, MARGIN, MARGIN, 1.0);
            pages.push(page);
        }
    }
    let total = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        add_footer(page, footer, i + 1, total);
    }
    Ok(pages)
}

/// A page drawn by a game (a board) with the worksheet header above it: the page is
/// drawn a little smaller, below the header, to make room.
pub fn with_header(page: Scene, header: &Header, lang: Lang) -> Scene {
    if header.is_empty() {
        return page;
    }
    let (pw, ph) = (page.width, page.height);
    let heading = Heading {
        title: header.title.clone().unwrap_or_default(),
        intro_keys: Vec::new(),
        section: None,
        subtitle: header.subtitle.clone(),
        intro: Vec::new(),
        name_line: header.name_line,
        lang,
        scale: 1.0,
    };
    let top = MARGIN * 0.5 + heading.height();
    let scale = (ph - top) / ph;
    let mut out = Scene::new(pw, ph);
    out.title = page.title.clone();
    out.desc = page.desc.clone();
    let mut head = Scene::new(pw - 2.0 * MARGIN, heading.height());
    heading.draw(&mut head, pw - 2.0 * MARGIN, Some(Levels { title: Some(1), section: 2 }));
    out.place(&head, MARGIN, MARGIN, 1.0);
    out.place(&page, (pw - pw * scale) / 2.0, top, scale);
    out
}

/// Seed, version, page n/N, and the command that recreates the file (on two lines if
/// it does not fit one at `MIN_PT`).
pub fn add_footer(page: &mut Scene, footer: &Footer, number: usize, total: usize) {
    let (pw, ph) = (page.width, page.height);
    let width = pw - 2.0 * MARGIN;
    let lang = footer.lang;
    let command = lang.f("footer.recreate", &[("command", &footer.command)]);
    let size = fit_size(Face::Regular, &command, width, FOOTER_PT);
    let lines = if size >= MIN_PT { vec![command.clone()] } else { break_small(&command, width, MIN_PT) };
    let size = size.max(MIN_PT);
    let y2 = ph - MARGIN - (lines.len() - 1) as f32 * mm(size) * 1.2;
    // The footer is page furniture: a reader hears it once, in the document's subject.
    page.open(Role::Artifact);
    let y1 = y2 - mm(FOOTER_PT) * 1.5;
    page.line(MARGIN, y1 - mm(FOOTER_PT) * 1.3, pw - MARGIN, y1 - mm(FOOTER_PT) * 1.3, style::stroke(GREY, 0.2));
    let mut left = format!("boardpress {}", crate::VERSION);
    if let Some(seed) = &footer.seed {
        left = format!("{} · {left}", lang.f("footer.seed", &[("seed", seed)]));
    }
    page.text(MARGIN, y1, FOOTER_PT, left, Face::Regular, Anchor::Start, GREY);
    page.text(
        pw - MARGIN,
        y1,
        FOOTER_PT,
        lang.f("footer.page", &[("n", &number), ("total", &total)]),
        Face::Regular,
        Anchor::End,
        GREY,
    );
    for (k, line) in lines.into_iter().enumerate() {
        page.text(MARGIN, y2 + k as f32 * mm(size) * 1.2, size, line, Face::Regular, Anchor::Start, GREY);
    }
    page.close();
}

#[cfg(test)]
mod tests {
    use super::break_small;

    #[test]
    fn position_ids_break_after_their_separators() {
        let id = "six:r=0,0;1,0;2,0;3,0:b=1,1;2,1:hand=16,16:r";
        let lines = break_small(id, 30.0, 5.5);
        assert!(lines.len() > 1, "{lines:?}");
        assert_eq!(lines.concat(), id, "nothing lost or added");
        assert!(lines.iter().all(|l| l.ends_with([';', ':']) || l == lines.last().unwrap()), "{lines:?}");
    }
}
