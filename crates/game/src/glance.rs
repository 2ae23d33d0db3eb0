//! The second half of every grade: a seeded, fixed-budget, human-like solver that checks
//! the grades the model sets (the model is in each game's `grading` and in the guide,
//! "How grades are set").
//!
//! The glance solver shares nothing with the grading model or the exhaustive checkers
//! but the rules engine. It sees the board through its own crude eyes — each game's
//! [`Glance::looks`] rates every spot by raw counts of nearby pieces, not by the
//! formations the model counts — adds noise to that rating (a person does not scan
//! the same way twice), and then spends a small budget of looks:
//!
//! * **win in one**: it looks at spots in its noisy order; a look at a spot shows every
//!   move there and whether it wins at once (the engine decides). Solved if a winning
//!   move turns up within the budget.
//! * **win in two**: for each spot in its order, it tries the moves there that leave it
//!   a win if unanswered, those leaving the most first (double threats before single
//!   ones); for each, it hunts for a refuting reply among the
//!   opponent's spots — blocks of its threats first, then the opponent's noisy order —
//!   a few looks deep. A move whose
//!   refutation it does not find is its answer — right or wrong. Every look at a first
//!   move or a reply costs one from the budget.
//! * **block**: it pictures the opponent's turn and looks for his winning move as for a
//!   win in one; where he would win is its answer.
//! * **defend**: it rates its spots through the opponent's eyes (where would he
//!   strike?), tries the quiet moves there (no threat of its own; in Kamon, where a
//!   counter-threat is a defence, every move), and for each hunts a few of his spots
//!   for a move that still wins or makes two threats (in Kamon: leaves it no answer
//!   that stops his win); the first move whose refutation it does not find is its
//!   answer.
//! * **best move**: it values every move in the looks it can afford — reckoning the
//!   points line by line and overlooking some lines, each game saying how often — then,
//!   the best-looking moves first, pictures the opponent's replies while its reply looks
//!   last (each reckoned the same way) and takes his best off the move's value; it
//!   answers the move worth the most.
//!
//! A puzzle's solve rate is the share of seeded attempts (each with its own noise) that
//! give a correct answer. `tests/grades.rs` asserts that the rate falls strictly from
//! easy to expert for every task whose grades the model sets.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::seed::{fnv1a64, splitmix64};

/// One spot a person's eye can land on — a cell, or a piece to slide — with the moves
/// made there and how eye-catching the spot is to the glance solver.
#[derive(Debug, Clone)]
pub struct Look<M> {
    /// The solver's own rating of the spot (higher is seen first).
    pub salience: f64,
    /// The legal moves at this spot.
    pub moves: Vec<M>,
}

/// What the glance solver needs of a game's positions.
pub trait Glance: Clone {
    /// A move of the game.
    type Move: Copy + PartialEq + std::fmt::Debug;
    /// The spots the side to move can play, rated by the solver's eyes.
    fn looks(&self) -> Vec<Look<Self::Move>>;
    /// Whether `mv` wins at once for the side to move.
    fn wins(&self, mv: Self::Move) -> bool;
    /// Whether `mv` ends the game at once (a win for either side, or a draw).
    fn ends(&self, mv: Self::Move) -> bool;
    /// The position after `mv`.
    fn after(&self, mv: Self::Move) -> Self;
    /// Whether the side to move has any winning move.
    fn can_win(&self) -> bool;
    /// How many spots `mv` leaves the side to move winning on if the opponent did nothing
    /// about it: a person looking for a win in two tries the moves that make the most.
    fn threats(&self, mv: Self::Move) -> usize;
    /// Whether `reply` (in the position after `mv`) lands on a spot where `mv` threatened
    /// to win: the replies a person expects first.
    fn blocks(&self, mv: Self::Move, reply: Self::Move) -> bool;
    /// The same position with the other side to move, as a defender pictures the
    /// opponent's chances; `None` for games whose defend tasks do not exist.
    fn passed(&self) -> Option<Self> {
        None
    }
    /// Whether a defender weighs only quiet moves (no threat of his own), as in games
    /// where a defence is a block; Kamon's defences are often counter-threats.
    fn quiet_defences(&self) -> bool {
        true
    }
    /// Whether the side to move (the opponent, after the defender's move) still strikes
    /// with `reply`, as the defender pictures it: it wins, or makes two threats and
    /// leaves the defender no win.
    fn strikes(&self, reply: Self::Move) -> bool {
        self.wins(reply) || (!self.ends(reply) && self.threats(reply) > 1 && !self.after(reply).can_win())
    }
    /// What `mv` looks worth to the side to move, for best-move tasks (points gained
    /// less points handed over), as a person reckons it — who may overlook some of it.
    fn value(&self, _mv: Self::Move, _rng: &mut ChaCha8Rng) -> i32 {
        0
    }
    /// The formations the scanning solver ([`Solver::Scan`]) sees for the side to move:
    /// each of his lines or groups with how far along it looks and the moves that would
    /// add to it. Empty for games it does not play.
    fn formations(&self) -> Vec<Formation<Self::Move>> {
        Vec::new()
    }
}

