//! Why an input failed ([`Failure`]): what every command reports for an input it could not
//! process. A leaf of the CLI's module graph, so that reading input, printing output, setters
//! and templates can fail without depending on the driver that runs them.

use weburl::{ParseError, SetterError};

/// The error name of a line that is not UTF-8.
pub const NOT_UTF8_NAME: &str = "not-UTF-8";

/// What is said about a line that is not UTF-8.
pub const NOT_UTF8_MESSAGE: &str = "not valid UTF-8 (--lossy decodes it with U+FFFD)";

/// Why an input failed: an error name (the URL Standard's for a parse failure) and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// A short name: the spec's error name for a parse failure, else one of this tool's
    /// (`setter-ignored`, `opaque-path`, ...).
    pub name: &'static str,
    /// What went wrong, for people.
    pub message: String,
}

impl Failure {
    /// A failure named `name`.
    pub fn new(name: &'static str, message: impl std::fmt::Display) -> Failure {
        Failure {
            name,
            message: message.to_string(),
        }
    }

    /// The same failure with `prefix: ` before its message.
    #[must_use]
    pub fn context(self, prefix: impl std::fmt::Display) -> Failure {
        Failure {
            name: self.name,
            message: format!("{prefix}: {}", self.message),
        }
    }
}

impl From<ParseError> for Failure {
    fn from(e: ParseError) -> Failure {
        Failure::new(e.spec_name(), e)
    }
}

impl From<SetterError> for Failure {
    fn from(e: SetterError) -> Failure {
        let name = match e {
            SetterError::Parse(e) => e.spec_name(),
            SetterError::OpaquePath => "opaque-path",
            _ => "setter-ignored",
        };
        Failure::new(name, e)
    }
}
