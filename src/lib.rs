//! boardpress: prints games for paper play — seeded boards, verified puzzle sheets with
//! answer keys, and rulebooks — as PDF, SVG and JSON Lines.
//!
//! The pipeline (see `../shared/DESIGN.md`): seed → generator → position → verifier →
//! scene → layout → backend. Games draw into a backend-neutral [`scene::Scene`]; only
//! [`render::svg`] and [`render::pdf`] know the output formats.

pub mod app;
pub mod cli;
pub mod draw;
pub mod error;
pub mod fonts;
pub mod games;
pub mod geom;
pub mod layout;
pub mod manual;
pub mod mine;
pub mod output;
pub mod puzzle;
pub mod render;
pub mod rulebook;
pub mod scene;
pub mod seed;
pub mod sheet;
pub mod style;

pub use error::{Error, ErrorKind, Result};

/// The program version printed on every sheet.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
