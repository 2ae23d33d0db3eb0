//! Property tests (proptest) of every notation parser: a position reached by legal play
//! survives ID → parse → ID unchanged, and any other text — valid IDs with random edits,
//! or strings drawn from the notation's alphabet — is either rejected with a one-line
//! message or read as a position whose own ID reads back to the same position.
//! The same properties run under `cargo fuzz` in `fuzz/` (see `fuzz/run.sh`).

use boardpress::games::el::{self, ElParams, ElPosition, Shape, Status};
use boardpress::games::{gosforth, kamon, six};
use boardpress::seed::{below, SeedSource};
use proptest::prelude::*;

/// One line, something said.
fn readable(message: &str) -> bool {
    !message.trim().is_empty() && !message.contains('\n')
}

/// The property for any text: rejected readably, or a fixed point after one re-serialisation.
fn rejects_or_round_trips<P, E: std::fmt::Display>(
    text: &str,
    parse: impl Fn(&str) -> Result<P, E>,
    id: impl Fn(&P) -> String,
    facts: impl Fn(&P) -> String,
) -> Result<(), TestCaseError> {
    match parse(text) {
        Err(e) => {
            let message = e.to_string();
            prop_assert!(readable(&message), "{text:?}: message {message:?}")
        }
        Ok(position) => {
            let first = id(&position);
            let again = parse(&first).map_err(|e| TestCaseError::fail(format!("{text:?} → {first:?}: {e}")))?;
            prop_assert_eq!(&id(&again), &first, "from {:?}", text);
            prop_assert_eq!(facts(&again), facts(&position), "from {:?}", text);
        }
    }
    Ok(())
}

/// `text` with edits applied: (position, replacement character or deletion).
fn mutate(text: &str, edits: &[(usize, Option<char>)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, replacement) in edits {
        if chars.is_empty() {
            break;
        }
        let at = at % (chars.len() + 1);
        match replacement {
            Some(c) if at == chars.len() => chars.push(c),
            Some(c) if at.is_multiple_of(3) => chars.insert(at, c),
            Some(c) => chars[at] = c,
            None if at < chars.len() => {
                chars.remove(at);
            }
            None => {}
        }
    }
    chars.into_iter().collect()
}

fn edits(alphabet: &'static str) -> impl Strategy<Value = Vec<(usize, Option<char>)>> {
    let chars: Vec<char> = alphabet.chars().collect();
    prop::collection::vec((0..200usize, prop::option::weighted(0.8, prop::sample::select(chars))), 1..4)
}

fn text_over(alphabet: &'static str, prefix: &'static str) -> impl Strategy<Value = String> {
    let chars: Vec<char> = alphabet.chars().collect();
    prop::collection::vec(prop::sample::select(chars), 0..90)
        .prop_map(move |cs| format!("{prefix}{}", cs.into_iter().collect::<String>()))
}

// ---- EL ----------------------------------------------------------------------------

const EL_ALPHABET: &str = "el:x0123456789rbgy./,nkpanysnakeconsecutivep2fullbalance ";

fn el_params() -> impl Strategy<Value = ElParams> {
    (3u8..=11, 3u8..=9, 2u8..=4, any::<bool>(), 0u8..3, any::<bool>(), any::<bool>(), 0u8..3).prop_filter_map(
        "a valid variant",
        |(size, numbers, players, consecutive, shape, full_board_p2, balance, shorter)| {
            let shape = [Shape::LineOrL, Shape::Any, Shape::Snake][shape as usize];
            let length = ElParams::default_length(numbers, consecutive).saturating_sub(shorter).max(3);
            let p = ElParams { size, numbers, length, players, consecutive, shape, full_board_p2, balance };
            p.validate().ok().map(|()| p)
        },
    )
}

