//! Paragraph text: break opportunities (unicode-linebreak), hyphenation in three
//! languages (the `hyphenate` module), optimal line breaking (textwrap's Knuth–Plass-like
//! `wrap_optimal_fit`), and justified lines drawn into a scene.

use crate::geom::units::MM_PER_PT;

use textwrap::core::Fragment;
use textwrap::wrap_algorithms::{wrap_first_fit, wrap_optimal_fit, Penalties};
use unicode_linebreak::{linebreaks, BreakOpportunity};

use super::blocks::Span;
use crate::fonts::Face;
use crate::scene::{Anchor, Points, Rgb, Scene};
use hyphenate::hyphen_points;
pub use hyphenate::Hyphenation;

/// A piece of one face inside a fragment.
#[derive(Debug, Clone)]
struct Piece {
    text: String,
    face: Face,
    width: f64,
}

/// The unit the line breaker moves around: a word, or a syllable of a hyphenated word.
#[derive(Debug, Clone)]
pub struct Frag {
    pieces: Vec<Piece>,
    width: f64,
    /// Width of the space after it (0 inside a word).
    space: f64,
    /// Width of the hyphen drawn if the line ends here inside a word.
    hyphen: f64,
    /// Whether a line ending here pays a hyphen's penalty though it draws none: an option
    /// in code before its value (`--seed` of `--seed anything`).
    costly: bool,
}

/// The width the line breaker is told a costly break has ([`Frag::costly`]): anything
/// more than none makes it pay its hyphen penalty; this little changes no line's width.
const COSTLY_BREAK: f64 = 1e-3;

impl Frag {
    /// The width a line ending here gains, as the line breaker sees it.
    fn end_width(&self) -> f64 {
        if self.hyphen > 0.0 {
            self.hyphen
        } else if self.costly {
            COSTLY_BREAK
        } else {
            0.0
        }
    }
}

impl Fragment for Frag {
    fn width(&self) -> f64 {
        self.width
    }
    fn whitespace_width(&self) -> f64 {
        self.space
    }
    fn penalty_width(&self) -> f64 {
        self.end_width()
    }
}

/// One broken line: its fragments, and whether it may be stretched to the full width.
#[derive(Debug, Clone)]
pub struct Line {
    frags: Vec<Frag>,
    /// The last line of a paragraph (or before a hard break) is not stretched.
    pub last: bool,
}

fn width_pt(face: Face, text: &str, size: Points) -> f64 {
    (face.text_width(text, size) / MM_PER_PT) as f64
}

/// The room (pt) to leave where a word changes face with no space between (`*vier*x`):
/// as much as the ink of the last letter before the change would otherwise reach into
/// the first letter's after it, an oblique letter leaning into an upright one (TeX's
/// italic correction, given only where the two would touch).
fn room_between_faces(before: &Piece, after: &Piece, size: Points) -> f64 {
    let (Some(last), Some(first)) = (before.text.chars().last(), after.text.chars().next()) else { return 0.0 };
    if before.face == after.face || last.is_whitespace() || first.is_whitespace() {
        return 0.0;
    }
    let (mut a, mut b) = ([0u8; 4], [0u8; 4]);
    let (last, first) = (&*last.encode_utf8(&mut a), &*first.encode_utf8(&mut b));
    let advance = before.face.text_width(last, size);
    // Both letters' ink from the origin of the one after the change (mm, y down).
    let reach = before.face.glyph_boxes(last, size).next().map(|[l, t, r, b]| [l - advance, t, r - advance, b]);
    let start = after.face.glyph_boxes(first, size).next();
    match (reach, start) {
        (Some([_, t0, r0, b0]), Some([l1, t1, _, b1])) if t0.max(t1) < b0.min(b1) && r0 > l1 => {
            ((r0 - l1) / MM_PER_PT) as f64
        }
        _ => 0.0,
    }
}

