//! Spark SQL's `parse_url(url, part [, key])`, answer for answer.
//!
//! Engines that emulate Spark (Comet, Sail, datafusion-spark) need Spark's answers, not the URL
//! Standard's. This module reproduces them without a JVM. It was checked against Spark 4 on
//! Java 17 (`tests/data/spark-parse-url.json`, recorded by `scripts/spark-parse-url/record.py`).
//!
//! # What Spark does (`ParseUrl`, non-ANSI mode)
//!
//! - Any argument NULL → NULL. Here: the caller maps NULL in to `None` out; `key: None` means the
//!   two-argument form, not a NULL key.
//! - The URL is parsed by `new java.net.URI(url)`: RFC 2396 as amended by RFC 2732, with the JDK's
//!   own deviations. A `URISyntaxException` gives NULL. (With `spark.sql.ansi.enabled=true`, the
//!   default of Spark 4, it fails the query instead: [`uri_is_valid`] tells those inputs.) One
//!   input makes the JDK throw a `NumberFormatException`, which Spark does not catch in either
//!   mode: [`parse_url_checked`] reports it as [`SparkError::UriNumberFormat`].
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

use std::borrow::Cow;
use std::cell::RefCell;

/// A part name Spark knows (compared byte for byte, so `host` is not one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    Host,
    Path,
    Query,
    Ref,
    Protocol,
    File,
    Authority,
    UserInfo,
}

impl Part {
    /// The part Spark means by `name`, or `None` (Spark then answers NULL for every URL).
    pub(crate) fn from_name(name: &str) -> Option<Part> {
        Some(match name {
            "HOST" => Part::Host,
            "PATH" => Part::Path,
            "QUERY" => Part::Query,
            "REF" => Part::Ref,
            "PROTOCOL" => Part::Protocol,
            "FILE" => Part::File,
            "AUTHORITY" => Part::Authority,
            "USERINFO" => Part::UserInfo,
            _ => return None,
        })
    }
}

/// Why Spark would fail the query instead of answering, or why this module cannot tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SparkError {
    /// `java.net.URI` threw something other than `URISyntaxException`, which Spark does not
    /// catch: a `NumberFormatException` for an IPv4 part of an IPv6 literal that does not fit
    /// an `int` (`http://[::99999999999.1.1.1]/`).
    UriNumberFormat,
    /// The key makes `(&|^)KEY=([^&]*)` an invalid Java pattern (`PatternSyntaxException`), or a
    /// pattern without a group 2 that matched (`IndexOutOfBoundsException`).
    InvalidKeyPattern,
    /// The key uses Java regular-expression syntax this module does not emulate (lookaround,
    /// back references, flags, `\p{..}`, `\b`, nested classes, possessive quantifiers...).
    UnsupportedKeyPattern,
}

/// Spark's `parse_url(url, part)` (`key: None`) or `parse_url(url, part, key)`; `None` is NULL.
///
/// Inputs on which Spark fails the query (see [`SparkError`]) also give `None` here; use
/// [`parse_url_checked`] to tell them apart. The answer always borrows from `url`.
#[cfg(test)]
pub(crate) fn parse_url<'a>(url: &'a str, part: &str, key: Option<&str>) -> Option<Cow<'a, str>> {
    parse_url_checked(url, part, key).ok().flatten()
}

