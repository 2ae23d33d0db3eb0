//! EL rules engine: RULES.md §3.9 fixtures, caption fixtures, random-game properties.

use crate::geom::square::parse_cell;
use crate::notation::{parse_board, position_id, rules_for};
use crate::seed::{below, SeedSource};
use crate::{parse_position_id, ElParams, ElPosition, Move, Status};

fn base() -> ElParams {
    ElParams::default()
}

fn unchecked(board: &str, to_move: u8) -> ElPosition {
    let params = base();
    let marks = parse_board(&params, board).unwrap();
    ElPosition::from_marks_unchecked(rules_for(&params), &marks, to_move)
}

fn mv(cell: &str, number: u8) -> Move {
    Move { cell: parse_cell(6, cell).unwrap() as u8, number }
}

/// The real-game position of RULES.md §3.9 after Red's 2 at a4 (Blue to move).
/// Note: as printed there, the board holds 7 red and 7 blue numbers, so it cannot have
/// arisen with Red moving first; the claims are checked without the turn-order test.
const REAL_GAME_AFTER: &str = "1b5b5b.../3r...5b./2r1r3r5b6r./5r...3b./6r5b..../......";
const REAL_GAME_BEFORE: &str = "1b5b5b.../3r...5b./.1r3r5b6r./5r...3b./6r5b..../......";

#[test]
fn real_game_double_threat() {
    let before = unchecked(REAL_GAME_BEFORE, 0);
    assert!(before.threats(0).is_empty(), "Red had no win before the 2");
    assert!(before.threats(1).is_empty(), "Blue had no win before the 2");

    let after = unchecked(REAL_GAME_AFTER, 1);
    assert_eq!(after.status(), Status::Ongoing);
    assert_eq!(after.threats(0), vec![mv("a1", 4), mv("f4", 4)]);
    assert!(after.threats(1).is_empty(), "Blue has no winning move");
    // Every Blue reply leaves Red a win; a Blue 4 on a1 even completes Red's column
    // (and a Blue 4 on f4 Red's row): Red wins at once.
    for reply in after.legal_moves() {
        let mut next = after.clone();
        match next.play(reply).unwrap() {
            Status::Won(0) => assert!(reply == mv("a1", 4) || reply == mv("f4", 4)),
            Status::Ongoing => assert!(!next.threats(0).is_empty(), "{reply:?} stops Red"),
            other => panic!("{reply:?} gave {other:?}"),
        }
    }
}

#[test]
fn real_game_before_the_two_is_a_non_unique_win_in_two() {
    let before = unchecked(REAL_GAME_BEFORE, 0);
    let mut forcing = Vec::new();
    for first in before.legal_moves() {
        let mut after = before.clone();
        if after.play(first).unwrap() != Status::Ongoing || after.threats(0).is_empty() {
            continue;
        }
        let all_replies_lose = after.legal_moves().into_iter().all(|reply| {
            let mut next = after.clone();
            match next.play(reply).unwrap() {
                Status::Won(0) => true,
                Status::Ongoing => !next.threats(0).is_empty(),
                _ => false,
            }
        });
        if all_replies_lose {
            forcing.push(first);
        }
    }
    assert_eq!(forcing, vec![mv("a4", 2), mv("a4", 4), mv("f4", 2), mv("f4", 4)]);
}

#[test]
fn caption_fixture_winning_el_for_blue() {
    // Blue holds four of the bottom row's five written cells: 6 on f1 completes 1..6.
    let pos = unchecked("1r1r2r2r../....../....../....../....../3b4b5b1r2b.", 1);
    // The row itself, and the two Ls that use a1..e1 with one more cell above an end.
    assert_eq!(pos.threats(1), vec![mv("f1", 6), mv("a2", 6), mv("e2", 6)]);
    assert_eq!(pos.status_after(mv("f1", 6)), Status::Won(1));
    assert_eq!(pos.status_after(mv("f1", 5)), Status::Ongoing);
}

#[test]
fn caption_fixture_l_with_one_cell_foot_counts() {
    // a1..a5 up the left edge plus b1 (or b5): Ls whose short arm is one cell.
    let pos = unchecked("3b...../2r...../3r...../4b...../5r...../1r.....", 0);
    assert_eq!(pos.threats(0), vec![mv("b1", 6), mv("b5", 6)]);
}

