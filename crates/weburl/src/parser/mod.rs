//! The basic URL parser: <https://url.spec.whatwg.org/#concept-basic-url-parser>.
//!
//! Each state of the spec's state machine is a method named after it, with the spec's anchor
//! above it. The states write straight into the output buffer, which ends up as the URL's
//! serialization, instead of filling a URL record that is serialized afterwards; so where the
//! spec appends a path segment, this parser appends "/" and the segment, and where the spec
//! shortens the path, it truncates the buffer at the last "/".
//!
//! A state reads as far as the spec's per-code-point loop would before the state changes, and
//! does in one step what the spec does one code point at a time: the authority state finds the
//! end of the authority and its last "@" at once; the path state reads a whole segment.
//! Inputs are first trimmed and stripped of ASCII tabs and newlines (spec steps 1–3), so the
//! states index a clean `&str` by byte; every non-ASCII byte is percent-encoded by every set,
//! so no state decodes UTF-8 except the host parser.

use std::borrow::Cow;
use std::fmt;

#[doc(hidden)]
pub mod fast_path;

use encoding_rs::{Encoding, UTF_8};

use crate::host::{self, HostError, HostKind};
use crate::percent::{EncodeSet, Stop, encode_into, encode_until, percent_encode_after_encoding};
use crate::scratch;
use crate::url::{SchemeType, Url};
use crate::validation::{Reporter, ValidationError, ValidationErrorKind};

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

/// Options for the URL parser: a base URL, the document's encoding (for queries), and a
/// callback that hears every validation error. Made by [`Url::options`].
///
/// ```
/// use weburl::Url;
/// let base = Url::parse("https://example.jp/search").unwrap();
/// let url = Url::options()
///     .base(Some(&base))
///     .encoding(encoding_rs::SHIFT_JIS)
///     .parse("?q=日本")
///     .unwrap();
/// // 本 is 0x96 0x7B in Shift_JIS, and 0x7B ("{") is left alone in a query.
/// assert_eq!(url.href(), "https://example.jp/search?q=%93%FA%96{");
/// ```
pub struct ParseOptions<'a> {
    base: Option<&'a Url>,
    encoding: &'static Encoding,
    on_error: Option<&'a mut dyn FnMut(ValidationError)>,
    max_input_length: usize,
}

impl Default for ParseOptions<'_> {
    fn default() -> Self {
        ParseOptions {
            base: None,
            encoding: UTF_8,
            on_error: None,
            max_input_length: MAX_INPUT_LENGTH,
        }
    }
}

impl fmt::Debug for ParseOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseOptions")
            .field("base", &self.base.map(Url::href))
            .field("encoding", &self.encoding.name())
            .field("on_error", &self.on_error.is_some())
            .field("max_input_length", &self.max_input_length)
            .finish()
    }
}

impl<'a> ParseOptions<'a> {
    /// The base URL to resolve relative input against (`None`: no base).
    ///
    /// ```
    /// let base = weburl::Url::parse("http://a/b/c").unwrap();
    /// let url = weburl::Url::options().base(Some(&base)).parse("d").unwrap();
    /// assert_eq!(url.href(), "http://a/b/d");
    /// ```
    #[must_use]
    pub fn base(mut self, base: Option<&'a Url>) -> Self {
        self.base = base;
        self
    }

    /// The encoding of the document the URL comes from: the query of a special URL (other than
    /// `ws:` and `wss:`) is percent-encoded in it, and a character it cannot encode becomes
    /// `%26%23N%3B` (`&#N;`). UTF-16 and the replacement encoding mean UTF-8, as the spec's
    /// "get an output encoding" says. The default is UTF-8.
    ///
    /// ```
    /// let url = weburl::Url::options()
    ///     .encoding(encoding_rs::WINDOWS_1252)
    ///     .parse("http://example.com/smörg?smörg€✓")
    ///     .unwrap();
    /// assert_eq!(url.href(), "http://example.com/sm%C3%B6rg?sm%F6rg%80%26%2310003%3B");
    /// ```
    #[must_use]
    pub fn encoding(mut self, encoding: &'static Encoding) -> Self {
        self.encoding = encoding.output_encoding();
        self
    }

    /// A callback for every [validation error](crate::validation), with its offset in the
    /// input, in the order the parser meets them (a failure's own error last). Without one,
    /// the parser does not look for validation errors.
    ///
    /// ```
    /// use weburl::Url;
    /// let mut names = Vec::new();
    /// let result = Url::options()
    ///     .on_validation_error(&mut |e| names.push(e.kind.spec_name()))
    ///     .parse("https://0x7f.1:99999/");
    /// assert!(result.is_err());
    /// assert_eq!(names, ["IPv4-too-few-parts", "IPv4-non-decimal-part", "port-out-of-range"]);
    /// ```
    #[must_use]
    pub fn on_validation_error(mut self, callback: &'a mut dyn FnMut(ValidationError)) -> Self {
        self.on_error = Some(callback);
        self
    }

    /// The longest input to accept, in bytes; a longer one is [`ParseError::TooLong`] before any
    /// work is done. The default and the largest value is 4 GiB - 1 ([`MAX_INPUT_LENGTH`]):
    /// offsets in a [`Url`] are 32-bit.
    ///
    /// ```
    /// use weburl::{ParseError, Url};
    /// let long = format!("https://example.com/{}", "a".repeat(5000));
    /// assert_eq!(Url::options().max_input_length(4096).parse(&long), Err(ParseError::TooLong));
    /// assert!(Url::options().parse(&long).is_ok());
    /// ```
    #[must_use]
    pub fn max_input_length(mut self, max: usize) -> Self {
        self.max_input_length = max.min(MAX_INPUT_LENGTH);
        self
    }

    /// Runs the basic URL parser on `input` with these options.
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        if input.len() > self.max_input_length {
            return Err(ParseError::TooLong);
        }
        if self.on_error.is_none()
            && let Some(url) = fast_path::parse_normal(input)
        {
            return Ok(url);
        }
        parse_general(
            input,
            self.base,
            self.encoding,
            Reporter::new(self.on_error),
        )
    }
}

/// Whether `input` parses against `base`, without building the URL: a look at its scheme and
/// authority when they are plain, else the state machine up to the path start (nothing after
/// it can fail), writing scheme and host into a reused thread-local buffer. It allocates
/// nothing (once the thread's buffers have grown).
pub(crate) fn can_parse(input: &str, base: Option<&Url>) -> bool {
    match fast_path::quick_validity(input) {
        Some(valid) => valid,
        None => can_parse_general(input, base),
    }
}

