//! Links of an HTML document, with lol_html.

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::io::Read;
use std::rc::Rc;

use lol_html::html_content::{Element, TextType};
use lol_html::{HtmlRewriter, Settings, doc_comments, doc_text, element};

use super::position::Tracker;
use super::{
    DecodedStream, DocumentError, Emitter, Form, Found, Link, for_each_url, has_url_attributes,
    html_url_attribute, is_head_element, part_offset,
};

const HTML_NS: &str = "http://www.w3.org/1999/xhtml";

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// How deep `<noscript>` elements are parsed inside each other with scripting disabled (each
/// level is a nested parse of the level's text: the limit bounds the recursion).
const MAX_NOSCRIPT_DEPTH: u32 = 8;

struct State<'e, F> {
    emitter: &'e mut Emitter<F>,
    tracker: Tracker,
    names: Vec<String>,
    /// Whether scripting is enabled ([`LinkOptions::scripting`](super::LinkOptions::scripting)):
    /// when it is not, `<noscript>` contents are parsed as markup.
    scripting: bool,
    /// Where the text being parsed starts in the document: 0, or the start of the contents of
    /// the `<noscript>` being parsed as markup (the parser's offsets count from there).
    base_offset: u64,
    /// The contents of a `<noscript>` being collected (scripting disabled): where they start
    /// in the document, and the text so far.
    noscript: Option<(u64, String)>,
    /// How many `<noscript>` contents are being parsed, one inside the other.
    noscript_depth: u32,
}

/// The value of an attribute as HTML's tokenizer gives it: newlines normalized, NUL replaced,
/// character references decoded as in an attribute value. Borrowed when that changes nothing.
pub(crate) fn decode_attribute(source: &str) -> Cow<'_, str> {
    if !source.contains(['&', '\r', '\0']) {
        return Cow::Borrowed(source);
    }
    let normalized = source
        .replace("\r\n", "\n")
        .replace(['\r'], "\n")
        .replace('\0', "\u{FFFD}");
    Cow::Owned(htmlize::unescape_attribute(normalized).into_owned())
}

fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

pub(crate) fn run<R: Read, F: FnMut(Link)>(
    stream: &mut DecodedStream<R>,
    emitter: &mut Emitter<F>,
    scripting: bool,
) -> Result<(), DocumentError> {
    let mut st = State {
        emitter,
        tracker: Tracker::new(),
        names: Vec::new(),
        scripting,
        base_offset: 0,
        noscript: None,
        noscript_depth: 0,
    };
    parse(&mut st, |chunk, st| {
        let more = stream.next_chunk(chunk)?;
        if more {
            st.tracker.push(chunk.as_bytes());
        }
        Ok(more)
    })
}

/// Parses the HTML text that `next` gives a chunk at a time (`false` at its end), calling
/// [`on_element`] for each element.
fn parse<'e, F: FnMut(Link)>(
    st: &mut State<'e, F>,
    mut next: impl FnMut(&mut String, &mut State<'e, F>) -> Result<bool, DocumentError>,
) -> Result<(), DocumentError> {
    let state = RefCell::new(st);
    let template_depth = Rc::new(Cell::new(0u32));
    let settings = Settings::new()
        .with_strict(false)
        .append_element_content_handler(element!("*", |el| {
            on_element(&mut state.borrow_mut(), &template_depth, el)
        }))
        .append_document_content_handler(doc_text!(|text| {
            let mut st = state.borrow_mut();
            let start = st.base_offset + text.source_location().bytes().start as u64;
            if text.text_type() == TextType::RawText
                && let Some((_, contents)) = st.noscript.as_mut()
            {
                // The tracker keeps the contents: the links in them are looked up later.
                contents.push_str(text.as_str());
                if text.last_in_text_node() {
                    parse_noscript(&mut st).map_err(|e| e.to_string())?;
                }
                return Ok(());
            }
            st.tracker.forget_before(start);
            if st.emitter.holding
                && text.text_type() == TextType::Data
                && template_depth.get() == 0
                && text.as_str().bytes().any(|b| !is_space(b))
            {
                st.emitter.end_head();
            }
            Ok(())
        }))
        .append_document_content_handler(doc_comments!(|comment| {
            let mut st = state.borrow_mut();
            let start = st.base_offset + comment.source_location().bytes().start as u64;
            st.tracker.forget_before(start);
            Ok(())
        }));
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    let mut chunk = String::new();
    loop {
        let more = next(&mut chunk, &mut state.borrow_mut())?;
        if !more {
            break;
        }
        rewriter
            .write(chunk.as_bytes())
            .map_err(|e| DocumentError::Html(e.to_string()))?;
    }
    rewriter
        .end()
        .map_err(|e| DocumentError::Html(e.to_string()))?;
    Ok(())
}

/// Parses the collected contents of a `<noscript>` as markup (scripting disabled), with
/// their positions in the document.
fn parse_noscript<F: FnMut(Link)>(st: &mut State<'_, F>) -> Result<(), DocumentError> {
    let Some((start, contents)) = st.noscript.take() else {
        return Ok(());
    };
    let outer_base = st.base_offset;
    st.base_offset = start;
    st.noscript_depth += 1;
    let mut contents = Some(contents);
    let result = parse(st, |chunk, _| {
        Ok(match contents.take() {
            Some(text) => {
                *chunk = text;
                true
            }
            None => false,
        })
    });
    st.noscript_depth -= 1;
    st.base_offset = outer_base;
    result
}

