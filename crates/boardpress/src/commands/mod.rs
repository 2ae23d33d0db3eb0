//! The commands, written once for every game: each takes a request and makes documents
//! in memory. No command names a game; they reach the games through the registry
//! (`games::GAMES`) and the contract's traits.

pub mod board;
pub mod puzzles;
pub mod recreate;
pub mod render;
pub mod rules;
pub mod solve;
pub mod verify;

use std::borrow::Cow;
use std::path::PathBuf;

use crate::error::Result;
use crate::form::{self, Medium};
use crate::render::{pdf, svg};
use crate::request::{Bytes, Document, Format};
use crate::scene::Scene;

/// The MIME type of each output format.
pub fn mime(extension: &str) -> &'static str {
    match extension {
        "pdf" => "application/pdf",
        "svg" => "image/svg+xml",
        "html" => "text/html",
        "jsonl" => "application/jsonl",
        _ => "application/octet-stream",
    }
}

/// One document: `{stem}.{ext}`.
pub fn single(stem: &str, extension: &str, bytes: impl Into<Bytes>) -> Document {
    Document { name: format!("{stem}.{extension}"), part: None, mime: mime(extension), bytes: bytes.into() }
}

/// Pages as one PDF, or as SVG files (one per page: `page1`, …). Every page passes the
/// form check first (see [`crate::form`]): none is written that breaks it. The PDF
/// writer may use `threads` threads (the bytes are the same).
pub fn page_documents(
    stem: &str,
    format: Format,
    pages: &[Scene],
    info: &pdf::DocInfo,
    threads: usize,
) -> Result<Vec<Document>> {
    drawn_documents(stem, format, pages.len(), &|k| Cow::Borrowed(&pages[k]), info, threads)
}

/// `count` drawings, each an SVG file of its own (`{stem}-{name}.svg`), drawn one at a
/// time by `part` (from 0) as a name and a scene, and checked as `medium`: none is
/// written if one breaks the form check (the error names `what`).
pub fn svg_documents<'a>(
    stem: &str,
    count: usize,
    medium: &Medium,
    what: &str,
    part: &dyn Fn(usize) -> (String, Cow<'a, Scene>),
) -> Result<Vec<Document>> {
    let mut checked = form::Checked::default();
    let mut documents = Vec::with_capacity(count);
    for k in 0..count {
        let (name, scene) = part(k);
        checked.page(k, &scene, medium);
        if checked.clean() {
            documents.push(svg_document(stem, &name, &scene));
        }
    }
    checked.verdict(what)?;
    Ok(documents)
}

/// The same for `count` pages drawn one at a time by `page` (from 0): each is checked,
/// written and let go before the next is drawn.
pub fn drawn_documents<'a>(
    stem: &str,
    format: Format,
    count: usize,
    page: &dyn Fn(usize) -> Cow<'a, Scene>,
    info: &pdf::DocInfo,
    threads: usize,
) -> Result<Vec<Document>> {
    match format {
        Format::Svg => svg_documents(stem, count, &Medium::Sheet, stem, &|k| (format!("page{}", k + 1), page(k))),
        _ => {
            let mut checked = form::Checked::default();
            // A second thread costs more than it saves on a page or two (measured: 0.2 ms
            // more on a 1-puzzle sheet and its key; from three pages on it gains).
            let threads = if count >= 3 { threads } else { 1 };
            let mut writer = pdf::PdfWriter::new(info, threads)?;
            for k in 0..count {
                let scene = page(k);
                checked.page(k, &scene, &Medium::Sheet);
                if checked.clean() {
                    writer.page(&scene)?;
                }
            }
            checked.verdict(stem)?;
            Ok(vec![single(stem, "pdf", Bytes::from_pieces(writer.finish_in_pieces()?))])
        }
    }
}

/// One page or picture as an SVG file of its own: `{stem}-{part}.svg`.
fn svg_document(stem: &str, part: &str, scene: &Scene) -> Document {
    Document {
        name: format!("{stem}-{part}.svg"),
        part: Some(part.to_string()),
        mime: mime("svg"),
        bytes: svg::render(scene).into_bytes().into(),
    }
}

/// Where a document goes by default: `output/{name}`.
pub fn default_path(name: &str) -> PathBuf {
    PathBuf::from("output").join(name)
}
