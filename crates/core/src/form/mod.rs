//! The form check of a page, over the scene and so before any backend: what TeX calls
//! an overfull box, for every page and picture we print. A page passes when
//!
//! - every word lies in the **live area** (a sheet: 9 pt inside the paper's edge, where
//!   any desktop printer prints; a book's page or cover: 18 pt inside its trim, the
//!   print-on-demand services' minimum; a picture on its own: inside its frame);
//! - no two lines of text overlap;
//! - no dark stroke or fill crosses a dark word (light text on a dark piece is fine,
//!   and so is a dark mark hidden under a light fill painted over it before the word);
//! - nothing is clipped: no ink outside what is printed (a sheet's printable area, a
//!   book's bleed, a picture's frame).
//!
//! Words are measured by their glyphs' own ink boxes (the font's glyph bounds), marks by
//! their outlines with half their stroke width, so a label may sit close to a line
//! without touching it. Layout code keeps these rules by construction (titles wrap and
//! shrink, labels move clear); [`ensure`] is the net under it: a page that breaks one
//! is never written.

use std::fmt;

mod ink;

use crate::error::{Error, Result};
// What rounding may leave over (mm): a mark this close to a limit is on it.
use crate::geom::rect::ROUNDING as EPS;
use crate::geom::units::MM_PER_PT;
use crate::scene::Scene;
use ink::{Buckets, Ink, Mark, Word};

/// How far inside a sheet's edge every mark must be: 1/8 in (9 pt).
pub const SHEET_MARGIN: f32 = 9.0 * MM_PER_PT;
/// How far inside a book page's (or cover's) trim every word must be: 1/4 in (18 pt).
pub const TRIM_MARGIN: f32 = 18.0 * MM_PER_PT;

pub use crate::geom::Rect;

/// What a page is printed as, which decides its live area and what is cut away.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Medium {
    /// A sheet from a desktop printer (puzzle sheets, boards, rulebooks, booklets, SVG
    /// pages): every mark at least [`SHEET_MARGIN`] inside the paper's edge.
    Sheet,
    /// A page or cover cut to size: every word at least [`TRIM_MARGIN`] inside the trim,
    /// no ink beyond the bleed (rectangles on the page, mm, y down).
    Trimmed {
        /// Where the page is cut.
        trim: Rect,
        /// How far its picture may run.
        bleed: Rect,
    },
    /// A picture on its own (a single SVG diagram): everything inside its frame.
    Picture,
}

impl Medium {
    /// Where words may go, and where ink may go, on a `width` x `height` page.
    fn areas(&self, width: f32, height: f32) -> (Rect, Rect) {
        let page = Rect::sized(width, height);
        match self {
            Medium::Sheet => (page.inset(SHEET_MARGIN), page.inset(SHEET_MARGIN)),
            Medium::Trimmed { trim, bleed } => (trim.inset(TRIM_MARGIN), *bleed),
            Medium::Picture => (page, page),
        }
    }
}

/// The kinds of fault a page can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FaultKind {
    /// A word outside the live area.
    OffLiveArea,
    /// Two lines of text on each other.
    TextOnText,
    /// A dark stroke or fill across a dark word.
    MarkOnText,
    /// Ink outside what is printed.
    Clipped,
}

impl FaultKind {
    /// Every kind, in a fixed order.
    pub const ALL: [FaultKind; 4] =
        [FaultKind::OffLiveArea, FaultKind::TextOnText, FaultKind::MarkOnText, FaultKind::Clipped];

    /// A few words for reports.
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::OffLiveArea => "word off the live area",
            FaultKind::TextOnText => "text on text",
            FaultKind::MarkOnText => "mark across a word",
            FaultKind::Clipped => "ink clipped",
        }
    }
}

/// One fault of a page's form.
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    /// What is wrong.
    pub kind: FaultKind,
    /// The text at fault (empty for a mark that is clipped).
    pub text: String,
    /// The other text, for text on text.
    pub other: String,
    /// Where: the ink at fault, mm from the page's top-left corner.
    pub at: Rect,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = format!("at {:.1}, {:.1} mm", self.at.left, self.at.top);
        match self.kind {
            FaultKind::OffLiveArea => write!(f, "'{}' lies outside the live area ({at})", self.text),
            FaultKind::TextOnText => write!(f, "'{}' overlaps '{}' ({at})", self.text, self.other),
            FaultKind::MarkOnText => write!(f, "a dark line or fill crosses '{}' ({at})", self.text),
            FaultKind::Clipped => write!(f, "a mark is cut off at the edge ({at})"),
        }
    }
}

