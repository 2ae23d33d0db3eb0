//! Boxes → pages: the keep rules (a heading with what follows, no lone line at a
//! page's foot or head, a paragraph ending with a colon with its diagrams), diagrams
//! that wait for the next page or shrink a step to fit.

use super::*;

/// Boxes chained by keep-with-next: they go on one page together when they can.
pub(super) struct Unit {
    pub(super) boxes: Vec<FlowBox>,
}

impl Unit {
    pub(super) fn height(&self, at_top: bool) -> f32 {
        self.boxes.iter().enumerate().map(|(k, b)| b.height + if k == 0 && at_top { 0.0 } else { b.space_before }).sum()
    }

    /// A diagram row (and what leads into it) that may wait for the next page.
    pub(super) fn floats(&self) -> bool {
        self.boxes.iter().any(|b| b.figure) && !self.boxes.iter().any(|b| b.heading)
    }

    pub(super) fn has_heading(&self) -> bool {
        self.boxes.iter().any(|b| b.heading)
    }

    /// The unit with its diagrams drawn at `step` (0: full size, k: `FIGURE_SHRINK[k - 1]`).
    pub(super) fn at(&self, step: usize) -> Unit {
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

pub(super) fn clone_box(b: &FlowBox) -> FlowBox {
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
pub(super) const STEPS: usize = FIGURE_SHRINK.len() + 1;

/// Pages being filled. A page is held open until it is full: its units, and the one
/// size its diagrams are drawn at (the largest at which everything on it fits), plus the
/// diagrams waiting for the next page's top.
pub(super) struct Pager<'a> {
    pub(super) style: &'a PageStyle,
    pub(super) pages: &'a mut Vec<Scene>,
    pub(super) outline: &'a mut Vec<OutlineEntry>,
    pub(super) current: Vec<Unit>,
    pub(super) step: usize,
    pub(super) waiting: Vec<Unit>,
}

impl Pager<'_> {
    pub(super) fn text_height(&self) -> f32 {
        self.style.height - self.style.bottom - self.style.top
    }

    pub(super) fn fresh(&self) -> bool {
        self.current.is_empty()
    }

    /// The height of this page's units (and `extra` after them) with diagrams at `step`.
    pub(super) fn height_with(&self, extra: Option<&Unit>, step: usize) -> f32 {
        self.current
            .iter()
            .chain(extra)
            .enumerate()
            .map(|(k, u)| {
                if u.boxes.iter().any(|b| !b.smaller.is_empty()) { u.at(step) } else { u.at(0) }.height(k == 0)
            })
            .sum()
    }

    pub(super) fn room(&self) -> f32 {
        self.text_height() - self.height_with(None, self.step)
    }

    /// The largest diagram size at which `unit` fits on this page after what is there.
    pub(super) fn fitting_step(&self, unit: &Unit) -> Option<usize> {
        (self.step..STEPS).find(|&step| self.height_with(Some(unit), step) <= self.text_height())
    }

    /// Draws the page held open and starts a new one.
    pub(super) fn new_page(&mut self) {
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
    pub(super) fn place(&mut self, unit: Unit) {
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
    pub(super) fn release(&mut self) {
        if self.waiting.is_empty() {
            return;
        }
        self.new_page();
        for unit in std::mem::take(&mut self.waiting) {
            self.place(unit);
        }
    }

    pub(super) fn flow(&mut self, unit: Unit) {
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

pub(super) fn paginate(style: &PageStyle, flow: Vec<FlowBox>, pages: &mut Vec<Scene>, outline: &mut Vec<OutlineEntry>) {
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
