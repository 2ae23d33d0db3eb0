//! The exhaustive checker for Kamon puzzles: a plain reference implementation of the
//! end rules (breadth-first search over neighbour lists, sides from axial coordinates)
//! that shares no win-detection code with the bitboard engine. It tries every legal
//! cell of the side to move.

use super::position::{CellContent, KamonPosition, Status, Token, WinKind};
use crate::game::NotAPuzzle;
use crate::geom::hex::radius3::{bit_of, cells_in_reading_order};
use crate::geom::hex::Axial;

/// What the exhaustive check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinInOneFacts {
    /// Winning cells (bit indices, ascending) and how each wins.
    pub solutions: Vec<(u32, WinKind)>,
    /// Legal cells of the side to move.
    pub legal_moves: u32,
    /// Legal cells that touch one of the mover's pawns but do not win: they extend a
    /// chain or a ring-in-progress without finishing it.
    pub decoys: u32,
    /// How promising the other legal cells look next to the answer (see
    /// [`super::grading::win_in_one_rivals`]): what the grade is cut on.
    pub rivals: u32,
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
pub fn check_win_in_one(pos: &KamonPosition) -> Result<WinInOneFacts, NotAPuzzle> {
    let board = Board::new(pos.cells());
    let mover = pos.to_move();
    let opponent = 1 - mover;
    let constraint = pos.constraint();
    // The game must not be over already.
    if pos.plies() > 0 && (board.connects(opponent) || board.rings(opponent)) {
        return Err(NotAPuzzle::from("the game is already over in this position"));
    }
    let legal = board.legal(constraint);
    if legal.is_empty() {
        return Err(NotAPuzzle::from("the side to move has no legal cell"));
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
        return Err(NotAPuzzle::from("the side to move has no winning cell"));
    }
    if solutions.len() == legal.len() {
        return Err(NotAPuzzle::from("every legal cell wins"));
    }
    solutions.sort_by_key(|s| s.0);
    let winning: Vec<u32> = solutions.iter().map(|s| s.0).collect();
    let rivals = super::grading::win_in_one_rivals(pos, &winning);
    Ok(WinInOneFacts { solutions, legal_moves: legal.len() as u32, decoys, rivals })
}

/// How a move ended the game, if it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Ongoing,
    Won(u8, WinKind),
    Drawn,
}

/// What the win-in-two search needs of a rules implementation. It is implemented by the
/// bitboard engine (used to verify puzzles) and by this module's reference board (used
/// by the tests to cross-check the engine on every generated puzzle).
trait Rules: Copy {
    fn to_move(&self) -> u8;
    /// Legal cells as bit indices, ascending.
    fn legal_cells(&self) -> Vec<u32>;
    /// The position after the side to move places on `bit`, and how that ended.
    fn place(&self, bit: u32) -> (Self, End);
    /// Whether the pawn on `bit` would touch a pawn of `player`.
    fn touches(&self, bit: u32, player: u8) -> bool;
}

impl Rules for KamonPosition {
    fn to_move(&self) -> u8 {
        KamonPosition::to_move(self)
    }
    fn legal_cells(&self) -> Vec<u32> {
        KamonPosition::legal_cells(self)
    }
    fn place(&self, bit: u32) -> (Self, End) {
        let next = self.after(bit);
        let end = match next.status() {
            Status::Ongoing => End::Ongoing,
            Status::Won(w, how) => End::Won(w, how),
            Status::Drawn => End::Drawn,
        };
        (next, end)
    }
    fn touches(&self, bit: u32, player: u8) -> bool {
        crate::geom::hex::radius3::dilate(1u64 << bit) & self.pawns(player) != 0
    }
}

/// The reference board with whose turn it is and the constraint.
#[cfg(test)]
#[derive(Clone, Copy)]
struct Reference {
    board: Board,
    constraint: Option<Token>,
    to_move: u8,
}

#[cfg(test)]
impl Reference {
    /// The reference rules' view of `pos`, or why no puzzle starts there (the game is
    /// over).
    fn of(pos: &KamonPosition) -> Result<Reference, NotAPuzzle> {
        let board = Board::new(pos.cells());
        let opponent = 1 - pos.to_move();
        if pos.plies() > 0 && (board.connects(opponent) || board.rings(opponent)) {
            return Err(NotAPuzzle::from("the game is already over in this position"));
        }
        Ok(Reference { board, constraint: pos.constraint(), to_move: pos.to_move() })
    }
}

