//! What a sheet holds, before layout decides where it goes: sections of tiles, each a
//! diagram with its words. Games and commands fill them; `layout::sheet` places them.

use std::sync::Arc;

use crate::scene::Scene;

/// A tile's diagram: its size and smallest type known at once (layout needs them for
/// every tile), its drawing made again when its page is drawn, so that a sheet of
/// thousands of puzzles holds one page's drawings at a time.
#[derive(Clone)]
pub struct Drawing {
    /// Width in mm.
    pub width: f32,
    /// Height in mm.
    pub height: f32,
    /// The size of the smallest text in it (none: no text).
    pub smallest_text: Option<crate::scene::Points>,
    source: Source,
}

/// Where a drawing comes from when its page is drawn.
#[derive(Clone)]
enum Source {
    Kept(Arc<Scene>),
    Again(Arc<dyn Fn() -> Scene + Send + Sync>),
}

impl Drawing {
    /// A drawing made once and kept (a blank board, the first puzzles of a sheet).
    pub fn kept(scene: Scene) -> Drawing {
        let (width, height, smallest_text) = (scene.width, scene.height, scene.smallest_text());
        Drawing { width, height, smallest_text, source: Source::Kept(Arc::new(scene)) }
    }

    /// A drawing measured on `first` and made again by `make` whenever it is drawn:
    /// `make` must give the same drawing as `first`.
    pub fn again(first: &Scene, make: impl Fn() -> Scene + Send + Sync + 'static) -> Drawing {
        let (width, height, smallest_text) = (first.width, first.height, first.smallest_text());
        Drawing { width, height, smallest_text, source: Source::Again(Arc::new(make)) }
    }

    /// The drawing.
    pub fn scene(&self) -> Arc<Scene> {
        match &self.source {
            Source::Kept(scene) => scene.clone(),
            Source::Again(make) => Arc::new(make()),
        }
    }
}

impl std::fmt::Debug for Drawing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Drawing({} x {} mm)", self.width, self.height)
    }
}

/// One diagram with its words.
#[derive(Debug, Clone)]
pub struct Tile {
    /// The drawing, at any scale (the section scales all its tiles alike).
    pub diagram: Drawing,
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