/// [`parse_url`], reporting the inputs on which Spark would throw instead of answering.
pub(crate) fn parse_url_checked<'a>(
    url: &'a str,
    part: &str,
    key: Option<&str>,
) -> Result<Option<Cow<'a, str>>, SparkError> {
    let part = Part::from_name(part);
    match (key, part) {
        // With a key, any part but QUERY answers NULL before the URL is looked at.
        (Some(_), part) if part != Some(Part::Query) => Ok(None),
        // An unknown part answers NULL, but only after the URL was parsed (which may throw).
        (None, None) => match JavaUri::parse(url) {
            Err(UriError::NumberFormat) => Err(SparkError::UriNumberFormat),
            _ => Ok(None),
        },
        (None, Some(part)) => Ok(extract(url, part)?.map(Cow::Borrowed)),
        (Some(key), _) => {
            let Some(query) = extract(url, Part::Query)? else {
                return Ok(None);
            };
            LAST_KEY.with(|cell| {
                let mut cache = cell.borrow_mut();
                if cache.as_ref().is_none_or(|k| k.key != key) {
                    *cache = Some(QueryKey::new(key));
                }
                match cache.as_ref() {
                    Some(compiled) => Ok(compiled.find(query)?.map(Cow::Borrowed)),
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
pub(crate) fn extract(url: &str, part: Part) -> Result<Option<&str>, SparkError> {
    let uri = match JavaUri::parse(url) {
        Ok(uri) => uri,
        Err(UriError::Syntax) => return Ok(None),
        Err(UriError::NumberFormat) => return Err(SparkError::UriNumberFormat),
    };
    let get = |span: Option<Span>| span.map(|(start, end)| &url[start..end]);
    Ok(match part {
        Part::Host => get(uri.host),
        Part::Path => get(uri.path),
        Part::Query => get(uri.query),
        Part::Ref => get(uri.fragment),
        Part::Protocol => get(uri.scheme),
        Part::Authority => get(uri.authority),
        Part::UserInfo => get(uri.user_info),
        // `path + "?" + query`: the two are adjacent in the input, with the `?` between.
        Part::File => match (uri.path, uri.query) {
            (Some((start, _)), Some((_, end))) => Some(&url[start..end]),
            (path, _) => get(path),
        },
    })
}

/// Whether `new java.net.URI(url)` succeeds (Spark's ANSI mode fails the query when it does not).
#[allow(dead_code, reason = "for a caller that emulates ANSI mode")]
pub(crate) fn uri_is_valid(url: &str) -> bool {
    JavaUri::parse(url).is_ok()
}

// ---------------------------------------------------------------------------------------------
// java.net.URI (RFC 2396 + RFC 2732 + the JDK's deviations), written from the RFC's grammar.
// ---------------------------------------------------------------------------------------------

/// A byte range of the input.
type Span = (usize, usize);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum UriError {
    /// `URISyntaxException`: Spark answers NULL.
    Syntax,
    /// `NumberFormatException` escaping the constructor: Spark fails the query.
    NumberFormat,
}

type Parsed<T> = Result<T, UriError>;

/// The components of a parsed URI reference (all raw, as spans of the input).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct JavaUri {
    scheme: Option<Span>,
    authority: Option<Span>,
    user_info: Option<Span>,
    host: Option<Span>,
    path: Option<Span>,
    query: Option<Span>,
    fragment: Option<Span>,
}

/// A set of ASCII characters (a bit of [`TABLE`]; NUL is never a member), and whether RFC 2396's
/// `escaped` (plus the JDK's "other" characters) is allowed too.
#[derive(Clone, Copy)]
struct CharSet {
    bit: u32,
    escaped: bool,
}

const fn bits(chars: &[u8]) -> u128 {
    let mut set = 0u128;
    let mut i = 0;
    while i < chars.len() {
        set |= 1 << chars[i];
        i += 1;
    }
    set
}

const fn range(first: u8, last: u8) -> u128 {
    let mut set = 0u128;
    let mut c = first;
    while c <= last {
        set |= 1 << c;
        c += 1;
    }
    set
}

// RFC 2396 section 1.6 and 2.
const DIGIT: u128 = range(b'0', b'9');
const ALPHA: u128 = range(b'a', b'z') | range(b'A', b'Z');
const ALPHANUM: u128 = ALPHA | DIGIT;
const HEX: u128 = DIGIT | range(b'a', b'f') | range(b'A', b'F');
// mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
const UNRESERVED: u128 = ALPHANUM | bits(b"-_.!~*'()");
// reserved, with "[" and "]" added by RFC 2732
const RESERVED: u128 = bits(b";/?:@&=+$,[]");
// userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )
const USER_INFO_CHARS: u128 = UNRESERVED | bits(b";:&=+$,");
// Every character a server-based authority may hold.
const SERVER_CHARS: u128 = USER_INFO_CHARS | ALPHANUM | bits(b"-.:@[]");

/// The sets, in the order of their bits in [`TABLE`].
const SETS: [u128; 19] = [
    // uric = reserved | unreserved | escaped (query, fragment, opaque part)
    RESERVED | UNRESERVED,
    // path_segments = pchar plus ";" and "/"; pchar = unreserved | escaped | ":@&=+$,"
    UNRESERVED | bits(b":@&=+$,;/"),
    USER_INFO_CHARS,
    // reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )
    UNRESERVED | bits(b"$,;:@&=+"),
    SERVER_CHARS,
    // The same when the authority may hold an IPv6 literal: "%" is then a plain character.
    SERVER_CHARS | bits(b"%"),
    // scheme = alpha *( alpha | digit | "+" | "-" | "." )
    ALPHANUM | bits(b"+-."),
    // scope_id (the JDK's IPv6 zone) = 1*( alphanum | "_" | "." )
    ALPHANUM | bits(b"_."),
    DIGIT,
    DIGIT | bits(b"."),
    ALPHANUM,
    ALPHANUM | bits(b"-"),
    HEX,
    ALPHA,
    // Delimiters: where a scheme, an authority, a path and a query end.
    bits(b"/?#:"),
    bits(b"/?#"),
    bits(b"?#"),
    bits(b"#"),
    bits(b"]"),
];

const fn set(index: u32, escaped: bool) -> CharSet {
    CharSet {
        bit: 1 << index,
        escaped,
    }
}

const URIC: CharSet = set(0, true);
const PATH: CharSet = set(1, true);
const USER_INFO: CharSet = set(2, true);
const REG_NAME: CharSet = set(3, true);
const SERVER: CharSet = set(4, true);
const SERVER_PERCENT: CharSet = set(5, true);
const SCHEME: CharSet = set(6, false);
const SCOPE_ID: CharSet = set(7, false);
const DIGITS: CharSet = set(8, false);
const DIGITS_DOTS: CharSet = set(9, false);
const ALNUM: CharSet = set(10, false);
const ALNUM_DASH: CharSet = set(11, false);
const HEXDIGS: CharSet = set(12, false);
const LETTERS: CharSet = set(13, false);
const END_OF_SCHEME: CharSet = set(14, false);
const END_OF_AUTHORITY: CharSet = set(15, false);
const END_OF_PATH: CharSet = set(16, false);
const END_OF_QUERY: CharSet = set(17, false);
const CLOSE_BRACKET: CharSet = set(18, false);

/// For each byte, the sets of [`SETS`] it belongs to (one bit each).
static TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut c = 1;
    while c < 128 {
        let mut i = 0;
        while i < SETS.len() {
            if (SETS[i] >> c) & 1 == 1 {
                table[c] |= 1 << i;
            }
            i += 1;
        }
        c += 1;
    }
    table
};

fn in_set(b: u8, set: CharSet) -> bool {
    TABLE[usize::from(b)] & set.bit != 0
}

/// The JDK's "other": not US-ASCII, not an ISO control, not a Unicode space separator.
/// `c` is a whole character; a supplementary one stands for two surrogates, both "other".
fn is_other(c: char) -> bool {
    let c = c as u32;
    c > 0x9F
        && !matches!(
            c,
            0xA0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000
        )
}

/// The largest value `Integer.parseInt` accepts.
const INT_MAX: u64 = i32::MAX as u64;

/// The value of a run of ASCII digits, if it fits an `int` (leading zeros allowed).
fn parse_int(digits: &[u8]) -> Option<u64> {
    let mut value = 0u64;
    for &d in digits {
        value = value * 10 + u64::from(d - b'0');
        if value > INT_MAX {
            return None;
        }
    }
    Some(value)
}

struct Parser<'a> {
    input: &'a str,
    bytes: &'a [u8],
    uri: JavaUri,
}

impl JavaUri {
    /// `new URI(input)`.
    fn parse(input: &str) -> Parsed<JavaUri> {
        let mut parser = Parser {
            input,
            bytes: input.as_bytes(),
            uri: JavaUri::default(),
        };
        parser.uri_reference()?;
        Ok(parser.uri)
    }
}

impl Parser<'_> {
    fn at(&self, p: usize, end: usize, c: u8) -> bool {
        p < end && self.bytes[p] == c
    }

    /// The first position in `[start, end)` holding a byte of `stops`, or `end`.
    fn find(&self, start: usize, end: usize, stops: CharSet) -> usize {
        if start >= end {
            return start;
        }
        self.bytes[start..end]
            .iter()
            .position(|&b| in_set(b, stops))
            .map_or(end, |i| start + i)
    }

    /// The first position of `c` in `[start, end)`, or `end`.
    fn find_byte(&self, start: usize, end: usize, c: u8) -> usize {
        if start >= end {
            return start;
        }
        self.bytes[start..end]
            .iter()
            .position(|&b| b == c)
            .map_or(end, |i| start + i)
    }

    /// Skip the characters of `set` from `start`; a malformed escape is an error.
    fn scan(&self, start: usize, end: usize, set: CharSet) -> Parsed<usize> {
        let mut p = start;
        while p < end {
            let b = self.bytes[p];
            if in_set(b, set) {
                p += 1;
            } else if !set.escaped {
                break;
            } else if b == b'%' {
                // escaped = "%" hex hex
                if p + 3 <= end
                    && in_set(self.bytes[p + 1], HEXDIGS)
                    && in_set(self.bytes[p + 2], HEXDIGS)
                {
                    p += 3;
                } else {
                    return Err(UriError::Syntax);
                }
            } else if b >= 0x80 {
                match self.input[p..].chars().next() {
                    Some(c) if is_other(c) => p += c.len_utf8(),
                    _ => break,
                }
            } else {
                break;
            }
        }
        Ok(p)
    }

    /// Every character of `[start, end)` is in `set`.
    fn check(&self, start: usize, end: usize, set: CharSet) -> Parsed<()> {
        if self.scan(start, end, set)? < end {
            Err(UriError::Syntax)
        } else {
            Ok(())
        }
    }

    /// URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
    fn uri_reference(&mut self) -> Parsed<()> {
        let n = self.bytes.len();
        // A scheme ends at the first ":" that comes before any "/", "?" or "#".
        let first = self.find(0, n, END_OF_SCHEME);
        let mut p = if self.at(first, n, b':') {
            if first == 0 || !in_set(self.bytes[0], LETTERS) {
                return Err(UriError::Syntax);
            }
            self.check(1, first, SCHEME)?;
            self.uri.scheme = Some((0, first));
            let p = first + 1;
            if self.at(p, n, b'/') {
                self.hier_part(p, n)?
            } else {
                // opaque_part = uric_no_slash *uric, which must not be empty
                let q = self.find(p, n, END_OF_QUERY);
                if q <= p {
                    return Err(UriError::Syntax);
                }
                self.check(p, q, URIC)?;
                q
            }
        } else {
            self.hier_part(0, n)?
        };
        if self.at(p, n, b'#') {
            self.check(p + 1, n, URIC)?;
            self.uri.fragment = Some((p + 1, n));
            p = n;
        }
        if p < n { Err(UriError::Syntax) } else { Ok(()) }
    }

    /// [ "//" authority ] path [ "?" query ], where the authority may be empty when something
    /// follows it and the path may be empty.
    fn hier_part(&mut self, start: usize, n: usize) -> Parsed<usize> {
        let mut p = start;
        if self.at(p, n, b'/') && self.at(p + 1, n, b'/') {
            p += 2;
            let q = self.find(p, n, END_OF_AUTHORITY);
            if q > p {
                p = self.authority(p, q)?;
            } else if q >= n {
                return Err(UriError::Syntax);
            }
        }
        // The path ends at "?" or "#", neither of which is a path character: one scan finds
        // the end and checks the characters before it.
        let q = self.scan(p, n, PATH)?;
        if q < n && !in_set(self.bytes[q], END_OF_PATH) {
            return Err(UriError::Syntax);
        }
        self.uri.path = Some((p, q));
        p = q;
        if self.at(p, n, b'?') {
            p += 1;
            // The query ends at "#", which is not a uric.
            let q = self.scan(p, n, URIC)?;
            if q < n && self.bytes[q] != b'#' {
                return Err(UriError::Syntax);
            }
            self.uri.query = Some((p, q));
            p = q;
        }
        Ok(p)
    }

    /// authority = server | reg_name: a server when the whole of it parses as one, otherwise a
    /// registry name when its characters allow.
    fn authority(&mut self, p: usize, n: usize) -> Parsed<usize> {
        // The JDK takes "%" as a plain character unless the authority begins with "]".
        let server_set = if self.find(p, n, CLOSE_BRACKET) > p {
            SERVER_PERCENT
        } else {
            SERVER
        };
        let server_chars = self.scan(p, n, server_set)? == n;
        let reg_chars = self.scan(p, n, REG_NAME)? == n;
        if reg_chars && !server_chars {
            self.uri.authority = Some((p, n));
            return Ok(n);
        }
        let mut server_error = None;
        if server_chars {
            match self.server(p, n) {
                Ok(server) => {
                    self.uri.authority = Some((p, n));
                    self.uri.user_info = server.user_info;
                    self.uri.host = server.host;
                    return Ok(n);
                }
                Err(UriError::Syntax) => server_error = Some(UriError::Syntax),
                Err(other) => return Err(other),
            }
        }
        if reg_chars {
            self.uri.authority = Some((p, n));
            Ok(n)
        } else {
            Err(server_error.unwrap_or(UriError::Syntax))
        }
    }

    /// server = [ userinfo "@" ] hostport, all of `[start, n)`.
    fn server(&self, start: usize, n: usize) -> Parsed<Server> {
        let mut server = Server::default();
        let mut p = start;
        let at_sign = self.find_byte(p, n, b'@');
        if at_sign < n {
            self.check(p, at_sign, USER_INFO)?;
            server.user_info = Some((p, at_sign));
            p = at_sign + 1;
        }
        if self.at(p, n, b'[') {
            // RFC 2732: "[" IPv6address [ "%" scope_id ] "]"
            p += 1;
            let close = self.find(p, n, CLOSE_BRACKET);
            if close <= p || !self.at(close, n, b']') {
                return Err(UriError::Syntax);
            }
            let zone = self.find_byte(p, close, b'%');
            if zone > p {
                self.ipv6_address(p, zone)?;
                if zone + 1 == close {
                    return Err(UriError::Syntax);
                }
                if zone < close {
                    self.check(zone + 1, close, SCOPE_ID)?;
                }
            } else {
                self.ipv6_address(p, close)?;
            }
            server.host = Some((p - 1, close + 1));
            p = close + 1;
        } else {
            let host_start = p;
            p = match self.ipv4_host(p, n) {
                Some(q) => q,
                None => self.hostname(p, n)?,
            };
            server.host = Some((host_start, p));
        }
        // port = *digit, fitting an int
        if self.at(p, n, b':') {
            p += 1;
            let q = self.find_byte(p, n, b'/');
            if q > p {
                self.check(p, q, DIGITS)?;
                if parse_int(&self.bytes[p..q]).is_none() {
                    return Err(UriError::Syntax);
                }
                p = q;
            }
        }
        if p < n {
            Err(UriError::Syntax)
        } else {
            Ok(server)
        }
    }

    /// A run of decimal digits that fits a byte: its end, or `start` when it does not fit.
    /// Digits that overflow an `int` are the JDK's `NumberFormatException`.
    fn dec_octet(&self, start: usize, end: usize) -> Parsed<usize> {
        let q = self.scan(start, end, DIGITS)?;
        if q <= start {
            return Ok(q);
        }
        match parse_int(&self.bytes[start..q]) {
            None => Err(UriError::NumberFormat),
            Some(v) if v > 255 => Ok(start),
            Some(_) => Ok(q),
        }
    }

    /// IPv4address = 1*3digit "." 1*3digit "." 1*3digit "." 1*3digit, each fitting a byte.
    /// `Ok(None)` when `[start, n)` does not begin with a digit or dot (or, when `whole`, is not
    /// all digits and dots); an error when those digits and dots are not an address.
    fn ipv4_address(&self, start: usize, n: usize, whole: bool) -> Parsed<Option<usize>> {
        let m = self.scan(start, n, DIGITS_DOTS)?;
        if m <= start || (whole && m != n) {
            return Ok(None);
        }
        let mut p = start;
        for i in 0..4 {
            if i > 0 {
                if !self.at(p, m, b'.') {
                    return Err(UriError::Syntax);
                }
                p += 1;
            }
            let q = self.dec_octet(p, m)?;
            if q <= p {
                return Err(UriError::Syntax);
            }
            p = q;
        }
        if p < m {
            Err(UriError::Syntax)
        } else {
            Ok(Some(p))
        }
    }

    /// An IPv4 host, followed by nothing or by ":"; `None` sends the caller to `hostname`.
    fn ipv4_host(&self, start: usize, n: usize) -> Option<usize> {
        let end = self.ipv4_address(start, n, false).ok()??;
        (end >= n || self.bytes[end] == b':').then_some(end)
    }

    /// An IPv4 address inside an IPv6 literal: all of `[start, n)`.
    fn ipv4_in_ipv6(&self, start: usize, n: usize, bytes: &mut u32) -> Parsed<usize> {
        match self.ipv4_address(start, n, true)? {
            Some(p) if p > start => {
                *bytes += 4;
                Ok(p)
            }
            _ => Err(UriError::Syntax),
        }
    }

    /// hostname = *( domainlabel "." ) toplabel [ "." ], followed by nothing or ":";
    /// domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum; the last label of a
    /// name with several must begin with a letter (toplabel).
    fn hostname(&self, start: usize, n: usize) -> Parsed<usize> {
        let mut p = start;
        let mut last_label = None;
        loop {
            let q = self.scan(p, n, ALNUM)?;
            if q <= p {
                break;
            }
            last_label = Some(p);
            p = q;
            let q = self.scan(p, n, ALNUM_DASH)?;
            if q > p {
                if self.bytes[q - 1] == b'-' {
                    return Err(UriError::Syntax);
                }
                p = q;
            }
            if !self.at(p, n, b'.') {
                break;
            }
            p += 1;
            if p >= n {
                break;
            }
        }
        if p < n && self.bytes[p] != b':' {
            return Err(UriError::Syntax);
        }
        match last_label {
            Some(l) if l == start || in_set(self.bytes[l], LETTERS) => Ok(p),
            _ => Err(UriError::Syntax),
        }
    }

    /// The RFC 2373 address inside "[...]" (all of `[start, n)`), in the JDK's reading:
    /// hexseq [ ":" IPv4 ] | hexseq [ "::" [ hexpost ] ] | "::" [ hexpost ], where
    /// hexpost = hexseq | hexseq ":" IPv4 | IPv4, with exactly 16 bytes uncompressed and fewer
    /// than 16 with "::".
    fn ipv6_address(&self, start: usize, n: usize) -> Parsed<()> {
        let mut bytes = 0u32;
        let mut compressed = false;
        let mut p = start;
        if let Some(q) = self.hexseq(p, n, &mut bytes)? {
            p = q;
            if self.at(p, n, b':') && self.at(p + 1, n, b':') {
                compressed = true;
                p = self.hexpost(p + 2, n, &mut bytes)?;
            } else if self.at(p, n, b':') {
                p = self.ipv4_in_ipv6(p + 1, n, &mut bytes)?;
            }
        } else if self.at(p, n, b':') && self.at(p + 1, n, b':') {
            compressed = true;
            p = self.hexpost(p + 2, n, &mut bytes)?;
        }
        let fits = if compressed { bytes < 16 } else { bytes == 16 };
        if p < n || !fits {
            Err(UriError::Syntax)
        } else {
            Ok(())
        }
    }

    fn hexpost(&self, start: usize, n: usize, bytes: &mut u32) -> Parsed<usize> {
        if start == n {
            return Ok(start);
        }
        match self.hexseq(start, n, bytes)? {
            Some(p) if self.at(p, n, b':') => self.ipv4_in_ipv6(p + 1, n, bytes),
            Some(p) => Ok(p),
            None => self.ipv4_in_ipv6(start, n, bytes),
        }
    }

    /// hexseq = hex4 *( ":" hex4 ), hex4 = 1*4HEXDIG, stopping before "::" and before a
    /// ":" that introduces an IPv4 address. `None` when it does not begin with a hex4 (or
    /// begins with the digits of an IPv4 address).
    fn hexseq(&self, start: usize, n: usize, bytes: &mut u32) -> Parsed<Option<usize>> {
        let q = self.scan(start, n, HEXDIGS)?;
        if q <= start || self.at(q, n, b'.') {
            return Ok(None);
        }
        if q > start + 4 {
            return Err(UriError::Syntax);
        }
        *bytes += 2;
        let mut p = q;
        while self.at(p, n, b':') && !self.at(p + 1, n, b':') {
            let q = self.scan(p + 1, n, HEXDIGS)?;
            if q <= p + 1 {
                return Err(UriError::Syntax);
            }
            if self.at(q, n, b'.') {
                break;
            }
            if q > p + 5 {
                return Err(UriError::Syntax);
            }
            *bytes += 2;
            p = q;
        }
        Ok(Some(p))
    }
}

#[derive(Default)]
struct Server {
    user_info: Option<Span>,
    host: Option<Span>,
}

// ---------------------------------------------------------------------------------------------
// The key: Spark's `(&|^)KEY=([^&]*)`, group 2 of the first match.
// ---------------------------------------------------------------------------------------------

/// A key, prepared once (Spark caches the compiled pattern of a literal key the same way).
pub(crate) struct QueryKey {
    key: String,
    matcher: KeyMatcher,
}

enum KeyMatcher {
    /// A key without Java regex metacharacters matches itself.
    Literal,
    /// Otherwise the Java pattern, translated; `groups` counts its capturing groups.
    Regex { regex: regex::Regex, groups: usize },
    /// The pattern would not compile in Java, or cannot be emulated.
    Error(SparkError),
}

impl QueryKey {
    pub(crate) fn new(key: &str) -> QueryKey {
        let matcher = if !key.contains(|c| "\\^$.|?*+()[]{}".contains(c)) {
            KeyMatcher::Literal
        } else {
            let pattern = format!("(&|^){key}=([^&]*)");
            match java_regex::translate(&pattern) {
                Err(e) => KeyMatcher::Error(e),
                Ok((translated, groups)) => {
                    match regex::RegexBuilder::new(&translated)
                        .size_limit(1 << 22)
                        .build()
                    {
                        Ok(regex) => KeyMatcher::Regex { regex, groups },
                        Err(_) => KeyMatcher::Error(SparkError::UnsupportedKeyPattern),
                    }
                }
            }
        };
        QueryKey {
            key: key.to_owned(),
            matcher,
        }
    }

    /// Group 2 of the first match of the key's pattern in `query`.
    pub(crate) fn find<'q>(&self, query: &'q str) -> Result<Option<&'q str>, SparkError> {
        match &self.matcher {
            KeyMatcher::Literal => Ok(find_literal(query, &self.key)),
            KeyMatcher::Regex { regex, groups } => match regex.captures(query) {
                None => Ok(None),
                Some(_) if *groups < 2 => Err(SparkError::InvalidKeyPattern),
                Some(caps) => Ok(caps.get(2).map(|m| m.as_str())),
            },
            KeyMatcher::Error(e) => Err(*e),
        }
    }
}

