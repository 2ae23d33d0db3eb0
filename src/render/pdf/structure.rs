//! A tagged PDF's logical structure (ISO 32000-1 §14.7–14.8, as PDF/UA-1 asks): while
//! the pages are drawn, every piece of ink goes into a marked-content sequence, either
//! as an artifact (page furniture) or under an MCID that a structure element owns; after
//! the pages, the structure tree (sections, headings, paragraphs, lists, tables, figures
//! with their alternative text and bounding boxes) and the parent tree are written.
//!
//! Elements opened again with the same [`Key`] under the same parent are one element
//! (a paragraph broken over two pages). Each element's kids are written in reading
//! order: the order of the pages they are read as ([`Role::ReadAs`], for a booklet's
//! imposed pages; otherwise the printed page), then the order they were drawn in.

use std::collections::HashMap;

use lopdf::{Dictionary, Object, ObjectId};
use printpdf::{DictItem, Op};

use crate::scene::{Key, Role};

use super::PT_PER_MM;

/// Where something comes in reading order: the page it is read as, then when it was
/// drawn.
type Place = (u32, u64);

/// A kid of a structure element.
#[derive(Clone, Copy)]
enum Kid {
    Element(usize),
    Content { page: usize, mcid: i64, at: Place },
}

struct Element {
    role: Role,
    parent: usize,
    kids: Vec<Kid>,
    /// When it was opened first.
    at: Place,
    /// The ink of a figure: page and (left, top, right, bottom) in mm.
    bounds: Option<(usize, [f32; 4])>,
}

/// What an open role is.
#[derive(Clone, Copy)]
enum Frame {
    Artifact,
    Element(usize),
    ReadAs(u32),
}

/// What the open marked-content sequence belongs to.
#[derive(Clone, Copy, PartialEq)]
enum Marked {
    Nothing,
    Artifact,
    Element(usize),
}

/// Collects the structure while the pages' operators are written.
pub(super) struct Tagger {
    /// Element 0 is the document.
    elements: Vec<Element>,
    /// Elements that may be continued: (parent, key) → element.
    keyed: HashMap<(usize, Key), usize>,
    stack: Vec<Frame>,
    page: usize,
    next_mcid: i64,
    /// Counts everything drawn or opened, for reading order within a page.
    seq: u64,
    /// For each page, the element of each MCID.
    parent_tree: Vec<Vec<usize>>,
    marked: Marked,
    /// Whether pages are read in another order than printed ([`Role::ReadAs`]): then the
    /// kids are sorted into reading order; otherwise they come in it.
    reordered: bool,
}

impl Tagger {
    pub fn new() -> Self {
        let document = Element { role: Role::Section, parent: 0, kids: Vec::new(), at: (0, 0), bounds: None };
        Tagger {
            elements: vec![document],
            keyed: HashMap::new(),
            stack: Vec::new(),
            page: 0,
            next_mcid: 0,
            seq: 0,
            parent_tree: vec![Vec::new()],
            marked: Marked::Nothing,
            reordered: false,
        }
    }

    fn place(&mut self) -> Place {
        self.seq += 1;
        let page = self
            .stack
            .iter()
            .rev()
            .find_map(|f| match f {
                Frame::ReadAs(n) => Some(*n),
                _ => None,
            })
            .unwrap_or(self.page as u32);
        (page, self.seq)
    }

    fn in_artifact(&self) -> bool {
        self.stack.iter().any(|f| matches!(f, Frame::Artifact))
    }

