//! The bundled fonts in a PDF: each face subset to the characters the pages use
//! (allsorts), registered under a fixed resource name, and given a stable subset tag.

use std::collections::{BTreeMap, BTreeSet};

use printpdf::{FontId, ParsedFont, PdfDocument};

use crate::error::{Error, Result};
use crate::fonts::Face;
use crate::scene::{Item, Scene};
use crate::seed::fnv1a64;

/// A face's resource name (`F1`, `F2`, …).
pub(super) fn font_id(face: Face) -> FontId {
    FontId(format!("F{}", face as usize + 1))
}

/// Subsets each face to the characters the pages use and registers it under a fixed id.
pub(super) fn embed_subset_fonts(doc: &mut PdfDocument, pages: &[Scene]) -> Result<()> {
    let mut used: BTreeMap<Face, BTreeSet<char>> = BTreeMap::new();
    for scene in pages {
        for item in &scene.items {
            if let Item::Text { text, face, .. } = item {
                used.entry(*face).or_default().extend(text.chars());
            }
        }
    }
    for (face, chars) in used {
        let mut gids: BTreeSet<u16> = BTreeSet::from([0]);
        gids.extend(chars.iter().filter_map(|&c| face.glyph_index(c)));
        let gids: Vec<u16> = gids.into_iter().collect();
        let bytes = subset(face.bytes(), &gids).map_err(|e| Error::failed(format!("font subsetting failed: {e}")))?;
        let parsed = ParsedFont::from_bytes(&bytes, 0, &mut Vec::new())
            .ok_or_else(|| Error::failed("the subset font does not parse"))?;
        doc.resources.fonts.map.insert(font_id(face), printpdf::PdfFont::new(parsed));
    }
    Ok(())
}

fn subset(font: &[u8], gids: &[u16]) -> std::result::Result<Vec<u8>, String> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{subset, CmapTarget, SubsetProfile};
    let data = ReadScope::new(font).read::<FontData<'_>>().map_err(|e| e.to_string())?;
    let provider = data.table_provider(0).map_err(|e| e.to_string())?;
    subset(&provider, gids, &SubsetProfile::Pdf, CmapTarget::Unicode).map_err(|e| e.to_string())
}

/// Gives every embedded font a subset tag (`ABCDEF+DejaVuSans`, ISO 32000 9.6.4), derived
/// from the font's resource name so it is stable.
pub(super) fn tag_subset_fonts(lo: &mut lopdf::Document) {
    let mut renames: Vec<(lopdf::ObjectId, Vec<u8>)> = Vec::new();
    for (id, obj) in lo.objects.iter() {
        let Ok(dict) = obj.as_dict() else { continue };
        for key in [b"BaseFont".as_slice(), b"FontName".as_slice()] {
            if let Ok(name) = dict.get(key).and_then(|n| n.as_name()) {
                if let Some(face) = Face::ALL
                    .iter()
                    .find(|f| name == font_id(**f).0.as_bytes() || name.ends_with(f.postscript_name().as_bytes()))
                {
                    let tag: String = (0..6)
                        .map(|i| (b'A' + ((fnv1a64(face.postscript_name().as_bytes()) >> (i * 5)) % 26) as u8) as char)
                        .collect();
                    renames.push((*id, format!("{tag}+{}", face.postscript_name()).into_bytes()));
                }
            }
        }
    }
    for (id, new_name) in renames {
        if let Ok(lopdf::Object::Dictionary(dict)) = lo.get_object_mut(id) {
            for key in [b"BaseFont".as_slice(), b"FontName".as_slice()] {
                if dict.has(key) {
                    dict.set(key, lopdf::Object::Name(new_name.clone()));
                }
            }
            // The CIDFont inside a Type 0 font bears the same name.
            if let Ok(lopdf::Object::Array(descendants)) = dict.get_mut(b"DescendantFonts") {
                for d in descendants.iter_mut() {
                    if let lopdf::Object::Dictionary(cid) = d {
                        cid.set("BaseFont", lopdf::Object::Name(new_name.clone()));
                    }
                }
            }
        }
    }
}