/// A formation the scanning solver sees: one of the mover's lines or groups, how far
/// along it looks to him, and the spots that would add to it (each with its moves), in
/// the order he looks at them.
#[derive(Debug, Clone)]
pub struct Formation<M> {
    /// How far along it looks (higher is looked at first).
    pub progress: f64,
    /// The spots that would add to it, each with the moves there.
    pub spots: Vec<Vec<M>>,
}

/// The two models of a person that check the grades.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    /// The glance solver: it rates every spot by the pieces around it and looks at the
    /// best-rated spots first.
    Glance,
    /// The scanning solver (win in one only): it looks for the formation nearest done
    /// instead of the promising spot — lines and Ls by how many of their numbers are
    /// written and distinct, the mover's counting more (EL); groups of the mover's pawns
    /// by the sides they touch and their size (Kamon) — and looks at the spots that
    /// would add to them, formation by formation, giving up after `looks` spots.
    Scan,
}

/// How much a simulated person can do: looks in all, looks per refutation hunt, and
/// how noisy the scan is (the spread of the Gumbel noise added to each rating).
#[derive(Debug, Clone, Copy)]
pub struct Person {
    /// Looks in all (first moves and replies).
    pub looks: u32,
    /// Looks at replies spent hunting for one move's refutation.
    pub reply_looks: u32,
    /// Spread of the noise on every rating.
    pub noise: f64,
}

/// The kinds of puzzle the glance solver knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Find a move that wins at once.
    WinInOne,
    /// Find the move after which every reply leaves a win.
    WinInTwo,
    /// Find the quiet move after which the opponent has no win in two.
    Defend,
    /// Stop the opponent's win: find where he would win, and play there.
    Block,
    /// Find the move worth the most.
    BestMove,
    /// Find the move that scores the most now, every move reckoned as a person reckons
    /// it (no move is known to win until its points are counted): Gosforth's reach-
    /// the-target puzzles, where the difficulty is in the counting.
    Reckon,
}

/// A random stream for attempt `attempt` at puzzle `puzzle` of a named sample.
pub fn attempt_rng(sample: &str, puzzle: u64, attempt: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    let mut state = fnv1a64(sample.as_bytes()) ^ splitmix64(puzzle) ^ splitmix64(attempt.wrapping_add(0x5eed));
    for chunk in key.chunks_mut(8) {
        state = splitmix64(state);
        chunk.copy_from_slice(&state.to_le_bytes());
    }
    ChaCha8Rng::from_seed(key)
}

/// A Gumbel-distributed number of spread `scale` (ties and near-ties broken at random,
/// strong differences kept).
fn gumbel(rng: &mut ChaCha8Rng, scale: f64) -> f64 {
    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let u = u.clamp(1e-12, 1.0 - 1e-12);
    -scale * (-u.ln()).ln()
}

/// The looks of `pos` in the order a person with this noise scans them.
fn scan<G: Glance>(pos: &G, noise: f64, rng: &mut ChaCha8Rng) -> Vec<Look<G::Move>> {
    rank(pos.looks(), noise, rng)
}

/// `looks` in the order a person with this noise scans them.
fn rank<M>(looks: Vec<Look<M>>, noise: f64, rng: &mut ChaCha8Rng) -> Vec<Look<M>> {
    let mut looks: Vec<(f64, Look<M>)> = looks.into_iter().map(|l| (l.salience + gumbel(rng, noise), l)).collect();
    looks.sort_by(|a, b| b.0.total_cmp(&a.0));
    looks.into_iter().map(|(_, l)| l).collect()
}

