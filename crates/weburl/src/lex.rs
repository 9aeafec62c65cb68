//! The lexical core of the URL grammar: byte classes and scanners, each written once.
//!
//! The state machine (`machine.rs`), the whole-URL fast path (`fast_path.rs`), `can_parse`, the
//! host parser, the setters, the validity checker (`validation.rs`) and the CLI all read URL
//! text through the functions here: what a scheme byte is, where an authority or a host ends,
//! what a port's digits are worth, where the tabs and newlines are, what a dot segment is, which
//! bytes each percent-encode set holds. A rule fixed here is fixed everywhere.
//!
//! The classes of every byte are bits of one table (`class`), built at compile time from
//! the spec's definitions, so a test is one load and a mask and a run of bytes can be tested
//! eight at a time (the classes of eight bytes ANDed together). Some scans use word
//! arithmetic instead of the table (`host_run`, `find_tab_or_newline`).
//!
//! This module is the crate's ground floor: it uses nothing but `std`, so every other module
//! may use it. Its failures are its own small types ([`PortError`]), which the parser maps to
//! its `ParseError`.
//!
//! A few of the scanners are public, for tools that read URL-like text before parsing it:
//!
//! ```
//! use weburl::lex;
//! assert_eq!(lex::scheme_len(b"web+demo:x"), Some(8));
//! assert_eq!(lex::host_end(b"[::1]:80/x", true), (5, Some(5)));
//! assert_eq!(lex::remove_tab_and_newline("ht\ttp://a\n/"), "http://a/");
//! ```

use std::borrow::Cow;

// ---- Percent-encode sets ----

/// Bits of [`encode_sets`], one per percent-encode set.
pub(crate) const SET_C0: u8 = 1;
pub(crate) const SET_FRAGMENT: u8 = 1 << 1;
pub(crate) const SET_QUERY: u8 = 1 << 2;
pub(crate) const SET_SPECIAL_QUERY: u8 = 1 << 3;
pub(crate) const SET_PATH: u8 = 1 << 4;
pub(crate) const SET_USERINFO: u8 = 1 << 5;
pub(crate) const SET_COMPONENT: u8 = 1 << 6;
pub(crate) const SET_FORM: u8 = 1 << 7;

/// The [percent-encode sets](https://url.spec.whatwg.org/#percent-encode-set) as one table:
/// one bit per set (the `SET_` constants), following the spec's definitions set by set.
/// [`crate::percent::EncodeSet`] tests bytes against it; the byte classes below are built from it.
pub(crate) const fn encode_sets() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        let mut bits = 0u8;
        // C0 control percent-encode set: C0 controls and all code points > U+007E.
        if c <= 0x1F || c > 0x7E {
            bits |= SET_C0;
        }
        // Fragment: C0 set + space " < > `.
        if bits & SET_C0 != 0 || matches!(c, b' ' | b'"' | b'<' | b'>' | b'`') {
            bits |= SET_FRAGMENT;
        }
        // Query: C0 set + space " # < >.
        if bits & SET_C0 != 0 || matches!(c, b' ' | b'"' | b'#' | b'<' | b'>') {
            bits |= SET_QUERY;
        }
        // Special-query: query set + '.
        if bits & SET_QUERY != 0 || c == b'\'' {
            bits |= SET_SPECIAL_QUERY;
        }
        // Path: query set + ? ^ ` { }.
        if bits & SET_QUERY != 0 || matches!(c, b'?' | b'^' | b'`' | b'{' | b'}') {
            bits |= SET_PATH;
        }
        // Userinfo: path set + / : ; = @ [ \ ] |.
        if bits & SET_PATH != 0
            || matches!(
                c,
                b'/' | b':' | b';' | b'=' | b'@' | b'[' | b'\\' | b']' | b'|'
            )
        {
            bits |= SET_USERINFO;
        }
        // Component: userinfo set + $ % & + ,.
        if bits & SET_USERINFO != 0 || matches!(c, b'$' | b'%' | b'&' | b'+' | b',') {
            bits |= SET_COMPONENT;
        }
        // application/x-www-form-urlencoded: component set + ! ' ( ) ~.
        if bits & SET_COMPONENT != 0 || matches!(c, b'!' | b'\'' | b'(' | b')' | b'~') {
            bits |= SET_FORM;
        }
        t[b] = bits;
        b += 1;
    }
    t
}

// ---- Byte classes ----