/// Widens each piece of `frags` (a word's, in order) after which the face changes by
/// the room the change needs ([`room_between_faces`]), and its fragment with it.
fn make_room_between_faces(frags: &mut [Frag], size: Points) {
    let at: Vec<(usize, usize)> =
        frags.iter().enumerate().flat_map(|(f, frag)| (0..frag.pieces.len()).map(move |p| (f, p))).collect();
    for pair in at.windows(2) {
        let [(f0, p0), (f1, p1)] = [pair[0], pair[1]];
        let room = room_between_faces(&frags[f0].pieces[p0], &frags[f1].pieces[p1], size);
        frags[f0].pieces[p0].width += room;
        frags[f0].width += room;
    }
}

/// Byte ranges of the spans in their concatenation, and the face of each.
fn pieces_between(spans: &[(usize, &Span)], start: usize, end: usize, size: Points) -> Vec<Piece> {
    let mut out = Vec::new();
    for &(offset, span) in spans {
        let s0 = start.max(offset);
        let s1 = end.min(offset + span.text.len());
        if s0 < s1 {
            let text = &span.text[s0 - offset..s1 - offset];
            out.push(Piece { text: text.to_string(), face: span.face, width: width_pt(span.face, text, size) });
        }
    }
    out
}

/// Breaks styled text into fragments (hard breaks split it into chunks).
fn fragments(
    spans: &[Span],
    size: Points,
    hyphenate: Option<Hyphenation>,
    tie: bool,
    justified: bool,
) -> Vec<Vec<Frag>> {
    let mut chunks = Vec::new();
    // Split on hard breaks first.
    let mut current: Vec<Span> = Vec::new();
    for span in spans {
        let mut parts = span.text.split('\n').peekable();
        while let Some(part) = parts.next() {
            if !part.is_empty() {
                current.push(Span { text: part.to_string(), face: span.face });
            }
            if parts.peek().is_some() {
                chunks.push(std::mem::take(&mut current));
            }
        }
    }
    chunks.push(current);
    chunks.into_iter().map(|c| chunk_fragments(&c, size, hyphenate, tie, justified)).collect()
}

/// A chunk's fragments; `tie` ties its last two words ([`tie_last_words`]); in a
/// `justified` paragraph an option in code may leave its value for the next line, at a
/// cost ([`Frag::costly`]).
fn chunk_fragments(
    spans: &[Span],
    size: Points,
    hyphenate: Option<Hyphenation>,
    tie: bool,
    justified: bool,
) -> Vec<Frag> {
    let mut text = String::new();
    let mut offsets = Vec::new();
    for s in spans {
        offsets.push(text.len());
        text.push_str(&s.text);
    }
    let indexed: Vec<(usize, &Span)> = offsets.into_iter().zip(spans.iter()).collect();
    let face_at =
        |at: usize| indexed.iter().rev().find(|(o, _)| *o <= at).map(|(_, s)| s.face).unwrap_or(Face::Regular);
    let mut frags = Vec::new();
    // Index of each word's first fragment.
    let mut word_starts = Vec::new();
    let mut start = text.len() - text.trim_start().len();
    for (pos, kind) in linebreaks(&text) {
        if pos <= start {
            continue;
        }
        let segment = &text[start..pos];
        let word_len = segment.trim_end().len();
        let word = &segment[..word_len];
        if kind != BreakOpportunity::Mandatory && word_len == segment.len() && !may_break_after(word, face_at(pos - 1))
        {
            continue;
        }
        // In code, an option keeps its value on its line: `--size 8` never breaks, but in a
        // justified paragraph it may where keeping it costs more than a hyphen would
        // (an unbreakable `--seed nimportequoi` left its line's spaces four wide in a
        // booklet's column).
        let last_word = word.rsplit(char::is_whitespace).next().unwrap_or(word);
        let value_follows = !text[pos..].starts_with('-') && !text[pos..].is_empty();
        let costly = kind != BreakOpportunity::Mandatory
            && face_at(pos - 1) == Face::Mono
            && last_word.starts_with("--")
            && value_follows
            && face_at(pos) == Face::Mono;
        if costly && !justified {
            continue;
        }
        let space_face = face_at((start + word_len).max(1) - 1);
        let space = if word_len < segment.len() { width_pt(space_face, " ", size) } else { 0.0 };
        let in_mono = pieces_between(&indexed, start, start + word_len, size).iter().any(|p| p.face == Face::Mono);
        let mut cuts = match hyphenate {
            Some(hy) if !in_mono => hyphen_points(word, hy),
            _ => Vec::new(),
        };
        cuts.push(word_len);
        word_starts.push(frags.len());
        let mut from = 0;
        for (i, &cut) in cuts.iter().enumerate() {
            let pieces = pieces_between(&indexed, start + from, start + cut, size);
            let width = pieces.iter().map(|p| p.width).sum();
            let last = i + 1 == cuts.len();
            let face = pieces.last().map(|p| p.face).unwrap_or(Face::Regular);
            frags.push(Frag {
                pieces,
                width,
                space: if last { space } else { 0.0 },
                hyphen: if last { 0.0 } else { width_pt(face, "-", size) },
                costly: last && costly,
            });
            from = cut;
        }
        make_room_between_faces(&mut frags[word_starts[word_starts.len() - 1]..], size);
        start = pos;
        if kind == BreakOpportunity::Mandatory {
            break;
        }
    }
    if tie {
        tie_last_words(&mut frags, &word_starts, size);
    }
    frags
}

