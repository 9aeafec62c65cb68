//! The `surt` profile: the key of the `surt` Python package's default `surt()` (surt 0.3.1,
//! Internet Archive) computed from the URL Standard's serialization of the URL. The rules,
//! named after the surt functions they mirror, are listed in the [module](super)
//! documentation.

use super::INDEX_FILES;
use super::bytes::{ByteSet, quote_into, unquote_plus_into, unquote_repeatedly_into};
use super::tracking::is_tracking;
use crate::Url;

/// The bytes surt's `escapeOnce` keeps: ALPHA DIGIT and every printable ASCII character
/// but `#` and `%` (space, control characters, `#`, `%`, DEL and non-ASCII bytes are
/// encoded).
const ESCAPE_ONCE_SAFE: ByteSet = ByteSet::new(b"_.-~!\"$&'()*+,/:;<=>?@[\\]^`{|}", false);

/// The parts of a URL that make its key, as surt's canonicalizers leave them.
pub(crate) struct Canonical {
    /// The scheme, lowercase.
    pub(crate) scheme: String,
    /// The host, if any (not empty): lowercase, `www` dropped, unreversed.
    pub(crate) host: Option<Vec<u8>>,
    /// The port, when not the scheme's default.
    pub(crate) port: Option<u32>,
    /// The path (escaped; may be empty).
    pub(crate) path: Vec<u8>,
    /// The query, when there is one left.
    pub(crate) query: Option<Vec<u8>>,
}