/// A byte that may follow a scheme's first ASCII alpha: ASCII alphanumeric, '+', '-' or '.'.
pub(crate) const SCHEME: u16 = 1;
/// A byte that ends an authority: '/', '?' or '#'.
pub(crate) const AUTHORITY_END: u16 = 1 << 1;
/// A byte that ends a special URL's authority: those and '\\'.
pub(crate) const SPECIAL_AUTHORITY_END: u16 = 1 << 2;
/// A byte the authority state looks for: '@', ':' or '['.
pub(crate) const AUTHORITY_MARK: u16 = 1 << 3;
/// A host byte the fast path copies as it is: ASCII lowercase letters, digits, '-', '.', '_'.
pub(crate) const HOST_OK: u16 = 1 << 4;
/// [`HOST_OK`] and ASCII uppercase letters (lowercasing cannot make a host fail).
pub(crate) const HOST_ANY_CASE: u16 = 1 << 5;
/// A path byte kept as it is: not in the path percent-encode set, not '/' nor '\\'.
pub(crate) const PATH_OK: u16 = 1 << 6;
/// A path byte that needs no second look: [`PATH_OK`] or '/', but not '.' nor '%' (which may
/// start a dot segment).
pub(crate) const PATH_PLAIN: u16 = 1 << 7;
/// A query byte kept as it is in any URL: not in the special-query set, not '#'.
pub(crate) const QUERY_OK: u16 = 1 << 8;
/// A fragment byte kept as it is: not in the fragment percent-encode set.
pub(crate) const FRAGMENT_OK: u16 = 1 << 9;
/// An ASCII upper alpha.
pub(crate) const UPPER: u16 = 1 << 10;
/// A byte that makes the domain parser do more than lowercase: '%' (percent-decoding), bytes
/// above 0x7F (UTS 46 processing) and the forbidden domain code points.
pub(crate) const DOMAIN_NOT_SIMPLE: u16 = 1 << 11;
/// A [forbidden host code point](https://url.spec.whatwg.org/#forbidden-host-code-point).
pub(crate) const FORBIDDEN_HOST: u16 = 1 << 12;
/// A [forbidden domain code point](https://url.spec.whatwg.org/#forbidden-domain-code-point).
pub(crate) const FORBIDDEN_DOMAIN: u16 = 1 << 13;
/// An [ASCII tab or newline](https://infra.spec.whatwg.org/#ascii-tab-or-newline).
pub(crate) const TAB_OR_NEWLINE: u16 = 1 << 14;
/// A byte the host state looks at: ':' (the port follows), '[' and ']' (a ':' inside brackets
/// is part of the host).
pub(crate) const HOST_MARK: u16 = 1 << 15;

/// The spec's forbidden host code points (the table's source for [`FORBIDDEN_HOST`]).
const fn forbidden_host(c: u8) -> bool {
    matches!(
        c,
        0 | b'\t'
            | b'\n'
            | b'\r'
            | b' '
            | b'#'
            | b'/'
            | b':'
            | b'<'
            | b'>'
            | b'?'
            | b'@'
            | b'['
            | b'\\'
            | b']'
            | b'^'
            | b'|'
    )
}

/// The classes of every byte.
const fn build_classes() -> [u16; 256] {
    let sets = encode_sets();
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        let mut bits = 0u16;
        if c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.') {
            bits |= SCHEME;
        }
        if matches!(c, b'/' | b'?' | b'#') {
            bits |= AUTHORITY_END | SPECIAL_AUTHORITY_END;
        }
        if c == b'\\' {
            bits |= SPECIAL_AUTHORITY_END;
        }
        if matches!(c, b'@' | b':' | b'[') {
            bits |= AUTHORITY_MARK;
        }
        if c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'-' | b'.' | b'_') {
            bits |= HOST_OK | HOST_ANY_CASE;
        }
        if c.is_ascii_uppercase() {
            bits |= HOST_ANY_CASE | UPPER;
        }
        if sets[i] & SET_PATH == 0 && c != b'\\' && c != b'/' {
            bits |= PATH_OK;
        }
        if (bits & PATH_OK != 0 && c != b'.' && c != b'%') || c == b'/' {
            bits |= PATH_PLAIN;
        }
        if sets[i] & SET_SPECIAL_QUERY == 0 && c != b'#' {
            bits |= QUERY_OK;
        }
        if sets[i] & SET_FRAGMENT == 0 {
            bits |= FRAGMENT_OK;
        }
        if forbidden_host(c) {
            bits |= FORBIDDEN_HOST;
        }
        // Forbidden domain code points: the forbidden host code points, C0 controls, '%' and
        // U+007F.
        let forbidden_domain = forbidden_host(c) || c <= 0x1F || c == b'%' || c == 0x7F;
        if forbidden_domain {
            bits |= FORBIDDEN_DOMAIN;
        }
        if c == b'%' || c > 0x7F || forbidden_domain {
            bits |= DOMAIN_NOT_SIMPLE;
        }
        if matches!(c, b'\t' | b'\n' | b'\r') {
            bits |= TAB_OR_NEWLINE;
        }
        if matches!(c, b':' | b'[' | b']') {
            bits |= HOST_MARK;
        }
        t[i] = bits;
        i += 1;
    }
    t
}

static CLASSES: [u16; 256] = build_classes();

/// The classes of `b` (bits of the constants above).
#[inline(always)]
pub(crate) fn class(b: u8) -> u16 {
    CLASSES[b as usize]
}

/// Whether `b` may follow a scheme's first ASCII alpha: ASCII alphanumeric, '+', '-' or '.'
/// (RFC 3986 and RFC 1808 name the same class).
#[inline]
pub(crate) fn is_scheme_byte(b: u8) -> bool {
    class(b) & SCHEME != 0
}

