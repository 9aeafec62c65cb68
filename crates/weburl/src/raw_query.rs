//! Editing a URL's query pair by pair while keeping every byte of the pairs left alone.
//!
//! [`SearchParams`](crate::SearchParams) is the URL Standard's `URLSearchParams`: a change
//! through it re-serializes the whole query as `application/x-www-form-urlencoded`, so
//! `q=a~b&x=a%20b` comes back as `q=a%7Eb&x=a+b` after removing an unrelated pair. That is
//! the spec's behaviour, and what a browser's `url.searchParams.delete()` does, but a crawler
//! stripping tracking parameters must not change the URLs it keeps (the server may not read
//! `+` as a space, or a cache key would change). [`RawQueryMut`] (from [`Url::raw_query_mut`])
//! edits the query in place instead: removing a pair removes its bytes and one `&`; appending
//! or replacing one writes only that pair (form-urlencoded); every other byte stays.
//!
//! Pairs are split as the [`application/x-www-form-urlencoded`
//! parser](https://url.spec.whatwg.org/#concept-urlencoded-parser) splits them: on `&`, empty
//! sequences skipped, then at the first `=`; names and values are compared decoded (`+` is a
//! space, percent-decoded, UTF-8 with U+FFFD).
//!
//! ```
//! let mut url = weburl::Url::parse("https://shop.example/p?q=a~b&x=a%20b&utm_medium=x&lt;/a").unwrap();
//! url.raw_query_mut().retain(|pair| !pair.name().starts_with("utm_"));
//! assert_eq!(url.href(), "https://shop.example/p?q=a~b&x=a%20b&lt;/a");
//! ```

use std::borrow::Cow;

use crate::percent::percent_decode;
use crate::search_params::serialize_urlencoded;
use crate::url::Url;

/// One `&`-separated pair of a query, as written.
///
/// ```
/// let mut url = weburl::Url::parse("http://h/?a+b=c%20d&e").unwrap();
/// let editor = url.raw_query_mut();
/// let pairs: Vec<_> = editor.pairs().collect();
/// assert_eq!(pairs[0].raw(), "a+b=c%20d");
/// assert_eq!((pairs[0].raw_name(), pairs[0].raw_value()), ("a+b", Some("c%20d")));
/// assert_eq!((&*pairs[0].name(), &*pairs[0].value()), ("a b", "c d"));
/// assert_eq!((pairs[1].raw_value(), &*pairs[1].value()), (None, ""));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawPair<'q> {
    raw: &'q str,
}

impl<'q> RawPair<'q> {
    /// The pair's bytes as the query has them (never empty, without `&`).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?x=%41").unwrap();
    /// assert_eq!(url.raw_query_mut().pairs().next().unwrap().raw(), "x=%41");
    /// ```
    #[must_use]
    pub fn raw(&self) -> &'q str {
        self.raw
    }

    /// The name as written: the bytes before the first `=` (all of them without one).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?x%41=1=2").unwrap();
    /// assert_eq!(url.raw_query_mut().pairs().next().unwrap().raw_name(), "x%41");
    /// ```
    #[must_use]
    pub fn raw_name(&self) -> &'q str {
        self.raw.split_once('=').map_or(self.raw, |(name, _)| name)
    }

    /// The value as written: the bytes after the first `=`, or `None` without one.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?x=1=2").unwrap();
    /// assert_eq!(url.raw_query_mut().pairs().next().unwrap().raw_value(), Some("1=2"));
    /// ```
    #[must_use]
    pub fn raw_value(&self) -> Option<&'q str> {
        self.raw.split_once('=').map(|(_, value)| value)
    }

    /// The name decoded as the form-urlencoded parser decodes it (as
    /// [`SearchParams`](crate::SearchParams) lists it).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?caf%C3%A9+au+lait=1").unwrap();
    /// assert_eq!(url.raw_query_mut().pairs().next().unwrap().name(), "café au lait");
    /// ```
    #[must_use]
    pub fn name(&self) -> Cow<'q, str> {
        decode(self.raw_name())
    }

    /// The value decoded as the form-urlencoded parser decodes it (empty without `=`).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?x=%FF").unwrap();
    /// assert_eq!(url.raw_query_mut().pairs().next().unwrap().value(), "\u{FFFD}");
    /// ```
    #[must_use]
    pub fn value(&self) -> Cow<'q, str> {
        decode(self.raw_value().unwrap_or(""))
    }
}

