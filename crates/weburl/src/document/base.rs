//! A document's base URL, HTML's way: the fallback base URL, the frozen base URL of the first
//! `<base href>`, and the [`Resolver`] that turns a link's text into a URL against them.

use std::fmt;
use std::sync::Arc;

use encoding_rs::{Encoding, UTF_8};

use super::{Link, LinkKind};
use crate::{ParseError, Url};

/// HTML's [fallback base URL](https://html.spec.whatwg.org/multipage/urls-and-fetching.html#fallback-base-url):
/// the about base URL (the creator's document base URL for `about:blank`, the container's for
/// an `iframe srcdoc` document, whose URL is `about:srcdoc`) when there is one and the
/// document is such a document; otherwise the document's URL.
///
/// ```
/// use weburl::Url;
/// use weburl::document::fallback_base_url;
/// let creator = Url::parse("https://example.com/app/").unwrap();
/// let srcdoc = Url::parse("about:srcdoc").unwrap();
/// assert_eq!(fallback_base_url(Some(&srcdoc), Some(&creator)), Some(&creator));
/// let page = Url::parse("https://example.com/page").unwrap();
/// assert_eq!(fallback_base_url(Some(&page), Some(&creator)), Some(&page));
/// // "Matches about:blank" ignores the query and the fragment.
/// let blank = Url::parse("about:blank?x#y").unwrap();
/// assert_eq!(fallback_base_url(Some(&blank), Some(&creator)), Some(&creator));
/// assert_eq!(fallback_base_url(Some(&blank), None), Some(&blank));
/// ```
#[must_use]
pub fn fallback_base_url<'a>(
    document_url: Option<&'a Url>,
    about_base_url: Option<&'a Url>,
) -> Option<&'a Url> {
    match (document_url, about_base_url) {
        (Some(url), Some(about)) if is_about(url, "srcdoc") || is_about(url, "blank") => {
            Some(about)
        }
        (url, _) => url,
    }
}

/// Whether `url` is `about:` with exactly `path`, no credentials and no host (the spec's
/// "matches about:blank", and its srcdoc analogue).
fn is_about(url: &Url, path: &str) -> bool {
    url.scheme() == "about"
        && url.pathname() == path
        && url.username().is_empty()
        && url.password().is_empty()
        && url.host().is_empty()
}

/// The [frozen base URL](https://html.spec.whatwg.org/multipage/semantics.html#set-the-frozen-base-url)
/// of a `<base>` element whose `href` is `href`: `href` parsed against the fallback base URL
/// in the document's encoding, or the fallback base URL itself when that fails or gives a
/// `data:` or `javascript:` URL. (Content Security Policy's `base-uri`, the spec's third
/// reason to fall back, is not modelled.)
///
/// ```
/// use weburl::Url;
/// use weburl::document::frozen_base_url;
/// let page = Url::parse("https://example.com/a/b/page.html").unwrap();
/// let enc = weburl::encoding_rs::UTF_8;
/// assert_eq!(frozen_base_url("../c/", Some(&page), enc).unwrap().href(), "https://example.com/a/c/");
/// assert_eq!(frozen_base_url("http://[oops/", Some(&page), enc), Some(page.clone()));
/// assert_eq!(frozen_base_url("data:text/html,hi", Some(&page), enc), Some(page.clone()));
/// ```
#[must_use]
pub fn frozen_base_url(
    href: &str,
    fallback: Option<&Url>,
    encoding: &'static Encoding,
) -> Option<Url> {
    match Url::options().base(fallback).encoding(encoding).parse(href) {
        Ok(url) if url.scheme() != "data" && url.scheme() != "javascript" => Some(url),
        _ => fallback.cloned(),
    }
}

/// One `xml:base` attribute in scope, with those of the ancestors: its `raw` value is
/// resolved against the parent's base URI (or the document base URL at the root).
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct XmlBase {
    pub(crate) parent: Option<Arc<XmlBase>>,
    pub(crate) raw: String,
}

impl fmt::Debug for XmlBase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chain = Vec::new();
        let mut at = Some(self);
        while let Some(scope) = at {
            chain.push(scope.raw.as_str());
            at = scope.parent.as_deref();
        }
        chain.reverse();
        f.debug_tuple("XmlBase").field(&chain).finish()
    }
}

impl XmlBase {
    /// The base URI of an element in this scope, given the document base URL. A value that
    /// does not parse leaves its parent's base URI in force.
    pub(crate) fn resolve(
        &self,
        document_base: Option<&Url>,
        encoding: &'static Encoding,
    ) -> Option<Url> {
        let parent = match &self.parent {
            Some(p) => p.resolve(document_base, encoding),
            None => document_base.cloned(),
        };
        resolve_xml_base(&self.raw, parent, encoding)
    }
}

