//! Messages on standard error, and whether output may be coloured.
//!
//! Colour is used only when the stream is a terminal and `NO_COLOR` is unset or empty
//! (<https://no-color.org>): errors get a red `error:`, diagrams coloured labels, `validate`
//! red error names, `compare` the results that differ.

use std::fmt::Display;
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

/// Reports a usage error found after the command line was parsed (as clap reports the ones it
/// finds) and exits with status 2.
pub fn usage_error(message: impl Display) -> ! {
    error(format_args!(
        "{message}\n\nFor more information, try '--help'."
    ));
    std::process::exit(2)
}
