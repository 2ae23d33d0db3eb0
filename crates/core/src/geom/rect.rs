//! A rectangle in millimetres, y down: a figure's frame, the ink of a drawing, a page's
//! live area.

/// What rounding may leave over (mm): a point this close to an edge is on it.
pub(crate) const ROUNDING: f32 = 0.02;

/// A rectangle in millimetres, y down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// The left edge.
    pub left: f32,
    /// The top edge.
    pub top: f32,
    /// The right edge.
    pub right: f32,
    /// The bottom edge.
    pub bottom: f32,
}

impl Rect {
    /// From the left, top, right and bottom edges.
    pub fn new(left: f32, top: f32, right: f32, bottom: f32) -> Rect {
        Rect { left, top, right, bottom }
    }

    /// A `width` x `height` rectangle at the origin.
    pub fn sized(width: f32, height: f32) -> Rect {
        Rect::new(0.0, 0.0, width, height)
    }

    /// The rectangle moved in by `d` on every side.
    pub fn inset(self, d: f32) -> Rect {
        Rect::new(self.left + d, self.top + d, self.right - d, self.bottom - d)
    }

    /// Whether `other` lies inside (within rounding).
    pub fn holds(&self, other: &Rect) -> bool {
        other.left >= self.left - ROUNDING
            && other.top >= self.top - ROUNDING
            && other.right <= self.right + ROUNDING
            && other.bottom <= self.bottom + ROUNDING
    }

    /// Whether the two share more than a rounding's worth of area.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.left.max(other.left) < self.right.min(other.right) - ROUNDING
            && self.top.max(other.top) < self.bottom.min(other.bottom) - ROUNDING
    }

    /// Whether the two touch or share area (within rounding).
    pub fn meets(&self, other: &Rect) -> bool {
        self.left <= other.right + ROUNDING
            && other.left <= self.right + ROUNDING
            && self.top <= other.bottom + ROUNDING
            && other.top <= self.bottom + ROUNDING
    }

    /// The smallest rectangle holding both.
    pub fn union(self, other: Rect) -> Rect {
        Rect::new(
            self.left.min(other.left),
            self.top.min(other.top),
            self.right.max(other.right),
            self.bottom.max(other.bottom),
        )
    }

    /// The rectangle moved out by `d` on every side.
    pub fn grow(self, d: f32) -> Rect {
        self.inset(-d)
    }

    /// Whether the point lies inside or on an edge.
    pub fn contains(&self, (x, y): (f32, f32)) -> bool {
        x >= self.left && x <= self.right && y >= self.top && y <= self.bottom
    }

    /// The corners, clockwise from the top left.
    pub fn corners(&self) -> [(f32, f32); 4] {
        [(self.left, self.top), (self.right, self.top), (self.right, self.bottom), (self.left, self.bottom)]
    }
}

impl Rect {
    /// The point (x, y) alone.
    pub fn point(x: f32, y: f32) -> Rect {
        Rect::new(x, y, x, y)
    }

    /// The rectangle grown to hold the point (x, y).
    pub fn with(self, x: f32, y: f32) -> Rect {
        self.union(Rect::point(x, y))
    }
}