#[test]
fn caption_fixture_repeated_number_fails() {
    // Bottom row 1 2 3 4 4: a number repeats, so no number on f1 completes an EL.
    let pos = unchecked("....../....../....../....../....../1r2r3r4r4b.", 0);
    assert!(pos.threats(0).is_empty());
    for n in 1..=6 {
        assert_eq!(pos.status_after(mv("f1", n)), Status::Ongoing);
    }
}

#[test]
fn caption_fixture_two_turns_is_not_an_el() {
    // An S shape a1 b1 b2 c2 c3 d3 holding 1..6, all red: connected, two turns, no EL.
    let full = unchecked("....../....../....../..5r6r../.3r4r.../1r2r....", 1);
    assert_eq!(full.status(), Status::Ongoing);
    let open = unchecked("....../....../....../..5r.../.3r4r.../1r2r....", 0);
    assert!(open.threats(0).is_empty());
}

#[test]
fn caption_fixture_three_three_is_void() {
    let pos = unchecked("....../....../....../....../....../1r2r3r4b5b.", 1);
    // Blue's 6 makes it three red, three blue: void, play goes on.
    assert_eq!(pos.status_after(mv("f1", 6)), Status::Ongoing);
    assert!(pos.threats(1).is_empty());
    // Red's 6 would make it four red: a win for Red.
    assert_eq!(pos.threats(0), vec![mv("f1", 6), mv("a2", 6), mv("e2", 6)]);
}

#[test]
fn completing_the_opponents_el_loses_and_both_colours_mover_wins() {
    // Bottom row is Blue's (four blue of five); 6 on f1 completes it.
    let row_only = unchecked("....../....../....../....../....../1b2b3b4b5r.", 0);
    assert_eq!(row_only.status_after(mv("f1", 6)), Status::Won(1), "Red completes Blue's EL: Blue wins");
    assert!(row_only.threats(0).is_empty());
    // Add a red column f2..f6 (1..5, four red): the same 6 on f1 completes both.
    let both_red = unchecked(".....5b/.....4r/.....3r/.....2r/.....1r/1b2b3b4b5r.", 0);
    assert_eq!(both_red.status_after(mv("f1", 6)), Status::Won(0), "mover owns one: mover wins");
    let both_blue = unchecked(".....5b/.....4r/.....3r/.....2r/.....1r/1b2b3b4b5r.", 1);
    assert_eq!(both_blue.status_after(mv("f1", 6)), Status::Won(1));
}

#[test]
fn balancing_rule_forces_reds_second_number() {
    let params = ElParams::parse("6x6,balance").unwrap();
    let mut pos = ElPosition::new(rules_for(&params));
    pos.play(mv("c3", 4)).unwrap();
    pos.play(mv("d3", 2)).unwrap();
    assert!(pos.legal_moves().iter().all(|m| m.number == 4));
    assert!(pos.check_legal(mv("a1", 3)).is_err());
    pos.play(mv("a1", 4)).unwrap();
    pos.play(mv("a2", 1)).unwrap();
    assert_eq!(pos.legal_moves().len(), 32 * 6);
    let id = position_id(&pos);
    assert_eq!(parse_position_id(&id).unwrap().legal_moves().len(), 32 * 6);
    assert!(parse_position_id("el:6x6,balance:....../....../....../....../....../3r4r1b2b..:r")
        .unwrap_err()
        .to_string()
        .contains("balancing rule"));
}

/// A finished line of Red's with Red to have moved last is a finished game. (With a second
/// line and Blue to have moved last, no one number finished both and the first ended the
/// game: refused, in the boardpress crate's `tests/refused_ids/el.txt`.)
#[test]
fn an_id_with_the_win_the_last_move_made_is_a_finished_game() {
    let one = "el:6x6:....../1b1b1b1b../....../1r2r3r4r5b./....../1r2r3r4r5b6b:b";
    assert!(parse_position_id(one).is_ok_and(|p| p.status() == Status::Won(0)));
}

