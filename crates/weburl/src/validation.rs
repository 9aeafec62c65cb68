//! Validation errors and the "valid URL string" grammar.
//!
//! <https://url.spec.whatwg.org/#validation-error> and <https://url.spec.whatwg.org/#url-writing>.
//!
//! A validation error does not stop the parser (only the errors that the spec pairs with
//! "return failure" do). Pass a callback to [`ParseOptions::on_validation_error`](crate::ParseOptions::on_validation_error)
//! to hear about every one, with its place in the input. Without a callback the parser does not
//! look for them at all.
//!
//! ```
//! use weburl::{Url, ValidationErrorKind};
//! let mut errors = Vec::new();
//! let url = Url::options()
//!     .on_validation_error(&mut |e| errors.push(e))
//!     .parse(" https:\\\\example.com/a b")
//!     .unwrap();
//! assert_eq!(url.href(), "https://example.com/a%20b");
//! let found: Vec<_> = errors.iter().map(|e| (e.kind.spec_name(), e.offset)).collect();
//! assert_eq!(
//!     found,
//!     [
//!         ("invalid-URL-unit", 0),
//!         // Reported by the special authority slashes state, then by the ignore slashes
//!         // state for the same code point, as the spec's steps do.
//!         ("special-scheme-missing-following-solidus", 7),
//!         ("special-scheme-missing-following-solidus", 7),
//!         ("special-scheme-missing-following-solidus", 8),
//!         ("invalid-URL-unit", 22),
//!     ]
//! );
//! ```

use std::fmt;

use crate::host::ipv4::ends_in_a_number;
use crate::lex::{is_double_dot, is_single_dot};
use crate::url::{SchemeType, Url};

/// Writes the table of validation errors, one row per error: the variant (with its doc), the
/// spec's name, whether the spec's table lists it as a failure (`failure`) or not
/// (`continues`), the message, and where a parser failure is worded otherwise, that wording.
/// [`ValidationErrorKind`], [`crate::ParseError`] and [`crate::HostError`] take their names
/// and messages from it.
macro_rules! validation_errors {
    ($(
        $(#[doc = $doc:literal])*
        $kind:ident = $name:literal, $fails:ident, $message:literal $(, $failure:literal)?;
    )*) => {
        /// The kinds of validation error, named as the URL Standard's table names them (see
        /// [`ValidationErrorKind::spec_name`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum ValidationErrorKind {
            $($(#[doc = $doc])* $kind,)*
        }

        impl ValidationErrorKind {
            /// The error's name in the URL Standard.
            ///
            /// ```
            /// use weburl::ValidationErrorKind;
            /// assert_eq!(ValidationErrorKind::InvalidUrlUnit.spec_name(), "invalid-URL-unit");
            /// assert_eq!(ValidationErrorKind::Ipv4NonDecimalPart.spec_name(), "IPv4-non-decimal-part");
            /// ```
            #[must_use]
            pub fn spec_name(self) -> &'static str {
                match self {
                    $(ValidationErrorKind::$kind => $name,)*
                }
            }

            /// A one-line description of the error, for people.
            ///
            /// ```
            /// use weburl::ValidationErrorKind;
            /// assert_eq!(ValidationErrorKind::InvalidCredentials.message(), "the URL contains credentials");
            /// ```
            #[must_use]
            pub fn message(self) -> &'static str {
                match self {
                    $(ValidationErrorKind::$kind => $message,)*
                }
            }

            /// Whether the URL Standard's table lists this error as one that makes the parser
            /// return failure (`domain-to-ASCII` and `IPv4-out-of-range-part` only in some
            /// cases: see the table).
            ///
            /// ```
            /// use weburl::ValidationErrorKind;
            /// assert!(ValidationErrorKind::PortInvalid.is_failure());
            /// assert!(!ValidationErrorKind::InvalidCredentials.is_failure());
            /// ```
            #[must_use]
            pub fn is_failure(self) -> bool {
                match self {
                    $(ValidationErrorKind::$kind => validation_errors!(@fails $fails),)*
                }
            }

            /// How [`crate::ParseError`] and [`crate::HostError`] describe a failure with
            /// this error.
            pub(crate) fn failure_message(self) -> &'static str {
                match self {
                    $(ValidationErrorKind::$kind => validation_errors!(@or $($failure)? $message),)*
                }
            }
        }
    };
    (@fails failure) => { true };
    (@fails continues) => { false };
    (@or $failure:literal $message:literal) => { $failure };
    (@or $message:literal) => { $message };
}

