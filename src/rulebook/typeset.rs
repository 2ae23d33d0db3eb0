//! Blocks → pages: the rulebook's own layout on the shared scene. Headings, justified
//! paragraphs, lists, tables, rows of diagrams with captions, page numbers, a title page
//! per book and a contents page for the compendium. Keep rules: a heading stays with
//! the first lines of what follows, a paragraph leaves no single line at the foot or
//! head of a page, and a paragraph that ends with a colon stays with its diagrams.

use super::blocks::{plain, Block, Span};
use super::text::{break_lines, break_lines_with, draw_line, widest_word, Align};
use crate::fonts::Face;
use crate::game::fence::Diagram;
use crate::lang::Lang;
use crate::scene::{Anchor, Key, Role, Scene};
use crate::style::{self, GREY, INK};

const MM_PER_PT: f32 = 25.4 / 72.0;
const RULE: crate::scene::Rgb = crate::scene::Rgb(150, 150, 150);
const BAND: crate::scene::Rgb = crate::scene::Rgb(228, 232, 238);
/// The bar beside our rulings: a mid grey that prints on any printer.
const RULING_BAR: crate::scene::Rgb = crate::scene::Rgb(120, 120, 120);

/// Page size, margins and type sizes of one logical page.
#[derive(Debug, Clone, Copy)]
pub struct PageStyle {
    /// Page width, mm.
    pub width: f32,
    /// Page height, mm.
    pub height: f32,
    /// Side margins, mm.
    pub side: f32,
    /// Top margin, mm.
    pub top: f32,
    /// Bottom margin (the page number sits in it), mm.
    pub bottom: f32,
    /// Body text size, pt.
    pub body: f32,
    /// Diagram scale relative to the A5 design widths.
    pub figure_scale: f32,
    /// The language: its hyphenation and the typesetter's own words (Contents).
    pub lang: Lang,
}

impl PageStyle {
    /// A full page (A4 or Letter) for screens and 1-up printing.
    pub fn full(width: f32, height: f32) -> Self {
        PageStyle { width, height, side: 22.0, top: 20.0, bottom: 22.0, body: 10.5, figure_scale: 1.0, lang: Lang::En }
    }

    /// A booklet page (A5 or half-letter).
    pub fn booklet(width: f32, height: f32) -> Self {
        PageStyle { width, height, side: 14.0, top: 13.0, bottom: 16.0, body: 9.0, figure_scale: 1.0, lang: Lang::En }
    }

    fn measure(&self) -> f32 {
        self.width - 2.0 * self.side
    }

    fn leading(&self) -> f32 {
        self.body * 1.32 * MM_PER_PT
    }
}

/// The title page of a book or the opening of a chapter.
#[derive(Debug, Clone, Default)]
pub struct TitleBlock {
    /// The title.
    pub title: String,
    /// A line under it.
    pub subtitle: String,
    /// The credit line (the game's designer).
    pub credit: String,
    /// A picture for the title page (a board).
    pub cover: Option<Scene>,
    /// Small print at the foot of the title page (version, the recreating command).
    pub colophon: Vec<String>,
}

/// One game's rules (or a user's document).
#[derive(Debug, Clone)]
pub struct Chapter {
    /// Its title block.
    pub title: TitleBlock,
    /// The content, diagrams resolved.
    pub blocks: Vec<Block>,
}

/// An outline (bookmark) entry.
#[derive(Debug, Clone, PartialEq)]
pub struct OutlineEntry {
    /// 0 = chapter, 1 = `#`, 2 = `##`.
    pub level: u8,
    /// The text shown.
    pub title: String,
    /// Page index (0-based).
    pub page: usize,
    /// Distance from the page top, mm.
    pub y: f32,
}

/// Laid-out pages and their outline.
#[derive(Debug, Clone)]
pub struct Laid {
    /// One scene per page.
    pub pages: Vec<Scene>,
    /// Bookmarks in document order.
    pub outline: Vec<OutlineEntry>,
}

/// A piece of the flow: drawn at full measure width, y relative to its top.
struct FlowBox {
    height: f32,
    space_before: f32,
    keep_with_next: bool,
    scene: Scene,
    outline: Option<(u8, String)>,
    page_break: bool,
    /// A row of diagrams: it may wait for the next page while text passes it.
    figure: bool,
    /// A heading: it starts a section, which no waiting diagram may be passed into.
    heading: bool,
    /// The same row of diagrams drawn smaller (largest first), to fit a page's foot.
    smaller: Vec<FlowBox>,
}

impl FlowBox {
    fn new(width: f32, height: f32, space_before: f32) -> Self {
        FlowBox {
            height,
            space_before,
            keep_with_next: false,
            scene: Scene::new(width, height),
            outline: None,
            page_break: false,
            figure: false,
            heading: false,
            smaller: Vec::new(),
        }
    }
}

