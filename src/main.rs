//! The `boardpress` binary: parse the command line, run the library, map errors to
//! exit statuses (2 for bad input or unusable files, 1 when the work itself failed).

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // A closed pipe (`boardpress … --out - | head`) ends the program quietly, as it does
    // for other command-line tools, instead of an error about standard output.
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match boardpress::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                let _ = e.print();
                return ExitCode::from(2);
            }
            // One line naming the problem, then where to look for help.
            let rendered = e.render().to_string();
            // The message runs to the first blank line (usage and tips follow); a line break
            // inside a quoted value is escaped rather than cut.
            let message = rendered.split("\n\n").next().unwrap_or("invalid arguments");
            let first = message.trim_end().trim_start_matches("error: ");
            eprintln!("boardpress: error: {} (see boardpress --help)", boardpress::error::single_line(first));
            return ExitCode::from(2);
        }
    };
    boardpress::output::remove_temps_on_signals();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match boardpress::cli::run(cli.command, &mut out) {
        Ok(()) => {
            let _ = out.flush();
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = out.flush();
            eprintln!("boardpress: error: {}", boardpress::error::single_line(&e.to_string()));
            ExitCode::from(e.exit_status() as u8)
        }
    }
}
