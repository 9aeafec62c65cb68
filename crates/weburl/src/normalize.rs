//! URL normalization beyond the URL Standard's serialization: canonical forms for
//! deduplication, the keys of Python's w3lib (`canonicalize_url`, Scrapy's request
//! fingerprints) and of the Internet Archive's `surt` package (SURT, the key web archives sort
//! URLs by). The command-line tool's `weburl normalize`, `weburl batch`'s `normalize` op, the
//! Python package's `weburl.normalize` and DataFusion's `url_normalize` call these functions.
//!
//! ```
//! use weburl::Url;
//! use weburl::normalize::{Options, Profile, canonicalize, normalize, surt};
//!
//! let url = Url::parse("http://example.com/%7euser/a%2fb?b=2&a=1&#top").unwrap();
//! let dedup = normalize(&url, Profile::Dedup, &Options::default()).unwrap();
//! assert_eq!(dedup.href(), "http://example.com/~user/a%2Fb?a=1&b=2");
//!
//! let url = Url::parse("http://www.example.com/do?c=3&b=5&b=2&a=50&utm_source=x#top").unwrap();
//! let mut options = Options::default();
//! options.strip_tracking = true;
//! assert_eq!(
//!     canonicalize(&url, Profile::W3lib, &options).unwrap(),
//!     "http://www.example.com/do?a=50&b=2&b=5&c=3"
//! );
//!
//! let url = Url::parse("https://www.Example.com/Path?b=2&a=1").unwrap();
//! assert_eq!(surt(&url, &Options::default()), "com,example)/path?a=1&b=2");
//! ```
//!
//! Every profile starts from the URL the URL Standard parsed: scheme and host are lowercase,
//! the host is in ASCII (IDNA, UTS 46), IPv4 addresses are dotted decimal, default ports and
//! dot segments are gone. `w3lib` and `surt` then apply the rules of the Python packages to
//! that URL's href, so that their answer on the href is weburl's answer; where the packages
//! read the raw input differently from the Standard, weburl keeps the Standard's reading
//! (docs/NORMALIZE.md lists those differences by class, with the packages' known bugs).
//!
//! ## [`Profile::Dedup`]
//!
//! Percent-encodings get uppercase hex digits (`%2f` → `%2F`); percent-encoded unreserved
//! characters (RFC 3986: ALPHA DIGIT `-` `.` `_` `~`) are decoded (`%7E` → `~`); a `%` that
//! is not a percent-encoding but that decoding puts before two hex digits is written `%25`
//! (`%%34%31` → `%2541`, not `%41`, so that the result is its own normalization); the
//! query's `&`-separated parameters are sorted by name, then value (bytewise, stable; empty
//! parameters dropped); an empty query (`?`) is dropped; the fragment is dropped (it never
//! reaches the server), unless [`Options::keep_fragment`] keeps a non-empty one, with its
//! percent-encodings normalized as above; with [`Options::drop_index`], a last path segment
//! in [`INDEX_FILES`] (ASCII case-insensitive) is dropped.
//!
//! ## [`Profile::W3lib`]
//!
//! The answer of w3lib 2.5's `canonicalize_url(url)` (default arguments: blank values kept,
//! fragment dropped, UTF-8) on the href:
//! 1. the username and password are percent-decoded, then percent-encoded again except ALPHA
//!    DIGIT `-._~!$&'()*+,` (so `:`, `;`, `=`, `@` and `%` are encoded);
//! 2. the host is lowercased (the Standard did it already but for opaque hosts); the port
//!    stays as the Standard left it (w3lib keeps an explicit default port, the Standard
//!    drops it);
//! 3. for `http`, `https`, `ftp` and the other schemes of Python's `uses_params`, a `;` in the
//!    last path segment starts the "params", which keep the Standard's encoding, with `[`,
//!    `]` and `|` encoded;
//! 4. in the rest of the path every `%HH` is decoded but `%25`, `%2F`, `%3B` and `%3F` (those
//!    get uppercase hex digits), then every byte but ALPHA DIGIT `-._~!$&'()*+,;=:@/?[]|%`
//!    is encoded as `%HH`; an empty path becomes `/`; dot segments are removed (a path
//!    starting with `/` only);
//! 5. the query's `&`-separated fields, empty ones dropped, are split at the first `=` (no
//!    `=`: an empty value), decoded (`+` is a space), sorted by name then value (bytewise),
//!    and encoded again as `application/x-www-form-urlencoded` does (ALPHA DIGIT `-._~` kept,
//!    space as `+`, every name followed by `=`); a query left empty is dropped with its `?`;
//! 6. the fragment is dropped;
//! 7. `//` is written before an empty authority for the schemes of Python's `uses_netloc`
//!    (`file` among them) and before a path starting with `//`.
//!
//! The result is parsed again (so that a file URL's `C%7C`, which w3lib decodes to `C|`,
//! becomes the Standard's drive letter `C:`). One departure from w3lib, for idempotence: a `%` of the path
//! that is not a percent-encoding and that decoding puts before two hex digits (`/%%34%31`)
//! is written `%25` (`/%2541`), where w3lib writes `/%41`, which it would canonicalize to `/A`
//! the next time (unless w3lib would write that escape again unchanged, as `%25`).
//!
//! ## [`Profile::Surt`]
//!
//! The key of the `surt` package's `surt(url)` (surt 0.3.1, default arguments) on the href;
//! [`canonicalize`] and [`surt`] give the key, [`normalize`] a URL with the same key:
//! 1. an href starting with `filedesc` is the key as it is;
//! 2. the query is decoded repeatedly (until no `%HH` is left), then every byte outside
//!    printable ASCII, `#` and `%` is encoded (`escapeOnce`); the same happens to the path,
//!    whose dot segments and empty segments (but the last) are first removed when there is a
//!    host (`normalizePath`: a `..` at the root is kept);
//! 3. the host is decoded repeatedly, `..` made `.`, dots stripped at both ends; a host of
//!    digits is the IPv4 address of that number modulo 2³², one like `1.2.3` or `0177.1`
//!    the address the C library reads; the host is lowercased and a first `www`, `www1`,
//!    `www2`… label dropped;
//! 4. the scheme, credentials and fragment are dropped; the port stays unless it is 80 for
//!    `http`, 443 for `https` (or 0);
//! 5. the path is lowercased; ASP.NET session ids (`/(S(…24…))/` before an `.aspx`) and the
//!    query's `jsessionid=`, `phpsessid=`, `sid=` (32 alphanumerics), `ASPSESSIONIDxxxxxxxx=`
//!    and `cfid=…&cftoken=…` are dropped; with [`Options::drop_index`], a last segment in
//!    [`INDEX_FILES`] is dropped; a trailing `/` is dropped unless it is the whole path;
//! 6. the query is lowercased and its `&`-separated arguments (empty ones too) sorted
//!    bytewise, an argument without `=` before the same name with one;
//! 7. the key: the host's labels reversed and joined by `,` (IP addresses too), `:PORT`,
//!    `)`, the path, `?` and the query; a URL without a host gives its scheme, `:`, the path
//!    and the query.
//!
//! ## [`Options::strip_tracking`], with any profile
//!
//! Query parameters whose name (percent-decoded, `+` read as a space) starts with
//! [`TRACKING_PREFIX`] (`utm_`) or is one of [`TRACKING_PARAMETERS`] (ASCII
//! case-insensitively) are dropped before the profile's query rules run.

