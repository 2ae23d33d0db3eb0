//! The bundled typefaces (DejaVu Sans, compiled into the binary; no system fonts are
//! ever read) and text measurement from their advance widths (read with allsorts; no
//! PDF code is involved, so every layer can measure text).

use std::sync::OnceLock;

use crate::geom::units::Points;

use allsorts::tables::cmap::CmapSubtable;

mod error;
pub mod name_table;
pub mod web;

pub use error::FontError;

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

    /// The font file: the full DejaVu face, or without the `full-fonts` feature (the
    /// web page) its subset to the characters our words use (see [`web`]).
    pub fn bytes(self) -> &'static [u8] {
        #[cfg(feature = "full-fonts")]
        return match self {
            Face::Regular => dejavu::sans::regular(),
            Face::Bold => dejavu::sans::bold(),
            Face::Italic => dejavu::sans::oblique(),
            Face::Mono => dejavu::sans_mono::regular(),
        };
        #[cfg(not(feature = "full-fonts"))]
        web::bytes(self)
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
        Some(self.metrics().glyph(c)).filter(|&g| g != 0)
    }

    /// The glyph that draws `c` in the face's web subset ([`web::bytes`]), if it has one.
    pub fn web_glyph_index(self, c: char) -> Option<u16> {
        static METRICS: [OnceLock<Metrics>; 5] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let m = METRICS[self as usize].get_or_init(|| Metrics::read(web::bytes(self)).expect("the web fonts parse"));
        Some(m.glyph(c)).filter(|&g| g != 0)
    }

    /// A glyph's advance width, in font units.
    pub fn advance(self, glyph: u16) -> u16 {
        self.metrics().advance(glyph)
    }

    /// The width of a line of text in millimetres at `size` points: the sum of the
    /// glyphs' advance widths (a character the face lacks counts as its `.notdef` glyph).
    pub fn text_width(self, text: &str, size: Points) -> f32 {
        let m = self.metrics();
        let units: u32 = text.chars().map(|c| m.advance(m.glyph(c)) as u32).sum();
        units as f32 / m.units_per_em as f32 * size.0 * 25.4 / 72.0
    }

    /// The ink of each glyph of a line of text set at `size` points from the origin of
    /// its baseline, as (left, top, right, bottom) in millimetres, y down; glyphs that
    /// leave no ink (spaces) are left out. The boxes are the font's own glyph bounds,
    /// so they say where ink can be, not where the line's box is.
    pub fn glyph_boxes(self, text: &str, size: Points) -> impl Iterator<Item = [f32; 4]> + '_ {
        let m = self.metrics();
        let to_mm = size.0 * 25.4 / 72.0 / m.units_per_em as f32;
        let mut x = 0u32;
        text.chars().filter_map(move |c| {
            let gid = m.glyph(c);
            let at = x as f32;
            x += m.advance(gid) as u32;
            let [x0, y0, x1, y1] = m.ink(gid)?;
            Some([(at + x0 as f32) * to_mm, -(y1 as f32) * to_mm, (at + x1 as f32) * to_mm, -(y0 as f32) * to_mm])
        })
    }
}

/// What text measurement needs from a font file: its character map and the advance
/// width of every glyph, in font units. The map is read where it lies in the font file
/// (a lookup is a binary search there); only the first 256 characters are copied out.
struct Metrics {
    units_per_em: u16,
    /// The Basic Multilingual Plane's map (format 4), when the font has one apart.
    bmp: Option<Format4>,
    /// The map of every character the font has.
    full: CmapSubtable<'static>,
    /// The glyphs of the first 256 characters, looked up without searching (0: none).
    latin: [u16; 256],
    /// The `hmtx` table (advance widths) and how many glyphs have their own width.
    hmtx: &'static [u8],
    metrics_count: usize,
    /// The `loca` and `glyf` tables (glyph outlines), and whether `loca` is long.
    loca: &'static [u8],
    glyf: &'static [u8],
    long_loca: bool,
}

impl Metrics {
    /// The glyph that draws `c` (0, `.notdef`, for a character the face lacks).
    fn glyph(&self, c: char) -> u16 {
        match self.latin.get(c as usize) {
            Some(&g) => g,
            None => self.lookup(c as u32),
        }
    }

    /// A glyph's advance width, in font units (read where it lies: `hmtx`).
    fn advance(&self, glyph: u16) -> u16 {
        let at = 4 * usize::from(glyph).min(self.metrics_count.saturating_sub(1));
        be16(self.hmtx, at).unwrap_or(0)
    }