/// Diagrams may be drawn this much smaller to fit a page, as far as their smallest
/// text allows (see [`MIN_TYPE_PT`]).
const FIGURE_SHRINK: [f32; 3] = [0.92, 0.85, 0.78];
/// No text of a diagram is printed smaller than this (pt).
const MIN_TYPE_PT: f32 = 6.0;
/// The space between diagrams side by side (mm).
const FIGURE_GAP: f32 = 6.0;

struct Setter<'a> {
    style: &'a PageStyle,
    /// The structure level of a `#` heading (one below the title's).
    base: u8,
}

/// Wraps every box's drawing in `role`, one element across all of them.
fn wrap_boxes(boxes: &mut [FlowBox], role: Role) {
    let key = Key::fresh();
    for b in boxes {
        b.scene.wrap(role.clone(), key);
        for small in &mut b.smaller {
            small.scene.wrap(role.clone(), key);
        }
    }
}

impl Setter<'_> {
    fn heading(&self, level: u8, spans: &[Span], x: f32, width: f32) -> Vec<FlowBox> {
        let size = match level {
            1 => self.style.body * 1.45,
            2 => self.style.body * 1.18,
            _ => self.style.body,
        };
        let face = Face::Bold;
        let styled: Vec<Span> = spans.iter().map(|s| Span { text: s.text.clone(), face }).collect();
        let lines = break_lines(&styled, size, width - x, self.style.lang);
        let lead = size * 1.25 * MM_PER_PT;
        let before = if level == 1 { self.style.leading() * 1.3 } else { self.style.leading() * 0.9 };
        let mut b = FlowBox::new(self.style.measure(), lead * lines.len() as f32 + lead * 0.25, before);
        b.scene.open(Role::Heading((self.base + level - 1).min(6)));
        for (i, l) in lines.iter().enumerate() {
            draw_line(&mut b.scene, l, x, lead * (i as f32 + 0.8), width - x, size, Align::Left, INK);
        }
        b.scene.close();
        b.keep_with_next = true;
        b.heading = true;
        if level <= 2 {
            b.outline = Some((level, plain(spans)));
        }
        vec![b]
    }

    fn paragraph(&self, spans: &[Span], x: f32, width: f32, size: f32, space_before: f32) -> Vec<FlowBox> {
        let lines = break_lines(spans, size, width - x, self.style.lang);
        let lead = size * 1.32 * MM_PER_PT;
        let n = lines.len();
        let mut out = Vec::with_capacity(n);
        let mut open_parens = 0i32;
        // One paragraph, however many lines (and pages) it takes.
        let key = Key::fresh();
        for (i, l) in lines.iter().enumerate() {
            let mut b = FlowBox::new(self.style.measure(), lead, if i == 0 { space_before } else { 0.0 });
            b.scene.open_as(Role::Paragraph, key);
            draw_line(&mut b.scene, l, x, lead * 0.78, width - x, size, Align::Justify, INK);
            b.scene.close();
            for c in l.text().chars() {
                open_parens += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
            }
            // No single first line at a page foot, no single last line at a page head,
            // and no page turn inside a parenthesis.
            b.keep_with_next = n > 1 && (i == 0 || i + 2 == n || (open_parens > 0 && i + 1 < n));
            out.push(b);
        }
        out
    }

    fn blocks(&self, blocks: &[Block], x: f32, width: f32) -> Vec<FlowBox> {
        let mut out: Vec<FlowBox> = Vec::new();
        let gap = self.style.leading() * 0.5;
        let mut i = 0;
        while i < blocks.len() {
            match &blocks[i] {
                Block::Heading { level, spans } => out.extend(self.heading(*level, spans, x, width)),
                Block::Para(spans) => {
                    let mut boxes = self.paragraph(spans, x, width, self.style.body, gap);
                    let ends_with_colon = plain(spans).trim_end().ends_with(':');
                    let leads_in = matches!(blocks.get(i + 1), Some(Block::Figure(_) | Block::List { .. }));
                    let short_after_heading =
                        boxes.len() <= 2 && i > 0 && matches!(blocks[i - 1], Block::Heading { .. });
                    if (ends_with_colon || short_after_heading) && leads_in {
                        if let Some(last) = boxes.last_mut() {
                            last.keep_with_next = true;
                        }
                    }
                    out.extend(boxes);
                }
                Block::List { start, items } => {
                    let indent = self.style.body * 1.6 * MM_PER_PT;
                    let list_start = out.len();
                    for (k, item) in items.iter().enumerate() {
                        let marker = match start {
                            Some(s) => format!("{}.", s + k as u64),
                            None => "•".to_string(),
                        };
                        let mut boxes = self.blocks(item, x + indent, width);
                        wrap_boxes(&mut boxes, Role::ListBody);
                        // A list's last item never stands alone at the head of a page.
                        if k + 1 == items.len() && k > 0 {
                            if let Some(prev) = out.last_mut() {
                                prev.keep_with_next = true;
                            }
                        }
                        if let Some(first) = boxes.first_mut() {
                            if k > 0 {
                                first.space_before = gap * 0.4;
                            }
                            let lead = self.style.leading();
                            // The number or bullet, read before the item's text.
                            let mut label = Scene::new(first.scene.width, first.scene.height);
                            label.open(Role::Label);
                            label.text(
                                x + indent * 0.7,
                                lead * 0.78,
                                self.style.body,
                                marker,
                                Face::Regular,
                                Anchor::End,
                                INK,
                            );
                            label.close();
                            first.scene.items.splice(0..0, label.items.iter().cloned());
                            for small in &mut first.smaller {
                                small.scene.items.splice(0..0, label.items.iter().cloned());
                            }
                        }
                        wrap_boxes(&mut boxes, Role::ListItem);
                        out.extend(boxes);
                    }
                    wrap_boxes(&mut out[list_start..], Role::List);
                }
                Block::Table { header, rows } => {
                    let mut boxes = self.table(header, rows, x, width);
                    // The notes under a table (a list or paragraph right after it) stay
                    // with it when they are short.
                    if let Some(next @ (Block::List { .. } | Block::Para(_))) = blocks.get(i + 1) {
                        let mut notes = self.blocks(std::slice::from_ref(next), x, width);
                        let notes_height: f32 = notes.iter().map(|b| b.height + b.space_before).sum();
                        if notes_height < (self.style.height - self.style.top - self.style.bottom) * 0.4 {
                            if let Some(last) = boxes.last_mut() {
                                last.keep_with_next = true;
                            }
                            let k = notes.len();
                            for b in notes.iter_mut().take(k.saturating_sub(1)) {
                                b.keep_with_next = true;
                            }
                        }
                        boxes.append(&mut notes);
                        i += 1;
                    }
                    out.extend(boxes);
                }
                Block::Figure(_) => {
                    let mut row: Vec<&Diagram> = Vec::new();
                    while let Some(Block::Figure(d)) = blocks.get(i) {
                        row.push(d);
                        i += 1;
                    }
                    i -= 1;
                    // Each row of diagrams with its smaller versions, for a page's foot.
                    for r in self.figure_rows(&row, x, width) {
                        let mut b = self.figure_row(&r, x, width, 1.0);
                        b.smaller = FIGURE_SHRINK.iter().map(|&scale| self.figure_row(&r, x, width, scale)).collect();
                        out.push(b);
                    }
                }
                Block::Diagram(f) => {
                    // Unchecked fences never reach the typesetter; say so plainly if one does.
                    out.extend(self.paragraph(
                        &[Span { text: format!("[unchecked {} diagram]", f.game), face: Face::Italic }],
                        x,
                        width,
                        self.style.body,
                        gap,
                    ));
                }
                Block::Code(text) => {
                    let size = self.style.body * 0.85;
                    let lead = size * 1.3 * MM_PER_PT;
                    let lines: Vec<&str> = text.lines().collect();
                    let h = lead * lines.len() as f32 + lead * 0.6;
                    let mut b = FlowBox::new(self.style.measure(), h, gap);
                    b.scene.artifact(|s| s.rect(x, 0.0, width - x, h, Some(BAND), None));
                    b.scene.open(Role::Paragraph);
                    for (k, l) in lines.iter().enumerate() {
                        b.scene.text(x + 2.0, lead * (k as f32 + 1.0), size, *l, Face::Mono, Anchor::Start, INK);
                    }
                    b.scene.close();
                    out.push(b);
                }
                Block::Ruling(inner) => {
                    // Set in from the text, with a bar in the margin beside it.
                    let indent = self.style.body * 1.2 * MM_PER_PT;
                    let mut boxes = self.blocks(inner, x + indent, width);
                    let bar = style::stroke(RULING_BAR, 0.9);
                    for (k, b) in boxes.iter_mut().enumerate() {
                        let from = if k == 0 { 0.0 } else { -b.space_before };
                        b.scene.artifact(|s| s.line(x + indent * 0.35, from, x + indent * 0.35, b.height, bar));
                    }
                    wrap_boxes(&mut boxes, Role::Quote);
                    if let Some(first) = boxes.first_mut() {
                        first.space_before = gap;
                    }
                    out.extend(boxes);
                }
                Block::Rulings => {}
                Block::PageBreak => {
                    let mut b = FlowBox::new(self.style.measure(), 0.0, 0.0);
                    b.page_break = true;
                    out.push(b);
                }
            }
            i += 1;
        }
        out
    }

    fn table(&self, header: &[Vec<Span>], rows: &[Vec<Vec<Span>>], x: f32, width: f32) -> Vec<FlowBox> {
        let size = self.style.body * 0.92;
        let pad = 1.6;
        let cols = header.len().max(rows.iter().map(|r| r.len()).max().unwrap_or(0));
        if cols == 0 {
            return Vec::new();
        }
        let avail = width - x;
        let mut natural = vec![0.0f32; cols];
        let mut minimum = vec![0.0f32; cols];
        let header_owned = header.to_vec();
        for row in std::iter::once(&header_owned).chain(rows.iter()) {
            for (c, cell) in row.iter().enumerate() {
                let w: f32 = break_lines_with(cell, size, 10_000.0, None)
                    .iter()
                    .map(super::text::line_width)
                    .fold(0.0, f32::max);
                natural[c] = natural[c].max(w + 2.0 * pad);
                minimum[c] = minimum[c].max(widest_word(cell, size) + 2.0 * pad);
            }
        }
        let total: f32 = natural.iter().sum();
        let widths: Vec<f32> = if total <= avail {
            natural.clone()
        } else {
            let min_total: f32 = minimum.iter().sum();
            let spare = (avail - min_total).max(0.0);
            let extra: f32 = natural.iter().zip(&minimum).map(|(n, m)| n - m).sum::<f32>().max(0.001);
            natural.iter().zip(&minimum).map(|(n, m)| m + (n - m) / extra * spare).collect()
        };
        let table_w: f32 = widths.iter().sum();
        let lead = size * 1.28 * MM_PER_PT;
        let mut out = Vec::new();
        for (r, row) in std::iter::once(&header_owned).chain(rows.iter()).enumerate() {
            let broken: Vec<_> = (0..cols)
                .map(|c| {
                    row.get(c).map(|cell| break_lines_with(cell, size, widths[c] - 2.0 * pad, None)).unwrap_or_default()
                })
                .collect();
            let n = broken.iter().map(|l| l.len()).max().unwrap_or(1).max(1);
            let h = n as f32 * lead + 2.0 * pad * 0.7;
            let mut b = FlowBox::new(self.style.measure(), h, if r == 0 { self.style.leading() * 0.6 } else { 0.0 });
            b.scene.open(Role::Artifact);
            if r == 0 {
                b.scene.rect(x, 0.0, table_w, h, Some(BAND), None);
                b.scene.line(x, 0.0, x + table_w, 0.0, style::stroke(INK, 0.3));
                b.keep_with_next = true;
            }
            let line_w = if r == 0 { 0.3 } else { 0.15 };
            b.scene.line(
                x,
                h,
                x + table_w,
                h,
                style::stroke(if r == 0 || r == rows.len() { INK } else { RULE }, line_w),
            );
            b.scene.close();
            b.scene.open(Role::TableRow);
            let mut cx = x;
            for (c, lines) in broken.iter().enumerate() {
                b.scene.open(if r == 0 { Role::TableHeader } else { Role::TableCell });
                for (k, l) in lines.iter().enumerate() {
                    draw_line(
                        &mut b.scene,
                        l,
                        cx + pad,
                        pad * 0.7 + lead * (k as f32 + 0.78),
                        widths[c] - 2.0 * pad,
                        size,
                        Align::Left,
                        INK,
                    );
                }
                b.scene.close();
                cx += widths[c];
            }
            b.scene.close();
            out.push(b);
        }
        wrap_boxes(&mut out, Role::Table);
        out
    }

    /// Diagrams grouped into rows, left to right while they fit the measure (drawn
    /// smaller if need be, but never below the smallest size a diagram may take).
    fn figure_rows<'d>(&self, row: &[&'d Diagram], x: f32, width: f32) -> Vec<Vec<&'d Diagram>> {
        let avail = width - x;
        let smallest = FIGURE_SHRINK[FIGURE_SHRINK.len() - 1];
        let mut rows: Vec<Vec<&Diagram>> = vec![Vec::new()];
        let mut widths = 0.0;
        for d in row {
            let w = self.figure_width(d, avail, 1.0);
            let current = rows.last_mut().expect("a row");
            let gaps = FIGURE_GAP * current.len() as f32;
            if !current.is_empty() && (widths + w) * smallest + gaps > avail {
                rows.push(vec![d]);
                widths = w;
            } else {
                widths += w;
                current.push(d);
            }
        }
        rows
    }

    /// How wide a diagram is drawn at `scale` of its design width: within the measure,
    /// and no taller than 55% of the page.
    fn figure_width(&self, d: &Diagram, avail: f32, scale: f32) -> f32 {
        let max_h = (self.style.height - self.style.top - self.style.bottom) * 0.55;
        let design = d.width * self.style.figure_scale;
        // Never so small that the diagram's smallest text falls under MIN_TYPE_PT.
        let floor = d.scene.smallest_text().map_or(0.0, |pt| MIN_TYPE_PT / pt * d.scene.width).min(design);
        let mut w = (design * scale).max(floor).min(avail);
        let h = d.scene.height * w / d.scene.width;
        if h > max_h {
            w *= max_h / h;
        }
        w
    }

    /// One row of diagrams with their captions, drawn at `scale` of their design width
    /// (or smaller, when the row would not fit the measure).
    fn figure_row(&self, r: &[&Diagram], x: f32, width: f32, scale: f32) -> FlowBox {
        let avail = width - x;
        let gap = FIGURE_GAP;
        let cap_size = self.style.body * 0.85;
        let cap_lead = cap_size * 1.25 * MM_PER_PT;
        let natural: f32 = r.iter().map(|d| self.figure_width(d, avail, 1.0)).sum();
        let fit = ((avail - gap * (r.len() as f32 - 1.0)) / natural).min(1.0);
        let r: Vec<(&Diagram, f32)> = r.iter().map(|d| (*d, self.figure_width(d, avail, scale.min(fit)))).collect();
        let total: f32 = r.iter().map(|(_, w)| w).sum::<f32>() + gap * (r.len() as f32 - 1.0);
        // Captions get at least 40 mm so that they do not wrap word by word (a diagram
        // alone in its row lends its caption up to 80 mm).
        let caption_room = if r.len() == 1 { 80.0_f32 } else { 40.0 };
        let mut cells = Vec::new();
        let mut height: f32 = 0.0;
        for (d, w) in &r {
            let h = d.scene.height * w / d.scene.width;
            let cap_w = w.max(caption_room.min(avail / r.len() as f32));
            let caption = if d.caption.is_empty() {
                Vec::new()
            } else {
                break_lines_no_hyphen(&[Span { text: d.caption.clone(), face: Face::Italic }], cap_size, cap_w)
            };
            height = height.max(h + if caption.is_empty() { 0.0 } else { 1.5 + caption.len() as f32 * cap_lead });
            cells.push((d, *w, h, cap_w, caption));
        }
        let mut b = FlowBox::new(self.style.measure(), height + 1.0, self.style.leading() * 0.7);
        b.figure = true;
        let mut cx = x + (avail - total) / 2.0;
        for (d, w, h, cap_w, caption) in cells {
            b.scene.figure(&d.scene, cx, 0.0, w / d.scene.width, &d.alt());
            if !caption.is_empty() {
                b.scene.open(Role::Caption);
            }
            for (k, l) in caption.iter().enumerate() {
                draw_line(
                    &mut b.scene,
                    l,
                    cx + (w - cap_w) / 2.0,
                    h + 1.5 + cap_lead * (k as f32 + 0.8),
                    cap_w,
                    cap_size,
                    Align::Centre,
                    GREY,
                );
            }
            if !caption.is_empty() {
                b.scene.close();
            }
            cx += w + gap;
        }
        b
    }
}

