//! `boardpress demo`: the sample pack — each game's entries, every one an ordinary
//! command line run through the same driver as if typed, into one folder.

use std::io::Write;
use std::path::Path;

use clap::Parser;

use crate::cli::{run as run_command, Cli};
use crate::error::{Error, Result};
use crate::games::GAMES;
use crate::output::OutFile;

/// The sample book spec (also `templates/book.toml`).
pub const SAMPLE_BOOK: &str = include_str!("../../templates/book.toml");

/// Writes every game's demo files into `dir`, and a small book with its spec.
pub fn run(dir: &Path, out: &mut dyn Write) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::io(format!("{} is not a folder", dir.display())));
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io(format!("cannot create folder {}: {e}", dir.display())))?;
    // A small book, from the sample spec written beside it: named as it is in the pack's
    // folder, so that `boardpress book book.toml` there makes it again.
    let request = crate::request::BookRequest { name: "book.toml".into(), text: SAMPLE_BOOK.into(), cover: false };
    let made = crate::book::make(&request, &crate::request::Run::default())?;
    let files = [
        OutFile { path: dir.join("book.toml"), bytes: SAMPLE_BOOK.as_bytes().to_vec() },
        OutFile { path: dir.join("book.pdf"), bytes: made.documents[0].bytes.clone() },
    ];
    crate::output::write_all(&files)?;
    for f in &files {
        writeln!(out, "wrote {}", f.path.display()).map_err(|e| Error::io(e.to_string()))?;
    }
    for game in GAMES {
        for (args, file) in game.demo() {
            let target = dir.join(file).display().to_string();
            let mut argv = vec!["boardpress"];
            argv.extend_from_slice(args);
            argv.extend_from_slice(&["--out", &target]);
            if args[0] == "puzzles" {
                argv.push("--quiet");
            }
            let cli = Cli::try_parse_from(&argv).map_err(|e| Error::failed(format!("demo arguments: {e}")))?;
            run_command(cli.command, out)?;
        }
    }
    Ok(())
}
