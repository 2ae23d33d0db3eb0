//! The sRGB colour profile every PDF names as its output intent (PDF/A asks for one when
//! a document paints in DeviceRGB). It is built here from the numbers of IEC 61966-2-1
//! (the sRGB primaries adapted to the D50 white of the ICC's connection space, and the
//! sRGB tone curve), as an ICC version 2 display profile: no file from elsewhere is
//! shipped, so no other licence applies. Documents embed the profile deflated, as kept in
//! `profiles/`; the builder below is compiled for the tests, which hold the two together.

/// The profile's description, as a PDF output intent's `OutputConditionIdentifier` and
/// `Info` name it.
pub(crate) const SRGB_NAME: &str = "sRGB IEC61966-2.1";

/// D50, the profile connection space's white.
#[cfg(test)]
const D50: [f64; 3] = [0.9642, 1.0, 0.8249];

/// The sRGB red, green and blue primaries in XYZ, adapted from D65 to D50 (Bradford).
#[cfg(test)]
const PRIMARIES: [[f64; 3]; 3] = [
    [0.436_074_7, 0.222_504_5, 0.013_932_2],
    [0.385_064_9, 0.716_878_6, 0.097_104_5],
    [0.143_080_4, 0.060_616_9, 0.714_173_3],
];

/// Entries of the tone curve table.
#[cfg(test)]
const CURVE_POINTS: usize = 256;

#[cfg(test)]
fn s15_fixed16(v: f64) -> [u8; 4] {
    ((v * 65536.0).round() as i32).to_be_bytes()
}

#[cfg(test)]
fn xyz_tag(xyz: [f64; 3]) -> Vec<u8> {
    let mut t = b"XYZ \0\0\0\0".to_vec();
    for v in xyz {
        t.extend(s15_fixed16(v));
    }
    t
}

/// The sRGB tone curve, sampled. Each value is rounded to 16 bits from a computation far
/// from any rounding boundary, so every platform (and WebAssembly) gets the same table;
/// a test holds the profile's hash.
#[cfg(test)]
fn curve_tag() -> Vec<u8> {
    let mut t = b"curv\0\0\0\0".to_vec();
    t.extend((CURVE_POINTS as u32).to_be_bytes());
    for i in 0..CURVE_POINTS {
        let x = i as f64 / (CURVE_POINTS - 1) as f64;
        let y = if x <= 0.040_45 { x / 12.92 } else { ((x + 0.055) / 1.055).powf(2.4) };
        t.extend(((y * 65535.0).round() as u16).to_be_bytes());
    }
    t
}

#[cfg(test)]
fn text_tag(text: &str) -> Vec<u8> {
    let mut t = b"text\0\0\0\0".to_vec();
    t.extend(text.as_bytes());
    t.push(0);
    t
}

#[cfg(test)]
fn desc_tag(text: &str) -> Vec<u8> {
    let mut t = b"desc\0\0\0\0".to_vec();
    t.extend((text.len() as u32 + 1).to_be_bytes());
    t.extend(text.as_bytes());
    t.push(0);
    // No Unicode and no ScriptCode description: language 0, count 0; code 0, count 0,
    // and the ScriptCode's 67 bytes.
    t.extend([0u8; 8]);
    t.extend([0u8; 3]);
    t.extend([0u8; 67]);
    t
}

/// [`srgb_profile`] deflated (zlib), as a PDF embeds it: the bytes lopdf's
/// `Stream::compress` made of it with miniz_oxide at its best level (801 bytes), kept in
/// `profiles/` because making them took a compressor of its own in every document, and
/// kept as they are since the documents' own streams moved to zlib-rs (so that the
/// profile's bytes in a PDF never change); a test holds the two together.
pub(crate) static SRGB_PROFILE_DEFLATED: &[u8] = include_bytes!("profiles/sRGB-boardpress.icc.zlib");

