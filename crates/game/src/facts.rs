//! What a task's exhaustive check finds: the [`Facts`] every check reports, and the
//! facts of a win in two, which two games' checks find alike.

use serde_json::{json, Value};

use super::search_figures;

/// What every task's exhaustive check finds, whatever else it finds: the solutions, how
/// many legal moves there were and how many decoys it refuted. The [`super::Task`]
/// methods that read these have defaults over it.
pub trait Facts: Clone + std::fmt::Debug + Send + Sync + 'static {
    /// A move of the game.
    type Move: Copy;
    /// The solutions, in the order records list them.
    fn solution_moves(&self) -> Vec<Self::Move>;
    /// How many solutions the puzzle's promise counts (by default, every listed one).
    fn solution_count(&self) -> usize {
        self.solution_moves().len()
    }
    /// Legal moves of the side to move.
    fn legal_moves(&self) -> u32;
    /// Decoys: tempting moves the check refuted (what makes a puzzle more than a
    /// glance; each task says what tempts).
    fn decoys(&self) -> u32;
}

/// Implements [`Facts`] for facts structs whose `solutions: Vec<Move>`, `legal_moves:
/// u32` and `decoys: u32` fields say it: `facts_in_fields!(Move: A, B)`. A struct whose
/// solutions say it otherwise gives its own `solution_moves` (and `solution_count`, if
/// the promise counts something else) in braces: `facts_in_fields!(u32: C { fn … })`.
#[macro_export]
macro_rules! facts_in_fields {
    ($move:ty: $facts:ty { $($solutions:tt)* }) => {
        impl $crate::Facts for $facts {
            type Move = $move;
            $($solutions)*
            fn legal_moves(&self) -> u32 {
                self.legal_moves
            }
            fn decoys(&self) -> u32 {
                self.decoys
            }
        }
    };
    ($move:ty: $($facts:ty),+ $(,)?) => {
        $($crate::facts_in_fields!($move: $facts {
            fn solution_moves(&self) -> Vec<$move> {
                self.solutions.clone()
            }
            fn solution_count(&self) -> usize {
                self.solutions.len()
            }
        });)+
    };
}

/// The verified facts about a win-in-two position of a game whose threats are cells (EL,
/// SIX): the side to move cannot win at once, and after each key move every reply of
/// the opponent leaves a win. `M` is the game's move, `C` its cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinInTwoFacts<M, C> {
    /// Every key move, sorted: after each, every reply leaves a win.
    pub solutions: Vec<M>,
    /// Legal moves of the side to move.
    pub legal_moves: u32,
    /// Tempting first moves that fail: they leave the mover at least one threat, but
    /// some reply stops every win (or wins for the opponent).
    pub decoys: u32,
    /// Legal replies to the (first) key move; each one is refuted.
    pub replies: u32,
    /// Replies to the key move on a cell it threatens: the blocks a solver has to see
    /// through.
    pub defensive_replies: u32,
    /// Positions the search visited to prove the answer (first moves, replies, and the
    /// winning third move found after each reply).
    pub solver_nodes: u64,
    /// The mover's winning cells after the (first) key move, sorted and distinct.
    pub threat_cells: Vec<C>,
    /// What a person must look past before the key (each game's model counts it): what
    /// the grade is cut on.
    pub rivals: u32,
}

impl<M, C> WinInTwoFacts<M, C> {
    /// The facts of a search over `legal_moves` first moves that found `solutions` and
    /// `decoys` in `solver_nodes` positions; `key` is the first key move's replies,
    /// defensive replies and threat cells, `rivals` the game's count.
    pub fn new(
        solutions: Vec<M>,
        (legal_moves, decoys, solver_nodes): (u32, u32, u64),
        (replies, defensive_replies, threat_cells): (u32, u32, Vec<C>),
        rivals: u32,
    ) -> Self {
        WinInTwoFacts { solutions, legal_moves, decoys, replies, defensive_replies, solver_nodes, threat_cells, rivals }
    }

    /// The record's `difficulty` figures: the search's, and the rivals.
    pub fn figures(&self) -> Vec<(&'static str, Value)> {
        let mut figures =
            search_figures(self.legal_moves, self.decoys, self.replies, self.defensive_replies, self.solver_nodes);
        figures.push(("rivals", json!(self.rivals)));
        figures
    }
}

impl<M, C> Facts for WinInTwoFacts<M, C>
where
    M: Copy + std::fmt::Debug + Send + Sync + 'static,
    C: Clone + std::fmt::Debug + Send + Sync + 'static,
{
    type Move = M;
    fn solution_moves(&self) -> Vec<M> {
        self.solutions.clone()
    }
    fn solution_count(&self) -> usize {
        self.solutions.len()
    }
    fn legal_moves(&self) -> u32 {
        self.legal_moves
    }
    fn decoys(&self) -> u32 {
        self.decoys
    }
}
