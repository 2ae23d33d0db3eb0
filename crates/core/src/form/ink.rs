//! What the form check measures: a page's words by their glyphs' ink boxes and its marks
//! (strokes and fills, symbols expanded) as flattened outlines, and the geometry that
//! says whether a mark paints inside a word's box.

use super::{Rect, EPS};
use std::ops::Range;

use crate::scene::{Anchor, Item, Pt2, Rgb, Scene, Seg};

/// A word's ink as the check sees it: its glyphs' boxes are `Ink::glyphs[glyphs]`.
pub(super) struct Word<'a> {
    pub(super) order: usize,
    pub(super) text: &'a str,
    pub(super) dark: bool,
    pub(super) glyphs: Range<usize>,
    pub(super) bounds: Rect,
}

/// A mark's ink: a stroke (its width) or a fill, as flattened sub-paths, each a range
/// of `Ink::points` listed in `Ink::runs[runs]`.
pub(super) struct Mark {
    pub(super) order: usize,
    /// Stroke width; `None` for a fill.
    pub(super) stroke: Option<f32>,
    pub(super) dark: bool,
    runs: Range<usize>,
    pub(super) bounds: Rect,
}

/// A page's ink in painting order, in flat buffers (a page has thousands of marks).
#[derive(Default)]
pub(super) struct Ink<'a> {
    pub(super) words: Vec<Word<'a>>,
    pub(super) marks: Vec<Mark>,
    pub(super) glyphs: Vec<Rect>,
    points: Vec<(f32, f32)>,
    runs: Vec<Range<usize>>,
    order: usize,
    /// The most points and sub-paths the marks can flatten into, counted while the
    /// words are collected: the buffers are made that large at once, not doubled push by
    /// push (each doubling copies into fresh memory that the kernel must map).
    most: (usize, usize),
}

