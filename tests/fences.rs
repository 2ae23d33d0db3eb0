//! Rulebook diagrams one fence at a time, through the library: each claim is held to the
//! game's engine, a caption is filled by the engine and may say only what the fence
//! checks (who wins, who scores, which cells), and an error names its line, its entry
//! and what is wrong. `tests/rules.rs` runs whole rulebooks through the binary.

/// A fence as a template would hold it, checked and drawn through the library (its
/// error as the rulebook prints it).
fn fence(game: &str, body: &str) -> Result<boardpress::game::fence::Diagram, String> {
    typed_fence(game, body).map_err(|e| e.to_string())
}

/// The same, with the library's typed error.
fn typed_fence(
    game: &str,
    body: &str,
) -> Result<boardpress::game::fence::Diagram, boardpress::game::fence::FenceError> {
    fence_in(game, body, boardpress::Lang::En)
}

/// The same, in a rulebook of `lang`.
fn fence_in(
    game: &str,
    body: &str,
    lang: boardpress::Lang,
) -> Result<boardpress::game::fence::Diagram, boardpress::game::fence::FenceError> {
    let f = boardpress::game::fence::Fence { game: game.into(), body: body.into(), line: 1 };
    boardpress::rulebook::build_fence(&f, &boardpress::GameOptions::new(), lang, boardpress::games::rulebook_games())
}

/// A fence's error says where (the line, the entry) and what (a false claim, or what
/// cannot be read), as data for a program and in words for a person.
#[test]
fn a_fence_error_names_its_line_its_entry_and_what_is_wrong() {
    use boardpress::game::fence::FenceProblem;
    let id = "id: el:6x6:.5b5b.../3r...5b./.1r3r5b6r./5r...3b./6r5b..../......:r";
    let claim = typed_fence("el", &format!("{id}\nwinner: r")).unwrap_err();
    assert_eq!(claim.line, 3, "{claim}");
    assert_eq!(claim.entry, Some(("winner".to_string(), "r".to_string())));
    assert!(matches!(&claim.problem, FenceProblem::FalseClaim(why) if why.contains("the winner is none")), "{claim:?}");
    assert!(claim.to_string().starts_with("line 3: false claim 'winner: r': "), "{claim}");
    let unread = typed_fence("el", &format!("{id}\nmark: z9")).unwrap_err();
    assert_eq!(unread.entry.as_ref().map(|(k, _)| k.as_str()), Some("mark"));
    assert!(matches!(unread.problem, FenceProblem::Malformed(_)), "{unread:?}");
    let nothing = typed_fence("el", "caption: no position").unwrap_err();
    assert_eq!((nothing.line, nothing.entry.clone()), (1, None));
    assert_eq!(nothing.to_string(), "line 1: an el diagram needs 'id:' or 'marks:'");
}

/// How many cells of a drawing carry the highlight.
fn highlighted(d: &boardpress::game::fence::Diagram) -> usize {
    use boardpress::scene::Item;
    boardpress::scene::leaves(&d.scene.items)
        .filter(|i| matches!(i, Item::Path { fill: Some(f), .. } if *f == boardpress::style::HIGHLIGHT))
        .count()
}

#[test]
fn captions_are_filled_by_the_engine_and_the_cells_they_name_are_marked() {
    let id = "id: el:6x6:.5b5b.../3r...5b./.1r3r5b6r./5r...3b./6r5b..../......:r\nafter: a4=2\n";
    let plain = fence("el", &format!("{id}caption: {{move}} is written by {{mover}}.")).unwrap();
    assert_eq!(plain.caption, "The 2 on a4 is written by Red.");
    assert_eq!(highlighted(&plain), 1, "the move's cell");
    let threats = fence("el", &format!("{id}caption: {{move}} gives {{mover}} two threats, {{threats}}.")).unwrap();
    assert_eq!(threats.caption, "The 2 on a4 gives Red two threats, a1 and f4.");
    assert_eq!(highlighted(&threats), 3, "the move's cell and the two threats it names");
    // A shape the move finishes is named and shaded, all its cells.
    let block = "id: el:6x6:.5b5b.../3r...5b./2r1r3r5b6r./5r...3b./6r5b..../......:b\nafter: a1=4\nwinner: r\n";
    let won = fence("el", &format!("{block}caption: {{move}} finishes {{finished}}: {{winner}} wins.")).unwrap();
    assert_eq!(won.caption, "The 4 on a1 finishes the L from a1 through a4 to c4: Red wins.");
    assert_eq!(highlighted(&won), 6);
    // Gosforth: the runs a slide makes, for whom, and the points.
    let slide = "id: gosforth:xoxox/oxoxo/oxxoo/oxoxx/.oxox:3-1:move:a2:x:12\nafter: b1>\ngain: o=1\n";
    let g =
        fence("gosforth", &format!("{slide}caption: {{move}} makes {{finished}} for {{scorer}}: {{gain}}.")).unwrap();
    assert_eq!(g.caption, "The slide from b1 into a1 makes the column of four from a1 to a4 for O: 1 point.");
}

