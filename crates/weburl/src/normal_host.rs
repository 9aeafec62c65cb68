//! The hostname of a URL whose scheme and authority are already in normal form, read in place
//! without running the parser: the fast path of columnar hostname and registrable-domain
//! functions, which the general parser backs.

use std::ops::Range;

use crate::host::ipv4::ends_in_a_number;
use crate::lex;

/// Where the hostname of `input` is in `input`, read in place, when `input` is an `http`,
/// `https`, `ws`, `wss`, `ftp` or `file` URL whose scheme and authority the [basic URL
/// parser](https://url.spec.whatwg.org/#concept-basic-url-parser) would leave unchanged: a
/// lowercase scheme, `://`, no credentials, a domain of ASCII lowercase letters, digits, `-`,
/// `.` and `_` that holds no `xn--` and does not [end in a
/// number](https://url.spec.whatwg.org/#ends-in-a-number-checker), then optionally (not for
/// `file`) `:` and a port of ASCII digits up to 65535, then the end or one of `/`, `\`, `?`,
/// `#`.
///
/// Such an input always parses (a path, a query and a fragment cannot fail), and then
/// `&input[range]` is `Url::parse(input)?.hostname()`. `None` does not mean that
/// `input` fails to parse, only that the parser must answer: for uppercase letters, an IDNA
/// label, an IPv4 or IPv6 address, credentials, tabs or newlines, leading spaces, any other
/// scheme, and so on.
///
/// A `file` URL follows the [file host state](https://url.spec.whatwg.org/#file-host-state):
/// its host ends at the first of `/`, `\`, `?`, `#`; an empty host (`file:///etc/hosts`) and
/// `localhost` are the empty host, whose range is the empty one after `file://`. A host
/// followed by anything else (`:` of a port or of a drive letter, `|`) is left to the parser.
///
/// ```
/// use weburl::{Url, normal_hostname};
/// assert_eq!(normal_hostname("https://www.example.co.uk:8443/a?b#c"), Some(8..25));
/// assert_eq!(normal_hostname("https://WWW.example.com/"), None); // the parser lowercases it
/// assert_eq!(normal_hostname("http://1.2.3.4/"), None); // an IPv4 address
/// assert_eq!(normal_hostname("http://a.example:99999/"), None); // fails to parse
/// assert_eq!(normal_hostname("file:///etc/hosts"), Some(7..7)); // the empty host
/// assert_eq!(normal_hostname("file://localhost/etc/hosts"), Some(7..7)); // the same
/// assert_eq!(normal_hostname("file://server/share"), Some(7..13));
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
    // The two schemes of nearly every web URL and `file` first, then any scheme the lexer
    // reads.
    let (start, file) = if bytes.starts_with(b"https://") {
        (8, false)
    } else if bytes.starts_with(b"http://") {
        (7, false)
    } else if bytes.starts_with(b"file://") {
        (7, true)
    } else {
        let scheme = lex::scheme_len(bytes)?;
        let file = match &bytes[..scheme] {
            b"http" | b"https" | b"ws" | b"wss" | b"ftp" => false,
            b"file" => true,
            _ => return None,
        };
        if bytes.get(scheme..scheme + 3)? != b"://" {
            return None;
        }
        (scheme + 3, file)
    };
    let rest = &bytes[start..];
    let host_len = lex::host_run::<false>(rest);
    let host = &rest[..host_len];
    let mut after = &rest[host_len..];
    if !file && let Some(port) = after.strip_prefix(b":") {
        let digits = lex::ascii_digits_len(port);
        lex::port_value(&port[..digits]).ok()?;
        after = &port[digits..];
    }
    if !matches!(after.first(), None | Some(b'/' | b'\\' | b'?' | b'#')) {
        return None;
    }
    if host.is_empty() || (file && host == b"localhost") {
        // A special URL other than `file` must have a host (host-missing).
        return file.then_some(start..start);
    }
    // An `xn--` label is decoded and checked by the parser (left to it wherever `xn--` is;
    // only a host with `--` can hold one).
    if has_double_dash(host) && host.windows(4).any(|w| w == b"xn--") {
        return None;
    }
    if ends_in_a_number(&input[start..start + host_len]) {
        return None;
    }
    Some(start..start + host_len)
}

/// Whether `host` holds `--`: a word at a time, as most hosts hold no `-` at all.
#[inline]
fn has_double_dash(host: &[u8]) -> bool {
    let mut chunks = host.chunks_exact(8);
    // The high bit of each byte of a word that is `-` (host bytes are ASCII).
    let dashes = |word: u64| {
        let x = word ^ (lex::ONES * u64::from(b'-'));
        !(x | ((x | lex::HIGH) - lex::ONES)) & lex::HIGH
    };
    let mut carry = 0;
    for chunk in &mut chunks {
        let d = dashes(u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])));
        // A dash at byte k and at byte k + 1, or one ending the previous chunk and one
        // starting this.
        if d & (d >> 8) != 0 || (carry & d) != 0 {
            return true;
        }
        carry = (d >> 56) & 0x80;
    }
    let tail = chunks.remainder();
    let mut previous = carry != 0;
    for &b in tail {
        let dash = b == b'-';
        if previous && dash {
            return true;
        }
        previous = dash;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{has_double_dash, normal_hostname};
    use crate::Url;

    /// The word-at-a-time search for `--` against a byte loop, with dashes at every position
    /// of hosts up to three words long (across word boundaries and in the tail).
    #[test]
    fn double_dash_at_every_position() {
        for len in 0..26 {
            for a in 0..len {
                for b in a..len {
                    let mut host = vec![b'a'; len];
                    host[a] = b'-';
                    host[b] = b'-';
                    let naive = host.windows(2).any(|w| w == b"--");
                    assert_eq!(
                        has_double_dash(&host),
                        naive,
                        "{:?}",
                        String::from_utf8(host)
                    );
                }
            }
        }
    }

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
            "file://",
            "file://?q",
            "file://#f",
            "file://\\x",
            "file://a.example/",
            "file://localhost/x",
            "file://localhost",
            "file://localhost.",
            "file://node.gypi",
            "file://dep/v8/src",
            "file://c/x",
            "file://example.net/C:/",
            "file://a--b.example/",
            "http://a-b-c.d--e/",
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
            "FILE:///x",
            "file://a.example:80/",
            "file://c:/x",
            "file://c|/x",
            "file://C:/x",
            "file://LOCALHOST/x",
            "file://1.2.3.4/",
            "file://xn--a.example/",
            "file://a.xn--b/",
            "http://a.b.xn--c/",
            "http:// ",
            "http://",
            "http://?q",
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
