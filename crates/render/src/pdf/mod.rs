//! Scene → PDF, one page at a time: [`PdfWriter`] draws each page as it is given into a
//! content stream, which is compressed (on a second thread, when the writer may use one)
//! and appended to the file's bytes in order, so that only the page being drawn and the
//! few streams still being compressed are held, whatever the document's length. What
//! must wait for the last page is small and written then, as objects (`object`):
//!
//! - `fonts`: the bundled faces, subset to the glyphs the pages used;
//! - `colour`: colours as the standards and inks allow (sRGB, ICC-based sRGB for PDF/X,
//!   one ink);
//! - `structure`: every file tagged (PDF/UA-1) — the structure tree the scenes' roles
//!   describe;
//! - `standards`: the information dictionary, XMP metadata and output intents of
//!   PDF/UA-1, PDF/A-2a and (a book's `pdf_x`) PDF/X-4;
//! - `outline`: the bookmarks;
//! - [`write`]: the rest of the bytes — object streams, a cross-reference stream, the ID
//!   a hash of the bytes.
//!
//! Every symbol the pages use ([`crate::scene::Symbol`]) is written once, when first
//! used, as a form XObject (`S1`, `S2`, … in that order), and placed with `cm` and `Do`.
//! Dates are written only when given (a book's date, or `SOURCE_DATE_EPOCH`): the same
//! input gives the same bytes.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

use crate::failure::{RenderError, Result};
use crate::fonts::Face;
use crate::lang::Lang;
use crate::scene::{Anchor, Item, Pt2, Rgb, Scene, Seg, Stroke, Symbol};

mod colour;
mod fonts;
mod object;
mod outline;
mod standards;
mod structure;
mod write;

pub use colour::Ink;
use colour::{icc_colour_space, Paint, ICC_RGB};
use fonts::{font_name, FontUse};
use object::{Dictionary, Object, ObjectId, ObjectTable, Stream};
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
    let mut writer = PdfWriter::new(info, 1)?;
    for page in pages {
        writer.page(page)?;
    }
    writer.finish()
}

/// A PDF being written: give it the pages in order ([`PdfWriter::page`]), each drawn and
/// appended to the bytes at once, then [`PdfWriter::finish`] it.
pub struct PdfWriter {
    info: DocInfo,
    dates: Option<standards::Dates>,
    paint: Paint,
    /// The file so far, in pieces: the header, then each page's and form's stream as it
    /// was made.
    out: write::Output,
    /// Where each object in `out` is, and the small objects waiting to be packed.
    objects: write::Objects,
    /// The objects written at the end (fonts, outline, metadata), and every object's
    /// number.
    table: ObjectTable,
    pages_id: ObjectId,
    page_ids: Vec<u32>,
    heights: Vec<f32>,
    fonts: FontUse,
    /// Each symbol written so far, by key: its resource name and form.
    symbols: HashMap<String, (String, ObjectId)>,
    /// The ICC-based sRGB colour space ([`Paint::IccRgb`]).
    icc_space: Option<ObjectId>,
    tagger: Tagger,
}

impl PdfWriter {
    /// Starts a document: checks its date and writes the file's header. With `threads`
    /// of 2 or more (and the `parallel` feature), each page is compressed on a second
    /// thread while the next is drawn; the bytes are the same.
    pub fn new(info: &DocInfo, threads: usize) -> Result<PdfWriter> {
        let epoch = match info.date {
            Some(d) => Some(d),
            None => source_date_epoch()?,
        };
        if info.pdf_x && epoch.is_none() {
            return Err(RenderError::Date(
                "PDF/X needs the file's date: give the book a date (date = \"YYYY-MM-DD\") or set SOURCE_DATE_EPOCH"
                    .into(),
            ));
        }
        let dates = epoch.map(standards::Dates::from_epoch).transpose()?;
        let paint = Paint::of(info);
        // PDF/X-4 is PDF 1.6; PDF/A-2 and PDF/UA-1 allow it.
        let version = if info.pdf_x { "1.6" } else { "1.7" };
        let mut table = ObjectTable::default();
        let mut out = format!("%PDF-{version}\n%").into_bytes();
        out.extend_from_slice(&[0xE2, 0xE3, 0xCF, 0xD3, b'\n']);
        let pages_id = table.new_object_id();
        let icc_space = (paint == Paint::IccRgb).then(|| icc_colour_space(&mut table));
        Ok(PdfWriter {
            info: info.clone(),
            dates,
            paint,
            out: write::Output::new(out),
            objects: write::Objects::new(threads),
            table,
            pages_id,
            page_ids: Vec::new(),
            heights: Vec::new(),
            fonts: FontUse::default(),
            symbols: HashMap::new(),
            icc_space,
            tagger: Tagger::new(),
        })
    }

