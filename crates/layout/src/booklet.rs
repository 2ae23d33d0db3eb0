//! Booklet imposition for saddle stitching: logical pages (A5 or half-letter) padded to
//! a multiple of four and placed two per landscape sheet side, in the order that reads
//! correctly once the printed stack is folded: for eight pages 8|1, 2|7, 6|3, 4|5.

use crate::fonts::Face;
use crate::form::SHEET_MARGIN;
use crate::lang::Lang;
use crate::scene::{Anchor, Points, Role, Scene};
use crate::style::{self, GREY};

/// For `pages` logical pages (padded to a multiple of four), the (left, right) page
/// indices (0-based) of each sheet side in printing order.
pub(crate) fn saddle_order(pages: usize) -> Vec<(usize, usize)> {
    let n = pages.div_ceil(4).max(1) * 4;
    let mut sides = Vec::with_capacity(n / 2);
    for sheet in 0..n / 4 {
        let (a, b) = (2 * sheet, n - 1 - 2 * sheet);
        sides.push((b, a)); // front: last | first
        sides.push((a + 1, b - 1)); // back: second | second-to-last
    }
    sides
}

/// Imposes the pages two-up on landscape sheets of `sheet_w` x `sheet_h` mm; blank pages
/// pad the end. Each side gets a fold mark (short dashed lines at the middle of the top
/// and bottom edges) and a small note, in `lang`, saying which sheet and side it is.
/// Returns the sheet sides and, for each logical page, the side it landed on and its
/// x offset there.
pub fn impose(pages: &[Scene], sheet_w: f32, sheet_h: f32, lang: Lang) -> (Vec<Scene>, Vec<(usize, f32)>) {
    let order = saddle_order(pages.len());
    let half = sheet_w / 2.0;
    let mut where_is = vec![(0, 0.0); pages.len()];
    let mut out = Vec::with_capacity(order.len());
    for (side, &(left, right)) in order.iter().enumerate() {
        let mut s = Scene::new(sheet_w, sheet_h);
        for (page, dx) in [(left, 0.0), (right, half)] {
            if let Some(p) = pages.get(page) {
                let scale = (half / p.width).min(sheet_h / p.height);
                let x = dx + (half - p.width * scale) / 2.0;
                let y = (sheet_h - p.height * scale) / 2.0;
                // Read as the page it is, whatever side of which sheet it is printed on.
                s.tagged(Role::ReadAs(page as u32), |s| s.place(p, x, y, scale));
                where_is[page] = (side, x);
            }
        }
        // The marks stay inside the printable area (a desktop printer leaves an eighth of
        // an inch bare at each edge), in the page margins.
        let fold = style::dashed(GREY, 0.25, 1.5, 1.0);
        let (top, bottom) = (SHEET_MARGIN + 0.5, sheet_h - SHEET_MARGIN - 0.5);
        s.artifact(|s| {
            s.line(half, top, half, top + 5.0, fold);
            s.line(half, bottom - 5.0, half, bottom, fold);
            let key = if side % 2 == 0 { "booklet.front" } else { "booklet.back" };
            let note = lang.f(key, &[("sheet", &(side / 2 + 1))]);
            s.text(half + 1.5, top + 2.4, Points(5.0), note, Face::Regular, Anchor::Start, GREY);
        });
        out.push(s);
    }
    (out, where_is)
}

#[cfg(test)]
mod tests {
    use super::saddle_order;

    #[test]
    fn eight_pages_fold_in_reading_order() {
        assert_eq!(saddle_order(8), vec![(7, 0), (1, 6), (5, 2), (3, 4)]);
        assert_eq!(saddle_order(5).len(), 4, "five pages pad to eight: two sheets, four sides");
        // Every page appears exactly once, and facing pages add up to n-1.
        for n in [4, 8, 12, 16, 40] {
            let order = saddle_order(n);
            let mut seen: Vec<usize> = order.iter().flat_map(|&(a, b)| [a, b]).collect();
            seen.sort();
            assert_eq!(seen, (0..n).collect::<Vec<_>>());
            assert!(order.iter().all(|&(a, b)| a + b == n - 1));
        }
    }
}
