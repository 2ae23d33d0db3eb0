//! `boardpress book SPEC.toml`: a print-on-demand puzzle book from a spec — title page,
//! colophon (with what recreates the book byte for byte), contents, a short rules
//! chapter for each game, the sections of verified puzzles, and their solutions, each
//! puzzle naming its solution's page and each solution its puzzle's — and its
//! wrap-around cover (`cover`).
//!
//! Pages are laid out in the book's text area and placed on the trim with mirrored
//! margins: the inside (gutter) margin grows with the page count as print-on-demand
//! services ask, so the book is composed until the gutter and the page count agree.
//! The count is padded to an even number, and to 24 pages (the usual minimum) with
//! pages for notes. Every page carries its TrimBox and BleedBox.

mod cover;
mod front;
pub mod spec;
mod trim;

use crate::error::{Error, Result};
use crate::fonts::{fit_size, Face};
use crate::form::{self, Medium, Rect};
use crate::game::Game;
use crate::game::PuzzleSheet;
use crate::lang::Lang;
use crate::layout::heading::Levels;
use crate::layout::section::{most_per_page, SectionPlan};
use crate::mine::{MineOptions, Progress};
use crate::names::{shell_quote, slug};
use crate::render::pdf::{Bookmark, DocInfo, PageBoxes};
use crate::request::{BookRequest, Document, FirstPage, Header, Made, PuzzlesRequest, Run, SheetLook};
use crate::rulebook::typeset::{chapter_pages, Chapter, PageStyle};
use crate::scene::{Anchor, Key, Points, Role, Scene};
use crate::sheet::{Section, Tile};
use crate::style::{self, GREY, INK};
use front::{colophon, contents_pages, notes_page, title_page};
use spec::{BookSpec, HowToPlay, Solutions};
use trim::{place_on_trim, trim_boxes, Leaf};

const MM_PER_IN: f32 = 25.4;
/// Top, bottom and outside margins (at least the 0.25 in, or 0.375 in with bleed, that
/// print-on-demand services ask for).
const MARGIN_IN: f32 = 0.5;
/// Bleed past the trim on the top, bottom and outside edges.
pub(crate) const BLEED_IN: f32 = 0.125;
/// The fewest pages a print-on-demand book may have.
pub(crate) const MIN_PAGES: usize = 24;
/// The most pages the gutter table goes to.
pub(crate) const MAX_PAGES: usize = 828;

/// The inside margin for a page count: 24–150 pages 0.375 in, 151–300 0.5 in, 301–500
/// 0.625 in, 501–700 0.75 in, 701–828 0.875 in.
pub(crate) fn gutter_inches(pages: usize) -> f32 {
    match pages {
        0..=150 => 0.375,
        151..=300 => 0.5,
        301..=500 => 0.625,
        501..=700 => 0.75,
        _ => 0.875,
    }
}

/// A section's puzzles and solutions, mined.
struct Mined {
    sheet: PuzzleSheet,
    /// The book-wide number of its first puzzle.
    first: usize,
}

/// Where things landed: content pages for the contents, the outline and references.
#[derive(Default)]
struct Places {
    /// (level, title, content page) for the contents and the outline.
    toc: Vec<(u8, String, usize)>,
    /// Book-wide puzzle number → content page of the puzzle, and of its solution.
    puzzle_page: Vec<usize>,
    solution_page: Vec<usize>,
}

/// A book's pages before they are written, with their boxes: each drawn when asked for
/// ([`BookPages::page`]).
pub struct BookPages {
    /// The spec, checked.
    pub spec: BookSpec,
    /// The text area's pages.
    leaves: Vec<Leaf>,
    /// The inside margin, inches.
    gutter: f32,
    /// Each page's trim and bleed boxes.
    pub boxes: Vec<PageBoxes>,
    /// The PDF outline.
    pub outline: Vec<Bookmark>,
    /// Notes for the user (the padding to 24 pages).
    pub notes: Vec<String>,
}

