//! The exhaustive checker for EL puzzles. It trusts nothing the generator knows: it plays
//! every legal move of the side to move through `ElPosition::status_after` and records which
//! ones win, plus the difficulty figures.

use super::grading::win_in_one_rivals;
use super::position::{distinct_cells, Completions, ElPosition, Move, Status};
use super::shapes::cells_of;
use crate::game::NotAPuzzle;

/// The verified facts about a win-in-one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinInOneFacts {
    /// Every winning move, sorted.
    pub solutions: Vec<Move>,
    /// Empty cells on the board.
    pub empty_cells: u32,
    /// Legal moves of the side to move.
    pub legal_moves: u32,
    /// Tempting moves that fail, on cells other than the winning ones: they fill the last
    /// cell of a line or L but either the numbers are right and the colours are not
    /// (void, or the opponent's EL, which loses at once), or the colours are right and
    /// one number is repeated.
    pub decoys: u32,
    /// Cells that look at least as promising to a person as the answer (see
    /// [`super::grading::win_in_one_rivals`]): what the grade is cut on.
    pub rivals: u32,
}

/// Checks a position as a win-in-one puzzle by enumerating every legal move.
/// Errors say why the position is not a puzzle at all (game over, no winning move,
/// every move wins).
pub fn check_win_in_one(pos: &ElPosition) -> Result<WinInOneFacts, NotAPuzzle> {
    if pos.status() != Status::Ongoing {
        return Err(NotAPuzzle::from("the game is already over in this position"));
    }
    let mover = pos.to_move();
    let legal = pos.legal_moves();
    let mut solutions = Vec::new();
    let mut near_misses = Vec::new();
    // Every legal move is judged; the engine evaluates all numbers of a cell at once.
    let mut cell_cache: Option<(u8, [Status; 10], [Completions; 10], u16)> = None;
    for &mv in &legal {
        if cell_cache.as_ref().is_none_or(|c| c.0 != mv.cell) {
            let cell = mv.cell as usize;
            cell_cache = Some((
                mv.cell,
                pos.statuses_at(cell),
                pos.completions_at(cell, mover),
                repeated_number_near_misses(pos, cell),
            ));
        }
        let (_, outcomes, completions, repeats) = cell_cache.as_ref().expect("filled above");
        let n = mv.number as usize;
        match outcomes[n] {
            Status::Won(w) if w == mover => solutions.push(mv),
            Status::Won(_) => near_misses.push(mv),
            _ if completions[n].completed > 0 || repeats >> n & 1 == 1 => near_misses.push(mv),
            _ => {}
        }
    }
    // A wrong number on a winning cell is not a decoy: the cell is the answer.
    let decoys = near_misses.iter().filter(|m| !solutions.iter().any(|s| s.cell == m.cell)).count() as u32;
    if solutions.is_empty() {
        return Err(NotAPuzzle::from("the side to move has no winning move"));
    }
    if solutions.len() == legal.len() {
        return Err(NotAPuzzle::from("every legal move wins"));
    }
    let rivals = win_in_one_rivals(pos, &solutions);
    Ok(WinInOneFacts {
        solutions,
        empty_cells: pos.empty().count_ones(),
        legal_moves: legal.len() as u32,
        decoys,
        rivals,
    })
}

/// The numbers (bit v = number v) that, written on the empty `cell` by the side to move,
/// fill the last cell of a placement the mover would hold by colour, whose numbers all
/// lie in one target set with exactly one of them repeated.
fn repeated_number_near_misses(pos: &ElPosition, cell: usize) -> u16 {
    let rules = pos.rules();
    let k = rules.params.length as u32;
    let bit = 1u128 << cell;
    let mover = pos.to_move();
    let mut numbers = 0u16;
    for &pi in &rules.through_cell[cell] {
        let others = rules.placements[pi as usize] & !bit;
        if others & !pos.filled() != 0 {
            continue;
        }
        let mine = (others & pos.cells_of_player(mover)).count_ones() + 1;
        if 2 * mine <= k {
            continue;
        }
        let values = cells_of(others).fold(0u16, |v, c| v | 1 << pos.mark(c).map_or(0, |m| m.number));
        if values.count_ones() != k - 2 {
            continue;
        }
        for &set in &rules.target_sets {
            if set & values == values {
                numbers |= set & !values;
            }
        }
    }
    numbers
}

/// The verified facts about an EL win-in-two position (two players); the threats are
/// cells, the rivals [`super::grading::win_in_two_rivals`].
pub type WinInTwoFacts = crate::game::WinInTwoFacts<Move, u8>;

/// What a two-player task (`task` names it in the message) asks of a position before
/// any search: two players, and the game still going on.
pub(super) fn two_players_still_playing(pos: &ElPosition, task: &str) -> Result<(), NotAPuzzle> {
    if pos.params().players != 2 {
        return Err(NotAPuzzle::from(format!("{task} puzzles are for two players")));
    }
    if pos.status() != Status::Ongoing {
        return Err(NotAPuzzle::from("the game is already over in this position"));
    }
    Ok(())
}

