//! Pages: paper sizes, n-up sheets of diagrams with answer keys, and the footer that
//! every page carries (seed, version, page n/N, the command that recreates the file);
//! a section's pages and its heading with the Name/Date line; booklet imposition.
//!
//! It stands on `boardpress-core` alone — the scene, the sheet's tiles, the fonts, the
//! form check — and knows no game, no backend and no command: the compiler keeps it so.
//! The `boardpress` library re-exports it as `boardpress::layout`.

// The foundations under the names the layout uses (`crate::scene`, …).
use boardpress_core::{error, flags, fonts, form, lang, scene, style, VERSION};

pub mod booklet;
pub mod header;
pub mod heading;
pub mod paper;
pub mod refusal;
pub mod section;
pub mod sheet;

pub use header::Header;
pub use paper::Paper;
pub use refusal::LayoutError;
pub use sheet::Footer;