/// The command that makes the book: the spec's name (the spec itself is checked as
/// the book is made).
pub(crate) fn command(req: &BookRequest) -> String {
    format!("boardpress book {}", shell_quote(&req.name))
}

impl BookPages {
    /// How many pages.
    pub fn count(&self) -> usize {
        self.leaves.len()
    }

    /// Page `k` (from 0) at its full size (the trim and its bleed).
    pub fn page(&self, k: usize) -> Scene {
        place_on_trim(&self.spec, self.gutter, &self.leaves[k], k)
    }
}

/// Makes the book (and its cover when asked).
pub(crate) fn make(req: &BookRequest, run: &Run) -> Result<Made> {
    let book = pages(req, run)?;
    let BookPages { spec, boxes, outline, notes, .. } = &book;
    let (spec, notes) = (spec.clone(), notes.clone());
    let command = command(req);
    let info = DocInfo {
        title: spec.title.clone(),
        author: spec.author.clone().unwrap_or_default(),
        lang: spec.lang,
        subject: command.clone(),
        outline: outline.clone(),
        boxes: boxes.clone(),
        pdf_x: spec.print.pdf_x,
        ink: spec.print.ink,
        date: spec.date,
    };
    let stem = slug(
        &std::path::Path::new(&req.name).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
    );
    // Each page drawn, checked, written and let go before the next.
    let mut checked = form::Checked::default();
    let mut writer = crate::render::pdf::PdfWriter::new(&info, run.threads())?;
    for k in 0..book.count() {
        let page = book.page(k);
        checked.page(k, &page, &trimmed(&info.boxes[k], page.height));
        if checked.clean() {
            writer.page(&page)?;
        }
    }
    checked.verdict(&format!("{stem}.pdf"))?;
    let pieces = crate::request::Bytes::from_pieces(writer.finish_in_pieces()?);
    let mut documents = vec![crate::commands::single(&stem, "pdf", pieces)];
    if req.cover {
        let scene = cover::cover(&spec, book.count()).map_err(|e| e.context(format!("{}: the cover", req.name)))?;
        let b = BLEED_IN * MM_PER_IN;
        let (cw, ch) = (scene.width, scene.height);
        let cover_info = DocInfo {
            title: scene.title.clone(),
            author: spec.author.clone().unwrap_or_default(),
            lang: spec.lang,
            subject: command.clone(),
            boxes: vec![PageBoxes { trim: [b, b, cw - b, ch - b], bleed: [0.0, 0.0, cw, ch] }],
            // The cover is printed in colour, whatever ink the interior takes.
            pdf_x: spec.print.pdf_x,
            date: spec.date,
            ..Default::default()
        };
        let covers = std::slice::from_ref(&scene);
        form::ensure(covers, |_| trimmed(&cover_info.boxes[0], ch), &format!("{stem}-cover.pdf"))?;
        let bytes = crate::render::pdf::render(covers, &cover_info)?;
        documents.push(Document {
            name: format!("{stem}-cover.pdf"),
            part: Some("cover".into()),
            mime: crate::commands::mime("pdf"),
            bytes: bytes.into(),
        });
    }
    let first_page = Some(FirstPage::later(move || book.page(0)));
    Ok(Made { stem, documents, command, first_page, lang: spec.lang, shortfall: None, notes })
}

/// A page's trim and bleed boxes (PDF's, from the bottom-left corner) as the form check
/// takes them (from the top-left corner).
fn trimmed(boxes: &PageBoxes, height: f32) -> Medium {
    let flip = |[l, b, r, t]: [f32; 4]| Rect::new(l, height - t, r, height - b);
    Medium::Trimmed { trim: flip(boxes.trim), bleed: flip(boxes.bleed) }
}