/// `raw` (an `xml:base` value) against `parent`; `parent` again when it does not parse.
pub(crate) fn resolve_xml_base(
    raw: &str,
    parent: Option<Url>,
    encoding: &'static Encoding,
) -> Option<Url> {
    match Url::options()
        .base(parent.as_ref())
        .encoding(encoding)
        .parse(raw)
    {
        Ok(url) => Some(url),
        Err(_) => parent,
    }
}

/// What links are resolved against: the document's URL (for an empty form `action`), its
/// fallback base URL (for `<base href>` itself), its document base URL (for everything else),
/// and its encoding (for queries).
///
/// [`extract_links`](super::extract_links) makes one as it goes and hands the final one back
/// in its [`Summary`](super::Summary). Make one yourself to resolve stored [`Link`]s again,
/// against another base, with [`Resolver::re_resolve`].
///
/// ```
/// use weburl::Url;
/// use weburl::document::{LinkKind, Resolver};
/// let page = Url::parse("https://example.com/shop/list").unwrap();
/// let r = Resolver::new(Some(page.clone()), None, weburl::encoding_rs::WINDOWS_1252);
/// assert_eq!(r.resolve(LinkKind::Url, "item?q=é").unwrap().href(), "https://example.com/shop/item?q=%E9");
/// // An empty form action means the document's URL, whatever the base.
/// let r = r.with_base(Some(Url::parse("https://cdn.example/").unwrap()));
/// assert_eq!(r.resolve(LinkKind::FormAction, "").unwrap(), page);
/// assert_eq!(r.resolve(LinkKind::Url, "x").unwrap().href(), "https://cdn.example/x");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Resolver {
    document_url: Option<Url>,
    fallback_base: Option<Url>,
    base: Option<Url>,
    encoding: &'static Encoding,
}

impl Default for Resolver {
    fn default() -> Self {
        Resolver {
            document_url: None,
            fallback_base: None,
            base: None,
            encoding: UTF_8,
        }
    }
}

impl Resolver {
    /// A resolver for a document at `document_url` whose base URL is `base` (`None`: the
    /// fallback base URL, which here is the document's URL) and whose encoding is `encoding`.
    ///
    /// ```
    /// let page = weburl::Url::parse("https://example.com/a/b").unwrap();
    /// let r = weburl::document::Resolver::new(Some(page), None, weburl::encoding_rs::UTF_8);
    /// assert_eq!(r.base_url().unwrap().href(), "https://example.com/a/b");
    /// ```
    #[must_use]
    pub fn new(
        document_url: Option<Url>,
        base: Option<Url>,
        encoding: &'static Encoding,
    ) -> Resolver {
        let fallback_base = document_url.clone();
        let base = base.or_else(|| fallback_base.clone());
        Resolver {
            document_url,
            fallback_base,
            base,
            encoding,
        }
    }

    /// The same resolver with `about_base_url` (the creator's or container's base URL) taken
    /// into account for the fallback base URL, as [`fallback_base_url`] does; the document base
    /// URL becomes the new fallback base URL if it was the old one.
    ///
    /// ```
    /// use weburl::Url;
    /// let srcdoc = Url::parse("about:srcdoc").unwrap();
    /// let parent = Url::parse("https://example.com/dir/").unwrap();
    /// let r = weburl::document::Resolver::new(Some(srcdoc), None, weburl::encoding_rs::UTF_8)
    ///     .with_about_base_url(Some(parent));
    /// assert_eq!(r.base_url().unwrap().href(), "https://example.com/dir/");
    /// ```
    #[must_use]
    pub fn with_about_base_url(mut self, about_base_url: Option<Url>) -> Resolver {
        let fallback =
            fallback_base_url(self.document_url.as_ref(), about_base_url.as_ref()).cloned();
        if self.base == self.fallback_base {
            self.base.clone_from(&fallback);
        }
        self.fallback_base = fallback;
        self
    }

    /// The same resolver with another document base URL (`None`: the fallback base URL).
    ///
    /// ```
    /// let r = weburl::document::Resolver::default()
    ///     .with_base(Some(weburl::Url::parse("https://example.com/").unwrap()));
    /// assert_eq!(r.base_url().unwrap().href(), "https://example.com/");
    /// ```
    #[must_use]
    pub fn with_base(mut self, base: Option<Url>) -> Resolver {
        self.base = base.or_else(|| self.fallback_base.clone());
        self
    }

    /// The same resolver with the document base URL a `<base href>` gives: its
    /// [frozen base URL](frozen_base_url).
    ///
    /// ```
    /// let page = weburl::Url::parse("https://example.com/a/b").unwrap();
    /// let r = weburl::document::Resolver::new(Some(page), None, weburl::encoding_rs::UTF_8)
    ///     .with_base_href("/static/");
    /// assert_eq!(r.base_url().unwrap().href(), "https://example.com/static/");
    /// ```
    #[must_use]
    pub fn with_base_href(mut self, href: &str) -> Resolver {
        self.base = frozen_base_url(href, self.fallback_base.as_ref(), self.encoding);
        self
    }

