//! Lone surrogates in JSON text.
//!
//! JSON (RFC 8259) lets a string hold `\uD800`–`\uDFFF` escapes that do not form a surrogate
//! pair; JavaScript accepts them, but a Rust `String` cannot hold them and `serde_json` rejects
//! the whole document. The batch contract says such a lone surrogate is replaced by U+FFFD
//! before use, as a browser does when it converts a JavaScript string to a USV string.
//! [`replace_lone_surrogates`] does that on the JSON text before it reaches `serde_json`.
//!
//! The CLI's batch mode runs it on every input line, and the project's tests on the
//! web-platform-tests data (through weburl-testkit): one copy of the rule.
//!
//! ```
//! use weburl_json_lossy::replace_lone_surrogates;
//! assert_eq!(replace_lone_surrogates(r#"["\ud800x"]"#), r#"["\uFFFDx"]"#);
//! assert_eq!(replace_lone_surrogates(r#"["\ud83d\ude00"]"#), r#"["\ud83d\ude00"]"#);
//! ```

#![forbid(unsafe_code)]

use std::borrow::Cow;

/// The escape every lone surrogate escape becomes.
const REPLACEMENT_ESCAPE: &[u8] = b"\\uFFFD";

/// Rewrites every `\uXXXX` escape naming a surrogate code point that is not half of a
/// high-then-low escape pair into `\uFFFD`, leaving everything else byte for byte as it was.
///
/// Escapes are recognised by walking backslashes: a backslash and the character after it are
/// one escape, so `\\ud800` (an escaped backslash, then the text `ud800`) is left alone. Hex
/// digits are matched case-insensitively. Backslashes outside strings are not valid JSON in the
/// first place; rewriting them cannot make an invalid document valid, so strings need not be
/// tracked. Text without any surrogate escape is returned borrowed.
///
/// ```text
/// "\ud800"        -> "\uFFFD"
/// "\ud83d\ude00"  -> unchanged (a valid pair: U+1F600)
/// "\ude00\ud83d"  -> "\uFFFD\uFFFD"
/// "\\ud800"       -> unchanged
/// ```
///
/// ```
/// use std::borrow::Cow;
/// use weburl_json_lossy::replace_lone_surrogates;
/// assert_eq!(replace_lone_surrogates(r#"{"a":"\ude00\ud83d"}"#), r#"{"a":"\uFFFD\uFFFD"}"#);
/// assert!(matches!(replace_lone_surrogates(r#"{"a":"\\ud800"}"#), Cow::Borrowed(_)));
/// ```
#[must_use]
pub fn replace_lone_surrogates(json: &str) -> Cow<'_, str> {
    let bytes = json.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    // Start of the input not yet copied to `out`.
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        let Some(unit) = unicode_escape_at(bytes, i) else {
            // Any other escape (or a dangling backslash): skip it whole so that the escaped
            // character, possibly itself a backslash, is not read as the start of an escape.
            i += 2;
            continue;
        };
        if !(0xD800..=0xDFFF).contains(&unit) {
            i += 6;
            continue;
        }
        if unit <= 0xDBFF
            && unicode_escape_at(bytes, i + 6).is_some_and(|low| (0xDC00..=0xDFFF).contains(&low))
        {
            // A high surrogate followed by a low one: a valid pair, kept as written.
            i += 12;
            continue;
        }
        let buf = out.get_or_insert_with(|| Vec::with_capacity(bytes.len()));
        buf.extend_from_slice(&bytes[copied..i]);
        buf.extend_from_slice(REPLACEMENT_ESCAPE);
        i += 6;
        copied = i;
    }
    match out {
        None => Cow::Borrowed(json),
        Some(mut buf) => {
            buf.extend_from_slice(&bytes[copied..]);
            // Only whole ASCII escapes were replaced by ASCII, so the text is still UTF-8.
            Cow::Owned(String::from_utf8(buf).expect("ASCII-for-ASCII replacement keeps UTF-8"))
        }
    }
}

