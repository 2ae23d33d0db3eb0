//! The structure of a drawing: groups of items that are one element of the document
//! (a heading, a paragraph, a figure with its words, page furniture), how an element
//! continues across boxes and pages, and a walk over what is drawn.

use super::{Item, Rect};

/// A stretch of a drawing that is one structure element: its role, which element it
/// continues, and what it holds. A scene is a tree of these, so every element that is
/// begun is ended where its items end ([`super::Scene::tagged`] builds one).
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// What the items are.
    pub role: Role,
    /// Which element they continue ([`Key::NEW`]: a new one).
    pub key: Key,
    /// What is drawn, in painting order.
    pub items: Vec<Item>,
}

/// Every item of a tree that is not a group, in painting order (depth first).
pub fn leaves(items: &[Item]) -> Leaves<'_> {
    Leaves { stack: vec![items.iter()] }
}

/// The iterator of [`leaves`].
pub struct Leaves<'a> {
    stack: Vec<std::slice::Iter<'a, Item>>,
}

impl<'a> Iterator for Leaves<'a> {
    type Item = &'a Item;

    fn next(&mut self) -> Option<&'a Item> {
        loop {
            let top = self.stack.last_mut()?;
            match top.next() {
                Some(Item::Group(g)) => self.stack.push(g.items.iter()),
                Some(item) => return Some(item),
                None => {
                    self.stack.pop();
                }
            }
        }
    }
}

/// Which structure element a [`Group`] continues: [`Key::NEW`] starts a new one
/// every time; a key from [`Key::fresh`] names one element wherever it is opened again.
/// Keys never reach the output (only which items belong together does), so a process-wide
/// counter serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Key(pub u64);

impl Key {
    /// A new element each time it is opened.
    pub const NEW: Key = Key(0);

    /// A key no other element has.
    pub fn fresh() -> Key {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Key(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

/// What a stretch of a drawing is in the document's structure (a tagged PDF's
/// structure element, or an artifact). Ink outside every role, or directly inside a
/// container (a section, a list, a table, a row), is decoration: an artifact.
#[derive(Debug, Clone, PartialEq)]
pub enum Role {
    /// Not content: page furniture (footers, page numbers, fold and crop marks, frames,
    /// rules). Everything inside is an artifact, whatever roles it holds.
    Artifact,
    /// Not an element: what is inside is read as the given page, whatever page it is
    /// printed on (a booklet's logical pages, imposed out of order for folding).
    ReadAs(u32),
    /// A section: a chapter, the puzzles, the answers (a container).
    Section,
    /// A group that belongs together: a puzzle with its caption and small print (a
    /// container).
    Group,
    /// A heading, level 1 to 6.
    Heading(u8),
    /// A paragraph (or a line of text that stands alone: a colophon line, a note).
    Paragraph,
    /// A caption (of the figure next to it); with words, a reader hears those instead of
    /// the printed ones (a puzzle's number said as "Puzzle 3", its stars as a difficulty,
    /// a coordinate pair in words).
    Caption(Option<String>),
    /// A passage set apart from the text (our rulings beside a designer's rules; a
    /// container).
    Quote,
    /// A picture, with the text that says what it shows (its alternative text) and, when
    /// it is known, the rectangle it fills; otherwise its ink decides.
    Figure(String, Option<Rect>),
    /// A list (a container).
    List,
    /// One item of a list (a container).
    ListItem,
    /// A list item's number or bullet.
    Label,
    /// A list item's text.
    ListBody,
    /// A table (a container).
    Table,
    /// A row of a table (a container).
    TableRow,
    /// A column heading cell.
    TableHeader,
    /// A data cell.
    TableCell,
}

impl Role {
    /// A container: its own ink is decoration; its content is in the roles it holds.
    pub fn is_container(&self) -> bool {
        matches!(
            self,
            Role::Section | Role::Group | Role::Quote | Role::List | Role::ListItem | Role::Table | Role::TableRow
        )
    }
}