/// One attempt by a person, modelled by `solver`, at a puzzle; the move answered, if
/// any. The scanning solver knows win-in-one puzzles only (it answers nothing else).
pub(crate) fn attempt_by<G: Glance>(
    solver: Solver,
    pos: &G,
    kind: Kind,
    person: &Person,
    rng: &mut ChaCha8Rng,
) -> Option<G::Move> {
    match (solver, kind) {
        (Solver::Glance, _) => attempt(pos, kind, person, rng),
        (Solver::Scan, Kind::WinInOne) => scan_formations(pos, person, rng),
        (Solver::Scan, _) => None,
    }
}

/// The scanning solver's win in one: formations nearest done first (with noise), the
/// spots of each in its order, `looks` spots at most (a spot already seen is not
/// looked at again).
fn scan_formations<G: Glance>(pos: &G, person: &Person, rng: &mut ChaCha8Rng) -> Option<G::Move> {
    let mut ranked: Vec<(f64, Formation<G::Move>)> =
        pos.formations().into_iter().map(|f| (f.progress + gumbel(rng, person.noise), f)).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut seen: Vec<G::Move> = Vec::new();
    let mut left = person.looks;
    for spot in ranked.into_iter().flat_map(|(_, f)| f.spots) {
        if spot.first().is_none_or(|m| seen.contains(m)) {
            continue;
        }
        if left == 0 {
            return None;
        }
        left -= 1;
        if let Some(&m) = spot.iter().find(|&&m| pos.wins(m)) {
            return Some(m);
        }
        seen.extend(spot);
    }
    None
}

/// One attempt by a person (the glance solver) at a puzzle; the move answered, if any.
pub fn attempt<G: Glance>(pos: &G, kind: Kind, person: &Person, rng: &mut ChaCha8Rng) -> Option<G::Move> {
    match kind {
        Kind::WinInOne => win_in_one(pos, person, rng),
        Kind::WinInTwo => win_in_two(pos, person, rng),
        Kind::Defend => defend(pos, person, rng),
        // His winning cell, looked for through his eyes, is where the block goes.
        Kind::Block => pos.passed().and_then(|his| win_in_one(&his, person, rng)),
        Kind::BestMove => best_move(pos, person, rng),
        Kind::Reckon => reckon(pos, person, rng),
    }
}

fn reckon<G: Glance>(pos: &G, person: &Person, rng: &mut ChaCha8Rng) -> Option<G::Move> {
    let mut best: Option<(i32, G::Move)> = None;
    for look in scan(pos, person.noise, rng).into_iter().take(person.looks as usize) {
        for m in look.moves {
            let v = pos.value(m, rng);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, m));
            }
        }
    }
    best.map(|(_, m)| m)
}

fn win_in_one<G: Glance>(pos: &G, person: &Person, rng: &mut ChaCha8Rng) -> Option<G::Move> {
    scan(pos, person.noise, rng)
        .into_iter()
        .take(person.looks as usize)
        .find_map(|look| look.moves.into_iter().find(|&m| pos.wins(m)))
}

/// What a move that wins at once is worth to the best-move solver: more than points.
const WIN_VALUE: i32 = 1000;

fn best_move<G: Glance>(pos: &G, person: &Person, rng: &mut ChaCha8Rng) -> Option<G::Move> {
    // First every move in the looks it can afford, reckoned as it stands now.
    let mut reckoned: Vec<(i32, G::Move)> = Vec::new();
    for look in scan(pos, person.noise, rng).into_iter().take(person.looks as usize) {
        for m in look.moves {
            let v = if pos.wins(m) { WIN_VALUE } else { pos.value(m, rng) };
            reckoned.push((v, m));
        }
    }
    // Then the replies, the best-looking moves first, while reply looks last: each
    // reply pictured costs one and is reckoned the same way. A move whose replies it
    // never pictures keeps its value now.
    reckoned.sort_by_key(|r| std::cmp::Reverse(r.0));
    let mut left = person.reply_looks as usize;
    let mut best: Option<(i32, G::Move)> = None;
    for (now, m) in reckoned {
        let mut v = now;
        if left > 0 && now != WIN_VALUE && !pos.ends(m) {
            let after = pos.after(m);
            let mut his: Option<i32> = None;
            for look in scan(&after, person.noise, rng) {
                if left == 0 {
                    break;
                }
                left -= 1;
                for r in look.moves {
                    let h = if after.wins(r) { WIN_VALUE } else { after.value(r, rng) };
                    his = Some(his.map_or(h, |b| b.max(h)));
                }
            }
            v -= his.unwrap_or(0);
        }
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, m));
        }
    }
    best.map(|(_, m)| m)
}

