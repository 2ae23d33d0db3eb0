//! Scene → PDF, drawn with printpdf's operations (no html/svg features) and finished with
//! lopdf. The parts:
//!
//! - `fonts`: the bundled faces subset to the glyphs used and embedded under fixed names;
//! - `colour`: colours as the standards and inks allow (sRGB, ICC-based sRGB for PDF/X,
//!   one ink);
//! - `structure`: every file tagged (PDF/UA-1) — the structure tree the scenes' roles
//!   describe;
//! - `standards`: the information dictionary, XMP metadata and output intents of
//!   PDF/UA-1, PDF/A-2a and (a book's `pdf_x`) PDF/X-4;
//! - `outline`: the bookmarks;
//! - [`write`]: the bytes — object streams, a cross-reference stream, the ID a hash of
//!   the bytes.
//!
//! Every symbol the pages use ([`crate::scene::Symbol`]) is written once, as a form
//! XObject named after its place in key order, and placed with `cm` and `Do`. Dates are
//! written only when given (a book's date, or `SOURCE_DATE_EPOCH`): the same input gives
//! the same bytes.

use std::collections::BTreeMap;

use std::sync::Arc;

use printpdf::{
    DictItem, ExternalStream, ExternalXObject, LineDashPattern, LinePoint, Mm, Op, PaintMode, PdfDocument,
    PdfFontHandle, PdfPage, PdfSaveOptions, Point, Polygon, PolygonRing, Pt, TextItem, WindingOrder, XObject,
    XObjectId, XObjectTransform,
};

use crate::error::{Error, Result};
use crate::lang::Lang;
use crate::scene::{Anchor, Item, Pt2, Scene, Seg, Symbol};

mod colour;
mod fonts;
mod outline;
mod standards;
mod structure;
mod write;

pub use colour::Ink;
use colour::{add_icc_colour_space, Paint};
use fonts::{embed_subset_fonts, font_id, tag_subset_fonts};
use outline::add_outline;

use structure::Tagger;

pub(super) const PT_PER_MM: f32 = 72.0 / 25.4;

/// Document-level facts written into the PDF's info dictionary.
#[derive(Debug, Clone, Default)]
pub struct DocInfo {
    /// The document title, as printed, in the document's language.
    pub title: String,
    /// The author; empty for none.
    pub author: String,
    /// The language the document is written in.
    pub lang: Lang,
    /// The subject line (e.g. the command that recreates the file).
    pub subject: String,
    /// Bookmarks (the PDF outline), in document order.
    pub outline: Vec<Bookmark>,
    /// Each page's trim and bleed boxes (a book's pages), if set.
    pub boxes: Vec<PageBoxes>,
    /// Print-ready: PDF/X-4 with a CMYK output intent and device-independent colour (a
    /// book's `pdf_x`). Needs a date.
    pub pdf_x: bool,
    /// The inks the pages are drawn in.
    pub ink: Ink,
    /// When the document is dated, seconds since 1970 (a book's `date`); otherwise
    /// `SOURCE_DATE_EPOCH` if set, otherwise no date at all.
    pub date: Option<i64>,
}

/// Where a printed page is cut, and how far its picture may run past that: rectangles
/// in mm from the page's bottom-left corner, as (left, bottom, right, top).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PageBoxes {
    /// The finished page.
    pub trim: [f32; 4],
    /// The trim with its bleed.
    pub bleed: [f32; 4],
}

/// One entry of the PDF outline.
#[derive(Debug, Clone, PartialEq)]
pub struct Bookmark {
    /// Nesting depth, 0 = top.
    pub level: u8,
    /// The text shown in the viewer's sidebar.
    pub title: String,
    /// Page index, 0-based.
    pub page: usize,
    /// Where on the page to jump to: mm from the top.
    pub y: f32,
}