mod bytes;
mod surt;
mod tracking;
mod w3lib;

pub use tracking::{TRACKING_PARAMETERS, TRACKING_PREFIX};

use crate::percent;
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

/// Which canonical form [`normalize`] and [`canonicalize`] give.
///
/// ```
/// use weburl::normalize::Profile;
/// assert_eq!(Profile::from_name("w3lib"), Some(Profile::W3lib));
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
    /// The answer of Python w3lib's `canonicalize_url` (see the [module](self) documentation).
    W3lib,
    /// The key of the `surt` package's `surt()` (see the [module](self) documentation).
    Surt,
}

impl Profile {
    /// Every profile, in the order above.
    ///
    /// ```
    /// assert_eq!(weburl::normalize::Profile::ALL.len(), 4);
    /// ```
    pub const ALL: [Profile; 4] = [Profile::Spec, Profile::Dedup, Profile::W3lib, Profile::Surt];

    /// The profile's name: `spec`, `dedup`, `w3lib` or `surt`.
    ///
    /// ```
    /// assert_eq!(weburl::normalize::Profile::Surt.name(), "surt");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Profile::Spec => "spec",
            Profile::Dedup => "dedup",
            Profile::W3lib => "w3lib",
            Profile::Surt => "surt",
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

/// Options of [`normalize`], [`canonicalize`] and [`surt`].
///
/// ```
/// let mut options = weburl::normalize::Options::default();
/// options.drop_index = true;
/// options.strip_tracking = true;
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// With [`Profile::Dedup`] and [`Profile::Surt`]: drop a last path segment that is one of
    /// [`INDEX_FILES`] (ASCII case-insensitive). `Spec` and `W3lib` ignore it (w3lib has no
    /// such rule).
    pub drop_index: bool,
    /// With every profile: drop the query parameters named as tracking parameters
    /// ([`TRACKING_PREFIX`], [`TRACKING_PARAMETERS`]).
    pub strip_tracking: bool,
    /// With [`Profile::Dedup`]: keep the fragment (with its percent-encodings normalized)
    /// instead of dropping it. A fragment never reaches the server, so by default `dedup`
    /// gives `…/p#a` and `…/p#b` one key, as crawl frontiers do. `Spec` always keeps the
    /// fragment; `W3lib` and `Surt` always drop it (the packages' default answers).
    ///
    /// ```
    /// use weburl::Url;
    /// use weburl::normalize::{Options, Profile, canonicalize};
    /// let url = Url::parse("https://example.com/p#%7eNotes").unwrap();
    /// let mut options = Options::default();
    /// assert_eq!(canonicalize(&url, Profile::Dedup, &options).unwrap(), "https://example.com/p");
    /// options.keep_fragment = true;
    /// assert_eq!(canonicalize(&url, Profile::Dedup, &options).unwrap(), "https://example.com/p#~Notes");
    /// ```
    pub keep_fragment: bool,
}

