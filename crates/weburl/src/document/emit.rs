//! The emitter: numbers the links the parsers find, resolves them, and holds, emits, keeps
//! and re-emits them per the late-base policy ([`LateBase`]).

use std::sync::Arc;

use super::base::{Resolver, XmlBase};
use super::{BaseElement, LateBase, Link, LinkKind, LinkOptions};
use crate::{ParseError, Url};

/// A link as a parser finds it, before it is numbered and resolved.
pub(super) struct Found<'a> {
    pub(super) element: &'a str,
    pub(super) attribute: &'a str,
    pub(super) kind: LinkKind,
    pub(super) raw: String,
    pub(super) line: u32,
    pub(super) column: u32,
    pub(super) xml_base: Option<Arc<XmlBase>>,
    /// The base URI of the link's `xml:base` scope, when it has one (computed by the parser,
    /// which caches it per scope).
    pub(super) scope_base: Option<Option<&'a Url>>,
}

/// Numbers links, resolves them, and holds, emits, keeps and re-emits them per the
/// late-base policy.
pub(super) struct Emitter<F> {
    pub(super) sink: F,
    pub(super) resolver: Resolver,
    pub(super) policy: LateBase,
    pub(super) retain_limit: usize,
    pub(super) base_seen: bool,
    pub(super) holding: bool,
    pub(super) held: Vec<Link>,
    pub(super) retained: Vec<Link>,
    pub(super) emitted_unkept: u64,
    pub(super) next_index: u64,
    pub(super) links: u64,
    pub(super) re_resolved: u64,
    pub(super) unretained: u64,
    pub(super) max_held: usize,
    pub(super) base_element: Option<BaseElement>,
    /// Bumped when the document base URL changes, so that parsers recompute cached bases.
    pub(super) base_generation: u64,
}

impl<F: FnMut(Link)> Emitter<F> {
    pub(super) fn new(sink: F, resolver: Resolver, options: &LinkOptions) -> Emitter<F> {
        Emitter {
            sink,
            resolver,
            policy: options.late_base,
            retain_limit: options.retain_limit,
            base_seen: false,
            holding: options.late_base != LateBase::Reresolve,
            held: Vec::new(),
            retained: Vec::new(),
            emitted_unkept: 0,
            next_index: 0,
            links: 0,
            re_resolved: 0,
            unretained: 0,
            max_held: 0,
            base_element: None,
            base_generation: 0,
        }
    }

    pub(super) fn resolve(&self, link: &mut Link, scope_base: Option<Option<&Url>>) {
        link.result = match (scope_base, &link.xml_base) {
            (Some(base), _) => self.resolver.resolve_with_base(link.kind, &link.raw, base),
            (None, None) => self.resolver.resolve(link.kind, &link.raw),
            (None, Some(_)) => {
                let base = self.resolver.link_base(link);
                self.resolver
                    .resolve_with_base(link.kind, &link.raw, base.as_ref())
            }
        };
    }

    pub(super) fn push(&mut self, found: Found<'_>) {
        let mut link = Link {
            index: self.next_index,
            element: found.element.to_owned(),
            attribute: found.attribute.to_owned(),
            kind: found.kind,
            raw: found.raw,
            result: Err(ParseError::MissingSchemeNonRelativeUrl),
            line: found.line,
            column: found.column,
            re_resolved: false,
            xml_base: found.xml_base,
        };
        self.next_index += 1;
        if self.holding {
            if link.kind == LinkKind::Refresh {
                self.resolve(&mut link, found.scope_base);
            }
            self.held.push(link);
            self.max_held = self.max_held.max(self.held.len());
            return;
        }
        self.resolve(&mut link, found.scope_base);
        self.emit(link);
    }

    pub(super) fn emit(&mut self, link: Link) {
        self.links += 1;
        if !self.base_seen && !matches!(link.kind, LinkKind::Refresh | LinkKind::BaseHref) {
            if self.retained.len() < self.retain_limit {
                self.retained.push(link.clone());
            } else {
                self.emitted_unkept += 1;
            }
        }
        (self.sink)(link);
    }

    /// Emits the held links, resolved against the current base.
    pub(super) fn release(&mut self) {
        self.holding = false;
        let held = std::mem::take(&mut self.held);
        for mut link in held {
            if link.kind != LinkKind::Refresh {
                self.resolve(&mut link, None);
            }
            self.emit(link);
        }
    }

    /// The parser left the head: under [`LateBase::Auto`], stop holding.
    pub(super) fn end_head(&mut self) {
        if self.holding && self.policy == LateBase::Auto {
            self.release();
        }
    }

    pub(super) fn base_seen(&self) -> bool {
        self.base_seen
    }

    /// The first `<base href>`: settle the document base URL, release held links, re-emit
    /// kept ones that change.
    pub(super) fn set_base(&mut self, href: &str, line: u32, column: u32) {
        if self.base_seen {
            return;
        }
        self.base_seen = true;
        let late = self.next_index > 0;
        self.base_element = Some(BaseElement {
            raw: href.to_owned(),
            line,
            column,
            late,
        });
        let resolver = std::mem::take(&mut self.resolver);
        self.resolver = resolver.with_base_href(href);
        self.base_generation += 1;
        if self.holding {
            self.release();
        }
        let retained = std::mem::take(&mut self.retained);
        for mut link in retained {
            if self.resolver.resolve_link(&mut link) {
                link.re_resolved = true;
                self.re_resolved += 1;
                (self.sink)(link);
            }
        }
        self.unretained = self.emitted_unkept;
    }

    /// The end of the document: the base URL is settled.
    pub(super) fn finish(&mut self) {
        if self.holding {
            self.release();
        }
        self.retained = Vec::new();
    }
}
