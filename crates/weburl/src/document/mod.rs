//! Documents: a page's base URL and encoding, and every link in it, resolved as a browser
//! resolves them (feature `document`).
//!
//! [`extract_links`] reads an HTML document (with [lol_html], a streaming HTML parser) or an
//! XML one (with [quick-xml]) from any [`Read`], in one pass and in bounded memory, and hands
//! each URL-bearing attribute value to a callback as a [`Link`]: element, attribute, the
//! value's text, the URL it resolves to or why it does not, and its line and column.
//!
//! ```
//! use weburl::Url;
//! use weburl::document::{LinkOptions, extract_links};
//!
//! let html = r#"<!doctype html><meta charset="windows-1252">
//! <a href="search?q=caf&eacute;" ping="/track /t2">Café</a>
//! <img srcset="small.png 1x, big.png 2x" src="small.png">
//! <a href="http://exa mple.com/">broken</a>"#;
//! let options = LinkOptions::new().document_url(Url::parse("https://example.com/shop/").unwrap());
//! let mut lines = Vec::new();
//! let summary = extract_links(html.as_bytes(), &options, |link| lines.push(link.to_json())).unwrap();
//! assert_eq!(summary.encoding, weburl::encoding_rs::WINDOWS_1252);
//! assert_eq!(lines[0], r#"{"element":"a","attribute":"href","raw":"search?q=café","url":"https://example.com/shop/search?q=caf%E9","line":2,"column":10}"#);
//! assert_eq!(lines[1], r#"{"element":"a","attribute":"ping","raw":"/track","url":"https://example.com/track","line":2,"column":38}"#);
//! assert_eq!(lines.len(), 7);
//! assert!(lines[6].contains(r#""url":null,"error":"invalid host: "#));
//! ```
//!
//! # What it follows
//!
//! - **Encoding** ([`encoding`]): the BOM, then the HTTP charset the caller gives
//!   ([`LinkOptions::http_charset`]), then the `<meta charset>` / `http-equiv` prescan of the
//!   first 1024 bytes, then windows-1252 (XML: BOM, HTTP charset, XML declaration, UTF-8).
//!   Queries of the links are percent-encoded in that encoding, as the URL parser's encoding
//!   argument.
//! - **Base URL** ([`Resolver`], [`fallback_base_url`], [`frozen_base_url`]): the fallback
//!   base URL is the document's URL, or the about base URL for `about:blank` and
//!   `about:srcdoc` documents ([`LinkOptions::about_base_url`]). The document base URL is the
//!   frozen base URL of the *first* `<base>` with an `href` in tree order: that `href` parsed
//!   against the fallback base URL, or the fallback base URL when the parse fails or gives a
//!   `data:` or `javascript:` URL. Later `<base>` elements change nothing; `<base>` in
//!   `<template>` contents or in SVG does not count.
//! - **Which attributes**: `a`/`area`/`link` `href`, `img` `src` and `srcset`, `source` `src`
//!   and `srcset`, `script`/`iframe`/`embed`/`audio`/`video`/`track`/`input` `src`, `video`
//!   `poster`, `object` `data`, `form` `action`, `button`/`input` `formaction`,
//!   `blockquote`/`q`/`ins`/`del` `cite`, `a`/`area` `ping` (one link per URL), the URL of a
//!   `meta http-equiv=refresh`, and `base` `href`, on HTML elements; and in inline SVG, the
//!   `href` (or, without one, `xlink:href`) of `a`, `image` and `use`, as SVG 2 reads them and
//!   browsers follow them. Character
//!   references in values are decoded as HTML's tokenizer decodes them in attributes.
//!   `srcset` is parsed by HTML's [srcset parser](srcset) (a candidate whose descriptors are
//!   in error is dropped, as browsers drop it); a refresh URL by the [shared declarative
//!   refresh steps](refresh).
//! - **What a browser's DOM does not contain** is skipped: `<template>` contents, and
//!   `<noscript>` contents (parsed as text, as in a browser with scripting enabled; with
//!   [`LinkOptions::scripting`] `false` they are parsed as markup, as with scripting
//!   disabled, and their links are extracted).
//! - **Resolution rules per attribute** ([`LinkKind`]): an empty form `action`/`formaction`
//!   is the document's URL; `base` `href` is parsed against the fallback base URL; a refresh
//!   URL against the base URL in force when the `meta` is parsed (browsers act on it then, so
//!   a later `<base>` does not move it); everything else against the document base URL.
//! - **XML** ([`DocumentKind::Xml`]): `xml:base` scopes, nested (each resolved against its
//!   parent's base URI, a value that does not parse leaving the parent's in force), over the
//!   document base URL; links are `xlink:href` on any element, the HTML attributes above on
//!   XHTML elements, `href` on SVG elements, Atom's `link@href`, `content@src`,
//!   `generator@uri` and the text of `icon`, `logo` and `uri`, and RSS 2.0's `enclosure@url`,
//!   `source@url` and the text of `link`, `comments`, `docs` and `url` (attribute `#text`).
//!
//! # A `<base>` after links: the streaming strategy
//!
//! HTML's document base URL is that of the first `<base href>` in tree order, wherever it
//! is, so a `<base>` that comes after some links changes the URLs of those links too (the base
//! URL is recomputed when the element is inserted, and every URL attribute is resolved when it
//! is read). A streaming extractor cannot know early whether such a `<base>` will come. The
//! policy is [`LinkOptions::late_base`]:
//!
//! - [`LateBase::Auto`] (the default) **defers, then re-resolves**. Links are held back
//!   while the parser is in the document's head, until the first `<base href>` or the first
//!   sign of body content (a start tag that cannot be in a head, or text), which is where
//!   nearly every `<base>` is; then they are emitted, resolved against the right base. After
//!   that, links are emitted at once; until a `<base href>` is seen they are also kept (at
//!   most [`LinkOptions::retain_limit`] of them), and if a `<base href>` turns up later each
//!   kept link whose URL it changes is emitted again, with the same [`Link::index`] and
//!   [`Link::re_resolved`] set: the second emission replaces the first. Memory stays flat
//!   whatever the document's size; only links past the limit before a late `<base>` are not
//!   corrected, and [`Summary::unretained`] counts them.
//! - [`LateBase::Defer`] holds every link until the base URL is settled (the first
//!   `<base href>` or the end of the document): each link is emitted once and right, at the
//!   price of memory proportional to the links before the first `<base>`, all of them when
//!   there is none.
//! - [`LateBase::Reresolve`] never holds a link: each is emitted as soon as it is parsed,
//!   and corrected by a re-emission as under `Auto`.
//!
//! [`collect_links`] applies the re-emissions and returns each link once, in document order.
//! To resolve stored links against another base, see [`Resolver::re_resolve`].
//!
//! # Not done
//!
//! A `<meta charset>` after the first 1024 bytes (a browser reloads the page in the new
//! encoding), encoding autodetection of unlabelled pages, Content Security Policy's
//! `base-uri`, `iframe srcdoc` documents nested in a page (pass their
//! text with `about:srcdoc` and [`LinkOptions::about_base_url`]), and DTD-declared entities in
//! XML.
//!
//! [lol_html]: https://docs.rs/lol_html
//! [quick-xml]: https://docs.rs/quick-xml