/// `(&|^)key=([^&]*)` for a literal key: the leftmost "&key=" or a leading "key=".
fn find_literal<'q>(query: &'q str, key: &str) -> Option<&'q str> {
    let value_at = |p: usize| -> Option<&'q str> {
        let rest = query.get(p..)?.strip_prefix(key)?.strip_prefix('=')?;
        Some(rest.find('&').map_or(rest, |e| &rest[..e]))
    };
    // At position 0 the pattern tries "&" first, then the start of the input.
    if let Some(v) = query.strip_prefix('&').and_then(|_| value_at(1)) {
        return Some(v);
    }
    if let Some(v) = value_at(0) {
        return Some(v);
    }
    let bytes = query.as_bytes();
    (1..bytes.len())
        .filter(|&i| bytes[i] == b'&')
        .find_map(|i| value_at(i + 1))
}

/// Translation of the `java.util.regex` syntax a key can bring into the `regex` crate's.
mod java_regex {
    use super::SparkError;
    use std::fmt::Write;

    const UNSUPPORTED: SparkError = SparkError::UnsupportedKeyPattern;
    const INVALID: SparkError = SparkError::InvalidKeyPattern;

    /// Java's `.` without DOTALL: anything but a line terminator.
    const DOT: &str = r"[^\n\r\x{85}\x{2028}\x{2029}]";