/// Whether `b` is a forbidden host code point.
#[inline]
pub(crate) fn is_forbidden_host_code_point(b: u8) -> bool {
    class(b) & FORBIDDEN_HOST != 0
}

/// Whether `b` is a forbidden domain code point.
#[inline]
pub(crate) fn is_forbidden_domain_code_point(b: u8) -> bool {
    class(b) & FORBIDDEN_DOMAIN != 0
}

/// The length of the run of bytes from `from` whose class has `bit`: eight bytes at a time
/// (the classes of eight bytes ANDed together); where it ends is then found without a byte
/// loop (whose exit, at a different place each time, the processor mispredicts): a mask of
/// the eight bytes that stop the run, and its lowest bit. Fewer than eight bytes left are
/// looked at as the last eight bytes of `bytes`, when there are eight.
#[inline(always)]
pub(crate) fn run_of(bytes: &[u8], from: usize, bit: u16) -> usize {
    let rest = &bytes[from..];
    let mut chunks = rest.chunks_exact(8);
    let mut len = 0;
    for chunk in &mut chunks {
        let all = chunk.iter().fold(0xFFFF, |acc, &b| acc & class(b));
        if all & bit == 0 {
            break;
        }
        len += 8;
    }
    let left = rest.len() - len;
    if left == 0 {
        return len;
    }
    if left < 8 && bytes.len() >= 8 {
        // The last eight bytes, less those before the `left` unread ones; a stop after them.
        let window = &bytes[bytes.len() - 8..];
        let found = (stops(window, bit) >> (8 - left)) | (1 << left);
        return len + found.trailing_zeros() as usize;
    }
    len + rest[len..]
        .iter()
        .position(|&b| class(b) & bit == 0)
        .unwrap_or(left)
}

/// Bit `k` set when the `k`th of the (at most eight) `bytes` is not in the class `bit`.
#[inline(always)]
fn stops(bytes: &[u8], bit: u16) -> u32 {
    bytes.iter().enumerate().fold(0, |acc, (k, &b)| {
        acc | (u32::from(class(b) & bit == 0) << k)
    })
}

/// The union of the classes of all bytes of `bytes`.
#[inline]
pub(crate) fn classes_of(bytes: &[u8]) -> u16 {
    bytes.iter().fold(0, |acc, &b| acc | class(b))
}

// ---- Word-at-a-time helpers ----

/// One in every byte of a word.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte of a word.
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// For a word of eight bytes below 0x80: the high bit of each byte set when the byte lies in
/// `lo..=hi`. (Adding `0x80 - lo` sets a byte's high bit when it is at least `lo`, adding
/// `0x7F - hi` when it is above `hi`; neither sum can carry into the next byte.)
#[inline(always)]
const fn in_range(x: u64, lo: u8, hi: u8) -> u64 {
    let at_least_lo = x + ONES * (0x80 - lo as u64);
    let above_hi = x + ONES * (0x7F - hi as u64);
    at_least_lo & !above_hi & HIGH
}

/// The high bit of each byte of `word` (eight input bytes, little-endian) set when the byte
/// is not a host byte: not an ASCII lowercase letter (any letter if `ANY_CASE`), digit, '-',
/// '.' or '_' (the classes [`HOST_OK`] and [`HOST_ANY_CASE`]).
#[inline(always)]
pub(crate) const fn host_stops<const ANY_CASE: bool>(word: u64) -> u64 {
    let low = word & !HIGH;
    // ORing 0x20 lowercases a letter; only ASCII letters land in 'a'..='z' that way.
    let letters = if ANY_CASE {
        in_range(low | (ONES * 0x20), b'a', b'z')
    } else {
        in_range(low, b'a', b'z')
    };
    // '-', '.', '/' and the digits are contiguous: take out '/'.
    let digits_dash_dot = in_range(low, b'-', b'9') & !in_range(low, b'/', b'/');
    let underscore = in_range(low, b'_', b'_');
    // A byte with its high bit set is never a host byte here.
    let ok = (letters | digits_dash_dot | underscore) & !word;
    !ok & HIGH
}

