//! The exhaustive checker for Gosforth puzzles: it finds the gap's neighbours itself and
//! scores every legal move by recomputing all 16 lines before and after (the sum of
//! max(0, v_after - v_before) over every line equals the rules' gain, because the vacated
//! cell can only shorten runs), independent of the engine's per-cell tables.

use super::position::{line_value, lines, GosforthPosition, Move, Stage, CELLS};
use crate::game::NotAPuzzle;

/// What a win or a loss counts in the lead: more than any points can.
pub const WIN: i32 = 100;

/// The verified facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMoveFacts {
    /// The best move(s): the greatest lead once the opponent has made his best reply —
    /// the mover's points less those handed over, less what the opponent's reply then
    /// gains him ([`WIN`] for a move that reaches the target).
    pub solutions: Vec<Move>,
    /// That lead.
    pub best_net: i32,
    /// The best move's points now, less any it hands over ([`WIN`] if it reaches the
    /// target).
    pub now_net: i32,
    /// The most points any move scores for the mover now, less any it hands over.
    pub most_now: i32,
    /// The opponent's best reply to the (first) best move, unless that move wins.
    pub reply: Option<Move>,
    /// What that reply gains the opponent, less what it hands back.
    pub reply_net: i32,
    /// Whether the best move reaches the target.
    pub reaches_target: bool,
    /// Legal moves.
    pub legal_moves: u32,
    /// Other moves that also score for the mover now (tempting, but less after the reply).
    pub decoys: u32,
    /// Other moves that gain at least as much now as the best move, less after the reply.
    pub traps: u32,
    /// Every move that brings the mover to the target: each wins at once (RULES.md §4.5),
    /// sorted.
    pub winning: Vec<Move>,
    /// Moves that score for the mover now, winning ones included.
    pub scoring: u32,
    /// The first winning move's points beyond what the mover needs to reach the target
    /// (0 when it reaches it exactly; 0 when no move wins).
    pub spare: i32,
    /// How many of the first winning move's scoring lines are diagonals (0 when no move
    /// wins).
    pub winning_diagonals: u32,
    /// Positions the checker scored: every move and every reply to it.
    pub solver_nodes: u32,
}

fn points(before: &[u8; CELLS], after: &[u8; CELLS], colour: u8) -> i32 {
    lines().iter().map(|l| line_value(after, l, colour).saturating_sub(line_value(before, l, colour)) as i32).sum()
}

/// The first ten lines are the rows and columns; the rest are diagonals.
const STRAIGHT_LINES: usize = 10;

/// How many diagonals score for `colour` from `before` to `after`.
fn diagonal_gains(before: &[u8; CELLS], after: &[u8; CELLS], colour: u8) -> u32 {
    lines()[STRAIGHT_LINES..].iter().filter(|l| line_value(after, l, colour) > line_value(before, l, colour)).count()
        as u32
}

/// A legal move's effect by the checker's own scoring.
struct Effect {
    mv: Move,
    /// The board after it.
    cells: [u8; CELLS],
    /// The cell that is empty after it.
    gap: usize,
    /// The cell the opponent may not slide from next (the piece just slid).
    forbidden: Option<usize>,
    /// Who scores (0 X, 1 O) and how much.
    owner: u8,
    points: i32,
}

/// Every legal move from a movement-stage board: the slides into `gap` (not from
/// `forbidden`), and the claim when `claim` and it scores.
fn effects(cells: &[u8; CELLS], gap: usize, forbidden: Option<usize>, claim: bool) -> Vec<Effect> {
    let (gc, gr) = ((gap % 5) as i32, (gap / 5) as i32);
    let mut out = Vec::new();
    for (dc, dr) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
        let (c, r) = (gc + dc, gr + dr);
        if !(0..5).contains(&c) || !(0..5).contains(&r) {
            continue;
        }
        let from = (r * 5 + c) as usize;
        if forbidden == Some(from) {
            continue;
        }
        let mut after = *cells;
        after[gap] = cells[from];
        after[from] = 0;
        let owner = cells[from] - 1;
        let points = points(cells, &after, owner);
        out.push(Effect { mv: Move::Slide(from as u8), cells: after, gap: from, forbidden: Some(gap), owner, points });
    }
    if claim {
        let mut after = *cells;
        after[gap] = 2;
        let points = points(cells, &after, 1);
        if points > 0 {
            out.push(Effect { mv: Move::Claim, cells: *cells, gap, forbidden: None, owner: 1, points });
        }
    }
    out
}

