//! SIX positions (RULES.md §2): an unbounded hex plane holding at most 42 tokens,
//! round one (placing next to the cluster) and round two (lift one's own token, the
//! largest group stays, place it elsewhere next to the group), the three formations
//! (line, triangle, circle) in every rotation, and the token-count endings.
//!
//! Cells live on a 64x64 torus (`q mod 64`, `r mod 64`): a connected cluster of at most
//! 42 tokens plus its neighbours spans fewer than 64 cells in each axis, so no two cells
//! that matter ever share a slot.

use crate::geom::hex::Axial;
use crate::lang::Lang;

// The formations, read by the position and by the checkers through it.
use super::shapes::placements_for_neighbours;
pub use super::shapes::{placements_through_origin, templates, Formation};
use crate::game::IllegalMove;

/// Tokens per colour (one of them starts on the table).
pub const TOKENS_PER_COLOUR: u8 = 21;
/// Our addition: a round-two game still going after this many round-two plies is drawn.
pub const ROUND_TWO_PLY_CAP: u16 = 200;
/// Colour letters: red moves first.
pub const PLAYER_LETTERS: [char; 2] = ['r', 'b'];
/// Colour names.
pub const PLAYER_NAMES: [&str; 2] = ["Red", "Black"];

const SIDE: i32 = 64;

fn slot(a: Axial) -> usize {
    ((a.r.rem_euclid(SIDE)) * SIDE + a.q.rem_euclid(SIDE)) as usize
}

/// A set of cells, a bit per grid slot: cheaper than hashing for the few hundred cells
/// a search touches.
struct SlotSet([u64; 4096 / 64]);

impl Default for SlotSet {
    fn default() -> Self {
        SlotSet([0; 4096 / 64])
    }
}

impl SlotSet {
    /// Adds `a`; whether it was new.
    fn insert(&mut self, a: Axial) -> bool {
        let s = slot(a);
        let new = self.0[s / 64] >> (s % 64) & 1 == 0;
        self.0[s / 64] |= 1 << (s % 64);
        new
    }
}

/// How a game stands: play goes on; or a player (0 red, 1 black) has won, and how; or
/// drawn, when both fell to five or fewer or the round-two ply cap was reached.
pub type Status = crate::game::engine::Standing<WinKind>;

/// How a game of SIX was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// Six of one's tokens in a line, a triangle or a circle.
    Formation(Formation),
    /// The other player has five tokens or fewer left (round two).
    Outnumbered,
}

/// A move: a placement in round one, a lift-and-place in round two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Put a token from hand on the cell.
    Place(Axial),
    /// Lift the own token on `from`; if the rest splits into tied largest groups, `keep`
    /// is a cell of the group that stays; put the token on `to`.
    Relocate {
        /// The lifted token's cell.
        from: Axial,
        /// A cell of the kept group when the largest groups tie (else `None`).
        keep: Option<Axial>,
        /// Where the token goes.
        to: Axial,
    },
}

/// A SIX position (it debug-prints as its ID, see `notation`).
#[derive(Clone)]
pub struct SixPosition {
    grid: Box<[u8; 4096]>,
    /// Tokens on the table with their colour (0 red, 1 black).
    tokens: Vec<(Axial, u8)>,
    hands: [u8; 2],
    to_move: u8,
    round_two_plies: u16,
    status: Status,
}

impl PartialEq for SixPosition {
    fn eq(&self, other: &Self) -> bool {
        let mut a = self.tokens.clone();
        let mut b = other.tokens.clone();
        a.sort();
        b.sort();
        a == b
            && self.hands == other.hands
            && self.to_move == other.to_move
            && self.round_two_plies == other.round_two_plies
    }
}

impl SixPosition {
    /// The start: red (0,0), black (1,0), 20 in each hand, red to move.
    pub fn start() -> Self {
        Self::from_tokens(&[(Axial { q: 0, r: 0 }, 0), (Axial { q: 1, r: 0 }, 1)], [20, 20], 0, 0)
    }

    /// A position from its parts, without validation (see `notation` for that).
    pub fn from_tokens(tokens: &[(Axial, u8)], hands: [u8; 2], to_move: u8, round_two_plies: u16) -> Self {
        let mut pos = SixPosition {
            grid: Box::new([0; 4096]),
            tokens: Vec::with_capacity(42),
            hands,
            to_move,
            round_two_plies,
            status: Status::Ongoing,
        };
        for &(a, c) in tokens {
            pos.put(a, c);
        }
        pos.status = pos.compute_status();
        pos
    }

    fn put(&mut self, a: Axial, colour: u8) {
        self.grid[slot(a)] = colour + 1;
        self.tokens.push((a, colour));
    }

