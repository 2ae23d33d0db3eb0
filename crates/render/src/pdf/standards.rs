//! What makes a PDF meet its standards beyond the structure tree: the document
//! information dictionary, the XMP metadata that repeats it (ISO 16684-1), the
//! language and viewer preferences PDF/UA-1 asks for, and the output intent: sRGB, as
//! PDF/A-2 asks when pages paint in DeviceRGB, or for a print-ready book (PDF/X-4) a
//! CMYK printer characterisation, named by both the PDF/X and the PDF/A intents.
//!
//! Every file claims PDF/UA-1 and PDF/A-2a, a print-ready book PDF/X-4 as well; the
//! claims are checked by an independent validator and by `tests/standards.rs`.

use super::object::{Dictionary, Object, ObjectId, ObjectTable, Stream};

use super::{text_string, DocInfo};
use crate::failure::{RenderError, Result};
use crate::icc;

/// A moment as both PDF date (`D:20260101120000Z`) and XMP date (`2026-01-01T12:00:00Z`).
pub(super) struct Dates {
    pdf: String,
    xmp: String,
}

impl Dates {
    /// The dates for `SOURCE_DATE_EPOCH` seconds.
    pub fn from_epoch(epoch: i64) -> Result<Dates> {
        // Years 1 to 9999, as both notations can write them.
        if !(-62_135_596_800..=253_402_300_799).contains(&epoch) {
            return Err(RenderError::Date(format!(
                "SOURCE_DATE_EPOCH={epoch} is not a date between the years 1 and 9999"
            )));
        }
        let (days, secs) = (epoch.div_euclid(86_400), epoch.rem_euclid(86_400));
        let (y, mo, d) = civil_from_days(days);
        let (h, mi, s) = (secs / 3600, secs / 60 % 60, secs % 60);
        Ok(Dates {
            pdf: format!("D:{y:04}{mo:02}{d:02}{h:02}{mi:02}{s:02}Z"),
            xmp: format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}Z"),
        })
    }
}

/// The proleptic Gregorian (year, month, day) of a day counted from 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Writes the information dictionary (no empty keys, no invented dates) and sets what PDF/UA-1 asks of the catalog: `MarkInfo`,
/// `Lang`, `DisplayDocTitle`, the structure tree. The XMP metadata and the output intent
/// are added later by [`add_metadata`], after compression (metadata stays uncompressed).
pub(super) fn write_info(table: &mut ObjectTable, info: &DocInfo, dates: Option<&Dates>, tree: ObjectId) -> Result<()> {
    let mut d = Dictionary::new();
    d.set("Title", text_string(&info.title));
    if !info.author.is_empty() {
        d.set("Author", text_string(&info.author));
    }
    if !info.subject.is_empty() {
        d.set("Subject", text_string(&info.subject));
    }
    d.set("Creator", text_string(&creator()));
    d.set("Producer", text_string(&creator()));
    if let Some(dates) = dates {
        d.set("CreationDate", Object::String(dates.pdf.clone().into_bytes()));
        d.set("ModDate", Object::String(dates.pdf.clone().into_bytes()));
    }
    if info.pdf_x {
        d.set("GTS_PDFXVersion", text_string(PDFX_VERSION));
        // No trapping has been done (the book's lines and type need none).
        d.set("Trapped", Object::Name(b"False".to_vec()));
    }
    table.info = Some(table.add_object(Object::Dictionary(d)));

    let catalog = table.catalog_mut().ok_or_else(|| RenderError::Failed("the PDF has no catalog".into()))?;
    let mut mark = Dictionary::new();
    mark.set("Marked", Object::Boolean(true));
    catalog.set("MarkInfo", Object::Dictionary(mark));
    catalog.set("Lang", Object::String(info.lang.word().as_bytes().to_vec()));
    let mut prefs = Dictionary::new();
    prefs.set("DisplayDocTitle", Object::Boolean(true));
    catalog.set("ViewerPreferences", Object::Dictionary(prefs));
    catalog.set("StructTreeRoot", Object::Reference(tree));
    Ok(())
}

/// The PDF/X version a print-ready book claims.
pub const PDFX_VERSION: &str = "PDF/X-4";

/// The printing condition of the CMYK output intent (the ICC registry's name).
pub const PRINTING_CONDITION: &str = "FOGRA39";

/// The printer characterisation of that condition (see `crates/render/src/profiles/README.md`).
pub static CMYK_PROFILE: &[u8] = include_bytes!("../profiles/FOGRA39L-boardpress.icc");

