//! The pages a book draws itself around its chapters: the title page, the colophon
//! (with what recreates the book byte for byte), the contents and the pages for notes.

use super::*;
use crate::draw::leaders::leaders;

/// The title page: title, subtitle, author, and a picture of each game in the book.
pub(super) fn title_page(spec: &BookSpec, w: f32, h: f32) -> Result<Scene> {
    let mut s = Scene::new(w, h);
    let scale = type_scale(spec);
    let mut y = h * 0.18;
    let size = |pt: f32| Points(pt).scaled(scale);
    let title = centred_lines(&spec.title, "title", Face::Bold, w, (size(28.0), size(14.0), 4))?;
    let title_lead = title.0.em() * 1.2;
    s.tagged(Role::Heading(1), |s| y = draw_centred(s, &title, w / 2.0, y, title_lead, Face::Bold, INK));
    // The subtitle and the author under the title: (preferred, floor) size, most lines,
    // the gap above in ems of the preferred size.
    let under = [
        (&spec.subtitle, "subtitle", Face::Regular, (14.0, 10.0, 3), 1.6, INK),
        (&spec.author, "author", Face::Italic, (12.0, 9.0, 2), 2.0, GREY),
    ];
    for (text, key, face, (preferred, floor, most), gap, colour) in under {
        if let Some(text) = text {
            let set = centred_lines(text, key, face, w, (size(preferred), size(floor), most))?;
            y += size(preferred).em() * gap;
            let lead = set.0.em() * 1.3;
            s.tagged(Role::Paragraph, |s| y = draw_centred(s, &set, w / 2.0, y, lead, face, colour));
        }
    }
    // The games' pictures in a row (two rows for three or four games).
    let covers: Vec<Scene> =
        used_games(spec).iter().filter_map(|(g, o)| g.cover(&o.only(g.options()), spec.lang).ok()).collect();
    let n = covers.len().max(1);
    let cols = if n <= 2 { n } else { n.div_ceil(2) };
    let rows = n.div_ceil(cols);
    let (top, room_h) = (y + 14.0, h * 0.85 - y - 14.0);
    let cell_w = w / cols as f32;
    let cell_h = room_h / rows as f32;
    for (k, c) in covers.iter().enumerate() {
        let (col, row) = (k % cols, k / cols);
        let sc = (cell_w * 0.85 / c.width).min(cell_h * 0.85 / c.height);
        let (cw, ch) = (c.width * sc, c.height * sc);
        let (x, y) = (col as f32 * cell_w + (cell_w - cw) / 2.0, top + row as f32 * cell_h + (cell_h - ch) / 2.0);
        s.figure(c, x, y, sc, &c.desc);
    }
    let foot = spec.lang.f("book.title_foot", &[("games", &game_titles(spec))]);
    let set = centred_lines(&foot, "the title page's foot", Face::Regular, w, (size(8.5), Points(6.0), 2))?;
    let lead = set.0.em() * 1.3;
    let bottom = h - 2.0 - (set.1.len() - 1) as f32 * lead;
    s.tagged(Role::Paragraph, |s| {
        draw_centred(s, &set, w / 2.0, bottom, lead, Face::Regular, GREY);
    });
    Ok(s)
}

/// A line of the book's own words set to fit `width`: (preferred, floor, lines); the
/// error names the spec's key.
pub(super) fn centred_lines(
    text: &str,
    key: &str,
    face: Face,
    width: f32,
    (preferred, floor, max_lines): (Points, Points, usize),
) -> Result<(Points, Vec<String>)> {
    crate::fonts::fit_lines(face, text, width, preferred, floor, max_lines).ok_or_else(|| {
        let (chars, fit) = (text.chars().count(), crate::fonts::chars_that_fit(face, text, width, floor, max_lines));
        // Every character would fit if a word could be cut: a word is too wide.
        Error::input(if fit >= chars {
            format!(
                "'{key}' has a word wider than a line of this trim (even at {:.1} pt); shorten or split it",
                floor.0
            )
        } else {
            format!(
                "'{key}' is {chars} characters; {fit} fit on {max_lines} lines of this trim (even at {:.1} pt)",
                floor.0
            )
        })
    })
}

/// Draws lines centred on `x`, the first baseline at `y`; returns the last baseline.
pub(super) fn draw_centred(
    s: &mut Scene,
    (size, lines): &(Points, Vec<String>),
    x: f32,
    y: f32,
    lead: f32,
    face: Face,
    colour: crate::scene::Rgb,
) -> f32 {
    let mut at = y;
    for (k, line) in lines.iter().enumerate() {
        at = y + k as f32 * lead;
        s.text(x, at, *size, line.clone(), face, Anchor::Middle, colour);
    }
    at
}

/// Breaks text into lines of `width` at `pt`.
pub(super) fn lines(text: &str, width: f32, pt: Points, face: Face) -> Vec<String> {
    crate::fonts::wrap(face, text, width, pt)
}

