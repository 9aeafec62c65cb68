//! Spark SQL's `parse_url(url, part [, key])`, answer for answer, for one row: this crate holds
//! the function's rules; `java_uri` re-implements `java.net.URI`'s parser, `query_key` Spark's
//! key matching, `java_regex` the translation of a key's Java regular expression. It uses
//! nothing of Arrow, so that both the column kernel (weburl-arrow's `spark_parse_url`, feature
//! `spark`, which re-exports this crate as `weburl_arrow::spark`; DataFusion's and DuckDB's
//! `parse_url` and Python's `weburl.arrow.parse_url` run it) and the command-line tool
//! (`weburl serve` shows Spark's reading of a URL) depend on it without Arrow.
//!
//! ```
//! use weburl_spark::{self as spark, Part};
//! let url = "HTTP://u@Example.COM:8080/a/./b?x=1&y=2#f";
//! assert_eq!(spark::parse_url(url, "HOST", None), Ok(Some("Example.COM")));
//! assert_eq!(spark::parse_url(url, "QUERY", Some("y")), Ok(Some("2")));
//! assert_eq!(spark::parse_url(url, "host", None), Ok(None));
//! assert_eq!(spark::extract(url, Part::File), Ok(Some("/a/./b?x=1&y=2")));
//! ```
//!
//! Engines that emulate Spark (Comet, Sail, datafusion-spark) need Spark's answers, not the URL
//! Standard's. This crate reproduces them without a JVM. It was checked against Spark 4 on
//! Java 17 (`crates/weburl-datafusion/tests/data/spark-parse-url.json`, recorded by
//! `scripts/spark-parse-url/record.py`).
//!
//! # What Spark does (`ParseUrl`, non-ANSI mode)
//!
//! - Any argument NULL → NULL. Here: the caller maps NULL in to `None` out; `key: None` means the
//!   two-argument form, not a NULL key.
//! - The URL is parsed by `new java.net.URI(url)`: RFC 2396 as amended by RFC 2732, with the JDK's
//!   own deviations. A `URISyntaxException` gives NULL. (With `spark.sql.ansi.enabled=true`, the
//!   default of Spark 4, it fails the query instead: [`uri_is_valid`] tells those inputs.) One
//!   input makes the JDK throw a `NumberFormatException`, which Spark does not catch in either
//!   mode: [`parse_url`] reports it as [`SparkError::UriNumberFormat`].
//! - The part name is compared byte for byte: `HOST`, `PATH`, `QUERY`, `REF`, `PROTOCOL`, `FILE`,
//!   `AUTHORITY`, `USERINFO`. Anything else, `host` included, gives NULL for every URL (after
//!   the URL was parsed, in the two-argument form).
//! - The parts are the URI's raw components: `getHost`, `getRawPath`, `getRawQuery`,
//!   `getRawFragment`, `getScheme`, `getRawAuthority`, `getRawUserInfo`; `FILE` is the raw path,
//!   plus `?` and the raw query when there is a query. Nothing is decoded or lower-cased, so each
//!   answer is a slice of the input.
//! - With a key, a part other than `QUERY` gives NULL. Otherwise Spark compiles the Java regular
//!   expression `(&|^)` + key + `=([^&]*)` (the key is NOT quoted) and answers group 2 of the
//!   first match in the raw query, or NULL. So `a.b` also matches `axb=1`, `a+b` matches `aab=1`
//!   but not `a+b=1`, a key with its own group such as `(a)` makes group 2 the key itself, and a
//!   key that is not a valid pattern (`(`, `[`, `a{`) fails the whole query, but only on a row
//!   that has a query (the pattern is compiled lazily). Spark caches the URI, part and pattern
//!   when they are literals; that changes speed only. Here a key without regex metacharacters
//!   is matched as text; any other is translated to the `regex` crate's syntax (same
//!   leftmost-first captures), and what cannot be translated exactly (lookaround, back
//!   references, embedded flags, possessive quantifiers, `\p{..}`, octal escapes, class
//!   intersections, an anchor under a quantifier) is reported as
//!   [`SparkError::UnsupportedKeyPattern`] rather than guessed. One known approximation: `\b`
//!   uses the `regex` crate's Unicode word characters where Java's are letters, digits and `_`.
//!
//! # Where Spark departs from the URL Standard
//!
//! | input | Spark | URL Standard |
//! |---|---|---|
//! | `HTTP://Example.COM/a` HOST | `Example.COM` (as written) | `example.com` |
//! | `http://my_host/` HOST | NULL (registry-based authority) | `my_host` |
//! | `http://ex ample.com/`, `http://h/a b` | NULL (illegal character) | an error; `a%20b` |
//! | `http://h/p#a#b` | NULL | fragment `a#b` |
//! | `http://例え.jp/` HOST | NULL (AUTHORITY is `例え.jp`) | `xn--r8jz45g.jp` |
//! | `http://1.2.3/` HOST | NULL | `1.2.0.3` |
//! | `http://h/./a/../b` PATH | `/./a/../b` | `/b` |
//! | `http:///x` HOST, AUTHORITY | NULL, NULL; PATH `/x` | host `x`, path `/` |
//! | `mailto:a@b` PATH | NULL (opaque URI) | `a@b` |
//! | `www.example.com/x` PATH | `www.example.com/x` (relative reference) | an error |
//! | `http://h/?a=%41` key `a` | `%41` (no decoding) | `A` |
//! | `http://[fe80::1%eth0]/` HOST | `[fe80::1%eth0]` (scope id kept) | an error |
//!
//! # java.net.URI, as re-implemented here
//!
//! Java strings are UTF-16; the parser compares code units. On a Rust `&str` every delimiter is
//! ASCII, so the scan is byte-level and a non-ASCII character is looked at only where RFC 2396's
//! `escaped` is allowed: there the JDK accepts any "other" character, one that is neither an ISO
//! control (U+0080–U+009F) nor a space separator (Zs, Zl, Zp). A supplementary character is two
//! surrogate code units, both "other", so it is accepted too.
//!
//! The JDK's deviations from RFC 2396 that matter: an empty authority is allowed before a path,
//! query or fragment (`file:///x`); an empty relative path is allowed (`#f`); IPv6 literals per
//! RFC 2732 with a `%scope_id` of alphanumerics, `_` and `.`; "other" characters; `[` and `]` are
//! reserved. An authority is first read as a server (`[userinfo@]host[:port]`, where the host is
//! an IPv6 literal, a dotted-quad IPv4 address or an RFC 2396 hostname, and the port digits
//! must fit an `int`); when that fails and the authority is a valid `reg_name`, it is kept as a
//! registry-based authority with no host.