/// A German or French caption's words about winning, scoring and denying (the
/// catalogues' `caption.check.*`) need a claim behind them, as English ones do.
#[test]
fn captions_in_every_language_need_a_claim_behind_a_win_or_a_score() {
    use boardpress::Lang::{De, Fr};
    let block = "id: el:6x6:.5b5b.../3r...5b./2r1r3r5b6r./5r...3b./6r5b..../......:b\nafter: a1=4\n";
    let cases = [(De, "gewinnt", "Rot gewinnt."), (Fr, "gagne", "Rouge gagne.")];
    for (lang, word, said) in cases {
        let refused = fence_in("el", &format!("{block}caption: {{move}}: {{mover}} {word}."), lang).unwrap_err();
        let refused = refused.to_string();
        assert!(refused.contains(&format!("'{word}'")) && refused.contains("'winner:' or 'wins:' claim"), "{refused}");
        let claimed =
            fence_in("el", &format!("{block}winner: r\ncaption: {{move}}: {{winner}} {word}."), lang).unwrap();
        assert!(claimed.caption.ends_with(said), "{}", claimed.caption);
    }
    let slide = "id: gosforth:xoxox/oxoxo/oxxoo/oxoxx/.oxox:3-1:move:a2:x:12\nafter: b1>\n";
    let scored = fence_in("gosforth", &format!("{slide}caption: {{move}} zählt doppelt."), De).unwrap_err();
    assert!(scored.to_string().contains("'zählt'") && scored.to_string().contains("{gain}"), "{scored}");
    // Beside the winner, a clause may name the player who lost.
    let both = format!("{block}winner: r\ncaption: {{mover}} writes {{move}}, and {{winner}} wins with it.");
    assert_eq!(
        fence_in("el", &both, boardpress::Lang::En).unwrap().caption,
        "Blue writes the 4 on a1, and Red wins with it."
    );
    let together = format!("{block}winner: r\ncaption: {{mover}} writes {{move}} and {{winner}} wins.");
    assert_eq!(
        fence_in("el", &together, boardpress::Lang::En).unwrap().caption,
        "Blue writes the 4 on a1 and Red wins."
    );
    // A player said to lose is one the winner beat: Blue's 4 made Red's L.
    let lost = format!("{block}winner: r\ncaption: {{move}}: {{mover}} loses.");
    assert_eq!(fence_in("el", &lost, boardpress::Lang::En).unwrap().caption, "The 4 on a1: Blue loses.");
    let wrong = fence_in("el", &format!("{block}winner: r\ncaption: {{move}}: {{other}} loses."), boardpress::Lang::En);
    let wrong = wrong.unwrap_err().to_string();
    assert!(wrong.contains("'loses' beside Red: Red is the winner in this diagram"), "{wrong}");
    let going = "id: el:6x6:.5b5b.../3r...5b./.1r3r5b6r./5r...3b./6r5b..../......:r\nafter: a4=2\nwinner: none\n";
    let early = fence_in("el", &format!("{going}caption: {{other}} verliert."), De).unwrap_err().to_string();
    assert!(early.contains("'verliert' beside Blau: nobody has won in this diagram"), "{early}");
    // English words are no claim in German ("win" is no German word).
    fence_in("el", &format!("{block}caption: {{move}}: win."), De).unwrap();
}

/// A game's claims of one value (Gosforth's scores and gain, SIX's tokens on the table)
/// hold with the engine's value however they are spaced, and are refused with it
/// otherwise.
#[test]
fn claims_of_one_value_are_held_to_the_engine() {
    let slide = "id: gosforth:xoxox/oxoxo/oxxoo/oxoxx/.oxox:3-1:move:a2:x:12\nafter: b1>\n";
    assert!(fence("gosforth", &format!("{slide}gain: o=1\nscore:  x=3   o=2\n")).is_ok());
    let err = fence("gosforth", &format!("{slide}score: x=3 o=1\n")).unwrap_err();
    assert!(err.contains("false claim 'score: x=3 o=1': the scores are x=3 o=2"), "{err}");
    let err = fence("gosforth", &format!("{slide}gain: x=1\n")).unwrap_err();
    assert!(err.contains("false claim 'gain: x=1': the move scores o=1"), "{err}");
    let err = fence("six", "id: six:r=0,0:b=1,0:hand=20,20:r\ntokens: r=1 b=2\n").unwrap_err();
    assert!(err.contains("false claim 'tokens: r=1 b=2': the table holds r=1 b=1"), "{err}");
    let err = fence("gosforth", &format!("{slide}mark: f9\n")).unwrap_err();
    assert!(err.contains("'mark: f9': cell 'f9': column 'f' is off a 5x5 board"), "{err}");
}

