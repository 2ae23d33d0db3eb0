//! Blocks → pages: the rulebook's own layout on the shared scene. Headings, justified
//! paragraphs, lists, tables, rows of diagrams with captions, page numbers, a title page
//! per book and a contents page for the compendium. Keep rules: a heading stays with
//! the first lines of what follows, a paragraph leaves no single line at the foot or
//! head of a page, and a paragraph that ends with a colon stays with its diagrams.

use crate::blocks::{plain, Block, Span};
use crate::fonts::Face;
use crate::game::fence::Diagram;
use crate::lang::Lang;
use crate::scene::{Anchor, Key, Points, Role, Scene};
use crate::style::{self, GREY, INK};
use crate::text::{
    break_cell, break_justified, break_lines, break_lines_with, draw_line, widest_letter, widest_word, Align,
    Hyphenation,
};
use crate::Games;

mod flow;
mod front;
mod pages;
mod table;

pub(crate) use flow::MIN_TYPE_PT;
use flow::{FlowBox, Setter, FIGURE_SHRINK};
use front::{chapter_opening, colophon_box, contents_page, title_page};
use pages::paginate;

const RULE: crate::scene::Rgb = crate::scene::Rgb(150, 150, 150);
const BAND: crate::scene::Rgb = crate::scene::Rgb(228, 232, 238);
/// The bar beside our rulings: a mid grey that prints on any printer.
const RULING_BAR: crate::scene::Rgb = crate::scene::Rgb(120, 120, 120);

/// Page size, margins and type sizes of one logical page.
#[derive(Debug, Clone, Copy)]
pub struct PageStyle {
    /// Page width, mm.
    pub width: f32,
    /// Page height, mm.
    pub height: f32,
    /// Side margins, mm.
    pub side: f32,
    /// Top margin, mm.
    pub top: f32,
    /// Bottom margin (the page number sits in it), mm.
    pub bottom: f32,
    /// Body text size, pt.
    pub body: Points,
    /// Diagram scale relative to the A5 design widths.
    pub figure_scale: f32,
    /// The language: its hyphenation and the typesetter's own words (Contents).
    pub lang: Lang,
    /// The games whose names are never hyphenated.
    pub games: Games,
}

impl PageStyle {
    /// A full page (A4 or Letter) for screens and 1-up printing, for a book of `games`.
    pub fn full(width: f32, height: f32, games: Games) -> Self {
        let (side, top, bottom, body) = (22.0, 20.0, 22.0, Points(10.5));
        PageStyle { width, height, side, top, bottom, body, figure_scale: 1.0, lang: Lang::En, games }
    }

    /// A booklet page (A5 or half-letter), for a book of `games`.
    pub fn booklet(width: f32, height: f32, games: Games) -> Self {
        let (side, top, bottom, body) = (14.0, 13.0, 16.0, Points(9.0));
        PageStyle { width, height, side, top, bottom, body, figure_scale: 1.0, lang: Lang::En, games }
    }

    /// How the text is hyphenated: in the page's language, never inside a game's name.
    pub fn hyphenation(&self) -> Hyphenation {
        Hyphenation { lang: self.lang, games: self.games }
    }

    fn measure(&self) -> f32 {
        self.width - 2.0 * self.side
    }

    fn leading(&self) -> f32 {
        self.body.scaled(1.32).em()
    }
}

/// The title page of a book or the opening of a chapter.
#[derive(Debug, Clone, Default)]
pub struct TitleBlock {
    /// The title.
    pub title: String,
    /// A line under it.
    pub subtitle: String,
    /// The credit line (the game's designer).
    pub credit: String,
    /// A picture for the title page (a board).
    pub cover: Option<Scene>,
    /// Small print at the foot of the title page (version, the recreating command).
    pub colophon: Vec<String>,
}

/// One game's rules (or a user's document).
#[derive(Debug, Clone)]
pub struct Chapter {
    /// Its title block.
    pub title: TitleBlock,
    /// The content, diagrams resolved.
    pub blocks: Vec<Block>,
}

/// An outline (bookmark) entry.
#[derive(Debug, Clone, PartialEq)]
pub struct OutlineEntry {
    /// 0 = chapter, 1 = `#`, 2 = `##`.
    pub level: u8,
    /// The text shown.
    pub title: String,
    /// Page index (0-based).
    pub page: usize,
    /// Distance from the page top, mm.
    pub y: f32,
}