/// `url` canonicalized by surt's `DefaultIAURLCanonicalizer` (Google's then the Internet
/// Archive's rules), from its href; `None` for an href starting with `filedesc`, which
/// `surt()` returns as it is.
pub(crate) fn canonical(url: &Url, drop_index: bool, strip_tracking: bool) -> Option<Canonical> {
    let href = url.href();
    if href.starts_with("filedesc") {
        return None;
    }
    let href = url.href_without_fragment();
    let scheme = url.scheme();
    // `handyurl.parse`: the RFC 2396 regular expression of its appendix B.
    let rest = &href[scheme.len() + 1..];
    let (netloc, rest) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find(['/', '?']).unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    let (raw_path, raw_query) = match rest.split_once('?') {
        Some((path, query)) => (path, Some(query).filter(|q| !q.is_empty())),
        None => (rest, None),
    };
    // Python's `SplitResult.hostname` and `.port` (a port 0 counts as none).
    let (mut hostname, port) = match netloc.map(|n| n.trim_end_matches(':')) {
        Some(netloc) => {
            let hostinfo = netloc.rsplit_once('@').map_or(netloc, |(_, h)| h);
            let (host, port) = match hostinfo.split_once('[') {
                Some((_, bracketed)) => {
                    let (host, after) = bracketed.split_once(']').unwrap_or((bracketed, ""));
                    (host, after.split_once(':').map_or("", |(_, p)| p))
                }
                None => hostinfo.split_once(':').unwrap_or((hostinfo, "")),
            };
            let port = port.parse::<u32>().ok().filter(|&p| p != 0);
            (Some(host.to_ascii_lowercase().into_bytes()), port)
        }
        None => (None, None),
    };
    if hostname.as_ref().is_some_and(Vec::is_empty) {
        hostname = None;
    }
    let mut path = raw_path.as_bytes().to_vec();
    // "http:////www.vikings.com": an http-like scheme without a host takes the path's first
    // segment as its host.
    if scheme.starts_with("http") && hostname.is_none() && !path.is_empty() {
        let trimmed: Vec<u8> = path.iter().copied().skip_while(|&b| b == b'/').collect();
        let (host, tail) = match trimmed.iter().position(|&b| b == b'/') {
            Some(slash) => (trimmed[..slash].to_vec(), trimmed[slash + 1..].to_vec()),
            None => (trimmed, Vec::new()),
        };
        hostname = Some(host);
        path = [b"/".as_slice(), &tail].concat();
    }

    // GoogleURLCanonicalizer: the query minimally escaped (decoded repeatedly, then
    // `escapeOnce`), the host decoded repeatedly, IDNA-encoded when not ASCII, `..` made `.`,
    // dots stripped at both ends, read as an IPv4 address in the C library's forms when it
    // looks like one, lowercased and escaped; the path decoded repeatedly, its dot segments
    // and empty segments removed when there is a host, escaped.
    let mut query = raw_query.map(|q| minimal_escape(q.as_bytes()));
    let host = hostname.map(google_host).filter(|h| !h.is_empty());
    let mut decoded_path = Vec::with_capacity(path.len());
    unquote_repeatedly_into(&path, &mut decoded_path);
    if host.is_some() {
        decoded_path = normalize_path(&decoded_path);
    }
    let mut path = Vec::with_capacity(decoded_path.len());
    quote_into(&decoded_path, &ESCAPE_ONCE_SAFE, &mut path);

    // IAURLCanonicalizer: the host lowercased, a first `www`, `www1`, ... label dropped
    // (`massageHost`), credentials dropped, the default port (80 for http, 443 for https)
    // dropped, the path lowercased, ASP.NET session ids dropped from it, a trailing `/`
    // dropped unless it is the whole path; the query's session ids dropped, the query
    // lowercased and its `&`-separated arguments sorted (`alphaReorderQuery`).
    let host = host.map(|mut h| {
        h.make_ascii_lowercase();
        if scheme != "dns" { massage_host(h) } else { h }
    });
    let default_port = match scheme {
        "http" => 80,
        "https" => 443,
        _ => 0,
    };
    let port = port.filter(|&p| p != default_port);
    if !path.is_empty() {
        path.make_ascii_lowercase();
        path = strip_path_session_id(path);
        // With drop_index, the last segment is looked at as the trailing `/` rule leaves it,
        // so that `/index.html/` gives what its own result gives.
        if drop_index {
            let end = if path.len() > 1 && path.ends_with(b"/") {
                path.len() - 1
            } else {
                path.len()
            };
            if let Some(slash) = path[..end].iter().rposition(|&b| b == b'/')
                && INDEX_FILES
                    .iter()
                    .any(|f| f.as_bytes().eq_ignore_ascii_case(&path[slash + 1..end]))
            {
                path.truncate(slash + 1);
            }
        }
        if path.len() > 1 && path.ends_with(b"/") {
            path.pop();
        }
    }
    if let Some(q) = query.take() {
        let mut q = if strip_tracking {
            strip_tracking_bytes(&q)
        } else {
            q
        };
        q = strip_query_session_id(q);
        q.make_ascii_lowercase();
        let q = alpha_reorder_query(&q);
        query = Some(q).filter(|q| !q.is_empty());
    }
    Some(Canonical {
        scheme: scheme.to_owned(),
        host,
        port,
        path,
        query,
    })
}

/// Appends the SURT key of `canonical` (`handyurl.geturl_bytes` with `surt=True`,
/// `with_scheme=False`): the host's labels reversed and joined by `,`, `:PORT`, `)`; or
/// without a host, the scheme and `:`; then the path (`/` when empty but a query follows),
/// `?` and the query.
pub(crate) fn push_key(canonical: &Canonical, out: &mut String) {
    let mut buf: Vec<u8> = Vec::with_capacity(64);
    match &canonical.host {
        Some(host) => {
            for (i, label) in host.rsplit(|&b| b == b'.').enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                buf.extend_from_slice(label);
            }
            if let Some(port) = canonical.port {
                buf.push(b':');
                buf.extend_from_slice(port.to_string().as_bytes());
            }
            buf.push(b')');
        }
        None => {
            buf.extend_from_slice(canonical.scheme.as_bytes());
            buf.push(b':');
        }
    }
    if !canonical.path.is_empty() {
        buf.extend_from_slice(&canonical.path);
    } else if canonical.query.is_some() {
        buf.push(b'/');
    }
    if let Some(query) = &canonical.query {
        buf.push(b'?');
        buf.extend_from_slice(query);
    }
    // ASCII: every other byte was escaped.
    match String::from_utf8(buf) {
        Ok(text) if out.is_empty() => *out = text,
        Ok(text) => out.push_str(&text),
        Err(e) => out.push_str(&String::from_utf8_lossy(e.as_bytes())),
    }
}

