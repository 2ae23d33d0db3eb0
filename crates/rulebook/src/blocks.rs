//! Markdown → blocks: the rulebook's document model, read with pulldown-cmark. Inline
//! styles become faces; fenced blocks whose info string names a game become diagram
//! requests (checked and drawn later, by the game through [`super::build_fence`]).

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use crate::fonts::Face;
use crate::game::fence::capitalised;
use crate::game::fence::{Diagram, Fence};
use crate::lang::Lang;
use crate::Games;

/// A run of text in one face.
#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    /// The text (may contain `\n` for a hard line break).
    pub text: String,
    /// Its typeface.
    pub face: Face,
}

/// Plain text of a run of spans.
pub fn plain(spans: &[Span]) -> String {
    spans.iter().map(|s| s.text.as_str()).collect::<String>().replace('\n', " ")
}

/// One block of the document.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// A heading, level 1–6.
    Heading {
        /// 1 for `#`, 2 for `##`, …
        level: u8,
        /// Its text.
        spans: Vec<Span>,
    },
    /// A paragraph.
    Para(Vec<Span>),
    /// A bullet (`start: None`) or numbered list; each item holds blocks.
    List {
        /// The first number of a numbered list.
        start: Option<u64>,
        /// The items.
        items: Vec<Vec<Block>>,
    },
    /// A table: a header row and body rows of cells.
    Table {
        /// Header cells.
        header: Vec<Vec<Span>>,
        /// Body rows.
        rows: Vec<Vec<Vec<Span>>>,
    },
    /// How a game's figures are read (the game's reading paragraph, its label bold):
    /// added before the first of them, or set on a rulebook's title page.
    Reading(Vec<Span>),
    /// A diagram fence, still unchecked.
    Diagram(Fence),
    /// A checked, drawn diagram (what a `Diagram` becomes before typesetting).
    Figure(Box<Diagram>),
    /// Preformatted text (a fence without an info string).
    Code(String),
    /// A thematic break (`---`): forces a new page.
    PageBreak,
    /// One of our rulings on a gap in the designer's rules (a block quote, `> …`):
    /// set apart with a bar in the margin where it applies.
    Ruling(Vec<Block>),
    /// Where every ruling of the chapter is listed again (a ```` ```rulings ```` fence).
    Rulings,
}

/// A fenced block whose info string is neither a game's word nor `text`: its line, its
/// word, and the games' words it could have been.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFence {
    /// The line of the opening fence.
    pub line: usize,
    /// The info string's first word.
    pub word: String,
    /// The words of the games a fence may name.
    pub games: Vec<&'static str>,
}

impl std::fmt::Display for UnknownFence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}: unknown diagram fence '```{}' (use {}, or text for plain text)",
            self.line,
            self.word,
            crate::options::and_list(&self.games).replacen(" and ", " or ", 1)
        )
    }
}

impl std::error::Error for UnknownFence {}

/// Reads Markdown into blocks. `line_of` maps a byte offset of `md` to a source line
/// (1-based); it is used for the fences' error messages. Fails on a fence whose info
/// string is not one of `games` or `text`.
pub fn parse(md: &str, line_of: &dyn Fn(usize) -> usize, games: Games) -> Result<Vec<Block>, UnknownFence> {
    let mut reader = Reader { games, ..Reader::default() };
    for (event, range) in Parser::new_ext(md, Options::ENABLE_TABLES).into_offset_iter() {
        reader.event(event, range.start, line_of)?;
    }
    reader.flush_spans();
    Ok(reader.containers.pop().map(|c| c.blocks).unwrap_or_default())
}

/// The info word of the fence that lists the chapter's rulings again.
pub const RULINGS_FENCE: &str = "rulings";

/// Applies the language's typography ([`Lang::typeset`]) to every span of prose: French
/// spacing, German quotes. Code (the mono face) is left as written.
pub(crate) fn typeset_spans(blocks: &mut [Block], lang: Lang) {
    if lang == Lang::En {
        return;
    }
    let fix = |spans: &mut Vec<Span>| {
        for s in spans.iter_mut().filter(|s| s.face != Face::Mono) {
            s.text = lang.typeset(&s.text);
        }
    };
    for b in blocks.iter_mut() {
        match b {
            Block::Heading { spans, .. } | Block::Para(spans) | Block::Reading(spans) => fix(spans),
            Block::List { items, .. } => items.iter_mut().for_each(|i| typeset_spans(i, lang)),
            Block::Table { header, rows } => {
                header.iter_mut().for_each(fix);
                rows.iter_mut().flatten().for_each(fix);
            }
            Block::Ruling(inner) => typeset_spans(inner, lang),
            _ => {}
        }
    }
}