/// The fragments with any wider than a line made to fit, as a last resort, so that no
/// text runs past the measure: two words tied together are untied, and a word no
/// hyphenation point shortens enough (a long name, a compound of another language) is
/// cut between letters, each part but the last ending with a hyphen.
fn cut_overwide(chunk: Vec<Frag>, line: f64, size: Points) -> Vec<Frag> {
    // (A fragment as wide as the line, or wider only by its hyphen, is the breaker's to
    // place, as it always was.)
    let fits = |f: &Frag| f.width <= line + 0.01;
    if chunk.iter().all(fits) {
        return chunk;
    }
    let mut out = Vec::with_capacity(chunk.len() + 4);
    for frag in chunk {
        if fits(&frag) {
            out.push(frag);
            continue;
        }
        // Untied: a space piece inside ends a word.
        let mut words: Vec<(Vec<Piece>, f64)> = vec![(Vec::new(), 0.0)];
        for piece in frag.pieces {
            if piece.text == " " {
                words.last_mut().expect("a word").1 = piece.width;
                words.push((Vec::new(), 0.0));
            } else {
                words.last_mut().expect("a word").0.push(piece);
            }
        }
        let n = words.len();
        for (k, (pieces, space)) in words.into_iter().enumerate() {
            let (space, hyphen, costly) =
                if k + 1 == n { (frag.space, frag.hyphen, frag.costly) } else { (space, 0.0, false) };
            let word = Frag { width: pieces.iter().map(|p| p.width).sum(), pieces, space, hyphen, costly };
            if fits(&word) {
                out.push(word);
            } else {
                out.extend(cut_between_letters(word, line, size));
            }
        }
    }
    out
}

