//! Kamon rules engine: RULES.md §1.8 fixtures and random-playout properties.

use crate::geom::hex::radius3::{axial_of_bit, bit_of, cells_in_reading_order, name, parse_name};
use crate::geom::hex::Axial;
use crate::notation::{parse_board, parse_cell, parse_token};
use crate::seed::{below, SeedSource};
use crate::{parse_position_id, position_id, seeded_setup, CellContent, KamonPosition, Status, Token, WinKind};

/// A board from a seeded layout with pawns put on named cells (no turn checks).
fn board_with(seed: &str, black: &[&str], white: &[&str], forbidden: Option<&str>) -> KamonPosition {
    let start = seeded_setup(&mut SeedSource::new("test/kamon", seed).stream(0));
    let mut cells = start.cells();
    let order = cells_in_reading_order();
    let index = |n: &str| order.iter().position(|a| *a == parse_name(n).unwrap()).unwrap();
    if let Some(f) = forbidden {
        // Swap the forbidden cell to the requested place.
        let old = cells.iter().position(|c| *c == CellContent::Forbidden).unwrap();
        cells.swap(old, index(f));
    }
    for n in black {
        cells[index(n)] = CellContent::Pawn(0);
    }
    for n in white {
        cells[index(n)] = CellContent::Pawn(1);
    }
    KamonPosition::from_cells(&cells, Some(Token { symbol: 0, count: 1 }), 0)
}

fn ring_of(centre: Axial) -> Vec<String> {
    centre.neighbours().iter().map(|a| name(*a)).collect()
}

#[test]
fn connection_snake_to_snake_along_a_column() {
    // q = 0 from row A to row G: sides r=-3 and r=+3.
    let chain = ["A1", "B2", "C3", "D4", "E4", "F4", "G4"];
    assert!(chain.iter().all(|n| parse_name(n).unwrap().q == 0));
    let pos = board_with("c1", &chain, &[], None);
    assert!(pos.connects(0));
    assert!(!pos.connects(1));
    // One pawn short: no connection.
    let pos = board_with("c1", &chain[..6], &[], None);
    assert!(!pos.connects(0));
}

#[test]
fn corner_belongs_to_both_sides() {
    // A1 = (0,-3) is a corner of sides r=-3 and s=+3. The chain ends at (1,2) on side
    // s=-3 only, so it connects s=+3 to s=-3 through the corner alone.
    let path = [(0, -3), (0, -2), (0, -1), (0, 0), (0, 1), (1, 1), (1, 2)];
    let names: Vec<String> = path.iter().map(|&(q, r)| name(Axial { q, r })).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    assert_eq!(refs[0], "A1");
    let pos = board_with("corner", &refs, &[], None);
    assert!(pos.connects(0), "corner counts for both its sides");
    let pos = board_with("corner", &refs[1..], &[], None);
    assert!(!pos.connects(0), "without the corner there is no connection");
}

#[test]
fn rings_around_empty_opponent_and_forbidden_cells() {
    let centre = Axial { q: 0, r: 0 };
    let six = ring_of(centre);
    let six: Vec<&str> = six.iter().map(String::as_str).collect();
    // Around an available cell.
    let pos = board_with("ring", &six, &[], Some("A1"));
    assert!(pos.rings(0));
    // Around an opponent pawn.
    let pos = board_with("ring", &six, &["D4"], Some("A1"));
    assert!(pos.rings(0));
    assert!(!pos.rings(1));
    // Around the forbidden cell.
    let pos = board_with("ring", &six, &[], Some("D4"));
    assert!(pos.rings(0));
    // An off-centre ring (centre C3) works too.
    let c3 = ring_of(parse_name("C3").unwrap());
    let c3: Vec<&str> = c3.iter().map(String::as_str).collect();
    assert!(board_with("ring", &c3, &[], Some("A1")).rings(0));
}

#[test]
fn a_flower_of_seven_is_not_a_ring() {
    let mut flower = ring_of(Axial { q: 0, r: 0 });
    flower.push("D4".into());
    let flower: Vec<&str> = flower.iter().map(String::as_str).collect();
    let pos = board_with("flower", &flower, &[], Some("A1"));
    assert!(!pos.rings(0));
}

#[test]
fn an_arc_cutting_off_a_pocket_on_the_rim_is_not_a_ring() {
    // Cut off the corner A1 and its neighbours A2, B1, B2 from the rest.
    let arc = ["A3", "B3", "C3", "C2", "C1"];
    let pos = board_with("arc", &arc, &[], Some("G4"));
    assert!(!pos.rings(0));
    assert!(!pos.connects(0));
}

