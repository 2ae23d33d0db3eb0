//! EL positions: the board, whose turn it is, legal moves, playing a move, outcomes and
//! threat sets (RULES.md §3.4–3.5).

use std::sync::Arc;

use super::params::{ElParams, PLAYER_NAMES};
use super::shapes::{cells_of, CellMask, ElRules};
use crate::error::{IdError, IdPart};
use crate::game::IllegalMove;
use crate::geom::square::cell_name;

mod threats;

/// Writing `number` on `cell` (a cell index, see `geom::square`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The cell index.
    pub cell: u8,
    /// The number written, 1..=numbers.
    pub number: u8,
}

/// The distinct cells of `moves`, which are sorted (by cell, then number).
pub fn distinct_cells(moves: &[Move]) -> Vec<u8> {
    let mut cells: Vec<u8> = moves.iter().map(|m| m.cell).collect();
    cells.dedup();
    cells
}

/// The owner of a set of cells by colour count (`counts` per player, `players` of them):
/// the player with strictly more cells than every other player (a strict majority for
/// two players), if any.
pub(super) fn majority(counts: &[u32; 4], players: u8) -> Option<u8> {
    if players == 2 {
        return match counts[0].cmp(&counts[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
    }
    let players = players as usize;
    let (best, &most) = counts[..players].iter().enumerate().max_by_key(|&(i, c)| (*c, std::cmp::Reverse(i)))?;
    let tied = counts[..players].iter().filter(|&&c| c == most).count();
    (tied == 1).then_some(best as u8)
}

/// Where a game stands (after a move, or in a position): the engine's
/// [`Outcome`](crate::game::engine::Outcome) (a draw is a full board with no shape
/// finished).
pub use crate::game::engine::Outcome as Status;

/// What writing one number on one cell would complete.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Completions {
    /// How many ELs it would complete (owned or void).
    pub completed: u8,
    /// Bit p set when player p would own one of them.
    pub owners: u8,
}

/// A written cell: the number and the player (index) who wrote it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// The number, 1..=9.
    pub number: u8,
    /// The writer, 0 = red, 1 = blue, 2 = green, 3 = yellow.
    pub player: u8,
}

/// An EL position. Cheap to clone (the rules are shared).
#[derive(Debug, Clone)]
pub struct ElPosition {
    rules: Arc<ElRules>,
    numbers: [u8; 128],
    players: [u8; 128],
    filled: CellMask,
    by_player: [CellMask; 4],
    to_move: u8,
    status: Status,
}

impl ElPosition {
    /// The empty board of a variant, first player to move.
    pub fn new(rules: Arc<ElRules>) -> Self {
        ElPosition {
            rules,
            numbers: [0; 128],
            players: [0; 128],
            filled: 0,
            by_player: [0; 4],
            to_move: 0,
            status: Status::Ongoing,
        }
    }