/// A word wider than `line` cut between letters into parts that fit with a hyphen.
fn cut_between_letters(word: Frag, line: f64, size: Points) -> Vec<Frag> {
    let mut parts = Vec::new();
    let (mut part, mut width): (Vec<Piece>, f64) = (Vec::new(), 0.0);
    let close = |part: &mut Vec<Piece>| -> (Vec<Piece>, f64) {
        let mut pieces = std::mem::take(part);
        pieces.iter_mut().for_each(|p| p.width = width_pt(p.face, &p.text, size));
        let width = pieces.iter().map(|p| p.width).sum();
        let mut frag = [Frag { width, pieces, space: 0.0, hyphen: 0.0, costly: false }];
        make_room_between_faces(&mut frag, size);
        let [Frag { pieces, width, .. }] = frag;
        (pieces, width)
    };
    for piece in &word.pieces {
        let hyphen = width_pt(piece.face, "-", size);
        for c in piece.text.chars() {
            let w = width_pt(piece.face, c.encode_utf8(&mut [0; 4]), size);
            if width + w + hyphen > line && !part.is_empty() {
                let (pieces, cut_width) = close(&mut part);
                parts.push(Frag { pieces, width: cut_width, space: 0.0, hyphen, costly: false });
                width = 0.0;
            }
            match part.last_mut() {
                Some(last) if last.face == piece.face => last.text.push(c),
                _ => part.push(Piece { text: c.to_string(), face: piece.face, width: 0.0 }),
            }
            width += w;
        }
    }
    let (pieces, width) = close(&mut part);
    parts.push(Frag { pieces, width, space: word.space, hyphen: word.hyphen, costly: word.costly });
    parts
}

/// Whether a line may end after `word` where no space follows it (after a hyphen or a
/// dash): never inside code (an option such as `--full-board-p2`), and not after a
/// short part such as the `a1` of a range `a1–a4`.
fn may_break_after(word: &str, face: Face) -> bool {
    if face == Face::Mono {
        return false;
    }
    let last_part = word.rsplit(|c: char| c.is_whitespace()).next().unwrap_or(word);
    let letters = last_part.chars().filter(|c| c.is_alphabetic()).count();
    !(last_part.ends_with(['-', '\u{2013}', '\u{2014}', '/']) && letters < 4)
}

/// Ties the last word to the fragment before it (the word before, or that word's last
/// syllable where it may be hyphenated), so that no paragraph, caption or cell ends with
/// a line of one word. Tying the whole word before was measured and not taken: the
/// 24 built-in rulebooks (four games, three languages, A4 and booklet) then had 69 lines
/// stretched past two spaces a gap, against 55 so.
fn tie_last_words(frags: &mut Vec<Frag>, word_starts: &[usize], size: Points) {
    let [.., _, last] = word_starts else { return };
    let last = *last;
    let tail: Vec<Frag> = frags.drain(last..).collect();
    let prev = frags.last_mut().expect("the word before the last");
    let mut pieces = std::mem::take(&mut prev.pieces);
    if prev.space > 0.0 {
        let face = pieces.last().map(|p| p.face).unwrap_or(Face::Regular);
        pieces.push(Piece { text: " ".into(), face, width: width_pt(face, " ", size) });
    }
    let mut width = prev.width + prev.space;
    for f in &tail {
        width += f.width;
        pieces.extend(f.pieces.iter().cloned());
    }
    let space = tail.last().map(|f| f.space).unwrap_or(0.0);
    *prev = Frag { pieces, width, space, hyphen: 0.0, costly: false };
}

/// Breaks text into lines of at most `width` mm at `size` pt, hyphenating words as `hy`
/// says.
pub fn break_lines(spans: &[Span], size: Points, width: f32, hy: Hyphenation) -> Vec<Line> {
    break_lines_with(spans, size, width, Some(hy))
}

/// Breaks text into lines; `hyphenate: None` breaks only between words.
pub fn break_lines_with(spans: &[Span], size: Points, width: f32, hyphenate: Option<Hyphenation>) -> Vec<Line> {
    break_spaced(spans, size, width, hyphenate, false, true)
}

/// Breaks a table cell between words; `tie` keeps its last two words on one line (a
/// table whose columns cannot all keep them so leaves them free: see
/// `typeset::table`).
pub fn break_cell(spans: &[Span], size: Points, width: f32, tie: bool) -> Vec<Line> {
    break_spaced(spans, size, width, None, false, tie)
}

