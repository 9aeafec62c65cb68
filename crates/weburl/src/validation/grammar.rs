//! The [valid URL string](https://url.spec.whatwg.org/#valid-url-string) grammar: the top half
//! of [`crate::validation`], above the parser (it reads a base [`Url`]).
//!
//! <https://url.spec.whatwg.org/#url-writing>

use crate::host::ipv4::ends_in_a_number;
use crate::lex::{is_double_dot, is_single_dot};
use crate::url::{SchemeType, Url};
use crate::validation_error::is_url_unit;

/// Whether `s` is [URL units](https://url.spec.whatwg.org/#url-units) excluding `excluded`.
fn is_url_units(s: &str, excluded: &[char]) -> bool {
    let bytes = s.as_bytes();
    s.char_indices()
        .all(|(i, c)| !excluded.contains(&c) && is_url_unit(bytes, i, c))
}

/// A [URL-scheme string](https://url.spec.whatwg.org/#url-scheme-string).
fn is_scheme(s: &str) -> bool {
    crate::lex::scheme_run(s.as_bytes()) == Some(s.len())
}

/// A [URL-port string](https://url.spec.whatwg.org/#url-port-string).
fn is_port(s: &str) -> bool {
    crate::lex::whole_port(s.as_bytes()).is_ok()
}

/// A [URL-path-segment string](https://url.spec.whatwg.org/#url-path-segment-string).
fn is_path_segment(s: &str) -> bool {
    is_single_dot(s.as_bytes()) || is_double_dot(s.as_bytes()) || is_url_units(s, &['/', '?'])
}

/// A [path-absolute-URL string](https://url.spec.whatwg.org/#path-absolute-url-string).
fn is_path_absolute(s: &str) -> bool {
    s.strip_prefix('/')
        .is_some_and(|rest| rest.split('/').all(is_path_segment))
}

/// A [path-relative-URL string](https://url.spec.whatwg.org/#path-relative-url-string).
fn is_path_relative(s: &str) -> bool {
    !s.starts_with('/') && s.split('/').all(is_path_segment)
}

/// A [valid IPv4-address string](https://url.spec.whatwg.org/#valid-ipv4-address-string).
fn is_valid_ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.len() <= 3
                && p.bytes().all(|b| b.is_ascii_digit())
                && (p.len() == 1 || !p.starts_with('0'))
                && p.parse::<u16>().is_ok_and(|n| n <= 255)
        })
}

/// A [valid IPv6-pieces string](https://url.spec.whatwg.org/#valid-ipv6-pieces-string), its
/// effective piece length.
fn ipv6_pieces(s: &str) -> Option<usize> {
    let mut n = 0;
    for piece in s.split(':') {
        let ok = !piece.is_empty()
            && piece.len() <= 4
            && piece.bytes().all(|b| b.is_ascii_hexdigit())
            && (piece.len() == 1 || !piece.starts_with('0'));
        if !ok {
            return None;
        }
        n += 1;
    }
    Some(n)
}

/// A valid IPv6-pieces string or a valid IPv6-pieces-and-IPv4 string (or "" when `allow_empty`),
/// with its effective piece length.
fn ipv6_part(s: &str, allow_empty: bool) -> Option<usize> {
    if s.is_empty() {
        return allow_empty.then_some(0);
    }
    match s.rfind(':') {
        _ if s.contains('.') => {
            let (pieces, ipv4) = match s.rfind(':') {
                Some(i) => (Some(&s[..i]), &s[i + 1..]),
                None => (None, s),
            };
            if !is_valid_ipv4(ipv4) {
                return None;
            }
            match pieces {
                Some(p) => ipv6_pieces(p).map(|n| n + 2),
                None => Some(2),
            }
        }
        _ => ipv6_pieces(s),
    }
}

/// A [valid IPv6-address string](https://url.spec.whatwg.org/#valid-ipv6-address-string).
fn is_valid_ipv6(s: &str) -> bool {
    match s.find("::") {
        Some(i) => {
            let (before, after) = (&s[..i], &s[i + 2..]);
            if before.contains('.') {
                return false;
            }
            match (ipv6_part(before, true), ipv6_part(after, true)) {
                (Some(a), Some(b)) => a + b <= 7,
                _ => false,
            }
        }
        None => ipv6_part(s, false) == Some(8),
    }
}

