//! SURT ("Sort-friendly URI Reordering Transform"): the key web archives sort URLs by, as the
//! `surt` Python package makes it: `https://www.Example.com/Path?b=2&a=1` becomes
//! `com,example)/path?a=1&b=2`. The rules are the library's [`weburl::normalize::surt`].

use weburl::Url;
use weburl::normalize::Options;

/// Appends the SURT key of `url` with `options` and a newline to `out`.
pub fn render(url: &Url, options: &Options, out: &mut Vec<u8>) {
    out.extend_from_slice(weburl::normalize::surt(url, options).as_bytes());
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::render;
    use weburl::Url;
    use weburl::normalize::Options;

    fn surt(url: &str, drop_index: bool) -> String {
        let mut options = Options::default();
        options.drop_index = drop_index;
        let mut out = Vec::new();
        render(&Url::parse(url).unwrap(), &options, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn renders_with_a_newline() {
        assert_eq!(
            surt("https://www.Example.com/Path?b=2&a=1", false),
            "com,example)/path?a=1&b=2\n"
        );
        assert_eq!(surt("http://a.org/x/Index.php", true), "org,a)/x\n");
        assert_eq!(surt("file:///Etc/", false), "file:/etc\n");
    }
}
