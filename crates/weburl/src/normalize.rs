//! URL normalization beyond the URL Standard's serialization, for deduplication, and SURT,
//! the key web archives sort URLs by. The command-line tool's `weburl normalize` and the
//! Python package's `weburl.normalize`/`weburl.surt` call these functions.
//!
//! ```
//! use weburl::Url;
//! use weburl::normalize::{Options, Profile, normalize, surt};
//!
//! let url = Url::parse("http://example.com/%7euser/a%2fb?b=2&a=1&#").unwrap();
//! let dedup = normalize(&url, Profile::Dedup, &Options::default()).unwrap();
//! assert_eq!(dedup.href(), "http://example.com/~user/a%2Fb?a=1&b=2");
//!
//! let url = Url::parse("https://www.Example.com/Path?b=2&a=1").unwrap();
//! assert_eq!(surt(&url, &Options::default()).unwrap(), "com,example)/path?a=1&b=2");
//! ```
//!
//! The [`Profile::Dedup`] rules: percent-encodings get uppercase hex digits (`%2f` → `%2F`);
//! percent-encoded unreserved characters (RFC 3986: ALPHA DIGIT `-` `.` `_` `~`) are decoded
//! (`%7E` → `~`); the query's `&`-separated parameters are sorted by name, then value
//! (bytewise, stable; empty parameters dropped); an empty query (`?`) or fragment (`#`) is
//! dropped; with [`Options::drop_index`], a last path segment in [`INDEX_FILES`] (ASCII
//! case-insensitive) is dropped.
//!
//! The [`surt`] rules (after the `Dedup` profile), as Heritrix and surt-python key URLs: the
//! scheme, credentials and fragment dropped; the host's labels reversed and joined by `,`,
//! a first label `www`, `www1`, `www2`… dropped (IP addresses are reversed too, as
//! surt-python does); `:PORT` when the port is not the default; `)`; the path, without a
//! trailing `/` unless it is just `/`; `?` and the query, sorted again after lowercasing.
//! Everything is lowercased (percent-encodings too). A URL without a host gives its
//! lowercased href without fragment.

use crate::parser::lex;
use crate::{ParseError, Url};

/// The last path segments [`Options::drop_index`] drops (compared ASCII case-insensitively).
///
/// ```
/// assert!(weburl::normalize::INDEX_FILES.contains(&"index.html"));
/// ```
pub const INDEX_FILES: [&str; 5] = [
    "index.html",
    "index.htm",
    "index.php",
    "default.asp",
    "default.aspx",
];

/// How far [`normalize`] goes.
///
/// ```
/// use weburl::normalize::Profile;
/// assert_eq!(Profile::from_name("dedup"), Some(Profile::Dedup));
/// assert_eq!(Profile::Spec.name(), "spec");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Profile {
    /// The URL Standard's serialization (the href), unchanged.
    #[default]
    Spec,
    /// Further normalization for deduplication (see the [module](self) documentation).
    Dedup,
}

impl Profile {
    /// Every profile, in the order above.
    ///
    /// ```
    /// assert_eq!(weburl::normalize::Profile::ALL.len(), 2);
    /// ```
    pub const ALL: [Profile; 2] = [Profile::Spec, Profile::Dedup];

    /// The profile's name: `spec` or `dedup`.
    ///
    /// ```
    /// assert_eq!(weburl::normalize::Profile::Dedup.name(), "dedup");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Profile::Spec => "spec",
            Profile::Dedup => "dedup",
        }
    }

    /// The profile of this [`name`](Profile::name), if any.
    ///
    /// ```
    /// use weburl::normalize::Profile;
    /// assert_eq!(Profile::from_name("spec"), Some(Profile::Spec));
    /// assert_eq!(Profile::from_name("SPEC"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// Options of [`normalize`] and [`surt`].
///
/// ```
/// let mut options = weburl::normalize::Options::default();
/// options.drop_index = true;
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// With [`Profile::Dedup`] (and in [`surt`]): drop a last path segment that is one of
    /// [`INDEX_FILES`] (ASCII case-insensitive). The `Spec` profile ignores it.
    pub drop_index: bool,
}

/// `url` normalized by `profile`. The `Dedup` result is parsed again, so it is a [`Url`]
/// like any other; the error is there for robustness only (only percent-encodings of
/// unreserved characters are decoded, which no percent-encode set holds, so the normalized
/// text parses back to itself).
///
/// ```
/// use weburl::Url;
/// use weburl::normalize::{Options, Profile, normalize};
/// let mut options = Options::default();
/// options.drop_index = true;
/// let url = Url::parse("https://example.com/docs/INDEX.html?").unwrap();
/// assert_eq!(normalize(&url, Profile::Spec, &options).unwrap().href(), "https://example.com/docs/INDEX.html?");
/// assert_eq!(normalize(&url, Profile::Dedup, &options).unwrap().href(), "https://example.com/docs/");
/// ```
pub fn normalize(url: &Url, profile: Profile, options: &Options) -> Result<Url, ParseError> {
    match profile {
        Profile::Spec => Ok(url.clone()),
        Profile::Dedup => dedup(url, options.drop_index),
    }
}