/// The creator and producer: this program and its version.
fn creator() -> String {
    format!("boardpress {}", crate::VERSION)
}

/// Adds the XMP metadata stream and the output intents to the catalog: sRGB for PDF/A,
/// or for PDF/X the CMYK printing condition, for PDF/X and PDF/A alike (PDF/A-2 asks
/// every intent to name the same profile).
pub(super) fn add_metadata(table: &mut ObjectTable, info: &DocInfo, dates: Option<&Dates>) -> Result<()> {
    let xmp = xmp(info, dates);
    let mut dict = Dictionary::new();
    dict.set("Type", Object::Name(b"Metadata".to_vec()));
    dict.set("Subtype", Object::Name(b"XML".to_vec()));
    let metadata = table.add_object(Object::Stream(Stream::new(dict, xmp.into_bytes())));

    let (profile, condition, about) = if info.pdf_x {
        let mut cmyk = Dictionary::new();
        cmyk.set("N", Object::Integer(4));
        let mut stream = Stream::new(cmyk, CMYK_PROFILE.to_vec());
        let _ = stream.compress();
        (stream, PRINTING_CONDITION, "Coated FOGRA39 (ISO 12647-2:2004)")
    } else {
        (super::colour::srgb_profile_stream(), icc::SRGB_NAME, icc::SRGB_NAME)
    };
    let profile_id = table.add_object(Object::Stream(profile));
    let intent = |subtype: &str| {
        let mut intent = Dictionary::new();
        intent.set("Type", Object::Name(b"OutputIntent".to_vec()));
        intent.set("S", Object::Name(subtype.as_bytes().to_vec()));
        intent.set("OutputConditionIdentifier", text_string(condition));
        intent.set("RegistryName", text_string("http://www.color.org"));
        intent.set("Info", text_string(about));
        intent.set("DestOutputProfile", Object::Reference(profile_id));
        Object::Dictionary(intent)
    };
    let intents = if info.pdf_x { vec![intent("GTS_PDFX"), intent("GTS_PDFA1")] } else { vec![intent("GTS_PDFA1")] };

    let catalog = table.catalog_mut().ok_or_else(|| RenderError::Failed("the PDF has no catalog".into()))?;
    catalog.set("Metadata", Object::Reference(metadata));
    catalog.set("OutputIntents", Object::Array(intents));
    Ok(())
}

/// A UUID for the document (XMP's DocumentID), derived from what it is: the same
/// request gives the same one.
fn document_uuid(info: &DocInfo) -> String {
    let mut h = crate::seed::Fnv::new();
    h.write(info.title.as_bytes());
    h.write(&[0]);
    h.write(info.subject.as_bytes());
    let a = h.finish();
    let b = crate::seed::splitmix64(a);
    let hex = format!("{a:016x}{b:016x}");
    format!("uuid:{}-{}-4{}-8{}-{}", &hex[0..8], &hex[8..12], &hex[13..16], &hex[17..20], &hex[20..32])
}

