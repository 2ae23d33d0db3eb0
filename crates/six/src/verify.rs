//! The exhaustive checker for SIX puzzles. Every legal move of the side to move is tried.
//! Formations are found by this module's own scan, not by the engine's incremental
//! test: the position is scanned whole (every template laid on every own token), and a
//! placement tried on top of a formation-free table by laying every template over the
//! new token in each of its cells. In round two the engine lifts (and removes what a
//! split cuts off); the formation through the cell put down is read here. The defend
//! search reads each side's winning cells and the opponent's possible forks off one scan
//! of the formations a token or two short; the tests check it against brute force.

use super::position::{templates, Move, SixPosition, Status};
use crate::game::NotAPuzzle;
use crate::geom::hex::Axial;

/// The puzzle tasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OneMoveTask {
    /// Win with this move (round one placement or round two lift-and-place).
    WinInOne,
    /// Stop the opponent's formation: exactly one placement leaves him no winning move.
    Block,
}

/// What the check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OneMoveFacts {
    /// The correct moves (winning moves, or the saving placements), sorted.
    pub solutions: Vec<Move>,
    /// Legal moves of the side to move.
    pub legal_moves: u32,
    /// Tempting moves that fail: placements that make a new threat of one's own (a
    /// winning cell next turn that was not there before) without solving the task.
    pub decoys: u32,
    /// The moves whose cells look at least as promising as the answer's, twice those
    /// that look better (see `grading::rivals`; a block's through the
    /// opponent's eyes): what the grade is cut on.
    pub rivals: u32,
}

/// The tokens on the table with up to three more put down on top: what the scan reads.
/// Trying a placement is adding a token here, not building a position.
#[derive(Clone, Copy)]
pub(super) struct Table<'a> {
    pub(super) pos: &'a SixPosition,
    extra: [Option<(Axial, u8)>; 3],
    /// The position's own tokens hold no formation (scanned whole): a formation can then
    /// only come with a token put on top.
    pub(super) clean: bool,
}

/// The templates, made once.
pub(super) fn shapes() -> &'static [(super::position::Formation, [Axial; 6])] {
    static T: std::sync::OnceLock<Vec<(super::position::Formation, [Axial; 6])>> = std::sync::OnceLock::new();
    T.get_or_init(templates)
}

/// Every formation through the origin, as the other five cells of each (36: every
/// template laid with each of its cells on the origin). Made once from the templates.
pub(super) fn through_origin() -> &'static [[Axial; 5]] {
    static T: std::sync::OnceLock<Vec<[Axial; 5]>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut out = Vec::new();
        for (_, cells) in shapes() {
            for &anchor in cells {
                let others: Vec<Axial> = cells
                    .iter()
                    .filter(|&&c| c != anchor)
                    .map(|c| Axial { q: c.q - anchor.q, r: c.r - anchor.r })
                    .collect();
                out.push(others.try_into().expect("six cells a template"));
            }
        }
        out
    })
}

/// For each formation through the origin (as [`through_origin`] lists them), which of
/// the origin's neighbours it takes in (bit `i` for the `i`-th): all of them must hold
/// the colour before the rest is worth reading.
pub(super) fn neighbours_taken() -> &'static [u8] {
    static T: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let near = Axial { q: 0, r: 0 }.neighbours();
        through_origin()
            .iter()
            .map(|others| (0..6).filter(|&i| others.contains(&near[i])).fold(0u8, |m, i| m | 1 << i))
            .collect()
    })
}

/// For each set of the origin's neighbours a formation may take in (bit `i` for the
/// `i`-th), the formations through the origin (indices into [`through_origin`]) that take
/// in no other neighbour.
pub(super) fn within_neighbours() -> &'static [Vec<u8>; 64] {
    static T: std::sync::OnceLock<[Vec<u8>; 64]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        std::array::from_fn(|free| {
            (0..through_origin().len() as u8).filter(|&i| neighbours_taken()[i as usize] & !(free as u8) == 0).collect()
        })
    })
}

