//! The bundled fonts in a PDF. While the pages are written, each glyph a page shows gets
//! a character ID (CID) in the order it is first used, per face; the text is written in
//! those CIDs. After the last page each face is subset (allsorts) to exactly those glyphs,
//! in that order, so that a glyph's CID is its index in the subset font (`CIDToGIDMap
//! /Identity`), and embedded as a Type 0 font with its widths and a `ToUnicode` map
//! (PDF/A-2a, PDF/UA-1), under a stable subset tag.

use super::object::{Dictionary, Object, ObjectId, ObjectTable, Stream};

use super::write::{Compressor, Later};
use crate::failure::{RenderError, Result};
use crate::fonts::{Face, FontError};
use crate::seed::fnv1a64;

/// A face's resource name (`F1`, `F2`, …).
pub(super) fn font_name(face: Face) -> String {
    format!("F{}", face as usize + 1)
}

/// The glyphs one face has shown so far.
#[derive(Default)]
struct Used {
    /// Original glyph ID → CID, by glyph ID (0 for none yet but `.notdef`'s own): a
    /// table, not a hash map, as every character of every page is looked up here.
    cids: Vec<u16>,
    /// For each CID, the original glyph and the first character it showed.
    glyphs: Vec<(u16, char)>,
}

impl Used {
    fn new() -> Used {
        // CID 0 is the face's `.notdef` glyph, as every subset keeps it first.
        Used { cids: Vec::new(), glyphs: vec![(0, '\u{fffd}')] }
    }
}

/// The glyphs the pages use, per face, and the object each face will be written as.
#[derive(Default)]
pub(super) struct FontUse {
    faces: Vec<(Face, Used, ObjectId)>,
}

impl FontUse {
    /// The font object of `face`, reserved on first use.
    pub fn object(&mut self, face: Face, table: &mut ObjectTable) -> ObjectId {
        self.slot(face, table).2
    }

    fn slot(&mut self, face: Face, table: &mut ObjectTable) -> &mut (Face, Used, ObjectId) {
        let at = match self.faces.iter().position(|(f, ..)| *f == face) {
            Some(at) => at,
            None => {
                self.faces.push((face, Used::new(), table.new_object_id()));
                self.faces.len() - 1
            }
        };
        &mut self.faces[at]
    }

    /// `text` as a hex string of two-byte CIDs (`<0001000a>`), numbering new glyphs; an
    /// error names a character the face does not draw.
    pub fn encode(&mut self, face: Face, text: &str, table: &mut ObjectTable, out: &mut String) -> Result<()> {
        let used = &mut self.slot(face, table).1;
        out.push('<');
        for c in text.chars() {
            let Some(gid) = face.glyph_index(c) else {
                return Err(RenderError::MissingGlyph { text: text.to_string(), character: c });
            };
            let at = gid as usize;
            if at >= used.cids.len() {
                used.cids.resize(at + 1, 0);
            }
            let mut cid = used.cids[at];
            if cid == 0 && gid != 0 {
                cid = used.glyphs.len() as u16;
                used.cids[at] = cid;
                used.glyphs.push((gid, c));
            }
            const HEX: &[u8; 16] = b"0123456789abcdef";
            for shift in [12, 8, 4, 0] {
                out.push(HEX[(cid >> shift) as usize & 15] as char);
            }
        }
        out.push('>');
        Ok(())
    }

    /// Writes every face used: the subset font program, its descriptor, widths and
    /// `ToUnicode` map.
    /// Every other font program is compressed on the compressor's helper thread, if it
    /// has one, while the next face is subset; the others here, so that neither thread
    /// waits long for the other at the end (a 12-puzzle sheet: 6.02 ms beside 6.13 ms
    /// with every program on the helper, 200 alternating runs).
    pub fn write(self, table: &mut ObjectTable, compressor: &mut Compressor) -> Result<()> {
        let mut programs = Vec::new();
        for (k, (face, used, id)) in self.faces.into_iter().enumerate() {
            programs.push(write_face(table, compressor, face, &used, id, k % 2 == 0)?);
        }
        for (id, dict, program) in programs {
            table.insert(id, Object::Stream(stream(dict, compressor.wait(program)??)));
        }
        Ok(())
    }
}