    #[derive(Clone, Copy, PartialEq, Eq)]
    enum Last {
        /// Start of the pattern, of a group or of an alternative: a quantifier is an error.
        Nothing,
        /// Something a quantifier applies to.
        Atom,
        /// A quantifier: another one is an error.
        Quantifier,
        /// An anchor (Java quantifies it; not emulated).
        Anchor,
    }

    /// The pattern in the `regex` crate's syntax and its number of capturing groups.
    pub(super) fn translate(pattern: &str) -> Result<(String, usize), SparkError> {
        let chars: Vec<char> = pattern.chars().collect();
        let mut out = String::with_capacity(pattern.len() * 2);
        let (mut i, mut depth, mut groups, mut last) = (0, 0usize, 0usize, Last::Nothing);
        while i < chars.len() {
            let c = chars[i];
            i += 1;
            match c {
                '\\' => {
                    if chars.get(i) == Some(&'Q') {
                        // \Q...\E: every character in between stands for itself.
                        i += 1;
                        while i < chars.len() {
                            if chars[i] == '\\' && chars.get(i + 1) == Some(&'E') {
                                i += 2;
                                break;
                            }
                            literal(&mut out, chars[i]);
                            last = Last::Atom;
                            i += 1;
                        }
                        continue;
                    }
                    match escape(&chars, &mut i, false)? {
                        Escape::Char(c) => literal(&mut out, c),
                        Escape::Class(class) => out.push_str(class),
                    }
                    last = Last::Atom;
                }
                '.' => {
                    out.push_str(DOT);
                    last = Last::Atom;
                }
                '^' => {
                    out.push('^');
                    last = Last::Anchor;
                }
                '$' => {
                    // Java's "$" also matches before a final line terminator; the two agree
                    // when a plain character that is not one must follow.
                    match chars.get(i) {
                        Some(&n) if !"|)*+?{\\[.$^\n\r\u{85}\u{2028}\u{2029}".contains(n) => {}
                        _ => return Err(UNSUPPORTED),
                    }
                    out.push('$');
                    last = Last::Anchor;
                }
                '|' => {
                    out.push('|');
                    last = Last::Nothing;
                }
                '(' => {
                    if chars.get(i) == Some(&'?') {
                        if chars.get(i + 1) != Some(&':') {
                            return Err(UNSUPPORTED);
                        }
                        i += 2;
                        out.push_str("(?:");
                    } else {
                        groups += 1;
                        out.push('(');
                    }
                    depth += 1;
                    last = Last::Nothing;
                }
                ')' => {
                    if depth == 0 {
                        return Err(INVALID);
                    }
                    depth -= 1;
                    out.push(')');
                    last = Last::Atom;
                }
                '*' | '+' | '?' | '{' => {
                    match last {
                        Last::Nothing | Last::Quantifier => return Err(INVALID),
                        Last::Anchor => return Err(UNSUPPORTED),
                        Last::Atom => {}
                    }
                    if c == '{' {
                        let (min, max) = counted(&chars, &mut i)?;
                        match max {
                            Some(Some(max)) => write!(out, "{{{min},{max}}}"),
                            Some(None) => write!(out, "{{{min},}}"),
                            None => write!(out, "{{{min}}}"),
                        }
                        .map_err(|_| UNSUPPORTED)?;
                    } else {
                        out.push(c);
                    }
                    match chars.get(i) {
                        Some('?') => {
                            out.push('?');
                            i += 1;
                        }
                        Some('+') => return Err(UNSUPPORTED),
                        _ => {}
                    }
                    last = Last::Quantifier;
                }
                '[' => {
                    class(&chars, &mut i, &mut out)?;
                    last = Last::Atom;
                }
                _ => {
                    literal(&mut out, c);
                    last = Last::Atom;
                }
            }
        }
        if depth != 0 {
            return Err(INVALID);
        }
        Ok((out, groups))
    }

