//! The document context that the HTML5 2011 text and the 2009 draft read URLs in: where a
//! document's base URL comes from, and where a URL's character encoding comes from.

use encoding_rs::Encoding;

/// A `base` element, as the document base URL algorithms see it.
///
/// ```
/// use weburl::legacy::BaseElement;
/// let base = BaseElement::new(Some("x/")).in_parent("head");
/// assert_eq!(base.href.as_deref(), Some("x/"));
/// assert_eq!(base.parent.as_deref(), Some("head"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BaseElement {
    /// The `href` attribute (`None`: the element has none).
    pub href: Option<String>,
    /// The local name of the parent element (`"head"`, `"body"`, ...), if known. The 2009
    /// draft only uses a `base` element that is a child of `head`.
    pub parent: Option<String>,
}

impl BaseElement {
    /// A `base` element with this `href` attribute and an unknown parent.
    ///
    /// ```
    /// assert_eq!(weburl::legacy::BaseElement::new(None).href, None);
    /// ```
    #[must_use]
    pub fn new(href: Option<&str>) -> BaseElement {
        BaseElement {
            href: href.map(str::to_owned),
            parent: None,
        }
    }

    /// The same element, with the local name of its parent element.
    ///
    /// ```
    /// let base = weburl::legacy::BaseElement::new(Some("/")).in_parent("body");
    /// assert_eq!(base.parent.as_deref(), Some("body"));
    /// ```
    #[must_use]
    pub fn in_parent(mut self, parent: &str) -> BaseElement {
        self.parent = Some(parent.to_owned());
        self
    }
}

/// What the document base URL algorithms need to know about a document.
///
/// ```
/// use weburl::legacy::{html5_2011, BaseElement, Document};
/// let mut doc = Document::new("http://example.com/a/b.html");
/// doc.base_elements.push(BaseElement::new(Some("../c/")));
/// assert_eq!(html5_2011::document_base_url(&doc), "http://example.com/c/");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Document {
    /// The document's address.
    pub address: String,
    /// For an `about:blank` document that has a creator browsing context: the creator
    /// document's base URL.
    pub creator_base_url: Option<String>,
    /// For an `iframe` `srcdoc` document: the base URL of the `iframe`'s document (the 2009
    /// draft has no such rule).
    pub srcdoc_container_base_url: Option<String>,
    /// The `base` elements, in tree order.
    pub base_elements: Vec<BaseElement>,
    /// The document's character encoding, used when resolving a `base` element's `href`
    /// (`None`: UTF-8).
    pub encoding: Option<&'static Encoding>,
}

impl Document {
    /// A document at `address`, with no `base` element and nothing else known.
    ///
    /// ```
    /// let doc = weburl::legacy::Document::new("about:blank");
    /// assert_eq!(weburl::legacy::html5_2011::document_base_url(&doc), "about:blank");
    /// ```
    #[must_use]
    pub fn new(address: &str) -> Document {
        Document {
            address: address.to_owned(),
            ..Document::default()
        }
    }
}

/// Where a URL came from, for choosing its URL character encoding (the encoding its query is
/// percent-encoded in). Each field is `None` when that case does not apply.
///
/// ```
/// use weburl::legacy::{html5_2011, web_addresses_2009, EncodingSources};
/// let sources = EncodingSources {
///     defined: Some(encoding_rs::WINDOWS_1252),
///     script: Some(encoding_rs::SHIFT_JIS),
///     document: None,
/// };
/// assert_eq!(html5_2011::url_character_encoding(&sources), encoding_rs::WINDOWS_1252);
/// assert_eq!(web_addresses_2009::url_character_encoding(&sources), encoding_rs::SHIFT_JIS);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EncodingSources {
    /// The encoding defined when the URL was created or defined.
    pub defined: Option<&'static Encoding>,
    /// The URL came from a script: the script's URL character encoding.
    pub script: Option<&'static Encoding>,
    /// The URL came from a DOM node: its document's character encoding.
    pub document: Option<&'static Encoding>,
}

/// UTF-16BE and UTF-16LE become UTF-8 (the query encoding rule of both HTML5 texts).
pub(crate) fn utf16_to_utf8(encoding: &'static Encoding) -> &'static Encoding {
    if encoding == encoding_rs::UTF_16BE || encoding == encoding_rs::UTF_16LE {
        encoding_rs::UTF_8
    } else {
        encoding
    }
}
