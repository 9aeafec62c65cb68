//! The whole-URL fast path: input that is already the serialization of the URL it parses to.
//!
//! Most URLs met in practice (`https://example.com/a/b?q=1#top`, `file:///home/x.txt`) are
//! already normal: the basic URL parser would copy them unchanged. This module recognizes such
//! input in one forward scan with a byte-class table and, when it succeeds, copies the input
//! once and records the offsets it found. Anything it is not sure about makes it return `None`,
//! and the general parser (the spec's state machine) runs instead; so the fast path can only
//! make parsing faster, never different. `tests` below and the property tests check that both
//! paths give identical URLs.
//!
//! Accepted here: a special scheme in lowercase, "//", a host of lowercase ASCII letters,
//! digits, '-' and '.' that does not end in a number (empty only for `file`), an optional port
//! that is already canonical (not for `file`), then a path, query and fragment whose bytes need
//! no percent-encoding, no backslash, and no dot segment, and no Windows drive letter with '|'
//! for `file`. A missing path ("http://a") gets its "/" here too.

use crate::host::HostKind;
use crate::host::ipv4::{ends_in_a_number, parse_serialized};
use crate::offsets::Offsets;
use crate::url::{SchemeType, Url};

use crate::lex::{
    self, FRAGMENT_OK, QUERY_OK, ascii_digits_len, clean_path_run, host_run, port_value, run_of,
};

/// For the general parser's path state, positioned at the start of a segment: the position of
/// the last '/' of the longest run of complete segments from `from` that need nothing (bytes
/// the path keeps as they are, no backslash, no dot segment), or `None`. The segments before
/// that '/' can be copied in one piece.
pub(crate) fn plain_segments_end(bytes: &[u8], from: usize) -> Option<usize> {
    let end = clean_path_run(bytes, from);
    lex::rfind_byte(&bytes[from..end], b'/').map(|last| from + last)
}

/// What the scan of a normal URL found: the URL's fields, with offsets into the input.
struct Scan {
    offsets: Offsets<usize>,
    port: Option<u16>,
    host_kind: HostKind,
    scheme_type: SchemeType,
    /// The path is missing and its "/" must be inserted at `path_start`.
    insert_slash: bool,
}

/// Whether `input` parses (whatever the base), when that can be told from its scheme and
/// authority alone: `None` when the general parser has to decide. Only the part of the input
/// that can make parsing fail is looked at: the scheme and, for a URL with "scheme://", the
/// authority; for a non-special scheme without "//", nothing after the ':' can fail (a path
/// or an opaque path). A clean special authority (`scheme://host[:port]` followed by the end,
/// '/', '?' or '#') is recognized in one scan; any other authority without tabs or newlines
/// goes through the authority, host and port steps directly, without the state machine.
#[inline]
pub(crate) fn quick_validity(input: &str) -> Option<bool> {
    // Most input starts with "http://" or "https://": eight bytes compared at once.
    match http_prefix(input.as_bytes()) {
        Some((scheme_type, host_start)) => special_authority(input, host_start, scheme_type),
        None => quick_validity_any_scheme(input),
    }
}

/// The special scheme and the host start of input that begins with "http://" or "https://",
/// the scheme in any case.
#[inline(always)]
fn http_prefix(bytes: &[u8]) -> Option<(SchemeType, usize)> {
    const HTTPS: u64 = u64::from_le_bytes(*b"https://");
    const HTTP: u64 = u64::from_le_bytes(*b"http://\0");
    // ORing 0x20 into a letter lowercases it, and maps no other byte to a lowercase letter;
    // the ':' and '/' bytes are compared as they are.
    const HTTPS_CASE: u64 = u64::from_le_bytes([0x20, 0x20, 0x20, 0x20, 0x20, 0, 0, 0]);
    const HTTP_CASE: u64 = u64::from_le_bytes([0x20, 0x20, 0x20, 0x20, 0, 0, 0, 0]);
    const SEVEN: u64 = 0x00FF_FFFF_FFFF_FFFF;
    let head = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
    if head | HTTPS_CASE == HTTPS {
        Some((SchemeType::Https, 8))
    } else if (head & SEVEN) | HTTP_CASE == HTTP {
        Some((SchemeType::Http, 7))
    } else {
        None
    }
}

