//! Kamon drawings: our own six symbols as vectors (leaf, snake, sun, moon, wave,
//! mountain), tokens showing their count as that many symbols plus a small digit, the
//! 37-cell board with its three pairs of marked opposite sides, and pawns.

use super::position::{symbol_name, CellContent, KamonPosition, Token};
use crate::fonts::Face;
use crate::geom::hex::radius3::{self, bit_of, cells_in_reading_order};
use crate::geom::hex::{pointy_corners, Axial};
use crate::lang::Lang;
use crate::scene::{Anchor, Points, Pt2, Rgb, Scene, Seg};
use crate::style::{self, GREY, INK, PALE, WHITE};

/// Fill colours of the six symbols (distinct hues, drawn with ink outlines so the
/// shapes carry the meaning in greyscale).
pub const SYMBOL_COLOURS: [Rgb; 6] =
    [Rgb(0, 158, 115), Rgb(213, 94, 0), Rgb(240, 190, 40), Rgb(0, 114, 178), Rgb(86, 180, 233), Rgb(140, 100, 60)];
/// Colours of the three side pairs (q, r, s) and their dash patterns for greyscale.
const SIDE_COLOURS: [Rgb; 3] = [Rgb(0, 158, 115), Rgb(230, 159, 0), Rgb(86, 180, 233)];
/// Pawn colours.
pub const PAWN_FILL: [Rgb; 2] = [Rgb(30, 30, 30), WHITE];

fn p(x: f32, y: f32) -> Pt2 {
    Pt2 { x, y }
}

fn hexagon(s: &mut Scene, cx: f32, cy: f32, size: f32, fill: Option<Rgb>, stroke: Option<crate::scene::Stroke>) {
    s.polygon(&pointy_corners(cx, cy, size), fill, stroke);
}

/// Draws one symbol centred at (cx, cy), about `h` mm tall: drawn once per document at
/// each size (a shared [`crate::scene::Symbol`]) and placed.
pub fn symbol(s: &mut Scene, symbol: u8, cx: f32, cy: f32, h: f32) {
    let h = crate::scene::quantized(h);
    let drawing = crate::scene::symbol(crate::scene::sized_key(format_args!("kamon/symbol/{symbol}"), h), || {
        let mut d = Scene::new(2.0 * h, 2.0 * h);
        draw_symbol(&mut d, symbol, h, h, h);
        d
    });
    s.use_symbol(&drawing, cx - h, cy - h, 1.0);
}

