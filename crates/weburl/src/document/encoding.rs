//! A document's character encoding, as HTML's
//! [encoding sniffing algorithm](https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm)
//! and XML's rules find it.
//!
//! The encoding matters for links because the URL parser percent-encodes the query of a
//! special URL in the document's encoding: `?q=é` is `?q=%E9` in a windows-1252 page and
//! `?q=%C3%A9` in a UTF-8 one.
//!
//! ```
//! use weburl::document::encoding::{EncodingSource, sniff_html};
//! use weburl::encoding_rs::{SHIFT_JIS, UTF_8, WINDOWS_1252};
//!
//! let page = b"<!doctype html><meta charset=shift_jis><a href='?q=x'>";
//! assert_eq!(sniff_html(page, None), (SHIFT_JIS, EncodingSource::Meta));
//! // The HTTP charset comes before the page's own declaration...
//! assert_eq!(sniff_html(page, Some("utf-8")), (UTF_8, EncodingSource::Http));
//! // ...and a byte order mark before both.
//! assert_eq!(sniff_html(b"\xEF\xBB\xBF<p>", Some("latin1")), (UTF_8, EncodingSource::Bom));
//! assert_eq!(sniff_html(b"<p>", None), (WINDOWS_1252, EncodingSource::Default));
//! ```

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252, X_USER_DEFINED};

/// How many bytes the HTML prescan looks at, as the HTML Standard encourages.
pub const PRESCAN_BYTES: usize = 1024;

/// Where a document's encoding came from.
///
/// ```
/// use weburl::document::encoding::EncodingSource;
/// assert_eq!(EncodingSource::Meta.as_str(), "meta");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EncodingSource {
    /// A byte order mark (UTF-8, UTF-16LE or UTF-16BE); it wins over everything else.
    Bom,
    /// The charset the caller gave, as an HTTP `Content-Type` header would.
    Http,
    /// A `<meta charset>` or `<meta http-equiv=content-type>` found by the HTML prescan.
    Meta,
    /// The `encoding` of an XML declaration (`<?xml version="1.0" encoding="…"?>`), or
    /// UTF-16 recognised from a declaration's byte pattern.
    XmlDeclaration,
    /// None of the above: windows-1252 for HTML, UTF-8 for XML.
    Default,
}

impl EncodingSource {
    /// A short lower-case name: `bom`, `http`, `meta`, `xml-declaration` or `default`.
    ///
    /// ```
    /// assert_eq!(weburl::document::encoding::EncodingSource::Bom.as_str(), "bom");
    /// ```
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            EncodingSource::Bom => "bom",
            EncodingSource::Http => "http",
            EncodingSource::Meta => "meta",
            EncodingSource::XmlDeclaration => "xml-declaration",
            EncodingSource::Default => "default",
        }
    }
}

/// The encoding a byte order mark at the start of `bytes` names, and the mark's length.
///
/// ```
/// use weburl::document::encoding::sniff_bom;
/// assert_eq!(sniff_bom(b"\xFF\xFE<\0"), Some((weburl::encoding_rs::UTF_16LE, 2)));
/// assert_eq!(sniff_bom(b"<html>"), None);
/// ```
#[must_use]
pub fn sniff_bom(bytes: &[u8]) -> Option<(&'static Encoding, usize)> {
    Encoding::for_bom(bytes)
}

/// The encoding of an HTML document whose first bytes are `first` (give at least
/// [`PRESCAN_BYTES`] of them when the document is that long), given the charset label of an
/// HTTP `Content-Type` header if there was one: the BOM, then a valid `http_charset` label,
/// then the [`prescan`] of the first 1024 bytes, then windows-1252.
///
/// An `http_charset` that is not an encoding label is ignored, as browsers ignore it. The
/// tree builder's later "change the encoding" (a `<meta charset>` after the first 1024
/// bytes, which makes a browser reload the page) is not done: it needs the input twice.
///
/// ```
/// use weburl::document::encoding::{EncodingSource, sniff_html};
/// let page = b"<meta http-equiv=Content-Type content='text/html; charset=euc-kr'>";
/// assert_eq!(sniff_html(page, None), (weburl::encoding_rs::EUC_KR, EncodingSource::Meta));
/// assert_eq!(sniff_html(page, Some("no-such-label")).1, EncodingSource::Meta);
/// ```
#[must_use]
pub fn sniff_html(first: &[u8], http_charset: Option<&str>) -> (&'static Encoding, EncodingSource) {
    if let Some((encoding, _)) = sniff_bom(first) {
        return (encoding, EncodingSource::Bom);
    }
    if let Some(encoding) = http_charset.and_then(|label| Encoding::for_label(label.as_bytes())) {
        return (encoding, EncodingSource::Http);
    }
    let head = &first[..first.len().min(PRESCAN_BYTES)];
    if let Some(encoding) = prescan(head) {
        return (encoding, EncodingSource::Meta);
    }
    (WINDOWS_1252, EncodingSource::Default)
}