#[test]
fn constraint_limits_legal_cells_and_first_move_is_on_the_edge() {
    let start = seeded_setup(&mut SeedSource::new("test/kamon", "constraint").stream(0));
    let geo = crate::position::geometry();
    assert_eq!(start.legal(), start.available() & geo.perimeter & !geo.corners);
    assert!(start.legal().count_ones() >= 11);
    let mut pos = start;
    let first = start.legal().trailing_zeros();
    pos.play(first).unwrap();
    let c = pos.constraint().unwrap();
    let expected: u64 = cells_in_reading_order()
        .iter()
        .map(|a| bit_of(*a))
        .filter(|&b| pos.token_at(b).is_some_and(|t| t.symbol == c.symbol || t.count == c.count))
        .fold(0, |m, b| m | 1 << b);
    assert_eq!(pos.legal(), expected);
    assert_eq!(pos.legal().count_ones(), 10, "each token matches 10 others");
}

#[test]
fn blockade_fixture() {
    // Constraint leaf-1 covered; every leaf and every 1 is under a pawn; nothing on the
    // board matches, so the player who covered it (Black) wins by blockade.
    let covered: Vec<Token> = Token::all().filter(|t| t.symbol == 0 || t.count == 1).collect();
    assert_eq!(covered.len(), 11);
    let rest: Vec<Token> = Token::all().filter(|t| t.symbol != 0 && t.count != 1).collect();
    let mut cells = [CellContent::Forbidden; 37];
    for (i, c) in cells.iter_mut().enumerate() {
        *c = match i {
            0..=10 => CellContent::Pawn((i % 2) as u8),
            11 => CellContent::Forbidden,
            _ => CellContent::Token(rest[i - 12]),
        };
    }
    let pos = KamonPosition::from_cells(&cells, Some(Token { symbol: 0, count: 1 }), 1);
    let id = position_id(&pos);
    let parsed = parse_position_id(&id).unwrap();
    assert_eq!(parsed.status(), Status::Won(0, WinKind::Blockade));
    assert_eq!(parsed.legal(), 0);
    // `solve` says who won and how.
    let report = crate::game::report::solve::<crate::Kamon>(&id).unwrap();
    assert!(report.contains("status: game over, Black has won by blockade\n"), "{report}");
}

/// A seeded setup's ID reads back; a token and a board are each refused with the reason.
/// (Whole IDs refused are in the boardpress crate's `tests/refused_ids/kamon.txt`; their
/// boards are this setup's, edited.)
#[test]
fn ids_tokens_and_boards_are_validated_with_precise_errors() {
    let start = seeded_setup(&mut SeedSource::new("test/kamon", "ids").stream(0));
    let id = position_id(&start);
    assert_eq!(id, "kamon:f5b3d5e3/c5b6b4c3e1/a3f3xe6f6e4/f1d6b5a1c2a6a2/b2d2a5b1c4f4/a4c6d1e2c1/d3f2d4e5:-:B");
    assert_eq!(position_id(&parse_position_id(&id).unwrap()), id);
    assert!(parse_token("c7").unwrap_err().message.contains("outside 1-6"));
    assert!(parse_token("g1").unwrap_err().message.contains("a-f"));
    assert!(parse_board("a1").unwrap_err().message.contains("1 row(s)"));
}

/// One ring of White's is a win the last pawn could have made: a finished game. (The same
/// board with Black's a1 and White's b5 swapped holds two separate rings, which no game
/// reaches: refused, in the boardpress crate's `tests/refused_ids/kamon.txt`.)
#[test]
fn an_id_with_one_ring_is_a_finished_game() {
    let one_ring = "kamon:WBBB/BBBWB/Bf3xWf6W/f1WWa1WWa2/Wd2Wb1c4B/WWd1e2B/d3BBe5:a3:B";
    assert!(parse_position_id(one_ring).is_ok_and(|p| p.status() != Status::Ongoing));
}

fn rotate(a: Axial) -> Axial {
    Axial { q: -a.r, r: -a.s() }
}

fn reflect(a: Axial) -> Axial {
    Axial { q: a.q, r: a.s() }
}