/// The paths of one symbol centred at (cx, cy), about `h` mm tall.
fn draw_symbol(s: &mut Scene, symbol: u8, cx: f32, cy: f32, h: f32) {
    let fill = SYMBOL_COLOURS[symbol as usize];
    let outline = style::stroke(INK, (h * 0.06).max(0.12));
    let r = h / 2.0;
    match symbol {
        // Leaf: a pointed oval leaning right, with a midrib.
        0 => {
            let (a, b) = (p(cx - r * 0.75, cy + r * 0.75), p(cx + r * 0.75, cy - r * 0.75));
            s.path(
                vec![
                    Seg::Move(a),
                    Seg::Cubic(p(cx - r * 0.9, cy - r * 0.3), p(cx - r * 0.2, cy - r * 0.95), b),
                    Seg::Cubic(p(cx + r * 0.2, cy + r * 0.95), p(cx + r * 0.9, cy + r * 0.3), a),
                    Seg::Close,
                ],
                Some(fill),
                Some(outline),
            );
            s.line(a.x, a.y, b.x, b.y, style::stroke(INK, (h * 0.04).max(0.1)));
        }
        // Snake: an S-curve body with a round head.
        1 => {
            let w = style::stroke(fill, h * 0.2);
            let body = vec![
                Seg::Move(p(cx - r * 0.8, cy + r * 0.6)),
                Seg::Cubic(p(cx - r * 0.2, cy + r * 1.0), p(cx + r * 0.3, cy + r * 0.3), p(cx, cy)),
                Seg::Cubic(
                    p(cx - r * 0.3, cy - r * 0.3),
                    p(cx + r * 0.1, cy - r * 0.95),
                    p(cx + r * 0.65, cy - r * 0.6),
                ),
            ];
            s.path(body.clone(), None, Some(style::stroke(INK, h * 0.3)));
            s.path(body, None, Some(w));
            s.circle(cx + r * 0.7, cy - r * 0.6, r * 0.22, Some(fill), Some(outline));
        }
        // Sun: a disc with eight rays.
        2 => {
            for i in 0..8 {
                let a = (i as f32 * 45.0).to_radians();
                s.line(
                    cx + r * 0.55 * a.cos(),
                    cy + r * 0.55 * a.sin(),
                    cx + r * 0.98 * a.cos(),
                    cy + r * 0.98 * a.sin(),
                    style::stroke(INK, h * 0.08),
                );
            }
            s.circle(cx, cy, r * 0.45, Some(fill), Some(outline));
        }
        // Moon: a crescent (outer arc and inner arc).
        3 => {
            let k = 0.5523;
            let (ro, ri, off) = (r * 0.85, r * 0.7, r * 0.38);
            s.path(
                vec![
                    Seg::Move(p(cx, cy - ro)),
                    Seg::Cubic(p(cx - k * ro, cy - ro), p(cx - ro, cy - k * ro), p(cx - ro, cy)),
                    Seg::Cubic(p(cx - ro, cy + k * ro), p(cx - k * ro, cy + ro), p(cx, cy + ro)),
                    Seg::Cubic(
                        p(cx + off - k * ri * 0.9, cy + ri * 0.95),
                        p(cx + off - ri * 0.95, cy + k * ri),
                        p(cx + off - ri, cy),
                    ),
                    Seg::Cubic(
                        p(cx + off - ri * 0.95, cy - k * ri),
                        p(cx + off - k * ri * 0.9, cy - ri * 0.95),
                        p(cx, cy - ro),
                    ),
                    Seg::Close,
                ],
                Some(fill),
                Some(outline),
            );
        }
        // Wave: two parallel wavy strokes.
        4 => {
            for dy in [-r * 0.35, r * 0.35] {
                let y = cy + dy;
                let segs = vec![
                    Seg::Move(p(cx - r * 0.9, y)),
                    Seg::Cubic(p(cx - r * 0.6, y - r * 0.45), p(cx - r * 0.3, y - r * 0.45), p(cx, y)),
                    Seg::Cubic(p(cx + r * 0.3, y + r * 0.45), p(cx + r * 0.6, y + r * 0.45), p(cx + r * 0.9, y)),
                ];
                s.path(segs.clone(), None, Some(style::stroke(INK, h * 0.22)));
                s.path(segs, None, Some(style::stroke(fill, h * 0.13)));
            }
        }
        // Mountain: two peaks with a snow line.
        _ => {
            s.path(
                vec![
                    Seg::Move(p(cx - r * 0.95, cy + r * 0.7)),
                    Seg::Line(p(cx - r * 0.35, cy - r * 0.35)),
                    Seg::Line(p(cx - r * 0.1, cy + r * 0.05)),
                    Seg::Line(p(cx + r * 0.3, cy - r * 0.8)),
                    Seg::Line(p(cx + r * 0.95, cy + r * 0.7)),
                    Seg::Close,
                ],
                Some(fill),
                Some(outline),
            );
            s.path(
                vec![
                    Seg::Move(p(cx + r * 0.3, cy - r * 0.8)),
                    Seg::Line(p(cx + r * 0.12, cy - r * 0.42)),
                    Seg::Line(p(cx + r * 0.3, cy - r * 0.5)),
                    Seg::Line(p(cx + r * 0.47, cy - r * 0.42)),
                    Seg::Close,
                ],
                Some(WHITE),
                Some(style::stroke(INK, (h * 0.04).max(0.1))),
            );
        }
    }
}

