//! The backend-neutral display list every drawing goes into: paths and text in
//! millimetres, y pointing down, colours by value from [`crate::style`]. The SVG and PDF
//! writers each render a scene; nothing else knows about either format.
//!
//! A drawing used many times (a Kamon symbol, a pawn) is a [`Symbol`], known by a key
//! that names what it draws at what size, and placed with [`Item::Use`]; each document's
//! writer keeps the table of its symbols by key, draws each once (a PDF form XObject, an
//! SVG `<use>` of a definition) and places it wherever it is used. No table outlives its
//! document: a long-lived web page keeps no symbol it drew for an earlier one.

use std::sync::Arc;

use crate::fonts::Face;
pub use crate::geom::units::Points;
pub use crate::geom::Rect;

mod structure;
pub use structure::{leaves, Group, Key, Leaves, Role};

/// A point in millimetres (y down).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pt2 {
    /// Millimetres from the left.
    pub x: f32,
    /// Millimetres from the top.
    pub y: f32,
}

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

/// One step of a path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seg {
    /// Start a new sub-path.
    Move(Pt2),
    /// Straight line to the point.
    Line(Pt2),
    /// Cubic Bézier: two control points, then the end point.
    Cubic(Pt2, Pt2, Pt2),
    /// Close the current sub-path.
    Close,
}

/// How a path's outline is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    /// Line colour.
    pub colour: Rgb,
    /// Line width in millimetres.
    pub width: f32,
    /// Dash and gap lengths in millimetres, if dashed.
    pub dash: Option<(f32, f32)>,
}

/// Horizontal alignment of text around its x coordinate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// x is the left end.
    Start,
    /// x is the centre.
    Middle,
    /// x is the right end.
    End,
}

/// One thing drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A path, filled and/or stroked.
    Path {
        /// The segments.
        segs: Vec<Seg>,
        /// Fill colour, if filled (non-zero winding).
        fill: Option<Rgb>,
        /// Outline, if stroked.
        stroke: Option<Stroke>,
    },
    /// A line of text; `y` is the baseline.
    Text {
        /// Anchor point, mm.
        at: Pt2,
        /// The type size.
        size: Points,
        /// The text (one line).
        text: String,
        /// Typeface.
        face: Face,
        /// Alignment around `at.x`.
        anchor: Anchor,
        /// Text colour.
        colour: Rgb,
        /// Turned this many degrees clockwise about `at` (0: level; a book's spine: 90).
        turn: f32,
    },
    /// A symbol placed with its top-left corner at `at`, scaled.
    Use {
        /// The drawing.
        symbol: Arc<Symbol>,
        /// Where its top-left corner goes, mm.
        at: Pt2,
        /// Its scale.
        scale: f32,
    },
    /// Items that are one element of the document's structure, for a reader who does
    /// not see the page (a tagged PDF's structure); drawing paints its items in order.
    /// Groups with the same [`Key`] under the same parent are one element, however many
    /// boxes and pages it is drawn in (a paragraph broken over a page, a list made of
    /// many lines).
    Group(Group),
}

/// A drawing used many times: paths only (text stays in the pages, where its font is),
/// known by a key that names what it draws at what size.
#[derive(Debug, PartialEq)]
pub struct Symbol {
    /// What it draws, e.g. `kamon/symbol/2/4.157`; the same key is the same drawing.
    pub key: String,
    /// The drawing, from (0, 0).
    pub scene: Scene,
}

/// A size as symbols know it: rounded to 0.1 µm, so that a symbol's drawing depends on
/// nothing but its key (the key prints the rounded size).
pub fn quantized(mm: f32) -> f32 {
    (mm * 10_000.0).round() / 10_000.0
}

/// The key of a symbol that draws `what` at `size` (mm, [`quantized`]): `what`, a slash
/// and the size with four decimals, as `format!("{what}/{size:.4}")` writes it but without
/// formatting the float (the formatter's exact digits were 4% of a Kamon sheet's
/// instructions).
pub fn sized_key(what: std::fmt::Arguments<'_>, size: f32) -> String {
    use std::fmt::Write as _;
    let mut key = String::with_capacity(32);
    let _ = key.write_fmt(what);
    // A quantized size below 1000 mm lies within 0.00003 of its four decimals, so the
    // formatter's rounding of it gives them; anything else is left to the formatter.
    let units = (size as f64 * 10_000.0).round();
    if !(0.0..10_000_000.0).contains(&units) {
        let _ = write!(key, "/{size:.4}");
        return key;
    }
    let units = units as u32;
    let _ = write!(key, "/{}.", units / 10_000);
    let frac = units % 10_000;
    for digit in [frac / 1000, frac / 100 % 10, frac / 10 % 10, frac % 10] {
        key.push((b'0' + digit as u8) as char);
    }
    key
}