/// A position reached by `plies` random legal moves that end nothing.
fn el_game(params: &ElParams, seed: u64, plies: usize) -> ElPosition {
    let mut rng = SeedSource::new("test/roundtrip/el", &seed.to_string()).stream(0);
    let mut pos = ElPosition::new(el::rules_for(params));
    for _ in 0..plies {
        let moves: Vec<_> = pos.legal_moves().into_iter().filter(|&m| pos.status_after(m) == Status::Ongoing).collect();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[below(&mut rng, moves.len() as u32) as usize]).unwrap();
    }
    pos
}

fn el_facts(p: &ElPosition) -> String {
    format!("{:?} {} {:?}", p.params(), p.to_move(), p.legal_moves())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn el_params_round_trip(params in el_params()) {
        let id = params.to_id();
        prop_assert_eq!(ElParams::parse(&id), Ok(params), "{}", id);
    }

    #[test]
    fn el_params_text_rejects_or_round_trips(text in text_over("0123456789x,nkpanysnakeconsecutivep2fullbalance", "")) {
        match ElParams::parse(&text) {
            Err(message) => prop_assert!(readable(&message.0)),
            Ok(params) => prop_assert_eq!(ElParams::parse(&params.to_id()), Ok(params)),
        }
    }

    #[test]
    fn el_games_round_trip(params in el_params(), seed in any::<u64>(), plies in 0usize..40) {
        let pos = el_game(&params, seed, plies);
        let id = el::position_id(&pos);
        let back = el::parse_position_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(el::position_id(&back), id);
        prop_assert_eq!(el_facts(&back), el_facts(&pos));
    }

    #[test]
    fn el_edited_ids_reject_or_round_trip(params in el_params(), seed in any::<u64>(), plies in 0usize..30, e in edits(EL_ALPHABET)) {
        let text = mutate(&el::position_id(&el_game(&params, seed, plies)), &e);
        rejects_or_round_trips(&text, el::parse_position_id, el::position_id, el_facts)?;
    }

    #[test]
    fn el_text_rejects_or_round_trips(text in text_over(EL_ALPHABET, "el:")) {
        rejects_or_round_trips(&text, el::parse_position_id, el::position_id, el_facts)?;
    }
}

// ---- Kamon -------------------------------------------------------------------------

const KAMON_ALPHABET: &str = "kamon:abcdef1234567xBW/-";

fn kamon_game(seed: u64, plies: usize) -> kamon::KamonPosition {
    let mut rng = SeedSource::new("test/roundtrip/kamon", &seed.to_string()).stream(0);
    let mut pos = kamon::seeded_setup(&mut rng);
    for _ in 0..plies {
        let cells: Vec<u32> =
            pos.legal_cells().into_iter().filter(|&c| pos.after(c).status() == kamon::Status::Ongoing).collect();
        if cells.is_empty() {
            break;
        }
        pos.play(cells[below(&mut rng, cells.len() as u32) as usize]).unwrap();
    }
    pos
}

fn kamon_facts(p: &kamon::KamonPosition) -> String {
    format!("{:?} {:?} {} {:?}", p.cells(), p.constraint(), p.to_move(), p.legal_cells())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn kamon_games_round_trip(seed in any::<u64>(), plies in 0usize..36) {
        let pos = kamon_game(seed, plies);
        let id = kamon::position_id(&pos);
        let back = kamon::parse_position_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(back, pos);
        prop_assert_eq!(kamon::position_id(&back), id);
    }

    #[test]
    fn kamon_edited_ids_reject_or_round_trip(seed in any::<u64>(), plies in 0usize..30, e in edits(KAMON_ALPHABET)) {
        let text = mutate(&kamon::position_id(&kamon_game(seed, plies)), &e);
        rejects_or_round_trips(&text, kamon::parse_position_id, kamon::position_id, kamon_facts)?;
    }

    #[test]
    fn kamon_text_rejects_or_round_trips(text in text_over(KAMON_ALPHABET, "kamon:")) {
        rejects_or_round_trips(&text, kamon::parse_position_id, kamon::position_id, kamon_facts)?;
    }
}

// ---- SIX ---------------------------------------------------------------------------

