//! Gosforth (the 5x5 game by Lloyd, RULES.md §4): place 12 pieces each, then slide
//! pieces into the single gap; making four or five in a row (rows, columns, diagonals of
//! four or more cells) scores, and the first to the target wins.

use crate::game::IllegalMove;

/// Cells on the board.
pub const CELLS: usize = 25;
/// Pieces each player places.
pub const PIECES: u8 = 12;
/// Our addition: after this many movement-stage plies the higher score wins (equal: draw).
pub const MOVEMENT_PLY_CAP: u16 = 200;
/// Piece letters: x moves first, o second.
pub const PLAYER_LETTERS: [char; 2] = ['x', 'o'];
/// Player names.
pub const PLAYER_NAMES: [&str; 2] = ["X", "O"];

/// The 16 scoring lines (5 rows, 5 columns, 6 diagonals of 4 or 5 cells), cells in order.
pub fn lines() -> &'static [Vec<u8>] {
    static LINES: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    LINES.get_or_init(|| {
        let idx = |c: i32, r: i32| (r * 5 + c) as u8;
        let mut out: Vec<Vec<u8>> = Vec::new();
        for r in 0..5 {
            out.push((0..5).map(|c| idx(c, r)).collect());
        }
        for c in 0..5 {
            out.push((0..5).map(|r| idx(c, r)).collect());
        }
        // Diagonals with at least four cells: offsets -1, 0, +1 in both directions.
        for d in -1..=1 {
            out.push(
                (0..5)
                    .filter_map(|r| {
                        let c = r + d;
                        (0..5).contains(&c).then(|| idx(c, r))
                    })
                    .collect(),
            );
            out.push(
                (0..5)
                    .filter_map(|r| {
                        let c = 4 - r + d;
                        (0..5).contains(&c).then(|| idx(c, r))
                    })
                    .collect(),
            );
        }
        out
    })
}

/// For each cell, the indices of the lines through it.
fn lines_through() -> &'static [Vec<usize>; CELLS] {
    static T: std::sync::OnceLock<[Vec<usize>; CELLS]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t: [Vec<usize>; CELLS] = std::array::from_fn(|_| Vec::new());
        for (i, line) in lines().iter().enumerate() {
            for &c in line {
                t[c as usize].push(i);
            }
        }
        t
    })
}

/// v(L, c) of RULES.md §4.3: the longest run of `colour` in the line, less three (never
/// below zero): 1 for four in a row, 2 for five.
pub fn line_value(cells: &[u8; CELLS], line: &[u8], colour: u8) -> u8 {
    let mut best = 0u8;
    let mut run = 0u8;
    for &c in line {
        if cells[c as usize] == colour + 1 {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    best.saturating_sub(3)
}

/// The points `colour` gains when a piece of that colour arrives on `cell` (the board
/// `after` already holds it; `before` is the board just before the arrival).
pub fn gain(before: &[u8; CELLS], after: &[u8; CELLS], cell: usize, colour: u8) -> u8 {
    lines_through()[cell]
        .iter()
        .map(|&l| {
            let line = &lines()[l];
            line_value(after, line, colour).saturating_sub(line_value(before, line, colour))
        })
        .sum()
}

/// The runs that gained `colour` points when its piece arrived on `cell` (`before` the
/// board just before the arrival, `after` the board holding it): each run of four or
/// five through the cell, in order along its line.
fn runs_gained(before: &[u8; CELLS], after: &[u8; CELLS], cell: u8, colour: u8) -> Vec<Vec<u8>> {
    let gained = lines().iter().filter(|l| l.contains(&cell));
    let gained = gained.filter(|l| line_value(after, l, colour) > line_value(before, l, colour));
    gained
        .map(|line| {
            let own = |c: &&u8| after[**c as usize] == colour + 1;
            let at = line.iter().position(|&c| c == cell).expect("the line holds the cell");
            let first = at - line[..at].iter().rev().take_while(own).count();
            let last = at + line[at + 1..].iter().take_while(own).count();
            line[first..=last].to_vec()
        })
        .collect()
}

/// For each cell, the lines through it as bit masks: (the five-cell window if the line
/// has five cells, else 0; its four-cell windows).
type LineWindows = (u32, [u32; 2]);

fn windows_through() -> &'static [Vec<LineWindows>; CELLS] {
    static W: std::sync::OnceLock<[Vec<LineWindows>; CELLS]> = std::sync::OnceLock::new();
    W.get_or_init(|| {
        std::array::from_fn(|cell| {
            lines_through()[cell]
                .iter()
                .map(|&l| {
                    let line = &lines()[l];
                    let mask = |cells: &[u8]| cells.iter().fold(0u32, |m, &c| m | 1 << c);
                    let five = if line.len() == 5 { mask(line) } else { 0 };
                    let fours = [mask(&line[..4]), mask(&line[line.len() - 4..])];
                    (five, fours)
                })
                .collect()
        })
    })
}

/// The same gain as [`gain`], from bitboards of the arriving colour's pieces.
#[inline]
fn gain_bits(before: u32, after: u32, cell: usize) -> u8 {
    let value = |bb: u32, (five, fours): &LineWindows| -> u8 {
        if *five != 0 && bb & five == *five {
            2
        } else if bb & fours[0] == fours[0] || bb & fours[1] == fours[1] {
            1
        } else {
            0
        }
    };
    windows_through()[cell].iter().map(|w| value(after, w).saturating_sub(value(before, w))).sum()
}

/// The stage of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Pieces are being placed.
    Placing,
    /// Pieces slide into the gap.
    Movement,
}