/// Every ruling of a chapter, in order, as list items: each one's text without its
/// leading label (a bold phrase ending with a colon, such as **Our ruling:**).
pub(crate) fn rulings_list(blocks: &[Block]) -> Vec<Vec<Block>> {
    let mut out = Vec::new();
    for b in blocks {
        match b {
            Block::Ruling(inner) => out.push(unlabelled(inner)),
            Block::List { items, .. } => items.iter().for_each(|i| out.extend(rulings_list(i))),
            _ => {}
        }
    }
    out
}

fn unlabelled(blocks: &[Block]) -> Vec<Block> {
    let mut blocks = blocks.to_vec();
    if let Some(Block::Para(spans)) = blocks.first_mut() {
        let labelled = spans.first().is_some_and(|s| s.face == Face::Bold && s.text.trim_end().ends_with(':'));
        if labelled && spans.len() > 1 {
            spans.remove(0);
            let first = &mut spans[0];
            first.text = capitalised(first.text.trim_start());
        }
    }
    blocks
}

/// Whether a fence's info word names one of `games` (its body is then a diagram).
pub fn is_diagram_fence(word: &str, games: Games) -> bool {
    games.iter().any(|g| g.word() == word)
}

#[derive(Default)]
struct Container {
    blocks: Vec<Block>,
}

#[derive(Default)]
struct Reader {
    /// Top level, then one per open list item.
    containers: Vec<Container>,
    /// Open lists: start number and finished items.
    lists: Vec<(Option<u64>, Vec<Vec<Block>>)>,
    spans: Vec<Span>,
    bold: u32,
    italic: u32,
    heading: Option<u8>,
    fence: Option<Fence>,
    code: Option<String>,
    table_header: Vec<Vec<Span>>,
    table_rows: Vec<Vec<Vec<Span>>>,
    row: Vec<Vec<Span>>,
    in_table_head: bool,
    link_url: Vec<String>,
    rulings_fence: bool,
    /// The games a diagram fence may name.
    games: Games,
}

impl Reader {
    fn face(&self) -> Face {
        Face::styled(self.bold > 0, self.italic > 0)
    }

    fn push_text(&mut self, text: &str, face: Face) {
        if let Some(last) = self.spans.last_mut() {
            if last.face == face {
                last.text.push_str(text);
                return;
            }
        }
        self.spans.push(Span { text: text.to_string(), face });
    }

    fn push_block(&mut self, b: Block) {
        if self.containers.is_empty() {
            self.containers.push(Container::default());
        }
        self.containers.last_mut().expect("a container").blocks.push(b);
    }

    /// Pending inline text (a tight list item's text) becomes a paragraph.
    fn flush_spans(&mut self) {
        if !self.spans.is_empty() {
            let spans = std::mem::take(&mut self.spans);
            self.push_block(Block::Para(spans));
        }
    }

