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
//!
//! The parser is split by concern ([`crate::lex`], below it, holds the byte classes and
//! scanners every path shares): `machine.rs` the state machine, `fast_path.rs` the whole-URL fast path and the quick
//! validity check, `can_parse.rs` `URL.canParse()`, `error.rs` and `options.rs` the public
//! [`ParseError`] and [`ParseOptions`].

mod can_parse;
mod error;
mod fast_path;
mod machine;
mod options;

/// The byte classes and scanners, at their former path: the same module as [`crate::lex`].
pub use crate::lex;

use encoding_rs::Encoding;

pub(crate) use can_parse::can_parse;
pub use error::{ParseError, SetterError};
pub(crate) use machine::{
    parse_host_for_setter, parse_path_for_setter, parse_port_for_setter, parse_scheme_for_setter,
};
pub use options::{MAX_INPUT_LENGTH, ParseOptions};

use crate::lex::{
    find_tab_or_newline, push_without_tab_and_newline, scheme_len, trim_c0_control_or_space,
};
use crate::scratch;
use crate::url::Url;
use crate::validation_error::{Reporter, ValidationErrorKind};
use machine::Run;

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

/// Runs `f` on what the state machine alone (no fast path, no base) makes of `input`, built
/// in this thread's reused output buffer: once that buffer has grown, nothing is allocated.
/// [`Url::check_invariants`] re-parses with it.
pub(crate) fn with_reparsed<R>(input: &str, f: impl FnOnce(Result<&Url, ParseError>) -> R) -> R {
    with_tab_and_newline_removed(trim_c0_control_or_space(input), |cleaned| {
        if scheme_len(cleaned.as_bytes()).is_none() {
            return f(Err(ParseError::MissingSchemeNonRelativeUrl));
        }
        scratch::with(&scratch::OUTPUT, |out| {
            let mut run = Run::new(cleaned, None, std::mem::take(out), Reporter::disabled());
            match run.run().and_then(|()| run.finish(false)) {
                Ok(url) => {
                    let result = f(Ok(&url));
                    *out = url.serialization;
                    result
                }
                Err(e) => {
                    *out = std::mem::take(&mut run.out);
                    f(Err(e))
                }
            }
        })
    })
}

/// [`Url::parse`] without the debug builds' check of the result (which re-parses with this).
pub(crate) fn parse_unchecked(input: &str) -> Result<Url, ParseError> {
    ParseOptions::default().parse_unchecked(input)
}

#[cfg(feature = "pattern")]
thread_local! {
    /// The URL [`with_parsed`] last built on this thread, whose buffer the next one reuses.
    static PARSED: std::cell::Cell<Option<Url>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` on what [`Url::parse`] (or, with `base`, [`Url::parse_with_base`]) makes of
/// `input`, built in this thread's reused URL: input that is already normal takes the fast
/// path into that URL's buffer and allocates nothing once the buffer has grown; other input
/// goes through the state machine, whose new URL is kept for the next call. For callers that
/// only read the URL (a URL pattern's `test` and `exec`); `f` gets the result, so that what
/// it returns is built in place. A nested call finds the slot empty and parses into a new URL.
#[cfg(feature = "pattern")]
pub(crate) fn with_parsed<R>(
    input: &str,
    base: Option<&Url>,
    f: impl FnOnce(Result<&Url, ParseError>) -> R,
) -> R {
    let options = ParseOptions::default().base(base);
    match PARSED.take() {
        Some(mut url) => match options.parse_into(input, &mut url) {
            Ok(()) => {
                let mut keep = KeepParsed(None);
                f(Ok(keep.0.insert(url)))
            }
            Err(e) => {
                drop(KeepParsed(Some(url)));
                f(Err(e))
            }
        },
        None => match options.parse(input) {
            Ok(url) => {
                let mut keep = KeepParsed(None);
                f(Ok(keep.0.insert(url)))
            }
            Err(e) => f(Err(e)),
        },
    }
}

/// A URL that goes back into [`with_parsed`]'s slot when dropped (if its buffer is not
/// oversized). Dropped after `f` has returned, so that `f`'s result is [`with_parsed`]'s
/// last expression, written in place and not copied past the slot's update.
#[cfg(feature = "pattern")]
struct KeepParsed(Option<Url>);

#[cfg(feature = "pattern")]
impl Drop for KeepParsed {
    fn drop(&mut self) {
        if let Some(url) = self.0.take()
            && url.serialization.capacity() <= scratch::KEEP_AT_MOST
        {
            PARSED.set(Some(url));
        }
    }
}

/// The spec's state machine, for any input (no fast path): a hook for the project's own tests
/// and fuzz targets, under the `_test-hooks` feature (not part of the API).
#[cfg(feature = "_test-hooks")]
#[doc(hidden)]
pub fn parse_general_for_tests(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    let result = parse_general(input, base, encoding_rs::UTF_8, Reporter::disabled());
    if let Ok(url) = &result {
        url.debug_check_invariants();
    }
    result
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
        if let Some(i) = find_tab_or_newline(trimmed.as_bytes()) {
            report.report_original(ValidationErrorKind::InvalidUrlUnit, lead + i);
        }
        report.set_cleaning(lead, trimmed);
    }
    if report.tracing() {
        if !report.enabled() {
            report.set_cleaning(lead, trimmed);
        }
        report.removed_spans(input.len(), trimmed.len());
    }
    let run = move |cleaned: &str| {
        // Without a base, input without a scheme fails at once: no need for an output buffer.
        if base.is_none() && scheme_len(cleaned.as_bytes()).is_none() {
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

#[cfg(all(test, feature = "pattern"))]
mod tests {
    use super::*;

    /// `with_parsed` sees what `Url::parse` (`Url::parse_with_base`) returns, whatever the
    /// thread's reused URL held before: longer or shorter input, the fast path or the state
    /// machine, a failure in between, a base, and a nested call.
    #[test]
    fn with_parsed_equals_parse_in_any_order() {
        let base = Url::parse("https://example.org/a/b?x").unwrap();
        let inputs = [
            "https://example.com/a/very/long/path/that/needs/room?q=1#f",
            "http://a",
            "HTTPS://EXAMPLE.COM:443/a/./b/../c?q=a b#f",
            "not a url",
            "../c#d",
            "https://example.com/",
            "sc://host/path",
            "http://0x7f.1/",
            "",
        ];
        for _ in 0..2 {
            for input in inputs {
                for base in [None, Some(&base)] {
                    let expected = match base {
                        None => Url::parse(input),
                        Some(b) => Url::parse_with_base(input, b),
                    };
                    let got = with_parsed(input, base, |url| {
                        // A nested call parses into a URL of its own.
                        let inner = with_parsed("https://nested.example/x", None, |u| u.cloned());
                        assert_eq!(inner.unwrap().href(), "https://nested.example/x");
                        url.cloned()
                    });
                    match (expected, got) {
                        (Ok(e), Ok(g)) => {
                            assert_eq!(e.href(), g.href(), "{input:?}");
                            assert_eq!(e.offsets, g.offsets, "{input:?}");
                            assert_eq!(e.port, g.port, "{input:?}");
                            assert_eq!(e.host_kind, g.host_kind, "{input:?}");
                            assert_eq!(e.scheme_type, g.scheme_type, "{input:?}");
                        }
                        (Err(e), Err(g)) => assert_eq!(e, g, "{input:?}"),
                        (e, g) => panic!("{input:?}: {:?} against {:?}", e.is_ok(), g.is_ok()),
                    }
                }
            }
        }
    }
}