use std::fmt;
use std::io::{self, Read};
use std::sync::Arc;

use encoding_rs::{CoderResult, Decoder, Encoding};

use crate::{ParseError, Url};

mod base;
pub mod encoding;
mod html;
mod position;
pub mod refresh;
pub mod srcset;
mod xml;

use base::XmlBase;
pub use base::{Resolver, fallback_base_url, frozen_base_url};
use encoding::EncodingSource;

/// How many bytes are read and parsed at a time.
const CHUNK: usize = 64 * 1024;

/// The kind of document to read.
///
/// ```
/// use weburl::document::DocumentKind;
/// assert_eq!(DocumentKind::default(), DocumentKind::Html);
/// assert_eq!(DocumentKind::sniff(b"  <?xml version='1.0'?><feed/>"), DocumentKind::Xml);
/// assert_eq!(DocumentKind::sniff(b"<!doctype html>"), DocumentKind::Html);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DocumentKind {
    /// HTML (`text/html`), parsed as a browser parses it.
    #[default]
    Html,
    /// XML: XHTML, SVG, Atom, RSS or any other vocabulary, with `xml:base`.
    Xml,
    /// XML when the document starts with an XML declaration (after a BOM and whitespace),
    /// HTML otherwise.
    Auto,
}

impl DocumentKind {
    /// [`Xml`](DocumentKind::Xml) when `first_bytes` start with an XML declaration (after
    /// a BOM and whitespace; in an ASCII-compatible encoding or UTF-16), otherwise
    /// [`Html`](DocumentKind::Html).
    ///
    /// ```
    /// use weburl::document::DocumentKind;
    /// assert_eq!(DocumentKind::sniff(b"\xFF\xFE<\0?\0x\0m\0l\0"), DocumentKind::Xml);
    /// ```
    #[must_use]
    pub fn sniff(first_bytes: &[u8]) -> DocumentKind {
        let (skip, wide) = match encoding::sniff_bom(first_bytes) {
            Some((enc, len)) => (
                len,
                enc == encoding_rs::UTF_16LE || enc == encoding_rs::UTF_16BE,
            ),
            None => (0, false),
        };
        let rest = &first_bytes[skip..];
        if wide || rest.starts_with(b"<\0?\0") || rest.starts_with(b"\0<\0?") {
            return if rest.starts_with(b"<\0?\0x\0m\0l\0") || rest.starts_with(b"\0<\0?\0x\0m\0l") {
                DocumentKind::Xml
            } else {
                DocumentKind::Html
            };
        }
        let start = rest
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(rest.len());
        if rest[start..].starts_with(b"<?xml") {
            DocumentKind::Xml
        } else {
            DocumentKind::Html
        }
    }
}

/// What to do about a `<base href>` that comes after links; see the
/// [module documentation](self#a-base-after-links-the-streaming-strategy).
///
/// ```
/// assert_eq!(weburl::document::LateBase::default(), weburl::document::LateBase::Auto);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LateBase {
    /// Hold links while in the head (until the first `<base href>` or body content), then
    /// emit at once and re-emit what a later `<base href>` changes, within
    /// [`LinkOptions::retain_limit`].
    #[default]
    Auto,
    /// Hold every link until the first `<base href>` or the end of the document.
    Defer,
    /// Hold nothing; re-emit what a later `<base href>` changes, within
    /// [`LinkOptions::retain_limit`].
    Reresolve,
}

