//! For packagers: shell completions (clap_complete) and man pages (clap_mangen), both made
//! from the same command-line definition as `--help`, so they can never drift from it.

use std::io::Write;
use std::path::Path;

use clap::CommandFactory;

use super::{Cli, CompletionsArgs, ManArgs};
use crate::output::{self, OutFile};
use boardpress::error::{Error, Result};

/// `boardpress completions <shell>`: the completion script on standard output.
pub fn completions(args: &CompletionsArgs, out: &mut dyn Write) -> Result<()> {
    let mut command = Cli::command();
    let mut bytes = Vec::new();
    clap_complete::generate(args.shell, &mut command, "boardpress", &mut bytes);
    out.write_all(&bytes).map_err(|e| Error::io(format!("cannot write to standard output: {e}")))
}

/// The man pages: `boardpress.1` first, then `boardpress-<subcommand>.1` for each subcommand.
pub fn man_pages() -> Result<Vec<OutFile>> {
    let command = Cli::command();
    let mut pages = vec![render_page(command.clone(), "boardpress")?];
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("boardpress-{}", sub.get_name());
        // The page title and the usage line name the full command, e.g. "boardpress puzzles".
        let sub = sub.clone().name(name.clone()).bin_name(format!("boardpress {}", sub.get_name()));
        pages.push(render_page(sub, &name)?);
    }
    Ok(pages)
}

fn render_page(command: clap::Command, name: &str) -> Result<OutFile> {
    let mut bytes = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut bytes)
        .map_err(|e| Error::io(format!("cannot render the man page {name}.1: {e}")))?;
    Ok(OutFile { path: Path::new(&format!("{name}.1")).to_path_buf(), bytes: bytes.into() })
}

/// `boardpress man`: the main page on standard output, or every page into `--out-dir`.
pub fn man(args: &ManArgs, out: &mut dyn Write) -> Result<()> {
    let pages = man_pages()?;
    match &args.out_dir {
        None => pages[0].bytes.write_to(out).map_err(|e| Error::io(format!("cannot write to standard output: {e}"))),
        Some(dir) => {
            if !dir.is_dir() {
                return Err(Error::io(format!("cannot write man pages: {} is not a folder", dir.display())));
            }
            let files: Vec<OutFile> =
                pages.into_iter().map(|p| OutFile { path: dir.join(&p.path), bytes: p.bytes }).collect();
            output::write_all(&files)?;
            for f in &files {
                writeln!(out, "wrote {}", f.path.display()).map_err(|e| Error::io(e.to_string()))?;
            }
            Ok(())
        }
    }
}