/// The symbol known by `key`, drawn by `draw` (the drawing must depend on nothing but
/// what the key names: two symbols of one key are the same drawing). There is no table
/// of symbols in the process: a document's writer keeps its own, by key, and draws each
/// symbol once in that document (a PDF form XObject, an SVG definition).
pub fn symbol(key: String, draw: impl FnOnce() -> Scene) -> Arc<Symbol> {
    let scene = draw();
    debug_assert!(
        scene.items.iter().all(|i| matches!(i, Item::Path { .. })),
        "symbol {key} holds text or symbols; it must be paths only"
    );
    Arc::new(Symbol { key, scene })
}

/// A drawing: a page or a diagram.
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// Width in mm.
    pub width: f32,
    /// Height in mm.
    pub height: f32,
    /// What is drawn, in painting order.
    pub items: Vec<Item>,
    /// A title (SVG `<title>`, PDF document title).
    pub title: String,
    /// A plain-text description (SVG `<desc>`): e.g. the position as text.
    pub desc: String,
}

/// Bézier circle constant (4 arcs).
const KAPPA: f32 = 0.552_284_8;

impl Scene {
    /// An empty scene of the given size in mm.
    pub fn new(width: f32, height: f32) -> Self {
        Scene { width, height, items: Vec::new(), title: String::new(), desc: String::new() }
    }

    /// Adds any path.
    pub fn path(&mut self, segs: Vec<Seg>, fill: Option<Rgb>, stroke: Option<Stroke>) {
        self.items.push(Item::Path { segs, fill, stroke });
    }