/// The URL text `canonical` stands for (scheme, `//`, host, port, path, query), written so
/// that the URL Standard's parser keeps what the key is made of: its key is the same.
///
/// `host_suffix` is written after the host: `..` keeps the URL Standard from reading a host
/// whose last label is a number (`foo.09`) as an IPv4 address, and surt strips it again.
pub(crate) fn url_text(canonical: &Canonical, host_suffix: &[u8]) -> String {
    let mut buf: Vec<u8> = Vec::with_capacity(64);
    buf.extend_from_slice(canonical.scheme.as_bytes());
    buf.push(b':');
    if let Some(host) = &canonical.host {
        buf.extend_from_slice(b"//");
        let ipv6 = host.contains(&b':');
        if ipv6 {
            buf.push(b'[');
        }
        // An opaque host may hold what a host may not: encoded (surt decodes it back).
        for &b in host {
            if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:".contains(&b) {
                buf.push(b);
            } else {
                super::bytes::push_escape(&mut buf, b);
            }
        }
        buf.extend_from_slice(host_suffix);
        if ipv6 {
            buf.push(b']');
        }
        if let Some(port) = canonical.port {
            buf.push(b':');
            buf.extend_from_slice(port.to_string().as_bytes());
        }
    } else if crate::default_port(&canonical.scheme).is_some() {
        // A special URL has a host: `.`, which surt strips to nothing, stands for none.
        buf.extend_from_slice(b"//.");
    }
    // A hostless path starting with `//` follows an empty authority (else it would be one).
    if canonical.host.is_none() && canonical.path.starts_with(b"//") {
        buf.extend_from_slice(b"//");
    }
    // Segments `.` and `..` (which the key keeps at the root) and `?`, `\`, `|` and `#` must not
    // be read as syntax: they are encoded so that decoding gives them back.
    for (i, segment) in canonical.path.split(|&b| b == b'/').enumerate() {
        if i > 0 {
            buf.push(b'/');
        }
        if segment == b"." || segment == b".." {
            for _ in segment {
                buf.extend_from_slice(b"%252e");
            }
            continue;
        }
        for &b in segment {
            match b {
                b'?' => buf.extend_from_slice(b"%3F"),
                b'\\' => buf.extend_from_slice(b"%5C"),
                // `C|` would be a Windows drive letter in a file URL, written `C:`.
                b'|' => buf.extend_from_slice(b"%7C"),
                _ => buf.push(b),
            }
        }
    }
    // The key lost one trailing `/` of a longer path (a hostless path keeps empty segments):
    // one more gives it back.
    if canonical.path.len() > 1 && canonical.path.ends_with(b"/") {
        buf.push(b'/');
    }
    if let Some(query) = &canonical.query {
        buf.push(b'?');
        buf.extend_from_slice(query);
    }
    String::from_utf8_lossy(&buf).into_owned()
}

/// surt's `minimalEscape`: decoded repeatedly, then `escapeOnce`.
fn minimal_escape(data: &[u8]) -> Vec<u8> {
    let mut decoded = Vec::with_capacity(data.len());
    unquote_repeatedly_into(data, &mut decoded);
    let mut out = Vec::with_capacity(decoded.len());
    quote_into(&decoded, &ESCAPE_ONCE_SAFE, &mut out);
    out
}

