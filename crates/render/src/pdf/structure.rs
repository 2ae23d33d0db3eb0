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
use std::io::Write;

use super::write::{literal, Sink};
use crate::failure::Result;

use crate::scene::{Key, Rect, Role};

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
    bounds: Option<(usize, Rect)>,
    /// The key it was opened with ([`Key::NEW`]: never continued).
    key: Key,
    /// Written to the file already (and its words let go).
    written: bool,
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
    /// The pages' entries of the parent tree written so far (each page's array of its
    /// MCIDs' elements), and the current page's MCIDs' elements.
    parent_tree: Vec<u32>,
    owners: Vec<usize>,
    /// Each element's object number, given when first needed.
    ids: Vec<Option<u32>>,
    /// The StructTreeRoot's object number, once given.
    root: Option<u32>,
    /// Elements closed for good (opened without a key, so never continued) and not yet
    /// written: written after their page, so that a long document holds no finished
    /// element's words.
    finished: Vec<usize>,
    marked: Marked,
    /// Whether pages are read in another order than printed ([`Role::ReadAs`]): then the
    /// kids are sorted into reading order; otherwise they come in it.
    reordered: bool,
}

impl Tagger {
    pub fn new() -> Self {
        let document = Element {
            role: Role::Section,
            parent: 0,
            kids: Vec::new(),
            at: (0, 0),
            bounds: None,
            key: Key(0),
            written: false,
        };
        Tagger {
            elements: vec![document],
            keyed: HashMap::new(),
            stack: Vec::new(),
            page: 0,
            next_mcid: 0,
            seq: 0,
            parent_tree: Vec::new(),
            owners: Vec::new(),
            ids: vec![None],
            finished: Vec::new(),
            root: None,
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

    /// Before the items of a [`crate::scene::Group`].
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
        self.elements.push(Element { role: role.clone(), parent, kids: Vec::new(), at, bounds, key, written: false });
        self.ids.push(None);
        self.elements[parent].kids.push(Kid::Element(index));
        if key != Key::NEW {
            self.keyed.insert((parent, key), index);
        }
        self.stack.push(Frame::Element(index));
    }

    /// After the items of a [`crate::scene::Group`].
    pub fn close(&mut self) {
        if let Some(Frame::Element(e)) = self.stack.pop() {
            if self.elements[e].key == Key::NEW {
                self.finished.push(e);
            }
        }
    }

    /// Before a piece of ink with these bounds (mm on the page): switches the marked
    /// content to what the ink belongs to.
    pub fn content(&mut self, ops: &mut String, bounds: impl FnOnce() -> Option<Rect>) {
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
            ops.push_str("EMC\n");
        }
        match target {
            Marked::Artifact => ops.push_str("/Artifact BMC\n"),
            Marked::Element(e) => {
                let mcid = self.next_mcid;
                self.next_mcid += 1;
                self.owners.push(e);
                let at = self.place();
                self.elements[e].kids.push(Kid::Content { page: self.page, mcid, at });
                *ops += &format!("/{} <</MCID {mcid}>> BDC\n", tag_name(&self.elements[e].role));
            }
            Marked::Nothing => {}
        }
        self.marked = target;
    }