    /// A character that stands for itself, in a form the `regex` crate reads the same anywhere.
    fn literal(out: &mut String, c: char) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else {
            let _ = write!(out, "\\x{{{:X}}}", c as u32);
        }
    }

    enum Escape {
        Char(char),
        Class(&'static str),
    }

    /// The escape after a backslash at `chars[*i]`.
    fn escape(chars: &[char], i: &mut usize, in_class: bool) -> Result<Escape, SparkError> {
        let Some(&c) = chars.get(*i) else {
            return Err(INVALID);
        };
        *i += 1;
        let hex = |i: &mut usize, len: usize| -> Result<u32, SparkError> {
            let digits: String = chars.get(*i..*i + len).ok_or(INVALID)?.iter().collect();
            *i += len;
            u32::from_str_radix(&digits, 16).map_err(|_| INVALID)
        };
        let to_char = |v: u32| char::from_u32(v).map(Escape::Char).ok_or(UNSUPPORTED);
        Ok(match c {
            't' => Escape::Char('\t'),
            'n' => Escape::Char('\n'),
            'r' => Escape::Char('\r'),
            'f' => Escape::Char('\u{c}'),
            'a' => Escape::Char('\u{7}'),
            'e' => Escape::Char('\u{1b}'),
            'x' if chars.get(*i) == Some(&'{') => return Err(UNSUPPORTED),
            'x' => to_char(hex(i, 2)?)?,
            'u' => to_char(hex(i, 4)?)?,
            'd' if !in_class => Escape::Class("[0-9]"),
            'D' if !in_class => Escape::Class("[^0-9]"),
            'w' if !in_class => Escape::Class("[0-9A-Za-z_]"),
            'W' if !in_class => Escape::Class("[^0-9A-Za-z_]"),
            's' if !in_class => Escape::Class(r"[\t\n\x0B\x0C\r ]"),
            'S' if !in_class => Escape::Class(r"[^\t\n\x0B\x0C\r ]"),
            'd' => Escape::Class("0-9"),
            'w' => Escape::Class("0-9A-Za-z_"),
            's' => Escape::Class(r"\t\n\x0B\x0C\r "),
            // A word boundary: Java's word characters (letters, digits, "_") against the
            // `regex` crate's Unicode ones; they differ only on marks and rare scripts.
            'b' if !in_class => Escape::Class(r"\b"),
            'B' if !in_class => Escape::Class(r"\B"),
            // Escapes Java knows and this module does not emulate: octal, back references,
            // boundaries, properties, \Q inside a class...
            '0'..='9'
            | 'b'
            | 'B'
            | 'A'
            | 'G'
            | 'Z'
            | 'z'
            | 'p'
            | 'P'
            | 'h'
            | 'H'
            | 'v'
            | 'V'
            | 'R'
            | 'X'
            | 'N'
            | 'k'
            | 'c'
            | 'Q'
            | 'D'
            | 'W'
            | 'S' => {
                return Err(UNSUPPORTED);
            }
            // "\E" without "\Q", or any other letter (reserved in Java): an error.
            c if c.is_ascii_alphabetic() => return Err(INVALID),
            c if !c.is_ascii() => return Err(UNSUPPORTED),
            c => Escape::Char(c),
        })
    }

    /// `{n}`, `{n,}` or `{n,m}` after the `{`: (n, None | Some(None) | Some(Some(m))).
    #[allow(clippy::type_complexity)]
    fn counted(chars: &[char], i: &mut usize) -> Result<(u32, Option<Option<u32>>), SparkError> {
        let number = |i: &mut usize| -> Result<Option<u32>, SparkError> {
            let start = *i;
            while chars.get(*i).is_some_and(char::is_ascii_digit) {
                *i += 1;
            }
            if *i == start {
                return Ok(None);
            }
            let digits: String = chars[start..*i].iter().collect();
            digits.parse::<u32>().map(Some).map_err(|_| UNSUPPORTED)
        };
        let min = number(i)?.ok_or(INVALID)?;
        let max = if chars.get(*i) == Some(&',') {
            *i += 1;
            Some(number(i)?)
        } else {
            None
        };
        if chars.get(*i) != Some(&'}') {
            return Err(INVALID);
        }
        *i += 1;
        if let Some(Some(max)) = max
            && max < min
        {
            return Err(INVALID);
        }
        Ok((min, max))
    }

    /// A character class after its `[`: plain characters, ranges and `\d \s \w`; nesting,
    /// intersections and a leading `]` are not emulated.
    fn class(chars: &[char], i: &mut usize, out: &mut String) -> Result<(), SparkError> {
        out.push('[');
        let negated = chars.get(*i) == Some(&'^');
        if negated {
            out.push('^');
            *i += 1;
        }
        // A "]" right after "[" or "[^" stands for itself.
        let mut empty = true;
        loop {
            let Some(&c) = chars.get(*i) else {
                return Err(INVALID);
            };
            *i += 1;
            let first = match c {
                ']' if !empty => break,
                // Older JDKs read a nested class inside a negated one differently.
                '[' if negated => return Err(UNSUPPORTED),
                '[' => {
                    // A nested class is a union, in Java as in the `regex` crate.
                    class(chars, i, out)?;
                    empty = false;
                    continue;
                }
                '&' if chars.get(*i) == Some(&'&') => return Err(UNSUPPORTED),
                '\\' => match escape(chars, i, true)? {
                    Escape::Char(c) => c,
                    Escape::Class(class) => {
                        out.push_str(class);
                        empty = false;
                        continue;
                    }
                },
                c => c,
            };
            empty = false;
            // A range, unless the "-" is the last character of the class.
            if chars.get(*i) == Some(&'-') && chars.get(*i + 1).is_some_and(|&c| c != ']') {
                *i += 1;
                let last = match chars[*i] {
                    '[' => return Err(UNSUPPORTED),
                    '\\' => {
                        *i += 1;
                        match escape(chars, i, true)? {
                            Escape::Char(c) => c,
                            Escape::Class(_) => return Err(INVALID),
                        }
                    }
                    c => {
                        *i += 1;
                        c
                    }
                };
                if last < first {
                    return Err(INVALID);
                }
                literal(out, first);
                out.push('-');
                literal(out, last);
            } else {
                literal(out, first);
            }
        }
        out.push(']');
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixture recorded from Spark; `SPARK_PARSE_URL_JSON` may point elsewhere. The path
    /// goes through `../weburl-datafusion` because the CLI compiles this module too (for
    /// `weburl serve`), with its own manifest directory beside this crate's.
    fn fixture() -> String {
        let path = std::env::var("SPARK_PARSE_URL_JSON").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../weburl-datafusion/tests/data/spark-parse-url.json"
            )
            .to_owned()
        });
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// Every case Spark answered (or threw on) gives the same here.
    #[test]
    fn agrees_with_spark() {
        let data: serde_json::Value = serde_json::from_str(&fixture()).expect("fixture is JSON");
        let cases = data["cases"].as_array().expect("cases");
        let (mut passed, mut failed) = (0usize, 0usize);
        for case in cases {
            let url = case["url"].as_str().expect("url");
            let part = case["part"].as_str().expect("part");
            let key = case["key"].as_str();
            let got = parse_url_checked(url, part, key);
            let ok = match &case["result"] {
                serde_json::Value::Null => got == Ok(None),
                serde_json::Value::String(want) => {
                    got.as_ref().ok().and_then(|g| g.as_deref()) == Some(want)
                }
                // Spark threw: a URI that escapes with a NumberFormatException, or a bad key.
                serde_json::Value::Object(_) => matches!(
                    got,
                    Err(SparkError::UriNumberFormat | SparkError::InvalidKeyPattern)
                ),
                other => panic!("unexpected result {other}"),
            };
            if ok {
                passed += 1;
            } else {
                failed += 1;
                if failed <= 30 {
                    eprintln!(
                        "{url:?} {part} {key:?}: Spark {} here {got:?}",
                        case["result"]
                    );
                }
            }
            // The unchecked form agrees with the checked one.
            assert_eq!(parse_url(url, part, key), got.clone().ok().flatten());
        }
        println!("{passed} passed, {failed} failed");
        assert!(
            cases.len() > 10_000,
            "the fixture has {} cases",
            cases.len()
        );
        assert_eq!(failed, 0);
    }

    #[test]
    fn parts() {
        let url = "https://u:p@Example.COM:8080/a/./b?x=1&y=2#frag";
        let part = |name| parse_url(url, name, None).map(Cow::into_owned);
        assert_eq!(part("HOST").as_deref(), Some("Example.COM"));
        assert_eq!(part("PATH").as_deref(), Some("/a/./b"));
        assert_eq!(part("QUERY").as_deref(), Some("x=1&y=2"));
        assert_eq!(part("REF").as_deref(), Some("frag"));
        assert_eq!(part("PROTOCOL").as_deref(), Some("https"));
        assert_eq!(part("FILE").as_deref(), Some("/a/./b?x=1&y=2"));
        assert_eq!(part("AUTHORITY").as_deref(), Some("u:p@Example.COM:8080"));
        assert_eq!(part("USERINFO").as_deref(), Some("u:p"));
        assert_eq!(part("host"), None);
        assert_eq!(part("PORT"), None);
        // Every answer borrows from the input.
        assert!(matches!(
            parse_url(url, "FILE", None),
            Some(Cow::Borrowed(_))
        ));
    }

    #[test]
    fn authorities() {
        let host = |u| parse_url(u, "HOST", None).map(Cow::into_owned);
        let authority = |u| parse_url(u, "AUTHORITY", None).map(Cow::into_owned);
        // Registry-based: no host, the authority kept.
        assert_eq!(host("http://my_host:80/"), None);
        assert_eq!(
            authority("http://my_host:80/").as_deref(),
            Some("my_host:80")
        );
        assert_eq!(host("http://1.2.3/"), None);
        assert_eq!(host("http://123/").as_deref(), Some("123"));
        assert_eq!(host("http://a.1b/"), None);
        assert_eq!(host("http://host:2147483648/"), None);
        assert_eq!(host("http://host:2147483647/").as_deref(), Some("host"));
        assert_eq!(
            host("http://[fe80::1%eth0]:80/").as_deref(),
            Some("[fe80::1%eth0]")
        );
        assert_eq!(host("http://[1:2:3:4:5:6:7]/"), None);
        assert_eq!(host("http://[::1.2.3.4]/").as_deref(), Some("[::1.2.3.4]"));
        // Empty authority.
        assert_eq!(authority("file:///etc"), None);
        assert_eq!(
            parse_url("file:///etc", "PATH", None).as_deref(),
            Some("/etc")
        );
        // Not a URI at all.
        assert_eq!(parse_url("http://h/a b", "PATH", None), None);
        assert!(!uri_is_valid("http://h/%zz"));
        assert!(uri_is_valid("http://h/%41"));
        assert_eq!(
            parse_url_checked("http://[::99999999999.1.1.1]/", "HOST", None),
            Err(SparkError::UriNumberFormat)
        );
    }

    #[test]
    fn keys() {
        let key = |u, k| parse_url_checked(u, "QUERY", Some(k)).map(|v| v.map(Cow::into_owned));
        let some = |s: &str| Ok(Some(s.to_owned()));
        let url = "http://h/p?a=1&ab=2&a=3&axb=4&aab=5&b=";
        assert_eq!(key(url, "a"), some("1"));
        assert_eq!(key(url, "ab"), some("2"));
        assert_eq!(key(url, "b"), some(""));
        assert_eq!(key(url, "c"), Ok(None));
        assert_eq!(key(url, "a.b"), some("4"));
        assert_eq!(key(url, "a+b"), some("2"));
        assert_eq!(key(url, "(a)"), some("a"));
        assert_eq!(key(url, "("), Err(SparkError::InvalidKeyPattern));
        assert_eq!(
            key("http://h/p", "("),
            Ok(None),
            "no query: the pattern is not compiled"
        );
        assert_eq!(key(url, "(?i)A"), Err(SparkError::UnsupportedKeyPattern));
        assert_eq!(key(url, "(?=a)a"), Err(SparkError::UnsupportedKeyPattern));
        assert_eq!(key(url, "a++"), Err(SparkError::UnsupportedKeyPattern));
        // With a key, only QUERY answers.
        assert_eq!(parse_url(url, "HOST", Some("a")), None);
        assert_eq!(find_literal("&a=1", "a"), Some("1"));
        assert_eq!(find_literal("xa=1&a=2", "a"), Some("2"));
    }

    /// The rows of the module documentation's table, as this module answers them.
    #[test]
    fn documented_departures() {
        let rows: [(&str, &str, Option<&str>, Option<&str>); 13] = [
            ("HTTP://Example.COM/a", "HOST", None, Some("Example.COM")),
            ("http://my_host/", "HOST", None, None),
            ("http://ex ample.com/", "HOST", None, None),
            ("http://h/a b", "PATH", None, None),
            ("http://h/p#a#b", "REF", None, None),
            ("http://例え.jp/", "AUTHORITY", None, Some("例え.jp")),
            ("http://1.2.3/", "HOST", None, None),
            ("http://h/./a/../b", "PATH", None, Some("/./a/../b")),
            ("http:///x", "PATH", None, Some("/x")),
            ("mailto:a@b", "PATH", None, None),
            ("www.example.com/x", "PATH", None, Some("www.example.com/x")),
            ("http://h/?a=%41", "QUERY", Some("a"), Some("%41")),
            (
                "http://[fe80::1%eth0]/",
                "HOST",
                None,
                Some("[fe80::1%eth0]"),
            ),
        ];
        for (url, part, key, want) in rows {
            assert_eq!(parse_url(url, part, key).as_deref(), want, "{url} {part}");
        }
        assert_eq!(parse_url("http://例え.jp/", "HOST", None), None);
        assert_eq!(parse_url("http:///x", "AUTHORITY", None), None);
        assert_eq!(
            parse_url_checked("http://[::99999999999.1.1.1]/", "host", None),
            Err(SparkError::UriNumberFormat),
            "an unknown part still parses the URL"
        );
        assert_eq!(
            parse_url_checked("http://[::99999999999.1.1.1]/", "HOST", Some("a")),
            Ok(None)
        );
    }

    /// Random inputs made of URI-ish pieces: no panic, and the answers stay slices.
    #[test]
    fn no_panic_on_noise() {
        let pieces = [
            "http",
            ":",
            "//",
            "/",
            "?",
            "#",
            "[",
            "]",
            "%",
            "%4",
            "%41",
            "@",
            ".",
            "1",
            "255",
            "256",
            "::",
            "a",
            "_",
            "-",
            "é",
            "\u{a0}",
            "\u{85}",
            "😀",
            " ",
            "&",
            "=",
            "x=",
            "%zz",
            "9999999999",
            "[::1",
            "%eth0",
            "mailto:",
            "\0",
        ];
        let parts = [
            "HOST",
            "PATH",
            "QUERY",
            "REF",
            "PROTOCOL",
            "FILE",
            "AUTHORITY",
            "USERINFO",
        ];
        let keys = [
            None,
            Some("a"),
            Some("x"),
            Some("a.b"),
            Some("["),
            Some("(a)"),
            Some(""),
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for _ in 0..20_000 {
            let url: String = (0..next(12)).map(|_| pieces[next(pieces.len())]).collect();
            for part in parts {
                let key = keys[next(keys.len())];
                if let Ok(Some(v)) = parse_url_checked(&url, part, key) {
                    assert!(url.contains(v.as_ref()), "{url:?} {part} {key:?} -> {v:?}");
                }
            }
        }
    }
}
