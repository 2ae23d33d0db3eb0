//! The wrap-around cover of a book: back | spine | front on one sheet at the trim's
//! height, with 0.125 in of bleed all round; the spine as wide as the pages are thick
//! (white paper 0.002252 in a page, cream 0.0025), its title only from 100 pages (a
//! thinner spine cannot carry one safely), a clear box for the barcode on the back, and
//! the games' pictures on the front.

use super::front::{centred_lines, draw_centred};
use super::spec::BookSpec;
use super::{game_titles, used_games, BLEED_IN};
use crate::error::Result;
use crate::fonts::{fit_size, wrap, Face};
use crate::game::Grade;
use crate::lang::Lang;
use crate::scene::{Anchor, Points, Rgb, Role, Scene};
use crate::style::{self, INK, WHITE};

const MM_PER_IN: f32 = 25.4;
/// Text keeps this far from every trim edge and fold (safe area).
const SAFE_IN: f32 = 0.375;
/// The barcode box: 2 x 1.2 in, on the back's lower outside corner.
pub const BARCODE_IN: (f32, f32) = (2.0, 1.2);
/// A spine carries a title from this many pages.
pub const SPINE_TITLE_PAGES: usize = 100;
/// The smallest type on a spine (pt): a title that would be smaller is left off.
const SPINE_MIN_PT: Points = Points(7.0);

/// The cover's panels, in mm from the sheet's left edge: (back, spine, front) as (x, width).
pub fn panels(spec: &BookSpec, pages: usize) -> ((f32, f32), (f32, f32), (f32, f32)) {
    let (tw, _) = spec.print.trim.mm();
    let bleed = BLEED_IN * MM_PER_IN;
    let spine = pages as f32 * spec.print.stock.page_inches() * MM_PER_IN;
    ((bleed, tw), (bleed + tw, spine), (bleed + tw + spine, tw))
}