#[cfg(test)]
impl Rules for Reference {
    fn to_move(&self) -> u8 {
        self.to_move
    }
    fn legal_cells(&self) -> Vec<u32> {
        let mut bits: Vec<u32> =
            self.board.legal(self.constraint).into_iter().map(|i| bit_of(self.board.coords[i])).collect();
        bits.sort_unstable();
        bits
    }
    fn place(&self, bit: u32) -> (Self, End) {
        let i = self.board.coords.iter().position(|&c| bit_of(c) == bit).expect("a cell of the board");
        let CellContent::Token(covered) = self.board.cells[i] else { panic!("legal cells hold tokens") };
        let mover = self.to_move;
        let mut next = *self;
        next.board.cells[i] = CellContent::Pawn(mover);
        next.constraint = Some(covered);
        next.to_move = 1 - mover;
        let placed = next.board.cells.iter().filter(|c| matches!(c, CellContent::Pawn(_))).count();
        let end = if next.board.connects(mover) {
            End::Won(mover, WinKind::Connection)
        } else if next.board.rings(mover) {
            End::Won(mover, WinKind::Ring)
        } else if placed == 36 {
            End::Drawn
        } else if next.board.legal(Some(covered)).is_empty() {
            End::Won(mover, WinKind::Blockade)
        } else {
            End::Ongoing
        };
        (next, end)
    }
    fn touches(&self, bit: u32, player: u8) -> bool {
        let i = self.board.coords.iter().position(|&c| bit_of(c) == bit).expect("a cell of the board");
        self.board.neighbours[i].iter().any(|&n| self.board.cells[n] == CellContent::Pawn(player))
    }
}

/// The verified facts about a Kamon win-in-two position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinInTwoFacts {
    /// The key cells (bit indices, ascending): after each, every reply allows a win.
    pub solutions: Vec<u32>,
    /// Legal cells of the side to move.
    pub legal_moves: u32,
    /// Refuted first cells that touch the mover's own pawns (they look like progress).
    pub decoys: u32,
    /// Legal replies to the (first) key cell, every one refuted: in Kamon each reply is
    /// a defence that must be answered.
    pub replies: u32,
    /// Positions the search visited: first moves, replies, and third moves tried.
    pub solver_nodes: u64,
    /// After each reply to the key cell (ascending), the winning answer found first and
    /// how it wins.
    pub answers: Vec<Answer>,
    /// What a person must see through (see [`super::grading::win_in_two_steps`]): what
    /// the grade is cut on.
    pub steps: u32,
}

/// A reply to the key cell, the winning answer to it, and how the answer wins.
pub type Answer = (u32, u32, WinKind);

/// Checks a position as a win-in-two puzzle by full search with the bitboard engine:
/// every first cell, every reply, and every third cell until a win is found.
pub fn check_win_in_two(pos: &KamonPosition) -> Result<WinInTwoFacts, NotAPuzzle> {
    if pos.status() != Status::Ongoing {
        return Err(NotAPuzzle::from("the game is already over in this position"));
    }
    win_in_two(*pos).map(|f| with_steps(pos, f))
}

/// The facts with the grading model's steps filled in.
fn with_steps(pos: &KamonPosition, mut facts: WinInTwoFacts) -> WinInTwoFacts {
    facts.steps = super::grading::win_in_two_steps(pos, facts.solutions[0], facts.decoys);
    facts
}

/// The same search on the plain reference implementation of the rules (slow; tests use
/// it to cross-check the engine).
#[cfg(test)]
pub fn check_win_in_two_reference(pos: &KamonPosition) -> Result<WinInTwoFacts, NotAPuzzle> {
    win_in_two(Reference::of(pos)?).map(|f| with_steps(pos, f))
}