/// A move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Place a piece on an empty cell.
    Place(u8),
    /// Slide the piece on this cell into the gap.
    Slide(u8),
    /// O's claim at the start of the movement stage: take the points an O piece in the
    /// gap would score, and pass.
    Claim,
}

/// The state of play: the engine's [`Outcome`](crate::game::engine::Outcome) (a player
/// wins by reaching the target, or by leading at the ply cap; equal scores there are a
/// draw).
pub use crate::game::engine::Outcome as Status;

/// What a Gosforth position states, as its ID writes it (see `notation`); the position
/// adds the status these give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Parts {
    /// Each cell's piece: 0 empty, 1 X, 2 O.
    pub cells: [u8; CELLS],
    /// Scores of X and O.
    pub scores: [u8; 2],
    /// Placing, or the movement stage.
    pub stage: Stage,
    /// Cell of the piece the opponent slid on the previous turn (it may not go back).
    pub last_slid: Option<u8>,
    /// O may still claim instead of the first slide.
    pub claim_available: bool,
    /// The side to move: 0 X, 1 O.
    pub to_move: u8,
    /// The score that wins.
    pub target: u8,
    /// Plies of the movement stage so far (the ply cap counts them).
    pub movement_plies: u16,
}

/// A Gosforth position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GosforthPosition {
    parts: Parts,
    status: Status,
}

impl GosforthPosition {
    /// The empty board, X to place, target `target`.
    pub fn new(target: u8) -> Self {
        Self::from_parts(Parts {
            cells: [0; CELLS],
            scores: [0, 0],
            stage: Stage::Placing,
            last_slid: None,
            claim_available: false,
            to_move: 0,
            target,
            movement_plies: 0,
        })
    }

    /// A position from its parts, without validation (see `notation`).
    pub fn from_parts(parts: Parts) -> Self {
        let mut pos = GosforthPosition { parts, status: Status::Ongoing };
        pos.status = pos.score_status().unwrap_or(Status::Ongoing);
        pos
    }

    /// The piece on a cell: 0 empty, 1 X, 2 O.
    pub fn cell(&self, i: usize) -> u8 {
        self.parts.cells[i]
    }

