//! SIX rules engine: RULES.md §2.7 fixtures, formation counts, random games in both rounds.

use crate::geom::hex::Axial;
use crate::position::{placements_through_origin, templates};
use crate::seed::{below, SeedSource};
use crate::{parse_position_id, position_id, Formation, Move, SixPosition, Status, WinKind};
use std::collections::BTreeSet;

fn a(q: i32, r: i32) -> Axial {
    Axial { q, r }
}

/// Round-one position from red and black cells, hands derived, side to move given.
fn round_one(red: &[(i32, i32)], black: &[(i32, i32)], to_move: u8) -> SixPosition {
    let tokens: Vec<(Axial, u8)> =
        red.iter().map(|&(q, r)| (a(q, r), 0)).chain(black.iter().map(|&(q, r)| (a(q, r), 1))).collect();
    SixPosition::from_tokens(&tokens, [21 - red.len() as u8, 21 - black.len() as u8], to_move, 0)
}

#[test]
fn start_position() {
    let start = SixPosition::start();
    assert_eq!(position_id(&start), "six:r=0,0:b=1,0:hand=20,20:r");
    assert_eq!(parse_position_id("six:r=0,0:b=1,0:hand=20,20:r").unwrap(), start);
    assert_eq!(start.legal_moves().len(), 8);
    assert_eq!(start.round(), 1);
}

#[test]
fn thirty_six_formation_placements_through_a_cell() {
    let p = placements_through_origin();
    let count = |k: Formation| p.iter().filter(|(kind, _)| *kind == k).count();
    assert_eq!((count(Formation::Line), count(Formation::Triangle), count(Formation::Circle)), (18, 12, 6));
    let distinct: BTreeSet<Vec<Axial>> = p
        .iter()
        .map(|(_, others)| {
            let mut v: Vec<Axial> = others.to_vec();
            v.push(a(0, 0));
            v.sort();
            v
        })
        .collect();
    assert_eq!(distinct.len(), 36);
    assert_eq!(templates().len(), 6);
}

#[test]
fn circles_win_whatever_is_in_the_centre() {
    let ring: Vec<(i32, i32)> = a(0, 0).neighbours().iter().map(|n| (n.q, n.r)).collect();
    // Five of the ring placed; red to move completes it on (1,0) (ring[0]).
    for centre in [None, Some(1u8), Some(0u8)] {
        let mut red: Vec<(i32, i32)> = ring[1..].to_vec();
        let mut black = vec![(-2, 0), (-3, 0), (-3, 1), (-2, 2)];
        match centre {
            Some(0) => red.push((0, 0)),
            Some(_) => black.push((0, 0)),
            None => {}
        }
        while black.len() < red.len() {
            let n = black.len() as i32;
            black.push((-3 - n, 1));
        }
        while red.len() > black.len() {
            black.push((-10, 0));
        }
        let pos = round_one(&red, &black, 0);
        let mut probe = pos.clone();
        assert_eq!(probe.placement_wins(a(1, 0)), Some(Formation::Circle), "centre {centre:?}");
    }
}

#[test]
fn lines_on_three_axes_triangles_and_a_seven_line() {
    for dir in [(1, 0), (0, 1), (1, -1)] {
        let red: Vec<(i32, i32)> = (0..5).map(|i| (dir.0 * i, dir.1 * i)).collect();
        let pos = round_one(&red, &[(-1, 1), (-2, 1), (-2, 2), (-3, 2), (-3, 3)], 0);
        assert_eq!(pos.clone().placement_wins(a(dir.0 * 5, dir.1 * 5)), Some(Formation::Line), "{dir:?}");
        assert_eq!(pos.clone().placement_wins(a(-dir.0, -dir.1)), Some(Formation::Line));
    }
    // Seven in a row also wins (a formation may be part of a bigger own group).
    let red: Vec<(i32, i32)> = [0, 1, 2, 4, 5, 6].iter().map(|&q| (q, 0)).collect();
    let pos = round_one(&red, &[(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1)], 0);
    assert_eq!(pos.clone().placement_wins(a(3, 0)), Some(Formation::Line));
    for (_, cells) in templates().into_iter().filter(|t| t.0 == Formation::Triangle) {
        let red: Vec<(i32, i32)> = cells[1..].iter().map(|c| (c.q, c.r)).collect();
        let black = [(-1, 0), (-2, 0), (-3, 0), (-4, 0), (-5, 0)];
        let pos = round_one(&red, &black, 0);
        assert_eq!(pos.clone().placement_wins(cells[0]), Some(Formation::Triangle));
    }
}

