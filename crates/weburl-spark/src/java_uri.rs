//! `java.net.URI` (RFC 2396 + RFC 2732 + the JDK's deviations), written from the RFC's grammar:
//! the parser Spark's `parse_url` reads a URL with.

/// A byte range of the input.
pub(super) type Span = (usize, usize);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum UriError {
    /// `URISyntaxException`: Spark answers NULL.
    Syntax,
    /// `NumberFormatException` escaping the constructor: Spark fails the query.
    NumberFormat,
}

type Parsed<T> = Result<T, UriError>;

/// The components of a parsed URI reference (all raw, as spans of the input).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) struct JavaUri {
    pub(super) scheme: Option<Span>,
    pub(super) authority: Option<Span>,
    pub(super) user_info: Option<Span>,
    pub(super) host: Option<Span>,
    pub(super) path: Option<Span>,
    pub(super) query: Option<Span>,
    pub(super) fragment: Option<Span>,
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
    pub(super) fn parse(input: &str) -> Parsed<JavaUri> {
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