/// Renders pages (one scene each) into PDF bytes.
pub fn render(pages: &[Scene], info: &DocInfo) -> Result<Vec<u8>> {
    let epoch = match info.date {
        Some(d) => Some(d),
        None => source_date_epoch()?,
    };
    if info.pdf_x && epoch.is_none() {
        return Err(Error::input(
            "PDF/X needs the file's date: give the book a date (date = \"YYYY-MM-DD\") or set SOURCE_DATE_EPOCH",
        ));
    }
    let dates = epoch.map(standards::Dates::from_epoch).transpose()?;
    let paint = Paint::of(info);
    let mut doc = PdfDocument::new(&info.title);
    embed_subset_fonts(&mut doc, pages)?;
    let symbols = register_symbols(&mut doc, pages, paint);
    let mut tagger = Tagger::new();
    let pdf_pages: Vec<PdfPage> = pages
        .iter()
        .map(|s| PdfPage::new(Mm(s.width), Mm(s.height), page_ops(s, &symbols, &mut tagger, paint)))
        .collect();
    doc.with_pages(pdf_pages);

    // `secure: false` keeps the operators printpdf has no name for: the ICC colours' `sc`.
    let opts = PdfSaveOptions { subset_fonts: false, secure: false, ..Default::default() };
    let mut warnings = Vec::new();
    let mut lo = printpdf::serialize::to_lopdf_doc(&doc, &opts, &mut warnings);
    // printpdf fills the trailer's /ID from a process-wide counter, so it depends on how
    // many documents this process made before. It is replaced below by a hash of the
    // content, which must not see it.
    lo.trailer.remove(b"ID");
    tag_subset_fonts(&mut lo);
    if paint == Paint::IccRgb {
        add_icc_colour_space(&mut lo)?;
    }
    let page_ids: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    let heights: Vec<f32> = pages.iter().map(|p| p.height).collect();
    let tree = tagger.write(&mut lo, &page_ids, &heights);
    standards::write_info(&mut lo, info, dates.as_ref(), tree)?;
    add_outline(&mut lo, &info.outline, pages)?;
    add_boxes(&mut lo, &info.boxes);
    lo.compress();
    standards::add_metadata(&mut lo, info, dates.as_ref())?;
    serialize(lo)
}

/// The file's bytes (see [`write`]): stream objects as they are, the others in compressed
/// object streams, and a document ID that is a hash of the bytes (stable across runs,
/// different for different files).
fn serialize(mut lo: lopdf::Document) -> Result<Vec<u8>> {
    keep_streams_unambiguous(&mut lo);
    write::pdf_bytes(&mut lo)
}

/// A stream whose data ends with a carriage return cannot be told from one whose data
/// stops before a CR LF end of line: validators (PDF/A 6.1.7) count it a byte short. Such
/// a stream (a few in a thousand compressed ones) is written uncompressed instead, and a
/// content stream that still ends so gets a line feed (white space, meaning nothing).
fn keep_streams_unambiguous(lo: &mut lopdf::Document) {
    for object in lo.objects.values_mut() {
        let lopdf::Object::Stream(stream) = object else { continue };
        if stream.content.last() != Some(&b'\r') {
            continue;
        }
        if stream.dict.has(b"Filter") {
            let _ = stream.decompress();
        }
        if stream.content.last() == Some(&b'\r') && !stream.dict.has(b"Filter") && is_content(stream) {
            stream.content.push(b'\n');
            let length = stream.content.len() as i64;
            stream.dict.set("Length", length);
        }
    }
}

/// A page's or a form's content stream (text of operators, where white space is free).
fn is_content(stream: &lopdf::Stream) -> bool {
    let subtype = stream.dict.get(b"Subtype").and_then(|s| s.as_name()).ok();
    subtype == Some(b"Form".as_slice()) || !stream.dict.has(b"Type") && !stream.dict.has(b"N")
}

/// `SOURCE_DATE_EPOCH` if set (reproducible-builds convention), validated.
fn source_date_epoch() -> Result<Option<i64>> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .parse::<i64>()
            .map(Some)
            .map_err(|_| Error::input(format!("SOURCE_DATE_EPOCH='{v}' is not a whole number of seconds"))),
        _ => Ok(None),
    }
}

