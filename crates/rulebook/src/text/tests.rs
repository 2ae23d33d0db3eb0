//! Line breaking and drawing: cut words, flush-left lines, changes of face.
use super::*;

/// Words wider than the line, in one face and across two, alone and tied to the
/// word before them, are cut so that every line fits, and no letter is lost.
#[test]
fn a_word_wider_than_the_line_is_cut_between_letters() {
    let word = "Donaudampfschifffahrtsgesellschaftskapitän";
    let span = |text: &str, face: Face| Span { text: text.to_string(), face };
    let cases: [Vec<Span>; 3] = [
        vec![span(word, Face::Regular)],
        vec![span("See the ", Face::Regular), span(word, Face::Bold), span(&word.repeat(2), Face::Italic)],
        vec![span(&format!("Short words, then {word} {word}"), Face::Regular)],
    ];
    for spans in &cases {
        let all: String = spans.iter().map(|s| s.text.as_str()).collect();
        for width in [12.0, 25.0, 40.0] {
            let lines = break_lines_with(spans, Points(10.0), width, None);
            for l in &lines {
                assert!(line_width(l) <= width + 1e-3, "{width} mm: '{}' is {} mm", l.text(), line_width(l));
            }
            let read: String = lines.iter().map(|l| l.text().trim_end_matches('-').to_string()).collect();
            let letters = |t: &str| t.chars().filter(|c| !c.is_whitespace()).collect::<String>();
            assert_eq!(letters(&read), letters(&all), "{width} mm");
            assert!(lines.len() > 1, "{width} mm: cut");
        }
    }
}

/// A justified line whose gaps would grow past three spaces (two short words before
/// one too long to join them) is set flush left; a line of many words is justified.
#[test]
fn a_line_with_too_few_words_to_justify_is_set_flush_left() {
    let starts = |text: &str| -> Vec<f32> {
        let spans = [Span { text: text.to_string(), face: Face::Regular }];
        let lines = break_lines_with(&spans, Points(10.0), 100.0, None);
        let mut scene = Scene::new(100.0, 20.0);
        draw_line(&mut scene, &lines[0], 0.0, 10.0, 100.0, Points(10.0), Align::Justify, Rgb(0, 0, 0));
        crate::scene::leaves(&scene.items)
            .filter_map(|i| match i {
                crate::scene::Item::Text { at, .. } => Some(at.x),
                _ => None,
            })
            .collect()
    };
    let word = "Donaudampfschifffahrtsgesellschaftskapitän";
    let few = starts(&format!("Para with {word}{word}"));
    assert!(few.iter().all(|&x| x < 30.0), "'Para with' spread over the line: {few:?}");
    let many = starts(&format!("{} {word}", "the words of a line that is long enough to fill it".repeat(2)));
    assert!(many.iter().any(|&x| x > 80.0), "a full line not justified: {many:?}");
}

/// Where a word changes face with no space between, the two faces' ink does not
/// touch: an oblique letter leaning into an upright one gets the room it reaches
/// over (`*vier*x` set the x on the r before), in one fragment and across a cut
/// letter by letter; and a change that needs none (`*vier*.`) gets none.
#[test]
fn a_change_of_face_inside_a_word_leaves_the_ink_apart() {
    let span = |text: &str, face: Face| Span { text: text.to_string(), face };
    for (width, spans) in [
        (100.0, vec![span("Und ", Face::Regular), span("vier", Face::Italic), span("x Steinen.", Face::Regular)]),
        (100.0, vec![span("kraft", Face::Italic), span("voll", Face::Bold), span("elf", Face::Italic)]),
        (9.0, vec![span("Stein", Face::Regular), span("fffffffff", Face::Italic), span("xxxxx", Face::Regular)]),
    ] {
        let mut scene = Scene::new(120.0, 80.0);
        for (k, line) in break_lines_with(&spans, Points(10.0), width, None).iter().enumerate() {
            draw_line(&mut scene, line, 5.0, 10.0 + 6.0 * k as f32, width, Points(10.0), Align::Left, Rgb(0, 0, 0));
        }
        let faults = boardpress_core::form::check(&scene, &boardpress_core::form::Medium::Picture);
        assert!(faults.is_empty(), "{faults:?}");
    }
    let piece = |text: &str, face: Face| Piece { text: text.into(), face, width: 0.0 };
    let room = |a: &Piece, b: &Piece| room_between_faces(a, b, Points(10.0));
    assert!(room(&piece("vier", Face::Italic), &piece("x", Face::Regular)) > 0.1);
    assert_eq!(room(&piece("vier", Face::Italic), &piece(".", Face::Regular)), 0.0);
    assert_eq!(room(&piece("vier", Face::Regular), &piece("x", Face::Regular)), 0.0);
}
