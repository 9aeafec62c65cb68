//! The loop shared by the line normalizers (`weburl-normalize`, `ada-normalize`,
//! `url-normalize`; see `src/bin/`): what `weburl parse` does per line, with nothing around it.
//!
//! Standard input is read a line at a time into one reused buffer (64 KiB `BufReader`, as the
//! CLI's line reader); a line loses its `\n` or `\r\n`; a line that is not UTF-8 fails; each
//! line is parsed on its own (no base) and its href is written with a `\n` to a 64 KiB
//! `BufWriter` on locked standard output (the CLI's output buffer size). A failure writes
//! `error: LINE: REASON` on standard error. Exit status 1 when some line failed, as the CLI.
//!
//! Included by each binary with `#[path]`, so that each is a self-contained `main`.

use std::fmt::Display;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

/// Input and output buffer size (the CLI's `lines::BUFFER_SIZE` and `OUTPUT_BUFFER_SIZE`).
pub const BUFFER_SIZE: usize = 64 * 1024;

/// Runs the loop: `parse` turns a line into a URL, `href` reads its serialization.
pub fn run<U, E: Display>(
    parse: impl Fn(&str) -> Result<U, E>,
    href: impl Fn(&U) -> &str,
) -> ExitCode {
    let stdin = io::stdin();
    let mut input = BufReader::with_capacity(BUFFER_SIZE, stdin.lock());
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(BUFFER_SIZE, stdout.lock());
    let mut line = Vec::new();
    let mut failed = false;
    let result = (|| -> io::Result<()> {
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                return Ok(());
            }
            if line.last() == Some(&b'\n') {
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
            }
            match std::str::from_utf8(&line) {
                Ok(text) => match parse(text) {
                    Ok(url) => {
                        out.write_all(href(&url).as_bytes())?;
                        out.write_all(b"\n")?;
                    }
                    Err(e) => {
                        failed = true;
                        eprintln!("error: {text}: {e}");
                    }
                },
                Err(_) => {
                    failed = true;
                    eprintln!("error: not valid UTF-8");
                }
            }
        }
    })();
    match result.and_then(|()| out.flush()) {
        Ok(()) if failed => ExitCode::FAILURE,
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
