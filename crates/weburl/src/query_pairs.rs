//! A URL's query as `application/x-www-form-urlencoded` pairs, with the `url` crate's names:
//! [`Url::query_pairs`] (lazy, borrowing), [`Url::query_pairs_mut`] (a
//! [`form_urlencoded::Serializer`] that appends to the query) and [`Url::parse_with_params`].
//!
//! For the URL API's `searchParams` (get, set, delete, sort), see [`Url::search_params`] and
//! [`Url::search_params_mut`].

use std::fmt;

use crate::form_urlencoded::{self, Serializer, Target};
use crate::parser::ParseError;
use crate::url::Url;

/// The [`Target`] of [`Url::query_pairs_mut`]: the URL with its fragment taken off while pairs
/// are appended to its query. Dropping it (or finishing the serializer) puts the fragment back.
///
/// ```
/// let mut url = weburl::Url::parse("https://example.com/?a=1#frag").unwrap();
/// {
///     let mut pairs = url.query_pairs_mut(); // a Serializer<UrlQuery>
///     pairs.append_pair("b", "2");
/// }
/// assert_eq!(url.href(), "https://example.com/?a=1&b=2#frag");
/// ```
pub struct UrlQuery<'a> {
    url: Option<&'a mut Url>,
    fragment: String,
}

impl fmt::Debug for UrlQuery<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UrlQuery")
            .field("url", &self.url.as_deref().map(Url::href))
            .field("fragment", &self.fragment)
            .finish()
    }
}

impl UrlQuery<'_> {
    /// Appends the fragment again and records where it starts.
    fn restore(&mut self) {
        if let Some(url) = self.url.as_deref_mut() {
            if self.fragment.is_empty() {
                url.offsets.fragment_start = 0;
            } else {
                url.offsets.fragment_start = url.serialization.len() as u32;
                url.serialization.push_str(&self.fragment);
            }
        }
    }
}

impl Drop for UrlQuery<'_> {
    fn drop(&mut self) {
        self.restore();
        if let Some(url) = self.url.as_deref() {
            url.debug_check_invariants();
        }
    }
}

impl<'a> Target for UrlQuery<'a> {
    fn as_mut_string(&mut self) -> &mut String {
        match self.url.as_deref_mut() {
            Some(url) => &mut url.serialization,
            // Only `finish` takes the URL, and it consumes the target.
            None => &mut self.fragment,
        }
    }

    type Finished = &'a mut Url;

    fn finish(mut self) -> &'a mut Url {
        self.restore();
        self.fragment.clear();
        let url = self.url.take();
        url.expect("a UrlQuery holds its URL until it is finished")
    }
}

impl Url {
    /// The query parsed as `application/x-www-form-urlencoded`, lazily (the `url` crate's
    /// `query_pairs`): names and values are `Cow`s that borrow from the URL unless they hold a
    /// `+` or a percent-encoded byte. A null query gives no pairs.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let url = weburl::Url::parse("https://example.com/?q=rust+url&page=2&&flag").unwrap();
    /// let mut pairs = url.query_pairs();
    /// assert_eq!(pairs.next(), Some(("q".into(), "rust url".into())));
    /// assert!(matches!(pairs.next(), Some((Cow::Borrowed("page"), Cow::Borrowed("2")))));
    /// assert_eq!(pairs.next(), Some(("flag".into(), "".into())));
    /// assert_eq!(pairs.next(), None);
    /// ```
    #[must_use]
    pub fn query_pairs(&self) -> form_urlencoded::Parse<'_> {
        form_urlencoded::parse(self.query().unwrap_or("").as_bytes())
    }

    /// A [`form_urlencoded::Serializer`] that appends pairs to the query (the `url` crate's
    /// `query_pairs_mut`): a null query becomes `?` first (and stays `?` if nothing is
    /// appended); [`clear`](Serializer::clear) empties the query but keeps the `?`. The
    /// fragment is put back when the serializer is dropped or finished.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.com/products#top").unwrap();
    /// url.query_pairs_mut()
    ///     .clear()
    ///     .append_pair("foo", "bar & baz")
    ///     .append_pair("saison", "Été+hiver");
    /// assert_eq!(
    ///     url.href(),
    ///     "https://example.com/products?foo=bar+%26+baz&saison=%C3%89t%C3%A9%2Bhiver#top"
    /// );
    /// ```
    pub fn query_pairs_mut(&mut self) -> Serializer<'_, UrlQuery<'_>> {
        let fragment = match self.offsets.fragment_start {
            0 => String::new(),
            f => {
                let text = self.serialization[f as usize..].to_owned();
                self.serialization.truncate(f as usize);
                self.offsets.fragment_start = 0;
                text
            }
        };
        let query_start = match self.offsets.query_start {
            0 => {
                let q = self.serialization.len();
                self.offsets.query_start = q as u32;
                self.serialization.push('?');
                q
            }
            q => q as usize,
        };
        Serializer::for_suffix(
            UrlQuery {
                url: Some(self),
                fragment,
            },
            query_start + 1,
        )
    }

    /// Parses `input` and appends `pairs` to its query, as `query_pairs_mut().extend_pairs`
    /// does (the `url` crate's `parse_with_params`). With no pairs, the query is left as
    /// parsed.
    ///
    /// ```
    /// let url = weburl::Url::parse_with_params(
    ///     "https://example.net?dont=clobberme",
    ///     &[("lang", "rust"), ("browser", "servo")],
    /// )
    /// .unwrap();
    /// assert_eq!(url.href(), "https://example.net/?dont=clobberme&lang=rust&browser=servo");
    /// ```
    pub fn parse_with_params<I, K, V>(input: &str, pairs: I) -> Result<Url, ParseError>
    where
        I: IntoIterator,
        I::Item: std::borrow::Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut url = Url::parse(input)?;
        let mut pairs = pairs.into_iter().peekable();
        if pairs.peek().is_some() {
            url.query_pairs_mut().extend_pairs(pairs);
        }
        Ok(url)
    }
}