/// `quick_validity` for any scheme.
#[inline(never)]
fn quick_validity_any_scheme(input: &str) -> Option<bool> {
    let bytes = input.as_bytes();
    let scheme_end = lex::scheme_len(bytes)?;
    let after = &bytes[scheme_end + 1..];
    let scheme = &input[..scheme_end];
    // Special schemes in any case (the parser lowercases the scheme).
    let scheme_type = if scheme_end <= 5 {
        ["http", "https", "ws", "wss", "ftp", "file"]
            .into_iter()
            .find(|s| s.eq_ignore_ascii_case(scheme))
            .map_or(SchemeType::NotSpecial, SchemeType::from_scheme)
    } else {
        SchemeType::NotSpecial
    };
    if !scheme_type.is_special() {
        // "//" starts an authority, which can fail; tabs and newlines do not count.
        let mut significant = after.iter().filter(|&&b| !lex::is_tab_or_newline(b));
        let authority = significant.next() == Some(&b'/') && significant.next() == Some(&b'/');
        if !authority {
            return Some(true);
        }
        if !after.starts_with(b"//") {
            return None;
        }
        return authority_validity(input, scheme_end + 3, false);
    }
    if !after.starts_with(b"//") {
        return None;
    }
    special_authority(input, scheme_end + 3, scheme_type)
}

/// For a special URL whose "scheme://" ends at `host_start`: first the one-scan look for a
/// clean authority (an optional userinfo, a host that needs no more than lowercasing or an
/// IPv4 address in its serialized form, an optional valid port, then the end, '/', '?', '#'
/// or '\\'), then [`authority_validity`] (not for `file`, whose host state differs).
#[inline(always)]
fn special_authority(input: &str, host_start: usize, scheme_type: SchemeType) -> Option<bool> {
    let file = scheme_type == SchemeType::File;
    if host_and_port_ok(input, host_start, input.len(), file) {
        return Some(true);
    }
    if file {
        return None;
    }
    authority_validity(input, host_start, true)
}

/// The authority state, host state and port state of the basic URL parser for the authority
/// that starts at `start` (after "scheme://"), for input without tabs or newlines in it and
/// without C0 controls or spaces at its end (else `None`: the general parser decides). The
/// host parser writes to a reused thread-local buffer, so nothing is allocated.
///
/// <https://url.spec.whatwg.org/#authority-state>
#[inline(never)]
fn authority_validity(input: &str, start: usize, special: bool) -> Option<bool> {
    let bytes = input.as_bytes();
    // Trailing C0 controls and spaces are trimmed before parsing, which could change the
    // authority.
    if bytes
        .last()
        .is_some_and(|&b| lex::is_c0_control_or_space(b))
    {
        return None;
    }
    // Special authority ignore slashes state: more slashes and backslashes are skipped.
    let start = if special {
        start
            + bytes[start..]
                .iter()
                .take_while(|&&b| b == b'/' || b == b'\\')
                .count()
    } else {
        start
    };
    // The same scan as the parser's authority state; the parser removes tabs and newlines
    // first, so with one in the authority this look would be wrong.
    let lex::AuthorityScan {
        end,
        last_at,
        colon,
    } = lex::scan_authority(bytes, start, special);
    if lex::find_tab_or_newline(&bytes[start..end]).is_some() {
        return None;
    }
    // Authority state: the host and port follow the last '@'; after an '@' they cannot be
    // empty.
    let host_start = last_at.map_or(start, |at| at + 1);
    if last_at.is_some() && host_start == end {
        return Some(false);
    }
    // Host state: the host ends at the first ':' outside brackets.
    let host_end = colon.unwrap_or(end);
    if host_end == host_start && (colon.is_some() || special) {
        return Some(false);
    }
    // Port state: ASCII digits only, at most 65535 (leading zeros allowed).
    if colon.is_some() && lex::whole_port(&bytes[host_end + 1..end]).is_err() {
        return Some(false);
    }
    let host = &input[host_start..host_end];
    Some(crate::scratch::with(&crate::scratch::OUTPUT, |out| {
        crate::host::parse_host_into(out, host, !special).is_ok()
    }))
}