/// `can_parse` through the state machine.
#[inline(never)]
fn can_parse_general(input: &str, base: Option<&Url>) -> bool {
    // An output this long could overflow the u32 offsets: let the full parser decide.
    if input.len() > (u32::MAX / 4) as usize {
        return parse_general(input, base, UTF_8, Reporter::disabled()).is_ok();
    }
    with_tab_and_newline_removed(trim_c0_control_or_space(input), |cleaned| {
        // Without a base, input without a scheme fails at once.
        if base.is_none() && !starts_with_scheme(cleaned.as_bytes()) {
            return false;
        }
        scratch::with(&scratch::OUTPUT, |out| {
            let mut run = Run::new(cleaned, base, std::mem::take(out), Reporter::disabled());
            run.validate_only = true;
            let ok = run.run().is_ok();
            *out = run.out;
            ok
        })
    })
}

/// The basic URL parser's step 1.2-1.3: `input` without leading and trailing C0 control or
/// space.
#[inline]
fn trim_c0_control_or_space(input: &str) -> &str {
    let bytes = input.as_bytes();
    let start = bytes
        .iter()
        .position(|&b| !is_c0_control_or_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_c0_control_or_space(b))
        .map_or(start, |i| i + 1);
    // Both ends are at ASCII bytes (or the ends of the input): char boundaries.
    &input[start..end]
}

/// Runs `f` on `input` with every ASCII tab or newline removed (the basic URL parser's steps
/// 2-3): on `input` itself when it has none, else on a copy in this thread's reused buffer.
fn with_tab_and_newline_removed<R>(input: &str, f: impl FnOnce(&str) -> R) -> R {
    let Some(first) = find_tab_or_newline(input.as_bytes()) else {
        return f(input);
    };
    scratch::with(&scratch::CLEANED, |cleaned| {
        push_without_tab_and_newline(cleaned, input, first);
        f(cleaned)
    })
}

/// The longest input any parse accepts: 4 GiB - 1 bytes, since a [`Url`]'s offsets are `u32`.
pub const MAX_INPUT_LENGTH: usize = u32::MAX as usize;

/// The spec's state machine, for any input (no fast path).
#[doc(hidden)]
pub fn parse_general_for_tests(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    parse_general(input, base, UTF_8, Reporter::disabled())
}

/// The basic URL parser's steps 1-3 (trimming, tab and newline removal), then the state
/// machine.
fn parse_general(
    input: &str,
    base: Option<&Url>,
    encoding: &'static Encoding,
    mut report: Reporter<'_>,
) -> Result<Url, ParseError> {
    // 1.2-1.3 Remove leading and trailing C0 control or space.
    let trimmed = trim_c0_control_or_space(input);
    if trimmed.len() > u32::MAX as usize {
        return Err(ParseError::TooLong);
    }
    let lead = trimmed.as_ptr() as usize - input.as_ptr() as usize;
    if report.enabled() {
        if lead > 0 {
            report.report_original(ValidationErrorKind::InvalidUrlUnit, 0);
        } else if trimmed.len() < input.len() {
            report.report_original(ValidationErrorKind::InvalidUrlUnit, trimmed.len());
        }
        if let Some(i) = memchr::memchr3(b'\t', b'\n', b'\r', trimmed.as_bytes()) {
            report.report_original(ValidationErrorKind::InvalidUrlUnit, lead + i);
        }
        report.set_cleaning(lead, trimmed);
    }
    let run = move |cleaned: &str| {
        // Without a base, input without a scheme fails at once: no need for an output buffer.
        if base.is_none() && !starts_with_scheme(cleaned.as_bytes()) {
            report.report(ValidationErrorKind::MissingSchemeNonRelativeUrl, 0);
            return Err(ParseError::MissingSchemeNonRelativeUrl);
        }
        // Usual input is parsed into this thread's reused buffer and copied out at the end: a
        // failure allocates nothing, a success one exact-size block.
        if cleaned.len() <= SCRATCH_INPUT_MAX {
            return scratch::with(&scratch::OUTPUT, |out| {
                let mut run = Run::new(cleaned, base, std::mem::take(out), report);
                run.encoding = encoding;
                let result = run.run().and_then(|()| run.finish(true));
                *out = run.out;
                result
            });
        }
        // Longer input gets room for the whole output, so that it is allocated once: each byte
        // that a component may percent-encode can grow by two; an IPv4 address, a "/." or a
        // missing "/" by up to 18.
        let encodable = crate::percent::count_any_component(cleaned.as_bytes());
        let capacity =
            cleaned.len() + 2 * encodable + base.map_or(0, |b| b.serialization.len()) + 18;
        let mut run = Run::new(cleaned, base, String::with_capacity(capacity), report);
        run.encoding = encoding;
        run.run()?;
        run.finish(false)
    };
    // 2.-3. Remove all ASCII tab or newline.
    with_tab_and_newline_removed(trimmed, run)
}

/// The longest (cleaned) input that `parse_general` parses into the thread's reused output
/// buffer; its output stays well under the buffer's [`scratch`] size limit.
const SCRATCH_INPUT_MAX: usize = 4096;

/// The states of the basic URL parser that are entered from more than one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    SchemeStart,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
    Done,
}

/// Whether a byte is a C0 control or space: <https://infra.spec.whatwg.org/#c0-control-or-space>.
#[inline]
fn is_c0_control_or_space(b: u8) -> bool {
    b <= 0x20
}

/// Whether `s` starts with a scheme and ':' (what the scheme start and scheme states accept).
#[inline]
fn starts_with_scheme(s: &[u8]) -> bool {
    scheme_len(s).is_some()
}

/// The length of the scheme `s` starts with (the scheme start and scheme states: an ASCII
/// alpha, then ASCII alphanumerics, '+', '-' and '.', then ':'), without the ':'.
#[inline]
fn scheme_len(s: &[u8]) -> Option<usize> {
    if !s.first()?.is_ascii_alphabetic() {
        return None;
    }
    let len = s
        .iter()
        .position(|&b| BYTE_CLASSES[b as usize] & SCHEME_BYTE == 0)?;
    (s[len] == b':').then_some(len)
}