/// The URL attribute of an SVG element in HTML, as SVG 2 reads it: `href`, or without one
/// `xlink:href`, on `a`, `image` and `use`.
fn svg_url_attribute(element: &str, el: &Element<'_, '_>) -> Option<&'static str> {
    if !matches!(element, "a" | "image" | "use") {
        return None;
    }
    if el.has_attribute("href") {
        Some("href")
    } else if el.has_attribute("xlink:href") {
        Some("xlink:href")
    } else {
        None
    }
}

fn on_element<F: FnMut(Link)>(
    st: &mut State<'_, F>,
    template_depth: &Rc<Cell<u32>>,
    el: &mut Element<'_, '_>,
) -> lol_html::HandlerResult {
    let start = st.base_offset + el.source_location().bytes().start as u64;
    st.tracker.forget_before(start);
    // A `<noscript>` without contents is done by now.
    st.noscript = None;
    let inert = template_depth.get() > 0;
    if el.namespace_uri() != HTML_NS {
        if !inert {
            st.emitter.end_head();
            if el.namespace_uri() == SVG_NS {
                let name = el.tag_name();
                if let Some(attr_name) = svg_url_attribute(&name, el) {
                    emit_attribute(st, el, start, &name, attr_name, Form::Url);
                }
            }
        }
        return Ok(());
    }
    let name = el.tag_name();
    if name == "noscript" && !inert && !st.scripting && st.noscript_depth < MAX_NOSCRIPT_DEPTH {
        // (`<noscript/>` opens the element too: HTML ignores the slash on it. If no raw text
        // follows, the next element clears this.)
        let contents_start = st.base_offset + el.source_location().bytes().end as u64;
        st.noscript = Some((contents_start, String::new()));
    }
    if name == "template" {
        if el.can_have_content() {
            template_depth.set(template_depth.get() + 1);
            let depth = Rc::clone(template_depth);
            el.on_end_tag(Box::new(move |_| {
                depth.set(depth.get().saturating_sub(1));
                Ok(())
            }))?;
        }
        return Ok(());
    }
    if inert {
        return Ok(());
    }
    if !is_head_element(&name) {
        st.emitter.end_head();
    }
    if !has_url_attributes(&name) {
        return Ok(());
    }
    st.names.clear();
    for attr in el.attributes() {
        let attr_name = attr.name();
        // The tokenizer drops an attribute whose name an earlier one has.
        if st.names.contains(&attr_name) {
            continue;
        }
        // (Only URL attributes matter, so only their names are remembered.)
        let Some(form) = html_url_attribute(&name, &attr_name) else {
            continue;
        };
        if form == Form::Refresh {
            let refresh = el
                .get_attribute("http-equiv")
                .is_some_and(|v| decode_attribute(&v).eq_ignore_ascii_case("refresh"));
            if !refresh {
                st.names.push(attr_name);
                continue;
            }
        }
        let source = attr.value();
        let value = decode_attribute(&source);
        let verbatim = matches!(value, Cow::Borrowed(_));
        let value_start = attr
            .value_source_location()
            .or_else(|| attr.name_source_location())
            .map_or(start, |l| st.base_offset + l.bytes().start as u64);
        if form == Form::Base && !st.emitter.base_seen() {
            let at = st.tracker.position(value_start);
            st.emitter.set_base(&value, at.line, at.column);
        }
        let State {
            emitter, tracker, ..
        } = &mut *st;
        for_each_url(form, &value, |kind, offset, raw| {
            let at = tracker.position(part_offset(value_start, verbatim, offset));
            emitter.push(Found {
                element: &name,
                attribute: &attr_name,
                kind,
                raw,
                line: at.line,
                column: at.column,
                xml_base: None,
                scope_base: None,
            });
        });
        st.names.push(attr_name);
    }
    Ok(())
}

/// Emits the URLs of the attribute `attr_name` of `el` (the element `name`, starting at
/// `start`), read as `form`.
fn emit_attribute<F: FnMut(Link)>(
    st: &mut State<'_, F>,
    el: &Element<'_, '_>,
    start: u64,
    name: &str,
    attr_name: &str,
    form: Form,
) {
    let Some(attr) = el.attributes().iter().find(|a| a.name() == attr_name) else {
        return;
    };
    let source = attr.value();
    let value = decode_attribute(&source);
    let verbatim = matches!(value, Cow::Borrowed(_));
    let value_start = attr
        .value_source_location()
        .or_else(|| attr.name_source_location())
        .map_or(start, |l| st.base_offset + l.bytes().start as u64);
    let State {
        emitter, tracker, ..
    } = st;
    for_each_url(form, &value, |kind, offset, raw| {
        let at = tracker.position(part_offset(value_start, verbatim, offset));
        emitter.push(Found {
            element: name,
            attribute: attr_name,
            kind,
            raw,
            line: at.line,
            column: at.column,
            xml_base: None,
            scope_base: None,
        });
    });
}
