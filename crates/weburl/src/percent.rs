//! Percent-encoded bytes: the percent-encode sets, percent-encoding and percent-decoding.
//!
//! <https://url.spec.whatwg.org/#percent-encoded-bytes>
//!
//! Every set is one bit in a single 256-entry table (built in [`crate::lex`] beside the other
//! byte classes), so testing a byte against a set is one
//! load and one mask. Every set contains all non-ASCII bytes (the spec's sets contain every code
//! point above U+007E), so encoding works on UTF-8 bytes directly.

use std::borrow::Cow;

use crate::lex::{
    SET_C0 as C0, SET_COMPONENT as COMPONENT, SET_FORM as FORM, SET_FRAGMENT as FRAGMENT,
    SET_PATH as PATH, SET_QUERY as QUERY, SET_SPECIAL_QUERY as SPECIAL_QUERY,
    SET_USERINFO as USERINFO, encode_sets as build_table,
};

/// A percent-encode set: <https://url.spec.whatwg.org/#percent-encode-set>.
///
/// The sets nest as the spec defines them; each constant is the spec's set of the same name.
///
/// ```
/// use weburl::percent::{utf8_percent_encode, EncodeSet};
/// assert_eq!(utf8_percent_encode("Say what‽", EncodeSet::USERINFO), "Say%20what%E2%80%BD");
/// assert!(EncodeSet::PATH.contains(b'?'));
/// assert!(!EncodeSet::QUERY.contains(b'?'));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeSet(u8);

impl EncodeSet {
    /// <https://url.spec.whatwg.org/#c0-control-percent-encode-set>
    pub const C0_CONTROL: EncodeSet = EncodeSet(C0);
    /// <https://url.spec.whatwg.org/#fragment-percent-encode-set>
    pub const FRAGMENT: EncodeSet = EncodeSet(FRAGMENT);
    /// <https://url.spec.whatwg.org/#query-percent-encode-set>
    pub const QUERY: EncodeSet = EncodeSet(QUERY);
    /// <https://url.spec.whatwg.org/#special-query-percent-encode-set>
    pub const SPECIAL_QUERY: EncodeSet = EncodeSet(SPECIAL_QUERY);
    /// <https://url.spec.whatwg.org/#path-percent-encode-set>
    pub const PATH: EncodeSet = EncodeSet(PATH);
    /// <https://url.spec.whatwg.org/#userinfo-percent-encode-set>
    pub const USERINFO: EncodeSet = EncodeSet(USERINFO);
    /// <https://url.spec.whatwg.org/#component-percent-encode-set>
    pub const COMPONENT: EncodeSet = EncodeSet(COMPONENT);
    /// <https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set>
    pub const FORM_URLENCODED: EncodeSet = EncodeSet(FORM);

    /// The bytes that the path, query or fragment states may percent-encode (the union of
    /// their sets), for sizing the output.
    pub(crate) const ANY_COMPONENT: EncodeSet = EncodeSet(FRAGMENT | SPECIAL_QUERY | PATH);

    /// Whether `byte` is in this set (every non-ASCII byte is).
    ///
    /// ```
    /// use weburl::percent::EncodeSet;
    /// assert!(EncodeSet::FRAGMENT.contains(b'`'));
    /// assert!(!EncodeSet::QUERY.contains(b'`'));
    /// assert!(EncodeSet::C0_CONTROL.contains(0x80));
    /// ```
    #[inline]
    #[must_use]
    pub const fn contains(self, byte: u8) -> bool {
        TABLE[byte as usize] & self.0 != 0
    }
}

static TABLE: [u8; 256] = build_table();

/// "%00%01…%FF": the percent-encoding of every byte, three bytes each.
const PERCENT_TABLE_BYTES: [u8; 768] = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut t = [0u8; 768];
    let mut b = 0;
    while b < 256 {
        t[3 * b] = b'%';
        t[3 * b + 1] = HEX[b >> 4];
        t[3 * b + 2] = HEX[b & 15];
        b += 1;
    }
    t
};
const PERCENT_TABLE: &str = match std::str::from_utf8(&PERCENT_TABLE_BYTES) {
    Ok(s) => s,
    Err(_) => panic!("the percent table is ASCII"),
};