/// The facts of a font file a font descriptor repeats, in glyph space (1000 units/em).
struct Facts {
    scale: f32,
    bbox: [f32; 4],
    ascent: f32,
    descent: f32,
    cap_height: f32,
    italic_angle: f32,
    fixed_pitch: bool,
}

fn facts(bytes: &[u8]) -> Option<Facts> {
    use allsorts::binary::read::ReadScope;
    use allsorts::post::Header as PostHeader;
    use allsorts::tables::os2::Os2;
    use allsorts::tables::OpenTypeFont;
    use allsorts::tables::{FontTableProvider, HeadTable, HheaTable};
    use allsorts::tag;
    let font = ReadScope::new(bytes).read::<OpenTypeFont<'_>>().ok()?;
    let provider = font.table_provider(0).ok()?;
    let head_data = provider.read_table_data(tag::HEAD).ok()?;
    let head = ReadScope::new(&head_data).read::<HeadTable>().ok()?;
    let hhea_data = provider.read_table_data(tag::HHEA).ok()?;
    let hhea = ReadScope::new(&hhea_data).read::<HheaTable>().ok()?;
    let post_data = provider.read_table_data(tag::POST).ok()?;
    // The header alone: the table's glyph names are not needed (and cost most of its reading).
    let post = ReadScope::new(&post_data).read::<PostHeader>().ok()?;
    let os2_data = provider.read_table_data(tag::OS_2).ok()?;
    let os2 = ReadScope::new(&os2_data).read_dep::<Os2>(os2_data.len()).ok()?;
    let scale = 1000.0 / head.units_per_em as f32;
    let cap_height = match (&os2.version2to4, &os2.version0) {
        (Some(v), _) => v.s_cap_height as f32,
        (None, Some(v)) => v.s_typo_ascender as f32,
        (None, None) => hhea.ascender as f32,
    };
    Some(Facts {
        scale,
        bbox: [head.x_min, head.y_min, head.x_max, head.y_max].map(|v| v as f32 * scale),
        ascent: hhea.ascender as f32 * scale,
        descent: hhea.descender as f32 * scale,
        cap_height: cap_height * scale,
        italic_angle: post.italic_angle as f32 / 65536.0,
        fixed_pitch: post.is_fixed_pitch != 0,
    })
}

fn name(n: &str) -> Object {
    Object::Name(n.as_bytes().to_vec())
}

/// A number for a font dictionary: at most three decimals.
fn number(v: f32) -> Object {
    Object::Real((v * 1000.0).round() / 1000.0)
}

/// A font program being compressed: its object, dictionary and data.
type Program = (ObjectId, Dictionary, Later<Result<(Vec<u8>, bool)>>);

