//! The bundled typefaces (DejaVu Sans, compiled into the binary; no system fonts are
//! ever read) and text measurement from their advance widths.

use std::sync::OnceLock;

use printpdf::ParsedFont;

/// A typeface of the bundled family.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Face {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

impl Face {
    /// Every face, in a fixed order (PDF resource names follow it).
    pub const ALL: [Face; 2] = [Face::Regular, Face::Bold];

    /// The font file.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Face::Regular => dejavu::sans::regular(),
            Face::Bold => dejavu::sans::bold(),
        }
    }

    /// The PostScript name.
    pub fn postscript_name(self) -> &'static str {
        match self {
            Face::Regular => "DejaVuSans",
            Face::Bold => "DejaVuSans-Bold",
        }
    }

    /// CSS font-weight for SVG.
    pub fn css_weight(self) -> &'static str {
        match self {
            Face::Regular => "normal",
            Face::Bold => "bold",
        }
    }

    /// The whole parsed font (cmap and advance widths), parsed once per process.
    pub fn parsed(self) -> &'static ParsedFont {
        static REGULAR: OnceLock<ParsedFont> = OnceLock::new();
        static BOLD: OnceLock<ParsedFont> = OnceLock::new();
        let cell = match self {
            Face::Regular => &REGULAR,
            Face::Bold => &BOLD,
        };
        cell.get_or_init(|| {
            ParsedFont::from_bytes(self.bytes(), 0, &mut Vec::new()).expect("the bundled DejaVu font parses")
        })
    }

    /// The width of a line of text in millimetres at `size` points.
    pub fn text_width(self, text: &str, size: f32) -> f32 {
        let font = self.parsed();
        let units: u32 = text
            .chars()
            .map(|c| {
                let gid = font.lookup_glyph_index(c as u32).unwrap_or(0);
                font.get_glyph_width(gid).unwrap_or(0) as u32
            })
            .sum();
        units as f32 / font.units_per_em as f32 * size * 25.4 / 72.0
    }
}