fn win_in_two<G: Glance>(pos: &G, person: &Person, rng: &mut ChaCha8Rng) -> Option<G::Move> {
    let mut left = person.looks;
    for look in scan(pos, person.noise, rng) {
        if left == 0 {
            return None;
        }
        left -= 1;
        let mut tries: Vec<(usize, G::Move)> =
            look.moves.into_iter().filter(|&m| !pos.ends(m)).map(|m| (pos.threats(m), m)).filter(|t| t.0 > 0).collect();
        tries.sort_by_key(|t| std::cmp::Reverse(t.0));
        for (_, first) in tries {
            let after = pos.after(first);
            let mut refuted = false;
            let mut replies = scan(&after, person.noise, rng);
            // Blocks of the threats first, in the scanned order; then the rest.
            replies.sort_by_key(|r| !r.moves.iter().any(|&m| pos.blocks(first, m)));
            for reply in replies.into_iter().take(person.reply_looks as usize) {
                if left == 0 {
                    return None;
                }
                left -= 1;
                // A reply refutes if it wins, or leaves the game going with no win for us
                // (a reply that completes our own line ends the game in our favour).
                if reply.moves.iter().any(|&r| after.wins(r) || (!after.ends(r) && !after.after(r).can_win())) {
                    refuted = true;
                    break;
                }
            }
            if !refuted {
                return Some(first);
            }
        }
    }
    None
}

fn defend<G: Glance>(pos: &G, person: &Person, rng: &mut ChaCha8Rng) -> Option<G::Move> {
    let mut left = person.looks;
    // Where would he strike? Our spots, rated through his eyes (his turn pictured).
    let his = pos.passed().map(|his| his.looks()).unwrap_or_default();
    let mut ours = pos.looks();
    for look in &mut ours {
        if let Some(h) = his.iter().find(|h| h.moves.contains(&look.moves[0])) {
            look.salience = h.salience;
        }
    }
    for look in rank(ours, person.noise, rng) {
        if left == 0 {
            return None;
        }
        left -= 1;
        // Quiet moves only: the puzzle asks for a defence, not a counter-threat. The
        // moves at one spot (EL's numbers) are weighed together: each of his spots
        // looked at costs one look, whatever number is pictured there.
        let tries: Vec<(G::Move, G)> = look
            .moves
            .into_iter()
            .filter(|&m| !pos.ends(m) && (!pos.quiet_defences() || pos.threats(m) == 0))
            .map(|m| (m, pos.after(m)))
            .collect();
        let Some((_, first_after)) = tries.first() else { continue };
        let mut standing = vec![true; tries.len()];
        for reply in scan(first_after, person.noise, rng).into_iter().take(person.reply_looks as usize) {
            if left == 0 {
                return None;
            }
            left -= 1;
            for ((_, after), stands) in tries.iter().zip(standing.iter_mut()) {
                *stands &= !reply.moves.iter().any(|&r| after.strikes(r));
            }
            if !standing.contains(&true) {
                break;
            }
        }
        if let Some(i) = standing.iter().position(|&s| s) {
            return Some(tries[i].0);
        }
    }
    None
}

/// The share of `attempts` seeded attempts by `solver` at a puzzle that give a correct
/// answer.
#[allow(clippy::too_many_arguments)]
pub fn solve_rate<G: Glance>(
    solver: Solver,
    pos: &G,
    kind: Kind,
    person: &Person,
    correct: impl Fn(G::Move) -> bool,
    sample: &str,
    puzzle: u64,
    attempts: u32,
) -> f64 {
    let solved = (0..attempts as u64)
        .filter(|&a| {
            let mut rng = attempt_rng(sample, puzzle, a);
            attempt_by(solver, pos, kind, person, &mut rng).is_some_and(&correct)
        })
        .count();
    solved as f64 / attempts as f64
}
