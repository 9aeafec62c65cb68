//! Python strings as the URL Standard's USVStrings.

use std::borrow::Cow;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The text of `s` as a USVString, as JavaScript converts a string for a Web IDL `USVString`
/// argument: a surrogate pair is one code point, a lone surrogate becomes U+FFFD. Borrowed
/// (no copy) unless `s` holds surrogates.
pub fn usv<'a>(s: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, str>> {
    match s.to_str() {
        Ok(text) => Ok(Cow::Borrowed(text)),
        Err(_) => {
            let encoded = s.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
            let bytes = encoded.cast::<PyBytes>()?.as_bytes();
            let units: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|pair| u16::from_le_bytes([pair[0], pair[1]]))
                .collect();
            Ok(Cow::Owned(String::from_utf16_lossy(&units)))
        }
    }
}

/// [`usv`] of any object that must be a `str`, with a TypeError naming `what` otherwise.
pub fn usv_any<'a>(value: &'a Bound<'_, PyAny>, what: &str) -> PyResult<Cow<'a, str>> {
    match value.cast::<PyString>() {
        Ok(s) => usv(s),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be str, not {}",
            value.get_type().name()?
        ))),
    }
}

/// `input` for an error message: quoted as Python's repr would, and cut after 100 characters
/// (a hostile input of megabytes must not make a megabyte message).
pub fn quote(input: &str) -> String {
    const MAX: usize = 100;
    let mut cut = input;
    let mut ellipsis = "";
    if let Some((i, _)) = input.char_indices().nth(MAX) {
        cut = &input[..i];
        ellipsis = "...";
    }
    let mut out = String::with_capacity(cut.len() + 8);
    out.push('\'');
    for c in cut.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&c.escape_unicode().to_string()),
            c => out.push(c),
        }
    }
    out.push('\'');
    out.push_str(ellipsis);
    out
}