/// How narrow a justified line's spaces may be set, as a fraction of a space. A line may
/// then hold a little more than its natural width, which gives the line breaker more
/// choices and leaves fewer lines to be stretched wide in a narrow column (page layout
/// programs' usual least word spacing is 80%; TeX's, about 67%).
pub const LEAST_SPACE: f64 = 0.9;

/// Breaks a paragraph that is to be justified ([`Align::Justify`]): as [`break_lines`],
/// but a line's spaces may narrow to [`LEAST_SPACE`] of their width, so its natural width
/// may pass `width` by that much ([`draw_line`] narrows them).
pub fn break_justified(spans: &[Span], size: Points, width: f32, hy: Hyphenation) -> Vec<Line> {
    break_spaced(spans, size, width, Some(hy), true, true)
}

/// A fragment as the line breaker sees it, with its space narrowed to a fraction.
#[derive(Debug)]
struct Narrowed<'a>(&'a Frag, f64);

impl Fragment for Narrowed<'_> {
    fn width(&self) -> f64 {
        self.0.width
    }
    fn whitespace_width(&self) -> f64 {
        self.0.space * self.1
    }
    fn penalty_width(&self) -> f64 {
        self.0.end_width()
    }
}

/// Breaks text into lines; a `justified` paragraph's spaces may narrow to
/// [`LEAST_SPACE`] of their width and its options in code may leave their values; `tie`
/// ties the last two words.
fn break_spaced(
    spans: &[Span],
    size: Points,
    width: f32,
    hyphenate: Option<Hyphenation>,
    justified: bool,
    tie: bool,
) -> Vec<Line> {
    let least = if justified { LEAST_SPACE } else { 1.0 };
    let width_pt = (width / MM_PER_PT) as f64;
    let scale = ((0.5 * size.0) * (0.5 * size.0)).max(1.0) as usize;
    let d = Penalties::new();
    let penalties = Penalties {
        nline_penalty: d.nline_penalty * scale,
        overflow_penalty: d.overflow_penalty * scale,
        short_last_line_fraction: d.short_last_line_fraction,
        short_last_line_penalty: d.short_last_line_penalty * scale,
        hyphen_penalty: d.hyphen_penalty * scale,
    };
    let mut lines = Vec::new();
    for chunk in fragments(spans, size, hyphenate, tie, justified) {
        if chunk.is_empty() {
            continue;
        }
        let chunk = cut_overwide(chunk, width_pt, size);
        let seen: Vec<Narrowed> = chunk.iter().map(|f| Narrowed(f, least)).collect();
        let broken =
            wrap_optimal_fit(&seen, &[width_pt], &penalties).unwrap_or_else(|_| wrap_first_fit(&seen, &[width_pt]));
        let n = broken.len();
        let mut start = 0;
        for (i, l) in broken.into_iter().enumerate() {
            let end = start + l.len();
            lines.push(Line { frags: chunk[start..end].to_vec(), last: i + 1 == n });
            start = end;
        }
    }
    lines
}

impl Line {
    /// The line's text as drawn (a hyphen where a word is broken).
    pub fn text(&self) -> String {
        let mut out = String::new();
        let n = self.frags.len();
        for (i, f) in self.frags.iter().enumerate() {
            f.pieces.iter().for_each(|p| out.push_str(&p.text));
            if i + 1 < n && f.space > 0.0 {
                out.push(' ');
            } else if i + 1 == n && f.hyphen > 0.0 {
                out.push('-');
            }
        }
        out
    }
}

/// Natural width of a line in mm (without stretching).
pub fn line_width(line: &Line) -> f32 {
    let n = line.frags.len();
    let w: f64 = line.frags.iter().enumerate().map(|(i, f)| f.width + if i + 1 < n { f.space } else { f.hyphen }).sum();
    w as f32 * MM_PER_PT
}

/// The widest single fragment in mm (a table column cannot be narrower), the last two
/// words tied if `tie`.
pub fn widest_word(spans: &[Span], size: Points, tie: bool) -> f32 {
    fragments(spans, size, None, tie, false)
        .iter()
        .flatten()
        .map(|f| (f.width + f.hyphen) as f32 * MM_PER_PT)
        .fold(0.0, f32::max)
}

