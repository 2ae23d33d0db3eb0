//! The exhaustive checker for SIX puzzles. Formations are found by a whole-board scan
//! (every template laid on every own token), not by the engine's incremental
//! 36-placements-through-a-cell test, and every legal move of the side to move is tried.

use super::position::{templates, Move, SixPosition, Status};
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
}

/// Whether `colour` has a formation anywhere (whole-board scan).
pub fn has_formation(pos: &SixPosition, colour: u8) -> bool {
    let own: Vec<Axial> = pos.tokens().iter().filter(|t| t.1 == colour).map(|t| t.0).collect();
    templates().iter().any(|(_, cells)| {
        own.iter().any(|&base| {
            cells.iter().all(|c| {
                let at = Axial { q: base.q + c.q - cells[0].q, r: base.r + c.r - cells[0].r };
                pos.at(at) == Some(colour)
            })
        })
    })
}

/// Empty cells touching a token, found independently of the engine's frontier.
fn placements(pos: &SixPosition) -> Vec<Axial> {
    let mut out: Vec<Axial> =
        pos.tokens().iter().flat_map(|t| t.0.neighbours()).filter(|n| pos.at(*n).is_none()).collect();
    out.sort();
    out.dedup();
    out
}

/// The position after a round-one placement of the side to move (no legality checks).
fn placed(pos: &SixPosition, a: Axial) -> SixPosition {
    let mut tokens = pos.tokens().to_vec();
    tokens.push((a, pos.to_move()));
    let mut hands = pos.hands();
    hands[pos.to_move() as usize] -= 1;
    SixPosition::from_tokens(&tokens, hands, 1 - pos.to_move(), pos.round_two_plies())
}

/// The cells where the side to move in `pos` (round one) completes a formation now.
fn winning_cells(pos: &SixPosition) -> Vec<Axial> {
    placements(pos).into_iter().filter(|&a| has_formation(&placed(pos, a), pos.to_move())).collect()
}

/// Whether the side to move in `pos` (round one) can complete a formation now.
fn can_win_by_placing(pos: &SixPosition) -> bool {
    !winning_cells(pos).is_empty()
}

/// Checks a position for a task; errors say why it is not such a puzzle.
pub fn check_one_move(pos: &SixPosition, task: OneMoveTask) -> Result<OneMoveFacts, String> {
    if pos.status() != Status::Ongoing || has_formation(pos, 0) || has_formation(pos, 1) {
        return Err("the game is already over in this position".into());
    }
    let mover = pos.to_move();
    let mut solutions = Vec::new();
    let mut decoys = 0;
    let threats_before = if pos.round() == 1 { winning_cells(pos) } else { Vec::new() };
    let legal: Vec<Move> = if pos.round() == 1 {
        placements(pos).into_iter().map(Move::Place).collect()
    } else {
        if task == OneMoveTask::Block {
            return Err("block puzzles are round-one puzzles".into());
        }
        pos.legal_moves()
    };
    let wins_now = |mv: Move| -> (bool, SixPosition) {
        match mv {
            Move::Place(a) => {
                let next = placed(pos, a);
                (has_formation(&next, mover), next)
            }
            Move::Relocate { .. } => {
                let mut next = pos.clone();
                let _ = next.play(mv);
                let outnumbered = next.count(1 - mover) <= 5 && next.count(mover) > 5;
                (has_formation(&next, mover) || outnumbered, next)
            }
        }
    };
    for &mv in &legal {
        let (wins, next) = wins_now(mv);
        let solved = match task {
            OneMoveTask::WinInOne => wins,
            OneMoveTask::Block => !wins && !can_win_by_placing(&next),
        };
        if solved {
            solutions.push(mv);
        } else if pos.round() == 1 && next.hands()[mover as usize] > 0 {
            // Would the mover have a new winning cell next turn? (A threat of his own.)
            let again = SixPosition::from_tokens(next.tokens(), next.hands(), mover, 0);
            if winning_cells(&again).iter().any(|c| !threats_before.contains(c)) {
                decoys += 1;
            }
        }
    }
    if task == OneMoveTask::Block {
        if legal.iter().any(|&mv| wins_now(mv).0) {
            return Err("the side to move can win at once, so this is no blocking puzzle".into());
        }
        let threatened = SixPosition::from_tokens(pos.tokens(), pos.hands(), 1 - mover, 0);
        if !can_win_by_placing(&threatened) {
            return Err("the opponent threatens nothing".into());
        }
    }
    if solutions.is_empty() {
        return Err("no move solves the task".into());
    }
    if solutions.len() == legal.len() {
        return Err("every legal move solves the task".into());
    }
    solutions.sort();
    Ok(OneMoveFacts { solutions, legal_moves: legal.len() as u32, decoys })
}

/// The verified facts about a SIX round-one win-in-two position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinInTwoFacts {
    /// The key placements, sorted: after each, every reply leaves a winning cell.
    pub solutions: Vec<Move>,
    /// Legal placements of the side to move.
    pub legal_moves: u32,
    /// Refuted placements that leave the mover a winning cell (one threat, blocked).
    pub decoys: u32,
    /// Legal replies to the (first) key placement, every one refuted.
    pub replies: u32,
    /// Replies to the key placement on one of the cells it threatens (the blocks).
    pub defensive_replies: u32,
    /// Positions the search visited: first placements, replies, and the winning third
    /// placement found after each reply.
    pub solver_nodes: u64,
    /// The mover's winning cells after the (first) key placement, sorted.
    pub threat_cells: Vec<Axial>,
}

/// The side to move's winning placements in `pos` if it were `colour`'s turn.
fn wins_for(pos: &SixPosition, colour: u8) -> Vec<Move> {
    SixPosition::from_tokens(pos.tokens(), pos.hands(), colour, pos.round_two_plies()).winning_moves()
}

/// Checks a round-one position as a win-in-two puzzle by full search with the engine:
/// every placement, every reply (the opponent's own wins and the blocks first), and a
/// winning placement after each reply. The key line is then re-checked with the
/// whole-board formation scan of this module. Errors say why it is not such a puzzle.
pub fn check_win_in_two(pos: &SixPosition) -> Result<WinInTwoFacts, String> {
    if pos.status() != Status::Ongoing || has_formation(pos, 0) || has_formation(pos, 1) {
        return Err("the game is already over in this position".into());
    }
    let mover = pos.to_move();
    let opponent = 1 - mover;
    if pos.round() != 1 || pos.hands()[mover as usize] < 2 || pos.hands()[opponent as usize] < 1 {
        return Err("win-in-two puzzles are round-one puzzles with two tokens in the mover's hand".into());
    }
    if !pos.winning_moves().is_empty() {
        return Err("the side to move can win at once (a win-in-one, not a win-in-two)".into());
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
        return Err("no placement forces a win next turn".into());
    };
    // The key line again, with the whole-board scan instead of the engine's test.
    for (next, win) in &lines {
        let Move::Place(cell) = *win else { return Err("a round-one win must be a placement".into()) };
        if !has_formation(&placed(next, cell), mover) {
            return Err(format!("engine and scan disagree about a win at {cell:?}"));
        }
    }
    threat_cells.sort();
    solutions.sort();
    Ok(WinInTwoFacts {
        solutions,
        legal_moves: legal.len() as u32,
        decoys,
        replies,
        defensive_replies,
        solver_nodes: nodes,
        threat_cells,
    })
}