fn point(p: Pt2, page_h: f32) -> Point {
    Point { x: Pt(p.x * PT_PER_MM), y: Pt((page_h - p.y) * PT_PER_MM) }
}

/// Splits a path into sub-paths of printpdf line points.
fn rings(segs: &[Seg], page_h: f32) -> Vec<(Vec<LinePoint>, bool)> {
    let mut out: Vec<(Vec<LinePoint>, bool)> = Vec::new();
    for s in segs {
        match *s {
            Seg::Move(p) => out.push((vec![LinePoint { p: point(p, page_h), bezier: false }], false)),
            Seg::Line(p) => {
                if let Some(r) = out.last_mut() {
                    r.0.push(LinePoint { p: point(p, page_h), bezier: false });
                }
            }
            Seg::Cubic(a, b, c) => {
                if let Some(r) = out.last_mut() {
                    r.0.push(LinePoint { p: point(a, page_h), bezier: true });
                    r.0.push(LinePoint { p: point(b, page_h), bezier: true });
                    r.0.push(LinePoint { p: point(c, page_h), bezier: false });
                }
            }
            Seg::Close => {
                if let Some(r) = out.last_mut() {
                    r.1 = true;
                }
            }
        }
    }
    out
}

/// The XObject name of each symbol, by key.
type SymbolNames = BTreeMap<String, String>;

/// Writes every symbol the pages use once, as a form XObject (`S1`, `S2`, … in key
/// order), and returns their names.
fn register_symbols(doc: &mut PdfDocument, pages: &[Scene], paint: Paint) -> SymbolNames {
    let mut all: BTreeMap<String, Arc<Symbol>> = BTreeMap::new();
    for page in pages {
        all.extend(page.symbols());
    }
    let mut names = SymbolNames::new();
    for (k, (key, symbol)) in all.into_iter().enumerate() {
        let name = format!("S{}", k + 1);
        let s = &symbol.scene;
        let mut dict = BTreeMap::new();
        dict.insert("Type".to_string(), DictItem::Name(b"XObject".to_vec()));
        dict.insert("Subtype".to_string(), DictItem::Name(b"Form".to_vec()));
        let bbox = [0.0, 0.0, s.width * PT_PER_MM, s.height * PT_PER_MM];
        dict.insert("BBox".to_string(), DictItem::Array(bbox.iter().map(|v| DictItem::Real(*v)).collect()));
        dict.insert("Resources".to_string(), DictItem::Dict { map: BTreeMap::new() });
        let stream = ExternalStream { dict, content: form_content(s, paint), compress: true };
        let xobject = ExternalXObject { stream, width: None, height: None, dpi: None };
        doc.resources.xobjects.map.insert(XObjectId(name.clone()), XObject::External(xobject));
        names.insert(key, name);
    }
    names
}

/// A number for a content stream: three decimals at most, no trailing zeros.
fn real(v: f32) -> String {
    super::decimal(v, 3)
}

/// The content stream of a symbol: its paths in PDF operators, y up from its bottom.
fn form_content(scene: &Scene, paint: Paint) -> Vec<u8> {
    use std::fmt::Write;
    let h = scene.height;
    let xy = |p: Pt2| format!("{} {}", real(p.x * PT_PER_MM), real((h - p.y) * PT_PER_MM));
    let mut out = String::new();
    for item in &scene.items {
        let Item::Path { segs, fill, stroke } = item else { continue };
        out.push_str("q\n");
        if let Some(f) = fill {
            let _ = writeln!(out, "{}", paint.text(*f, false));
        }
        if let Some(s) = stroke {
            let _ = writeln!(out, "{}\n{} w", paint.text(s.colour, true), real(s.width * PT_PER_MM));
            if let Some((a, b)) = s.dash {
                let _ = writeln!(out, "[{} {}] 0 d", real(a * PT_PER_MM), real(b * PT_PER_MM));
            }
        }
        for seg in segs {
            let _ = match seg {
                Seg::Move(p) => writeln!(out, "{} m", xy(*p)),
                Seg::Line(p) => writeln!(out, "{} l", xy(*p)),
                Seg::Cubic(a, b, c) => writeln!(out, "{} {} {} c", xy(*a), xy(*b), xy(*c)),
                Seg::Close => writeln!(out, "h"),
            };
        }
        let paint = match (fill.is_some(), stroke.is_some()) {
            (true, true) => "B",
            (true, false) => "f",
            _ => "S",
        };
        let _ = writeln!(out, "{paint}\nQ");
    }
    out.into_bytes()
}

