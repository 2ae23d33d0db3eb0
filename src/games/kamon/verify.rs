//! The exhaustive checker for Kamon puzzles: a plain reference implementation of the
//! end rules (breadth-first search over neighbour lists, sides from axial coordinates)
//! that shares no win-detection code with the bitboard engine. It tries every legal
//! cell of the side to move.

use super::position::{CellContent, KamonPosition, Token, WinKind};
use crate::geom::hex::radius3::{bit_of, cells_in_reading_order};
use crate::geom::hex::Axial;

/// What the exhaustive check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KamonFacts {
    /// Winning cells (bit indices, ascending) and how each wins.
    pub solutions: Vec<(u32, WinKind)>,
    /// Legal cells of the side to move.
    pub legal_moves: u32,
    /// Legal cells that touch one of the mover's pawns but do not win: they extend a
    /// chain or a ring-in-progress without finishing it.
    pub decoys: u32,
}

/// Cell coordinates in reading order and each cell's on-board neighbours, by index.
struct Layout {
    coords: [Axial; 37],
    neighbours: Vec<Vec<usize>>,
}

fn layout() -> &'static Layout {
    static LAYOUT: std::sync::OnceLock<Layout> = std::sync::OnceLock::new();
    LAYOUT.get_or_init(|| {
        let coords = cells_in_reading_order();
        let neighbours = coords
            .iter()
            .map(|a| a.neighbours().iter().filter_map(|n| coords.iter().position(|c| c == n)).collect())
            .collect();
        Layout { coords, neighbours }
    })
}

#[derive(Clone, Copy)]
struct Board {
    cells: [CellContent; 37],
    coords: &'static [Axial; 37],
    neighbours: &'static [Vec<usize>],
}

impl Board {
    fn new(cells: [CellContent; 37]) -> Self {
        let l = layout();
        Board { cells, coords: &l.coords, neighbours: &l.neighbours }
    }

    fn on_side(&self, i: usize, side: usize) -> bool {
        let a = self.coords[i];
        [a.q == 3, a.r == -3, a.s() == 3, a.q == -3, a.r == 3, a.s() == -3][side]
    }

    /// The connected components of the cells satisfying `inside`, each found once.
    fn components(&self, inside: &dyn Fn(usize) -> bool) -> Vec<Vec<usize>> {
        let mut seen = [false; 37];
        let mut out = Vec::new();
        for start in 0..37 {
            if seen[start] || !inside(start) {
                continue;
            }
            seen[start] = true;
            let mut stack = vec![start];
            let mut component = Vec::new();
            while let Some(i) = stack.pop() {
                component.push(i);
                for &n in &self.neighbours[i] {
                    if !seen[n] && inside(n) {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            out.push(component);
        }
        out
    }

    fn connects(&self, player: u8) -> bool {
        let own = |i: usize| self.cells[i] == CellContent::Pawn(player);
        self.components(&own).iter().any(|group| {
            (0..3).any(|s| group.iter().any(|&c| self.on_side(c, s)) && group.iter().any(|&c| self.on_side(c, s + 3)))
        })
    }

    fn rings(&self, player: u8) -> bool {
        let free = |i: usize| self.cells[i] != CellContent::Pawn(player);
        self.components(&free).iter().any(|region| region.iter().all(|&c| self.coords[c].ring() < 3))
    }

    fn legal(&self, constraint: Option<Token>) -> Vec<usize> {
        (0..37)
            .filter(|&i| match (self.cells[i], constraint) {
                (CellContent::Token(_), None) => {
                    let a = self.coords[i];
                    let threes = [a.q, a.r, a.s()].iter().filter(|v| v.abs() == 3).count();
                    threes == 1
                }
                (CellContent::Token(t), Some(c)) => t.symbol == c.symbol || t.count == c.count,
                _ => false,
            })
            .collect()
    }
}

/// Tries every legal cell; errors say why the position is not a win-in-one puzzle.
pub fn check_win_in_one(pos: &KamonPosition) -> Result<KamonFacts, String> {
    let board = Board::new(pos.cells());
    let mover = pos.to_move();
    let opponent = 1 - mover;
    let constraint = pos.constraint();
    // The game must not be over already.
    if pos.plies() > 0 && (board.connects(opponent) || board.rings(opponent)) {
        return Err("the game is already over in this position".into());
    }
    let legal = board.legal(constraint);
    if legal.is_empty() {
        return Err("the side to move has no legal cell".into());
    }
    let mut solutions = Vec::new();
    let mut decoys = 0;
    for &i in &legal {
        let CellContent::Token(covered) = board.cells[i] else {
            continue;
        };
        let mut after = board;
        after.cells[i] = CellContent::Pawn(mover);
        let placed = after.cells.iter().filter(|c| matches!(c, CellContent::Pawn(_))).count();
        let win = if after.connects(mover) {
            Some(WinKind::Connection)
        } else if after.rings(mover) {
            Some(WinKind::Ring)
        } else if placed < 36 && after.legal(Some(covered)).is_empty() {
            Some(WinKind::Blockade)
        } else {
            None
        };
        match win {
            Some(how) => solutions.push((bit_of(board.coords[i]), how)),
            None => {
                if board.neighbours[i].iter().any(|&n| board.cells[n] == CellContent::Pawn(mover)) {
                    decoys += 1;
                }
            }
        }
    }
    if solutions.is_empty() {
        return Err("the side to move has no winning cell".into());
    }
    if solutions.len() == legal.len() {
        return Err("every legal cell wins".into());
    }
    solutions.sort_by_key(|s| s.0);
    Ok(KamonFacts { solutions, legal_moves: legal.len() as u32, decoys })
}
