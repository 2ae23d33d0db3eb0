//! SIX drawings: tokens (red solid; black outlined with a centre dot, so the two sets
//! differ in greyscale too), clusters cropped to their cells plus a one-cell margin,
//! hex paper and the formations reminder.

use super::position::{templates, SixPosition};
use crate::fonts::{fit_size, Face};
use crate::geom::hex::{pointy_corners, Axial};
use crate::lang::Lang;
use crate::scene::{Anchor, Points, Scene, Stroke};
use crate::style::{self, GREY, HIGHLIGHT, INK, PLAYER_COLOURS, WHITE};

/// A cell's coordinates are set this many points per mm of the hex's circumradius (at
/// most: a long label is fitted to the cell's width).
const COORDINATE_PT_PER_MM: f32 = 1.55;

/// A token of `colour` (0 red, 1 black) in a hex of circumradius `size`: a shared
/// symbol, drawn once a document.
pub fn token(s: &mut Scene, colour: u8, cx: f32, cy: f32, size: f32) {
    let size = crate::scene::quantized(size);
    let drawing = crate::scene::symbol(crate::scene::sized_key(format_args!("six/token/{colour}"), size), || {
        let mut d = Scene::new(2.0 * size, 2.0 * size);
        let (x, y, inner) = (size, size, size * 0.9);
        if colour == 0 {
            d.polygon(&pointy_corners(x, y, inner), Some(PLAYER_COLOURS[0]), Some(style::stroke(INK, size * 0.05)));
        } else {
            d.polygon(&pointy_corners(x, y, inner), Some(WHITE), Some(style::stroke(INK, size * 0.16)));
            d.circle(x, y, size * 0.2, Some(INK), None);
        }
        d
    });
    s.use_symbol(&drawing, cx - size, cy - size, 1.0);
}

/// A token that has left the table: a pale, dashed outline of its kind.
fn ghost(s: &mut Scene, colour: u8, cx: f32, cy: f32, size: f32) {
    let inner = size * 0.9;
    let fill = if colour == 0 { crate::scene::Rgb(246, 200, 196) } else { crate::scene::Rgb(235, 235, 235) };
    s.polygon(
        &pointy_corners(cx, cy, inner),
        Some(fill),
        Some(style::dashed(GREY, size * 0.06, size * 0.18, size * 0.12)),
    );
    if colour == 1 {
        s.circle(cx, cy, size * 0.2, Some(GREY), None);
    }
}

/// A light hex cell outline.
fn cell(s: &mut Scene, cx: f32, cy: f32, size: f32, stroke: Stroke) {
    s.polygon(&pointy_corners(cx, cy, size), None, Some(stroke));
}

/// The cells a diagram shows: the tokens plus a one-cell margin.
pub fn cells_with_margin(pos: &SixPosition) -> Vec<Axial> {
    let mut cells: Vec<Axial> =
        pos.tokens().iter().flat_map(|t| std::iter::once(t.0).chain(t.0.neighbours())).collect();
    cells.sort();
    cells.dedup();
    cells
}

/// Bounding box, in units of the hex circumradius, of cells drawn pointy-top.
fn extent(cells: &[Axial]) -> (f32, f32, f32, f32) {
    let w = 3f32.sqrt() / 2.0;
    let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for a in cells {
        let (x, y) = a.to_pixel_pointy(1.0);
        x0 = x0.min(x - w);
        x1 = x1.max(x + w);
        y0 = y0.min(y - 1.0);
        y1 = y1.max(y + 1.0);
    }
    (x0, y0, x1, y1)
}

