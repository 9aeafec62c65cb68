//! The validation errors and their reporter: the bottom half of [`crate::validation`].
//!
//! The table of validation errors (spec name, whether it is a failure, message) that
//! [`ValidationErrorKind`], [`crate::ParseError`] and [`crate::HostError`] take their names and
//! messages from, and the reporter that the parser and the host parser hand each validation
//! error to. It uses nothing above [`crate::lex`] and [`crate::percent`], so the parser can
//! use it without a circle.

use std::fmt;

use crate::trace::{InputPart, InputSpan};

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

/// Reports validation errors to the caller's callback, and the spans of the input the parser
/// reads to the caller's other callback, mapping offsets in the cleaned input (trimmed, tabs
/// and newlines removed) back to the original input. Each is disabled when there is no
/// callback, so that the parser skips every check and records nothing.
pub(crate) struct Reporter<'a> {
    callback: Option<&'a mut dyn FnMut(ValidationError)>,
    /// Where the spans of the input go ([`ParseOptions::on_input_span`](crate::ParseOptions::on_input_span)).
    spans: Option<&'a mut dyn FnMut(InputSpan)>,
    /// The end (in the cleaned input) of the last span reported: where the next component's
    /// input starts when its state does not say otherwise.
    span_end: usize,
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
            spans: None,
            span_end: 0,
            lead: 0,
            removed: Vec::new(),
        }
    }

    pub(crate) fn new(
        callback: Option<&'a mut dyn FnMut(ValidationError)>,
        spans: Option<&'a mut dyn FnMut(InputSpan)>,
    ) -> Reporter<'a> {
        Reporter {
            callback,
            spans,
            span_end: 0,
            lead: 0,
            removed: Vec::new(),
        }
    }

    /// Whether anyone listens for spans of the input.
    #[inline(always)]
    pub(crate) fn tracing(&self) -> bool {
        self.spans.is_some()
    }

    /// Reports that the parser read `part` from `start..end` of the cleaned input (nothing
    /// for an empty range).
    #[inline(always)]
    pub(crate) fn span(&mut self, part: InputPart, start: usize, end: usize) {
        if self.spans.is_some() {
            self.report_span(part, start, end);
        }
    }

    /// Reports that the parser read `part` from the end of the last span up to `end`.
    #[inline(always)]
    pub(crate) fn span_to(&mut self, part: InputPart, end: usize) {
        if self.spans.is_some() {
            self.report_span(part, self.span_end, end);
        }
    }

    /// The end of the last span reported.
    pub(crate) fn span_end(&self) -> usize {
        self.span_end
    }

    /// Sets where the next component's input starts (after a span inside a component's own,
    /// such as a dot segment inside the path).
    pub(crate) fn set_span_end(&mut self, end: usize) {
        self.span_end = end;
    }

    #[cold]
    fn report_span(&mut self, part: InputPart, start: usize, end: usize) {
        self.span_end = self.span_end.max(end);
        if start >= end {
            return;
        }
        let range = self.original_offset(start)..self.original_offset(end - 1) + 1;
        if let Some(spans) = self.spans.as_mut() {
            spans(InputSpan { part, range });
        }
    }

    /// Reports the bytes steps 1-3 remove (the leading and trailing C0 controls and spaces,
    /// the tabs and newlines), in offsets of the original input; after
    /// [`Reporter::set_cleaning`].
    #[cold]
    pub(crate) fn removed_spans(&mut self, input_len: usize, trimmed_len: usize) {
        let Some(spans) = self.spans.as_mut() else {
            return;
        };
        if self.lead > 0 {
            spans(InputSpan {
                part: InputPart::Trimmed,
                range: 0..self.lead,
            });
        }
        for &r in &self.removed {
            spans(InputSpan {
                part: InputPart::TabOrNewline,
                range: self.lead + r..self.lead + r + 1,
            });
        }
        if self.lead + trimmed_len < input_len {
            spans(InputSpan {
                part: InputPart::Trimmed,
                range: self.lead + trimmed_len..input_len,
            });
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
            if !is_url_unit(bytes, i, c) {
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

/// Whether the code point `c` at `bytes[i..]` is one of the
/// [URL units](https://url.spec.whatwg.org/#url-units): a URL code point, or a '%' followed by
/// two ASCII hex digits.
#[inline]
pub(crate) fn is_url_unit(bytes: &[u8], i: usize, c: char) -> bool {
    if c == '%' {
        bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    } else {
        is_url_code_point(c)
    }
}

/// A [noncharacter](https://infra.spec.whatwg.org/#noncharacter).
fn is_noncharacter(c: char) -> bool {
    let n = c as u32;
    (0xFDD0..=0xFDEF).contains(&n) || (n & 0xFFFE) == 0xFFFE
}
