//! The three formations of SIX (RULES.md §2) as shapes: the six templates in every
//! rotation, and the placements through one cell that the scans lay over the table.

use crate::geom::hex::Axial;

/// The formation kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Formation {
    /// Six in a row.
    Line,
    /// Rows of 3, 2 and 1.
    Triangle,
    /// The six neighbours of a centre (whatever is on the centre).
    Circle,
}

impl Formation {
    /// Lower-case word.
    pub fn word(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::Triangle => "triangle",
            Formation::Circle => "circle",
        }
    }
}

/// The six shape templates (3 lines, 2 triangles, 1 circle), as cell offsets.
pub fn templates() -> Vec<(Formation, [Axial; 6])> {
    let a = |q, r| Axial { q, r };
    let line = |dq, dr| {
        let mut c = [a(0, 0); 6];
        for (i, cell) in c.iter_mut().enumerate() {
            *cell = a(dq * i as i32, dr * i as i32);
        }
        c
    };
    vec![
        (Formation::Line, line(1, 0)),
        (Formation::Line, line(0, 1)),
        (Formation::Line, line(1, -1)),
        (Formation::Triangle, [a(0, 0), a(1, 0), a(2, 0), a(0, 1), a(1, 1), a(0, 2)]),
        (Formation::Triangle, [a(0, 0), a(1, 0), a(2, 0), a(1, -1), a(2, -1), a(2, -2)]),
        (Formation::Circle, a(0, 0).neighbours()),
    ]
}

/// The 36 placements through a cell (the origin): for each template and each of its cells, the
/// offsets of the other five cells relative to that cell.
pub fn placements_through_origin() -> &'static [(Formation, [Axial; 5]); 36] {
    static P: std::sync::OnceLock<[(Formation, [Axial; 5]); 36]> = std::sync::OnceLock::new();
    P.get_or_init(|| {
        let mut out = [(Formation::Line, [Axial { q: 0, r: 0 }; 5]); 36];
        let mut i = 0;
        for (kind, cells) in templates() {
            for anchor in cells {
                let mut others = [Axial { q: 0, r: 0 }; 5];
                let mut k = 0;
                for c in cells {
                    if c != anchor {
                        others[k] = Axial { q: c.q - anchor.q, r: c.r - anchor.r };
                        k += 1;
                    }
                }
                out[i] = (kind, others);
                i += 1;
            }
        }
        out
    })
}

/// For each set of the origin's neighbours holding the colour (bit `i` for the `i`-th
/// neighbour), the indices into [`placements_through_origin`] of the placements whose
/// neighbours of the origin are all in it: the only ones worth reading further.
pub(super) fn placements_for_neighbours() -> &'static [Vec<u8>; 64] {
    static N: std::sync::OnceLock<[Vec<u8>; 64]> = std::sync::OnceLock::new();
    N.get_or_init(|| {
        let needs = placement_neighbours();
        std::array::from_fn(|own| (0..36u8).filter(|&i| needs[i as usize] & !(own as u8) == 0).collect())
    })
}

/// For each placement of [`placements_through_origin`], which of the origin's neighbours
/// it takes in (bit `i` for the `i`-th neighbour).
pub(super) fn placement_neighbours() -> &'static [u8; 36] {
    static N: std::sync::OnceLock<[u8; 36]> = std::sync::OnceLock::new();
    N.get_or_init(|| {
        let near = Axial { q: 0, r: 0 }.neighbours();
        std::array::from_fn(|i| {
            let others = &placements_through_origin()[i].1;
            near.iter().enumerate().fold(0u8, |m, (k, n)| m | (others.contains(n) as u8) << k)
        })
    })
}
