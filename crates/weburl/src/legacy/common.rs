//! Helpers shared by the historical engines: character classes of RFC 3986 and of the HTML5
//! texts, percent-encoding with upper-case hex, the split of a matched URI reference into
//! component ranges, and authority splitting.

use std::ops::Range;

/// HTML's "space characters": U+0020, TAB, LF, FF and CR (not VT, not NBSP).
pub(crate) fn is_html_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{000C}' | '\r')
}

/// `input` without leading and trailing HTML space characters, and the byte offset where the
/// stripped text starts in `input`.
pub(crate) fn strip_html_spaces(input: &str) -> (usize, &str) {
    let start = input.len() - input.trim_start_matches(is_html_space).len();
    let stripped = input[start..].trim_end_matches(is_html_space);
    (start, stripped)
}

/// RFC 3986 `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
pub(crate) fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// RFC 3986 `sub-delims`.
pub(crate) fn is_sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// RFC 3986 `pchar` without `pct-encoded`: unreserved, sub-delims, ":" and "@".
pub(crate) fn is_pchar(b: u8) -> bool {
    is_unreserved(b) || is_sub_delim(b) || b == b':' || b == b'@'
}

/// The length of a leading `scheme ":"` match (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`),
/// without the colon, or `None`.
pub(crate) fn scheme_len(s: &str) -> Option<usize> {
    crate::lex::scheme_len(s.as_bytes())
}

/// Whether `b[i..]` starts with `%` and two hex digits.
pub(crate) fn is_pct_encoded_at(b: &[u8], i: usize) -> bool {
    crate::percent::is_percent_encoded_byte_at(b, i)
}

/// Appends `%XX` (upper-case hex) for `byte`.
pub(crate) fn push_pct(out: &mut String, byte: u8) {
    crate::percent::push_percent_encoded(out, byte);
}

/// Copies `input`, UTF-8 percent-encoding (upper-case hex) every character for which `keep`
/// is false.
pub(crate) fn escape_utf8(input: &str, keep: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(input.len());
    let mut buf = [0u8; 4];
    for c in input.chars() {
        if keep(c) {
            out.push(c);
        } else {
            for &b in c.encode_utf8(&mut buf).as_bytes() {
                push_pct(&mut out, b);
            }
        }
    }
    out
}

/// Percent-decodes `s` once (`%XX` with two hex digits) and reads the bytes as UTF-8, `None`
/// when they are not valid UTF-8.
pub(crate) fn percent_decode_utf8(s: &str) -> Option<String> {
    String::from_utf8(crate::percent::percent_decode(s.as_bytes()).into_owned()).ok()
}

/// RFC 3986 `IPv4address`: four `dec-octet`s, no leading zeros.
pub(crate) fn is_ipv4_address(s: &str) -> bool {
    let mut parts = 0;
    for part in s.split('.') {
        parts += 1;
        let ok = !part.is_empty()
            && part.len() <= 3
            && part.bytes().all(|b| b.is_ascii_digit())
            && (part.len() == 1 || !part.starts_with('0'))
            && part.parse::<u16>().is_ok_and(|n| n <= 255);
        if !ok {
            return false;
        }
    }
    parts == 4
}

/// RFC 3986 `IPv6address`.
pub(crate) fn is_ipv6_address(s: &str) -> bool {
    // Counts the 16-bit units of `part` (h16 pieces separated by ":", the last one possibly an
    // IPv4address worth two units when `v4_last` allows it).
    fn units(part: &str, v4_last: bool) -> Option<usize> {
        if part.is_empty() {
            return Some(0);
        }
        let pieces: Vec<&str> = part.split(':').collect();
        let mut n = 0;
        for (i, piece) in pieces.iter().enumerate() {
            if v4_last && i == pieces.len() - 1 && piece.contains('.') {
                if !is_ipv4_address(piece) {
                    return None;
                }
                n += 2;
            } else if (1..=4).contains(&piece.len()) && piece.bytes().all(|b| b.is_ascii_hexdigit())
            {
                n += 1;
            } else {
                return None;
            }
        }
        Some(n)
    }
    match s.find("::") {
        None => units(s, true) == Some(8),
        Some(i) => {
            let (head, tail) = (&s[..i], &s[i + 2..]);
            if tail.contains("::") {
                return false;
            }
            match (units(head, false), units(tail, true)) {
                (Some(h), Some(t)) => h + t <= 7,
                _ => false,
            }
        }
    }
}