#[test]
fn placing_into_an_enclosed_hole_completes_a_circle() {
    // Centre (0,0) is black; five of its neighbours are red; the hole (1,0) is closed in.
    let ring: Vec<(i32, i32)> = a(0, 0).neighbours()[1..].iter().map(|n| (n.q, n.r)).collect();
    let pos = round_one(&ring, &[(0, 0), (2, 0), (2, -1), (1, 1), (3, 0)], 0);
    assert!(a(1, 0).neighbours().iter().all(|n| pos.at(*n).is_some()), "the hole is enclosed");
    let id = position_id(&pos);
    let mut parsed = parse_position_id(&id).unwrap();
    assert_eq!(parsed.play(Move::Place(a(1, 0))).unwrap(), Status::Won(0, WinKind::Formation(Formation::Circle)));
}

/// Row 0: q = 0..=10; row 1: q = 0..=5. Red lifts (7,0), cutting off q = 8..=10.
fn split_position(right: [u8; 3], row1: [u8; 6]) -> SixPosition {
    let mut row0 = vec![0u8, 1, 0, 1, 0, 1, 0, 0];
    row0.extend(right);
    let mut tokens: Vec<(Axial, u8)> = row0.iter().enumerate().map(|(q, &c)| (a(q as i32, 0), c)).collect();
    tokens.extend(row1.iter().enumerate().map(|(q, &c)| (a(q as i32, 1), c)));
    SixPosition::from_tokens(&tokens, [0, 0], 0, 0)
}

#[test]
fn round_two_split_seven_against_three_removes_the_three() {
    let pos = split_position([1, 0, 1], [1, 0, 1, 0, 1, 0]);
    assert_eq!(pos.status(), Status::Ongoing);
    let mut next = pos.clone();
    let mv = Move::Relocate { from: a(7, 0), keep: None, to: a(0, -1) };
    assert!(pos.legal_moves().contains(&mv));
    assert_eq!(next.play(mv).unwrap(), Status::Ongoing);
    assert_eq!(next.tokens().len(), 17 - 3);
    for q in 8..=10 {
        assert_eq!(next.at(a(q, 0)), None, "({q},0) was cut off");
    }
    assert_eq!(next.at(a(0, -1)), Some(0));
    // Re-placing on the origin is not allowed.
    assert!(!pos.legal_moves().contains(&Move::Relocate { from: a(7, 0), keep: None, to: a(7, 0) }));
}

#[test]
fn round_two_split_leaving_the_opponent_five_wins() {
    let pos = split_position([1, 1, 1], [0, 0, 1, 0, 0, 1]);
    assert_eq!(pos.count(1), 8);
    let mut next = pos.clone();
    let status = next.play(Move::Relocate { from: a(7, 0), keep: None, to: a(0, -1) }).unwrap();
    assert_eq!(next.count(1), 5);
    assert_eq!(status, Status::Won(0, WinKind::Outnumbered));
    assert!(pos.winning_moves().iter().any(|m| matches!(m, Move::Relocate { from, .. } if *from == a(7, 0))));
}

#[test]
fn round_two_tied_split_lets_the_mover_choose() {
    // A line of 13: six, the red bridge (6,0), six. Lifting the bridge ties 6 against 6.
    let colours = [0u8, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0];
    let tokens: Vec<(Axial, u8)> = colours.iter().enumerate().map(|(q, &c)| (a(q as i32, 0), c)).collect();
    let pos = SixPosition::from_tokens(&tokens, [0, 0], 0, 0);
    let keeps: BTreeSet<Option<Axial>> = pos
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Relocate { from, keep, .. } if from == a(6, 0) => Some(keep),
            _ => None,
        })
        .collect();
    assert_eq!(keeps, BTreeSet::from([Some(a(0, 0)), Some(a(7, 0))]));
    let mut right = pos.clone();
    right.play(Move::Relocate { from: a(6, 0), keep: Some(a(7, 0)), to: a(7, -1) }).unwrap();
    assert_eq!(right.at(a(0, 0)), None);
    assert_eq!(right.at(a(12, 0)), Some(0));
}

