//! boardpress's foundations: what every game, layout and backend stands on, and nothing
//! above it. Geometry ([`geom`]), seeded streams ([`seed`]) and mining in number order
//! ([`mine`]); the scene — a backend-neutral display list — and its styles ([`scene`],
//! [`style`]), square-board drawing ([`draw`]), a diagram's words ([`description`]) and the
//! tiles of a sheet ([`sheet`]); font metrics and subsets ([`fonts`]) and the form check
//! of a page ([`form`]); the three languages ([`lang`]), game options as data
//! ([`options`]), file names and command words ([`names`]), and errors ([`error`]).
//!
//! The `boardpress` library re-exports every module under its old name
//! (`boardpress::scene`, …).

/// The program version printed on every sheet and named by every file as its producer
/// (one version for the whole workspace).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

pub mod description;
pub mod draw;
pub mod error;
pub mod flags;
pub mod fonts;
pub mod form;
pub mod geom;
pub mod lang;
pub mod mine;
pub mod names;
pub mod options;
pub mod scene;
pub mod seed;
pub mod sheet;
pub mod style;