validation_errors! {
    /// `domain-to-ASCII`: Unicode ToASCII with the strict flags records an error.
    DomainToAscii = "domain-to-ASCII", failure,
        "the domain is not valid under strict IDNA (UTS 46 ToASCII)",
        "the domain failed IDNA (UTS 46 ToASCII) processing";

    /// `domain-percent-encoded`: a domain holds a percent-encoded byte.
    DomainPercentEncoded = "domain-percent-encoded", continues,
        "the domain contains a percent-encoded byte";

    /// `host-invalid-code-point`: an opaque host holds a forbidden host code point.
    HostInvalidCodePoint = "host-invalid-code-point", failure,
        "the host contains a forbidden code point";

    /// `IPv4-empty-part`: an IPv4 address ends with '.'.
    Ipv4EmptyPart = "IPv4-empty-part", continues,
        "the IPv4 address ends with a '.'";

    /// `IPv4-too-few-parts`: an IPv4 address has fewer than 4 parts.
    Ipv4TooFewParts = "IPv4-too-few-parts", continues,
        "the IPv4 address has fewer than 4 parts";

    /// `IPv4-too-many-parts`.
    Ipv4TooManyParts = "IPv4-too-many-parts", failure,
        "the IPv4 address has more than 4 parts";

    /// `IPv4-non-ASCII-input`: a host that the IPv4 parser reads was written with non-ASCII
    /// code points (`１２７.０.０.１`, `127。0。0。1`). Added to the URL Standard after the
    /// 2026-07-02 text; named as the reference implementation (whatwg-url 17.1) names it.
    Ipv4NonAsciiInput = "IPv4-non-ASCII-input", continues,
        "the IPv4 address is written with non-ASCII code points";

    /// `IPv4-non-numeric-part`.
    Ipv4NonNumericPart = "IPv4-non-numeric-part", failure,
        "a part of the IPv4 address is not a number";

    /// `IPv4-non-decimal-part`: a part written in hexadecimal or octal.
    Ipv4NonDecimalPart = "IPv4-non-decimal-part", continues,
        "the IPv4 address has a hexadecimal or octal part";

    /// `IPv4-out-of-range-part`: a part greater than 255.
    Ipv4OutOfRangePart = "IPv4-out-of-range-part", failure,
        "a part of the IPv4 address is greater than 255",
        "a number in the IPv4 address is out of range";

    /// `IPv6-unclosed`.
    Ipv6Unclosed = "IPv6-unclosed", failure,
        "the IPv6 address has no closing ']'";

    /// `IPv6-invalid-compression`.
    Ipv6InvalidCompression = "IPv6-invalid-compression", failure,
        "the IPv6 address begins with a single ':'";

    /// `IPv6-too-many-pieces`.
    Ipv6TooManyPieces = "IPv6-too-many-pieces", failure,
        "the IPv6 address has more than 8 pieces";

    /// `IPv6-multiple-compression`.
    Ipv6MultipleCompression = "IPv6-multiple-compression", failure,
        "the IPv6 address has more than one '::'";

    /// `IPv6-invalid-code-point`.
    Ipv6InvalidCodePoint = "IPv6-invalid-code-point", failure,
        "the IPv6 address has an invalid code point or ends early",
        "the IPv6 address has an invalid code point";

    /// `IPv6-too-few-pieces`.
    Ipv6TooFewPieces = "IPv6-too-few-pieces", failure,
        "the IPv6 address has fewer than 8 pieces";

    /// `IPv6-piece-leading-zero`.
    Ipv6PieceLeadingZero = "IPv6-piece-leading-zero", continues,
        "a piece of the IPv6 address has a leading zero";

    /// `IPv4-in-IPv6-too-many-pieces`.
    Ipv4InIpv6TooManyPieces = "IPv4-in-IPv6-too-many-pieces", failure,
        "too many IPv6 pieces before the embedded IPv4 address",
        "the IPv6 address has too many pieces before its IPv4 part";

    /// `IPv4-in-IPv6-invalid-code-point`.
    Ipv4InIpv6InvalidCodePoint = "IPv4-in-IPv6-invalid-code-point", failure,
        "the embedded IPv4 address has an invalid code point",
        "the IPv4 part of the IPv6 address has an invalid code point";

    /// `IPv4-in-IPv6-out-of-range-part`.
    Ipv4InIpv6OutOfRangePart = "IPv4-in-IPv6-out-of-range-part", failure,
        "a part of the embedded IPv4 address is greater than 255",
        "a number in the IPv4 part of the IPv6 address is greater than 255";

    /// `IPv4-in-IPv6-too-few-parts`.
    Ipv4InIpv6TooFewParts = "IPv4-in-IPv6-too-few-parts", failure,
        "the embedded IPv4 address has fewer than 4 parts",
        "the IPv4 part of the IPv6 address has fewer than 4 numbers";

    /// `invalid-URL-unit`: a code point that is not a URL code point, or a '%' not followed by
    /// two hex digits.
    InvalidUrlUnit = "invalid-URL-unit", continues,
        "a code point that is not allowed in URLs, or a '%' not followed by two hex digits";

    /// `special-scheme-missing-following-solidus`.
    SpecialSchemeMissingFollowingSolidus = "special-scheme-missing-following-solidus", continues,
        "the special scheme is not followed by exactly \"//\"";

    /// `missing-scheme-non-relative-URL`.
    MissingSchemeNonRelativeUrl = "missing-scheme-non-relative-URL", failure,
        "no scheme, and no base URL to resolve against",
        "relative URL without a base (no scheme, and no usable base URL)";

    /// `invalid-reverse-solidus`: a '\' where a special URL expects '/'.
    InvalidReverseSolidus = "invalid-reverse-solidus", continues,
        "a '\\' is used where '/' is expected";

    /// `invalid-credentials`: the input has credentials ('@' in the authority).
    InvalidCredentials = "invalid-credentials", continues,
        "the URL contains credentials";

    /// `host-missing`.
    HostMissing = "host-missing", failure,
        "the URL needs a host and has none";

    /// `port-out-of-range`.
    PortOutOfRange = "port-out-of-range", failure,
        "the port is greater than 65535";

    /// `port-invalid`.
    PortInvalid = "port-invalid", failure,
        "the port is not a number";

    /// `file-invalid-Windows-drive-letter`.
    FileInvalidWindowsDriveLetter = "file-invalid-Windows-drive-letter", continues,
        "a Windows drive letter in a relative file URL replaces the base's path";

    /// `file-invalid-Windows-drive-letter-host`.
    FileInvalidWindowsDriveLetterHost = "file-invalid-Windows-drive-letter-host", continues,
        "a Windows drive letter is used as a file host";
}

