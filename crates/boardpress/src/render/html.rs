//! One self-contained HTML page: each chapter's Markdown through pulldown-cmark's HTML
//! writer, with every diagram fence replaced by its checked drawing as inline SVG, put
//! into `templates/page.html` (tera, autoescaped) with screen and print CSS.

use pulldown_cmark::{html::push_html, CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::fence::capitalised;
use crate::game::fence::Diagram;
use crate::lang::Lang;
use crate::rulebook::blocks::{is_diagram_fence, RULINGS_FENCE};
use crate::rulebook::Built;

/// The page template, compiled in.
pub const PAGE_TEMPLATE: &str = include_str!("../../../../templates/page.html");

#[derive(Serialize)]
struct ChapterView {
    title: String,
    subtitle: String,
    credit: String,
    anchor: String,
    body: String,
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A checked diagram as an inline SVG figure; `ids` prefixes its ids (unique in the page).
fn figure(d: &Diagram, ids: &str) -> String {
    let svg = crate::render::svg::render_with_ids(&d.scene, ids);
    // Sized by CSS width; the viewBox keeps the proportions.
    let svg = svg.replacen(
        &format!("width=\"{}mm\"", trim(d.scene.width)),
        &format!("width=\"{}mm\" role=\"img\" aria-label=\"{}\"", trim(d.width), escape(&d.alt())),
        1,
    );
    let svg = svg.replacen(&format!("height=\"{}mm\"", trim(d.scene.height)), "", 1);
    let caption =
        if d.caption.is_empty() { String::new() } else { format!("<figcaption>{}</figcaption>", escape(&d.caption)) };
    format!("<figure class=\"diagram\">{svg}{caption}</figure>\n")
}

/// Where the reading of a ruling stands with respect to its bold label.
enum LabelState {
    /// Nothing read yet but the paragraph's start.
    Before,
    /// Inside a leading bold phrase (its text so far).
    In(String),
    /// Just after a label that was dropped.
    After,
    /// Past the label, or there was none.
    Done,
}

fn trim(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

fn one_down(level: HeadingLevel) -> HeadingLevel {
    match level {
        HeadingLevel::H1 => HeadingLevel::H2,
        HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        _ => HeadingLevel::H6,
    }
}

/// The HTML body of one chapter: its Markdown with the fences swapped for figures.
fn chapter_body(built: &Built, chapter: usize, lang: Lang) -> String {
    let mut figures = crate::rulebook::figures(&built.chapter.blocks).into_iter().enumerate();
    let mut events = Vec::new();
    let mut skipping = false;
    // Our rulings (block quotes) as they go by, each without its bold label, for the
    // `rulings` fence that lists them again.
    let mut rulings: Vec<Vec<Event>> = Vec::new();
    let mut in_ruling = 0;
    let mut label = LabelState::Before;
    // The language's typography on prose (not inside code blocks).
    let mut in_code = false;
    // Where the top-level block being read starts in `events`, and where the paragraph
    // just before it does (the one that leads into it, if any): a game's reading goes
    // there, before its first figure.
    let mut depth = 0usize;
    let (mut block_start, mut block_is_para, mut para_before) = (0usize, false, None::<usize>);
    let mut said: Vec<String> = Vec::new();
    let parsed = Parser::new_ext(&built.markdown, Options::ENABLE_TABLES).map(|ev| match ev {
        Event::Start(Tag::CodeBlock(_)) => {
            in_code = true;
            ev
        }
        Event::End(TagEnd::CodeBlock) => {
            in_code = false;
            ev
        }
        Event::Text(t) if !in_code => Event::Text(lang.typeset(&t).into()),
        other => other,
    });
    for ev in parsed {
        match &ev {
            Event::Start(tag) if is_block(tag) => {
                if depth == 0 && !skipping {
                    para_before = block_is_para.then_some(block_start);
                    block_start = events.len();
                    block_is_para = matches!(tag, Tag::Paragraph);
                }
                depth += 1;
            }
            Event::End(tag) if is_block_end(tag) => depth = depth.saturating_sub(1),
            _ => {}
        }
        if in_ruling > 0 && !matches!(ev, Event::End(TagEnd::BlockQuote(_))) {
            let ruling = rulings.last_mut().expect("an open ruling");
            label = match (std::mem::replace(&mut label, LabelState::Done), &ev) {
                (LabelState::Before, Event::Start(Tag::Paragraph)) => {
                    ruling.push(ev.clone());
                    LabelState::Before
                }
                (LabelState::Before, Event::Start(Tag::Strong)) => LabelState::In(String::new()),
                (LabelState::In(mut text), Event::Text(t)) => {
                    text.push_str(t);
                    LabelState::In(text)
                }
                (LabelState::In(text), Event::End(TagEnd::Strong)) if text.trim_end().ends_with(':') => {
                    LabelState::After
                }
                (LabelState::In(text), _) => {
                    // Bold, but not a label: keep it as written.
                    ruling.extend([Event::Start(Tag::Strong), Event::Text(text.into()), ev.clone()]);
                    LabelState::Done
                }
                (LabelState::After, Event::Text(t)) => {
                    ruling.push(Event::Text(capitalised(t.trim_start()).into()));
                    LabelState::Done
                }
                _ => {
                    ruling.push(ev.clone());
                    LabelState::Done
                }
            };
        }
        match &ev {
            Event::Start(Tag::BlockQuote(_)) => {
                in_ruling += 1;
                rulings.push(Vec::new());
                label = LabelState::Before;
                events.push(Event::Html("<blockquote class=\"ruling\">\n".into()));
            }
            Event::End(TagEnd::BlockQuote(_)) => {
                in_ruling -= 1;
                events.push(Event::Html("</blockquote>\n".into()));
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if info.split_whitespace().next() == Some(RULINGS_FENCE) =>
            {
                skipping = true;
                let mut list = String::from("<ul class=\"rulings\">\n");
                for r in &rulings {
                    list.push_str("<li>");
                    push_html(&mut list, r.iter().cloned());
                    list.push_str("</li>\n");
                }
                list.push_str("</ul>\n");
                events.push(Event::Html(list.into()));
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info)))
                if is_diagram_fence(info.split_whitespace().next().unwrap_or(""), crate::games::rulebook_games()) =>
            {
                skipping = true;
                if let Some((k, d)) = figures.next() {
                    if !d.reading.is_empty() && !said.contains(&d.reading) {
                        let at = para_before.unwrap_or(block_start);
                        events.insert(at, Event::Html(reading_paragraph(&d.reading, lang).into()));
                        block_start += 1;
                        said.push(d.reading.clone());
                    }
                    events.push(Event::Html(figure(d, &format!("c{chapter}f{k}-")).into()));
                }
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) if info.contains("@line=") => {
                events.push(Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced("".into()))));
            }
            Event::End(TagEnd::CodeBlock) if skipping => skipping = false,
            // Chapter titles are the page's h1; the source's headings move one level down.
            Event::Start(Tag::Heading { level, id, classes, attrs }) if !skipping => {
                events.push(Event::Start(Tag::Heading {
                    level: one_down(*level),
                    id: id.clone(),
                    classes: classes.clone(),
                    attrs: attrs.clone(),
                }));
            }
            Event::End(TagEnd::Heading(level)) if !skipping => {
                events.push(Event::End(TagEnd::Heading(one_down(*level))))
            }
            _ if skipping => {}
            // A thematic break is a page break in print; in HTML it stays a rule.
            _ => events.push(ev),
        }
    }
    // A title taken from the source's first heading is the chapter's h1 already.
    if let [Event::Start(Tag::Heading { level: HeadingLevel::H2, .. }), rest @ ..] = events.as_slice() {
        if let Some(end) = rest.iter().position(|e| matches!(e, Event::End(TagEnd::Heading(_)))) {
            let text: String =
                rest[..end].iter().map(|e| if let Event::Text(t) = e { t.as_ref() } else { "\0" }).collect();
            if text == built.chapter.title.title {
                events.drain(..end + 2);
            }
        }
    }
    let mut html = String::new();
    push_html(&mut html, events.into_iter());
    html
}