    /// A rectangle from its top-left corner.
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, fill: Option<Rgb>, stroke: Option<Stroke>) {
        let p = |x, y| Pt2 { x, y };
        self.path(
            vec![
                Seg::Move(p(x, y)),
                Seg::Line(p(x + w, y)),
                Seg::Line(p(x + w, y + h)),
                Seg::Line(p(x, y + h)),
                Seg::Close,
            ],
            fill,
            stroke,
        );
    }

    /// A closed polygon through the points.
    pub fn polygon(&mut self, points: &[(f32, f32)], fill: Option<Rgb>, stroke: Option<Stroke>) {
        let mut segs: Vec<Seg> = Vec::with_capacity(points.len() + 1);
        for (i, &(x, y)) in points.iter().enumerate() {
            let p = Pt2 { x, y };
            segs.push(if i == 0 { Seg::Move(p) } else { Seg::Line(p) });
        }
        segs.push(Seg::Close);
        self.path(segs, fill, stroke);
    }

    /// A straight line.
    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, stroke: Stroke) {
        self.path(vec![Seg::Move(Pt2 { x: x1, y: y1 }), Seg::Line(Pt2 { x: x2, y: y2 })], None, Some(stroke));
    }

    /// A circle.
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, fill: Option<Rgb>, stroke: Option<Stroke>) {
        let k = r * KAPPA;
        let p = |x, y| Pt2 { x, y };
        self.path(
            vec![
                Seg::Move(p(cx + r, cy)),
                Seg::Cubic(p(cx + r, cy + k), p(cx + k, cy + r), p(cx, cy + r)),
                Seg::Cubic(p(cx - k, cy + r), p(cx - r, cy + k), p(cx - r, cy)),
                Seg::Cubic(p(cx - r, cy - k), p(cx - k, cy - r), p(cx, cy - r)),
                Seg::Cubic(p(cx + k, cy - r), p(cx + r, cy - k), p(cx + r, cy)),
                Seg::Close,
            ],
            fill,
            stroke,
        );
    }

    /// A line of text with its baseline at `y`.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        x: f32,
        y: f32,
        size: Points,
        text: impl Into<String>,
        face: Face,
        anchor: Anchor,
        colour: Rgb,
    ) {
        self.turned_text(x, y, 0.0, size, text, face, anchor, colour);
    }

    /// A line of text turned `turn` degrees clockwise about (x, y), its baseline start.
    #[allow(clippy::too_many_arguments)]
    pub fn turned_text(
        &mut self,
        x: f32,
        y: f32,
        turn: f32,
        size: Points,
        text: impl Into<String>,
        face: Face,
        anchor: Anchor,
        colour: Rgb,
    ) {
        self.items.push(Item::Text { at: Pt2 { x, y }, size, text: text.into(), face, anchor, colour, turn });
    }

    /// Places a symbol with its top-left corner at (x, y), scaled.
    pub fn use_symbol(&mut self, symbol: &Arc<Symbol>, x: f32, y: f32, scale: f32) {
        self.items.push(Item::Use { symbol: symbol.clone(), at: Pt2 { x, y }, scale });
    }

    /// Every symbol the scene uses, each once, by key.
    pub fn symbols(&self) -> std::collections::BTreeMap<String, Arc<Symbol>> {
        leaves(&self.items)
            .filter_map(|i| match i {
                Item::Use { symbol, .. } => Some((symbol.key.clone(), symbol.clone())),
                _ => None,
            })
            .collect()
    }

    /// The smallest rectangle holding all the ink: paths with half their stroke, text
    /// by its font's width and a line's height, symbols where they are placed. `None`
    /// for an empty scene.
    pub fn ink_bounds(&self) -> Option<Rect> {
        Scene::bounds_of(&self.items)
    }

    /// The ink bounds of some items (see [`Scene::ink_bounds`]).
    pub fn bounds_of(items: &[Item]) -> Option<Rect> {
        let mut b: Option<Rect> = None;
        let mut add = |x: f32, y: f32| {
            b = Some(match b {
                None => Rect::point(x, y),
                Some(r) => r.with(x, y),
            })
        };
        for item in leaves(items) {
            match item {
                Item::Path { segs, stroke, .. } => {
                    let half = stroke.map_or(0.0, |s| s.width / 2.0);
                    for seg in segs {
                        let points: &[Pt2] = match seg {
                            Seg::Move(p) | Seg::Line(p) => std::slice::from_ref(p),
                            Seg::Cubic(a, b2, c) => &[*a, *b2, *c],
                            Seg::Close => &[],
                        };
                        for p in points {
                            add(p.x - half, p.y - half);
                            add(p.x + half, p.y + half);
                        }
                    }
                }
                Item::Text { at, size, text, face, anchor, turn, .. } => {
                    let mm = size.mm();
                    let w = face.text_width(text, *size);
                    let x0 = match anchor {
                        Anchor::Start => 0.0,
                        Anchor::Middle => -w / 2.0,
                        Anchor::End => -w,
                    };
                    let (sin, cos) = turn.to_radians().sin_cos();
                    for (dx, dy) in [(x0, -0.8 * mm), (x0 + w, -0.8 * mm), (x0, 0.25 * mm), (x0 + w, 0.25 * mm)] {
                        add(at.x + dx * cos - dy * sin, at.y + dx * sin + dy * cos);
                    }
                }
                Item::Use { symbol, at, scale } => {
                    if let Some(ink) = symbol.scene.ink_bounds() {
                        add(at.x + ink.left * scale, at.y + ink.top * scale);
                        add(at.x + ink.right * scale, at.y + ink.bottom * scale);
                    }
                }
                Item::Group(_) => {}
            }
        }
        b
    }

    /// Draws whatever `draw` adds as `role` (one [`Group`]).
    pub fn tagged(&mut self, role: Role, draw: impl FnOnce(&mut Scene)) {
        self.tagged_as(role, Key::NEW, draw);
    }

    /// Draws whatever `draw` adds as `role`, continuing the element `key` names if it
    /// was drawn before under the same parent (see [`Key`]).
    pub fn tagged_as(&mut self, role: Role, key: Key, draw: impl FnOnce(&mut Scene)) {
        let outer = std::mem::take(&mut self.items);
        draw(self);
        let items = std::mem::replace(&mut self.items, outer);
        self.items.push(Item::Group(Group { role, key, items }));
    }

    /// Draws `other` into this scene as a figure that says `alt` (see [`Scene::place`]).
    pub fn figure(&mut self, other: &Scene, dx: f32, dy: f32, scale: f32, alt: &str) {
        let frame = Rect::new(dx, dy, dx + other.width * scale, dy + other.height * scale);
        self.tagged(Role::Figure(alt.to_string(), Some(frame)), |s| s.place(other, dx, dy, scale));
    }

    /// [`Scene::figure`] for a drawing that may be given up: moved where it is when
    /// nothing else holds it, copied when something does.
    pub fn figure_shared(&mut self, other: Arc<Scene>, dx: f32, dy: f32, scale: f32, alt: &str) {
        let frame = Rect::new(dx, dy, dx + other.width * scale, dy + other.height * scale);
        self.tagged(Role::Figure(alt.to_string(), Some(frame)), |s| match Arc::try_unwrap(other) {
            Ok(owned) => s.place_owned(owned, dx, dy, scale),
            Err(shared) => s.place(&shared, dx, dy, scale),
        });
    }

    /// Draws whatever `draw` adds as the body of a list item (the item holds the body).
    pub fn list_item(&mut self, draw: impl FnOnce(&mut Scene)) {
        self.tagged(Role::ListItem, |s| s.tagged(Role::ListBody, draw));
    }

    /// Draws whatever `draw` adds as an artifact (page furniture, not content).
    pub fn artifact(&mut self, draw: impl FnOnce(&mut Scene)) {
        self.tagged(Role::Artifact, draw);
    }

    /// Wraps everything drawn so far in `role`.
    pub fn wrap(&mut self, role: Role, key: Key) {
        let items = std::mem::take(&mut self.items);
        self.items.push(Item::Group(Group { role, key, items }));
    }

    /// The size of the smallest text drawn, if any.
    pub fn smallest_text(&self) -> Option<Points> {
        leaves(&self.items)
            .filter_map(|i| match i {
                Item::Text { size, .. } => Some(*size),
                _ => None,
            })
            .reduce(Points::min)
    }

    /// Draws another scene into this one, scaled by `scale` and moved so that its
    /// top-left corner lands at (`dx`, `dy`).
    pub fn place(&mut self, other: &Scene, dx: f32, dy: f32, scale: f32) {
        self.place_items(other.items.iter().cloned(), dx, dy, scale);
    }

    /// [`Scene::place`] for a scene given up: its items are moved and scaled where they
    /// are, not copied (a page holds the tiles drawn for it, then is placed within its
    /// margins, then perhaps scaled to make room for a header).
    pub fn place_owned(&mut self, other: Scene, dx: f32, dy: f32, scale: f32) {
        self.place_items(other.items.into_iter(), dx, dy, scale);
    }

    fn place_items(&mut self, items: impl ExactSizeIterator<Item = Item>, dx: f32, dy: f32, scale: f32) {
        let t = |p: Pt2| Pt2 { x: dx + p.x * scale, y: dy + p.y * scale };
        self.items.reserve(items.len());
        for mut item in items {
            shift(&mut item, &t, scale);
            self.items.push(item);
        }
    }
}

