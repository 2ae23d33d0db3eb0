//! The exhaustive checker for Gosforth puzzles: it finds the gap's neighbours itself and
//! scores every legal move by recomputing all 16 lines before and after (the sum of
//! max(0, v_after - v_before) over every line equals the rules' gain, because the vacated
//! cell can only shorten runs), independent of the engine's per-cell tables.

use super::position::{line_value, lines, GosforthPosition, Move, Stage, CELLS};

/// The verified facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestMoveFacts {
    /// The best move(s): the highest points for the mover minus points handed over.
    pub solutions: Vec<Move>,
    /// Its net value.
    pub best_net: i32,
    /// Whether the best move reaches the target.
    pub reaches_target: bool,
    /// Legal moves.
    pub legal_moves: u32,
    /// Other moves that also score for the mover (tempting, but less).
    pub decoys: u32,
    /// Every move that brings the mover to the target: each wins at once (RULES.md §4.5),
    /// sorted.
    pub winning: Vec<Move>,
    /// Moves that score for the mover, winning ones included.
    pub scoring: u32,
}

fn points(before: &[u8; CELLS], after: &[u8; CELLS], colour: u8) -> i32 {
    lines().iter().map(|l| line_value(after, l, colour).saturating_sub(line_value(before, l, colour)) as i32).sum()
}

/// Scores every legal move; errors say why the position is no puzzle.
pub fn check_best_move(pos: &GosforthPosition) -> Result<BestMoveFacts, String> {
    if pos.stage() != Stage::Movement || pos.status() != super::Status::Ongoing {
        return Err("not a movement-stage position in play".into());
    }
    let cells = pos.cells();
    let gap = cells.iter().position(|&c| c == 0).ok_or("no gap")?;
    let (gc, gr) = (gap % 5, gap / 5);
    let mover = pos.to_move();
    let mut scored: Vec<(Move, i32, i32)> = Vec::new(); // (move, mover points, opponent points)
    for (dc, dr) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
        let (c, r) = (gc as i32 + dc, gr as i32 + dr);
        if !(0..5).contains(&c) || !(0..5).contains(&r) {
            continue;
        }
        let from = (r * 5 + c) as usize;
        if pos.last_slid() == Some(from as u8) {
            continue;
        }
        let mut after = *cells;
        after[gap] = cells[from];
        after[from] = 0;
        let owner = cells[from] - 1;
        let p = points(cells, &after, owner);
        let (mine, theirs) = if owner == mover { (p, 0) } else { (0, p) };
        scored.push((Move::Slide(from as u8), mine, theirs));
    }
    if pos.claim_available() {
        let mut after = *cells;
        after[gap] = 2;
        let p = points(cells, &after, 1);
        if p > 0 {
            scored.push((Move::Claim, p, 0));
        }
    }
    let best_net = scored.iter().map(|&(_, m, t)| m - t).max().ok_or("no legal move")?;
    if best_net <= 0 {
        return Err("no move scores for the side to move".into());
    }
    let mut solutions: Vec<Move> = scored.iter().filter(|&&(_, m, t)| m - t == best_net).map(|s| s.0).collect();
    solutions.sort();
    let decoys =
        scored.iter().filter(|&&(mv, m, t)| m > 0 && m - t < best_net && !solutions.contains(&mv)).count() as u32;
    let best_points = scored.iter().find(|s| s.0 == solutions[0]).map_or(0, |s| s.1);
    let need = pos.target() as i32 - pos.scores()[mover as usize] as i32;
    let reaches_target = best_points >= need;
    let mut winning: Vec<Move> = scored.iter().filter(|&&(_, m, _)| m > 0 && m >= need).map(|s| s.0).collect();
    winning.sort();
    let scoring = scored.iter().filter(|&&(_, m, _)| m > 0).count() as u32;
    Ok(BestMoveFacts {
        solutions,
        best_net,
        reaches_target,
        legal_moves: scored.len() as u32,
        decoys,
        winning,
        scoring,
    })
}