/// Options for [`extract_links`]: the document's URL, the creator's base URL for
/// `about:blank`/`about:srcdoc`, the HTTP charset, the kind of document, and the late-base
/// policy.
///
/// ```
/// use weburl::Url;
/// use weburl::document::{DocumentKind, LinkOptions};
/// let options = LinkOptions::new()
///     .document_url(Url::parse("https://example.jp/").unwrap())
///     .http_charset("shift_jis")
///     .kind(DocumentKind::Html);
/// assert_eq!(options.get_http_charset(), Some("shift_jis"));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct LinkOptions {
    document_url: Option<Url>,
    about_base_url: Option<Url>,
    http_charset: Option<String>,
    kind: DocumentKind,
    late_base: LateBase,
    retain_limit: usize,
    scripting: bool,
}

impl Default for LinkOptions {
    fn default() -> Self {
        LinkOptions {
            document_url: None,
            about_base_url: None,
            http_charset: None,
            kind: DocumentKind::Html,
            late_base: LateBase::Auto,
            retain_limit: LinkOptions::DEFAULT_RETAIN_LIMIT,
            scripting: true,
        }
    }
}

impl LinkOptions {
    /// The default [`retain_limit`](LinkOptions::retain_limit): 16,384 links (about 5 MB).
    pub const DEFAULT_RETAIN_LIMIT: usize = 16_384;

    /// Default options: no document URL (relative links then fail to resolve unless a
    /// `<base href>` gives an absolute base), no HTTP charset, HTML, [`LateBase::Auto`].
    ///
    /// ```
    /// assert!(weburl::document::LinkOptions::new().get_document_url().is_none());
    /// ```
    #[must_use]
    pub fn new() -> LinkOptions {
        LinkOptions::default()
    }

    /// The document's URL (its address).
    ///
    /// ```
    /// let o = weburl::document::LinkOptions::new().document_url(weburl::Url::parse("https://a.example/").unwrap());
    /// assert_eq!(o.get_document_url().unwrap().href(), "https://a.example/");
    /// ```
    #[must_use]
    pub fn document_url(mut self, url: Url) -> LinkOptions {
        self.document_url = Some(url);
        self
    }

    /// The about base URL: the document base URL of the creator of an `about:blank`
    /// document, or of the container of an `iframe srcdoc` document (URL `about:srcdoc`).
    /// Used only when the document URL is one of those.
    ///
    /// ```
    /// use weburl::Url;
    /// use weburl::document::{LinkOptions, collect_links};
    /// let o = LinkOptions::new()
    ///     .document_url(Url::parse("about:srcdoc").unwrap())
    ///     .about_base_url(Url::parse("https://example.com/parent/").unwrap());
    /// let (links, _) = collect_links(&b"<a href=child>"[..], &o).unwrap();
    /// assert_eq!(links[0].url().unwrap().href(), "https://example.com/parent/child");
    /// ```
    #[must_use]
    pub fn about_base_url(mut self, url: Url) -> LinkOptions {
        self.about_base_url = Some(url);
        self
    }

    /// The charset label of an HTTP `Content-Type` header (`--encoding` of the CLI). It
    /// outranks the document's own declarations, but not a BOM; a label that names no encoding
    /// is ignored, as browsers ignore it (check it with `Encoding::for_label` to reject it).
    ///
    /// ```
    /// use weburl::document::{LinkOptions, collect_links};
    /// let (_, s) = collect_links(&b"<meta charset=utf-8>"[..], &LinkOptions::new().http_charset("euc-kr")).unwrap();
    /// assert_eq!(s.encoding, weburl::encoding_rs::EUC_KR);
    /// ```
    #[must_use]
    pub fn http_charset(mut self, label: &str) -> LinkOptions {
        self.http_charset = Some(label.to_owned());
        self
    }

    /// HTML, XML, or decide from the first bytes.
    ///
    /// ```
    /// use weburl::document::{DocumentKind, LinkOptions};
    /// assert_eq!(LinkOptions::new().kind(DocumentKind::Xml).get_kind(), DocumentKind::Xml);
    /// ```
    #[must_use]
    pub fn kind(mut self, kind: DocumentKind) -> LinkOptions {
        self.kind = kind;
        self
    }

    /// The policy for a `<base href>` after links.
    ///
    /// ```
    /// use weburl::document::{LateBase, LinkOptions};
    /// assert_eq!(LinkOptions::new().late_base(LateBase::Defer).get_late_base(), LateBase::Defer);
    /// ```
    #[must_use]
    pub fn late_base(mut self, policy: LateBase) -> LinkOptions {
        self.late_base = policy;
        self
    }

    /// How many emitted links [`LateBase::Auto`] and [`LateBase::Reresolve`] keep for
    /// re-resolution until a `<base href>` is seen (default
    /// [`DEFAULT_RETAIN_LIMIT`](LinkOptions::DEFAULT_RETAIN_LIMIT)); 0 turns re-resolution
    /// off.
    ///
    /// ```
    /// assert_eq!(weburl::document::LinkOptions::new().retain_limit(10).get_retain_limit(), 10);
    /// ```
    #[must_use]
    pub fn retain_limit(mut self, links: usize) -> LinkOptions {
        self.retain_limit = links;
        self
    }

