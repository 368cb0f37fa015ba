//! The `dotchess` command: glue between the command line and the library.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run_guarded(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::CliError::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dotchess: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