    /// Draws the next page and appends it to the file.
    pub fn page(&mut self, scene: &Scene) -> Result<()> {
        let mut faces = BTreeSet::new();
        let mut forms = BTreeMap::new();
        let content = self.page_content(scene, &mut faces, &mut forms)?;
        let contents = self.put_stream("", content.into_bytes())?;
        let index = self.page_ids.len();
        let rect = |r: [f32; 4]| r.map(|v| super::decimal(v * PT_PER_MM, 4)).join(" ");
        let mut page = format!(
            "<</Type/Page/Parent {} 0 R/MediaBox[{}]",
            self.pages_id.0,
            rect([0.0, 0.0, scene.width, scene.height])
        );
        if let Some(b) = self.info.boxes.get(index) {
            let _ = write!(page, "/TrimBox[{}]/BleedBox[{}]", rect(b.trim), rect(b.bleed));
        }
        page += "/Resources<<";
        if !faces.is_empty() {
            page += "/Font<<";
            for face in faces {
                let _ = write!(page, "/{} {} 0 R", font_name(face), self.fonts.object(face, &mut self.table).0);
            }
            page += ">>";
        }
        if !forms.is_empty() {
            page += "/XObject<<";
            for (name, id) in forms {
                let _ = write!(page, "/{name} {} 0 R", id.0);
            }
            page += ">>";
        }
        if let Some(space) = self.icc_space {
            let _ = write!(page, "/ColorSpace<</{ICC_RGB} {} 0 R>>", space.0);
        }
        // Every page has its marked content's owners in the parent tree, under its
        // index; tab order follows the structure (PDF/UA-1 7.18.3).
        let _ = write!(page, ">>/Contents {} 0 R/StructParents {index}/Tabs/S>>", contents.0);
        let id = self.table.new_object_id().0;
        self.objects.pack(id, page.into_bytes(), &mut self.out, &mut self.table)?;
        self.page_ids.push(id);
        self.heights.push(scene.height);
        let mut sink = write::Sink { table: &mut self.table, out: &mut self.out, objects: &mut self.objects };
        self.tagger.after_page(&mut sink, &self.page_ids, &self.heights)
    }

    /// Writes what follows the pages (fonts, structure, outline, metadata, the
    /// cross-reference stream) and returns the file's bytes.
    pub fn finish(self) -> Result<Vec<u8>> {
        Ok(self.finish_in_pieces()?.concat())
    }

    /// [`PdfWriter::finish`], with the file's bytes in the pieces they were written in
    /// (about a megabyte each; together, the same bytes): a long document is never
    /// copied into one buffer.
    pub fn finish_in_pieces(mut self) -> Result<Vec<Vec<u8>>> {
        self.fonts.write(&mut self.table, &mut self.objects.compressor)?;
        let kids: Vec<String> = self.page_ids.iter().map(|id| format!("{id} 0 R")).collect();
        let pages = format!("<</Type/Pages/Kids[{}]/Count {}>>", kids.join(" "), kids.len());
        self.objects.pack(self.pages_id.0, pages.into_bytes(), &mut self.out, &mut self.table)?;
        let mut sink = write::Sink { table: &mut self.table, out: &mut self.out, objects: &mut self.objects };
        let tree = self.tagger.write(&mut sink, &self.page_ids, &self.heights)?;
        let table = &mut self.table;
        let mut catalog = Dictionary::new();
        catalog.set("Type", Object::Name(b"Catalog".to_vec()));
        catalog.set("Pages", Object::Reference(self.pages_id));
        let catalog = table.add_object(Object::Dictionary(catalog));
        table.root = Some(catalog);
        standards::write_info(table, &self.info, self.dates.as_ref(), (tree, 0))?;
        let page_ids: Vec<ObjectId> = self.page_ids.iter().map(|id| (*id, 0)).collect();
        add_outline(table, &self.info.outline, &page_ids, &self.heights)?;
        standards::add_metadata(table, &self.info, self.dates.as_ref())?;
        keep_streams_unambiguous(table);
        write::pdf_bytes(table, self.out, self.objects)
    }

    /// Appends a content stream object to the file, compressed (padded with a space if
    /// its compressed bytes would end with a carriage return: see
    /// [`keep_streams_unambiguous`]). `dict` holds the dictionary's entries but its length
    /// and filter.
    fn put_stream(&mut self, dict: &str, data: Vec<u8>) -> Result<ObjectId> {
        let id = self.table.new_object_id();
        self.objects.stream(id.0, dict.to_string(), data, &mut self.out)?;
        Ok(id)
    }