/// The percent-encoding of `byte`: "%" and two upper hex digits.
#[inline]
pub(crate) fn percent_encoded(byte: u8) -> &'static str {
    let i = 3 * byte as usize;
    &PERCENT_TABLE[i..i + 3]
}

/// Appends the percent-encoding of `byte` ("%" and two upper hex digits) to `out`.
///
/// <https://url.spec.whatwg.org/#percent-encode>
#[inline]
pub(crate) fn push_percent_encoded(out: &mut String, byte: u8) {
    let i = 3 * byte as usize;
    out.push_str(&PERCENT_TABLE[i..i + 3]);
}

/// Bytes that end a component, for [`encode_until`]: each constant is a set of delimiters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stop(u8);

impl Stop {
    /// Nothing stops the run (the fragment runs to the end).
    pub(crate) const NONE: Stop = Stop(0);
    /// A path segment of a non-special URL: '/', '?', '#'.
    pub(crate) const PATH: Stop = Stop(1);
    /// A path segment of a special URL: '/', '\', '?', '#'.
    pub(crate) const SPECIAL_PATH: Stop = Stop(1 << 1);
    /// A query: '#'.
    pub(crate) const QUERY: Stop = Stop(1 << 2);
    /// An opaque path: '?', '#'.
    pub(crate) const OPAQUE_PATH: Stop = Stop(1 << 3);
    /// A path segment under a state override: '/'.
    pub(crate) const PATH_OVERRIDE: Stop = Stop(1 << 4);
    /// A path segment of a special URL under a state override: '/', '\'.
    pub(crate) const SPECIAL_PATH_OVERRIDE: Stop = Stop(1 << 5);
}

const STOPS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'/' as usize] =
        Stop::PATH.0 | Stop::SPECIAL_PATH.0 | Stop::PATH_OVERRIDE.0 | Stop::SPECIAL_PATH_OVERRIDE.0;
    t[b'\\' as usize] = Stop::SPECIAL_PATH.0 | Stop::SPECIAL_PATH_OVERRIDE.0;
    t[b'?' as usize] = Stop::PATH.0 | Stop::SPECIAL_PATH.0 | Stop::OPAQUE_PATH.0;
    t[b'#' as usize] = Stop::PATH.0 | Stop::SPECIAL_PATH.0 | Stop::QUERY.0 | Stop::OPAQUE_PATH.0;
    t
};

/// The encode sets in the low byte and the stops in the high byte: one load and one mask tell
/// whether a byte can be copied as it is.
static SETS_AND_STOPS: [u16; 256] = {
    let sets = build_table();
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = sets[i] as u16 | (STOPS[i] as u16) << 8;
        i += 1;
    }
    t
};

/// Appends `input[from..]`, UTF-8 percent-encoded with `set`, to `out`, up to the first byte in
/// `stop`; returns that byte's index (or the input's length). One pass: runs of bytes that need
/// nothing are skipped eight at a time and copied in one piece.
#[inline]
pub(crate) fn encode_until(
    out: &mut String,
    input: &str,
    from: usize,
    set: EncodeSet,
    stop: Stop,
) -> usize {
    let bytes = input.as_bytes();
    let mask = u16::from(set.0) | u16::from(stop.0) << 8;
    let mut run = from;
    let mut i = from;
    loop {
        // Skip eight bytes at a time while none of them needs attention.
        while let Some(chunk) = bytes.get(i..i + 8) {
            let any = chunk
                .iter()
                .fold(0u16, |acc, &b| acc | SETS_AND_STOPS[b as usize]);
            if any & mask != 0 {
                break;
            }
            i += 8;
        }
        let Some(&b) = bytes.get(i) else { break };
        let class = SETS_AND_STOPS[b as usize] & mask;
        if class == 0 {
            i += 1;
            continue;
        }
        if class >> 8 != 0 {
            break;
        }
        out.push_str(&input[run..i]);
        // A multi-byte UTF-8 sequence is encoded byte by byte; all its bytes are >= 0x80.
        let len = utf8_len(b);
        for &byte in &bytes[i..i + len] {
            push_percent_encoded(out, byte);
        }
        i += len;
        run = i;
    }
    out.push_str(&input[run..i]);
    i
}

