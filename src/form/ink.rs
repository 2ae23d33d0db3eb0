//! What the form check measures: a page's words by their glyphs' ink boxes and its marks
//! (strokes and fills, symbols expanded) as flattened outlines, and the geometry that
//! says whether a mark paints inside a word's box.

use super::{Rect, EPS};
use crate::scene::{Anchor, Item, Pt2, Rgb, Seg};

/// A word's ink as the check sees it.
pub(super) struct Word<'a> {
    pub(super) order: usize,
    pub(super) text: &'a str,
    pub(super) dark: bool,
    pub(super) glyphs: Vec<Rect>,
    pub(super) bounds: Rect,
}

/// A mark's ink: a stroke (its width) or a fill, as flattened sub-paths.
pub(super) struct Mark {
    pub(super) order: usize,
    /// Stroke width; `None` for a fill.
    pub(super) stroke: Option<f32>,
    pub(super) dark: bool,
    pub(super) polys: Vec<Vec<(f32, f32)>>,
    pub(super) bounds: Rect,
}

/// Whether a colour reads as dark: relative luminance under one half.
pub fn is_dark(c: Rgb) -> bool {
    let lin = |v: u8| {
        let s = v as f32 / 255.0;
        if s <= 0.04045 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2) < 0.5
}

/// A placement: scale, then move.
#[derive(Clone, Copy)]
pub(super) struct Place {
    pub(super) dx: f32,
    pub(super) dy: f32,
    pub(super) scale: f32,
}

impl Place {
    fn at(&self, p: Pt2) -> (f32, f32) {
        (self.dx + p.x * self.scale, self.dy + p.y * self.scale)
    }
}

/// The sub-paths of a path as polygons (curves in eight straight steps).
fn flatten(segs: &[Seg], place: Place) -> Vec<Vec<(f32, f32)>> {
    let mut polys: Vec<Vec<(f32, f32)>> = Vec::new();
    let mut current: Vec<(f32, f32)> = Vec::new();
    for seg in segs {
        match *seg {
            Seg::Move(p) => {
                if current.len() > 1 {
                    polys.push(std::mem::take(&mut current));
                }
                current = vec![place.at(p)];
            }
            Seg::Line(p) => current.push(place.at(p)),
            Seg::Cubic(a, b, c) => {
                let p0 = *current.last().unwrap_or(&place.at(a));
                let (p1, p2, p3) = (place.at(a), place.at(b), place.at(c));
                for k in 1..=8 {
                    let t = k as f32 / 8.0;
                    let u = 1.0 - t;
                    let w = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
                    current.push((
                        w[0] * p0.0 + w[1] * p1.0 + w[2] * p2.0 + w[3] * p3.0,
                        w[0] * p0.1 + w[1] * p1.1 + w[2] * p2.1 + w[3] * p3.1,
                    ));
                }
            }
            Seg::Close => {
                if let Some(&first) = current.first() {
                    current.push(first);
                }
            }
        }
    }
    if current.len() > 1 {
        polys.push(current);
    }
    polys
}

fn bounds_of(polys: &[Vec<(f32, f32)>], grow: f32) -> Option<Rect> {
    let mut points = polys.iter().flatten();
    let &(x, y) = points.next()?;
    let r = points.fold(Rect::new(x, y, x, y), |r, &(x, y)| r.union(Rect::new(x, y, x, y)));
    Some(r.grow(grow))
}

/// Collects the scene's words and marks in painting order (symbols expanded).
pub(super) fn collect<'a>(
    items: &'a [Item],
    place: Place,
    order: &mut usize,
    words: &mut Vec<Word<'a>>,
    marks: &mut Vec<Mark>,
) {
    for item in items {
        match item {
            Item::Path { segs, fill, stroke } => {
                let polys = flatten(segs, place);
                if let Some(fill) = fill {
                    if let Some(bounds) = bounds_of(&polys, 0.0) {
                        *order += 1;
                        marks.push(Mark {
                            order: *order,
                            stroke: None,
                            dark: is_dark(*fill),
                            polys: polys.clone(),
                            bounds,
                        });
                    }
                }
                if let Some(s) = stroke {
                    let width = s.width * place.scale;
                    if let Some(bounds) = bounds_of(&polys, width / 2.0) {
                        *order += 1;
                        marks.push(Mark { order: *order, stroke: Some(width), dark: is_dark(s.colour), polys, bounds });
                    }
                }
            }
            Item::Text { at, size, text, face, anchor, colour, turn } => {
                let size = size * place.scale;
                let width = face.text_width(text, size);
                let shift = match anchor {
                    Anchor::Start => 0.0,
                    Anchor::Middle => -width / 2.0,
                    Anchor::End => -width,
                };
                let (ax, ay) = place.at(*at);
                let (sin, cos) = turn.to_radians().sin_cos();
                let glyphs: Vec<Rect> = face
                    .glyph_boxes(text, size)
                    .into_iter()
                    .map(|[l, t, r, b]| {
                        let corners = [(l + shift, t), (r + shift, t), (l + shift, b), (r + shift, b)];
                        let turned = corners.map(|(x, y)| (ax + x * cos - y * sin, ay + x * sin + y * cos));
                        let (x0, y0) = turned[0];
                        turned.iter().fold(Rect::new(x0, y0, x0, y0), |r, &(x, y)| r.union(Rect::new(x, y, x, y)))
                    })
                    .collect();
                let Some(&first) = glyphs.first() else { continue };
                let bounds = glyphs.iter().fold(first, |r, g| r.union(*g));
                *order += 1;
                words.push(Word { order: *order, text, dark: is_dark(*colour), glyphs, bounds });
            }
            Item::Use { symbol, at, scale } => {
                let (dx, dy) = place.at(*at);
                let inner = Place { dx, dy, scale: place.scale * scale };
                collect(&symbol.scene.items, inner, order, words, marks);
            }
            Item::Open(..) | Item::Close => {}
        }
    }
}

