//! SURT ("Sort-friendly URI Reordering Transform"): the key web archives sort URLs by, in the
//! canonicalized form of Heritrix and surt-python: `https://www.Example.com/Path?b=2&a=1`
//! becomes `com,example)/path?a=1&b=2`. The rules are listed in `weburl normalize --help`.
//! The URL is expected to be normalized by the `dedup` profile already.

use crate::normalize::sort_query;
use weburl::Url;

/// Appends the SURT of `url` and a newline to `out`.
pub fn render(url: &Url, out: &mut Vec<u8>) {
    let hostname = url.hostname();
    if hostname.is_empty() {
        push_lowercase(out, url.href_without_fragment());
        out.push(b'\n');
        return;
    }
    let host = match hostname.split_once('.') {
        Some((first, rest)) if is_www(first) => rest,
        _ => hostname,
    };
    for (i, label) in host.rsplit('.').enumerate() {
        if i > 0 {
            out.push(b',');
        }
        push_lowercase(out, label);
    }
    if !url.port().is_empty() {
        out.push(b':');
        out.extend_from_slice(url.port().as_bytes());
    }
    out.push(b')');
    let path = url.pathname();
    let path = match path.strip_suffix('/') {
        Some(stripped) if !stripped.is_empty() => stripped,
        _ => path,
    };
    push_lowercase(out, path);
    if let Some(query) = url.query().filter(|q| !q.is_empty()) {
        out.push(b'?');
        out.extend_from_slice(sort_query(&query.to_ascii_lowercase()).as_bytes());
    }
    out.push(b'\n');
}

/// Whether a host label is `www` followed by digits or nothing.
fn is_www(label: &str) -> bool {
    label
        .strip_prefix("www")
        .is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Appends `text` lowercased (ASCII).
fn push_lowercase(out: &mut Vec<u8>, text: &str) {
    out.extend(text.bytes().map(|b| b.to_ascii_lowercase()));
}

#[cfg(test)]
mod tests {
    use super::render;
    use crate::normalize::dedup;
    use weburl::Url;

    fn surt(url: &str) -> String {
        let url = dedup(&Url::parse(url).unwrap(), false).unwrap();
        let mut out = Vec::new();
        render(&url, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn examples() {
        assert_eq!(
            surt("https://www.Example.com/Path?b=2&a=1"),
            "com,example)/path?a=1&b=2\n"
        );
        assert_eq!(
            surt("http://user:pw@www2.archive.org:8080/Goo/?B=1&a=2#frag"),
            "org,archive:8080)/goo?a=2&b=1\n"
        );
        assert_eq!(surt("http://www/"), "www)/\n");
        assert_eq!(surt("http://wwwx.a.org/"), "org,a,wwwx)/\n");
        assert_eq!(surt("http://123.45.167.89/"), "89,167,45,123)/\n");
        assert_eq!(surt("http://[::1]:81/x"), "[::1]:81)/x\n");
        assert_eq!(surt("http://a.org/?"), "org,a)/\n");
        assert_eq!(surt("http://a.org/%7Ex%2f"), "org,a)/~x%2f\n");
        assert_eq!(
            surt("mailto:Someone@Example.com#x"),
            "mailto:someone@example.com\n"
        );
        assert_eq!(surt("file:///Etc/"), "file:///etc/\n");
    }
}