/// `url` normalized by `profile`, as a [`Url`]: for [`Profile::Surt`], whose answer is a key
/// rather than a URL, the URL with the scheme, host, port, path and query the key is made of
/// (its [`surt`] is `url`'s). The result is parsed again; the error is there for robustness
/// only.
///
/// ```
/// use weburl::Url;
/// use weburl::normalize::{Options, Profile, normalize, surt};
/// let mut options = Options::default();
/// options.drop_index = true;
/// let url = Url::parse("https://www.example.com/docs/INDEX.html?").unwrap();
/// assert_eq!(normalize(&url, Profile::Spec, &options).unwrap().href(), "https://www.example.com/docs/INDEX.html?");
/// assert_eq!(normalize(&url, Profile::Dedup, &options).unwrap().href(), "https://www.example.com/docs/");
/// assert_eq!(normalize(&url, Profile::W3lib, &options).unwrap().href(), "https://www.example.com/docs/INDEX.html");
/// let canonical = normalize(&url, Profile::Surt, &options).unwrap();
/// assert_eq!(canonical.href(), "https://example.com/docs");
/// assert_eq!(surt(&canonical, &options), surt(&url, &options));
/// ```
pub fn normalize(url: &Url, profile: Profile, options: &Options) -> Result<Url, ParseError> {
    match profile {
        Profile::Spec => match url.query() {
            Some(query) if options.strip_tracking => {
                let stripped = tracking::strip(query);
                if stripped.len() == query.len() {
                    return Ok(url.clone());
                }
                let href = url.href();
                let query_start =
                    href.len() - url.fragment().map_or(0, |f| f.len() + 1) - query.len();
                let mut out = String::with_capacity(href.len());
                out.push_str(&href[..query_start]);
                out.push_str(&stripped);
                out.push_str(&href[query_start + query.len()..]);
                Url::parse(&out)
            }
            _ => Ok(url.clone()),
        },
        Profile::Dedup => dedup(url, options),
        Profile::W3lib => Url::parse(&w3lib::w3lib_string(url, options.strip_tracking)),
        Profile::Surt => match surt::canonical(url, options.drop_index, options.strip_tracking) {
            Some(canonical) => Url::parse(&surt::url_text(&canonical, b""))
                .or_else(|_| Url::parse(&surt::url_text(&canonical, b".."))),
            None => Ok(url.clone()),
        },
    }
}

