//! The `w3lib` profile: the output of Python w3lib's `canonicalize_url` (w3lib 2.5, default
//! arguments) computed from the URL Standard's serialization of the URL. The rules, each
//! named after the w3lib step it mirrors, are listed in the [module](super) documentation.

use super::bytes::{
    ByteSet, push_escape, quote_into, quote_plus_into, unquote_into, unquote_plus_into,
};
use super::tracking::is_tracking;
use crate::Url;
use crate::percent;
use std::borrow::Cow;

/// w3lib's `_USERINFO_SAFEST_CHARS`: unreserved and sub-delimiters but `;` and `=`.
const USERINFO_SAFE: ByteSet = ByteSet::new(b"!$&'()*+,", true);

/// w3lib's `_PATH_SAFEST_CHARS` (`safe_url_string`'s first pass over the path): unreserved,
/// sub-delimiters, `:/?@` and `%`.
const PATH_SAFEST: ByteSet = ByteSet::new(b"!$&'()*+,;=:/?@%", true);

/// w3lib's `_PATH_SAFE_CHARS` (`canonicalize_url`'s second pass): also `[`, `]` and `|`.
const PATH_SAFE: ByteSet = ByteSet::new(b"!$&'()*+,;=:/?@%[]|", true);

/// The schemes Python's `urllib.parse` writes `//` for even without an authority
/// (`uses_netloc`).
const USES_NETLOC: [&str; 25] = [
    "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp",
    "snews", "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git",
    "git+ssh", "ws", "wss",
];

/// The `w3lib` profile's text of `url` (not parsed again). One buffer is written in order,
/// with one more allocation for a query's fields and one for a path with dot segments.
pub(crate) fn w3lib_string(url: &Url, strip_tracking: bool) -> String {
    let href = url.href_without_fragment();
    let scheme = url.scheme();
    let rest = &href[scheme.len() + 1..];
    let (netloc, rest) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = memchr::memchr2(b'/', b'?', after.as_bytes()).unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    let (path, query) = match memchr::memchr(b'?', rest.as_bytes()) {
        Some(q) => (&rest[..q], &rest[q + 1..]),
        None => (rest, ""),
    };

    let mut buf: Vec<u8> = Vec::with_capacity(href.len() + 16);
    buf.extend_from_slice(scheme.as_bytes());
    buf.push(b':');

    // The authority, rebuilt by `_safe_url_split` and lowercased by `canonicalize_url`.
    let authority_start = buf.len();
    if let Some(netloc) = netloc {
        buf.extend_from_slice(b"//");
        push_netloc(netloc, &mut buf);
        if buf.len() == authority_start + 2 {
            buf.truncate(authority_start);
        }
    }
    let has_authority = buf.len() > authority_start;

    // The path: `;params` split off the last segment (`_split_params`), the rest decoded
    // but for %25 %2F %3B %3F (`_unquotepath`) and encoded again (`_quote`), dot segments
    // removed (`_remove_dot_segments`); the params keep `safe_url_string`'s encoding only.
    let (path, params) = if uses_params(scheme) {
        let last = memchr::memrchr(b'/', path.as_bytes()).map_or(0, |i| i + 1);
        match memchr::memchr(b';', &path.as_bytes()[last..]) {
            Some(semi) => (&path[..last + semi], &path[last + semi + 1..]),
            None => (path, ""),
        }
    } else {
        (path, "")
    };
    let path_start = buf.len();
    if path.is_empty() {
        buf.push(b'/');
    } else {
        push_path(path.as_bytes(), &mut buf);
    }
    if buf[path_start] == b'/' && memchr::memmem::find(&buf[path_start..], b"/.").is_some() {
        let resolved = remove_dot_segments(&buf[path_start..]);
        buf.truncate(path_start);
        buf.extend_from_slice(&resolved);
    }
    if !params.is_empty() {
        buf.push(b';');
        quote_into(params.as_bytes(), &PATH_SAFEST, &mut buf);
    }

    // `_urlunsplit`.
    let new_path = &buf[path_start..];
    if has_authority {
        if new_path.first() != Some(&b'/') {
            buf.insert(path_start, b'/');
        }
    } else if new_path.starts_with(b"//")
        || (new_path.first() == Some(&b'/') && USES_NETLOC.contains(&scheme))
    {
        buf.splice(path_start..path_start, *b"//");
    }

    // The query: `&`-separated fields, empty ones dropped, split at the first `=`, both
    // halves decoded (`+` is a space), sorted by name then value (bytewise), encoded again
    // as application/x-www-form-urlencoded (ALPHA DIGIT `-._~` kept, space as `+`).
    if !query.is_empty() {
        let mut pairs: Vec<Pair<'_>> = Vec::new();
        for field in query
            .as_bytes()
            .split(|&b| b == b'&')
            .filter(|f| !f.is_empty())
        {
            let (name, value) = match memchr::memchr(b'=', field) {
                Some(eq) => (&field[..eq], &field[eq + 1..]),
                None => (field, &[][..]),
            };
            let name = unquote_plus(name);
            if strip_tracking && is_tracking(&name) {
                continue;
            }
            pairs.push((name, unquote_plus(value)));
        }
        if !pairs.is_sorted() {
            pairs.sort();
        }
        for (i, (name, value)) in pairs.iter().enumerate() {
            buf.push(if i == 0 { b'?' } else { b'&' });
            quote_plus_into(name, &mut buf);
            buf.push(b'=');
            quote_plus_into(value, &mut buf);
        }
    }
    // Every byte written is ASCII: each other byte was percent-encoded.
    String::from_utf8(buf).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// A query field's name and value, decoded.
type Pair<'a> = (Cow<'a, [u8]>, Cow<'a, [u8]>);

/// Whether Python's `urllib.parse` splits `;params` off the last path segment of `scheme`'s
/// URLs (`uses_params`).
fn uses_params(scheme: &str) -> bool {
    matches!(
        scheme,
        "http"
            | "https"
            | "ftp"
            | "hdl"
            | "prospero"
            | "imap"
            | "shttp"
            | "rtsp"
            | "rtsps"
            | "rtspu"
            | "sip"
            | "sips"
            | "mms"
            | "sftp"
            | "tel"
    )
}

/// `data` decoded as w3lib's `_unquote_plus` does, borrowed when there is nothing to decode.
fn unquote_plus(data: &[u8]) -> Cow<'_, [u8]> {
    if data.iter().any(|&b| b == b'%' || b == b'+') {
        let mut out = Vec::with_capacity(data.len());
        unquote_plus_into(data, &mut out);
        Cow::Owned(out)
    } else {
        Cow::Borrowed(data)
    }
}

