//! What the library is asked to make ([`Request`]), how ([`Run`]), and what it gives
//! back ([`Made`]: documents in memory, each a file name and bytes). The same request
//! gives the same bytes whatever made it: the command line, a test, or the web page.

use std::time::Duration;

use crate::error::Error;
use crate::lang::Lang;
use crate::layout::Paper;

// The worksheet heading is the layout's; requests carry it.
use crate::game::Grade;
pub use crate::layout::header::Header;
use crate::mine::ProgressFn;
use crate::options::GameOptions;

/// Output formats of sheets and boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// One PDF file.
    #[default]
    Pdf,
    /// One SVG file per page (or per diagram).
    Svg,
    /// JSON Lines records, one per puzzle (puzzles only).
    Jsonl,
}

impl Format {
    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Svg => "svg",
            Format::Jsonl => "jsonl",
        }
    }

    /// ` --format svg` (or `jsonl`) for a recreating command; nothing for PDF, the
    /// default.
    pub fn option_words(self) -> String {
        match self {
            Format::Pdf => String::new(),
            _ => crate::flags::PUZZLES_FORMAT.with(self.extension()),
        }
    }
}

/// Rulebook output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RulesFormat {
    /// One PDF file.
    #[default]
    Pdf,
    /// One SVG file per page (per sheet side for a booklet).
    Svg,
    /// One self-contained HTML page with inline SVG diagrams.
    Html,
}

impl RulesFormat {
    /// ` --format svg` (or `html`) for a recreating command; nothing for PDF, the
    /// default.
    pub fn option_words(self) -> String {
        match self {
            RulesFormat::Pdf => String::new(),
            RulesFormat::Svg => crate::flags::RULES_FORMAT.with("svg"),
            RulesFormat::Html => crate::flags::RULES_FORMAT.with("html"),
        }
    }
}

/// A sheet of verified puzzles with its answer key (or their JSON Lines records).
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzlesRequest {
    /// The game's word.
    pub game: String,
    /// The task's word (default: the game's first task).
    pub task: Option<String>,
    /// How many puzzles.
    pub count: u32,
    /// The number of the first puzzle (for shards).
    pub first: u32,
    /// Any text; the same seed always gives the same puzzles.
    pub seed: String,
    /// The game's options (variant, round, target, …).
    pub options: GameOptions,
    /// Allow several solutions (all listed) instead of exactly one.
    pub any_wins: bool,
    /// Keep only puzzles of this grade.
    pub difficulty: Option<Grade>,
    /// How the sheet is printed: format, paper, header, language, handout, key.
    pub look: SheetLook,
}

/// How a puzzle sheet is printed, whether its puzzles are made ([`PuzzlesRequest`]) or
/// read from records ([`RenderRequest`]).
///
/// ```
/// use boardpress::{make, GameOptions, Lang, Paper, PuzzlesRequest, Request, Run, SheetLook};
///
/// let request = Request::Puzzles(PuzzlesRequest {
///     task: Some("win-in-two".into()),
///     options: GameOptions::new().with("size", "7"),
///     look: SheetLook { paper: Paper::Letter, lang: Lang::De, ..SheetLook::default() },
///     ..PuzzlesRequest::new("el", 2, "club-night")
/// });
/// let made = make(&request, &Run::default()).unwrap();
/// assert_eq!(made.documents[0].name, "el-win-in-two-7x7-club-night-de.pdf");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct SheetLook {
    /// PDF, SVG pages, or JSON Lines (`puzzles` only).
    pub format: Format,
    /// Paper size.
    pub paper: Paper,
    /// Puzzles per page (default: the task's).
    pub per_page: Option<u8>,
    /// With SVG: one file per diagram instead of per page.
    pub diagrams: bool,
    /// The worksheet's own title, subtitle and name line.
    pub header: Header,
    /// The language of the printed words (JSON Lines records have none).
    pub lang: Lang,
    /// A pupil's handout: no position IDs under the puzzles, and a one-line footer (seed
    /// and page) on their pages; the key keeps the full footer.
    pub handout: bool,
    /// The answer key as a document of its own, named so (a PDF's file name as the user
    /// gave it: the recreating command names it).
    pub key: Option<String>,
}

