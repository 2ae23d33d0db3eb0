//! Line breaking and drawing: cut words, flush-left lines, changes of face.
use super::*;
use crate::lang::Lang;
use crate::Games;

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

/// A paragraph of ordinary prose, long enough to break into many lines at any measure.
const PROSE: &str = "Each player in turn writes one number from one to six in an empty cell of \
    the board. Whoever finishes a line or an L of the agreed length with numbers that rise \
    or fall by one wins the game at once, however the numbers came to be there. A number \
    written by the other player counts as much as your own: watch the cells where a single \
    number would finish a shape, since a careless move there hands the game away. When the \
    board is full and nobody has won, the game is a draw, and the players swap who begins.";

/// The spaces of each line of a justified paragraph, as drawn: their least and greatest
/// width in spaces, over every line but the last of each paragraph.
fn spacing(lines: &[Line], width: f32, size: Points) -> (f32, f32) {
    let space = Face::Regular.text_width(" ", size);
    let mut range = (f32::MAX, 0.0f32);
    for l in lines.iter().filter(|l| !l.last) {
        let gaps = l.frags[..l.frags.len() - 1].iter().filter(|f| f.space > 0.0).count() as f32;
        let drawn = 1.0 + (width - line_width(l)) / gaps / space;
        range = (range.0.min(drawn), range.1.max(drawn));
    }
    range
}

/// A justified paragraph may set a line's spaces a little narrower than a space (never
/// below [`LEAST_SPACE`]), and every line it draws stays inside its measure; so set, a
/// narrow column has fewer lines stretched loose than with spaces that only grow.
#[test]
fn justified_lines_may_narrow_their_spaces_a_little() {
    let size = Points(9.0);
    let spans = [Span { text: PROSE.split_whitespace().collect::<Vec<_>>().join(" "), face: Face::Regular }];
    let hyphenation = Hyphenation { lang: Lang::En, games: Games::default() };
    let (mut loose_before, mut loose_after, mut narrowed) = (0, 0, 0);
    for width in (45..=125).step_by(4).map(|w| w as f32) {
        let lines = break_justified(&spans, size, width, hyphenation);
        let (least, most) = spacing(&lines, width, size);
        assert!(least >= LEAST_SPACE as f32 - 1e-3, "{width} mm: spaces narrowed to {least}");
        narrowed += usize::from(least < 1.0);
        loose_after += usize::from(most > 1.6);
        let mut scene = Scene::new(width + 10.0, 8.0 * lines.len() as f32 + 10.0);
        for (k, l) in lines.iter().enumerate() {
            draw_line(&mut scene, l, 5.0, 8.0 + 6.0 * k as f32, width, size, Align::Justify, Rgb(0, 0, 0));
        }
        let right = crate::scene::leaves(&scene.items)
            .filter_map(|i| match i {
                crate::scene::Item::Text { at, text, size, face, .. } => {
                    Some(at.x + face.text_width(text.trim_end(), *size))
                }
                _ => None,
            })
            .fold(0.0, f32::max);
        assert!(right <= 5.0 + width + 1e-3, "{width} mm: a line reaches {} mm", right - 5.0);
        loose_before += usize::from(spacing(&break_lines(&spans, size, width, hyphenation), width, size).1 > 1.6);
    }
    assert!(narrowed > 0, "no line was narrowed");
    assert!(loose_after < loose_before, "loose measures: {loose_after} narrowing, {loose_before} without");
}

