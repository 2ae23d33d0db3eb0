//! Blocks → boxes: headings, justified paragraphs, lists, tables and rows of diagrams
//! set at the measure's width, each a box of the flow that the pages then break.

use super::*;

/// A piece of the flow: drawn at full measure width, y relative to its top.
pub(super) struct FlowBox {
    pub(super) height: f32,
    pub(super) space_before: f32,
    pub(super) keep_with_next: bool,
    pub(super) scene: Scene,
    pub(super) outline: Option<(u8, String)>,
    pub(super) page_break: bool,
    /// A row of diagrams: it may wait for the next page while text passes it.
    pub(super) figure: bool,
    /// A heading (or a colophon): it starts a section, which no waiting diagram may be
    /// passed into.
    pub(super) heading: bool,
    /// The same row of diagrams drawn smaller (largest first), to fit a page's foot.
    pub(super) smaller: Vec<FlowBox>,
}

impl FlowBox {
    pub(super) fn new(width: f32, height: f32, space_before: f32) -> Self {
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
pub(super) const FIGURE_SHRINK: [f32; 3] = [0.92, 0.85, 0.78];
/// No text of a diagram is printed smaller than this (pt).
pub(crate) const MIN_TYPE_PT: Points = Points(6.0);
/// The least measure nesting leaves (mm): a list or ruling nested deeper than leaves
/// this much is set no further in than its parent.
const LEAST_NESTED_MEASURE: f32 = 40.0;

/// Where the text of a block nested `indent` mm in from `x` begins, in a measure ending
/// at `width`: `indent` further in, unless that would leave less than
/// [`LEAST_NESTED_MEASURE`].
fn indented(x: f32, indent: f32, width: f32) -> f32 {
    if width - (x + indent) >= LEAST_NESTED_MEASURE {
        x + indent
    } else {
        x
    }
}

/// The space between diagrams side by side (mm).
pub(super) const FIGURE_GAP: f32 = 6.0;

pub(super) struct Setter<'a> {
    pub(super) style: &'a PageStyle,
    /// The structure level of a `#` heading (one below the title's).
    pub(super) base: u8,
    /// The first table met that its page cannot hold: its measure even with every column
    /// one letter wide, or its height in one row.
    pub(super) refused: std::cell::RefCell<Option<TableRefused>>,
}

impl<'a> Setter<'a> {
    /// A setter for `style`, whose `#` headings are structure level `base`.
    pub(super) fn new(style: &'a PageStyle, base: u8) -> Self {
        Setter { style, base, refused: Default::default() }
    }
}

/// Wraps every box's drawing in `role`, one element across all of them.
pub(super) fn wrap_boxes(boxes: &mut [FlowBox], role: Role) {
    let key = Key::fresh();
    for b in boxes {
        b.scene.wrap(role.clone(), key);
        for small in &mut b.smaller {
            small.scene.wrap(role.clone(), key);
        }
    }
}

impl Setter<'_> {
    pub(super) fn heading(&self, level: u8, spans: &[Span], x: f32, width: f32) -> Vec<FlowBox> {
        let size = match level {
            1 => self.style.body.scaled(1.45),
            2 => self.style.body.scaled(1.18),
            _ => self.style.body,
        };
        let face = Face::Bold;
        let styled: Vec<Span> = spans.iter().map(|s| Span { text: s.text.clone(), face }).collect();
        let lines = break_lines(&styled, size, width - x, self.style.hyphenation());
        let lead = size.scaled(1.25).em();
        let before = if level == 1 { self.style.leading() * 1.3 } else { self.style.leading() * 0.9 };
        let mut b = FlowBox::new(self.style.measure(), lead * lines.len() as f32 + lead * 0.25, before);
        b.scene.tagged(Role::Heading((self.base + level - 1).min(6)), |s| {
            for (i, l) in lines.iter().enumerate() {
                draw_line(s, l, x, lead * (i as f32 + 0.8), width - x, size, Align::Left, INK);
            }
        });
        b.keep_with_next = true;
        b.heading = true;
        if level <= 2 {
            b.outline = Some((level, plain(spans)));
        }
        vec![b]
    }