/// Moves an item by `t` and scales it by `scale`, where it is (see [`Scene::place`]).
fn shift(item: &mut Item, t: &impl Fn(Pt2) -> Pt2, scale: f32) {
    match item {
        Item::Path { segs, stroke, .. } => {
            for s in segs.iter_mut() {
                match s {
                    Seg::Move(p) | Seg::Line(p) => *p = t(*p),
                    Seg::Cubic(a, b, c) => (*a, *b, *c) = (t(*a), t(*b), t(*c)),
                    Seg::Close => {}
                }
            }
            if let Some(s) = stroke {
                s.width *= scale;
                s.dash = s.dash.map(|(a, b)| (a * scale, b * scale));
            }
        }
        Item::Text { at, size, .. } => {
            *at = t(*at);
            *size = size.scaled(scale);
        }
        Item::Use { at, scale: s, .. } => {
            *at = t(*at);
            *s *= scale;
        }
        Item::Group(Group { role, items, .. }) => {
            if let Role::Figure(_, Some(frame)) = role {
                let (a, z) = (t(Pt2 { x: frame.left, y: frame.top }), t(Pt2 { x: frame.right, y: frame.bottom }));
                *frame = Rect::new(a.x, a.y, z.x, z.y);
            }
            for i in items.iter_mut() {
                shift(i, t, scale);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sized_key_is_the_formatters() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut sizes = vec![0.0, 0.00005, 0.99995, 1.0, 4.157, 7.0, 999.9999, 1000.0, 12345.678, -1.5];
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            sizes.push((x % 1_000_000) as f32 / 1000.0);
            sizes.push(f32::from_bits((x >> 32) as u32 & 0x447f_ffff));
        }
        for size in sizes.into_iter().map(quantized).filter(|s| s.is_finite()) {
            assert_eq!(
                sized_key(format_args!("kamon/pawn/{}", 1), size),
                format!("kamon/pawn/1/{size:.4}"),
                "{size:e}"
            );
        }
    }

    fn dot(key: &str) -> Arc<Symbol> {
        symbol(key.to_string(), || {
            let mut s = Scene::new(1.0, 1.0);
            s.rect(0.0, 0.0, 1.0, 1.0, None, Some(crate::style::stroke(crate::style::INK, 0.1)));
            s
        })
    }

    /// Placing moves and scales every kind of item — a path's points, its stroke and
    /// dashes, a text's anchor and size, a symbol's place and scale, a figure's frame —
    /// and a scene given up ([`Scene::place_owned`]) lands exactly as one copied.
    #[test]
    fn placing_moves_and_scales_every_item_and_a_given_up_scene_lands_alike() {
        let mut tile = Scene::new(10.0, 10.0);
        tile.line(1.0, 1.0, 3.0, 1.0, crate::style::dashed(crate::style::INK, 0.1, 1.5, 1.0));
        tile.text(2.0, 4.0, Points(9.0), "word", Face::Regular, Anchor::Start, Rgb(0, 0, 0));
        tile.use_symbol(&dot("placing/dot"), 5.0, 5.0, 1.0);
        tile.figure(&Scene::new(4.0, 4.0), 1.0, 1.0, 1.0, "a box");
        let mut copied = Scene::new(100.0, 100.0);
        copied.place(&tile, 20.0, 30.0, 2.0);
        let mut moved = Scene::new(100.0, 100.0);
        moved.place_owned(tile.clone(), 20.0, 30.0, 2.0);
        assert_eq!(copied, moved);
        let [Item::Path { segs, stroke: Some(stroke), .. }, Item::Text { at, size, .. }, Item::Use { at: used, scale, .. }, Item::Group(figure)] =
            moved.items.as_slice()
        else {
            panic!("{:?}", moved.items)
        };
        assert_eq!(segs[..2], [Seg::Move(Pt2 { x: 22.0, y: 32.0 }), Seg::Line(Pt2 { x: 26.0, y: 32.0 })]);
        assert_eq!((stroke.width, stroke.dash), (0.2, Some((3.0, 2.0))));
        assert_eq!((*at, *size), (Pt2 { x: 24.0, y: 38.0 }, Points(18.0)));
        assert_eq!((*used, *scale), (Pt2 { x: 30.0, y: 40.0 }, 2.0));
        assert_eq!(figure.role, Role::Figure("a box".into(), Some(Rect::new(22.0, 32.0, 30.0, 40.0))));
    }

    /// Roles nest as they were drawn, each holding what its closure drew; placing a scene
    /// keeps its tree and moves a figure's frame with its ink; the leaves come in
    /// painting order.
    #[test]
    fn a_scene_is_a_tree_of_what_was_drawn_inside_each_role() {
        let mut inner = Scene::new(10.0, 10.0);
        inner.figure(&Scene::new(4.0, 4.0), 1.0, 1.0, 1.0, "a dot");
        let mut page = Scene::new(100.0, 100.0);
        page.text(1.0, 1.0, Points(9.0), "before", Face::Regular, Anchor::Start, Rgb(0, 0, 0));
        page.tagged(Role::Section, |s| {
            s.list_item(|s| s.text(2.0, 2.0, Points(9.0), "inside", Face::Regular, Anchor::Start, Rgb(0, 0, 0)));
            s.place(&inner, 20.0, 30.0, 2.0);
        });
        page.text(3.0, 3.0, Points(9.0), "after", Face::Regular, Anchor::Start, Rgb(0, 0, 0));
        let words: Vec<&str> = leaves(&page.items)
            .filter_map(|i| match i {
                Item::Text { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(words, ["before", "inside", "after"]);
        let [_, Item::Group(section), _] = page.items.as_slice() else { panic!("{:?}", page.items) };
        assert_eq!(section.role, Role::Section);
        let [Item::Group(item), Item::Group(figure)] = section.items.as_slice() else { panic!("{section:?}") };
        assert!(matches!(item.items.as_slice(), [Item::Group(Group { role: Role::ListBody, .. })]), "{item:?}");
        assert_eq!(figure.role, Role::Figure("a dot".into(), Some(Rect::new(22.0, 32.0, 30.0, 40.0))));
        page.wrap(Role::Quote, Key::NEW);
        assert!(
            matches!(page.items.as_slice(), [Item::Group(Group { role: Role::Quote, items, .. })] if items.len() == 3)
        );
    }

    /// A symbol is known by its key: the scene lists each key once however often it is
    /// placed, and two symbols of one key are the same drawing.
    #[test]
    fn a_scene_knows_each_symbol_once_by_its_key() {
        let mut page = Scene::new(10.0, 10.0);
        for (i, key) in ["scene-test/a", "scene-test/b", "scene-test/a"].into_iter().enumerate() {
            page.use_symbol(&dot(key), i as f32, 0.0, 1.0);
        }
        let symbols = page.symbols();
        assert_eq!(symbols.keys().map(String::as_str).collect::<Vec<_>>(), ["scene-test/a", "scene-test/b"]);
        assert_eq!(dot("scene-test/a").scene, symbols["scene-test/a"].scene, "drawn again from its key alike");
    }
}