    /// A glyph's ink box in font units (x min, y min, x max, y max; y up), from its
    /// header in `glyf`; `None` for a glyph with no outline (a space).
    fn ink(&self, glyph: u16) -> Option<[i16; 4]> {
        let g = usize::from(glyph);
        let (start, end) = if self.long_loca {
            let at = |k: usize| -> Option<usize> {
                let b = self.loca.get(4 * k..4 * k + 4)?;
                Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize)
            };
            (at(g)?, at(g + 1)?)
        } else {
            (2 * usize::from(be16(self.loca, 2 * g)?), 2 * usize::from(be16(self.loca, 2 * g + 2)?))
        };
        if end <= start {
            return None;
        }
        // The header: numberOfContours, then xMin, yMin, xMax, yMax.
        let v = |k: usize| be16(self.glyf, start + 2 + 2 * k).map(|u| u as i16);
        Some([v(0)?, v(1)?, v(2)?, v(3)?])
    }

    fn lookup(&self, c: u32) -> u16 {
        match &self.bmp {
            Some(bmp) if c <= 0xFFFF => bmp.glyph(c as u16),
            _ => self.full.map_glyph(c).ok().flatten().unwrap_or(0),
        }
    }

    /// Reads the `head`, `maxp`, `hhea`, `cmap` and `hmtx` tables (allsorts).
    fn read(bytes: &'static [u8]) -> Option<Metrics> {
        use allsorts::binary::read::ReadScope;
        use allsorts::tables::cmap::{Cmap, EncodingId, PlatformId};
        use allsorts::tables::{HeadTable, HheaTable, IndexToLocFormat, MaxpTable, OffsetTable};
        use allsorts::tag;
        let scope = ReadScope::new(bytes);
        let tables = scope.read::<OffsetTable<'static>>().ok()?;
        let table = |t| tables.read_table(&scope, t).ok().flatten();
        let head = table(tag::HEAD)?.read::<HeadTable>().ok()?;
        let maxp = table(tag::MAXP)?.read::<MaxpTable>().ok()?;
        let hhea = table(tag::HHEA)?.read::<HheaTable>().ok()?;
        let cmap = table(tag::CMAP)?.read::<Cmap<'static>>().ok()?;
        let (_, full) = allsorts::font::read_cmap_subtable(&cmap).ok().flatten()?;
        let bmp = cmap
            .find_subtable(PlatformId::WINDOWS, EncodingId::WINDOWS_UNICODE_BMP_UCS2)
            .and_then(|record| Format4::new(cmap.scope.offset(record.offset as usize).data()));
        let long_loca = matches!(head.index_to_loc_format, IndexToLocFormat::Long);
        let mut metrics = Metrics {
            units_per_em: head.units_per_em,
            bmp,
            full,
            latin: [0; 256],
            hmtx: table(tag::HMTX)?.data(),
            metrics_count: usize::from(hhea.num_h_metrics).min(usize::from(maxp.num_glyphs)),
            loca: table(tag::LOCA)?.data(),
            glyf: table(tag::GLYF)?.data(),
            long_loca,
        };
        metrics.latin = std::array::from_fn(|c| metrics.lookup(c as u32));
        Some(metrics)
    }
}

/// The big-endian 16-bit word at `at`, if there.
fn be16(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes([*bytes.get(at)?, *bytes.get(at + 1)?]))
}

/// A `cmap` subtable of format 4 (segments of the Basic Multilingual Plane), searched
/// where it lies in the font file: allsorts walks its segments one by one, and a
/// caption's every dash and star would pay for that.
struct Format4 {
    data: &'static [u8],
    segments: usize,
}

impl Format4 {
    fn new(data: &'static [u8]) -> Option<Format4> {
        let word = |at: usize| Some(u16::from_be_bytes([*data.get(at)?, *data.get(at + 1)?]));
        if word(0)? != 4 {
            return None;
        }
        let segments = usize::from(word(6)?) / 2;
        // The four arrays must be there.
        (data.len() >= 16 + 8 * segments).then_some(Format4 { data, segments })
    }

    fn word(&self, at: usize) -> u16 {
        self.data.get(at..at + 2).map_or(0, |b| u16::from_be_bytes([b[0], b[1]]))
    }