impl fmt::Display for ValidationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec_name())
    }
}

/// A validation error and where it is: the byte offset in the input as given (before the
/// parser trims it and removes tabs and newlines).
///
/// ```
/// use weburl::{Url, ValidationError, ValidationErrorKind};
/// let mut errors = Vec::new();
/// Url::options().on_validation_error(&mut |e| errors.push(e)).parse("http://u@h/").unwrap();
/// assert_eq!(errors, [ValidationError { kind: ValidationErrorKind::InvalidCredentials, offset: 8 }]);
/// assert_eq!(errors[0].to_string(), "8: invalid-credentials: the URL contains credentials");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValidationError {
    /// Which error.
    pub kind: ValidationErrorKind,
    /// The byte offset in the original input.
    pub offset: usize,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: {}",
            self.offset,
            self.kind.spec_name(),
            self.kind.message()
        )
    }
}

impl std::error::Error for ValidationError {}

/// Reports validation errors to the caller's callback, mapping offsets in the cleaned input
/// (trimmed, tabs and newlines removed) back to the original input. Disabled when there is no
/// callback, so that the parser skips every check.
pub(crate) struct Reporter<'a> {
    callback: Option<&'a mut dyn FnMut(ValidationError)>,
    /// Bytes trimmed from the start of the input.
    lead: usize,
    /// Positions (in the trimmed input) of the tabs and newlines that were removed, in order.
    removed: Vec<usize>,
}

