//! How a person solves an EL puzzle — the model that sets the grades (docs/grades.md, "How grades
//! are set"). A person scans for the lines and Ls that are nearly done and looks at the
//! ones holding most of his own numbers first; the grade counts the other cells that
//! look at least as promising as the answer and must be dismissed before it is found.
//! The glance solver of [`crate::game::glance`] checks these grades independently.

use super::position::{ElPosition, Move};

/// The cell's best look as a finishing cell: the most of the mover's numbers among the
/// other cells of a line or L that this cell alone leaves open, if any.
fn finishing_look(pos: &ElPosition, cell: usize) -> Option<u32> {
    let rules = pos.rules();
    let mine = pos.cells_of_player(pos.to_move());
    rules.through_cell[cell]
        .iter()
        .map(|&pi| rules.placements[pi as usize] & !(1u128 << cell))
        .filter(|others| others & !pos.filled() == 0)
        .map(|others| (others & mine).count_ones())
        .max()
}

/// Whether a line or L could still be finished with the numbers written on it: no number
/// twice, and some target set holds them all with as many numbers missing as it has
/// empty cells — what a person reading the numbers sees at once.
fn live(pos: &ElPosition, placement: u128) -> bool {
    let empty = placement & !pos.filled();
    let mut values = 0u16;
    for c in super::shapes::cells_of(placement & pos.filled()) {
        let bit = 1u16 << pos.mark(c).map_or(0, |m| m.number);
        if values & bit != 0 {
            return false;
        }
        values |= bit;
    }
    pos.rules()
        .target_sets
        .iter()
        .any(|&set| set & values == values && (set & !values).count_ones() == empty.count_ones())
}

/// Whether the mover would own `placement` once its empty cells are his.
fn would_own(pos: &ElPosition, placement: u128) -> bool {
    let mover = pos.to_move();
    let mut counts = [0u32; 4];
    for (q, count) in counts.iter_mut().enumerate().take(pos.params().players as usize) {
        *count = (placement & pos.cells_of_player(q as u8)).count_ones();
    }
    counts[mover as usize] += (placement & !pos.filled()).count_ones();
    super::position::majority(&counts, pos.params().players) == Some(mover)
}

/// Win in one: the steps a person takes before the answer, weighing what two ways of
/// looking see (docs/grades.md, "How grades are set"):
///
/// * 2 × the rivals of the eye that goes by how full a line or L is: twice the empty
///   cells (other than the answers') that finish a line or L holding more of the
///   mover's numbers than the answer's best, plus those holding as many;
/// * 4 × the cells (other than the answers') that finish a live line or L — its numbers
///   right — that the mover would not own: the colours must be counted to dismiss it;
/// * 3 × the live lines and Ls two short (not only on the answers' cells) holding at
///   least as many of the mover's numbers as the answer's: they look as nearly done.
pub fn win_in_one_rivals(pos: &ElPosition, solutions: &[Move]) -> u32 {
    let [full_looking, wrong_colours, nearly_done] = win_in_one_parts(pos, solutions);
    2 * full_looking + 4 * wrong_colours + 3 * nearly_done
}