/// A diagram of the cluster cropped to its cells plus a one-cell margin, hexes of
/// circumradius `size` mm; `marks` are outlined and shaded (answers), each of `lifted`
/// gets a dashed outline (the tokens that may be lifted in round two), and `ghosts` are
/// tokens no longer on the table (lifted or removed by a move), drawn faintly.
/// Empty cells carry their coordinates (for answers given as `(q,r)`) on puzzle sheets.
/// It has no words: the caller describes it in its document's language
/// ([`super::notation::spoken`]).
pub fn diagram(pos: &SixPosition, size: f32, marks: &[Axial], lifted: &[Axial], ghosts: &[(Axial, u8)]) -> Scene {
    drawing(pos, size, marks, lifted, ghosts, true)
}

/// A diagram as [`diagram`] draws it, without coordinates (rulebooks, whose captions
/// point at the outlined tokens instead).
pub fn plain_diagram(pos: &SixPosition, size: f32, marks: &[Axial], lifted: &[Axial], ghosts: &[(Axial, u8)]) -> Scene {
    drawing(pos, size, marks, lifted, ghosts, false)
}

fn drawing(
    pos: &SixPosition,
    size: f32,
    marks: &[Axial],
    lifted: &[Axial],
    ghosts: &[(Axial, u8)],
    coordinates: bool,
) -> Scene {
    let mut cells = cells_with_margin(pos);
    cells.extend(ghosts.iter().flat_map(|g| std::iter::once(g.0).chain(g.0.neighbours())));
    // A marked cell away from the tokens is drawn with the cells round it, not off the
    // picture.
    let away: Vec<Axial> = marks.iter().copied().filter(|m| !cells.contains(m)).collect();
    cells.extend(away.into_iter().flat_map(|m| std::iter::once(m).chain(m.neighbours())));
    cells.sort();
    cells.dedup();
    let (x0, y0, x1, y1) = extent(&cells);
    let pad = size * 0.2;
    let mut s = Scene::new((x1 - x0) * size + 2.0 * pad, (y1 - y0) * size + 2.0 * pad);
    let at = |a: Axial| {
        let (x, y) = a.to_pixel_pointy(size);
        (x - x0 * size + pad, y - y0 * size + pad)
    };
    let light = style::stroke(GREY, size * 0.03);
    for &c in &cells {
        let (cx, cy) = at(c);
        if marks.contains(&c) {
            s.polygon(&pointy_corners(cx, cy, size), Some(HIGHLIGHT), None);
        }
        cell(&mut s, cx, cy, size, light);
    }
    for &(a, colour) in pos.tokens() {
        let (cx, cy) = at(a);
        token(&mut s, colour, cx, cy, size);
    }
    for &(a, colour) in ghosts {
        if pos.at(a).is_none() {
            let (cx, cy) = at(a);
            ghost(&mut s, colour, cx, cy, size);
        }
    }
    // Coordinates in the empty cells, so answers given as (q,r) can be found: as large
    // as the cell's width allows, so that sheets can print them at 5 pt.
    for &c in cells.iter().filter(|_| coordinates) {
        if pos.at(c).is_none() && !marks.contains(&c) && !ghosts.iter().any(|g| g.0 == c) {
            let (cx, cy) = at(c);
            let label = format!("{},{}", c.q, c.r);
            let pt = fit_size(Face::Regular, &label, 3f32.sqrt() * size * 0.92, Points(size * COORDINATE_PT_PER_MM));
            // The baseline a third of an em (0.12 mm a point) below the centre.
            s.text(cx, cy + pt.0 * 0.12, pt, label, Face::Regular, Anchor::Middle, GREY);
        }
    }
    for &m in marks {
        let (cx, cy) = at(m);
        s.polygon(&pointy_corners(cx, cy, size * 0.97), None, Some(style::stroke(INK, size * 0.1)));
        if pos.at(m).is_none() {
            token(&mut s, pos.to_move(), cx, cy, size * 0.55);
        }
    }
    for &l in lifted {
        let (cx, cy) = at(l);
        s.polygon(
            &pointy_corners(cx, cy, size * 1.02),
            None,
            Some(style::dashed(INK, size * 0.12, size * 0.25, size * 0.15)),
        );
    }
    s
}