/// GoogleURLCanonicalizer's host rules.
fn google_host(mut host: Vec<u8>) -> Vec<u8> {
    // The common case: lowercase letters, digits, `-` and `.` between labels, not a number:
    // every rule below leaves it as it is but lowercasing.
    if host
        .first()
        .is_some_and(|b| !b.is_ascii_digit() && *b != b'.')
        && host.last() != Some(&b'.')
        && host
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && memchr::memmem::find(&host, b"..").is_none()
    {
        host.make_ascii_lowercase();
        return host;
    }
    let mut decoded = Vec::with_capacity(host.len());
    unquote_repeatedly_into(&host, &mut decoded);
    if !decoded.is_ascii() {
        // Python's "idna" codec (IDNA 2003) on the UTF-8 text, invalid bytes ignored; on
        // failure the bytes stay. (Only an opaque host can get here: a special URL's host is
        // ASCII already.) Without the `legacy` feature, which carries IDNA 2003's tables, the
        // URL Standard's domain to ASCII (UTS 46) stands in; they differ on the few code
        // points IDNA 2003 maps otherwise (such as `ß`, kept by UTS 46's nontransitional
        // processing).
        let text: String = String::from_utf8_lossy(&decoded).replace('\u{FFFD}', "");
        #[cfg(feature = "legacy")]
        let ascii = crate::legacy::idna2003::domain_to_ascii(&text).ok();
        #[cfg(not(feature = "legacy"))]
        let ascii = crate::compat::domain_to_ascii(&text).ok();
        if let Some(ascii) = ascii {
            decoded = ascii.into_bytes();
        }
    }
    let mut host = replace_double_dots(&decoded);
    let start = host.iter().position(|&b| b != b'.').unwrap_or(host.len());
    let end = host
        .iter()
        .rposition(|&b| b != b'.')
        .map_or(start, |i| i + 1);
    host = host[start..end].to_vec();
    match attempt_ip_formats(&host) {
        Some(ip) => ip.into_bytes(),
        None => {
            host.make_ascii_lowercase();
            let mut out = Vec::with_capacity(host.len());
            quote_into(&host, &ESCAPE_ONCE_SAFE, &mut out);
            out
        }
    }
}

/// Python's `bytes.replace(b"..", b".")`: non-overlapping, left to right.
fn replace_double_dots(host: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(host.len());
    let mut i = 0;
    while i < host.len() {
        if host[i] == b'.' && host.get(i + 1) == Some(&b'.') {
            out.push(b'.');
            i += 2;
        } else {
            out.push(host[i]);
            i += 1;
        }
    }
    out
}