/// The SURT of `url`: [`Profile::Dedup`] with `options`, then the SURT rules of the
/// [module](self) documentation.
///
/// ```
/// use weburl::Url;
/// use weburl::normalize::{Options, surt};
/// let url = Url::parse("http://user:pw@www2.archive.org:8080/Goo/?B=1&a=2#frag").unwrap();
/// assert_eq!(surt(&url, &Options::default()).unwrap(), "org,archive:8080)/goo?a=2&b=1");
/// ```
pub fn surt(url: &Url, options: &Options) -> Result<String, ParseError> {
    let normalized = dedup(url, options.drop_index)?;
    let mut out = String::with_capacity(normalized.href().len());
    push_surt(&normalized, &mut out);
    Ok(out)
}

/// Appends the SURT of `normalized`, a URL the `Dedup` profile normalized already, to `out`
/// (without the normalization: [`surt`] does both).
///
/// ```
/// use weburl::Url;
/// let mut out = String::new();
/// weburl::normalize::push_surt(&Url::parse("http://www.a.org/").unwrap(), &mut out);
/// assert_eq!(out, "org,a)/");
/// ```
pub fn push_surt(normalized: &Url, out: &mut String) {
    let url = normalized;
    let hostname = url.hostname();
    if hostname.is_empty() {
        push_lowercase(out, url.href_without_fragment());
        return;
    }
    let host = match hostname.split_once('.') {
        Some((first, rest)) if is_www(first) => rest,
        _ => hostname,
    };
    for (i, label) in host.rsplit('.').enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_lowercase(out, label);
    }
    if !url.port().is_empty() {
        out.push(':');
        out.push_str(url.port());
    }
    out.push(')');
    let path = url.pathname();
    let path = match path.strip_suffix('/') {
        Some(stripped) if !stripped.is_empty() => stripped,
        _ => path,
    };
    push_lowercase(out, path);
    if let Some(query) = url.query().filter(|q| !q.is_empty()) {
        out.push('?');
        out.push_str(&sort_query(&query.to_ascii_lowercase()));
    }
}