    /// The innermost open element (the document when none is open).
    fn parent(&self) -> usize {
        self.stack
            .iter()
            .rev()
            .find_map(|f| match f {
                Frame::Element(e) => Some(*e),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// An [`crate::scene::Item::Open`].
    pub fn open(&mut self, role: &Role, key: Key) {
        if matches!(role, Role::Artifact) || self.in_artifact() {
            self.stack.push(Frame::Artifact);
            return;
        }
        if let Role::ReadAs(n) = role {
            self.stack.push(Frame::ReadAs(*n));
            self.reordered = true;
            return;
        }
        let parent = self.parent();
        if key != Key::NEW {
            if let Some(&e) = self.keyed.get(&(parent, key)) {
                self.stack.push(Frame::Element(e));
                return;
            }
        }
        let index = self.elements.len();
        let at = self.place();
        // A figure placed whole knows its rectangle; another one grows by its ink.
        let bounds = match role {
            Role::Figure(_, Some(frame)) => Some((self.page, *frame)),
            _ => None,
        };
        self.elements.push(Element { role: role.clone(), parent, kids: Vec::new(), at, bounds });
        self.elements[parent].kids.push(Kid::Element(index));
        if key != Key::NEW {
            self.keyed.insert((parent, key), index);
        }
        self.stack.push(Frame::Element(index));
    }

    /// An [`crate::scene::Item::Close`] (one too many is ignored).
    pub fn close(&mut self) {
        self.stack.pop();
    }

    /// Before a piece of ink with these bounds (mm on the page): switches the marked
    /// content to what the ink belongs to.
    pub fn content(&mut self, ops: &mut Vec<Op>, bounds: impl FnOnce() -> Option<(f32, f32, f32, f32)>) {
        let target = match self.stack.last() {
            _ if self.in_artifact() => Marked::Artifact,
            Some(Frame::Element(e)) if !self.elements[*e].role.is_container() => Marked::Element(*e),
            _ => Marked::Artifact,
        };
        if let Marked::Element(_) = target {
            self.grow_figures(bounds);
        }
        if target == self.marked {
            return;
        }
        if self.marked != Marked::Nothing {
            ops.push(Op::EndMarkedContent);
        }
        match target {
            Marked::Artifact => ops.push(Op::BeginMarkedContent { tag: "Artifact".into() }),
            Marked::Element(e) => {
                let mcid = self.next_mcid;
                self.next_mcid += 1;
                self.parent_tree[self.page].push(e);
                let at = self.place();
                self.elements[e].kids.push(Kid::Content { page: self.page, mcid, at });
                let map = [("MCID".to_string(), DictItem::Int(mcid))].into_iter().collect();
                ops.push(Op::BeginMarkedContentWithProperties {
                    tag: tag_name(&self.elements[e].role).into(),
                    properties: DictItem::Dict { map },
                });
            }
            Marked::Nothing => {}
        }
        self.marked = target;
    }

    /// Every figure without a known rectangle that the ink is in grows by it (on the page
    /// it was first drawn on).
    fn grow_figures(&mut self, bounds: impl FnOnce() -> Option<(f32, f32, f32, f32)>) {
        let unframed = |f: &Frame| match f {
            Frame::Element(e) => matches!(self.elements[*e].role, Role::Figure(_, None)),
            _ => false,
        };
        if !self.stack.iter().any(unframed) {
            return;
        }
        let Some((l, t, r, b)) = bounds() else { return };
        let figures: Vec<usize> = self
            .stack
            .iter()
            .filter_map(|f| match f {
                Frame::Element(e) if matches!(self.elements[*e].role, Role::Figure(_, None)) => Some(*e),
                _ => None,
            })
            .collect();
        for f in figures {
            self.elements[f].bounds = Some(match self.elements[f].bounds {
                Some((p, [l0, t0, r0, b0])) if p == self.page => (p, [l0.min(l), t0.min(t), r0.max(r), b0.max(b)]),
                Some(other) => other,
                None => (self.page, [l, t, r, b]),
            });
        }
    }

    /// At the end of a page's operators: closes the open sequence.
    pub fn end_page(&mut self, ops: &mut Vec<Op>) {
        if self.marked != Marked::Nothing {
            ops.push(Op::EndMarkedContent);
        }
        self.marked = Marked::Nothing;
        self.stack.clear();
        self.page += 1;
        self.next_mcid = 0;
        self.parent_tree.push(Vec::new());
    }

    /// Where an element comes in reading order: its first piece, read first.
    fn first_place(&self, e: usize, memo: &mut HashMap<usize, Place>) -> Place {
        if let Some(p) = memo.get(&e) {
            return *p;
        }
        let mut first = self.elements[e].at;
        for k in &self.elements[e].kids {
            let p = match *k {
                Kid::Element(c) => self.first_place(c, memo),
                Kid::Content { at, .. } => at,
            };
            first = first.min(p);
        }
        memo.insert(e, first);
        first
    }

    /// Writes the structure tree; sets each page's `StructParents`. Returns the
    /// StructTreeRoot's id. `heights` are the pages' heights in mm (for figures' boxes).
    pub fn write(mut self, lo: &mut lopdf::Document, pages: &[ObjectId], heights: &[f32]) -> ObjectId {
        // Kids in reading order (the order they were drawn in, unless pages are read in
        // another order than printed).
        let mut memo = HashMap::new();
        for e in (0..self.elements.len()).filter(|_| self.reordered) {
            let mut kids = std::mem::take(&mut self.elements[e].kids);
            kids.sort_by_key(|k| match *k {
                Kid::Element(c) => self.first_place(c, &mut memo),
                Kid::Content { at, .. } => at,
            });
            self.elements[e].kids = kids;
        }
        let root = lo.new_object_id();
        let ids: Vec<ObjectId> = self.elements.iter().map(|_| lo.new_object_id()).collect();
        for (i, e) in self.elements.iter().enumerate() {
            let mut d = Dictionary::new();
            d.set("Type", Object::Name(b"StructElem".to_vec()));
            d.set("S", Object::Name(if i == 0 { "Document" } else { tag_name(&e.role) }.as_bytes().to_vec()));
            d.set("P", Object::Reference(if i == 0 { root } else { ids[e.parent] }));
            let home = e.kids.iter().find_map(|k| match k {
                Kid::Content { page, .. } => Some(*page),
                Kid::Element(_) => None,
            });
            if let Some(page) = home {
                d.set("Pg", Object::Reference(pages[page]));
            }
            let kids: Vec<Object> = e
                .kids
                .iter()
                .map(|k| match *k {
                    Kid::Element(c) => Object::Reference(ids[c]),
                    Kid::Content { page, mcid, .. } if Some(page) == home => Object::Integer(mcid),
                    Kid::Content { page, mcid, .. } => {
                        let mut r = Dictionary::new();
                        r.set("Type", Object::Name(b"MCR".to_vec()));
                        r.set("Pg", Object::Reference(pages[page]));
                        r.set("MCID", Object::Integer(mcid));
                        Object::Dictionary(r)
                    }
                })
                .collect();
            d.set("K", Object::Array(kids));
            match &e.role {
                Role::Figure(alt, _) => {
                    d.set("Alt", super::text_string(alt));
                    if let Some((page, [l, t, r, b])) = e.bounds {
                        let h = heights[page];
                        let pt = |v: f32| Object::Real((v * PT_PER_MM * 100.0).round() / 100.0);
                        let mut a = Dictionary::new();
                        a.set("O", Object::Name(b"Layout".to_vec()));
                        a.set("BBox", Object::Array(vec![pt(l), pt(h - b), pt(r), pt(h - t)]));
                        a.set("Placement", Object::Name(b"Block".to_vec()));
                        d.set("A", Object::Dictionary(a));
                    }
                }
                Role::Caption(Some(said)) => d.set("ActualText", super::text_string(said)),
                Role::TableHeader => {
                    let mut a = Dictionary::new();
                    a.set("O", Object::Name(b"Table".to_vec()));
                    a.set("Scope", Object::Name(b"Column".to_vec()));
                    d.set("A", Object::Dictionary(a));
                }
                _ => {}
            }
            lo.objects.insert(ids[i], Object::Dictionary(d));
        }
        // The parent tree: for each page (its StructParents key), its MCIDs' elements.
        let mut nums = Vec::new();
        for (page, owners) in self.parent_tree.iter().enumerate().take(pages.len()) {
            nums.push(Object::Integer(page as i64));
            let arr = lo.add_object(Object::Array(owners.iter().map(|&e| Object::Reference(ids[e])).collect()));
            nums.push(Object::Reference(arr));
            if let Ok(Object::Dictionary(p)) = lo.get_object_mut(pages[page]) {
                p.set("StructParents", Object::Integer(page as i64));
                // Tab order follows the structure (PDF/UA-1 7.18.3).
                p.set("Tabs", Object::Name(b"S".to_vec()));
            }
        }
        let mut tree = Dictionary::new();
        tree.set("Nums", Object::Array(nums));
        let parent_tree = lo.add_object(Object::Dictionary(tree));
        let mut r = Dictionary::new();
        r.set("Type", Object::Name(b"StructTreeRoot".to_vec()));
        r.set("K", Object::Array(vec![Object::Reference(ids[0])]));
        r.set("ParentTree", Object::Reference(parent_tree));
        r.set("ParentTreeNextKey", Object::Integer(pages.len() as i64));
        lo.objects.insert(root, Object::Dictionary(r));
        root
    }
}

/// The standard structure type of a role.
fn tag_name(role: &Role) -> &'static str {
    match role {
        Role::Artifact => "Artifact",
        Role::ReadAs(_) | Role::Section => "Sect",
        Role::Group => "Div",
        Role::Heading(1) => "H1",
        Role::Heading(2) => "H2",
        Role::Heading(3) => "H3",
        Role::Heading(4) => "H4",
        Role::Heading(5) => "H5",
        Role::Heading(_) => "H6",
        Role::Paragraph => "P",
        Role::Caption(_) => "Caption",
        Role::Quote => "BlockQuote",
        Role::Figure(..) => "Figure",
        Role::List => "L",
        Role::ListItem => "LI",
        Role::Label => "Lbl",
        Role::ListBody => "LBody",
        Role::Table => "Table",
        Role::TableRow => "TR",
        Role::TableHeader => "TH",
        Role::TableCell => "TD",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops_text(ops: &[Op]) -> Vec<String> {
        ops.iter()
            .map(|o| match o {
                Op::BeginMarkedContent { tag } => format!("BMC {tag}"),
                Op::BeginMarkedContentWithProperties { tag, .. } => format!("BDC {tag}"),
                Op::EndMarkedContent => "EMC".into(),
                _ => "ink".into(),
            })
            .collect()
    }

    #[test]
    fn keyed_elements_continue_and_kids_follow_reading_order() {
        let mut t = Tagger::new();
        let key = Key::fresh();
        let mut ops = Vec::new();
        // Printed page 0 is read as page 2; printed page 1 as page 1.
        t.open(&Role::ReadAs(2), Key::NEW);
        t.open(&Role::Paragraph, key);
        t.content(&mut ops, || None);
        ops.push(Op::SaveGraphicsState);
        t.close();
        t.close();
        t.end_page(&mut ops);
        t.open(&Role::ReadAs(1), Key::NEW);
        t.open(&Role::Heading(1), Key::NEW);
        t.content(&mut ops, || None);
        t.close();
        t.open(&Role::Paragraph, key);
        t.content(&mut ops, || None);
        t.close();
        t.open(&Role::Artifact, Key::NEW);
        t.content(&mut ops, || None);
        t.close();
        t.close();
        t.end_page(&mut ops);
        assert_eq!(ops_text(&ops), ["BDC P", "ink", "EMC", "BDC H1", "EMC", "BDC P", "EMC", "BMC Artifact", "EMC"]);
        // One paragraph, two pieces; the heading first.
        assert_eq!(t.elements.len(), 3, "document, paragraph, heading");
        let mut memo = HashMap::new();
        let (p, h) = (1, 2);
        assert!(t.first_place(h, &mut memo) < t.first_place(p, &mut memo));
        assert_eq!(t.elements[p].kids.len(), 2);
    }
}