/// Lays out one or more chapters. `compendium` adds a book title page and a contents
/// page and starts each chapter on a new page with its own opening; otherwise the
/// chapter's title block makes the title page.
pub fn typeset(
    style: &PageStyle,
    book: &TitleBlock,
    chapters: &[Chapter],
    compendium: bool,
    footer_title: &str,
) -> Laid {
    // The title page says the document's title (H1); a compendium's chapters open at H2.
    let setter = Setter { style, base: if compendium { 3 } else { 2 } };
    let mut pages: Vec<Scene> = Vec::new();
    let mut outline = Vec::new();
    pages.push(title_page(style, if compendium { book } else { &chapters[0].title }));
    let contents_at = pages.len();
    if compendium {
        pages.push(Scene::new(style.width, style.height));
    }
    let mut chapter_pages = Vec::new();
    for ch in chapters {
        let mut flow = Vec::new();
        if compendium {
            flow.extend(chapter_opening(style, &ch.title, 2));
        }
        flow.extend(setter.blocks(&ch.blocks, 0.0, style.measure()));
        let first_page = pages.len();
        chapter_pages.push(first_page);
        outline.push(OutlineEntry { level: 0, title: ch.title.title.clone(), page: first_page, y: style.top });
        paginate(style, flow, &mut pages, &mut outline);
    }
    if compendium {
        pages[contents_at] = contents_page(style, chapters, &chapter_pages, &outline);
    }
    for (i, p) in pages.iter_mut().enumerate().skip(1) {
        let y = style.height - style.bottom * 0.45;
        // Page numbers and the running title are page furniture.
        p.open(Role::Artifact);
        p.text(style.width / 2.0, y, style.body * 0.85, format!("{}", i + 1), Face::Regular, Anchor::Middle, INK);
        let (x, anchor) =
            if i % 2 == 1 { (style.side, Anchor::Start) } else { (style.width - style.side, Anchor::End) };
        p.text(x, y, style.body * 0.7, footer_title, Face::Italic, anchor, GREY);
        p.close();
    }
    Laid { pages, outline }
}