/// Appends `input`, UTF-8 percent-encoded with `set`, to `out`.
///
/// <https://url.spec.whatwg.org/#string-utf-8-percent-encode>
#[inline]
pub(crate) fn encode_into(out: &mut String, input: &str, set: EncodeSet) {
    encode_until(out, input, 0, set, Stop::NONE);
}

/// [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding):
/// encodes `input` in `encoding` and appends the bytes, percent-encoded with `set` (a space as
/// '+' when `space_as_plus`); a character the encoding cannot represent becomes `%26%23N%3B`.
///
/// ```
/// use weburl::percent::{percent_encode_after_encoding, EncodeSet};
/// let mut out = String::new();
/// percent_encode_after_encoding(&mut out, "1+1 ≡ 2%20‽", encoding_rs::SHIFT_JIS, EncodeSet::FORM_URLENCODED, true);
/// assert_eq!(out, "1%2B1+%81%DF+2%2520%26%238253%3B");
/// let mut out = String::new();
/// percent_encode_after_encoding(&mut out, "¥", encoding_rs::ISO_2022_JP, EncodeSet::SPECIAL_QUERY, false);
/// assert_eq!(out, "%1B(J\\%1B(B");
/// ```
pub fn percent_encode_after_encoding(
    out: &mut String,
    input: &str,
    encoding: &'static encoding_rs::Encoding,
    set: EncodeSet,
    space_as_plus: bool,
) {
    let mut encoder = encoding.new_encoder();
    let mut buffer = [0u8; 512];
    let mut src = input;
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(src, &mut buffer, true);
        for &byte in &buffer[..written] {
            if space_as_plus && byte == b' ' {
                out.push('+');
            } else if set.contains(byte) {
                push_percent_encoded(out, byte);
            } else {
                out.push(byte as char);
            }
        }
        src = &src[read..];
        match result {
            encoding_rs::EncoderResult::InputEmpty => break,
            encoding_rs::EncoderResult::OutputFull => {}
            encoding_rs::EncoderResult::Unmappable(c) => {
                out.push_str("%26%23");
                out.push_str(&(c as u32).to_string());
                out.push_str("%3B");
            }
        }
    }
}

/// The length of the UTF-8 sequence that starts with `lead` (1 for ASCII).
#[inline]
pub(crate) const fn utf8_len(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// UTF-8 percent-encodes `input` with `set`.
///
/// <https://url.spec.whatwg.org/#string-utf-8-percent-encode>
///
/// ```
/// use weburl::percent::{utf8_percent_encode, EncodeSet};
/// assert_eq!(utf8_percent_encode("a b≡", EncodeSet::PATH), "a%20b%E2%89%A1");
/// // encodeURIComponent():
/// assert_eq!(utf8_percent_encode("a&b=c/d", EncodeSet::COMPONENT), "a%26b%3Dc%2Fd");
/// ```
#[must_use]
pub fn utf8_percent_encode(input: &str, set: EncodeSet) -> Cow<'_, str> {
    match input.bytes().position(|b| set.contains(b)) {
        None => Cow::Borrowed(input),
        Some(first) => {
            let mut out = String::with_capacity(input.len() + 16);
            out.push_str(&input[..first]);
            encode_into(&mut out, &input[first..], set);
            Cow::Owned(out)
        }
    }
}

/// The value of an ASCII hex digit, or `None`.
#[inline]
pub(crate) const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// The byte that `bytes[i..]` percent-encodes ("%" and two ASCII hex digits), or `None`.
#[inline]
pub(crate) fn percent_encoded_byte_at(bytes: &[u8], i: usize) -> Option<u8> {
    if bytes.get(i) != Some(&b'%') {
        return None;
    }
    let high = hex_value(*bytes.get(i + 1)?)?;
    let low = hex_value(*bytes.get(i + 2)?)?;
    Some(high << 4 | low)
}