/// A [valid domain](https://url.spec.whatwg.org/#valid-domain): the domain parser with
/// `beStrict` true succeeds and the result does not end in a number.
fn is_valid_domain(s: &str) -> bool {
    match crate::host::domain::domain_to_ascii_strict(s) {
        Some(ascii) => !ends_in_a_number(&ascii),
        None => false,
    }
}

/// A [valid host string](https://url.spec.whatwg.org/#valid-host-string).
fn is_valid_host(s: &str) -> bool {
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return is_valid_ipv6(inner);
    }
    is_valid_ipv4(s) || is_valid_domain(s)
}

/// A [valid opaque-host string](https://url.spec.whatwg.org/#valid-opaque-host-string).
fn is_valid_opaque_host(s: &str) -> bool {
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return is_valid_ipv6(inner);
    }
    !s.is_empty()
        && !s.bytes().any(crate::host::is_forbidden_host_code_point)
        && is_url_units(s, &[])
}

/// Splits `host[:port]` where the host state does: at the first ':' outside brackets. (A valid
/// host has no ':' outside brackets and a valid port none at all, so the split decides
/// nothing about validity that another ':' could change.)
fn split_port(s: &str) -> (&str, Option<&str>) {
    match crate::lex::host_colon(s.as_bytes()) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    }
}

/// Splits an authority-and-path string ("//…") into the authority and the path.
fn split_authority(s: &str) -> Option<(&str, &str)> {
    let rest = s.strip_prefix("//")?;
    let end = rest.find('/').unwrap_or(rest.len());
    Some((&rest[..end], &rest[end..]))
}

/// A [scheme-relative-special-URL string](https://url.spec.whatwg.org/#scheme-relative-special-url-string).
fn is_scheme_relative_special(s: &str) -> bool {
    let Some((authority, path)) = split_authority(s) else {
        return false;
    };
    let (host, port) = split_port(authority);
    is_valid_host(host) && port.is_none_or(is_port) && (path.is_empty() || is_path_absolute(path))
}

/// A [scheme-relative-URL string](https://url.spec.whatwg.org/#scheme-relative-url-string).
fn is_scheme_relative(s: &str) -> bool {
    let Some((authority, path)) = split_authority(s) else {
        return false;
    };
    let host_and_port_ok = authority.is_empty() || {
        let (host, port) = split_port(authority);
        is_valid_opaque_host(host) && port.is_none_or(is_port)
    };
    host_and_port_ok && (path.is_empty() || is_path_absolute(path))
}

/// A [scheme-relative-file-URL string](https://url.spec.whatwg.org/#scheme-relative-file-url-string).
fn is_scheme_relative_file(s: &str) -> bool {
    let Some((host, path)) = split_authority(s) else {
        return false;
    };
    (host.is_empty() || is_valid_host(host)) && (path.is_empty() || is_path_absolute(path))
}

/// A [path-absolute-non-authority-URL string](https://url.spec.whatwg.org/#path-absolute-non-authority-url-string).
fn is_path_absolute_non_authority(s: &str) -> bool {
    !s.starts_with("//") && is_path_absolute(s)
}

/// An [opaque-path-URL string](https://url.spec.whatwg.org/#opaque-path-url-string).
fn is_opaque_path(s: &str) -> bool {
    !s.starts_with('/') && is_url_units(s, &['?'])
}

/// Splits off "?query", checking the query.
fn split_query(s: &str) -> Option<&str> {
    match s.find('?') {
        Some(i) => is_url_units(&s[i + 1..], &[]).then_some(&s[..i]),
        None => Some(s),
    }
}

/// An [absolute-URL string](https://url.spec.whatwg.org/#absolute-url-string).
fn is_absolute_url(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    let (scheme, rest) = (&s[..colon], &s[colon + 1..]);
    if !is_scheme(scheme) {
        return false;
    }
    let Some(rest) = split_query(rest) else {
        return false;
    };
    match SchemeType::from_scheme(&scheme.to_ascii_lowercase()) {
        SchemeType::File => is_scheme_relative_file(rest),
        SchemeType::NotSpecial => {
            is_scheme_relative(rest) || is_path_absolute_non_authority(rest) || is_opaque_path(rest)
        }
        _ => is_scheme_relative_special(rest),
    }
}

