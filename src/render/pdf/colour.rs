//! Colours as the document's standards and inks allow: DeviceRGB meant as sRGB (with the
//! sRGB output intent), ICC-based sRGB for PDF/X-4 (whose CMYK output intent does not
//! define RGB), or one ink (DeviceGray) for a black-and-white interior.

use printpdf::{Color, DictItem, Op};

use super::{real, DocInfo};
use crate::error::{Error, Result};
use crate::render::icc;
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
const ICC_RGB: &str = "sRGB";

impl Paint {
    pub(super) fn of(info: &DocInfo) -> Paint {
        match (info.ink, info.pdf_x) {
            (Ink::Black, _) => Paint::Gray,
            (Ink::Colour, true) => Paint::IccRgb,
            (Ink::Colour, false) => Paint::DeviceRgb,
        }
    }

    /// The operators that set the fill (`stroke` false) or stroke colour.
    pub(super) fn ops(self, c: Rgb, stroke: bool) -> Vec<Op> {
        let [r, g, b] = [c.0, c.1, c.2].map(|v| v as f32 / 255.0);
        match self {
            Paint::DeviceRgb => {
                let col = Color::Rgb(printpdf::Rgb { r, g, b, icc_profile: None });
                vec![if stroke { Op::SetOutlineColor { col } } else { Op::SetFillColor { col } }]
            }
            Paint::Gray => {
                let col = Color::Greyscale(printpdf::Greyscale { percent: lightness(c), icc_profile: None });
                vec![if stroke { Op::SetOutlineColor { col } } else { Op::SetFillColor { col } }]
            }
            Paint::IccRgb => {
                let id = ICC_RGB.to_string();
                let values = [r, g, b].iter().map(|v| DictItem::Real(*v)).collect();
                if stroke {
                    vec![Op::SetColorSpaceStroke { id }, Op::Unknown { key: "SC".into(), value: values }]
                } else {
                    vec![Op::SetColorSpaceFill { id }, Op::Unknown { key: "sc".into(), value: values }]
                }
            }
        }
    }

    /// The same in a form's content stream, as text.
    pub(super) fn text(self, c: Rgb, stroke: bool) -> String {
        let [r, g, b] = [c.0, c.1, c.2].map(|v| real(v as f32 / 255.0));
        let (op, gray_op, icc_op, cs_op) = if stroke { ("RG", "G", "SC", "CS") } else { ("rg", "g", "sc", "cs") };
        match self {
            Paint::DeviceRgb => format!("{r} {g} {b} {op}"),
            Paint::Gray => format!("{} {gray_op}", real(lightness(c))),
            Paint::IccRgb => format!("/{ICC_RGB} {cs_op} {r} {g} {b} {icc_op}"),
        }
    }
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

/// Names the sRGB colour space ([`ICC_RGB`]) in the resources of every page and form.
pub(super) fn add_icc_colour_space(lo: &mut lopdf::Document) -> Result<()> {
    use lopdf::{Dictionary, Object};
    let mut profile = lopdf::Stream::new(
        {
            let mut d = Dictionary::new();
            d.set("N", Object::Integer(3));
            d
        },
        icc::srgb_profile(),
    );
    let _ = profile.compress();
    let profile = lo.add_object(Object::Stream(profile));
    let space = lo.add_object(Object::Array(vec![Object::Name(b"ICCBased".to_vec()), Object::Reference(profile)]));
    let mut holders: Vec<lopdf::ObjectId> = lo.get_pages().into_values().collect();
    holders.extend(lo.objects.iter().filter_map(|(id, o)| match o {
        Object::Stream(s) if s.dict.get(b"Subtype").and_then(|t| t.as_name()).ok() == Some(b"Form".as_slice()) => {
            Some(*id)
        }
        _ => None,
    }));
    for holder in holders {
        // The resources: the holder's own dictionary, or one it refers to.
        let resources = match lo.get_object(holder) {
            Ok(Object::Dictionary(d)) => d.get(b"Resources").ok().cloned(),
            Ok(Object::Stream(st)) => st.dict.get(b"Resources").ok().cloned(),
            _ => None,
        };
        let target = match resources {
            Some(Object::Reference(r)) => r,
            _ => holder,
        };
        let dict = match lo.get_object_mut(target) {
            Ok(Object::Dictionary(d)) if target != holder => d,
            Ok(Object::Dictionary(d)) => match d.get_mut(b"Resources") {
                Ok(Object::Dictionary(r)) => r,
                _ => {
                    d.set("Resources", Object::Dictionary(Dictionary::new()));
                    d.get_mut(b"Resources").and_then(|r| r.as_dict_mut()).map_err(|e| Error::failed(e.to_string()))?
                }
            },
            Ok(Object::Stream(st)) => match st.dict.get_mut(b"Resources") {
                Ok(Object::Dictionary(r)) => r,
                _ => {
                    st.dict.set("Resources", Object::Dictionary(Dictionary::new()));
                    st.dict
                        .get_mut(b"Resources")
                        .and_then(|r| r.as_dict_mut())
                        .map_err(|e| Error::failed(e.to_string()))?
                }
            },
            _ => return Err(Error::failed("a page without resources")),
        };
        let mut spaces = match dict.get(b"ColorSpace") {
            Ok(Object::Dictionary(d)) => d.clone(),
            _ => Dictionary::new(),
        };
        spaces.set(ICC_RGB, Object::Reference(space));
        dict.set("ColorSpace", Object::Dictionary(spaces));
    }
    Ok(())
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