/// Boxes chained by keep-with-next: they go on one page together when they can.
struct Unit {
    boxes: Vec<FlowBox>,
}

impl Unit {
    fn height(&self, at_top: bool) -> f32 {
        self.boxes.iter().enumerate().map(|(k, b)| b.height + if k == 0 && at_top { 0.0 } else { b.space_before }).sum()
    }

    /// A diagram row (and what leads into it) that may wait for the next page.
    fn floats(&self) -> bool {
        self.boxes.iter().any(|b| b.figure) && !self.boxes.iter().any(|b| b.heading)
    }

    fn has_heading(&self) -> bool {
        self.boxes.iter().any(|b| b.heading)
    }

    /// The unit with its diagrams drawn at `step` (0: full size, k: `FIGURE_SHRINK[k - 1]`).
    fn at(&self, step: usize) -> Unit {
        Unit {
            boxes: self
                .boxes
                .iter()
                .map(|b| {
                    let mut copy = match step.checked_sub(1).and_then(|k| b.smaller.get(k)) {
                        Some(small) => clone_box(small),
                        None => clone_box(b),
                    };
                    copy.keep_with_next = b.keep_with_next;
                    copy.space_before = b.space_before;
                    copy.smaller = b.smaller.iter().map(clone_box).collect();
                    copy
                })
                .collect(),
        }
    }
}