/// Composes the book's pages (the puzzles mined and proved first).
pub fn pages(req: &BookRequest, run: &Run) -> Result<BookPages> {
    let spec = spec::parse(&req.name, &req.text)?;
    let command = command(req);
    let hash = format!("{:016x}", crate::seed::fnv1a64(req.text.as_bytes()));
    let mined = mine(&spec, &req.name, run)?;
    let chapters = if spec.how_to_play == HowToPlay::None { Vec::new() } else { rules_chapters(&spec)? };
    let mut gutter = gutter_inches(MIN_PAGES);
    let mut total = MIN_PAGES;
    let mut book = None;
    // The gutter depends on the page count and the page count on the text width: compose
    // until they agree (the gutter only grows, so this ends).
    for _ in 0..5 {
        let composed = compose(&spec, &req.name, &mined, &chapters, gutter, total, &command, &hash)?;
        let pages = composed.0.len();
        if pages > MAX_PAGES {
            return Err(Error::input(format!(
                "{}: the book would have {pages} pages; print-on-demand takes at most {MAX_PAGES}",
                req.name
            )));
        }
        let wanted = gutter_inches(pages).max(gutter);
        let settled = wanted == gutter;
        book = Some(composed);
        gutter = wanted;
        if settled {
            break;
        }
        total = pages;
    }
    let (mut leaves, outline, boxes, notes) = book.expect("composed at least once");
    // The colophon says how many pages there are: set it again when the last composition
    // came out at another count (nothing else moves: it is a page of its own).
    if leaves.len() != total {
        let (w, h) = text_area(&spec, gutter);
        leaves[1] = Leaf::drawn(colophon(&spec, &req.name, w, h, leaves.len(), &command, &hash), false);
    }
    Ok(BookPages { spec, leaves, gutter, boxes, outline, notes })
}

/// The titles of the games the book uses, listed in the book's language: "EL, Kamon and SIX".
fn game_titles(spec: &BookSpec) -> String {
    let names: Vec<String> = used_games(spec).iter().map(|(g, _)| g.title().to_string()).collect();
    crate::game::fence::listed(&names, spec.lang.t("list.and"))
}