/// RFC 3986 `IPvFuture` (`"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`), with the
/// `unreserved` test given by `unreserved` (the HTML5 2011 text widens it).
pub(crate) fn is_ipv_future(s: &str, unreserved: impl Fn(char) -> bool) -> bool {
    let Some(rest) = s.strip_prefix(['v', 'V']) else {
        return false;
    };
    let Some((hex, tail)) = rest.split_once('.') else {
        return false;
    };
    !hex.is_empty()
        && hex.bytes().all(|b| b.is_ascii_hexdigit())
        && !tail.is_empty()
        && tail
            .chars()
            .all(|c| unreserved(c) || c == ':' || (c.is_ascii() && is_sub_delim(c as u8)))
}

/// The component ranges of a string matched against `URI-reference` (RFC 3986 §3 / §4.1), as
/// byte ranges into that string. `None` means the component is absent (not matched), which
/// differs from an empty range.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Spans {
    pub scheme: Option<Range<usize>>,
    pub authority: Option<Range<usize>>,
    pub userinfo: Option<Range<usize>>,
    pub host: Option<Range<usize>>,
    pub port: Option<Range<usize>>,
    pub path: Range<usize>,
    pub query: Option<Range<usize>>,
    pub fragment: Option<Range<usize>>,
}

impl Spans {
    /// Shifts every range by `offset` bytes.
    pub fn shifted(mut self, offset: usize) -> Spans {
        let shift = |r: &mut Range<usize>| {
            r.start += offset;
            r.end += offset;
        };
        for r in [
            &mut self.scheme,
            &mut self.authority,
            &mut self.userinfo,
            &mut self.host,
            &mut self.port,
            &mut self.query,
            &mut self.fragment,
        ]
        .into_iter()
        .flatten()
        {
            shift(r);
        }
        shift(&mut self.path);
        self
    }
}

/// The end of the text that runs from `from` up to the first of `stops` (or the end).
pub(crate) fn find_any(s: &str, from: usize, stops: &[u8]) -> usize {
    s.as_bytes()[from..]
        .iter()
        .position(|b| stops.contains(b))
        .map_or(s.len(), |i| from + i)
}

/// Splits an authority (`[ userinfo "@" ] host [ ":" port ]`) lexically: the userinfo runs to
/// the last `@`; a host starting with `[` runs to its `]`; otherwise the host runs to the first
/// `:`. Never fails.
pub(crate) fn split_authority(authority: &str) -> (Option<&str>, &str, Option<&str>) {
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    let host_end = if hostport.starts_with('[') {
        hostport.find(']').map_or(hostport.len(), |i| i + 1)
    } else {
        hostport.find(':').unwrap_or(hostport.len())
    };
    let host = &hostport[..host_end];
    let port = hostport[host_end..].strip_prefix(':');
    (userinfo, host, port)
}

/// The default port of a scheme, for the HTML5 `<hostport>` rule and RFC 3986 §6.2.3: http 80,
/// https 443, ftp 21, gopher 70, ws 80, wss 443 (scheme compared case-insensitively).
pub(crate) fn default_port(scheme: &str) -> Option<&'static str> {
    const PORTS: [(&str, &str); 6] = [
        ("http", "80"),
        ("https", "443"),
        ("ftp", "21"),
        ("gopher", "70"),
        ("ws", "80"),
        ("wss", "443"),
    ];
    PORTS
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(scheme))
        .map(|&(_, p)| p)
}

/// Whether the digit string `port` has the same numeric value as `default` (leading zeros do
/// not count; an empty port counts as the default).
pub(crate) fn port_is_default(port: &str, default: &str) -> bool {
    let trimmed = port.trim_start_matches('0');
    port.is_empty() || trimmed == default || (trimmed.is_empty() && default == "0")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_grammar() {
        for ok in [
            "::1",
            "::",
            "1:2:3:4:5:6:7:8",
            "1::",
            "1:2:3:4:5:6:7::",
            "::1:2:3:4:5:6:7",
            "::ffff:1.2.3.4",
            "1:2:3:4:5:6:1.2.3.4",
            "fe80::1:2",
        ] {
            assert!(is_ipv6_address(ok), "{ok}");
        }
        for bad in [
            "",
            ":",
            ":::",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7",
            "1::2::3",
            "12345::",
            "::1.2.3.04",
            "1.2.3.4::",
            ":1::",
            "g::",
        ] {
            assert!(!is_ipv6_address(bad), "{bad}");
        }
    }

    #[test]
    fn authority_split() {
        assert_eq!(split_authority("u:p@h:80"), (Some("u:p"), "h", Some("80")));
        assert_eq!(split_authority("[::1]:8"), (None, "[::1]", Some("8")));
        assert_eq!(split_authority("h"), (None, "h", None));
        assert_eq!(split_authority(""), (None, "", None));
    }
}