    fn take(&mut self, a: Axial) {
        self.grid[slot(a)] = 0;
        if let Some(i) = self.tokens.iter().position(|t| t.0 == a) {
            self.tokens.swap_remove(i);
        }
    }

    /// The colour on a cell (0 red, 1 black), if any.
    pub fn at(&self, a: Axial) -> Option<u8> {
        self.grid[slot(a)].checked_sub(1)
    }

    /// Tokens on the table.
    pub fn tokens(&self) -> &[(Axial, u8)] {
        &self.tokens
    }

    /// Tokens in each hand.
    pub fn hands(&self) -> [u8; 2] {
        self.hands
    }

    /// The side to move.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// 1 while tokens are in hand, then 2.
    pub fn round(&self) -> u8 {
        if self.hands == [0, 0] {
            2
        } else {
            1
        }
    }

    /// Round-two plies played (for the ply cap).
    pub fn round_two_plies(&self) -> u16 {
        self.round_two_plies
    }

    /// Game state.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Tokens of one colour on the table.
    pub fn count(&self, colour: u8) -> usize {
        self.tokens.iter().filter(|t| t.1 == colour).count()
    }

    /// The formation `colour` has through cell `a` (which must hold `colour`), if any.
    /// Every formation takes in at least one neighbour of each of its cells, so only the
    /// placements whose neighbours of `a` all hold `colour` are laid over the table.
    pub fn formation_through(&self, a: Axial, colour: u8) -> Option<Formation> {
        let want = colour + 1;
        let own =
            a.neighbours().iter().enumerate().fold(0u8, |m, (i, n)| m | ((self.grid[slot(*n)] == want) as u8) << i);
        if own == 0 {
            return None;
        }
        let placements = placements_through_origin();
        placements_for_neighbours()[own as usize]
            .iter()
            .map(|&i| &placements[i as usize])
            .find(|(_, others)| others.iter().all(|o| self.grid[slot(Axial { q: a.q + o.q, r: a.r + o.r })] == want))
            .map(|(kind, _)| *kind)
    }

    /// The formation `colour` has through cell `a` with its six cells, if any.
    pub fn formation_cells_through(&self, a: Axial, colour: u8) -> Option<(Formation, [Axial; 6])> {
        let want = colour + 1;
        let shifted = |o: &Axial| Axial { q: a.q + o.q, r: a.r + o.r };
        if self.at(a) != Some(colour) {
            return None;
        }
        placements_through_origin()
            .iter()
            .find(|(_, others)| others.iter().all(|o| self.grid[slot(shifted(o))] == want))
            .map(|(kind, others)| {
                let mut cells = [a; 6];
                for (k, o) in others.iter().enumerate() {
                    cells[k + 1] = shifted(o);
                }
                (*kind, cells)
            })
    }