/// The length of the run of host bytes that `bytes` starts with: [`HOST_OK`] bytes, and
/// uppercase letters too if `ANY_CASE` ([`HOST_ANY_CASE`]). Eight bytes at a time, classified
/// with word arithmetic ([`host_stops`]); the last, partial chunk is read as the eight bytes
/// that end the input (overlapping the previous chunk), so there is no byte loop and only one
/// data-dependent branch per chunk.
#[inline(always)]
pub(crate) fn host_run<const ANY_CASE: bool>(bytes: &[u8]) -> usize {
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
    let mut at = 0;
    while at + 8 <= bytes.len() {
        let stops = host_stops::<ANY_CASE>(word(at));
        if stops != 0 {
            return at + (stops.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    if at == bytes.len() {
        return at;
    }
    if bytes.len() >= 8 {
        // The last eight bytes; the first `overlap` of them were already found to be host bytes.
        let overlap = at + 8 - bytes.len();
        let stops = host_stops::<ANY_CASE>(word(bytes.len() - 8)) >> (8 * overlap);
        return if stops != 0 {
            at + (stops.trailing_zeros() / 8) as usize
        } else {
            bytes.len()
        };
    }
    let bit = if ANY_CASE { HOST_ANY_CASE } else { HOST_OK };
    bytes
        .iter()
        .position(|&b| class(b) & bit == 0)
        .unwrap_or(bytes.len())
}

// ---- Trimming, tabs and newlines (basic URL parser steps 1-3) ----

/// Whether a byte is a C0 control or space: <https://infra.spec.whatwg.org/#c0-control-or-space>.
///
/// ```
/// assert!(weburl::lex::is_c0_control_or_space(b' '));
/// assert!(!weburl::lex::is_c0_control_or_space(b'a'));
/// ```
#[inline]
#[must_use]
pub fn is_c0_control_or_space(b: u8) -> bool {
    b <= 0x20
}

/// Whether a byte is an [ASCII tab or newline](https://infra.spec.whatwg.org/#ascii-tab-or-newline).
///
/// ```
/// assert!(weburl::lex::is_tab_or_newline(b'\n'));
/// assert!(!weburl::lex::is_tab_or_newline(b' '));
/// ```
#[inline]
#[must_use]
pub fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// The basic URL parser's step 1.2-1.3: `input` without leading and trailing C0 control or
/// space.
#[inline]
pub(crate) fn trim_c0_control_or_space(input: &str) -> &str {
    let bytes = input.as_bytes();
    let start = bytes
        .iter()
        .position(|&b| !is_c0_control_or_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_c0_control_or_space(b))
        .map_or(start, |i| i + 1);
    // Both ends are at ASCII bytes (or the ends of the input): char boundaries.
    &input[start..end]
}

/// The position of the first ASCII tab or newline in `bytes`.
#[inline]
pub(crate) fn find_tab_or_newline(bytes: &[u8]) -> Option<usize> {
    if bytes.len() >= 64 {
        return memchr::memchr3(b'\t', b'\n', b'\r', bytes);
    }
    // For short input, words of eight bytes beat the setup of a vectorized search; the last
    // word overlaps the one before it instead of ending in a byte loop.
    if bytes.len() < 8 {
        return bytes.iter().position(|&b| is_tab_or_newline(b));
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
    let mut at = 0;
    loop {
        if has_tab_or_newline(word(at))
            && let Some(i) = bytes[at..at + 8].iter().position(|&b| is_tab_or_newline(b))
        {
            return Some(at + i);
        }
        if at + 8 == bytes.len() {
            return None;
        }
        at = (at + 8).min(bytes.len() - 8);
    }
}

/// Whether one of the eight bytes of `word` is a tab, LF or CR: a byte of `word ^ c` is zero
/// where `word` holds `c`, and `(v - 0x01..) & !v & 0x80..` is non-zero exactly when some byte
/// of `v` is zero.
#[inline(always)]
fn has_tab_or_newline(word: u64) -> bool {
    let zero_bytes = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    (zero_bytes(word ^ (ONES * 0x09))
        | zero_bytes(word ^ (ONES * 0x0A))
        | zero_bytes(word ^ (ONES * 0x0D)))
        != 0
}

/// The positions of the ASCII tabs and newlines in `bytes`, in order.
pub(crate) fn tab_and_newline_positions(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr3_iter(b'\t', b'\n', b'\r', bytes)
}

/// Appends `input` to `out` without its ASCII tabs and newlines, the first of which is at
/// `first`: the runs between them are copied whole.
pub(crate) fn push_without_tab_and_newline(out: &mut String, input: &str, first: usize) {
    out.reserve(input.len());
    let mut from = 0;
    for i in tab_and_newline_positions(&input.as_bytes()[first..]).map(|i| first + i) {
        // Tabs and newlines are ASCII: the cuts are at char boundaries.
        out.push_str(&input[from..i]);
        from = i + 1;
    }
    out.push_str(&input[from..]);
}

/// `input` with all ASCII tab or newline removed (basic URL parser steps 2–3; the setters
/// do the same to their value): borrowed when it has none.
///
/// ```
/// use weburl::lex::remove_tab_and_newline;
/// assert_eq!(remove_tab_and_newline("a\tb\r\nc"), "abc");
/// assert!(matches!(remove_tab_and_newline("abc"), std::borrow::Cow::Borrowed(_)));
/// ```
#[must_use]
pub fn remove_tab_and_newline(input: &str) -> Cow<'_, str> {
    match find_tab_or_newline(input.as_bytes()) {
        None => Cow::Borrowed(input),
        Some(first) => {
            let mut out = String::new();
            push_without_tab_and_newline(&mut out, input, first);
            Cow::Owned(out)
        }
    }
}

// ---- Schemes ----

/// The length of the run of scheme code points that `bytes` starts with: an ASCII alpha, then
/// ASCII alphanumerics, '+', '-' and '.' (the scheme start and scheme states); `None` when
/// `bytes` does not start with an ASCII alpha.
///
/// ```
/// use weburl::lex::scheme_run;
/// assert_eq!(scheme_run(b"git+ssh://h"), Some(7));
/// assert_eq!(scheme_run(b"http"), Some(4));
/// assert_eq!(scheme_run(b"1http:"), None);
/// ```
#[inline]
#[must_use]
pub fn scheme_run(bytes: &[u8]) -> Option<usize> {
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    Some(run_of(bytes, 0, SCHEME))
}

/// The length of the scheme `bytes` starts with, when it is followed by ':' (what the scheme
/// start and scheme states accept without a state override), without the ':'.
///
/// ```
/// use weburl::lex::scheme_len;
/// assert_eq!(scheme_len(b"HTTPS://example.com"), Some(5));
/// assert_eq!(scheme_len(b"localhost"), None); // no ':'
/// assert_eq!(scheme_len(b"a b:"), None);
/// ```
#[inline]
#[must_use]
pub fn scheme_len(bytes: &[u8]) -> Option<usize> {
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    let len = bytes.iter().position(|&b| !is_scheme_byte(b))?;
    (bytes[len] == b':').then_some(len)
}

// ---- Authorities, hosts and ports ----

/// The position of the first byte at or after `from` that ends an authority, a host or a port:
/// '/', '?', '#', and '\' for special URLs; or the input's length.
///
/// <https://url.spec.whatwg.org/#authority-state>
///
/// ```
/// use weburl::lex::find_authority_end;
/// assert_eq!(find_authority_end(b"http://u@h:1/p", 7, true), 12);
/// assert_eq!(find_authority_end(b"x://h\\p?q", 4, false), 7); // '\' ends only a special authority
/// assert_eq!(find_authority_end(b"h", 0, true), 1);
/// ```
#[inline]
#[must_use]
pub fn find_authority_end(bytes: &[u8], from: usize, special: bool) -> usize {
    let rest = &bytes[from..];
    let bit = if special {
        SPECIAL_AUTHORITY_END
    } else {
        AUTHORITY_END
    };
    // Eight bytes at a time while none of them ends the authority.
    let mut i = 0;
    while let Some(chunk) = rest.get(i..i + 8) {
        if chunk.iter().fold(0, |acc, &b| acc | class(b)) & bit != 0 {
            break;
        }
        i += 8;
    }
    from + i
        + rest[i..]
            .iter()
            .position(|&b| class(b) & bit != 0)
            .unwrap_or(rest.len() - i)
}

/// What the authority state needs to know of an authority, found in one scan.
pub(crate) struct AuthorityScan {
    /// Where the authority ends (at '/', '?', '#', '\\' for special URLs, or the end).
    pub(crate) end: usize,
    /// The last '@' before `end`: the userinfo is before it, the host after it.
    pub(crate) last_at: Option<usize>,
    /// The ':' that ends the host (the first one after `last_at` outside brackets).
    pub(crate) colon: Option<usize>,
}

/// Scans the authority that starts at `from` once, for its end, its last '@' and the ':'
/// that ends its host ([`host_end`]'s, found in the same pass unless a '[' comes first).
pub(crate) fn scan_authority(bytes: &[u8], from: usize, special: bool) -> AuthorityScan {
    let end_bit = if special {
        SPECIAL_AUTHORITY_END
    } else {
        AUTHORITY_END
    };
    let mut end = bytes.len();
    let mut last_at = None;
    let mut colon = None;
    // A '[' before any ':' of the host: the brackets decide, after the scan.
    let mut bracket = false;
    for (i, &b) in bytes.iter().enumerate().skip(from) {
        let c = class(b);
        if c & (end_bit | AUTHORITY_MARK) == 0 {
            continue;
        }
        if c & end_bit != 0 {
            end = i;
            break;
        }
        match b {
            b'@' => {
                last_at = Some(i);
                colon = None;
                bracket = false;
            }
            b':' if colon.is_none() && !bracket => colon = Some(i),
            b'[' if colon.is_none() => bracket = true,
            _ => {}
        }
    }
    if bracket {
        let host_start = last_at.map_or(from, |at| at + 1);
        colon = host_end(&bytes[host_start..end], special)
            .1
            .map(|i| host_start + i);
    }
    AuthorityScan {
        end,
        last_at,
        colon,
    }
}

/// The first ':' in `host_and_port` that is not inside brackets ('[' sets the spec's
/// insideBrackets, ']' unsets it): where the host state ends a host, for text that is already
/// cut at the end of its authority.
///
/// <https://url.spec.whatwg.org/#host-state>
#[inline]
pub(crate) fn host_colon(host_and_port: &[u8]) -> Option<usize> {
    host_scan(host_and_port, 0).1
}

/// Where the host that `bytes` starts with ends, as the host state reads it: at the first ':'
/// outside brackets, else at the end of the authority ('/', '?', '#', and '\\' if `special`,
/// or the end of `bytes`); and that ':' if there is one. One pass, as the spec's loop.
///
/// <https://url.spec.whatwg.org/#host-state>
///
/// ```
/// use weburl::lex::host_end;
/// assert_eq!(host_end(b"example.com:8080/x", true), (11, Some(11)));
/// assert_eq!(host_end(b"[::1]/x", true), (5, None));
/// assert_eq!(host_end(b"a\\b:1", false), (3, Some(3))); // '\' ends only a special host
/// ```
#[must_use]
#[inline]
pub fn host_end(bytes: &[u8], special: bool) -> (usize, Option<usize>) {
    let end_bit = if special {
        SPECIAL_AUTHORITY_END
    } else {
        AUTHORITY_END
    };
    host_scan(bytes, end_bit)
}

/// The host state's loop: up to the first ':' outside brackets or the first byte of class
/// `end_bit`.
#[inline(always)]
fn host_scan(bytes: &[u8], end_bit: u16) -> (usize, Option<usize>) {
    // Eight bytes at a time while none of them is a delimiter or a bracket.
    let mut from = 0;
    while let Some(chunk) = bytes.get(from..from + 8) {
        if chunk.iter().fold(0, |acc, &b| acc | class(b)) & (end_bit | HOST_MARK) != 0 {
            break;
        }
        from += 8;
    }
    let mut inside_brackets = false;
    for (i, &b) in bytes.iter().enumerate().skip(from) {
        let c = class(b);
        if c & (end_bit | HOST_MARK) == 0 {
            continue;
        }
        if c & end_bit != 0 {
            return (i, None);
        }
        match b {
            b':' if !inside_brackets => return (i, Some(i)),
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            _ => {}
        }
    }
    (bytes.len(), None)
}

/// The number of ASCII digits `bytes` starts with.
///
/// ```
/// assert_eq!(weburl::lex::ascii_digits_len(b"8080/x"), 4);
/// assert_eq!(weburl::lex::ascii_digits_len(b"x"), 0);
/// ```
#[inline]
#[must_use]
pub fn ascii_digits_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(bytes.len())
}

/// Why a port's text is not a port: the two port failures of the
/// [port state](https://url.spec.whatwg.org/#port-state). The parser reports them as
/// `ParseError::InvalidPort` and `ParseError::PortOutOfRange`.
///
/// ```
/// use weburl::lex::{PortError, port_value};
/// assert_eq!(port_value(b"65536"), Err(PortError::OutOfRange));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PortError {
    /// A byte that is not an ASCII digit.
    NotDigit,
    /// A value above 65535.
    OutOfRange,
}

/// The value of a port made of ASCII digits (any number of them, leading zeros allowed; the
/// caller checks that they are digits): [`PortError::OutOfRange`] above 65535.
///
/// ```
/// use weburl::lex::{PortError, port_value};
/// assert_eq!(port_value(b"000443"), Ok(443));
/// assert_eq!(port_value(b"65536"), Err(PortError::OutOfRange));
/// ```
#[inline]
pub fn port_value(digits: &[u8]) -> Result<u16, PortError> {
    let mut port: u32 = 0;
    for &b in digits {
        port = (port * 10 + u32::from(b.wrapping_sub(b'0'))).min(1 << 17);
    }
    u16::try_from(port).map_err(|_| PortError::OutOfRange)
}

/// The port that `bytes` holds in full (ASCII digits only, at most 65535, leading zeros
/// allowed): `None` for an empty port; on failure, why and at which byte.
///
/// <https://url.spec.whatwg.org/#port-state>
///
/// ```
/// use weburl::lex::{PortError, whole_port};
/// assert_eq!(whole_port(b"0443"), Ok(Some(443)));
/// assert_eq!(whole_port(b""), Ok(None));
/// assert_eq!(whole_port(b"8a"), Err((PortError::NotDigit, 1)));
/// assert_eq!(whole_port(b"65536"), Err((PortError::OutOfRange, 0)));
/// ```
#[inline]
pub fn whole_port(bytes: &[u8]) -> Result<Option<u16>, (PortError, usize)> {
    if bytes.is_empty() {
        return Ok(None);
    }
    let digits = ascii_digits_len(bytes);
    if digits < bytes.len() {
        return Err((PortError::NotDigit, digits));
    }
    port_value(bytes).map(Some).map_err(|e| (e, 0))
}

/// Appends `n` in decimal.
pub(crate) fn push_decimal(out: &mut String, n: u16) {
    let mut buf = [0u8; 5];
    let mut i = buf.len();
    let mut n = n;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &b in &buf[i..] {
        out.push(b as char);
    }
}

// ---- Paths ----

/// A [single-dot URL path segment](https://url.spec.whatwg.org/#single-dot-path-segment).
///
/// ```
/// use weburl::lex::is_single_dot;
/// assert!(is_single_dot(b".") && is_single_dot(b"%2E"));
/// assert!(!is_single_dot(b"..") && !is_single_dot(b".a"));
/// ```
#[inline]
#[must_use]
pub fn is_single_dot(s: &[u8]) -> bool {
    s == b"." || s.eq_ignore_ascii_case(b"%2e")
}

/// A [double-dot URL path segment](https://url.spec.whatwg.org/#double-dot-path-segment).
///
/// ```
/// use weburl::lex::is_double_dot;
/// assert!(is_double_dot(b"..") && is_double_dot(b".%2e") && is_double_dot(b"%2E%2e"));
/// assert!(!is_double_dot(b".") && !is_double_dot(b"..."));
/// ```
#[inline]
#[must_use]
pub fn is_double_dot(s: &[u8]) -> bool {
    match s.len() {
        2 => s == b"..",
        4 => s.eq_ignore_ascii_case(b".%2e") || s.eq_ignore_ascii_case(b"%2e."),
        6 => s.eq_ignore_ascii_case(b"%2e%2e"),
        _ => false,
    }
}

/// The end of the run of path bytes from `from` that the path state would copy as they are
/// ([`PATH_OK`] bytes and '/'), stopping early at the start of a single- or double-dot
/// segment. The run pauses only at '.' and '%' to look for one. The byte at the returned
/// position is '.' or '%' exactly when a dot segment starts there.
#[inline(always)]
pub(crate) fn clean_path_run(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    loop {
        i += run_of(bytes, i, PATH_PLAIN);
        if !matches!(bytes.get(i), Some(b'.' | b'%')) {
            return i;
        }
        if i == from || bytes[i - 1] == b'/' {
            let len = run_of(bytes, i, PATH_OK);
            let segment = &bytes[i..i + len];
            if len <= 6 && (is_single_dot(segment) || is_double_dot(segment)) {
                return i;
            }
        }
        i += 1;
    }
}

/// Whether `s` is a [Windows drive letter](https://url.spec.whatwg.org/#windows-drive-letter):
/// an ASCII alpha then ':' or '|'.
#[inline]
pub(crate) fn is_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && (s[1] == b':' || s[1] == b'|')
}

