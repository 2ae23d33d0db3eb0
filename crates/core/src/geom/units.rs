//! Units. Every length on a page is in millimetres (an `f32`, as every drawing measures);
//! a type size is in points, [`Points`], so that a size cannot be taken for a length
//! unnoticed. One point is 1/72 inch.

/// Millimetres in one point (25.4 / 72).
pub const MM_PER_PT: f32 = 25.4 / 72.0;

/// A type size in points.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Points(pub f32);

impl Points {
    /// The size as a length in millimetres.
    pub fn mm(self) -> f32 {
        pt_to_mm(self.0)
    }

    /// The size scaled by `factor` (a drawing placed smaller or larger).
    pub fn scaled(self, factor: f32) -> Points {
        Points(self.0 * factor)
    }
}

/// `pt` points as millimetres (computed as `pt * 25.4 / 72`, the order every page was
/// measured in).
pub fn pt_to_mm(pt: f32) -> f32 {
    pt * 25.4 / 72.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_is_a_seventy_second_of_an_inch() {
        assert_eq!(Points(72.0).mm(), 25.4);
        assert!((Points(10.0).mm() - 10.0 * MM_PER_PT).abs() < 1e-6);
        assert_eq!(Points(9.0).scaled(2.0), Points(18.0));
    }
}