/// surt's `attemptIPFormats`: all digits: the number modulo 2^32 as an IPv4 address; one to
/// four dot-separated digit runs that start like a decimal (`[1-9]`) or an octal (`0[0-7]*`,
/// then octal digits) number: the address the C library's `inet_aton` reads (surt asks the
/// resolver, which answers a numeric host so without a look-up; one it rejects would be
/// looked up in the DNS, which no key should depend on: it stays a name here).
fn attempt_ip_formats(host: &[u8]) -> Option<String> {
    if host.is_empty() || !host.iter().all(|&b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    if host.iter().all(u8::is_ascii_digit) {
        let n = host.iter().fold(0u32, |acc, &d| {
            acc.wrapping_mul(10).wrapping_add(u32::from(d - b'0'))
        });
        return Some(dotted(n));
    }
    let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    if parts.len() > 4 || parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    let first = parts[0];
    let decimal = first[0] != b'0' && parts.iter().all(|p| p.iter().all(u8::is_ascii_digit));
    let octal = first[0] == b'0'
        && parts
            .iter()
            .all(|p| p.iter().all(|b| (b'0'..=b'7').contains(b)));
    if !decimal && !octal {
        return None;
    }
    inet_aton(&parts).map(dotted)
}

/// The C library's `inet_aton` on digit-only parts (a leading `0` makes a part octal).
fn inet_aton(parts: &[&[u8]]) -> Option<u32> {
    let mut values = Vec::with_capacity(parts.len());
    for part in parts {
        let (digits, radix) = if part.len() > 1 && part[0] == b'0' {
            (&part[1..], 8)
        } else {
            (&part[..], 10)
        };
        let mut value: u64 = 0;
        for &d in digits {
            let digit = u64::from(d - b'0');
            if digit >= radix {
                return None;
            }
            value = value * radix + digit;
            if value > u64::from(u32::MAX) {
                return None;
            }
        }
        values.push(value);
    }
    let (last, init) = values.split_last()?;
    if init.iter().any(|&v| v > 255) {
        return None;
    }
    let last_bits = 8 * (4 - init.len() as u32);
    if last_bits < 32 && *last >= 1 << last_bits {
        return None;
    }
    let mut n: u64 = 0;
    for (i, &v) in init.iter().enumerate() {
        n |= v << (24 - 8 * i as u32);
    }
    u32::try_from(n | last).ok()
}

/// An IPv4 address in dotted decimal.
fn dotted(n: u32) -> String {
    let [a, b, c, d] = n.to_be_bytes();
    format!("{a}.{b}.{c}.{d}")
}

/// surt's `normalizePath`: the segments after the first `/`, `.` dropped, `..` dropping
/// the one before (or kept when there is none), empty ones dropped but the last.
fn normalize_path(path: &[u8]) -> Vec<u8> {
    if path.is_empty() {
        return b"/".to_vec();
    }
    // Without an empty, `.` or `..` segment (but the last), the path stays as it is.
    if path[0] == b'/'
        && memchr::memmem::find(path, b"//").is_none()
        && memchr::memmem::find(path, b"/.").is_none()
    {
        return path.to_vec();
    }
    let mut kept: Vec<&[u8]> = Vec::new();
    for segment in path.split(|&b| b == b'/').skip(1) {
        match segment {
            b"." => {}
            b".." => {
                if kept.pop().is_none() {
                    kept.push(segment);
                }
            }
            _ => kept.push(segment),
        }
    }
    let mut out = Vec::with_capacity(path.len());
    out.push(b'/');
    if let Some((last, init)) = kept.split_last() {
        for segment in init.iter().filter(|s| !s.is_empty()) {
            out.extend_from_slice(segment);
            out.push(b'/');
        }
        out.extend_from_slice(last);
    }
    out
}

/// surt's `massageHost`: a leading `www`, digits, `.` dropped.
fn massage_host(host: Vec<u8>) -> Vec<u8> {
    if let Some(rest) = host.strip_prefix(b"www") {
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if rest.get(digits) == Some(&b'.') {
            return rest[digits + 1..].to_vec();
        }
    }
    host
}

/// Whether `text[at..]` starts with `lit`, ASCII case-insensitively.
fn starts_with_ci(text: &[u8], at: usize, lit: &[u8]) -> bool {
    text.len() >= at + lit.len() && text[at..at + lit.len()].eq_ignore_ascii_case(lit)
}

/// Where a session id starting at an index of a text ends, if one does.
type IdEnd = fn(&[u8], usize) -> Option<usize>;

/// surt's `stripQuerySessionID`: its five patterns in turn, each dropping the last session
/// id it matches (`^(.*)ID(?:&(.*))?$`, case-insensitive) with the `&` after it.
fn strip_query_session_id(mut query: Vec<u8>) -> Vec<u8> {
    // (prefix, where the id after it ends) for the fixed-shape patterns.
    let fixed: [(&[u8], IdEnd); 4] = [
        (b"jsessionid=", |t, i| {
            run(t, i, 32, &|b| b.is_ascii_alphanumeric())
        }),
        (b"phpsessid=", |t, i| {
            run(t, i, 32, &|b| b.is_ascii_alphanumeric())
        }),
        (b"sid=", |t, i| {
            run(t, i, 32, &|b| b.is_ascii_alphanumeric())
        }),
        (b"aspsessionid", |t, i| {
            let i = run(t, i, 8, &|b| b.is_ascii_alphabetic())?;
            if t.get(i) != Some(&b'=') {
                return None;
            }
            run(t, i + 1, 24, &|b| b.is_ascii_alphabetic())
        }),
    ];
    for (prefix, id_end) in fixed {
        query = strip_last(query, |t, i| {
            if starts_with_ci(t, i, prefix) {
                id_end(t, i + prefix.len())
            } else {
                None
            }
        });
    }
    // cfid=[^&]+&cftoken=[^&]+
    query = strip_last(query, |t, i| {
        if !starts_with_ci(t, i, b"cfid=") {
            return None;
        }
        let j = i + 5;
        let amp = j + t[j..].iter().position(|&b| b == b'&')?;
        if amp == j || !starts_with_ci(t, amp + 1, b"cftoken=") {
            return None;
        }
        let k = amp + 1 + 8;
        let end = k + t[k..].iter().take_while(|&&b| b != b'&').count();
        (end > k).then_some(end)
    });
    query
}

/// The end of a run of exactly `n` bytes matching `class` at `text[at..]`.
fn run(text: &[u8], at: usize, n: usize, class: &dyn Fn(&u8) -> bool) -> Option<usize> {
    let slice = text.get(at..at + n)?;
    slice.iter().all(class).then_some(at + n)
}

/// The last match of `^(.*)ID(?:&(.*))?$`, where `id_end(text, i)` gives the end of an
/// id starting at `i`: the match is the greatest `i` with the id followed by the end or
/// `&`; the text becomes what precedes it and what follows the `&`.
fn strip_last(text: Vec<u8>, id_end: impl Fn(&[u8], usize) -> Option<usize>) -> Vec<u8> {
    for i in (0..text.len()).rev() {
        if let Some(end) = id_end(&text, i)
            && (end == text.len() || text[end] == b'&')
        {
            let mut out = text[..i].to_vec();
            if end < text.len() {
                out.extend_from_slice(&text[end + 1..]);
            }
            return out;
        }
    }
    text
}

/// surt's `stripPathSessionID`: ASP.NET's cookieless session ids, `/(S(<24>))/` (one or
/// more `x(<24 alphanumerics>)` in parentheses) or `/(<24 alphanumerics>)/`, before a later
/// `.aspx` with no `?` between (the last such segment is dropped; case-insensitive).
fn strip_path_session_id(path: Vec<u8>) -> Vec<u8> {
    // Pattern 1, then pattern 2 on its result.
    let path = strip_path_pattern(path, |t, i| {
        // \((?:[a-z]\([0-9a-z]{24}\))+\)/
        if t.get(i) != Some(&b'(') {
            return None;
        }
        let mut j = i + 1;
        let mut groups = 0;
        while t.get(j).is_some_and(u8::is_ascii_alphabetic) && t.get(j + 1) == Some(&b'(') {
            let end = run(t, j + 2, 24, &|b| b.is_ascii_alphanumeric())?;
            if t.get(end) != Some(&b')') {
                return None;
            }
            j = end + 1;
            groups += 1;
        }
        (groups > 0 && t.get(j) == Some(&b')') && t.get(j + 1) == Some(&b'/')).then_some(j + 2)
    });
    strip_path_pattern(path, |t, i| {
        // \([0-9a-z]{24}\)/
        if t.get(i) != Some(&b'(') {
            return None;
        }
        let end = run(t, i + 1, 24, &|b| b.is_ascii_alphanumeric())?;
        (t.get(end) == Some(&b')') && t.get(end + 1) == Some(&b'/')).then_some(end + 2)
    })
}

/// `^(.*/)(ID)([^?]+\.aspx.*)$`: the greatest `i` after a `/` where `id_end` matches and
/// the rest has a non-empty run without `?` ending in `.aspx`; the id is dropped.
fn strip_path_pattern(path: Vec<u8>, id_end: impl Fn(&[u8], usize) -> Option<usize>) -> Vec<u8> {
    for i in (1..path.len()).rev() {
        if path[i - 1] != b'/' {
            continue;
        }
        let Some(end) = id_end(&path, i) else {
            continue;
        };
        let rest = &path[end..];
        let before_question = rest.iter().position(|&b| b == b'?').unwrap_or(rest.len());
        let has_aspx = (1..=before_question).any(|k| starts_with_ci(rest, k, b".aspx"));
        if has_aspx {
            let mut out = path[..i].to_vec();
            out.extend_from_slice(rest);
            return out;
        }
    }
    path
}

/// surt's `alphaReorderQuery`: the `&`-separated arguments (empty ones too) split at the
/// first `=`, sorted (an argument without `=` before the same name with one), joined.
fn alpha_reorder_query(query: &[u8]) -> Vec<u8> {
    if query.len() <= 1 {
        return query.to_vec();
    }
    let mut args: Vec<(&[u8], Option<&[u8]>)> = query
        .split(|&b| b == b'&')
        .map(|arg| match arg.iter().position(|&b| b == b'=') {
            Some(eq) => (&arg[..eq], Some(&arg[eq + 1..])),
            None => (arg, None),
        })
        .collect();
    args.sort();
    let mut out = Vec::with_capacity(query.len());
    for (i, (name, value)) in args.into_iter().enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        out.extend_from_slice(name);
        if let Some(value) = value {
            out.push(b'=');
            out.extend_from_slice(value);
        }
    }
    out
}