/// Whether a tag opens a block (a paragraph, heading, list, quote, code block, table…)
/// rather than a run of text.
fn is_block(tag: &Tag) -> bool {
    !matches!(
        tag,
        Tag::Emphasis
            | Tag::Strong
            | Tag::Strikethrough
            | Tag::Link { .. }
            | Tag::Image { .. }
            | Tag::Superscript
            | Tag::Subscript
    )
}

/// Whether an end tag closes a block (see [`is_block`]).
fn is_block_end(tag: &TagEnd) -> bool {
    !matches!(
        tag,
        TagEnd::Emphasis
            | TagEnd::Strong
            | TagEnd::Strikethrough
            | TagEnd::Link
            | TagEnd::Image
            | TagEnd::Superscript
            | TagEnd::Subscript
    )
}

/// How a game's figures are read, as a paragraph: its words up to the first colon bold.
fn reading_paragraph(reading: &str, lang: Lang) -> String {
    let text = lang.typeset(reading);
    match text.split_once(':') {
        Some((label, rest)) => {
            format!("<p class=\"reading\"><strong>{}:</strong>{}</p>\n", escape(label), escape(rest))
        }
        None => format!("<p class=\"reading\">{}</p>\n", escape(&text)),
    }
}

/// Renders the whole page.
pub fn page(title: &str, chapters: &[Built], colophon: &[String], lang: Lang) -> Result<String> {
    let views: Vec<ChapterView> = chapters
        .iter()
        .enumerate()
        .map(|(chapter, b)| ChapterView {
            title: b.chapter.title.title.clone(),
            subtitle: b.chapter.title.subtitle.clone(),
            credit: b.chapter.title.credit.clone(),
            anchor: b.chapter.title.title.to_ascii_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), "-"),
            body: chapter_body(b, chapter, lang),
        })
        .collect();
    let mut ctx = tera::Context::new();
    ctx.insert("title", title);
    ctx.insert("chapters", &views);
    ctx.insert("colophon", colophon);
    ctx.insert("lang", lang.word());
    ctx.insert("contents", lang.t("rules.contents"));
    let mut tera = tera::Tera::new();
    tera.add_raw_template("page.html", PAGE_TEMPLATE)
        .map_err(|e| Error::failed(format!("templates/page.html: {}", e.to_string().lines().next().unwrap_or(""))))?;
    tera.render("page.html", &ctx)
        .map_err(|e| Error::failed(format!("templates/page.html: {}", e.to_string().lines().next().unwrap_or(""))))
}
