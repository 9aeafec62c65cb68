//! What the extractor hands out: a [`Link`] (with its [`LinkKind`]), the first
//! [`BaseElement`], and the [`Summary`] of a document.

use std::fmt;
use std::sync::Arc;

use encoding_rs::Encoding;

use super::DocumentKind;
use super::base::{Resolver, XmlBase};
use super::encoding::EncodingSource;
use crate::{ParseError, Url};

/// How a link's text is resolved; see [`Resolver::resolve`].
///
/// ```
/// use weburl::document::{LinkOptions, LinkKind, collect_links};
/// let html = br#"<form action=""><a href=a ping="p q"><img srcset="s 2x"><meta http-equiv=refresh content="0;url=r"><base href=b>"#;
/// let (links, _) = collect_links(&html[..], &LinkOptions::new()).unwrap();
/// let kinds: Vec<LinkKind> = links.iter().map(|l| l.kind).collect();
/// assert_eq!(kinds, [
///     LinkKind::FormAction, LinkKind::Url, LinkKind::Ping, LinkKind::Ping,
///     LinkKind::SrcsetCandidate, LinkKind::Refresh, LinkKind::BaseHref,
/// ]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LinkKind {
    /// An attribute that holds one URL, resolved against the document base URL.
    Url,
    /// One candidate URL of a `srcset`.
    SrcsetCandidate,
    /// One URL of a `ping` list.
    Ping,
    /// The URL of a `meta http-equiv=refresh`: resolved against the base URL in force when the
    /// element is parsed, and left alone by a later `<base>` (browsers act on it then).
    /// [`Resolver::re_resolve`], asked explicitly, does resolve it again.
    Refresh,
    /// A form's `action` or a button's `formaction`: when empty, the document's URL.
    FormAction,
    /// `base` `href`: resolved against the fallback base URL, as `HTMLBaseElement.href` is.
    BaseHref,
}

/// One URL in a document.
///
/// ```
/// use weburl::document::{LinkOptions, collect_links};
/// let (links, _) = collect_links(&b"<p>\n  <a HREF='//example.com/x'>x</a>"[..], &LinkOptions::new()).unwrap();
/// let a = &links[0];
/// assert_eq!((a.element.as_str(), a.attribute.as_str(), a.raw.as_str()), ("a", "href", "//example.com/x"));
/// assert!(a.url().is_none()); // no document URL, so no scheme to take
/// assert_eq!((a.line, a.column), (2, 12));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Link {
    /// The link's number in document order, from 0. A re-emission has the number of the
    /// emission it replaces.
    pub index: u64,
    /// The element's local name (lower case in HTML).
    pub element: String,
    /// The attribute's name (lower case in HTML; qualified, such as `xlink:href`, in XML), or
    /// `#text` for a URL that is an XML element's text.
    pub attribute: String,
    /// How the link is resolved.
    pub kind: LinkKind,
    /// The URL text: the attribute value with character references decoded (for `srcset`,
    /// `ping` and refresh, this URL's own part of it).
    pub raw: String,
    /// The resolved URL, or why the URL parser failed.
    pub result: Result<Url, ParseError>,
    /// Line of the URL text in the document, from 1 (LF, CR and CRLF end lines).
    pub line: u32,
    /// Column of the URL text's first character, from 1, counted in Unicode scalar values of
    /// the decoded document. Where character references make the text differ from the
    /// source, a `srcset`/`ping`/refresh URL gets the attribute value's column.
    pub column: u32,
    /// Whether this is a re-emission: a `<base href>` after the link changed its URL, and this
    /// emission replaces the earlier one with the same [`index`](Link::index).
    pub re_resolved: bool,
    pub(crate) xml_base: Option<Arc<XmlBase>>,
}

impl Link {
    /// The resolved URL, if the link resolved.
    ///
    /// ```
    /// use weburl::document::{LinkOptions, collect_links};
    /// let (links, _) = collect_links(&b"<a href='https://example.com/'>"[..], &LinkOptions::new()).unwrap();
    /// assert_eq!(links[0].url().unwrap().href(), "https://example.com/");
    /// ```
    #[must_use]
    pub fn url(&self) -> Option<&Url> {
        self.result.as_ref().ok()
    }

    /// Why the link did not resolve, if it did not.
    ///
    /// ```
    /// use weburl::document::{LinkOptions, collect_links};
    /// let (links, _) = collect_links(&b"<a href='https://example.com:99999/'>"[..], &LinkOptions::new()).unwrap();
    /// assert_eq!(links[0].error(), Some(weburl::ParseError::PortOutOfRange));
    /// ```
    #[must_use]
    pub fn error(&self) -> Option<ParseError> {
        self.result.as_ref().err().copied()
    }
}

