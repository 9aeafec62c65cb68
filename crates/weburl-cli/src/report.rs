//! Messages on standard error, and whether output may be coloured.
//!
//! Colour is used only when the stream is a terminal and `NO_COLOR` is unset or empty
//! (<https://no-color.org>): errors get a red `error:`, diagrams coloured labels, `validate`
//! red error names, `compare` the results that differ.

use std::fmt::{self, Display};
use std::io::{self, IsTerminal, Write};
use std::sync::OnceLock;

/// The escape sequence that starts red bold text.
pub const RED: &str = "\x1b[1;31m";
/// The escape sequence that starts yellow text.
pub const YELLOW: &str = "\x1b[33m";
/// The escape sequence that starts cyan text.
pub const CYAN: &str = "\x1b[36m";
/// The escape sequence that ends coloured text.
pub const RESET: &str = "\x1b[0m";

/// Whether `NO_COLOR` asks for no colour: set to anything but the empty string.
fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}

/// Whether standard output is a terminal (someone reads it, rather than a program).
pub fn stdout_terminal() -> bool {
    static TERMINAL: OnceLock<bool> = OnceLock::new();
    *TERMINAL.get_or_init(|| io::stdout().is_terminal())
}

/// Whether standard output may be coloured.
pub fn stdout_color() -> bool {
    static COLOR: OnceLock<bool> = OnceLock::new();
    *COLOR.get_or_init(|| !no_color() && stdout_terminal())
}

/// Whether standard error may be coloured.
pub fn stderr_color() -> bool {
    static COLOR: OnceLock<bool> = OnceLock::new();
    *COLOR.get_or_init(|| !no_color() && io::stderr().is_terminal())
}

/// Writes `error: <message>` on standard error (a message that cannot be written there has
/// nowhere else to go, so a failure to write it is ignored).
pub fn error(message: impl Display) {
    let mut stderr = io::stderr().lock();
    let _ = if stderr_color() {
        writeln!(stderr, "{RED}error:{RESET} {message}")
    } else {
        writeln!(stderr, "error: {message}")
    };
}

/// Writes `weburl: <message>` on standard error: a notice that is not an error.
pub fn notice(message: impl Display) {
    let _ = writeln!(io::stderr().lock(), "weburl: {message}");
}

/// Reports a usage error found after the command line was parsed (as clap reports the ones it
/// finds) and exits with status 2.
pub fn usage_error(message: impl Display) -> ! {
    error(format_args!(
        "{message}\n\nFor more information, try '--help'."
    ));
    std::process::exit(2)
}

/// The most bytes of an input that a human-readable message quotes.
pub const QUOTE_LIMIT: usize = 256;

/// An input as a message on the terminal quotes it: its first [`QUOTE_LIMIT`] bytes at most
/// (cut at a character boundary, then `... (N bytes)` with the input's whole length), with
/// control characters (C0, DEL, C1) and the bidirectional overrides and isolates (U+202A to
/// U+202E, U+2066 to U+2069) escaped as Rust writes them (`\t`, `\n`, `\u{1b}`), so that an
/// input cannot move the cursor, change colours or reorder what the terminal shows. `--json`
/// forms keep the whole input.
pub struct Quoted<'a>(pub &'a str);

impl Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0;
        let mut cut = text.len().min(QUOTE_LIMIT);
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let shown = &text[..cut];
        let mut copied = 0;
        for (i, c) in shown.char_indices() {
            if c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}') {
                f.write_str(&shown[copied..i])?;
                write!(f, "{}", c.escape_default())?;
                copied = i + c.len_utf8();
            }
        }
        f.write_str(&shown[copied..])?;
        if cut < text.len() {
            write!(f, "... ({} bytes)", text.len())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{QUOTE_LIMIT, Quoted};

    #[test]
    fn quoted_inputs_are_short_and_inert() {
        assert_eq!(Quoted("http://a/").to_string(), "http://a/");
        assert_eq!(
            Quoted("a\tb\u{1b}[31mc\0\u{7f}\u{85}\u{202e}d\r\n").to_string(),
            "a\\tb\\u{1b}[31mc\\u{0}\\u{7f}\\u{85}\\u{202e}d\\r\\n"
        );
        let long = "x".repeat(50_000_000);
        let quoted = Quoted(&long).to_string();
        assert_eq!(
            quoted,
            format!("{}... (50000000 bytes)", &long[..QUOTE_LIMIT])
        );
        // Cut at a character boundary.
        let wide = "é".repeat(QUOTE_LIMIT);
        let quoted = Quoted(&wide).to_string();
        assert!(quoted.starts_with(&"é".repeat(QUOTE_LIMIT / 2)));
        assert!(quoted.ends_with(&format!("... ({} bytes)", 2 * QUOTE_LIMIT)));
        let odd = format!("a{wide}");
        assert!(
            Quoted(&odd)
                .to_string()
                .starts_with(&format!("a{}...", "é".repeat(QUOTE_LIMIT / 2 - 1)))
        );
    }
}
