//! The web page's fonts: the bundled faces subset to the characters our words use — the
//! three languages' messages, the rulebooks, the page template and the sample book — and
//! whole blocks around them (Latin-1 and Latin Extended-A, punctuation, currency) and
//! common signs, so that a user's own title, names and templates in a European language
//! written in Latin letters print too. A character outside them is an
//! error that names it (the PDF writer's), in the browser and on
//! the command line alike for characters DejaVu Sans itself lacks.
//!
//! The subsets are made from the full faces by [`subset`], to the characters
//! `render::web_fonts` gathers, and kept in `crates/core/src/fonts/web/` (`tests/web_fonts.rs`
//! checks they are what it makes now, and writes them again with `BLESS_WEB_FONTS=1`). A build without the `full-fonts` feature (the web page's)
//! embeds them instead of the full faces: 0.3 MB instead of 2.4 MB. A PDF's fonts are
//! subset again to the glyphs its pages use, in the order they are used, so the file
//! is the same byte for byte whichever faces it was made from.

use std::collections::BTreeSet;

use super::Face;

/// Whole blocks the subsets keep, beyond the characters our sources use.
pub const BLOCKS: &[(char, char)] = &[
    (' ', '~'),
    ('\u{a0}', '\u{17f}'),    // Latin-1 Supplement, Latin Extended-A
    ('\u{2000}', '\u{206f}'), // General Punctuation
    ('\u{20a0}', '\u{20cf}'), // Currency Symbols
];

/// Signs a title or a template may well use, beyond those blocks.
pub const SIGNS: &str = "−×÷±≤≥≠≈∞√½¼¾⅓⅔№™←→↑↓↔⇒•◦▪▫●○■□▲△▼▽◆◇★☆✓✗♠♣♥♦";

/// The web subset of `face` (in every build: the PDF writer subsets a document's fonts
/// from it when it holds every glyph the document uses — the same bytes, less work).
pub fn bytes(face: Face) -> &'static [u8] {
    match face {
        Face::Regular => REGULAR,
        Face::Bold => BOLD,
        Face::Italic => ITALIC,
        Face::Mono => MONO,
    }
}

// Statics, not constants: one copy of each in the program, however many crates inline
// `bytes` (a constant's bytes are copied into every crate that uses them, 0.27 MB more
// in the web page for each).
static REGULAR: &[u8] = include_bytes!("web/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("web/DejaVuSans-Bold.ttf");
static ITALIC: &[u8] = include_bytes!("web/DejaVuSans-Oblique.ttf");
static MONO: &[u8] = include_bytes!("web/DejaVuSansMono.ttf");

/// What the bundled fonts draw, as an error about a character they lack says it.
#[cfg(feature = "full-fonts")]
pub const COVERAGE: &str = "DejaVu Sans: Latin, Greek and Cyrillic letters and many signs";
/// What the bundled fonts draw, as an error about a character they lack says it.
#[cfg(not(feature = "full-fonts"))]
pub const COVERAGE: &str = "in the web page, Latin letters, punctuation and common signs; the command line draws more";

/// `face` subset to `characters` (those it has), every glyph they need kept in the
/// order of the characters' codes, with the tables text measurement and PDF embedding
/// read (`OS/2` and the hinting programs included).
#[cfg(feature = "full-fonts")]
pub fn subset(face: Face, characters: &BTreeSet<char>) -> Result<Vec<u8>, super::FontError> {
    use allsorts::binary::read::ReadScope;
    use allsorts::subset::{subset, CmapTarget, SubsetProfile};
    use allsorts::tables::OpenTypeFont;
    use allsorts::tag;
    let mut gids: Vec<u16> = vec![0];
    for &c in characters {
        if let Some(g) = face.glyph_index(c) {
            if !gids.contains(&g) {
                gids.push(g);
            }
        }
    }
    let tables = vec![
        tag::CMAP,
        tag::HEAD,
        tag::CVT,
        tag::FPGM,
        tag::HHEA,
        tag::HMTX,
        tag::MAXP,
        tag::NAME,
        tag::OS_2,
        tag::POST,
        tag::PREP,
    ];
    let data = ReadScope::new(face.bytes()).read::<OpenTypeFont<'_>>().map_err(super::FontError::of)?;
    let provider = super::name_table::ShortNames { inner: data.table_provider(0).map_err(super::FontError::of)? };
    subset(&provider, &gids, &SubsetProfile::Custom(tables), CmapTarget::Unicode).map_err(super::FontError::of)
}

/// The characters a font file maps to glyphs (its `cmap`).
pub fn mapped(font: &[u8]) -> Result<BTreeSet<char>, super::FontError> {
    use allsorts::binary::read::ReadScope;
    use allsorts::tables::cmap::Cmap;
    use allsorts::tables::FontTableProvider;
    use allsorts::tables::OpenTypeFont;
    use allsorts::tag;
    let data = ReadScope::new(font).read::<OpenTypeFont<'_>>().map_err(super::FontError::of)?;
    let provider = data.table_provider(0).map_err(super::FontError::of)?;
    let cmap_data = provider.read_table_data(tag::CMAP).map_err(super::FontError::of)?;
    let cmap = ReadScope::new(&cmap_data).read::<Cmap<'_>>().map_err(super::FontError::of)?;
    let (_, table) = allsorts::font::read_cmap_subtable(&cmap)
        .ok()
        .flatten()
        .ok_or_else(|| super::FontError::of("no Unicode cmap"))?;
    let mut out = BTreeSet::new();
    table
        .mappings_fn(|c, g| {
            if let Some(c) = char::from_u32(c).filter(|_| g != 0) {
                out.insert(c);
            }
        })
        .map_err(super::FontError::of)?;
    Ok(out)
}