    /// Every figure without a known rectangle that the ink is in grows by it (on the page
    /// it was first drawn on).
    fn grow_figures(&mut self, bounds: impl FnOnce() -> Option<Rect>) {
        let unframed = |f: &Frame| match f {
            Frame::Element(e) => matches!(self.elements[*e].role, Role::Figure(_, None)),
            _ => false,
        };
        if !self.stack.iter().any(unframed) {
            return;
        }
        let Some(ink) = bounds() else { return };
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
                Some((p, grown)) if p == self.page => (p, grown.union(ink)),
                Some(other) => other,
                None => (self.page, ink),
            });
        }
    }

    /// At the end of a page's operators: closes the open sequence.
    pub fn end_page(&mut self, ops: &mut String) {
        if self.marked != Marked::Nothing {
            ops.push_str("EMC\n");
        }
        self.marked = Marked::Nothing;
        self.stack.clear();
        self.page += 1;
        self.next_mcid = 0;
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

    /// Element `e`'s object number.
    fn id(&mut self, e: usize, sink: &mut Sink) -> u32 {
        *self.ids[e].get_or_insert_with(|| sink.id())
    }

    /// After a page (its index `page`, its object `page_id`): writes its entry of the
    /// parent tree, and every element finished on it or before (unless pages are read
    /// in another order than printed: then kids are sorted at the end). `heights` are
    /// the pages' heights so far.
    pub fn after_page(&mut self, sink: &mut Sink, pages: &[u32], heights: &[f32]) -> Result<()> {
        let owners = std::mem::take(&mut self.owners);
        let refs: Vec<String> = owners.into_iter().map(|e| format!("{} 0 R", self.id(e, sink))).collect();
        let array = sink.id();
        sink.put(array, format!("[{}]", refs.join(" ")).into_bytes())?;
        self.parent_tree.push(array);
        if !self.reordered {
            for e in std::mem::take(&mut self.finished) {
                self.write_element(e, sink, pages, heights)?;
            }
        }
        Ok(())
    }

    /// Writes element `e` and lets go of its words.
    fn write_element(&mut self, e: usize, sink: &mut Sink, pages: &[u32], heights: &[f32]) -> Result<()> {
        let id = self.id(e, sink);
        // What is kept of it: where it comes in reading order.
        let at = self.first_place(e, &mut HashMap::new());
        let element = std::mem::replace(
            &mut self.elements[e],
            Element {
                role: Role::Artifact,
                parent: 0,
                kids: Vec::new(),
                at,
                bounds: None,
                key: Key::NEW,
                written: true,
            },
        );
        let pt = |v: f32| super::real((v * PT_PER_MM * 100.0).round() / 100.0);
        let mut d = Vec::new();
        let tag = if e == 0 { "Document" } else { tag_name(&element.role) };
        let parent = match self.root {
            Some(root) if e == 0 => root,
            _ => self.id(element.parent, sink),
        };
        let _ = write!(d, "<</Type/StructElem/S/{tag}/P {parent} 0 R");
        let home = element.kids.iter().find_map(|k| match k {
            Kid::Content { page, .. } => Some(*page),
            Kid::Element(_) => None,
        });
        if let Some(page) = home {
            let _ = write!(d, "/Pg {} 0 R", pages[page]);
        }
        d.extend_from_slice(b"/K[");
        for (n, k) in element.kids.iter().enumerate() {
            if n > 0 {
                d.push(b' ');
            }
            let _ = match *k {
                Kid::Element(c) => write!(d, "{} 0 R", self.id(c, sink)),
                Kid::Content { page, mcid, .. } if Some(page) == home => write!(d, "{mcid}"),
                Kid::Content { page, mcid, .. } => write!(d, "<</Type/MCR/Pg {} 0 R/MCID {mcid}>>", pages[page]),
            };
        }
        d.push(b']');
        match &element.role {
            Role::Figure(alt, _) => {
                d.extend_from_slice(b"/Alt");
                literal(&super::text_bytes(alt), &mut d);
                if let Some((page, Rect { left: l, top: t, right: r, bottom: b })) = element.bounds {
                    let h = heights[page];
                    let _ = write!(
                        d,
                        "/A<</O/Layout/BBox[{} {} {} {}]/Placement/Block>>",
                        pt(l),
                        pt(h - b),
                        pt(r),
                        pt(h - t)
                    );
                }
            }
            Role::Caption(Some(said)) => {
                d.extend_from_slice(b"/ActualText");
                literal(&super::text_bytes(said), &mut d);
            }
            Role::TableHeader => d.extend_from_slice(b"/A<</O/Table/Scope/Column>>"),
            _ => {}
        }
        d.extend_from_slice(b">>");
        sink.put(id, d)
    }

    /// Writes the rest of the structure tree (each page's `StructParents` key is its
    /// index) and returns the StructTreeRoot's id. `pages` are the pages' ids, `heights`
    /// their heights in mm (for figures' boxes).
    pub fn write(mut self, sink: &mut Sink, pages: &[u32], heights: &[f32]) -> Result<u32> {
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
        let root = sink.id();
        self.root = Some(root);
        // Every element not written yet: the document, the continued ones, and all of
        // them when pages were read out of order.
        for e in 0..self.elements.len() {
            if !self.elements[e].written {
                self.write_element(e, sink, pages, heights)?;
            }
        }
        let nums: Vec<String> =
            self.parent_tree.iter().enumerate().take(pages.len()).map(|(page, a)| format!("{page} {a} 0 R")).collect();
        let parent_tree = sink.id();
        sink.put(parent_tree, format!("<</Nums[{}]>>", nums.join(" ")).into_bytes())?;
        let document = self.id(0, sink);
        let body = format!(
            "<</Type/StructTreeRoot/K[{document} 0 R]/ParentTree {parent_tree} 0 R/ParentTreeNextKey {}>>",
            pages.len()
        );
        sink.put(root, body.into_bytes())?;
        Ok(root)
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

    fn ops_text(ops: &str) -> Vec<String> {
        ops.lines()
            .map(|o| match o.split(' ').collect::<Vec<_>>()[..] {
                [tag, "BMC"] => format!("BMC {}", &tag[1..]),
                [tag, .., "BDC"] => format!("BDC {}", &tag[1..]),
                ["EMC"] => "EMC".into(),
                _ => "ink".into(),
            })
            .collect()
    }

    #[test]
    fn keyed_elements_continue_and_kids_follow_reading_order() {
        let mut t = Tagger::new();
        let key = Key::fresh();
        let mut ops = String::new();
        // Printed page 0 is read as page 2; printed page 1 as page 1.
        t.open(&Role::ReadAs(2), Key::NEW);
        t.open(&Role::Paragraph, key);
        t.content(&mut ops, || None);
        ops.push_str("q\n");
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