    /// Empty cells next to at least one token, sorted.
    pub fn frontier(&self) -> Vec<Axial> {
        // Each cell once, then sorted: fewer to sort than with repeats.
        let mut seen = SlotSet::default();
        let mut out: Vec<Axial> = Vec::with_capacity(self.tokens.len() * 2 + 6);
        for &(a, _) in &self.tokens {
            for n in a.neighbours() {
                if self.grid[slot(n)] == 0 && seen.insert(n) {
                    out.push(n);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Every legal move of the side to move (empty when the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.status != Status::Ongoing {
            return Vec::new();
        }
        if self.round() == 1 {
            return self.frontier().into_iter().map(Move::Place).collect();
        }
        let mut out = Vec::new();
        for lift in self.lifts() {
            for to in lift.kept.frontier() {
                if to != lift.from {
                    out.push(Move::Relocate { from: lift.from, keep: lift.keep, to });
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// Round two: every way to lift one of the mover's tokens, with the group that stays
    /// (one entry per tied largest group), before the token is put back.
    pub fn lifts(&self) -> Vec<Lift> {
        let mut out = Vec::new();
        for &(from, colour) in &self.tokens {
            if colour == self.to_move {
                out.extend(self.lifts_from(from));
            }
        }
        out
    }

    /// The lifts of the token on `from`: one, or one per tied largest group.
    fn lifts_from(&self, from: Axial) -> Vec<Lift> {
        let mut lifted = self.clone();
        lifted.take(from);
        let groups = lifted.groups();
        if groups.len() == 1 {
            return vec![Lift { from, keep: None, kept: lifted }];
        }
        let largest = groups.iter().map(Vec::len).max().unwrap_or(0);
        let tied: Vec<&Vec<(Axial, u8)>> = groups.iter().filter(|g| g.len() == largest).collect();
        tied.iter()
            .map(|group| {
                let keep = (tied.len() > 1).then(|| group.iter().map(|t| t.0).min().expect("groups are not empty"));
                Lift { from, keep, kept: SixPosition::from_tokens(group, [0, 0], self.to_move, self.round_two_plies) }
            })
            .collect()
    }

    /// The lift of `from` keeping the group named by `keep` (see [`Move::Relocate`]).
    pub fn lift(&self, from: Axial, keep: Option<Axial>) -> Option<Lift> {
        self.lifts_from(from).into_iter().find(|l| l.keep == keep)
    }

    /// The connected groups of tokens (hex adjacency), each as a token list.
    pub fn groups(&self) -> Vec<Vec<(Axial, u8)>> {
        // The tokens in a group already.
        let mut seen = SlotSet::default();
        let mut out = Vec::new();
        for &(start, colour) in &self.tokens {
            if !seen.insert(start) {
                continue;
            }
            let mut stack = vec![(start, colour)];
            let mut group = Vec::new();
            while let Some(t) = stack.pop() {
                group.push(t);
                for n in t.0.neighbours() {
                    if let Some(c) = self.at(n) {
                        if seen.insert(n) {
                            stack.push((n, c));
                        }
                    }
                }
            }
            out.push(group);
        }
        out
    }

    /// What relocating the token on `from` took off this table, given the table `after`
    /// it: the lifted token's old place and every token of the groups that were cut off;
    /// and the sizes of the groups the lift left, largest first.
    pub fn relocation_losses(&self, from: Axial, after: &SixPosition) -> (Vec<(Axial, u8)>, Vec<usize>) {
        let gone = self.tokens.iter().copied().filter(|&(a, c)| a == from || after.at(a) != Some(c)).collect();
        let rest: Vec<(Axial, u8)> = self.tokens.iter().copied().filter(|t| t.0 != from).collect();
        let table = SixPosition::from_tokens(&rest, [0, 0], self.to_move, 0);
        let mut sizes: Vec<usize> = table.groups().iter().map(Vec::len).collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        (gone, sizes)
    }

    /// Whether `mv` is among the legal moves.
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Place(a) => {
                self.status == Status::Ongoing
                    && self.round() == 1
                    && self.at(a).is_none()
                    && a.neighbours().iter().any(|n| self.at(*n).is_some())
            }
            Move::Relocate { from, keep, to } => {
                self.status == Status::Ongoing
                    && self.round() == 2
                    && self.at(from) == Some(self.to_move)
                    && to != from
                    && self.lift(from, keep).is_some_and(|l| {
                        l.kept.at(to).is_none() && to.neighbours().iter().any(|n| l.kept.at(*n).is_some())
                    })
            }
        }
    }

    /// The status a round-one placement on `a` would give, without changing anything
    /// visible (the hot path: place, check the 36 formations through `a`, take back).
    pub fn placement_wins(&mut self, a: Axial) -> Option<Formation> {
        let colour = self.to_move;
        self.grid[slot(a)] = colour + 1;
        let f = self.formation_through(a, colour);
        self.grid[slot(a)] = 0;
        f
    }

    /// Plays a legal move and returns the new status.
    pub fn play(&mut self, mv: Move) -> Result<Status, IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove::from(format!("{} is not a legal move now", move_text(mv))));
        }
        let mover = self.to_move;
        let placed = match mv {
            Move::Place(a) => {
                self.put(a, mover);
                self.hands[mover as usize] -= 1;
                a
            }
            Move::Relocate { from, keep, to } => {
                let plies = self.round_two_plies;
                *self = self.lift(from, keep).expect("checked legal above").kept;
                self.round_two_plies = plies;
                self.put(to, mover);
                self.round_two_plies += 1;
                to
            }
        };
        self.to_move = 1 - mover;
        self.status = self.evaluate(placed, mover);
        Ok(self.status)
    }

    /// The end checks after `mover` put a token on `placed`.
    fn evaluate(&self, placed: Axial, mover: u8) -> Status {
        if let Some(f) = self.formation_through(placed, mover) {
            return Status::Won(mover, WinKind::Formation(f));
        }
        self.count_rules(mover)
    }

    /// Round two, after `mover`'s move without a formation: five tokens or fewer loses
    /// (both: a draw), then the ply cap.
    fn count_rules(&self, mover: u8) -> Status {
        if self.round() != 2 {
            return Status::Ongoing;
        }
        match (self.count(mover) <= 5, self.count(1 - mover) <= 5) {
            (false, true) => Status::Won(mover, WinKind::Outnumbered),
            (true, false) => Status::Won(1 - mover, WinKind::Outnumbered),
            (true, true) => Status::Drawn,
            _ if self.round_two_plies >= ROUND_TWO_PLY_CAP => Status::Drawn,
            _ => Status::Ongoing,
        }
    }

    /// The status of a position as found: a formation of either colour ends the game
    /// (the last mover's, as only the mover can complete one), then the count rules
    /// for the last mover.
    fn compute_status(&self) -> Status {
        for &(a, c) in &self.tokens {
            if let Some(f) = self.formation_through(a, c) {
                return Status::Won(c, WinKind::Formation(f));
            }
        }
        self.count_rules(1 - self.to_move)
    }

    /// Every move with which the side to move wins at once, sorted.
    pub fn winning_moves(&self) -> Vec<Move> {
        let mover = self.to_move;
        if self.status != Status::Ongoing {
            return Vec::new();
        }
        // `formation_through` reads only the five other cells of each placement, so a
        // token need not be put down to test a cell.
        if self.round() == 1 {
            return self
                .frontier()
                .into_iter()
                .filter(|&a| self.formation_through(a, mover).is_some())
                .map(Move::Place)
                .collect();
        }
        let mut out = Vec::new();
        for lift in self.lifts() {
            // Removing groups happens on the lift, so the counts are the same for every
            // destination; only a formation through the destination can differ.
            let (mine, theirs) = (lift.kept.count(mover) + 1, lift.kept.count(1 - mover));
            let outnumbers = theirs <= 5 && mine > 5;
            for to in lift.kept.frontier() {
                if to != lift.from && (outnumbers || lift.kept.formation_through(to, mover).is_some()) {
                    out.push(Move::Relocate { from: lift.from, keep: lift.keep, to });
                }
            }
        }
        out.sort_unstable();
        out
    }
}

/// Round two: a lifted token and the group that stays.
#[derive(Debug, Clone)]
pub struct Lift {
    /// Where the token was lifted from.
    pub from: Axial,
    /// A cell of the kept group when the largest groups tied, else `None`.
    pub keep: Option<Axial>,
    /// The table after the lift and the removals (side to move unchanged).
    pub kept: SixPosition,
}

/// A cell as text, `(q,r)`.
pub fn cell_name(a: Axial) -> String {
    format!("({},{})", a.q, a.r)
}

/// A move as text: `(2,-1)` for a placement, `(0,0)->(2,-1)` for a relocation (with
/// `keep (q,r)` when the mover chose among tied groups).
pub fn move_text(mv: Move) -> String {
    match mv {
        Move::Place(a) => cell_name(a),
        Move::Relocate { from, keep, to } => {
            let mut s = format!("{}->{}", cell_name(from), cell_name(to));
            if let Some(k) = keep {
                s += &format!(" keep {}", cell_name(k));
            }
            s
        }
    }
}

/// The cells the moves put a token on, sorted, each once.
pub fn answer_cells(moves: &[Move]) -> Vec<Axial> {
    let mut cells: Vec<Axial> = moves
        .iter()
        .map(|m| match *m {
            Move::Place(a) | Move::Relocate { to: a, .. } => a,
        })
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// Player `p`'s name in `lang` (Red, Black).
pub fn player_name(p: usize, lang: Lang) -> &'static str {
    lang.t(["six.player.red", "six.player.black"][p])
}

/// Plays `games` random round-one games from the start, one after another on `rng`,
/// handing `visit` every position of each (until it ends or round two begins): what the
/// tests check engines on.
#[cfg(test)]
pub(super) fn random_round_one_games(rng: &mut impl rand_core::Rng, games: u32, mut visit: impl FnMut(&SixPosition)) {
    for _ in 0..games {
        let mut pos = SixPosition::start();
        while pos.status() == Status::Ongoing && pos.round() == 1 {
            visit(&pos);
            let moves = pos.legal_moves();
            pos.play(moves[crate::seed::below(rng, moves.len() as u32) as usize]).unwrap();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// The neighbour shortcut of `formation_through` finds exactly what laying every one
    /// of the 36 placements finds, on every frontier cell of random round-one games.
    #[test]
    fn the_neighbour_shortcut_misses_no_formation() {
        let mut found = 0;
        random_round_one_games(&mut ChaCha8Rng::seed_from_u64(6), 200, |pos| {
            for a in pos.frontier() {
                for colour in 0..2 {
                    let want = colour + 1;
                    let every = placements_through_origin()
                        .iter()
                        .find(|(_, others)| {
                            others.iter().all(|o| pos.grid[slot(Axial { q: a.q + o.q, r: a.r + o.r })] == want)
                        })
                        .map(|(kind, _)| *kind);
                    assert_eq!(pos.formation_through(a, colour), every, "{pos:?} at {a:?}");
                    found += every.is_some() as u32;
                }
            }
        });
        assert!(found > 100, "the games offer formations to find ({found})");
    }
}