/// Where the symbols of a token with `count` symbols sit, as offsets in units of the
/// hex's inradius.
fn arrangement(count: u8) -> &'static [(f32, f32)] {
    match count {
        1 => &[(0.0, -0.08)],
        2 => &[(-0.33, -0.08), (0.33, -0.08)],
        3 => &[(0.0, -0.42), (-0.36, 0.2), (0.36, 0.2)],
        4 => &[(-0.3, -0.38), (0.3, -0.38), (-0.3, 0.22), (0.3, 0.22)],
        5 => &[(-0.38, -0.42), (0.38, -0.42), (0.0, -0.1), (-0.38, 0.25), (0.38, 0.25)],
        _ => &[(-0.42, -0.36), (0.0, -0.36), (0.42, -0.36), (-0.42, 0.2), (0.0, 0.2), (0.42, 0.2)],
    }
}

/// A token inside a hex of circumradius `size` centred at (cx, cy).
pub fn token(s: &mut Scene, t: Token, cx: f32, cy: f32, size: f32) {
    let inr = size * 0.866;
    let h = match t.count {
        1 => inr * 0.95,
        2 => inr * 0.6,
        3 | 4 => inr * 0.5,
        _ => inr * 0.38,
    };
    for &(dx, dy) in arrangement(t.count) {
        symbol(s, t.symbol, cx + dx * inr, cy + dy * inr, h);
    }
    let digit_pt = Points::from_mm(size * 0.34).max(Points(5.0));
    s.text(cx, cy + inr * 0.8, digit_pt, t.count.to_string(), Face::Bold, Anchor::Middle, INK);
}

/// Geometry of a board drawing.
#[derive(Debug, Clone, Copy)]
pub struct BoardGeometry {
    /// Hex circumradius in mm.
    pub size: f32,
    /// Centre of cell D4 in the scene.
    pub centre: (f32, f32),
}

impl BoardGeometry {
    /// Scene width and height for a board of hexes of circumradius `size`.
    pub fn extent(size: f32) -> (f32, f32) {
        (size * (7.0 * 3f32.sqrt() + 2.6), size * 12.72)
    }

    /// Centre of a cell.
    pub fn cell_centre(&self, a: Axial) -> (f32, f32) {
        let (x, y) = a.to_pixel_pointy(self.size);
        (self.centre.0 + x, self.centre.1 + y)
    }
}

/// A token drawn small: one symbol and its count as a digit (for puzzle diagrams), in
/// the lower part of the hex, below the cell's name.
pub fn compact_token(s: &mut Scene, t: Token, cx: f32, cy: f32, size: f32) {
    let inr = size * 0.866;
    // The symbol and the digit far enough apart that no symbol touches the digit.
    symbol(s, t.symbol, cx - inr * 0.34, cy + inr * 0.22, inr * 0.8);
    let pt = Points::from_mm(inr * 0.8);
    s.text(cx + inr * 0.41, cy + inr * 0.5, pt, t.count.to_string(), Face::Bold, Anchor::Middle, INK);
}

/// The size of a cell's name in a puzzle diagram, in points at the drawing's own scale:
/// 0.52 of the hex radius (the most the top of a cell holds), so that a diagram printed
/// at 68% of its size still shows 6 pt names.
pub fn name_pt(size: f32) -> Points {
    Points::from_mm(size * 0.52)
}

/// Options for a board drawing.
#[derive(Debug, Clone, Copy, Default)]
pub struct BoardStyle {
    /// Draw tokens (false: a blank board).
    pub tokens: bool,
    /// Print cell names in small print.
    pub names: bool,
    /// Draw tokens compactly (one symbol and a digit).
    pub compact: bool,
}

