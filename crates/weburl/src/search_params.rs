//! `application/x-www-form-urlencoded` and the URL API's `URLSearchParams`.
//!
//! <https://url.spec.whatwg.org/#application/x-www-form-urlencoded> and
//! <https://url.spec.whatwg.org/#interface-urlsearchparams>.

use std::fmt;

use crate::percent::{
    EncodeSet, percent_decode, percent_encode_after_encoding, push_percent_encoded,
};
use crate::setters::Offset;
use crate::url::Url;

/// The [`application/x-www-form-urlencoded` parser](https://url.spec.whatwg.org/#concept-urlencoded-parser):
/// splits on '&', then on the first '=', turns '+' into a space, percent-decodes, and decodes
/// UTF-8 (invalid sequences become U+FFFD).
///
/// ```
/// use weburl::search_params::parse_urlencoded;
/// assert_eq!(
///     parse_urlencoded(b"a=1&&b=%F0%9F%92%A9+x&c&=d&e=%zz"),
///     [("a", "1"), ("b", "💩 x"), ("c", ""), ("", "d"), ("e", "%zz")]
///         .map(|(n, v)| (n.to_string(), v.to_string()))
/// );
/// ```
#[must_use]
pub fn parse_urlencoded(input: &[u8]) -> Vec<(String, String)> {
    input
        .split(|&b| b == b'&')
        .filter(|bytes| !bytes.is_empty())
        .map(|bytes| {
            let (name, value) = match memchr::memchr(b'=', bytes) {
                Some(i) => (&bytes[..i], &bytes[i + 1..]),
                None => (bytes, &[][..]),
            };
            (decode_component(name), decode_component(value))
        })
        .collect()
}

/// '+' to space, percent-decode, UTF-8 decode without BOM.
fn decode_component(bytes: &[u8]) -> String {
    let plus_free: std::borrow::Cow<'_, [u8]> = if bytes.contains(&b'+') {
        bytes
            .iter()
            .map(|&b| if b == b'+' { b' ' } else { b })
            .collect::<Vec<u8>>()
            .into()
    } else {
        bytes.into()
    };
    String::from_utf8_lossy(&percent_decode(&plus_free)).into_owned()
}

/// Appends `s` encoded with the form-urlencoded set, a space becoming '+'.
fn encode_form_component(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if EncodeSet::FORM_URLENCODED.contains(b) {
            // Bytes left alone are ASCII, so a run of them starts and ends on char boundaries.
            if start < i {
                out.push_str(&s[start..i]);
            }
            if b == b' ' {
                out.push('+');
            } else {
                push_percent_encoded(out, b);
            }
            start = i + 1;
        }
    }
    out.push_str(&s[start..]);
}

/// The [`application/x-www-form-urlencoded` serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer)
/// (UTF-8).
///
/// ```
/// use weburl::search_params::serialize_urlencoded;
/// assert_eq!(serialize_urlencoded([("q", "a b&c"), ("x", "~")]), "q=a+b%26c&x=%7E");
/// ```
#[must_use]
pub fn serialize_urlencoded<I, N, V>(pairs: I) -> String
where
    I: IntoIterator<Item = (N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    let mut out = String::new();
    for (name, value) in pairs {
        if !out.is_empty() {
            out.push('&');
        }
        encode_form_component(&mut out, name.as_ref());
        out.push('=');
        encode_form_component(&mut out, value.as_ref());
    }
    out
}

/// The `application/x-www-form-urlencoded` serializer with a legacy `encoding` (as an HTML
/// form in a document of that encoding submits): names and values are encoded in it, and a
/// character it cannot represent becomes `%26%23N%3B`. UTF-16 and replacement mean UTF-8.
///
/// ```
/// use weburl::{encoding_rs, search_params::serialize_urlencoded_with_encoding};
/// let s = serialize_urlencoded_with_encoding([("q", "日本 ≡‽")], encoding_rs::SHIFT_JIS);
/// assert_eq!(s, "q=%93%FA%96%7B+%81%DF%26%238253%3B");
/// ```
#[must_use]
pub fn serialize_urlencoded_with_encoding<I, N, V>(
    pairs: I,
    encoding: &'static encoding_rs::Encoding,
) -> String
where
    I: IntoIterator<Item = (N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    let encoding = encoding.output_encoding();
    if encoding == encoding_rs::UTF_8 {
        return serialize_urlencoded(pairs);
    }
    let mut out = String::new();
    for (name, value) in pairs {
        if !out.is_empty() {
            out.push('&');
        }
        percent_encode_after_encoding(
            &mut out,
            name.as_ref(),
            encoding,
            EncodeSet::FORM_URLENCODED,
            true,
        );
        out.push('=');
        percent_encode_after_encoding(
            &mut out,
            value.as_ref(),
            encoding,
            EncodeSet::FORM_URLENCODED,
            true,
        );
    }
    out
}