    /// Builds a position from marks, checking that it could arise in a game: every
    /// number in range, move counts consistent with alternating turns from the first
    /// player, the side to move correct, the balancing rule kept, and every finished EL
    /// or line one that the last number written could have finished.
    pub fn from_marks(rules: Arc<ElRules>, marks: &[Option<Mark>], to_move: u8) -> Result<Self, IdError> {
        let p = rules.params.clone();
        if marks.len() != p.cells() {
            return Err(IdError::new(
                IdPart::Board,
                format!("the board has {} cells, a {}x{} board needs {}", marks.len(), p.size, p.size, p.cells()),
            ));
        }
        let mut pos = ElPosition::new(rules);
        let mut counts = [0usize; 4];
        for (i, m) in marks.iter().enumerate() {
            if let Some(m) = m {
                let name = || cell_name(p.size, i);
                if m.number == 0 || m.number > p.numbers {
                    return Err(IdError::new(
                        IdPart::Board,
                        format!("cell {}: number {} is outside 1..{}", name(), m.number, p.numbers),
                    ));
                }
                if m.player >= p.players {
                    return Err(IdError::new(
                        IdPart::Board,
                        format!("cell {}: there are only {} players in this variant", name(), p.players),
                    ));
                }
                pos.put(i, *m);
                counts[m.player as usize] += 1;
            }
        }
        let total: usize = counts.iter().sum();
        let players = p.players as usize;
        for (player, &count) in counts.iter().enumerate().take(players) {
            let expected = (total + players - 1 - player) / players;
            if count != expected {
                let listing: Vec<String> = (0..players).map(|q| format!("{} {}", PLAYER_NAMES[q], counts[q])).collect();
                return Err(IdError::new(
                    IdPart::Position,
                    format!(
                        "the move counts ({}) cannot arise from turns taken in order starting with Red",
                        listing.join(", ")
                    ),
                ));
            }
        }
        let expected_to_move = (total % players) as u8;
        if to_move != expected_to_move {
            return Err(IdError::new(
                IdPart::ToMove,
                format!(
                    "{} is given to move, but after {total} moves it is {}'s turn",
                    PLAYER_NAMES[to_move as usize % 4],
                    PLAYER_NAMES[expected_to_move as usize]
                ),
            ));
        }
        if p.balance && counts[0] >= 2 {
            let mut seen = 0u16;
            let mut repeated = false;
            for c in cells_of(pos.by_player[0]) {
                let b = 1u16 << pos.numbers[c];
                repeated |= seen & b != 0;
                seen |= b;
            }
            if !repeated {
                return Err(IdError::new(
                    IdPart::Position,
                    "balancing rule: Red's first two numbers must be equal, but no number of Red's repeats",
                ));
            }
        }
        pos.to_move = to_move;
        // A finished EL ends the game: all of them were finished by the last number
        // written, so they share a cell holding a number of the player who just moved.
        let shapes = pos.owned_shapes();
        if total > 0 && !shapes.is_empty() {
            let last_mover = (to_move + p.players - 1) % p.players;
            let common = shapes.iter().fold(pos.by_player[last_mover as usize], |m, &(cells, _)| m & cells);
            if common == 0 {
                return Err(IdError::new(
                    IdPart::Position,
                    format!(
                        "the finished ELs and lines share no number {} wrote, so no last move finished them all: the game ended at the first",
                        PLAYER_NAMES[last_mover as usize]
                    ),
                ));
            }
        }
        pos.status = pos.status_with(&shapes);
        Ok(pos)
    }

    /// Builds a position from marks with no reachability checks (move counts, side to
    /// move, balancing rule): for analysing hand-made diagrams and fixtures.
    pub fn from_marks_unchecked(rules: Arc<ElRules>, marks: &[Option<Mark>], to_move: u8) -> Self {
        let mut pos = ElPosition::new(rules);
        for (i, m) in marks.iter().enumerate() {
            if let Some(m) = m {
                pos.put(i, *m);
            }
        }
        pos.to_move = to_move;
        pos.status = pos.compute_status();
        pos
    }

    fn put(&mut self, cell: usize, m: Mark) {
        self.numbers[cell] = m.number;
        self.players[cell] = m.player;
        self.filled |= 1u128 << cell;
        self.by_player[m.player as usize] |= 1u128 << cell;
    }

    /// The shared rules (variant and placements).
    pub fn rules(&self) -> &Arc<ElRules> {
        &self.rules
    }

    /// The variant.
    pub fn params(&self) -> &ElParams {
        &self.rules.params
    }

    /// The player (index) to move.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// The mark on a cell, if any.
    pub fn mark(&self, cell: usize) -> Option<Mark> {
        (self.filled >> cell & 1 == 1).then(|| Mark { number: self.numbers[cell], player: self.players[cell] })
    }

    /// Mask of the written cells.
    pub fn filled(&self) -> CellMask {
        self.filled
    }

    /// Mask of the empty cells.
    pub fn empty(&self) -> CellMask {
        self.rules.all_cells & !self.filled
    }

    /// Mask of one player's cells.
    pub fn cells_of_player(&self, player: u8) -> CellMask {
        self.by_player[player as usize]
    }

