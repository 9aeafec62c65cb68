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
//! let summary = extract_links(html.as_bytes(), &options, |link| lines.push(link.to_string())).unwrap();
//! assert_eq!(summary.encoding, weburl::encoding_rs::WINDOWS_1252);
//! assert_eq!(lines[0], "2:10 a href https://example.com/shop/search?q=caf%E9");
//! assert_eq!(lines[1], "2:38 a ping https://example.com/track");
//! assert_eq!(lines.len(), 7);
//! assert!(lines[6].starts_with("4:10 a href error: invalid host: "));
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

use std::io::Read;

mod attributes;
mod base;
mod emit;
pub mod encoding;
mod error;
mod html;
mod input;
mod link;
mod options;
mod position;
pub mod refresh;
pub mod srcset;
mod xml;

use attributes::{
    Form, for_each_url, has_url_attributes, html_url_attribute, is_head_element, part_offset,
};
pub use base::{Resolver, fallback_base_url, frozen_base_url};
use emit::{Emitter, Found};
use encoding::EncodingSource;
pub use error::DocumentError;
use input::{CHUNK, DecodedStream, Input};
pub use link::{BaseElement, Link, LinkKind, Summary};
pub use options::{DocumentKind, LateBase, LinkOptions};

/// Reads a document from `reader` in one pass and calls `sink` with each of its links in
/// document order (and with re-emissions, per [`LinkOptions::late_base`]); see the
/// [module documentation](self). Memory stays bounded by the chunk size, the longest tag, and
/// the links held or kept for a late `<base>`.
///
/// This is all `weburl links FILE|- [--url URL] [--encoding LABEL] [--json]` needs: open the
/// file or stdin, set [`LinkOptions::document_url`] and [`LinkOptions::http_charset`], and
/// print each link (its `Display` form, or JSON of its public fields).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Url;

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
}