/// Whether `s` is a normalized Windows drive letter: an ASCII alpha then ':'.
#[inline]
pub(crate) fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    s.len() == 2 && s[0].is_ascii_alphabetic() && s[1] == b':'
}

/// Whether `s` [starts with a Windows drive letter](https://url.spec.whatwg.org/#start-with-a-windows-drive-letter).
#[inline]
pub(crate) fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(&s[..2])
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

/// The last `byte` in `hay`: a plain loop for short input (where the setup of a vectorized
/// search costs more than it saves), `memrchr` for long input.
#[inline]
pub(crate) fn rfind_byte(hay: &[u8], byte: u8) -> Option<usize> {
    if hay.len() < 64 {
        hay.iter().rposition(|&b| b == byte)
    } else {
        memchr::memrchr(byte, hay)
    }
}

/// The first `byte` in `hay` (for URL patterns' segments): eight bytes at a time in a word for the first 32 bytes (most
/// URL segments are shorter, and a call to `memchr` costs more than scanning them), the
/// last word overlapping the ones before it; `memchr` past that.
#[cfg(feature = "pattern")]
#[inline]
pub(crate) fn find_byte(hay: &[u8], byte: u8) -> Option<usize> {
    const FAR: usize = 32;
    let len = hay.len();
    if len < 8 {
        return hay.iter().position(|&b| b == byte);
    }
    let mut i = 0;
    while i + 8 <= len {
        let found = bytes_equal_to(word_at(hay, i), byte);
        if found != 0 {
            return Some(i + found.trailing_zeros() as usize / 8);
        }
        i += 8;
        if i >= FAR {
            return memchr::memchr(byte, &hay[i..]).map(|k| i + k);
        }
    }
    if i == len {
        return None;
    }
    // The last eight bytes, of which the first `i - (len - 8)` were looked at already.
    let start = len - 8;
    let seen = (i - start) * 8;
    let found = bytes_equal_to(word_at(hay, start), byte) >> seen << seen;
    (found != 0).then(|| start + found.trailing_zeros() as usize / 8)
}