/// The board with its side markings; returns the scene.
pub fn board(pos: &KamonPosition, size: f32, style: BoardStyle, highlight: &[u32]) -> Scene {
    let (w, h) = BoardGeometry::extent(size);
    let mut s = Scene::new(w, h);
    let geo = BoardGeometry { size, centre: (w / 2.0, h / 2.0) };
    side_markings(&mut s, &geo);
    let cells = pos.cells();
    for (a, content) in cells_in_reading_order().iter().zip(cells) {
        let (cx, cy) = geo.cell_centre(*a);
        let lit = highlight.contains(&bit_of(*a));
        let fill = if lit { crate::style::HIGHLIGHT } else { WHITE };
        hexagon(&mut s, cx, cy, size, Some(fill), Some(style::stroke(INK, (size * 0.025).max(0.15))));
        match content {
            CellContent::Token(t) if style.tokens && style.compact => compact_token(&mut s, t, cx, cy, size),
            CellContent::Token(t) if style.tokens => token(&mut s, t, cx, cy, size * 0.92),
            CellContent::Token(_) => {}
            // Compact diagrams keep the top of the cell for its name.
            CellContent::Forbidden if style.compact => forbidden(&mut s, cx, cy, size, (size * 0.36, size * 0.15)),
            CellContent::Forbidden => forbidden(&mut s, cx, cy, size, (size * 0.5, 0.0)),
            CellContent::Pawn(pl) if style.compact => pawn(&mut s, pl, cx, cy + size * 0.18, size * 0.74),
            CellContent::Pawn(pl) => pawn(&mut s, pl, cx, cy, size),
        }
        if lit {
            // A thick outline along the cell's own edge, clear of its name.
            hexagon(&mut s, cx, cy, size * 0.965, None, Some(style::stroke(INK, size * 0.07)));
        }
    }
    // Names last, so that nothing covers them: in compact diagrams large, at the top of
    // the cell above the token or pawn; on full boards small, above the symbols.
    if style.names {
        for a in cells_in_reading_order() {
            let (cx, cy) = geo.cell_centre(a);
            let (pt, y, colour) = if style.compact {
                (name_pt(size), cy - size * 0.3, NAME_INK)
            } else {
                (Points::from_mm(size * 0.2).max(Points(5.0)), cy - size * 0.62, GREY)
            };
            s.text(cx, y, pt, radius3::name(a), Face::Regular, Anchor::Middle, colour);
        }
    }
    s
}

/// The height of DejaVu Sans's capitals and figures, in ems.
const CAP_HEIGHT: f32 = 0.73;

/// Cell names in diagrams: dark enough to read at 6 pt, lighter than the tokens.
const NAME_INK: Rgb = Rgb(70, 70, 70);

/// The forbidden cell: shaded and struck through with a cross `reach` mm each way from
/// its centre, moved `down` mm (below the cell's name in a compact diagram).
pub fn forbidden(s: &mut Scene, cx: f32, cy: f32, size: f32, (reach, down): (f32, f32)) {
    hexagon(s, cx, cy, size * 0.97, Some(PALE), None);
    let (d, cy) = (reach, cy + down);
    let x = style::stroke(INK, size * 0.09);
    s.line(cx - d, cy - d, cx + d, cy + d, x);
    s.line(cx - d, cy + d, cx + d, cy - d, x);
}

/// A pawn: a filled disc (Black) or a ringed white disc (White); a shared symbol.
pub fn pawn(s: &mut Scene, player: u8, cx: f32, cy: f32, size: f32) {
    let size = crate::scene::quantized(size);
    let drawing = crate::scene::symbol(crate::scene::sized_key(format_args!("kamon/pawn/{player}"), size), || {
        let mut d = Scene::new(1.2 * size, 1.2 * size);
        let c = 0.6 * size;
        let stroke = style::stroke(INK, size * 0.07);
        d.circle(c, c, size * 0.55, Some(PAWN_FILL[player as usize]), Some(stroke));
        if player == 1 {
            d.circle(c, c, size * 0.33, None, Some(style::stroke(INK, size * 0.04)));
        }
        d
    });
    s.use_symbol(&drawing, cx - 0.6 * size, cy - 0.6 * size, 1.0);
}

