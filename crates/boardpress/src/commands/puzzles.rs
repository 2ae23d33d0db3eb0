//! `boardpress puzzles`: verified puzzles of any game and task, as a sheet with its answer
//! key (PDF or SVG) or as JSON Lines records, streamed in number order.

use super::recreate::{self, PuzzlesLine};
use crate::error::{Error, Result};
use crate::flags;
use crate::game::Game;
use crate::games;
use crate::lang::Lang;
use std::borrow::Cow;

use crate::game::{PuzzleSheet, PuzzleSpec, PuzzleTask};
use crate::layout::sheet::{Footer, SheetPages};
use crate::mine::{MineOptions, Mined};
use crate::names::slug;
use crate::options::{and_list, Use};
use crate::render;
use crate::request::{Document, FirstPage, Format, Made, PuzzlesRequest, Run, SheetLook};
use crate::scene::Scene;
use crate::sheet::Section;

/// A checked puzzles request: the task with its options, the spec, the default file
/// name and the recreating command.
pub struct Plan {
    /// The task.
    pub task: Box<dyn PuzzleTask>,
    /// Seed, promise and grade wanted.
    pub spec: PuzzleSpec,
    /// The default file name without extension.
    pub stem: String,
    /// The command printed in every footer.
    pub command: String,
}

/// The error for a task the game does not have, naming the games that do.
fn unknown_task(game: &dyn Game, word: &str) -> Error {
    let own: Vec<&str> = game.tasks().iter().map(|t| t.word).collect();
    let owners: Vec<&str> =
        games::GAMES.iter().filter(|g| g.tasks().iter().any(|t| t.word == word)).map(|g| g.word()).collect();
    let whose = if owners.is_empty() { String::new() } else { format!(" is for {} puzzles", and_list(&owners)) };
    Error::input(flags::PUZZLES_TASK.said().then(format!(
        " {word}{whose} ({} puzzles: {})",
        game.word(),
        own.join(", ")
    )))
}

/// Checks a request and works out its task, file name and recreating command.
pub fn plan(req: &PuzzlesRequest) -> Result<Plan> {
    check_sheet_look(req.look.format, req.look.diagrams, req.look.key.as_deref())?;
    crate::layout::header::check_seed(&req.seed)?;
    let game = games::find(&req.game)?;
    let default_task = game.tasks()[0].word;
    let word = req.task.as_deref().unwrap_or(default_task);
    if !game.tasks().iter().any(|t| t.word == word) {
        return Err(unknown_task(game, word));
    }
    let options = games::checked_options(game, &req.options, Use::Puzzles)?;
    let task = game.task(word, &options)?;
    if req.any_wins && !task.several_allowed() {
        let rest = format!(" does not apply to {} {word} puzzles: each has exactly one answer", game.word());
        return Err(Error::input(flags::PUZZLES_ANY_WINS.said().then(rest)));
    }
    if let Some(why) = req.difficulty.and_then(|d| task.out_of_reach(d)) {
        return Err(Error::input(why));
    }
    flags::PUZZLES_COUNT.checked(req.count)?;
    flags::PUZZLES_FIRST.checked(req.first)?;
    if let Some(n) = req.look.per_page {
        flags::PUZZLES_PER_PAGE.checked(n.into())?;
    }
    req.look.header.check()?;

    let mut kind = task.file_stem();
    if let Some(d) = req.difficulty {
        kind += &format!("-{}", d.word());
    }
    if req.any_wins {
        kind += "-any";
    }
    if req.first != 1 {
        kind += &format!("-from{}", req.first);
    }
    // JSON Lines records have no words, so no language (their file is the same).
    let lang = if req.look.format == Format::Jsonl { Lang::En } else { req.look.lang };
    let line = PuzzlesLine {
        req,
        game,
        task: (word, default_task),
        options: &options,
        default_per_page: task.default_per_page(),
        lang,
    };
    let command = recreate::line("puzzles", recreate::PUZZLES, &line);
    let spec = PuzzleSpec { seed: req.seed.clone(), several: req.any_wins, difficulty: req.difficulty, lang };
    let stem = format!("{}-{kind}-{}{}", game.word(), slug(&req.seed), lang.file_suffix());
    Ok(Plan { task, spec, stem, command })
}