fn page_ops(scene: &Scene, symbols: &SymbolNames, tagger: &mut Tagger, paint: Paint) -> Vec<Op> {
    let h = scene.height;
    let mut ops = Vec::new();
    for item in &scene.items {
        match item {
            Item::Open(role, key) => {
                tagger.open(role, *key);
                continue;
            }
            Item::Close => {
                tagger.close();
                continue;
            }
            _ => tagger.content(&mut ops, || Scene::bounds_of(std::slice::from_ref(item))),
        }
        match item {
            Item::Open(..) | Item::Close => {}
            Item::Path { segs, fill, stroke } => {
                ops.push(Op::SaveGraphicsState);
                if let Some(f) = fill {
                    ops.extend(paint.ops(*f, false));
                }
                if let Some(s) = stroke {
                    ops.extend(paint.ops(s.colour, true));
                    ops.push(Op::SetOutlineThickness { pt: Pt(s.width * PT_PER_MM) });
                    if let Some((a, b)) = s.dash {
                        ops.push(Op::SetLineDashPattern {
                            dash: LineDashPattern::new(0.0, &[a * PT_PER_MM, b * PT_PER_MM]),
                        });
                    }
                }
                let subpaths = rings(segs, h);
                if fill.is_some() {
                    let mode = if stroke.is_some() { PaintMode::FillStroke } else { PaintMode::Fill };
                    ops.push(Op::DrawPolygon {
                        polygon: Polygon {
                            rings: subpaths.into_iter().map(|(points, _)| PolygonRing { points }).collect(),
                            mode,
                            winding_order: WindingOrder::NonZero,
                        },
                    });
                } else if stroke.is_some() {
                    for (points, is_closed) in subpaths {
                        ops.push(Op::DrawLine { line: printpdf::Line { points, is_closed } });
                    }
                }
                ops.push(Op::RestoreGraphicsState);
            }
            Item::Text { at, size, text, face, anchor, colour: c, turn } => {
                let width = face.text_width(text, *size);
                let shift = match anchor {
                    Anchor::Start => 0.0,
                    Anchor::Middle => width / 2.0,
                    Anchor::End => width,
                };
                ops.push(Op::StartTextSection);
                ops.push(Op::SetFont { font: PdfFontHandle::External(font_id(*face)), size: Pt(*size) });
                ops.extend(paint.ops(*c, false));
                if *turn == 0.0 {
                    ops.push(Op::SetTextCursor { pos: point(Pt2 { x: at.x - shift, y: at.y }, h) });
                } else {
                    // Turned clockwise on the page is counter-clockwise in PDF's y-up space;
                    // the anchor shift runs along the turned baseline.
                    let (sin, cos) = turn.to_radians().sin_cos();
                    let start = Pt2 { x: at.x - shift * cos, y: at.y - shift * sin };
                    let p = point(start, h);
                    ops.push(Op::SetTextMatrix { matrix: printpdf::TextMatrix::TranslateRotate(p.x, p.y, -turn) });
                }
                ops.push(Op::ShowText { items: vec![TextItem::Text(text.clone())] });
                ops.push(Op::EndTextSection);
            }
            Item::Use { symbol, at, scale } => {
                // The form's origin is the symbol's bottom-left corner.
                let bottom = at.y + symbol.scene.height * scale;
                let transform = XObjectTransform {
                    translate_x: Some(Pt(at.x * PT_PER_MM)),
                    translate_y: Some(Pt((h - bottom) * PT_PER_MM)),
                    scale_x: Some(*scale),
                    scale_y: Some(*scale),
                    no_auto_scale: true,
                    ..Default::default()
                };
                ops.push(Op::UseXobject { id: XObjectId(symbols[&symbol.key].clone()), transform });
            }
        }
    }
    tagger.end_page(&mut ops);
    ops
}