    /// Whether preformatted text fits in one box: every line across the band, and the
    /// whole on one page.
    fn code_fits(&self, text: &str, x: f32, width: f32) -> bool {
        let size = self.style.body.scaled(0.85);
        let lead = size.scaled(1.3).em();
        let page = self.style.height - self.style.top - self.style.bottom;
        let lines = text.lines().count() as f32;
        text.lines().all(|l| Face::Mono.text_width(l, size) <= width - x - 4.0) && lead * (lines + 0.6) <= page
    }

    /// Preformatted text too wide or too long for one box: set smaller, down to the
    /// least size of any printed word, a line still too wide broken (after a space or a
    /// separator, or between letters), and one box a line so that pages may turn inside
    /// it, each on its band.
    fn long_code(&self, text: &str, x: f32, width: f32, gap: f32) -> Vec<FlowBox> {
        let room = width - x - 4.0;
        let widest = text.lines().map(|l| Face::Mono.text_width(l, Points(1.0))).fold(0.0, f32::max);
        let size = self.style.body.scaled(0.85);
        let size = if widest * size.0 > room { Points(room / widest).max(MIN_TYPE_PT) } else { size };
        let lead = size.scaled(1.3).em();
        let lines: Vec<String> = text
            .lines()
            .flat_map(|l| {
                if Face::Mono.text_width(l, size) <= room {
                    vec![l.to_string()]
                } else {
                    crate::fonts::break_at_separators(Face::Mono, l, room, size)
                }
            })
            .collect();
        let key = Key::fresh();
        let n = lines.len();
        lines
            .iter()
            .enumerate()
            .map(|(k, l)| {
                // The band's padding above the first line and below the last.
                let top = if k == 0 { lead * 0.3 } else { 0.0 };
                let h = top + lead + if k + 1 == n { lead * 0.3 } else { 0.0 };
                let mut b = FlowBox::new(self.style.measure(), h, if k == 0 { gap } else { 0.0 });
                b.scene.artifact(|s| s.rect(x, 0.0, width - x, h, Some(BAND), None));
                b.scene.tagged_as(Role::Paragraph, key, |s| {
                    s.text(x + 2.0, top + lead * 0.7, size, l.clone(), Face::Mono, Anchor::Start, INK)
                });
                b
            })
            .collect()
    }