    /// All cells.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.parts.cells
    }

    /// Scores of X and O.
    pub fn scores(&self) -> [u8; 2] {
        self.parts.scores
    }

    /// The stage.
    pub fn stage(&self) -> Stage {
        self.parts.stage
    }

    /// The cell of the piece slid last (not to be slid straight back).
    pub fn last_slid(&self) -> Option<u8> {
        self.parts.last_slid
    }

    /// Whether O may still claim.
    pub fn claim_available(&self) -> bool {
        self.parts.claim_available
    }

    /// Side to move: 0 X, 1 O.
    pub fn to_move(&self) -> u8 {
        self.parts.to_move
    }

    /// The target score.
    pub fn target(&self) -> u8 {
        self.parts.target
    }

    /// Movement-stage plies played.
    pub fn movement_plies(&self) -> u16 {
        self.parts.movement_plies
    }

    /// Game state.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The empty cell of the movement stage.
    pub fn gap(&self) -> Option<u8> {
        if self.parts.stage != Stage::Movement {
            return None;
        }
        let mut i = 0;
        while i < CELLS {
            if self.parts.cells[i] == 0 {
                return Some(i as u8);
            }
            i += 1;
        }
        None
    }

    /// Whether a move is legal, checked directly (no move list is built).
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.status != Status::Ongoing {
            return false;
        }
        match (self.parts.stage, mv) {
            (Stage::Placing, Move::Place(c)) => (c as usize) < CELLS && self.parts.cells[c as usize] == 0,
            (Stage::Movement, Move::Slide(from)) => {
                let Some(gap) = self.gap() else { return false };
                let (f, g) = (from as i32, gap as i32);
                let adjacent = ((f % 5 - g % 5).abs() + (f / 5 - g / 5).abs()) == 1;
                (from as usize) < CELLS && adjacent && Some(from) != self.parts.last_slid
            }
            (Stage::Movement, Move::Claim) => self.parts.claim_available && self.claim_points() > 0,
            _ => false,
        }
    }

    fn score_status(&self) -> Option<Status> {
        (0..2u8).find(|&p| self.parts.scores[p as usize] >= self.parts.target).map(Status::Won)
    }

    /// The cells holding `player`'s pieces as a bit mask.
    fn bits(&self, player: u8) -> u32 {
        let want = player + 1;
        self.parts.cells.iter().enumerate().fold(0u32, |m, (i, &c)| if c == want { m | 1 << i } else { m })
    }

    /// What O would score with a piece in the gap (the claim).
    pub fn claim_points(&self) -> u8 {
        let Some(g) = self.gap() else { return 0 };
        let mut after = self.parts.cells;
        after[g as usize] = 2;
        gain(&self.parts.cells, &after, g as usize, 1)
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.status != Status::Ongoing {
            return Vec::new();
        }
        match self.parts.stage {
            Stage::Placing => {
                (0..CELLS as u8).filter(|&i| self.parts.cells[i as usize] == 0).map(Move::Place).collect()
            }
            Stage::Movement => {
                let gap = self.gap().expect("the movement stage has a gap") as i32;
                let (gc, gr) = (gap % 5, gap / 5);
                let mut out: Vec<Move> = [(gc - 1, gr), (gc + 1, gr), (gc, gr - 1), (gc, gr + 1)]
                    .into_iter()
                    .filter(|&(c, r)| (0..5).contains(&c) && (0..5).contains(&r))
                    .map(|(c, r)| (r * 5 + c) as u8)
                    .filter(|&cell| Some(cell) != self.parts.last_slid)
                    .map(Move::Slide)
                    .collect();
                out.sort();
                if self.parts.claim_available && self.claim_points() > 0 {
                    out.push(Move::Claim);
                }
                out
            }
        }
    }

    /// Plays a legal move; returns the points it scored and for whom.
    pub fn play(&mut self, mv: Move) -> Result<(u8, u8), IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove(format!("{} is not legal now", move_text(mv))));
        }
        let mover = self.parts.to_move;
        let (scorer, points) = match mv {
            Move::Place(c) => {
                let before = self.bits(mover);
                self.parts.cells[c as usize] = mover + 1;
                let pts = gain_bits(before, before | 1 << c, c as usize);
                let placed = self.parts.cells.iter().filter(|&&x| x != 0).count();
                if placed == 2 * PIECES as usize {
                    self.parts.stage = Stage::Movement;
                    // O may claim only if an O piece in the gap would score.
                    self.parts.claim_available = self.claim_points() > 0;
                }
                (mover, pts)
            }
            Move::Slide(from) => {
                let gap = self.gap().expect("movement stage") as usize;
                let piece = self.parts.cells[from as usize];
                let owner = piece - 1;
                let before = self.bits(owner);
                self.parts.cells[gap] = piece;
                self.parts.cells[from as usize] = 0;
                self.parts.last_slid = Some(gap as u8);
                self.parts.claim_available = false;
                self.parts.movement_plies += 1;
                (owner, gain_bits(before, (before & !(1 << from)) | 1 << gap, gap))
            }
            Move::Claim => {
                let pts = self.claim_points();
                self.parts.claim_available = false;
                self.parts.last_slid = None;
                (1, pts)
            }
        };
        self.parts.scores[scorer as usize] = self.parts.scores[scorer as usize].saturating_add(points);
        // O places the 24th piece and also acts first in the movement stage.
        let placing_ended = matches!(mv, Move::Place(_)) && self.parts.stage == Stage::Movement;
        self.parts.to_move = if placing_ended { 1 } else { 1 - mover };
        self.status = match self.score_status() {
            Some(s) => s,
            None if self.parts.stage == Stage::Movement && self.parts.movement_plies >= MOVEMENT_PLY_CAP => {
                match self.parts.scores[0].cmp(&self.parts.scores[1]) {
                    std::cmp::Ordering::Greater => Status::Won(0),
                    std::cmp::Ordering::Less => Status::Won(1),
                    std::cmp::Ordering::Equal => Status::Drawn,
                }
            }
            None => Status::Ongoing,
        };
        Ok((scorer, points))
    }

    /// The runs of four or five that score with a legal move: each through the cell
    /// its piece arrives on (the placement's cell, or the gap a slide fills), in order
    /// along its line.
    pub fn runs_made_by(&self, mv: Move) -> Vec<Vec<u8>> {
        let arrival = match mv {
            Move::Place(c) => Some(c),
            Move::Slide(_) => self.gap(),
            Move::Claim => None,
        };
        match (arrival, self.after(mv)) {
            (Some(cell), (after, who, pts)) if pts > 0 => runs_gained(self.cells(), after.cells(), cell, who),
            _ => Vec::new(),
        }
    }

    /// The position after a legal move, and the points scored (for whom).
    pub fn after(&self, mv: Move) -> (GosforthPosition, u8, u8) {
        let mut next = *self;
        let (who, pts) = next.play(mv).expect("the move is legal");
        (next, who, pts)
    }
}

/// A cell name like `c3` (columns a-e from the left, rows 1-5 from the bottom).
pub fn cell_name(i: u8) -> String {
    format!("{}{}", (b'a' + i % 5) as char, i / 5 + 1)
}

/// A move as text: `c3` (place), `b3-c3` (slide from b3 into the gap c3 is written
/// `b3>`), `claim`.
pub fn move_text(mv: Move) -> String {
    match mv {
        Move::Place(c) => cell_name(c),
        Move::Slide(c) => format!("{}>", cell_name(c)),
        Move::Claim => "claim".into(),
    }
}