impl<'a> Reporter<'a> {
    /// A reporter that reports nothing.
    pub(crate) fn disabled() -> Reporter<'static> {
        Reporter {
            callback: None,
            lead: 0,
            removed: Vec::new(),
        }
    }

    pub(crate) fn new(callback: Option<&'a mut dyn FnMut(ValidationError)>) -> Reporter<'a> {
        Reporter {
            callback,
            lead: 0,
            removed: Vec::new(),
        }
    }

    /// Whether anyone listens.
    #[inline(always)]
    pub(crate) fn enabled(&self) -> bool {
        self.callback.is_some()
    }

    /// Records how the parser cleaned the input, for mapping offsets back.
    pub(crate) fn set_cleaning(&mut self, lead: usize, trimmed: &str) {
        self.lead = lead;
        self.removed = crate::lex::tab_and_newline_positions(trimmed.as_bytes()).collect();
    }

    /// The offset in the original input of `offset` in the cleaned input.
    pub(crate) fn original_offset(&self, offset: usize) -> usize {
        let mut original = offset;
        for &r in &self.removed {
            if r <= original {
                original += 1;
            } else {
                break;
            }
        }
        self.lead + original
    }

    /// Reports `kind` at `offset`, an offset in the cleaned input.
    #[inline]
    pub(crate) fn report(&mut self, kind: ValidationErrorKind, offset: usize) {
        if self.callback.is_some() {
            let offset = self.original_offset(offset);
            self.report_original(kind, offset);
        }
    }

    /// Reports `kind` at an offset already in the original input.
    pub(crate) fn report_original(&mut self, kind: ValidationErrorKind, offset: usize) {
        if let Some(callback) = self.callback.as_mut() {
            callback(ValidationError { kind, offset });
        }
    }

    /// Reports an invalid-URL-unit error for each code point of `text` (which starts at
    /// `offset` in the cleaned input) that is not a URL code point and not '%', and for each
    /// '%' not followed by two ASCII hex digits.
    #[inline(always)]
    pub(crate) fn check_url_units(&mut self, text: &str, offset: usize) {
        if self.enabled() {
            self.report_url_units(text, offset);
        }
    }

    /// The opaque-host parser's steps 2-3: one invalid-URL-unit error if `text` contains a code
    /// point that is not a URL code point and not '%' (at the first such code point), then one
    /// if it contains a '%' not followed by two ASCII hex digits (at the first such '%'). Unlike
    /// the state machine, which reports each code point as it reads it, the opaque-host parser
    /// looks at the whole host once.
    #[inline(always)]
    pub(crate) fn check_url_units_once(&mut self, text: &str, offset: usize) {
        if self.enabled() {
            self.report_url_units_once(text, offset);
        }
    }

    #[cold]
    fn report_url_units_once(&mut self, text: &str, offset: usize) {
        let bytes = text.as_bytes();
        if let Some((i, _)) = text
            .char_indices()
            .find(|&(_, c)| c != '%' && !is_url_code_point(c))
        {
            self.report(ValidationErrorKind::InvalidUrlUnit, offset + i);
        }
        if let Some(i) = (0..bytes.len())
            .find(|&i| bytes[i] == b'%' && !crate::percent::is_percent_encoded_byte_at(bytes, i))
        {
            self.report(ValidationErrorKind::InvalidUrlUnit, offset + i);
        }
    }

    #[cold]
    fn report_url_units(&mut self, text: &str, offset: usize) {
        let bytes = text.as_bytes();
        for (i, c) in text.char_indices() {
            let bad = if c == '%' {
                !(bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                    && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
            } else {
                !is_url_code_point(c)
            };
            if bad {
                self.report(ValidationErrorKind::InvalidUrlUnit, offset + i);
            }
        }
    }
}

/// A [URL code point](https://url.spec.whatwg.org/#url-code-points).
///
/// ```
/// use weburl::validation::is_url_code_point;
/// assert!(is_url_code_point('a') && is_url_code_point('~') && is_url_code_point('é'));
/// assert!(!is_url_code_point(' ') && !is_url_code_point('%') && !is_url_code_point('\u{FFFF}'));
/// ```
#[must_use]
pub fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        '\u{A0}'..='\u{10FFFD}' => !is_noncharacter(c),
        _ => false,
    }
}