    pub(super) fn paragraph(
        &self,
        spans: &[Span],
        x: f32,
        width: f32,
        size: Points,
        space_before: f32,
    ) -> Vec<FlowBox> {
        let lines = break_justified(spans, size, width - x, self.style.hyphenation());
        let lead = size.scaled(1.32).em();
        let n = lines.len();
        let mut out = Vec::with_capacity(n);
        let mut open_parens = 0i32;
        // One paragraph, however many lines (and pages) it takes.
        let key = Key::fresh();
        for (i, l) in lines.iter().enumerate() {
            let mut b = FlowBox::new(self.style.measure(), lead, if i == 0 { space_before } else { 0.0 });
            b.scene.tagged_as(Role::Paragraph, key, |s| {
                draw_line(s, l, x, lead * 0.78, width - x, size, Align::Justify, INK)
            });
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

    pub(super) fn blocks(&self, blocks: &[Block], x: f32, width: f32) -> Vec<FlowBox> {
        let mut out: Vec<FlowBox> = Vec::new();
        let gap = self.style.leading() * 0.5;
        let mut i = 0;
        while i < blocks.len() {
            match &blocks[i] {
                Block::Heading { level, spans } => out.extend(self.heading(*level, spans, x, width)),
                Block::Reading(spans) => out.extend(self.paragraph(spans, x, width, self.style.body, gap)),
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
                    let indent = self.style.body.scaled(1.6).em();
                    let inner = indented(x, indent, width);
                    let list_start = out.len();
                    for (k, item) in items.iter().enumerate() {
                        let marker = match start {
                            Some(s) => format!("{}.", s + k as u64),
                            None => "•".to_string(),
                        };
                        let mut boxes = self.blocks(item, inner, width);
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
                            let body = self.style.body;
                            label.tagged(Role::Label, |s| {
                                s.text(inner - indent * 0.3, lead * 0.78, body, marker, Face::Regular, Anchor::End, INK)
                            });
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
                Block::Code(text) if !self.code_fits(text, x, width) => out.extend(self.long_code(text, x, width, gap)),
                Block::Code(text) => {
                    let size = self.style.body.scaled(0.85);
                    let lead = size.scaled(1.3).em();
                    let lines: Vec<&str> = text.lines().collect();
                    let h = lead * lines.len() as f32 + lead * 0.6;
                    let mut b = FlowBox::new(self.style.measure(), h, gap);
                    b.scene.artifact(|s| s.rect(x, 0.0, width - x, h, Some(BAND), None));
                    b.scene.tagged(Role::Paragraph, |s| {
                        for (k, l) in lines.iter().enumerate() {
                            s.text(x + 2.0, lead * (k as f32 + 1.0), size, *l, Face::Mono, Anchor::Start, INK);
                        }
                    });
                    out.push(b);
                }
                Block::Ruling(inner) => {
                    // Set in from the text, with a bar in the margin beside it.
                    let indent = self.style.body.scaled(1.2).em();
                    let inner_x = indented(x, indent, width);
                    let mut boxes = self.blocks(inner, inner_x, width);
                    let bar = style::stroke(RULING_BAR, 0.9);
                    let bar_x = inner_x - indent * 0.65;
                    for (k, b) in boxes.iter_mut().enumerate() {
                        let from = if k == 0 { 0.0 } else { -b.space_before };
                        b.scene.artifact(|s| s.line(bar_x, from, bar_x, b.height, bar));
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

    /// Diagrams grouped into rows, left to right while they fit the measure (drawn
    /// smaller if need be, but never below the smallest size a diagram may take).
    pub(super) fn figure_rows<'d>(&self, row: &[&'d Diagram], x: f32, width: f32) -> Vec<Vec<&'d Diagram>> {
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
    pub(super) fn figure_width(&self, d: &Diagram, avail: f32, scale: f32) -> f32 {
        let max_h = (self.style.height - self.style.top - self.style.bottom) * 0.55;
        let design = d.width * self.style.figure_scale;
        // Never so small that the diagram's smallest text falls under MIN_TYPE_PT.
        let floor = d.scene.smallest_text().map_or(0.0, |pt| MIN_TYPE_PT.0 / pt.0 * d.scene.width).min(design);
        let mut w = (design * scale).max(floor).min(avail);
        let h = d.scene.height * w / d.scene.width;
        if h > max_h {
            w *= max_h / h;
        }
        w
    }

    /// One row of diagrams with their captions, drawn at `scale` of their design width
    /// (or smaller, when the row would not fit the measure).
    pub(super) fn figure_row(&self, r: &[&Diagram], x: f32, width: f32, scale: f32) -> FlowBox {
        let avail = width - x;
        let gap = FIGURE_GAP;
        let cap_size = self.style.body.scaled(0.85);
        let cap_lead = cap_size.scaled(1.25).em();
        let natural: f32 = r.iter().map(|d| self.figure_width(d, avail, 1.0)).sum();
        let fit = ((avail - gap * (r.len() as f32 - 1.0)) / natural).min(1.0);
        let r: Vec<(&Diagram, f32)> = r.iter().map(|d| (*d, self.figure_width(d, avail, scale.min(fit)))).collect();
        let total: f32 = r.iter().map(|(_, w)| w).sum::<f32>() + gap * (r.len() as f32 - 1.0);
        // Captions get at least 40 mm so that they do not wrap word by word (a diagram
        // alone in its row lends its caption up to 80 mm).
        let caption_room = if r.len() == 1 { 80.0_f32 } else { 40.0 };
        let set = |d: &Diagram, cap_w: f32| {
            if d.caption.is_empty() {
                Vec::new()
            } else {
                break_lines_no_hyphen(&[Span { text: d.caption.clone(), face: Face::Italic }], cap_size, cap_w)
            }
        };
        // Each diagram's column: the diagram, its caption centred under it.
        let mut columns: Vec<(f32, f32)> = Vec::new();
        let mut left = x + (avail - total) / 2.0;
        for (_, w) in &r {
            columns.push((left, *w));
            left += w + gap;
        }
        let cap_w = |w: f32| w.max(caption_room.min(avail / r.len() as f32));
        let mut captions: Vec<Vec<crate::text::Line>> = r.iter().map(|(d, w)| set(d, cap_w(*w))).collect();
        // Captions wider than their diagrams must not run into each other: then every
        // column is widened into the row's spare room, no further, and captions are
        // set to their columns.
        let reach = |k: usize, captions: &[Vec<crate::text::Line>]| {
            let (l, w) = columns[k];
            let widest = captions[k].iter().map(crate::text::line_width).fold(w, f32::max);
            (l + w / 2.0 - widest / 2.0, l + w / 2.0 + widest / 2.0)
        };
        let collide = (1..r.len()).any(|k| reach(k - 1, &captions).1 + gap / 2.0 > reach(k, &captions).0);
        let mut widths: Vec<f32> = r.iter().map(|(_, w)| cap_w(*w)).collect();
        if collide {
            let want = caption_room.min((avail - gap * (r.len() as f32 - 1.0)) / r.len() as f32);
            let mut cols: Vec<f32> = r.iter().map(|(_, w)| *w).collect();
            let mut spare = avail - gap * (r.len() as f32 - 1.0) - cols.iter().sum::<f32>();
            while spare > 0.01 {
                let short: Vec<usize> = (0..cols.len()).filter(|&k| cols[k] < want - 0.01).collect();
                if short.is_empty() {
                    break;
                }
                let share = spare / short.len() as f32;
                for k in short {
                    let add = share.min(want - cols[k]);
                    cols[k] += add;
                    spare -= add;
                }
            }
            let mut left = x + (avail - cols.iter().sum::<f32>() - gap * (r.len() as f32 - 1.0)) / 2.0;
            for (k, (_, w)) in r.iter().enumerate() {
                columns[k] = (left + (cols[k] - w) / 2.0, *w);
                left += cols[k] + gap;
            }
            widths = cols;
            captions = r.iter().zip(&widths).map(|((d, _), &cw)| set(d, cw)).collect();
        }
        let mut cells = Vec::new();
        let mut height: f32 = 0.0;
        for (((d, w), caption), cap_w) in r.iter().zip(captions).zip(widths) {
            let h = d.scene.height * w / d.scene.width;
            height = height.max(h + if caption.is_empty() { 0.0 } else { 1.5 + caption.len() as f32 * cap_lead });
            cells.push((d, *w, h, cap_w, caption));
        }
        let mut b = FlowBox::new(self.style.measure(), height + 1.0, self.style.leading() * 0.7);
        b.figure = true;
        for ((d, w, h, cap_w, caption), (cx, _)) in cells.into_iter().zip(columns) {
            b.scene.figure(&d.scene, cx, 0.0, w / d.scene.width, &d.alt());
            if !caption.is_empty() {
                b.scene.tagged(Role::Caption(None), |s| {
                    for (k, l) in caption.iter().enumerate() {
                        let y = h + 1.5 + cap_lead * (k as f32 + 0.8);
                        draw_line(s, l, cx + (w - cap_w) / 2.0, y, cap_w, cap_size, Align::Centre, GREY);
                    }
                });
            }
        }
        b
    }
}