/// Checks the options of how a sheet is printed: `--diagrams` goes with SVG, `--key`
/// with a PDF.
pub fn check_sheet_look(format: Format, diagrams: bool, key: Option<&str>) -> Result<()> {
    if diagrams && format != Format::Svg {
        return Err(Error::input(
            flags::DIAGRAMS.said().then(" goes with ").then_setting(flags::PUZZLES_FORMAT.name, Some("svg")),
        ));
    }
    match key {
        Some(_) if format != Format::Pdf => Err(Error::input(
            flags::KEY
                .said()
                .then(" writes the answers to a PDF of their own; with ")
                .then_setting(flags::PUZZLES_FORMAT.name, Some("svg"))
                .then(" every page is a file already"),
        )),
        Some(k) if k.trim().is_empty() || k == "-" => Err(Error::input(flags::KEY.said().then(" needs a file name"))),
        _ => Ok(()),
    }
}

/// How a request's puzzles are mined.
fn mine_options<'a>(req: &PuzzlesRequest, run: &Run<'a>) -> MineOptions<'a> {
    MineOptions {
        first: req.first,
        count: req.count,
        jobs: run.threads(),
        time_limit: run.time_limit,
        progress: run.progress,
    }
}

/// Generates the records in number order and hands each line (with its line break) to
/// `sink` as soon as its turn comes: memory stays bounded however many are wanted.
pub fn stream_records(
    plan: &Plan,
    req: &PuzzlesRequest,
    run: &Run,
    sink: &mut dyn FnMut(&[u8]) -> Result<()>,
) -> Result<Mined> {
    plan.task.mine_records(&plan.spec, &mine_options(req, run), &mut |mut line| {
        line.push('\n');
        sink(line.as_bytes())
    })
}

/// Makes the sheet (PDF or SVG) or the JSON Lines file in memory.
pub fn make(req: &PuzzlesRequest, run: &Run) -> Result<Made> {
    make_planned(plan(req)?, req, run)
}

/// [`make`] for a request already planned (its plan is not made again).
pub fn make_planned(plan: Plan, req: &PuzzlesRequest, run: &Run) -> Result<Made> {
    if req.look.format == Format::Jsonl {
        let mut bytes = Vec::new();
        let mined = stream_records(&plan, req, run, &mut |line| {
            bytes.extend_from_slice(line);
            Ok(())
        })?;
        if mined.found == 0 {
            return Err(shortfall(&mined, run));
        }
        let documents = vec![super::single(&plan.stem, "jsonl", bytes)];
        return Ok(Made {
            stem: plan.stem,
            documents,
            command: plan.command,
            first_page: None,
            lang: Lang::En,
            shortfall: mined.shortfall(run.time_limit).err(),
            notes: Vec::new(),
        });
    }
    let (sheet, mined) = plan.task.mine_sheet(&plan.spec, &mine_options(req, run))?;
    let Some(sheet) = sheet else { return Err(shortfall(&mined, run)) };
    let (documents, first_page) = typeset_sheet(sheet, &req.look, &req.seed, &plan.command, &plan.stem, run.threads())?;
    Ok(Made {
        stem: plan.stem,
        documents,
        command: plan.command,
        first_page,
        lang: req.look.lang,
        shortfall: mined.shortfall(run.time_limit).err(),
        notes: Vec::new(),
    })
}

/// The error of a run that found nothing before the time limit.
fn shortfall(mined: &Mined, run: &Run) -> Error {
    mined.shortfall(run.time_limit).err().unwrap_or_else(|| Error::failed("no puzzle was found"))
}

