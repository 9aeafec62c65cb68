//! The hostname of a URL whose scheme and authority are already in normal form, read in place
//! without running the parser: the fast path of columnar hostname and registrable-domain
//! functions, which the general parser backs.

use std::ops::Range;

use crate::host::ipv4::ends_in_a_number;
use crate::lex;

/// Where the hostname of `input` is in `input`, read in place, when `input` is an `http`, `https`, `ws`, `wss` or
/// `ftp` URL whose scheme and authority the [basic URL
/// parser](https://url.spec.whatwg.org/#concept-basic-url-parser) would leave unchanged: a
/// lowercase scheme, `://`, no credentials, a domain of ASCII lowercase letters, digits, `-`,
/// `.` and `_` that holds no `xn--` and does not [end in a
/// number](https://url.spec.whatwg.org/#ends-in-a-number-checker), then optionally `:` and a
/// port of ASCII digits up to 65535, then the end or one of `/`, `\`, `?`, `#`.
///
/// Such an input always parses (a path, a query and a fragment cannot fail), and then
/// `&input[range]` is `Url::parse(input)?.hostname()`. `None` does not mean that
/// `input` fails to parse, only that the parser must answer: for uppercase letters, an IDNA
/// label, an IPv4 or IPv6 address, credentials, tabs or newlines, leading spaces, any other
/// scheme, and so on.
///
/// A `file` URL that starts `file:///` (lowercase) has the empty host, whatever follows (the
/// [file host state](https://url.spec.whatwg.org/#file-host-state) sets it from an empty
/// buffer, and the path that follows cannot fail): its hostname is the empty range after
/// `file://`.
///
/// ```
/// use weburl::{Url, normal_hostname};
/// assert_eq!(normal_hostname("https://www.example.co.uk:8443/a?b#c"), Some(8..25));
/// assert_eq!(normal_hostname("https://WWW.example.com/"), None); // the parser lowercases it
/// assert_eq!(normal_hostname("http://1.2.3.4/"), None); // an IPv4 address
/// assert_eq!(normal_hostname("http://a.example:99999/"), None); // fails to parse
/// assert_eq!(normal_hostname("file:///etc/hosts"), Some(7..7)); // the empty host
/// let input = "wss://chat.example.org/socket";
/// let range = normal_hostname(input).unwrap();
/// assert_eq!(&input[range], Url::parse(input).unwrap().hostname());
/// ```
#[must_use]
pub fn normal_hostname(input: &str) -> Option<Range<usize>> {
    // Percent-encoding may triple a path: stay far below the parser's length limit.
    if input.len() > (u32::MAX / 4) as usize {
        return None;
    }
    let bytes = input.as_bytes();
    if bytes.starts_with(b"file:///") {
        return Some(7..7);
    }
    let scheme = lex::scheme_len(bytes)?;
    if !matches!(
        &bytes[..scheme],
        b"http" | b"https" | b"ws" | b"wss" | b"ftp"
    ) {
        return None;
    }
    let start = scheme + 3;
    if bytes.get(scheme..start)? != b"://" {
        return None;
    }
    let rest = &bytes[start..];
    let host_len = lex::host_run::<false>(rest);
    let host = &input[start..start + host_len];
    // An `xn--` label is decoded and checked by the parser (left to it wherever `xn--` is).
    let idna = host
        .as_bytes()
        .windows(4)
        .any(|w| w[0] == b'x' && w == b"xn--");
    if host.is_empty() || idna || ends_in_a_number(host) {
        return None;
    }
    let mut after = &rest[host_len..];
    if let Some(port) = after.strip_prefix(b":") {
        let digits = lex::ascii_digits_len(port);
        lex::port_value(&port[..digits]).ok()?;
        after = &port[digits..];
    }
    match after.first() {
        None | Some(b'/' | b'\\' | b'?' | b'#') => Some(start..start + host_len),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::normal_hostname;
    use crate::Url;

    /// Where the fast path answers, the parser agrees; the cases it must leave to the parser
    /// are left.
    #[test]
    fn agrees_with_the_parser() {
        for input in [
            "http://a.example/",
            "http://a.example",
            "http://a.example:/",
            "http://a.example:0080\\x",
            "https://a_b.example?q",
            "ftp://a..b#f",
            "http://.",
            "http://a.-/",
            "ws://a.b.c.d.e:65535",
            "file:///",
            "file:///etc/hosts",
            "file:///C:/x",
            "file:////server/share",
            "file:///a\tb?q#f",
            "file:///..\\..\\x",
        ] {
            let url = Url::parse(input).unwrap();
            let range = normal_hostname(input).unwrap_or_else(|| panic!("{input}"));
            assert_eq!(&input[range], url.hostname(), "{input}");
        }
        for input in [
            "http://a.example:65536/",
            "http://A.example/",
            "http://xn--a.example/",
            "http://1.2.3/",
            "http://a.0x/",
            "http://u@a.example/",
            "http:///a.example/",
            "http:/a.example/",
            "file://a.example/",
            "file://localhost/x",
            "FILE:///x",
            "file:/\\/x",
            "HTTP://a.example/",
            " http://a.example/",
            "http://a.example /",
            "http://a\t.example/",
            "http://[::1]/",
            "http://a.example:8\t0/",
            "http://%61.example/",
            "blob:http://a.example/",
        ] {
            assert_eq!(normal_hostname(input), None, "{input}");
        }
    }
}