/// Checks a two-player position as a win-in-two puzzle by full search: every first move,
/// every reply, and a winning move after each reply. Reply order puts the opponent's own
/// wins first, so refutations are usually found at once; the key move's replies are
/// all searched. Errors say why the position is not a win-in-two puzzle.
pub fn check_win_in_two(pos: &ElPosition) -> Result<WinInTwoFacts, NotAPuzzle> {
    two_players_still_playing(pos, "win-in-two")?;
    let mover = pos.to_move();
    let opponent = 1 - mover;
    let legal = pos.legal_moves();
    let mut nodes = 0u64;
    if winning_move(pos).is_some() {
        return Err(NotAPuzzle::from("the side to move can win at once (a win-in-one, not a win-in-two)"));
    }
    let mut solutions = Vec::new();
    let mut decoys = 0;
    // The cells where some first move leaves the mover a threat.
    let mut threatening = 0u128;
    let mut key_figures: Option<(u32, u32, Vec<u8>)> = None;
    let mut outcomes_here: (u8, [Status; 10]) = (u8::MAX, [Status::Ongoing; 10]);
    for &first in &legal {
        nodes += 1;
        if outcomes_here.0 != first.cell {
            outcomes_here = (first.cell, pos.statuses_at(first.cell as usize));
        }
        if outcomes_here.1[first.number as usize] != Status::Ongoing {
            // It completes the opponent's EL, or fills the board.
            continue;
        }
        let mut after = pos.clone();
        after.play(first).map_err(|e| format!("engine refused a legal move: {e}"))?;
        let threats = after.threats(mover);
        let threat_cells = distinct_cells(&threats);
        if !threats.is_empty() {
            threatening |= 1u128 << first.cell;
        }
        let (refuted, replies, defensive) = refute(&after, mover, opponent, &threat_cells, &mut nodes);
        if refuted {
            if !threats.is_empty() {
                decoys += 1;
            }
            continue;
        }
        solutions.push(first);
        if key_figures.is_none() {
            key_figures = Some((replies, defensive, threat_cells));
        }
    }
    let Some((replies, defensive_replies, threat_cells)) = key_figures else {
        return Err(NotAPuzzle::from("no first move forces a win next turn"));
    };
    let key_cells = distinct_cells(&solutions);
    let decoy_cells = key_cells.iter().fold(threatening, |m, &c| m & !(1u128 << c)).count_ones();
    let rivals = super::grading::win_in_two_rivals(pos, &key_cells, decoy_cells);
    Ok(WinInTwoFacts::new(
        solutions,
        (legal.len() as u32, decoys, nodes),
        (replies, defensive_replies, threat_cells),
        rivals,
    ))
}

/// The side to move's first winning move in cell order, if any.
///
/// The candidates are the mover's threat set (every placement with one hole the mover
/// would own, RULES.md §3.5), which holds every winning move; each candidate is
/// confirmed by the engine's outcome of actually writing it.
pub fn winning_move(pos: &ElPosition) -> Option<Move> {
    let mover = pos.to_move();
    pos.threats(mover).into_iter().find(|&m| pos.status_after(m) == Status::Won(mover))
}

/// Searches the opponent's replies in `after` (the opponent to move) for one after which
/// `mover` has no winning move; blocks on the threatened cells are tried first. Returns
/// (refuted, replies searched, blocks among them).
fn refute(after: &ElPosition, mover: u8, opponent: u8, threat_cells: &[u8], nodes: &mut u64) -> (bool, u32, u32) {
    // The opponent's own immediate win refutes everything; look there first.
    if !after.threats(opponent).is_empty() {
        *nodes += 1;
        return (true, 1, 0);
    }
    let allowed = after.allowed_numbers(opponent);
    let blocks = threat_cells.iter().map(|&c| c as usize);
    let elsewhere = cells_of(after.empty()).filter(|c| !threat_cells.contains(&(*c as u8)));
    let mut searched = 0;
    let mut defensive = 0;
    for cell in blocks.chain(elsewhere) {
        let outcomes = after.statuses_at(cell);
        let is_block = threat_cells.contains(&(cell as u8));
        for number in (1..=after.params().numbers).filter(|&n| allowed >> n & 1 == 1) {
            *nodes += 1;
            searched += 1;
            defensive += is_block as u32;
            match outcomes[number as usize] {
                // Writing the missing number into the mover's EL completes it for him.
                Status::Won(w) if w == mover => continue,
                Status::Won(_) | Status::Drawn => return (true, searched, defensive),
                Status::Ongoing => {}
            }
            let mut next = after.clone();
            if next.play(Move { cell: cell as u8, number }).is_err() || winning_move(&next).is_none() {
                return (true, searched, defensive);
            }
            *nodes += 1;
        }
    }
    (false, searched, defensive)
}

boardpress_game::facts_in_fields!(Move: WinInOneFacts);
