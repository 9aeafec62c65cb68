//! The parser's options: a base URL, an encoding, a validation-error callback, a length limit.

use std::fmt;

use encoding_rs::{Encoding, UTF_8};

use super::{ParseError, fast_path, parse_general};
use crate::trace::InputSpan;
use crate::url::Url;
use crate::validation_error::{Reporter, ValidationError};

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
    on_span: Option<&'a mut dyn FnMut(InputSpan)>,
    max_input_length: usize,
}

impl Default for ParseOptions<'_> {
    fn default() -> Self {
        ParseOptions {
            base: None,
            encoding: UTF_8,
            on_error: None,
            on_span: None,
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
            .field("on_input_span", &self.on_span.is_some())
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

    /// A callback for every part of the input the parser reads ([`InputSpan`]: the scheme, the
    /// delimiters, userinfo, host and port of an authority, the path, query and fragment, and
    /// the bytes it removes: leading and trailing C0 controls and spaces, tabs and newlines,
    /// dot segments), as its states read them. Each byte is in at most one span, except a
    /// removed tab or newline, which a span read across it covers too. The parser stops
    /// reporting where it fails: the bytes after a failure are in no span.
    ///
    /// ```
    /// use weburl::{InputPart, Url};
    /// let mut parts = Vec::new();
    /// let input = " https://u@EXAMPLE.com/a/../b?q#f";
    /// Url::options()
    ///     .on_input_span(&mut |s| parts.push((s.part, &input[s.range])))
    ///     .parse(input)
    ///     .unwrap();
    /// assert_eq!(
    ///     parts,
    ///     [
    ///         (InputPart::Trimmed, " "),
    ///         (InputPart::Protocol, "https:"),
    ///         (InputPart::Delimiter, "//"),
    ///         (InputPart::Username, "u"),
    ///         (InputPart::Delimiter, "@"),
    ///         (InputPart::Hostname, "EXAMPLE.com"),
    ///         (InputPart::DotSegment, ".."),
    ///         (InputPart::Pathname, "/a/../b"),
    ///         (InputPart::Search, "?q"),
    ///         (InputPart::Hash, "#f"),
    ///     ]
    /// );
    /// ```
    #[must_use]
    pub fn on_input_span(mut self, callback: &'a mut dyn FnMut(InputSpan)) -> Self {
        self.on_span = Some(callback);
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
        let result = self.parse_unchecked(input);
        if let Ok(url) = &result {
            url.debug_check_invariants();
        }
        result
    }

    /// [`ParseOptions::parse`] into `url`, reusing its buffer: `url` becomes the result when
    /// `input` parses and is left as it was when it does not. Input that is already a normal
    /// URL (its href) is copied into `url`'s buffer, so a loop that parses many URLs into one
    /// `Url` allocates nothing for them once the buffer has grown; other input goes through the
    /// state machine, whose new URL replaces `url`. The result is the one
    /// [`ParseOptions::parse`] gives.
    ///
    /// ```
    /// use weburl::{HostError, ParseError, Url};
    /// let mut url = Url::parse("https://example.com/").unwrap();
    /// for input in ["https://a.example/x", "HTTPS://B.example/./y"] {
    ///     Url::options().parse_into(input, &mut url).unwrap();
    ///     assert_eq!(url, Url::parse(input).unwrap());
    /// }
    /// assert_eq!(url.href(), "https://b.example/y");
    /// // A failure leaves the URL as it was.
    /// let failed = Url::options().parse_into("https://[::1", &mut url);
    /// assert_eq!(failed, Err(ParseError::InvalidHost(HostError::Ipv6Unclosed)));
    /// assert_eq!(url.href(), "https://b.example/y");
    /// ```
    pub fn parse_into(self, input: &str, url: &mut Url) -> Result<(), ParseError> {
        if input.len() > self.max_input_length {
            return Err(ParseError::TooLong);
        }
        if self.on_error.is_none()
            && self.on_span.is_none()
            && fast_path::parse_normal_into(input, url)
        {
            url.debug_check_invariants();
            return Ok(());
        }
        let parsed = parse_general(
            input,
            self.base,
            self.encoding,
            Reporter::new(self.on_error, self.on_span),
        )?;
        parsed.debug_check_invariants();
        *url = parsed;
        Ok(())
    }

    /// [`ParseOptions::parse`] without the debug builds' check of the result.
    #[inline]
    pub(crate) fn parse_unchecked(self, input: &str) -> Result<Url, ParseError> {
        if input.len() > self.max_input_length {
            return Err(ParseError::TooLong);
        }
        if self.on_error.is_none()
            && self.on_span.is_none()
            && let Some(url) = fast_path::parse_normal(input)
        {
            return Ok(url);
        }
        parse_general(
            input,
            self.base,
            self.encoding,
            Reporter::new(self.on_error, self.on_span),
        )
    }
}

/// The longest input any parse accepts: 4 GiB - 1 bytes, since a [`Url`]'s offsets are `u32`.
pub const MAX_INPUT_LENGTH: usize = u32::MAX as usize;