    /// The glyph of `c` (0: none), as the OpenType specification's lookup finds it.
    fn glyph(&self, c: u16) -> u16 {
        let n = self.segments;
        let (ends, starts, deltas, offsets) = (14, 16 + 2 * n, 16 + 4 * n, 16 + 6 * n);
        // The first segment whose end is at or after `c` (ends ascend).
        let (mut lo, mut hi) = (0, n);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.word(ends + 2 * mid) < c {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo == n || self.word(starts + 2 * lo) > c {
            return 0;
        }
        let delta = self.word(deltas + 2 * lo);
        let range = self.word(offsets + 2 * lo);
        if range == 0 {
            return c.wrapping_add(delta);
        }
        let at = offsets + 2 * lo + usize::from(range) + 2 * usize::from(c - self.word(starts + 2 * lo));
        match self.word(at) {
            0 => 0,
            g => g.wrapping_add(delta),
        }
    }
}

/// The largest size (at most `preferred` points) at which `text` fits `width` mm.
pub fn fit_size(face: Face, text: &str, width: f32, preferred: Points) -> Points {
    let at_one = face.text_width(text, Points(1.0));
    if at_one <= 0.0 {
        preferred
    } else {
        preferred.min(Points(width / at_one))
    }
}

/// Sets `text` in at most `max_lines` lines no wider than `width` mm, as large as it can
/// between `preferred` and `floor` points: on one line if it fits there at nine tenths
/// of `preferred` or more, otherwise broken at spaces and shrunk in quarter points until
/// it fits. The size and the lines, or `None` when even `floor` is too large (then
/// [`chars_that_fit`] says how much would have fitted).
pub fn fit_lines(
    face: Face,
    text: &str,
    width: f32,
    preferred: Points,
    floor: Points,
    max_lines: usize,
) -> Option<(Points, Vec<String>)> {
    let one = fit_size(face, text, width, preferred);
    if one >= preferred.scaled(0.9) && one >= floor {
        return Some((one, vec![text.to_string()]));
    }
    let mut size = preferred;
    while size >= floor.less(1e-3) {
        let lines = wrap(face, text, width, size);
        if lines.len() <= max_lines && lines.iter().all(|l| face.text_width(l, size) <= width + 1e-3) {
            return Some((size, lines));
        }
        size = size.less(0.25);
    }
    None
}

/// How many characters of `text` fit in `max_lines` lines of `width` mm at `size` pt,
/// filled word by word (and letter by letter where a word is wider than a line).
pub fn chars_that_fit(face: Face, text: &str, width: f32, size: Points, max_lines: usize) -> usize {
    let mut fitted = 0;
    let mut rest: Vec<char> = text.chars().collect();
    for _ in 0..max_lines {
        let mut taken = 0;
        // Whole words while they fit, breaking after spaces.
        let mut end = 0;
        while end < rest.len() {
            let next = rest[end..].iter().position(|&c| c == ' ').map_or(rest.len(), |k| end + k + 1);
            let candidate: String = rest[..next].iter().collect();
            if face.text_width(candidate.trim_end(), size) > width {
                break;
            }
            taken = next;
            end = next;
        }
        if taken == 0 {
            while taken < rest.len() && face.text_width(&rest[..=taken].iter().collect::<String>(), size) <= width {
                taken += 1;
            }
        }
        fitted += taken;
        rest.drain(..taken);
        if rest.is_empty() {
            break;
        }
    }
    fitted
}

/// Breaks small print (a position ID, a command, a second answer line) into lines no
/// wider than `width` mm at `size` pt: after spaces, and inside an ID or a path after
/// `/`, `;` or `:`, and anywhere in a piece wider than the line. Nothing is lost or
/// added but the spaces at the lines' ends.
pub fn break_at_separators(face: Face, text: &str, width: f32, size: Points) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    let mut piece = String::new();
    for c in text.chars() {
        piece.push(c);
        if matches!(c, ' ' | '/' | ';' | ':') {
            pieces.push(std::mem::take(&mut piece));
        }
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    // A piece wider than the line (a long seed without a break) is cut where it must be.
    let pieces = pieces.into_iter().flat_map(|p| {
        if face.text_width(p.trim_end(), size) <= width {
            return vec![p];
        }
        let mut cut: Vec<String> = vec![String::new()];
        for c in p.chars() {
            let last = cut.last_mut().expect("never empty");
            last.push(c);
            if c != ' ' && last.chars().count() > 1 && face.text_width(last, size) > width {
                last.pop();
                cut.push(c.to_string());
            }
        }
        cut
    });
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for p in pieces {
        let candidate = format!("{line}{p}");
        if !line.is_empty() && face.text_width(candidate.trim_end(), size) > width {
            lines.push(std::mem::replace(&mut line, p).trim_end().to_string());
        } else {
            line = candidate;
        }
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// Breaks a caption into lines, the first `first_width` mm wide and the rest `width`,
/// without stranding anything: a number stays on the line of the word before it ("a 2",
/// "or 4"), and a last line never holds a single word while the line above can give it
/// company.
pub fn wrap_caption(face: Face, text: &str, first_width: f32, width: f32, size: Points) -> Vec<String> {
    // Words, each number glued to the word before it.
    let mut words: Vec<String> = Vec::new();
    for w in text.split(' ').filter(|w| !w.is_empty()) {
        let number = w.trim_matches(|c: char| !c.is_alphanumeric()).chars().all(|c| c.is_ascii_digit());
        match words.last_mut() {
            Some(last) if number && !w.trim_matches(|c: char| !c.is_alphanumeric()).is_empty() => {
                *last = format!("{last} {w}")
            }
            _ => words.push(w.to_string()),
        }
    }
    let room = |k: usize| if k == 0 { first_width } else { width };
    let mut lines: Vec<Vec<String>> = vec![Vec::new()];
    for w in words {
        let k = lines.len() - 1;
        let line = lines.last_mut().expect("a line");
        let candidate = if line.is_empty() { w.clone() } else { format!("{} {w}", line.join(" ")) };
        if !line.is_empty() && face.text_width(&candidate, size) > room(k) {
            lines.push(vec![w]);
        } else {
            line.push(w);
        }
    }
    // A lone last word takes the word before it along, when both fit the last line.
    let n = lines.len();
    if n >= 2 && lines[n - 1].len() == 1 && lines[n - 2].len() >= 2 {
        let moved = lines[n - 2].last().expect("two words").clone();
        let joined = format!("{moved} {}", lines[n - 1][0]);
        if face.text_width(&joined, size) <= room(n - 1) {
            lines[n - 2].pop();
            lines[n - 1].insert(0, moved);
        }
    }
    lines.into_iter().map(|l| l.join(" ")).filter(|l| !l.is_empty()).collect()
}

/// [`wrap`], and a line still wider than `width` (a word longer than the line, such as
/// a long seed) broken again by [`break_at_separators`].
pub fn wrap_cutting(face: Face, text: &str, width: f32, size: Points) -> Vec<String> {
    wrap(face, text, width, size)
        .into_iter()
        .flat_map(|line| {
            if face.text_width(&line, size) <= width {
                vec![line]
            } else {
                break_at_separators(face, &line, width, size)
            }
        })
        .collect()
}

/// Breaks text into lines no wider than `width` mm at `size` pt (greedy, at spaces).
pub fn wrap(face: Face, text: &str, width: f32, size: Points) -> Vec<String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_ids_break_after_their_separators() {
        let id = "six:r=0,0;1,0;2,0;3,0:b=1,1;2,1:hand=16,16:r";
        let lines = break_at_separators(Face::Regular, id, 30.0, Points(5.5));
        assert!(lines.len() > 1, "{lines:?}");
        assert_eq!(lines.concat(), id, "nothing lost or added");
        assert!(lines.iter().all(|l| l.ends_with([';', ':']) || l == lines.last().unwrap()), "{lines:?}");
    }

    #[test]
    fn captions_keep_a_number_with_its_word_and_strand_no_word() {
        let caption = "White to play: must cover a moon or a 2";
        let width = Face::Regular.text_width("White to play: must cover a moon or a", Points(7.5)) + 0.5;
        let lines = wrap_caption(Face::Regular, caption, width, width, Points(7.5));
        assert!(lines.len() > 1, "{lines:?}");
        assert!(lines.last().unwrap().split(' ').count() >= 2, "a lone last word: {lines:?}");
        assert!(lines.iter().any(|l| l.ends_with("a 2")), "the number keeps its word: {lines:?}");
        assert_eq!(lines.join(" "), caption, "nothing lost or added");
    }

    #[test]
    fn long_lines_wrap_then_shrink_to_their_floor_and_say_how_much_fits() {
        let title = "Year 8 Maths Club – Weekly Puzzle Sheet No. 12: Winning Ideas for EL, Kamon, SIX and Gosforth";
        let (size, lines) =
            fit_lines(Face::Bold, title, 120.0, Points(15.0), Points(11.0), 2).expect("fits in two lines");
        assert_eq!(lines.len(), 2);
        assert!((11.0..=15.0).contains(&size.0));
        assert!(lines.iter().all(|l| Face::Bold.text_width(l, size) <= 120.0));
        let wide = "W".repeat(100);
        assert_eq!(fit_lines(Face::Bold, &wide, 120.0, Points(15.0), Points(11.0), 2), None);
        let fitted = chars_that_fit(Face::Bold, &wide, 120.0, Points(11.0), 2);
        assert!(fitted > 0 && fitted < 100, "{fitted}");
        assert!(Face::Bold.text_width(&"W".repeat(fitted / 2), Points(11.0)) <= 120.0);
    }

    #[test]
    #[cfg(feature = "full-fonts")]
    fn the_plane_map_finds_every_glyph_allsorts_finds() {
        for face in Face::ALL {
            let m = face.metrics();
            let bmp = m.bmp.as_ref().expect("DejaVu has a format 4 map");
            let mut seen = 0;
            m.full
                .mappings_fn(|c, g| {
                    if c <= 0xFFFF {
                        assert_eq!(bmp.glyph(c as u16), g, "{face:?} U+{c:04X}");
                        seen += 1;
                    }
                })
                .unwrap();
            assert!(seen > 3000, "{face:?}: {seen}");
            // Characters the font lacks have none.
            assert_eq!(bmp.glyph(0xE000), 0);
            assert_eq!(face.glyph_index('\u{E000}'), None);
        }
    }

    #[test]
    fn widths_and_ink_read_in_place_are_allsorts_own() {
        use allsorts::binary::read::ReadScope;
        use allsorts::font_data::FontData;
        use allsorts::tables::glyf::GlyfTable;
        use allsorts::tables::loca::LocaTable;
        use allsorts::tables::{FontTableProvider, HeadTable, HheaTable, HmtxTable, MaxpTable};
        use allsorts::tag;
        for face in Face::ALL {
            let font = ReadScope::new(face.bytes()).read::<FontData<'_>>().unwrap();
            let provider = font.table_provider(0).unwrap();
            let data = |t| provider.read_table_data(t).unwrap();
            let (head, maxp, hhea) = (data(tag::HEAD), data(tag::MAXP), data(tag::HHEA));
            let head = ReadScope::new(&head).read::<HeadTable>().unwrap();
            let maxp = ReadScope::new(&maxp).read::<MaxpTable>().unwrap();
            let hhea = ReadScope::new(&hhea).read::<HheaTable>().unwrap();
            let (hmtx, loca, glyf) = (data(tag::HMTX), data(tag::LOCA), data(tag::GLYF));
            let hmtx = ReadScope::new(&hmtx)
                .read_dep::<HmtxTable<'_>>((usize::from(maxp.num_glyphs), usize::from(hhea.num_h_metrics)))
                .unwrap();
            let loca =
                ReadScope::new(&loca).read_dep::<LocaTable<'_>>((maxp.num_glyphs, head.index_to_loc_format)).unwrap();
            let mut glyf = ReadScope::new(&glyf).read_dep::<GlyfTable<'_>>(&loca).unwrap();
            let m = face.metrics();
            for g in 0..maxp.num_glyphs {
                assert_eq!(m.advance(g), hmtx.horizontal_advance(g).unwrap(), "{face:?} glyph {g}");
                let bounds = glyf.get_parsed_glyph(g).ok().and_then(|glyph| glyph.bounding_box());
                let expected = bounds.map(|b| [b.x_min, b.y_min, b.x_max, b.y_max]);
                assert_eq!(m.ink(g), expected, "{face:?} glyph {g}");
            }
        }
    }

    #[test]
    fn glyph_boxes_are_the_ink_of_each_letter() {
        let boxes: Vec<[f32; 4]> = Face::Regular.glyph_boxes("x y", Points(10.0)).collect();
        assert_eq!(boxes.len(), 2, "the space leaves no ink");
        // An x sits on the baseline; a y hangs below it.
        assert!(boxes[0][3].abs() < 0.05 && boxes[1][3] > 0.5, "{boxes:?}");
        assert!(boxes[1][0] > boxes[0][2], "left to right");
    }
}