/// A [noncharacter](https://infra.spec.whatwg.org/#noncharacter).
fn is_noncharacter(c: char) -> bool {
    let n = c as u32;
    (0xFDD0..=0xFDEF).contains(&n) || (n & 0xFFFE) == 0xFFFE
}

/// Whether `s` is [URL units](https://url.spec.whatwg.org/#url-units) excluding `excluded`.
fn is_url_units(s: &str, excluded: &[char]) -> bool {
    let bytes = s.as_bytes();
    s.char_indices().all(|(i, c)| {
        if excluded.contains(&c) {
            false
        } else if c == '%' {
            bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        } else {
            is_url_code_point(c)
        }
    })
}

/// A [URL-scheme string](https://url.spec.whatwg.org/#url-scheme-string).
fn is_scheme(s: &str) -> bool {
    crate::lex::scheme_run(s.as_bytes()) == Some(s.len())
}

/// A [URL-port string](https://url.spec.whatwg.org/#url-port-string).
fn is_port(s: &str) -> bool {
    crate::lex::whole_port(s.as_bytes()).is_ok()
}

/// A [URL-path-segment string](https://url.spec.whatwg.org/#url-path-segment-string).
fn is_path_segment(s: &str) -> bool {
    is_single_dot(s.as_bytes()) || is_double_dot(s.as_bytes()) || is_url_units(s, &['/', '?'])
}

/// A [path-absolute-URL string](https://url.spec.whatwg.org/#path-absolute-url-string).
fn is_path_absolute(s: &str) -> bool {
    s.strip_prefix('/')
        .is_some_and(|rest| rest.split('/').all(is_path_segment))
}

/// A [path-relative-URL string](https://url.spec.whatwg.org/#path-relative-url-string).
fn is_path_relative(s: &str) -> bool {
    !s.starts_with('/') && s.split('/').all(is_path_segment)
}

/// A [valid IPv4-address string](https://url.spec.whatwg.org/#valid-ipv4-address-string).
fn is_valid_ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p.len() == 1 || !p.starts_with('0'))
                && p.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

/// A [valid IPv6-pieces string](https://url.spec.whatwg.org/#valid-ipv6-pieces-string), its
/// effective piece length.
fn ipv6_pieces(s: &str) -> Option<usize> {
    let mut n = 0;
    for piece in s.split(':') {
        let ok = !piece.is_empty()
            && piece.len() <= 4
            && piece.bytes().all(|b| b.is_ascii_hexdigit())
            && (piece.len() == 1 || !piece.starts_with('0'));
        if !ok {
            return None;
        }
        n += 1;
    }
    Some(n)
}

/// A valid IPv6-pieces string or a valid IPv6-pieces-and-IPv4 string (or "" when `allow_empty`),
/// with its effective piece length.
fn ipv6_part(s: &str, allow_empty: bool) -> Option<usize> {
    if s.is_empty() {
        return allow_empty.then_some(0);
    }
    match s.rfind(':') {
        _ if s.contains('.') => {
            let (pieces, ipv4) = match s.rfind(':') {
                Some(i) => (Some(&s[..i]), &s[i + 1..]),
                None => (None, s),
            };
            if !is_valid_ipv4(ipv4) {
                return None;
            }
            match pieces {
                Some(p) => ipv6_pieces(p).map(|n| n + 2),
                None => Some(2),
            }
        }
        _ => ipv6_pieces(s),
    }
}

/// A [valid IPv6-address string](https://url.spec.whatwg.org/#valid-ipv6-address-string).
fn is_valid_ipv6(s: &str) -> bool {
    match s.find("::") {
        Some(i) => {
            let (before, after) = (&s[..i], &s[i + 2..]);
            if before.contains('.') {
                return false;
            }
            match (ipv6_part(before, true), ipv6_part(after, true)) {
                (Some(a), Some(b)) => a + b <= 7,
                _ => false,
            }
        }
        None => ipv6_part(s, false) == Some(8),
    }
}