impl Default for SheetLook {
    /// A PDF on A4 in English, the task's puzzles per page, key in the same file.
    fn default() -> Self {
        SheetLook {
            format: Format::Pdf,
            paper: Paper::A4,
            per_page: None,
            diagrams: false,
            header: Header::default(),
            lang: Lang::En,
            handout: false,
            key: None,
        }
    }
}

impl PuzzlesRequest {
    /// `count` puzzles of `game`'s default task from `seed`, as a PDF on A4.
    pub fn new(game: &str, count: u32, seed: &str) -> Self {
        PuzzlesRequest {
            game: game.into(),
            task: None,
            count,
            first: 1,
            seed: seed.into(),
            options: GameOptions::new(),
            any_wins: false,
            difficulty: None,
            look: SheetLook::default(),
        }
    }
}

/// Boards to play on with pens (blank or seeded), tokens to cut out, practice positions.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardRequest {
    /// The game's word.
    pub game: String,
    /// The game's options.
    pub options: GameOptions,
    /// The seed of seeded boards or practice positions.
    pub seed: Option<String>,
    /// How many seeded boards or positions.
    pub count: Option<u32>,
    /// Boards per page.
    pub per_page: u8,
    /// Paper size.
    pub paper: Paper,
    /// PDF or SVG pages.
    pub format: Format,
    /// The worksheet's own title, subtitle and name line.
    pub header: Header,
    /// The language of the printed words.
    pub lang: Lang,
}

impl BoardRequest {
    /// The game's default board, as a PDF on A4.
    pub fn new(game: &str) -> Self {
        BoardRequest {
            game: game.into(),
            options: GameOptions::new(),
            seed: None,
            count: None,
            per_page: 1,
            paper: Paper::A4,
            format: Format::Pdf,
            header: Header::default(),
            lang: Lang::En,
        }
    }
}

/// A Markdown rulebook source of the user's (tera variables and diagram fences work as
/// in the built-in ones).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    /// Its name as the user gave it (a path on the command line); quoted in the
    /// recreating command and in messages.
    pub name: String,
    /// The text.
    pub text: String,
}

/// An illustrated rulebook: one game's, all of them in one book, or the user's own.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesRequest {
    /// A game's word, or `all` for the compendium; optional with a template.
    pub game: Option<String>,
    /// The user's own source instead of the built-in one.
    pub template: Option<Template>,
    /// A5 (or half-letter) pages imposed two per sheet for saddle stitching.
    pub booklet: bool,
    /// Paper size.
    pub paper: Paper,
    /// PDF, SVG pages or one HTML page.
    pub format: RulesFormat,
    /// Game options (the text and the diagrams follow them).
    pub options: GameOptions,
    /// The language of the built-in rulebook and the words around a template.
    pub lang: Lang,
    /// Who made the rulebook: written into the PDF's metadata as its author (not printed).
    pub author: Option<String>,
}

impl RulesRequest {
    /// A game's rulebook (or `all`), as a PDF on A4.
    pub fn new(game: &str) -> Self {
        RulesRequest {
            game: Some(game.into()),
            template: None,
            booklet: false,
            paper: Paper::A4,
            format: RulesFormat::Pdf,
            options: GameOptions::new(),
            lang: Lang::En,
            author: None,
        }
    }
}

/// A puzzle sheet typeset from JSON Lines records (each re-verified first).
#[derive(Debug, Clone, PartialEq)]
pub struct RenderRequest {
    /// The file's name as the user gave it (for messages and the recreating command).
    pub name: String,
    /// The JSON Lines text.
    pub text: String,
    /// How the sheet is printed (PDF or SVG pages).
    pub look: SheetLook,
}

impl RenderRequest {
    /// A sheet of the records in `text` (read from a file called `name`), as a PDF on A4.
    pub fn new(name: &str, text: &str) -> Self {
        RenderRequest { name: name.into(), text: text.into(), look: SheetLook::default() }
    }
}