/// The profile's bytes: what [`SRGB_PROFILE_DEFLATED`] inflates to (documents embed
/// those; a test holds the two together).
#[cfg(test)]
fn srgb_profile() -> Vec<u8> {
    let curve = curve_tag();
    // (signature, data); tags with equal data share it.
    let tags: Vec<(&[u8; 4], Vec<u8>)> = vec![
        (b"desc", desc_tag(SRGB_NAME)),
        (b"cprt", text_tag("No copyright: made by boardpress from IEC 61966-2-1")),
        (b"wtpt", xyz_tag(D50)),
        (b"rXYZ", xyz_tag(PRIMARIES[0])),
        (b"gXYZ", xyz_tag(PRIMARIES[1])),
        (b"bXYZ", xyz_tag(PRIMARIES[2])),
        (b"rTRC", curve.clone()),
        (b"gTRC", curve.clone()),
        (b"bTRC", curve),
    ];
    let table_len = 4 + 12 * tags.len();
    let mut data: Vec<u8> = Vec::new();
    let mut entries: Vec<(&[u8; 4], u32, u32)> = Vec::new();
    let mut placed: Vec<(Vec<u8>, u32)> = Vec::new();
    for (sig, bytes) in &tags {
        let offset = match placed.iter().find(|(b, _)| b == bytes) {
            Some((_, at)) => *at,
            None => {
                while !data.len().is_multiple_of(4) {
                    data.push(0);
                }
                let at = (128 + table_len + data.len()) as u32;
                data.extend(bytes);
                placed.push((bytes.clone(), at));
                at
            }
        };
        entries.push((sig, offset, bytes.len() as u32));
    }
    while !data.len().is_multiple_of(4) {
        data.push(0);
    }
    let size = (128 + table_len + data.len()) as u32;
    let mut out = Vec::with_capacity(size as usize);
    out.extend(size.to_be_bytes());
    out.extend([0u8; 4]); // preferred CMM: none
    out.extend([0x02, 0x10, 0x00, 0x00]); // version 2.1
    out.extend(b"mntr");
    out.extend(b"RGB ");
    out.extend(b"XYZ ");
    for v in [2026u16, 1, 1, 0, 0, 0] {
        out.extend(v.to_be_bytes()); // a fixed date: the profile never changes
    }
    out.extend(b"acsp");
    out.extend([0u8; 4]); // platform
    out.extend([0u8; 4]); // flags
    out.extend([0u8; 8]); // manufacturer, model
    out.extend([0u8; 8]); // attributes
    out.extend(0u32.to_be_bytes()); // rendering intent: perceptual
    for v in D50 {
        out.extend(s15_fixed16(v));
    }
    out.extend([0u8; 4]); // creator
    out.extend([0u8; 44]); // profile ID (version 4 only) and reserved
    debug_assert_eq!(out.len(), 128);
    out.extend((tags.len() as u32).to_be_bytes());
    for (sig, offset, len) in entries {
        out.extend(sig.as_slice());
        out.extend(offset.to_be_bytes());
        out.extend(len.to_be_bytes());
    }
    out.extend(data);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_profile_is_well_formed_and_never_changes() {
        let p = srgb_profile();
        assert_eq!(u32::from_be_bytes(p[0..4].try_into().unwrap()) as usize, p.len());
        assert_eq!(&p[36..40], b"acsp");
        assert_eq!(&p[12..20], b"mntrRGB ");
        // The curve reaches white exactly and starts black; mid grey is sRGB's 0.214.
        let t = curve_tag();
        let at = |i: usize| u16::from_be_bytes([t[12 + 2 * i], t[13 + 2 * i]]);
        assert_eq!(at(0), 0);
        assert_eq!(at(CURVE_POINTS - 1), 65535);
        assert!((at(127) as f64 / 65535.0 - 0.2140).abs() < 0.003);
        // Far from rounding boundaries: every sample sits at least 1e-6 from a half.
        for i in 0..CURVE_POINTS {
            let x = i as f64 / (CURVE_POINTS - 1) as f64;
            let y = if x <= 0.040_45 { x / 12.92 } else { ((x + 0.055) / 1.055).powf(2.4) };
            let frac = (y * 65535.0).fract();
            assert!((frac - 0.5).abs() > 1e-6, "sample {i} is {frac} from a half");
        }
        // The same bytes on every platform, WebAssembly included (recorded once, here).
        assert_eq!((crate::seed::fnv1a64(&p), p.len()), (0x39ea_4857_a5ee_4eea, 1012));
    }

    #[test]
    fn the_deflated_profile_inflates_to_the_profile_and_never_changes() {
        // The bytes every PDF embeds, recorded once (any change shows in every file).
        let now = (crate::seed::fnv1a64(SRGB_PROFILE_DEFLATED), SRGB_PROFILE_DEFLATED.len());
        assert_eq!(now, (0xc2d6_fd33_1444_9412, 801));
        let mut inflated = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::ZlibDecoder::new(SRGB_PROFILE_DEFLATED), &mut inflated).unwrap();
        assert_eq!(inflated, srgb_profile());
    }
}