/// The three counts [`win_in_one_rivals`] weighs: the full-looking cells (twice those
/// with more of the mover's numbers), the cells finishing a line or L with the numbers
/// right and the colours not, and the live lines and Ls two short.
pub fn win_in_one_parts(pos: &ElPosition, solutions: &[Move]) -> [u32; 3] {
    let rules = pos.rules();
    let empty = pos.empty();
    let mine = pos.cells_of_player(pos.to_move());
    let answer_cells = solutions.iter().fold(0u128, |m, s| m | 1u128 << s.cell);
    let answer = solutions.iter().filter_map(|m| finishing_look(pos, m.cell as usize)).max().unwrap_or(0);
    let mut full_looking = 0;
    let mut wrong_colours = 0;
    for cell in super::shapes::cells_of(empty & !answer_cells) {
        match finishing_look(pos, cell) {
            Some(look) if look > answer => full_looking += 2,
            Some(look) if look == answer => full_looking += 1,
            _ => {}
        }
        let finished_here = rules.through_cell[cell].iter().map(|&pi| rules.placements[pi as usize]);
        if finished_here.filter(|&p| p & empty == 1u128 << cell).any(|p| live(pos, p) && !would_own(pos, p)) {
            wrong_colours += 1;
        }
    }
    // The answer's own count among the live lines and Ls it finishes.
    let answer_own = rules
        .placements
        .iter()
        .filter(|&&p| p & empty != 0 && p & empty & !answer_cells == 0 && live(pos, p))
        .map(|&p| (p & mine).count_ones())
        .max()
        .unwrap_or(0);
    let nearly_done = rules
        .placements
        .iter()
        .filter(|&&p| {
            let holes = p & empty;
            holes.count_ones() == 2 && holes & !answer_cells != 0 && (p & mine).count_ones() >= answer_own
        })
        .filter(|&&p| live(pos, p))
        .count() as u32;
    [full_looking, wrong_colours, nearly_done]
}

/// The cell's look to a defender: the most of the opponent's numbers in a line or L
/// through it that is nearly done (two empty cells at most, this one included).
fn threatening_look(pos: &ElPosition, cell: usize) -> u32 {
    let rules = pos.rules();
    let his = pos.cells_of_player(1 - pos.to_move());
    rules.through_cell[cell]
        .iter()
        .map(|&pi| rules.placements[pi as usize])
        .filter(|p| (p & !pos.filled()).count_ones() <= 2)
        .map(|p| (p & his).count_ones())
        .max()
        .unwrap_or(0)
}

/// Defend: a defender looks first where the opponent's nearly done lines and Ls hold the
/// most of his numbers. Twice the empty cells (other than the saving ones) whose look is
/// more threatening than the saving cell's best, plus those as threatening: each is a
/// spot he blocks in vain before he finds the one that holds.
pub fn defend_rivals(pos: &ElPosition, saving_cells: &[u8]) -> u32 {
    let answer = saving_cells.iter().map(|&c| threatening_look(pos, c as usize)).max().unwrap_or(0);
    super::shapes::cells_of(pos.empty())
        .filter(|&c| !saving_cells.contains(&(c as u8)))
        .map(|c| match threatening_look(pos, c) {
            look if look > answer => 2,
            look if look == answer => 1,
            _ => 0,
        })
        .sum()
}

/// How a cell pulls the eye of a person hunting a fork: the lines and Ls through it that
/// are nearly done — written but for this cell (counted twice: one gap stands out at
/// once) or but for this cell and one more.
fn pull(pos: &ElPosition, cell: usize) -> (u32, bool) {
    let rules = pos.rules();
    let k = rules.params.length as u32;
    let filled = pos.filled();
    let (mut two_gaps, mut one_gap) = (0, 0);
    for &pi in &rules.through_cell[cell] {
        let written = (rules.placements[pi as usize] & !(1u128 << cell) & filled).count_ones();
        if written == k - 1 {
            one_gap += 1;
        } else if written + 2 == k {
            two_gaps += 1;
        }
    }
    (two_gaps + 2 * one_gap, one_gap > 0)
}

