//! Rulebooks: Markdown sources with tera variables (one per game in `templates/`,
//! compiled into the binary, or the user's own file) → blocks → checked diagrams →
//! typeset pages (PDF/SVG, 1-up or imposed as a booklet) or one HTML page.
//!
//! The pipeline: [`template::render`] (tera; every fence gets its source line) →
//! [`blocks::parse`] (pulldown-cmark) → [`diagrams::build`] (each claim checked by the
//! rules engine) → [`typeset::typeset`] → `layout::booklet` / `render::{pdf,svg}`, or
//! `render::html::page`.

pub mod blocks;
pub mod diagrams;
pub mod template;
pub mod text;
pub mod typeset;

use crate::error::{Error, Result};
use crate::games::Game;
use blocks::Block;
use diagrams::DiagramDefaults;
use typeset::{Chapter, TitleBlock};

/// A Markdown source and the name its errors are reported under.
#[derive(Debug, Clone)]
pub struct Source {
    /// File name for messages (`templates/el.md`, or the user's path).
    pub name: String,
    /// The text.
    pub text: String,
}

/// The built-in rulebook of a game (compiled in from `templates/`).
pub fn builtin(game: Game) -> Source {
    let (name, text) = match game {
        Game::El => ("templates/el.md", include_str!("../../templates/el.md")),
        Game::Kamon => ("templates/kamon.md", include_str!("../../templates/kamon.md")),
        Game::Six => ("templates/six.md", include_str!("../../templates/six.md")),
        Game::Gosforth => ("templates/gosforth.md", include_str!("../../templates/gosforth.md")),
    };
    Source { name: name.into(), text: text.into() }
}

/// A source made into a chapter, plus the Markdown after templating (for HTML).
#[derive(Debug, Clone)]
pub struct Built {
    /// Title block and checked blocks.
    pub chapter: Chapter,
    /// The Markdown body after tera (front matter removed).
    pub markdown: String,
}

/// Runs a source through tera, Markdown and the diagram checks.
pub fn build(src: &Source, ctx: &tera::Context, defaults: &DiagramDefaults) -> Result<Built> {
    let rendered = template::render(src, ctx)?;
    let (front, body) = template::front_matter(&rendered);
    let body_start_line = rendered[..rendered.len() - body.len()].lines().count();
    let line_of = |offset: usize| body_start_line + body[..offset.min(body.len())].lines().count().max(1);
    let parsed = blocks::parse(body, &line_of).map_err(|e| Error::input(format!("{}, {e}", src.name)))?;
    let resolved = resolve(parsed, defaults).map_err(|e| Error::input(format!("{}, {e}", src.name)))?;
    let get = |k: &str| front.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
    let title = get("title")
        .or_else(|| {
            resolved.iter().find_map(|b| match b {
                Block::Heading { level: 1, spans } => Some(blocks::plain(spans)),
                _ => None,
            })
        })
        .unwrap_or_else(|| {
            std::path::Path::new(&src.name).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
        });
    let title = TitleBlock {
        title,
        subtitle: get("subtitle").unwrap_or_default(),
        credit: get("credit").unwrap_or_default(),
        cover: None,
        colophon: Vec::new(),
    };
    Ok(Built { chapter: Chapter { title, blocks: resolved }, markdown: body.to_string() })
}

/// Replaces every diagram fence by its checked drawing (recursing into list items).
fn resolve(blocks: Vec<Block>, defaults: &DiagramDefaults) -> std::result::Result<Vec<Block>, String> {
    blocks
        .into_iter()
        .map(|b| match b {
            Block::Diagram(f) => diagrams::build(&f, defaults).map(|d| Block::Figure(Box::new(d))),
            Block::List { start, items } => Ok(Block::List {
                start,
                items: items.into_iter().map(|i| resolve(i, defaults)).collect::<std::result::Result<_, _>>()?,
            }),
            other => Ok(other),
        })
        .collect()
}

/// Every checked diagram of a chapter, in document order.
pub fn figures(blocks: &[Block]) -> Vec<&diagrams::Diagram> {
    let mut out = Vec::new();
    for b in blocks {
        match b {
            Block::Figure(d) => out.push(d.as_ref()),
            Block::List { items, .. } => items.iter().for_each(|i| out.extend(figures(i))),
            _ => {}
        }
    }
    out
}
