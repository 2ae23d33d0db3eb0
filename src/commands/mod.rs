//! The commands, written once for every game: each takes a request and makes documents
//! in memory. No command names a game; they reach the games through the registry
//! (`games::GAMES`) and the contract's traits.

pub mod board;
pub mod puzzles;
pub mod render;
pub mod rules;
pub mod solve;
pub mod verify;

use std::path::PathBuf;

use crate::error::Result;
use crate::form::{self, Medium};
use crate::render::{pdf, svg};
use crate::request::{Document, Format};
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
pub fn single(stem: &str, extension: &str, bytes: Vec<u8>) -> Document {
    Document { name: format!("{stem}.{extension}"), part: None, mime: mime(extension), bytes }
}

/// Pages as one PDF, or as SVG files (one per page: `page1`, … or the parts given: each
/// a picture on its own). Every page passes the form check first (see [`crate::form`]):
/// none is written that breaks it.
pub fn page_documents(
    stem: &str,
    format: Format,
    pages: &[Scene],
    svg_parts: Option<Vec<(String, Scene)>>,
    info: &pdf::DocInfo,
) -> Result<Vec<Document>> {
    match format {
        Format::Svg => {
            let parts: Vec<(String, Scene)> = match svg_parts {
                Some(list) => {
                    let pictures: Vec<Scene> = list.iter().map(|(_, s)| s.clone()).collect();
                    form::ensure(&pictures, |_| Medium::Picture, &format!("{stem}'s diagrams"))?;
                    list
                }
                None => {
                    form::ensure(pages, |_| Medium::Sheet, stem)?;
                    pages.iter().enumerate().map(|(i, p)| (format!("page{}", i + 1), p.clone())).collect()
                }
            };
            Ok(parts
                .iter()
                .map(|(part, scene)| Document {
                    name: format!("{stem}-{part}.svg"),
                    part: Some(part.clone()),
                    mime: mime("svg"),
                    bytes: svg::render(scene).into_bytes(),
                })
                .collect())
        }
        _ => {
            form::ensure(pages, |_| Medium::Sheet, stem)?;
            Ok(vec![single(stem, "pdf", pdf::render(pages, info)?)])
        }
    }
}

/// Where a document goes by default: `output/{name}`.
pub fn default_path(name: &str) -> PathBuf {
    PathBuf::from("output").join(name)
}
