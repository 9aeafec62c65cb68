//! The page's diagrams: the input and the href cut into labelled segments.
//!
//! The href's segments come from the URL itself (`Url::component_range`). The input's come
//! from reading the input the way the basic URL parser's states split it, with the parser's
//! own scanners (`weburl::lex`): the bytes it trims and the tabs and newlines it
//! removes (steps 1-3), the scheme, the authority's userinfo, host and port, the path (with
//! its single- and double-dot segments, which the path state drops), the query and the
//! fragment. It is a picture of where each part was read from, not a second parser: the
//! values on the page are the URL's.

use serde::Serialize;
use weburl::lex;
use weburl::{Component, Url, ValidationError};

/// How the parser treats one byte of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// Read into this component (the URL API's name).
    Part(&'static str),
    /// A delimiter the serialization rewrites or keeps but no component holds (`//`, `@`,
    /// the `:` before a password or a port).
    Delimiter,
    /// Removed: `trimmed` (leading or trailing C0 control or space), `tab-or-newline`, or
    /// `dot-segment` (a `.` or `..` path segment).
    Removed(&'static str),
}

/// One segment of the input diagram.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct InputSegment<'a> {
    /// The bytes, as text.
    pub text: &'a str,
    /// Byte offset of the segment in the input.
    pub offset: usize,
    /// The component it was read into, or null (a delimiter, or removed).
    pub component: Option<&'static str>,
    /// Why the parser removed it, or null.
    pub removed: Option<&'static str>,
    /// The spec names of the validation errors reported at this segment's offset.
    pub errors: Vec<&'static str>,
}

/// One segment of the href diagram.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct HrefSegment<'a> {
    /// The bytes, as text.
    pub text: &'a str,
    /// The component that holds it, or null (a delimiter: `//`, `@`, `:`).
    pub component: Option<&'static str>,
    /// Whether it is a percent-encoded byte (`%XX`).
    pub encoded: bool,
}

/// Whether `scheme` (ASCII, any case) is a special scheme.
fn is_special(scheme: &[u8]) -> bool {
    let lower = scheme.to_ascii_lowercase();
    let scheme = std::str::from_utf8(&lower).unwrap_or("");
    weburl::default_port(scheme).is_some() || scheme == "file"
}

/// Marks each byte of the cleaned input `c` (trimmed, tabs and newlines removed).
fn mark_clean(c: &[u8], base: Option<&Url>) -> Vec<Mark> {
    let mut marks = vec![Mark::Part("pathname"); c.len()];
    let slash = |b: u8, special: bool| b == b'/' || (special && b == b'\\');
    let mut pos = 0;
    let scheme = lex::scheme_len(c);
    let (special, file, has_authority);
    match scheme {
        Some(n) => {
            marks[..=n].fill(Mark::Part("protocol"));
            pos = n + 1;
            special = is_special(&c[..n]);
            file = c[..n].eq_ignore_ascii_case(b"file");
            let two_slashes =
                c.len() >= pos + 2 && slash(c[pos], special) && slash(c[pos + 1], special);
            let same_as_base =
                base.is_some_and(|b| b.scheme().as_bytes().eq_ignore_ascii_case(&c[..n]));
            has_authority = if file || !special {
                two_slashes
            } else {
                // The special relative or authority state: a special URL with the base's
                // scheme and no slash after it is relative to the base.
                !same_as_base || c.get(pos).is_some_and(|&b| slash(b, true))
            };
        }
        None => {
            special = base.is_some_and(Url::is_special);
            file = base.is_some_and(|b| b.scheme() == "file");
            has_authority = c.len() >= 2 && slash(c[0], special) && slash(c[1], special);
        }
    }
    let opaque_path = scheme.is_some() && !special && !has_authority && c.get(pos) != Some(&b'/');
    if has_authority {
        let start = pos;
        if special {
            while pos < c.len() && slash(c[pos], true) {
                pos += 1;
            }
        } else {
            pos += 2;
        }
        marks[start..pos].fill(Mark::Delimiter);
        let end = (pos..c.len())
            .find(|&i| matches!(c[i], b'/' | b'?' | b'#') || (special && c[i] == b'\\'))
            .unwrap_or(c.len());
        let mut host_start = pos;
        if !file && let Some(at) = c[pos..end].iter().rposition(|&b| b == b'@') {
            let at = pos + at;
            let colon = c[pos..at].iter().position(|&b| b == b':').map(|i| pos + i);
            marks[pos..at].fill(Mark::Part("username"));
            if let Some(colon) = colon {
                marks[colon] = Mark::Delimiter;
                marks[colon + 1..at].fill(Mark::Part("password"));
            }
            marks[at] = Mark::Delimiter;
            host_start = at + 1;
        }
        if file {
            marks[host_start..end].fill(Mark::Part("hostname"));
        } else {
            let (len, colon) = lex::host_end(&c[host_start..end], special);
            marks[host_start..host_start + len].fill(Mark::Part("hostname"));
            if colon.is_some() {
                marks[host_start + len] = Mark::Delimiter;
                marks[host_start + len + 1..end].fill(Mark::Part("port"));
            }
        }
        pos = end;
    }
    let path_end = (pos..c.len())
        .find(|&i| matches!(c[i], b'?' | b'#'))
        .unwrap_or(c.len());
    if !opaque_path {
        let mut segment_start = pos;
        for i in pos..=path_end {
            if i == path_end || slash(c[i], special) {
                let segment = &c[segment_start..i];
                if lex::is_single_dot(segment) || lex::is_double_dot(segment) {
                    marks[segment_start..i].fill(Mark::Removed("dot-segment"));
                }
                segment_start = i + 1;
            }
        }
    }
    pos = path_end;
    if c.get(pos) == Some(&b'?') {
        let end = (pos..c.len()).find(|&i| c[i] == b'#').unwrap_or(c.len());
        marks[pos..end].fill(Mark::Part("search"));
        pos = end;
    }
    marks[pos..].fill(Mark::Part("hash"));
    marks
}