const SIX_ALPHABET: &str = "six:rb=hand0123456789,;-ply";

fn six_game(seed: u64, plies: usize) -> six::SixPosition {
    let mut rng = SeedSource::new("test/roundtrip/six", &seed.to_string()).stream(0);
    let mut pos = six::SixPosition::start();
    'plies: for _ in 0..plies {
        // Random moves in random order until one does not end the game.
        let mut moves = pos.legal_moves();
        while !moves.is_empty() {
            let m = moves.swap_remove(below(&mut rng, moves.len() as u32) as usize);
            let mut next = pos.clone();
            if next.play(m) == Ok(six::Status::Ongoing) {
                pos = next;
                continue 'plies;
            }
        }
        break;
    }
    pos
}

fn six_facts(p: &six::SixPosition) -> String {
    let mut tokens = p.tokens().to_vec();
    tokens.sort_by_key(|&(a, c)| (a.r, a.q, c));
    format!("{tokens:?} {:?} {} {} {}", p.hands(), p.to_move(), p.round_two_plies(), p.legal_moves().len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn six_games_round_trip(seed in any::<u64>(), plies in 0usize..60) {
        let pos = six_game(seed, plies);
        let id = six::position_id(&pos);
        let back = six::parse_position_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(six::position_id(&back), id);
        prop_assert_eq!(six_facts(&back), six_facts(&pos));
    }

    #[test]
    fn six_edited_ids_reject_or_round_trip(seed in any::<u64>(), plies in 0usize..50, e in edits(SIX_ALPHABET)) {
        let text = mutate(&six::position_id(&six_game(seed, plies)), &e);
        rejects_or_round_trips(&text, six::parse_position_id, six::position_id, six_facts)?;
    }

    #[test]
    fn six_text_rejects_or_round_trips(text in text_over(SIX_ALPHABET, "six:")) {
        rejects_or_round_trips(&text, six::parse_position_id, six::position_id, six_facts)?;
    }
}

// ---- Gosforth ----------------------------------------------------------------------

const GOSFORTH_ALPHABET: &str = "gosforth:xo./0123456789-placeclaimmoveabcde=ply";

fn gosforth_game(target: u8, seed: u64, plies: usize) -> gosforth::GosforthPosition {
    let mut rng = SeedSource::new("test/roundtrip/gosforth", &seed.to_string()).stream(0);
    let mut pos = gosforth::GosforthPosition::new(target);
    for _ in 0..plies {
        let moves: Vec<_> =
            pos.legal_moves().into_iter().filter(|&m| pos.after(m).0.status() == gosforth::Status::Ongoing).collect();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[below(&mut rng, moves.len() as u32) as usize]).unwrap();
    }
    pos
}

fn gosforth_facts(p: &gosforth::GosforthPosition) -> String {
    format!("{p:?} {:?}", p.legal_moves())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn gosforth_games_round_trip(target in 4u8..=40, seed in any::<u64>(), plies in 0usize..80) {
        let pos = gosforth_game(target, seed, plies);
        let id = gosforth::position_id(&pos);
        let back = gosforth::parse_position_id(&id).map_err(|e| TestCaseError::fail(format!("{id}: {e}")))?;
        prop_assert_eq!(back, pos);
        prop_assert_eq!(gosforth::position_id(&back), id);
    }

    #[test]
    fn gosforth_edited_ids_reject_or_round_trip(seed in any::<u64>(), plies in 0usize..80, e in edits(GOSFORTH_ALPHABET)) {
        let text = mutate(&gosforth::position_id(&gosforth_game(12, seed, plies)), &e);
        rejects_or_round_trips(&text, gosforth::parse_position_id, gosforth::position_id, gosforth_facts)?;
    }

    #[test]
    fn gosforth_text_rejects_or_round_trips(text in text_over(GOSFORTH_ALPHABET, "gosforth:")) {
        rejects_or_round_trips(&text, gosforth::parse_position_id, gosforth::position_id, gosforth_facts)?;
    }
}
