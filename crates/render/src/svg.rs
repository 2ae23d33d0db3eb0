//! Scene → SVG (one scene per file), through the `svg` crate. Coordinates are written
//! in millimetres with two decimals, so files are compact and byte-stable.

use ::svg::node::element::{Definitions, Description, Group, Path, Text, Title, Use};
use ::svg::node::Text as TextNode;
use ::svg::Document;

use crate::fonts::Face;
use crate::scene::{Anchor, Item, Rgb, Scene, Seg};

/// A coordinate in millimetres: two decimals at most, no trailing zeros.
fn num(v: f32) -> String {
    super::decimal(v, 2)
}

fn colour(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

fn path_data(segs: &[Seg]) -> String {
    let mut d = String::new();
    for s in segs {
        if !d.is_empty() {
            d.push(' ');
        }
        match s {
            Seg::Move(p) => d += &format!("M{} {}", num(p.x), num(p.y)),
            Seg::Line(p) => d += &format!("L{} {}", num(p.x), num(p.y)),
            Seg::Cubic(a, b, c) => {
                d += &format!("C{} {} {} {} {} {}", num(a.x), num(a.y), num(b.x), num(b.y), num(c.x), num(c.y))
            }
            Seg::Close => d.push('Z'),
        }
    }
    d
}

/// An SVG id for a symbol key (`kamon/symbol/2/4.157` → `s-kamon-symbol-2-4-157`),
/// after `prefix` (which keeps the ids of several drawings in one HTML page apart).
fn symbol_id(prefix: &str, key: &str) -> String {
    let mut id = format!("{prefix}s-");
    for c in key.chars() {
        id.push(if c.is_ascii_alphanumeric() { c } else { '-' });
    }
    id
}

/// Adds the scene's items to a group.
fn draw_items(mut body: Group, items: &[Item], prefix: &str) -> Group {
    for item in crate::scene::leaves(items) {
        match item {
            Item::Path { segs, fill, stroke } => {
                let mut p = Path::new().set("d", path_data(segs));
                p = p.set("fill", fill.map(colour).unwrap_or_else(|| "none".into()));
                if let Some(s) = stroke {
                    p = p.set("stroke", colour(s.colour)).set("stroke-width", num(s.width));
                    if let Some((a, b)) = s.dash {
                        p = p.set("stroke-dasharray", format!("{} {}", num(a), num(b)));
                    }
                }
                body = body.add(p);
            }
            Item::Text { at, size, text, face, anchor, colour: c, turn } => {
                let mut t = Text::new(text.clone())
                    .set("x", num(at.x))
                    .set("y", num(at.y))
                    // Type sizes are in points; the user unit is the millimetre.
                    .set("font-size", num(size.mm()))
                    .set("fill", colour(*c));
                if face.css_weight() != "normal" {
                    t = t.set("font-weight", face.css_weight());
                }
                if face.css_style() != "normal" {
                    t = t.set("font-style", face.css_style());
                }
                if *face == Face::Mono {
                    t = t.set("font-family", face.css_family());
                }
                match anchor {
                    Anchor::Start => {}
                    Anchor::Middle => t = t.set("text-anchor", "middle"),
                    Anchor::End => t = t.set("text-anchor", "end"),
                }
                if *turn != 0.0 {
                    t = t.set("transform", format!("rotate({} {} {})", num(*turn), num(at.x), num(at.y)));
                }
                body = body.add(t);
            }
            Item::Use { symbol, at, scale } => {
                let place = if (*scale - 1.0).abs() < 1e-4 {
                    format!("translate({} {})", num(at.x), num(at.y))
                } else {
                    format!("translate({} {}) scale({})", num(at.x), num(at.y), num_fine(*scale))
                };
                let href = format!("#{}", symbol_id(prefix, &symbol.key));
                body = body.add(Use::new().set("href", href).set("transform", place));
            }
            // The structure is the PDF's; an SVG says what it shows in its title and
            // description.
            Item::Group(_) => {}
        }
    }
    body
}

/// A scale factor: four decimals (two would shift large drawings visibly).
fn num_fine(v: f32) -> String {
    let s = format!("{:.4}", v);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Renders a scene as a standalone SVG document sized in millimetres. The symbols it
/// uses are defined once, in `<defs>`, and placed with `<use>`.
pub fn render(scene: &Scene) -> String {
    render_with_ids(scene, "")
}

/// [`render`], with `prefix` before every id (for several drawings in one HTML page).
pub fn render_with_ids(scene: &Scene, prefix: &str) -> String {
    let mut doc = Document::new()
        .set("width", format!("{}mm", num(scene.width)))
        .set("height", format!("{}mm", num(scene.height)))
        .set("viewBox", format!("0 0 {} {}", num(scene.width), num(scene.height)));
    if !scene.title.is_empty() {
        doc = doc.add(Title::new(scene.title.clone()));
    }
    if !scene.desc.is_empty() {
        doc = doc.add(Description::new().add(TextNode::new(scene.desc.clone())));
    }
    let symbols = scene.symbols();
    if !symbols.is_empty() {
        let mut defs = Definitions::new();
        for (key, symbol) in &symbols {
            defs = defs.add(draw_items(Group::new().set("id", symbol_id(prefix, key)), &symbol.scene.items, prefix));
        }
        doc = doc.add(defs);
    }
    let body = Group::new().set("font-family", "DejaVu Sans, Verdana, sans-serif");
    doc = doc.add(draw_items(body, &scene.items, prefix));
    let mut out = doc.to_string();
    out.push('\n');
    out
}