#[test]
fn three_player_plurality() {
    let params = ElParams::parse("8x8,p3").unwrap();
    let rules = rules_for(&params);
    // a1..e1 = 1r 2r 3b 4g 5r: Red writing 6 on f1 has 4 of 6 (4-1-1): Red wins.
    let mut marks = vec![None; 64];
    for (i, (n, p)) in [(1, 0), (2, 0), (3, 1), (4, 2), (5, 0)].into_iter().enumerate() {
        marks[i] = Some(crate::Mark { number: n, player: p });
    }
    let pos = ElPosition::from_marks_unchecked(rules.clone(), &marks, 0);
    assert_eq!(pos.status_after(Move { cell: 5, number: 6 }), Status::Won(0));
    // Green writing it makes 3-1-2: Red owns it, the first owner after Green wins.
    let pos = ElPosition::from_marks_unchecked(rules, &marks, 2);
    assert_eq!(pos.status_after(Move { cell: 5, number: 6 }), Status::Won(0));
    assert_eq!(pos.threats(2), vec![]);
}

/// Plays random games in many variants: no panics, IDs round-trip after every move,
/// the threat scan agrees with exhaustive play, and games end.
#[test]
fn random_games_never_panic_and_ids_round_trip() {
    let variants =
        ["6x6", "8x8,n8", "7x7,n8,consecutive", "8x8,p3", "6x6,p2full,balance", "5x5,n5,p4", "6x6,n6,p3,snake"];
    let seeds = SeedSource::new("test/random-games", "property");
    for (vi, id) in variants.iter().enumerate() {
        let params = ElParams::parse(id).unwrap();
        for game in 0..40u64 {
            let mut rng = seeds.stream(vi as u64 * 1000 + game);
            let mut pos = ElPosition::new(rules_for(&params));
            loop {
                let id = position_id(&pos);
                let back = parse_position_id(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
                assert_eq!(position_id(&back), id);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    assert_ne!(pos.status(), Status::Ongoing);
                    break;
                }
                let mover = pos.to_move();
                let last_cell_wins = params.full_board_p2 && mover == 1 && pos.empty().count_ones() == 1;
                let exhaustive: Vec<Move> =
                    moves.iter().copied().filter(|&m| pos.status_after(m) == Status::Won(mover)).collect();
                if !last_cell_wins {
                    assert_eq!(pos.threats(mover), exhaustive, "{id}");
                }
                let m = moves[below(&mut rng, moves.len() as u32) as usize];
                let outcome = pos.play(m).unwrap();
                assert_eq!(pos.status(), outcome);
                assert!(pos.moves_made() as usize <= params.cells());
            }
        }
    }
}

/// Whether the side to move has a winning move, by trying every legal move.
fn wins_now(pos: &ElPosition) -> bool {
    let me = pos.to_move();
    pos.legal_moves().into_iter().any(|m| pos.status_after(m) == Status::Won(me))
}

/// Whether `first` forces a win for the side to move: every reply (blocks on his
/// threatened cells tried first, for speed only) leaves him a winning move.
fn forces(pos: &ElPosition, first: Move) -> bool {
    let attacker = pos.to_move();
    let mut after = pos.clone();
    if after.play(first).unwrap() != Status::Ongoing {
        return false;
    }
    let threatened: Vec<u8> = after.threats(attacker).iter().map(|m| m.cell).collect();
    let mut replies = after.legal_moves();
    replies.sort_by_key(|r| !threatened.contains(&r.cell));
    replies.into_iter().all(|r| match after.status_after(r) {
        Status::Won(w) => w == attacker,
        Status::Drawn => false,
        Status::Ongoing => {
            let mut next = after.clone();
            next.play(r).unwrap();
            wins_now(&next)
        }
    })
}

/// Defend puzzles, re-checked with the engine's moves and outcomes alone (none of the
/// checker's shortcuts): nobody wins at once, the opponent has a forcing move, and the
/// saving moves are exactly the quiet moves (no threat of the mover's) after which he
/// has neither a winning move nor a forcing one.
#[test]
fn defend_puzzles_hold_by_the_engine() {
    use crate::game::{Generator, PuzzleSpec};
    use crate::Defend;
    let generator = Generator::new(Defend::new(base()), PuzzleSpec::new("engine"));
    for p in generator.puzzles(2).unwrap() {
        let pos = &p.position;
        let mover = pos.to_move();
        assert!(!wins_now(pos), "puzzle {}: the mover cannot win now", p.number);
        let marks: Vec<_> = (0..36).map(|c| pos.mark(c)).collect();
        let his_turn = ElPosition::from_marks_unchecked(pos.rules().clone(), &marks, 1 - mover);
        assert!(!wins_now(&his_turn), "puzzle {}: he cannot win now", p.number);
        assert!(his_turn.legal_moves().into_iter().any(|f| forces(&his_turn, f)), "puzzle {}: he threatens", p.number);
        let known = &p.facts.forcing_moves;
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            let saved = after.play(m).unwrap() == Status::Ongoing
                && after.threats(mover).is_empty()
                && !wins_now(&after)
                && !known
                    .iter()
                    .chain(after.legal_moves().iter())
                    .any(|&f| after.check_legal(f).is_ok() && forces(&after, f));
            assert_eq!(saved, p.facts.solutions.contains(&m), "puzzle {}: {m:?}", p.number);
        }
    }
}

