//! Slicing a URL's serialization at component boundaries: [`Position`] and
//! `Index<Range<Position>>` (and `RangeFrom`, `RangeTo`, `RangeFull`) for [`Url`], with the
//! `url` crate's names.
//!
//! Every slice is a borrow of [`Url::href`]; the boundaries come from the offsets a `Url`
//! keeps, so nothing is scanned.

use std::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

use crate::url::Url;

/// A boundary between (or inside the delimiters of) the components of a URL's serialization:
///
/// ```text
/// https://user:pass@example.com:8080/a/b?q=1#frag
/// ^    ^  ^   ^^   ^^          ^^   ^   ^^  ^^   ^
/// |    |  |   ||   ||          ||   |   ||  ||   AfterFragment
/// |    |  |   ||   ||          ||   |   ||  |BeforeFragment
/// |    |  |   ||   ||          ||   |   ||  AfterQuery
/// |    |  |   ||   ||          ||   |   |BeforeQuery
/// |    |  |   ||   ||          ||   |   AfterPath
/// |    |  |   ||   ||          ||   BeforePath, AfterPort
/// |    |  |   ||   ||          |BeforePort
/// |    |  |   ||   ||          AfterHost
/// |    |  |   ||   |BeforeHost
/// |    |  |   ||   AfterPassword
/// |    |  |   |BeforePassword
/// |    |  |   AfterUsername
/// |    |  BeforeUsername
/// |    AfterScheme
/// BeforeScheme
/// ```
///
/// A missing component is an empty range at the place it would have (a missing delimiter is
/// not included either way).
///
/// ```
/// use weburl::{Position, Url};
/// let url = Url::parse("https://user:pass@example.com:8080/a/b?q=1#frag").unwrap();
/// assert_eq!(&url[..Position::AfterScheme], "https");
/// assert_eq!(&url[Position::BeforeUsername..Position::AfterPassword], "user:pass");
/// assert_eq!(&url[Position::BeforeHost..Position::AfterPort], "example.com:8080");
/// assert_eq!(&url[Position::BeforePath..Position::AfterQuery], "/a/b?q=1");
/// assert_eq!(&url[..Position::AfterPath], "https://user:pass@example.com:8080/a/b");
/// assert_eq!(&url[Position::BeforeFragment..], "frag");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Position {
    /// The start of the serialization.
    BeforeScheme,
    /// Just before the `:` that ends the scheme.
    AfterScheme,
    /// After `scheme://` (or `scheme:` when the host is null).
    BeforeUsername,
    /// After the username.
    AfterUsername,
    /// After the `:` before the password, or at [`AfterUsername`](Self::AfterUsername) when
    /// there is no password.
    BeforePassword,
    /// After the password (before `@`), or at [`AfterUsername`](Self::AfterUsername) when there
    /// is no password.
    AfterPassword,
    /// The start of the host.
    BeforeHost,
    /// The end of the host.
    AfterHost,
    /// After the `:` before the port, or at [`AfterHost`](Self::AfterHost) when the port is
    /// null.
    BeforePort,
    /// After the port, or at [`AfterHost`](Self::AfterHost) when the port is null.
    AfterPort,
    /// The start of the path (after the `/.` that a hostless path starting with `//` gets).
    BeforePath,
    /// The end of the path.
    AfterPath,
    /// After the `?`, or at [`AfterPath`](Self::AfterPath) when the query is null.
    BeforeQuery,
    /// The end of the query (before `#`).
    AfterQuery,
    /// After the `#`, or at the end when the fragment is null.
    BeforeFragment,
    /// The end of the serialization.
    AfterFragment,
}

impl Url {
    /// The byte offset of `position` in the serialization.
    fn position_index(&self, position: Position) -> usize {
        let bytes = self.serialization.as_bytes();
        let has_password = self.has_host()
            && self.offsets.username_end < self.offsets.host_start
            && bytes.get(self.offsets.username_end as usize) == Some(&b':');
        let i = match position {
            Position::BeforeScheme => 0,
            Position::AfterScheme => self.offsets.scheme_end,
            Position::BeforeUsername => {
                if self.has_host() {
                    self.offsets.scheme_end + 3
                } else {
                    self.offsets.scheme_end + 1
                }
            }
            Position::AfterUsername => self.offsets.username_end,
            Position::BeforePassword if has_password => self.offsets.username_end + 1,
            Position::BeforePassword => self.offsets.username_end,
            Position::AfterPassword if has_password => self.offsets.host_start - 1,
            Position::AfterPassword => self.offsets.username_end,
            Position::BeforeHost => self.offsets.host_start,
            Position::AfterHost => self.offsets.host_end,
            Position::BeforePort if self.port.is_some() => self.offsets.host_end + 1,
            Position::BeforePort => self.offsets.host_end,
            Position::AfterPort if self.port.is_some() => self.offsets.path_start,
            Position::AfterPort => self.offsets.host_end,
            Position::BeforePath => self.offsets.path_start,
            Position::AfterPath => self.path_end(),
            Position::BeforeQuery => match self.offsets.query_start {
                0 => self.path_end(),
                q => q + 1,
            },
            Position::AfterQuery => self.query_end(),
            Position::BeforeFragment => match self.offsets.fragment_start {
                0 => self.serialization.len() as u32,
                f => f + 1,
            },
            Position::AfterFragment => self.serialization.len() as u32,
        };
        i as usize
    }

    /// The serialization between two positions; "" when `end` comes before `start`.
    fn position_slice(&self, start: usize, end: usize) -> &str {
        self.serialization.get(start..end).unwrap_or("")
    }
}

/// The whole serialization.
///
/// ```
/// let url = weburl::Url::parse("http://a/b").unwrap();
/// assert_eq!(&url[..], "http://a/b");
/// ```
impl Index<RangeFull> for Url {
    type Output = str;
    fn index(&self, _: RangeFull) -> &str {
        &self.serialization
    }
}

/// The serialization from a position to the end.
///
/// ```
/// use weburl::{Position, Url};
/// let url = Url::parse("http://a/b?c#d").unwrap();
/// assert_eq!(&url[Position::BeforePath..], "/b?c#d");
/// ```
impl Index<RangeFrom<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeFrom<Position>) -> &str {
        let start = self.position_index(range.start);
        self.position_slice(start, self.serialization.len())
    }
}

/// The serialization from the start to a position.
///
/// ```
/// use weburl::{Position, Url};
/// let url = Url::parse("http://a/b?c#d").unwrap();
/// assert_eq!(&url[..Position::AfterQuery], "http://a/b?c");
/// ```
impl Index<RangeTo<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeTo<Position>) -> &str {
        let end = self.position_index(range.end);
        self.position_slice(0, end)
    }
}

/// The serialization between two positions ("" when the end comes first).
///
/// ```
/// use weburl::{Position, Url};
/// let url = Url::parse("http://example.com:81/b").unwrap();
/// assert_eq!(&url[Position::BeforeHost..Position::AfterPort], "example.com:81");
/// assert_eq!(&url[Position::AfterPath..Position::BeforePath], "");
/// ```
impl Index<Range<Position>> for Url {
    type Output = str;
    fn index(&self, range: Range<Position>) -> &str {
        let start = self.position_index(range.start);
        let end = self.position_index(range.end);
        self.position_slice(start, end)
    }
}
