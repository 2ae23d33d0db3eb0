//! The heading of a section's pages on a sheet or in a book: the title (the user's, or
//! the section's own) in at most two lines, beside the "Name ____ Date ____" line when
//! both fit and above it when they do not; the section's title under the user's; the
//! subtitle; the introduction. Text that does not fit wraps, then shrinks to a floor;
//! past that the request fails naming the field and the room it has.
//!
//! A section whose pages are bound together (a book's) says its heading in full once,
//! on its first page; the pages after it carry a running head: the title (and the name
//! line where pupils write) without the subtitle and the introduction.

use super::Header;
use crate::error::Result;
use crate::flags;
use crate::fonts::{chars_that_fit, fit_lines, wrap, Face};
use crate::lang::Lang;
use crate::refusal::{Field, LayoutError};
use crate::scene::{Anchor, Key, Points, Role, Scene};
use crate::style::{self, INK};
use boardpress_core::sheet::Section;

const TITLE_PT: Points = Points(15.0);
/// A title shrinks no further than this (pt) before the request fails.
const TITLE_MIN_PT: Points = Points(11.0);
const HEADING_PT: Points = Points(11.0);
const INTRO_PT: Points = Points(8.5);
const SUBTITLE_PT: Points = Points(INTRO_PT.0 + 1.5);
const NAME_PT: Points = Points(10.0);
/// The gap between the title and the name line beside it (mm).
const NAME_GAP: f32 = 4.0;
/// The most lines a title, section title or subtitle takes.
const MAX_LINES: usize = 2;

/// Lines of text set at one size.
#[derive(Debug, Clone)]
struct Set {
    size: Points,
    lines: Vec<String>,
}

impl Set {
    /// `text` in at most two lines of `width` between `preferred` and `floor` points, or
    /// an error naming `field` and the room it has.
    fn fit(
        face: Face,
        text: &str,
        width: f32,
        preferred: Points,
        floor: Points,
        field: Field,
    ) -> Result<Set, LayoutError> {
        match fit_lines(face, text, width, preferred, floor, MAX_LINES) {
            Some((size, lines)) => Ok(Set { size, lines }),
            None => Err(LayoutError::TooLong {
                field,
                chars: text.chars().count(),
                fit: chars_that_fit(face, text, width, floor, MAX_LINES),
                lines: MAX_LINES,
                floor,
            }),
        }
    }

    /// The extra depth of the lines after the first (mm).
    fn extra(&self) -> f32 {
        (self.lines.len() - 1) as f32 * self.size.mm() * 1.2
    }
}

/// Where the name line goes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum NamePlace {
    /// No name line.
    None,
    /// On the title's first line, at the right.
    Beside,
    /// On a line of its own under the title.
    Below,
}

/// A section's heading, set (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Heading {
    title: Set,
    name: NamePlace,
    /// The section's own title under the user's, if the user gave one.
    section: Option<Set>,
    subtitle: Option<Set>,
    /// The introduction's lines, each with the paragraph it belongs to.
    intro: Vec<(String, Key)>,
    /// Pages after the first carry a running head.
    running_head: bool,
    lang: Lang,
    /// Type sizes are multiplied by this (large print).
    scale: f32,
}

/// How a section's heading is tagged: the user's title (when there is one) at `title`,
/// or as page furniture when `None` (a title said once already); the section's title at
/// `section`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Levels {
    /// The level of the user's title, if it is to be said here.
    pub title: Option<u8>,
    /// The level of the section's title.
    pub section: u8,
}

impl Levels {
    /// Drawn, not tagged (inside page furniture).
    const UNTAGGED: Levels = Levels { title: None, section: 0 };
}

impl Heading {
    /// Sets the heading of `section`'s pages across `width` mm, with the user's `header`.
    pub fn new(section: &Section, header: &Header, lang: Lang, width: f32, scale: f32) -> Result<Heading, LayoutError> {
        let (title, title_field, under) = match &header.title {
            Some(t) => (t.as_str(), Field::Option(flags::TITLE.name), Some(section.title.as_str())),
            None => (section.title.as_str(), Field::SectionTitle, None),
        };
        Heading::set(section, title, title_field, under, header, lang, width, scale)
    }

