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
    /// DejaVu Sans Oblique (italic).
    Italic,
    /// DejaVu Sans Bold Oblique.
    BoldItalic,
    /// DejaVu Sans Mono (code and position IDs in rulebooks).
    Mono,
}

impl Face {
    /// Every face, in a fixed order (PDF resource names follow it).
    pub const ALL: [Face; 5] = [Face::Regular, Face::Bold, Face::Italic, Face::BoldItalic, Face::Mono];

    /// The face with bold and/or italic switched on (Mono stays Mono).
    pub fn styled(bold: bool, italic: bool) -> Face {
        match (bold, italic) {
            (false, false) => Face::Regular,
            (true, false) => Face::Bold,
            (false, true) => Face::Italic,
            (true, true) => Face::BoldItalic,
        }
    }

    /// The font file.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Face::Regular => dejavu::sans::regular(),
            Face::Bold => dejavu::sans::bold(),
            Face::Italic => dejavu::sans::oblique(),
            Face::BoldItalic => dejavu::sans::bold_oblique(),
            Face::Mono => dejavu::sans_mono::regular(),
        }
    }

    /// The PostScript name.
    pub fn postscript_name(self) -> &'static str {
        match self {
            Face::Regular => "DejaVuSans",
            Face::Bold => "DejaVuSans-Bold",
            Face::Italic => "DejaVuSans-Oblique",
            Face::BoldItalic => "DejaVuSans-BoldOblique",
            Face::Mono => "DejaVuSansMono",
        }
    }

    /// CSS font-weight for SVG.
    pub fn css_weight(self) -> &'static str {
        match self {
            Face::Bold | Face::BoldItalic => "bold",
            _ => "normal",
        }
    }

    /// CSS font-style for SVG.
    pub fn css_style(self) -> &'static str {
        match self {
            Face::Italic | Face::BoldItalic => "oblique",
            _ => "normal",
        }
    }

    /// CSS font-family for SVG and HTML.
    pub fn css_family(self) -> &'static str {
        match self {
            Face::Mono => "DejaVu Sans Mono, monospace",
            _ => "DejaVu Sans, Verdana, sans-serif",
        }
    }

    /// The whole parsed font (cmap and advance widths), parsed once per process.
    pub fn parsed(self) -> &'static ParsedFont {
        static PARSED: [OnceLock<ParsedFont>; 5] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
        PARSED[self as usize].get_or_init(|| {
            ParsedFont::from_bytes(self.bytes(), 0, &mut Vec::new()).expect("the bundled DejaVu fonts parse")
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
