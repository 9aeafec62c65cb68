//! Links of an XML document, with quick-xml, and `xml:base`.

use std::borrow::Cow;
use std::cell::RefCell;
use std::io::{self, BufReader, Read};
use std::rc::Rc;
use std::sync::Arc;

use quick_xml::NsReader;
use quick_xml::XmlVersion;
use quick_xml::events::{BytesStart, Event};
use quick_xml::name::ResolveResult;

use super::base::{XmlBase, resolve_xml_base};
use super::position::{LineColumn, Tracker};
use super::{
    DecodedStream, DocumentError, Emitter, Form, Found, Link, LinkKind, for_each_url,
    html_url_attribute, is_head_element, part_offset,
};
use crate::Url;

const XHTML: &str = "http://www.w3.org/1999/xhtml";
const SVG: &str = "http://www.w3.org/2000/svg";
const XLINK: &str = "http://www.w3.org/1999/xlink";
const ATOM: &str = "http://www.w3.org/2005/Atom";

/// The decoded text as a `Read`, copied into the position tracker as it goes.
struct Source<'s, R> {
    stream: &'s mut DecodedStream<R>,
    chunk: String,
    pos: usize,
    tracker: Rc<RefCell<Tracker>>,
}

impl<R: Read> Read for Source<'_, R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.chunk.len() {
            if !self.stream.next_chunk(&mut self.chunk)? {
                return Ok(0);
            }
            self.pos = 0;
            self.tracker.borrow_mut().push(self.chunk.as_bytes());
        }
        let n = out.len().min(self.chunk.len() - self.pos);
        out[..n].copy_from_slice(&self.chunk.as_bytes()[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// An `xml:base` scope: the attribute chain and the base URI it gives.
struct Scope {
    node: Arc<XmlBase>,
    base: Option<Url>,
}

/// An open element.
struct Frame {
    pushed_scope: bool,
    /// For an element whose text is a URL: its name, the text so far, and the line and column
    /// of the text's first non-whitespace character (taken when it is read: the tracker forgets
    /// what lies before the event being parsed).
    text: Option<(String, String, Option<LineColumn>)>,
}

struct Attr<'a> {
    qname: &'a str,
    ns: Option<String>,
    local: String,
    value: Cow<'a, str>,
    verbatim: bool,
    offset: usize,
}

fn is_xml_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// Reads the XML document; returns the warnings for [`Summary::warnings`](super::Summary).
pub(crate) fn run<R: Read, F: FnMut(Link)>(
    stream: &mut DecodedStream<R>,
    emitter: &mut Emitter<F>,
) -> Result<Vec<String>, DocumentError> {
    let mut warnings = Vec::new();
    let tracker = Rc::new(RefCell::new(Tracker::new()));
    let source = Source {
        stream,
        chunk: String::new(),
        pos: 0,
        tracker: Rc::clone(&tracker),
    };
    let mut reader = NsReader::from_reader(BufReader::with_capacity(super::CHUNK, source));
    reader.config_mut().trim_text(false);
    let mut buf = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    let mut scopes: Vec<Scope> = Vec::new();
    let mut generation = emitter.base_generation;
    let mut rss = false;
    let xml_error = |e: &dyn std::fmt::Display, at: u64, tracker: &Rc<RefCell<Tracker>>| {
        let at = tracker.borrow_mut().position(at);
        DocumentError::Xml {
            message: e.to_string(),
            line: at.line,
            column: at.column,
        }
    };
    loop {
        buf.clear();
        let start = reader.buffer_position();
        let event = match reader.read_event_into(&mut buf) {
            Ok(event) => event,
            Err(e) => return Err(xml_error(&e, reader.error_position(), &tracker)),
        };
        tracker.borrow_mut().forget_before(start);
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(event, Event::Empty(_));
                let element = {
                    let (ns, local) = reader.resolver().resolve_element(e.name());
                    (namespace(&ns), local.into_inner().to_owned())
                };
                if frames.is_empty() && element.0.is_none() && element.1 == "rss" {
                    rss = true;
                }
                // Atom's elements are Atom's only in its namespace: a feed without it gives
                // no links, which the caller should hear about.
                if frames.is_empty() && element.1 == "feed" && element.0.as_deref() != Some(ATOM) {
                    warnings.push(format!(
                        "the root element <feed> is not in the Atom namespace ({ATOM}): \
                         its elements are not read as Atom's, and give no links (add \
                         xmlns=\"{ATOM}\")"
                    ));
                }
                let mut attrs = Vec::new();
                for attr in e.attributes() {
                    let attr = attr.map_err(|err| xml_error(&err, start, &tracker))?;
                    let (ns, local) = reader.resolver().resolve_attribute(attr.key);
                    let ns = namespace(&ns);
                    let local = local.into_inner().to_owned();
                    let value = attr
                        .normalized_value(XmlVersion::Implicit1_0)
                        .map_err(|err| xml_error(&err, start, &tracker))?;
                    let offset = offset_in(e, &attr.value);
                    let verbatim = matches!((&value, &attr.value), (Cow::Borrowed(v), Cow::Borrowed(r)) if v.len() == r.len());
                    attrs.push(Attr {
                        qname: attr.key.0,
                        ns,
                        local,
                        value,
                        verbatim,
                        offset,
                    });
                }
                let is_xhtml = element.0.as_deref() == Some(XHTML);
                if !(is_xhtml && is_head_element(&element.1)) {
                    emitter.end_head();
                }
                // The element's own xml:base applies to its attributes and content.
                let mut pushed_scope = false;
                if let Some(attr) = attrs.iter().find(|a| a.qname == "xml:base") {
                    let parent = scopes.last();
                    let parent_base = match parent {
                        Some(scope) => scope.base.clone(),
                        None => emitter.resolver.base_url().cloned(),
                    };
                    let node = Arc::new(XmlBase {
                        parent: parent.map(|s| Arc::clone(&s.node)),
                        raw: attr.value.clone().into_owned(),
                    });
                    let base =
                        resolve_xml_base(&node.raw, parent_base, emitter.resolver.encoding());
                    scopes.push(Scope { node, base });
                    pushed_scope = true;
                }
                // An XHTML <base href>: the document base URL.
                if is_xhtml
                    && element.1 == "base"
                    && !emitter.base_seen()
                    && let Some(href) = attrs.iter().find(|a| a.ns.is_none() && a.local == "href")
                {
                    let at = tracker
                        .borrow_mut()
                        .position(start + 1 + href.offset as u64);
                    emitter.set_base(&href.value, at.line, at.column);
                }
                if emitter.base_generation != generation {
                    generation = emitter.base_generation;
                    rebase(&mut scopes, emitter);
                }
                let refresh = is_xhtml
                    && element.1 == "meta"
                    && attrs.iter().any(|a| {
                        a.ns.is_none()
                            && a.local == "http-equiv"
                            && a.value.eq_ignore_ascii_case("refresh")
                    });
                let (scope_node, scope_base) = match scopes.last() {
                    Some(s) => (Some(Arc::clone(&s.node)), Some(s.base.as_ref())),
                    None => (None, None),
                };
                for attr in &attrs {
                    let Some(form) = xml_url_attribute(&element, attr, rss) else {
                        continue;
                    };
                    if form == Form::Refresh && !refresh {
                        continue;
                    }
                    let value_start = start + 1 + attr.offset as u64;
                    let mut tracker = tracker.borrow_mut();
                    for_each_url(form, &attr.value, |kind, offset, raw| {
                        let at = tracker.position(part_offset(value_start, attr.verbatim, offset));
                        emitter.push(Found {
                            element: &element.1,
                            attribute: attr.qname,
                            kind,
                            raw,
                            line: at.line,
                            column: at.column,
                            xml_base: scope_node.clone(),
                            scope_base,
                        });
                    });
                }
                let text =
                    is_text_link(&element, rss).then(|| (element.1.clone(), String::new(), None));
                let frame = Frame { pushed_scope, text };
                if empty {
                    close(frame, &mut scopes, emitter, &tracker, start);
                } else {
                    frames.push(frame);
                }
            }
            Event::End(_) => {
                if let Some(frame) = frames.pop() {
                    close(frame, &mut scopes, emitter, &tracker, start);
                }
            }
            Event::Text(ref t) => {
                if let Some(Some((_, text, first))) = frames.last_mut().map(|f| f.text.as_mut()) {
                    if first.is_none()
                        && let Some(i) = t.find(|c: char| !is_xml_space(c))
                    {
                        *first = Some(tracker.borrow_mut().position(start + i as u64));
                    }
                    text.push_str(&t.xml10_content());
                }
            }
            Event::CData(ref c) => {
                if let Some(Some((_, text, first))) = frames.last_mut().map(|f| f.text.as_mut()) {
                    if first.is_none()
                        && let Some(i) = c.find(|c: char| !is_xml_space(c))
                    {
                        *first = Some(tracker.borrow_mut().position(start + 9 + i as u64));
                    }
                    text.push_str(&c.xml10_content());
                }
            }
            Event::GeneralRef(ref r) => {
                if let Some(Some((_, text, first))) = frames.last_mut().map(|f| f.text.as_mut()) {
                    if first.is_none() {
                        *first = Some(tracker.borrow_mut().position(start));
                    }
                    match r.resolve_char_ref() {
                        Ok(Some(c)) => text.push(c),
                        Ok(None) => match &**r {
                            "lt" => text.push('<'),
                            "gt" => text.push('>'),
                            "amp" => text.push('&'),
                            "apos" => text.push('\''),
                            "quot" => text.push('"'),
                            other => {
                                let message = format!("undeclared entity &{other};");
                                return Err(xml_error(&message, start, &tracker));
                            }
                        },
                        Err(e) => return Err(xml_error(&e, start, &tracker)),
                    }
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(warnings)
}

/// The namespace name a resolution gave (`None`: no namespace, or an unknown prefix).
fn namespace(ns: &ResolveResult<'_>) -> Option<String> {
    match ns {
        ResolveResult::Bound(ns) => Some(ns.into_inner().to_owned()),
        _ => None,
    }
}

/// Where `part` (a slice of `e`'s text, such as an attribute value) starts in `e`; 0 when it
/// is not a slice of it.
fn offset_in(e: &BytesStart<'_>, part: &str) -> usize {
    let whole: &str = e;
    let at = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    if at
        .checked_add(part.len())
        .is_some_and(|end| end <= whole.len())
    {
        at
    } else {
        0
    }
}

/// Emits an element's text link, if it has one, and closes its `xml:base` scope.
fn close<F: FnMut(Link)>(
    frame: Frame,
    scopes: &mut Vec<Scope>,
    emitter: &mut Emitter<F>,
    tracker: &Rc<RefCell<Tracker>>,
    end: u64,
) {
    if let Some((element, text, first)) = frame.text {
        let raw = text.trim_matches(is_xml_space);
        if !raw.is_empty() {
            let at = first.unwrap_or_else(|| tracker.borrow_mut().position(end));
            let (xml_base, scope_base) = match scopes.last() {
                Some(s) => (Some(Arc::clone(&s.node)), Some(s.base.as_ref())),
                None => (None, None),
            };
            emitter.push(Found {
                element: &element,
                attribute: "#text",
                kind: LinkKind::Url,
                raw: raw.to_owned(),
                line: at.line,
                column: at.column,
                xml_base,
                scope_base,
            });
        }
    }
    if frame.pushed_scope {
        scopes.pop();
    }
}

/// Recomputes the scopes' base URIs after the document base URL changed.
fn rebase<F>(scopes: &mut [Scope], emitter: &Emitter<F>) {
    let mut parent = emitter.resolver.base_url().cloned();
    for scope in scopes {
        scope.base = resolve_xml_base(&scope.node.raw, parent, emitter.resolver.encoding());
        parent = scope.base.clone();
    }
}

/// The URL attributes of XML vocabularies.
fn xml_url_attribute(
    element: &(Option<String>, String),
    attr: &Attr<'_>,
    rss: bool,
) -> Option<Form> {
    if attr.ns.as_deref() == Some(XLINK) && attr.local == "href" {
        return Some(Form::Url);
    }
    if attr.ns.is_some() {
        return None;
    }
    let (ns, local) = (element.0.as_deref(), element.1.as_str());
    let attr = attr.local.as_str();
    match ns {
        Some(XHTML) => html_url_attribute(local, attr),
        Some(SVG) => (attr == "href").then_some(Form::Url),
        Some(ATOM) => matches!(
            (local, attr),
            ("link", "href") | ("content", "src") | ("generator", "uri")
        )
        .then_some(Form::Url),
        None if rss => {
            matches!((local, attr), ("enclosure" | "source", "url")).then_some(Form::Url)
        }
        _ => None,
    }
}

/// Whether an element's text is a URL.
fn is_text_link(element: &(Option<String>, String), rss: bool) -> bool {
    match (element.0.as_deref(), element.1.as_str()) {
        (Some(ATOM), "icon" | "logo" | "uri") => true,
        (None, "link" | "comments" | "docs" | "url") => rss,
        _ => false,
    }
}
