//! Sheets: sections of tiles laid out on the paper's pages (see [`super::section`]), a
//! worksheet header (the user's title, a name and date line) on boards too, and a footer
//! on every page (seed, version, page n/N, the command that recreates the file).

use super::heading::{Heading, Levels};
use super::paper::Paper;
use super::section::{SectionPlan, MIN_PT};
use super::Header;
use crate::error::Result;
use crate::fonts::{break_at_separators, fit_size, Face};
use crate::lang::Lang;
use crate::scene::{Anchor, Points, Scene};
use crate::style::{self, GREY};
use boardpress_core::sheet::Section;

/// What every page's footer says.
#[derive(Debug, Clone)]
pub struct Footer {
    /// The seed the file was generated from, if any.
    pub seed: Option<String>,
    /// The command that recreates the file.
    pub command: String,
    /// The language of the footer's words.
    pub lang: Lang,
    /// A pupil's handout: the pages pupils write on carry one line, the seed and the
    /// page (the command stays in the file's metadata and on the key's pages).
    pub handout: bool,
}

const MARGIN: f32 = 14.0;
const FOOTER_PT: Points = Points(6.5);

/// A footer's lines on a page `pw` wide: the seed (and version) beside the page number,
/// broken to more lines when a long seed needs them, and the recreating command under
/// them (none on a handout's pages), broken after spaces and slashes.
struct FooterLines {
    /// The seed and the version.
    left: Vec<String>,
    /// "page n/N".
    page: String,
    /// The command's lines, and their size.
    command: Vec<String>,
    command_pt: Points,
}

impl FooterLines {
    fn new(pw: f32, footer: &Footer, number: usize, total: usize, short: bool) -> FooterLines {
        let width = pw - 2.0 * MARGIN;
        let lang = footer.lang;
        let page = lang.f("footer.page", &[("n", &number), ("total", &total)]);
        let mut left = if short { String::new() } else { format!("boardpress {}", crate::VERSION) };
        if let Some(seed) = &footer.seed {
            let seed = lang.f("footer.seed", &[("seed", seed)]);
            left = if left.is_empty() { seed } else { format!("{seed} · {left}") };
        }
        let room = width - Face::Regular.text_width(&page, FOOTER_PT) - 4.0;
        let left = if Face::Regular.text_width(&left, FOOTER_PT) <= room {
            vec![left]
        } else {
            break_at_separators(Face::Regular, &left, room, FOOTER_PT)
        };
        let (command, command_pt) = if short {
            (Vec::new(), FOOTER_PT)
        } else {
            let text = lang.f("footer.recreate", &[("command", &footer.command)]);
            let size = fit_size(Face::Regular, &text, width, FOOTER_PT);
            if size >= MIN_PT {
                (vec![text], size)
            } else {
                (break_at_separators(Face::Regular, &text, width, MIN_PT), MIN_PT)
            }
        };
        FooterLines { left, page, command, command_pt }
    }

    /// The depth above the bottom margin (mm), the rule and the gap over it included.
    fn height(&self) -> f32 {
        FOOTER_PT.mm() * (2.0 + 1.2 * (self.command.len() + self.left.len()).saturating_sub(1) as f32) + 2.0
    }
}

/// Lays out the sections, each starting on a new page, with the header and footers.
pub fn layout(paper: Paper, sections: &[Section], footer: &Footer, title: &str, header: &Header) -> Result<Vec<Scene>> {
    let sheet = SheetPages::new(paper, sections.to_vec(), footer.clone(), title, header)?;
    Ok((0..sheet.pages()).map(|k| sheet.page(k)).collect())
}

/// A sheet's pages, planned (see [`layout`]) and drawn one at a time when asked for.
pub struct SheetPages {
    paper: Paper,
    sections: Vec<Section>,
    footer: Footer,
    title: String,
    /// Each section's plan, and the page it starts on.
    plans: Vec<(SectionPlan, usize)>,
    total: usize,
}

impl SheetPages {
    /// Plans the sections, each starting on a new page, with the header and footers.
    pub fn new(
        paper: Paper,
        sections: Vec<Section>,
        footer: Footer,
        title: &str,
        header: &Header,
    ) -> Result<SheetPages> {
        let (pw, ph) = paper.size();
        let area_w = pw - 2.0 * MARGIN;
        // The deepest footer (the last page's number is the longest) decides every page's room.
        let footer_h = FooterLines::new(pw, &footer, 999, 999, false).height();
        let area_h = ph - 2.0 * MARGIN - footer_h;
        let mut plans: Vec<(SectionPlan, usize)> = Vec::new();
        let mut total = 0;
        for (k, section) in sections.iter().enumerate() {
            // The user's title is said once, at the top; each section's title under it.
            let levels = match (&header.title, k) {
                (Some(_), 0) => Levels { title: Some(1), section: 2 },
                (Some(_), _) => Levels { title: None, section: 2 },
                (None, _) => Levels { title: None, section: 1 },
            };
            let plan = SectionPlan::new(section, header, footer.lang, (area_w, area_h), 1.0, levels)?;
            // No section is drawn larger than the first (a key's answers than the puzzles).
            let plan = match plans.first() {
                Some((first, _)) => plan.drawn_at_most(first.scale()),
                None => plan,
            };
            let count = plan.pages();
            plans.push((plan, total));
            total += count;
        }
        Ok(SheetPages { paper, sections, footer, title: title.to_string(), plans, total })
    }

