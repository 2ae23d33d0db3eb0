//! Colours as the document's standards and inks allow: DeviceRGB meant as sRGB (with the
//! sRGB output intent), ICC-based sRGB for PDF/X-4 (whose CMYK output intent does not
//! define RGB), or one ink (DeviceGray) for a black-and-white interior.

use super::object::{Dictionary, Object, ObjectId, ObjectTable, Stream};
use super::{real, DocInfo};
use crate::icc;
use crate::scene::Rgb;

/// How colours are written: what the document's standards allow and its inks are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Paint {
    /// DeviceRGB, meant as sRGB (the sRGB output intent says so).
    DeviceRgb,
    /// sRGB as an ICC-based colour space ([`ICC_RGB`]): device-independent colour, as
    /// PDF/X-4 with a CMYK output intent asks.
    IccRgb,
    /// DeviceGray: one ink (black), each colour by its lightness.
    Gray,
}

/// The resource name of the sRGB colour space (with [`Paint::IccRgb`]).
pub(super) const ICC_RGB: &str = "sRGB";

impl Paint {
    pub(super) fn of(info: &DocInfo) -> Paint {
        match (info.ink, info.pdf_x) {
            (Ink::Black, _) => Paint::Gray,
            (Ink::Colour, true) => Paint::IccRgb,
            (Ink::Colour, false) => Paint::DeviceRgb,
        }
    }

    /// The operators that set the fill (`stroke` false) or stroke colour, as text.
    pub(super) fn text(self, c: Rgb, stroke: bool) -> String {
        let (op, gray_op, icc_op, cs_op) = if stroke { ("RG", "G", "SC", "CS") } else { ("rg", "g", "sc", "cs") };
        let rgb = |out: &mut String| {
            for v in [c.0, c.1, c.2] {
                out.push_str(channel(v));
                out.push(' ');
            }
        };
        let mut out = String::with_capacity(32);
        match self {
            Paint::DeviceRgb => rgb(&mut out),
            Paint::Gray => {
                out.push_str(&real(lightness(c)));
                out.push(' ');
                out.push_str(gray_op);
                return out;
            }
            Paint::IccRgb => {
                out.push_str(&format!("/{ICC_RGB} {cs_op} "));
                rgb(&mut out);
                out.push_str(icc_op);
                return out;
            }
        }
        out.push_str(op);
        out
    }
}

/// A colour channel's value `v / 255` as [`real`] writes it: the 256 of them are
/// written once (a page sets a colour for every path and label).
fn channel(v: u8) -> &'static str {
    static CHANNELS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    &CHANNELS.get_or_init(|| (0..=255u8).map(|v| real(v as f32 / 255.0)).collect())[v as usize]
}

/// A colour's lightness, 0 (black) to 1 (white), as one ink prints it: the Rec. 709
/// weights of its red, green and blue, rounded to three decimals.
pub(super) fn lightness(c: Rgb) -> f32 {
    let y = (2126.0 * c.0 as f32 + 7152.0 * c.1 as f32 + 722.0 * c.2 as f32) / (10_000.0 * 255.0);
    (y * 1000.0).round() / 1000.0
}

/// The inks the pages are drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Ink {
    /// Full colour.
    #[default]
    Colour,
    /// Black only: every mark in one ink (greys are tints of it).
    Black,
}

/// The sRGB profile as a stream (`N 3`), compressed as lopdf's `Stream::compress` left
/// it (`Length`, then `Filter`), from the bytes kept deflated
/// ([`icc::SRGB_PROFILE_DEFLATED`]).
pub(super) fn srgb_profile_stream() -> Stream {
    let mut dict = Dictionary::new();
    dict.set("N", Object::Integer(3));
    let mut stream = Stream::new(dict, icc::SRGB_PROFILE_DEFLATED.to_vec());
    stream.dict.set("Filter", Object::Name(b"FlateDecode".to_vec()));
    stream
}

/// The sRGB colour space ([`ICC_RGB`]) as an object, for the resources of every page
/// and form.
pub(super) fn icc_colour_space(table: &mut ObjectTable) -> ObjectId {
    let profile = table.add_object(Object::Stream(srgb_profile_stream()));
    table.add_object(Object::Array(vec![Object::Name(b"ICCBased".to_vec()), Object::Reference(profile)]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lightness_is_a_grey_for_one_ink() {
        assert_eq!(lightness(Rgb(0, 0, 0)), 0.0);
        assert_eq!(lightness(Rgb(255, 255, 255)), 1.0);
        assert_eq!(lightness(Rgb(255, 0, 0)), 0.213);
    }
}