fn transform(pos: &KamonPosition, f: &dyn Fn(Axial) -> Axial) -> KamonPosition {
    let order = cells_in_reading_order();
    let cells = pos.cells();
    let mut out = [CellContent::Forbidden; 37];
    for (a, c) in order.iter().zip(cells) {
        let to = f(*a);
        out[order.iter().position(|b| *b == to).unwrap()] = c;
    }
    KamonPosition::from_cells(&out, pos.constraint(), pos.to_move())
}

/// Random games: never panic, end within 36 plies, draws only on a full board, IDs
/// round-trip, and results are the same under all 12 symmetries of the board.
#[test]
fn random_playouts() {
    let seeds = SeedSource::new("test/kamon/playouts", "property");
    let mut endings = std::collections::BTreeMap::new();
    let symmetries: Vec<Box<dyn Fn(Axial) -> Axial>> = (0..12)
        .map(|k| {
            Box::new(move |a: Axial| {
                let mut b = if k >= 6 { reflect(a) } else { a };
                for _ in 0..k % 6 {
                    b = rotate(b);
                }
                b
            }) as Box<dyn Fn(Axial) -> Axial>
        })
        .collect();
    for game in 0..300u64 {
        let mut rng = seeds.stream(game);
        let mut pos = seeded_setup(&mut rng);
        loop {
            let id = position_id(&pos);
            assert_eq!(position_id(&parse_position_id(&id).unwrap_or_else(|e| panic!("{id}: {e}"))), id);
            if game % 10 == 0 {
                let wins: Vec<String> = pos.winning_moves().iter().map(|(b, _)| name(axial_of_bit(*b))).collect();
                for f in &symmetries {
                    let t = transform(&pos, f.as_ref());
                    assert_eq!(t.status(), pos.status());
                    let mut mapped: Vec<String> = wins.iter().map(|n| name(f(parse_name(n).unwrap()))).collect();
                    mapped.sort();
                    let mut got: Vec<String> = t.winning_moves().iter().map(|(b, _)| name(axial_of_bit(*b))).collect();
                    got.sort();
                    assert_eq!(got, mapped, "{id}");
                }
            }
            let legal = pos.legal_cells();
            if legal.is_empty() {
                assert_ne!(pos.status(), Status::Ongoing);
                break;
            }
            let cell = legal[below(&mut rng, legal.len() as u32) as usize];
            let status = pos.play(cell).unwrap();
            assert!(pos.plies() <= 36);
            if status == Status::Drawn {
                assert_eq!(pos.plies(), 36);
            }
        }
        *endings.entry(format!("{:?}", pos.status())).or_insert(0) += 1;
    }
    assert!(endings.len() >= 3, "varied endings: {endings:?}");
    assert_eq!(parse_cell("D4").unwrap(), bit_of(Axial { q: 0, r: 0 }));
}

/// The seeded shuffle is uniform: over many seeds every item (36 tokens and the
/// first-player token) lands on every cell about equally often.
#[test]
fn seeded_setup_is_uniform() {
    let seeds = SeedSource::new("test/kamon/uniform", "u");
    let n = 20_000u32;
    let mut counts = vec![[0u32; 37]; 37]; // [item][cell]
    let item = |c: CellContent| match c {
        CellContent::Token(t) => (t.symbol * 6 + t.count - 1) as usize,
        _ => 36,
    };
    for i in 0..n {
        let pos = seeded_setup(&mut seeds.stream(i as u64));
        for (cell, content) in pos.cells().iter().enumerate() {
            counts[item(*content)][cell] += 1;
        }
    }
    // Expected n/37 ≈ 540.5 per (item, cell), standard deviation ≈ 22.9; allow 6 sd.
    let expected = n as f64 / 37.0;
    let sd = (expected * (1.0 - 1.0 / 37.0)).sqrt();
    let mut chi2 = 0.0;
    for row in &counts {
        for &c in row {
            assert!(((c as f64) - expected).abs() < 6.0 * sd, "count {c} vs {expected:.0}");
            chi2 += (c as f64 - expected).powi(2) / expected;
        }
    }
    // 36 x 36 = 1296 degrees of freedom: mean 1296, sd ≈ 51.
    assert!(chi2 < 1296.0 + 6.0 * 51.0, "chi-square {chi2:.0}");
}

