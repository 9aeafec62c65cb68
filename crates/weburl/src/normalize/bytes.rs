//! Byte-level percent-encoding helpers shared by the `w3lib` and `surt` profiles, with the
//! exact semantics of the Python functions those packages call (stated on each).

use crate::percent;

/// A set of bytes, as a 256-entry table.
pub(crate) struct ByteSet([bool; 256]);

impl ByteSet {
    /// The set of the bytes of `chars` plus ALPHA and DIGIT (and `-._~` when `unreserved`).
    pub(crate) const fn new(chars: &[u8], unreserved: bool) -> ByteSet {
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            table[b] =
                c.is_ascii_alphanumeric() || (unreserved && matches!(c, b'-' | b'.' | b'_' | b'~'));
            b += 1;
        }
        let mut i = 0;
        while i < chars.len() {
            table[chars[i] as usize] = true;
            i += 1;
        }
        ByteSet(table)
    }

    /// Whether `b` is in the set.
    pub(crate) fn contains(&self, b: u8) -> bool {
        self.0[b as usize]
    }
}

/// Appends `%` and the uppercase hex digits of `b`.
pub(crate) fn push_escape(out: &mut Vec<u8>, b: u8) {
    out.extend_from_slice(percent::percent_encoded(b).as_bytes());
}

/// Appends `data` percent-encoded: bytes in `safe` as they are, the others as `%HH`
/// (Python's `urllib.parse.quote_from_bytes` and w3lib's `_quote`).
pub(crate) fn quote_into(data: &[u8], safe: &ByteSet, out: &mut Vec<u8>) {
    for &b in data {
        if safe.contains(b) {
            out.push(b);
        } else {
            push_escape(out, b);
        }
    }
}

/// Appends `data` as `application/x-www-form-urlencoded` does (w3lib's `_quote` with
/// `quote_plus`): ALPHA DIGIT `-._~` as they are, space as `+`, other bytes as `%HH`.
pub(crate) fn quote_plus_into(data: &[u8], out: &mut Vec<u8>) {
    const UNRESERVED: ByteSet = ByteSet::new(b"", true);
    let mut i = 0;
    while i < data.len() {
        let run = data[i..]
            .iter()
            .position(|&b| !UNRESERVED.contains(b))
            .unwrap_or(data.len() - i);
        out.extend_from_slice(&data[i..i + run]);
        i += run;
        if let Some(&b) = data.get(i) {
            if b == b' ' {
                out.push(b'+');
            } else {
                push_escape(out, b);
            }
            i += 1;
        }
    }
}

/// Appends `data` with every `%HH` decoded, once (Python's `unquote_to_bytes`, w3lib's
/// `_unquote`); a `%` not followed by two hex digits stays.
pub(crate) fn unquote_into(data: &[u8], out: &mut Vec<u8>) {
    percent::percent_decode_each(data, |b, _| out.push(b));
}

/// [`unquote_into`] that also reads `+` as a space (w3lib's `_unquote_plus`): a literal `+`,
/// not a decoded `%2B`.
pub(crate) fn unquote_plus_into(data: &[u8], out: &mut Vec<u8>) {
    percent::percent_decode_each(data, |b, escaped| {
        out.push(if b == b'+' && !escaped { b' ' } else { b });
    });
}

/// Appends `data` decoded until no `%HH` is left (surt's `unescapeRepeatedly`, which calls
/// `unquote_to_bytes` until the text stops changing), in one pass: decoding can only make
/// a new `%HH` end at the byte just written, so each byte written is checked with the two
/// before it. Decodings never overlap and never undo one another, so every order of them
/// ends at the same text, the one repeated whole passes reach; each decoding shortens the
/// output, so the work is linear.
pub(crate) fn unquote_repeatedly_into(data: &[u8], out: &mut Vec<u8>) {
    let start = out.len();
    for &b in data {
        out.push(b);
        while out.len() >= start + 3 {
            let at = out.len() - 3;
            match percent::percent_encoded_byte_at(out, at) {
                Some(decoded) => {
                    out.truncate(at);
                    out.push(decoded);
                }
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ByteSet, quote_into, quote_plus_into, unquote_into, unquote_repeatedly_into};

    fn repeatedly(s: &str) -> String {
        let mut out = Vec::new();
        unquote_repeatedly_into(s.as_bytes(), &mut out);
        String::from_utf8(out).unwrap()
    }

    /// Whole passes of `unquote_into` until nothing changes: the definition.
    fn by_passes(s: &str) -> Vec<u8> {
        let mut text = s.as_bytes().to_vec();
        loop {
            let mut next = Vec::new();
            unquote_into(&text, &mut next);
            if next == text {
                return text;
            }
            text = next;
        }
    }

    #[test]
    fn unquoting_repeatedly() {
        assert_eq!(repeatedly("%%34%31"), "A");
        assert_eq!(repeatedly("%252525"), "%");
        assert_eq!(repeatedly("%2%35"), "%");
        assert_eq!(repeatedly("%%%3232"), "%#2");
        assert_eq!(repeatedly("a%zz%4"), "a%zz%4");
        for s in [
            "%%34%31",
            "%252541x",
            "%%%3232",
            "%2%35%3",
            "%%2541%",
            "%%%%%%",
            "%2525%32%35",
        ] {
            let mut out = Vec::new();
            unquote_repeatedly_into(s.as_bytes(), &mut out);
            assert_eq!(out, by_passes(s), "{s}");
        }
    }

    #[test]
    fn quoting() {
        const SAFE: ByteSet = ByteSet::new(b"/", true);
        let mut out = Vec::new();
        quote_into("a b/é~".as_bytes(), &SAFE, &mut out);
        assert_eq!(out, b"a%20b/%C3%A9~");
        out.clear();
        quote_plus_into(b"a b/=", &mut out);
        assert_eq!(out, b"a+b%2F%3D");
    }
}