/// For each offset (dq, dr) within five steps of the origin (index `(dq + 5) * 11 + dr +
/// 5`), the formations through the origin that also take in that cell (indices into
/// [`through_origin`]).
pub(super) fn through_both() -> &'static [Vec<u8>] {
    static T: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut table = vec![Vec::new(); 121];
        for (i, others) in through_origin().iter().enumerate() {
            for d in others {
                table[((d.q + 5) * 11 + d.r + 5) as usize].push(i as u8);
            }
        }
        table
    })
}

impl<'a> Table<'a> {
    pub(super) fn of(pos: &'a SixPosition) -> Self {
        Table { pos, extra: [None; 3], clean: false }
    }

    /// The table of a position whose tokens were scanned and hold no formation.
    pub(super) fn clean(pos: &'a SixPosition) -> Self {
        let table = Table::of(pos);
        Table { clean: !table.has_formation(0) && !table.has_formation(1), ..table }
    }

    /// The table of a position the engine says is still going on, taken at its word (no
    /// scan): for the generator's own screening of its game positions, which are
    /// scanned in the final check.
    pub(super) fn trusted(pos: &'a SixPosition) -> Self {
        Table { clean: pos.status() == Status::Ongoing, ..Table::of(pos) }
    }

    /// The table with one more token of `colour` on `a`.
    pub(super) fn with(self, a: Axial, colour: u8) -> Self {
        let mut next = self;
        let slot = next.extra.iter_mut().find(|e| e.is_none()).expect("at most three tokens on top");
        *slot = Some((a, colour));
        next
    }

    pub(super) fn at(&self, a: Axial) -> Option<u8> {
        // Tokens go on top in order: with no first, there are none.
        if self.extra[0].is_none() {
            return self.pos.at(a);
        }
        self.extra.iter().flatten().find(|e| e.0 == a).map(|e| e.1).or_else(|| self.pos.at(a))
    }

    pub(super) fn tokens(&self) -> impl Iterator<Item = (Axial, u8)> + '_ {
        self.pos.tokens().iter().copied().chain(self.extra.iter().flatten().copied())
    }

    /// Whether `colour` has a formation anywhere. On a table that is not known clean:
    /// every template laid on every own token. On a clean table a formation must take in
    /// a token put on top, so only the formations through those are tried.
    pub(super) fn has_formation(&self, colour: u8) -> bool {
        if self.clean {
            return self.extra.iter().flatten().any(|&(on, c)| c == colour && self.completes(on, colour));
        }
        self.tokens().filter(|t| t.1 == colour).any(|(base, _)| {
            shapes().iter().any(|(_, cells)| {
                cells.iter().all(|c| {
                    self.at(Axial { q: base.q + c.q - cells[0].q, r: base.r + c.r - cells[0].r }) == Some(colour)
                })
            })
        })
    }

    /// Empty cells touching a token, sorted, found independently of the engine's frontier.
    pub(super) fn placements(&self) -> Vec<Axial> {
        let mut out: Vec<Axial> = Vec::with_capacity(6 * (self.pos.tokens().len() + 3));
        out.extend(self.tokens().flat_map(|t| t.0.neighbours()).filter(|n| self.at(*n).is_none()));
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether a token of `colour` on `a` would complete (or does complete) a
    /// formation: the five other cells of a formation through `a` all hold `colour`.
    pub(super) fn completes(&self, a: Axial, colour: u8) -> bool {
        let own = self.own_neighbours(a, colour);
        own != 0 && (0..through_origin().len()).any(|i| self.completes_by(a, i, own, colour))
    }

    /// Which of `a`'s neighbours hold `colour` (bit `i` for the `i`-th). Every cell of a
    /// formation touches another of its cells: only the formations whose neighbours of
    /// `a` are all among these need reading (none when no neighbour holds it: most
    /// cells, and cheap to see).
    pub(super) fn own_neighbours(&self, a: Axial, colour: u8) -> u8 {
        let near = a.neighbours();
        (0..6).filter(|&i| self.at(near[i]) == Some(colour)).fold(0u8, |m, i| m | 1 << i)
    }

    /// Whether formation `i` of [`through_origin`], laid through `a`, holds `colour` on
    /// its five other cells (`own`: [`Self::own_neighbours`] of `a`).
    pub(super) fn completes_by(&self, a: Axial, i: usize, own: u8, colour: u8) -> bool {
        neighbours_taken()[i] & !own == 0 && self.holds(a, &through_origin()[i], colour)
    }

    /// [`Self::completes`], counting only formations that take in the cell `with` too.
    pub(super) fn completes_with(&self, a: Axial, colour: u8, with: Axial) -> bool {
        let (dq, dr) = (with.q - a.q, with.r - a.r);
        if dq.abs() > 5 || dr.abs() > 5 {
            return false;
        }
        let candidates = &through_both()[((dq + 5) * 11 + dr + 5) as usize];
        if candidates.is_empty() {
            return false;
        }
        let own = self.own_neighbours(a, colour);
        own != 0 && candidates.iter().any(|&i| self.completes_by(a, i as usize, own, colour))
    }

    /// Whether the cells `others` (relative to `a`) all hold `colour`.
    pub(super) fn holds(&self, a: Axial, others: &[Axial; 5], colour: u8) -> bool {
        others.iter().all(|c| self.at(Axial { q: a.q + c.q, r: a.r + c.r }) == Some(colour))
    }

    /// The placements on this table, which is the one before plus a token on `a`, given
    /// `before`, the placements on the one before: those but `a`, then the empty cells
    /// next to `a` that were not placements yet.
    pub(super) fn placements_after<'b>(&'b self, before: &'b [Axial], a: Axial) -> impl Iterator<Item = Axial> + 'b {
        let fresh = a.neighbours().into_iter().filter(move |n| self.at(*n).is_none() && !before.contains(n));
        before.iter().copied().filter(move |&c| c != a).chain(fresh)
    }

    /// The cells of `open` (this table's placements) where a token of `colour` would
    /// complete a formation now.
    pub(super) fn winning_among(&self, open: &[Axial], colour: u8) -> Vec<Axial> {
        open.iter().copied().filter(|&a| self.completes(a, colour)).collect()
    }
}

