//! [`application/x-www-form-urlencoded`](https://url.spec.whatwg.org/#application/x-www-form-urlencoded)
//! with the `form_urlencoded` crate's names (which the `url` crate re-exports as
//! `url::form_urlencoded`): a lazy parser ([`parse`]), a lazy byte serializer
//! ([`byte_serialize`]) and a [`Serializer`] that appends pairs to a `String` or to a URL's
//! query ([`Url::query_pairs_mut`](crate::Url::query_pairs_mut)).
//!
//! The eager forms, and the `URLSearchParams` list type, are in [`crate::search_params`]: this
//! module gives the same answers without building a list.
//!
//! ```
//! use weburl::form_urlencoded;
//! let body = form_urlencoded::Serializer::new(String::new())
//!     .append_pair("q", "rust url")
//!     .append_pair("lang", "en&fr")
//!     .finish();
//! assert_eq!(body, "q=rust+url&lang=en%26fr");
//! let pairs: Vec<_> = form_urlencoded::parse(body.as_bytes()).collect();
//! assert_eq!(pairs[0], ("q".into(), "rust url".into()));
//! ```

use std::borrow::{Borrow as _, Cow};
use std::fmt;

use crate::percent::{EncodeSet, percent_decode};

/// Parses `input` as `application/x-www-form-urlencoded`, lazily: the
/// [urlencoded parser](https://url.spec.whatwg.org/#concept-urlencoded-parser) one pair at a
/// time. A name or value with no `+` and no `%` is borrowed from `input`.
///
/// ```
/// use std::borrow::Cow;
/// let mut pairs = weburl::form_urlencoded::parse(b"a=1&&b=x+y&c");
/// assert!(matches!(pairs.next(), Some((Cow::Borrowed("a"), Cow::Borrowed("1")))));
/// assert_eq!(pairs.next(), Some(("b".into(), "x y".into())));
/// assert_eq!(pairs.next(), Some(("c".into(), "".into())));
/// assert_eq!(pairs.next(), None);
/// ```
#[must_use]
pub fn parse(input: &[u8]) -> Parse<'_> {
    Parse { input }
}

/// The iterator [`parse`] returns: (name, value) pairs, each decoded when it is reached.
///
/// ```
/// let pairs = weburl::form_urlencoded::parse(b"x=%F0%9F%92%A9");
/// assert_eq!(pairs.into_owned().collect::<Vec<_>>(), [("x".to_string(), "💩".to_string())]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Parse<'a> {
    input: &'a [u8],
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.input.is_empty() {
                return None;
            }
            let (sequence, rest) = match memchr::memchr(b'&', self.input) {
                Some(i) => (&self.input[..i], &self.input[i + 1..]),
                None => (self.input, &[][..]),
            };
            self.input = rest;
            // Step 1: empty sequences are skipped.
            if sequence.is_empty() {
                continue;
            }
            let (name, value) = match memchr::memchr(b'=', sequence) {
                Some(i) => (&sequence[..i], &sequence[i + 1..]),
                None => (sequence, &[][..]),
            };
            return Some((decode(name), decode(value)));
        }
    }
}

impl<'a> Parse<'a> {
    /// The same pairs as owned `String`s.
    ///
    /// ```
    /// let v: Vec<(String, String)> = weburl::form_urlencoded::parse(b"a=b").into_owned().collect();
    /// assert_eq!(v, [("a".to_string(), "b".to_string())]);
    /// ```
    #[must_use]
    pub fn into_owned(self) -> ParseIntoOwned<'a> {
        ParseIntoOwned { inner: self }
    }
}

/// The iterator [`Parse::into_owned`] returns.
///
/// ```
/// let mut it = weburl::form_urlencoded::parse(b"k").into_owned();
/// assert_eq!(it.next(), Some(("k".to_string(), String::new())));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ParseIntoOwned<'a> {
    inner: Parse<'a>,
}

impl Iterator for ParseIntoOwned<'_> {
    type Item = (String, String);

    fn next(&mut self) -> Option<(String, String)> {
        self.inner
            .next()
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
    }
}

/// Parser steps 3.4-3.5: '+' to space, percent-decode, UTF-8 decode without BOM (invalid
/// sequences become U+FFFD). Borrows when there is nothing to do.
fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let plus_free: Cow<'_, [u8]> = if bytes.contains(&b'+') {
        Cow::Owned(
            bytes
                .iter()
                .map(|&b| if b == b'+' { b' ' } else { b })
                .collect(),
        )
    } else {
        Cow::Borrowed(bytes)
    };
    match plus_free {
        Cow::Borrowed(b) => match percent_decode(b) {
            Cow::Borrowed(b) => String::from_utf8_lossy(b),
            Cow::Owned(v) => Cow::Owned(into_string_lossy(v)),
        },
        Cow::Owned(v) => {
            // Without a '%' to decode, the '+'-free copy is the result.
            let decoded = match percent_decode(&v) {
                Cow::Owned(d) => Some(d),
                Cow::Borrowed(_) => None,
            };
            Cow::Owned(into_string_lossy(decoded.unwrap_or(v)))
        }
    }
}