/// A byte that may follow a scheme's first ASCII alpha: ASCII alphanumeric, '+', '-' or '.'.
const SCHEME_BYTE: u8 = 1;
/// A byte that ends an authority: '/', '?' or '#'.
const AUTHORITY_END: u8 = 1 << 1;
/// A byte that ends a special URL's authority: those and '\\'.
const SPECIAL_AUTHORITY_END: u8 = 1 << 2;
/// A byte the authority state looks for: '@', ':' or '['.
const AUTHORITY_MARK: u8 = 1 << 3;

/// The classes above for every byte, so that a scan tests one table entry per byte.
static BYTE_CLASSES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        if c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.') {
            t[i] |= SCHEME_BYTE;
        }
        if matches!(c, b'/' | b'?' | b'#') {
            t[i] |= AUTHORITY_END | SPECIAL_AUTHORITY_END;
        }
        if c == b'\\' {
            t[i] |= SPECIAL_AUTHORITY_END;
        }
        if matches!(c, b'@' | b':' | b'[') {
            t[i] |= AUTHORITY_MARK;
        }
        i += 1;
    }
    t
};

/// Whether `s` is a Windows drive letter: an ASCII alpha then ':' or '|'.
#[inline]
fn is_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && (s[1] == b':' || s[1] == b'|')
}

/// Whether `s` is a normalized Windows drive letter: an ASCII alpha then ':'.
#[inline]
fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && s[1] == b':'
}

/// Whether `s` [starts with a Windows drive letter](https://url.spec.whatwg.org/#start-with-a-windows-drive-letter).
#[inline]
fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

/// A [single-dot URL path segment](https://url.spec.whatwg.org/#single-dot-path-segment).
#[inline]
pub(crate) fn is_single_dot(s: &[u8]) -> bool {
    s == b"." || s.eq_ignore_ascii_case(b"%2e")
}

/// A [double-dot URL path segment](https://url.spec.whatwg.org/#double-dot-path-segment).
#[inline]
pub(crate) fn is_double_dot(s: &[u8]) -> bool {
    match s.len() {
        2 => s == b"..",
        4 => s.eq_ignore_ascii_case(b".%2e") || s.eq_ignore_ascii_case(b"%2e."),
        6 => s.eq_ignore_ascii_case(b"%2e%2e"),
        _ => false,
    }
}

/// The position of the first byte at or after `from` that ends an authority, a host or a port:
/// '/', '?', '#', and '\' for special URLs; or the input's length.
#[inline]
fn find_authority_end(bytes: &[u8], from: usize, special: bool) -> usize {
    let rest = &bytes[from..];
    let class = if special {
        SPECIAL_AUTHORITY_END
    } else {
        AUTHORITY_END
    };
    let end = rest
        .iter()
        .position(|&b| BYTE_CLASSES[b as usize] & class != 0);
    from + end.unwrap_or(rest.len())
}

/// What the authority state needs to know of an authority, found in one scan.
struct AuthorityScan {
    /// Where the authority ends (at '/', '?', '#', '\\' for special URLs, or the end).
    end: usize,
    /// The last '@' before `end`: the userinfo is before it, the host after it.
    last_at: Option<usize>,
    /// The ':' that ends the host (the first one after `last_at` outside brackets).
    colon: Option<usize>,
}

/// Scans the authority that starts at `from` once, for its end, its last '@' and the ':'
/// that ends its host.
fn scan_authority(bytes: &[u8], from: usize, special: bool) -> AuthorityScan {
    let end_class = if special {
        SPECIAL_AUTHORITY_END
    } else {
        AUTHORITY_END
    };
    let mut end = bytes.len();
    let mut last_at = None;
    let mut colon = None;
    // A '[' before any ':' of the host: the brackets decide, after the scan.
    let mut bracket = false;
    for (i, &b) in bytes.iter().enumerate().skip(from) {
        let class = BYTE_CLASSES[b as usize];
        if class & (end_class | AUTHORITY_MARK) == 0 {
            continue;
        }
        if class & end_class != 0 {
            end = i;
            break;
        }
        match b {
            b'@' => {
                last_at = Some(i);
                colon = None;
                bracket = false;
            }
            b':' if colon.is_none() && !bracket => colon = Some(i),
            b'[' if colon.is_none() => bracket = true,
            _ => {}
        }
    }
    if bracket {
        let host_start = last_at.map_or(from, |at| at + 1);
        colon = host_colon(&bytes[host_start..end]).map(|i| host_start + i);
    }
    AuthorityScan {
        end,
        last_at,
        colon,
    }
}

/// The host state's end of a host: the first ':' in `authority` that is not inside brackets.
#[inline]
fn host_colon(authority: &[u8]) -> Option<usize> {
    // Without a '[' before it, the first ':' is the one.
    let first = authority.iter().position(|&b| b == b':' || b == b'[')?;
    if authority[first] == b':' {
        return Some(first);
    }
    let mut inside_brackets = false;
    authority.iter().position(|&b| {
        match b {
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            _ => {}
        }
        b == b':' && !inside_brackets
    })
}

/// One run of the parser over one input: the input, the position in it (the spec's pointer),
/// and the URL being built (its serialization and offsets).
struct Run<'a, 'b, 'r> {
    input: &'a str,
    bytes: &'a [u8],
    /// The spec's pointer.
    pos: usize,
    base: Option<&'b Url>,
    out: String,
    scheme_end: usize,
    username_end: usize,
    host_start: usize,
    host_end: usize,
    path_start: usize,
    query_start: usize,
    fragment_start: usize,
    port: Option<u16>,
    host_kind: HostKind,
    scheme_type: SchemeType,
    /// Whether a setter runs the parser with a state override (only the path states need to
    /// know: '?' and '#' do not end the path then).
    state_override: bool,
    /// The encoding for queries of special URLs.
    encoding: &'static Encoding,
    /// Only find out whether the input parses (`URL.canParse()`).
    validate_only: bool,
    /// Where validation errors go.
    report: Reporter<'r>,
    /// The end of a Windows drive letter that the file host state handed to the path state as
    /// its buffer: the path state does not read those code points again, so it reports no
    /// invalid-URL-unit for them.
    drive_letter_buffer_end: usize,
}