/// The encoding of an XML document whose first bytes are `first`: the BOM, then a valid
/// `http_charset` label (RFC 7303 makes the charset parameter authoritative), then the
/// `encoding` of the XML declaration (or UTF-16 recognised from the declaration's byte
/// pattern), then UTF-8.
///
/// ```
/// use weburl::document::encoding::{EncodingSource, sniff_xml};
/// let feed = b"<?xml version='1.0' encoding='ISO-8859-1'?><feed/>";
/// assert_eq!(sniff_xml(feed, None), (weburl::encoding_rs::WINDOWS_1252, EncodingSource::XmlDeclaration));
/// assert_eq!(sniff_xml(b"<feed/>", None), (weburl::encoding_rs::UTF_8, EncodingSource::Default));
/// ```
#[must_use]
pub fn sniff_xml(first: &[u8], http_charset: Option<&str>) -> (&'static Encoding, EncodingSource) {
    if let Some((encoding, _)) = sniff_bom(first) {
        return (encoding, EncodingSource::Bom);
    }
    if let Some(encoding) = http_charset.and_then(|label| Encoding::for_label(label.as_bytes())) {
        return (encoding, EncodingSource::Http);
    }
    if first.starts_with(b"<\0?\0") {
        return (UTF_16LE, EncodingSource::XmlDeclaration);
    }
    if first.starts_with(b"\0<\0?") {
        return (UTF_16BE, EncodingSource::XmlDeclaration);
    }
    if let Some(encoding) = xml_declaration_encoding(first) {
        return (encoding, EncodingSource::XmlDeclaration);
    }
    (UTF_8, EncodingSource::Default)
}

/// The encoding named by the `encoding` pseudo-attribute of an XML declaration at the very
/// start of `bytes` (an ASCII-compatible encoding), if it names one.
fn xml_declaration_encoding(bytes: &[u8]) -> Option<&'static Encoding> {
    let rest = bytes.strip_prefix(b"<?xml")?;
    if !rest.first().is_some_and(|b| is_xml_space(*b)) {
        return None;
    }
    let end = rest.windows(2).position(|w| w == b"?>")?;
    let decl = &rest[..end];
    let at = find(decl, b"encoding")?;
    let mut i = at + b"encoding".len();
    while decl.get(i).is_some_and(|b| is_xml_space(*b)) {
        i += 1;
    }
    if decl.get(i) != Some(&b'=') {
        return None;
    }
    i += 1;
    while decl.get(i).is_some_and(|b| is_xml_space(*b)) {
        i += 1;
    }
    let quote = *decl.get(i).filter(|q| **q == b'"' || **q == b'\'')?;
    let value = &decl[i + 1..];
    let close = value.iter().position(|b| *b == quote)?;
    let encoding = Encoding::for_label(&value[..close])?;
    // A declaration read as ASCII cannot truthfully name UTF-16.
    Some(if encoding == UTF_16LE || encoding == UTF_16BE {
        UTF_8
    } else {
        encoding
    })
}