fn into_string_lossy(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// Percent-encodes `input` with the
/// [`application/x-www-form-urlencoded` percent-encode set](https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set),
/// a space becoming `+`, lazily: the pieces are `&str`s borrowed from `input` or from a static
/// table.
///
/// ```
/// let s: String = weburl::form_urlencoded::byte_serialize("a b&c~é".as_bytes()).collect();
/// assert_eq!(s, "a+b%26c%7E%C3%A9");
/// ```
#[must_use]
pub fn byte_serialize(input: &[u8]) -> ByteSerialize<'_> {
    ByteSerialize { bytes: input }
}

/// The iterator [`byte_serialize`] returns; `Display` writes all of it.
///
/// ```
/// let s = weburl::form_urlencoded::byte_serialize(b"x=y").to_string();
/// assert_eq!(s, "x%3Dy");
/// ```
#[derive(Clone, Debug)]
pub struct ByteSerialize<'a> {
    bytes: &'a [u8],
}

impl<'a> Iterator for ByteSerialize<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&first, rest) = self.bytes.split_first()?;
        if EncodeSet::FORM_URLENCODED.contains(first) {
            self.bytes = rest;
            if first == b' ' {
                return Some("+");
            }
            return Some(crate::percent::percent_encoded(first));
        }
        let run = self
            .bytes
            .iter()
            .position(|&b| EncodeSet::FORM_URLENCODED.contains(b))
            .unwrap_or(self.bytes.len());
        let (run_bytes, rest) = self.bytes.split_at(run);
        self.bytes = rest;
        // Bytes outside the set are ASCII.
        std::str::from_utf8(run_bytes).ok()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        if self.bytes.is_empty() {
            (0, Some(0))
        } else {
            (1, Some(self.bytes.len()))
        }
    }
}

impl fmt::Display for ByteSerialize<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for piece in self.clone() {
            f.write_str(piece)?;
        }
        Ok(())
    }
}

/// Where a [`Serializer`] writes: a `String`, a `&mut String`, or a URL's query
/// ([`Url::query_pairs_mut`](crate::Url::query_pairs_mut)).
///
/// ```
/// use weburl::form_urlencoded::{Serializer, Target};
/// let mut s = String::from("a=1");
/// Serializer::for_suffix(&mut s, 0).append_pair("b", "2");
/// assert_eq!(s, "a=1&b=2");
/// assert_eq!(<&mut String as Target>::as_mut_string(&mut &mut s), "a=1&b=2");
/// ```
pub trait Target {
    /// The buffer pairs are appended to.
    fn as_mut_string(&mut self) -> &mut String;
    /// What [`Serializer::finish`] returns.
    type Finished;
    /// Hands the target back when the serializer is finished.
    fn finish(self) -> Self::Finished;
}

impl Target for String {
    fn as_mut_string(&mut self) -> &mut String {
        self
    }
    type Finished = String;
    fn finish(self) -> String {
        self
    }
}

impl<'a> Target for &'a mut String {
    fn as_mut_string(&mut self) -> &mut String {
        self
    }
    type Finished = &'a mut String;
    fn finish(self) -> &'a mut String {
        self
    }
}

/// The [urlencoded serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer),
/// one pair at a time, appending to a [`Target`] after its first `start_position` bytes
/// (pairs are separated by `&`).
///
/// ```
/// use weburl::form_urlencoded::Serializer;
/// let mut s = Serializer::new(String::new());
/// s.append_pair("name", "Ferris Crab").append_key_only("flag");
/// s.extend_pairs([("a", "1"), ("b", "2")]);
/// assert_eq!(s.finish(), "name=Ferris+Crab&flag&a=1&b=2");
/// ```
pub struct Serializer<'a, T: Target> {
    target: Option<T>,
    start_position: usize,
    encoding: EncodingOverride<'a>,
}

/// A function that encodes a name or value into bytes before they are percent-encoded (the
/// `form_urlencoded` crate's type of the same name; `None` is UTF-8).
///
/// ```
/// let s = weburl::form_urlencoded::Serializer::new(String::new())
///     .encoding_override(Some(&|s| s.chars().map(|c| c as u8).collect::<Vec<u8>>().into()))
///     .append_pair("q", "é")
///     .finish();
/// assert_eq!(s, "q=%E9");
/// ```
pub type EncodingOverride<'a> = Option<&'a dyn Fn(&str) -> Cow<'_, [u8]>>;

impl<T: Target + fmt::Debug> fmt::Debug for Serializer<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Serializer")
            .field("target", &self.target)
            .field("start_position", &self.start_position)
            .finish()
    }
}

fn append_encoded(out: &mut String, s: &str, encoding: EncodingOverride<'_>) {
    let bytes = match encoding {
        Some(encode) => encode(s),
        None => Cow::Borrowed(s.as_bytes()),
    };
    for piece in byte_serialize(&bytes) {
        out.push_str(piece);
    }
}

impl<'a, T: Target> Serializer<'a, T> {
    /// A serializer that appends to `target` and counts it all as its own (what is already
    /// there is the start of the list).
    ///
    /// ```
    /// let s = weburl::form_urlencoded::Serializer::new(String::from("a=1"))
    ///     .append_pair("b", "2").finish();
    /// assert_eq!(s, "a=1&b=2");
    /// ```
    pub fn new(target: T) -> Self {
        Self::for_suffix(target, 0)
    }

