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

use crate::host::{HostKind, ipv4::ends_in_a_number};
use crate::percent::{EncodeSet, build_table};
use crate::url::{SchemeType, Url};

use super::{is_double_dot, is_single_dot};

const HOST_OK: u8 = 1;
const PATH_OK: u8 = 1 << 1;
const QUERY_OK: u8 = 1 << 2;
const FRAGMENT_OK: u8 = 1 << 3;
/// Host bytes in any case: `HOST_OK` and ASCII uppercase (lowercasing cannot make a host fail).
const HOST_ANY_CASE: u8 = 1 << 5;
/// Path bytes that need no second look: path-safe bytes and '/', but not '.' and '%'.
const PATH_PLAIN: u8 = 1 << 4;

/// Byte classes: which components may hold a byte unchanged.
const fn build_classes() -> [u8; 256] {
    let sets = build_table();
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        let mut bits = 0;
        if c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-' || c == b'.' || c == b'_' {
            bits |= HOST_OK | HOST_ANY_CASE;
        }
        if c.is_ascii_uppercase() {
            bits |= HOST_ANY_CASE;
        }
        // Path: not encoded by the path set, and not a segment or component delimiter.
        if sets[i] & EncodeSet::PATH.bits() == 0 && c != b'\\' && c != b'/' {
            bits |= PATH_OK;
        }
        if sets[i] & EncodeSet::SPECIAL_QUERY.bits() == 0 && c != b'#' {
            bits |= QUERY_OK;
        }
        if sets[i] & EncodeSet::FRAGMENT.bits() == 0 {
            bits |= FRAGMENT_OK;
        }
        if (bits & PATH_OK != 0 && c != b'.' && c != b'%') || c == b'/' {
            bits |= PATH_PLAIN;
        }
        t[i] = bits;
        i += 1;
    }
    t
}

static CLASSES: [u8; 256] = build_classes();

/// The length of the run of bytes from `from` whose class has `bit`: eight bytes at a time
/// (the classes of eight bytes ANDed together), then byte by byte.
#[inline(always)]
fn run_of(bytes: &[u8], from: usize, bit: u8) -> usize {
    let rest = &bytes[from..];
    let mut chunks = rest.chunks_exact(8);
    let mut len = 0;
    for chunk in &mut chunks {
        let all = chunk.iter().fold(0xFF, |acc, &b| acc & CLASSES[b as usize]);
        if all & bit == 0 {
            break;
        }
        len += 8;
    }
    len + rest[len..]
        .iter()
        .position(|&b| CLASSES[b as usize] & bit == 0)
        .unwrap_or(rest.len() - len)
}

/// For the general parser's path state, positioned at the start of a segment: the position of
/// the last '/' of the longest run of complete segments from `from` that need nothing (bytes
/// the path keeps as they are, no backslash, no dot segment), or `None`. The segments before
/// that '/' can be copied in one piece.
pub(crate) fn plain_segments_end(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    loop {
        i += run_of(bytes, i, PATH_PLAIN);
        if !matches!(bytes.get(i), Some(b'.' | b'%')) {
            break;
        }
        if i == from || bytes[i - 1] == b'/' {
            let len = run_of(bytes, i, PATH_OK);
            let segment = &bytes[i..i + len];
            if len <= 6 && (is_single_dot(segment) || is_double_dot(segment)) {
                break;
            }
        }
        i += 1;
    }
    let run = &bytes[from..i];
    run.iter().rposition(|&b| b == b'/').map(|last| from + last)
}

/// What the scan of a normal URL found: the URL's fields, with offsets into the input.
struct Scan {
    scheme_end: usize,
    host_start: usize,
    host_end: usize,
    path_start: usize,
    query_start: usize,
    fragment_start: usize,
    port: Option<u16>,
    host_kind: HostKind,
    scheme_type: SchemeType,
    /// The path is missing and its "/" must be inserted at `path_start`.
    insert_slash: bool,
}

/// `Some(true)` when `input` certainly parses (whatever the base), `None` when the general
/// parser has to decide. Only the part of the input that can make parsing fail is looked at:
/// the scheme and, for a special URL, a clean authority (`scheme://host[:port]` followed by
/// the end, '/', '?' or '#'); for a non-special scheme without "//", nothing after the ':'
/// can fail (a path or an opaque path).
pub(crate) fn certainly_parses(input: &str) -> Option<bool> {
    let bytes = input.as_bytes();
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    let scheme_end = bytes
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    if bytes[scheme_end] != b':' {
        return None;
    }
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
        let mut significant = after.iter().filter(|b| !matches!(b, b'\t' | b'\n' | b'\r'));
        let authority = significant.next() == Some(&b'/') && significant.next() == Some(&b'/');
        return (!authority).then_some(true);
    }
    let rest = after.strip_prefix(b"//")?;
    let host_len = run_of(rest, 0, HOST_ANY_CASE);
    let host = &input[scheme_end + 3..scheme_end + 3 + host_len];
    let file = scheme_type == SchemeType::File;
    if (host.is_empty() && !file) || (!host.is_empty() && ends_in_a_number(host)) {
        return None;
    }
    let mut i = host_len;
    if rest.get(i) == Some(&b':') {
        if file {
            return None;
        }
        let digits = rest[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits > 5
            || input[scheme_end + 4 + i..scheme_end + 4 + i + digits]
                .parse::<u32>()
                .is_ok_and(|p| p > 65535)
        {
            return None;
        }
        i += 1 + digits;
    }
    match rest.get(i) {
        None | Some(b'/' | b'?' | b'#') => Some(true),
        Some(b'\\') if !file => Some(true),
        _ => None,
    }
}