/// The defend search as first written, from the engine's calls alone (play, threats,
/// outcomes), counting positions the way `check_defend` documents: the reference its
/// incremental search (tallies, prospects, quick rejections) must match exactly.
mod reference_defend {
    use crate::{ElPosition, Move, Status};

    fn winning(pos: &ElPosition) -> bool {
        let me = pos.to_move();
        pos.threats(me).into_iter().any(|m| pos.status_after(m) == Status::Won(me))
    }

    fn cells_of(pos: &ElPosition) -> Vec<u8> {
        (0..pos.params().cells() as u8).filter(|&c| pos.mark(c as usize).is_none()).collect()
    }

    fn distinct(moves: &[Move]) -> Vec<u8> {
        let mut cells: Vec<u8> = moves.iter().map(|m| m.cell).collect();
        cells.dedup();
        cells
    }

    /// Whether a reply of the defender in `after` leaves the attacker no winning move.
    fn refuted(after: &ElPosition, attacker: u8, threat_cells: &[u8], nodes: &mut u64) -> bool {
        if !after.threats(1 - attacker).is_empty() {
            *nodes += 1;
            return true;
        }
        let others = cells_of(after).into_iter().filter(|c| !threat_cells.contains(c));
        for cell in threat_cells.iter().copied().chain(others) {
            for number in 1..=after.params().numbers {
                let reply = Move { cell, number };
                if after.check_legal(reply).is_err() {
                    continue;
                }
                *nodes += 1;
                match after.status_after(reply) {
                    Status::Won(w) if w == attacker => continue,
                    Status::Won(_) | Status::Drawn => return true,
                    Status::Ongoing => {}
                }
                let mut next = after.clone();
                next.play(reply).unwrap();
                if !winning(&next) {
                    return true;
                }
                *nodes += 1;
            }
        }
        false
    }

    fn forces(pos: &ElPosition, first: Move, nodes: &mut u64) -> bool {
        *nodes += 1;
        let attacker = pos.to_move();
        let mut after = pos.clone();
        if after.play(first) != Ok(Status::Ongoing) {
            return false;
        }
        let threat_cells = distinct(&after.threats(attacker));
        if threat_cells.len() >= 2 && after.threats(1 - attacker).is_empty() {
            return true;
        }
        !refuted(&after, attacker, &threat_cells, nodes)
    }

    fn wins_within_two(pos: &ElPosition, try_first: &[Move], nodes: &mut u64) -> bool {
        if pos.status() != Status::Ongoing {
            return false;
        }
        *nodes += 1;
        if winning(pos) {
            return true;
        }
        let legal = pos.legal_moves();
        let first = try_first.iter().filter(|m| legal.contains(m));
        first.chain(legal.iter().filter(|m| !try_first.contains(m))).any(|&m| forces(pos, m, nodes))
    }

    /// The saving moves, the opponent's forcing moves, his best try and the nodes.
    pub type Found = (Vec<Move>, Vec<Move>, Option<(Move, Option<Move>)>, u64);

