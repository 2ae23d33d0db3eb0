//! The PDF writer's own tests: what every page closes, the bytes a second thread writes,
//! and how text strings are encoded.

use super::*;

#[test]
fn every_graphics_state_and_text_object_is_closed_on_its_page() {
    use crate::scene::{Key, Role};
    let mut scene = Scene::new(100.0, 100.0);
    scene.tagged(Role::Figure("a square and a dot".into(), None), |scene| {
        scene.items.push(Item::Path {
            segs: vec![Seg::Move(Pt2 { x: 1.0, y: 1.0 }), Seg::Line(Pt2 { x: 9.0, y: 1.0 }), Seg::Close],
            fill: Some(Rgb(0, 0, 0)),
            stroke: Some(Stroke { colour: Rgb(9, 9, 9), width: 0.3, dash: Some((1.0, 1.0)) }),
        });
        let dot = crate::scene::symbol("test/dot".into(), || {
            let mut s = Scene::new(2.0, 2.0);
            s.items.push(Item::Path { segs: vec![Seg::Move(Pt2 { x: 0.0, y: 0.0 })], fill: None, stroke: None });
            s
        });
        scene.items.push(Item::Use { symbol: dot, at: Pt2 { x: 5.0, y: 5.0 }, scale: 2.0 });
    });
    scene.tagged_as(Role::Paragraph, Key::NEW, |scene| {
        scene.items.push(Item::Text {
            at: Pt2 { x: 5.0, y: 50.0 },
            size: crate::scene::Points(10.0),
            text: "Text".into(),
            face: Face::Regular,
            anchor: Anchor::Middle,
            colour: Rgb(0, 0, 0),
            turn: 90.0,
        });
    });
    let mut writer = PdfWriter::new(&DocInfo::default(), 1).unwrap();
    let ops = writer.page_content(&scene, &mut BTreeSet::new(), &mut BTreeMap::new()).unwrap();
    let count = |op: &str| ops.lines().filter(|l| *l == op || l.ends_with(&format!(" {op}"))).count();
    assert_eq!(count("q"), 2, "{ops}");
    assert_eq!(count("q"), count("Q"), "{ops}");
    assert_eq!(count("BT"), count("ET"), "{ops}");
    assert_eq!(count("BMC") + count("BDC"), count("EMC"), "{ops}");
}

/// A page of text, a path and one of seven symbols, different on every page.
fn numbered_page(n: usize) -> Scene {
    use crate::scene::Role;
    let mut scene = Scene::new(100.0, 100.0);
    let mark = crate::scene::symbol(format!("test/mark{}", n % 7), || {
        let mut s = Scene::new(3.0, 3.0);
        let corner = Pt2 { x: (n % 7) as f32 * 0.4, y: 3.0 };
        s.items.push(Item::Path {
            segs: vec![Seg::Move(Pt2 { x: 0.0, y: 0.0 }), Seg::Line(corner), Seg::Close],
            fill: Some(Rgb(0, 0, 0)),
            stroke: None,
        });
        s
    });
    scene.tagged(Role::Figure(format!("mark {n}"), None), |scene| {
        scene.items.push(Item::Use { symbol: mark, at: Pt2 { x: 10.0, y: 10.0 + (n % 50) as f32 }, scale: 1.0 });
    });
    scene.tagged(Role::Paragraph, |scene| {
        let face = [Face::Regular, Face::Bold, Face::Mono][n % 3];
        scene.items.push(Item::Text {
            at: Pt2 { x: 50.0, y: 50.0 },
            size: crate::scene::Points(9.0 + (n % 5) as f32),
            text: format!("Page {n}: {}", "ÆØÅ sixty-one →".repeat(n % 4)),
            face,
            anchor: Anchor::Start,
            colour: Rgb(0, 0, 0),
            turn: 0.0,
        });
    });
    scene
}

#[test]
fn a_second_thread_changes_no_byte() {
    // 260 pages: their dictionaries and structure fill object streams more than once,
    // and symbols are first used between pages.
    let pages: Vec<Scene> = (0..260).map(numbered_page).collect();
    let written = |threads: usize| {
        let mut writer = PdfWriter::new(&DocInfo { title: "Threads".into(), ..DocInfo::default() }, threads).unwrap();
        for page in &pages {
            writer.page(page).unwrap();
        }
        writer.finish().unwrap()
    };
    let alone = written(1);
    assert!(alone.windows(7).filter(|w| w == b"/ObjStm").count() > 2);
    assert!(alone == written(2), "two threads wrote other bytes than one");
    assert!(alone == written(4), "four threads wrote other bytes than one");
}

