//! Scene → SVG (one scene per file), through the `svg` crate. Coordinates are written
//! in millimetres with two decimals, so files are compact and byte-stable.

use ::svg::node::element::{Description, Group, Path, Text, Title};
use ::svg::node::Text as TextNode;
use ::svg::Document;

use crate::fonts::Face;
use crate::scene::{Anchor, Item, Rgb, Scene, Seg};

fn num(v: f32) -> String {
    let s = format!("{:.2}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
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

/// Renders a scene as a standalone SVG document sized in millimetres.
pub fn render(scene: &Scene) -> String {
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
    let mut body = Group::new().set("font-family", "DejaVu Sans, Verdana, sans-serif");
    for item in &scene.items {
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
            Item::Text { at, size, text, face, anchor, colour: c } => {
                let mut t = Text::new(text.clone())
                    .set("x", num(at.x))
                    .set("y", num(at.y))
                    // Font sizes are in points; the user unit is the millimetre.
                    .set("font-size", num(size * 25.4 / 72.0))
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
                body = body.add(t);
            }
        }
    }
    doc = doc.add(body);
    let mut out = doc.to_string();
    out.push('\n');
    out
}
