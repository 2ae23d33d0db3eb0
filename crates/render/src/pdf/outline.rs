//! The PDF outline (bookmarks), nested by level.

use super::object::{Dictionary, Object, ObjectId, ObjectTable};
use super::{text_string, Bookmark, PT_PER_MM};
use crate::failure::{RenderError, Result};

/// Writes the outline (nested by level) into the catalog: `page_ids` and `heights` (mm)
/// are the pages'.
pub(super) fn add_outline(
    table: &mut ObjectTable,
    entries: &[Bookmark],
    page_ids: &[ObjectId],
    heights: &[f32],
) -> Result<()> {
    if entries.is_empty() {
        return Ok(());
    }
    let root = table.new_object_id();
    let ids: Vec<ObjectId> = entries.iter().map(|_| table.new_object_id()).collect();
    // Parent of each entry: the nearest earlier entry of a lower level.
    let parent: Vec<Option<usize>> =
        (0..entries.len()).map(|i| (0..i).rev().find(|&j| entries[j].level < entries[i].level)).collect();
    let children = |p: Option<usize>| -> Vec<usize> { (0..entries.len()).filter(|&i| parent[i] == p).collect() };
    let mut descendants = vec![0i64; entries.len()];
    for i in (0..entries.len()).rev() {
        if let Some(p) = parent[i] {
            descendants[p] += 1 + descendants[i];
        }
    }
    for (i, e) in entries.iter().enumerate() {
        let page = *page_ids
            .get(e.page)
            .ok_or_else(|| RenderError::Failed(format!("bookmark '{}' points past the last page", e.title)))?;
        let height = heights.get(e.page).copied().unwrap_or(0.0);
        let top = ((height - e.y + 2.0).max(0.0) * PT_PER_MM) as f64;
        let mut d = Dictionary::new();
        d.set("Title", text_string(&e.title));
        d.set("Parent", Object::Reference(parent[i].map(|p| ids[p]).unwrap_or(root)));
        d.set(
            "Dest",
            Object::Array(vec![
                Object::Reference(page),
                Object::Name(b"XYZ".to_vec()),
                Object::Null,
                Object::Real(top as f32),
                Object::Null,
            ]),
        );
        let siblings = children(parent[i]);
        let at = siblings.iter().position(|&k| k == i).expect("an entry is among its siblings");
        if at > 0 {
            d.set("Prev", Object::Reference(ids[siblings[at - 1]]));
        }
        if let Some(&next) = siblings.get(at + 1) {
            d.set("Next", Object::Reference(ids[next]));
        }
        let kids = children(Some(i));
        if let (Some(&first), Some(&last)) = (kids.first(), kids.last()) {
            d.set("First", Object::Reference(ids[first]));
            d.set("Last", Object::Reference(ids[last]));
            d.set("Count", Object::Integer(descendants[i]));
        }
        table.insert(ids[i], Object::Dictionary(d));
    }
    let top = children(None);
    let mut r = Dictionary::new();
    r.set("Type", Object::Name(b"Outlines".to_vec()));
    r.set("First", Object::Reference(ids[top[0]]));
    r.set("Last", Object::Reference(ids[*top.last().expect("at least one top entry")]));
    r.set("Count", Object::Integer(entries.len() as i64));
    table.insert(root, Object::Dictionary(r));
    let catalog = table.catalog_mut().ok_or_else(|| RenderError::Failed("the PDF has no catalog".into()))?;
    catalog.set("Outlines", Object::Reference(root));
    catalog.set("PageMode", Object::Name(b"UseOutlines".to_vec()));
    Ok(())
}