/// A SIX mark lies on the table or near it: three cells from the nearest token is drawn
/// with the cells round it, four is refused (a typo would shrink the table to a speck).
#[test]
fn a_six_mark_far_from_the_table_is_refused() {
    let table = "id: six:r=0,0;1,0:b=0,1:hand=19,20:b\n";
    let near = fence("six", &format!("{table}mark: (4,0)\n")).unwrap();
    assert!(near.scene.desc.contains("Marked: (4, 0)."), "{}", near.scene.desc);
    let err = fence("six", &format!("{table}mark: (5,0)\n")).unwrap_err();
    assert_eq!(
        err,
        "line 3: 'mark: (5,0)': (5,0) is 4 cells from the nearest token: a mark must lie within 3 cells of one"
    );
    let err = fence("six", &format!("{table}mark: (-2147483648,0)\n")).unwrap_err();
    assert!(err.ends_with("'(-2147483648,0)' is not a cell (q,r), each from -1000 to 1000"), "{err}");
    // Tokens that left the table in the move shown count: they are drawn faintly.
    let split = "id: six:r=0,0;2,0;4,0;6,0;1,1;3,1;5,1;-1,0;-4,0:b=1,0;3,0;5,0;0,1;2,1;4,1;6,1;-2,0;-3,0:hand=0,0:r\nafter: (-1,0)->(6,-1)\n";
    assert!(fence("six", &format!("{split}mark: (-7,0)\n")).is_ok());
}

#[test]
fn a_move_can_be_shown_before_and_after_with_what_left_the_table_faint() {
    let split = "id: six:r=0,0;2,0;4,0;6,0;1,1;3,1;5,1;-1,0;-4,0:b=1,0;3,0;5,0;0,1;2,1;4,1;6,1;-2,0;-3,0:hand=0,0:r\nafter: (-1,0)->(6,-1)\n";
    let one = fence("six", &format!("{split}caption: The table splits into groups of {{split}}; {{removed}} leave."))
        .unwrap();
    assert_eq!(one.caption, "The table splits into groups of 14 and 3; 3 tokens leave.");
    let both = fence("six", &format!("{split}show: both")).unwrap();
    assert!(both.scene.width > one.scene.width * 1.9, "two tables side by side");
    // Said as a listener hears it: before, then after, with no arrow to read out.
    assert!(both.scene.desc.starts_with("Before: ") && both.scene.desc.contains(" After: "), "{}", both.scene.desc);
    assert!(!both.scene.desc.contains('→'), "{}", both.scene.desc);
    // The tokens that left are drawn faintly (dashed outlines) after the move.
    use boardpress::scene::Item;
    let dashed = |d: &boardpress::game::fence::Diagram| {
        boardpress::scene::leaves(&d.scene.items)
            .filter(|i| matches!(i, Item::Path { stroke: Some(s), .. } if s.dash.is_some()))
            .count()
    };
    assert_eq!(dashed(&one), 4 + 1, "three cut off, the lifted token's old place, and its dashed outline");
    let err = fence("six", "id: six:r=0,0:b=1,0:hand=20,20:r\nshow: both").unwrap_err();
    assert!(err.contains("'show: both' needs an 'after:' move"), "{err}");
}

/// One interpreter reads the claims the games share alike (here Kamon's and SIX's, whose
/// rulebooks hold positions that are won; EL's and Gosforth's are built from the variant): `winner:` names the winner
/// by letter (in either case) with or without how the game was won, `wins:` lists every
/// winning move and nothing else, `after:` plays only what the rules allow, and a claim
/// the engine disagrees with is refused with what it finds.
#[test]
fn the_shared_claims_read_alike_in_kamon_and_six() {
    let kamon = "id: kamon:a1Bc3d4/d5Bf4Wb2/Wb5Bf6We5/d6Wa4Be4xa5/f3b1d1b6Wb4/f5e2BWf2/c5Be3e1:f1:B";
    let six = "id: six:r=0,0;0,1;0,2;0,3;0,4:b=1,0;-1,1;1,2;-1,3;1,3:hand=16,16:r";
    let cases = [
        (
            "kamon",
            kamon,
            "E3",
            ["winner: B connection", "winner: b", "winner: Black"],
            "winner: B ring",
            "B connection",
        ),
        ("six", six, "(0,5)", ["winner: r line", "winner: R", "winner: r"], "winner: b", "r line"),
    ];
    for (game, id, win, right, wrong, actual) in cases {
        let after = format!("{id}\nafter: {win}");
        for claim in right {
            fence(game, &format!("{after}\n{claim}")).unwrap_or_else(|e| panic!("{game}: {claim}: {e}"));
        }
        let e = fence(game, &format!("{after}\n{wrong}")).unwrap_err();
        assert!(e.contains(&format!("the engine says the winner is {actual}")), "{game}: {e}");
        let e = fence(game, &format!("{id}\nwinner: {}", &right[1][8..])).unwrap_err();
        assert!(e.contains("the engine says the winner is none (play goes on)"), "{game}: {e}");
        // Before the move: the winning move is among the winning moves, and a list
        // that leaves one out is refused with the engine's list.
        let e = fence(game, &format!("{id}\nwins: none")).unwrap_err();
        assert!(e.contains("the winning moves are") && e.contains(win), "{game}: {e}");
        let e = fence(game, &format!("{id}\nafter: {win}\nafter: {win}")).unwrap_err();
        assert!(e.contains("'after: "), "{game}: a cell taken twice: {e}");
    }
}