/// The URL API's `URLSearchParams`: an ordered list of name-value pairs.
///
/// `Display` is the urlencoded serializer (the spec's stringifier).
///
/// ```
/// use weburl::SearchParams;
/// let mut params = SearchParams::parse("?b=2&a=1&b=3");
/// assert_eq!(params.get("b"), Some("2"));
/// assert_eq!(params.get_all("b").collect::<Vec<_>>(), ["2", "3"]);
/// params.sort();
/// params.append("c", "x y");
/// assert_eq!(params.to_string(), "a=1&b=2&b=3&c=x+y");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SearchParams {
    list: Vec<(String, String)>,
}

impl SearchParams {
    /// An empty list.
    ///
    /// ```
    /// assert!(weburl::SearchParams::new().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> SearchParams {
        SearchParams::default()
    }

    /// `new URLSearchParams(string)`: one leading '?' is dropped, the rest is parsed as
    /// `application/x-www-form-urlencoded`.
    ///
    /// ```
    /// let p = weburl::SearchParams::parse("?a=b%20c");
    /// assert_eq!(p.get("a"), Some("b c"));
    /// ```
    #[must_use]
    pub fn parse(init: &str) -> SearchParams {
        let init = init.strip_prefix('?').unwrap_or(init);
        SearchParams {
            list: parse_urlencoded(init.as_bytes()),
        }
    }

    /// `new URLSearchParams(sequence)`: the pairs, in order.
    ///
    /// ```
    /// let p = weburl::SearchParams::from_pairs([("a", "1"), ("a", "2")]);
    /// assert_eq!(p.to_string(), "a=1&a=2");
    /// ```
    #[must_use]
    pub fn from_pairs<I, N, V>(pairs: I) -> SearchParams
    where
        I: IntoIterator<Item = (N, V)>,
        N: Into<String>,
        V: Into<String>,
    {
        SearchParams {
            list: pairs
                .into_iter()
                .map(|(n, v)| (n.into(), v.into()))
                .collect(),
        }
    }

    /// The parameters of a URL's query (empty when the query is null).
    ///
    /// ```
    /// let url = weburl::Url::parse("https://a/?x=1").unwrap();
    /// assert_eq!(weburl::SearchParams::from_url(&url).get("x"), Some("1"));
    /// ```
    #[must_use]
    pub fn from_url(url: &Url) -> SearchParams {
        SearchParams {
            list: parse_urlencoded(url.query().unwrap_or("").as_bytes()),
        }
    }

    /// The `size` getter: the number of pairs.
    ///
    /// ```
    /// assert_eq!(weburl::SearchParams::parse("a&b&a").len(), 3);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are no pairs.
    ///
    /// ```
    /// assert!(weburl::SearchParams::parse("&&").is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// `append(name, value)`.
    ///
    /// ```
    /// let mut p = weburl::SearchParams::new();
    /// p.append("a", "1");
    /// p.append("a", "2");
    /// assert_eq!(p.to_string(), "a=1&a=2");
    /// ```
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push((name.to_owned(), value.to_owned()));
    }

    /// `delete(name)`: removes every pair with this name.
    ///
    /// ```
    /// let mut p = weburl::SearchParams::parse("a=1&b=2&a=3");
    /// p.delete("a");
    /// assert_eq!(p.to_string(), "b=2");
    /// ```
    pub fn delete(&mut self, name: &str) {
        self.list.retain(|(n, _)| n != name);
    }

    /// `delete(name, value)`: removes every pair with this name and value.
    ///
    /// ```
    /// let mut p = weburl::SearchParams::parse("a=1&b=2&a=3");
    /// p.delete_value("a", "3");
    /// assert_eq!(p.to_string(), "a=1&b=2");
    /// ```
    pub fn delete_value(&mut self, name: &str, value: &str) {
        self.list.retain(|(n, v)| n != name || v != value);
    }

    /// `get(name)`: the value of the first pair with this name.
    ///
    /// ```
    /// let p = weburl::SearchParams::parse("a=1&a=2");
    /// assert_eq!(p.get("a"), Some("1"));
    /// assert_eq!(p.get("b"), None);
    /// ```
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// `getAll(name)`: the values of every pair with this name, in order.
    ///
    /// ```
    /// let p = weburl::SearchParams::parse("a=1&b=0&a=2");
    /// assert_eq!(p.get_all("a").collect::<Vec<_>>(), ["1", "2"]);
    /// ```
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.list
            .iter()
            .filter(move |(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// `has(name)`.
    ///
    /// ```
    /// assert!(weburl::SearchParams::parse("a").has("a"));
    /// ```
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.list.iter().any(|(n, _)| n == name)
    }

    /// `has(name, value)`.
    ///
    /// ```
    /// let p = weburl::SearchParams::parse("a=1");
    /// assert!(p.has_value("a", "1"));
    /// assert!(!p.has_value("a", "2"));
    /// ```
    #[must_use]
    pub fn has_value(&self, name: &str, value: &str) -> bool {
        self.list.iter().any(|(n, v)| n == name && v == value)
    }

    /// `set(name, value)`: sets the first pair with this name and removes the others, or
    /// appends.
    ///
    /// ```
    /// let mut p = weburl::SearchParams::parse("a=1&b=2&a=3");
    /// p.set("a", "x");
    /// assert_eq!(p.to_string(), "a=x&b=2");
    /// ```
    pub fn set(&mut self, name: &str, value: &str) {
        match self.list.iter().position(|(n, _)| n == name) {
            Some(first) => {
                self.list[first].1 = value.to_owned();
                let mut i = 0;
                self.list.retain(|(n, _)| {
                    let keep = i <= first || n != name;
                    i += 1;
                    keep
                });
            }
            None => self.append(name, value),
        }
    }

    /// `sort()`: a stable sort by name, comparing UTF-16 code units as the spec says.
    ///
    /// ```
    /// let mut p = weburl::SearchParams::parse("\u{FB03}=a&\u{1F308}=b&z=1&a=2&z=0");
    /// p.sort();
    /// let names: Vec<_> = p.iter().map(|(n, v)| format!("{n}={v}")).collect();
    /// assert_eq!(names, ["a=2", "z=1", "z=0", "\u{1F308}=b", "\u{FB03}=a"]);
    /// ```
    pub fn sort(&mut self) {
        self.list
            .sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
    }

    /// Iterates over the pairs.
    ///
    /// ```
    /// let p = weburl::SearchParams::parse("a=1&b=2");
    /// assert_eq!(p.iter().collect::<Vec<_>>(), [("a", "1"), ("b", "2")]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.list.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// Removes every pair.
    ///
    /// ```
    /// let mut p = weburl::SearchParams::parse("a=1");
    /// p.clear();
    /// assert!(p.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// Keeps the pairs for which `keep` returns true.
    ///
    /// ```
    /// let mut p = weburl::SearchParams::parse("utm_source=x&id=7&utm_medium=y");
    /// p.retain(|name, _| !name.starts_with("utm_"));
    /// assert_eq!(p.to_string(), "id=7");
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&str, &str) -> bool) {
        self.list.retain(|(n, v)| keep(n, v));
    }

    /// The pairs as a slice.
    ///
    /// ```
    /// let p = weburl::SearchParams::parse("a=1");
    /// assert_eq!(p.as_slice(), [("a".to_string(), "1".to_string())]);
    /// ```
    #[must_use]
    pub fn as_slice(&self) -> &[(String, String)] {
        &self.list
    }
}