    /// The scale the first section's diagrams are drawn at.
    pub fn scale(&self) -> f32 {
        self.plans.first().map_or(1.0, |(plan, _)| plan.scale())
    }

    /// The same pages with no diagram drawn larger than `scale`: a key printed apart no
    /// larger than the puzzles of the sheet it answers.
    pub fn drawn_at_most(mut self, scale: f32) -> Self {
        self.plans = self.plans.into_iter().map(|(plan, first)| (plan.drawn_at_most(scale), first)).collect();
        self
    }

    /// How many pages.
    pub fn pages(&self) -> usize {
        self.total
    }

    /// Draws page `k` (from 0), with its footer.
    pub fn page(&self, k: usize) -> Scene {
        let (pw, ph) = self.paper.size();
        let at = self.plans.iter().rposition(|(_, first)| *first <= k).expect("a page of some section");
        let (plan, first) = &self.plans[at];
        let section = &self.sections[at];
        let mut content = plan.page(section, k - first);
        let mut page = Scene::new(pw, ph);
        page.title = self.title.clone();
        page.desc = std::mem::take(&mut content.desc);
        page.place_owned(content, MARGIN, MARGIN, 1.0);
        draw_footer(&mut page, &self.footer, k + 1, self.total, self.footer.handout && section.for_pupils);
        page
    }
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
    out.place_owned(head, MARGIN, MARGIN, 1.0);
    out.place_owned(page, (pw - pw * scale) / 2.0, top, scale);
    Ok(out)
}

/// Seed, version, page n/N, and the command that recreates the file (on two lines if
/// it does not fit one at `MIN_PT`), on a page a game drew leaving the room of a footer
/// of two lines: a deeper footer (a long seed, a long command) first draws the page a
/// little smaller, from its top, to make room.
pub fn add_footer(page: Scene, footer: &Footer, number: usize, total: usize) -> Scene {
    let deeper = FooterLines::new(page.width, footer, number, total, false).height() - two_line_footer();
    let mut page = if deeper > 0.01 {
        let (pw, ph) = (page.width, page.height);
        let scale = (ph - deeper) / ph;
        let mut out = Scene::new(pw, ph);
        out.title = page.title.clone();
        out.desc = page.desc.clone();
        out.place_owned(page, (pw - pw * scale) / 2.0, 0.0, scale);
        out
    } else {
        page
    };
    draw_footer(&mut page, footer, number, total, false);
    page
}

/// The depth of a footer of two lines (the seed, and the command on one line): what a
/// game's page leaves free at its foot.
fn two_line_footer() -> f32 {
    FOOTER_PT.mm() * 3.2 + 2.0
}

/// The footer; `short`: the seed and the page only (a handout's pupil pages).
fn draw_footer(page: &mut Scene, footer: &Footer, number: usize, total: usize, short: bool) {
    let (pw, ph) = (page.width, page.height);
    let set = FooterLines::new(pw, footer, number, total, short);
    let size = set.command_pt;
    let y2 = ph - MARGIN - set.command.len().saturating_sub(1) as f32 * size.mm() * 1.2;
    // The seed's last line sits over the command's first (at the foot on a handout).
    let y1 = if set.command.is_empty() { ph - MARGIN } else { y2 - FOOTER_PT.mm() * 1.5 };
    let top = y1 - (set.left.len() - 1) as f32 * FOOTER_PT.mm() * 1.2;
    // The footer is page furniture: a reader hears it once, in the document's subject.
    page.artifact(|page| {
        let rule_y = top - FOOTER_PT.mm() * 1.3;
        page.line(MARGIN, rule_y, pw - MARGIN, rule_y, style::stroke(GREY, 0.2));
        for (k, line) in set.left.into_iter().enumerate() {
            page.text(
                MARGIN,
                top + k as f32 * FOOTER_PT.mm() * 1.2,
                FOOTER_PT,
                line,
                Face::Regular,
                Anchor::Start,
                GREY,
            );
        }
        page.text(pw - MARGIN, top, FOOTER_PT, set.page, Face::Regular, Anchor::End, GREY);
        for (k, line) in set.command.into_iter().enumerate() {
            page.text(MARGIN, y2 + k as f32 * size.mm() * 1.2, size, line, Face::Regular, Anchor::Start, GREY);
        }
    });
}
