//! Rulebooks: Markdown sources with tera variables (each game's `rules.md` in its own
//! folder, compiled into the binary, or the user's own file) → blocks → checked
//! diagrams → typeset pages (PDF/SVG, 1-up or imposed as a booklet) or one HTML page.
//!
//! The pipeline: `template::render` (tera; every fence gets its source line) →
//! [`blocks::parse`] (pulldown-cmark) → [`build_fence`] (each claim checked by the fence's
//! game) → [`typeset::typeset`] → `layout::booklet` / `render::{pdf,svg}`, or
//! `render::html::page`.

pub mod blocks;
pub mod refusal;
mod template;
mod text;
pub mod typeset;

use boardpress_core::{draw, error, fonts, geom, lang, names, options, scene, style};
use boardpress_game as game;

use crate::error::Result;
use crate::game::{fence, Game};
use crate::lang::Lang;
use crate::options::GameOptions;
use blocks::Block;
use fence::{Diagram, Fence, FenceError};
use typeset::{Chapter, TitleBlock};

pub use refusal::{RulebookError, RulebookProblem};

/// The games whose fences a rulebook may hold (and whose names its typesetter never
/// hyphenates): the library hands in its registry.
#[derive(Clone, Copy, Default)]
pub struct Games(pub &'static [&'static dyn Game]);

impl Games {
    /// Each game.
    pub fn iter(self) -> impl Iterator<Item = &'static dyn Game> {
        self.0.iter().copied()
    }

    /// The game a fence's word names.
    fn find(self, word: &str) -> Result<&'static dyn Game> {
        crate::names::one_of(self.0, |g| g.word(), "game", word)
    }
}

impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter().map(|g| g.word())).finish()
    }
}

/// A Markdown source and the name its errors are reported under.
#[derive(Debug, Clone)]
pub struct Source {
    /// File name for messages (`templates/el.md`, or the user's path).
    pub name: String,
    /// The text.
    pub text: String,
}

/// A source made into a chapter, plus the Markdown after templating (for HTML).
#[derive(Debug, Clone)]
pub struct Built {
    /// The source's name (`el.md`, the user's template), for what is refused later.
    pub file: String,
    /// Title block and checked blocks.
    pub chapter: Chapter,
    /// The Markdown body after tera (front matter removed).
    pub markdown: String,
}

/// Runs a source through tera, Markdown and the diagram checks; `options` are the
/// rulebook's game options (an EL fence without `params:` uses EL's), `games` the games
/// its fences may name.
pub fn build(
    src: &Source,
    ctx: &tera::Context,
    options: &GameOptions,
    lang: Lang,
    games: Games,
) -> std::result::Result<Built, RulebookError> {
    let rendered = template::render(src, ctx)?;
    let refused = |problem| RulebookError { file: src.name.clone(), problem };
    let (front, body) = template::front_matter(&rendered);
    let body_start_line = rendered[..rendered.len() - body.len()].lines().count();
    let line_of = |offset: usize| body_start_line + body[..offset.min(body.len())].lines().count().max(1);
    let parsed = blocks::parse(body, &line_of, games).map_err(|e| refused(RulebookProblem::UnknownFence(e)))?;
    let mut resolved = resolve(parsed, options, lang, games).map_err(|e| refused(RulebookProblem::Fence(e)))?;
    if resolved.is_empty() {
        return Err(refused(RulebookProblem::Empty));
    }
    if let Some(length) = longest_cell(&resolved).filter(|&n| n > MOST_CELL) {
        return Err(refused(RulebookProblem::CellTooLong { length, most: MOST_CELL }));
    }
    if let Some((length, text)) = longest_heading(&resolved).filter(|(n, _)| *n > MOST_HEADING) {
        let begins = text.chars().take(40).collect();
        return Err(refused(RulebookProblem::HeadingTooLong { length, most: MOST_HEADING, begins }));
    }
    list_rulings(&mut resolved);
    say_reading(&mut resolved);
    blocks::typeset_spans(&mut resolved, lang);
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
    let subtitle = get("subtitle").unwrap_or_default();
    let credit = get("credit").unwrap_or_default();
    let front =
        [("title", &title, MOST_TITLE), ("subtitle", &subtitle, MOST_SUBTITLE), ("credit", &credit, MOST_SUBTITLE)];
    for (field, text, most) in front {
        let length = text.chars().count();
        if length > most {
            return Err(refused(RulebookProblem::TooLong { field, length, most }));
        }
    }
    let title = TitleBlock {
        title: lang.typeset(&title),
        subtitle: lang.typeset(&subtitle),
        credit: lang.typeset(&credit),
        cover: None,
        colophon: Vec::new(),
    };
    Ok(Built { file: src.name.clone(), chapter: Chapter { title, blocks: resolved }, markdown: body.to_string() })
}