/// A paragraph's last line holds more than its last word: the word before it, or that
/// word's last syllable ("zu einem Drei-" / "eck zusammengeschoben."), at every measure
/// where the two fit on a line.
#[test]
fn the_last_line_holds_more_than_one_word() {
    let text = "Dreieck: Reihen aus drei, zwei und einem Stein, zu einem Dreieck zusammengeschoben.";
    let spans = [Span { text: text.to_string(), face: Face::Regular }];
    let hyphenation = Hyphenation { lang: Lang::De, games: Games::default() };
    let size = Points(9.0);
    let tail_width = Face::Regular.text_width("Dreieck zusammengeschoben.", size);
    let mut checked = 0;
    for width in (40..=140).map(|w| w as f32) {
        for lines in [break_justified(&spans, size, width, hyphenation), break_lines(&spans, size, width, hyphenation)]
        {
            if tail_width < width && lines.len() > 1 {
                let last = lines.last().expect("a line").text();
                assert!(last.trim_end().contains(' '), "{width} mm: the last line is '{last}'");
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "{checked} measures checked");
}

/// In a justified paragraph an option in code may leave its value for the next line
/// where keeping them together would stretch a line loose (Kamon's French "What you
/// need" item on a booklet page: an unbreakable `--seed nimportequoi` left spaces four
/// wide); lines broken ragged and table cells never part them.
#[test]
fn a_justified_paragraph_may_part_an_option_from_its_value_to_avoid_a_loose_line() {
    let span = |text: &str, face: Face| Span { text: text.to_string(), face };
    let spans = [
        span("Un plateau garni de ses tuiles : ", Face::Regular),
        span("boardpress board kamon --seed nimportequoi --lang fr", Face::Mono),
        span(" imprime un plateau prêt à jouer, différent pour chaque graine, et ", Face::Regular),
        span("boardpress board kamon --blank --tokens --lang fr", Face::Mono),
        span(" imprime un plateau vide et 36 tuiles à découper et à mélanger soi-même.", Face::Regular),
    ];
    let hyphenation = Hyphenation { lang: Lang::Fr, games: Games::default() };
    let size = Points(9.0);
    let parted = |lines: &[Line]| {
        let ends: Vec<String> = lines.iter().map(|l| l.text().trim_end().to_string()).collect();
        ends.iter().any(|t| t.ends_with("--seed") || t.ends_with("--lang"))
    };
    let (mut loosest_kept, mut loosest_parted, mut parts) = (0.0f32, 0.0f32, 0);
    for width in (60..=110).map(|w| w as f32) {
        let justified = break_justified(&spans, size, width, hyphenation);
        let ragged = break_lines(&spans, size, width, hyphenation);
        assert!(!parted(&ragged), "{width} mm: a ragged line parts an option from its value");
        assert!(!parted(&break_cell(&spans, size, width, true)), "{width} mm: a table cell parts them");
        // The same paragraph broken as ragged text is (full spaces, options kept with
        // their values) and drawn justified: its loosest line.
        loosest_kept = loosest_kept
            .max(spacing(&break_spaced(&spans, size, width, Some(hyphenation), false, true), width, size).1);
        loosest_parted = loosest_parted.max(spacing(&justified, width, size).1);
        parts += usize::from(parted(&justified));
    }
    assert!(parts > 0, "no measure parted an option from its value");
    assert!(loosest_parted < loosest_kept, "loosest line {loosest_parted} spaces, {loosest_kept} kept whole");
}

/// A French word after an elided article or pronoun (`d'hexagones`, `l’adversaire`) is
/// hyphenated after the apostrophe, never at it; a word with other marks inside stays
/// whole, and so does a short word after an apostrophe.
#[test]
fn an_elided_word_is_hyphenated_after_its_apostrophe() {
    let fr = Hyphenation { lang: Lang::Fr, games: Games::default() };
    for word in ["d'hexagones", "l\u{2019}adversaire", "(qu'imprimerait,"] {
        let at = word.find(['\'', '\u{2019}']).expect("an apostrophe");
        let points = hyphen_points(word, fr);
        assert!(!points.is_empty(), "{word}: no hyphenation point");
        assert!(points.iter().all(|&p| p > at + 2 && word.is_char_boundary(p)), "{word}: {points:?}");
    }
    for word in ["d'un", "c4=3'", "a1'b2'c3d4"] {
        assert_eq!(hyphen_points(word, fr), Vec::<usize>::new(), "{word}");
    }
}
