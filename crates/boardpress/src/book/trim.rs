//! The book's pages on the trim: each text-area page ([`Leaf`]) placed with mirrored
//! margins, its page number and its boxes; a page of puzzles is drawn only then.

use std::borrow::Cow;
use std::sync::Arc;

use super::spec::BookSpec;
use super::{type_scale, BLEED_IN, MARGIN_IN, MM_PER_IN};
use crate::fonts::Face;
use crate::layout::section::SectionPlan;
use crate::render::pdf::PageBoxes;
use crate::scene::{Anchor, Points, Scene};
use crate::sheet::Section;
use crate::style::INK;

/// One page of the book as laid out in the text area, before it is placed on the trim.
#[derive(Clone)]
pub(super) struct Leaf {
    /// The text area's drawing, or how to draw it.
    page: LeafPage,
    /// Whether it shows its page number.
    folio: bool,
}

/// A text area's drawing: made already (the front matter, the rules, notes), or a page
/// of a section's tiles, drawn when it is placed on the trim (so that a book holds one
/// page of puzzles' drawings at a time).
#[derive(Clone)]
enum LeafPage {
    Drawn(Scene),
    Tiles(Arc<(SectionPlan, Section)>, usize),
}

impl Leaf {
    pub(super) fn drawn(scene: Scene, folio: bool) -> Leaf {
        Leaf { page: LeafPage::Drawn(scene), folio }
    }

    /// The pages of a planned section, in order.
    pub(super) fn tiles(plan: SectionPlan, section: Section) -> impl Iterator<Item = Leaf> {
        let count = plan.pages();
        let both = Arc::new((plan, section));
        (0..count).map(move |k| Leaf { page: LeafPage::Tiles(both.clone(), k), folio: true })
    }

    fn scene(&self) -> Cow<'_, Scene> {
        match &self.page {
            LeafPage::Drawn(scene) => Cow::Borrowed(scene),
            LeafPage::Tiles(both, k) => Cow::Owned(both.0.page(&both.1, *k)),
        }
    }
}

/// The trim and bleed boxes of page `k` (from 0): odd pages (k even) are on the right
/// (recto), with the bleed on their outside (right) edge.
pub(super) fn trim_boxes(spec: &BookSpec, k: usize) -> PageBoxes {
    let (tw, th) = spec.print.trim.mm();
    let bleed = if spec.print.bleed { BLEED_IN * MM_PER_IN } else { 0.0 };
    let (pw, ph) = (tw + bleed, th + 2.0 * bleed);
    let trim_x = if k.is_multiple_of(2) { 0.0 } else { bleed };
    PageBoxes { trim: [trim_x, bleed, trim_x + tw, bleed + th], bleed: [0.0, 0.0, pw, ph] }
}

/// Places text-area page `k` (from 0) on the trim: mirrored margins (the gutter inside,
/// towards the spine), the page number at the outside foot, bleed on the outside edges
/// when asked.
pub(super) fn place_on_trim(spec: &BookSpec, gutter_in: f32, leaf: &Leaf, k: usize) -> Scene {
    let (tw, th) = spec.print.trim.mm();
    let bleed = if spec.print.bleed { BLEED_IN * MM_PER_IN } else { 0.0 };
    let (pw, ph) = (tw + bleed, th + 2.0 * bleed);
    let (gutter, margin) = (gutter_in * MM_PER_IN, MARGIN_IN * MM_PER_IN);
    let folio_pt = Points(9.0).scaled(type_scale(spec));
    let number = k + 1;
    // Odd pages are on the right (recto): spine on the left, outside on the right.
    let recto = number % 2 == 1;
    let trim_x = if recto { 0.0 } else { bleed };
    let text_x = trim_x + if recto { gutter } else { margin };
    let scene = leaf.scene();
    let mut page = Scene::new(pw, ph);
    page.title = spec.title.clone();
    page.desc = scene.desc.clone();
    match scene {
        // A page of tiles drawn for this page is moved into it, not copied.
        Cow::Owned(owned) => page.place_owned(owned, text_x, bleed + margin, 1.0),
        Cow::Borrowed(kept) => page.place(kept, text_x, bleed + margin, 1.0),
    }
    if leaf.folio {
        // Under the text area, inside the trim's live area.
        let y = bleed + th - crate::form::TRIM_MARGIN - 1.0;
        let (x, anchor) = if recto { (trim_x + tw - margin, Anchor::End) } else { (trim_x + margin, Anchor::Start) };
        page.artifact(|page| page.text(x, y, folio_pt, number.to_string(), Face::Regular, anchor, INK));
    }
    page
}