/// The [percent-decode](https://url.spec.whatwg.org/#percent-decode) loop: hands each decoded
/// byte of `input` to `push` (`%XX` with two hex digits is that byte, anything else itself),
/// with whether it came from a `%XX` (form decoding reads only a literal `+` as a space).
#[inline]
pub(crate) fn percent_decode_each(input: &[u8], mut push: impl FnMut(u8, bool)) {
    let mut i = 0;
    while i < input.len() {
        if let Some(b) = percent_encoded_byte_at(input, i) {
            push(b, true);
            i += 3;
        } else {
            push(input[i], false);
            i += 1;
        }
    }
}

/// Whether `bytes[i..]` starts with "%" followed by two ASCII hex digits (a percent-encoded byte).
#[inline]
pub(crate) fn is_percent_encoded_byte_at(bytes: &[u8], i: usize) -> bool {
    percent_encoded_byte_at(bytes, i).is_some()
}

/// Percent-decodes a byte sequence: `%XX` with two hex digits becomes that byte, anything else is
/// kept as it is.
///
/// <https://url.spec.whatwg.org/#percent-decode>
///
/// ```
/// use weburl::percent::percent_decode;
/// assert_eq!(&*percent_decode(b"%25%s%1G"), b"%%s%1G");
/// assert_eq!(&*percent_decode("‽%25%2E".as_bytes()), b"\xE2\x80\xBD\x25\x2E");
/// ```
#[must_use]
pub fn percent_decode(input: &[u8]) -> Cow<'_, [u8]> {
    let Some(first) = memchr::memchr(b'%', input) else {
        return Cow::Borrowed(input);
    };
    let mut out = Vec::with_capacity(input.len());
    out.extend_from_slice(&input[..first]);
    percent_decode_each(&input[first..], |b, _| out.push(b));
    Cow::Owned(out)
}

/// 1 for the bytes of [`EncodeSet::ANY_COMPONENT`], 0 for the others: the encode-set table
/// above, derived into counts so that counting is one load and one add per byte.
static ANY_COMPONENT_COUNT: [u8; 256] = {
    let table = build_table();
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (table[i] & EncodeSet::ANY_COMPONENT.0 != 0) as u8;
        i += 1;
    }
    t
};

/// 1 for the bytes of [`EncodeSet::ANY_COMPONENT`], 0 for the others.
#[inline(always)]
fn any_component(b: u8) -> u8 {
    ANY_COMPONENT_COUNT[b as usize]
}

/// How many bytes of `bytes` are in [`EncodeSet::ANY_COMPONENT`]: one table load and one add
/// per byte, no branch (URLs that are not already normal hold such bytes in most groups of
/// eight, so skipping clean groups does not pay).
pub(crate) fn count_any_component(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(8);
    let mut count = 0usize;
    for chunk in &mut chunks {
        // Eight counts of 0 or 1 fit a u8 sum.
        let sum: u8 = chunk.iter().map(|&b| any_component(b)).sum();
        count += usize::from(sum);
    }
    count
        + chunks
            .remainder()
            .iter()
            .map(|&b| usize::from(any_component(b)))
            .sum::<usize>()
}

/// Percent-decodes `input` into `out`, which must be at least as long as `input` (decoding never
/// lengthens), and returns the decoded length.
fn percent_decode_to_slice(input: &[u8], out: &mut [u8]) -> usize {
    let mut n = 0;
    percent_decode_each(input, |b, _| {
        out[n] = b;
        n += 1;
    });
    n
}

/// Percent-decodes `input` and hands the bytes to `f`, without allocating for short input: the
/// input itself when it holds no '%', else a copy in a stack buffer of 256 bytes (a heap
/// buffer only for longer input). The host parser uses it, so that a percent-encoded host
/// costs no allocation.
pub(crate) fn with_percent_decoded<R>(input: &[u8], f: impl FnOnce(&[u8]) -> R) -> R {
    const STACK: usize = 256;
    if memchr::memchr(b'%', input).is_none() {
        return f(input);
    }
    if input.len() <= STACK {
        let mut buf = [0u8; STACK];
        let n = percent_decode_to_slice(input, &mut buf);
        f(&buf[..n])
    } else {
        let mut buf = vec![0u8; input.len()];
        let n = percent_decode_to_slice(input, &mut buf);
        f(&buf[..n])
    }
}