/// `url`'s canonical text in `profile`: the href of [`normalize`]'s URL, or for
/// [`Profile::Surt`] the key ([`surt`]).
///
/// ```
/// use weburl::Url;
/// use weburl::normalize::{Options, Profile, canonicalize};
/// let url = Url::parse("http://Example.com/a%7e/b?x=1&x&utm_medium=y#f").unwrap();
/// let options = Options::default();
/// assert_eq!(canonicalize(&url, Profile::Spec, &options).unwrap(), "http://example.com/a%7e/b?x=1&x&utm_medium=y#f");
/// assert_eq!(canonicalize(&url, Profile::W3lib, &options).unwrap(), "http://example.com/a~/b?utm_medium=y&x=&x=1");
/// assert_eq!(canonicalize(&url, Profile::Surt, &options).unwrap(), "com,example)/a~/b?utm_medium=y&x&x=1");
/// ```
pub fn canonicalize(url: &Url, profile: Profile, options: &Options) -> Result<String, ParseError> {
    match profile {
        Profile::Surt => return Ok(surt(url, options)),
        // The text w3lib's rules give is the href of the URL it parses to (a property the
        // tests check on every URL of the benchmark lists and of the WPT data), so it is not
        // parsed again, but in a file URL with a `|`: w3lib decodes `%7C`, and `C|` at the
        // start of a file URL's path is a Windows drive letter the Standard writes `C:`.
        Profile::W3lib if url.scheme() != "file" || !url.pathname().contains(['|', '%']) => {
            return Ok(w3lib::w3lib_string(url, options.strip_tracking));
        }
        _ => {}
    }
    let normalized = normalize(url, profile, options)?;
    Ok(normalized.href().to_owned())
}

/// The SURT key of `url`: [`Profile::Surt`]'s rules (see the [module](self) documentation).
///
/// ```
/// use weburl::Url;
/// use weburl::normalize::{Options, surt};
/// let url = Url::parse("http://user:pw@www2.archive.org:8080/Goo/?B=1&a=2#frag").unwrap();
/// assert_eq!(surt(&url, &Options::default()), "org,archive:8080)/goo?a=2&b=1");
/// ```
#[must_use]
pub fn surt(url: &Url, options: &Options) -> String {
    let mut out = String::with_capacity(url.href().len());
    push_surt_with(url, options, &mut out);
    out
}

/// Appends the SURT key of `url` ([`surt`] with the default [`Options`]) to `out`.
///
/// ```
/// use weburl::Url;
/// let mut out = String::new();
/// weburl::normalize::push_surt(&Url::parse("http://www.a.org/").unwrap(), &mut out);
/// assert_eq!(out, "org,a)/");
/// ```
pub fn push_surt(url: &Url, out: &mut String) {
    push_surt_with(url, &Options::default(), out);
}

