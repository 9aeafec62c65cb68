//! The page's diagrams: the input and the href cut into labelled segments.
//!
//! The href's segments come from the URL itself (`Url::component_range`). The input's come
//! from the parser: the spans of the input it reports as its states read them
//! (`ParseOptions::on_input_span`): the bytes it trims and the tabs and newlines it removes
//! (steps 1-3), the scheme, the authority's delimiters, userinfo, host and port, the path (with
//! its single- and double-dot segments, which the path state drops), the query and the
//! fragment. Nothing here reads the URL grammar a second time.

use serde::Serialize;
use weburl::{Component, InputPart, InputSpan, Url, ValidationError};

/// How the parser treated one byte of the input.
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
    /// Not read: the parser failed before it.
    Unread,
}

impl Mark {
    fn of(part: InputPart) -> Mark {
        match (part.component_name(), part.removed()) {
            (Some(name), _) => Mark::Part(name),
            (None, Some(why)) => Mark::Removed(why),
            (None, None) => Mark::Delimiter,
        }
    }
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

/// The input diagram: `input` cut where the way the parser reads it changes, and at each
/// validation error's offset (the code point there is a segment of its own).
pub fn input_segments<'a>(
    input: &'a str,
    base: Option<&Url>,
    errors: &[ValidationError],
) -> Vec<InputSegment<'a>> {
    let bytes = input.as_bytes();
    let mut spans: Vec<InputSpan> = Vec::new();
    let _ = Url::options()
        .base(base)
        .on_input_span(&mut |span| spans.push(span))
        .parse(input);
    // What each byte was read into, then what the parser removed (a dot segment inside the
    // path, a tab or newline inside any component).
    let mut marks = vec![Mark::Unread; bytes.len()];
    for removed in [false, true] {
        for span in spans
            .iter()
            .filter(|s| s.part.removed().is_some() == removed)
        {
            if let Some(bytes) = marks.get_mut(span.range.clone()) {
                bytes.fill(Mark::of(span.part));
            }
        }
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
        Mark::Delimiter | Mark::Unread => (None, None),
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
