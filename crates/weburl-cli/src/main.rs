//! `weburl`: parse and resolve URLs as web browsers do (the WHATWG URL Standard), from the
//! command line or, through `weburl batch`, from other programs.

mod batch;
mod components;
mod json_lossy;
mod lines;
mod parse_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Examples shown at the end of `weburl --help`.
const EXAMPLES: &str = r#"Examples:
  $ weburl parse 'HTTPS://EXAMPLE.com:443/a/./b/../c?q#f'
  https://example.com/a/c?q#f

  $ weburl parse --base 'http://example.com/a/b' '../c?x#y'
  http://example.com/c?x#y

  $ echo '{"op":"toascii","input":"BÜcher.example"}' | weburl batch
  {"output":"xn--bcher-kva.example"}

Run `weburl help <command>` for a command's options and more examples."#;

/// Parse and resolve URLs as web browsers do: the WHATWG URL Standard.
#[derive(Parser)]
#[command(name = "weburl", version, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand)]
enum Command {
    /// Parse URLs (arguments, or lines of standard input) and print their serialization
    #[command(after_help = parse_cmd::EXAMPLES)]
    Parse(parse_cmd::ParseArgs),

    /// Answer JSON Lines requests from standard input, one JSON line each (the machine
    /// interface; see docs/batch-contract.md)
    #[command(after_help = batch::EXAMPLES)]
    Batch,
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Parse(args) => parse_cmd::run(&args),
        Command::Batch => batch::run(),
    }
}
