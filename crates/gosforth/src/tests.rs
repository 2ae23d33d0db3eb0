//! Gosforth rules engine: the scoring table of RULES.md §4.3 exhaustively, the §4.8
//! fixtures, and random games.

use crate::geom::square::parse_cell;
use crate::notation::parse_board;
use crate::position::{gain, lines, Parts, CELLS};
use crate::seed::{below, SeedSource};
use crate::{parse_position_id, position_id, GosforthPosition, Move, Stage, Status};

fn cell(name: &str) -> u8 {
    parse_cell(5, name).unwrap() as u8
}

/// A movement-stage position whose scores are what the lines are worth (the least a
/// game can have scored with this board).
fn movement(board: &str, last: Option<&str>, claim: bool, to_move: u8) -> GosforthPosition {
    let cells = parse_board(board).unwrap();
    let worth = |c: u8| lines().iter().map(|l| crate::position::line_value(&cells, l, c)).sum();
    GosforthPosition::from_parts(Parts {
        cells,
        scores: [worth(0), worth(1)],
        stage: Stage::Movement,
        last_slid: last.map(cell),
        claim_available: claim,
        to_move,
        target: 12,
        movement_plies: 0,
    })
}

#[test]
fn sixteen_lines_28_fours_12_fives() {
    let l = lines();
    assert_eq!(l.len(), 16);
    let fours: usize = l.iter().map(|line| line.len() - 3).sum();
    let fives: usize = l.iter().map(|line| line.len() - 4).sum();
    assert_eq!((fours, fives), (28, 12));
}

/// Reference: v = max(0, longest run - 3) from a pattern string.
fn v(pattern: &[u8]) -> u8 {
    let mut best = 0;
    let mut run = 0;
    for &c in pattern {
        if c == 1 {
            run += 1;
            best = best.max(run);
        } else {
            run = 0;
        }
    }
    (best as u8).saturating_sub(3)
}

/// Every pattern of the bottom row (x, o or empty in each of 5 cells) and every empty
/// cell in it: the engine's gain for an X arriving equals v(after) - v(before).
#[test]
fn scoring_table_for_every_five_cell_pattern() {
    let mut checked = 0;
    for code in 0..243u32 {
        let mut row = [0u8; 5];
        let mut n = code;
        for c in row.iter_mut() {
            *c = (n % 3) as u8;
            n /= 3;
        }
        for k in 0..5 {
            if row[k] != 0 {
                continue;
            }
            let mut before = [0u8; CELLS];
            before[..5].copy_from_slice(&row);
            let mut after = before;
            after[k] = 1;
            let expected = v(&after[..5]).saturating_sub(v(&before[..5]));
            assert_eq!(gain(&before, &after, k, 0), expected, "row {row:?} + x at {k}");
            checked += 1;
        }
    }
    assert_eq!(checked, 405);
    // The rules' own examples (X = 1).
    let examples: [([u8; 5], usize, u8); 5] = [
        ([1, 1, 1, 0, 0], 3, 1),
        ([1, 1, 1, 1, 0], 4, 1),
        ([1, 1, 0, 1, 1], 2, 2),
        ([1, 1, 1, 0, 1], 3, 2),
        ([1, 1, 0, 1, 0], 2, 1),
    ];
    for (row, k, points) in examples {
        let mut before = [0u8; CELLS];
        before[..5].copy_from_slice(&row);
        let mut after = before;
        after[k] = 1;
        assert_eq!(gain(&before, &after, k, 0), points, "{row:?} at {k}");
    }
}

#[test]
fn a_placement_making_a_row_and_a_diagonal_four_scores_two() {
    // X on b1 c1 d1 (row 1) and b2 c3 d4 (the long diagonal): X on a1 makes both fours.
    let mut cells = parse_board("...../...x./..x../.x.../.xxx.").unwrap();
    let before = cells;
    cells[cell("a1") as usize] = 1;
    assert_eq!(gain(&before, &cells, cell("a1") as usize, 0), 2);
    // Through the placing stage: X to move with 6 placed each.
    let id = "gosforth:o.o.o/o..x./..x.o/.x..o/.xxx.:0-0:place:-:x:12";
    let mut pos = parse_position_id(id).unwrap();
    assert_eq!(pos.play(Move::Place(cell("a1"))).unwrap(), (0, 2));
    assert_eq!(pos.scores(), [2, 0]);
}

#[test]
fn sliding_an_opponents_piece_scores_for_the_opponent() {
    // O holds a2 b2 c2; the gap is d2; the O piece on d1 slides up into d2: O's four.
    let pos = movement("xoxox/oxoxo/xxoxx/ooo.x/xoxox", None, false, 0);
    assert_eq!(pos.gap(), Some(cell("d2")));
    let (next, who, pts) = pos.after(Move::Slide(cell("d1")));
    assert_eq!((who, pts), (1, 1), "X slid O's piece and O scores");
    assert_eq!(next.scores(), [0, 1]);
    assert_eq!(next.last_slid(), Some(cell("d2")));
}