    /// A serializer that owns `target` from byte `start_position` on (the bytes before it are
    /// left alone, and [`clear`](Self::clear) keeps them). A position past the end counts as
    /// the end.
    ///
    /// ```
    /// let s = weburl::form_urlencoded::Serializer::for_suffix(String::from("/search?"), 8)
    ///     .append_pair("q", "x").finish();
    /// assert_eq!(s, "/search?q=x");
    /// ```
    pub fn for_suffix(mut target: T, start_position: usize) -> Self {
        let len = target.as_mut_string().len();
        Serializer {
            target: Some(target),
            start_position: start_position.min(len),
            encoding: None,
        }
    }

    /// Sets the function that encodes names and values before percent-encoding (`None`:
    /// UTF-8). For an HTML form's legacy encoding, see also
    /// [`serialize_urlencoded_with_encoding`](crate::search_params::serialize_urlencoded_with_encoding).
    ///
    /// ```
    /// let s = weburl::form_urlencoded::Serializer::new(String::new())
    ///     .encoding_override(Some(&|s| s.to_ascii_uppercase().into_bytes().into()))
    ///     .append_pair("foo", "bar")
    ///     .append_key_only("xml")
    ///     .finish();
    /// assert_eq!(s, "FOO=BAR&XML");
    /// ```
    pub fn encoding_override(&mut self, new: EncodingOverride<'a>) -> &mut Self {
        self.encoding = new;
        self
    }

    fn string(&mut self) -> Option<&mut String> {
        self.target.as_mut().map(Target::as_mut_string)
    }

    /// Appends '&' unless the list is empty; returns the buffer.
    fn separated(&mut self) -> Option<&mut String> {
        let start = self.start_position;
        let s = self.string()?;
        if s.len() > start {
            s.push('&');
        }
        Some(s)
    }

    /// Removes every pair (everything after the start position).
    ///
    /// ```
    /// let mut s = weburl::form_urlencoded::Serializer::new(String::new());
    /// s.append_pair("a", "1").clear().append_pair("b", "2");
    /// assert_eq!(s.finish(), "b=2");
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        let start = self.start_position;
        if let Some(s) = self.string() {
            s.truncate(start);
        }
        self
    }

    /// Appends `name=value`, each encoded as [`byte_serialize`] does.
    ///
    /// ```
    /// let s = weburl::form_urlencoded::Serializer::new(String::new())
    ///     .append_pair("q", "1 + 1 = 2").finish();
    /// assert_eq!(s, "q=1+%2B+1+%3D+2");
    /// ```
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        let encoding = self.encoding;
        if let Some(s) = self.separated() {
            append_encoded(s, name, encoding);
            s.push('=');
            append_encoded(s, value, encoding);
        }
        self
    }

    /// Appends `name` alone, with no `=` (which parses back as `name` with an empty value).
    ///
    /// ```
    /// let s = weburl::form_urlencoded::Serializer::new(String::new())
    ///     .append_key_only("debug").append_pair("a", "").finish();
    /// assert_eq!(s, "debug&a=");
    /// ```
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        let encoding = self.encoding;
        if let Some(s) = self.separated() {
            append_encoded(s, name, encoding);
        }
        self
    }

    /// Appends each pair, as [`append_pair`](Self::append_pair) does.
    ///
    /// ```
    /// let s = weburl::form_urlencoded::Serializer::new(String::new())
    ///     .extend_pairs(&[("a", "b c"), ("d", "e")]).finish();
    /// assert_eq!(s, "a=b+c&d=e");
    /// ```
    pub fn extend_pairs<I, K, V>(&mut self, iter: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: std::borrow::Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in iter {
            let (k, v) = pair.borrow();
            self.append_pair(k.as_ref(), v.as_ref());
        }
        self
    }

    /// Appends each name alone, as [`append_key_only`](Self::append_key_only) does.
    ///
    /// ```
    /// let s = weburl::form_urlencoded::Serializer::new(String::new())
    ///     .extend_keys::<_, &str>(["a", "b"]).finish();
    /// assert_eq!(s, "a&b");
    /// ```
    pub fn extend_keys<I, K>(&mut self, iter: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: std::borrow::Borrow<K>,
        K: AsRef<str>,
    {
        for name in iter {
            self.append_key_only(name.borrow().as_ref());
        }
        self
    }

    /// Hands the target back (for a URL's query: the URL, with its fragment restored).
    ///
    /// # Panics
    ///
    /// When called a second time on the same serializer (the target was handed back already),
    /// as the `form_urlencoded` crate's does.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.com/#top").unwrap();
    /// let url = url.query_pairs_mut().append_pair("a", "b").finish();
    /// assert_eq!(url.href(), "https://example.com/?a=b#top");
    /// ```
    pub fn finish(&mut self) -> T::Finished {
        self.target
            .take()
            .expect("form_urlencoded::Serializer::finish called twice")
            .finish()
    }
}