#![forbid(unsafe_code)]

mod java_regex;
mod java_uri;
mod query_key;
#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::fmt;
use std::ops::Range;

use java_uri::{JavaUri, Span, UriError};
use query_key::QueryKey;

/// A part name Spark knows (compared byte for byte, so `host` is not one).
///
/// ```
/// use weburl_spark::Part;
/// assert_eq!(Part::from_name("USERINFO"), Some(Part::UserInfo));
/// assert_eq!(Part::from_name("host"), None);
/// assert_eq!(Part::Ref.name(), "REF");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// `HOST`: `getHost`, null for a registry-based authority.
    Host,
    /// `PATH`: `getRawPath`.
    Path,
    /// `QUERY`: `getRawQuery` (the only part a key applies to).
    Query,
    /// `REF`: `getRawFragment`.
    Ref,
    /// `PROTOCOL`: `getScheme`.
    Protocol,
    /// `FILE`: the raw path, then `?` and the raw query when there is one.
    File,
    /// `AUTHORITY`: `getRawAuthority`.
    Authority,
    /// `USERINFO`: `getRawUserInfo`.
    UserInfo,
}

impl Part {
    /// Every part, in the order Spark's documentation lists them.
    ///
    /// ```
    /// assert_eq!(weburl_spark::Part::ALL.len(), 8);
    /// ```
    pub const ALL: [Part; 8] = [
        Part::Host,
        Part::Path,
        Part::Query,
        Part::Ref,
        Part::Protocol,
        Part::File,
        Part::Authority,
        Part::UserInfo,
    ];

    /// The part Spark means by `name`, or `None` (Spark then answers NULL for every URL).
    ///
    /// ```
    /// assert_eq!(weburl_spark::Part::from_name("PATH"), Some(weburl_spark::Part::Path));
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|part| part.name() == name)
    }

    /// The name Spark knows the part by.
    ///
    /// ```
    /// assert_eq!(weburl_spark::Part::UserInfo.name(), "USERINFO");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Part::Host => "HOST",
            Part::Path => "PATH",
            Part::Query => "QUERY",
            Part::Ref => "REF",
            Part::Protocol => "PROTOCOL",
            Part::File => "FILE",
            Part::Authority => "AUTHORITY",
            Part::UserInfo => "USERINFO",
        }
    }
}

/// Why Spark would fail the query instead of answering, or why this crate cannot tell.
///
/// ```
/// use weburl_spark::{self as spark, SparkError};
/// assert_eq!(spark::parse_url("http://h/?a=1", "QUERY", Some("(")), Err(SparkError::InvalidKeyPattern));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SparkError {
    /// `java.net.URI` threw something other than `URISyntaxException`, which Spark does not
    /// catch: a `NumberFormatException` for an IPv4 part of an IPv6 literal that does not fit
    /// an `int` (`http://[::99999999999.1.1.1]/`).
    UriNumberFormat,
    /// The key makes `(&|^)KEY=([^&]*)` an invalid Java pattern (`PatternSyntaxException`), or a
    /// pattern without a group 2 that matched (`IndexOutOfBoundsException`).
    InvalidKeyPattern,
    /// The key uses Java regular-expression syntax this crate does not emulate (lookaround,
    /// back references, flags, `\p{..}`, `\b`, nested classes, possessive quantifiers...).
    UnsupportedKeyPattern,
}

