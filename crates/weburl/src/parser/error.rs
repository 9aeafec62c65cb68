//! Why the URL parser returns failure.

use std::fmt;

use crate::host::HostError;

/// Why the URL parser returned failure. Each variant names the spec's validation error that
/// made the parser return failure.
///
/// ```
/// use weburl::{HostError, ParseError, Url};
/// assert_eq!(Url::parse("http://a:99999"), Err(ParseError::PortOutOfRange));
/// assert_eq!(
///     Url::parse("http://[::1"),
///     Err(ParseError::InvalidHost(HostError::Ipv6Unclosed))
/// );
/// assert_eq!(ParseError::PortOutOfRange.spec_name(), "port-out-of-range");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseError {
    /// The input has no scheme and there is no base URL, or the base has an opaque path and
    /// the input is not a fragment (`missing-scheme-non-relative-URL`).
    MissingSchemeNonRelativeUrl,
    /// A special URL, or a URL with credentials or a port, has an empty host (`host-missing`).
    HostMissing,
    /// The host parser failed; the host's own error says why.
    InvalidHost(HostError),
    /// The port holds something other than ASCII digits (`port-invalid`).
    InvalidPort,
    /// The port is greater than 65535 (`port-out-of-range`).
    PortOutOfRange,
    /// The URL would be longer than this crate's offsets can hold (4 GiB - 1 bytes) or than the
    /// configured maximum.
    TooLong,
}

impl ParseError {
    /// The name of the validation error in the URL Standard that caused this failure.
    ///
    /// ```
    /// use weburl::{HostError, ParseError};
    /// assert_eq!(ParseError::InvalidHost(HostError::Ipv4TooManyParts).spec_name(), "IPv4-too-many-parts");
    /// ```
    #[must_use]
    pub fn spec_name(self) -> &'static str {
        match self {
            ParseError::MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            ParseError::HostMissing => "host-missing",
            ParseError::InvalidHost(e) => e.spec_name(),
            ParseError::InvalidPort => "port-invalid",
            ParseError::PortOutOfRange => "port-out-of-range",
            ParseError::TooLong => "too-long",
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::MissingSchemeNonRelativeUrl => {
                f.write_str("relative URL without a base (no scheme, and no usable base URL)")
            }
            ParseError::HostMissing => f.write_str("the URL needs a host and has none"),
            ParseError::InvalidHost(e) => write!(f, "invalid host: {e}"),
            ParseError::InvalidPort => f.write_str("the port is not a number"),
            ParseError::PortOutOfRange => f.write_str("the port is greater than 65535"),
            ParseError::TooLong => f.write_str("the URL is too long"),
        }
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseError::InvalidHost(e) => Some(e),
            _ => None,
        }
    }
}

impl From<HostError> for ParseError {
    fn from(e: HostError) -> ParseError {
        ParseError::InvalidHost(e)
    }
}

/// A port failure of [`crate::lex`] as the parser reports it.
///
/// ```
/// use weburl::{ParseError, lex};
/// let e = lex::port_value(b"65536").map_err(ParseError::from);
/// assert_eq!(e, Err(ParseError::PortOutOfRange));
/// ```
impl From<crate::lex::PortError> for ParseError {
    fn from(e: crate::lex::PortError) -> ParseError {
        match e {
            crate::lex::PortError::NotDigit => ParseError::InvalidPort,
            crate::lex::PortError::OutOfRange => ParseError::PortOutOfRange,
        }
    }
}