    /// What `check_defend` finds, or why `pos` is not a defend puzzle (its messages).
    pub fn check(pos: &ElPosition) -> Result<Found, String> {
        let mover = pos.to_move();
        if pos.status() != Status::Ongoing {
            return Err("the game is already over in this position".into());
        }
        if winning(pos) {
            return Err("the side to move can win at once".into());
        }
        if !pos.threats(1 - mover).is_empty() {
            return Err("the opponent threatens to win at once (a block, not a defence)".into());
        }
        let mut nodes = 0;
        let marks: Vec<_> = (0..pos.params().cells()).map(|c| pos.mark(c)).collect();
        let his_turn = ElPosition::from_marks_unchecked(pos.rules().clone(), &marks, 1 - mover);
        let forcing: Vec<Move> =
            his_turn.legal_moves().into_iter().filter(|&f| forces(&his_turn, f, &mut nodes)).collect();
        if forcing.is_empty() {
            return Err("the opponent threatens no forced win".into());
        }
        let mut solutions = Vec::new();
        for m in pos.legal_moves() {
            nodes += 1;
            let mut after = pos.clone();
            match after.play(m).unwrap() {
                Status::Won(_) => continue,
                Status::Drawn => {
                    solutions.push(m);
                    continue;
                }
                Status::Ongoing => {}
            }
            if !after.threats(mover).is_empty() {
                continue;
            }
            if !wins_within_two(&after, &forcing, &mut nodes) {
                solutions.push(m);
            }
        }
        if solutions.is_empty() {
            return Err("no move stops every threat".into());
        }
        let best_try = best_try(pos, solutions[0], &mut nodes);
        Ok((solutions, forcing, best_try, nodes))
    }

    /// After the saving move, the opponent's move leaving him threats on the most cells
    /// (the first in move order) and the first reply that answers it. Written in two
    /// passes (every try and its threatened cells, then the first of the most), not as
    /// the checker's running best.
    fn best_try(pos: &ElPosition, saving: Move, nodes: &mut u64) -> Option<(Move, Option<Move>)> {
        let mut after = pos.clone();
        if after.play(saving).unwrap() != Status::Ongoing {
            return None;
        }
        let opponent = after.to_move();
        let tries: Vec<(Move, ElPosition)> = after
            .legal_moves()
            .into_iter()
            .inspect(|_| *nodes += 1)
            .map(|m| {
                let mut next = after.clone();
                next.play(m).unwrap();
                (m, next)
            })
            .filter(|(_, next)| next.status() == Status::Ongoing)
            .collect();
        let cells = |next: &ElPosition| distinct(&next.threats(opponent)).len();
        let most = tries.iter().map(|(_, next)| cells(next)).max()?;
        let (attempt, next) = tries.into_iter().find(|(_, next)| cells(next) == most)?;
        if most == 0 {
            return Some((attempt, None));
        }
        // A reply answers when it wins for the defender, or ends nothing and leaves the
        // opponent no win at once.
        let defender = next.to_move();
        let mut answers = |r: Move| {
            *nodes += 1;
            let mut then = next.clone();
            match then.play(r).unwrap() {
                Status::Won(w) => w == defender,
                Status::Drawn => false,
                Status::Ongoing => !winning(&then),
            }
        };
        let answer = next.legal_moves().into_iter().find(|&r| answers(r));
        Some((attempt, answer))
    }
}

/// The defend checker agrees with the reference search on every candidate the
/// generator makes — accepted or rejected, and why — down to the nodes it counts, in
/// the default variant, with the balancing rule, and on an 8x8 board.
#[test]
fn defend_search_matches_the_reference() {
    use crate::defend::check_defend;
    use crate::generate::attempt_defend;
    // (variant, candidates to check)
    let variants = [
        (base(), 100),
        (ElParams { balance: true, ..base() }, 150),
        (ElParams { size: 8, numbers: 8, length: 8, ..base() }, 30),
    ];
    for (params, wanted) in variants {
        let rules = rules_for(&params);
        let source = SeedSource::new("test/el-defend-reference", &params.to_id());
        let (mut accepted, mut candidates) = (0, 0);
        let mut rng = source.stream(0);
        for _ in 0..40_000 {
            let Some(pos) = attempt_defend(&rules, &mut rng) else { continue };
            candidates += 1;
            if candidates > wanted {
                break;
            }
            let ours =
                check_defend(&pos).map(|f| (f.solutions, f.forcing_moves, f.best_try, f.solver_nodes)).map_err(|e| e.0);
            let saving = ours.as_ref().is_ok_and(|(s, ..)| !s.is_empty());
            accepted += saving as u32;
            let reference = reference_defend::check(&pos);
            // The checker's later refusal (a saving move on every cell) is its own.
            if ours.as_ref().is_err_and(|e| e == "every cell holds a saving move") {
                assert!(reference.is_ok(), "{}", position_id(&pos));
                continue;
            }
            assert_eq!(ours, reference, "{}", position_id(&pos));
        }
        assert!(
            candidates >= 20 && accepted >= 1,
            "{}: {candidates} candidates, {accepted} with a saving move",
            params.to_id()
        );
    }
}