fn clone_box(b: &FlowBox) -> FlowBox {
    FlowBox {
        height: b.height,
        space_before: b.space_before,
        keep_with_next: b.keep_with_next,
        scene: b.scene.clone(),
        outline: b.outline.clone(),
        page_break: b.page_break,
        figure: b.figure,
        heading: b.heading,
        smaller: Vec::new(),
    }
}

/// The sizes a page may draw its diagrams at: full size, then each of `FIGURE_SHRINK`.
const STEPS: usize = FIGURE_SHRINK.len() + 1;

/// Pages being filled. A page is held open until it is full: its units, and the one
/// size its diagrams are drawn at (the largest at which everything on it fits), plus the
/// diagrams waiting for the next page's top.
struct Pager<'a> {
    style: &'a PageStyle,
    pages: &'a mut Vec<Scene>,
    outline: &'a mut Vec<OutlineEntry>,
    current: Vec<Unit>,
    step: usize,
    waiting: Vec<Unit>,
}

impl Pager<'_> {
    fn text_height(&self) -> f32 {
        self.style.height - self.style.bottom - self.style.top
    }

    fn fresh(&self) -> bool {
        self.current.is_empty()
    }

    /// The height of this page's units (and `extra` after them) with diagrams at `step`.
    fn height_with(&self, extra: Option<&Unit>, step: usize) -> f32 {
        self.current
            .iter()
            .chain(extra)
            .enumerate()
            .map(|(k, u)| {
                if u.boxes.iter().any(|b| !b.smaller.is_empty()) { u.at(step) } else { u.at(0) }.height(k == 0)
            })
            .sum()
    }

    fn room(&self) -> f32 {
        self.text_height() - self.height_with(None, self.step)
    }

    /// The largest diagram size at which `unit` fits on this page after what is there.
    fn fitting_step(&self, unit: &Unit) -> Option<usize> {
        (self.step..STEPS).find(|&step| self.height_with(Some(unit), step) <= self.text_height())
    }

    /// Draws the page held open and starts a new one.
    fn new_page(&mut self) {
        if self.fresh() {
            return;
        }
        let mut page = Scene::new(self.style.width, self.style.height);
        let mut y = self.style.top;
        let mut first = true;
        for unit in std::mem::take(&mut self.current) {
            for b in unit.at(self.step).boxes {
                if !first {
                    y += b.space_before;
                }
                first = false;
                if let Some((level, title)) = &b.outline {
                    self.outline.push(OutlineEntry { level: *level, title: title.clone(), page: self.pages.len(), y });
                }
                page.place(&b.scene, self.style.side, y, 1.0);
                y += b.height;
            }
        }
        self.pages.push(page);
        self.step = 0;
    }

    /// Places a unit: on this page if it fits (its page's diagrams a little smaller if
    /// need be), else on the next; a unit taller than a page goes box by box.
    fn place(&mut self, unit: Unit) {
        if let Some(step) = self.fitting_step(&unit) {
            self.step = step;
            return self.current.push(unit);
        }
        self.new_page();
        if let Some(step) = self.fitting_step(&unit) {
            self.step = step;
            return self.current.push(unit);
        }
        for b in unit.boxes {
            let single = Unit { boxes: vec![b] };
            match self.fitting_step(&single) {
                Some(step) => self.step = step,
                None => self.new_page(),
            }
            self.current.push(single);
        }
    }

    /// The waiting diagrams, at the top of a new page.
    fn release(&mut self) {
        if self.waiting.is_empty() {
            return;
        }
        self.new_page();
        for unit in std::mem::take(&mut self.waiting) {
            self.place(unit);
        }
    }

    fn flow(&mut self, unit: Unit) {
        let fits = self.fitting_step(&unit).is_some();
        if unit.has_heading() {
            // A new section: what waits belongs to the one before.
            self.release();
            // A heading with its lead-in fits, its diagrams do not: the diagrams wait for
            // the next page's top, and the section's text goes on here.
            let much_room_left = self.room() > 0.25 * self.text_height();
            if !fits && !self.fresh() && much_room_left {
                if let Some(at) = unit.boxes.iter().position(|b| b.figure) {
                    let mut head = Unit { boxes: unit.boxes };
                    let rest = Unit { boxes: head.boxes.split_off(at) };
                    if at > 0 && self.fitting_step(&head).is_some() && !rest.has_heading() {
                        self.place(head);
                        self.waiting.push(rest);
                        return;
                    }
                    head.boxes.extend(rest.boxes);
                    return self.place(head);
                }
            }
            return self.place(unit);
        }
        if unit.floats() {
            // Diagrams keep their order; one that does not fit waits for the next page
            // while the text after it fills this one, unless little room is lost.
            let much_room_left = self.room() > 0.15 * self.text_height();
            if !self.waiting.is_empty() || (!fits && !self.fresh() && much_room_left) {
                self.waiting.push(unit);
                return;
            }
            return self.place(unit);
        }
        if !fits && !self.waiting.is_empty() {
            self.release();
        }
        self.place(unit);
    }
}

