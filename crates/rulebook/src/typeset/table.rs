//! Tables: each column as wide as its longest cell where the measure allows, else
//! narrowed towards its widest word, set smaller down to three quarters of the body
//! size, its cells' last two words freed to take two lines, then smaller down to two
//! thirds (6 pt at the least) if that spares its words, reaching into the side margin,
//! and at last cut between letters — never narrower than a letter and a hyphen. A table
//! that does not fit even so is refused ([`TableTooWide`]), and so is one with a row
//! taller than its page ([`RowTooTall`]): a row is never split between pages.

use super::flow::{wrap_boxes, FlowBox, Setter};
use super::*;

/// The narrowest a table column is set (mm): its padding and room for one letter.
const NARROWEST_COLUMN: f32 = 2.0 * TABLE_PAD + 1.0;

/// The space inside a table cell, on each side (mm).
const TABLE_PAD: f32 = 1.6;

impl Setter<'_> {
    /// A table's rows as boxes, the header row kept with the next.
    pub(super) fn table(&self, header: &[Vec<Span>], rows: &[Vec<Vec<Span>>], x: f32, width: f32) -> Vec<FlowBox> {
        let pad = TABLE_PAD;
        let cols = header.len().max(rows.iter().map(|r| r.len()).max().unwrap_or(0));
        if cols == 0 {
            return Vec::new();
        }
        let avail = width - x;
        let header_owned = header.to_vec();
        // Each column's natural width (its longest cell on one line) and its least (its
        // widest word, or its last two words where `tie` keeps them together), at a size.
        let measure_tied = |size: Points, tie: bool| {
            let mut natural = vec![0.0f32; cols];
            let mut minimum = vec![0.0f32; cols];
            for row in std::iter::once(&header_owned).chain(rows.iter()) {
                for (c, cell) in row.iter().enumerate() {
                    let w: f32 =
                        break_cell(cell, size, 10_000.0, tie).iter().map(crate::text::line_width).fold(0.0, f32::max);
                    natural[c] = natural[c].max(w + 2.0 * pad);
                    minimum[c] = minimum[c].max(widest_word(cell, size, tie) + 2.0 * pad);
                }
            }
            (natural, minimum)
        };
        // A table whose widest words do not fit side by side is set smaller, down to
        // three quarters of the body size; further, down to two thirds (never under the
        // least type size), only if that spares its words from being cut.
        let shrunk = |tie: bool| {
            let mut size = self.style.body.scaled(0.92);
            let (mut natural, mut minimum) = measure_tied(size, tie);
            while minimum.iter().sum::<f32>() > avail && size > self.style.body.scaled(0.75) {
                size = size.less(0.25);
                (natural, minimum) = measure_tied(size, tie);
            }
            (size, natural, minimum)
        };
        // A cell's last two words stay on one line (as a paragraph's do) where the table
        // fits its measure so; otherwise they are left free, so that a header such as
        // "Round three" takes two lines before the table reaches into the margin.
        let (mut size, mut natural, mut minimum) = shrunk(true);
        let tie = minimum.iter().sum::<f32>() <= avail;
        if !tie {
            (size, natural, minimum) = shrunk(false);
        }
        let measure = |size: Points| measure_tied(size, tie);
        // (How far a table may reach, into the side margin: see below.)
        let most = avail + self.style.side - 4.0;
        let least = self.style.body.scaled(0.63).max(MIN_TYPE_PT);
        let mut smaller = size;
        while minimum.iter().sum::<f32>() > most && smaller > least {
            smaller = smaller.less(0.25);
            let (n, m) = measure(smaller);
            if m.iter().sum::<f32>() <= most {
                (size, natural, minimum) = (smaller, n, m);
            }
        }
        // A table whose widest words (with the words tied to them) still do not sit side
        // by side may reach into the side margin, as far as 4 mm from the paper's edge
        // (the live area ends 9 pt inside it); past that, its widest columns are narrowed
        // to a common width that fits and the words in them are cut.
        // The least a column is set: its widest word, or if that must be cut, its widest
        // letter and a hyphen, inside its padding.
        let floor: Vec<f32> = (0..cols)
            .map(|c| {
                let cells = std::iter::once(&header_owned).chain(rows.iter()).filter_map(|row| row.get(c));
                // A letter cut off may take half the padding on its right, never more:
                // the text stays inside its column.
                let letter = 1.5 * pad + cells.map(|cell| widest_letter(cell, size)).fold(0.0, f32::max);
                letter.min(minimum[c])
            })
            .collect();
        let needs: f32 = floor.iter().sum();
        if needs > most {
            // Not one letter a column: the command refuses the source (see
            // [`TableTooWide`]); the boxes made here are never printed.
            let first =
                header.iter().chain(rows.iter().flatten()).map(|c| crate::blocks::plain(c)).find(|t| !t.is_empty());
            let too_wide = TableTooWide { columns: cols, needs, room: most, first: first.unwrap_or_default() };
            self.refused.borrow_mut().get_or_insert(TableRefused::TooWide(too_wide));
        }
        if minimum.iter().sum::<f32>() > most {
            // A common width for the widest columns that fits; a column it would make
            // narrower than its floor keeps its floor, and the others share what is left.
            let mut pinned = vec![false; cols];
            loop {
                let mut ascending: Vec<f32> = (0..cols).filter(|&c| !pinned[c]).map(|c| minimum[c]).collect();
                ascending.sort_by(f32::total_cmp);
                let taken: f32 = (0..cols).filter(|&c| pinned[c]).map(|c| floor[c]).sum();
                let (mut room, mut left) = (most - taken, ascending.len() as f32);
                let cap = ascending.into_iter().find_map(|m| {
                    if m * left <= room {
                        room -= m;
                        left -= 1.0;
                        None
                    } else {
                        Some(room / left)
                    }
                });
                let cap = cap.unwrap_or(f32::INFINITY).max(NARROWEST_COLUMN);
                let newly: Vec<usize> = (0..cols).filter(|&c| !pinned[c] && floor[c] > minimum[c].min(cap)).collect();
                if newly.is_empty() || needs > most {
                    minimum.iter_mut().zip(&floor).for_each(|(m, f)| *m = m.min(cap).max(*f));
                    break;
                }
                newly.into_iter().for_each(|c| pinned[c] = true);
            }
        }
        let total: f32 = natural.iter().sum();
        let widths: Vec<f32> = if total <= avail {
            natural.clone()
        } else {
            let min_total: f32 = minimum.iter().sum();
            let spare = (avail - min_total).max(0.0);
            let extra: f32 = natural.iter().zip(&minimum).map(|(n, m)| n - m).sum::<f32>().max(0.001);
            natural.iter().zip(&minimum).map(|(n, m)| m + (n - m) / extra * spare).collect()
        };
        let table_w: f32 = widths.iter().sum();
        let lead = size.scaled(1.28).em();
        let mut out = Vec::new();
        for (r, row) in std::iter::once(&header_owned).chain(rows.iter()).enumerate() {
            let broken: Vec<_> = (0..cols)
                .map(|c| row.get(c).map(|cell| break_cell(cell, size, widths[c] - 2.0 * pad, tie)).unwrap_or_default())
                .collect();
            let n = broken.iter().map(|l| l.len()).max().unwrap_or(1).max(1);
            let h = n as f32 * lead + 2.0 * pad * 0.7;
            let room = self.style.height - self.style.top - self.style.bottom;
            if h > room {
                // A row is never split between pages: the command refuses the source.
                let tallest = (0..cols).max_by_key(|&c| broken[c].len()).and_then(|c| row.get(c));
                let first =
                    header.iter().chain(rows.iter().flatten()).map(|c| crate::blocks::plain(c)).find(|t| !t.is_empty());
                let too_tall = RowTooTall {
                    height: h,
                    room,
                    first: first.unwrap_or_default(),
                    cell: tallest.map(|c| crate::blocks::plain(c)).unwrap_or_default(),
                };
                self.refused.borrow_mut().get_or_insert(TableRefused::RowTooTall(too_tall));
            }
            let mut b = FlowBox::new(self.style.measure(), h, if r == 0 { self.style.leading() * 0.6 } else { 0.0 });
            b.keep_with_next |= r == 0;
            b.scene.artifact(|s| {
                if r == 0 {
                    s.rect(x, 0.0, table_w, h, Some(BAND), None);
                    s.line(x, 0.0, x + table_w, 0.0, style::stroke(INK, 0.3));
                }
                let line_w = if r == 0 { 0.3 } else { 0.15 };
                let colour = if r == 0 || r == rows.len() { INK } else { RULE };
                s.line(x, h, x + table_w, h, style::stroke(colour, line_w));
            });
            b.scene.tagged(Role::TableRow, |s| {
                let mut cx = x;
                for (c, lines) in broken.iter().enumerate() {
                    s.tagged(if r == 0 { Role::TableHeader } else { Role::TableCell }, |s| {
                        for (k, l) in lines.iter().enumerate() {
                            let y = pad * 0.7 + lead * (k as f32 + 0.78);
                            draw_line(s, l, cx + pad, y, widths[c] - 2.0 * pad, size, Align::Left, INK);
                        }
                    });
                    cx += widths[c];
                }
            });
            out.push(b);
        }
        wrap_boxes(&mut out, Role::Table);
        out
    }
}