/// The query without its tracking parameters (names decoded as forms are).
fn strip_tracking_bytes(query: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(query.len());
    let mut first = true;
    for arg in query.split(|&b| b == b'&') {
        let name = arg.split(|&b| b == b'=').next().unwrap_or(arg);
        let mut decoded = Vec::with_capacity(name.len());
        unquote_plus_into(name, &mut decoded);
        if is_tracking(&decoded) {
            continue;
        }
        if !first {
            out.push(b'&');
        }
        first = false;
        out.extend_from_slice(arg);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{
        alpha_reorder_query, attempt_ip_formats, normalize_path, strip_path_session_id,
        strip_query_session_id,
    };

    fn s(b: Vec<u8>) -> String {
        String::from_utf8(b).unwrap()
    }

    #[test]
    fn ip_formats() {
        assert_eq!(
            attempt_ip_formats(b"3232235777").as_deref(),
            Some("192.168.1.1")
        );
        assert_eq!(
            attempt_ip_formats(b"4294967296").as_deref(),
            Some("0.0.0.0")
        );
        assert_eq!(attempt_ip_formats(b"1.2.3").as_deref(), Some("1.2.0.3"));
        assert_eq!(attempt_ip_formats(b"0177.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(attempt_ip_formats(b"1.2.3.400"), None);
        assert_eq!(attempt_ip_formats(b"08.1"), None);
        assert_eq!(attempt_ip_formats(b"a.b"), None);
        assert_eq!(attempt_ip_formats(b"1.2.3.4.5"), None);
    }

    #[test]
    fn paths() {
        assert_eq!(s(normalize_path(b"/a//b/./c/../d/")), "/a/b/d/");
        assert_eq!(s(normalize_path(b"/../a")), "/../a");
        assert_eq!(s(normalize_path(b"")), "/");
        assert_eq!(s(normalize_path(b"/")), "/");
    }

    #[test]
    fn session_ids() {
        let id = "0123456789abcdefghijklmnopqrstuv";
        assert_eq!(
            s(strip_query_session_id(
                format!("a=1&jsessionid={id}&b=2").into_bytes()
            )),
            "a=1&b=2"
        );
        assert_eq!(
            s(strip_query_session_id(
                format!("a=1&PHPSESSID={id}").into_bytes()
            )),
            "a=1&"
        );
        assert_eq!(
            s(strip_query_session_id(b"cfid=1&cftoken=2&x".to_vec())),
            "x"
        );
        assert_eq!(
            s(strip_query_session_id(b"jsessionid=short&b".to_vec())),
            "jsessionid=short&b"
        );
        assert_eq!(
            s(strip_path_session_id(
                b"/a/(s(0123456789abcdefghijklmn))/default.aspx".to_vec()
            )),
            "/a/default.aspx"
        );
        assert_eq!(
            s(strip_path_session_id(
                b"/a/(0123456789abcdefghijklmn)/x.aspx?y".to_vec()
            )),
            "/a/x.aspx?y"
        );
        assert_eq!(
            s(strip_path_session_id(
                b"/a/(0123456789abcdefghijklmn)/x.html".to_vec()
            )),
            "/a/(0123456789abcdefghijklmn)/x.html"
        );
    }

    #[test]
    fn query_order() {
        assert_eq!(s(alpha_reorder_query(b"b=2&a=1&&a&a=")), "&a&a=&a=1&b=2");
        assert_eq!(s(alpha_reorder_query(b"x")), "x");
    }
}