/// Whether `colour` has a formation anywhere (whole-board scan).
pub fn has_formation(pos: &SixPosition, colour: u8) -> bool {
    Table::of(pos).has_formation(colour)
}

/// The position after a round-one placement of the side to move (no legality checks).
fn placed(pos: &SixPosition, a: Axial) -> SixPosition {
    let mut tokens = pos.tokens().to_vec();
    tokens.push((a, pos.to_move()));
    let mut hands = pos.hands();
    hands[pos.to_move() as usize] -= 1;
    SixPosition::from_tokens(&tokens, hands, 1 - pos.to_move(), pos.round_two_plies())
}

/// Checks a position for a task; errors say why it is not such a puzzle.
pub fn check_one_move(pos: &SixPosition, task: OneMoveTask) -> Result<OneMoveFacts, NotAPuzzle> {
    let table = Table::clean(pos);
    if pos.status() != Status::Ongoing || !table.clean {
        return Err(NotAPuzzle::from("the game is already over in this position"));
    }
    let mover = pos.to_move();
    let opponent = 1 - mover;
    let mut solutions = Vec::new();
    let mut decoys = 0;
    if pos.round() == 1 {
        let legal = table.placements();
        let threats_before = table.winning_among(&legal, mover);
        // One's own token never completes the other's formation: after a placement on
        // `a`, the opponent's winning cells are his present ones but `a`.
        let theirs_before = table.winning_among(&legal, opponent);
        let mut any_wins = false;
        for &a in &legal {
            let next = table.with(a, mover);
            let wins = next.has_formation(mover);
            any_wins |= wins;
            let solved = match task {
                OneMoveTask::WinInOne => wins,
                OneMoveTask::Block => !wins && theirs_before.iter().all(|&c| c == a),
            };
            if solved {
                solutions.push(Move::Place(a));
            } else if pos.hands()[mover as usize] > 1 {
                // Would the mover have a new winning cell next turn? (A threat of his own:
                // a formation a cell short that takes in the token on `a`; one without it
                // was a threat already.)
                let new_threat = next
                    .placements_after(&legal, a)
                    .any(|c| !threats_before.contains(&c) && next.completes_with(c, mover, a));
                decoys += new_threat as u32;
            }
        }
        if task == OneMoveTask::Block {
            if any_wins {
                return Err(NotAPuzzle::from("the side to move can win at once, so this is no blocking puzzle"));
            }
            if theirs_before.is_empty() {
                return Err(NotAPuzzle::from("the opponent threatens nothing"));
            }
        }
        let mut facts = finish(solutions, legal.len(), decoys)?;
        facts.rivals = match task {
            OneMoveTask::WinInOne => super::grading::rivals(pos, &facts.solutions),
            // A block goes where he would win: the rivals are counted through his eyes.
            OneMoveTask::Block => {
                let his = SixPosition::from_tokens(pos.tokens(), pos.hands(), opponent, pos.round_two_plies());
                super::grading::rivals(&his, &facts.solutions)
            }
        };
        return Ok(facts);
    }
    if task == OneMoveTask::Block {
        return Err(NotAPuzzle::from("block puzzles are round-one puzzles"));
    }
    // Round two: every lift (the engine splits the table and removes the smaller groups),
    // then every cell next to what is kept but the one lifted from. The table kept holds
    // no formation (it is part of one that holds none), so a formation must take in the
    // token put down: only those through it are read.
    let mut legal = 0;
    for lift in pos.lifts() {
        let kept = Table::of(&lift.kept);
        let outnumbered = lift.kept.count(opponent) <= 5 && lift.kept.count(mover) + 1 > 5;
        for to in kept.placements().into_iter().filter(|&to| to != lift.from) {
            legal += 1;
            if outnumbered || kept.completes(to, mover) {
                solutions.push(Move::Relocate { from: lift.from, keep: lift.keep, to });
            }
        }
    }
    let mut facts = finish(solutions, legal, decoys)?;
    facts.rivals = super::grading::rivals(pos, &facts.solutions);
    Ok(facts)
}