    /// The document's URL.
    ///
    /// ```
    /// assert!(weburl::document::Resolver::default().document_url().is_none());
    /// ```
    #[must_use]
    pub fn document_url(&self) -> Option<&Url> {
        self.document_url.as_ref()
    }

    /// The fallback base URL.
    ///
    /// ```
    /// assert!(weburl::document::Resolver::default().fallback_base_url().is_none());
    /// ```
    #[must_use]
    pub fn fallback_base_url(&self) -> Option<&Url> {
        self.fallback_base.as_ref()
    }

    /// The document base URL.
    ///
    /// ```
    /// assert!(weburl::document::Resolver::default().base_url().is_none());
    /// ```
    #[must_use]
    pub fn base_url(&self) -> Option<&Url> {
        self.base.as_ref()
    }

    /// The document's encoding (queries of special URLs are percent-encoded in it).
    ///
    /// ```
    /// assert_eq!(weburl::document::Resolver::default().encoding(), weburl::encoding_rs::UTF_8);
    /// ```
    #[must_use]
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Resolves a link's text as HTML resolves a link of `kind`: an empty
    /// [`FormAction`](LinkKind::FormAction) is the document's URL, a
    /// [`BaseHref`](LinkKind::BaseHref) is parsed against the fallback base URL, and
    /// everything else against the document base URL, always in the document's encoding.
    ///
    /// ```
    /// use weburl::document::{LinkKind, Resolver};
    /// let r = Resolver::new(None, None, weburl::encoding_rs::UTF_8);
    /// assert!(r.resolve(LinkKind::Url, "relative").is_err());
    /// assert_eq!(r.resolve(LinkKind::Url, "https://a.example/").unwrap().href(), "https://a.example/");
    /// ```
    pub fn resolve(&self, kind: LinkKind, raw: &str) -> Result<Url, ParseError> {
        self.resolve_with_base(kind, raw, self.base.as_ref())
    }

    pub(crate) fn resolve_with_base(
        &self,
        kind: LinkKind,
        raw: &str,
        base: Option<&Url>,
    ) -> Result<Url, ParseError> {
        match kind {
            LinkKind::FormAction if raw.is_empty() => self
                .document_url
                .clone()
                .ok_or(ParseError::MissingSchemeNonRelativeUrl),
            LinkKind::BaseHref => Url::options()
                .base(self.fallback_base.as_ref())
                .encoding(self.encoding)
                .parse(raw),
            _ => Url::options().base(base).encoding(self.encoding).parse(raw),
        }
    }

    /// The base a link is resolved against: the document base URL, or the base URI its
    /// `xml:base` attributes give.
    pub(crate) fn link_base(&self, link: &Link) -> Option<Url> {
        match &link.xml_base {
            Some(scope) => scope.resolve(self.base.as_ref(), self.encoding),
            None => self.base.clone(),
        }
    }

    /// Resolves `link` again with this resolver (taking its `xml:base` scope into account),
    /// and returns whether its result changed.
    ///
    /// ```
    /// use weburl::Url;
    /// use weburl::document::{LinkOptions, Resolver, collect_links};
    /// let page = Url::parse("https://example.com/a/").unwrap();
    /// let (mut links, _) = collect_links(&b"<a href=x>"[..], &LinkOptions::new().document_url(page.clone())).unwrap();
    /// let r = Resolver::new(Some(page), None, weburl::encoding_rs::UTF_8).with_base_href("/b/");
    /// assert!(r.resolve_link(&mut links[0]));
    /// assert_eq!(links[0].url().unwrap().href(), "https://example.com/b/x");
    /// ```
    pub fn resolve_link(&self, link: &mut Link) -> bool {
        let base = self.link_base(link);
        let result = self.resolve_with_base(link.kind, &link.raw, base.as_ref());
        if result == link.result {
            false
        } else {
            link.result = result;
            true
        }
    }

    /// Re-resolves stored links against this resolver's base (for example after a late
    /// `<base href>`, or to see a page's links as if it lived elsewhere), marks those whose
    /// result changed as [`re_resolved`](Link::re_resolved), and returns how many changed.
    ///
    /// ```
    /// use weburl::Url;
    /// use weburl::document::{LinkOptions, Resolver, collect_links};
    /// let html = b"<a href=one></a><img src='two.png'><a href='https://x.example/'>";
    /// let page = Url::parse("https://example.com/dir/page").unwrap();
    /// let (mut links, summary) = collect_links(&html[..], &LinkOptions::new().document_url(page)).unwrap();
    /// let moved = summary.resolver().with_base(Some(Url::parse("https://mirror.example/m/").unwrap()));
    /// assert_eq!(moved.re_resolve(&mut links), 2);
    /// assert_eq!(links[1].url().unwrap().href(), "https://mirror.example/m/two.png");
    /// assert!(!links[2].re_resolved);
    /// ```
    pub fn re_resolve(&self, links: &mut [Link]) -> usize {
        let mut changed = 0;
        for link in links {
            if self.resolve_link(link) {
                link.re_resolved = true;
                changed += 1;
            }
        }
        changed
    }
}
