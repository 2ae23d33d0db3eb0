//! boardpress's backends over the scene: PDF ([`pdf`], written a page at a time, tagged,
//! with its colour profile, `icc`) and SVG ([`svg`]): the only code that knows those
//! formats. It stands on `boardpress-core` alone — the scene, the fonts, the languages,
//! the seeds for file IDs — and knows no game, no layout and no command: the compiler
//! keeps it so. The `boardpress` library re-exports it as `boardpress::render`, beside
//! the rulebook's HTML.

// The foundations under the names the backends use (`crate::scene`, …).
use boardpress_core::{error, fonts, lang, scene, seed};

pub mod failure;
mod icc;
pub mod pdf;
pub mod svg;

/// The program version the files name as their producer.
pub use boardpress_core::VERSION;
pub use failure::RenderError;

/// `v` with at most `places` decimals and no trailing zeros (`1.5`, `2`, never `-0`): how
/// the PDF and SVG writers print coordinates, compact and byte-stable. The same digits as
/// `format!("{v:.places$}")` (an `f32` times a power of ten up to 10⁶ is exact in an
/// `f64`, and halves round to even as the formatter rounds them), in integer arithmetic.
pub fn decimal(v: f32, places: usize) -> String {
    let mut out = String::with_capacity(12);
    push_decimal(&mut out, v, places);
    out
}

/// [`decimal`], appended to `out` (a content stream's numbers, written without
/// allocating or the formatter, which would cost a sheet's content streams a tenth of
/// their time): the digits are set right to left in a buffer on the stack and appended
/// at once.
pub fn push_decimal(out: &mut String, v: f32, places: usize) {
    const SCALES: [u64; 7] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];
    let scale = SCALES[places.min(6)];
    let n = (v as f64 * scale as f64).round_ties_even();
    if places > 6 || !n.is_finite() || n.abs() >= 1e15 {
        let s = format!("{v:.places$}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        out.push_str(if s == "-0" { "0" } else { s });
        return;
    }
    let a = n.abs() as u64;
    // Sign, 15 digits, a point: 17 bytes at most.
    let mut text = [0u8; 20];
    let mut at = text.len();
    let (mut whole, mut frac) = (a / scale, a % scale);
    if frac != 0 {
        let mut digits = places;
        while frac % 10 == 0 {
            frac /= 10;
            digits -= 1;
        }
        for _ in 0..digits {
            at -= 1;
            text[at] = b'0' + (frac % 10) as u8;
            frac /= 10;
        }
        at -= 1;
        text[at] = b'.';
    }
    loop {
        at -= 1;
        text[at] = b'0' + (whole % 10) as u8;
        whole /= 10;
        if whole == 0 {
            break;
        }
    }
    // `n` is whole: below zero it is -1 or less, so "-0" cannot be written.
    if n < 0.0 {
        at -= 1;
        text[at] = b'-';
    }
    out.push_str(std::str::from_utf8(&text[at..]).expect("digits, a point and a sign are ASCII"));
}

#[cfg(test)]
mod tests {
    /// The formatter's own rounding, trimmed: what [`super::decimal`] must equal (with at
    /// least one decimal place: with none, trimming zeros would cut "10" to "1").
    fn formatted(v: f32, places: usize) -> String {
        let s = format!("{v:.places$}");
        let s = s.trim_end_matches('0').trim_end_matches('.');
        if s == "-0" {
            "0".into()
        } else {
            s.to_string()
        }
    }

    #[test]
    fn decimals_are_the_formatters_digits() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut values = vec![0.0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.0005, 0.0015, 0.125, 1e-7, -1e-7, 595.2756, 841.8898];
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = f32::from_bits((x >> 32) as u32);
            if v.is_finite() && v.abs() < 1e6 {
                values.push(v);
            }
            values.push((x % 2_000_000) as f32 / 1000.0 - 1000.0);
            values.push((x % 20_000) as f32 / 8.0 - 1000.0);
        }
        for v in values {
            for places in [1, 2, 3, 4, 5, 6] {
                assert_eq!(super::decimal(v, places), formatted(v, places), "{v:e} at {places} places");
            }
        }
    }
}
