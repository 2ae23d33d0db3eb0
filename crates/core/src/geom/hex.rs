//! Hexagonal boards in axial coordinates `(q, r)`, `s = -q - r`.
//!
//! The radius-3 board (37 cells, Kamon) is also laid out as a bitboard: cell `(q, r)` is
//! bit `(r + 3) * 8 + (q + 3)`, so the six neighbours are the shifts ±1, ±8 and ±7, and a
//! flood fill is a few shifts and masks. Column 7 of each row is padding, never a cell.

/// An axial coordinate. Ordered by `q`, then `r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Axial {
    /// Column-like axis.
    pub q: i32,
    /// Row axis (negative = up).
    pub r: i32,
}

impl Ord for Axial {
    /// By `q`, then `r` (as derived), in one comparison of a packed key: the searches
    /// and sorts of sorted cell lists are a hot path of the SIX generators.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // `q` in the high half; `r` with its sign bit flipped, so that it orders as unsigned.
        let key = |a: &Axial| ((a.q as i64) << 32) | ((a.r as u32 ^ 0x8000_0000) as i64);
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for Axial {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Axial {
    /// The third cube coordinate.
    pub fn s(self) -> i32 {
        -self.q - self.r
    }

    /// Distance from the centre in cells.
    pub fn ring(self) -> i32 {
        self.q.abs().max(self.r.abs()).max(self.s().abs())
    }

    /// The six neighbours, in the order E, NE, NW, W, SW, SE.
    pub fn neighbours(self) -> [Axial; 6] {
        let Axial { q, r } = self;
        [
            Axial { q: q + 1, r },
            Axial { q: q + 1, r: r - 1 },
            Axial { q, r: r - 1 },
            Axial { q: q - 1, r },
            Axial { q: q - 1, r: r + 1 },
            Axial { q, r: r + 1 },
        ]
    }

    /// Centre of a pointy-top hex of circumradius `size`, in a y-down plane.
    pub fn to_pixel_pointy(self, size: f32) -> (f32, f32) {
        let x = size * 3f32.sqrt() * (self.q as f32 + self.r as f32 / 2.0);
        let y = size * 1.5 * self.r as f32;
        (x, y)
    }

    /// Centre of a flat-top hex of circumradius `size`, in a y-down plane.
    pub fn to_pixel_flat(self, size: f32) -> (f32, f32) {
        let x = size * 1.5 * self.q as f32;
        let y = size * 3f32.sqrt() * (self.r as f32 + self.q as f32 / 2.0);
        (x, y)
    }
}

/// Corners of a pointy-top hexagon (circumradius `size`) around a centre, clockwise
/// from the top.
pub fn pointy_corners(cx: f32, cy: f32, size: f32) -> [(f32, f32); 6] {
    let mut out = [(0.0, 0.0); 6];
    for (i, o) in out.iter_mut().enumerate() {
        let a = (60.0 * i as f32 - 90.0).to_radians();
        *o = (cx + size * a.cos(), cy + size * a.sin());
    }
    out
}

/// `count` pointy hexes in offset rows (every second row shifted half a column) in the
/// area `width` x `height` mm whose top left is (`left`, `top`), `gap` mm apart: their
/// circumradius and centres, row by row. Of the column counts `cols`, the one that
/// gives the largest hexes is used.
pub fn offset_rows(
    count: usize,
    (left, top): (f32, f32),
    (width, height): (f32, f32),
    gap: f32,
    cols: std::ops::RangeInclusive<usize>,
) -> (f32, Vec<(f32, f32)>) {
    let fit = |cols: usize| {
        let rows = count.div_ceil(cols) as f32;
        let by_width = (width - (cols as f32 + 0.5) * gap) / ((cols as f32 + 0.5) * 3f32.sqrt());
        let by_height = (height - rows * gap) / (rows * 1.5 + 0.5);
        by_width.min(by_height)
    };
    let first = *cols.start();
    let cols = cols.max_by(|a, b| fit(*a).total_cmp(&fit(*b))).unwrap_or(first);
    let size = fit(cols);
    let dx = size * 3f32.sqrt() + gap;
    let dy = size * 1.5 + gap * 0.866;
    let centres = (0..count)
        .map(|i| {
            let (col, row) = (i % cols, i / cols);
            let cx = left + size * 0.866 + col as f32 * dx + if row % 2 == 1 { dx / 2.0 } else { 0.0 };
            (cx, top + size + row as f32 * dy)
        })
        .collect();
    (size, centres)
}

/// The radius-3 hexagonal board of 37 cells.
pub mod radius3 {
    use super::Axial;

    /// Cells on the board.
    pub const CELLS: usize = 37;
    /// Row lengths from the top (rows A..G).
    pub const ROW_LENGTHS: [usize; 7] = [4, 5, 6, 7, 6, 5, 4];

    /// Bitboard of every cell.
    pub const VALID: u64 = valid_mask();

    const fn valid_mask() -> u64 {
        let mut m = 0u64;
        let mut r = -3i32;
        while r <= 3 {
            let mut q = -3i32;
            while q <= 3 {
                let s = -q - r;
                if s >= -3 && s <= 3 {
                    m |= 1u64 << ((r + 3) * 8 + (q + 3));
                }
                q += 1;
            }
            r += 1;
        }
        m
    }

    /// The bit of an on-board axial coordinate.
    pub fn bit_of(a: Axial) -> u32 {
        ((a.r + 3) * 8 + (a.q + 3)) as u32
    }

    /// The axial coordinate of a bit.
    pub fn axial_of_bit(bit: u32) -> Axial {
        Axial { q: (bit % 8) as i32 - 3, r: (bit / 8) as i32 - 3 }
    }

    /// All cells in reading order (rows from the top, left to right): index 0 = `A1`.
    pub fn cells_in_reading_order() -> [Axial; CELLS] {
        let mut out = [Axial { q: 0, r: 0 }; CELLS];
        let mut i = 0;
        for row in 0..7i32 {
            let r = row - 3;
            let first = (-3).max(-3 - r);
            for k in 0..ROW_LENGTHS[row as usize] as i32 {
                out[i] = Axial { q: first + k, r };
                i += 1;
            }
        }
        out
    }

    /// The name of a cell, e.g. `D4` for the centre.
    pub fn name(a: Axial) -> String {
        let row = (a.r + 3) as usize;
        let first = (-3).max(-3 - a.r);
        let letter = (b'A' + row as u8) as char;
        // Two characters, without the formatter (a Kamon page names its cells hundreds
        // of times).
        match a.q - first + 1 {
            n @ 1..=9 => [letter, (b'0' + n as u8) as char].into_iter().collect(),
            n => format!("{letter}{n}"),
        }
    }

    /// A cell name that names no cell of the board: what is wrong with it, and the name
    /// as written. Its words say so ("cell 'A5': row A has cells 1-4").
    #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
    pub enum NameError {
        /// Nothing was written.
        #[error("empty cell name")]
        Empty,
        /// It does not start with a row letter A-G.
        #[error("cell '{text}': the row must be a letter A-G")]
        NoRow { text: String },
        /// No number follows the row letter.
        #[error("cell '{text}' must be a row letter and a number, e.g. D4")]
        NoNumber { text: String },
        /// The number lies off its row, which has `length` cells.
        #[error("cell '{text}': row {row} has cells 1-{length}")]
        Off { text: String, row: char, length: usize },
    }

    /// Parses a cell name `A1`..`G4`.
    pub fn parse_name(text: &str) -> Result<Axial, NameError> {
        let mut chars = text.chars();
        let row_letter = chars.next().ok_or(NameError::Empty)?.to_ascii_uppercase();
        if !('A'..='G').contains(&row_letter) {
            return Err(NameError::NoRow { text: text.into() });
        }
        let row = row_letter as usize - 'A' as usize;
        let k: usize = chars.as_str().parse().map_err(|_| NameError::NoNumber { text: text.into() })?;
        if k == 0 || k > ROW_LENGTHS[row] {
            return Err(NameError::Off { text: text.into(), row: row_letter, length: ROW_LENGTHS[row] });
        }
        let r = row as i32 - 3;
        Ok(Axial { q: (-3).max(-3 - r) + k as i32 - 1, r })
    }

    /// One step in every direction, kept on the board.
    #[inline]
    pub fn dilate(b: u64) -> u64 {
        (b | b << 1 | b >> 1 | b << 8 | b >> 8 | b << 7 | b >> 7) & VALID
    }

    /// Every cell of `within` connected to `seed` (seed cells must be in `within`).
    #[inline]
    pub fn flood(seed: u64, within: u64) -> u64 {
        let mut reach = seed & within;
        loop {
            let next = dilate(reach) & within;
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    /// The six sides as bitboards: q=+3, r=-3, s=+3, q=-3, r=+3, s=-3. Side i is
    /// opposite side i+3. Each side has its 2 edge cells and the 2 corners at its ends.
    pub fn sides() -> [u64; 6] {
        let mut out = [0u64; 6];
        for a in cells_in_reading_order() {
            let tests = [a.q == 3, a.r == -3, a.s() == 3, a.q == -3, a.r == 3, a.s() == -3];
            for (i, t) in tests.iter().enumerate() {
                if *t {
                    out[i] |= 1 << bit_of(a);
                }
            }
        }
        out
    }

    /// The 18 perimeter cells.
    pub fn perimeter() -> u64 {
        sides().iter().fold(0, |m, s| m | s)
    }

    /// The 6 corners (cells on two sides).
    pub fn corners() -> u64 {
        let s = sides();
        (0..6).fold(0, |m, i| m | (s[i] & s[(i + 1) % 6]))
    }
}

#[cfg(test)]
mod tests {
    use super::radius3::*;
    use super::*;

    /// Tokens laid in offset rows stay inside their area, every one exactly `gap` from
    /// its neighbours (edge to edge), and the column count chosen gives the largest.
    #[test]
    fn offset_rows_fit_the_area_a_gap_apart() {
        for (count, area, cols) in
            [(37, (190.0, 250.0), 4..=8), (42, (190.0, 240.0), 6..=6), (37, (100.0, 60.0), 4..=8)]
        {
            let (size, centres) = offset_rows(count, (10.0, 20.0), area, 3.0, cols.clone());
            assert_eq!(centres.len(), count);
            for &(cx, cy) in &centres {
                for (x, y) in pointy_corners(cx, cy, size) {
                    assert!((10.0 - 1e-3..=10.0 + area.0 + 1e-3).contains(&x), "x {x} outside");
                    assert!((20.0 - 1e-3..=20.0 + area.1 + 1e-3).contains(&y), "y {y} outside");
                }
            }
            let nearest = centres
                .iter()
                .enumerate()
                .flat_map(|(i, a)| centres[i + 1..].iter().map(move |b| (a.0 - b.0).hypot(a.1 - b.1)))
                .fold(f32::MAX, f32::min);
            // Two pointy hexes side by side are twice the inradius apart, plus the gap.
            assert!((nearest - (size * 3f32.sqrt() + 3.0)).abs() < 0.01, "{nearest} vs size {size}");
            for c in cols {
                assert!(offset_rows(count, (10.0, 20.0), area, 3.0, c..=c).0 <= size);
            }
        }
    }

    #[test]
    fn cells_order_by_q_then_r() {
        let values = [i32::MIN, -70_000, -64, -1, 0, 1, 63, 70_000, i32::MAX];
        let cells: Vec<Axial> = values.iter().flat_map(|&q| values.iter().map(move |&r| Axial { q, r })).collect();
        for a in &cells {
            for b in &cells {
                assert_eq!(a.cmp(b), (a.q, a.r).cmp(&(b.q, b.r)), "{a:?} against {b:?}");
            }
        }
    }

    #[test]
    fn board_shape() {
        assert_eq!(VALID.count_ones(), 37);
        assert_eq!(perimeter().count_ones(), 18);
        assert_eq!(corners().count_ones(), 6);
        for s in sides() {
            assert_eq!(s.count_ones(), 4);
        }
        let cells = cells_in_reading_order();
        assert_eq!(name(cells[0]), "A1");
        assert_eq!(name(Axial { q: 0, r: 0 }), "D4");
        assert_eq!(name(cells[36]), "G4");
        for a in cells {
            assert_eq!(parse_name(&name(a)).unwrap(), a);
            assert_eq!(axial_of_bit(bit_of(a)), a);
        }
        assert!(parse_name("H1").is_err());
        let off = parse_name("A5").unwrap_err();
        assert_eq!(off, NameError::Off { text: "A5".into(), row: 'A', length: 4 });
        assert_eq!(off.to_string(), "cell 'A5': row A has cells 1-4");
        assert!(matches!(parse_name("D"), Err(NameError::NoNumber { .. })));
    }

    #[test]
    fn dilate_matches_axial_neighbours() {
        for a in cells_in_reading_order() {
            let expected = a.neighbours().iter().filter(|n| n.ring() <= 3).fold(0u64, |m, n| m | 1 << bit_of(*n));
            let got = dilate(1 << bit_of(a)) & !(1 << bit_of(a));
            assert_eq!(got, expected, "{}", name(a));
        }
    }
}
