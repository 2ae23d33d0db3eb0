//! Backends: the only code that knows output formats. Each turns scenes into bytes.

pub(crate) mod html;
pub mod web_fonts;

// PDF and SVG: a crate of their own (`crates/render`), which knows no game.
pub use boardpress_render::{decimal, pdf, push_decimal, svg};