/// One line of text: `LINE:COLUMN ELEMENT ATTRIBUTE URL`, or `… error: REASON (RAW)` for a
/// link that does not resolve, with ` (re-resolved)` after a re-emission.
///
/// ```
/// use weburl::Url;
/// use weburl::document::{LinkOptions, collect_links};
/// let o = LinkOptions::new().document_url(Url::parse("https://example.com/").unwrap());
/// let (links, _) = collect_links(&b"<img src=a.png>\n<a href='http://[x'>"[..], &o).unwrap();
/// assert_eq!(links[0].to_string(), "1:10 img src https://example.com/a.png");
/// assert_eq!(links[1].to_string(), "2:10 a href error: invalid host: the IPv6 address has no closing ']' (\"http://[x\")");
/// ```
impl fmt::Display for Link {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{} {} {} ",
            self.line, self.column, self.element, self.attribute
        )?;
        match &self.result {
            Ok(url) => f.write_str(url.href())?,
            Err(e) => write!(f, "error: {e} ({:?})", self.raw)?,
        }
        if self.re_resolved {
            f.write_str(" (re-resolved)")?;
        }
        Ok(())
    }
}

/// The first `<base href>` of a document.
///
/// ```
/// use weburl::Url;
/// use weburl::document::{LinkOptions, collect_links};
/// let o = LinkOptions::new().document_url(Url::parse("https://example.com/a/").unwrap());
/// let (_, s) = collect_links(&b"<a href=x>\n<base href=../b/>"[..], &o).unwrap();
/// let base = s.base.clone().unwrap();
/// assert_eq!((base.raw.as_str(), base.line, base.late), ("../b/", 2, true));
/// assert_eq!(s.base_url().unwrap().href(), "https://example.com/b/");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BaseElement {
    /// Its `href`, character references decoded.
    pub raw: String,
    /// Line of the `href` value.
    pub line: u32,
    /// Column of the `href` value.
    pub column: u32,
    /// Whether links came before it (so that it changed links already parsed).
    pub late: bool,
}

/// What [`extract_links`](super::extract_links) found besides the links.
///
/// ```
/// use weburl::document::{LinkOptions, collect_links, encoding::EncodingSource};
/// let (_, s) = collect_links(&b"\xEF\xBB\xBF<a href=x>"[..], &LinkOptions::new()).unwrap();
/// assert_eq!((s.encoding, s.encoding_source), (weburl::encoding_rs::UTF_8, EncodingSource::Bom));
/// assert_eq!((s.links, s.bytes), (1, 13));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Summary {
    /// The kind of document read (never [`DocumentKind::Auto`]).
    pub kind: DocumentKind,
    /// The document's encoding.
    pub encoding: &'static Encoding,
    /// Where the encoding came from.
    pub encoding_source: EncodingSource,
    /// The first `<base href>`, if any.
    pub base: Option<BaseElement>,
    /// How many links were emitted (re-emissions not counted).
    pub links: u64,
    /// How many links were emitted again because a late `<base href>` changed them.
    pub re_resolved: u64,
    /// How many links were emitted before a late `<base href>` without being kept for
    /// re-resolution (past [`LinkOptions::retain_limit`](super::LinkOptions::retain_limit)): their URLs may be stale.
    pub unretained: u64,
    /// The most links held back at once.
    pub max_held: usize,
    /// How many bytes of input were read.
    pub bytes: u64,
    /// What the reader of the links should know about the document, one sentence each: an
    /// Atom feed without the Atom namespace (whose links are then not read), for instance.
    ///
    /// ```
    /// use weburl::document::{DocumentKind, LinkOptions, collect_links};
    /// let feed = b"<?xml version='1.0'?><feed><link href='/x'/></feed>";
    /// let (links, s) = collect_links(&feed[..], &LinkOptions::new().kind(DocumentKind::Xml)).unwrap();
    /// assert!(links.is_empty());
    /// assert!(s.warnings[0].starts_with("the root element <feed> is not in the Atom namespace"));
    /// ```
    pub warnings: Vec<String>,
    pub(super) resolver: Resolver,
}

impl Summary {
    /// The document base URL in force at the end of the document.
    ///
    /// ```
    /// use weburl::document::{LinkOptions, collect_links};
    /// let (_, s) = collect_links(&b"<base href='https://cdn.example/'>"[..], &LinkOptions::new()).unwrap();
    /// assert_eq!(s.base_url().unwrap().href(), "https://cdn.example/");
    /// ```
    #[must_use]
    pub fn base_url(&self) -> Option<&Url> {
        self.resolver.base_url()
    }

    /// A [`Resolver`] with the document's URL, base URL and encoding, to resolve more links
    /// (or stored ones again) as this document would.
    ///
    /// ```
    /// use weburl::document::{LinkKind, LinkOptions, collect_links};
    /// let (_, s) = collect_links(&b"<base href='https://cdn.example/a/'>"[..], &LinkOptions::new()).unwrap();
    /// assert_eq!(s.resolver().resolve(LinkKind::Url, "b").unwrap().href(), "https://cdn.example/a/b");
    /// ```
    #[must_use]
    pub fn resolver(&self) -> Resolver {
        self.resolver.clone()
    }
}