/// One chapter's pages for a book: its opening and its text, on pages of `style` (whose
/// margins the book sets to zero: it places the pages in its own text area), with no
/// title page and no page numbers. Outline entries point at these pages. The chapter's
/// title is a level 2 heading (under the book's title).
pub fn chapter_pages(style: &PageStyle, chapter: &Chapter) -> Laid {
    let setter = Setter { style, base: 3 };
    let mut flow = chapter_opening(style, &chapter.title, 2);
    flow.extend(setter.blocks(&chapter.blocks, 0.0, style.measure()));
    let mut pages = Vec::new();
    let mut outline = vec![OutlineEntry { level: 0, title: chapter.title.title.clone(), page: 0, y: style.top }];
    paginate(style, flow, &mut pages, &mut outline);
    Laid { pages, outline }
}

fn paginate(style: &PageStyle, flow: Vec<FlowBox>, pages: &mut Vec<Scene>, outline: &mut Vec<OutlineEntry>) {
    let mut pager = Pager { style, pages, outline, current: Vec::new(), step: 0, waiting: Vec::new() };
    let mut unit = Unit { boxes: Vec::new() };
    for b in flow {
        if b.page_break {
            if !unit.boxes.is_empty() {
                pager.flow(std::mem::replace(&mut unit, Unit { boxes: Vec::new() }));
            }
            pager.release();
            pager.new_page();
            continue;
        }
        let chained = b.keep_with_next;
        unit.boxes.push(b);
        if !chained {
            pager.flow(std::mem::replace(&mut unit, Unit { boxes: Vec::new() }));
        }
    }
    if !unit.boxes.is_empty() {
        pager.flow(unit);
    }
    pager.release();
    pager.new_page();
}

