//! Sheets: sections of tiles laid out on the paper's pages (see [`super::section`]), a
//! worksheet header (the user's title, a name and date line) on boards too, and a footer
//! on every page (seed, version, page n/N, the command that recreates the file).

use super::heading::{Heading, Levels};
use super::paper::Paper;
use super::section::{section_pages, MIN_PT};
use super::Header;
use crate::error::Result;
use crate::fonts::{break_at_separators, fit_size, Face};
use crate::lang::Lang;
use crate::scene::{Anchor, Role, Scene};
use crate::sheet::Section;
use crate::style::{self, GREY};

/// What every page's footer says.
#[derive(Debug, Clone)]
pub struct Footer {
    /// The seed the file was generated from, if any.
    pub seed: Option<String>,
    /// The command that recreates the file.
    pub command: String,
    /// The language of the footer's words.
    pub lang: Lang,
}

const MARGIN: f32 = 14.0;
const FOOTER_PT: f32 = 6.5;

fn mm(pt: f32) -> f32 {
    pt * 25.4 / 72.0
}

/// The height the footer takes (its command may wrap onto a second line).
fn footer_lines(pw: f32, footer: &Footer) -> usize {
    let text = footer.lang.f("footer.recreate", &[("command", &footer.command)]);
    let width = pw - 2.0 * MARGIN;
    if fit_size(Face::Regular, &text, width, FOOTER_PT) >= MIN_PT {
        1
    } else {
        break_at_separators(Face::Regular, &text, width, MIN_PT).len()
    }
}

/// Lays out the sections, each starting on a new page, with the header and footers.
pub fn layout(paper: Paper, sections: &[Section], footer: &Footer, title: &str, header: &Header) -> Result<Vec<Scene>> {
    let (pw, ph) = paper.size();
    let area_w = pw - 2.0 * MARGIN;
    let footer_h = mm(FOOTER_PT) * (2.0 + 1.2 * footer_lines(pw, footer) as f32) + 2.0;
    let area_h = ph - 2.0 * MARGIN - footer_h;
    let mut pages: Vec<Scene> = Vec::new();
    for (k, section) in sections.iter().enumerate() {
        // The user's title is said once, at the top; each section's title under it.
        let levels = match (&header.title, k) {
            (Some(_), 0) => Levels { title: Some(1), section: 2 },
            (Some(_), _) => Levels { title: None, section: 2 },
            (None, _) => Levels { title: None, section: 1 },
        };
        for content in section_pages(section, header, footer.lang, (area_w, area_h), 1.0, levels)?.pages {
            let mut page = Scene::new(pw, ph);
            page.title = title.to_string();
            page.desc = content.desc.clone();
            page.place(&content, MARGIN, MARGIN, 1.0);
            pages.push(page);
        }
    }
    let total = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        add_footer(page, footer, i + 1, total);
    }
    Ok(pages)
}

/// A page drawn by a game (a board) with the worksheet header above it: the page is
/// drawn a little smaller, below the header, to make room.
pub fn with_header(page: Scene, header: &Header, lang: Lang) -> Result<Scene> {
    if header.is_empty() {
        return Ok(page);
    }
    let (pw, ph) = (page.width, page.height);
    let heading = Heading::of_header(header, lang, pw - 2.0 * MARGIN)?;
    let top = MARGIN * 0.5 + heading.height(true);
    let scale = (ph - top) / ph;
    let mut out = Scene::new(pw, ph);
    out.title = page.title.clone();
    out.desc = page.desc.clone();
    let mut head = Scene::new(pw - 2.0 * MARGIN, heading.height(true));
    heading.draw(&mut head, pw - 2.0 * MARGIN, Some(Levels { title: Some(1), section: 2 }), true);
    out.place(&head, MARGIN, MARGIN, 1.0);
    out.place(&page, (pw - pw * scale) / 2.0, top, scale);
    Ok(out)
}

/// Seed, version, page n/N, and the command that recreates the file (on two lines if
/// it does not fit one at `MIN_PT`).
pub fn add_footer(page: &mut Scene, footer: &Footer, number: usize, total: usize) {
    let (pw, ph) = (page.width, page.height);
    let width = pw - 2.0 * MARGIN;
    let lang = footer.lang;
    let command = lang.f("footer.recreate", &[("command", &footer.command)]);
    let size = fit_size(Face::Regular, &command, width, FOOTER_PT);
    let lines = if size >= MIN_PT {
        vec![command.clone()]
    } else {
        break_at_separators(Face::Regular, &command, width, MIN_PT)
    };
    let size = size.max(MIN_PT);
    let y2 = ph - MARGIN - (lines.len() - 1) as f32 * mm(size) * 1.2;
    // The footer is page furniture: a reader hears it once, in the document's subject.
    page.open(Role::Artifact);
    let y1 = y2 - mm(FOOTER_PT) * 1.5;
    page.line(MARGIN, y1 - mm(FOOTER_PT) * 1.3, pw - MARGIN, y1 - mm(FOOTER_PT) * 1.3, style::stroke(GREY, 0.2));
    let mut left = format!("boardpress {}", crate::VERSION);
    if let Some(seed) = &footer.seed {
        left = format!("{} · {left}", lang.f("footer.seed", &[("seed", seed)]));
    }
    page.text(MARGIN, y1, FOOTER_PT, left, Face::Regular, Anchor::Start, GREY);
    page.text(
        pw - MARGIN,
        y1,
        FOOTER_PT,
        lang.f("footer.page", &[("n", &number), ("total", &total)]),
        Face::Regular,
        Anchor::End,
        GREY,
    );
    for (k, line) in lines.into_iter().enumerate() {
        page.text(MARGIN, y2 + k as f32 * mm(size) * 1.2, size, line, Face::Regular, Anchor::Start, GREY);
    }
    page.close();
}