/// The high bit of each byte of `w` that equals `byte`, and no other bit. Exact for every
/// byte value (no carry from one byte into the next).
#[cfg(feature = "pattern")]
#[inline]
fn bytes_equal_to(w: u64, byte: u8) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let x = w ^ u64::from_le_bytes([byte; 8]);
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// Eight bytes of `s` from `i` as a little-endian word.
#[cfg(feature = "pattern")]
#[inline]
pub(crate) fn word_at(s: &[u8], i: usize) -> u64 {
    let mut w = [0; 8];
    w.copy_from_slice(&s[i..i + 8]);
    u64::from_le_bytes(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `find_byte` is `position` of the byte: every length up to 80, the byte at each place
    /// (and a second one after it) or nowhere, fill bytes on both sides of 0x80, and bytes
    /// that differ from the one sought in a single bit.
    #[cfg(feature = "pattern")]
    #[test]
    fn find_byte_agrees_with_position() {
        for byte in [b'/', b'.', 0x00, 0xff] {
            for fill in [b'a', byte ^ 1, byte ^ 0x80, 0x7f, 0x80] {
                if fill == byte {
                    continue;
                }
                for len in 0..80 {
                    for at in 0..=len {
                        let mut hay = vec![fill; len];
                        if at < len {
                            hay[at] = byte;
                        }
                        if at + 3 < len {
                            hay[at + 3] = byte;
                        }
                        let naive = hay.iter().position(|&b| b == byte);
                        assert_eq!(find_byte(&hay, byte), naive, "{byte} {fill} {len} {at}");
                    }
                }
            }
        }
    }

    #[test]
    fn run_of_agrees_with_a_byte_loop() {
        // Every length up to 40, every start, a stop byte at every place after it (or none),
        // and a stop byte just before the start.
        for bit in [PATH_PLAIN, PATH_OK, QUERY_OK, FRAGMENT_OK, SCHEME] {
            for len in 0..40 {
                for from in 0..=len {
                    for stop_at in from..=len {
                        for (fill, stop) in [(b'a', b'.'), (b'a', b' '), (b'z', 0x80), (b'1', b'?')]
                        {
                            let mut bytes = vec![fill; len];
                            if from > 0 {
                                bytes[from - 1] = stop;
                            }
                            if stop_at < len {
                                bytes[stop_at] = stop;
                            }
                            let naive = bytes[from..]
                                .iter()
                                .position(|&b| class(b) & bit == 0)
                                .unwrap_or(len - from);
                            assert_eq!(run_of(&bytes, from, bit), naive, "{bytes:?} {from} {bit}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn find_tab_or_newline_agrees_with_a_byte_loop() {
        for len in 0..80 {
            for at in 0..=len {
                for c in [b'\t', b'\n', b'\r', b'\x0b', b'\x89', b'\x0c'] {
                    let mut bytes = vec![b'a'; len];
                    if at < len {
                        bytes[at] = c;
                    }
                    let naive = bytes.iter().position(|&b| is_tab_or_newline(b));
                    assert_eq!(find_tab_or_newline(&bytes), naive, "{len} {at} {c}");
                }
            }
        }
    }

    #[test]
    fn classes_follow_their_definitions() {
        for b in 0..=255u8 {
            let c = class(b);
            assert_eq!(c & TAB_OR_NEWLINE != 0, is_tab_or_newline(b), "{b}");
            assert_eq!(c & HOST_MARK != 0, matches!(b, b':' | b'[' | b']'), "{b}");
            assert_eq!(c & UPPER != 0, b.is_ascii_uppercase(), "{b}");
            // Every forbidden host code point is a forbidden domain code point.
            if c & FORBIDDEN_HOST != 0 {
                assert!(c & FORBIDDEN_DOMAIN != 0, "{b}");
            }
            // A path byte that is plain is a path byte, or '/'.
            if c & PATH_PLAIN != 0 {
                assert!(c & PATH_OK != 0 || b == b'/', "{b}");
            }
        }
        assert!(is_forbidden_host_code_point(b'^'));
        assert!(!is_forbidden_host_code_point(b'%'));
        assert!(is_forbidden_domain_code_point(b'%'));
        assert!(is_forbidden_domain_code_point(0x7F));
    }

    #[test]
    fn dot_segments() {
        assert!(is_double_dot(b".%2E"));
        assert!(is_double_dot(b"%2e%2E"));
        assert!(!is_double_dot(b"..."));
        assert!(is_single_dot(b"%2E"));
        assert!(!is_single_dot(b".."));
        // The clean run stops at a dot segment's start, and only there at a '.' or '%'.
        assert_eq!(clean_path_run(b"/a/./b", 0), 3);
        assert_eq!(clean_path_run(b"/a/.b/%2e%2E/c", 0), 6);
        assert_eq!(clean_path_run(b"/a.b/c%20d?q", 0), 10);
        assert_eq!(clean_path_run(b"..", 0), 0);
    }

    #[test]
    fn windows_drive_letters() {
        assert!(starts_with_windows_drive_letter(b"c:"));
        assert!(starts_with_windows_drive_letter(b"c:/"));
        assert!(!starts_with_windows_drive_letter(b"c:a"));
        assert!(starts_with_windows_drive_letter(b"C|#"));
    }

    #[test]
    fn decimal() {
        let mut s = String::new();
        push_decimal(&mut s, 0);
        s.push(' ');
        push_decimal(&mut s, 65535);
        assert_eq!(s, "0 65535");
    }

    #[test]
    fn hosts_and_ports() {
        assert_eq!(host_colon(b"[::1]:80"), Some(5));
        assert_eq!(host_colon(b"a[:]:1"), Some(4));
        assert_eq!(host_colon(b"[a]b]:c"), Some(5));
        assert_eq!(host_colon(b"[::1"), None);
        for input in [
            "u@h:1/",
            "u@[::1]:2?",
            "a:b@c@[d:e]:f#",
            "[x",
            "@:",
            "h\\p:1",
        ] {
            for special in [true, false] {
                let scan = scan_authority(input.as_bytes(), 0, special);
                let host_start = scan.last_at.map_or(0, |at| at + 1);
                let (end, colon) = host_end(&input.as_bytes()[host_start..], special);
                assert_eq!(scan.colon, colon.map(|c| host_start + c), "{input}");
                if colon.is_none() {
                    assert_eq!(scan.end, host_start + end, "{input}");
                }
            }
        }
        assert_eq!(whole_port(b""), Ok(None));
        assert_eq!(whole_port(b"0080"), Ok(Some(80)));
        assert_eq!(whole_port(b"8a"), Err((PortError::NotDigit, 1)));
        assert_eq!(
            whole_port(b"99999999999999999999"),
            Err((PortError::OutOfRange, 0))
        );
    }
}