/// A print-on-demand puzzle book from a spec (TOML), and its wrap-around cover.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookRequest {
    /// The spec's name as the user gave it (a path): named in messages and in the
    /// recreating command printed in the book.
    pub name: String,
    /// The spec's text.
    pub text: String,
    /// Also make the wrap-around cover (a second document).
    pub cover: bool,
}

/// Anything the library makes into documents.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// A puzzle sheet and key, or JSON Lines.
    Puzzles(PuzzlesRequest),
    /// Boards.
    Board(BoardRequest),
    /// A rulebook.
    Rules(RulesRequest),
    /// A sheet from JSON Lines.
    Render(RenderRequest),
    /// A puzzle book (and its cover) from a spec.
    Book(BookRequest),
}

/// How to run a request; none of it changes a byte of the output.
#[derive(Clone, Copy, Default)]
pub struct Run<'a> {
    /// Worker threads: for mining puzzles, and a second for the PDF writer, which
    /// compresses a page while the next is drawn (0: every core with the `parallel`
    /// feature, else 1).
    pub jobs: usize,
    /// Stop generating after this long and keep what was found.
    pub time_limit: Option<Duration>,
    /// Told how far puzzle generation is; returning `false` cancels.
    pub progress: Option<&'a ProgressFn<'a>>,
}

impl Run<'_> {
    /// The threads a run may use: [`Run::jobs`], with 0 read as its default.
    pub fn threads(&self) -> usize {
        if self.jobs == 0 {
            crate::mine::default_jobs()
        } else {
            self.jobs
        }
    }
}

impl std::fmt::Debug for Run<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Run").field("jobs", &self.jobs).field("time_limit", &self.time_limit).finish()
    }
}

/// One file made in memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    /// Its default file name (`el-win-in-one-club-night.pdf`, `six-paper-page2.svg`).
    pub name: String,
    /// For one of several files (SVG pages, diagrams): its part (`page2`, `answer3`).
    pub part: Option<String>,
    /// The MIME type.
    pub mime: &'static str,
    /// The bytes.
    pub bytes: Bytes,
}

/// A document's bytes, in the pieces they were made in: a long PDF comes in pieces of
/// about a megabyte, so that it is never copied into one buffer that grows by doubling
/// (in the web page, whose memory never shrinks, that buffer and the copies it leaves
/// cost twice the file); anything else comes in one. Compared by content, whatever the
/// pieces.
#[derive(Clone, Default)]
pub struct Bytes {
    pieces: Vec<Vec<u8>>,
}

impl Bytes {
    /// The bytes of `pieces`, one after another.
    pub fn from_pieces(pieces: Vec<Vec<u8>>) -> Bytes {
        Bytes { pieces }
    }

    /// The pieces, in order.
    pub fn pieces(&self) -> &[Vec<u8>] {
        &self.pieces
    }

    /// How many bytes in all.
    pub fn len(&self) -> usize {
        self.pieces.iter().map(Vec::len).sum()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.pieces.iter().all(Vec::is_empty)
    }

    /// Whether the bytes begin with `prefix`.
    pub fn starts_with(&self, prefix: &[u8]) -> bool {
        self.len() >= prefix.len() && self.content_eq_prefix(prefix)
    }

    /// The bytes in one buffer (a copy).
    pub fn to_vec(&self) -> Vec<u8> {
        self.pieces.concat()
    }

    /// The bytes in one buffer.
    pub fn into_vec(mut self) -> Vec<u8> {
        if self.pieces.len() == 1 {
            return self.pieces.pop().unwrap_or_default();
        }
        self.pieces.concat()
    }

    /// Writes the bytes, piece by piece.
    pub fn write_to(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        self.pieces.iter().try_for_each(|piece| out.write_all(piece))
    }

    /// Whether the bytes begin with `other` (all of it).
    fn content_eq_prefix(&self, other: &[u8]) -> bool {
        let mut rest = other;
        for piece in &self.pieces {
            let n = piece.len().min(rest.len());
            if piece[..n] != rest[..n] {
                return false;
            }
            rest = &rest[n..];
            if rest.is_empty() {
                return true;
            }
        }
        rest.is_empty()
    }
}