/// Bands outside the six sides: the same colour and pattern on opposite sides, so
/// corners show both markings of the sides they join.
fn side_markings(s: &mut Scene, geo: &BoardGeometry) {
    let sides = radius3::sides();
    for (i, side) in sides.iter().enumerate() {
        let cells: Vec<Axial> = cells_in_reading_order().into_iter().filter(|a| side >> bit_of(*a) & 1 == 1).collect();
        // The side's outward normal: from the board centre to the side's middle.
        let (mx, my) =
            cells.iter().map(|a| geo.cell_centre(*a)).fold((0.0, 0.0), |(x, y), (a, b)| (x + a / 4.0, y + b / 4.0));
        let (nx, ny) = (mx - geo.centre.0, my - geo.centre.1);
        let len = (nx * nx + ny * ny).sqrt();
        let (nx, ny) = (nx / len, ny / len);
        let (tx, ty) = (-ny, nx);
        let off = geo.size * 1.25;
        // From corner cell to corner cell, reaching the corners.
        let half = geo.size * 3f32.sqrt() * 2.05;
        let (bx, by) = (mx + nx * off, my + ny * off);
        let pair = i % 3;
        let colour = SIDE_COLOURS[pair];
        let width = geo.size * 0.28;
        let stroke = match pair {
            0 => style::stroke(colour, width),
            1 => style::dashed(colour, width, geo.size * 0.5, geo.size * 0.25),
            _ => style::dashed(colour, width, geo.size * 0.12, geo.size * 0.22),
        };
        s.line(bx - tx * half, by - ty * half, bx + tx * half, by + ty * half, stroke);
        // The side's name just outside its band: the middle of its ink on the normal, as
        // far out as half the ink's depth along the normal.
        let label = ["I", "II", "III"][pair];
        let pt = name_pt(geo.size).max(Points(5.0));
        let (label_w, cap) = (Face::Bold.text_width(label, pt), pt.mm() * CAP_HEIGHT);
        let depth = (nx.abs() * label_w + ny.abs() * cap) / 2.0;
        let out = width / 2.0 + geo.size * 0.08 + depth;
        s.text(bx + nx * out, by + ny * out + cap / 2.0, pt, label, Face::Bold, Anchor::Middle, INK);
    }
}

/// A key of the six symbols with their names, `h` mm tall icons.
pub fn symbol_key(h: f32, lang: Lang) -> Scene {
    let step = h * 5.2;
    let mut s = Scene::new(step * 6.0, h * 1.3);
    for i in 0..6u8 {
        let x = i as f32 * step + h * 0.6;
        symbol(&mut s, i, x, h * 0.65, h);
        let pt = Points::from_mm(h * 0.55);
        s.text(
            x + h * 0.8,
            h * 0.85,
            pt,
            format!("{} ({})", symbol_name(i, lang), (b'a' + i) as char),
            Face::Regular,
            Anchor::Start,
            INK,
        );
    }
    s
}

/// A puzzle diagram: the board (compact tokens, cell names) with the constraint token
/// drawn in the top-left corner; `highlight` marks answer cells.
pub fn puzzle_diagram(pos: &KamonPosition, size: f32, highlight: &[u32], lang: Lang) -> Scene {
    let mut s = board(pos, size, BoardStyle { tokens: true, names: true, compact: true }, highlight);
    // The top of the pile: the token to match, or the start token before the first move.
    let (cx, cy) = (size * 1.3, size * 1.75);
    hexagon(&mut s, cx, cy, size * 1.05, Some(WHITE), Some(style::stroke(INK, size * 0.06)));
    let pt = name_pt(size);
    match pos.constraint() {
        Some(t) => compact_token(&mut s, t, cx, cy - size * 0.2, size * 1.05),
        None => {
            // "start" across the hexagon's middle, in bold where it fits between the
            // hexagon's sides ("départ" does not) and in regular type where not.
            let word = lang.t("kamon.diagram.start");
            let room = 2.0 * (size * 1.05 * 3f32.sqrt() / 2.0 - size * 0.05);
            let face = if Face::Bold.text_width(word, pt) <= room { Face::Bold } else { Face::Regular };
            let pt = crate::fonts::fit_size(face, word, room, pt);
            s.text(cx, cy + pt.mm() * CAP_HEIGHT / 2.0, pt, word, face, Anchor::Middle, INK);
        }
    }
    s.text(cx, cy - size * 1.25, pt, lang.t("kamon.diagram.pile"), Face::Regular, Anchor::Middle, NAME_INK);
    super::notation::spoken(pos, lang).apply(&mut s);
    s
}
