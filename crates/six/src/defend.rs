//! The exhaustive checker for SIX defend puzzles: each side's winning cells and the
//! opponent's possible forks read off one scan of the formations a token or two short
//! (on the tables of [`super::verify`]); the tests check it against brute force.

use super::position::{Move, SixPosition, Status};
use super::verify::{neighbours_taken, through_origin, within_neighbours, Table};
use crate::game::NotAPuzzle;
use crate::geom::hex::Axial;

/// The verified facts about a SIX round-one defend position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefendFacts {
    /// The saving placements, sorted.
    pub solutions: Vec<Move>,
    /// Legal placements of the side to move.
    pub legal_moves: u32,
    /// Placements that fail though they take a cell where the opponent would fork (the
    /// obvious defences that do not hold).
    pub decoys: u32,
    /// The cells where the opponent would make two winning cells at once, sorted.
    pub fork_cells: Vec<Axial>,
    /// After the (first) saving placement, the opponent's best try — the placement
    /// leaving him the most winning cells — and the cell that answers it (none when his
    /// best try leaves him nothing).
    pub best_try: Option<(Axial, Option<Axial>)>,
    /// Placements of the opponent examined to prove the answer (each with all his
    /// winning cells and the mover's).
    pub solver_nodes: u64,
}

/// A formation holding four tokens of one colour and two empty cells: its six cells and
/// the two empty ones (in order).
type NearFormation = ([Axial; 6], (Axial, Axial));

/// What one scan of `colour`'s formations a token or two short finds on a table with no
/// formation.
struct Near {
    /// The formations holding four tokens of `colour` and two empty cells. Every winning
    /// cell `colour` gains with one placement comes from one: the placement on one empty
    /// cell, the winning cell the other.
    pairs: Vec<NearFormation>,
    /// The cells where a token of `colour` completes a formation now (the empty cell of a
    /// formation holding five), sorted. Each touches its formation's tokens.
    wins: Vec<Axial>,
}

/// Every formation on `table` holding four or five tokens of `colour` and nothing of the
/// other colour, each found once, laid from its least own token (in the cells' order).
fn near_formations(table: &Table, colour: u8) -> Near {
    let mut pairs: Vec<NearFormation> = Vec::new();
    let mut wins: Vec<Axial> = Vec::new();
    let (within, taken, formations) = (within_neighbours(), neighbours_taken(), through_origin());
    for (token, _) in table.tokens().filter(|t| t.1 == colour) {
        // A formation through the token takes in some of its neighbours: none of them may
        // hold the other colour, or an own token before this one (it would be found
        // there), and with four own tokens, two of its cells are empty at most.
        let near = token.neighbours();
        let (mut later, mut open) = (0u8, 0u8);
        for (i, n) in near.into_iter().enumerate() {
            match table.at(n) {
                None => open |= 1 << i,
                Some(c) if c == colour && n > token => later |= 1 << i,
                _ => {}
            }
        }
        'template: for &i in &within[(later | open) as usize] {
            // Three empty neighbours or more (`count_ones` is slow on baseline x86-64).
            let empty_near = taken[i as usize] & open;
            let but_lowest = empty_near & empty_near.wrapping_sub(1);
            if but_lowest & but_lowest.wrapping_sub(1) != 0 {
                continue;
            }
            let others = &formations[i as usize];
            let mut cells = [token; 6];
            let mut empty = [token; 2];
            let mut empties = 0;
            for (slot, o) in cells[1..].iter_mut().zip(others) {
                *slot = Axial { q: token.q + o.q, r: token.r + o.r };
                match table.at(*slot) {
                    // Laid from a lesser own token, it is found there.
                    Some(c) if c == colour && *slot > token => {}
                    None if empties < 2 => {
                        empty[empties] = *slot;
                        empties += 1;
                    }
                    _ => continue 'template,
                }
            }
            match empties {
                1 => wins.push(empty[0]),
                2 => {
                    let [x, y] = empty;
                    pairs.push((cells, (x.min(y), x.max(y))));
                }
                _ => {}
            }
        }
    }
    wins.sort_unstable();
    wins.dedup();
    Near { pairs, wins }
}

