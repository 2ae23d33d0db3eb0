//! boardpress: prints games for paper play — seeded boards, verified puzzle sheets with
//! answer keys, and rulebooks — as PDF, SVG, HTML and JSON Lines.
//!
//! The pipeline (see `../shared/DESIGN.md`): seed → generator → position → verifier →
//! scene → layout → backend. Each game lives in its own folder of [`games`] behind one
//! contract and one line of the registry; the commands are written once for all of
//! them. Games draw into a backend-neutral [`scene::Scene`]; only [`render`] knows PDF,
//! SVG and HTML.
//!
//! The library API is a request in, documents out, in memory — no files, no command
//! line, no signals, and threads only with the `parallel` feature (the output is the
//! same without it):
//!
//! ```
//! use boardpress::{make, PuzzlesRequest, Request, Run};
//!
//! let request = Request::Puzzles(PuzzlesRequest::new("el", 4, "club-night"));
//! let made = make(&request, &Run::default()).unwrap();
//! assert_eq!(made.documents[0].name, "el-win-in-one-club-night.pdf");
//! assert!(made.documents[0].bytes.starts_with(b"%PDF-"));
//!
//! // The same request gives the same bytes, whatever was made before it.
//! let board = make(&Request::Board(boardpress::BoardRequest::new("kamon")), &Run::default()).unwrap();
//! assert_eq!(board.documents.len(), 1);
//! assert_eq!(make(&request, &Run::default()).unwrap().documents, made.documents);
//! ```

pub mod api;
pub mod book;
mod commands;
pub mod games;
pub mod grade_rates;
pub mod render;
pub mod request;

// The game contract, the puzzle generator and records: a crate of their own
// (`crates/game`), which knows no game.
pub use boardpress_game as game;
// Pages: a crate of their own (`crates/layout`), which knows no game.
pub use boardpress_layout as layout;
// Rulebooks: a crate of their own (`crates/rulebook`), handed the registry's games.
pub use boardpress_rulebook as rulebook;
// The foundations, a crate of their own (`crates/core`), under their names here.
pub use boardpress_core::{
    description, draw, error, flags, fonts, form, geom, lang, mine, names, options, scene, seed, sheet, style,
};

pub use api::make;
pub use error::{Error, ErrorKind, IdError, RecordError, Result};
pub use game::Grade;
pub use lang::Lang;
pub use layout::Paper;
pub use mine::Progress;
pub use options::GameOptions;
pub use request::{
    BoardRequest, BookRequest, Bytes, Document, FirstPage, Format, Header, Made, PuzzlesRequest, RenderRequest,
    Request, RulesFormat, RulesRequest, Run, SheetLook, Template,
};

/// The program version printed on every sheet (one version for the whole workspace).
pub use boardpress_core::VERSION;

/// Declares an error that is one message (see `boardpress_core::message_error`).
pub use boardpress_core::message_error;