/// Red, who just moved, with one line: a finished game. (With a second line, no one token
/// finished both and the first ended the game: refused, in the boardpress crate's
/// `tests/refused_ids/six.txt`.)
#[test]
fn an_id_with_one_line_is_a_finished_game() {
    let black = "b=0,1;1,1;2,1;3,1;4,1;0,-1;1,-1;2,-1;3,-1;4,-1;0,3:hand=9,10:b";
    let one_line = format!("six:r=0,0;1,0;2,0;3,0;4,0;5,0;0,2;1,2;2,2;3,2;4,2;-1,3:{black}");
    assert!(parse_position_id(&one_line).is_ok_and(|p| p.status() != Status::Ongoing));
}

/// Random games through both rounds: no panics, IDs round-trip, the winning-move list
/// agrees with playing every move, and games end (formation, count, or the ply cap).
#[test]
fn random_games_in_both_rounds() {
    let seeds = SeedSource::new("test/six", "games");
    let mut reached_round_two = 0;
    for game in 0..24u64 {
        let mut rng = seeds.stream(game);
        let mut pos = SixPosition::start();
        let mut plies = 0;
        while pos.status() == Status::Ongoing && plies < 64 {
            let id = position_id(&pos);
            let parsed = parse_position_id(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(position_id(&parsed), id);
            let moves = pos.legal_moves();
            assert!(!moves.is_empty());
            let wins = pos.winning_moves();
            if plies % 5 == 0 || (pos.round() == 2 && plies % 3 == 0) {
                let by_play: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let mut n = pos.clone();
                        let s = n.play(m).unwrap();
                        matches!(s, Status::Won(w, _) if w == pos.to_move())
                    })
                    .collect();
                assert_eq!(wins, by_play, "{id}");
            }
            // Mostly avoid winning, so games reach round two.
            let pool: Vec<Move> = moves.iter().copied().filter(|m| !wins.contains(m)).collect();
            let pool = if pool.is_empty() || below(&mut rng, 10) == 0 { moves } else { pool };
            let mv = pool[below(&mut rng, pool.len() as u32) as usize];
            pos.play(mv).unwrap();
            plies += 1;
            if pos.round() == 2 && pos.round_two_plies() == 1 {
                reached_round_two += 1;
            }
            assert!(pos.tokens().len() <= 42);
        }
        // Where the game stopped (often a win) is a position a game reached.
        let id = position_id(&pos);
        assert_eq!(position_id(&parse_position_id(&id).unwrap_or_else(|e| panic!("{id}: {e}"))), id);
    }
    assert!(reached_round_two > 5, "round two reached in {reached_round_two} games");
}

/// The opponent's fork placements when it is his turn in `pos` (engine only): placements
/// after which he has two winning placements or more and the side then to move none.
fn engine_forks(pos: &SixPosition) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut after = pos.clone();
            after.play(m).unwrap() == Status::Ongoing && after.winning_moves().is_empty() && {
                let again = SixPosition::from_tokens(after.tokens(), after.hands(), pos.to_move(), 0);
                again.winning_moves().len() >= 2
            }
        })
        .collect()
}

/// Defend puzzles, re-checked with the engine alone (none of the checker's table code):
/// nobody wins at once, the opponent has a fork, the saving placement leaves him no win
/// and no fork, and every other placement leaves him one or the other.
#[test]
fn defend_puzzles_hold_by_the_engine() {
    use crate::game::{Generator, PuzzleSpec};
    use crate::Defend;
    let generator = Generator::new(Defend, PuzzleSpec::new("engine"));
    for p in generator.puzzles(8).unwrap() {
        let pos = &p.position;
        let mover = pos.to_move();
        assert!(pos.winning_moves().is_empty(), "puzzle {}: the mover cannot win now", p.number);
        let his_turn = SixPosition::from_tokens(pos.tokens(), pos.hands(), 1 - mover, 0);
        assert!(his_turn.winning_moves().is_empty(), "puzzle {}: no winning cell for him", p.number);
        assert!(!engine_forks(&his_turn).is_empty(), "puzzle {}: he threatens a fork", p.number);
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            assert_eq!(after.play(m).unwrap(), Status::Ongoing);
            let saved = after.winning_moves().is_empty() && engine_forks(&after).is_empty();
            assert_eq!(saved, p.facts.solutions.contains(&m), "puzzle {}: {m:?}", p.number);
        }
    }
}