/// Every fault of a page (or picture) printed on `medium`, in the order found.
pub fn check(scene: &Scene, medium: &Medium) -> Vec<Fault> {
    let (live, printed) = medium.areas(scene.width, scene.height);
    let ink = Ink::of(scene, printed);
    let (words, marks) = (&ink.words, &ink.marks);
    let glyphs = |w: &Word| &ink.glyphs[w.glyphs.clone()];
    let mut faults = Vec::new();
    for w in words {
        if !live.holds(&w.bounds) {
            faults.push(Fault {
                kind: FaultKind::OffLiveArea,
                text: w.text.into(),
                other: String::new(),
                at: w.bounds,
            });
        }
    }
    for m in marks {
        if !printed.holds(&m.bounds) {
            faults.push(Fault { kind: FaultKind::Clipped, text: String::new(), other: String::new(), at: m.bounds });
        }
    }
    // Text on text.
    let mut by_left: Vec<usize> = (0..words.len()).collect();
    by_left.sort_by(|&a, &b| words[a].bounds.left.total_cmp(&words[b].bounds.left));
    for (i, &a) in by_left.iter().enumerate() {
        for &b in &by_left[i + 1..] {
            if words[b].bounds.left >= words[a].bounds.right - EPS {
                break;
            }
            let (wa, wb) = (&words[a], &words[b]);
            if !wa.bounds.overlaps(&wb.bounds) {
                continue;
            }
            if let Some(g) = glyphs(wa).iter().find(|g| glyphs(wb).iter().any(|h| g.overlaps(h))) {
                let (first, second) = if wa.order < wb.order { (wa, wb) } else { (wb, wa) };
                faults.push(Fault {
                    kind: FaultKind::TextOnText,
                    text: second.text.into(),
                    other: first.text.into(),
                    at: *g,
                });
            }
        }
    }
    // Dark marks across dark words, unless a light fill painted between hides them.
    let buckets = Buckets::new(scene.width, scene.height, marks.iter().map(|m| &m.bounds));
    let mut near: Vec<&Mark> = Vec::new();
    for w in words.iter().filter(|w| w.dark) {
        near.clear();
        near.extend(buckets.near(&w.bounds).map(|k| &marks[k]).filter(|m| m.bounds.meets(&w.bounds)));
        if !near.iter().any(|m| m.dark) {
            continue;
        }
        let hit = glyphs(w).iter().find(|g| {
            let g = g.inset(EPS);
            near.iter().any(|m| {
                m.dark
                    && ink.paints(m, &g)
                    && !near.iter().any(|cover| {
                        !cover.dark && cover.order > m.order && cover.order < w.order && ink.covers(cover, &g)
                    })
            })
        });
        if let Some(g) = hit {
            faults.push(Fault { kind: FaultKind::MarkOnText, text: w.text.into(), other: String::new(), at: *g });
        }
    }
    faults
}

/// Checks every page of a document; the first faults found make the error, which says
/// the document was not written. `medium` gives each page's (by its index).
pub fn ensure(pages: &[Scene], medium: impl Fn(usize) -> Medium, what: &str) -> Result<()> {
    let mut checked = Checked::default();
    for (i, page) in pages.iter().enumerate() {
        checked.page(i, page, &medium(i));
    }
    checked.verdict(what)
}

/// The form check of pages seen one at a time (as they are written): the faults found
/// so far, and a verdict at the end ([`ensure`]'s).
#[derive(Debug, Default)]
pub struct Checked {
    /// The faults, by page index.
    found: Vec<(usize, Fault)>,
    /// How many faults in all (only the first few are kept).
    count: usize,
}

impl Checked {
    /// Checks page `i`.
    pub fn page(&mut self, i: usize, page: &Scene, medium: &Medium) {
        for fault in check(page, medium) {
            self.count += 1;
            if self.found.len() < 3 {
                self.found.push((i, fault));
            }
        }
    }

    /// Whether every page so far passed.
    pub fn clean(&self) -> bool {
        self.count == 0
    }

    /// `Ok` if every page passed; otherwise an error naming `what` and the first faults.
    pub fn verdict(&self, what: &str) -> Result<()> {
        if self.count == 0 {
            return Ok(());
        }
        let shown: Vec<String> = self.found.iter().map(|(i, f)| format!("page {}: {f}", i + 1)).collect();
        let more = if self.count > 3 { format!(" (and {} more)", self.count - 3) } else { String::new() };
        Err(Error::failed(format!("{what} would print badly, so it was not written: {}{more}", shown.join("; "))))
    }
}

#[cfg(test)]
mod tests;
