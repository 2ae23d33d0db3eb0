//! Every position ID in `tests/refused_ids/<game>.txt` is refused by that game's `solve`,
//! with a message that holds the words its line gives: one table of the notation's
//! refusals per game, and every game in the registry has one.

use boardpress::games::GAMES;
use std::path::Path;

/// The table's entries: (line number, ID, words the message must hold).
fn entries(table: &str) -> Vec<(usize, &str, &str)> {
    let lines = table.lines().enumerate().map(|(i, line)| (i + 1, line.trim()));
    let entries = lines.filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
    entries.map(|(n, line)| line.split_once(' ').map_or((n, line, ""), |(id, words)| (n, id, words.trim()))).collect()
}

#[test]
fn every_game_refuses_the_ids_of_its_table_with_their_reasons() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/refused_ids");
    for game in GAMES {
        let path = folder.join(format!("{}.txt", game.word()));
        let table = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let entries = entries(&table);
        assert!(entries.len() >= 8, "{}: only {} IDs", path.display(), entries.len());
        for (line, id, words) in entries {
            assert!(!words.is_empty(), "{}:{line}: no words after the ID", path.display());
            match game.solve(id) {
                Ok(report) => panic!("{}:{line}: {id} was read as a position:\n{report}", path.display()),
                Err(e) => assert!(e.to_string().contains(words), "{}:{line}: {id}: {e}", path.display()),
            }
        }
    }
}
