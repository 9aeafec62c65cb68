//! `weburl parse`: parse URLs and print their serialization, or all their components as JSON.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::Args;
use weburl::Url;

use crate::components::Components;
use crate::lines::{IoFailure, LineReader};

/// Size of the standard output buffer.
const OUTPUT_BUFFER_SIZE: usize = 64 * 1024;

/// Examples shown at the end of `weburl parse --help`.
pub const EXAMPLES: &str = "\
Examples:
  $ weburl parse 'HTTPS://EXAMPLE.com:443/a/./b/../c?q#f'
  https://example.com/a/c?q#f

  $ weburl parse --base 'http://example.com/a/b' '../c?x#y' 'd'
  http://example.com/c?x#y
  http://example.com/a/d

  $ printf 'http://a/b\\nhttp://[::1]:80/\\n' | weburl parse
  http://a/b
  http://[::1]/

  $ weburl parse --json 'http://user@example.com:8080/p?q#f'
  {\"href\":\"http://user@example.com:8080/p?q#f\",\"origin\":\"http://example.com:8080\",...}

  $ weburl parse 'http://example.com:99999/'
  error: http://example.com:99999/: the port is greater than 65535

Exit status: 0 when every input parsed, 1 when some did not, 2 on a usage error.";

/// Arguments of `weburl parse`.
#[derive(Args)]
pub struct ParseArgs {
    /// Resolve every input against this URL (it must itself parse)
    #[arg(long, value_name = "URL", value_parser = parse_base)]
    base: Option<Url>,

    /// Print one JSON object per URL, with its href, origin, protocol, username, password,
    /// host, hostname, port, pathname, search and hash
    #[arg(long)]
    json: bool,

    /// The URLs to parse; `-` reads one per line from standard input, which is also what
    /// happens when no URL is given
    #[arg(value_name = "URL")]
    urls: Vec<String>,
}

/// Parses the `--base` value; a base that fails to parse is a usage error.
fn parse_base(base: &str) -> Result<Url, String> {
    Url::parse(base).map_err(|e| e.to_string())
}

/// Runs `weburl parse`: exit status 0 when every input parsed, 1 when any failed or the input
/// could not be read, and also 1 when the output could not be written (except for a broken
/// pipe, which just ends the run).
pub fn run(args: &ParseArgs) -> ExitCode {
    let mut command = ParseCommand {
        base: args.base.as_ref(),
        json: args.json,
        out: BufWriter::with_capacity(OUTPUT_BUFFER_SIZE, io::stdout().lock()),
        failed: false,
    };
    let result = command.run_all(&args.urls).and_then(|()| {
        // Flushed here rather than on drop, where an error would go unnoticed.
        command.out.flush().map_err(IoFailure::Write)
    });
    match result {
        Ok(()) => {}
        Err(e) if e.is_broken_pipe() => {}
        Err(e) => {
            e.report();
            return ExitCode::FAILURE;
        }
    }
    if command.failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The state of one `weburl parse` run.
struct ParseCommand<'a, W: Write> {
    base: Option<&'a Url>,
    json: bool,
    out: W,
    /// Whether some input failed so far.
    failed: bool,
}

impl<W: Write> ParseCommand<'_, W> {
    /// Handles every argument, or standard input when there is none.
    fn run_all(&mut self, urls: &[String]) -> Result<(), IoFailure> {
        if urls.is_empty() {
            return self.run_stdin(&mut LineReader::new(io::stdin()));
        }
        let mut stdin = None;
        for url in urls {
            if url == "-" {
                self.run_stdin(stdin.get_or_insert_with(|| LineReader::new(io::stdin())))?;
            } else {
                self.one(url).map_err(IoFailure::Write)?;
            }
        }
        Ok(())
    }

    /// Handles every line of standard input (until its end; another `-` then reads nothing).
    fn run_stdin(&mut self, reader: &mut LineReader<io::Stdin>) -> Result<(), IoFailure> {
        let mut line = Vec::new();
        loop {
            if reader.is_drained() {
                // The next read may wait: let whoever is reading see the answers so far.
                self.out.flush().map_err(IoFailure::Write)?;
            }
            if !reader.read_line(&mut line).map_err(IoFailure::Read)? {
                return Ok(());
            }
            match std::str::from_utf8(&line) {
                Ok(input) => self.one(input),
                Err(_) => self.fail(format_args!(
                    "line {}: not valid UTF-8",
                    reader.line_number()
                )),
            }
            .map_err(IoFailure::Write)?;
        }
    }

    /// Parses one input and writes its href (or components), or its error.
    fn one(&mut self, input: &str) -> io::Result<()> {
        let parsed = match self.base {
            Some(base) => Url::parse_with_base(input, base),
            None => Url::parse(input),
        };
        match parsed {
            Ok(url) if self.json => {
                serde_json::to_writer(&mut self.out, &Components::from(&url))?;
                self.out.write_all(b"\n")
            }
            Ok(url) => {
                self.out.write_all(url.href().as_bytes())?;
                self.out.write_all(b"\n")
            }
            Err(e) => self.fail(format_args!("{input}: {e}")),
        }
    }

    /// Records a failed input and reports it on standard error as `error: <message>`.
    fn fail(&mut self, message: std::fmt::Arguments<'_>) -> io::Result<()> {
        self.failed = true;
        // Output written so far goes first, so that a terminal shows everything in input order.
        self.out.flush()?;
        // A message that cannot be written to standard error has nowhere else to go.
        let _ = writeln!(io::stderr().lock(), "error: {message}");
        Ok(())
    }
}