/// The code unit of the `\uXXXX` escape starting at `bytes[at]`, if there is one.
fn unicode_escape_at(bytes: &[u8], at: usize) -> Option<u16> {
    let escape = bytes.get(at..at + 6)?;
    if escape[0] != b'\\' || escape[1] != b'u' {
        return None;
    }
    escape[2..].iter().try_fold(0u16, |acc, &b| {
        Some((acc << 4) | (b as char).to_digit(16)? as u16)
    })
}

#[cfg(test)]
mod tests {
    use super::replace_lone_surrogates as fix;
    use std::borrow::Cow;

    #[test]
    fn text_without_escapes_is_borrowed() {
        assert!(matches!(fix(r#"{"a":"b"}"#), Cow::Borrowed(_)));
        assert!(matches!(fix(r#"{"a":"\n\u0041\uFFFD"}"#), Cow::Borrowed(_)));
        assert!(matches!(fix(""), Cow::Borrowed(_)));
    }

    #[test]
    fn lone_high_and_low_surrogates_are_replaced() {
        assert_eq!(fix(r#""\ud800""#), r#""\uFFFD""#);
        assert_eq!(fix(r#""\udfff""#), r#""\uFFFD""#);
        assert_eq!(fix(r#""\uDBFF""#), r#""\uFFFD""#);
        assert_eq!(fix(r#""a\uDC00b""#), r#""a\uFFFDb""#);
    }

    #[test]
    fn valid_pairs_are_kept() {
        assert_eq!(fix(r#""\ud83d\ude00""#), r#""\ud83d\ude00""#);
        assert_eq!(fix(r#""\uD83D\uDE00""#), r#""\uD83D\uDE00""#);
        assert_eq!(fix(r#""\uDBFF\uDFFF""#), r#""\uDBFF\uDFFF""#);
    }

    #[test]
    fn reversed_and_doubled_surrogates_are_each_replaced() {
        assert_eq!(fix(r#""\ude00\ud83d""#), r#""\uFFFD\uFFFD""#);
        assert_eq!(fix(r#""\ud800\ud800""#), r#""\uFFFD\uFFFD""#);
        // The second high surrogate pairs with the low one that follows it.
        assert_eq!(fix(r#""\ud800\ud83d\ude00""#), r#""\uFFFD\ud83d\ude00""#);
        assert_eq!(fix(r#""\ud800\u0041""#), r#""\uFFFD\u0041""#);
        assert_eq!(fix(r#""\ud800x\udc00""#), r#""\uFFFDx\uFFFD""#);
    }

    #[test]
    fn escaped_backslashes_are_not_escapes() {
        assert_eq!(fix(r#""\\ud800""#), r#""\\ud800""#);
        assert_eq!(fix(r#""\\\ud800""#), r#""\\\uFFFD""#);
        assert_eq!(fix(r#""\\\\ud800""#), r#""\\\\ud800""#);
        // `\\` then `udc00` is text, so the high surrogate before it is alone.
        assert_eq!(fix(r#""\ud800\\udc00""#), r#""\uFFFD\\udc00""#);
        assert_eq!(fix(r#""\"\ud800""#), r#""\"\uFFFD""#);
    }

    #[test]
    fn malformed_escapes_are_left_to_the_json_parser() {
        assert_eq!(fix(r#""\ud8""#), r#""\ud8""#);
        assert_eq!(fix(r#""\ud80g""#), r#""\ud80g""#);
        assert_eq!(fix(r#""\Ud800""#), r#""\Ud800""#);
        assert_eq!(fix("\"\\"), "\"\\");
        assert_eq!(fix("\\"), "\\");
        // A high surrogate followed by a truncated low one is alone.
        assert_eq!(fix(r#""\ud800\udc0""#), r#""\uFFFD\udc0""#);
    }

    #[test]
    fn non_ascii_text_survives() {
        assert_eq!(fix(r#"{"é":"ü\ud800💩"}"#), r#"{"é":"ü\uFFFD💩"}"#);
    }

    #[test]
    fn result_is_accepted_by_serde_json() {
        let fixed = fix(r#"{"input":"http://a/\ud800\ud83d\ude00\udc00"}"#);
        let value: serde_json::Value = serde_json::from_str(&fixed).unwrap();
        assert_eq!(value["input"], "http://a/\u{FFFD}😀\u{FFFD}");
    }
}