/// Win in two: what a person must look past before the key cell. He looks first where
/// nearly done lines and Ls cross, and tries the cells where a number of his would make
/// a threat. The count is twice the cells (other than the keys) that pull the eye more
/// than the key does, plus the cells other than the keys where a move of his makes a
/// threat (`threat_cells`: each must be tried and refuted), plus four when no key is
/// the only gap of a written line or L (a gap like that is seen first; a key that is
/// not must be found among the crossings).
pub fn win_in_two_rivals(pos: &ElPosition, key_cells: &[u8], threat_cells: u32) -> u32 {
    let (key_pull, lone_gap) =
        key_cells.iter().map(|&c| pull(pos, c as usize)).fold((0, false), |(p, g), (q, h)| (p.max(q), g || h));
    let stronger = super::shapes::cells_of(pos.empty())
        .filter(|&c| !key_cells.contains(&(c as u8)) && pull(pos, c).0 > key_pull)
        .count() as u32;
    2 * stronger + threat_cells + if lone_gap { 0 } else { 4 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{rules_for, ElParams, Mark};

    /// Row a written but for its last cell (a6 on the default 6x6 board).
    fn row_with_a_gap() -> ElPosition {
        let rules = rules_for(&ElParams::default());
        let mut marks = vec![None; rules.params.cells()];
        for (c, mark) in marks.iter_mut().enumerate().take(5) {
            *mark = Some(Mark { number: c as u8 + 1, player: (c % 2) as u8 });
        }
        ElPosition::from_marks(rules, &marks, 1).unwrap()
    }

    #[test]
    fn a_lone_gap_is_seen_first_and_outshines_the_rest() {
        let pos = row_with_a_gap();
        let empty_pulls: Vec<(usize, u32)> =
            crate::shapes::cells_of(pos.empty()).map(|c| (c, pull(&pos, c).0)).collect();
        // The row's gap is its only gap, and it pulls more than any other empty cell.
        assert!(pull(&pos, 5).1);
        assert!(empty_pulls.iter().all(|&(c, p)| c == 5 || p < pull(&pos, 5).0));
        // The gap as the key: nothing pulls more, no penalty; only the threat cells count.
        assert_eq!(win_in_two_rivals(&pos, &[5], 0), 0);
        assert_eq!(win_in_two_rivals(&pos, &[5], 3), 3);
        // A key far from the row (f6, pulled by nothing): every empty cell the row pulls
        // is a rival, and the key is no lone gap.
        assert_eq!(pull(&pos, 35).0, 0);
        let pulled = empty_pulls.iter().filter(|&&(_, p)| p > 0).count() as u32;
        assert!(pulled >= 3);
        assert_eq!(win_in_two_rivals(&pos, &[35], 1), 2 * pulled + 1 + 4);
        // On an empty board nothing pulls at all.
        let empty = ElPosition::new(pos.rules().clone());
        assert_eq!(win_in_two_rivals(&empty, &[14], 2), 6);
    }
}

#[cfg(test)]
mod win_in_one_tests {
    use super::*;
    use crate::game::{Generator, PuzzleSpec};
    use crate::ElParams;
    use crate::WinInOne;

    /// The cells "with the numbers right and the colours not", recounted with the engine:
    /// a number written there finishes an EL (a finished shape through the cell) that is
    /// not the mover's. And the steps are the parts weighed 2, 4, 3.
    #[test]
    fn wrong_colours_are_the_engines_other_els() {
        let generator = Generator::new(WinInOne::new(ElParams::default()), PuzzleSpec::new("wrong-colours"));
        let mut seen = 0;
        for p in generator.puzzles(300).unwrap() {
            let pos = &p.position;
            let mover = pos.to_move();
            let answers: Vec<u8> = p.facts.solutions.iter().map(|m| m.cell).collect();
            let engine = crate::shapes::cells_of(pos.empty())
                .filter(|&c| !answers.contains(&(c as u8)))
                .filter(|&c| {
                    (1..=pos.params().numbers).any(|number| {
                        let mut after = pos.clone();
                        after.play(Move { cell: c as u8, number }).is_ok()
                            && after
                                .finished_shapes()
                                .iter()
                                .any(|&(shape, owner)| shape >> c & 1 == 1 && owner != Some(mover))
                    })
                })
                .count() as u32;
            let parts = win_in_one_parts(pos, &p.facts.solutions);
            assert_eq!(parts[1], engine, "puzzle {}", p.number);
            assert_eq!(p.facts.rivals, 2 * parts[0] + 4 * parts[1] + 3 * parts[2]);
            seen += (engine > 0) as u32;
        }
        assert!(seen >= 10, "only {seen} puzzles with such cells");
    }
}
