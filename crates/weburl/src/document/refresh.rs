//! The URL of a `<meta http-equiv=refresh content=…>`, read as HTML's [shared declarative
//! refresh steps](https://html.spec.whatwg.org/multipage/document-lifecycle.html#shared-declarative-refresh-steps)
//! read it.
//!
//! ```
//! use weburl::document::refresh::parse_refresh;
//! let r = parse_refresh("5; URL='/next?page=2'").unwrap();
//! assert_eq!(r.time, 5);
//! assert_eq!(r.url, Some("/next?page=2"));
//! assert_eq!(r.url_offset, 8);
//! // A bare time refreshes the document itself; no time at all is no refresh.
//! assert_eq!(parse_refresh("30").unwrap().url, None);
//! assert!(parse_refresh("url=/x").is_none());
//! ```

/// A parsed refresh declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Refresh<'a> {
    /// The delay in seconds (saturating).
    pub time: u64,
    /// The URL text, when the declaration has one (it may be empty, which refreshes to the
    /// base URL); `None`: refresh the document's own URL.
    pub url: Option<&'a str>,
    /// Where `url` starts in the input, in bytes (the input's length when there is no URL).
    pub url_offset: usize,
}

fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

/// Runs the parsing part of the shared declarative refresh steps on `input` (a `content`
/// attribute's value). `None` where the steps return early (no refresh at all): an empty
/// input, no time, or junk after the time.
///
/// ```
/// use weburl::document::refresh::parse_refresh;
/// assert_eq!(parse_refresh("0;https://example.com/").unwrap().url, Some("https://example.com/"));
/// assert_eq!(parse_refresh(".5, url = \"a b\"c").unwrap().url, Some("a b"));
/// // "U", "R", "L" without "=" are part of the URL.
/// assert_eq!(parse_refresh("1; urlx").unwrap().url, Some("urlx"));
/// assert!(parse_refresh("1x; url=/y").is_none());
/// ```
#[must_use]
pub fn parse_refresh(input: &str) -> Option<Refresh<'_>> {
    let b = input.as_bytes();
    if b.is_empty() {
        return None;
    }
    let mut pos = 0;
    let skip_space = |pos: &mut usize| {
        while b.get(*pos).is_some_and(|c| is_space(*c)) {
            *pos += 1;
        }
    };
    skip_space(&mut pos);
    let digits_start = pos;
    while b.get(pos).is_some_and(u8::is_ascii_digit) {
        pos += 1;
    }
    let time = if pos == digits_start {
        if b.get(pos) != Some(&b'.') {
            return None;
        }
        0
    } else {
        input[digits_start..pos].parse::<u64>().unwrap_or(u64::MAX)
    };
    while b.get(pos).is_some_and(|c| c.is_ascii_digit() || *c == b'.') {
        pos += 1;
    }
    if pos < b.len() {
        if !(is_space(b[pos]) || b[pos] == b';' || b[pos] == b',') {
            return None;
        }
        skip_space(&mut pos);
        if matches!(b.get(pos), Some(b';' | b',')) {
            pos += 1;
        }
        skip_space(&mut pos);
    }
    if pos >= b.len() {
        return Some(Refresh {
            time,
            url: None,
            url_offset: b.len(),
        });
    }
    // "Let urlString be the substring of input from the code point at position to the end."
    let url_start = pos;
    let mut skip_quotes = true;
    if matches!(b[pos], b'U' | b'u') {
        pos += 1;
        skip_quotes = false;
        if matches!(b.get(pos), Some(b'R' | b'r')) {
            pos += 1;
            if matches!(b.get(pos), Some(b'L' | b'l')) {
                pos += 1;
                skip_space(&mut pos);
                if b.get(pos) == Some(&b'=') {
                    pos += 1;
                    skip_space(&mut pos);
                    skip_quotes = true;
                }
            }
        }
        if !skip_quotes {
            // "Jump to the step labeled parse" with urlString as set before the "U".
            return Some(Refresh {
                time,
                url: Some(&input[url_start..]),
                url_offset: url_start,
            });
        }
    }
    debug_assert!(skip_quotes);
    let quote = b.get(pos).copied().filter(|c| *c == b'"' || *c == b'\'');
    if quote.is_some() {
        pos += 1;
    }
    let mut url = &input[pos..];
    if let Some(q) = quote
        && let Some(end) = url.bytes().position(|c| c == q)
    {
        url = &url[..end];
    }
    Some(Refresh {
        time,
        url: Some(url),
        url_offset: pos,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Option<Option<&str>> {
        parse_refresh(s).map(|r| r.url)
    }

    #[test]
    fn cases() {
        assert_eq!(url(""), None);
        assert_eq!(url("  "), None);
        assert_eq!(url("0"), Some(None));
        assert_eq!(url("0;"), Some(None));
        assert_eq!(url("0 ; "), Some(None));
        assert_eq!(url("0;url=a"), Some(Some("a")));
        assert_eq!(url("0,url=a"), Some(Some("a")));
        assert_eq!(url("0 url=a"), Some(Some("a")));
        assert_eq!(url("0.9.9 url=a"), Some(Some("a")));
        assert_eq!(url("0;URL = 'a'b"), Some(Some("a")));
        assert_eq!(url("0;url='a"), Some(Some("a")));
        assert_eq!(url("0;'a'"), Some(Some("a")));
        assert_eq!(url("0;u"), Some(Some("u")));
        assert_eq!(url("0;ur"), Some(Some("ur")));
        assert_eq!(url("0;url"), Some(Some("url")));
        assert_eq!(url("0;url x"), Some(Some("url x")));
        assert_eq!(url("0;url="), Some(Some("")));
        assert_eq!(url("0;url= \"\""), Some(Some("")));
        assert_eq!(url("0;;a"), Some(Some(";a")));
        assert_eq!(url("a"), None);
        assert_eq!(url("-1;a"), None);
        assert_eq!(url("1a"), None);
        assert_eq!(
            parse_refresh("99999999999999999999999").unwrap().time,
            u64::MAX
        );
    }
}