/// The win-in-two search gives the same facts on the bitboard engine and on the plain
/// reference implementation of the end rules, for a sample of generated puzzles and for
/// positions along random games (where most positions are not puzzles at all).
#[test]
fn win_in_two_search_agrees_between_engine_and_reference() {
    use crate::game::{Generator, PuzzleSpec};
    use crate::verify::{check_win_in_two, check_win_in_two_reference};
    use crate::WinInTwo;
    use boardpress_core::mine::{Budget, Search};
    let generator = Generator::new(WinInTwo, PuzzleSpec::new("cross"));
    let budget = Budget::unlimited();
    for n in 1..=60 {
        let Search::Found(p) = generator.search(n, &budget) else { panic!("no puzzle {n}") };
        assert_eq!(check_win_in_two(&p.position), check_win_in_two_reference(&p.position), "puzzle {n}");
    }
    let mut puzzles = 0;
    along_random_games("test/kamon-two", |pos| {
        let engine = check_win_in_two(pos);
        puzzles += engine.is_ok() as u32;
        assert_eq!(engine, check_win_in_two_reference(pos));
    });
    assert!(puzzles > 0, "some positions along the games are win-in-two puzzles");
}

/// Every position, while the game goes on, of 20 games from seeded set-ups (the seed
/// source's domain `domain`), each move a random legal cell.
fn along_random_games(domain: &str, mut visit: impl FnMut(&crate::KamonPosition)) {
    let seeds = crate::seed::SeedSource::new(domain, "games");
    for g in 0..20 {
        let mut rng = seeds.stream(g);
        let mut pos = crate::seeded_setup(&mut rng);
        while pos.status() == crate::Status::Ongoing {
            visit(&pos);
            let cells: Vec<u32> = crate::position::bits(pos.legal()).collect();
            pos.play(cells[crate::seed::below(&mut rng, cells.len() as u32) as usize]).unwrap();
        }
    }
}

/// The saving cells of a defend position by plain minimax on the engine's moves, written
/// apart from the checker: a cell fails if the opponent then wins at once, or has a cell
/// after which the game goes on and every answer lets him win at once.
fn saving_by_minimax(pos: &crate::KamonPosition) -> Vec<u32> {
    use crate::{KamonPosition, Status};
    fn won_by(p: &KamonPosition, player: u8) -> bool {
        matches!(p.status(), Status::Won(w, _) if w == player)
    }
    fn wins_now(p: &KamonPosition) -> bool {
        p.legal_cells().into_iter().any(|c| won_by(&p.after(c), p.to_move()))
    }
    let defender = pos.to_move();
    pos.legal_cells()
        .into_iter()
        .filter(|&m| {
            let after = pos.after(m);
            if after.status() != Status::Ongoing {
                return true;
            }
            let loses = after.legal_cells().into_iter().any(|o| {
                let next = after.after(o);
                won_by(&next, 1 - defender)
                    || (next.status() == Status::Ongoing
                        && next.legal_cells().into_iter().all(|a| {
                            let then = next.after(a);
                            then.status() == Status::Ongoing && wins_now(&then)
                        }))
            });
            !loses
        })
        .collect()
}

/// The defend search agrees with plain minimax on every generated puzzle of a sample and
/// on every position along random games where the mover cannot win at once, and gives
/// the same facts on the bitboard engine and on the reference implementation.
#[test]
fn defend_search_agrees_with_minimax_and_the_reference() {
    use crate::game::{Generator, PuzzleSpec};
    use crate::verify::{check_defend, check_defend_reference};
    use crate::Defend;
    use boardpress_core::mine::{Budget, Search};
    let generator = Generator::new(Defend, PuzzleSpec::new("cross"));
    let budget = Budget::unlimited();
    let mut deep = 0;
    for n in 1..=40 {
        let Search::Found(p) = generator.search(n, &budget) else { panic!("no puzzle {n}") };
        assert_eq!(check_defend(&p.position), check_defend_reference(&p.position), "puzzle {n}");
        assert_eq!(p.facts.solutions, saving_by_minimax(&p.position), "puzzle {n}");
        deep += (p.facts.lost_in_two > 0) as u32;
    }
    assert!(deep > 0, "some puzzles have a cell that loses only to a win in two");
    let mut puzzles = 0;
    along_random_games("test/kamon-defend", |pos| {
        let engine = check_defend(pos);
        if pos.winning_moves().is_empty() {
            let saving = saving_by_minimax(pos);
            match &engine {
                Ok(f) => assert_eq!(f.solutions, saving),
                // Not a puzzle: no cell saves, or every cell does.
                Err(_) => assert!(saving.is_empty() || saving.len() == pos.legal_cells().len()),
            }
        }
        puzzles += engine.is_ok() as u32;
        assert_eq!(engine, check_defend_reference(pos));
    });
    assert!(puzzles > 0, "some positions along the games are defend puzzles");
}