impl<'a, 'b, 'r> Run<'a, 'b, 'r> {
    fn new(input: &'a str, base: Option<&'b Url>, out: String, report: Reporter<'r>) -> Self {
        Run {
            input,
            bytes: input.as_bytes(),
            pos: 0,
            base,
            out,
            scheme_end: 0,
            username_end: 0,
            host_start: 0,
            host_end: 0,
            path_start: 0,
            query_start: 0,
            fragment_start: 0,
            port: None,
            drive_letter_buffer_end: 0,
            host_kind: HostKind::None,
            scheme_type: SchemeType::NotSpecial,
            state_override: false,
            encoding: UTF_8,
            validate_only: false,
            report,
        }
    }

    /// Reports a validation error at `offset` (in the cleaned input) if anyone listens.
    #[inline(always)]
    fn error(&mut self, kind: ValidationErrorKind, offset: usize) {
        if self.report.enabled() {
            self.report.report(kind, offset);
        }
    }

    /// Reports the validation error of a failure and returns the failure.
    fn fail(&mut self, error: ParseError, offset: usize) -> ParseError {
        let kind = match error {
            ParseError::MissingSchemeNonRelativeUrl => {
                Some(ValidationErrorKind::MissingSchemeNonRelativeUrl)
            }
            ParseError::HostMissing => Some(ValidationErrorKind::HostMissing),
            ParseError::InvalidPort => Some(ValidationErrorKind::PortInvalid),
            ParseError::PortOutOfRange => Some(ValidationErrorKind::PortOutOfRange),
            // The host parser reports its own errors.
            ParseError::InvalidHost(_) | ParseError::TooLong => None,
        };
        if let Some(kind) = kind {
            self.error(kind, offset);
        }
        error
    }

    /// The host parser on `input[start..end]`, writing to the output, with its validation
    /// errors reported at `start`.
    fn parse_host(
        &mut self,
        start: usize,
        end: usize,
        is_opaque: bool,
    ) -> Result<HostKind, ParseError> {
        host::parse_host_reporting(
            &mut self.out,
            &self.input[start..end],
            is_opaque,
            &mut self.report,
            start,
        )
        .map_err(ParseError::InvalidHost)
    }