/// The cover of a book of `pages` pages.
pub fn cover(spec: &BookSpec, pages: usize) -> Result<Scene> {
    let (tw, th) = spec.print.trim.mm();
    let bleed = BLEED_IN * MM_PER_IN;
    let ((back_x, _), (spine_x, spine_w), (front_x, _)) = panels(spec, pages);
    let (w, h) = (front_x + tw + bleed, th + 2.0 * bleed);
    let safe = SAFE_IN * MM_PER_IN;
    let mut s = Scene::new(w, h);
    s.title = spec.lang.f("book.cover", &[("title", &spec.title)]);
    // A pale ground to the edges of the bleed (greyscale-safe), the spine darker.
    s.artifact(|s| {
        s.rect(0.0, 0.0, w, h, Some(Rgb(236, 241, 247)), None);
        s.rect(spine_x, 0.0, spine_w, h, Some(Rgb(52, 73, 94)), None);
    });

    // Front: title, subtitle, author, the games' pictures.
    let (fx, fw) = (front_x + safe, tw - 2.0 * safe);
    let mut y = bleed + th * 0.16;
    let title = centred_lines(&spec.title, "title", Face::Bold, fw, (Points(34.0), Points(16.0), 4))?;
    let lead = title.0.em() * 1.15;
    s.tagged(Role::Heading(1), |s| y = draw_centred(s, &title, fx + fw / 2.0, y, lead, Face::Bold, INK));
    if let Some(sub) = &spec.subtitle {
        let set = centred_lines(sub, "subtitle", Face::Regular, fw, (Points(16.0), Points(11.0), 3))?;
        y += Points(16.0).em() * 1.7;
        let lead = set.0.em() * 1.3;
        s.tagged(Role::Paragraph, |s| y = draw_centred(s, &set, fx + fw / 2.0, y, lead, Face::Regular, INK));
    }
    let pictures: Vec<Scene> =
        used_games(spec).iter().filter_map(|(g, o)| g.cover(&o.only(g.options()), spec.lang).ok()).collect();
    let n = pictures.len().max(1);
    let cols = if n <= 2 { n } else { 2 };
    let rows = n.div_ceil(cols);
    let top = y + 12.0;
    let bottom = bleed + th - safe - 14.0;
    let (cell_w, cell_h) = (fw / cols as f32, (bottom - top) / rows as f32);
    for (k, p) in pictures.iter().enumerate() {
        let (col, row) = (k % cols, k / cols);
        let sc = (cell_w * 0.88 / p.width).min(cell_h * 0.88 / p.height);
        let (pw, ph) = (p.width * sc, p.height * sc);
        let (px, py) =
            (fx + col as f32 * cell_w + (cell_w - pw) / 2.0, top + row as f32 * cell_h + (cell_h - ph) / 2.0);
        s.artifact(|s| {
            s.rect(px - 1.5, py - 1.5, pw + 3.0, ph + 3.0, Some(WHITE), Some(style::stroke(Rgb(180, 190, 200), 0.3)))
        });
        s.figure(p, px, py, sc, &p.desc);
    }
    if let Some(author) = &spec.author {
        let set = centred_lines(author, "author", Face::Italic, fw, (Points(14.0), Points(10.0), 2))?;
        let lead = set.0.em() * 1.3;
        let first = bleed + th - safe - (set.1.len() - 1) as f32 * lead;
        s.tagged(Role::Paragraph, |s| {
            draw_centred(s, &set, fx + fw / 2.0, first, lead, Face::Italic, INK);
        });
    }

    // Spine: title and author, reading top to bottom, from 100 pages; the title alone
    // where both do not fit at a readable size, and nothing where the title does not.
    if pages >= SPINE_TITLE_PAGES {
        let largest = Points::from_em(spine_w * 0.55).min(Points(14.0));
        let length = th - 2.0 * safe;
        let both = spec.author.as_ref().map(|a| format!("{}  ·  {a}", spec.title));
        let words = both
            .into_iter()
            .chain([spec.title.clone()])
            .find(|w| fit_size(Face::Bold, w, length, largest) >= SPINE_MIN_PT.min(largest));
        if let Some(words) = words {
            let pt = fit_size(Face::Bold, &words, length, largest);
            let x = spine_x + spine_w / 2.0 - pt.em() * 0.35;
            // The spine repeats the front: page furniture.
            s.artifact(|s| s.turned_text(x, bleed + th / 2.0, 90.0, pt, words, Face::Bold, Anchor::Middle, WHITE));
        }
    }

    // Back: what is inside, and the barcode box.
    let (bx, bw) = (back_x + safe, tw - 2.0 * safe);
    let total: u32 = spec.sections.iter().map(|x| x.count).sum();
    let lang = spec.lang;
    let mut blurb = vec![lang.f("book.blurb", &[("total", &total), ("games", &game_titles(spec))])];
    for x in &spec.sections {
        let task = task_words(&x.task, lang);
        let line = match x.difficulty {
            Some(d) => lang.f(
                "book.blurb.graded",
                &[("title", &x.title), ("count", &x.count), ("task", &task), ("grade", &grade_word(d, lang))],
            ),
            None => lang.f("book.blurb.section", &[("title", &x.title), ("count", &x.count), ("task", &task)]),
        };
        blurb.push(line);
    }
    let with_rules = spec.how_to_play != super::spec::HowToPlay::None;
    blurb.push(lang.t(if with_rules { "book.with_rules" } else { "book.with_solutions" }).to_string());
    let pt = Points(10.5);
    let lead = pt.em() * 1.45;
    let mut y = bleed + safe + 4.0;
    for para in &blurb {
        s.tagged(Role::Paragraph, |s| {
            for line in wrap(Face::Regular, para, bw, pt) {
                y += lead;
                s.text(bx, y, pt, line, Face::Regular, Anchor::Start, INK);
            }
        });
        y += lead * 0.4;
    }
    let (cw, ch) = (BARCODE_IN.0 * MM_PER_IN, BARCODE_IN.1 * MM_PER_IN);
    let (cx, cy) = (back_x + tw - safe - cw, bleed + th - safe - ch);
    // The box the printer's barcode goes in.
    s.artifact(|s| {
        s.rect(cx, cy, cw, ch, Some(WHITE), Some(style::stroke(Rgb(160, 160, 160), 0.25)));
        s.text(
            cx + cw / 2.0,
            cy + ch / 2.0,
            Points(6.0),
            lang.t("book.barcode"),
            Face::Italic,
            Anchor::Middle,
            Rgb(170, 170, 170),
        );
    });
    Ok(s)
}

/// A task in words ("win in one"); a task the catalogue does not name is printed as
/// its word with spaces.
fn task_words(task: &str, lang: Lang) -> String {
    let key = match task {
        "win-in-one" => "book.task.win_in_one",
        "win-in-two" => "book.task.win_in_two",
        "defend" => "book.task.defend",
        "block" => "book.task.block",
        "best-move" => "book.task.best_move",
        other => return other.replace('-', " "),
    };
    lang.t(key).to_string()
}

/// A grade in words.
fn grade_word(grade: Grade, lang: Lang) -> &'static str {
    lang.t(match grade {
        Grade::Easy => "book.grade.easy",
        Grade::Medium => "book.grade.medium",
        Grade::Hard => "book.grade.hard",
        Grade::Expert => "book.grade.expert",
    })
}

#[cfg(test)]
mod tests {
    use super::panels;

    #[test]
    fn the_spine_is_as_wide_as_the_pages_are_thick() {
        let spec = crate::book::spec::parse(
            "b.toml",
            "title = \"T\"\ntrim = \"6x9in\"\npaper = \"cream\"\n[[section]]\ntitle = \"a\"\ngame = \"el\"\ncount = 1\n",
        )
        .unwrap();
        let (back, spine, front) = panels(&spec, 200);
        assert!((spine.1 - 200.0 * 0.0025 * 25.4).abs() < 1e-3, "{spine:?}");
        assert!((back.0 - 0.125 * 25.4).abs() < 1e-3 && (back.1 - 6.0 * 25.4).abs() < 1e-3);
        assert!((front.0 - (back.0 + back.1 + spine.1)).abs() < 1e-3);
    }
}