/// The games the book uses, in order, each with the options of its first section.
fn used_games(spec: &BookSpec) -> Vec<(&'static dyn Game, crate::options::GameOptions)> {
    let mut out: Vec<(&'static dyn Game, crate::options::GameOptions)> = Vec::new();
    for s in &spec.sections {
        if !out.iter().any(|(g, _)| g.word() == s.game.word()) {
            out.push((s.game, s.options.clone()));
        }
    }
    out
}

/// Generates every section's puzzles (each proved correct by exhaustive search), with
/// book-wide numbers.
fn mine(spec: &BookSpec, file: &str, run: &Run) -> Result<Vec<Mined>> {
    let total: u32 = spec.sections.iter().map(|s| s.count).sum();
    let mut out = Vec::new();
    let mut before = 0u32;
    for (k, s) in spec.sections.iter().enumerate() {
        let seed = s.seed.clone().unwrap_or_else(|| format!("{}/{}", spec.seed, k + 1));
        let req = PuzzlesRequest {
            task: Some(s.task.clone()),
            options: s.options.clone(),
            any_wins: s.any_wins,
            difficulty: s.difficulty,
            look: SheetLook { lang: spec.lang, ..SheetLook::default() },
            ..PuzzlesRequest::new(s.game.word(), s.count, &seed)
        };
        let plan = crate::commands::puzzles::plan(&req).map_err(|e| at_section(file, s, e))?;
        let offset = before;
        let report = |p: Progress| {
            run.progress.is_none_or(|f| f(Progress { found: offset + p.found, wanted: total, attempts: p.attempts }))
        };
        let options =
            MineOptions { first: 1, count: s.count, jobs: run.threads(), time_limit: None, progress: Some(&report) };
        let (sheet, found) = plan.task.mine_sheet(&plan.spec, &options).map_err(|e| at_section(file, s, e))?;
        match sheet {
            Some(sheet) if found.found == s.count => out.push(Mined { sheet, first: before as usize + 1 }),
            _ => {
                return Err(at_section(
                    file,
                    s,
                    Error::failed(format!("only {} of {} puzzles were found", found.found, s.count)),
                ))
            }
        }
        before += s.count;
    }
    Ok(out)
}

fn at_section(file: &str, s: &spec::SectionSpec, e: Error) -> Error {
    let words = format!("{file}:{}: section '{}': {}", s.line, s.title, spec::spec_words(&e));
    Error { words: words.into(), ..e }
}

/// A short rules chapter for each game the book uses, from its checked rulebook source.
fn rules_chapters(spec: &BookSpec) -> Result<Vec<Chapter>> {
    let mut out = Vec::new();
    for (game, options) in used_games(spec) {
        let options = crate::games::checked_options(game, &options.only(game.options()), crate::options::Use::Rules)
            .unwrap_or_default();
        let lang = spec.lang;
        let command = format!("boardpress rules {}{}", game.word(), lang.option_words());
        let mut ctx = crate::commands::rules::template_context(&options, &command, lang)?;
        ctx.insert("short", &true);
        let source = crate::commands::rules::builtin(game, lang)?;
        let built = crate::rulebook::build(&source, &ctx, &options, lang, crate::games::rulebook_games())?;
        let mut chapter = built.chapter;
        chapter.title.title = lang.f("book.how_to_play", &[("game", &chapter.title.title)]);
        out.push(chapter);
    }
    Ok(out)
}

/// The text area's size for a gutter (mm).
fn text_area(spec: &BookSpec, gutter_in: f32) -> (f32, f32) {
    let (tw, th) = spec.print.trim.mm();
    (tw - (gutter_in + MARGIN_IN) * MM_PER_IN, th - 2.0 * MARGIN_IN * MM_PER_IN)
}

/// Type sizes grow by this much in large print.
fn type_scale(spec: &BookSpec) -> f32 {
    if spec.large_print {
        1.35
    } else {
        1.0
    }
}

type Composed = (Vec<Leaf>, Vec<Bookmark>, Vec<PageBoxes>, Vec<String>);

/// Composes the whole book for a gutter; `total` is the page count last time (printed
/// in the colophon).
#[allow(clippy::too_many_arguments)]
fn compose(
    spec: &BookSpec,
    file: &str,
    mined: &[Mined],
    chapters: &[Chapter],
    gutter_in: f32,
    total: usize,
    command: &str,
    hash: &str,
) -> Result<Composed> {
    let (w, h) = text_area(spec, gutter_in);
    let front_pages = 2;
    // First with every reference a placeholder as wide as any real one; then again with
    // the pages the first pass found (a reference has a line of its own, so nothing moves).
    let first = body(spec, file, mined, chapters, w, h, None)?;
    let contents = contents_pages(spec, &first.1.toc, w, h, 0).len();
    let offset = front_pages + contents;
    let (leaves, places) = body(spec, file, mined, chapters, w, h, Some((&first.1, offset)))?;
    assert_eq!(places.puzzle_page, first.1.puzzle_page, "references do not move pages");
    let mut all: Vec<Leaf> = Vec::new();
    let title = title_page(spec, w, h).map_err(|e| e.context(format!("{file}: the title page")))?;
    all.push(Leaf::drawn(title, false));
    all.push(Leaf::drawn(colophon(spec, file, w, h, total, command, hash), false));
    for scene in contents_pages(spec, &places.toc, w, h, offset) {
        all.push(Leaf::drawn(scene, true));
    }
    all.extend(leaves);
    // Pad: to the minimum with pages for notes, then to an even count.
    let mut notes = Vec::new();
    if all.len() < MIN_PAGES {
        let added = MIN_PAGES - all.len();
        notes.push(format!(
            "the book's content fills {} pages; {added} pages for notes bring it to {MIN_PAGES}, the fewest a print-on-demand book may have",
            all.len()
        ));
        for _ in 0..added {
            all.push(Leaf::drawn(notes_page(w, h, type_scale(spec), spec.lang), true));
        }
    }
    if all.len() % 2 == 1 {
        all.push(Leaf::drawn(Scene::new(w, h), false));
    }
    let mut outline: Vec<Bookmark> = places
        .toc
        .iter()
        .map(|(level, title, page)| Bookmark { level: *level, title: title.clone(), page: offset + page, y: 0.0 })
        .collect();
    outline.insert(0, Bookmark { level: 0, title: spec.lang.t("rules.contents").into(), page: front_pages, y: 0.0 });
    let boxes = (0..all.len()).map(|k| trim_boxes(spec, k)).collect();
    for b in &mut outline {
        b.y = if spec.print.bleed { BLEED_IN * MM_PER_IN } else { 0.0 } + MARGIN_IN * MM_PER_IN;
    }
    Ok((all, outline, boxes, notes))
}

/// The book's body: the rules chapters, the sections and the solutions, as text-area
/// pages, and where everything landed. With `refs` (the places of a first pass and the
/// number of pages before the body), every puzzle names its solution's page and every
/// solution its puzzle's; without, a placeholder of the same width.
#[allow(clippy::too_many_arguments)]
fn body(
    spec: &BookSpec,
    file: &str,
    mined: &[Mined],
    chapters: &[Chapter],
    w: f32,
    h: f32,
    refs: Option<(&Places, usize)>,
) -> Result<(Vec<Leaf>, Places)> {
    let scale = type_scale(spec);
    let mut leaves: Vec<Leaf> = Vec::new();
    let mut places = Places::default();
    let total: usize = mined.iter().map(|m| m.sheet.tiles.len()).sum();
    places.puzzle_page = vec![0; total + 1];
    places.solution_page = vec![0; total + 1];
    let lang = spec.lang;
    let style = PageStyle {
        lang,
        width: w,
        height: h,
        side: 0.0,
        top: 0.0,
        bottom: 0.0,
        body: if spec.large_print { Points(12.5) } else { Points(9.5) },
        figure_scale: if spec.large_print { 1.25 } else { 1.0 },
        games: crate::games::rulebook_games(),
    };
    // A rules chapter: in the contents; its sections in the PDF outline only.
    let add_chapter = |chapter: &Chapter, leaves: &mut Vec<Leaf>, places: &mut Places| -> Result<()> {
        let laid = chapter_pages(&style, chapter).map_err(|refused| crate::rulebook::RulebookError {
            file: chapter.title.title.clone(),
            problem: refused.into(),
        })?;
        places.toc.push((0, chapter.title.title.clone(), leaves.len()));
        leaves.extend(laid.pages.into_iter().map(|scene| Leaf::drawn(scene, true)));
        Ok(())
    };
    if spec.how_to_play == HowToPlay::Front {
        for chapter in chapters {
            add_chapter(chapter, &mut leaves, &mut places)?;
        }
    }
    // With how_to_play = "section", each game's chapter opens its first section.
    let games = used_games(spec);
    let chapter_before = |k: usize| {
        let first = |g: &dyn Game| spec.sections.iter().position(|s| s.game.word() == g.word());
        (spec.how_to_play == HowToPlay::Section)
            .then(|| games.iter().position(|(g, _)| first(*g) == Some(k)))
            .flatten()
            .and_then(|i| chapters.get(i))
    };
    // Tiles numbered through the book, each naming the page of its other half (the
    // puzzle's solution, the solution's puzzle), or a placeholder as wide on a first pass.
    let numbered = |tiles: &[Tile], first: usize, pages: Option<&[usize]>, key: &'static str| -> Vec<Tile> {
        tiles
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let n = first + i;
                let page = match (refs, pages) {
                    (Some((_, offset)), Some(pages)) => format!("{}", offset + pages[n] + 1),
                    _ => "000".to_string(),
                };
                Tile { label: format!("{n}."), reference: lang.f(key, &[("page", &page)]), ..t.clone() }
            })
            .collect()
    };
    // A section's solutions are under its heading (level 3) when they follow it, or a
    // section of their own (level 2) at the end.
    let levels = Levels { title: None, section: if spec.solutions == Solutions::Section { 3 } else { 2 } };
    let solutions_of =
        |m: &Mined, k: usize, leaves: &mut Vec<Leaf>, places: &mut Places, title: String| -> Result<()> {
            let s = &spec.sections[k];
            let tiles =
                numbered(&m.sheet.key_tiles, m.first, refs.map(|(p, _)| &p.puzzle_page[..]), "book.puzzle_on_page");
            let per_page =
                if spec.large_print { m.sheet.words.key_per_page.div_ceil(2) } else { m.sheet.words.key_per_page };
            let section = Section {
                title,
                intro: vec![m.sheet.words.key_intro.clone()],
                tiles,
                per_page,
                per_page_given: false,
                for_pupils: false,
                running_head: true,
            };
            let start = leaves.len();
            let plan = SectionPlan::new(&section, &Header::default(), lang, (w, h), scale, levels)
                .map_err(|e| at_section(file, s, e))?;
            for (i, page) in plan.page_of().into_iter().enumerate() {
                places.solution_page[m.first + i] = start + page;
            }
            leaves.extend(Leaf::tiles(plan, section));
            Ok(())
        };
    // How each game's figures are read, said once: by its rules chapter when that comes
    // first (and shows a figure), or else in the intro of its first section.
    let figures_read = |chapter: &Chapter| -> Vec<String> {
        crate::rulebook::figures(&chapter.blocks).into_iter().map(|d| d.reading.clone()).collect()
    };
    let mut readings_said: Vec<String> = Vec::new();
    if spec.how_to_play == HowToPlay::Front {
        readings_said.extend(chapters.iter().flat_map(figures_read));
    }
    for (k, m) in mined.iter().enumerate() {
        if let Some(chapter) = chapter_before(k) {
            readings_said.extend(figures_read(chapter));
            add_chapter(chapter, &mut leaves, &mut places)?;
        }
        let mut intro = m.sheet.words.intro.clone();
        if !m.sheet.reading.is_empty() && !readings_said.contains(&m.sheet.reading) {
            intro.push(m.sheet.reading.clone());
            readings_said.push(m.sheet.reading.clone());
        }
        let s = &spec.sections[k];
        let tiles = numbered(&m.sheet.tiles, m.first, refs.map(|(p, _)| &p.solution_page[..]), "book.solution_on_page");
        let default = m.sheet.words.per_page as usize;
        let per_page =
            s.per_page.map(usize::from).unwrap_or(if spec.large_print { default.div_ceil(2) } else { default });
        let header = Header { title: None, subtitle: s.subtitle.clone(), name_line: s.name_line, author: None };
        let section = Section {
            title: s.title.clone(),
            intro,
            tiles,
            per_page,
            per_page_given: false,
            for_pupils: true,
            running_head: true,
        };
        if let Some(n) = s.per_page {
            let most = most_per_page(&section, &header, w, h, scale).map_err(|e| at_section(file, s, e.into()))?;
            if usize::from(n) > most {
                return Err(Error::input(format!(
                    "{file}:{}: per_page = {n} does not fit a {} page: at most {most} keep the diagrams' text at 5 pt or more",
                    s.line, spec.print.trim.word
                )));
            }
        }
        let start = leaves.len();
        places.toc.push((0, s.title.clone(), start));
        let levels = Levels { title: None, section: 2 };
        let plan =
            SectionPlan::new(&section, &header, lang, (w, h), scale, levels).map_err(|e| at_section(file, s, e))?;
        for (i, page) in plan.page_of().into_iter().enumerate() {
            places.puzzle_page[m.first + i] = start + page;
        }
        leaves.extend(Leaf::tiles(plan, section));
        if spec.solutions == Solutions::Section {
            let start = leaves.len();
            let title = lang.f("book.solutions_of", &[("title", &s.title)]);
            places.toc.push((1, title.clone(), start));
            solutions_of(m, k, &mut leaves, &mut places, title)?;
        }
    }
    if spec.solutions == Solutions::End {
        places.toc.push((0, lang.t("book.solutions").into(), leaves.len()));
        for (k, m) in mined.iter().enumerate() {
            let s = &spec.sections[k];
            let start = leaves.len();
            places.toc.push((1, s.title.clone(), start));
            solutions_of(m, k, &mut leaves, &mut places, lang.f("book.solutions_of", &[("title", &s.title)]))?;
        }
    }
    Ok((leaves, places))
}