impl fmt::Display for SearchParams {
    /// The urlencoded serializer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&serialize_urlencoded(self.iter()))
    }
}

impl<N: Into<String>, V: Into<String>> FromIterator<(N, V)> for SearchParams {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> SearchParams {
        SearchParams::from_pairs(iter)
    }
}

impl IntoIterator for SearchParams {
    type Item = (String, String);
    type IntoIter = std::vec::IntoIter<(String, String)>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

/// A URL's `searchParams` that writes its changes back to the URL's query, by the spec's
/// [update steps](https://url.spec.whatwg.org/#concept-urlsearchparams-update) (an empty list
/// makes the query null), when it is dropped. Reading does not touch the URL.
///
/// ```
/// let mut url = weburl::Url::parse("https://example.com/?utm_source=x&id=7#top").unwrap();
/// {
///     let mut params = url.search_params_mut();
///     params.delete("utm_source");
///     params.append("page", "2");
/// }
/// assert_eq!(url.href(), "https://example.com/?id=7&page=2#top");
/// url.search_params_mut().clear();
/// assert_eq!(url.href(), "https://example.com/#top");
/// ```
#[derive(Debug)]
pub struct SearchParamsMut<'a> {
    url: &'a mut Url,
    params: SearchParams,
    dirty: bool,
}