    /// The form of a symbol, written on its first use.
    fn form(&mut self, symbol: &Symbol) -> Result<(String, ObjectId)> {
        if let Some(known) = self.symbols.get(&symbol.key) {
            return Ok(known.clone());
        }
        let name = format!("S{}", self.symbols.len() + 1);
        let s = &symbol.scene;
        let bbox = [0.0, 0.0, s.width * PT_PER_MM, s.height * PT_PER_MM].map(real).join(" ");
        let resources = match self.icc_space {
            Some(space) => format!("<</ColorSpace<</{ICC_RGB} {} 0 R>>>>", space.0),
            None => "<<>>".to_string(),
        };
        let dict = format!("/Type/XObject/Subtype/Form/BBox[{bbox}]/Resources{resources}");
        let id = self.put_stream(&dict, form_content(s, self.paint))?;
        self.symbols.insert(symbol.key.clone(), (name.clone(), id));
        Ok((name, id))
    }

    /// A page's content stream, noting the faces and forms it uses.
    fn page_content(
        &mut self,
        scene: &Scene,
        faces: &mut BTreeSet<Face>,
        forms: &mut BTreeMap<String, ObjectId>,
    ) -> Result<String> {
        let mut ops = String::new();
        self.items_content(&scene.items, scene.height, &mut ops, faces, forms)?;
        self.tagger.end_page(&mut ops);
        Ok(ops)
    }

    /// The content of some items of a page `h` mm high (groups opened and closed in the
    /// structure around theirs).
    fn items_content(
        &mut self,
        items: &[Item],
        h: f32,
        ops: &mut String,
        faces: &mut BTreeSet<Face>,
        forms: &mut BTreeMap<String, ObjectId>,
    ) -> Result<()> {
        let paint = self.paint;
        for item in items {
            if let Item::Group(group) = item {
                self.tagger.open(&group.role, group.key);
                self.items_content(&group.items, h, ops, faces, forms)?;
                self.tagger.close();
                continue;
            }
            self.tagger.content(ops, || Scene::bounds_of(std::slice::from_ref(item)));
            match item {
                Item::Group(_) => {}
                Item::Path { segs, fill, stroke } => {
                    painted_path(ops, segs, *fill, *stroke, paint, h);
                }
                Item::Text { at, size, text, face, anchor, colour: c, turn } => {
                    let width = face.text_width(text, *size);
                    let shift = match anchor {
                        Anchor::Start => 0.0,
                        Anchor::Middle => width / 2.0,
                        Anchor::End => width,
                    };
                    faces.insert(*face);
                    let _ = writeln!(ops, "BT\n/{} {} Tf\n{}", font_name(*face), real(size.0), paint.text(*c, false));
                    if *turn == 0.0 {
                        point(ops, Pt2 { x: at.x - shift, y: at.y }, h);
                        ops.push_str(" Td\n");
                    } else {
                        // Turned clockwise on the page: the anchor shift runs along the
                        // turned baseline.
                        let (sin, cos) = turn.to_radians().sin_cos();
                        let start = Pt2 { x: at.x - shift * cos, y: at.y - shift * sin };
                        let _ = write!(ops, "{} {} {} {} ", real(cos), real(-sin), real(sin), real(cos));
                        point(ops, start, h);
                        ops.push_str(" Tm\n");
                    }
                    self.fonts.encode(*face, text, &mut self.table, ops)?;
                    ops.push_str(" Tj\nET\n");
                }
                Item::Use { symbol, at, scale } => {
                    // The form's origin is the symbol's bottom-left corner.
                    let bottom = at.y + symbol.scene.height * scale;
                    let (name, id) = self.form(symbol)?;
                    let _ = writeln!(
                        ops,
                        "q\n{} 0 0 {} {} {} cm\n/{name} Do\nQ",
                        real(*scale),
                        real(*scale),
                        real(at.x * PT_PER_MM),
                        real((h - bottom) * PT_PER_MM)
                    );
                    forms.insert(name, id);
                }
            }
        }
        Ok(())
    }
}

/// A point in PDF's coordinates (points, y up from the foot of a page or form `h` mm
/// high), appended as two numbers.
fn point(out: &mut String, p: Pt2, h: f32) {
    super::push_decimal(out, p.x * PT_PER_MM, 3);
    out.push(' ');
    super::push_decimal(out, (h - p.y) * PT_PER_MM, 3);
}