/// Parses `input` if it is already a normal special URL; `None` means "use the general parser".
#[doc(hidden)]
pub fn parse_normal(input: &str) -> Option<Url> {
    let Scan {
        scheme_end,
        host_start,
        host_end,
        path_start,
        query_start,
        fragment_start,
        port,
        host_kind,
        scheme_type,
        insert_slash,
    } = scan(input)?;
    // Copy, inserting the "/" of a missing path.
    let shift = usize::from(insert_slash);
    let serialization = if insert_slash {
        let mut s = String::with_capacity(input.len() + 1);
        s.push_str(&input[..path_start]);
        s.push('/');
        s.push_str(&input[path_start..]);
        s
    } else {
        input.to_owned()
    };
    let shifted = |offset: usize| {
        if offset == 0 {
            0
        } else {
            (offset + shift) as u32
        }
    };
    Some(Url {
        serialization,
        scheme_end: scheme_end as u32,
        username_end: host_start as u32,
        host_start: host_start as u32,
        host_end: host_end as u32,
        path_start: path_start as u32,
        query_start: shifted(query_start),
        fragment_start: shifted(fragment_start),
        port,
        host_kind,
        scheme_type,
    })
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

/// The single forward scan that recognizes a normal special URL.
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
    let host_end = host_start + run_of(bytes, host_start, HOST_OK);
    let host = &input[host_start..host_end];
    let host_kind = if host.is_empty() {
        if !file {
            return None;
        }
        HostKind::Empty
    } else {
        if ends_in_a_number(host) || (file && host == "localhost") {
            return None;
        }
        HostKind::Domain
    };

    // Port: digits without a leading zero, not the default port, at most 65535.
    let mut i = host_end;
    let mut port = None;
    if bytes.get(i) == Some(&b':') {
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if file || digits == 0 || digits > 5 || bytes[i + 1] == b'0' {
            return None;
        }
        let value = input[i + 1..i + 1 + digits].parse::<u32>().ok()?;
        let value = u16::try_from(value).ok()?;
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
        // The path runs over path-safe bytes and '/'; the run pauses at each '.' and '%' to
        // see whether it starts a segment that is a dot segment.
        loop {
            i += run_of(bytes, i, PATH_PLAIN);
            if !matches!(bytes.get(i), Some(b'.' | b'%')) {
                break;
            }
            if bytes[i - 1] == b'/' {
                let len = run_of(bytes, i, PATH_OK);
                let segment = &bytes[i..i + len];
                if len <= 6 && (is_single_dot(segment) || is_double_dot(segment)) {
                    return None;
                }
            }
            i += 1;
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
        scheme_end,
        host_start,
        host_end,
        path_start,
        query_start,
        fragment_start,
        port,
        host_kind,
        scheme_type,
        insert_slash,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_general_for_tests;

    /// Every field of the URL, for comparing the two paths exactly.
    fn fields(u: &Url) -> String {
        format!(
            "{} {} {} {} {} {} {} {} {:?} {:?} {:?}",
            u.serialization,
            u.scheme_end,
            u.username_end,
            u.host_start,
            u.host_end,
            u.path_start,
            u.query_start,
            u.fragment_start,
            u.port,
            u.host_kind,
            u.scheme_type
        )
    }

    /// Asserts that the fast path either declines or agrees exactly with the general parser.
    pub(crate) fn check(input: &str) -> bool {
        let general = parse_general_for_tests(input, None);
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
            "http://1.2.3.4/",
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
                inputs.push(href);
            }
            for input in &inputs {
                accepted += usize::from(check(input));
            }
        }
        assert!(accepted > 200, "the fast path took only {accepted} inputs");
    }

    #[test]
    fn certainly_parses_only_what_parses() {
        for input in [
            "https://example.com",
            "https://example.com:8080/x y",
            "http://a?\t",
            "file:///x",
            "file://host/%zz",
            "sc:anything at all",
            "mailto:x",
            "ws://a\\b",
        ] {
            assert_eq!(certainly_parses(input), Some(true), "{input}");
            assert!(Url::parse(input).is_ok(), "{input}");
        }
        for input in [
            "http://1.2.3.4.5/",
            "http://a:99999/",
            "http:///x",
            "HTTP:x",
            "sc://a b/",
            "http://u@h/",
            "relative",
            "http://a\t/",
            "file://h:1/",
            "sc:/\r/\u{2}\0tt@/",
            "sc:\t//@",
        ] {
            assert_eq!(certainly_parses(input), None, "{input}");
        }
    }
}
