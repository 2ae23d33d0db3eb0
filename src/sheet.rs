//! What a sheet holds, before layout decides where it goes: sections of tiles, each a
//! diagram with its words. Games and commands fill them; `layout::sheet` places them.

use crate::scene::Scene;

/// One diagram with its words.
#[derive(Debug, Clone)]
pub struct Tile {
    /// The drawing, at any scale (the section scales all its tiles alike).
    pub diagram: Scene,
    /// A bold label before the caption, e.g. the puzzle number.
    pub label: String,
    /// The caption, e.g. "Red to play and win".
    pub caption: String,
    /// The label and caption as a listener hears them, e.g. "Puzzle 1: Red to play and
    /// win, difficulty medium." (empty: read as printed).
    pub said: String,
    /// Small print under the diagram, e.g. the position ID.
    pub small: String,
    /// A line under that, e.g. "Solution on page 42" in a book (empty on sheets).
    pub reference: String,
}

/// A run of pages with one title: the puzzles, or the answer key.
#[derive(Debug, Clone)]
pub struct Section {
    /// Heading on each page of the section.
    pub title: String,
    /// Lines under the heading (instructions, legends).
    pub intro: Vec<String>,
    /// The tiles in order.
    pub tiles: Vec<Tile>,
    /// Tiles per page (fewer when the diagrams' text would print too small).
    pub per_page: usize,
    /// Whether the user asked for `per_page` (then too small type is an error).
    pub per_page_given: bool,
    /// Pages a pupil writes on: they get the worksheet's name and date line.
    pub for_pupils: bool,
    /// Pages bound together (a book's): the heading in full on the first page only, a
    /// running head (the title) on the pages after it.
    pub running_head: bool,
}