fn is_xml_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// HTML's [prescan a byte stream to determine its
/// encoding](https://html.spec.whatwg.org/multipage/parsing.html#prescan-a-byte-stream-to-determine-its-encoding),
/// over all of `bytes` (pass the first 1024 bytes of a document). A construct cut off by the
/// end of `bytes` ends the prescan without a result, as the spec's end condition does.
///
/// ```
/// use weburl::document::encoding::prescan;
/// use weburl::encoding_rs::{SHIFT_JIS, UTF_8, WINDOWS_1252};
/// assert_eq!(prescan(b"<!-- <meta charset=utf-8> --><meta charset=sjis>"), Some(SHIFT_JIS));
/// // A meta content charset counts only with http-equiv=content-type.
/// assert_eq!(prescan(b"<meta content='text/html; charset=sjis'>"), None);
/// // UTF-16 in a meta means UTF-8, and x-user-defined means windows-1252.
/// assert_eq!(prescan(b"<meta charset=utf-16le>"), Some(UTF_8));
/// assert_eq!(prescan(b"<meta charset=x-user-defined>"), Some(WINDOWS_1252));
/// ```
#[must_use]
pub fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
    if bytes.starts_with(b"<\0?\0") {
        return Some(UTF_16LE);
    }
    if bytes.starts_with(b"\0<\0?") {
        return Some(UTF_16BE);
    }
    let mut pos = 0;
    while pos < bytes.len() {
        let rest = &bytes[pos..];
        if rest.starts_with(b"<!--") {
            // The first '>' preceded by "--", the two dashes possibly those of "<!--".
            let mut i = pos + 4;
            loop {
                let b = *bytes.get(i)?;
                if b == b'>' && bytes[i - 2..i] == *b"--" {
                    break;
                }
                i += 1;
            }
            pos = i + 1;
            continue;
        }
        if rest.len() >= 6
            && rest[0] == b'<'
            && rest[1..5].eq_ignore_ascii_case(b"meta")
            && matches!(rest[5], b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/')
        {
            pos += 5;
            let mut seen: Vec<Vec<u8>> = Vec::new();
            let mut got_pragma = false;
            let mut need_pragma: Option<bool> = None;
            let mut charset: Option<Option<&'static Encoding>> = None;
            while let Some((name, value)) = get_attribute(bytes, &mut pos)? {
                if seen.contains(&name) {
                    continue;
                }
                match name.as_slice() {
                    b"http-equiv" if value == b"content-type" => got_pragma = true,
                    b"content" => {
                        if let Some(encoding) = encoding_from_meta_content(&value)
                            && charset.is_none()
                        {
                            charset = Some(Some(encoding));
                            need_pragma = Some(true);
                        }
                    }
                    b"charset" => {
                        charset = Some(Encoding::for_label(&value));
                        need_pragma = Some(false);
                    }
                    _ => {}
                }
                seen.push(name);
            }
            let result = match need_pragma {
                None => None,
                Some(true) if !got_pragma => None,
                Some(_) => charset.flatten(),
            };
            if let Some(encoding) = result {
                return Some(if encoding == UTF_16LE || encoding == UTF_16BE {
                    UTF_8
                } else if encoding == X_USER_DEFINED {
                    WINDOWS_1252
                } else {
                    encoding
                });
            }
            pos += 1;
            continue;
        }
        let tag_start = rest.len() >= 2
            && rest[0] == b'<'
            && (rest[1].is_ascii_alphabetic()
                || (rest[1] == b'/' && rest.get(2).is_some_and(u8::is_ascii_alphabetic)));
        if tag_start {
            while !matches!(
                *bytes.get(pos)?,
                b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'>'
            ) {
                pos += 1;
            }
            while get_attribute(bytes, &mut pos)?.is_some() {}
            pos += 1;
            continue;
        }
        if rest.starts_with(b"<!") || rest.starts_with(b"</") || rest.starts_with(b"<?") {
            pos += 1 + bytes[pos + 1..].iter().position(|b| *b == b'>')?;
        }
        pos += 1;
    }
    None
}

fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// The prescan's "get an attribute". `None`: the bytes ran out (the prescan ends);
/// `Some(None)`: no attribute (at a '>'); otherwise the lower-cased name and value.
#[allow(clippy::type_complexity)]
fn get_attribute(bytes: &[u8], pos: &mut usize) -> Option<Option<(Vec<u8>, Vec<u8>)>> {
    let at = |p: usize| bytes.get(p).copied();
    while matches!(at(*pos)?, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ' | b'/') {
        *pos += 1;
    }
    if at(*pos)? == b'>' {
        return Some(None);
    }
    let mut name = Vec::new();
    let mut value = Vec::new();
    loop {
        let b = at(*pos)?;
        if b == b'=' && !name.is_empty() {
            *pos += 1;
            break;
        }
        if is_space(b) {
            while is_space(at(*pos)?) {
                *pos += 1;
            }
            if at(*pos)? != b'=' {
                return Some(Some((name, value)));
            }
            *pos += 1;
            break;
        }
        if b == b'/' || b == b'>' {
            return Some(Some((name, value)));
        }
        name.push(b.to_ascii_lowercase());
        *pos += 1;
    }
    while is_space(at(*pos)?) {
        *pos += 1;
    }
    let b = at(*pos)?;
    if b == b'"' || b == b'\'' {
        loop {
            *pos += 1;
            let c = at(*pos)?;
            if c == b {
                *pos += 1;
                return Some(Some((name, value)));
            }
            value.push(c.to_ascii_lowercase());
        }
    }
    if b == b'>' {
        return Some(Some((name, value)));
    }
    value.push(b.to_ascii_lowercase());
    *pos += 1;
    loop {
        let c = at(*pos)?;
        if is_space(c) || c == b'>' {
            return Some(Some((name, value)));
        }
        value.push(c.to_ascii_lowercase());
        *pos += 1;
    }
}