/// The colophon: who made the book, with what, from which seed, and the command and
/// spec hash that make it again byte for byte; the designers' credits.
pub(super) fn colophon(spec: &BookSpec, file: &str, w: f32, h: f32, total: usize, command: &str, hash: &str) -> Scene {
    let mut s = Scene::new(w, h);
    let pt = Points(7.5).scaled(type_scale(spec));
    let lead = pt.em() * 1.45;
    let mut paragraphs: Vec<String> = Vec::new();
    let lang = spec.lang;
    let mut head = spec.title.clone();
    if let Some(sub) = &spec.subtitle {
        head += &format!(": {sub}");
    }
    if let Some(author) = &spec.author {
        head = lang.f("book.compiled_by", &[("head", &head), ("author", author)]);
    }
    paragraphs.push(format!("{head}."));
    paragraphs.push(lang.f("book.made_with", &[("version", &crate::VERSION), ("seed", &spec.seed)]));
    paragraphs.push(lang.f("book.recreate", &[("file", &file), ("hash", &hash), ("version", &crate::VERSION)]));
    let credits: Vec<&str> = used_games(spec).iter().map(|(g, _)| g.credit(lang)).collect();
    paragraphs.push(lang.f("book.credits", &[("credits", &credits.join("; "))]));
    let trim_key = if spec.print.bleed { "book.trim_bleed" } else { "book.trim" };
    paragraphs.push(lang.f(trim_key, &[("trim", &spec.print.trim.word), ("total", &total)]));
    let mut all: Vec<Vec<String>> = paragraphs.iter().map(|p| lines(p, w, pt, Face::Regular)).collect();
    // The command on a line of its own, as the sheets' footers print it (broken after a
    // space or a slash where it is longer than a line).
    let recreate = lang.f("footer.recreate", &[("command", &command)]);
    all.insert(3, crate::fonts::break_at_separators(Face::Regular, &recreate, w, pt));
    let height: f32 = all.iter().map(|p| p.len() as f32 * lead + lead * 0.6).sum();
    let mut y = h - height;
    for p in all {
        s.tagged(Role::Paragraph, |s| {
            for line in p {
                y += lead;
                s.text(0.0, y, pt, line, Face::Regular, Anchor::Start, INK);
            }
        });
        y += lead * 0.6;
    }
    s
}

/// The contents, with dot leaders; `offset` is the number of pages before the body.
pub(super) fn contents_pages(
    spec: &BookSpec,
    toc: &[(u8, String, usize)],
    w: f32,
    h: f32,
    offset: usize,
) -> Vec<Scene> {
    let scale = type_scale(spec);
    let (head_pt, pt) = (Points(16.0).scaled(scale), Points(9.5).scaled(scale));
    let lead = pt.em() * 1.6;
    let per_page = (((h - head_pt.em() * 2.5) / lead).floor() as usize).max(1);
    let mut pages = Vec::new();
    // One list, however many pages it runs over; its heading said once.
    let list = Key::fresh();
    for (k, chunk) in toc.chunks(per_page).enumerate() {
        let mut s = Scene::new(w, h);
        s.tagged(if k == 0 { Role::Heading(2) } else { Role::Artifact }, |s| {
            s.text(0.0, head_pt.em(), head_pt, spec.lang.t("rules.contents"), Face::Bold, Anchor::Start, INK)
        });
        let mut y = head_pt.em() * 2.5;
        s.tagged_as(Role::List, list, |s| {
            for (level, title, page) in chunk {
                y += lead;
                let (x, face) = if *level == 0 { (0.0, Face::Bold) } else { (5.0 * scale, Face::Regular) };
                let number = format!("{}", offset + page + 1);
                let nw = face.text_width(&number, pt);
                let room = w - x - nw - 6.0;
                let size = fit_size(face, title, room, pt).max(crate::layout::section::MIN_PT);
                let y = y;
                s.list_item(|s| {
                    s.text(x, y, size, title.clone(), face, Anchor::Start, INK);
                    let tw = face.text_width(title, size);
                    s.artifact(|s| leaders(s, x + tw + 1.5, w - nw - 1.0, y, pt, GREY));
                    s.text(w, y, pt, number, face, Anchor::End, INK);
                });
            }
        });
        pages.push(s);
    }
    if pages.is_empty() {
        pages.push(Scene::new(w, h));
    }
    pages
}

/// A page for notes: a heading and light ruled lines.
pub(super) fn notes_page(w: f32, h: f32, scale: f32, lang: Lang) -> Scene {
    let mut s = Scene::new(w, h);
    let pt = Points(14.0).scaled(scale);
    s.tagged(Role::Heading(2), |s| s.text(0.0, pt.em(), pt, lang.t("book.notes"), Face::Bold, Anchor::Start, INK));
    s.artifact(|s| {
        let rule = style::stroke(crate::scene::Rgb(190, 190, 190), 0.2);
        let mut y = pt.em() * 2.5 + 8.0;
        while y < h - 2.0 {
            s.line(0.0, y, w, y, rule);
            y += 8.0;
        }
    });
    s
}