fn win_in_two<S: Rules>(start: S) -> Result<WinInTwoFacts, NotAPuzzle> {
    let mover = start.to_move();
    let legal = start.legal_cells();
    if legal.is_empty() {
        return Err(NotAPuzzle::from("the side to move has no legal cell"));
    }
    let mut nodes = 0u64;
    let wins_at_once = |s: &S, nodes: &mut u64| -> Option<(u32, WinKind)> {
        s.legal_cells().into_iter().find_map(|b| {
            *nodes += 1;
            match s.place(b).1 {
                End::Won(w, how) if w == s.to_move() => Some((b, how)),
                _ => None,
            }
        })
    };
    if wins_at_once(&start, &mut nodes).is_some() {
        return Err(NotAPuzzle::from("the side to move can win at once (a win-in-one, not a win-in-two)"));
    }
    let mut solutions = Vec::new();
    let mut decoys = 0;
    let mut key: Option<(u32, Vec<Answer>)> = None;
    for &first in &legal {
        nodes += 1;
        let (after, end) = start.place(first);
        if end != End::Ongoing {
            continue;
        }
        let replies = after.legal_cells();
        let mut answers = Vec::new();
        let mut refuted = false;
        for &reply in &replies {
            nodes += 1;
            let (next, end) = after.place(reply);
            if end != End::Ongoing {
                refuted = true;
                break;
            }
            match wins_at_once(&next, &mut nodes) {
                Some((cell, how)) => answers.push((reply, cell, how)),
                None => {
                    refuted = true;
                    break;
                }
            }
        }
        if refuted {
            if start.touches(first, mover) {
                decoys += 1;
            }
            continue;
        }
        solutions.push(first);
        if key.is_none() {
            key = Some((replies.len() as u32, answers));
        }
    }
    let Some((replies, answers)) = key else {
        return Err(NotAPuzzle::from("no first cell forces a win next turn"));
    };
    Ok(WinInTwoFacts {
        solutions,
        legal_moves: legal.len() as u32,
        decoys,
        replies,
        solver_nodes: nodes,
        answers,
        steps: 0,
    })
}

/// How the opponent beats a move of the side to move, if he can.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threat {
    /// He has a winning cell at once.
    AtOnce,
    /// He has a cell after which every answer leaves him a winning cell (and no answer
    /// wins or ends the game).
    InTwo,
}

/// The verified facts about a Kamon defend position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefendFacts {
    /// The saving cells (bit indices, ascending): after each, the opponent has neither a
    /// winning cell nor a cell that forces a win next turn.
    pub solutions: Vec<u32>,
    /// Legal cells of the side to move.
    pub legal_moves: u32,
    /// The failing cells after which he wins at once.
    pub lost_at_once: u32,
    /// The failing cells after which he cannot win at once but forces a win in two.
    pub lost_in_two: u32,
    /// Failing cells that touch the opponent's pawns: they look like blocks.
    pub decoys: u32,
    /// After the (first) saving cell, his best try — the reply leaving the fewest
    /// answers that hold — and the answer found first (a winning one if there is one).
    pub best_try: Option<(u32, u32)>,
    /// Positions the search visited.
    pub solver_nodes: u64,
    /// What a person must see through (see [`super::grading::defend_steps`]): what the
    /// grade is cut on.
    pub steps: u32,
}

/// Checks a position as a defend puzzle by full search with the bitboard engine: every
/// cell, every reply, every answer and every winning cell after it. Errors say why the
/// position is not such a puzzle.
pub fn check_defend(pos: &KamonPosition) -> Result<DefendFacts, NotAPuzzle> {
    if pos.status() != Status::Ongoing {
        return Err(NotAPuzzle::from("the game is already over in this position"));
    }
    let mut facts = defend(*pos, usize::MAX)?;
    facts.steps = super::grading::defend_steps(pos, facts.solutions[0], facts.decoys, facts.lost_in_two);
    Ok(facts)
}

/// The same search on the plain reference implementation of the rules (slow; tests use
/// it to cross-check the engine).
#[cfg(test)]
pub fn check_defend_reference(pos: &KamonPosition) -> Result<DefendFacts, NotAPuzzle> {
    let mut facts = defend(Reference::of(pos)?, usize::MAX)?;
    facts.steps = super::grading::defend_steps(pos, facts.solutions[0], facts.decoys, facts.lost_in_two);
    Ok(facts)
}

/// How many cells save (see [`check_defend`]), counting no further than `enough`: what
/// the generator asks before it keeps a position (the engine's search; the final check
/// runs it whole).
pub fn defend_saving_count(pos: &KamonPosition, enough: usize) -> Result<usize, NotAPuzzle> {
    defend(*pos, enough).map(|f| f.solutions.len())
}

/// A winning cell of the side to move, if any.
fn winning_cell<S: Rules>(s: &S, nodes: &mut u64) -> Option<u32> {
    s.legal_cells().into_iter().find(|&b| {
        *nodes += 1;
        matches!(s.place(b).1, End::Won(w, _) if w == s.to_move())
    })
}