fn finish(mut solutions: Vec<Move>, legal: usize, decoys: u32) -> Result<OneMoveFacts, NotAPuzzle> {
    if solutions.is_empty() {
        return Err(NotAPuzzle::from("no move solves the task"));
    }
    if solutions.len() == legal {
        return Err(NotAPuzzle::from("every legal move solves the task"));
    }
    solutions.sort();
    Ok(OneMoveFacts { solutions, legal_moves: legal as u32, decoys, rivals: 0 })
}

/// The verified facts about a SIX round-one win-in-two position; the rivals are the
/// legal cells that look at least as promising as the key, twice those that look better
/// (`grading::rivals`).
pub type WinInTwoFacts = crate::game::WinInTwoFacts<Move, Axial>;

/// The side to move's winning placements in `pos` if it were `colour`'s turn.
fn wins_for(pos: &SixPosition, colour: u8) -> Vec<Move> {
    SixPosition::from_tokens(pos.tokens(), pos.hands(), colour, pos.round_two_plies()).winning_moves()
}

/// Checks a round-one position as a win-in-two puzzle by full search with the engine:
/// every placement, every reply (the opponent's own wins and the blocks first), and a
/// winning placement after each reply. The key line is then re-checked with the
/// whole-board formation scan of this module. Errors say why it is not such a puzzle.
pub fn check_win_in_two(pos: &SixPosition) -> Result<WinInTwoFacts, NotAPuzzle> {
    if pos.status() != Status::Ongoing || has_formation(pos, 0) || has_formation(pos, 1) {
        return Err(NotAPuzzle::from("the game is already over in this position"));
    }
    let mover = pos.to_move();
    let opponent = 1 - mover;
    if pos.round() != 1 || pos.hands()[mover as usize] < 2 || pos.hands()[opponent as usize] < 1 {
        return Err(NotAPuzzle::from("win-in-two puzzles are round-one puzzles with two tokens in the mover's hand"));
    }
    if !pos.winning_moves().is_empty() {
        return Err(NotAPuzzle::from("the side to move can win at once (a win-in-one, not a win-in-two)"));
    }
    let legal = pos.legal_moves();
    let mut nodes = 0u64;
    let mut solutions = Vec::new();
    let mut decoys = 0;
    // Replies, blocks, threats and each reply's position with the win found in it.
    type KeyLine = (u32, u32, Vec<Axial>, Vec<(SixPosition, Move)>);
    let mut key: Option<KeyLine> = None;
    for &first in &legal {
        nodes += 1;
        let mut after = pos.clone();
        if after.play(first)? != Status::Ongoing {
            continue;
        }
        let threats: Vec<Axial> = wins_for(&after, mover)
            .into_iter()
            .filter_map(|m| match m {
                Move::Place(a) => Some(a),
                Move::Relocate { .. } => None,
            })
            .collect();
        // The opponent's own win refutes everything.
        if !after.winning_moves().is_empty() {
            nodes += 1;
            decoys += !threats.is_empty() as u32;
            continue;
        }
        let mut replies = after.legal_moves();
        replies.sort_by_key(|m| !matches!(m, Move::Place(a) if threats.contains(a)));
        let mut lines = Vec::new();
        let mut defensive = 0;
        let mut refuted = false;
        for &reply in &replies {
            nodes += 1;
            defensive += matches!(reply, Move::Place(a) if threats.contains(&a)) as u32;
            let mut next = after.clone();
            if next.play(reply)? != Status::Ongoing {
                refuted = true;
                break;
            }
            match next.winning_moves().first() {
                Some(&win) => {
                    nodes += 1;
                    lines.push((next, win));
                }
                None => {
                    refuted = true;
                    break;
                }
            }
        }
        if refuted {
            decoys += !threats.is_empty() as u32;
            continue;
        }
        solutions.push(first);
        if key.is_none() {
            key = Some((replies.len() as u32, defensive, threats, lines));
        }
    }
    let Some((replies, defensive_replies, mut threat_cells, lines)) = key else {
        return Err(NotAPuzzle::from("no placement forces a win next turn"));
    };
    // The key line again, with the whole-board scan instead of the engine's test.
    for (next, win) in &lines {
        let Move::Place(cell) = *win else { return Err(NotAPuzzle::from("a round-one win must be a placement")) };
        if !has_formation(&placed(next, cell), mover) {
            return Err(NotAPuzzle::from(format!("engine and scan disagree about a win at {cell:?}")));
        }
    }
    threat_cells.sort();
    solutions.sort();
    let rivals = super::grading::rivals(pos, &solutions);
    Ok(WinInTwoFacts::new(
        solutions,
        (legal.len() as u32, decoys, nodes),
        (replies, defensive_replies, threat_cells),
        rivals,
    ))
}

