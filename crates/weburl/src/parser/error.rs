//! Why the URL parser returns failure.

use std::fmt;

use crate::host::HostError;
use crate::validation_error::ValidationErrorKind;

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
    /// The validation error in the URL Standard's table that this failure is (`None` for
    /// [`ParseError::TooLong`], a limit of this crate).
    pub(crate) fn kind(self) -> Option<ValidationErrorKind> {
        match self {
            ParseError::MissingSchemeNonRelativeUrl => {
                Some(ValidationErrorKind::MissingSchemeNonRelativeUrl)
            }
            ParseError::HostMissing => Some(ValidationErrorKind::HostMissing),
            ParseError::InvalidHost(e) => Some(e.kind()),
            ParseError::InvalidPort => Some(ValidationErrorKind::PortInvalid),
            ParseError::PortOutOfRange => Some(ValidationErrorKind::PortOutOfRange),
            ParseError::TooLong => None,
        }
    }

    /// The name of the validation error in the URL Standard that caused this failure.
    ///
    /// ```
    /// use weburl::{HostError, ParseError};
    /// assert_eq!(ParseError::InvalidHost(HostError::Ipv4TooManyParts).spec_name(), "IPv4-too-many-parts");
    /// ```
    #[must_use]
    pub fn spec_name(self) -> &'static str {
        self.kind()
            .map_or("too-long", ValidationErrorKind::spec_name)
    }
}

/// The message of the error's row in the table of validation errors; a host's failure is
/// the host error's message after "invalid host: ".
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::InvalidHost(e) => write!(f, "invalid host: {e}"),
            _ => f.write_str(
                self.kind()
                    .map_or("the URL is too long", ValidationErrorKind::failure_message),
            ),
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

/// Why a setter left the URL unchanged (the spec's setter returned early or the parser
/// returned failure under a state override). The parser's state-override states return it,
/// so it is defined here, beside [`ParseError`].
///
/// ```
/// use weburl::{SetterError, Url};
/// let mut url = Url::parse("mailto:someone@example.com").unwrap();
/// assert_eq!(url.set_host("example.org"), Err(SetterError::OpaquePath));
/// assert_eq!(url.href(), "mailto:someone@example.com");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetterError {
    /// The URL [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port):
    /// its host is null or empty, or its scheme is `file`.
    CannotHaveUsernamePasswordPort,
    /// The URL has an opaque path (`mailto:`, `data:`, …), so it has no host or path to set.
    OpaquePath,
    /// The new protocol does not start with a scheme (an ASCII alpha, then alphanumerics, `+`,
    /// `-` or `.`, up to an optional `:`).
    InvalidScheme,
    /// A special URL cannot take a non-special scheme, nor the other way round.
    SpecialnessChange,
    /// A URL with credentials or a port cannot become a `file` URL.
    FileWithCredentialsOrPort,
    /// A `file` URL with an empty host cannot change its scheme.
    FileWithEmptyHost,
    /// The `hostname` setter got a value with a port.
    HostnameWithPort,
    /// A URL with credentials or a port cannot have its host emptied.
    EmptyHostWithCredentialsOrPort,
    /// The value failed to parse: the host, or the port (after the host was set, for the `host`
    /// setter), or the whole URL (for `href` through [`crate::Url::set`]).
    Parse(ParseError),
    /// The component has no setter (`origin`, through [`crate::Url::set`]).
    ReadOnly,
}

impl fmt::Display for SetterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            SetterError::CannotHaveUsernamePasswordPort => {
                "the URL cannot have a username, password or port (no host, an empty host, or a file URL)"
            }
            SetterError::OpaquePath => "the URL has an opaque path",
            SetterError::InvalidScheme => "the value is not a scheme",
            SetterError::SpecialnessChange => {
                "a special scheme cannot be changed to a non-special one, or the other way round"
            }
            SetterError::FileWithCredentialsOrPort => {
                "a URL with credentials or a port cannot become a file URL"
            }
            SetterError::FileWithEmptyHost => {
                "a file URL with an empty host cannot change its scheme"
            }
            SetterError::HostnameWithPort => "the hostname setter does not take a port",
            SetterError::EmptyHostWithCredentialsOrPort => {
                "the host cannot be emptied while the URL has credentials or a port"
            }
            SetterError::ReadOnly => "the component is read-only",
            SetterError::Parse(e) => return write!(f, "{e}"),
        };
        f.write_str(s)
    }
}