/// How the side to move in `s` (the opponent, after a cell of the defender) beats the
/// defender, if he can.
fn threat<S: Rules>(s: &S, nodes: &mut u64) -> Option<Threat> {
    if winning_cell(s, nodes).is_some() {
        return Some(Threat::AtOnce);
    }
    let forced = s.legal_cells().into_iter().any(|o| {
        *nodes += 1;
        let (next, end) = s.place(o);
        // No win (looked for above): a draw ends his hopes too.
        end == End::Ongoing && next.legal_cells().into_iter().all(|answer| holds_not(&next, answer, nodes))
    });
    forced.then_some(Threat::InTwo)
}

/// Whether the defender's `answer` in `s` fails: the game goes on and the opponent has a
/// winning cell after it.
fn holds_not<S: Rules>(s: &S, answer: u32, nodes: &mut u64) -> bool {
    *nodes += 1;
    let (next, end) = s.place(answer);
    end == End::Ongoing && winning_cell(&next, nodes).is_some()
}

fn defend<S: Rules>(start: S, enough: usize) -> Result<DefendFacts, NotAPuzzle> {
    let mover = start.to_move();
    let legal = start.legal_cells();
    if legal.is_empty() {
        return Err(NotAPuzzle::from("the side to move has no legal cell"));
    }
    let mut nodes = 0u64;
    if winning_cell(&start, &mut nodes).is_some() {
        return Err(NotAPuzzle::from("the side to move can win at once"));
    }
    let (mut solutions, mut lost_at_once, mut lost_in_two, mut decoys) = (Vec::new(), 0, 0, 0);
    for &cell in &legal {
        nodes += 1;
        let (after, end) = start.place(cell);
        // Not a win (looked for above): a draw saves.
        let beaten = if end == End::Ongoing { threat(&after, &mut nodes) } else { None };
        match beaten {
            None => {
                solutions.push(cell);
                if solutions.len() == enough {
                    break;
                }
            }
            Some(how) => {
                match how {
                    Threat::AtOnce => lost_at_once += 1,
                    Threat::InTwo => lost_in_two += 1,
                }
                if start.touches(cell, 1 - mover) {
                    decoys += 1;
                }
            }
        }
    }
    let legal_moves = legal.len() as u32;
    // Enough saving cells found: the search stopped early, and no best try is wanted.
    let stopped_early = solutions.len() == enough;
    if !stopped_early && solutions.is_empty() {
        return Err(NotAPuzzle::from("no cell stops the opponent"));
    }
    if !stopped_early && solutions.len() == legal.len() {
        return Err(NotAPuzzle::from("every cell stops the opponent: he threatens nothing"));
    }
    let best_try = if stopped_early { None } else { best_try(&start, solutions[0], &mut nodes) };
    Ok(DefendFacts {
        solutions,
        legal_moves,
        lost_at_once,
        lost_in_two,
        decoys,
        best_try,
        solver_nodes: nodes,
        steps: 0,
    })
}

/// After the saving `key`: the opponent's reply that leaves the fewest answers holding,
/// and the first answer that holds (a winning one first). `None` when the key ends the
/// game or every reply does.
fn best_try<S: Rules>(start: &S, key: u32, nodes: &mut u64) -> Option<(u32, u32)> {
    let (after, end) = start.place(key);
    if end != End::Ongoing {
        return None;
    }
    let mut best: Option<(usize, u32, u32)> = None;
    for reply in after.legal_cells() {
        let (next, end) = after.place(reply);
        if end != End::Ongoing {
            continue;
        }
        let answers = next.legal_cells();
        let winning =
            answers.iter().copied().find(|&a| matches!(next.place(a).1, End::Won(w, _) if w == next.to_move()));
        let holding: Vec<u32> = answers.into_iter().filter(|&a| !holds_not(&next, a, nodes)).collect();
        let Some(&first) = holding.first() else { continue };
        if best.is_none_or(|b| holding.len() < b.0) {
            best = Some((holding.len(), reply, winning.unwrap_or(first)));
        }
    }
    best.map(|(_, reply, answer)| (reply, answer))
}

boardpress_game::facts_in_fields!(u32: WinInTwoFacts, DefendFacts);

boardpress_game::facts_in_fields!(u32: WinInOneFacts {
    fn solution_moves(&self) -> Vec<u32> {
        self.solutions.iter().map(|&(cell, _)| cell).collect()
    }
    fn solution_count(&self) -> usize {
        self.solutions.len()
    }
});