/// A page-sized field of hex cells (circumradius `size`), light lines, with the two
/// start cells marked in the middle.
pub fn hex_paper(width: f32, height: f32, size: f32, lang: Lang) -> Scene {
    let mut s = Scene::new(width, height);
    let w = 3f32.sqrt() * size;
    let h = 1.5 * size;
    let cols = ((width - w / 2.0) / w).floor() as i32;
    let rows = ((height - size / 2.0) / h).floor() as i32;
    let ox = (width - (cols as f32 * w + w / 2.0)) / 2.0 + w / 2.0;
    let oy = (height - ((rows - 1) as f32 * h + 2.0 * size)) / 2.0 + size;
    let light = style::stroke(crate::scene::Rgb(170, 170, 170), 0.15);
    let (mid_row, mid_col) = (rows / 2, cols / 2 - 1);
    let mut labels = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            let cx = ox + col as f32 * w + if row % 2 == 1 { w / 2.0 } else { 0.0 };
            let cy = oy + row as f32 * h;
            cell(&mut s, cx, cy, size, light);
            if row == mid_row && (col == mid_col || col == mid_col + 1) {
                let colour = (col - mid_col) as u8;
                token(&mut s, colour, cx, cy, size * 0.55);
                labels.push((cx, cy + size * 0.9, lang.t(["six.paper.red", "six.paper.black"][colour as usize])));
            }
        }
    }
    // The two start cells' names on white plates, over the grid lines they sit on.
    let pt = Points::from_mm(size * 0.3);
    let em = pt.mm();
    for (x, y, word) in labels {
        let half = Face::Regular.text_width(word, pt) / 2.0 + em * 0.25;
        s.rect(x - half, y - em * 0.9, 2.0 * half, em * 1.2, Some(crate::style::WHITE), None);
        s.text(x, y, pt, word, Face::Regular, Anchor::Middle, GREY);
    }
    s
}

/// The three formations as small example clusters with captions, laid out two per row
/// in a `width` x `height` mm area (each example scaled to fit its box).
pub fn formations_reminder(width: f32, height: f32, lang: Lang) -> Scene {
    let a = |q, r| Axial { q, r };
    let (line, triangle, circle) =
        (lang.t("six.formation.line"), lang.t("six.formation.triangle"), lang.t("six.formation.circle"));
    let examples: Vec<(&str, &str, Vec<Axial>)> = vec![
        (line, lang.t("six.formations.line"), templates()[0].1.to_vec()),
        (line, lang.t("six.formations.line_other"), templates()[2].1.to_vec()),
        (triangle, lang.t("six.formations.triangle"), templates()[3].1.to_vec()),
        (triangle, lang.t("six.formations.triangle_other"), templates()[4].1.to_vec()),
        (circle, lang.t("six.formations.circle"), a(0, 0).neighbours().to_vec()),
    ];
    let mut s = Scene::new(width, height);
    let (box_w, box_h) = (width / 2.0 - 4.0, height / 3.0);
    for (i, (name, caption, cells)) in examples.iter().enumerate() {
        let (col, row) = (i % 2, i / 2);
        let bx = col as f32 * width / 2.0;
        let by = row as f32 * box_h;
        let tokens: Vec<(Axial, u8)> = cells.iter().map(|&c| (c, 0)).collect();
        let pos = SixPosition::from_tokens(&tokens, [0, 0], 0, 0);
        let d = plain_diagram(&pos, 8.0, &[], &[], &[]);
        let scale = ((box_w) / d.width).min((box_h - 14.0) / d.height).min(1.0);
        s.place(&d, bx + (box_w - d.width * scale) / 2.0, by + 11.0, scale);
        s.text(bx, by + 4.5, Points(11.0), *name, Face::Bold, Anchor::Start, INK);
        s.text(bx, by + 9.0, Points(7.5), *caption, Face::Regular, Anchor::Start, INK);
    }
    s
}