/// A [relative-URL string](https://url.spec.whatwg.org/#relative-url-string) against `base`.
fn is_relative_url(s: &str, base: &Url) -> bool {
    let Some(s) = split_query(s) else {
        return false;
    };
    let scheme_less = || {
        is_path_relative(s)
            && !s.find(':').is_some_and(|i| {
                let before = &s[..i];
                !before.contains('/') && is_scheme(before)
            })
    };
    is_path_absolute_non_authority(s)
        || scheme_less()
        || match base.scheme_type {
            SchemeType::File => is_scheme_relative_file(s),
            SchemeType::NotSpecial => is_scheme_relative(s),
            _ => is_scheme_relative_special(s),
        }
}

/// Whether `input` is a [valid URL string](https://url.spec.whatwg.org/#valid-url-string)
/// (relative to `base` when given): the URL writing grammar, which is stricter than "the parser
/// reports no validation error".
///
/// ```
/// use weburl::{is_valid_url_string, Url};
/// assert!(is_valid_url_string("https://example.com/a?b#c", None));
/// assert!(!is_valid_url_string("https://example.com/a b", None));
/// assert!(!is_valid_url_string("https://user@example.com/", None)); // no credentials
/// let base = Url::parse("https://example.com/dir/").unwrap();
/// assert!(is_valid_url_string("../x?y#z", Some(&base)));
/// assert!(!is_valid_url_string("../x", None));
/// ```
#[must_use]
pub fn is_valid_url_string(input: &str, base: Option<&Url>) -> bool {
    let (url, fragment) = match input.find('#') {
        Some(i) => (&input[..i], Some(&input[i + 1..])),
        None => (input, None),
    };
    if fragment.is_some_and(|f| !is_url_units(f, &[])) {
        return false;
    }
    if is_absolute_url(url) {
        return true;
    }
    match base {
        None => false,
        Some(base) if base.has_opaque_path() => url.is_empty() && fragment.is_some(),
        Some(base) => is_relative_url(url, base),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_grammar() {
        for ok in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1::8",
            "::ffff:1.2.3.4",
            "1:2:3:4:5:6:1.2.3.4",
            "a::b:1.2.3.4",
        ] {
            assert!(is_valid_ipv6(ok), "{ok}");
        }
        for bad in [
            "",
            "1",
            ":::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "01::",
            "1::2::3",
            "::1.2.3",
            "::1.2.3.04",
            "1.2.3.4::",
            "1:2:3:4:5:6:7::8",
        ] {
            assert!(!is_valid_ipv6(bad), "{bad}");
        }
    }

    #[test]
    fn ipv4_grammar() {
        assert!(is_valid_ipv4("0.0.0.0"));
        assert!(is_valid_ipv4("255.255.255.255"));
        assert!(!is_valid_ipv4("256.0.0.0"));
        assert!(!is_valid_ipv4("01.0.0.0"));
        assert!(!is_valid_ipv4("1.2.3"));
    }

    #[test]
    fn url_strings() {
        let base = Url::parse("https://example.com/a/b").unwrap();
        let opaque = Url::parse("mailto:x").unwrap();
        for (input, base, valid) in [
            ("http://example.com:8080/", None, true),
            ("http://example.com:99999/", None, false),
            ("http://[::1]/", None, true),
            ("http://1.2.3.4/", None, true),
            ("http://1.2.3/", None, false),
            ("file:///C:/x", None, true),
            ("file:x", None, false),
            ("sc:opaque path?q", None, false),
            ("sc:opaque-path?q", None, true),
            ("sc://h:1/p", None, true),
            ("sc://", None, true),
            ("a:b/c", Some(&base), true),
            ("//other.example/x", Some(&base), true),
            ("x", Some(&base), true),
            ("x:y", Some(&base), true),
            ("#frag", Some(&opaque), true),
            ("x", Some(&opaque), false),
            ("%zz", Some(&base), false),
            ("http://example.com/#a b", None, false),
            ("http://ex ample.com/", None, false),
            ("https://xn--a.example/", None, false),
        ] {
            assert_eq!(is_valid_url_string(input, base), valid, "{input}");
        }
    }
}