/// The length in characters of the longest table cell among `blocks`, if any.
fn longest_cell(blocks: &[Block]) -> Option<usize> {
    let cell_length = |cell: &Vec<blocks::Span>| cell.iter().map(|s| s.text.chars().count()).sum::<usize>();
    longest(blocks, &|b| match b {
        Block::Table { header, rows } => header.iter().chain(rows.iter().flatten()).map(cell_length).max(),
        _ => None,
    })
}

/// The length in characters and the text of the longest heading among `blocks`, if any.
fn longest_heading(blocks: &[Block]) -> Option<(usize, String)> {
    longest(blocks, &|b| match b {
        Block::Heading { spans, .. } => {
            let text = blocks::plain(spans);
            Some((text.chars().count(), text))
        }
        _ => None,
    })
}

/// The largest of what `measure` finds in `blocks`, lists and rulings included.
fn longest<T: Ord>(blocks: &[Block], measure: &dyn Fn(&Block) -> Option<T>) -> Option<T> {
    blocks
        .iter()
        .filter_map(|b| match b {
            Block::List { items, .. } => items.iter().filter_map(|i| longest(i, measure)).max(),
            Block::Ruling(inner) => longest(inner, measure),
            other => measure(other),
        })
        .max()
}

/// Puts every ruling of the chapter where a `rulings` fence asks for them, as a list.
fn list_rulings(blocks: &mut [Block]) {
    let items = blocks::rulings_list(blocks);
    for b in blocks.iter_mut() {
        if matches!(b, Block::Rulings) {
            *b = Block::List { start: None, items: items.clone() };
        }
    }
}

/// Says how each game's figures are read ([`reading_paragraph`]) once, before the first
/// of them: ahead of the top-level block that holds it, or of the paragraph leading into
/// that block. (A rulebook of one game sets it on its title page instead.)
fn say_reading(blocks: &mut Vec<Block>) {
    let mut said: Vec<String> = Vec::new();
    let mut i = 0;
    while i < blocks.len() {
        let first_unsaid = figures(std::slice::from_ref(&blocks[i]))
            .into_iter()
            .map(|d| d.reading.clone())
            .find(|r| !r.is_empty() && !said.contains(r));
        match first_unsaid {
            Some(reading) => {
                let at = if i > 0 && matches!(blocks[i - 1], Block::Para(_)) { i - 1 } else { i };
                blocks.insert(at, reading_paragraph(&reading));
                said.push(reading);
                // The same block may hold another game's first figure.
                i += 1;
            }
            None => i += 1,
        }
    }
}

/// The paragraph that says how figures are read: its opening words up to the first
/// colon in bold, as a label ("How the boards are read:").
pub fn reading_paragraph(reading: &str) -> Block {
    use crate::fonts::Face;
    use blocks::Span;
    match reading.split_once(':') {
        Some((label, rest)) => Block::Reading(vec![
            Span { text: format!("{label}:"), face: Face::Bold },
            Span { text: rest.to_string(), face: Face::Regular },
        ]),
        None => Block::Reading(vec![Span { text: reading.to_string(), face: Face::Regular }]),
    }
}

/// Replaces every diagram fence by its checked drawing (recursing into list items and
/// rulings).
fn resolve(
    blocks: Vec<Block>,
    options: &GameOptions,
    lang: Lang,
    games: Games,
) -> std::result::Result<Vec<Block>, FenceError> {
    blocks
        .into_iter()
        .map(|b| match b {
            Block::Diagram(f) => build_fence(&f, options, lang, games).map(|d| Block::Figure(Box::new(d))),
            Block::List { start, items } => Ok(Block::List {
                start,
                items: items
                    .into_iter()
                    .map(|i| resolve(i, options, lang, games))
                    .collect::<std::result::Result<_, _>>()?,
            }),
            Block::Ruling(inner) => Ok(Block::Ruling(resolve(inner, options, lang, games)?)),
            other => Ok(other),
        })
        .collect()
}

