//! The canonical text of `normalize --profile w3lib` and `surt`: for `surt`, SURT ("Sort-friendly
//! URI Reordering Transform"), the key web archives sort URLs by, as the `surt` Python package
//! makes it: `https://www.Example.com/Path?b=2&a=1` becomes `com,example)/path?a=1&b=2`. The
//! rules are the library's [`weburl::normalize`].

use weburl::Url;
use weburl::normalize::{Options, Profile, canonicalize};

/// Appends the canonical text of `url` in `profile` with `options` and a newline to `out`
/// (the href when the profile's URL does not parse, which the profiles that come here never
/// give).
pub fn render(url: &Url, profile: Profile, options: &Options, out: &mut Vec<u8>) {
    match canonicalize(url, profile, options) {
        Ok(text) => out.extend_from_slice(text.as_bytes()),
        Err(_) => out.extend_from_slice(url.href().as_bytes()),
    }
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::render;
    use weburl::Url;
    use weburl::normalize::{Options, Profile};

    fn surt(url: &str, drop_index: bool) -> String {
        let mut options = Options::default();
        options.drop_index = drop_index;
        let mut out = Vec::new();
        render(&Url::parse(url).unwrap(), Profile::Surt, &options, &mut out);
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
        let mut out = Vec::new();
        let url = Url::parse("http://a/?b&a#f").unwrap();
        render(&url, Profile::W3lib, &Options::default(), &mut out);
        assert_eq!(out, b"http://a/?a=&b=\n");
    }
}