    /// Numbers written so far.
    pub fn moves_made(&self) -> u32 {
        self.filled.count_ones()
    }

    /// Whether the game is over, and how it ended.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The numbers `player` may write now, as a mask (bit v = number v). The balancing rule
    /// forces the first player's second number to repeat the first.
    pub fn allowed_numbers(&self, player: u8) -> u16 {
        let all = ((1u16 << (self.params().numbers + 1)) - 1) & !1;
        if self.params().balance && player == 0 && self.by_player[0].count_ones() == 1 {
            let first = self.by_player[0].trailing_zeros() as usize;
            return 1 << self.numbers[first];
        }
        all
    }

    /// Whether `mv` is legal for the side to move ([`Self::check_legal`] without the
    /// reason).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.status == Status::Ongoing
            && (mv.cell as usize) < self.params().cells()
            && self.filled >> mv.cell & 1 == 0
            && self.allowed_numbers(self.to_move) >> mv.number & 1 == 1
    }

    /// Every legal move of the side to move, cells in index order then numbers ascending.
    /// Empty when the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.status != Status::Ongoing {
            return Vec::new();
        }
        let allowed = self.allowed_numbers(self.to_move);
        let mut out = Vec::with_capacity(self.empty().count_ones() as usize * allowed.count_ones() as usize);
        for cell in cells_of(self.empty()) {
            for number in 1..=self.params().numbers {
                if allowed >> number & 1 == 1 {
                    out.push(Move { cell: cell as u8, number });
                }
            }
        }
        out
    }

    /// Why a move is illegal, or `Ok` if it is legal.
    pub fn check_legal(&self, mv: Move) -> Result<(), IllegalMove> {
        let p = self.params();
        if self.status != Status::Ongoing {
            return Err(IllegalMove::from("the game is already over"));
        }
        if mv.cell as usize >= p.cells() {
            return Err(IllegalMove::from(format!("cell index {} is off the board", mv.cell)));
        }
        if self.filled >> mv.cell & 1 == 1 {
            return Err(IllegalMove::from(format!("{} is already written", cell_name(p.size, mv.cell as usize))));
        }
        if mv.number == 0 || mv.number > p.numbers {
            return Err(IllegalMove::from(format!("{} is outside 1..{}", mv.number, p.numbers)));
        }
        if self.allowed_numbers(self.to_move) >> mv.number & 1 == 0 {
            return Err(IllegalMove::from(format!(
                "the balancing rule makes Red write {} again",
                self.allowed_numbers(0).trailing_zeros()
            )));
        }
        Ok(())
    }

    /// The owner of a set of cells by colour count (see [`majority`]).
    fn owner(&self, counts: &[u32; 4]) -> Option<u8> {
        majority(counts, self.params().players)
    }

    /// Placements through the empty `cell` whose other cells are all written (at most a
    /// handful), by index.
    fn ready_placements(&self, cell: usize) -> impl Iterator<Item = u32> + '_ {
        let others_empty = self.empty() & !(1u128 << cell);
        self.rules.through_cell[cell]
            .iter()
            .copied()
            .filter(move |&index| self.rules.placements[index as usize] & others_empty == 0)
    }

    /// Placement `index` with `holes` of its cells empty: the numbers written (bit v =
    /// number v) and how many cells each player holds; `None` when a number repeats.
    #[inline]
    fn placement_summary(&self, index: u32, holes: u32) -> Option<(u16, [u32; 4])> {
        let (values, _, _, held) = self.placement_reading(index);
        (values.count_ones() + holes == self.params().length as u32).then(|| (values, held.map(u32::from)))
    }

    /// What placement `index` holds, read cell by cell: the numbers written (bit v =
    /// number v), whether one is written twice, how many cells are empty, and how many
    /// cells each player holds.
    #[inline]
    pub(super) fn placement_reading(&self, index: u32) -> (u16, bool, u8, [u8; 4]) {
        let k = self.params().length as usize;
        let start = index as usize * k;
        let mut values = 0u16;
        let mut written = 0u32;
        let mut held = [0u8; 4];
        for &c in &self.rules.placement_cells[start..start + k] {
            let number = self.numbers[c as usize];
            values |= 1 << number;
            // An empty cell reads as number 0 and player 0: it counts for nobody.
            held[self.players[c as usize] as usize & 3] += (number != 0) as u8;
            written += (number != 0) as u32;
        }
        let values = values & !1;
        (values, values.count_ones() != written, (k as u32 - written) as u8, held)
    }

    /// For each number (index 1..=9), what writing it on the empty `cell` as `player`
    /// would complete: how many ELs, and a bit per player owning one of them.
    pub fn completions_at(&self, cell: usize, player: u8) -> [Completions; 10] {
        let mut out = [Completions::default(); 10];
        for index in self.ready_placements(cell) {
            let Some((values, mut counts)) = self.placement_summary(index, 1) else { continue };
            counts[player as usize] += 1;
            let owner = self.owner(&counts);
            for &set in &self.rules.target_sets {
                let missing = set & !values;
                if set & values == values && missing.count_ones() == 1 {
                    let slot = &mut out[missing.trailing_zeros() as usize];
                    slot.completed += 1;
                    if let Some(o) = owner {
                        slot.owners |= 1 << o;
                    }
                }
            }
        }
        out
    }

    /// Who wins when completions with these owners (bit per player) happen on `mover`'s
    /// move: the mover if he owns one, else the first owner in turn order after him
    /// (RULES.md §3.7 C, F).
    pub(super) fn winner_among(&self, owners: u8, mover: u8) -> Option<u8> {
        let players = self.params().players;
        (0..players).map(|d| (mover + d) % players).find(|p| owners >> p & 1 == 1)
    }

    /// The outcome of writing each number (index 1..=9) on the empty `cell`, for the side
    /// to move. Entries for numbers outside the variant's range are meaningless.
    pub fn statuses_at(&self, cell: usize) -> [Status; 10] {
        let last_cell = self.empty().count_ones() == 1;
        self.completions_at(cell, self.to_move).map(|c| match self.winner_among(c.owners, self.to_move) {
            Some(w) => Status::Won(w),
            None if last_cell => self.full_board_outcome(),
            None => Status::Ongoing,
        })
    }

    /// What the move would lead to, without playing it. The move must be legal.
    pub fn status_after(&self, mv: Move) -> Status {
        self.statuses_at(mv.cell as usize)[mv.number as usize]
    }

    pub(super) fn full_board_outcome(&self) -> Status {
        if self.params().full_board_p2 {
            Status::Won(1)
        } else {
            Status::Drawn
        }
    }

    /// Plays a move for the side to move and returns its outcome.
    pub fn play(&mut self, mv: Move) -> Result<Status, IllegalMove> {
        self.check_legal(mv)?;
        let outcome = self.status_after(mv);
        self.put(mv.cell as usize, Mark { number: mv.number, player: self.to_move });
        self.to_move = (self.to_move + 1) % self.params().players;
        self.status = outcome;
        Ok(outcome)
    }

    /// Plays a legal move whose outcome the caller has worked out already (from a
    /// [`super::prospect::CellProspect`]), without working it out again.
    pub(super) fn play_known(&mut self, mv: Move, outcome: Status) {
        debug_assert!(self.check_legal(mv).is_ok(), "an illegal move");
        debug_assert_eq!(outcome, self.status_after(mv), "the outcome given for a move");
        self.put(mv.cell as usize, Mark { number: mv.number, player: self.to_move });
        self.to_move = (self.to_move + 1) % self.params().players;
        self.status = outcome;
    }

    /// The numbers `player` may write once the side to move has played `mv` (the
    /// balancing rule looks at the first player's first number).
    pub fn allowed_numbers_after(&self, mv: Move, player: u8) -> u16 {
        let mut red = self.by_player[0];
        if self.to_move == 0 {
            red |= 1u128 << mv.cell;
        }
        if self.params().balance && player == 0 && red.count_ones() == 1 {
            let first = red.trailing_zeros() as u8;
            return 1 << if first == mv.cell { mv.number } else { self.numbers[first as usize] };
        }
        ((1u16 << (self.params().numbers + 1)) - 1) & !1
    }

    /// Every finished EL or line on the board that someone owns (a void one wins for
    /// nobody): its cells and its owner.
    fn owned_shapes(&self) -> Vec<(CellMask, u8)> {
        self.finished_shapes().into_iter().filter_map(|(mask, owner)| owner.map(|o| (mask, o))).collect()
    }

    /// Every finished EL or line on the board (all cells written, each number once):
    /// its cells and its owner (`None` when the colours split evenly).
    pub fn finished_shapes(&self) -> Vec<(CellMask, Option<u8>)> {
        let mut out = Vec::new();
        for (index, &mask) in self.rules.placements.iter().enumerate() {
            if mask & !self.filled != 0 {
                continue;
            }
            let Some((values, counts)) = self.placement_summary(index as u32, 0) else { continue };
            if self.rules.target_sets.contains(&values) {
                out.push((mask, self.owner(&counts)));
            }
        }
        out
    }

    /// The status of the board as found: a completed, owned EL means the game ended on
    /// the previous player's move; a full board is a draw (or a second-player win).
    fn compute_status(&self) -> Status {
        self.status_with(&self.owned_shapes())
    }

    /// [`Self::compute_status`] with the owned finished shapes already found.
    fn status_with(&self, owned_shapes: &[(CellMask, u8)]) -> Status {
        let players = self.params().players;
        let last_mover = (self.to_move + players - 1) % players;
        let owners = owned_shapes.iter().fold(0u8, |m, &(_, o)| m | 1 << o);
        if let Some(w) = self.winner_among(owners, last_mover) {
            return Status::Won(w);
        }
        if self.empty() == 0 {
            return self.full_board_outcome();
        }
        Status::Ongoing
    }

    /// A move in text, e.g. `4@c3` ("write 4 on c3").
    pub fn move_text(&self, mv: Move) -> String {
        format!("{}@{}", mv.number, cell_name(self.params().size, mv.cell as usize))
    }

    /// Reads a move like `4@c3` (also accepted: `c3=4`) without the legality check (a
    /// threat a rulebook lists may belong to the player not to move).
    pub fn read_move(&self, text: &str) -> Result<Move, IllegalMove> {
        let (num, cell) = match (text.split_once('@'), text.split_once('=')) {
            (Some((n, c)), _) | (None, Some((c, n))) => (n, c),
            _ => return Err(IllegalMove(format!("move '{text}' must be written NUMBER@CELL, e.g. 4@c3"))),
        };
        let size = self.params().size;
        let cell =
            crate::geom::square::parse_cell(size, cell).map_err(|e| IllegalMove(format!("move '{text}': {e}")))?;
        let number: u8 = num.parse().map_err(|_| IllegalMove(format!("move '{text}': '{num}' is not a number")))?;
        Ok(Move { cell: cell as u8, number })
    }

    /// Reads a move ([`Self::read_move`]) and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, IllegalMove> {
        let mv = self.read_move(text)?;
        self.check_legal(mv).map_err(|e| IllegalMove(format!("move '{text}': {e}")))?;
        Ok(mv)
    }

    /// The shapes the move just made on `cell` finished (each passes through it), with
    /// who owns each.
    pub fn finished_through(&self, cell: u8) -> Vec<(CellMask, Option<u8>)> {
        self.finished_shapes().into_iter().filter(|(mask, _)| mask >> cell & 1 == 1).collect()
    }

    /// The threats of the player who just moved (none once the game is over).
    pub fn threats_of_last_mover(&self) -> Vec<Move> {
        let players = self.params().players;
        match self.status() {
            Status::Ongoing => self.threats((self.to_move + players - 1) % players),
            _ => Vec::new(),
        }
    }
}