    /// Whether HTML is read as a browser with scripting enabled reads it (the default):
    /// `<noscript>` contents are then text, and give no links. With `false`, they are markup,
    /// as in a browser with scripting disabled (or a crawler that does not run scripts), and
    /// their links are extracted (nested `<noscript>` up to 8 deep). XML is not affected.
    ///
    /// ```
    /// use weburl::document::{LinkOptions, collect_links};
    /// let html = b"<noscript><img src=/pixel.gif></noscript><a href=/a>";
    /// let (on, _) = collect_links(&html[..], &LinkOptions::new()).unwrap();
    /// assert_eq!(on.iter().map(|l| l.raw.as_str()).collect::<Vec<_>>(), ["/a"]);
    /// let (off, _) = collect_links(&html[..], &LinkOptions::new().scripting(false)).unwrap();
    /// assert_eq!(off.iter().map(|l| l.raw.as_str()).collect::<Vec<_>>(), ["/pixel.gif", "/a"]);
    /// assert_eq!((off[0].line, off[0].column), (1, 20));
    /// ```
    #[must_use]
    pub fn scripting(mut self, enabled: bool) -> LinkOptions {
        self.scripting = enabled;
        self
    }

    /// Whether scripting is taken as enabled.
    ///
    /// ```
    /// assert!(weburl::document::LinkOptions::new().get_scripting());
    /// ```
    #[must_use]
    pub fn get_scripting(&self) -> bool {
        self.scripting
    }

    /// The document URL set.
    ///
    /// ```
    /// assert!(weburl::document::LinkOptions::new().get_document_url().is_none());
    /// ```
    #[must_use]
    pub fn get_document_url(&self) -> Option<&Url> {
        self.document_url.as_ref()
    }

    /// The about base URL set.
    ///
    /// ```
    /// assert!(weburl::document::LinkOptions::new().get_about_base_url().is_none());
    /// ```
    #[must_use]
    pub fn get_about_base_url(&self) -> Option<&Url> {
        self.about_base_url.as_ref()
    }

    /// The HTTP charset label set.
    ///
    /// ```
    /// assert!(weburl::document::LinkOptions::new().get_http_charset().is_none());
    /// ```
    #[must_use]
    pub fn get_http_charset(&self) -> Option<&str> {
        self.http_charset.as_deref()
    }

    /// The document kind set.
    ///
    /// ```
    /// assert_eq!(weburl::document::LinkOptions::new().get_kind(), weburl::document::DocumentKind::Html);
    /// ```
    #[must_use]
    pub fn get_kind(&self) -> DocumentKind {
        self.kind
    }

    /// The late-base policy set.
    ///
    /// ```
    /// assert_eq!(weburl::document::LinkOptions::new().get_late_base(), weburl::document::LateBase::Auto);
    /// ```
    #[must_use]
    pub fn get_late_base(&self) -> LateBase {
        self.late_base
    }

    /// The retain limit set.
    ///
    /// ```
    /// assert_eq!(weburl::document::LinkOptions::new().get_retain_limit(), 16_384);
    /// ```
    #[must_use]
    pub fn get_retain_limit(&self) -> usize {
        self.retain_limit
    }
}

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

    /// The link as one line of JSON: `{"element": …, "attribute": …, "raw": …, "url": … or
    /// null, "error": … (only when url is null), "line": N, "column": N}`, and
    /// `"re_resolved": true` at the end of a re-emission. No newline at the end.
    ///
    /// ```
    /// use weburl::document::{LinkOptions, collect_links};
    /// let (links, _) = collect_links(&b"<q cite='x\"y'>"[..], &LinkOptions::new()).unwrap();
    /// assert_eq!(
    ///     links[0].to_json(),
    ///     r#"{"element":"q","attribute":"cite","raw":"x\"y","url":null,"error":"relative URL without a base (no scheme, and no usable base URL)","line":1,"column":10}"#
    /// );
    /// ```
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(96 + self.raw.len() * 2);
        self.write_json(&mut out);
        out
    }

    /// Appends [`to_json`](Link::to_json)'s text to `out`.
    ///
    /// ```
    /// use weburl::document::{LinkOptions, collect_links};
    /// let (links, _) = collect_links(&b"<a href=x><a href=y>"[..], &LinkOptions::new()).unwrap();
    /// let mut out = String::new();
    /// for link in &links {
    ///     link.write_json(&mut out);
    ///     out.push('\n');
    /// }
    /// assert_eq!(out.lines().count(), 2);
    /// ```
    pub fn write_json(&self, out: &mut String) {
        out.push_str("{\"element\":");
        json_string(out, &self.element);
        out.push_str(",\"attribute\":");
        json_string(out, &self.attribute);
        out.push_str(",\"raw\":");
        json_string(out, &self.raw);
        match &self.result {
            Ok(url) => {
                out.push_str(",\"url\":");
                json_string(out, url.href());
            }
            Err(e) => {
                out.push_str(",\"url\":null,\"error\":");
                json_string(out, &e.to_string());
            }
        }
        use fmt::Write as _;
        let _ = write!(out, ",\"line\":{},\"column\":{}", self.line, self.column);
        if self.re_resolved {
            out.push_str(",\"re_resolved\":true");
        }
        out.push('}');
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

fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                use fmt::Write as _;
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
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

/// What [`extract_links`] found besides the links.
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
    /// re-resolution (past [`LinkOptions::retain_limit`]): their URLs may be stale.
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
    resolver: Resolver,
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

/// Why [`extract_links`] stopped.
///
/// ```
/// use weburl::document::{DocumentError, DocumentKind, LinkOptions, collect_links};
/// let err = collect_links(&b"<feed>\n<link href='a'></feed>"[..], &LinkOptions::new().kind(DocumentKind::Xml)).unwrap_err();
/// assert!(matches!(err, DocumentError::Xml { line: 2, .. }));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum DocumentError {
    /// Reading the input failed.
    Io(io::Error),
    /// The HTML parser gave up (it does not on any input, short of running out of memory).
    Html(String),
    /// The XML document is not well-formed.
    Xml {
        /// What is wrong.
        message: String,
        /// Where (line, from 1).
        line: u32,
        /// Where (column, from 1).
        column: u32,
    },
}

