//! What the page offers, read from the library's registry: the games with their tasks,
//! options and board settings, the grades and the papers. The page builds its controls
//! from this, so a game, task or option added to the library appears on the page as it
//! appears on the command line, with the same words and help.

use boardpress::flags;
use boardpress::games::GAMES;
use boardpress::options::{Kind, Use};
use boardpress::{GameOptions, Grade, Paper};
use serde_json::{json, Value};

/// The sample book spec the page starts the book form with.
pub const SAMPLE_BOOK: &str = include_str!("../../templates/book.toml");

fn use_word(u: Use) -> &'static str {
    match u {
        Use::Puzzles => "puzzles",
        Use::Board => "board",
        Use::Rules => "rules",
    }
}

/// The catalog as JSON.
pub fn catalog() -> Value {
    let games: Vec<Value> = GAMES
        .iter()
        .map(|g| {
            let tasks: Vec<Value> = g
                .tasks()
                .iter()
                .map(|t| {
                    // The task with the game's default options: whether it allows several
                    // answers (--any-wins) and how many go on a page.
                    let task = g.task(t.word, &GameOptions::new()).ok();
                    json!({
                        "word": t.word,
                        "help": t.help,
                        "severalAllowed": task.as_ref().is_some_and(|t| t.several_allowed()),
                        "perPage": task.as_ref().map(|t| t.default_per_page()),
                    })
                })
                .collect();
            let options: Vec<Value> = g
                .options()
                .iter()
                .map(|o| {
                    let mut v = json!({
                        "name": o.name,
                        "help": o.help,
                        "uses": o.uses.iter().map(|&u| use_word(u)).collect::<Vec<_>>(),
                    });
                    match o.kind {
                        Kind::Flag => v["kind"] = json!("flag"),
                        Kind::Number { min, max, default, played_max } => {
                            v["kind"] = json!("number");
                            v["min"] = json!(min);
                            v["max"] = json!(max);
                            v["playedMax"] = json!(played_max);
                            v["default"] = json!(default);
                        }
                        Kind::Choice(words) => {
                            v["kind"] = json!("choice");
                            v["choices"] = json!(words.iter().map(|(w, h)| json!([w, h])).collect::<Vec<_>>());
                        }
                    }
                    v
                })
                .collect();
            let board = g.board_features();
            json!({
                "word": g.word(),
                "title": g.title(),
                "credit": g.credit(boardpress::Lang::En),
                "about": g.about(),
                "tasks": tasks,
                "options": options,
                "board": { "seed": board.seed, "count": board.count, "perPage": board.per_page },
            })
        })
        .collect();
    json!({
        "version": boardpress::VERSION,
        "games": games,
        "grades": Grade::ALL.iter().map(|g| g.word()).collect::<Vec<_>>(),
        "papers": [Paper::A4.word(), Paper::Letter.word()],
        "sampleBook": SAMPLE_BOOK,
        "ranges": ranges(),
    })
}

/// The ranges of the commands' whole-number boxes, from the table of options the
/// command line parses with (`flags`): the form's boxes take what the command takes.
fn ranges() -> Value {
    let range = |flag: &flags::Flag| json!({ "min": flag.range().min, "max": flag.range().max });
    json!({
        "puzzles-count": range(&flags::PUZZLES_COUNT),
        "puzzles-per-page": range(&flags::PUZZLES_PER_PAGE),
        "board-count": range(&flags::BOARD_COUNT),
        "board-per-page": range(&flags::BOARD_PER_PAGE),
        "render-per-page": range(&flags::RENDER_PER_PAGE),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_names_what_the_command_line_takes() {
        let c = catalog();
        let words: Vec<&str> = c["games"].as_array().unwrap().iter().map(|g| g["word"].as_str().unwrap()).collect();
        assert_eq!(words, ["el", "kamon", "six", "gosforth"]);
        assert_eq!(
            (c["ranges"]["puzzles-count"]["min"].as_u64(), c["ranges"]["puzzles-count"]["max"].as_u64()),
            (Some(1), Some(10_000))
        );
        assert_eq!(c["ranges"]["board-per-page"]["max"].as_u64(), Some(12));
        let gosforth = &c["games"][3];
        let target = gosforth["options"].as_array().unwrap().iter().find(|o| o["name"] == "target").unwrap();
        assert_eq!(
            (target["min"].as_u64(), target["max"].as_u64(), target["default"].as_u64()),
            (Some(4), Some(40), Some(12))
        );
        // Every task word and option name runs as a command: the page cannot offer
        // something the command line refuses.
        for g in c["games"].as_array().unwrap() {
            for t in g["tasks"].as_array().unwrap() {
                let command = format!(
                    "puzzles {} --task {} --count 1 --format jsonl",
                    g["word"].as_str().unwrap(),
                    t["word"].as_str().unwrap()
                );
                let made = crate::make(&json!({ "command": command }).to_string(), &|_| true);
                assert!(made.is_ok(), "{command}: {:?}", made.err());
            }
        }
        assert!(c["sampleBook"].as_str().unwrap().contains("[[section]]"));
        // Real ranges: an EL board is played up to 11 cells a side, printed blank up to 26.
        let size = &c["games"][0]["options"][0];
        assert_eq!((size["name"].as_str(), size["min"].as_u64()), (Some("size"), Some(3)));
        assert_eq!((size["max"].as_u64(), size["playedMax"].as_u64()), (Some(26), Some(11)));
    }
}