/// Lays out a puzzle sheet and its key, with the footer on every page, as documents
/// (and the first page, to draw for a preview): one PDF, or the sheet and its key apart, or SVG files;
/// the PDF writer may use `threads` threads.
pub fn typeset_sheet(
    sheet: PuzzleSheet,
    look: &SheetLook,
    seed: &str,
    command: &str,
    stem: &str,
    threads: usize,
) -> Result<(Vec<Document>, Option<FirstPage>)> {
    // One SVG file a diagram: each drawn, checked, written and let go in turn.
    let diagram_files = look.diagrams.then(|| diagram_documents(stem, &sheet, look.lang)).transpose()?;
    // The document's title is the first page's, as printed: the user's, or the sheet's.
    let title = look.header.title.clone().unwrap_or_else(|| sheet.words.title.clone());
    // A handout leaves the position IDs to the key.
    let tiles = if look.handout {
        sheet.tiles.into_iter().map(|t| crate::sheet::Tile { small: String::new(), ..t }).collect()
    } else {
        sheet.tiles
    };
    // How the figures are read, before the first of them (and again in a key apart).
    let mut intro = sheet.words.intro;
    intro.push(sheet.reading.clone());
    let mut key_intro = vec![sheet.words.key_intro];
    if look.key.is_some() {
        key_intro.push(sheet.reading);
    }
    let puzzles = Section {
        title: sheet.words.title,
        intro,
        tiles,
        per_page: look.per_page.unwrap_or(sheet.words.per_page) as usize,
        per_page_given: look.per_page.is_some(),
        for_pupils: true,
        running_head: false,
    };
    // The answers are drawn as large as the pages they need allow, in a grid no coarser
    // than the puzzles' (and no larger than they: see `SheetPages::new`): twelve answers
    // fill a page in a grid of twelve, not three rows of a grid of twenty.
    let (count, most) = (sheet.key_tiles.len(), sheet.words.key_per_page);
    let key_pages = count.div_ceil(most).max(1);
    let key_per_page = count.div_ceil(key_pages).clamp(puzzles.per_page.min(most), most);
    let answers = Section {
        title: look.lang.t("sheet.answers").into(),
        intro: key_intro,
        per_page: key_per_page,
        tiles: sheet.key_tiles,
        per_page_given: false,
        for_pupils: false,
        running_head: false,
    };
    let footer =
        Footer { seed: Some(seed.to_string()), command: command.to_string(), lang: look.lang, handout: look.handout };
    let info = |title: String| render::pdf::DocInfo {
        title,
        author: look.header.author.clone().unwrap_or_default(),
        lang: look.lang,
        subject: command.to_string(),
        ..Default::default()
    };
    // Pages are drawn one at a time as they are written (and the first once more, for a
    // preview): a sheet of thousands of puzzles holds one page's drawings.
    let lazily = |sheet: &SheetPages, title: String, format: Format| {
        super::drawn_documents(stem, format, sheet.pages(), &|k| Cow::Owned(sheet.page(k)), &info(title), threads)
    };
    let Some(key) = &look.key else {
        let sheet = SheetPages::new(look.paper, vec![puzzles, answers], footer, &title, &look.header)?;
        let documents = match diagram_files {
            Some(files) => files,
            None => lazily(&sheet, title, look.format)?,
        };
        return Ok((documents, Some(FirstPage::later(move || sheet.page(0)))));
    };
    // The key apart: each document numbers its own pages.
    let key_title = format!("{title} — {}", look.lang.t("sheet.answers"));
    let sheet = SheetPages::new(look.paper, vec![puzzles], footer.clone(), &title, &look.header)?;
    let key_sheet =
        SheetPages::new(look.paper, vec![answers], footer, &key_title, &look.header)?.drawn_at_most(sheet.scale());
    let mut documents = lazily(&sheet, title, Format::Pdf)?;
    let mut key_doc = lazily(&key_sheet, key_title, Format::Pdf)?.remove(0);
    let name = std::path::Path::new(key).file_name().map(|n| n.to_string_lossy().into_owned());
    key_doc.name = name.unwrap_or_else(|| format!("{stem}-key.pdf"));
    key_doc.part = Some("key".into());
    documents.push(key_doc);
    Ok((documents, Some(FirstPage::later(move || sheet.page(0)))))
}

/// One SVG file a diagram, every puzzle then every answer, each passing the form check
/// as a picture of its own: drawn, checked, written and let go in turn.
fn diagram_documents(stem: &str, sheet: &PuzzleSheet, lang: Lang) -> Result<Vec<Document>> {
    // A file of its own says which puzzle it is and its caption (printed nowhere in
    // it), then the position, then how that is read.
    let standalone = |tile: &crate::sheet::Tile, title: String| {
        let mut scene = (*tile.diagram.scene()).clone();
        scene.desc = format!("{title} {} {}", scene.desc, sheet.reading).trim().to_string();
        scene.title = title;
        scene
    };
    let count = 2 * sheet.tiles.len();
    let part = |k: usize| -> (String, Cow<Scene>) {
        let (n, at) = (sheet.numbers[k % sheet.tiles.len()], k % sheet.tiles.len());
        if k < sheet.tiles.len() {
            let t = &sheet.tiles[at];
            let title = lang.f("alt.puzzle", &[("number", &n), ("caption", &t.said)]);
            (format!("puzzle{n}"), Cow::Owned(standalone(t, title)))
        } else {
            let t = &sheet.key_tiles[at];
            let more = crate::description::caption(&t.small, lang);
            let answer = if more.is_empty() {
                t.said.clone()
            } else {
                format!("{} {}", t.said, crate::description::sentence(&more))
            };
            let title = lang.f("alt.answer", &[("number", &n), ("answer", &answer)]);
            (format!("answer{n}"), Cow::Owned(standalone(t, title)))
        }
    };
    super::svg_documents(stem, count, &crate::form::Medium::Picture, &format!("{stem}'s diagrams"), &part)
}
