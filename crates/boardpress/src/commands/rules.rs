//! `boardpress rules`: an illustrated rulebook — one game's, the compendium of all of
//! them, or the user's own Markdown — every diagram checked by its game's engine, as PDF
//! (one page a sheet, or an imposed booklet), SVG pages or one HTML page.

use crate::error::{Error, Result, Words};
use crate::flags;
use crate::game::Game;
use crate::games;
use crate::lang::Lang;
use crate::layout::Paper;
use crate::names::slug;
use crate::options::{GameOptions, Use};
use crate::render;
use crate::request::{FirstPage, Format, Made, RulesFormat, RulesRequest, Run};
use crate::rulebook::{self, typeset, Built, Source};

/// What a rules request typesets.
enum Which {
    /// One game's book (or the user's template, with that game's cover).
    One(&'static dyn Game),
    /// Every game, with a contents page.
    All,
    /// The user's template alone.
    Template,
}

/// The tera variables every rulebook source can use: `version`, `command`, and each
/// game's own (EL's `size`, `numbers`, …; Gosforth's `target`) for `options`.
pub fn template_context(options: &GameOptions, command: &str, lang: Lang) -> Result<tera::Context> {
    let mut vars = crate::game::TemplateVariables::default();
    vars.insert("version", crate::VERSION);
    vars.insert("command", command);
    // A book's "How to play" chapter is short: no variants, no collected rulings.
    vars.insert("short", false);
    for g in games::GAMES {
        g.template_variables(&options.only(g.options()), lang, &mut vars)?;
    }
    let mut ctx = tera::Context::new();
    for (name, value) in vars.0 {
        ctx.insert(name, &value);
    }
    Ok(ctx)
}

/// The compendium's title: "Four games for paper and pen" (the catalogues count the
/// registry's games in words; a test holds them to it).
fn compendium_title(lang: Lang) -> String {
    lang.t("rules.compendium").to_string()
}

/// Which rulebook a request asks for.
fn which(req: &RulesRequest) -> Result<Which> {
    let which = match (&req.game, &req.template) {
        (Some(g), _) if g.eq_ignore_ascii_case("all") => Which::All,
        (Some(g), _) => Which::One(games::find(g)?),
        (None, Some(_)) => Which::Template,
        (None, None) => {
            let names: Vec<&str> = games::GAMES.iter().map(|g| g.word()).collect();
            let games = format!("say which rulebook: a game ({}), all, or ", names.join(", "));
            return Err(Error::input(Words::from(games).then_option(flags::RULES_TEMPLATE.name).then(" FILE")));
        }
    };
    if matches!(which, Which::All) && req.template.is_some() {
        return Err(Error::input(flags::RULES_TEMPLATE.said().then(" typesets one file; leave out 'all'")));
    }
    Ok(which)
}

/// The recreating command: the game or template, the sheet options, then every game's
/// options in registry order.
fn command_words(req: &RulesRequest, options: &GameOptions) -> String {
    super::recreate::line("rules", super::recreate::RULES, &super::recreate::RulesLine { req, options })
}

/// The default file name: after the game (or the template), its options, the booklet
/// and the paper.
fn file_stem(req: &RulesRequest, which: &Which, involved: &[&'static dyn Game], options: &GameOptions) -> String {
    let mut stem = match (&req.template, which) {
        (Some(t), _) => slug(
            &std::path::Path::new(&t.name).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default(),
        ),
        (None, Which::One(g)) => format!("{}-rules", g.word()),
        (None, _) => "rules-compendium".to_string(),
    };
    for g in involved {
        stem += &g.rules_suffix(&options.only(g.options()));
    }
    if req.booklet {
        stem += "-booklet";
    }
    if req.paper != Paper::A4 {
        stem += &format!("-{}", req.paper.word());
    }
    stem + &req.lang.file_suffix()
}

/// A checked rules request: which book, whose options apply, and the recreating command.
struct Plan {
    which: Which,
    involved: Vec<&'static dyn Game>,
    options: GameOptions,
    command: String,
}

/// Checks a request and works out its recreating command.
fn plan(req: &RulesRequest) -> Result<Plan> {
    let which = which(req)?;
    crate::layout::header::check_line(flags::RULES_AUTHOR.name, req.author.as_deref())?;
    // Whose options apply: the game's, or every game's for the compendium and for a
    // template of the user's (which may hold any game's diagrams).
    let involved: Vec<&'static dyn Game> = match which {
        Which::One(g) => vec![g],
        Which::All | Which::Template => games::GAMES.to_vec(),
    };
    let accepting: Vec<(&str, &[crate::options::OptionSpec])> =
        involved.iter().map(|g| (g.word(), g.options())).collect();
    let options = req.options.check(&accepting, Use::Rules, &games::option_tables())?;
    if req.template.is_none() {
        for g in &involved {
            builtin(*g, req.lang)?;
        }
    }
    let command = command_words(req, &options);
    Ok(Plan { which, involved, options, command })
}

/// The command that makes this rulebook, checked but not made.
pub fn command(req: &RulesRequest) -> Result<String> {
    Ok(plan(req)?.command)
}

/// Makes the rulebook.
pub fn make(req: &RulesRequest, run: &Run) -> Result<Made> {
    let Plan { which, involved, options, command } = plan(req)?;
    let stem = file_stem(req, &which, &involved, &options);

    let lang = req.lang;
    let ctx = template_context(&options, &command, lang)?;
    let sources: Vec<(Option<&'static dyn Game>, Source)> = match (&req.template, &which) {
        (Some(t), _) => {
            let game = if let Which::One(g) = which { Some(g) } else { None };
            vec![(game, Source { name: t.name.clone(), text: t.text.clone() })]
        }
        (None, Which::One(g)) => vec![(Some(*g), builtin(*g, lang)?)],
        (None, _) => games::GAMES.iter().map(|&g| Ok((Some(g), builtin(g, lang)?))).collect::<Result<_>>()?,
    };
    // A user's template is in the user's words, not ours.
    let made_with = if req.template.is_some() { "rules.colophon_own" } else { "rules.colophon" };
    let colophon =
        vec![lang.f(made_with, &[("version", &crate::VERSION)]), lang.f("footer.recreate", &[("command", &command)])];
    let mut built = Vec::new();
    for (game, src) in &sources {
        let mut b = rulebook::build(src, &ctx, &options, lang, games::rulebook_games())?;
        if let Some(g) = game {
            b.chapter.title.cover = Some(g.cover(&options.only(g.options()), req.lang)?);
        }
        b.chapter.title.colophon = colophon.clone();
        built.push(b);
    }
    let compendium = matches!(which, Which::All);
    let book_title = if compendium { compendium_title(lang) } else { built[0].chapter.title.title.clone() };
    let (documents, first_page) = if req.format == RulesFormat::Html {
        let pictures: Vec<crate::scene::Scene> =
            built.iter().flat_map(|b| rulebook::figures(&b.chapter.blocks)).map(|d| d.scene.clone()).collect();
        crate::form::ensure(&pictures, |_| crate::form::Medium::Picture, &format!("{stem}.html's diagrams"))?;
        let html = render::html::page(&book_title, &built, &colophon, lang)?;
        (vec![super::single(&stem, "html", html.into_bytes())], None)
    } else {
        let format = if req.format == RulesFormat::Svg { Format::Svg } else { Format::Pdf };
        let (pages, info) = typeset_book(req, &stem, compendium, &book_title, &built, &colophon, command.clone())?;
        let documents = super::page_documents(&stem, format, &pages, &info, run.threads())?;
        (documents, pages.into_iter().next().map(FirstPage::drawn))
    };
    Ok(Made { stem, documents, command, first_page, lang: req.lang, shortfall: None, notes: Vec::new() })
}

/// A game's built-in rulebook source in `lang`; the error names the languages it is
/// written in.
pub fn builtin(game: &dyn Game, lang: Lang) -> Result<Source> {
    match game.rulebook(lang) {
        Some(src) => Ok(Source { name: src.name.into(), text: src.text.into() }),
        None => {
            let written: Vec<&str> =
                Lang::ALL.iter().filter(|&&l| game.rulebook(l).is_some()).map(|l| l.word()).collect();
            let mut words =
                Words::from(format!("the {} rulebook is not written in {} yet (", game.title(), lang.name()));
            for (i, l) in written.iter().enumerate() {
                words = words.then(if i == 0 { "" } else { ", " }).then_setting(flags::LANG.name, Some(l));
            }
            Err(Error::input(words.then(")")))
        }
    }
}

/// Lays out the rulebook pages (one to a sheet, or imposed as a booklet) with the
/// outline for the PDF.
fn typeset_book(
    req: &RulesRequest,
    stem: &str,
    compendium: bool,
    book_title: &str,
    built: &[Built],
    colophon: &[String],
    command: String,
) -> Result<(Vec<crate::scene::Scene>, render::pdf::DocInfo)> {
    let (paper_w, paper_h) = req.paper.size();
    let style = if req.booklet {
        typeset::PageStyle::booklet(paper_h / 2.0, paper_w, games::rulebook_games())
    } else {
        typeset::PageStyle::full(paper_w, paper_h, games::rulebook_games())
    };
    let style = typeset::PageStyle { lang: req.lang, ..style };
    let titles: Vec<&str> = games::GAMES.iter().map(|g| g.title()).collect();
    let credits: Vec<&str> = games::GAMES.iter().map(|g| g.credit(req.lang)).collect();
    let book = typeset::TitleBlock {
        title: book_title.to_string(),
        subtitle: req.lang.f("rules.subtitle", &[("games", &titles.join(" · "))]),
        credit: credits.join(" · "),
        cover: None,
        colophon: colophon.to_vec(),
    };
    let chapters: Vec<_> = built.iter().map(|b| b.chapter.clone()).collect();
    let footer_title = req.lang.f("rules.footer", &[("title", &book_title)]);
    let laid = typeset::typeset(&style, &book, &chapters, compendium, book_title)
        .map_err(|(k, refused)| rulebook::RulebookError { file: built[k].file.clone(), problem: refused.into() })?;
    let (pages, outline) = if req.booklet {
        // Each page of the booklet is checked as a sheet of its own before it is imposed:
        // on the imposed sheet a line running across the fold onto the next page would
        // still lie on the paper.
        crate::form::ensure(&laid.pages, |_| crate::form::Medium::Sheet, &format!("{stem}'s booklet pages"))?;
        let (sheets, where_is) = crate::layout::booklet::impose(&laid.pages, paper_h, paper_w, req.lang);
        let outline = laid
            .outline
            .iter()
            .map(|e| render::pdf::Bookmark { level: e.level, title: e.title.clone(), page: where_is[e.page].0, y: e.y })
            .collect();
        (sheets, outline)
    } else {
        let outline = laid
            .outline
            .iter()
            .map(|e| render::pdf::Bookmark { level: e.level, title: e.title.clone(), page: e.page, y: e.y })
            .collect();
        (laid.pages, outline)
    };
    let info = render::pdf::DocInfo {
        title: footer_title,
        author: req.author.clone().unwrap_or_default(),
        lang: req.lang,
        subject: command,
        outline,
        ..Default::default()
    };
    Ok((pages, info))
}
