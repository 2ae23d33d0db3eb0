//! Backends: the only code that knows output formats. Each turns scenes into bytes.

pub mod html;
pub mod icc;
pub mod pdf;
pub mod svg;

/// `v` with at most `places` decimals and no trailing zeros (`1.5`, `2`, never `-0`): how
/// the PDF and SVG writers print coordinates, compact and byte-stable.
pub fn decimal(v: f32, places: usize) -> String {
    let s = format!("{v:.places$}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}