/// Whether `input[host_start..limit]` starts with a special host that certainly parses (see
/// `special_authority`) and an optional valid port, followed by the end of the input or of
/// `limit`, or by a delimiter.
#[inline(always)]
fn host_and_port_ok(input: &str, host_start: usize, limit: usize, file: bool) -> bool {
    let bytes = &input.as_bytes()[..limit];
    let host_end = host_start + host_run::<true>(&bytes[host_start..]);
    let host = &input[host_start..host_end];
    // A host that ends in a letter other than a hex digit or 'x' does not end in a number.
    let maybe_number = !matches!(
        host.as_bytes().last(),
        Some(b'g'..=b'w' | b'y' | b'z' | b'G'..=b'W' | b'Y' | b'Z')
    );
    if host.is_empty() {
        if !file {
            return false;
        }
    } else if maybe_number && ends_in_a_number(host) && parse_serialized(host.as_bytes()).is_none()
    {
        // Only an IPv4 address in its serialized form certainly parses.
        return false;
    }
    let mut i = host_end;
    if bytes.get(i) == Some(&b':') {
        match port_ok(&bytes[i + 1..]) {
            Some(len) if !file => i += 1 + len,
            _ => return false,
        }
    }
    match bytes.get(i) {
        None | Some(b'/' | b'?' | b'#') => true,
        Some(b'\\') => !file,
        _ => false,
    }
}

/// The length of the port that `bytes` starts with (ASCII digits, possibly none) when it is at
/// most 65535.
#[inline(always)]
fn port_ok(bytes: &[u8]) -> Option<usize> {
    let digits = ascii_digits_len(bytes);
    port_value(&bytes[..digits]).ok().map(|_| digits)
}

/// Parses `input` if it is already a normal special URL; `None` means "use the general parser".
pub(crate) fn parse_normal(input: &str) -> Option<Url> {
    let scan = scan(input)?;
    let mut serialization = String::with_capacity(input.len() + usize::from(scan.insert_slash));
    scan.copy(input, &mut serialization);
    Some(scan.url(serialization))
}

/// [`parse_normal`] into `url`, in place: when `input` is normal, `url` becomes its URL, the
/// serialization written into `url`'s buffer (so that a caller parsing many inputs reuses one
/// allocation), and `true`; otherwise `false`, and `url` is untouched. (In place rather than
/// through a returned `Url`: moving the struct cost about as much as scanning a short URL.)
pub(crate) fn parse_normal_into(input: &str, url: &mut Url) -> bool {
    let Some(scan) = scan(input) else {
        return false;
    };
    scan.copy(input, &mut url.serialization);
    let Url {
        serialization: _,
        offsets,
        port,
        host_kind,
        scheme_type,
    } = scan.url(String::new());
    url.offsets = offsets;
    url.port = port;
    url.host_kind = host_kind;
    url.scheme_type = scheme_type;
    true
}

impl Scan {
    /// Writes the serialization of the scanned `input` into `buffer` (emptied first): the input
    /// itself, with the "/" of a missing path inserted.
    #[inline(always)]
    fn copy(&self, input: &str, buffer: &mut String) {
        buffer.clear();
        buffer.reserve(input.len() + usize::from(self.insert_slash));
        if self.insert_slash {
            buffer.push_str(&input[..self.offsets.path_start]);
            buffer.push('/');
            buffer.push_str(&input[self.offsets.path_start..]);
        } else {
            buffer.push_str(input);
        }
    }

    /// The URL of the scanned input, whose serialization is `serialization`.
    #[inline(always)]
    fn url(&self, serialization: String) -> Url {
        let shift = usize::from(self.insert_slash);
        let shifted = |offset: usize| if offset == 0 { 0 } else { offset + shift };
        Url {
            serialization,
            offsets: Offsets {
                query_start: shifted(self.offsets.query_start),
                fragment_start: shifted(self.offsets.fragment_start),
                ..self.offsets
            }
            .to_u32(),
            port: self.port,
            host_kind: self.host_kind,
            scheme_type: self.scheme_type,
        }
    }
}