    /// The spec's c: the byte at the pointer, or `None` for the EOF code point.
    #[inline]
    fn c(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// The spec's remaining: the input after the pointer.
    #[inline]
    fn remaining(&self) -> &[u8] {
        self.bytes.get(self.pos + 1..).unwrap_or(&[])
    }

    #[inline]
    fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    fn run(&mut self) -> Result<(), ParseError> {
        let mut state = State::SchemeStart;
        loop {
            // Nothing after the path start can fail: a validity check can stop there.
            if self.validate_only
                && matches!(
                    state,
                    State::PathStart
                        | State::Path
                        | State::OpaquePath
                        | State::Query
                        | State::Fragment
                )
            {
                return Ok(());
            }
            state = match state {
                State::SchemeStart => self.scheme_start_state(),
                State::NoScheme => self.no_scheme_state()?,
                State::SpecialRelativeOrAuthority => self.special_relative_or_authority_state(),
                State::PathOrAuthority => self.path_or_authority_state(),
                State::Relative => self.relative_state(),
                State::RelativeSlash => self.relative_slash_state(),
                State::SpecialAuthoritySlashes => self.special_authority_slashes_state(),
                State::SpecialAuthorityIgnoreSlashes => {
                    self.special_authority_ignore_slashes_state()
                }
                State::Authority => self.authority_state()?,
                State::File => self.file_state(),
                State::FileSlash => self.file_slash_state(),
                State::FileHost => self.file_host_state()?,
                State::PathStart => self.path_start_state(),
                State::Path => self.path_state(),
                State::OpaquePath => self.opaque_path_state(),
                State::Query => self.query_state(),
                State::Fragment => self.fragment_state(),
                State::Done => return Ok(()),
            };
        }
    }

    // https://url.spec.whatwg.org/#scheme-start-state
    // https://url.spec.whatwg.org/#scheme-state
    fn scheme_start_state(&mut self) -> State {
        // Scheme start state: an ASCII alpha starts a scheme; anything else means no scheme.
        // Scheme state: ASCII alphanumerics, '+', '-' and '.', then ':'; without the ':',
        // start over from the first code point in the no scheme state.
        let Some(len) = scheme_len(self.bytes) else {
            return State::NoScheme;
        };
        let scheme = &self.input[..len];
        self.out.push_str(scheme);
        self.out.make_ascii_lowercase();
        self.scheme_end = len;
        self.scheme_type = SchemeType::from_scheme(&self.out);
        self.out.push(':');
        self.pos = len + 1;
        // The rest of the ':' branch of the scheme state.
        if self.scheme_type == SchemeType::File {
            if !self.bytes[self.pos..].starts_with(b"//") {
                self.error(
                    ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                    self.pos,
                );
            }
            return State::File;
        }
        if self.is_special() {
            if self
                .base
                .is_some_and(|base| base.scheme() == &self.out[..self.scheme_end])
            {
                return State::SpecialRelativeOrAuthority;
            }
            return State::SpecialAuthoritySlashes;
        }
        if self.c() == Some(b'/') {
            self.pos += 1;
            return State::PathOrAuthority;
        }
        State::OpaquePath
    }

    // https://url.spec.whatwg.org/#no-scheme-state
    fn no_scheme_state(&mut self) -> Result<State, ParseError> {
        let Some(base) = self.base else {
            return Err(self.fail(ParseError::MissingSchemeNonRelativeUrl, self.pos));
        };
        let c = self.c();
        if base.has_opaque_path() {
            if c != Some(b'#') {
                return Err(self.fail(ParseError::MissingSchemeNonRelativeUrl, self.pos));
            }
            // Scheme, path and query of the base; an empty fragment.
            self.copy_base_through_query(base);
            self.pos += 1;
            return Ok(self.start_fragment());
        }
        if base.scheme_type != SchemeType::File {
            return Ok(State::Relative);
        }
        Ok(State::File)
    }

    // https://url.spec.whatwg.org/#special-relative-or-authority-state
    fn special_relative_or_authority_state(&mut self) -> State {
        if self.c() == Some(b'/') && self.remaining().first() == Some(&b'/') {
            self.pos += 2;
            State::SpecialAuthorityIgnoreSlashes
        } else {
            self.error(
                ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                self.pos,
            );
            State::Relative
        }
    }

    // https://url.spec.whatwg.org/#path-or-authority-state
    fn path_or_authority_state(&mut self) -> State {
        if self.c() == Some(b'/') {
            self.pos += 1;
            State::Authority
        } else {
            self.path_start = self.out.len();
            State::Path
        }
    }

    /// Sets the URL's scheme to the base's scheme (the output holds at most a scheme so far).
    fn set_scheme_from_base(&mut self, base: &Url) {
        self.out.clear();
        self.out
            .push_str(&base.serialization[..base.scheme_end as usize + 1]);
        self.scheme_end = base.scheme_end as usize;
        self.scheme_type = base.scheme_type;
    }

    /// Sets the URL's username, password, host and port to the base's: copies the base's
    /// serialization up to the end of its authority (its scheme is already in the output).
    fn copy_base_authority(&mut self, base: &Url) {
        let authority_end = if base.has_host() {
            base.path_start as usize
        } else {
            base.scheme_end as usize + 1
        };
        self.out.truncate(base.scheme_end as usize + 1);
        self.out
            .push_str(&base.serialization[base.scheme_end as usize + 1..authority_end]);
        self.username_end = base.username_end as usize;
        self.host_start = base.host_start as usize;
        self.host_end = base.host_end as usize;
        self.port = base.port;
        self.host_kind = base.host_kind;
        self.path_start = self.out.len();
    }

    /// Copies the base's path (a clone of the list, or the opaque path).
    fn copy_base_path(&mut self, base: &Url) {
        self.out
            .push_str(&base.serialization[base.path_start as usize..base.path_end() as usize]);
    }

    /// Copies the base's query, if it is not null.
    fn copy_base_query(&mut self, base: &Url) {
        if base.query_start != 0 {
            self.query_start = self.out.len();
            self.out.push_str(
                &base.serialization[base.query_start as usize..base.query_end() as usize],
            );
        }
    }

    /// Scheme, username, password, host, port, path and query of the base.
    fn copy_base_through_query(&mut self, base: &Url) {
        self.set_scheme_from_base(base);
        self.copy_base_authority(base);
        self.copy_base_path(base);
        self.copy_base_query(base);
    }

    // https://url.spec.whatwg.org/#relative-state
    fn relative_state(&mut self) -> State {
        let base = self.base.expect("the relative state has a base");
        self.set_scheme_from_base(base);
        match self.c() {
            Some(b'/') => {
                self.pos += 1;
                State::RelativeSlash
            }
            Some(b'\\') if self.is_special() => {
                self.error(ValidationErrorKind::InvalidReverseSolidus, self.pos);
                self.pos += 1;
                State::RelativeSlash
            }
            c => {
                self.copy_base_authority(base);
                self.copy_base_path(base);
                match c {
                    Some(b'?') => {
                        self.pos += 1;
                        self.start_query()
                    }
                    Some(b'#') => {
                        self.copy_base_query(base);
                        self.pos += 1;
                        self.start_fragment()
                    }
                    Some(_) => {
                        self.shorten_path();
                        State::Path
                    }
                    None => {
                        self.copy_base_query(base);
                        State::Done
                    }
                }
            }
        }
    }

    // https://url.spec.whatwg.org/#relative-slash-state
    fn relative_slash_state(&mut self) -> State {
        let c = self.c();
        if self.is_special() && matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.error(ValidationErrorKind::InvalidReverseSolidus, self.pos);
            }
            self.pos += 1;
            State::SpecialAuthorityIgnoreSlashes
        } else if c == Some(b'/') {
            self.pos += 1;
            State::Authority
        } else {
            let base = self.base.expect("the relative slash state has a base");
            self.copy_base_authority(base);
            State::Path
        }
    }

    // https://url.spec.whatwg.org/#special-authority-slashes-state
    fn special_authority_slashes_state(&mut self) -> State {
        if self.c() == Some(b'/') && self.remaining().first() == Some(&b'/') {
            self.pos += 2;
        } else {
            self.error(
                ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                self.pos,
            );
        }
        State::SpecialAuthorityIgnoreSlashes
    }

    // https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
    fn special_authority_ignore_slashes_state(&mut self) -> State {
        while matches!(self.c(), Some(b'/' | b'\\')) {
            self.error(
                ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                self.pos,
            );
            self.pos += 1;
        }
        State::Authority
    }

    // https://url.spec.whatwg.org/#authority-state
    // https://url.spec.whatwg.org/#host-state
    // https://url.spec.whatwg.org/#port-state
    fn authority_state(&mut self) -> Result<State, ParseError> {
        let special = self.is_special();
        let AuthorityScan {
            end,
            last_at,
            colon,
        } = scan_authority(self.bytes, self.pos, special);
        self.out.truncate(self.scheme_end + 1);
        self.out.push_str("//");
        let userinfo_start = self.out.len();
        // Authority state: everything before the last '@' is userinfo; its first ':' splits the
        // username from the password. (Every earlier '@' is percent-encoded, as the spec's
        // "prepend %40 to buffer" does.)
        if let Some(at) = last_at {
            if self.report.enabled() {
                for i in memchr::memchr_iter(b'@', &self.bytes[self.pos..end]) {
                    self.error(ValidationErrorKind::InvalidCredentials, self.pos + i);
                }
            }
            let userinfo = &self.input[self.pos..at];
            // A userinfo cannot fail: a validity check need not write it.
            let (username, password) = if self.validate_only {
                ("", "")
            } else {
                match userinfo.find(':') {
                    Some(i) => (&userinfo[..i], &userinfo[i + 1..]),
                    None => (userinfo, ""),
                }
            };
            encode_into(&mut self.out, username, EncodeSet::USERINFO);
            self.username_end = self.out.len();
            if !password.is_empty() {
                self.out.push(':');
                encode_into(&mut self.out, password, EncodeSet::USERINFO);
            }
            if self.out.len() > userinfo_start {
                self.out.push('@');
            }
            self.pos = at + 1;
            // An '@' followed by an empty host.
            if self.pos == end {
                return Err(self.fail(ParseError::HostMissing, end));
            }
        } else {
            self.username_end = userinfo_start;
        }
        self.host_start = self.out.len();
        // Host state: the host ends at the first ':' outside brackets.
        let host_end = colon.unwrap_or(end);
        if host_end == self.pos && (colon.is_some() || special) {
            return Err(self.fail(ParseError::HostMissing, self.pos));
        }
        self.host_kind = self.parse_host(self.pos, host_end, !special)?;
        self.host_end = self.out.len();
        // Port state.
        if let Some(colon) = colon {
            self.port_state(colon + 1, end)?;
        }
        self.pos = end;
        self.path_start = self.out.len();
        Ok(State::PathStart)
    }

    /// The port state over the whole port text: ASCII digits only; the default port becomes
    /// null.
    fn port_state(&mut self, start: usize, end: usize) -> Result<(), ParseError> {
        let digits = &self.bytes[start..end];
        if digits.is_empty() {
            return Ok(());
        }
        if let Some(i) = digits.iter().position(|b| !b.is_ascii_digit()) {
            return Err(self.fail(ParseError::InvalidPort, start + i));
        }
        let port = port_value(digits).map_err(|e| self.fail(e, start))?;
        if Some(port) != self.scheme_type.default_port() {
            self.port = Some(port);
            self.out.push(':');
            push_decimal(&mut self.out, port);
        } else {
            self.port = None;
        }
        Ok(())
    }

    /// Writes "file:" if the scheme is not yet there, and an empty host ("file://").
    fn set_file_scheme_and_empty_host(&mut self) {
        self.out.clear();
        self.out.push_str("file://");
        self.scheme_end = 4;
        self.scheme_type = SchemeType::File;
        self.username_end = 7;
        self.host_start = 7;
        self.host_end = 7;
        self.host_kind = HostKind::Empty;
        self.port = None;
        self.path_start = 7;
    }

    // https://url.spec.whatwg.org/#file-state
    fn file_state(&mut self) -> State {
        self.set_file_scheme_and_empty_host();
        let c = self.c();
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.error(ValidationErrorKind::InvalidReverseSolidus, self.pos);
            }
            self.pos += 1;
            return State::FileSlash;
        }
        match self.base {
            Some(base) if base.scheme_type == SchemeType::File => {
                // Host, path and query of the base.
                self.copy_base_authority(base);
                match c {
                    Some(b'?') => {
                        self.copy_base_path(base);
                        self.pos += 1;
                        self.start_query()
                    }
                    Some(b'#') => {
                        self.copy_base_path(base);
                        self.copy_base_query(base);
                        self.pos += 1;
                        self.start_fragment()
                    }
                    Some(_) => {
                        // The query becomes null; the path is shortened, or emptied when the
                        // rest starts with a Windows drive letter.
                        if !starts_with_windows_drive_letter(&self.bytes[self.pos..]) {
                            self.copy_base_path(base);
                            self.shorten_path();
                        } else {
                            self.error(
                                ValidationErrorKind::FileInvalidWindowsDriveLetter,
                                self.pos,
                            );
                        }
                        State::Path
                    }
                    None => {
                        self.copy_base_path(base);
                        self.copy_base_query(base);
                        State::Done
                    }
                }
            }
            _ => State::Path,
        }
    }

    // https://url.spec.whatwg.org/#file-slash-state
    fn file_slash_state(&mut self) -> State {
        if matches!(self.c(), Some(b'/' | b'\\')) {
            if self.c() == Some(b'\\') {
                self.error(ValidationErrorKind::InvalidReverseSolidus, self.pos);
            }
            self.pos += 1;
            return State::FileHost;
        }
        if let Some(base) = self.base.filter(|b| b.scheme_type == SchemeType::File) {
            // The base's host.
            self.copy_base_authority(base);
            // The base's first path segment, if it is a normalized Windows drive letter and the
            // input does not start with one.
            if !starts_with_windows_drive_letter(&self.bytes[self.pos..]) {
                let base_path = &base.serialization.as_bytes()[base.path_start as usize..];
                if base_path.len() >= 3
                    && is_normalized_windows_drive_letter(&base_path[1..3])
                    && (base_path.len() == 3
                        || base_path[3] == b'/'
                        || base_path[3] == b'?'
                        || base_path[3] == b'#')
                {
                    self.out.push_str(
                        &base.serialization[base.path_start as usize..base.path_start as usize + 3],
                    );
                }
            }
        }
        State::Path
    }

    // https://url.spec.whatwg.org/#file-host-state
    fn file_host_state(&mut self) -> Result<State, ParseError> {
        let end = find_authority_end(self.bytes, self.pos, true);
        let buffer = &self.input[self.pos..end];
        if is_windows_drive_letter(buffer.as_bytes()) {
            // The buffer is the start of the path: "buffer is not reset here and instead used
            // in the path state", whose code points are not read (nor reported) again.
            self.error(
                ValidationErrorKind::FileInvalidWindowsDriveLetterHost,
                self.pos,
            );
            self.drive_letter_buffer_end = end;
            return Ok(State::Path);
        }
        if !buffer.is_empty() {
            self.out.truncate(self.host_start);
            let kind = self.parse_host(self.pos, end, false)?;
            if &self.out[self.host_start..] == "localhost" {
                self.out.truncate(self.host_start);
                self.host_kind = HostKind::Empty;
            } else {
                self.host_kind = kind;
            }
            self.host_end = self.out.len();
        }
        self.pos = end;
        self.path_start = self.out.len();
        Ok(State::PathStart)
    }

    // https://url.spec.whatwg.org/#path-start-state
    fn path_start_state(&mut self) -> State {
        self.path_start = self.out.len();
        let c = self.c();
        if self.is_special() {
            if matches!(c, Some(b'/' | b'\\')) {
                if c == Some(b'\\') {
                    self.error(ValidationErrorKind::InvalidReverseSolidus, self.pos);
                }
                self.pos += 1;
            }
            return State::Path;
        }
        match c {
            Some(b'?') if !self.state_override => {
                self.pos += 1;
                self.start_query()
            }
            Some(b'#') if !self.state_override => {
                self.pos += 1;
                self.start_fragment()
            }
            Some(c) => {
                if c == b'/' {
                    self.pos += 1;
                }
                State::Path
            }
            None => {
                // A setter on a hostless URL gets the path « "" ».
                if self.state_override && self.host_kind == HostKind::None {
                    self.out.push('/');
                }
                State::Done
            }
        }
    }

    /// [Shorten](https://url.spec.whatwg.org/#shorten-a-urls-path) the path written so far.
    fn shorten_path(&mut self) {
        let path = &self.out.as_bytes()[self.path_start..];
        if self.scheme_type == SchemeType::File
            && path.len() == 3
            && is_normalized_windows_drive_letter(&path[1..])
        {
            return;
        }
        if let Some(i) = rfind_byte(path, b'/') {
            self.out.truncate(self.path_start + i);
        }
    }

    // https://url.spec.whatwg.org/#path-state
    fn path_state(&mut self) -> State {
        let special = self.is_special();
        // A last, empty segment (the "/" of "http://h/" or of a missing path).
        if self.pos == self.bytes.len() {
            self.out.push('/');
            return State::Done;
        }
        loop {
            // The segment runs to the next '/' (or '\\' for special URLs), '?', '#' or the end.
            let stop = match (special, self.state_override) {
                (true, false) => Stop::SPECIAL_PATH,
                (false, false) => Stop::PATH,
                (true, true) => Stop::SPECIAL_PATH_OVERRIDE,
                (false, true) => Stop::PATH_OVERRIDE,
            };
            // Segments that need nothing are copied in one piece (not the first segment of a
            // file URL's empty path, which may be a Windows drive letter).
            if !self.state_override
                && !self.report.enabled()
                && (self.scheme_type != SchemeType::File || self.out.len() != self.path_start)
                && let Some(end) = fast_path::plain_segments_end(self.bytes, self.pos)
            {
                self.out.push('/');
                self.out.push_str(&self.input[self.pos..end]);
                self.pos = end + 1;
            }
            let slash = self.out.len();
            self.out.push('/');
            let seg_end = encode_until(&mut self.out, self.input, self.pos, EncodeSet::PATH, stop);
            if self.report.enabled() {
                let from = self.pos.max(self.drive_letter_buffer_end.min(seg_end));
                self.report
                    .check_url_units(&self.input[from..seg_end], from);
                if special && self.bytes.get(seg_end) == Some(&b'\\') {
                    self.error(ValidationErrorKind::InvalidReverseSolidus, seg_end);
                }
            }
            let terminator = self.bytes.get(seg_end).copied();
            let ends_with_slash =
                terminator == Some(b'/') || (special && terminator == Some(b'\\'));
            let segment = &self.out.as_bytes()[slash + 1..];
            if is_double_dot(segment) {
                self.out.truncate(slash);
                self.shorten_path();
                if !ends_with_slash {
                    self.out.push('/');
                }
            } else if is_single_dot(segment) {
                self.out
                    .truncate(if ends_with_slash { slash } else { slash + 1 });
            } else if self.scheme_type == SchemeType::File
                && slash == self.path_start
                && is_windows_drive_letter(segment)
            {
                // A Windows drive letter quirk: "C|" becomes "C:".
                self.out.replace_range(slash + 2..slash + 3, ":");
            }
            self.pos = seg_end;
            match terminator {
                None => return State::Done,
                Some(b'?') if !self.state_override => {
                    self.pos += 1;
                    return self.start_query();
                }
                Some(b'#') if !self.state_override => {
                    self.pos += 1;
                    return self.start_fragment();
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    // https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
    fn opaque_path_state(&mut self) -> State {
        self.username_end = self.out.len();
        self.host_start = self.out.len();
        self.host_end = self.out.len();
        self.path_start = self.out.len();
        let end = encode_until(
            &mut self.out,
            self.input,
            self.pos,
            EncodeSet::C0_CONTROL,
            Stop::OPAQUE_PATH,
        );
        self.report
            .check_url_units(&self.input[self.pos..end], self.pos);
        self.pos = end;
        match self.c() {
            None => State::Done,
            Some(c) => {
                // A space right before '?' or '#' is written as "%20".
                if self.out.ends_with(' ') {
                    self.out.pop();
                    self.out.push_str("%20");
                }
                self.pos += 1;
                if c == b'?' {
                    self.start_query()
                } else {
                    self.start_fragment()
                }
            }
        }
    }

    /// Sets the query to the empty string and enters the query state.
    fn start_query(&mut self) -> State {
        self.query_start = self.out.len();
        self.out.push('?');
        State::Query
    }

    /// Sets the fragment to the empty string and enters the fragment state.
    fn start_fragment(&mut self) -> State {
        self.fragment_start = self.out.len();
        self.out.push('#');
        State::Fragment
    }

    // https://url.spec.whatwg.org/#query-state
    fn query_state(&mut self) -> State {
        let set = if self.is_special() {
            EncodeSet::SPECIAL_QUERY
        } else {
            EncodeSet::QUERY
        };
        let end = if self.encoding != UTF_8
            && self.is_special()
            && !matches!(self.scheme_type, SchemeType::Ws | SchemeType::Wss)
        {
            let end = self.pos
                + memchr::memchr(b'#', &self.bytes[self.pos..])
                    .unwrap_or(self.bytes.len() - self.pos);
            let query = &self.input[self.pos..end];
            percent_encode_after_encoding(&mut self.out, query, self.encoding, set, false);
            end
        } else {
            encode_until(&mut self.out, self.input, self.pos, set, Stop::QUERY)
        };
        self.report
            .check_url_units(&self.input[self.pos..end], self.pos);
        self.pos = end;
        if self.c() == Some(b'#') {
            self.pos += 1;
            return self.start_fragment();
        }
        State::Done
    }

    // https://url.spec.whatwg.org/#fragment-state
    fn fragment_state(&mut self) -> State {
        encode_into(&mut self.out, &self.input[self.pos..], EncodeSet::FRAGMENT);
        self.report
            .check_url_units(&self.input[self.pos..], self.pos);
        self.pos = self.bytes.len();
        State::Done
    }

    /// Builds the URL from the output: the URL serializer's "/." step for a hostless path that
    /// starts with an empty segment, then the offsets as `u32`.
    /// The URL record, once the state machine is done. Its serialization is a copy of the
    /// output (one exact-size allocation) if `copy`, else the output buffer itself (which is
    /// left empty).
    fn finish(&mut self, copy: bool) -> Result<Url, ParseError> {
        if self.host_kind == HostKind::None
            && self
                .out
                .as_bytes()
                .get(self.path_start..self.path_start + 2)
                == Some(b"//")
        {
            self.out.insert_str(self.path_start, "/.");
            self.path_start += 2;
            if self.query_start != 0 {
                self.query_start += 2;
            }
            if self.fragment_start != 0 {
                self.fragment_start += 2;
            }
        }
        if self.host_kind == HostKind::None {
            self.username_end = self.scheme_end + 1;
            self.host_start = self.scheme_end + 1;
            self.host_end = self.scheme_end + 1;
        }
        if self.out.len() > u32::MAX as usize {
            return Err(ParseError::TooLong);
        }
        Ok(Url {
            serialization: if copy {
                self.out.as_str().to_owned()
            } else {
                std::mem::take(&mut self.out)
            },
            scheme_end: self.scheme_end as u32,
            username_end: self.username_end as u32,
            host_start: self.host_start as u32,
            host_end: self.host_end as u32,
            path_start: self.path_start as u32,
            query_start: self.query_start as u32,
            fragment_start: self.fragment_start as u32,
            port: self.port,
            host_kind: self.host_kind,
            scheme_type: self.scheme_type,
        })
    }
}

/// The pathname setter's parse: the path start state with a state override, on a URL whose path
/// was emptied. Writes the serialized path (without any "/." prefix) to `out`, which must be
/// empty.
///
/// <https://url.spec.whatwg.org/#dom-url-pathname>
pub(crate) fn parse_path_for_setter(
    out: &mut String,
    input: &str,
    scheme_type: SchemeType,
    has_host: bool,
) {
    let mut run = Run::new(input, None, std::mem::take(out), Reporter::disabled());
    run.scheme_type = scheme_type;
    run.host_kind = if has_host {
        HostKind::Empty
    } else {
        HostKind::None
    };
    run.state_override = true;
    let mut state = run.path_start_state();
    while state == State::Path {
        state = run.path_state();
    }
    *out = run.out;
}

/// The value of a port made of ASCII digits (any number of them, leading zeros allowed).
pub(crate) fn port_value(digits: &[u8]) -> Result<u16, ParseError> {
    let mut port: u32 = 0;
    for &b in digits {
        port = (port * 10 + u32::from(b - b'0')).min(1 << 17);
    }
    u16::try_from(port).map_err(|_| ParseError::PortOutOfRange)
}

/// The last `byte` in `hay`: a plain loop for short input (where the setup of a vectorized
/// search costs more than it saves), `memrchr` for long input.
#[inline]
fn rfind_byte(hay: &[u8], byte: u8) -> Option<usize> {
    if hay.len() < 64 {
        hay.iter().rposition(|&b| b == byte)
    } else {
        memchr::memrchr(byte, hay)
    }
}

/// The position of the first ASCII tab or newline in `bytes`.
#[inline]
fn find_tab_or_newline(bytes: &[u8]) -> Option<usize> {
    if bytes.len() >= 64 {
        return memchr::memchr3(b'\t', b'\n', b'\r', bytes);
    }
    // For short input, words of eight bytes beat the setup of a vectorized search; the last
    // word overlaps the one before it instead of ending in a byte loop.
    let is_tab_or_newline = |b: &u8| matches!(b, b'\t' | b'\n' | b'\r');
    if bytes.len() < 8 {
        return bytes.iter().position(is_tab_or_newline);
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
    let mut at = 0;
    loop {
        if has_tab_or_newline(word(at))
            && let Some(i) = bytes[at..at + 8].iter().position(is_tab_or_newline)
        {
            return Some(at + i);
        }
        if at + 8 == bytes.len() {
            return None;
        }
        at = (at + 8).min(bytes.len() - 8);
    }
}

/// Whether one of the eight bytes of `word` is a tab, LF or CR: a byte of `word ^ c` is zero
/// where `word` holds `c`, and `(v - 0x01..) & !v & 0x80..` is non-zero exactly when some byte
/// of `v` is zero.
#[inline(always)]
fn has_tab_or_newline(word: u64) -> bool {
    use fast_path::{HIGH, ONES};
    let zero_bytes = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    (zero_bytes(word ^ (ONES * 0x09))
        | zero_bytes(word ^ (ONES * 0x0A))
        | zero_bytes(word ^ (ONES * 0x0D)))
        != 0
}

/// Appends `input` to `out` without its ASCII tabs and newlines, the first of which is at
/// `first`: the runs between them are copied whole.
fn push_without_tab_and_newline(out: &mut String, input: &str, first: usize) {
    let bytes = input.as_bytes();
    out.reserve(input.len());
    let mut from = 0;
    let mut at = Some(first);
    while let Some(i) = at {
        // Tabs and newlines are ASCII: the cuts are at char boundaries.
        out.push_str(&input[from..i]);
        from = i + 1;
        at = memchr::memchr3(b'\t', b'\n', b'\r', &bytes[from..]).map(|j| from + j);
    }
    out.push_str(&input[from..]);
}

/// Removes all ASCII tab or newline from `input` (basic URL parser steps 2–3).
pub(crate) fn remove_tab_and_newline(input: &str) -> Cow<'_, str> {
    match find_tab_or_newline(input.as_bytes()) {
        None => Cow::Borrowed(input),
        Some(first) => {
            let mut out = String::new();
            push_without_tab_and_newline(&mut out, input, first);
            Cow::Owned(out)
        }
    }
}

/// Appends `n` in decimal.
pub(crate) fn push_decimal(out: &mut String, n: u16) {
    let mut buf = [0u8; 5];
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &b in &buf[i..] {
        out.push(b as char);
    }
}

#[cfg(test)]
mod tab_tests {
    use super::find_tab_or_newline;

    #[test]
    fn find_tab_or_newline_agrees_with_a_byte_loop() {
        for len in 0..80 {
            for at in 0..=len {
                for c in [b'\t', b'\n', b'\r', b'\x0b', b'\x89', b'\x0c'] {
                    let mut bytes = vec![b'a'; len];
                    if at < len {
                        bytes[at] = c;
                    }
                    let naive = bytes
                        .iter()
                        .position(|b| matches!(b, b'\t' | b'\n' | b'\r'));
                    assert_eq!(find_tab_or_newline(&bytes), naive, "{len} {at} {c}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments() {
        assert!(is_double_dot(b".%2E"));
        assert!(is_double_dot(b"%2e%2E"));
        assert!(!is_double_dot(b"..."));
        assert!(is_single_dot(b"%2E"));
        assert!(!is_single_dot(b".."));
    }

    #[test]
    fn windows_drive_letters() {
        assert!(starts_with_windows_drive_letter(b"c:"));
        assert!(starts_with_windows_drive_letter(b"c:/"));
        assert!(!starts_with_windows_drive_letter(b"c:a"));
        assert!(starts_with_windows_drive_letter(b"C|#"));
    }

    #[test]
    fn decimal() {
        let mut s = String::new();
        push_decimal(&mut s, 0);
        s.push(' ');
        push_decimal(&mut s, 65535);
        assert_eq!(s, "0 65535");
    }
}