    /// The user's heading alone, over a page a game drew (a board).
    pub fn of_header(header: &Header, lang: Lang, width: f32) -> Result<Heading, LayoutError> {
        let page = Section {
            title: String::new(),
            intro: Vec::new(),
            tiles: Vec::new(),
            per_page: 1,
            per_page_given: false,
            for_pupils: true,
            running_head: false,
        };
        let title = header.title.as_deref().unwrap_or_default();
        Heading::set(&page, title, Field::Option(flags::TITLE.name), None, header, lang, width, 1.0)
    }

    #[allow(clippy::too_many_arguments)]
    fn set(
        section: &Section,
        title: &str,
        title_field: Field,
        under: Option<&str>,
        header: &Header,
        lang: Lang,
        width: f32,
        scale: f32,
    ) -> Result<Heading, LayoutError> {
        let intro = section
            .intro
            .iter()
            .flat_map(|paragraph| {
                let key = Key::fresh();
                wrap(Face::Regular, paragraph, width, INTRO_PT.scaled(scale)).into_iter().map(move |line| (line, key))
            })
            .collect();
        let name_line = header.name_line && section.for_pupils;
        let (title_pt, floor) = (TITLE_PT.scaled(scale), TITLE_MIN_PT.scaled(scale));
        let fit = |w: f32| Set::fit(Face::Bold, title, w, title_pt, floor, title_field);
        let (title, name) = if name_line {
            match fit_lines(Face::Bold, title, width - name_line_width(width, lang) - NAME_GAP, title_pt, floor, 2) {
                Some((size, lines)) => (Set { size, lines }, NamePlace::Beside),
                None => (fit(width)?, NamePlace::Below),
            }
        } else {
            (fit(width)?, NamePlace::None)
        };
        let section_set = under
            .map(|s| {
                Set::fit(Face::Bold, s, width, HEADING_PT.scaled(scale), INTRO_PT.scaled(scale), Field::SectionTitle)
            })
            .transpose()?;
        let subtitle = header
            .subtitle
            .as_deref()
            .map(|s| {
                Set::fit(
                    Face::Italic,
                    s,
                    width,
                    SUBTITLE_PT.scaled(scale),
                    INTRO_PT.scaled(scale),
                    Field::Option(flags::SUBTITLE.name),
                )
            })
            .transpose()?;
        Ok(Heading {
            title,
            name,
            section: section_set,
            subtitle,
            intro,
            running_head: section.running_head,
            lang,
            scale,
        })
    }

    /// Whether a page carries the heading in full: the first page, or every page of a
    /// section without a running head.
    fn in_full(&self, first: bool) -> bool {
        first || !self.running_head
    }

    /// The heading's depth on a page (mm), the gap under it included.
    pub fn height(&self, first: bool) -> f32 {
        let s = self.scale;
        let mut h = TITLE_PT.scaled(s).mm() * 1.4 + 3.0 + self.title.extra();
        if self.name == NamePlace::Below {
            h += NAME_PT.mm() * 1.7;
        }
        if let Some(set) = &self.section {
            h += HEADING_PT.scaled(s).mm() * 1.45 + set.extra();
        }
        if self.in_full(first) {
            if let Some(set) = &self.subtitle {
                h += SUBTITLE_PT.scaled(s).mm() * 1.45 + set.extra();
            }
            h += self.intro.len() as f32 * INTRO_PT.scaled(s).mm() * 1.45;
        }
        h
    }