/// Percent-decodes `input` and decodes the bytes as UTF-8, replacing invalid sequences with
/// U+FFFD.
///
/// ```
/// use weburl::percent::percent_decode_str;
/// assert_eq!(percent_decode_str("caf%C3%A9%20au%20lait"), "café au lait");
/// assert_eq!(percent_decode_str("%FF"), "\u{FFFD}");
/// ```
#[must_use]
pub fn percent_decode_str(input: &str) -> Cow<'_, str> {
    match percent_decode(input.as_bytes()) {
        Cow::Borrowed(_) => Cow::Borrowed(input),
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(s) => Cow::Owned(s),
            Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding() {
        let mut out = Vec::new();
        let mut escaped = Vec::new();
        percent_decode_each(b"%25%s%1G%4a%", |b, e| {
            out.push(b);
            escaped.push(e);
        });
        assert_eq!(out, b"%%s%1GJ%");
        assert_eq!(
            escaped,
            [true, false, false, false, false, false, true, false]
        );
        assert_eq!(percent_encoded_byte_at(b"x%2F", 1), Some(b'/'));
        assert_eq!(percent_encoded_byte_at(b"x%2", 1), None);
    }

    #[test]
    fn with_percent_decoded_agrees_with_percent_decode() {
        let long = "%41b%zz".repeat(100);
        for input in [
            "",
            "abc",
            "%41",
            "%4",
            "%%41",
            "a%2",
            "%e2%98%83x",
            "%ZZ%41",
            &long,
        ] {
            let expected = percent_decode(input.as_bytes()).into_owned();
            with_percent_decoded(input.as_bytes(), |decoded| {
                assert_eq!(decoded, &expected[..], "{input}");
            });
        }
    }

    #[test]
    fn sets_match_the_spec_definitions() {
        // The form-urlencoded set leaves exactly ASCII alphanumerics and *-._ alone.
        for b in 0u8..=255 {
            let keep = b.is_ascii_alphanumeric() || matches!(b, b'*' | b'-' | b'.' | b'_');
            assert_eq!(EncodeSet::FORM_URLENCODED.contains(b), !keep, "byte {b:#x}");
        }
        // The component set is encodeURIComponent's: it keeps A-Z a-z 0-9 - _ . ! ~ * ' ( ).
        for b in 0u8..=255 {
            let keep = b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
                );
            assert_eq!(EncodeSet::COMPONENT.contains(b), !keep, "byte {b:#x}");
        }
        assert!(EncodeSet::C0_CONTROL.contains(0x7F));
        assert!(!EncodeSet::C0_CONTROL.contains(b'~'));
        assert!(EncodeSet::SPECIAL_QUERY.contains(b'\''));
        assert!(!EncodeSet::QUERY.contains(b'\''));
        assert!(!EncodeSet::PATH.contains(b'%'));
        assert!(EncodeSet::USERINFO.contains(b'|'));
    }

    #[test]
    fn count_any_component_counts_every_member() {
        for input in [
            "",
            "abc",
            "a b c d e f g h i j",
            "0123456789abcdef",
            "é€ x\t",
            "%%%%%%%%%",
        ] {
            let naive_any = input
                .bytes()
                .filter(|&b| EncodeSet::ANY_COMPONENT.contains(b))
                .count();
            assert_eq!(count_any_component(input.as_bytes()), naive_any, "{input}");
        }
    }

    #[test]
    fn encode_multibyte() {
        assert_eq!(utf8_percent_encode("≡", EncodeSet::USERINFO), "%E2%89%A1");
        assert_eq!(
            utf8_percent_encode("😀x", EncodeSet::C0_CONTROL),
            "%F0%9F%98%80x"
        );
        assert!(matches!(
            utf8_percent_encode("abc", EncodeSet::PATH),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn decode_edges() {
        assert_eq!(&*percent_decode(b"%"), b"%");
        assert_eq!(&*percent_decode(b"%4"), b"%4");
        assert_eq!(&*percent_decode(b"%41"), b"A");
        assert_eq!(&*percent_decode(b"a%4g%41%"), b"a%4gA%");
        assert!(is_percent_encoded_byte_at(b"%2e", 0));
        assert!(!is_percent_encoded_byte_at(b"%2", 0));
    }
}