impl fmt::Display for SparkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SparkError::UriNumberFormat => {
                "java.net.URI throws a NumberFormatException, which Spark does not catch"
            }
            SparkError::InvalidKeyPattern => "the key makes an invalid regular expression",
            SparkError::UnsupportedKeyPattern => {
                "the key uses Java regular-expression syntax that is not emulated"
            }
        })
    }
}

impl std::error::Error for SparkError {}

/// Spark's `parse_url(url, part)` (`key: None`) or `parse_url(url, part, key)`: `Ok(None)` is
/// NULL, an error an input on which Spark fails the query (see [`SparkError`]). The answer is
/// always a slice of `url`.
///
/// ```
/// use weburl_spark as spark;
/// assert_eq!(spark::parse_url("http://h/p?a=1&b=2", "QUERY", Some("b")), Ok(Some("2")));
/// assert_eq!(spark::parse_url("http://h/p?a.b=1", "QUERY", Some("a.b")), Ok(Some("1")));
/// assert_eq!(spark::parse_url("http://my_host/", "HOST", None), Ok(None));
/// ```
pub fn parse_url<'a>(
    url: &'a str,
    part: &str,
    key: Option<&str>,
) -> Result<Option<&'a str>, SparkError> {
    Ok(parse_url_range(url, part, key)?.map(|range| &url[range]))
}

/// [`parse_url`]'s answer as where it is in `url`.
///
/// ```
/// assert_eq!(weburl_spark::parse_url_range("http://h/p", "PATH", None), Ok(Some(8..10)));
/// ```
pub fn parse_url_range(
    url: &str,
    part: &str,
    key: Option<&str>,
) -> Result<Option<Range<usize>>, SparkError> {
    let part = Part::from_name(part);
    match (key, part) {
        // With a key, any part but QUERY answers NULL before the URL is looked at.
        (Some(_), part) if part != Some(Part::Query) => Ok(None),
        // An unknown part answers NULL, but only after the URL was parsed (which may throw).
        (None, None) => match JavaUri::parse(url) {
            Err(UriError::NumberFormat) => Err(SparkError::UriNumberFormat),
            _ => Ok(None),
        },
        (None, Some(part)) => extract_range(url, part),
        (Some(key), _) => {
            let Some(query) = extract_range(url, Part::Query)? else {
                return Ok(None);
            };
            LAST_KEY.with(|cell| {
                let mut cache = cell.borrow_mut();
                if cache.as_ref().is_none_or(|k| k.key != key) {
                    *cache = Some(QueryKey::new(key));
                }
                match cache.as_ref() {
                    Some(compiled) => Ok(compiled
                        .find(&url[query.clone()])?
                        .map(|value| query.start + value.start..query.start + value.end)),
                    None => Ok(None),
                }
            })
        }
    }
}

thread_local! {
    /// The last key seen on this thread: a column of keys is mostly one key.
    static LAST_KEY: RefCell<Option<QueryKey>> = const { RefCell::new(None) };
}

/// The raw `part` of `url` as `java.net.URI` reads it; `Ok(None)` when the URI has no such
/// component or does not parse.
///
/// ```
/// use weburl_spark::{self as spark, Part};
/// assert_eq!(spark::extract("mailto:a@b", Part::Protocol), Ok(Some("mailto")));
/// assert_eq!(spark::extract("mailto:a@b", Part::Path), Ok(None));
/// ```
pub fn extract(url: &str, part: Part) -> Result<Option<&str>, SparkError> {
    Ok(extract_range(url, part)?.map(|range| &url[range]))
}

/// [`extract`], as where the part is in `url`.
fn extract_range(url: &str, part: Part) -> Result<Option<Range<usize>>, SparkError> {
    let uri = match JavaUri::parse(url) {
        Ok(uri) => uri,
        Err(UriError::Syntax) => return Ok(None),
        Err(UriError::NumberFormat) => return Err(SparkError::UriNumberFormat),
    };
    let span = match part {
        Part::Host => uri.host,
        Part::Path => uri.path,
        Part::Query => uri.query,
        Part::Ref => uri.fragment,
        Part::Protocol => uri.scheme,
        Part::Authority => uri.authority,
        Part::UserInfo => uri.user_info,
        // `path + "?" + query`: the two are adjacent in the input, with the `?` between.
        Part::File => match (uri.path, uri.query) {
            (Some((start, _)), Some((_, end))) => Some((start, end)),
            (path, _) => path,
        },
    };
    Ok(span.map(|(start, end): Span| start..end))
}

/// Whether `new java.net.URI(url)` succeeds (Spark's ANSI mode fails the query when it does
/// not).
///
/// ```
/// assert!(weburl_spark::uri_is_valid("http://h/%41"));
/// assert!(!weburl_spark::uri_is_valid("http://h/a b"));
/// ```
#[must_use]
pub fn uri_is_valid(url: &str) -> bool {
    JavaUri::parse(url).is_ok()
}