impl fmt::Display for DocumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DocumentError::Io(e) => write!(f, "reading the document: {e}"),
            DocumentError::Html(e) => write!(f, "parsing the HTML: {e}"),
            DocumentError::Xml {
                message,
                line,
                column,
            } => {
                write!(f, "XML error at line {line}, column {column}: {message}")
            }
        }
    }
}

impl std::error::Error for DocumentError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DocumentError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for DocumentError {
    fn from(e: io::Error) -> Self {
        DocumentError::Io(e)
    }
}

/// Reads a document from `reader` in one pass and calls `sink` with each of its links in
/// document order (and with re-emissions, per [`LinkOptions::late_base`]); see the
/// [module documentation](self). Memory stays bounded by the chunk size, the longest tag, and
/// the links held or kept for a late `<base>`.
///
/// This is all `weburl links FILE|- [--url URL] [--encoding LABEL] [--json]` needs: open the
/// file or stdin, set [`LinkOptions::document_url`] and [`LinkOptions::http_charset`], and
/// print [`Link::to_json`] or the `Display` form of each link.
///
/// ```
/// use weburl::Url;
/// use weburl::document::{LinkOptions, extract_links};
///
/// // A late <base>: the link before it is emitted, then emitted again, corrected.
/// let html = "<body><a href=page>1</a><base href='/v2/'><a href=page>2</a>";
/// let options = LinkOptions::new().document_url(Url::parse("https://example.com/docs/").unwrap());
/// let mut out = Vec::new();
/// extract_links(html.as_bytes(), &options, |link| out.push(link.to_string())).unwrap();
/// assert_eq!(out, [
///     "1:15 a href https://example.com/docs/page",
///     "1:15 a href https://example.com/v2/page (re-resolved)",
///     "1:37 base href https://example.com/v2/",
///     "1:51 a href https://example.com/v2/page",
/// ]);
/// ```
pub fn extract_links<R: Read, F: FnMut(Link)>(
    reader: R,
    options: &LinkOptions,
    sink: F,
) -> Result<Summary, DocumentError> {
    let mut input = Input::new(reader)?;
    let kind = match options.kind {
        DocumentKind::Auto => DocumentKind::sniff(&input.first),
        kind => kind,
    };
    let http = options.http_charset.as_deref();
    let (encoding, source) = match kind {
        DocumentKind::Xml => encoding::sniff_xml(&input.first, http),
        _ => encoding::sniff_html(&input.first, http),
    };
    if source == EncodingSource::Bom
        && let Some((_, len)) = encoding::sniff_bom(&input.first)
    {
        input.first.drain(..len);
    }
    let resolver = Resolver::new(options.document_url.clone(), None, encoding)
        .with_about_base_url(options.about_base_url.clone());
    let mut emitter = Emitter::new(sink, resolver, options);
    let mut stream = DecodedStream {
        input,
        decoder: encoding.new_decoder_without_bom_handling(),
        done: false,
    };
    let warnings = match kind {
        DocumentKind::Xml => xml::run(&mut stream, &mut emitter)?,
        _ => {
            html::run(&mut stream, &mut emitter, options.scripting)?;
            Vec::new()
        }
    };
    emitter.finish();
    Ok(Summary {
        kind: if kind == DocumentKind::Xml {
            DocumentKind::Xml
        } else {
            DocumentKind::Html
        },
        encoding,
        encoding_source: source,
        base: emitter.base_element,
        links: emitter.links,
        re_resolved: emitter.re_resolved,
        unretained: emitter.unretained,
        max_held: emitter.max_held,
        bytes: stream.input.bytes,
        warnings,
        resolver: emitter.resolver,
    })
}

/// [`extract_links`] into a `Vec`, with re-emissions applied: each link once, in document
/// order, with its final URL (and [`Link::re_resolved`] set on those a late `<base>`
/// changed). Memory grows with the number of links.
///
/// ```
/// use weburl::Url;
/// use weburl::document::{LateBase, LinkOptions, collect_links};
/// let html = b"<body><a href=x></a><base href=/y/>";
/// let o = LinkOptions::new().document_url(Url::parse("https://example.com/").unwrap());
/// for policy in [LateBase::Auto, LateBase::Defer, LateBase::Reresolve] {
///     let (links, _) = collect_links(&html[..], &o.clone().late_base(policy)).unwrap();
///     assert_eq!(links[0].url().unwrap().href(), "https://example.com/y/x");
/// }
/// ```
pub fn collect_links<R: Read>(
    reader: R,
    options: &LinkOptions,
) -> Result<(Vec<Link>, Summary), DocumentError> {
    let mut links: Vec<Link> = Vec::new();
    let summary = extract_links(reader, options, |link| {
        if link.re_resolved {
            // A re-emission replaces the link with its index (indices are positions here).
            if let Some(slot) = usize::try_from(link.index)
                .ok()
                .and_then(|i| links.get_mut(i))
            {
                *slot = link;
                return;
            }
        }
        links.push(link);
    })?;
    Ok((links, summary))
}

/// The input, with its first bytes read ahead for sniffing.
struct Input<R> {
    reader: R,
    first: Vec<u8>,
    bytes: u64,
    buf: Vec<u8>,
}