impl std::ops::Deref for SearchParamsMut<'_> {
    type Target = SearchParams;

    fn deref(&self) -> &SearchParams {
        &self.params
    }
}

impl std::ops::DerefMut for SearchParamsMut<'_> {
    /// Any mutable access counts as a change to write back.
    fn deref_mut(&mut self) -> &mut SearchParams {
        self.dirty = true;
        &mut self.params
    }
}

impl Drop for SearchParamsMut<'_> {
    fn drop(&mut self) {
        if self.dirty {
            let serialized = self.params.to_string();
            self.url
                .set_query_serialized((!serialized.is_empty()).then_some(serialized.as_str()));
        }
    }
}

impl Url {
    /// The URL's query parsed as `application/x-www-form-urlencoded` (a copy: see
    /// [`Url::search_params_mut`] to change the URL through it).
    ///
    /// ```
    /// let url = weburl::Url::parse("https://a/?q=rust+url&lang=en").unwrap();
    /// assert_eq!(url.search_params().get("q"), Some("rust url"));
    /// ```
    #[must_use]
    pub fn search_params(&self) -> SearchParams {
        SearchParams::from_url(self)
    }

    /// The URL's `searchParams` as a view whose changes are written back to the query when it
    /// is dropped.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://a/?b=2&a=1").unwrap();
    /// url.search_params_mut().sort();
    /// assert_eq!(url.search(), "?a=1&b=2");
    /// ```
    pub fn search_params_mut(&mut self) -> SearchParamsMut<'_> {
        let params = SearchParams::from_url(self);
        SearchParamsMut {
            url: self,
            params,
            dirty: false,
        }
    }

    /// Sets the query to an already-serialized ASCII string (or null), as the
    /// `URLSearchParams` update steps do.
    pub(crate) fn set_query_serialized(&mut self, query: Option<&str>) {
        let start = self.path_end();
        let end = self.query_end();
        match query {
            None => {
                self.splice(start, end, "", Offset::FragmentStart);
                self.offsets.query_start = 0;
            }
            Some(q) => {
                let text = format!("?{q}");
                self.splice(start, end, &text, Offset::FragmentStart);
                self.offsets.query_start = start;
            }
        }
        self.debug_check_invariants();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urlencoded_round_trip() {
        let pairs = vec![
            ("a b".to_string(), "c&d=e".to_string()),
            ("💩".to_string(), "+%".to_string()),
            (String::new(), String::new()),
        ];
        let s = serialize_urlencoded(pairs.iter().map(|(a, b)| (a, b)));
        assert_eq!(parse_urlencoded(s.as_bytes()), pairs);
    }

    #[test]
    fn invalid_utf8_becomes_replacement() {
        assert_eq!(
            parse_urlencoded(b"a=%FF"),
            [("a".to_string(), "\u{FFFD}".to_string())]
        );
    }

    #[test]
    fn reading_does_not_rewrite_the_query() {
        let mut url = Url::parse("https://a/?a=b ~").unwrap();
        assert_eq!(url.search_params_mut().get("a"), Some("b ~"));
        assert_eq!(url.href(), "https://a/?a=b%20~");
        url.search_params_mut().sort();
        assert_eq!(url.href(), "https://a/?a=b+%7E");
    }
}