boardpress_game::facts_in_fields!(Move: OneMoveFacts);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::below;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// The round-two checker (its own formation reading on each lift's kept table) finds
    /// exactly the engine's winning moves and counts exactly its legal moves, on every
    /// round-two position of ten random games.
    #[test]
    fn the_round_two_check_agrees_with_the_engine() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut compared = 0;
        for _ in 0..10 {
            let mut pos = SixPosition::start();
            for _ in 0..90 {
                if pos.status() != Status::Ongoing {
                    break;
                }
                let wins = pos.winning_moves();
                let legal = pos.legal_moves();
                if pos.round() == 2 {
                    match check_one_move(&pos, OneMoveTask::WinInOne) {
                        Ok(facts) => {
                            assert_eq!(facts.solutions, wins);
                            assert_eq!(facts.legal_moves as usize, legal.len());
                        }
                        Err(_) => assert!(wins.is_empty() || wins.len() == legal.len()),
                    }
                    compared += 1;
                }
                let pool: Vec<Move> = legal.iter().copied().filter(|m| wins.binary_search(m).is_err()).collect();
                let pool = if pool.is_empty() { legal } else { pool };
                pos.play(pool[below(&mut rng, pool.len() as u32) as usize]).unwrap();
            }
        }
        assert!(compared >= 200, "only {compared} round-two positions compared");
    }
}