/// Appends the authority `netloc` as w3lib rebuilds it: the username and password decoded
/// and encoded again with `USERINFO_SAFE`, the host lowercased, the port as a number.
fn push_netloc(netloc: &str, out: &mut Vec<u8>) {
    let (userinfo, hostport) = match netloc.rfind('@') {
        Some(at) => (Some(&netloc[..at]), &netloc[at + 1..]),
        None => (None, netloc),
    };
    if let Some(userinfo) = userinfo {
        let (username, password) = match userinfo.split_once(':') {
            Some((u, p)) => (u, Some(p)),
            None => (userinfo, None),
        };
        let mut decoded = Vec::new();
        unquote_into(username.as_bytes(), &mut decoded);
        quote_into(&decoded, &USERINFO_SAFE, out);
        if let Some(password) = password {
            out.push(b':');
            decoded.clear();
            unquote_into(password.as_bytes(), &mut decoded);
            quote_into(&decoded, &USERINFO_SAFE, out);
        }
        out.push(b'@');
    }
    let (host, port) = if hostport.starts_with('[') {
        match hostport.find(']') {
            Some(end) => (
                &hostport[..=end],
                hostport[end + 1..].strip_prefix(':').unwrap_or(""),
            ),
            None => (hostport, ""),
        }
    } else {
        hostport.split_once(':').unwrap_or((hostport, ""))
    };
    out.extend(host.bytes().map(|b| b.to_ascii_lowercase()));
    if !port.is_empty() {
        out.push(b':');
        // The URL Standard's port is a number without leading zeros already.
        out.extend_from_slice(port.as_bytes());
    }
}