/// Laid-out pages and their outline.
#[derive(Debug, Clone)]
pub struct Laid {
    /// One scene per page.
    pub pages: Vec<Scene>,
    /// Bookmarks in document order.
    pub outline: Vec<OutlineEntry>,
}

/// A table with more columns than its page holds at one letter a column: the source is
/// refused (exit status 2) rather than printed running off the page.
#[derive(Debug, Clone, PartialEq)]
pub struct TableTooWide {
    /// Its columns.
    pub columns: usize,
    /// The width they need at one letter a column, with the cells' padding (mm).
    pub needs: f32,
    /// The width the page gives it where it stands, into the side margin (mm).
    pub room: f32,
    /// Its first cell's text that is not empty, to find it by.
    pub first: String,
}

/// A table row taller than its page (a long text in a narrow column): the source is
/// refused (exit status 2) rather than printed past the page's foot, since a row is
/// never split between pages.
#[derive(Debug, Clone, PartialEq)]
pub struct RowTooTall {
    /// The row's height (mm).
    pub height: f32,
    /// The height a page gives the text (mm).
    pub room: f32,
    /// The table's first cell's text that is not empty, to find it by.
    pub first: String,
    /// The text of the row's tallest cell.
    pub cell: String,
}

/// A table its page cannot hold.
#[derive(Debug, Clone, PartialEq)]
pub enum TableRefused {
    /// More columns than the page holds at one letter a column.
    TooWide(TableTooWide),
    /// A row taller than the page.
    RowTooTall(RowTooTall),
}

/// Lays out one or more chapters. `compendium` adds a book title page and a contents
/// page and starts each chapter on a new page with its own opening; otherwise the
/// chapter's title block makes the title page when it has a picture (a game's board),
/// and without one opens the first page, the colophon closing the text (a title page
/// would hold the title alone). Every page but the first carries its number and the
/// running title, "`running_title` — rules" in the page's language. Refused: a table too
/// wide for its page or with a row taller than it, with the chapter it is in (counted
/// from 0).
pub fn typeset(
    style: &PageStyle,
    book: &TitleBlock,
    chapters: &[Chapter],
    compendium: bool,
    running_title: &str,
) -> Result<Laid, (usize, TableRefused)> {
    // The document's title is its H1 (on the title page, or opening the first page); a
    // compendium's chapters open at H2.
    let setter = Setter::new(style, if compendium { 3 } else { 2 });
    let mut pages: Vec<Scene> = Vec::new();
    let mut outline = Vec::new();
    // A rulebook of one game says how its figures are read on its title page, where the
    // room is (before every figure: the title picture says what it shows in full).
    let with_title_page = compendium || chapters[0].title.cover.is_some();
    let reading = if compendium || !with_title_page {
        None
    } else {
        chapters[0].blocks.iter().find_map(|b| if let Block::Reading(spans) = b { Some(spans.clone()) } else { None })
    };
    if with_title_page {
        pages.push(title_page(style, if compendium { book } else { &chapters[0].title }, reading.as_deref()));
    }
    let contents_at = pages.len();
    if compendium {
        pages.push(Scene::new(style.width, style.height));
    }
    let mut chapter_pages = Vec::new();
    for (k, ch) in chapters.iter().enumerate() {
        let mut flow = Vec::new();
        let mut blocks = ch.blocks.as_slice();
        if compendium {
            flow.extend(chapter_opening(style, &ch.title, 2));
        } else if !with_title_page {
            flow.extend(chapter_opening(style, &ch.title, 1));
            // A title taken from the first heading is not set twice.
            if let [Block::Heading { level: 1, spans }, rest @ ..] = blocks {
                if style.lang.typeset(&plain(spans)) == ch.title.title {
                    blocks = rest;
                }
            }
        }
        if reading.is_some() {
            let blocks: Vec<Block> = blocks.iter().filter(|b| !matches!(b, Block::Reading(_))).cloned().collect();
            flow.extend(setter.blocks(&blocks, 0.0, style.measure()));
        } else {
            flow.extend(setter.blocks(blocks, 0.0, style.measure()));
        }
        if !with_title_page {
            flow.push(colophon_box(style, &ch.title.colophon));
        }
        if let Some(refused) = setter.refused.take() {
            return Err((k, refused));
        }
        let first_page = pages.len();
        chapter_pages.push(first_page);
        outline.push(OutlineEntry { level: 0, title: ch.title.title.clone(), page: first_page, y: style.top });
        paginate(style, flow, &mut pages, &mut outline);
    }
    if compendium {
        pages[contents_at] = contents_page(style, chapters, &chapter_pages, &outline);
    }
    let number_size = style.body.scaled(0.85);
    // The running title keeps clear of the page number centred beside it (the widest).
    let widest_number = Face::Regular.text_width(&pages.len().to_string(), number_size);
    let room = style.width / 2.0 - style.side - widest_number / 2.0 - RUNNING_GAP;
    let (footer_title, footer_size) = running_footer(style, running_title, room);
    for (i, p) in pages.iter_mut().enumerate().skip(1) {
        let y = style.height - style.bottom * 0.45;
        // Page numbers and the running title are page furniture.
        p.artifact(|p| {
            p.text(style.width / 2.0, y, number_size, format!("{}", i + 1), Face::Regular, Anchor::Middle, INK);
            let (x, anchor) =
                if i % 2 == 1 { (style.side, Anchor::Start) } else { (style.width - style.side, Anchor::End) };
            p.text(x, y, footer_size, footer_title.clone(), Face::Italic, anchor, GREY);
        });
    }
    Ok(Laid { pages, outline })
}

