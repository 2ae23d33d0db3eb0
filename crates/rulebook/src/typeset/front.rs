//! The pages and openings a rulebook draws itself: the title page, a chapter's opening
//! in a book, and the contents page of the compendium.

use super::*;
use crate::draw::leaders::leaders;

/// The title page: the title, the subtitle, the credit, the reading paragraph (how the
/// figures are read) if given, the picture, and the colophon at the foot.
pub(super) fn title_page(style: &PageStyle, t: &TitleBlock, reading: Option<&[Span]>) -> Scene {
    let mut s = Scene::new(style.width, style.height);
    let w = style.measure();
    let mut y = style.height * 0.16;
    let (title_size, title) = title_lines(&t.title, w, style.body.scaled(3.4), style.body.scaled(1.6), 3);
    s.tagged(Role::Heading(1), |s| {
        for (k, line) in title.iter().enumerate() {
            let baseline = y + k as f32 * title_size.em() * 1.15;
            s.text(style.width / 2.0, baseline, title_size, line.clone(), Face::Bold, Anchor::Middle, INK)
        }
    });
    y += title_size.em() * (0.9 + 1.15 * (title.len() - 1) as f32);
    let subtitle = style.body.scaled(1.4);
    s.tagged(Role::Paragraph, |s| {
        for l in break_lines_no_hyphen(&[Span { text: t.subtitle.clone(), face: Face::Regular }], subtitle, w) {
            y += subtitle.scaled(1.3).em();
            draw_line(s, &l, style.side, y, w, subtitle, Align::Centre, INK);
        }
    });
    y += style.leading() * 0.6;
    let credit = style.body.scaled(1.05);
    s.tagged(Role::Paragraph, |s| {
        for l in break_lines_no_hyphen(&[Span { text: t.credit.clone(), face: Face::Italic }], credit, w) {
            y += style.leading();
            draw_line(s, &l, style.side, y, w, credit, Align::Centre, GREY);
        }
    });
    if let Some(spans) = reading {
        let size = style.body.scaled(0.9);
        let lead = size.scaled(1.3).em();
        y += style.leading();
        s.tagged(Role::Paragraph, |s| {
            for l in break_lines_no_hyphen(spans, size, w * 0.85) {
                y += lead;
                draw_line(s, &l, style.side + w * 0.075, y, w * 0.85, size, Align::Centre, INK);
            }
        });
    }
    let small = style.body.scaled(0.75);
    let small_lead = small.scaled(1.35).em();
    let colophon: Vec<_> = t
        .colophon
        .iter()
        .flat_map(|line| break_lines_no_hyphen(&[Span { text: line.clone(), face: Face::Regular }], small, w))
        .collect();
    let foot = style.height - style.bottom - colophon.len() as f32 * small_lead;
    if let Some(cover) = &t.cover {
        let room_top = y + style.leading() * 2.0;
        let room_h = foot - room_top - style.leading() * 2.0;
        let scale = (w * 0.85 / cover.width).min(room_h / cover.height);
        if scale > 0.0 {
            let cw = cover.width * scale;
            let ch = cover.height * scale;
            s.figure(cover, (style.width - cw) / 2.0, room_top + (room_h - ch) / 2.0, scale, &cover.desc);
        }
    }
    // Each colophon line is its own paragraph, however many lines it wraps to.
    let mut k = 0;
    for line in &t.colophon {
        s.tagged(Role::Paragraph, |s| {
            for l in break_lines_no_hyphen(&[Span { text: line.clone(), face: Face::Regular }], small, w) {
                draw_line(s, &l, style.side, foot + small_lead * (k as f32 + 1.0), w, small, Align::Centre, GREY);
                k += 1;
            }
        });
    }
    s
}

/// A title set in `width` mm: on one line at `preferred` size, or as much smaller as
/// lets it fit down to `floor`; one too long for that in up to `max_lines` lines, as
/// large as they allow but no smaller than `floor`; a longer one at `floor` in as many
/// lines as it takes (a word wider than the page cut), never past the page's edge. The
/// size and the lines.
fn title_lines(title: &str, width: f32, preferred: Points, floor: Points, max_lines: usize) -> (Points, Vec<String>) {
    let one = crate::fonts::fit_size(Face::Bold, title, width, preferred);
    if one >= floor {
        return (one, vec![title.to_string()]);
    }
    crate::fonts::fit_lines(Face::Bold, title, width, preferred, floor, max_lines)
        .unwrap_or_else(|| (floor, crate::fonts::wrap_cutting(Face::Bold, title, width, floor)))
}