impl std::error::Error for SetterError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SetterError::Parse(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ParseError> for SetterError {
    fn from(e: ParseError) -> SetterError {
        SetterError::Parse(e)
    }
}

impl From<HostError> for SetterError {
    fn from(e: HostError) -> SetterError {
        SetterError::Parse(ParseError::InvalidHost(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every failure's spec name and message, as the table of validation errors gives them.
    #[test]
    fn names_and_messages() {
        let host = [
            (HostError::EmptyHost, "host-missing", "the host is empty"),
            (
                HostError::Ipv6Unclosed,
                "IPv6-unclosed",
                "the IPv6 address has no closing ']'",
            ),
            (
                HostError::Ipv6InvalidCompression,
                "IPv6-invalid-compression",
                "the IPv6 address begins with a single ':'",
            ),
            (
                HostError::Ipv6TooManyPieces,
                "IPv6-too-many-pieces",
                "the IPv6 address has more than 8 pieces",
            ),
            (
                HostError::Ipv6MultipleCompression,
                "IPv6-multiple-compression",
                "the IPv6 address has more than one '::'",
            ),
            (
                HostError::Ipv6InvalidCodePoint,
                "IPv6-invalid-code-point",
                "the IPv6 address has an invalid code point",
            ),
            (
                HostError::Ipv6TooFewPieces,
                "IPv6-too-few-pieces",
                "the IPv6 address has fewer than 8 pieces",
            ),
            (
                HostError::Ipv4InIpv6TooManyPieces,
                "IPv4-in-IPv6-too-many-pieces",
                "the IPv6 address has too many pieces before its IPv4 part",
            ),
            (
                HostError::Ipv4InIpv6InvalidCodePoint,
                "IPv4-in-IPv6-invalid-code-point",
                "the IPv4 part of the IPv6 address has an invalid code point",
            ),
            (
                HostError::Ipv4InIpv6OutOfRangePart,
                "IPv4-in-IPv6-out-of-range-part",
                "a number in the IPv4 part of the IPv6 address is greater than 255",
            ),
            (
                HostError::Ipv4InIpv6TooFewParts,
                "IPv4-in-IPv6-too-few-parts",
                "the IPv4 part of the IPv6 address has fewer than 4 numbers",
            ),
            (
                HostError::ForbiddenHostCodePoint('\u{7f}'),
                "host-invalid-code-point",
                "the host contains the forbidden code point '\\u{7f}'",
            ),
            (
                HostError::DomainToAscii,
                "domain-to-ASCII",
                "the domain failed IDNA (UTS 46 ToASCII) processing",
            ),
            (
                HostError::ForbiddenDomainCodePoint('\u{7f}'),
                "domain-to-ASCII",
                "the domain contains the forbidden code point '\\u{7f}'",
            ),
            (
                HostError::Ipv4TooManyParts,
                "IPv4-too-many-parts",
                "the IPv4 address has more than 4 parts",
            ),
            (
                HostError::Ipv4NonNumericPart,
                "IPv4-non-numeric-part",
                "a part of the IPv4 address is not a number",
            ),
            (
                HostError::Ipv4OutOfRangePart,
                "IPv4-out-of-range-part",
                "a number in the IPv4 address is out of range",
            ),
        ];
        for (e, name, message) in host {
            assert_eq!((e.spec_name(), e.to_string().as_str()), (name, message));
            let parse = ParseError::InvalidHost(e);
            assert_eq!(parse.spec_name(), name);
            assert_eq!(parse.to_string(), format!("invalid host: {message}"));
        }
        let parse = [
            (
                ParseError::MissingSchemeNonRelativeUrl,
                "missing-scheme-non-relative-URL",
                "relative URL without a base (no scheme, and no usable base URL)",
            ),
            (
                ParseError::HostMissing,
                "host-missing",
                "the URL needs a host and has none",
            ),
            (
                ParseError::InvalidPort,
                "port-invalid",
                "the port is not a number",
            ),
            (
                ParseError::PortOutOfRange,
                "port-out-of-range",
                "the port is greater than 65535",
            ),
            (ParseError::TooLong, "too-long", "the URL is too long"),
        ];
        for (e, name, message) in parse {
            assert_eq!((e.spec_name(), e.to_string().as_str()), (name, message));
        }
    }
}