/// Appends `path` as `_quote(_unquotepath(...))` of `safe_url_string`'s encoding leaves it:
/// every `%HH` decoded but %25, %2F, %3B and %3F (which get uppercase hex digits), then every
/// byte outside `PATH_SAFE` encoded. (Encoding with `PATH_SAFEST` first and decoding back
/// changes nothing a byte-wise pass needs to see: an encoding it adds starts with `%`, which
/// is not a hex digit, so it cannot complete an earlier `%`.)
///
/// One departure, for idempotence: w3lib writes a `%` that was not an escape as it is, and
/// when decoding puts two hex digits after it (`%%34%31` → `%41`), its answer may mean
/// something else the next time (`A`). Such a `%` is written `%25` here, unless the escape
/// it starts is one the next pass writes again unchanged (`%%32%35` → `%25`).
fn push_path(path: &[u8], out: &mut Vec<u8>) {
    let start = out.len();
    let mut lone_percents: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < path.len() {
        // A run of bytes written as they are (every byte of PATH_SAFE but `%`), copied whole.
        let run = path[i..]
            .iter()
            .position(|&b| b == b'%' || !PATH_SAFE.contains(b))
            .unwrap_or(path.len() - i);
        out.extend_from_slice(&path[i..i + run]);
        i += run;
        if i == path.len() {
            break;
        }
        if let Some(b) = percent::percent_encoded_byte_at(path, i) {
            if matches!(b, b'%' | b'/' | b';' | b'?') || !PATH_SAFE.contains(b) {
                push_escape(out, b);
            } else {
                out.push(b);
            }
            i += 3;
        } else {
            let b = path[i];
            if b == b'%' {
                lone_percents.push(out.len());
            }
            if PATH_SAFE.contains(b) {
                out.push(b);
            } else {
                push_escape(out, b);
            }
            i += 1;
        }
    }
    for &at in lone_percents.iter().rev() {
        if let Some(b) = percent::percent_encoded_byte_at(&out[start..], at - start) {
            // The escape this `%` now starts is stable when the next pass writes it again as
            // it is: kept (or encoded again), with uppercase hex digits.
            let kept = matches!(b, b'%' | b'/' | b';' | b'?') || !PATH_SAFE.contains(b);
            let uppercase = !out[at + 1..at + 3].iter().any(u8::is_ascii_lowercase);
            if !(kept && uppercase) {
                out.splice(at + 1..at + 1, *b"25");
            }
        }
    }
}

/// RFC 3986's remove_dot_segments, as w3lib's `_remove_dot_segments` does it on a path
/// starting with `/`.
fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    let segments: Vec<&[u8]> = path[1..].split(|&b| b == b'/').collect();
    let (last, init) = segments
        .split_last()
        .expect("split yields one item at least");
    let mut output: Vec<&[u8]> = Vec::with_capacity(segments.len());
    for &segment in init {
        match segment {
            b".." => {
                output.pop();
            }
            b"." => {}
            _ => output.push(segment),
        }
    }
    match *last {
        b".." => {
            output.pop();
            output.push(b"");
        }
        b"." => output.push(b""),
        last => output.push(last),
    }
    let mut out = Vec::with_capacity(path.len());
    for segment in output {
        out.push(b'/');
        out.extend_from_slice(segment);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{push_path, remove_dot_segments};

    fn path(p: &str) -> String {
        let mut out = Vec::new();
        push_path(p.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn paths() {
        assert_eq!(path("/b%7e%2f%3b%3F%25"), "/b~%2F%3B%3F%25");
        assert_eq!(path("/%5B%5d%7C|[%20%22"), "/[]||[%20%22");
        assert_eq!(path("/%e2%82%ac%FF"), "/%E2%82%AC%FF");
        assert_eq!(path("/100%"), "/100%");
        assert_eq!(path("/%%34%31"), "/%2541");
        assert_eq!(path("/%%32%35"), "/%25");
        assert_eq!(path("/%%32%66"), "/%252f");
        assert_eq!(path("/%%32%32"), "/%22");
        assert_eq!(path("/%%zz"), "/%%zz");
    }

    #[test]
    fn dot_segments() {
        let r = |p: &str| String::from_utf8(remove_dot_segments(p.as_bytes())).unwrap();
        assert_eq!(r("/a/b/../c/./d"), "/a/c/d");
        assert_eq!(r("/a/.."), "/");
        assert_eq!(r("/a/."), "/a/");
        assert_eq!(r("/.//x/"), "//x/");
        assert_eq!(r("/../a"), "/a");
    }
}
