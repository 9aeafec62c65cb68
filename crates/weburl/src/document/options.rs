//! What to read and how: [`DocumentKind`], [`LateBase`] and [`LinkOptions`].

use crate::Url;

use super::encoding;

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
/// [module documentation](super#a-base-after-links-the-streaming-strategy).
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

/// Options for [`extract_links`](super::extract_links): the document's URL, the creator's base URL for
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
    pub(super) document_url: Option<Url>,
    pub(super) about_base_url: Option<Url>,
    pub(super) http_charset: Option<String>,
    pub(super) kind: DocumentKind,
    pub(super) late_base: LateBase,
    pub(super) retain_limit: usize,
    pub(super) scripting: bool,
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