/// Whether a colour reads as dark: relative luminance under one half.
pub(crate) fn is_dark(c: Rgb) -> bool {
    // sRGB's 256 levels, linearised once.
    static LINEAR: std::sync::OnceLock<[f32; 256]> = std::sync::OnceLock::new();
    let lin = LINEAR.get_or_init(|| {
        std::array::from_fn(|v| {
            let s = v as f32 / 255.0;
            if s <= 0.04045 {
                s / 12.92
            } else {
                ((s + 0.055) / 1.055).powf(2.4)
            }
        })
    });
    0.2126 * lin[c.0 as usize] + 0.7152 * lin[c.1 as usize] + 0.0722 * lin[c.2 as usize] < 0.5
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

impl<'a> Ink<'a> {
    /// The scene's words and marks in painting order (symbols expanded): every word, and
    /// the marks that can matter (near a word, or reaching out of `printed`); the rest
    /// are counted in the painting order but not measured.
    pub(super) fn of(scene: &'a Scene, printed: Rect) -> Ink<'a> {
        let mut ink = Ink::default();
        let origin = Place { dx: 0.0, dy: 0.0, scale: 1.0 };
        ink.collect(&scene.items, origin, &mut None);
        let (points, runs) = ink.most;
        ink.points.reserve(points);
        ink.runs.reserve(runs);
        ink.marks.reserve(ink.order);
        let words = Buckets::new(scene.width, scene.height, ink.words.iter().map(|w| &w.bounds));
        let near = Near { words, printed };
        ink.order = 0;
        ink.collect(&scene.items, origin, &mut Some(near));
        ink
    }

    /// A mark's sub-paths, each a run of points.
    fn polys(&self, m: &Mark) -> impl Iterator<Item = &[(f32, f32)]> + '_ {
        self.runs[m.runs.clone()].iter().map(|r| &self.points[r.clone()])
    }

    /// Flattens a path's sub-paths (curves in eight straight steps) into the buffers;
    /// returns the runs it added.
    fn flatten(&mut self, segs: &[Seg], place: Place) -> Range<usize> {
        let first_run = self.runs.len();
        let mut start = self.points.len();
        let close_run = |ink: &mut Ink, start: usize| {
            if ink.points.len() - start > 1 {
                ink.runs.push(start..ink.points.len());
            } else {
                ink.points.truncate(start);
            }
        };
        for seg in segs {
            match *seg {
                Seg::Move(p) => {
                    close_run(self, start);
                    start = self.points.len();
                    self.points.push(place.at(p));
                }
                Seg::Line(p) => self.points.push(place.at(p)),
                Seg::Cubic(a, b, c) => {
                    let p0 = if self.points.len() > start { self.points[self.points.len() - 1] } else { place.at(a) };
                    let (p1, p2, p3) = (place.at(a), place.at(b), place.at(c));
                    for k in 1..=8 {
                        let t = k as f32 / 8.0;
                        let u = 1.0 - t;
                        let w = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
                        self.points.push((
                            w[0] * p0.0 + w[1] * p1.0 + w[2] * p2.0 + w[3] * p3.0,
                            w[0] * p0.1 + w[1] * p1.1 + w[2] * p2.1 + w[3] * p3.1,
                        ));
                    }
                }
                Seg::Close => {
                    if self.points.len() > start {
                        self.points.push(self.points[start]);
                    }
                }
            }
        }
        close_run(self, start);
        first_run..self.runs.len()
    }

    fn bounds(&self, runs: &Range<usize>, grow: f32) -> Option<Rect> {
        let mut points = self.runs[runs.clone()].iter().flat_map(|r| &self.points[r.clone()]);
        let &(x, y) = points.next()?;
        let r = points.fold(Rect::new(x, y, x, y), |r, &(x, y)| r.union(Rect::new(x, y, x, y)));
        Some(r.grow(grow))
    }

    /// One pass over the items: the words (`marks: None`), or the marks that matter.
    fn collect(&mut self, items: &'a [Item], place: Place, marks: &mut Option<Near>) {
        for item in crate::scene::leaves(items) {
            match item {
                Item::Path { segs, fill, stroke } => {
                    let Some(near) = marks else {
                        self.order += fill.is_some() as usize + stroke.is_some() as usize;
                        self.most.0 +=
                            segs.iter().map(|s| if matches!(s, Seg::Cubic(..)) { 8 } else { 1 }).sum::<usize>();
                        self.most.1 += segs.iter().filter(|s| matches!(s, Seg::Move(_))).count();
                        continue;
                    };
                    // Control points hold a path's ink: a path far from every word and
                    // well inside the page is not measured.
                    let half = stroke.map_or(0.0, |s| s.width * place.scale / 2.0);
                    let rough = rough_bounds(segs, place).map(|r| r.grow(half));
                    if !rough.is_some_and(|r| near.matters(&r, &self.words)) {
                        self.order += fill.is_some() as usize + stroke.is_some() as usize;
                        continue;
                    }
                    let runs = self.flatten(segs, place);
                    if let Some(fill) = fill {
                        self.order += 1;
                        if let Some(bounds) = self.bounds(&runs, 0.0) {
                            let (order, dark) = (self.order, is_dark(*fill));
                            self.marks.push(Mark { order, stroke: None, dark, runs: runs.clone(), bounds });
                        }
                    }
                    if let Some(s) = stroke {
                        self.order += 1;
                        let width = s.width * place.scale;
                        if let Some(bounds) = self.bounds(&runs, width / 2.0) {
                            let (order, dark) = (self.order, is_dark(s.colour));
                            self.marks.push(Mark { order, stroke: Some(width), dark, runs, bounds });
                        }
                    }
                }
                Item::Text { at, size, text, face, anchor, colour, turn } => {
                    self.order += 1;
                    if marks.is_some() {
                        continue;
                    }
                    let size = size.scaled(place.scale);
                    let width = face.text_width(text, size);
                    let shift = match anchor {
                        Anchor::Start => 0.0,
                        Anchor::Middle => -width / 2.0,
                        Anchor::End => -width,
                    };
                    let (ax, ay) = place.at(*at);
                    let (sin, cos) = turn.to_radians().sin_cos();
                    let first = self.glyphs.len();
                    for [l, t, r, b] in face.glyph_boxes(text, size) {
                        let corners = [(l + shift, t), (r + shift, t), (l + shift, b), (r + shift, b)];
                        let turned = corners.map(|(x, y)| (ax + x * cos - y * sin, ay + x * sin + y * cos));
                        let (x0, y0) = turned[0];
                        let g =
                            turned.iter().fold(Rect::new(x0, y0, x0, y0), |r, &(x, y)| r.union(Rect::new(x, y, x, y)));
                        self.glyphs.push(g);
                    }
                    let glyphs = first..self.glyphs.len();
                    let Some(&g0) = self.glyphs.get(first) else { continue };
                    let bounds = self.glyphs[glyphs.clone()].iter().fold(g0, |r, g| r.union(*g));
                    self.words.push(Word { order: self.order, text, dark: is_dark(*colour), glyphs, bounds });
                }
                Item::Use { symbol, at, scale } => {
                    let (dx, dy) = place.at(*at);
                    self.collect(&symbol.scene.items, Place { dx, dy, scale: place.scale * scale }, marks);
                }
                Item::Group(_) => {}
            }
        }
    }

    /// Whether the mark paints inside the rectangle.
    pub(super) fn paints(&self, m: &Mark, r: &Rect) -> bool {
        if !m.bounds.meets(r) {
            return false;
        }
        match m.stroke {
            Some(width) => self.polys(m).any(|p| p.windows(2).any(|w| stroke_meets(w[0], w[1], width, r))),
            None => {
                self.polys(m).any(|p| p.windows(2).any(|w| segment_meets(w[0], w[1], r)))
                    || self.inside(m, ((r.left + r.right) / 2.0, (r.top + r.bottom) / 2.0))
            }
        }
    }

    /// Whether the mark is a fill that covers the whole rectangle.
    pub(super) fn covers(&self, m: &Mark, r: &Rect) -> bool {
        m.stroke.is_none()
            && m.bounds.holds(r)
            && r.corners().iter().all(|&c| self.inside(m, c))
            && !self.polys(m).any(|p| p.windows(2).any(|w| segment_meets(w[0], w[1], &r.inset(EPS))))
    }

    /// Whether the point is inside the mark's outline (non-zero winding, as fills are
    /// painted).
    fn inside(&self, m: &Mark, (x, y): (f32, f32)) -> bool {
        let mut winding = 0i32;
        for poly in self.polys(m) {
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
}

/// What decides whether a mark is measured: the words, and what is printed.
pub(super) struct Near {
    words: Buckets,
    printed: Rect,
}

impl Near {
    /// Whether ink within `r` can be a fault: near a word, or not wholly printed.
    fn matters(&self, r: &Rect, words: &[Word]) -> bool {
        !self.printed.holds(r) || self.words.near(r).any(|k| words[k].bounds.meets(r))
    }
}

/// The box of a path's points and control points, placed: its ink lies inside.
fn rough_bounds(segs: &[Seg], place: Place) -> Option<Rect> {
    let mut b: Option<Rect> = None;
    let mut add = |p: Pt2| {
        let (x, y) = place.at(p);
        let r = Rect::new(x, y, x, y);
        b = Some(b.map_or(r, |b| b.union(r)));
    };
    for seg in segs {
        match *seg {
            Seg::Move(p) | Seg::Line(p) => add(p),
            Seg::Cubic(a, c, d) => {
                add(a);
                add(c);
                add(d);
            }
            Seg::Close => {}
        }
    }
    b
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
    let half = width / 2.0;
    if a.0.min(b.0) - half > r.right
        || a.0.max(b.0) + half < r.left
        || a.1.min(b.1) - half > r.bottom
        || a.1.max(b.1) + half < r.top
    {
        return false;
    }
    if segment_meets(a, b, r) {
        return true;
    }
    point_rect(a, r) < half || point_rect(b, r) < half || r.corners().iter().any(|&c| point_segment(c, a, b) < half)
}

/// A grid of buckets over the page, so that each word is tested against nearby marks:
/// which items each cell meets, as one list sorted by cell.
pub(super) struct Buckets {
    cell: f32,
    cols: usize,
    rows: usize,
    /// (cell, item) for every cell an item's rectangle meets.
    entries: Vec<(u32, u32)>,
    /// Where each cell's entries start in `entries` (one more than the cells).
    starts: Vec<u32>,
}

impl Buckets {
    /// The buckets of rectangles on a `width` x `height` page.
    pub(super) fn new<'r>(width: f32, height: f32, rects: impl Iterator<Item = &'r Rect>) -> Buckets {
        let cell = 8.0;
        let cols = ((width / cell).ceil() as usize).clamp(1, 400);
        let rows = ((height / cell).ceil() as usize).clamp(1, 400);
        let mut b = Buckets { cell, cols, rows, entries: Vec::new(), starts: vec![0; cols * rows + 1] };
        let mut pairs: Vec<(u32, u32)> = Vec::new();
        for (k, r) in rects.enumerate() {
            let (cs, rs) = b.span(r);
            for row in rs {
                for col in cs.clone() {
                    pairs.push(((row * cols + col) as u32, k as u32));
                    b.starts[row * cols + col + 1] += 1;
                }
            }
        }
        // A counting sort by cell, items staying in order within a cell.
        for c in 1..b.starts.len() {
            b.starts[c] += b.starts[c - 1];
        }
        let mut next = b.starts.clone();
        b.entries = vec![(0, 0); pairs.len()];
        for p in pairs {
            b.entries[next[p.0 as usize] as usize] = p;
            next[p.0 as usize] += 1;
        }
        b
    }

    fn span(&self, r: &Rect) -> (std::ops::RangeInclusive<usize>, std::ops::RangeInclusive<usize>) {
        let clampc = |v: f32| ((v / self.cell).floor().max(0.0) as usize).min(self.cols - 1);
        let clampr = |v: f32| ((v / self.cell).floor().max(0.0) as usize).min(self.rows - 1);
        (clampc(r.left)..=clampc(r.right), clampr(r.top)..=clampr(r.bottom))
    }

    /// Every index near the rectangle (some more than once).
    pub(super) fn near<'b>(&'b self, r: &Rect) -> impl Iterator<Item = usize> + 'b {
        let (cs, rs) = self.span(r);
        rs.flat_map(move |row| {
            cs.clone().flat_map(move |col| {
                let c = row * self.cols + col;
                self.entries[self.starts[c] as usize..self.starts[c + 1] as usize].iter().map(|&(_, k)| k as usize)
            })
        })
    }
}