/// The special scheme `bytes` starts with, in lowercase and followed by ':', and its length.
#[inline(always)]
fn special_scheme_prefix(bytes: &[u8]) -> Option<(SchemeType, usize)> {
    Some(match bytes {
        [b'h', b't', b't', b'p', b's', b':', ..] => (SchemeType::Https, 5),
        [b'h', b't', b't', b'p', b':', ..] => (SchemeType::Http, 4),
        [b'f', b'i', b'l', b'e', b':', ..] => (SchemeType::File, 4),
        [b'w', b's', b's', b':', ..] => (SchemeType::Wss, 3),
        [b'w', b's', b':', ..] => (SchemeType::Ws, 2),
        [b'f', b't', b'p', b':', ..] => (SchemeType::Ftp, 3),
        _ => return None,
    })
}

/// The single forward scan that recognizes a normal special URL. (Inlined into both callers:
/// a `Scan` returned through memory is read back before its stores have landed.)
#[inline(always)]
fn scan(input: &str) -> Option<Scan> {
    if input.len() >= u32::MAX as usize {
        return None;
    }
    let bytes = input.as_bytes();
    // Scheme: a special scheme in lowercase, then "://".
    let (scheme_type, scheme_end) = special_scheme_prefix(bytes)?;
    if bytes.get(scheme_end..scheme_end + 3) != Some(b"://") {
        return None;
    }
    let file = scheme_type == SchemeType::File;

    // Host.
    let host_start = scheme_end + 3;
    let host_end = host_start + host_run::<false>(&bytes[host_start..]);
    let host = &input[host_start..host_end];
    let host_kind = if host.is_empty() {
        if !file {
            return None;
        }
        HostKind::Empty
    } else if ends_in_a_number(host) {
        // An IPv4 address in its serialized form is its own serialization.
        parse_serialized(host.as_bytes())?;
        HostKind::Ipv4
    } else if file && host == "localhost" {
        return None;
    } else {
        HostKind::Domain
    };

    // Port: digits without a leading zero, not the default port, at most 65535.
    let mut i = host_end;
    let mut port = None;
    if bytes.get(i) == Some(&b':') {
        let digits = ascii_digits_len(&bytes[i + 1..]);
        if file || digits == 0 || digits > 5 || bytes[i + 1] == b'0' {
            return None;
        }
        let value = port_value(&bytes[i + 1..i + 1 + digits]).ok()?;
        if Some(value) == scheme_type.default_port() {
            return None;
        }
        port = Some(value);
        i += 1 + digits;
    }

    // Path: "/"-separated segments of path-safe bytes, none of them a dot segment.
    let path_start = i;
    let insert_slash = match bytes.get(i) {
        None | Some(b'?' | b'#') => true,
        Some(b'/') => false,
        Some(_) => return None,
    };
    if !insert_slash {
        // A file URL's first segment must not be a Windows drive letter with '|'.
        if file
            && bytes.get(i + 2) == Some(&b'|')
            && bytes[i + 1].is_ascii_alphabetic()
            && matches!(bytes.get(i + 3), None | Some(b'/' | b'?' | b'#'))
        {
            return None;
        }
        // The path runs over path-safe bytes and '/', up to the first dot segment.
        i = clean_path_run(bytes, i);
        if matches!(bytes.get(i), Some(b'.' | b'%')) {
            return None;
        }
    }

    // Query and fragment.
    let mut query_start = 0;
    if bytes.get(i) == Some(&b'?') {
        query_start = i;
        i += 1 + run_of(bytes, i + 1, QUERY_OK);
    }
    let mut fragment_start = 0;
    if bytes.get(i) == Some(&b'#') {
        fragment_start = i;
        i += 1 + run_of(bytes, i + 1, FRAGMENT_OK);
    }
    if i != bytes.len() {
        return None;
    }

    Some(Scan {
        offsets: Offsets {
            scheme_end,
            // No credentials: the username ends where the host starts.
            username_end: host_start,
            host_start,
            host_end,
            path_start,
            query_start,
            fragment_start,
        },
        port,
        host_kind,
        scheme_type,
        insert_slash,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lex::{HOST_ANY_CASE, HOST_OK, class, host_stops};
    use crate::parser::parse_general_for_tests;

    /// The byte loop `host_run` replaces.
    fn host_run_naive(bytes: &[u8], bit: u16) -> usize {
        bytes
            .iter()
            .position(|&b| class(b) & bit == 0)
            .unwrap_or(bytes.len())
    }

    #[test]
    fn host_stops_classifies_every_byte_in_every_lane() {
        fn check(stops: fn(u64) -> u64, bit: u16) {
            for b in 0..=255u8 {
                let expected = class(b) & bit == 0;
                for lane in 0..8 {
                    // The byte in one lane, host bytes or stop bytes around it.
                    for fill in [b'a', b'/', b'A', 0xFF, 0x7F] {
                        let mut word = [fill; 8];
                        word[lane] = b;
                        let found = stops(u64::from_le_bytes(word));
                        assert_eq!(found >> (8 * lane) & 0x80 != 0, expected, "{b:#x} {lane}");
                        let fill_stops = class(fill) & bit == 0;
                        for other in (0..8).filter(|&l| l != lane) {
                            assert_eq!(found >> (8 * other) & 0x80 != 0, fill_stops, "{b:#x}");
                        }
                    }
                }
            }
        }
        check(host_stops::<true>, HOST_ANY_CASE);
        check(host_stops::<false>, HOST_OK);
    }

    #[test]
    fn host_run_agrees_with_the_byte_loop() {
        // Every length up to 40 with the stop byte at every place (or none).
        let stops: [&[u8]; 7] = [b"/", b":", b"\xC3\xA9", b"\x7F", b"%", b"\r", b"Q"];
        for len in 0..40 {
            for stop_at in 0..=len {
                for stop in stops {
                    let mut input: Vec<u8> =
                        b"ab3-._z9".iter().cycle().take(len).copied().collect();
                    if stop_at < len {
                        input.truncate(stop_at);
                        input.extend_from_slice(stop);
                        input.extend_from_slice(b"host");
                    }
                    assert_eq!(host_run::<false>(&input), host_run_naive(&input, HOST_OK));
                    assert_eq!(
                        host_run::<true>(&input),
                        host_run_naive(&input, HOST_ANY_CASE),
                        "{input:?}"
                    );
                }
            }
        }
    }

    /// Every field of the URL, for comparing the two paths exactly.
    fn fields(u: &Url) -> String {
        format!(
            "{} {:?} {:?} {:?} {:?}",
            u.serialization, u.offsets, u.port, u.host_kind, u.scheme_type
        )
    }

    /// Asserts that the fast path either declines or agrees exactly with the general parser.
    pub(crate) fn check(input: &str) -> bool {
        let general = parse_general_for_tests(input, None);
        // `can_parse`'s quick look, too: it may only say yes to what parses.
        if let Some(valid) = quick_validity(input) {
            assert_eq!(valid, general.is_ok(), "{input:?}: quick_validity is wrong");
        }
        assert_eq!(
            crate::parser::can_parse(input, None),
            general.is_ok(),
            "{input:?}"
        );
        match parse_normal(input) {
            None => false,
            Some(fast) => {
                let general = general.unwrap_or_else(|e| {
                    panic!("{input:?}: fast path accepted, general failed: {e}")
                });
                assert_eq!(fields(&fast), fields(&general), "{input:?}");
                true
            }
        }
    }

    #[test]
    fn accepts_normal_urls_exactly_as_the_general_parser() {
        for input in [
            "https://example.com/a/b?q=1#top",
            "http://example.com",
            "http://example.com?x",
            "http://example.com#x",
            "http://a:8080/",
            "ws://a:1/%2/..a/.b/a.",
            "file:///home/x.txt",
            "file://deps/v8/src/heap.cc",
            "file://node.gypi",
            "file:///C:/x",
            "ftp://a.b-c.d/~x/@!$&'()*+,;=:",
            "https://h/p?a=b&c=d;e/f?g",
            "https://xn--a.example/",
            "http://1.2.3.4/",
            "http://255.0.10.199:8080/x",
            "file://10.0.0.1/share",
        ] {
            assert!(check(input), "fast path declined {input:?}");
        }
    }

    #[test]
    fn declines_what_needs_the_general_parser() {
        for input in [
            "HTTP://a/",
            "http://A/",
            "http://a:80/",
            "http://a:080/",
            "http://a:99999/",
            "http://1.2.3.04/",
            "http://1.2.3.256/",
            "http://1.2.3/",
            "http://a.0x1/",
            "http://a/./b",
            "http://a/b/..",
            "http://a/%2e%2E/",
            "http://a\\b",
            "http://a/ b",
            "http://a/?'",
            "http://u@a/",
            "http:///a",
            "file://localhost/x",
            "file:///C|/x",
            "file:///A|#",
            "file://h/c|?q",
            "file://h:1/",
            "git://a/",
            "http://a/\u{e9}",
            " http://a/",
            "http://a/\t",
        ] {
            assert!(!check(input), "fast path accepted {input:?}");
        }
    }

    #[test]
    fn agrees_with_the_general_parser_on_every_wpt_input_and_variants() {
        let data: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/data/wpt/urltestdata.json")).unwrap();
        let mut accepted = 0;
        for case in data.as_array().unwrap() {
            let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
                continue;
            };
            // The input itself, its href when it parses, and small edits of the href.
            let mut inputs = vec![input.to_string()];
            if let Ok(url) = Url::parse(input) {
                let href = url.href().to_string();
                inputs.push(format!("{href}/."));
                inputs.push(format!("{href}?a b"));
                inputs.push(href.replace("//", "/"));
                inputs.push(href.to_uppercase());
                // Userinfo, ports and trailing controls around the authority.
                if let Some((scheme, rest)) = href.split_once("://") {
                    inputs.push(format!("{scheme}://u:p@{rest}"));
                    inputs.push(format!("{scheme}://@{rest}"));
                    inputs.push(format!("{scheme}://u@{rest}\u{1}"));
                    inputs.push(format!("{scheme}://{rest}:08"));
                    inputs.push(format!("{scheme}://{}", rest.replacen('/', ":65536/", 1)));
                    inputs.push(format!("{scheme}://{}", rest.replacen('/', ":0/", 1)));
                    inputs.push(format!("{scheme}://a@{}", rest.replacen('/', "@/", 1)));
                }
                inputs.push(href);
            }
            for input in &inputs {
                accepted += usize::from(check(input));
            }
        }
        assert!(accepted > 200, "the fast path took only {accepted} inputs");
    }

    #[test]
    fn quick_validity_answers_only_what_it_knows() {
        for input in [
            "https://example.com",
            "https://example.com:8080/x y",
            "http://a?\t",
            "file:///x",
            "file://host/%zz",
            "sc:anything at all",
            "mailto:x",
            "ws://a\\b",
            "http://u@h/",
            "http://a:b@c:29/d",
            "http://@h",
            "http://a:00080/",
            "http://a:/",
            "http://f:00000000000000000000080/c",
            "HTTP://u:p@EXAMPLE.com:8080?q",
            "http://EXAMPLE.com%2e/",
            "http://[::1]:80/",
            "http://faß.example/",
            "sc://",
            "sc://h",
            "sc://u:p@h:1/x",
            "sc://\u{1}!\"$%&'()*+,-.;=_`{}~\u{e9}/",
            "sc://h:/",
            "sc://[::1]:1/",
            "http:///x",
            "https:////\\\\x",
        ] {
            assert_eq!(quick_validity(input), Some(true), "{input}");
            assert!(Url::parse(input).is_ok(), "{input}");
        }
        for input in [
            "http://1.2.3.4.5/",
            "http://a:99999/",
            "http://u@/",
            "http://u@h@/",
            "http://a:65536/",
            "http://a:1a/",
            "http://:1/",
            "http://a b/",
            "http://[::1/",
            "http://xn--a.\u{df}/",
            "sc://u@",
            "sc://:1",
            "sc://h:99999",
            "sc://h:1a",
            "sc://a^b/",
            "sc://[1::2::3]/",
            "http:////",
            "http:///\\?",
        ] {
            assert_eq!(quick_validity(input), Some(false), "{input}");
            assert!(Url::parse(input).is_err(), "{input}");
        }
        for input in [
            "HTTP:x",
            "relative",
            "http://a\t/",
            "file://h:1/",
            "file://u@h/",
            "sc://u@\u{1}",
            "sc://h \u{1}",
            "sc://h\t/",
            "sc:/\r/\u{2}\0tt@/",
            "sc:\t//@",
        ] {
            assert_eq!(quick_validity(input), None, "{input}");
        }
    }
}
