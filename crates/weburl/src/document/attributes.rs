//! The HTML attributes that hold URLs, and how each kind of value holds them (one URL,
//! a `srcset`, a `ping` list, a refresh).

use super::{LinkKind, refresh, srcset};

/// The HTML attributes that hold URLs, per element, and how to read them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Form {
    Url,
    Srcset,
    Ping,
    Refresh,
    Action,
    Base,
}

/// The URL attributes of an HTML element (by lower-case local name).
pub(super) fn html_url_attribute(element: &str, attribute: &str) -> Option<Form> {
    use Form::*;
    let form = match (element, attribute) {
        ("a" | "area", "href") => Url,
        ("a" | "area", "ping") => Ping,
        ("link", "href") => Url,
        ("img" | "source", "src") => Url,
        ("img" | "source", "srcset") => Srcset,
        ("script" | "iframe" | "embed" | "audio" | "video" | "track" | "input", "src") => Url,
        ("video", "poster") => Url,
        ("object", "data") => Url,
        ("form", "action") => Action,
        ("button" | "input", "formaction") => Action,
        ("blockquote" | "q" | "ins" | "del", "cite") => Url,
        ("meta", "content") => Refresh,
        ("base", "href") => Base,
        _ => return None,
    };
    Some(form)
}

/// Whether an HTML element has URL attributes (those [`html_url_attribute`] knows).
pub(super) fn has_url_attributes(element: &str) -> bool {
    matches!(
        element,
        "a" | "area"
            | "link"
            | "img"
            | "source"
            | "script"
            | "iframe"
            | "embed"
            | "audio"
            | "video"
            | "track"
            | "input"
            | "object"
            | "form"
            | "button"
            | "blockquote"
            | "q"
            | "ins"
            | "del"
            | "meta"
            | "base"
    )
}

/// Whether an HTML element can appear in a head without ending it.
pub(super) fn is_head_element(element: &str) -> bool {
    matches!(
        element,
        "html"
            | "head"
            | "base"
            | "basefont"
            | "bgsound"
            | "link"
            | "meta"
            | "noframes"
            | "script"
            | "style"
            | "template"
            | "title"
            | "noscript"
    )
}

/// A position for a part of an attribute value: `offset` bytes into the value when the value
/// is its source text unchanged, else the value's start.
pub(super) fn part_offset(value_start: u64, verbatim: bool, offset: usize) -> u64 {
    if verbatim {
        value_start + offset as u64
    } else {
        value_start
    }
}

/// Splits a `ping` value on ASCII whitespace, with byte offsets.
pub(super) fn split_ascii_whitespace_with_offsets(s: &str) -> impl Iterator<Item = (usize, &str)> {
    s.split(['\t', '\n', '\x0C', '\r', ' '])
        .filter(|t| !t.is_empty())
        .map(move |t| (t.as_ptr() as usize - s.as_ptr() as usize, t))
}

/// Calls `emit(kind, offset_in_value, raw)` for each URL an attribute of form `form` holds.
pub(super) fn for_each_url(form: Form, value: &str, mut emit: impl FnMut(LinkKind, usize, String)) {
    match form {
        Form::Url => emit(LinkKind::Url, 0, value.to_owned()),
        Form::Base => emit(LinkKind::BaseHref, 0, value.to_owned()),
        Form::Action => emit(LinkKind::FormAction, 0, value.to_owned()),
        Form::Srcset => {
            for c in srcset::parse_srcset(value) {
                emit(LinkKind::SrcsetCandidate, c.offset, c.url.to_owned());
            }
        }
        Form::Ping => {
            for (offset, token) in split_ascii_whitespace_with_offsets(value) {
                emit(LinkKind::Ping, offset, token.to_owned());
            }
        }
        Form::Refresh => {
            if let Some(r) = refresh::parse_refresh(value)
                && let Some(url) = r.url
            {
                emit(LinkKind::Refresh, r.url_offset, url.to_owned());
            }
        }
    }
}