/// What an effect is worth to `side` with these scores: its points, less when they go
/// to the other side; [`WIN`] (or `-WIN`) when they bring their owner to the target.
fn worth(e: &Effect, side: u8, scores: [i32; 2], target: i32) -> i32 {
    let sign = if e.owner == side { 1 } else { -1 };
    if e.points > 0 && scores[e.owner as usize] + e.points >= target {
        sign * WIN
    } else {
        sign * e.points
    }
}

/// Scores every legal move and the opponent's every reply to it; errors say why the
/// position is no puzzle.
pub fn check_best_move(pos: &GosforthPosition) -> Result<BestMoveFacts, NotAPuzzle> {
    if pos.stage() != Stage::Movement || pos.status() != super::Status::Ongoing {
        return Err(NotAPuzzle::from("not a movement-stage position in play"));
    }
    if pos.movement_plies() + 2 >= super::position::MOVEMENT_PLY_CAP {
        return Err(NotAPuzzle::from("the game is within two slides of its ply cap"));
    }
    let cells = pos.cells();
    let gap = cells.iter().position(|&c| c == 0).ok_or("no gap")?;
    let mover = pos.to_move();
    let target = pos.target() as i32;
    let scores = pos.scores().map(|s| s as i32);
    let moves = effects(cells, gap, pos.last_slid().map(usize::from), pos.claim_available());
    // (move, net now, his best reply and its worth to him, lead after it)
    type Scored = (Move, i32, Option<(Move, i32)>, i32);
    let mut scored: Vec<Scored> = Vec::new();
    let mut nodes = moves.len() as u32;
    for e in &moves {
        let now = worth(e, mover, scores, target);
        if now.abs() == WIN {
            scored.push((e.mv, now, None, now));
            continue;
        }
        let mut after_scores = scores;
        after_scores[e.owner as usize] += e.points;
        let replies = effects(&e.cells, e.gap, e.forbidden, false);
        nodes += replies.len() as u32;
        let reply = replies
            .iter()
            .map(|r| (r.mv, worth(r, 1 - mover, after_scores, target)))
            .fold(None, |best: Option<(Move, i32)>, r| if best.is_none_or(|b| r.1 > b.1) { Some(r) } else { best });
        let Some((_, his)) = reply else { return Err(NotAPuzzle::from("a slide leaves the opponent no legal reply")) };
        // A reply that wins for him loses for us; when every reply hands us the target,
        // the move wins.
        let lead = match his {
            WIN => -WIN,
            h if h == -WIN => WIN,
            h => now - h,
        };
        scored.push((e.mv, now, reply, lead));
    }
    let best_net = scored.iter().map(|s| s.3).max().ok_or("no legal move")?;
    if best_net <= 0 {
        return Err(NotAPuzzle::from("no move gains the side to move a lead"));
    }
    let mut solutions: Vec<Move> = scored.iter().filter(|s| s.3 == best_net).map(|s| s.0).collect();
    solutions.sort();
    let key = scored.iter().find(|s| s.0 == solutions[0]).expect("the key was scored");
    let (now_net, reply) = (key.1, key.2);
    let decoys = scored.iter().filter(|s| s.1 > 0 && !solutions.contains(&s.0)).count() as u32;
    let traps = scored.iter().filter(|s| s.1 >= now_net && !solutions.contains(&s.0)).count() as u32;
    let mine = |e: &Effect| if e.owner == mover { e.points } else { 0 };
    let need = target - scores[mover as usize];
    let mut winning: Vec<Move> = moves.iter().filter(|e| mine(e) > 0 && mine(e) >= need).map(|e| e.mv).collect();
    winning.sort();
    let scoring = moves.iter().filter(|e| mine(e) > 0).count() as u32;
    let first_win = moves.iter().find(|e| winning.first() == Some(&e.mv));
    let spare = first_win.map_or(0, |e| e.points - need);
    // A claim puts no piece in the gap on the board kept; its lines are the gap's.
    let winning_diagonals = first_win.map_or(0, |e| {
        let mut after = *cells;
        after[gap] = e.owner + 1;
        diagonal_gains(cells, if e.mv == Move::Claim { &after } else { &e.cells }, e.owner)
    });
    let most_now = moves.iter().map(|e| if e.owner == mover { e.points } else { -e.points }).max().unwrap_or(0);
    Ok(BestMoveFacts {
        solutions,
        best_net,
        now_net,
        most_now,
        reply: reply.map(|r| r.0),
        reply_net: reply.map_or(0, |r| r.1),
        reaches_target: now_net == WIN,
        legal_moves: moves.len() as u32,
        decoys,
        traps,
        winning,
        scoring,
        spare,
        winning_diagonals,
        solver_nodes: nodes,
    })
}

boardpress_game::facts_in_fields!(Move: BestMoveFacts);
