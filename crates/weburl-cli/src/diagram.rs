//! `--diagram`: the href, then one line per non-empty component marking its bytes with `^`,
//! followed by the component's name and its byte range in the href (start inclusive, end
//! exclusive), then an empty line:
//!
//! ```text
//! https://user:pw@example.com:8080/a/b?q=1#f
//! ^^^^^^                                      protocol 0..6
//!         ^^^^                                username 8..12
//!              ^^                             password 13..15
//!                 ^^^^^^^^^^^                 hostname 16..27
//!                             ^^^^            port     28..32
//!                                 ^^^^        pathname 32..36
//!                                     ^^^^    search   36..40
//!                                         ^^  hash     40..42
//! ```
//!
//! An href is always ASCII (the serializer percent-encodes everything else and hosts are in
//! punycode), so byte offsets are also columns.

use std::io::Write as _;

use weburl::{Component, Url};

use crate::report::{CYAN, RESET};

/// Width the component names are padded to.
const NAME_WIDTH: usize = 8;

/// Appends the diagram of `url` to `out`; `color` colours the component names.
pub fn render(url: &Url, color: bool, out: &mut Vec<u8>) {
    let href = url.href();
    out.extend_from_slice(href.as_bytes());
    out.push(b'\n');
    for component in [
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
    ] {
        let name = component.name();
        let Some(range) = url.component_range(component).filter(|r| !r.is_empty()) else {
            continue;
        };
        let (start, part) = (range.start, &href[range]);
        let end = start + part.len();
        out.resize(out.len() + start, b' ');
        out.resize(out.len() + part.len(), b'^');
        out.resize(out.len() + (href.len() - end) + 2, b' ');
        // Writing to a `Vec` cannot fail.
        let _ = if color {
            write!(out, "{CYAN}{name:<NAME_WIDTH$}{RESET} {start}..{end}")
        } else {
            write!(out, "{name:<NAME_WIDTH$} {start}..{end}")
        };
        out.push(b'\n');
    }
    out.push(b'\n');
}

#[cfg(test)]
mod tests {
    use super::render;
    use weburl::Url;

    fn diagram(url: &str) -> String {
        let mut out = Vec::new();
        render(&Url::parse(url).unwrap(), false, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_component() {
        assert_eq!(
            diagram("https://user:pw@example.com:8080/a/b?q=1#f"),
            "https://user:pw@example.com:8080/a/b?q=1#f
^^^^^^                                      protocol 0..6
        ^^^^                                username 8..12
             ^^                             password 13..15
                ^^^^^^^^^^^                 hostname 16..27
                            ^^^^            port     28..32
                                ^^^^        pathname 32..36
                                    ^^^^    search   36..40
                                        ^^  hash     40..42

"
        );
    }

    #[test]
    fn empty_components_are_left_out() {
        assert_eq!(
            diagram("mailto:a@b?#"),
            "mailto:a@b?#
^^^^^^^       protocol 0..7
       ^^^    pathname 7..10

"
        );
    }

    #[test]
    fn coloured_names() {
        let mut out = Vec::new();
        render(&Url::parse("a:b").unwrap(), true, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "a:b\n^^   \x1b[36mprotocol\x1b[0m 0..2\n  ^  \x1b[36mpathname\x1b[0m 2..3\n\n"
        );
    }
}