/// '+' to space, percent-decode, UTF-8 decode without BOM (U+FFFD for invalid sequences), as
/// the form-urlencoded parser decodes a name or value; borrowed when that changes nothing.
fn decode(raw: &str) -> Cow<'_, str> {
    if !raw.contains(['+', '%']) {
        return Cow::Borrowed(raw);
    }
    let spaced = raw.replace('+', " ");
    Cow::Owned(String::from_utf8_lossy(&percent_decode(spaced.as_bytes())).into_owned())
}

/// A URL's query as a list of pairs to edit in place; the changes are written back to the URL
/// when it is dropped (a query left without pairs becomes null, as `URLSearchParams` makes
/// it). See the [module documentation](self).
///
/// ```
/// let mut url = weburl::Url::parse("https://a.example/?id=7&sort=a%2Cb&utm_source=x#top").unwrap();
/// {
///     let mut query = url.raw_query_mut();
///     query.delete("utm_source");
///     query.set("id", "8");
///     query.append("page", "2 of 3");
/// }
/// assert_eq!(url.href(), "https://a.example/?id=8&sort=a%2Cb&page=2+of+3#top");
/// url.raw_query_mut().delete("id");
/// assert_eq!(url.search(), "?sort=a%2Cb&page=2+of+3");
/// ```
#[derive(Debug)]
pub struct RawQueryMut<'a> {
    url: &'a mut Url,
    /// The query being edited, without its `?`.
    query: String,
    /// Whether `query` differs from the URL's.
    dirty: bool,
}