/// The width (mm) of the widest letter of `spans` at `size` with a hyphen after it: the
/// least a word cut letter by letter needs.
pub fn widest_letter(spans: &[Span], size: Points) -> f32 {
    let mut buf = [0u8; 4];
    spans
        .iter()
        .flat_map(|s| s.text.chars().map(move |c| (s.face, c)))
        .filter(|(_, c)| !c.is_whitespace())
        .map(|(face, c)| face.text_width(c.encode_utf8(&mut buf), size) + face.text_width("-", size))
        .fold(0.0, f32::max)
}

/// How a line is placed horizontally.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Flush left and right (the last line flush left).
    Justify,
    /// Flush left.
    Left,
    /// Centred.
    Centre,
}

/// The most a justified line's spaces are widened, in spaces: beyond it the line is set
/// flush left.
const MOST_STRETCH: f32 = 3.0;

/// Draws a line with its left end at `x` and baseline at `y` into `scene`.
#[allow(clippy::too_many_arguments)]
pub fn draw_line(scene: &mut Scene, line: &Line, x: f32, y: f32, width: f32, size: Points, align: Align, colour: Rgb) {
    let natural = line_width(line);
    let n = line.frags.len();
    let gaps = line.frags[..n.saturating_sub(1)].iter().filter(|f| f.space > 0.0).count();
    // A justified line is stretched to the full width, unless it is the last; any line
    // of a justified paragraph wider than its measure has its spaces narrowed (by at most
    // what [`break_justified`] allowed).
    let stretch = if align == Align::Justify && gaps > 0 && (natural > width || !line.last && natural < width) {
        (width - natural) / gaps as f32
    } else {
        0.0
    };
    // A line that could only be justified with gaps several spaces wide (a few words
    // before a word too long to join them) is set flush left instead.
    let space = Face::Regular.text_width(" ", size);
    let stretch = if stretch > MOST_STRETCH * space { 0.0 } else { stretch };
    let mut cx = match align {
        Align::Centre => x + (width - natural) / 2.0,
        _ => x,
    };
    // Runs of one face with no gap between them are drawn as one text item.
    let mut run = String::new();
    let mut run_face = Face::Regular;
    let mut run_x = cx;
    let flush = |scene: &mut Scene, run: &mut String, face: Face, at: f32| {
        if !run.is_empty() {
            scene.text(at, y, size, std::mem::take(run), face, Anchor::Start, colour);
        }
    };
    for (i, f) in line.frags.iter().enumerate() {
        for p in &f.pieces {
            if p.face != run_face || run.is_empty() {
                flush(scene, &mut run, run_face, run_x);
                run_face = p.face;
                run_x = cx;
            }
            run.push_str(&p.text);
            cx += p.width as f32 * MM_PER_PT;
        }
        if i + 1 < n {
            if f.space > 0.0 {
                if stretch == 0.0 && !run.is_empty() {
                    // Unstretched spaces stay inside the run: fewer, longer text items.
                    run.push(' ');
                    cx += f.space as f32 * MM_PER_PT;
                } else {
                    // The space is drawn at the word's end (it shows nothing) so that the
                    // text read from the page's structure keeps its words apart; the
                    // stretch is a move to the next word.
                    run.push(' ');
                    flush(scene, &mut run, run_face, run_x);
                    cx += f.space as f32 * MM_PER_PT + stretch;
                    run_x = cx;
                }
            }
        } else if f.hyphen > 0.0 {
            run.push('-');
        } else if !line.last && !run.is_empty() {
            // A line broken at a space ends with it, for the same reason.
            run.push(' ');
        }
    }
    flush(scene, &mut run, run_face, run_x);
}

mod hyphenate;
#[cfg(test)]
mod tests;
