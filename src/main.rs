//! The `boardpress` binary: parse the command line, run the library, map errors to
//! exit statuses (2 for bad input or unusable files, 1 when the work itself failed).

use std::io::Write;
use std::process::ExitCode;

use boardpress_cli::usage::{turned, Turned};
use clap::Parser;

fn main() -> ExitCode {
    // A closed pipe (`boardpress … --out - | head`) ends the program quietly, as it does
    // for other command-line tools, instead of an error about standard output.
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match boardpress_cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    boardpress_cli::output::remove_temps_on_signals();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match boardpress_cli::run(cli.command, cli.quiet, &mut out) {
        Ok(()) => {
            let _ = out.flush();
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = out.flush();
            eprintln!("boardpress: error: {}", boardpress_cli::error_words(&e));
            ExitCode::from(e.exit_status() as u8)
        }
    }
}

/// A command line clap turned down: its message as clap lays it out (the problem, its
/// suggestions — "a similar subcommand exists" — the usage and where to find help), with
/// our prefix, and exit status 2. Help and version requests print and succeed.
fn usage_error(e: clap::Error) -> ExitCode {
    let typed: Vec<String> = std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();
    match turned(&e, &typed) {
        // clap prints help itself, to the stream and in the colours it chooses.
        Turned::Asked(_) => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        Turned::Incomplete { .. } => {
            let _ = e.print();
            ExitCode::from(2)
        }
        Turned::Mistake { layout, .. } => {
            eprintln!("boardpress: error: {layout}");
            ExitCode::from(2)
        }
    }
}