/// A [valid domain](https://url.spec.whatwg.org/#valid-domain): the domain parser with
/// `beStrict` true succeeds and the result does not end in a number.
fn is_valid_domain(s: &str) -> bool {
    match crate::host::domain::domain_to_ascii_strict(s) {
        Some(ascii) => !ends_in_a_number(&ascii),
        None => false,
    }
}

/// A [valid host string](https://url.spec.whatwg.org/#valid-host-string).
fn is_valid_host(s: &str) -> bool {
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return is_valid_ipv6(inner);
    }
    is_valid_ipv4(s) || is_valid_domain(s)
}

/// A [valid opaque-host string](https://url.spec.whatwg.org/#valid-opaque-host-string).
fn is_valid_opaque_host(s: &str) -> bool {
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return is_valid_ipv6(inner);
    }
    !s.is_empty()
        && !s.bytes().any(crate::host::is_forbidden_host_code_point)
        && is_url_units(s, &[])
}

/// Splits `host[:port]` where the host state does: at the first ':' outside brackets. (A valid
/// host has no ':' outside brackets and a valid port none at all, so the split decides
/// nothing about validity that another ':' could change.)
fn split_port(s: &str) -> (&str, Option<&str>) {
    match crate::lex::host_colon(s.as_bytes()) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    }
}

/// Splits an authority-and-path string ("//…") into the authority and the path.
fn split_authority(s: &str) -> Option<(&str, &str)> {
    let rest = s.strip_prefix("//")?;
    let end = rest.find('/').unwrap_or(rest.len());
    Some((&rest[..end], &rest[end..]))
}

/// A [scheme-relative-special-URL string](https://url.spec.whatwg.org/#scheme-relative-special-url-string).
fn is_scheme_relative_special(s: &str) -> bool {
    let Some((authority, path)) = split_authority(s) else {
        return false;
    };
    let (host, port) = split_port(authority);
    is_valid_host(host) && port.is_none_or(is_port) && (path.is_empty() || is_path_absolute(path))
}

/// A [scheme-relative-URL string](https://url.spec.whatwg.org/#scheme-relative-url-string).
fn is_scheme_relative(s: &str) -> bool {
    let Some((authority, path)) = split_authority(s) else {
        return false;
    };
    let host_and_port_ok = authority.is_empty() || {
        let (host, port) = split_port(authority);
        is_valid_opaque_host(host) && port.is_none_or(is_port)
    };
    host_and_port_ok && (path.is_empty() || is_path_absolute(path))
}

/// A [scheme-relative-file-URL string](https://url.spec.whatwg.org/#scheme-relative-file-url-string).
fn is_scheme_relative_file(s: &str) -> bool {
    let Some((host, path)) = split_authority(s) else {
        return false;
    };
    (host.is_empty() || is_valid_host(host)) && (path.is_empty() || is_path_absolute(path))
}

/// A [path-absolute-non-authority-URL string](https://url.spec.whatwg.org/#path-absolute-non-authority-url-string).
fn is_path_absolute_non_authority(s: &str) -> bool {
    !s.starts_with("//") && is_path_absolute(s)
}

/// An [opaque-path-URL string](https://url.spec.whatwg.org/#opaque-path-url-string).
fn is_opaque_path(s: &str) -> bool {
    !s.starts_with('/') && is_url_units(s, &['?'])
}

/// Splits off "?query", checking the query.
fn split_query(s: &str) -> Option<&str> {
    match s.find('?') {
        Some(i) => is_url_units(&s[i + 1..], &[]).then_some(&s[..i]),
        None => Some(s),
    }
}

/// An [absolute-URL string](https://url.spec.whatwg.org/#absolute-url-string).
fn is_absolute_url(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    let (scheme, rest) = (&s[..colon], &s[colon + 1..]);
    if !is_scheme(scheme) {
        return false;
    }
    let Some(rest) = split_query(rest) else {
        return false;
    };
    match SchemeType::from_scheme(&scheme.to_ascii_lowercase()) {
        SchemeType::File => is_scheme_relative_file(rest),
        SchemeType::NotSpecial => {
            is_scheme_relative(rest) || is_path_absolute_non_authority(rest) || is_opaque_path(rest)
        }
        _ => is_scheme_relative_special(rest),
    }
}