#[test]
fn corner_gap_with_the_last_slid_neighbour_leaves_one_move() {
    // Gap a1; its neighbours are a2 and b1; b1 was just slid there by the opponent.
    let pos = movement("xoxox/oxoxo/xoxox/oxoxo/.xoxo", Some("b1"), false, 0);
    assert_eq!(pos.legal_moves(), vec![Move::Slide(cell("a2"))]);
    let id = position_id(&pos);
    assert_eq!(parse_position_id(&id).unwrap(), pos);
}

#[test]
fn o_claims_when_the_gap_would_complete_xxx_dot_x_then_x_slides_unrestricted() {
    // O holds a1 b1 c1 e1, the gap is d1: an O piece there makes five (from no four): +2.
    let board = "xoxxo/xoxox/oxoxo/xxoxx/ooo.o";
    let cells = parse_board(board).unwrap();
    assert_eq!(cells.iter().filter(|&&c| c == 1).count(), 12);
    let pos = movement(board, None, true, 1);
    assert_eq!(pos.claim_points(), 2);
    assert!(pos.legal_moves().contains(&Move::Claim));
    let (next, who, pts) = pos.after(Move::Claim);
    // X's lines are worth 1 (his four in column a), O's nothing before the claim.
    assert_eq!((who, pts, next.scores()), (1, 2, [1, 2]));
    assert_eq!(next.to_move(), 0);
    assert_eq!(next.last_slid(), None);
    assert_eq!(next.legal_moves(), vec![Move::Slide(cell("c1")), Move::Slide(cell("e1")), Move::Slide(cell("d2"))]);
    // The ID says "claim" while the claim is open.
    assert!(position_id(&pos).contains(":claim:"));
}

#[test]
fn the_placing_stage_hands_over_to_o() {
    let mut pos = GosforthPosition::new(12);
    let seeds = SeedSource::new("test/gosforth", "hand-over");
    let mut rng = seeds.stream(0);
    for _ in 0..24 {
        let moves = pos.legal_moves();
        pos.play(moves[below(&mut rng, moves.len() as u32) as usize]).unwrap();
        if pos.status() != Status::Ongoing {
            return;
        }
    }
    assert_eq!(pos.stage(), Stage::Movement);
    assert_eq!(pos.to_move(), 1, "O placed the 24th piece and acts first");
}

/// Scores a game can reach are accepted: the last placer at the target, a slide's win.
/// (Scores none can reach are refused: the boardpress crate's
/// `tests/refused_ids/gosforth.txt`.)
#[test]
fn ids_with_reachable_scores_are_accepted() {
    assert!(parse_position_id("gosforth:....o/...../xxxx./...../o.o..:1-0:place:-:o:1").is_ok());
    assert!(parse_position_id("gosforth:xoxox/oxoxo/oxxoo/oxoxx/.oxox:19-1:move:a2:x:12").is_ok());
}

/// Random games: no panics, IDs round-trip, scores never fall, games end.
#[test]
fn random_games() {
    let seeds = SeedSource::new("test/gosforth", "games");
    let mut ended_by_target = 0;
    for game in 0..200u64 {
        let mut rng = seeds.stream(game);
        let mut pos = GosforthPosition::new(12);
        while pos.status() == Status::Ongoing {
            let id = position_id(&pos);
            let parsed = parse_position_id(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(parsed, pos, "{id}");
            let moves = pos.legal_moves();
            assert!(!moves.is_empty(), "{id}");
            let before = pos.scores();
            let mv = moves[below(&mut rng, moves.len() as u32) as usize];
            // The engine's fast scoring agrees with the array reference `gain`.
            let prior = pos;
            let (who, pts) = pos.play(mv).unwrap();
            if let Move::Slide(from) | Move::Place(from) = mv {
                let arrival = match mv {
                    Move::Slide(_) => prior.gap().unwrap() as usize,
                    _ => from as usize,
                };
                assert_eq!(pts, gain(prior.cells(), pos.cells(), arrival, who), "{id} {mv:?}");
            }
            assert!(pos.scores()[0] >= before[0] && pos.scores()[1] >= before[1]);
            assert!(pos.movement_plies() <= 200);
        }
        // The end position is one a game reached: its ID is accepted too.
        let id = position_id(&pos);
        assert_eq!(parse_position_id(&id).unwrap_or_else(|e| panic!("{id}: {e}")), pos, "{id}");
        if pos.scores().iter().any(|&s| s >= 12) {
            ended_by_target += 1;
        }
    }
    assert!(ended_by_target > 20, "{ended_by_target} of 200 games reached the target");
}