/// Appends the SURT key of `url` with `options` to `out`.
fn push_surt_with(url: &Url, options: &Options, out: &mut String) {
    match surt::canonical(url, options.drop_index, options.strip_tracking) {
        Some(canonical) => surt::push_key(&canonical, out),
        None => out.push_str(url.href()),
    }
}

/// The `Dedup` profile: `url` normalized further, parsed again.
fn dedup(url: &Url, options: &Options) -> Result<Url, ParseError> {
    let drop_index = options.drop_index;
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
        let sorted = sort_query(&normalized, options.strip_tracking);
        if !sorted.is_empty() {
            out.push('?');
            out.push_str(&sorted);
        }
    }
    if let Some(fragment) = url
        .fragment()
        .filter(|f| options.keep_fragment && !f.is_empty())
    {
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
    let start = out.len();
    let bytes = text.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    while let Some(found) = bytes[i..].iter().position(|&b| b == b'%') {
        let at = i + found;
        let (Some(high), Some(low)) = (
            bytes.get(at + 1).copied().and_then(percent::hex_value),
            bytes.get(at + 2).copied().and_then(percent::hex_value),
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
    // A `%` that was not a percent-encoding can end up before two hex digits when the ones
    // after it were decoded (`%%34%31` gives `%41`): written `%25`, so that the result is its
    // own normalization. (A percent-encoding written above is never of an unreserved
    // character nor in lowercase, so what this finds is such a `%`.)
    // One pass, into a new string only when there is such a `%` (an insertion at each would
    // be quadratic on a long run of them).
    let needs_25 = |b: &[u8], p: usize| {
        matches!(
            (
                b.get(p + 1).copied().and_then(percent::hex_value),
                b.get(p + 2).copied().and_then(percent::hex_value),
            ),
            (Some(high), Some(low)) if is_unreserved(high << 4 | low)
                || b[p + 1..p + 3].iter().any(u8::is_ascii_lowercase)
        )
    };
    let b = out.as_bytes();
    let Some(first) = memchr::memchr_iter(b'%', &b[start..])
        .map(|i| start + i)
        .find(|&p| needs_25(b, p))
    else {
        return;
    };
    let mut fixed = String::with_capacity(out.len() + 8);
    fixed.push_str(&out[..=first]);
    fixed.push_str("25");
    let mut copied = first + 1;
    let after = copied;
    for p in memchr::memchr_iter(b'%', &b[after..]).map(|i| after + i) {
        if needs_25(b, p) {
            fixed.push_str(&out[copied..=p]);
            fixed.push_str("25");
            copied = p + 1;
        }
    }
    fixed.push_str(&out[copied..]);
    *out = fixed;
}

/// The query's `&`-separated parameters, empty ones (and tracking ones, with
/// `strip_tracking`) dropped, sorted by name then value (bytewise; a parameter without `=`
/// before one with an empty value; stable), joined by `&`.
fn sort_query(query: &str, strip_tracking: bool) -> String {
    let mut params: Vec<(&str, Option<&str>)> = query
        .split('&')
        .filter(|param| !param.is_empty())
        .filter(|param| !strip_tracking || !tracking::is_tracking_raw(param))
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
    use super::{Options, Profile, dedup, normalize, push_normalized_percent, sort_query, surt};
    use crate::Url;

    fn normalized(text: &str) -> String {
        let mut out = String::new();
        push_normalized_percent(&mut out, text);
        out
    }

    fn d(url: &str, drop_index: bool) -> String {
        let options = Options {
            drop_index,
            ..Default::default()
        };
        dedup(&Url::parse(url).unwrap(), &options)
            .unwrap()
            .href()
            .to_owned()
    }

    fn s(url: &str) -> String {
        surt(&Url::parse(url).unwrap(), &Options::default())
    }

    #[test]
    fn percent_encodings() {
        assert_eq!(normalized("%7e%41%2f%2F%e2%80%bd"), "~A%2F%2F%E2%80%BD");
        assert_eq!(normalized("%%4%zz%4"), "%%4%zz%4");
        assert_eq!(normalized("%%34%31"), "%2541");
        assert_eq!(normalized("%%34%3c"), "%4%3C");
        assert_eq!(normalized("%%32%66"), "%252f");
        assert_eq!(normalized("a%2d%2E%5f%5F%30b"), "a-.__0b");
        assert_eq!(normalized(""), "");
        assert_eq!(normalized("%"), "%");
    }

    #[test]
    fn query_sorting() {
        assert_eq!(sort_query("b=2&a=1&&a&a=&c", false), "a&a=&a=1&b=2&c");
        assert_eq!(sort_query("&&", false), "");
        assert_eq!(sort_query("x=2&x=1", false), "x=1&x=2");
        assert_eq!(sort_query("x=2&utm_a=1&Gclid", true), "x=2");
    }

    #[test]
    fn long_runs_of_stray_percents_stay_linear_and_idempotent() {
        // 50,000 `%` that decoding puts before hex digits: each written `%25` in one pass.
        let input = format!(
            "http://h/{}?{}",
            "%%34%31".repeat(50_000),
            "%%34%31".repeat(50_000)
        );
        let url = Url::parse(&input).unwrap();
        for profile in [Profile::Dedup, Profile::W3lib] {
            let once = normalize(&url, profile, &Options::default()).unwrap();
            let twice = normalize(&once, profile, &Options::default()).unwrap();
            assert_eq!(once.href(), twice.href(), "{profile:?}");
            if profile == Profile::Dedup {
                assert_eq!(once.pathname().matches("%2541").count(), 50_000);
            }
        }
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
        assert_eq!(d("http://a/?&#x", false), "http://a/");
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
    fn dedup_fragments() {
        let keep = Options {
            keep_fragment: true,
            ..Default::default()
        };
        let both = |url: &str| {
            let url = Url::parse(url).unwrap();
            let dropped = dedup(&url, &Options::default()).unwrap();
            let kept = dedup(&url, &keep).unwrap();
            (dropped.href().to_owned(), kept.href().to_owned())
        };
        // Dropped by default: `#a` and `#b` give one key.
        assert_eq!(both("http://a/p#a").0, both("http://a/p#b").0);
        assert_eq!(
            both("http://a/p?b&a#%7eX%2f"),
            (
                "http://a/p?a&b".to_owned(),
                "http://a/p?a&b#~X%2F".to_owned()
            )
        );
        // An empty fragment goes either way; a URL without one is unchanged.
        assert_eq!(both("http://a/p#").1, "http://a/p");
        assert_eq!(
            both("mailto:x#y"),
            ("mailto:x".to_owned(), "mailto:x#y".to_owned())
        );
        // The other profiles do not look at the option.
        let url = Url::parse("http://a/p#f").unwrap();
        assert_eq!(
            normalize(&url, Profile::Spec, &Options::default())
                .unwrap()
                .href(),
            "http://a/p#f"
        );
        for profile in [Profile::Spec, Profile::W3lib, Profile::Surt] {
            assert_eq!(
                normalize(&url, profile, &keep).unwrap().href(),
                normalize(&url, profile, &Options::default())
                    .unwrap()
                    .href(),
            );
        }
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
        // The surt package drops the brackets (see docs/NORMALIZE.md).
        assert_eq!(s("http://[::1]:81/x"), "::1:81)/x");
        assert_eq!(s("http://a.org/?"), "org,a)/");
        // Decoded repeatedly: %2f is a `/`, then the trailing `/` goes.
        assert_eq!(s("http://a.org/%7Ex%2f"), "org,a)/~x");
        assert_eq!(
            s("mailto:Someone@Example.com#x"),
            "mailto:someone@example.com"
        );
        assert_eq!(s("file:///Etc/"), "file:/etc");
    }
}