/// A path with its paint, in its own graphics state: colours, line width and dashes,
/// the segments (`m`, `l`, `c`, `h`; a filled path's sub-paths all closed), and the
/// painting operator.
fn painted_path(ops: &mut String, segs: &[Seg], fill: Option<Rgb>, stroke: Option<Stroke>, paint: Paint, h: f32) {
    ops.push_str("q\n");
    if let Some(f) = fill {
        let _ = writeln!(ops, "{}", paint.text(f, false));
    }
    if let Some(s) = stroke {
        let _ = writeln!(ops, "{}\n{} w", paint.text(s.colour, true), real(s.width * PT_PER_MM));
        if let Some((a, b)) = s.dash {
            let _ = writeln!(ops, "[{} {}] 0 d", real(a * PT_PER_MM), real(b * PT_PER_MM));
        }
    }
    let filled = fill.is_some();
    let mut open = false;
    for seg in segs {
        match seg {
            Seg::Move(p) => {
                if open && filled {
                    ops.push_str("h\n");
                }
                open = true;
                point(ops, *p, h);
                ops.push_str(" m\n");
            }
            Seg::Line(p) => {
                point(ops, *p, h);
                ops.push_str(" l\n");
            }
            Seg::Cubic(a, b, c) => {
                for p in [a, b, c] {
                    point(ops, *p, h);
                    ops.push(' ');
                }
                ops.push_str("c\n");
            }
            Seg::Close => {
                open = false;
                ops.push_str("h\n");
            }
        }
    }
    if open && filled {
        ops.push_str("h\n");
    }
    let op = match (filled, stroke.is_some()) {
        (true, true) => "B",
        (true, false) => "f",
        _ => "S",
    };
    let _ = writeln!(ops, "{op}\nQ");
}

/// A stream whose data ends with a carriage return cannot be told from one whose data
/// stops before a CR LF end of line: validators (PDF/A 6.1.7) count it a byte short. The
/// streams of text are padded as they are compressed ([`write::Deflate::text_stream`]);
/// a font program that would end so (a few in a thousand) is written uncompressed
/// instead, and any content stream left that still ends so gets a line feed (white
/// space, meaning nothing).
fn keep_streams_unambiguous(table: &mut ObjectTable) {
    for object in table.objects.values_mut() {
        let Object::Stream(stream) = object else { continue };
        if stream.content.last() != Some(&b'\r') {
            continue;
        }
        if stream.dict.has(b"Filter") {
            stream.decompress();
        }
        if stream.content.last() == Some(&b'\r') && !stream.dict.has(b"Filter") && is_content(stream) {
            let mut content = std::mem::take(&mut stream.content);
            content.push(b'\n');
            stream.set_content(content);
        }
    }
}

/// A page's or a form's content stream (text of operators, where white space is free).
fn is_content(stream: &Stream) -> bool {
    stream.dict.get(b"Subtype") == Some(&Object::Name(b"Form".to_vec()))
        || !stream.dict.has(b"Type") && !stream.dict.has(b"N")
}

/// `SOURCE_DATE_EPOCH` if set (reproducible-builds convention), validated.
fn source_date_epoch() -> Result<Option<i64>> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .parse::<i64>()
            .map(Some)
            .map_err(|_| RenderError::Date(format!("SOURCE_DATE_EPOCH='{v}' is not a whole number of seconds"))),
        _ => Ok(None),
    }
}

/// A number for a content stream: three decimals at most, no trailing zeros.
fn real(v: f32) -> String {
    super::decimal(v, 3)
}

/// The content stream of a symbol: its paths in PDF operators, y up from its bottom.
fn form_content(scene: &Scene, paint: Paint) -> Vec<u8> {
    let mut out = String::new();
    for item in crate::scene::leaves(&scene.items) {
        if let Item::Path { segs, fill, stroke } = item {
            painted_path(&mut out, segs, *fill, *stroke, paint, scene.height);
        }
    }
    out.into_bytes()
}

/// A PDF text string, as a literal string: in PDFDocEncoding when every character has a
/// code there (English and German text, dashes and quotes included), otherwise in
/// UTF-16BE after a byte-order mark (ISO 32000-1 7.9.2.2).
fn text_string(text: &str) -> Object {
    Object::String(text_bytes(text))
}

/// The bytes of [`text_string`], before a literal string's escapes.
pub(super) fn text_bytes(text: &str) -> Vec<u8> {
    match text.chars().map(pdf_doc_code).collect::<Option<Vec<u8>>>() {
        Some(bytes) => bytes,
        None => {
            let mut bytes = vec![0xFE, 0xFF];
            for unit in text.encode_utf16() {
                bytes.extend_from_slice(&unit.to_be_bytes());
            }
            bytes
        }
    }
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
mod tests;
