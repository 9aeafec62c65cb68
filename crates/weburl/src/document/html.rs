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

struct State<'e, F> {
    emitter: &'e mut Emitter<F>,
    tracker: Tracker,
    names: Vec<String>,
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
) -> Result<(), DocumentError> {
    let state = RefCell::new(State {
        emitter,
        tracker: Tracker::new(),
        names: Vec::new(),
    });
    let template_depth = Rc::new(Cell::new(0u32));
    let settings = Settings::new()
        .with_strict(false)
        .append_element_content_handler(element!("*", |el| {
            on_element(&mut state.borrow_mut(), &template_depth, el)
        }))
        .append_document_content_handler(doc_text!(|text| {
            let mut st = state.borrow_mut();
            st.tracker
                .forget_before(text.source_location().bytes().start as u64);
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
            state
                .borrow_mut()
                .tracker
                .forget_before(comment.source_location().bytes().start as u64);
            Ok(())
        }));
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    let mut chunk = String::new();
    while stream.next_chunk(&mut chunk)? {
        state.borrow_mut().tracker.push(chunk.as_bytes());
        rewriter
            .write(chunk.as_bytes())
            .map_err(|e| DocumentError::Html(e.to_string()))?;
    }
    rewriter
        .end()
        .map_err(|e| DocumentError::Html(e.to_string()))?;
    Ok(())
}

fn on_element<F: FnMut(Link)>(
    st: &mut State<'_, F>,
    template_depth: &Rc<Cell<u32>>,
    el: &mut Element<'_, '_>,
) -> lol_html::HandlerResult {
    let start = el.source_location().bytes().start as u64;
    st.tracker.forget_before(start);
    let inert = template_depth.get() > 0;
    if el.namespace_uri() != HTML_NS {
        if !inert {
            st.emitter.end_head();
        }
        return Ok(());
    }
    let name = el.tag_name();
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
            .map_or(start, |l| l.bytes().start as u64);
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