/// Whether the segment a–b meets the rectangle.
fn segment_meets(a: (f32, f32), b: (f32, f32), r: &Rect) -> bool {
    if r.contains(a) || r.contains(b) {
        return true;
    }
    // Liang–Barsky clipping of the segment to the rectangle.
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [(-dx, a.0 - r.left), (dx, r.right - a.0), (-dy, a.1 - r.top), (dy, r.bottom - a.1)] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let t = q / p;
            if p < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// The distance from a point to the segment a–b.
fn point_segment(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    let (x, y) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
    (x * x + y * y).sqrt()
}

/// The distance from a point to the rectangle (0 inside).
fn point_rect(p: (f32, f32), r: &Rect) -> f32 {
    let dx = (r.left - p.0).max(0.0).max(p.0 - r.right);
    let dy = (r.top - p.1).max(0.0).max(p.1 - r.bottom);
    (dx * dx + dy * dy).sqrt()
}

/// Whether a line of `width` along a–b paints inside the rectangle.
fn stroke_meets(a: (f32, f32), b: (f32, f32), width: f32, r: &Rect) -> bool {
    if segment_meets(a, b, r) {
        return true;
    }
    let half = width / 2.0;
    point_rect(a, r) < half || point_rect(b, r) < half || r.corners().iter().any(|&c| point_segment(c, a, b) < half)
}

/// Whether the point is inside the polygons (non-zero winding, as fills are painted).
fn inside(polys: &[Vec<(f32, f32)>], (x, y): (f32, f32)) -> bool {
    let mut winding = 0i32;
    for poly in polys {
        let n = poly.len();
        for i in 0..n {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            if a.1 <= y {
                if b.1 > y && (b.0 - a.0) * (y - a.1) - (x - a.0) * (b.1 - a.1) > 0.0 {
                    winding += 1;
                }
            } else if b.1 <= y && (b.0 - a.0) * (y - a.1) - (x - a.0) * (b.1 - a.1) < 0.0 {
                winding -= 1;
            }
        }
    }
    winding != 0
}

fn edges(polys: &[Vec<(f32, f32)>]) -> impl Iterator<Item = ((f32, f32), (f32, f32))> + '_ {
    polys.iter().flat_map(|p| p.windows(2).map(|w| (w[0], w[1])))
}

impl Mark {
    /// Whether the mark paints inside the rectangle.
    pub(super) fn paints(&self, r: &Rect) -> bool {
        if !self.bounds.meets(r) {
            return false;
        }
        match self.stroke {
            Some(width) => edges(&self.polys).any(|(a, b)| stroke_meets(a, b, width, r)),
            None => {
                edges(&self.polys).any(|(a, b)| segment_meets(a, b, r))
                    || inside(&self.polys, ((r.left + r.right) / 2.0, (r.top + r.bottom) / 2.0))
            }
        }
    }

    /// Whether the mark is a fill that covers the whole rectangle.
    pub(super) fn covers(&self, r: &Rect) -> bool {
        self.stroke.is_none()
            && self.bounds.holds(r)
            && r.corners().iter().all(|&c| inside(&self.polys, c))
            && !edges(&self.polys).any(|(a, b)| segment_meets(a, b, &r.inset(EPS)))
    }
}

/// A grid of buckets over the page, so that each word is tested against nearby marks.
pub(super) struct Buckets {
    cell: f32,
    cols: usize,
    rows: usize,
    lists: Vec<Vec<usize>>,
}

impl Buckets {
    pub(super) fn new(width: f32, height: f32) -> Buckets {
        let cell = 8.0;
        let cols = ((width / cell).ceil() as usize).clamp(1, 400);
        let rows = ((height / cell).ceil() as usize).clamp(1, 400);
        Buckets { cell, cols, rows, lists: vec![Vec::new(); cols * rows] }
    }

    fn span(&self, r: &Rect) -> (std::ops::RangeInclusive<usize>, std::ops::RangeInclusive<usize>) {
        let clampc = |v: f32| ((v / self.cell).floor().max(0.0) as usize).min(self.cols - 1);
        let clampr = |v: f32| ((v / self.cell).floor().max(0.0) as usize).min(self.rows - 1);
        (clampc(r.left)..=clampc(r.right), clampr(r.top)..=clampr(r.bottom))
    }

    pub(super) fn add(&mut self, r: &Rect, k: usize) {
        let (cs, rs) = self.span(r);
        for row in rs {
            for col in cs.clone() {
                self.lists[row * self.cols + col].push(k);
            }
        }
    }

    /// Every index near the rectangle, each once, in order.
    pub(super) fn near(&self, r: &Rect) -> Vec<usize> {
        let (cs, rs) = self.span(r);
        let mut found: Vec<usize> = Vec::new();
        for row in rs {
            for col in cs.clone() {
                found.extend_from_slice(&self.lists[row * self.cols + col]);
            }
        }
        found.sort_unstable();
        found.dedup();
        found
    }
}