/// The cells where one placement could give two winning cells: each lies in the empty
/// pairs of two near formations (see [`near_formations`]) whose other empty cells
/// differ. Formations taking in `filled` (a cell since taken by the other colour) are
/// left out. Every fork cell is among them; sorted.
fn fork_candidates(near: &[NearFormation], filled: Option<Axial>) -> Vec<Axial> {
    let pairs: Vec<(Axial, Axial)> =
        near.iter().filter(|(cells, _)| filled.is_none_or(|f| !cells.contains(&f))).map(|n| n.1).collect();
    let mut out: Vec<Axial> = Vec::new();
    for (i, &(a, b)) in pairs.iter().enumerate() {
        for &(c, d) in &pairs[i + 1..] {
            if (a, b) == (c, d) {
                continue;
            }
            out.extend([a, b].into_iter().filter(|&x| x == c || x == d));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The opponent's placements on `table` (the opponent to place, no winning cell for
/// him yet) after which he has two winning cells or more and the mover none: each wins
/// in two, since one block cannot stop both and one's own token never completes the
/// other's formation. Only the candidates of `near` (his near formations) can be such;
/// the mover has no winning cell on `table` either (the caller checked). `open` are the
/// placements on `table`.
fn forks(table: &Table, opponent: u8, near: &[NearFormation], open: &[Axial], nodes: &mut u64) -> Vec<Axial> {
    let candidates = fork_candidates(near, None);
    if candidates.is_empty() {
        return Vec::new();
    }
    open.iter()
        .copied()
        .filter(|o| candidates.contains(o))
        .filter(|&o| forks_at(table, open, o, opponent, &[], nodes))
        .collect()
}

/// Whether the opponent's placement on `o` is such a fork. `open` are the placements
/// on `table`, `mover_wins` the mover's winning cells there (the opponent's token can
/// only take one away). As the opponent has no winning cell on `table`, a new one makes
/// a formation with `o`: only such formations are tried.
fn forks_at(table: &Table, open: &[Axial], o: Axial, opponent: u8, mover_wins: &[Axial], nodes: &mut u64) -> bool {
    *nodes += 1;
    if mover_wins.iter().any(|&w| w != o) {
        return false;
    }
    let after = table.with(o, opponent);
    let two_wins = after.placements_after(open, o).filter(|&c| after.completes_with(c, opponent, o)).nth(1).is_some();
    two_wins
}

/// Checks a round-one position as a defend puzzle: the side to move cannot win now, the
/// opponent has no winning cell now but threatens a win in two (a placement making two
/// winning cells), and exactly one placement (or several, for `any`) leaves him neither
/// a winning cell nor such a fork. Errors say why the position is not such a puzzle.
pub fn check_defend(pos: &SixPosition) -> Result<DefendFacts, NotAPuzzle> {
    let (table, found) = search_defend(Table::clean(pos), None, usize::MAX)?;
    let DefendSearch { solutions, legal_moves, decoys, fork_cells, nodes } = found;
    let (mover, opponent) = (pos.to_move(), 1 - pos.to_move());
    let Move::Place(key) = solutions[0] else { unreachable!("round one moves are placements") };
    let after = table.with(key, mover);
    // After the save he has no winning cell (one's own token never completes the
    // other's formation), so each he gains with a placement takes it in.
    let best_try = after
        .placements()
        .into_iter()
        .map(|o| {
            let next = after.with(o, opponent);
            let cells: Vec<Axial> =
                next.placements().into_iter().filter(|&c| next.completes_with(c, opponent, o)).collect();
            (cells.len(), o, cells.first().copied())
        })
        .max_by_key(|t| t.0)
        .map(|(_, o, answer)| (o, answer));
    Ok(DefendFacts { solutions, legal_moves, decoys, fork_cells, best_try, solver_nodes: nodes })
}

/// How many placements save in a defend puzzle ([`check_defend`] without explaining the
/// key), counting no further than `enough`: what the generator asks before it keeps a
/// position. A position where he has no two near formations sharing an empty cell is
/// turned down first, whatever else is wrong with it; once `enough` placements save,
/// the count is returned without looking further (nor for what else is wrong). The
/// engine's word that the game is still going on is taken (no formation scan): the
/// generator's positions come from its own games, and the final check scans.
pub fn defend_saving_count(pos: &SixPosition, enough: usize) -> Result<usize, NotAPuzzle> {
    // His forks come from his near formations: without two that share an empty cell,
    // there is nothing to defend against, whatever else the position holds.
    let his = near_formations(&Table::of(pos), 1 - pos.to_move());
    if fork_candidates(&his.pairs, None).is_empty() {
        return Err(NotAPuzzle::from("the opponent threatens no win in two"));
    }
    search_defend(Table::trusted(pos), Some(his), enough).map(|(_, found)| found.solutions.len())
}

/// What the defend search finds: the saving placements and the figures.
struct DefendSearch {
    solutions: Vec<Move>,
    legal_moves: u32,
    decoys: u32,
    fork_cells: Vec<Axial>,
    nodes: u64,
}

/// The search of [`check_defend`] on `table` (a [`Table::clean`] one, or a
/// [`Table::trusted`] one when screening): every placement, and his forks after it. With
/// `enough` saving placements found, it stops and returns them (the other figures then
/// unfinished).
fn search_defend(table: Table<'_>, his: Option<Near>, enough: usize) -> Result<(Table<'_>, DefendSearch), NotAPuzzle> {
    let pos = table.pos;
    if pos.status() != Status::Ongoing || !table.clean {
        return Err(NotAPuzzle::from("the game is already over in this position"));
    }
    let mover = pos.to_move();
    let opponent = 1 - mover;
    if pos.round() != 1 || pos.hands()[mover as usize] < 2 || pos.hands()[opponent as usize] < 2 {
        return Err(NotAPuzzle::from("defend puzzles are round-one puzzles with two tokens in each hand"));
    }
    let legal = table.placements();
    let mine = near_formations(&table, mover);
    let his = his.unwrap_or_else(|| near_formations(&table, opponent));
    if !mine.wins.is_empty() {
        return Err(NotAPuzzle::from("the side to move can win at once"));
    }
    if !his.wins.is_empty() {
        return Err(NotAPuzzle::from("the opponent threatens to win at once (a block puzzle, not a defence)"));
    }
    let (mine, near) = (mine.pairs, his.pairs);
    let mut nodes = 0u64;
    let base = fork_candidates(&near, None);
    if base.is_empty() {
        return Err(NotAPuzzle::from("the opponent threatens no win in two"));
    }
    let mut solutions = Vec::new();
    for &m in &legal {
        // One's own token never completes the other's formation, so after `m` he still
        // has no winning cell; his near formations are those without `m`, and a fork of
        // his is a placement `o` shared by two of them whose other empty cells differ:
        // it gives him two winning cells (each other empty cell touches the formation's
        // tokens, so it is a placement). Unless `m` is in one of them, those are the
        // candidates found before `m`. A candidate is a placement if it was one before
        // or touches `m`.
        let in_near = near.iter().any(|(cells, _)| cells.contains(&m));
        let narrowed;
        let candidates: &[Axial] = if in_near {
            narrowed = fork_candidates(&near, Some(m));
            &narrowed
        } else {
            &base
        };
        // The mover's winning cells after `m`: the other empty cell of each of his near
        // formations that takes in `m` (he had none before). His fork at `o` stands
        // unless one of them is not `o` (his token on `o` blocks one at most).
        let mut mover_wins = mine.iter().filter_map(|(_, (x, y))| match (*x == m, *y == m) {
            (true, _) => Some(*y),
            (_, true) => Some(*x),
            _ => None,
        });
        let first_win = mover_wins.next();
        let two_wins = mover_wins.any(|w| Some(w) != first_win);
        let saved = !candidates
            .iter()
            .filter(|&&o| o != m && (legal.binary_search(&o).is_ok() || m.neighbours().contains(&o)))
            .any(|&o| {
                nodes += 1;
                !two_wins && first_win.is_none_or(|w| w == o)
            });
        if saved {
            solutions.push(Move::Place(m));
            if solutions.len() == enough {
                let (legal_moves, fork_cells) = (legal.len() as u32, Vec::new());
                return Ok((table, DefendSearch { solutions, legal_moves, decoys: 0, fork_cells, nodes }));
            }
        }
    }
    let fork_cells = forks(&table, opponent, &near, &legal, &mut nodes);
    if fork_cells.is_empty() {
        return Err(NotAPuzzle::from("the opponent threatens no win in two"));
    }
    // The obvious defences that fail: fork cells (all placements) that do not save.
    let decoys = fork_cells.iter().filter(|&&c| !solutions.contains(&Move::Place(c))).count() as u32;
    if solutions.is_empty() {
        return Err(NotAPuzzle::from("no placement stops every threat"));
    }
    if solutions.len() == legal.len() {
        return Err(NotAPuzzle::from("every placement stops every threat"));
    }
    let legal_moves = legal.len() as u32;
    Ok((table, DefendSearch { solutions, legal_moves, decoys, fork_cells, nodes }))
}

boardpress_game::facts_in_fields!(Move: DefendFacts);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::attempt_defend;
    use crate::position::random_round_one_games;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// The saving placements by brute force: every placement, then every reply of his,
    /// each read by a whole scan of every placement for both sides' winning cells.
    fn saving_by_brute_force(pos: &SixPosition) -> Vec<Move> {
        let table = Table::of(pos);
        let (mover, opponent) = (pos.to_move(), 1 - pos.to_move());
        let wins_of = |t: &Table, colour: u8| t.placements().into_iter().filter(|&c| t.completes(c, colour)).count();
        table
            .placements()
            .into_iter()
            .filter(|&m| {
                let after = table.with(m, mover);
                wins_of(&after, opponent) == 0
                    && !after.placements().into_iter().any(|o| {
                        let next = after.with(o, opponent);
                        wins_of(&next, opponent) >= 2 && wins_of(&next, mover) == 0
                    })
            })
            .map(Move::Place)
            .collect()
    }

    /// Compares the defend search with the brute force on `pos`; whether it was a
    /// position the search takes as a puzzle.
    fn agrees(pos: &SixPosition) -> bool {
        // The scan's winning cells are the cells where a token completes a formation.
        let table = Table::clean(pos);
        if table.clean {
            for colour in 0..2 {
                let open = table.placements();
                assert_eq!(near_formations(&table, colour).wins, table.winning_among(&open, colour));
            }
        }
        match search_defend(Table::clean(pos), None, usize::MAX) {
            Ok((_, found)) => {
                assert_eq!(found.solutions, saving_by_brute_force(pos), "{:?}", pos.tokens());
                true
            }
            Err(e) if e.0.starts_with("no placement") => {
                assert!(saving_by_brute_force(pos).is_empty(), "{:?}", pos.tokens());
                false
            }
            Err(e) if e.0.starts_with("every placement") => {
                assert_eq!(saving_by_brute_force(pos).len(), Table::of(pos).placements().len(), "{:?}", pos.tokens());
                false
            }
            Err(_) => false,
        }
    }

    /// The defend search reads winning cells and forks off near formations; it agrees
    /// with the brute force on every position of twenty random round-one games, and on
    /// the positions the generator offers (placements next to one's own tokens, denser
    /// shapes).
    #[test]
    fn the_defend_search_agrees_with_brute_force() {
        let mut rng = ChaCha8Rng::seed_from_u64(15);
        let mut puzzles = 0;
        random_round_one_games(&mut rng, 20, |pos| puzzles += agrees(pos) as u32);
        for _ in 0..150 {
            if let Some(pos) = attempt_defend(false, &mut rng) {
                puzzles += agrees(&pos) as u32;
            }
        }
        assert!(puzzles >= 100, "too few puzzles tried: {puzzles}");
    }
}
