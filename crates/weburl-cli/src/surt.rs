//! SURT ("Sort-friendly URI Reordering Transform"): the key web archives sort URLs by, in the
//! canonicalized form of Heritrix and surt-python: `https://www.Example.com/Path?b=2&a=1`
//! becomes `com,example)/path?a=1&b=2`. The rules are listed in `weburl normalize --help`;
//! the code is the library's [`weburl::normalize::push_surt`].
//! The URL is expected to be normalized by the `dedup` profile already.

use weburl::Url;

/// Appends the SURT of `url` and a newline to `out`.
pub fn render(url: &Url, out: &mut Vec<u8>) {
    let mut text = String::with_capacity(url.href().len() + 1);
    weburl::normalize::push_surt(url, &mut text);
    text.push('\n');
    out.extend_from_slice(text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::render;
    use crate::normalize::dedup;
    use weburl::Url;

    fn surt(url: &str, drop_index: bool) -> String {
        let url = dedup(&Url::parse(url).unwrap(), drop_index).unwrap();
        let mut out = Vec::new();
        render(&url, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn renders_with_a_newline() {
        assert_eq!(
            surt("https://www.Example.com/Path?b=2&a=1", false),
            "com,example)/path?a=1&b=2\n"
        );
        assert_eq!(surt("http://a.org/x/Index.php", true), "org,a)/x\n");
        assert_eq!(surt("file:///Etc/", false), "file:///etc/\n");
    }
}