/// Writes `face`'s font objects but its program, which is returned being compressed:
/// `beside` the caller, on the compressor's helper thread, or already here.
fn write_face(
    table: &mut ObjectTable,
    compressor: &mut Compressor,
    face: Face,
    used: &Used,
    id: ObjectId,
    beside: bool,
) -> Result<Program> {
    let failed = |what: &str| RenderError::Failed(format!("embedding {} failed: {what}", face.postscript_name()));
    let program = program(face, &used.glyphs).map_err(|e| failed(&e.0))?;
    let facts = facts(face.bytes()).ok_or_else(|| failed("its tables do not read"))?;
    // A stable subset tag (ISO 32000-1 9.6.4) from the face's name.
    let tag: String =
        (0..6).map(|i| (b'A' + ((fnv1a64(face.postscript_name().as_bytes()) >> (i * 5)) % 26) as u8) as char).collect();
    let base = format!("{tag}+{}", face.postscript_name());

    let mut file = Dictionary::new();
    file.set("Length1", Object::Integer(program.len() as i64));
    let packed = if beside {
        compressor.later(move |deflate| deflate.stream_data(program))
    } else {
        Later::Made(compressor.now(|deflate| deflate.stream_data(program)))
    };
    let program = (table.new_object_id(), file, packed);
    let file = program.0;

    let mut descriptor = Dictionary::new();
    descriptor.set("Type", name("FontDescriptor"));
    descriptor.set("FontName", name(&base));
    // Symbolic (its glyphs are named by CID, not a standard encoding), plus fixed pitch
    // and italic where the face is.
    let flags = 4 | if facts.fixed_pitch { 1 } else { 0 } | if facts.italic_angle != 0.0 { 64 } else { 0 };
    descriptor.set("Flags", Object::Integer(flags));
    descriptor.set("FontBBox", Object::Array(facts.bbox.iter().map(|v| number(*v)).collect()));
    descriptor.set("ItalicAngle", number(facts.italic_angle));
    descriptor.set("Ascent", number(facts.ascent));
    descriptor.set("Descent", number(facts.descent));
    descriptor.set("CapHeight", number(facts.cap_height));
    descriptor.set("StemV", Object::Integer(if face == Face::Bold { 120 } else { 80 }));
    descriptor.set("FontFile2", Object::Reference(file));
    let descriptor = table.add_object(Object::Dictionary(descriptor));

    let widths: Vec<Object> = used.glyphs.iter().map(|(g, _)| number(face.advance(*g) as f32 * facts.scale)).collect();
    let mut system = Dictionary::new();
    system.set("Registry", Object::String(b"Adobe".to_vec()));
    system.set("Ordering", Object::String(b"Identity".to_vec()));
    system.set("Supplement", Object::Integer(0));
    let mut cid_font = Dictionary::new();
    cid_font.set("Type", name("Font"));
    cid_font.set("Subtype", name("CIDFontType2"));
    cid_font.set("BaseFont", name(&base));
    cid_font.set("CIDSystemInfo", Object::Dictionary(system));
    cid_font.set("FontDescriptor", Object::Reference(descriptor));
    cid_font.set("W", Object::Array(vec![Object::Integer(0), Object::Array(widths)]));
    cid_font.set("CIDToGIDMap", name("Identity"));

    let cmap = unicode_cmap(face, &used.glyphs).into_bytes();
    let to_unicode = stream(Dictionary::new(), (compressor.now(|deflate| deflate.text_stream(cmap))?, true));
    let to_unicode = table.add_object(Object::Stream(to_unicode));

    let mut font = Dictionary::new();
    font.set("Type", name("Font"));
    font.set("Subtype", name("Type0"));
    font.set("BaseFont", name(&base));
    font.set("Encoding", name("Identity-H"));
    font.set("DescendantFonts", Object::Array(vec![Object::Dictionary(cid_font)]));
    font.set("ToUnicode", Object::Reference(to_unicode));
    table.insert(id, Object::Dictionary(font));
    Ok(program)
}

/// A stream of `data` as [`super::write::Deflate::stream_data`] made it: compressed
/// (`true`) or not.
fn stream(mut dict: Dictionary, (data, packed): (Vec<u8>, bool)) -> Stream {
    if packed {
        dict.set("Filter", Object::Name(b"FlateDecode".to_vec()));
    }
    Stream::new(dict, data)
}

/// The `ToUnicode` CMap: each CID to the character it was first used for (ISO 32000-1
/// 9.10.3). CID 0, `.notdef`, is left out: it stands for no character.
fn unicode_cmap(face: Face, glyphs: &[(u16, char)]) -> String {
    use std::fmt::Write;
    let name = font_name(face);
    let mut out = format!(
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) \
         /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS-{name} def\n/CMapType 2 def\n\
         1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
    );
    let mapped: Vec<(usize, char)> = glyphs.iter().enumerate().skip(1).map(|(cid, (_, c))| (cid, *c)).collect();
    // At most 100 entries a block (ISO 32000-1 9.10.3).
    for block in mapped.chunks(100) {
        let _ = writeln!(out, "{} beginbfchar", block.len());
        for (cid, c) in block {
            let mut units = [0u16; 2];
            let hex: String = c.encode_utf16(&mut units).iter().map(|u| format!("{u:04X}")).collect();
            let _ = writeln!(out, "<{cid:04X}> <{hex}>");
        }
        out.push_str("endbfchar\n");
    }
    out.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
    out
}