#[test]
fn text_strings_use_pdf_doc_encoding_where_they_can() {
    let bytes = |o: Object| match o {
        Object::String(b) => b,
        other => panic!("{other:?}"),
    };
    assert_eq!(bytes(text_string("EL — Größe")), b"EL \x84 Gr\xf6\xdfe");
    assert_eq!(bytes(text_string("2 € • „x“")), b"2 \xa0 \x80 \x8cx\x8d");
    // A narrow no-break space (French) or an arrow has no code: UTF-16BE.
    assert_eq!(bytes(text_string("a\u{202f}:")), [0xFE, 0xFF, 0, b'a', 0x20, 0x2F, 0, b':']);
    assert_eq!(bytes(text_string("→"))[..2], [0xFE, 0xFF]);
    // U+00A0 and U+00AD are not 0xA0 and 0xAD there.
    assert_eq!(bytes(text_string("\u{a0}"))[..2], [0xFE, 0xFF]);
    assert_eq!(bytes(text_string("\u{ad}"))[..2], [0xFE, 0xFF]);
}

/// A page whose content stream is about `kb` KB and compresses poorly: paths through
/// scattered points.
fn busy_page(n: usize, kb: usize) -> Scene {
    let mut scene = Scene::new(200.0, 200.0);
    let mut x = n as u64 * 2_654_435_761 + 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % 190_000) as f32 / 1000.0 + 5.0
    };
    let mut segs = vec![Seg::Move(Pt2 { x: next(), y: next() })];
    segs.extend((0..kb * 1000 / 18).map(|_| Seg::Line(Pt2 { x: next(), y: next() })));
    let stroke = Some(Stroke { colour: Rgb(0, 0, 0), width: 0.2, dash: None });
    scene.items.push(Item::Path { segs, fill: None, stroke });
    scene
}

#[test]
fn a_long_file_comes_in_pieces_that_make_the_same_bytes() {
    // Twelve pages of about 400 KB of content each (some 170 KB compressed): a file of
    // two pieces.
    let pages: Vec<Scene> = (0..12).map(|n| busy_page(n, 400)).collect();
    let writer = || {
        let mut writer = PdfWriter::new(&DocInfo { title: "Pieces".into(), ..DocInfo::default() }, 1).unwrap();
        for page in &pages {
            writer.page(page).unwrap();
        }
        writer
    };
    let pieces = writer().finish_in_pieces().unwrap();
    let whole = writer().finish().unwrap();
    assert!(pieces.len() > 1, "{} bytes in one piece", whole.len());
    assert_eq!(pieces.concat(), whole);
    // No piece runs past its size, unless one object fills it alone.
    for piece in &pieces {
        assert!(piece.len() <= super::write::PIECE || piece.windows(7).filter(|w| w == b" 0 obj\n").count() == 1);
    }
    // The document ID, written into the last piece, is the hash of the whole file with
    // zeros in its place.
    let zeros = format!("<{}>", "0".repeat(32));
    let at = whole.windows(5).rposition(|w| w == b"/ID[<").expect("an ID") + 4;
    let id = String::from_utf8(whole[at..at + 34].to_vec()).unwrap();
    let mut blank = whole.clone();
    blank[at..at + 34].copy_from_slice(zeros.as_bytes());
    blank[at + 34..at + 68].copy_from_slice(zeros.as_bytes());
    let h = crate::seed::fnv1a64(&blank);
    assert_eq!(id, format!("<{:016X}{:016X}>", h, crate::seed::splitmix64(h)));
    assert!(lopdf::Document::load_mem(&whole).is_ok());
}

#[test]
fn output_pieces_keep_every_object_whole() {
    use super::write::{Output, PIECE};
    let mut out = Output::new(b"%head\n".to_vec());
    let sizes = [10, PIECE - 20, 30, PIECE + 5, 7, PIECE / 2, PIECE / 2, 1];
    let mut all = b"%head\n".to_vec();
    for (k, &size) in sizes.iter().enumerate() {
        let object = vec![b'a' + k as u8; size];
        out.append(&object);
        all.extend_from_slice(&object);
        assert_eq!(out.len(), all.len());
    }
    let pieces = out.into_pieces();
    assert_eq!(pieces.concat(), all);
    // A piece is no larger than its size unless it is one object alone.
    for piece in &pieces {
        assert!(piece.len() <= PIECE || piece.iter().all(|&b| b == piece[0]), "a piece of {} bytes", piece.len());
    }
    assert!(pieces.len() >= 4, "{} pieces", pieces.len());
}

#[test]
fn a_text_stream_is_compressed_even_when_its_bytes_would_end_with_a_carriage_return() {
    use super::write::Deflate;
    use std::io::Read;
    let mut deflate = Deflate::default();
    // Content of the kind a page holds, varied until its compressed form ends with a CR
    // (about one in 256 do).
    let content = (0..10_000)
        .map(|n| format!("q 1 0 0 1 {n} {} cm /S1 Do Q\n", n * 7 % 113).into_bytes())
        .find(|c| deflate.zlib(c).unwrap().last() == Some(&b'\r'))
        .expect("some content compresses to a final carriage return");
    let packed = deflate.text_stream(content.clone()).unwrap();
    assert_ne!(packed.last(), Some(&b'\r'));
    let mut unpacked = Vec::new();
    flate2::read::ZlibDecoder::new(packed.as_slice()).read_to_end(&mut unpacked).unwrap();
    // The same operators, then white space only.
    assert!(unpacked.starts_with(&content) && unpacked.len() > content.len());
    assert!(unpacked[content.len()..].iter().all(|&b| b == b' '));
}
