//! Each kind of fault, planted in a page, is found; a clean page has none.

use super::*;
use crate::fonts::Face;
use crate::scene::{Anchor, Points};
use crate::style::{self, INK, WHITE};

/// An A5 sheet with a word at (30, 40) mm.
fn page_with_word() -> Scene {
    let mut s = Scene::new(148.0, 210.0);
    s.text(30.0, 40.0, Points(10.0), "Hello", Face::Regular, Anchor::Start, INK);
    s
}

fn kinds(s: &Scene, medium: &Medium) -> Vec<FaultKind> {
    check(s, medium).iter().map(|f| f.kind).collect()
}

#[test]
fn a_clean_page_has_no_fault() {
    let mut s = page_with_word();
    // A frame around the word, a line under it, a light fill behind it.
    s.rect(25.0, 33.0, 30.0, 10.0, None, Some(style::stroke(INK, 0.3)));
    s.line(30.0, 41.5, 45.0, 41.5, style::stroke(INK, 0.3));
    assert!(check(&s, &Medium::Sheet).is_empty(), "{:?}", check(&s, &Medium::Sheet));
}

#[test]
fn a_word_off_the_live_area_is_found() {
    let mut s = page_with_word();
    s.text(1.0, 100.0, Points(10.0), "edge", Face::Regular, Anchor::Start, INK);
    assert_eq!(kinds(&s, &Medium::Sheet), [FaultKind::OffLiveArea]);
    // A book page: 18 pt inside the trim, which here lies 3 mm inside the page.
    let trim = Rect::new(3.0, 3.0, 145.0, 207.0);
    let book = Medium::Trimmed { trim, bleed: Rect::sized(148.0, 210.0) };
    let mut b = page_with_word();
    b.text(8.0, 100.0, Points(10.0), "near", Face::Regular, Anchor::Start, INK);
    assert_eq!(kinds(&b, &book), [FaultKind::OffLiveArea]);
    // A picture: a label above its frame.
    let mut p = Scene::new(50.0, 50.0);
    p.text(20.0, 1.0, Points(10.0), "II", Face::Bold, Anchor::Middle, INK);
    assert_eq!(kinds(&p, &Medium::Picture), [FaultKind::OffLiveArea]);
}

#[test]
fn text_on_text_is_found() {
    let mut s = page_with_word();
    s.text(35.0, 41.0, Points(10.0), "World", Face::Bold, Anchor::Start, INK);
    let faults = check(&s, &Medium::Sheet);
    assert_eq!(faults.iter().map(|f| f.kind).collect::<Vec<_>>(), [FaultKind::TextOnText]);
    assert_eq!((faults[0].text.as_str(), faults[0].other.as_str()), ("World", "Hello"));
}

#[test]
fn a_dark_mark_across_a_dark_word_is_found_and_a_light_word_on_a_piece_is_fine() {
    let mut s = page_with_word();
    s.line(25.0, 38.5, 60.0, 38.5, style::stroke(INK, 0.3));
    assert_eq!(kinds(&s, &Medium::Sheet), [FaultKind::MarkOnText]);
    // A white letter on a black disc.
    let mut piece = Scene::new(148.0, 210.0);
    piece.circle(50.0, 50.0, 5.0, Some(INK), None);
    piece.text(50.0, 51.5, Points(10.0), "X", Face::Bold, Anchor::Middle, WHITE);
    assert!(check(&piece, &Medium::Sheet).is_empty());
    // A dark letter on the same disc is not.
    piece.text(50.0, 51.5, Points(10.0), "O", Face::Bold, Anchor::Middle, INK);
    assert!(kinds(&piece, &Medium::Sheet).contains(&FaultKind::MarkOnText));
    // A grid line hidden under a white plate painted before the word is fine.
    let mut plate = Scene::new(148.0, 210.0);
    plate.line(20.0, 38.5, 60.0, 38.5, style::stroke(INK, 0.3));
    plate.rect(28.0, 35.0, 20.0, 7.0, Some(WHITE), None);
    plate.text(30.0, 40.0, Points(10.0), "Hello", Face::Regular, Anchor::Start, INK);
    assert!(check(&plate, &Medium::Sheet).is_empty(), "{:?}", check(&plate, &Medium::Sheet));
    // A symbol's outline across a word counts as any mark does.
    let ring = crate::scene::symbol("form-test/ring".into(), || {
        let mut d = Scene::new(10.0, 10.0);
        d.circle(5.0, 5.0, 4.0, None, Some(style::stroke(INK, 0.4)));
        d
    });
    let mut used = page_with_word();
    used.use_symbol(&ring, 27.0, 32.0, 1.0);
    assert_eq!(kinds(&used, &Medium::Sheet), [FaultKind::MarkOnText]);
}

#[test]
fn ink_past_what_is_printed_is_clipped() {
    let mut s = page_with_word();
    s.line(2.0, 100.0, 60.0, 100.0, style::stroke(INK, 0.3));
    assert_eq!(kinds(&s, &Medium::Sheet), [FaultKind::Clipped]);
    // A book's picture may run into its bleed, not past it.
    let trim = Rect::new(3.0, 3.0, 145.0, 207.0);
    let book = Medium::Trimmed { trim, bleed: Rect::sized(148.0, 210.0) };
    let mut b = page_with_word();
    b.rect(0.0, 0.0, 148.0, 20.0, Some(style::PALE), None);
    assert!(check(&b, &book).is_empty());
    b.rect(-1.0, 50.0, 10.0, 10.0, Some(style::PALE), None);
    assert_eq!(kinds(&b, &book), [FaultKind::Clipped]);
}

#[test]
fn a_page_with_a_fault_is_not_written() {
    let mut s = page_with_word();
    s.text(1.0, 100.0, Points(10.0), "edge", Face::Regular, Anchor::Start, INK);
    let good = page_with_word();
    let e = ensure(&[good, s], |_| Medium::Sheet, "test.pdf").unwrap_err();
    assert_eq!(e.exit_status(), 1);
    assert!(
        e.message().contains("test.pdf") && e.message().contains("page 2") && e.message().contains("'edge'"),
        "{e}"
    );
    assert!(e.message().contains("not written"), "{e}");
}