    /// Draws the heading across `width` from the scene's top-left corner, tagged as
    /// `levels` says; `None` draws it as page furniture (a heading that repeats the one
    /// on the section's first page). `first` is whether this is the section's first page.
    pub fn draw(&self, page: &mut Scene, width: f32, levels: Option<Levels>, first: bool) {
        let Some(levels) = levels else {
            page.artifact(|page| self.draw(page, width, Some(Levels::UNTAGGED), first));
            return;
        };
        let tagged = levels != Levels::UNTAGGED;
        // Draws `draw` as `role` (page furniture for `None`), continuing `key`.
        let put = |page: &mut Scene, role: Option<Role>, key: Key, draw: &dyn Fn(&mut Scene)| match role {
            Some(role) if tagged => page.tagged_as(role, key, draw),
            _ if tagged => page.artifact(draw),
            _ => draw(page),
        };
        let s = self.scale;
        let title_pt = TITLE_PT.scaled(s);
        let mut y = title_pt.mm();
        let title_role =
            if self.section.is_some() { levels.title.map(Role::Heading) } else { Some(Role::Heading(levels.section)) };
        let lead = self.title.size.mm() * 1.2;
        put(page, title_role, Key::NEW, &|page| {
            for (k, line) in self.title.lines.iter().enumerate() {
                page.text(0.0, y + k as f32 * lead, self.title.size, line.clone(), Face::Bold, Anchor::Start, INK);
            }
        });
        let name_y = match self.name {
            NamePlace::None => None,
            NamePlace::Beside => Some(y),
            NamePlace::Below => Some(y + self.title.extra() + NAME_PT.mm() * 1.7),
        };
        if let Some(name_y) = name_y {
            let mut name = Scene::new(width, name_y * 2.0);
            name_line(&mut name, width, name_y, self.lang);
            put(page, Some(Role::Paragraph), Key::NEW, &|page| page.place(&name, 0.0, 0.0, 1.0));
        }
        y += self.title.extra() + title_pt.mm() * 0.4;
        if self.name == NamePlace::Below {
            y += NAME_PT.mm() * 1.7;
        }
        if let Some(set) = &self.section {
            y += HEADING_PT.scaled(s).mm() * 1.45;
            put(page, Some(Role::Heading(levels.section)), Key::NEW, &|page| {
                for (k, line) in set.lines.iter().enumerate() {
                    let at = y + k as f32 * set.size.mm() * 1.2;
                    page.text(0.0, at, set.size, line.clone(), Face::Bold, Anchor::Start, INK);
                }
            });
            y += set.extra();
        }
        if !self.in_full(first) {
            return;
        }
        if let Some(set) = &self.subtitle {
            y += SUBTITLE_PT.scaled(s).mm() * 1.45;
            put(page, Some(Role::Paragraph), Key::NEW, &|page| {
                for (k, line) in set.lines.iter().enumerate() {
                    let at = y + k as f32 * set.size.mm() * 1.2;
                    page.text(0.0, at, set.size, line.clone(), Face::Italic, Anchor::Start, INK);
                }
            });
            y += set.extra();
        }
        let intro_pt = INTRO_PT.scaled(s);
        for (line, key) in &self.intro {
            y += intro_pt.mm() * 1.45;
            // Each paragraph of the intro is one element, however many lines it wraps to.
            put(page, Some(Role::Paragraph), *key, &|page| {
                page.text(0.0, y, intro_pt, line.clone(), Face::Regular, Anchor::Start, INK)
            });
        }
    }
}

/// The blanks of the name line: the name's and the date's (mm), and the gap between.
const NAME_BLANKS: (f32, f32, f32) = (52.0, 28.0, 5.0);

/// How wide the name line is on a page `width` mm wide: its natural width, or the whole
/// width with shorter blanks on a narrow page.
fn name_line_width(width: f32, lang: Lang) -> f32 {
    let words = Face::Regular.text_width(lang.t("header.name"), NAME_PT)
        + Face::Regular.text_width(lang.t("header.date"), NAME_PT)
        + 3.0;
    let (name, date, gap) = NAME_BLANKS;
    (words + name + date + gap).min(width)
}

/// "Name ______  Date ______", ending at `right`, on the baseline `y`; its blanks are
/// shortened on a page too narrow for them.
fn name_line(page: &mut Scene, right: f32, y: f32, lang: Lang) {
    let (name, date) = (lang.t("header.name"), lang.t("header.date"));
    let (name_blank, date_blank, gap) = NAME_BLANKS;
    let name_w = Face::Regular.text_width(name, NAME_PT) + 1.5;
    let date_w = Face::Regular.text_width(date, NAME_PT) + 1.5;
    let natural = name_w + name_blank + gap + date_w + date_blank;
    let width = name_line_width(right, lang);
    let shrink = ((width - name_w - date_w - gap) / (name_blank + date_blank)).min(1.0);
    let (name_blank, date_blank) = (name_blank * shrink, date_blank * shrink);
    let x = right - if shrink < 1.0 { width } else { natural };
    let rule = style::stroke(INK, 0.3);
    page.text(x, y, NAME_PT, name, Face::Regular, Anchor::Start, INK);
    page.line(x + name_w, y + 0.6, x + name_w + name_blank, y + 0.6, rule);
    let dx = x + name_w + name_blank + gap;
    page.text(dx, y, NAME_PT, date, Face::Regular, Anchor::Start, INK);
    page.line(dx + date_w, y + 0.6, dx + date_w + date_blank, y + 0.6, rule);
}
