//! `boardpress demo`: the sample pack — each game's entries, every one an ordinary
//! command line (the one its files print in their footers), made by the library as the
//! web page makes it ([`super::in_memory`]) and written into one folder.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use super::in_memory;
use crate::output::OutFile;
use boardpress::error::{Error, Result};
use boardpress::games::GAMES;

/// The sample book spec (also `templates/book.toml`).
pub const SAMPLE_BOOK: &str = include_str!("../templates/book.toml");

/// Writes every game's demo files into `dir`, and a small book with its spec.
pub fn run(dir: &Path, out: &mut dyn Write) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::io(format!("{} is not a folder", dir.display())));
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io(format!("cannot create folder {}: {e}", dir.display())))?;
    // A small book, from the sample spec written beside it: named as it is in the pack's
    // folder, so that `boardpress book book.toml` there makes it again.
    let spec = OutFile { path: dir.join("book.toml"), bytes: SAMPLE_BOOK.as_bytes().to_vec().into() };
    write_reporting(std::slice::from_ref(&spec), out)?;
    let book: (&[&str], &str) = (&["book", "book.toml"], "book.pdf");
    let given = BTreeMap::from([("book.toml".to_string(), spec.bytes.to_vec())]);
    for (args, file) in std::iter::once(book).chain(GAMES.iter().flat_map(|g| g.demo().iter().copied())) {
        let mut words: Vec<String> = args.iter().map(|w| w.to_string()).collect();
        words.extend(["--out".to_string(), file.to_string()]);
        let ran = in_memory::run(&words, &given, &boardpress::request::Run::default())?;
        let made = ran.made.ok_or_else(|| Error::failed(format!("demo entry {file} made no document")))?;
        let files: Vec<OutFile> =
            made.documents.into_iter().map(|d| OutFile { path: dir.join(&d.name), bytes: d.bytes }).collect();
        write_reporting(&files, out)?;
    }
    Ok(())
}

/// Writes `files` (each atomically) and says so on `out`.
fn write_reporting(files: &[OutFile], out: &mut dyn Write) -> Result<()> {
    crate::output::write_all(files)?;
    for f in files {
        writeln!(out, "wrote {}", f.path.display()).map_err(|e| Error::io(e.to_string()))?;
    }
    Ok(())
}
