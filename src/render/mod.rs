//! Backends: the only code that knows output formats. Each turns scenes into bytes.

pub mod html;
pub mod icc;
pub mod pdf;
pub mod svg;