/// The font program of `glyphs` (in CID order, each with the character it was first used
/// for): subset from the face's web subset when that holds them all — the same bytes as
/// from the full face (`tests` below), in a fifth of the time — or else from the face.
fn program(face: Face, glyphs: &[(u16, char)]) -> std::result::Result<Vec<u8>, FontError> {
    let web: Option<Vec<u16>> =
        glyphs.iter().map(|&(g, c)| if g == 0 { Some(0) } else { face.web_glyph_index(c) }).collect();
    match web {
        Some(gids) => subset(crate::fonts::web::bytes(face), &gids),
        None => subset(face.bytes(), &glyphs.iter().map(|(g, _)| *g).collect::<Vec<u16>>()),
    }
}

/// The font program `font` subset to the glyphs `gids`, for a PDF.
fn subset(font: &[u8], gids: &[u16]) -> std::result::Result<Vec<u8>, FontError> {
    use allsorts::binary::read::ReadScope;
    use allsorts::subset::{subset, CmapTarget, SubsetProfile};
    use allsorts::tables::OpenTypeFont;
    let data = ReadScope::new(font).read::<OpenTypeFont<'_>>().map_err(FontError::of)?;
    let provider = crate::fonts::name_table::ShortNames { inner: data.table_provider(0).map_err(FontError::of)? };
    subset(&provider, gids, &SubsetProfile::Pdf, CmapTarget::Unicode).map_err(FontError::of)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The web subsets give the very bytes the full faces give, for every glyph they
    /// hold in any order (and so the web page's PDFs are the command line's).
    #[test]
    #[cfg(feature = "full-fonts")]
    fn a_subset_of_the_web_font_is_the_subset_of_the_full_face() {
        for face in Face::ALL {
            // Every character the web subset holds.
            let chars: Vec<char> = (0..=0xFFFF_u32)
                .filter_map(char::from_u32)
                .filter(|&c| face.web_glyph_index(c).is_some() && face.glyph_index(c).is_some())
                .collect();
            let mut orders = vec![chars.clone(), chars.iter().rev().copied().collect()];
            // Every seventh character, from the middle on, then the rest: another order.
            let mut mixed: Vec<char> = chars.iter().skip(chars.len() / 2).step_by(7).copied().collect();
            let rest: Vec<char> = chars.iter().filter(|c| !mixed.contains(c)).copied().collect();
            mixed.extend(rest);
            orders.push(mixed);
            orders.push("Seed 1 · boardpress — 1. Red to play and win ★★☆☆".chars().collect());
            for order in orders {
                let mut glyphs: Vec<(u16, char)> = vec![(0, '\u{fffd}')];
                for c in order {
                    let g = face.glyph_index(c).unwrap();
                    if !glyphs.iter().any(|(h, _)| *h == g) {
                        glyphs.push((g, c));
                    }
                }
                let full = subset(face.bytes(), &glyphs.iter().map(|(g, _)| *g).collect::<Vec<u16>>()).unwrap();
                let web: Vec<u16> =
                    glyphs.iter().map(|&(g, c)| if g == 0 { 0 } else { face.web_glyph_index(c).unwrap() }).collect();
                let from_web = subset(crate::fonts::web::bytes(face), &web).unwrap();
                assert!(
                    full == from_web,
                    "{face:?}: {} glyphs, {} and {} bytes",
                    glyphs.len(),
                    full.len(),
                    from_web.len()
                );
            }
        }
    }

    #[test]
    fn glyphs_are_numbered_in_the_order_first_used_and_mapped_back_to_their_characters() {
        let mut table = ObjectTable::default();
        let mut fonts = FontUse::default();
        let mut out = String::new();
        fonts.encode(Face::Regular, "aba", &mut table, &mut out).unwrap();
        fonts.encode(Face::Bold, "b", &mut table, &mut out).unwrap();
        let err = fonts.encode(Face::Regular, "a中", &mut table, &mut String::new()).unwrap_err();
        assert!(err.to_string().contains("‘中’ (U+4E2D)"), "{err}");
        assert_eq!(out, "<000100020001><0001>");
        let cmap = unicode_cmap(Face::Regular, &fonts.faces[0].1.glyphs);
        assert!(cmap.contains("<0001> <0061>\n<0002> <0062>\n"), "{cmap}");
        fonts.write(&mut table, &mut Compressor::new(1)).unwrap();
    }
}