/// Whether a host label is `www` followed by digits or nothing.
fn is_www(label: &str) -> bool {
    label
        .strip_prefix("www")
        .is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Appends `text` lowercased (ASCII).
fn push_lowercase(out: &mut String, text: &str) {
    out.extend(text.chars().map(|c| c.to_ascii_lowercase()));
}

/// The `Dedup` profile: `url` normalized further, parsed again.
fn dedup(url: &Url, drop_index: bool) -> Result<Url, ParseError> {
    let href = url.href();
    let path = url.pathname();
    let query_len = url.query().map_or(0, |q| q.len() + 1);
    let fragment_len = url.fragment().map_or(0, |f| f.len() + 1);
    // The scheme, credentials, host and port (and the "/." before a hostless path that
    // starts with "//"): everything before the path.
    let head = &href[..href.len() - fragment_len - query_len - path.len()];

    let mut out = String::with_capacity(href.len());
    push_normalized_percent(&mut out, head);
    let path_start = out.len();
    push_normalized_percent(&mut out, path);
    if drop_index
        && !url.has_opaque_path()
        && let Some(slash) = out[path_start..].rfind('/')
    {
        let last = &out[path_start + slash + 1..];
        if INDEX_FILES.iter().any(|f| f.eq_ignore_ascii_case(last)) {
            out.truncate(path_start + slash + 1);
        }
    }
    if let Some(query) = url.query() {
        let mut normalized = String::with_capacity(query.len());
        push_normalized_percent(&mut normalized, query);
        let sorted = sort_query(&normalized);
        if !sorted.is_empty() {
            out.push('?');
            out.push_str(&sorted);
        }
    }
    if let Some(fragment) = url.fragment().filter(|f| !f.is_empty()) {
        out.push('#');
        push_normalized_percent(&mut out, fragment);
    }
    Url::parse(&out)
}

/// Whether `b` is an unreserved character (RFC 3986): ALPHA DIGIT - . _ ~.
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// Appends `text` to `out` with every percent-encoded byte normalized: decoded when it is an
/// unreserved character, with uppercase hex digits otherwise. A `%` not followed by two hex
/// digits is kept as it is.
fn push_normalized_percent(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    while let Some(found) = bytes[i..].iter().position(|&b| b == b'%') {
        let at = i + found;
        let (Some(high), Some(low)) = (
            bytes.get(at + 1).copied().and_then(lex::hex_value),
            bytes.get(at + 2).copied().and_then(lex::hex_value),
        ) else {
            i = at + 1;
            continue;
        };
        out.push_str(&text[copied..at]);
        let byte = high << 4 | low;
        if is_unreserved(byte) {
            out.push(byte as char);
        } else {
            out.push('%');
            out.push(bytes[at + 1].to_ascii_uppercase() as char);
            out.push(bytes[at + 2].to_ascii_uppercase() as char);
        }
        i = at + 3;
        copied = i;
    }
    out.push_str(&text[copied..]);
}

/// The query's `&`-separated parameters, empty ones dropped, sorted by name then value
/// (bytewise; a parameter without `=` before one with an empty value; stable), joined by `&`.
fn sort_query(query: &str) -> String {
    let mut params: Vec<(&str, Option<&str>)> = query
        .split('&')
        .filter(|param| !param.is_empty())
        .map(|param| match param.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (param, None),
        })
        .collect();
    params.sort();
    let mut out = String::with_capacity(query.len());
    for (name, value) in params {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(name);
        if let Some(value) = value {
            out.push('=');
            out.push_str(value);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Options, dedup, push_normalized_percent, sort_query, surt};
    use crate::Url;

    fn normalized(text: &str) -> String {
        let mut out = String::new();
        push_normalized_percent(&mut out, text);
        out
    }

    fn d(url: &str, drop_index: bool) -> String {
        dedup(&Url::parse(url).unwrap(), drop_index)
            .unwrap()
            .href()
            .to_owned()
    }

    fn s(url: &str) -> String {
        surt(&Url::parse(url).unwrap(), &Options::default()).unwrap()
    }

    #[test]
    fn percent_encodings() {
        assert_eq!(normalized("%7e%41%2f%2F%e2%80%bd"), "~A%2F%2F%E2%80%BD");
        assert_eq!(normalized("%%4%zz%4"), "%%4%zz%4");
        assert_eq!(normalized("a%2d%2E%5f%5F%30b"), "a-.__0b");
        assert_eq!(normalized(""), "");
        assert_eq!(normalized("%"), "%");
    }

    #[test]
    fn query_sorting() {
        assert_eq!(sort_query("b=2&a=1&&a&a=&c"), "a&a=&a=1&b=2&c");
        assert_eq!(sort_query("&&"), "");
        assert_eq!(sort_query("x=2&x=1"), "x=1&x=2");
    }

    #[test]
    fn dedup_profile() {
        assert_eq!(
            d(
                "http://u%7e:p%2f@example.com/%7euser/a%2fb?b=2&a=1&#",
                false
            ),
            "http://u~:p%2F@example.com/~user/a%2Fb?a=1&b=2"
        );
        assert_eq!(d("http://a/?&#x", false), "http://a/#x");
        assert_eq!(d("http://a/b/INDEX.HTML?x", true), "http://a/b/?x");
        assert_eq!(
            d("http://a/b/INDEX.HTML?x", false),
            "http://a/b/INDEX.HTML?x"
        );
        assert_eq!(d("http://a/index.php/x", true), "http://a/index.php/x");
        assert_eq!(d("mailto:A%7e@b?%2fz", true), "mailto:A~@b?%2Fz");
        assert_eq!(
            d("web+demo:/.//not-a-host/%61", false),
            "web+demo:/.//not-a-host/a"
        );
        assert_eq!(d("sc://h%61st/", false), "sc://hast/");
    }

    #[test]
    fn surt_examples() {
        assert_eq!(
            s("https://www.Example.com/Path?b=2&a=1"),
            "com,example)/path?a=1&b=2"
        );
        assert_eq!(
            s("http://user:pw@www2.archive.org:8080/Goo/?B=1&a=2#frag"),
            "org,archive:8080)/goo?a=2&b=1"
        );
        assert_eq!(s("http://www/"), "www)/");
        assert_eq!(s("http://wwwx.a.org/"), "org,a,wwwx)/");
        assert_eq!(s("http://123.45.167.89/"), "89,167,45,123)/");
        assert_eq!(s("http://[::1]:81/x"), "[::1]:81)/x");
        assert_eq!(s("http://a.org/?"), "org,a)/");
        assert_eq!(s("http://a.org/%7Ex%2f"), "org,a)/~x%2f");
        assert_eq!(
            s("mailto:Someone@Example.com#x"),
            "mailto:someone@example.com"
        );
        assert_eq!(s("file:///Etc/"), "file:///etc/");
    }
}