/// Writes each page's TrimBox and BleedBox.
fn add_boxes(lo: &mut lopdf::Document, boxes: &[PageBoxes]) {
    let pages: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    let array = |r: [f32; 4]| lopdf::Object::Array(r.iter().map(|v| lopdf::Object::Real(v * PT_PER_MM)).collect());
    for (id, b) in pages.into_iter().zip(boxes) {
        if let Ok(lopdf::Object::Dictionary(page)) = lo.get_object_mut(id) {
            page.set("TrimBox", array(b.trim));
            page.set("BleedBox", array(b.bleed));
        }
    }
}

/// A PDF text string, as a literal string: in PDFDocEncoding when every character has a
/// code there (English and German text, dashes and quotes included), otherwise in
/// UTF-16BE after a byte-order mark (ISO 32000-1 7.9.2.2).
pub(super) fn text_string(text: &str) -> lopdf::Object {
    let bytes = match text.chars().map(pdf_doc_code).collect::<Option<Vec<u8>>>() {
        Some(bytes) => bytes,
        None => {
            let mut bytes = vec![0xFE, 0xFF];
            for unit in text.encode_utf16() {
                bytes.extend_from_slice(&unit.to_be_bytes());
            }
            bytes
        }
    };
    lopdf::Object::String(bytes, lopdf::StringFormat::Literal)
}

/// A character's code in PDFDocEncoding (ISO 32000-1 Annex D.2), if it has one: ASCII
/// printing characters and white space, the Latin-1 letters and signs, and the
/// typographer's characters at 0x80–0xA0.
fn pdf_doc_code(c: char) -> Option<u8> {
    const HIGH: [char; 33] = [
        '•', '†', '‡', '…', '—', '–', 'ƒ', '⁄', '‹', '›', '−', '‰', '„', '“', '”', '‘', '’', '‚', '™', 'ﬁ', 'ﬂ', 'Ł',
        'Œ', 'Š', 'Ÿ', 'Ž', 'ı', 'ł', 'œ', 'š', 'ž', '\u{0}', '€',
    ];
    match c as u32 {
        0x09 | 0x0A | 0x0D | 0x20..=0x7E => Some(c as u8),
        0xA1..=0xFF if c as u32 != 0xAD => Some(c as u32 as u8),
        _ => HIGH.iter().position(|&h| h == c && h != '\u{0}').map(|k| 0x80 + k as u8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_strings_use_pdf_doc_encoding_where_they_can() {
        let bytes = |o: lopdf::Object| match o {
            lopdf::Object::String(b, lopdf::StringFormat::Literal) => b,
            other => panic!("{other:?}"),
        };
        assert_eq!(bytes(text_string("EL — Größe")), b"EL \x84 Gr\xf6\xdfe");
        assert_eq!(bytes(text_string("2 € • „x“")), b"2 \xa0 \x80 \x8cx\x8d");
        // A narrow no-break space (French) or an arrow has no code: UTF-16BE.
        assert_eq!(bytes(text_string("a\u{202f}:")), [0xFE, 0xFF, 0, b'a', 0x20, 0x2F, 0, b':']);
        assert_eq!(bytes(text_string("→"))[..2], [0xFE, 0xFF]);
        // U+00A0 and U+00AD are not 0xA0 and 0xAD there.
        assert_eq!(bytes(text_string("\u{a0}"))[..2], [0xFE, 0xFF]);
        assert_eq!(bytes(text_string("\u{ad}"))[..2], [0xFE, 0xFF]);
    }
}