impl RawQueryMut<'_> {
    /// The query as it stands, without `?` (empty for a null query).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?a=1&b=2").unwrap();
    /// let mut query = url.raw_query_mut();
    /// query.delete("a");
    /// assert_eq!(query.as_str(), "b=2");
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.query
    }

    /// The pairs, in order (empty sequences between `&`s are not pairs).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?a=1&&b").unwrap();
    /// let query = url.raw_query_mut();
    /// let names: Vec<_> = query.pairs().map(|p| p.raw_name()).collect();
    /// assert_eq!(names, ["a", "b"]);
    /// ```
    pub fn pairs(&self) -> impl Iterator<Item = RawPair<'_>> {
        self.query
            .split('&')
            .filter(|raw| !raw.is_empty())
            .map(|raw| RawPair { raw })
    }

    /// Keeps the pairs for which `keep` returns `true`; each other pair is removed with one
    /// `&` next to it. Every byte of the kept pairs stays as it was.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?a=~&b=1&c=%7e+x").unwrap();
    /// url.raw_query_mut().retain(|pair| pair.name() != "b");
    /// assert_eq!(url.search(), "?a=~&c=%7e+x");
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&RawPair<'_>) -> bool) {
        let mut kept = String::with_capacity(self.query.len());
        let mut removed = false;
        let mut first = true;
        for raw in self.query.split('&') {
            // Empty sequences are not pairs: they stay.
            if !raw.is_empty() && !keep(&RawPair { raw }) {
                removed = true;
                continue;
            }
            if !first {
                kept.push('&');
            }
            first = false;
            kept.push_str(raw);
        }
        if removed {
            self.query = kept;
            self.dirty = true;
        }
    }

    /// Removes every pair whose decoded name is `name`.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?a=1&a+b=2&a=3").unwrap();
    /// url.raw_query_mut().delete("a");
    /// assert_eq!(url.search(), "?a+b=2");
    /// ```
    pub fn delete(&mut self, name: &str) {
        self.retain(|pair| pair.name() != name);
    }

    /// Appends the pair `name=value`, form-urlencoded (as `URLSearchParams.append` writes
    /// it), after the others.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?q=a%20b").unwrap();
    /// url.raw_query_mut().append("x", "é&f");
    /// assert_eq!(url.search(), "?q=a%20b&x=%C3%A9%26f");
    /// ```
    pub fn append(&mut self, name: &str, value: &str) {
        if !self.query.is_empty() && !self.query.ends_with('&') {
            self.query.push('&');
        }
        self.query.push_str(&serialize_urlencoded([(name, value)]));
        self.dirty = true;
    }

    /// Replaces the first pair whose decoded name is `name` by `name=value` (form-urlencoded),
    /// in its place, and removes the other pairs of that name; appends the pair when there is
    /// none (as `URLSearchParams.set` does, but leaving every other pair as it was written).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://h/?page=1&q=a~b&page=9").unwrap();
    /// url.raw_query_mut().set("page", "2");
    /// assert_eq!(url.search(), "?page=2&q=a~b");
    /// url.raw_query_mut().set("lang", "en");
    /// assert_eq!(url.search(), "?page=2&q=a~b&lang=en");
    /// ```
    pub fn set(&mut self, name: &str, value: &str) {
        let Some(first) = self.pairs().position(|pair| pair.name() == name) else {
            return self.append(name, value);
        };
        let replacement = serialize_urlencoded([(name, value)]);
        let mut index = 0;
        let mut out = String::with_capacity(self.query.len() + replacement.len());
        let mut first_segment = true;
        for raw in self.query.split('&') {
            let piece = if raw.is_empty() {
                Some(raw)
            } else {
                let this = index;
                index += 1;
                if this == first {
                    Some(replacement.as_str())
                } else if decode(RawPair { raw }.raw_name()) == name {
                    None
                } else {
                    Some(raw)
                }
            };
            if let Some(piece) = piece {
                if !first_segment {
                    out.push('&');
                }
                first_segment = false;
                out.push_str(piece);
            }
        }
        if out != self.query {
            self.query = out;
            self.dirty = true;
        }
    }
}

impl Drop for RawQueryMut<'_> {
    fn drop(&mut self) {
        if self.dirty {
            // A query without a pair left is null, as the URLSearchParams update steps make an
            // empty list's query.
            let has_pairs = self.query.bytes().any(|b| b != b'&');
            self.url
                .set_query_serialized(has_pairs.then_some(self.query.as_str()));
        }
    }
}

