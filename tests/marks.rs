//! Every picture of a rulebook diagram says the cells a `mark:` line marks exactly when
//! its drawing shows them, and draws them inside itself: each built-in fence with a move,
//! alone and as a before-and-after pair, is drawn with a mark and without, and what the
//! mark adds to the drawing (found by comparing the two drawings, not by reading the
//! words) is held to what the words say.

mod described;

use boardpress::games;
use boardpress::{GameOptions, Lang};
use described::{fences, halves, plain, said_pair, sentence, LANGUAGES};

/// The drawn leaves of a scene (groups opened), each with the left and right ends of
/// what it draws (a text's anchor) and its drawing as text (two leaves with the same text
/// draw the same thing).
fn drawn_leaves(items: &[boardpress::scene::Item], out: &mut Vec<((f32, f32), String)>) {
    use boardpress::scene::{Item, Seg};
    for item in items {
        let ends = match item {
            Item::Group(g) => {
                drawn_leaves(&g.items, out);
                continue;
            }
            Item::Path { segs, .. } => {
                let xs = segs.iter().flat_map(|s| match *s {
                    Seg::Move(p) | Seg::Line(p) => vec![p.x],
                    Seg::Cubic(a, b, c) => vec![a.x, b.x, c.x],
                    Seg::Close => vec![],
                });
                xs.fold((f32::MAX, f32::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
            }
            Item::Text { at, .. } => (at.x, at.x),
            Item::Use { at, symbol, scale } => (at.x, at.x + symbol.scene.width * scale),
        };
        out.push((ends, format!("{item:?}")));
    }
}

/// The ends of the leaves that `with` draws and `without` does not draw at all (a leaf
/// drawn again over itself shows nothing new).
fn drawn_only_in(with: &[boardpress::scene::Item], without: &[boardpress::scene::Item]) -> Vec<(f32, f32)> {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    drawn_leaves(with, &mut a);
    drawn_leaves(without, &mut b);
    let drawn: std::collections::HashSet<String> = b.into_iter().map(|(_, text)| text).collect();
    a.into_iter().filter(|(_, text)| !drawn.contains(text)).map(|(ends, _)| ends).collect()
}

#[test]
fn each_picture_says_the_marks_it_draws() {
    // Every rulebook fence with a move, alone and shown before and after, drawn with a
    // `mark:` cell and without: a picture whose drawing the mark changes (found by
    // comparing the two drawings, not by reading the words) is one whose words say the
    // cell is marked, and a picture that does not draw the mark does not say it.
    let w = LANGUAGES[0];
    let candidates: [(&str, &[&str]); 4] = [
        ("el", &["a1", "c3", "f6"]),
        ("kamon", &["D4", "A1", "G4"]),
        ("six", &["(0,0)", "(2,0)", "(3,1)"]),
        ("gosforth", &["a1", "c3", "e5"]),
    ];
    for g in games::GAMES {
        let game = g.word();
        let cells = candidates.iter().find(|(word, _)| *word == game).map(|(_, cells)| *cells);
        let cells = cells.unwrap_or_else(|| panic!("{game}: name some of its cells to mark, in this test"));
        let options = GameOptions::new();
        let ctx = boardpress::api::rulebook_variables(&options, "boardpress rules", Lang::En).unwrap();
        let source = boardpress::api::builtin_rulebook(g, Lang::En).unwrap();
        let built =
            boardpress::rulebook::build(&source, &ctx, &options.only(g.options()), Lang::En, games::rulebook_games())
                .unwrap();
        let moved = fences(&built.markdown).into_iter().filter(|f| !f.all("after").is_empty()).collect::<Vec<_>>();
        assert!(!moved.is_empty(), "{game}: a fence with a move");
        let mut drawn_marks = 0;
        for f in &moved {
            let kept = f.entries.iter().filter(|(k, _)| !["caption", "show", "mark", "width"].contains(&k.as_str()));
            let body: String = kept.map(|(k, v)| format!("{k}: {v}\n")).collect();
            let keys: Vec<&str> = g.fence_keys().iter().chain(&boardpress::game::fence::COMMON_KEYS).copied().collect();
            let draw = |extra: &str| {
                let fence =
                    boardpress::game::fence::Fence { game: game.to_string(), body: format!("{body}{extra}"), line: 1 };
                let entries = boardpress::game::fence::entries(&fence, &keys).unwrap();
                g.fence(&entries, 1, &options, Lang::En).unwrap_or_else(|e| panic!("{game}: {e}\n{}", fence.body)).scene
            };
            let (without, one_without) = (draw("show: both\n"), draw(""));
            for cell in cells {
                let heard = if game == "six" {
                    let (q, r) = cell.trim_matches(['(', ')']).split_once(',').unwrap();
                    said_pair(q.parse().unwrap(), r.parse().unwrap(), w)
                } else {
                    cell.to_string()
                };
                // Whether the words say the cell is marked: `None` when they say it as the
                // end of an arrow (a Gosforth gap a slide points into), shaded or not.
                let says = |text: &str| {
                    let pointed = text.contains(&format!("{}{heard}", w.gosforth_arrow.2));
                    (!pointed).then(|| sentence(text, w.marked).is_some_and(|s| s.contains(&heard)))
                };
                let context = format!("{game} {cell}, fence {:?}", f.entries);
                // Shown alone, the picture says the mark exactly when it draws it, inside itself.
                let one = draw(&format!("mark: {cell}\n"));
                let only = drawn_only_in(&one.items, &one_without.items);
                let drawn = !only.is_empty();
                let inside = |(lo, hi): (f32, f32)| lo >= -0.01 && hi <= one.width + 0.01;
                assert!(only.iter().all(|&ends| inside(ends)), "{context}: a mark drawn outside the picture: {only:?}");
                let alone = says(&plain(&one.desc));
                assert!(alone.is_none_or(|s| s == drawn), "{context}: the picture alone\n{}", one.desc);
                let with = draw(&format!("show: both\nmark: {cell}\n"));
                // The pair's arrow is its last three strokes, its shaft the first: it lies
                // in the gap between the pictures, from a fifth of the gap to four fifths.
                let arrow = &with.items[with.items.len() - 3];
                let boardpress::scene::Item::Path { segs, .. } = arrow else { panic!("{game}: no arrow") };
                let [boardpress::scene::Seg::Move(start), boardpress::scene::Seg::Line(end)] = segs[..] else {
                    panic!("{game}: no arrow")
                };
                let gap = (end.x - start.x) / 0.6;
                let (before_ends, after_starts) = (start.x - 0.2 * gap, end.x + 0.2 * gap);
                let only =
                    drawn_only_in(&with.items[..with.items.len() - 3], &without.items[..without.items.len() - 3]);
                // What the mark adds lies inside one picture or the other, not in the gap
                // or off the pair.
                let inside = |(lo, hi): (f32, f32)| {
                    (lo >= -0.01 && hi <= before_ends + 0.01) || (lo >= after_starts - 0.01 && hi <= with.width + 0.01)
                };
                assert!(only.iter().all(|&ends| inside(ends)), "{context}: a mark drawn outside its picture: {only:?}");
                let drawn_before = only.iter().any(|&(_, hi)| hi <= before_ends + 0.01);
                let drawn_after = only.iter().any(|&(lo, _)| lo >= after_starts - 0.01);
                let said = plain(&with.desc);
                let (before, after) = halves(&said, w);
                let before = before.unwrap_or_else(|| panic!("{game}: a pair said as one: {said}"));
                assert!(says(before).is_none_or(|s| s == drawn_before), "{context}: the picture before\n{said}");
                assert!(says(after).is_none_or(|s| s == drawn_after), "{context}: the picture after\n{said}");
                drawn_marks += usize::from(drawn_after);
            }
        }
        assert!(drawn_marks > 0, "{game}: no mark drawn at all");
    }
}