/// Escapes text for XML.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The XMP packet: the same title, author, subject, tool and dates as the information
/// dictionary, and the PDF/A-2a and PDF/UA-1 identifications (with the extension schema
/// PDF/A-2 asks for to declare `pdfuaid`, which it does not know).
fn xmp(info: &DocInfo, dates: Option<&Dates>) -> String {
    let lang = info.lang.word();
    let mut dc = format!(
        "<dc:format>application/pdf</dc:format>\n\
         <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{}</rdf:li></rdf:Alt></dc:title>\n\
         <dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>\n",
        xml(&info.title)
    );
    if !info.author.is_empty() {
        dc.push_str(&format!("<dc:creator><rdf:Seq><rdf:li>{}</rdf:li></rdf:Seq></dc:creator>\n", xml(&info.author)));
    }
    if !info.subject.is_empty() {
        dc.push_str(&format!(
            "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">{}</rdf:li></rdf:Alt></dc:description>\n",
            xml(&info.subject)
        ));
    }
    let mut tool = format!("<xmp:CreatorTool>{}</xmp:CreatorTool>\n", xml(&creator()));
    if let Some(d) = dates {
        tool.push_str(&format!(
            "<xmp:CreateDate>{0}</xmp:CreateDate>\n<xmp:ModifyDate>{0}</xmp:ModifyDate>\n<xmp:MetadataDate>{0}</xmp:MetadataDate>\n",
            d.xmp
        ));
    }
    // PDF/X-4: its identification and the document's identity. (Trapped is in the
    // information dictionary only: PDF/A-2's XMP schemas have no pdf:Trapped, and an
    // extension schema may not add a property to a predefined one.)
    let (print, print_schema) = if info.pdf_x {
        (
            format!(
                "<rdf:Description rdf:about=\"\" xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\">\n\
<pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>\n</rdf:Description>\n\
<rdf:Description rdf:about=\"\" xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\">\n\
<xmpMM:DocumentID>{id}</xmpMM:DocumentID>\n<xmpMM:VersionID>1</xmpMM:VersionID>\n\
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>\n</rdf:Description>\n",
                id = document_uuid(info)
            ),
            "<rdf:li rdf:parseType=\"Resource\">\n\
<pdfaSchema:schema>PDF/X ID Schema</pdfaSchema:schema>\n\
<pdfaSchema:namespaceURI>http://www.npes.org/pdfx/ns/id/</pdfaSchema:namespaceURI>\n\
<pdfaSchema:prefix>pdfxid</pdfaSchema:prefix>\n\
<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType=\"Resource\">\n\
<pdfaProperty:name>GTS_PDFXVersion</pdfaProperty:name>\n<pdfaProperty:valueType>Text</pdfaProperty:valueType>\n\
<pdfaProperty:category>internal</pdfaProperty:category>\n\
<pdfaProperty:description>ID of PDF/X standard</pdfaProperty:description>\n\
</rdf:li></rdf:Seq></pdfaSchema:property>\n</rdf:li>\n",
        )
    } else {
        (String::new(), "")
    };

    format!(
        "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\
<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n\
<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n{dc}</rdf:Description>\n\
<rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">\n{tool}</rdf:Description>\n\
<rdf:Description rdf:about=\"\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\">\n\
<pdf:Producer>{producer}</pdf:Producer>\n</rdf:Description>\n{print}\
<rdf:Description rdf:about=\"\" xmlns:pdfaid=\"http://www.aiim.org/pdfa/ns/id/\">\n\
<pdfaid:part>2</pdfaid:part>\n<pdfaid:conformance>A</pdfaid:conformance>\n</rdf:Description>\n\
<rdf:Description rdf:about=\"\" xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n\
<pdfuaid:part>1</pdfuaid:part>\n</rdf:Description>\n\
<rdf:Description rdf:about=\"\" xmlns:pdfaExtension=\"http://www.aiim.org/pdfa/ns/extension/\" \
xmlns:pdfaSchema=\"http://www.aiim.org/pdfa/ns/schema#\" xmlns:pdfaProperty=\"http://www.aiim.org/pdfa/ns/property#\">\n\
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType=\"Resource\">\n\
<pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>\n\
<pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>\n\
<pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>\n\
<pdfaSchema:property><rdf:Seq><rdf:li rdf:parseType=\"Resource\">\n\
<pdfaProperty:name>part</pdfaProperty:name>\n<pdfaProperty:valueType>Integer</pdfaProperty:valueType>\n\
<pdfaProperty:category>internal</pdfaProperty:category>\n\
<pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description>\n\
</rdf:li></rdf:Seq></pdfaSchema:property>\n\
</rdf:li>\n{print_schema}</rdf:Bag></pdfaExtension:schemas>\n</rdf:Description>\n\
</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>",
        producer = xml(&creator())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_both_notations() {
        let d = Dates::from_epoch(1_700_000_000).unwrap();
        assert_eq!(d.pdf, "D:20231114221320Z");
        assert_eq!(d.xmp, "2023-11-14T22:13:20Z");
        // A leap day, the first second of 2000, a day before 1970.
        assert_eq!(Dates::from_epoch(951_782_400).unwrap().xmp, "2000-02-29T00:00:00Z");
        assert_eq!(Dates::from_epoch(946_684_800).unwrap().pdf, "D:20000101000000Z");
        assert_eq!(Dates::from_epoch(-1).unwrap().xmp, "1969-12-31T23:59:59Z");
        assert!(Dates::from_epoch(i64::MAX).is_err());
    }

    #[test]
    fn xmp_escapes_and_omits_what_is_not_given() {
        let info = DocInfo { title: "Kamon & co <1>".into(), ..Default::default() };
        let x = xmp(&info, None);
        assert!(x.contains("Kamon &amp; co &lt;1&gt;"));
        assert!(!x.contains("dc:creator"));
        assert!(!x.contains("CreateDate"));
    }
}