impl<R: Read> Input<R> {
    fn new(mut reader: R) -> io::Result<Input<R>> {
        let mut first = vec![0; encoding::PRESCAN_BYTES];
        let mut filled = 0;
        while filled < first.len() {
            match reader.read(&mut first[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        first.truncate(filled);
        Ok(Input {
            reader,
            bytes: filled as u64,
            first,
            buf: Vec::new(),
        })
    }
}

/// The input decoded to UTF-8, a chunk at a time.
struct DecodedStream<R> {
    input: Input<R>,
    decoder: Decoder,
    done: bool,
}

impl<R: Read> DecodedStream<R> {
    /// The next chunk of text into `out` (replacing its content); `false` at the end.
    fn next_chunk(&mut self, out: &mut String) -> io::Result<bool> {
        out.clear();
        if self.done {
            return Ok(false);
        }
        let (src, last) = if self.input.first.is_empty() {
            let buf = &mut self.input.buf;
            buf.resize(CHUNK, 0);
            let n = loop {
                match self.input.reader.read(buf) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            };
            buf.truncate(n);
            self.input.bytes += n as u64;
            (std::mem::take(buf), n == 0)
        } else {
            (std::mem::take(&mut self.input.first), false)
        };
        let mut read = 0;
        loop {
            let needed = self
                .decoder
                .max_utf8_buffer_length(src.len() - read)
                .unwrap_or(src.len() * 3 + 16);
            out.reserve(needed);
            let (result, n, _) = self.decoder.decode_to_string(&src[read..], out, last);
            read += n;
            if result == CoderResult::InputEmpty {
                break;
            }
        }
        self.input.buf = src;
        if last {
            self.done = true;
        }
        Ok(true)
    }
}

/// A link as a parser finds it, before it is numbered and resolved.
struct Found<'a> {
    element: &'a str,
    attribute: &'a str,
    kind: LinkKind,
    raw: String,
    line: u32,
    column: u32,
    xml_base: Option<Arc<XmlBase>>,
    /// The base URI of the link's `xml:base` scope, when it has one (computed by the parser,
    /// which caches it per scope).
    scope_base: Option<Option<&'a Url>>,
}

/// Numbers links, resolves them, and holds, emits, keeps and re-emits them per the
/// late-base policy.
struct Emitter<F> {
    sink: F,
    resolver: Resolver,
    policy: LateBase,
    retain_limit: usize,
    base_seen: bool,
    holding: bool,
    held: Vec<Link>,
    retained: Vec<Link>,
    emitted_unkept: u64,
    next_index: u64,
    links: u64,
    re_resolved: u64,
    unretained: u64,
    max_held: usize,
    base_element: Option<BaseElement>,
    /// Bumped when the document base URL changes, so that parsers recompute cached bases.
    base_generation: u64,
}

impl<F: FnMut(Link)> Emitter<F> {
    fn new(sink: F, resolver: Resolver, options: &LinkOptions) -> Emitter<F> {
        Emitter {
            sink,
            resolver,
            policy: options.late_base,
            retain_limit: options.retain_limit,
            base_seen: false,
            holding: options.late_base != LateBase::Reresolve,
            held: Vec::new(),
            retained: Vec::new(),
            emitted_unkept: 0,
            next_index: 0,
            links: 0,
            re_resolved: 0,
            unretained: 0,
            max_held: 0,
            base_element: None,
            base_generation: 0,
        }
    }

    fn resolve(&self, link: &mut Link, scope_base: Option<Option<&Url>>) {
        link.result = match (scope_base, &link.xml_base) {
            (Some(base), _) => self.resolver.resolve_with_base(link.kind, &link.raw, base),
            (None, None) => self.resolver.resolve(link.kind, &link.raw),
            (None, Some(_)) => {
                let base = self.resolver.link_base(link);
                self.resolver
                    .resolve_with_base(link.kind, &link.raw, base.as_ref())
            }
        };
    }

    fn push(&mut self, found: Found<'_>) {
        let mut link = Link {
            index: self.next_index,
            element: found.element.to_owned(),
            attribute: found.attribute.to_owned(),
            kind: found.kind,
            raw: found.raw,
            result: Err(ParseError::MissingSchemeNonRelativeUrl),
            line: found.line,
            column: found.column,
            re_resolved: false,
            xml_base: found.xml_base,
        };
        self.next_index += 1;
        if self.holding {
            if link.kind == LinkKind::Refresh {
                self.resolve(&mut link, found.scope_base);
            }
            self.held.push(link);
            self.max_held = self.max_held.max(self.held.len());
            return;
        }
        self.resolve(&mut link, found.scope_base);
        self.emit(link);
    }

    fn emit(&mut self, link: Link) {
        self.links += 1;
        if !self.base_seen && !matches!(link.kind, LinkKind::Refresh | LinkKind::BaseHref) {
            if self.retained.len() < self.retain_limit {
                self.retained.push(link.clone());
            } else {
                self.emitted_unkept += 1;
            }
        }
        (self.sink)(link);
    }

    /// Emits the held links, resolved against the current base.
    fn release(&mut self) {
        self.holding = false;
        let held = std::mem::take(&mut self.held);
        for mut link in held {
            if link.kind != LinkKind::Refresh {
                self.resolve(&mut link, None);
            }
            self.emit(link);
        }
    }

    /// The parser left the head: under [`LateBase::Auto`], stop holding.
    fn end_head(&mut self) {
        if self.holding && self.policy == LateBase::Auto {
            self.release();
        }
    }

    fn base_seen(&self) -> bool {
        self.base_seen
    }

    /// The first `<base href>`: settle the document base URL, release held links, re-emit
    /// kept ones that change.
    fn set_base(&mut self, href: &str, line: u32, column: u32) {
        if self.base_seen {
            return;
        }
        self.base_seen = true;
        let late = self.next_index > 0;
        self.base_element = Some(BaseElement {
            raw: href.to_owned(),
            line,
            column,
            late,
        });
        let resolver = std::mem::take(&mut self.resolver);
        self.resolver = resolver.with_base_href(href);
        self.base_generation += 1;
        if self.holding {
            self.release();
        }
        let retained = std::mem::take(&mut self.retained);
        for mut link in retained {
            if self.resolver.resolve_link(&mut link) {
                link.re_resolved = true;
                self.re_resolved += 1;
                (self.sink)(link);
            }
        }
        self.unretained = self.emitted_unkept;
    }

    /// The end of the document: the base URL is settled.
    fn finish(&mut self) {
        if self.holding {
            self.release();
        }
        self.retained = Vec::new();
    }
}

/// The HTML attributes that hold URLs, per element, and how to read them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Url,
    Srcset,
    Ping,
    Refresh,
    Action,
    Base,
}

/// The URL attributes of an HTML element (by lower-case local name).
fn html_url_attribute(element: &str, attribute: &str) -> Option<Form> {
    use Form::*;
    let form = match (element, attribute) {
        ("a" | "area", "href") => Url,
        ("a" | "area", "ping") => Ping,
        ("link", "href") => Url,
        ("img" | "source", "src") => Url,
        ("img" | "source", "srcset") => Srcset,
        ("script" | "iframe" | "embed" | "audio" | "video" | "track" | "input", "src") => Url,
        ("video", "poster") => Url,
        ("object", "data") => Url,
        ("form", "action") => Action,
        ("button" | "input", "formaction") => Action,
        ("blockquote" | "q" | "ins" | "del", "cite") => Url,
        ("meta", "content") => Refresh,
        ("base", "href") => Base,
        _ => return None,
    };
    Some(form)
}

/// Whether an HTML element has URL attributes (those [`html_url_attribute`] knows).
fn has_url_attributes(element: &str) -> bool {
    matches!(
        element,
        "a" | "area"
            | "link"
            | "img"
            | "source"
            | "script"
            | "iframe"
            | "embed"
            | "audio"
            | "video"
            | "track"
            | "input"
            | "object"
            | "form"
            | "button"
            | "blockquote"
            | "q"
            | "ins"
            | "del"
            | "meta"
            | "base"
    )
}

/// Whether an HTML element can appear in a head without ending it.
fn is_head_element(element: &str) -> bool {
    matches!(
        element,
        "html"
            | "head"
            | "base"
            | "basefont"
            | "bgsound"
            | "link"
            | "meta"
            | "noframes"
            | "script"
            | "style"
            | "template"
            | "title"
            | "noscript"
    )
}

/// A position for a part of an attribute value: `offset` bytes into the value when the value
/// is its source text unchanged, else the value's start.
fn part_offset(value_start: u64, verbatim: bool, offset: usize) -> u64 {
    if verbatim {
        value_start + offset as u64
    } else {
        value_start
    }
}

/// Splits a `ping` value on ASCII whitespace, with byte offsets.
fn split_ascii_whitespace_with_offsets(s: &str) -> impl Iterator<Item = (usize, &str)> {
    s.split(['\t', '\n', '\x0C', '\r', ' '])
        .filter(|t| !t.is_empty())
        .map(move |t| (t.as_ptr() as usize - s.as_ptr() as usize, t))
}

/// Calls `emit(kind, offset_in_value, raw)` for each URL an attribute of form `form` holds.
fn for_each_url(form: Form, value: &str, mut emit: impl FnMut(LinkKind, usize, String)) {
    match form {
        Form::Url => emit(LinkKind::Url, 0, value.to_owned()),
        Form::Base => emit(LinkKind::BaseHref, 0, value.to_owned()),
        Form::Action => emit(LinkKind::FormAction, 0, value.to_owned()),
        Form::Srcset => {
            for c in srcset::parse_srcset(value) {
                emit(LinkKind::SrcsetCandidate, c.offset, c.url.to_owned());
            }
        }
        Form::Ping => {
            for (offset, token) in split_ascii_whitespace_with_offsets(value) {
                emit(LinkKind::Ping, offset, token.to_owned());
            }
        }
        Form::Refresh => {
            if let Some(r) = refresh::parse_refresh(value)
                && let Some(url) = r.url
            {
                emit(LinkKind::Refresh, r.url_offset, url.to_owned());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(html: &str, options: &LinkOptions) -> Vec<String> {
        let mut out = Vec::new();
        extract_links(html.as_bytes(), options, |l| out.push(l.to_string())).unwrap();
        out
    }

    fn page() -> LinkOptions {
        LinkOptions::new().document_url(Url::parse("https://example.com/a/b").unwrap())
    }

    #[test]
    fn head_links_are_held_until_base() {
        let out = urls(
            "<head><link href=s.css><base href=/x/><body><a href=y>",
            &page(),
        );
        assert_eq!(
            out,
            [
                "1:18 link href https://example.com/x/s.css",
                "1:35 base href https://example.com/x/",
                "1:53 a href https://example.com/x/y",
            ]
        );
    }

    #[test]
    fn first_base_with_href_wins() {
        let out = urls(
            "<base target=_top><base href='http://[bad/'><base href=/c/><a href=d>",
            &page(),
        );
        assert_eq!(
            out[0],
            "1:31 base href error: invalid host: the IPv6 address has no closing ']' (\"http://[bad/\")"
        );
        assert_eq!(out[1], "1:56 base href https://example.com/c/");
        assert_eq!(out[2], "1:68 a href https://example.com/a/d");
    }

    #[test]
    fn template_and_noscript_are_skipped_svg_links_are_not() {
        let html = "<template><base href=/t/><a href=t></template><noscript><a href=n></noscript><svg><a href=s /></svg><a href=z>";
        let out = urls(html, &page());
        assert_eq!(
            out,
            [
                "1:91 a href https://example.com/a/s",
                "1:109 a href https://example.com/a/z"
            ]
        );
        // Scripting disabled: the <noscript> contents are markup (the template's stay inert).
        let out = urls(html, &page().scripting(false));
        assert_eq!(
            out,
            [
                "1:65 a href https://example.com/a/n",
                "1:91 a href https://example.com/a/s",
                "1:109 a href https://example.com/a/z"
            ]
        );
    }

    #[test]
    fn svg_links_in_html() {
        // SVG 2: href wins over xlink:href; a, image and use; other SVG elements and
        // attributes give nothing; an HTML <a> inside <foreignObject> is HTML again.
        let html = "<svg><a xlink:href=x1><image href=i xlink:href=old /><use xlink:href=u#s />\
                    <rect href=r /><foreignObject><a href=h></a></foreignObject></svg>";
        let out = urls(html, &page());
        assert_eq!(
            out,
            [
                "1:20 a xlink:href https://example.com/a/x1",
                "1:35 image href https://example.com/a/i",
                "1:70 use xlink:href https://example.com/a/u#s",
                "1:114 a href https://example.com/a/h"
            ]
        );
    }

    #[test]
    fn noscript_contents_keep_their_positions() {
        // Lines and columns count from the document's start, in nested <noscript> too; a
        // `<base>` inside counts as the first <base> in tree order (the <img> before it is
        // emitted, then re-resolved, as for any late <base>).
        let html =
            "<noscript>\n <noscript><img src=a></noscript>\n<base href=/b/></noscript><a href=c>";
        let out = urls(html, &page().scripting(false));
        assert_eq!(
            out,
            [
                "2:21 img src https://example.com/a/a",
                "2:21 img src https://example.com/b/a (re-resolved)",
                "3:12 base href https://example.com/b/",
                "3:35 a href https://example.com/b/c"
            ]
        );
        // A deep nest stops at the limit, without running out of stack.
        let deep = "<noscript>".repeat(10_000) + "<a href=d>";
        assert!(urls(&deep, &page().scripting(false)).is_empty());
    }

    #[test]
    fn retain_limit() {
        let html = "<body><a href=1><a href=2><a href=3><base href=/z/>";
        let mut out = Vec::new();
        let s = extract_links(html.as_bytes(), &page().retain_limit(2), |l| {
            out.push(l.to_string())
        })
        .unwrap();
        assert_eq!((s.re_resolved, s.unretained), (2, 1));
        assert_eq!(out.len(), 6);
        let s = extract_links(
            html.as_bytes(),
            &page().late_base(LateBase::Defer).retain_limit(0),
            |_| {},
        )
        .unwrap();
        assert_eq!((s.re_resolved, s.unretained, s.max_held), (0, 0, 3));
    }

    #[test]
    fn refresh_keeps_the_base_of_its_time() {
        let html = "<meta http-equiv=Refresh content='0; url=next'><base href=/other/><a href=z>";
        let (links, _) = collect_links(html.as_bytes(), &page()).unwrap();
        assert_eq!(links[0].url().unwrap().href(), "https://example.com/a/next");
        assert_eq!(
            links[2].url().unwrap().href(),
            "https://example.com/other/z"
        );
    }

    #[test]
    fn character_references_and_positions() {
        let html = "<a\nhref=\"?a=1&amp;b=&eacute;&notit;&#x80;\" ping='&#x20;/p  /q'>";
        let (links, _) = collect_links(html.as_bytes(), &page()).unwrap();
        assert_eq!(links[0].raw, "?a=1&b=é&notit;€");
        assert_eq!((links[0].line, links[0].column), (2, 7));
        assert_eq!(links[1].raw, "/p");
        assert_eq!(links[2].raw, "/q");
        // Character references: the parts get the value's position.
        assert_eq!((links[2].line, links[2].column), (2, 47));
        let (links, _) = collect_links(&b"<img srcset='a 1x,\r\n b 2x'>"[..], &page()).unwrap();
        assert_eq!(links[1].raw, "b");
        assert_eq!((links[1].line, links[1].column), (1, 14));
        let (links, _) = collect_links(&b"<img srcset='a 1x,\n b 2x'>"[..], &page()).unwrap();
        assert_eq!((links[1].line, links[1].column), (2, 2));
    }

    #[test]
    fn duplicate_attributes_first_wins() {
        let (links, _) = collect_links(&b"<a href=one HREF=two>"[..], &page()).unwrap();
        assert_eq!(links.len(), 1);
        assert_eq!(links[0].raw, "one");
    }

    #[test]
    fn json_escapes() {
        let (links, _) = collect_links(
            &b"<a href='\\&#1;\t\xe2\x80\xa8'>"[..],
            &page().http_charset("utf-8"),
        )
        .unwrap();
        assert!(
            links[0]
                .to_json()
                .starts_with(r#"{"element":"a","attribute":"href","raw":"\\\u0001\t\u2028""#)
        );
    }
}