impl From<Vec<u8>> for Bytes {
    fn from(bytes: Vec<u8>) -> Bytes {
        Bytes { pieces: vec![bytes] }
    }
}

impl PartialEq<[u8]> for Bytes {
    fn eq(&self, other: &[u8]) -> bool {
        self.len() == other.len() && self.content_eq_prefix(other)
    }
}

impl PartialEq<Vec<u8>> for Bytes {
    fn eq(&self, other: &Vec<u8>) -> bool {
        *self == other[..]
    }
}

impl PartialEq<Bytes> for Vec<u8> {
    fn eq(&self, other: &Bytes) -> bool {
        *other == self[..]
    }
}

impl PartialEq for Bytes {
    fn eq(&self, other: &Bytes) -> bool {
        match other.pieces.as_slice() {
            [one] => *self == one[..],
            _ => *self == other.to_vec()[..],
        }
    }
}

impl Eq for Bytes {}

impl std::fmt::Debug for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bytes({} bytes in {} pieces)", self.len(), self.pieces.len())
    }
}

/// The first page of what a request made, for a preview: drawn again only when
/// [`FirstPage::draw`] asks (a run that writes files never needs it, and a puzzle sheet's
/// first page costs as much to draw as to write).
#[derive(Clone)]
pub struct FirstPage(std::sync::Arc<dyn Fn() -> crate::scene::Scene + Send + Sync>);

impl FirstPage {
    /// A page drawn already.
    pub fn drawn(page: crate::scene::Scene) -> FirstPage {
        FirstPage(std::sync::Arc::new(move || page.clone()))
    }

    /// A page `draw` draws when asked.
    pub fn later(draw: impl Fn() -> crate::scene::Scene + Send + Sync + 'static) -> FirstPage {
        FirstPage(std::sync::Arc::new(draw))
    }

    /// The page.
    pub fn draw(&self) -> crate::scene::Scene {
        (self.0)()
    }
}

impl std::fmt::Debug for FirstPage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FirstPage(..)")
    }
}

/// What a request made.
#[derive(Debug, Clone)]
pub struct Made {
    /// The default file name without extension (`el-win-in-one-club-night`).
    pub stem: String,
    /// The documents, in order.
    pub documents: Vec<Document>,
    /// The command that makes the same documents again: the "recreate with:" line of
    /// the footers (for JSON Lines, which have none, with `--format jsonl`).
    pub command: String,
    /// The first page, drawn when asked (for a preview), when the documents are pages.
    pub first_page: Option<FirstPage>,
    /// The language the documents' words are in (for a preview's words, read aloud).
    pub lang: crate::lang::Lang,
    /// Set when the time limit stopped puzzle generation early: the documents hold the
    /// puzzles found, and this says how many of how many.
    pub shortfall: Option<Error>,
    /// Things the user should know that are not errors (a book padded to 24 pages).
    pub notes: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::Bytes;

    #[test]
    fn bytes_are_their_content_whatever_the_pieces() {
        let whole = b"%PDF-1.7 and the rest".to_vec();
        let pieces =
            Bytes::from_pieces(vec![b"%PD".to_vec(), Vec::new(), b"F-1.7 and".to_vec(), b" the rest".to_vec()]);
        let one = Bytes::from(whole.clone());
        assert_eq!(pieces, one);
        assert_eq!(pieces, whole);
        assert_eq!(whole, pieces);
        assert_eq!(pieces.len(), whole.len());
        assert!(pieces.starts_with(b"%PDF-1"));
        assert!(!pieces.starts_with(b"%PDF-2"));
        assert!(!pieces.starts_with(&[whole.as_slice(), b"!"].concat()));
        assert_ne!(pieces, Bytes::from(b"%PDF-1.7 and the res".to_vec()));
        assert_ne!(pieces, Bytes::from(b"%PDF-1.7 and the rust".to_vec()));
        let mut written = Vec::new();
        pieces.write_to(&mut written).unwrap();
        assert_eq!(written, whole);
        assert_eq!(pieces.clone().into_vec(), whole);
        assert!(Bytes::default().is_empty() && Bytes::from_pieces(vec![Vec::new()]).is_empty());
    }
}