    fn event(&mut self, ev: Event<'_>, offset: usize, line_of: &dyn Fn(usize) -> usize) -> Result<(), UnknownFence> {
        if self.containers.is_empty() {
            self.containers.push(Container::default());
        }
        match ev {
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match &kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                let mut words = info.split_whitespace();
                let word = words.next().unwrap_or("").to_string();
                // The template loader appends `@line=N` to every fence's info string.
                let line = info
                    .split_whitespace()
                    .find_map(|w| w.strip_prefix("@line=").and_then(|n| n.parse().ok()))
                    .unwrap_or_else(|| line_of(offset));
                if word == RULINGS_FENCE {
                    self.rulings_fence = true;
                } else if word.is_empty() || word == "text" || word.starts_with("@line=") {
                    self.code = Some(String::new());
                } else if is_diagram_fence(&word, self.games) {
                    self.fence = Some(Fence { game: word, body: String::new(), line });
                } else {
                    return Err(UnknownFence { line, word, games: self.games.iter().map(|g| g.word()).collect() });
                }
            }
            Event::Text(t) if self.fence.is_some() => self.fence.as_mut().expect("open fence").body.push_str(&t),
            Event::Text(t) if self.code.is_some() => self.code.as_mut().expect("open code").push_str(&t),
            Event::Text(_) if self.rulings_fence => {}
            Event::End(TagEnd::CodeBlock) => {
                if std::mem::take(&mut self.rulings_fence) {
                    self.push_block(Block::Rulings);
                } else if let Some(f) = self.fence.take() {
                    self.push_block(Block::Diagram(f));
                } else if let Some(c) = self.code.take() {
                    self.push_block(Block::Code(c.trim_end().to_string()));
                }
            }
            Event::Start(Tag::Heading { level, .. }) => {
                self.flush_spans();
                self.heading = Some(match level {
                    HeadingLevel::H1 => 1,
                    HeadingLevel::H2 => 2,
                    HeadingLevel::H3 => 3,
                    HeadingLevel::H4 => 4,
                    HeadingLevel::H5 => 5,
                    HeadingLevel::H6 => 6,
                });
            }
            Event::End(TagEnd::Heading(_)) => {
                let spans = std::mem::take(&mut self.spans);
                let level = self.heading.take().unwrap_or(1);
                self.push_block(Block::Heading { level, spans });
            }
            Event::Start(Tag::Paragraph) => self.flush_spans(),
            Event::End(TagEnd::Paragraph) => self.flush_spans(),
            Event::Start(Tag::Strong) => self.bold += 1,
            Event::End(TagEnd::Strong) => self.bold = self.bold.saturating_sub(1),
            Event::Start(Tag::Emphasis) => self.italic += 1,
            Event::End(TagEnd::Emphasis) => self.italic = self.italic.saturating_sub(1),
            Event::Start(Tag::Link { dest_url, .. }) => self.link_url.push(dest_url.to_string()),
            Event::End(TagEnd::Link) => {
                if let Some(url) = self.link_url.pop() {
                    let shown: String = self.spans.iter().map(|s| s.text.as_str()).collect();
                    if !shown.ends_with(url.as_str()) && !url.starts_with('#') {
                        self.push_text(&format!(" ({url})"), self.face());
                    }
                }
            }
            Event::Text(t) => self.push_text(&t, self.face()),
            Event::Code(t) => self.push_text(&t, Face::Mono),
            Event::SoftBreak => self.push_text(" ", self.face()),
            Event::HardBreak => self.push_text("\n", self.face()),
            Event::Rule => {
                self.flush_spans();
                self.push_block(Block::PageBreak);
            }
            Event::Start(Tag::List(start)) => {
                self.flush_spans();
                self.lists.push((start, Vec::new()));
            }
            Event::End(TagEnd::List(_)) => {
                if let Some((start, items)) = self.lists.pop() {
                    self.push_block(Block::List { start, items });
                }
            }
            Event::Start(Tag::Item) => {
                self.flush_spans();
                self.containers.push(Container::default());
            }
            Event::End(TagEnd::Item) => {
                self.flush_spans();
                let item = self.containers.pop().map(|c| c.blocks).unwrap_or_default();
                if let Some(list) = self.lists.last_mut() {
                    list.1.push(item);
                }
            }
            Event::Start(Tag::BlockQuote(_)) => {
                self.flush_spans();
                self.containers.push(Container::default());
            }
            Event::End(TagEnd::BlockQuote(_)) => {
                self.flush_spans();
                let inner = self.containers.pop().map(|c| c.blocks).unwrap_or_default();
                self.push_block(Block::Ruling(inner));
            }
            Event::Start(Tag::Table(_)) => {
                self.table_header.clear();
                self.table_rows.clear();
            }
            Event::Start(Tag::TableHead) => self.in_table_head = true,
            Event::End(TagEnd::TableHead) => {
                self.in_table_head = false;
                self.table_header = std::mem::take(&mut self.row);
            }
            Event::End(TagEnd::TableRow) => {
                let row = std::mem::take(&mut self.row);
                self.table_rows.push(row);
            }
            Event::End(TagEnd::TableCell) => {
                let cell = std::mem::take(&mut self.spans);
                self.row.push(cell);
                if self.in_table_head {
                    self.bold = self.bold.saturating_sub(1);
                }
            }
            Event::Start(Tag::TableCell) if self.in_table_head => self.bold += 1,
            Event::End(TagEnd::Table) => {
                let header = std::mem::take(&mut self.table_header);
                let rows = std::mem::take(&mut self.table_rows);
                self.push_block(Block::Table { header, rows });
            }
            _ => {}
        }
        Ok(())
    }
}