/// HTML's [algorithm for extracting a character encoding from a meta
/// element](https://html.spec.whatwg.org/multipage/urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element),
/// given a `content` attribute's value.
///
/// ```
/// use weburl::document::encoding::encoding_from_meta_content;
/// assert_eq!(
///     encoding_from_meta_content(b"text/html; charset = 'EUC-KR'"),
///     Some(weburl::encoding_rs::EUC_KR)
/// );
/// assert_eq!(encoding_from_meta_content(b"text/html"), None);
/// ```
#[must_use]
pub fn encoding_from_meta_content(s: &[u8]) -> Option<&'static Encoding> {
    let mut pos = 0;
    loop {
        let at = s[pos..]
            .windows(7)
            .position(|w| w.eq_ignore_ascii_case(b"charset"))?;
        pos += at + 7;
        while s.get(pos).is_some_and(|b| is_space(*b)) {
            pos += 1;
        }
        if s.get(pos) != Some(&b'=') {
            continue;
        }
        pos += 1;
        while s.get(pos).is_some_and(|b| is_space(*b)) {
            pos += 1;
        }
        let first = *s.get(pos)?;
        if first == b'"' || first == b'\'' {
            let close = s[pos + 1..].iter().position(|b| *b == first)?;
            return Encoding::for_label(&s[pos + 1..pos + 1 + close]);
        }
        let end = s[pos..]
            .iter()
            .position(|b| is_space(*b) || *b == b';')
            .map_or(s.len(), |e| pos + e);
        return Encoding::for_label(&s[pos..end]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{EUC_KR, SHIFT_JIS};

    #[test]
    fn prescan_cases() {
        assert_eq!(prescan(b"<meta charset=\"Shift_JIS\">"), Some(SHIFT_JIS));
        assert_eq!(prescan(b"<META CHARSET=EUC-KR>"), Some(EUC_KR));
        assert_eq!(
            prescan(b"<meta http-equiv=content-type content=\"text/html;charset=sjis\">"),
            Some(SHIFT_JIS)
        );
        assert_eq!(
            prescan(b"<meta content=\"text/html;charset=sjis\" http-equiv=\"Content-Type\">"),
            Some(SHIFT_JIS)
        );
        // A charset attribute inside another tag's attribute value is not a meta.
        assert_eq!(
            prescan(b"<p title='<meta charset=sjis>'><meta charset=euc-kr>"),
            Some(EUC_KR)
        );
        // An unknown label: the meta is skipped and the scan goes on.
        assert_eq!(
            prescan(b"<meta charset=bogus><meta charset=sjis>"),
            Some(SHIFT_JIS)
        );
        // Cut off: no result.
        assert_eq!(prescan(b"<meta charset=\"sjis"), None);
        assert_eq!(prescan(b"<!-- <meta charset=sjis>"), None);
        // "<?" runs to the first '>', here the meta's own.
        assert_eq!(prescan(b"<?php <meta charset=sjis> ?>"), None);
        // "<!-->" and "<!--->" are whole comments: the dashes of "<!--" count.
        assert_eq!(prescan(b"<!--><meta charset=sjis>"), Some(SHIFT_JIS));
        assert_eq!(prescan(b"<!---><meta charset=sjis>-->"), Some(SHIFT_JIS));
        assert_eq!(prescan(b"<!----><meta charset=sjis>"), Some(SHIFT_JIS));
        // The first charset of a meta counts; duplicates are ignored.
        assert_eq!(
            prescan(b"<meta charset=sjis charset=euc-kr>"),
            Some(SHIFT_JIS)
        );
    }

    #[test]
    fn meta_content() {
        assert_eq!(encoding_from_meta_content(b"charset=sjis"), Some(SHIFT_JIS));
        assert_eq!(
            encoding_from_meta_content(b"xcharsetx charset=sjis"),
            Some(SHIFT_JIS)
        );
        assert_eq!(encoding_from_meta_content(b"charset=\"sjis"), None);
        assert_eq!(encoding_from_meta_content(b"charset="), None);
    }

    #[test]
    fn xml_declarations() {
        assert_eq!(
            sniff_xml(b"<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>", None),
            (SHIFT_JIS, EncodingSource::XmlDeclaration)
        );
        assert_eq!(
            sniff_xml(b"<?xml version=\"1.0\"?>", None),
            (UTF_8, EncodingSource::Default)
        );
        assert_eq!(
            sniff_xml(b"<\0?\0x\0m\0l\0", None),
            (UTF_16LE, EncodingSource::XmlDeclaration)
        );
        assert_eq!(
            sniff_xml(b"<?xml version='1.0' encoding='sjis'?>", Some("euc-kr")),
            (EUC_KR, EncodingSource::Http)
        );
    }
}