fn title_page(style: &PageStyle, t: &TitleBlock) -> Scene {
    let mut s = Scene::new(style.width, style.height);
    let w = style.measure();
    let mut y = style.height * 0.16;
    let title_size = crate::fonts::fit_size(Face::Bold, &t.title, w, style.body * 3.4);
    s.tagged(Role::Heading(1), |s| {
        s.text(style.width / 2.0, y, title_size, t.title.clone(), Face::Bold, Anchor::Middle, INK)
    });
    y += title_size * MM_PER_PT * 0.9;
    s.open(Role::Paragraph);
    for l in break_lines_no_hyphen(&[Span { text: t.subtitle.clone(), face: Face::Regular }], style.body * 1.4, w) {
        y += style.body * 1.4 * 1.3 * MM_PER_PT;
        draw_line(&mut s, &l, style.side, y, w, style.body * 1.4, Align::Centre, INK);
    }
    s.close();
    y += style.leading() * 0.6;
    s.open(Role::Paragraph);
    for l in break_lines_no_hyphen(&[Span { text: t.credit.clone(), face: Face::Italic }], style.body * 1.05, w) {
        y += style.leading();
        draw_line(&mut s, &l, style.side, y, w, style.body * 1.05, Align::Centre, GREY);
    }
    s.close();
    let small = style.body * 0.75;
    let small_lead = small * 1.35 * MM_PER_PT;
    let colophon: Vec<_> = t
        .colophon
        .iter()
        .flat_map(|line| break_lines_no_hyphen(&[Span { text: line.clone(), face: Face::Regular }], small, w))
        .collect();
    let foot = style.height - style.bottom - colophon.len() as f32 * small_lead;
    if let Some(cover) = &t.cover {
        let room_top = y + style.leading() * 2.0;
        let room_h = foot - room_top - style.leading() * 2.0;
        let scale = (w * 0.85 / cover.width).min(room_h / cover.height);
        if scale > 0.0 {
            let cw = cover.width * scale;
            let ch = cover.height * scale;
            s.figure(cover, (style.width - cw) / 2.0, room_top + (room_h - ch) / 2.0, scale, &cover.desc);
        }
    }
    // Each colophon line is its own paragraph, however many lines it wraps to.
    let mut k = 0;
    for line in &t.colophon {
        s.open(Role::Paragraph);
        for l in break_lines_no_hyphen(&[Span { text: line.clone(), face: Face::Regular }], small, w) {
            draw_line(&mut s, &l, style.side, foot + small_lead * (k as f32 + 1.0), w, small, Align::Centre, GREY);
            k += 1;
        }
        s.close();
    }
    s
}