impl Url {
    /// The query as a list of pairs to edit in place, keeping every byte of the pairs left
    /// alone (unlike [`Url::search_params_mut`], which re-serializes the whole query as the
    /// URL Standard's `URLSearchParams` does). Changes are written back when the editor is
    /// dropped; reading changes nothing. See [`RawQueryMut`].
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://a.example/?q=a~b&utm_source=x").unwrap();
    /// url.raw_query_mut().retain(|pair| !pair.name().starts_with("utm_"));
    /// assert_eq!(url.href(), "https://a.example/?q=a~b");
    /// // searchParams re-serializes what it keeps:
    /// let mut url = weburl::Url::parse("https://a.example/?q=a~b&utm_source=x").unwrap();
    /// url.search_params_mut().retain(|name, _| !name.starts_with("utm_"));
    /// assert_eq!(url.href(), "https://a.example/?q=a%7Eb");
    /// ```
    pub fn raw_query_mut(&mut self) -> RawQueryMut<'_> {
        let query = self.query().unwrap_or("").to_owned();
        RawQueryMut {
            url: self,
            query,
            dirty: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;

    /// The href after `edit` on the editor of `url`'s query.
    fn edited(url: &str, edit: impl FnOnce(&mut super::RawQueryMut<'_>)) -> String {
        let mut url = Url::parse(url).unwrap();
        edit(&mut url.raw_query_mut());
        url.href().to_owned()
    }

    #[test]
    fn removing_keeps_every_other_byte() {
        let trim = |url: &str| edited(url, |q| q.retain(|p| !p.name().starts_with("utm_")));
        for (url, expected) in [
            (
                "https://shop.example/p?q=a~b&x=a%20b&utm_medium=x&lt;/a",
                "https://shop.example/p?q=a~b&x=a%20b&lt;/a",
            ),
            ("http://h/?utm_a=1&b=2", "http://h/?b=2"),
            ("http://h/?b=2&utm_a=1", "http://h/?b=2"),
            ("http://h/?b=2&utm_a=1&c", "http://h/?b=2&c"),
            // Empty sequences are not pairs: they stay where they are.
            ("http://h/?a=1&&utm_a=1&b", "http://h/?a=1&&b"),
            // Nothing left: the query becomes null, as with searchParams.
            ("http://h/?utm_a=1#f", "http://h/#f"),
            ("http://h/?&utm_a=1&", "http://h/"),
            // Nothing removed: nothing rewritten, an empty query included.
            ("http://h/?", "http://h/?"),
            ("http://h/?a=%7e+b&&", "http://h/?a=%7e+b&&"),
            ("http://h/", "http://h/"),
            // Names are matched decoded: utm%5Fa is utm_a; utm+b is "utm b".
            ("http://h/?utm%5Fa=1&utm+b=2&x", "http://h/?utm+b=2&x"),
            ("sc:opaque?utm_a=1&k=v", "sc:opaque?k=v"),
        ] {
            assert_eq!(trim(url), expected, "{url}");
        }
    }

    #[test]
    fn appending_and_setting() {
        assert_eq!(
            edited("http://h/?x=a%20b", |q| q.append("n", "a b~")),
            "http://h/?x=a%20b&n=a+b%7E"
        );
        assert_eq!(edited("http://h/", |q| q.append("n", "")), "http://h/?n=");
        assert_eq!(
            edited("http://h/?", |q| q.append("n", "1")),
            "http://h/?n=1"
        );
        assert_eq!(
            edited("http://h/?a&", |q| q.append("n", "1")),
            "http://h/?a&n=1"
        );
        assert_eq!(
            edited("http://h/?a=1&b=~&a=2&&a#f", |q| q.set("a", "x y")),
            "http://h/?a=x+y&b=~&#f"
        );
        // Setting a pair to what it already is changes nothing.
        assert_eq!(
            edited("http://h/?a=1&b=~", |q| q.set("a", "1")),
            "http://h/?a=1&b=~"
        );
        assert_eq!(
            edited("http://h/?b=~", |q| q.set("a", "1")),
            "http://h/?b=~&a=1"
        );
    }

    #[test]
    fn reading_changes_nothing() {
        let mut url = Url::parse("http://h/?a=%7e&b").unwrap();
        {
            let q = url.raw_query_mut();
            let pairs: Vec<_> = q.pairs().map(|p| (p.name(), p.value())).collect();
            assert_eq!(pairs, [("a".into(), "~".into()), ("b".into(), "".into())]);
        }
        assert_eq!(url.href(), "http://h/?a=%7e&b");
    }

    #[test]
    fn agrees_with_search_params_on_what_is_kept() {
        // The same pairs remain as with searchParams, decoded; only their spelling differs.
        for url in ["http://h/?a=1&b=%7E&c+d=%zz&&a=2", "http://h/?=&&=x&y="] {
            let mut raw = Url::parse(url).unwrap();
            raw.raw_query_mut().retain(|p| p.name() != "a");
            let mut spec = Url::parse(url).unwrap();
            spec.search_params_mut().retain(|name, _| name != "a");
            assert_eq!(raw.search_params(), spec.search_params(), "{url}");
        }
    }
}
