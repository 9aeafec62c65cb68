//! Where the basic URL parser read each part of its input: the spans that
//! [`ParseOptions::on_input_span`](crate::ParseOptions::on_input_span) reports.
//!
//! The parser reports them as its states read the input (the scheme state the scheme, the
//! authority and host states the userinfo, host and port, the path, query and fragment states
//! theirs), so that a picture of the input (`weburl serve`'s diagram) needs no second reading
//! of the URL grammar. A leaf of the library: the parser reports into it.

use std::ops::Range;

/// What a span of the input is.
///
/// ```
/// use weburl::InputPart;
/// assert_eq!(InputPart::Hostname.component_name(), Some("hostname"));
/// assert_eq!(InputPart::DotSegment.component_name(), None);
/// assert_eq!(InputPart::DotSegment.removed(), Some("dot-segment"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InputPart {
    /// The scheme and its `:`, read by the scheme state.
    Protocol,
    /// The username, read by the authority state.
    Username,
    /// The password, read by the authority state.
    Password,
    /// The host, read by the host state (or the file host state).
    Hostname,
    /// The port, read by the port state.
    Port,
    /// The path (or the opaque path), read by the path states.
    Pathname,
    /// The query with its `?`, read by the query state.
    Search,
    /// The fragment with its `#`, read by the fragment state.
    Hash,
    /// A delimiter no component holds: the slashes before an authority, the `:` before a
    /// password or a port, the `@` after the userinfo.
    Delimiter,
    /// A leading or trailing C0 control or space, which the parser's step 1 removes.
    Trimmed,
    /// An ASCII tab or newline, which the parser's steps 2-3 remove.
    TabOrNewline,
    /// A single- or double-dot path segment (`.`, `..`, `%2e`, ...), which the path state
    /// drops.
    DotSegment,
}

impl InputPart {
    /// Why the parser removed this part (`"trimmed"`, `"tab-or-newline"`, `"dot-segment"`),
    /// or `None` when it was read into the URL.
    ///
    /// ```
    /// assert_eq!(weburl::InputPart::Trimmed.removed(), Some("trimmed"));
    /// assert_eq!(weburl::InputPart::Port.removed(), None);
    /// ```
    #[must_use]
    pub fn removed(self) -> Option<&'static str> {
        match self {
            InputPart::Trimmed => Some("trimmed"),
            InputPart::TabOrNewline => Some("tab-or-newline"),
            InputPart::DotSegment => Some("dot-segment"),
            _ => None,
        }
    }
}

/// A part of the input and where it is: a byte range of the input as given (before trimming
/// and tab and newline removal). A range read after a removed tab or newline spans it: the
/// [`InputPart::TabOrNewline`] span says which bytes were removed.
///
/// ```
/// use weburl::{InputPart, Url};
/// let mut spans = Vec::new();
/// Url::options().on_input_span(&mut |s| spans.push((s.part, s.range))).parse("https://h:8080/a").unwrap();
/// assert_eq!(
///     spans,
///     [
///         (InputPart::Protocol, 0..6),
///         (InputPart::Delimiter, 6..8),
///         (InputPart::Hostname, 8..9),
///         (InputPart::Delimiter, 9..10),
///         (InputPart::Port, 10..14),
///         (InputPart::Pathname, 14..16),
///     ]
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct InputSpan {
    /// What the parser read there.
    pub part: InputPart,
    /// Where, in bytes of the input as given.
    pub range: Range<usize>,
}