/// A [relative-URL string](https://url.spec.whatwg.org/#relative-url-string) against `base`.
fn is_relative_url(s: &str, base: &Url) -> bool {
    let Some(s) = split_query(s) else {
        return false;
    };
    let scheme_less = || {
        is_path_relative(s)
            && !s.find(':').is_some_and(|i| {
                let before = &s[..i];
                !before.contains('/') && is_scheme(before)
            })
    };
    is_path_absolute_non_authority(s)
        || scheme_less()
        || match base.scheme_type {
            SchemeType::File => is_scheme_relative_file(s),
            SchemeType::NotSpecial => is_scheme_relative(s),
            _ => is_scheme_relative_special(s),
        }
}

/// Whether `input` is a [valid URL string](https://url.spec.whatwg.org/#valid-url-string)
/// (relative to `base` when given): the URL writing grammar, which is stricter than "the parser
/// reports no validation error".
///
/// ```
/// use weburl::{is_valid_url_string, Url};
/// assert!(is_valid_url_string("https://example.com/a?b#c", None));
/// assert!(!is_valid_url_string("https://example.com/a b", None));
/// assert!(!is_valid_url_string("https://user@example.com/", None)); // no credentials
/// let base = Url::parse("https://example.com/dir/").unwrap();
/// assert!(is_valid_url_string("../x?y#z", Some(&base)));
/// assert!(!is_valid_url_string("../x", None));
/// ```
#[must_use]
pub fn is_valid_url_string(input: &str, base: Option<&Url>) -> bool {
    let (url, fragment) = match input.find('#') {
        Some(i) => (&input[..i], Some(&input[i + 1..])),
        None => (input, None),
    };
    if fragment.is_some_and(|f| !is_url_units(f, &[])) {
        return false;
    }
    if is_absolute_url(url) {
        return true;
    }
    match base {
        None => false,
        Some(base) if base.has_opaque_path() => url.is_empty() && fragment.is_some(),
        Some(base) => is_relative_url(url, base),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_grammar() {
        for ok in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1::8",
            "::ffff:1.2.3.4",
            "1:2:3:4:5:6:1.2.3.4",
            "a::b:1.2.3.4",
        ] {
            assert!(is_valid_ipv6(ok), "{ok}");
        }
        for bad in [
            "",
            "1",
            ":::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "01::",
            "1::2::3",
            "::1.2.3",
            "::1.2.3.04",
            "1.2.3.4::",
            "1:2:3:4:5:6:7::8",
        ] {
            assert!(!is_valid_ipv6(bad), "{bad}");
        }
    }

    #[test]
    fn ipv4_grammar() {
        assert!(is_valid_ipv4("0.0.0.0"));
        assert!(is_valid_ipv4("255.255.255.255"));
        assert!(!is_valid_ipv4("256.0.0.0"));
        assert!(!is_valid_ipv4("01.0.0.0"));
        assert!(!is_valid_ipv4("1.2.3"));
    }

    #[test]
    fn url_strings() {
        let base = Url::parse("https://example.com/a/b").unwrap();
        let opaque = Url::parse("mailto:x").unwrap();
        for (input, base, valid) in [
            ("http://example.com:8080/", None, true),
            ("http://example.com:99999/", None, false),
            ("http://[::1]/", None, true),
            ("http://1.2.3.4/", None, true),
            ("http://1.2.3/", None, false),
            ("file:///C:/x", None, true),
            ("file:x", None, false),
            ("sc:opaque path?q", None, false),
            ("sc:opaque-path?q", None, true),
            ("sc://h:1/p", None, true),
            ("sc://", None, true),
            ("a:b/c", Some(&base), true),
            ("//other.example/x", Some(&base), true),
            ("x", Some(&base), true),
            ("x:y", Some(&base), true),
            ("#frag", Some(&opaque), true),
            ("x", Some(&opaque), false),
            ("%zz", Some(&base), false),
            ("http://example.com/#a b", None, false),
            ("http://ex ample.com/", None, false),
            ("https://xn--a.example/", None, false),
        ] {
            assert_eq!(is_valid_url_string(input, base), valid, "{input}");
        }
    }
}
