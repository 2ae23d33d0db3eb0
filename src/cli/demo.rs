//! `boardpress demo`: the sample pack — each game's entries, every one an ordinary
//! command line (the one its files print in their footers), made by the library as the
//! web page makes it ([`super::in_memory`]) and written into one folder.

use std::io::Write;
use std::path::Path;

use super::in_memory;
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
            let mut words: Vec<String> = args.iter().map(|w| w.to_string()).collect();
            words.extend(["--out".to_string(), file.to_string()]);
            let ran = in_memory::run(&words, &Default::default(), &crate::request::Run::default())?;
            let made = ran.made.ok_or_else(|| Error::failed(format!("demo entry {file} made no document")))?;
            let files: Vec<OutFile> =
                made.documents.into_iter().map(|d| OutFile { path: dir.join(&d.name), bytes: d.bytes }).collect();
            crate::output::write_all(&files)?;
            for f in &files {
                writeln!(out, "wrote {}", f.path.display()).map_err(|e| Error::io(e.to_string()))?;
            }
        }
    }
    Ok(())
}
