//! The bundled typefaces (DejaVu Sans, compiled into the binary; no system fonts are
//! ever read) and text measurement from their advance widths (read with allsorts; no
//! PDF code is involved, so every layer can measure text).

use std::collections::HashMap;
use std::sync::OnceLock;

/// A typeface of the bundled family. The discriminants number the PDF font resources
/// (`F1`, `F2`, …); 3 was DejaVu Sans Bold Oblique, left out (0.6 MB, 0.3 MB of the web
/// page gzipped) because no document of ours sets bold italic: a template's bold
/// italic prints bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Face {
    /// DejaVu Sans.
    Regular = 0,
    /// DejaVu Sans Bold.
    Bold = 1,
    /// DejaVu Sans Oblique (italic).
    Italic = 2,
    /// DejaVu Sans Mono (code and position IDs in rulebooks).
    Mono = 4,
}

impl Face {
    /// Every face, in a fixed order (PDF resource names follow it).
    pub const ALL: [Face; 4] = [Face::Regular, Face::Bold, Face::Italic, Face::Mono];

    /// The face with bold and/or italic switched on (bold wins over italic: there is
    /// no bold italic face).
    pub fn styled(bold: bool, italic: bool) -> Face {
        match (bold, italic) {
            (false, false) => Face::Regular,
            (true, _) => Face::Bold,
            (false, true) => Face::Italic,
        }
    }

    /// The font file.
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Face::Regular => dejavu::sans::regular(),
            Face::Bold => dejavu::sans::bold(),
            Face::Italic => dejavu::sans::oblique(),
            Face::Mono => dejavu::sans_mono::regular(),
        }
    }

    /// The PostScript name.
    pub fn postscript_name(self) -> &'static str {
        match self {
            Face::Regular => "DejaVuSans",
            Face::Bold => "DejaVuSans-Bold",
            Face::Italic => "DejaVuSans-Oblique",
            Face::Mono => "DejaVuSansMono",
        }
    }

    /// CSS font-weight for SVG.
    pub fn css_weight(self) -> &'static str {
        match self {
            Face::Bold => "bold",
            _ => "normal",
        }
    }

    /// CSS font-style for SVG.
    pub fn css_style(self) -> &'static str {
        match self {
            Face::Italic => "oblique",
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

    /// The face's character map and advance widths, read once per process.
    fn metrics(self) -> &'static Metrics {
        static METRICS: [OnceLock<Metrics>; 5] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
        METRICS[self as usize].get_or_init(|| Metrics::read(self.bytes()).expect("the bundled DejaVu fonts parse"))
    }

    /// The glyph that draws `c`, if the face has one.
    pub fn glyph_index(self, c: char) -> Option<u16> {
        self.metrics().glyphs.get(&(c as u32)).copied()
    }

    /// The width of a line of text in millimetres at `size` points: the sum of the
    /// glyphs' advance widths (a character the face lacks counts as its `.notdef` glyph).
    pub fn text_width(self, text: &str, size: f32) -> f32 {
        let m = self.metrics();
        let units: u32 = text
            .chars()
            .map(|c| {
                let gid = m.glyphs.get(&(c as u32)).copied().unwrap_or(0);
                m.advances.get(gid as usize).copied().unwrap_or(0) as u32
            })
            .sum();
        units as f32 / m.units_per_em as f32 * size * 25.4 / 72.0
    }
}

/// What text measurement needs from a font file: its character map and the advance
/// width of every glyph, in font units.
struct Metrics {
    units_per_em: u16,
    glyphs: HashMap<u32, u16>,
    advances: Vec<u16>,
}

impl Metrics {
    /// Reads the `head`, `maxp`, `hhea`, `cmap` and `hmtx` tables (allsorts).
    fn read(bytes: &[u8]) -> Option<Metrics> {
        use allsorts::binary::read::ReadScope;
        use allsorts::font_data::FontData;
        use allsorts::tables::cmap::Cmap;
        use allsorts::tables::{FontTableProvider, HeadTable, HheaTable, HmtxTable, MaxpTable};
        use allsorts::tag;
        let font = ReadScope::new(bytes).read::<FontData<'_>>().ok()?;
        let provider = font.table_provider(0).ok()?;
        let table = |t| provider.read_table_data(t).ok();
        let head_data = table(tag::HEAD)?;
        let head = ReadScope::new(&head_data).read::<HeadTable>().ok()?;
        let maxp_data = table(tag::MAXP)?;
        let maxp = ReadScope::new(&maxp_data).read::<MaxpTable>().ok()?;
        let hhea_data = table(tag::HHEA)?;
        let hhea = ReadScope::new(&hhea_data).read::<HheaTable>().ok()?;
        let cmap_data = table(tag::CMAP)?;
        let cmap = ReadScope::new(&cmap_data).read::<Cmap<'_>>().ok()?;
        let (_, subtable) = allsorts::font::read_cmap_subtable(&cmap).ok().flatten()?;
        let mut glyphs = HashMap::new();
        subtable
            .mappings_fn(|c, gid| {
                glyphs.insert(c, gid);
            })
            .ok()?;
        let hmtx_data = table(tag::HMTX)?;
        let hmtx = ReadScope::new(&hmtx_data)
            .read_dep::<HmtxTable<'_>>((usize::from(maxp.num_glyphs), usize::from(hhea.num_h_metrics)))
            .ok()?;
        let advances = (0..maxp.num_glyphs).map(|g| hmtx.horizontal_advance(g).unwrap_or(0)).collect();
        Some(Metrics { units_per_em: head.units_per_em, glyphs, advances })
    }
}

/// The largest size (at most `preferred` points) at which `text` fits `width` mm.
pub fn fit_size(face: Face, text: &str, width: f32, preferred: f32) -> f32 {
    let at_one = face.text_width(text, 1.0);
    if at_one <= 0.0 {
        preferred
    } else {
        preferred.min(width / at_one)
    }
}

/// Breaks text into lines no wider than `width` mm at `size` pt (greedy, at spaces).
pub fn wrap(face: Face, text: &str, width: f32, size: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if !line.is_empty() && face.text_width(&candidate, size) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
