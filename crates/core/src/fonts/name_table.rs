//! The `name` table of the fonts we subset: the web page's faces and the font programs
//! embedded in PDFs. DejaVu's carries its whole licence text twice (Macintosh and
//! Windows encodings): 15 KB of the 23 KB a sheet's subset of one face took, which every
//! PDF compressed and carried. Neither a PDF reader nor a browser reads those names (a
//! PDF's font dictionaries name the font), so the subsets keep the names HarfBuzz's
//! subsetter keeps by default — IDs 0 to 6: the copyright notice, family, style, unique
//! and full names, version and PostScript name — in every encoding the face has. The
//! licence travels beside the bundled subsets instead (`fonts/web/LICENSE`).

use std::borrow::Cow;

use allsorts::error::ParseError;
use allsorts::tables::{FontTableProvider, SfntVersion};
use allsorts::tag;

/// The highest name ID kept (6: the PostScript name).
const LAST_KEPT_NAME: u16 = 6;

/// A font's tables, with its `name` table cut to the names with IDs 0 to 6.
pub struct ShortNames<P> {
    /// The font's own tables.
    pub inner: P,
}

impl<P: FontTableProvider> FontTableProvider for ShortNames<P> {
    fn table_data(&self, tag: u32) -> Result<Option<Cow<'_, [u8]>>, ParseError> {
        let data = self.inner.table_data(tag)?;
        if tag != tag::NAME {
            return Ok(data);
        }
        match data {
            Some(name) => Ok(Some(Cow::Owned(short_name_table(&name).ok_or(ParseError::BadValue)?))),
            None => Ok(None),
        }
    }

    fn has_table(&self, tag: u32) -> bool {
        self.inner.has_table(tag)
    }

    fn table_tags(&self) -> Option<Vec<u32>> {
        self.inner.table_tags()
    }
}

impl<P: SfntVersion> SfntVersion for ShortNames<P> {
    fn sfnt_version(&self) -> u32 {
        self.inner.sfnt_version()
    }
}

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

/// A `name` table (format 0 or 1) rewritten as format 0 with only the records whose
/// name ID is at most [`LAST_KEPT_NAME`], in their order; `None` if it is malformed.
fn short_name_table(table: &[u8]) -> Option<Vec<u8>> {
    let count = usize::from(u16_at(table, 2)?);
    let storage = usize::from(u16_at(table, 4)?);
    let mut records = Vec::new();
    let mut strings: Vec<u8> = Vec::new();
    for i in 0..count {
        let record = table.get(6 + 12 * i..6 + 12 * (i + 1))?;
        if u16_at(record, 6)? > LAST_KEPT_NAME {
            continue;
        }
        let length = usize::from(u16_at(record, 8)?);
        let offset = storage + usize::from(u16_at(record, 10)?);
        let text = table.get(offset..offset + length)?;
        records.extend_from_slice(&record[..10]);
        records.extend_from_slice(&u16::try_from(strings.len()).ok()?.to_be_bytes());
        strings.extend_from_slice(text);
    }
    let kept = records.len() / 12;
    let mut out = Vec::with_capacity(6 + records.len() + strings.len());
    out.extend_from_slice(&0u16.to_be_bytes());
    out.extend_from_slice(&u16::try_from(kept).ok()?.to_be_bytes());
    out.extend_from_slice(&u16::try_from(6 + records.len()).ok()?.to_be_bytes());
    out.extend_from_slice(&records);
    out.extend_from_slice(&strings);
    Some(out)
}

// The test reads the full faces.
#[cfg(all(test, feature = "full-fonts"))]
mod tests {
    use super::*;
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::tables::NameTable;

    /// The names kept, as allsorts reads them: (platform, name ID, text bytes).
    fn names(table: &[u8]) -> Vec<(u16, u16, Vec<u8>)> {
        let name = ReadScope::new(table).read::<NameTable<'_>>().unwrap();
        name.name_records
            .iter()
            .map(|r| {
                let text = name.string_storage.offset_length(usize::from(r.offset), usize::from(r.length)).unwrap();
                (r.platform_id, r.name_id, text.data().to_vec())
            })
            .collect()
    }

    #[test]
    fn the_short_table_keeps_names_0_to_6_with_their_texts_and_drops_the_licence() {
        for face in crate::fonts::Face::ALL {
            let data = ReadScope::new(face.bytes()).read::<FontData<'_>>().unwrap();
            let provider = data.table_provider(0).unwrap();
            let full = provider.read_table_data(tag::NAME).unwrap().into_owned();
            let short = ShortNames { inner: provider }.read_table_data(tag::NAME).unwrap().into_owned();
            let wanted: Vec<_> = names(&full).into_iter().filter(|(_, id, _)| *id <= 6).collect();
            assert_eq!(names(&short), wanted, "{face:?}");
            assert!(wanted.len() >= 14, "{face:?}: both encodings' seven names, {}", wanted.len());
            assert!(names(&full).iter().any(|(_, id, _)| *id == 13), "{face:?} has a licence to drop");
            assert!(short.len() * 10 < full.len(), "{face:?}: {} of {} bytes", short.len(), full.len());
        }
    }

    #[test]
    fn a_malformed_name_table_is_an_error_not_a_panic() {
        assert_eq!(short_name_table(&[0, 0, 0, 9]), None);
        // One record pointing past the end of the table.
        let table = [0, 0, 0, 1, 0, 18, 0, 3, 0, 1, 4, 9, 0, 1, 0, 40, 0, 0];
        assert_eq!(short_name_table(&table), None);
    }
}
