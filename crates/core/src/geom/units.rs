//! Units. Every length on a page is in millimetres (an `f32`, as every drawing measures);
//! a type size is in points, [`Points`], so that a size cannot be taken for a length
//! unnoticed. One point is 1/72 inch.

/// Millimetres in one point (25.4 / 72).
pub const MM_PER_PT: f32 = 25.4 / 72.0;

/// A type size in points.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Points(pub f32);

impl Points {
    /// The size as a length in millimetres (computed as `pt * 25.4 / 72`, the order the
    /// sheets were measured in).
    pub fn mm(self) -> f32 {
        self.0 * 25.4 / 72.0
    }

    /// The size scaled by `factor` (a drawing placed smaller or larger).
    pub fn scaled(self, factor: f32) -> Points {
        Points(self.0 * factor)
    }

    /// The size whose em is `mm` millimetres (computed as `mm * 72 / 25.4`, the order
    /// every drawing was measured in).
    pub fn from_mm(mm: f32) -> Points {
        Points(mm * 72.0 / 25.4)
    }

    /// The size as a length in millimetres, computed as `pt * MM_PER_PT`: the order the
    /// rulebooks and books were measured in, where [`Points::mm`] is the sheets'. The
    /// two agree to within a millionth of the length; each keeps its pages' bytes.
    pub fn em(self) -> f32 {
        self.0 * MM_PER_PT
    }

    /// The size whose em is `mm` millimetres, computed as `mm / MM_PER_PT` (the inverse
    /// of [`Points::em`]).
    pub fn from_em(mm: f32) -> Points {
        Points(mm / MM_PER_PT)
    }

    /// The smaller of two sizes.
    pub fn min(self, other: Points) -> Points {
        Points(self.0.min(other.0))
    }

    /// The larger of two sizes.
    pub fn max(self, other: Points) -> Points {
        Points(self.0.max(other.0))
    }

    /// The size held between `least` and `most`.
    pub fn clamp(self, least: Points, most: Points) -> Points {
        Points(self.0.clamp(least.0, most.0))
    }

    /// The size made `step` points smaller (a text shrunk to fit).
    pub fn less(self, step: f32) -> Points {
        Points(self.0 - step)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_a_seventy_second_of_an_inch() {
        assert_eq!(Points(72.0).mm(), 25.4);
        assert!((Points(10.0).mm() - 10.0 * MM_PER_PT).abs() < 1e-6);
        assert_eq!(Points(9.0).scaled(2.0), Points(18.0));
        assert_eq!(Points::from_mm(25.4), Points(72.0));
        // `em` and `mm` are one length in two orders of arithmetic.
        for quarter in 1..=400 {
            let size = Points(quarter as f32 / 4.0);
            assert!((size.em() - size.mm()).abs() <= size.mm() * 1e-6, "{size:?}");
        }
        assert!((Points::from_em(Points(7.0).em()).0 - 7.0).abs() < 1e-5);
        assert_eq!(Points(3.0).clamp(Points(4.5), Points(11.0)), Points(4.5));
        assert_eq!(Points(9.0).less(0.25), Points(8.75));
    }
}