/// The least room between the running title and the page number (mm).
const RUNNING_GAP: f32 = 2.0;

/// The running title "`title` — rules" as it fits `room` mm: at seven tenths of the body
/// size, smaller down to the least size a diagram's text may have, and beyond that with
/// the title cut after a word (or, for one long word, a letter) and an ellipsis, as a
/// book's running heads are shortened. The words and their size.
fn running_footer(style: &PageStyle, title: &str, room: f32) -> (String, Points) {
    let footer = |t: &str| style.lang.f("rules.footer", &[("title", &t)]);
    let full = footer(title);
    let preferred = style.body.scaled(0.7);
    let floor = flow::MIN_TYPE_PT.min(preferred);
    let size = crate::fonts::fit_size(Face::Italic, &full, room, preferred);
    if size >= floor {
        return (full, size);
    }
    // A line's width is the sum of its letters' advances: the longest beginning of the
    // title that fits beside the rest of the footer ends at a word if one does.
    let room_for_title = room - Face::Italic.text_width(&footer("…"), floor);
    let (mut width, mut at_letter, mut at_word) = (0.0, 0, 0);
    for (i, c) in title.char_indices() {
        width += Face::Italic.text_width(c.encode_utf8(&mut [0; 4]), floor);
        if width > room_for_title {
            break;
        }
        at_letter = i + c.len_utf8();
        if c != ' ' && title[at_letter..].starts_with(' ') {
            at_word = at_letter;
        }
    }
    let cut = if at_word > 0 { at_word } else { at_letter };
    (footer(&format!("{}…", &title[..cut])), floor)
}

/// One chapter's pages for a book: its opening and its text, on pages of `style` (whose
/// margins the book sets to zero: it places the pages in its own text area), with no
/// title page and no page numbers. Outline entries point at these pages. The chapter's
/// title is a level 2 heading (under the book's title). Refused: a table too wide for
/// its page or with a row taller than it.
pub fn chapter_pages(style: &PageStyle, chapter: &Chapter) -> Result<Laid, TableRefused> {
    let setter = Setter::new(style, 3);
    let mut flow = chapter_opening(style, &chapter.title, 2);
    flow.extend(setter.blocks(&chapter.blocks, 0.0, style.measure()));
    if let Some(refused) = setter.refused.take() {
        return Err(refused);
    }
    let mut pages = Vec::new();
    let mut outline = vec![OutlineEntry { level: 0, title: chapter.title.title.clone(), page: 0, y: style.top }];
    paginate(style, flow, &mut pages, &mut outline);
    Ok(Laid { pages, outline })
}

/// Centred text reads better without hyphens.
fn break_lines_no_hyphen(spans: &[Span], size: Points, width: f32) -> Vec<crate::text::Line> {
    break_lines_with(spans, size, width, None)
}