fn chapter_opening(style: &PageStyle, t: &TitleBlock, level: u8) -> Vec<FlowBox> {
    let mut brk = FlowBox::new(style.measure(), 0.0, 0.0);
    brk.page_break = true;
    let w = style.measure();
    let size = crate::fonts::fit_size(Face::Bold, &t.title, w, style.body * 2.2);
    let lead = size * 1.2 * MM_PER_PT;
    let sub_size = style.body * 1.1;
    let credit_size = style.body * 0.95;
    let sub = break_lines(&[Span { text: t.subtitle.clone(), face: Face::Regular }], sub_size, w, style.lang);
    let credit = break_lines(&[Span { text: t.credit.clone(), face: Face::Italic }], credit_size, w, style.lang);
    let sub_lead = sub_size * 1.3 * MM_PER_PT;
    let credit_lead = credit_size * 1.3 * MM_PER_PT;
    let height = lead + sub.len() as f32 * sub_lead + credit.len() as f32 * credit_lead + style.leading();
    let mut b = FlowBox::new(w, height, 0.0);
    b.scene.tagged(Role::Heading(level), |s| {
        s.text(0.0, lead * 0.8, size, t.title.clone(), Face::Bold, Anchor::Start, INK)
    });
    let mut y = lead;
    b.scene.open(Role::Paragraph);
    for l in &sub {
        y += sub_lead;
        draw_line(&mut b.scene, l, 0.0, y - sub_lead * 0.2, w, sub_size, Align::Left, INK);
    }
    b.scene.close();
    y += credit_lead * 0.3;
    b.scene.open(Role::Paragraph);
    for l in &credit {
        y += credit_lead;
        draw_line(&mut b.scene, l, 0.0, y - credit_lead * 0.2, w, credit_size, Align::Left, GREY);
    }
    b.scene.close();
    b.keep_with_next = true;
    vec![brk, b]
}

fn contents_page(style: &PageStyle, chapters: &[Chapter], starts: &[usize], outline: &[OutlineEntry]) -> Scene {
    let mut s = Scene::new(style.width, style.height);
    let mut y = style.top + style.body * 1.8 * MM_PER_PT;
    s.tagged(Role::Heading(2), |s| {
        s.text(style.side, y, style.body * 1.8, style.lang.t("rules.contents"), Face::Bold, Anchor::Start, INK)
    });
    y += style.leading() * 1.5;
    let right = style.width - style.side;
    s.open(Role::List);
    for (k, ch) in chapters.iter().enumerate() {
        y += style.leading() * 0.6;
        s.open(Role::ListItem);
        s.open(Role::ListBody);
        s.text(style.side, y, style.body * 1.1, ch.title.title.clone(), Face::Bold, Anchor::Start, INK);
        s.text(right, y, style.body * 1.1, format!("{}", starts[k] + 1), Face::Bold, Anchor::End, INK);
        y += style.leading() * 1.05;
        let end = starts.get(k + 1).copied().unwrap_or(usize::MAX);
        s.open(Role::List);
        for e in outline.iter().filter(|e| e.level == 1 && e.page >= starts[k] && e.page < end) {
            s.open(Role::ListItem);
            s.open(Role::ListBody);
            s.text(style.side + 5.0, y, style.body, e.title.clone(), Face::Regular, Anchor::Start, INK);
            let tw = Face::Regular.text_width(&e.title, style.body);
            let num = format!("{}", e.page + 1);
            let nw = Face::Regular.text_width(&num, style.body);
            // Dot leaders between the entry and its page number.
            let mut dx = style.side + 5.0 + tw + 2.0;
            let mut dots = String::new();
            let dot = Face::Regular.text_width(" .", style.body);
            while dx + dot < right - nw - 1.5 {
                dots.push_str(" .");
                dx += dot;
            }
            s.artifact(|s| s.text(right - nw - 1.5, y, style.body, dots, Face::Regular, Anchor::End, GREY));
            s.text(right, y, style.body, num, Face::Regular, Anchor::End, INK);
            s.close();
            s.close();
            y += style.leading();
        }
        // The chapter's sections are a list inside its entry.
        s.close();
        s.close();
        s.close();
    }
    s.close();
    s
}

/// Centred text reads better without hyphens.
fn break_lines_no_hyphen(spans: &[Span], size: f32, width: f32) -> Vec<super::text::Line> {
    break_lines_with(spans, size, width, None)
}