/// The input diagram: `input` cut where the way the parser reads it changes, and at each
/// validation error's offset (the code point there is a segment of its own).
pub fn input_segments<'a>(
    input: &'a str,
    base: Option<&Url>,
    errors: &[ValidationError],
) -> Vec<InputSegment<'a>> {
    let bytes = input.as_bytes();
    let start = bytes
        .iter()
        .position(|&b| !lex::is_c0_control_or_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !lex::is_c0_control_or_space(b))
        .map_or(start, |i| i + 1);
    let mut marks = vec![Mark::Removed("trimmed"); bytes.len()];
    let kept: Vec<usize> = (start..end)
        .filter(|&i| !lex::is_tab_or_newline(bytes[i]))
        .collect();
    for i in start..end {
        if lex::is_tab_or_newline(bytes[i]) {
            marks[i] = Mark::Removed("tab-or-newline");
        }
    }
    let clean: Vec<u8> = kept.iter().map(|&i| bytes[i]).collect();
    for (mark, &i) in mark_clean(&clean, base).into_iter().zip(&kept) {
        marks[i] = mark;
    }

    // Cut points: where the mark changes, and around each error's code point.
    let mut cuts: Vec<usize> = (1..bytes.len())
        .filter(|&i| marks[i] != marks[i - 1])
        .collect();
    for e in errors {
        let at = e.offset.min(bytes.len());
        cuts.push(at);
        if let Some(c) = input.get(at..).and_then(|rest| rest.chars().next()) {
            cuts.push(at + c.len_utf8());
        }
    }
    cuts.push(0);
    cuts.push(bytes.len());
    cuts.retain(|&i| input.is_char_boundary(i));
    cuts.sort_unstable();
    cuts.dedup();

    let mut segments = Vec::with_capacity(cuts.len());
    for pair in cuts.windows(2) {
        let (from, to) = (pair[0], pair[1]);
        segments.push(segment(input, from, to, marks[from], errors));
    }
    // An error after the last byte (the input ended too early) gets an empty segment.
    if errors.iter().any(|e| e.offset >= bytes.len()) {
        segments.push(InputSegment {
            text: "",
            offset: bytes.len(),
            component: None,
            removed: None,
            errors: errors_at(errors, bytes.len()),
        });
    }
    segments
}

/// The spec names of the errors at `offset`.
fn errors_at(errors: &[ValidationError], offset: usize) -> Vec<&'static str> {
    let last = |e: &&ValidationError| e.offset == offset;
    let mut names: Vec<&'static str> = errors
        .iter()
        .filter(last)
        .map(|e| e.kind.spec_name())
        .collect();
    names.dedup();
    names
}

fn segment<'a>(
    input: &'a str,
    from: usize,
    to: usize,
    mark: Mark,
    errors: &[ValidationError],
) -> InputSegment<'a> {
    let (component, removed) = match mark {
        Mark::Part(name) => (Some(name), None),
        Mark::Delimiter => (None, None),
        Mark::Removed(why) => (None, Some(why)),
    };
    InputSegment {
        text: &input[from..to],
        offset: from,
        component,
        removed,
        errors: errors_at(errors, from),
    }
}