/// The colophon of a document without a title page, closing its text: each line a
/// paragraph of small grey type, centred, kept together.
pub(super) fn colophon_box(style: &PageStyle, colophon: &[String]) -> FlowBox {
    let w = style.measure();
    let small = style.body.scaled(0.75);
    let lead = small.scaled(1.35).em();
    let lines: Vec<Vec<crate::text::Line>> = colophon
        .iter()
        .map(|line| break_lines_no_hyphen(&[Span { text: line.clone(), face: Face::Regular }], small, w))
        .collect();
    let count: usize = lines.iter().map(Vec::len).sum();
    let mut b = FlowBox::new(w, lead * (count as f32 + 0.3), style.leading() * 2.0);
    // Like a heading, it lets no diagram waiting for the next page pass it: the small
    // print stays last.
    b.heading = true;
    let mut k = 0;
    for paragraph in &lines {
        b.scene.tagged(Role::Paragraph, |s| {
            for l in paragraph {
                k += 1;
                draw_line(s, l, 0.0, lead * k as f32, w, small, Align::Centre, GREY);
            }
        });
    }
    b
}

/// A chapter's opening: a page break, then its title (a heading at `level`), subtitle
/// and credit, kept with what follows. A document's own title (level 1) is set in up
/// to three lines, as on a title page, and never below 1.6 times the body size: a `#`
/// heading under it is 1.45 times.
pub(super) fn chapter_opening(style: &PageStyle, t: &TitleBlock, level: u8) -> Vec<FlowBox> {
    let mut brk = FlowBox::new(style.measure(), 0.0, 0.0);
    brk.page_break = true;
    let w = style.measure();
    let (floor, most_lines) = if level == 1 { (1.6, 3) } else { (1.4, 2) };
    let (size, title) = title_lines(&t.title, w, style.body.scaled(2.2), style.body.scaled(floor), most_lines);
    let lead = size.scaled(1.2).em();
    let title_height = lead * title.len() as f32;
    let sub_size = style.body.scaled(1.1);
    let credit_size = style.body.scaled(0.95);
    let sub = break_lines(&[Span { text: t.subtitle.clone(), face: Face::Regular }], sub_size, w, style.hyphenation());
    let credit =
        break_lines(&[Span { text: t.credit.clone(), face: Face::Italic }], credit_size, w, style.hyphenation());
    let sub_lead = sub_size.scaled(1.3).em();
    let credit_lead = credit_size.scaled(1.3).em();
    let height = title_height + sub.len() as f32 * sub_lead + credit.len() as f32 * credit_lead + style.leading();
    let mut b = FlowBox::new(w, height, 0.0);
    b.scene.tagged(Role::Heading(level), |s| {
        for (k, line) in title.iter().enumerate() {
            s.text(0.0, lead * (0.8 + k as f32), size, line.clone(), Face::Bold, Anchor::Start, INK)
        }
    });
    let mut y = title_height;
    b.scene.tagged(Role::Paragraph, |s| {
        for l in &sub {
            y += sub_lead;
            draw_line(s, l, 0.0, y - sub_lead * 0.2, w, sub_size, Align::Left, INK);
        }
    });
    y += credit_lead * 0.3;
    b.scene.tagged(Role::Paragraph, |s| {
        for l in &credit {
            y += credit_lead;
            draw_line(s, l, 0.0, y - credit_lead * 0.2, w, credit_size, Align::Left, GREY);
        }
    });
    b.keep_with_next = true;
    vec![brk, b]
}

pub(super) fn contents_page(
    style: &PageStyle,
    chapters: &[Chapter],
    starts: &[usize],
    outline: &[OutlineEntry],
) -> Scene {
    let mut s = Scene::new(style.width, style.height);
    let mut y = style.top + style.body.scaled(1.8).em();
    s.tagged(Role::Heading(2), |s| {
        s.text(style.side, y, style.body.scaled(1.8), style.lang.t("rules.contents"), Face::Bold, Anchor::Start, INK)
    });
    y += style.leading() * 1.5;
    let right = style.width - style.side;
    s.tagged(Role::List, |s| {
        for (k, ch) in chapters.iter().enumerate() {
            y += style.leading() * 0.6;
            s.list_item(|s| {
                s.text(style.side, y, style.body.scaled(1.1), ch.title.title.clone(), Face::Bold, Anchor::Start, INK);
                s.text(right, y, style.body.scaled(1.1), format!("{}", starts[k] + 1), Face::Bold, Anchor::End, INK);
                y += style.leading() * 1.05;
                let end = starts.get(k + 1).copied().unwrap_or(usize::MAX);
                // The chapter's sections are a list inside its entry.
                s.tagged(Role::List, |s| {
                    for e in outline.iter().filter(|e| e.level == 1 && e.page >= starts[k] && e.page < end) {
                        s.list_item(|s| {
                            s.text(style.side + 5.0, y, style.body, e.title.clone(), Face::Regular, Anchor::Start, INK);
                            let tw = Face::Regular.text_width(&e.title, style.body);
                            let num = format!("{}", e.page + 1);
                            let nw = Face::Regular.text_width(&num, style.body);
                            // Dot leaders between the entry and its page number.
                            let from = style.side + 5.0 + tw + 1.5;
                            s.artifact(|s| leaders(s, from, right - nw - 1.0, y, style.body, GREY));
                            s.text(right, y, style.body, num, Face::Regular, Anchor::End, INK);
                        });
                        y += style.leading();
                    }
                });
            });
        }
    });
    s
}