/// Checks a diagram fence's claims with its game's rules engine and draws it, its
/// caption in `lang`. Every key must be one the game reads (a claim that does not apply
/// is an error). `games` are the games a fence may name.
pub fn build_fence(
    f: &Fence,
    options: &GameOptions,
    lang: Lang,
    games: Games,
) -> std::result::Result<Diagram, FenceError> {
    let game = games.find(&f.game).map_err(|e| FenceError::line(f.line, e))?;
    let mut keys: Vec<&str> = Vec::new();
    for k in games.iter().flat_map(|g| g.fence_keys().iter()).chain(fence::COMMON_KEYS.iter()) {
        if !keys.contains(k) {
            keys.push(k);
        }
    }
    let es = fence::entries(f, &keys)?;
    // The game fills the caption's placeholders and checks its words (fence::caption).
    let mut diagram = game.fence(&es, f.line, &options.only(game.options()), lang)?;
    diagram.caption = lang.typeset(&diagram.caption);
    let length = diagram.caption.chars().count();
    // (Only a `caption:` line makes a caption.)
    match fence::get(&es, "caption") {
        Some(c) if length > MOST_CAPTION => {
            let why = format!(
                "the caption, filled in, is {length} characters; a caption holds {MOST_CAPTION} (say the rest in the text)"
            );
            return Err(fence::at(c, why));
        }
        _ => {}
    }
    if let Some(w) = fence::get(&es, "width") {
        diagram.width = w
            .value
            .trim_end_matches("mm")
            .trim()
            .parse::<f32>()
            .ok()
            .filter(|w| (10.0..=180.0).contains(w))
            .ok_or_else(|| fence::at(w, "width must be a number of millimetres between 10 and 180"))?;
        // The typesetter keeps a diagram's smallest text at MIN_TYPE_PT down to its design
        // width, not below: a width that would print it smaller is refused.
        if let Some(pt) = diagram.scene.smallest_text() {
            let printed = pt.0 * diagram.width / diagram.scene.width;
            let floor = typeset::MIN_TYPE_PT.0;
            if printed < floor {
                let needed = (floor / pt.0 * diagram.scene.width).ceil();
                let why = format!(
                    "at {} mm the diagram's smallest text would print at {printed:.1} pt; it needs {needed} mm or more to print it at {floor} pt",
                    diagram.width
                );
                return Err(fence::at(w, why));
            }
        }
    }
    let allowed = |k: &str| fence::COMMON_KEYS.contains(&k) || game.fence_keys().contains(&k);
    if let Some(e) = es.iter().find(|e| !allowed(&e.key)) {
        return Err(FenceError::line(e.line, format!("'{}' does not apply to {} diagrams", e.key, f.game)));
    }
    Ok(diagram)
}

/// The longest title a rulebook takes (characters): room for any title a person gives
/// a book, and few enough that its title page holds it at the least size a title is
/// given (150 capital Ws take eight lines of a half-letter booklet page, and print).
pub(crate) const MOST_TITLE: usize = 150;

/// The longest subtitle or credit a rulebook's front matter takes (characters).
pub(crate) const MOST_SUBTITLE: usize = 300;

/// The longest caption a diagram takes, filled in (characters): nine lines or so beside
/// or under its picture.
pub(crate) const MOST_CAPTION: usize = 400;

/// The longest table cell a rulebook takes (characters).
pub(crate) const MOST_CELL: usize = 400;

/// The longest heading a rulebook takes (characters): a few lines, however narrow the
/// page (a heading is never split between pages). Longer, it is most likely a
/// paragraph that a line of `---` right under it has made a heading.
pub(crate) const MOST_HEADING: usize = 200;

/// Every checked diagram of a chapter, in document order.
pub fn figures(blocks: &[Block]) -> Vec<&Diagram> {
    let mut out = Vec::new();
    for b in blocks {
        match b {
            Block::Figure(d) => out.push(d.as_ref()),
            Block::List { items, .. } => items.iter().for_each(|i| out.extend(figures(i))),
            Block::Ruling(inner) => out.extend(figures(inner)),
            _ => {}
        }
    }
    out
}
