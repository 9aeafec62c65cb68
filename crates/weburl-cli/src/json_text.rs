//! JSON strings written by hand, where the output's exact bytes are part of the interface
//! (the link JSON of `weburl links`, unfurl's Go-style `json` mode), rather than serde_json's.

use std::fmt::Write as _;

use serde_json::Value;

/// Appends `s` as a JSON string: `"`, `\\`, `\n`, `\r`, `\t` escaped by name, other control
/// characters, U+2028 and U+2029 as `\uXXXX` (lower-case hex; so that a line of JSON is also a
/// line of JavaScript), and with `html_safe` also `<`, `>` and `&` (as Go's `encoding/json`
/// escapes them).
pub fn json_string(out: &mut String, s: &str, html_safe: bool) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0'..='\x1f' | '\u{2028}' | '\u{2029}' => escape(out, c),
            '<' | '>' | '&' if html_safe => escape(out, c),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `\uXXXX` for `c` (a character of the Basic Multilingual Plane).
fn escape(out: &mut String, c: char) {
    // Writing to a `String` cannot fail.
    let _ = write!(out, "\\u{:04x}", u32::from(c));
}

/// The JSON type of a value, for error messages.
pub fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