/// The href diagram: each component's range (`Url::component_range`), the delimiters
/// between them, and each percent-encoded byte a segment of its own.
pub fn href_segments(url: &Url) -> Vec<HrefSegment<'_>> {
    let href = url.href();
    let mut segments = Vec::new();
    let mut pos = 0;
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
        let Some(range) = url.component_range(component).filter(|r| !r.is_empty()) else {
            continue;
        };
        if range.start > pos {
            segments.push(HrefSegment {
                text: &href[pos..range.start],
                component: None,
                encoded: false,
            });
        }
        let text = &href[range.clone()];
        let mut from = 0;
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%'
                && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
            {
                if i > from {
                    segments.push(HrefSegment {
                        text: &text[from..i],
                        component: Some(component.name()),
                        encoded: false,
                    });
                }
                segments.push(HrefSegment {
                    text: &text[i..i + 3],
                    component: Some(component.name()),
                    encoded: true,
                });
                i += 3;
                from = i;
            } else {
                i += 1;
            }
        }
        if from < text.len() {
            segments.push(HrefSegment {
                text: &text[from..],
                component: Some(component.name()),
                encoded: false,
            });
        }
        pos = range.end;
    }
    if pos < href.len() {
        segments.push(HrefSegment {
            text: &href[pos..],
            component: None,
            encoded: false,
        });
    }
    segments
}

#[cfg(test)]
mod tests {
    use super::{href_segments, input_segments};
    use weburl::Url;

    /// The input diagram as `component:text` pairs (`-` for a delimiter, `x(why)` removed).
    fn input(input: &str, base: Option<&str>) -> Vec<String> {
        let base = base.map(|b| Url::parse(b).unwrap());
        let mut errors = Vec::new();
        let _ = Url::options()
            .base(base.as_ref())
            .on_validation_error(&mut |e| errors.push(e))
            .parse(input);
        input_segments(input, base.as_ref(), &errors)
            .iter()
            .map(|s| match (s.component, s.removed) {
                (Some(c), _) => format!("{c}:{}", s.text),
                (None, Some(why)) => format!("x({why}):{}", s.text),
                (None, None) => format!("-:{}", s.text),
            })
            .collect()
    }

    #[test]
    fn every_component_and_what_is_removed() {
        assert_eq!(
            input(" https://u:p@EXAMPLE.com:8080/a/./b/../c?q#f\t", None),
            [
                "x(trimmed): ",
                "protocol:https:",
                "-://",
                "username:u",
                "-::",
                "password:p",
                "-:@",
                "hostname:EXAMPLE.com",
                "-::",
                "port:8080",
                "pathname:/a/",
                "x(dot-segment):.",
                "pathname:/b/",
                "x(dot-segment):..",
                "pathname:/c",
                "search:?q",
                "hash:#f",
                "x(trimmed):\t",
            ]
        );
    }

    #[test]
    fn backslashes_tabs_and_relative_input() {
        assert_eq!(
            input("http:\\\\h\n\\%2e\\x", None),
            // Each '\\' is a segment of its own: an invalid-reverse-solidus is reported there.
            [
                "protocol:http:",
                "-:\\",
                "-:\\",
                "hostname:h",
                "x(tab-or-newline):\n",
                "pathname:\\",
                "x(dot-segment):%2e",
                "pathname:\\",
                "pathname:x",
            ]
        );
        assert_eq!(
            input("../c?x", Some("http://a/b/d")),
            ["x(dot-segment):..", "pathname:/c", "search:?x"]
        );
        assert_eq!(
            input("mailto:a@b", None),
            ["protocol:mailto:", "pathname:a@b"]
        );
        // An opaque path keeps its dots.
        assert_eq!(input("sc:./x", None), ["protocol:sc:", "pathname:./x"]);
    }

    #[test]
    fn an_error_gets_its_own_segment() {
        let segments = {
            let mut errors = Vec::new();
            let input = "https://u@h/a b";
            let _ = Url::options()
                .on_validation_error(&mut |e| errors.push(e))
                .parse(input);
            input_segments(input, None, &errors)
                .into_iter()
                .filter(|s| !s.errors.is_empty())
                .map(|s| (s.offset, s.text, s.errors))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            segments,
            [
                (9, "@", vec!["invalid-credentials"]),
                (13, " ", vec!["invalid-URL-unit"])
            ]
        );
    }

    #[test]
    fn href_segments_mark_percent_encoded_bytes() {
        let url = Url::parse("http://h/a b?é").unwrap();
        let cells: Vec<_> = href_segments(&url)
            .iter()
            .map(|s| (s.component, s.text, s.encoded))
            .collect();
        assert_eq!(
            cells,
            [
                (Some("protocol"), "http:", false),
                (None, "//", false),
                (Some("hostname"), "h", false),
                (Some("pathname"), "/a", false),
                (Some("pathname"), "%20", true),
                (Some("pathname"), "b", false),
                (Some("search"), "?", false),
                (Some("search"), "%C3", true),
                (Some("search"), "%A9", true),
            ]
        );
    }
}
