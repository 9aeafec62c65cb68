//! Lines and columns of byte offsets in a decoded (UTF-8) document that streams past.
//!
//! The parsers report byte offsets into the stream of decoded text; this tracker keeps the
//! text from the last point that can still be asked about (the start of the token being
//! parsed) and counts lines and columns forward from there, so memory stays bounded by the
//! longest token plus one chunk.

/// Line (1-based) and column (1-based, in Unicode scalar values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LineColumn {
    pub line: u32,
    pub column: u32,
}

#[derive(Clone, Copy, Debug)]
struct Cursor {
    offset: u64,
    line: u32,
    /// Scalar values since the start of the line.
    column: u32,
    prev_cr: bool,
}

impl Cursor {
    fn step(&mut self, bytes: &[u8]) {
        self.offset += bytes.len() as u64;
        let Some(last) = memchr::memrchr2(b'\n', b'\r', bytes) else {
            if !bytes.is_empty() {
                self.prev_cr = false;
            }
            self.column = self.column.saturating_add(scalar_values(bytes));
            return;
        };
        // Line breaks: every CR, and every LF not right after a CR.
        let mut breaks = 0u32;
        for i in memchr::memchr2_iter(b'\n', b'\r', &bytes[..=last]) {
            let after_cr = if i == 0 {
                self.prev_cr
            } else {
                bytes[i - 1] == b'\r'
            };
            if bytes[i] == b'\r' || !after_cr {
                breaks += 1;
            }
        }
        self.line = self.line.saturating_add(breaks);
        let rest = &bytes[last + 1..];
        self.column = scalar_values(rest);
        self.prev_cr = rest.is_empty() && bytes[last] == b'\r';
    }
}

/// How many Unicode scalar values the UTF-8 `bytes` hold (bytes that do not continue one).
fn scalar_values(bytes: &[u8]) -> u32 {
    let n = bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Counts lines (a line ends at LF, CR or CRLF, as HTML's newline normalization has it) and
/// columns over a stream of UTF-8 text.
#[derive(Debug)]
pub(crate) struct Tracker {
    /// Text from `anchor.offset` on (with `consumed` bytes of it already dropped logically).
    buf: Vec<u8>,
    /// How many bytes at the front of `buf` lie before `anchor`.
    consumed: usize,
    /// State at the oldest offset that may still be asked about.
    anchor: Cursor,
    /// State at the last offset asked about (at or after `anchor`).
    cursor: Cursor,
}

impl Tracker {
    pub(crate) fn new() -> Tracker {
        let start = Cursor {
            offset: 0,
            line: 1,
            column: 0,
            prev_cr: false,
        };
        Tracker {
            buf: Vec::new(),
            consumed: 0,
            anchor: start,
            cursor: start,
        }
    }

    /// Appends decoded text.
    pub(crate) fn push(&mut self, text: &[u8]) {
        self.buf.extend_from_slice(text);
    }

    fn end_offset(&self) -> u64 {
        self.anchor.offset + (self.buf.len() - self.consumed) as u64
    }

    fn move_cursor(&mut self, offset: u64) {
        let offset = offset.clamp(self.anchor.offset, self.end_offset());
        if offset < self.cursor.offset {
            self.cursor = self.anchor;
        }
        let from = self.consumed + (self.cursor.offset - self.anchor.offset) as usize;
        let to = self.consumed + (offset - self.anchor.offset) as usize;
        self.cursor.step(&self.buf[from..to]);
    }

    /// Line and column of the character at byte `offset` (which must not lie before the last
    /// [`Tracker::forget_before`] point).
    pub(crate) fn position(&mut self, offset: u64) -> LineColumn {
        self.move_cursor(offset);
        LineColumn {
            line: self.cursor.line,
            column: self.cursor.column.saturating_add(1),
        }
    }

    /// Says that no offset before `offset` will be asked about again.
    pub(crate) fn forget_before(&mut self, offset: u64) {
        if offset <= self.anchor.offset {
            return;
        }
        self.move_cursor(offset);
        let dropped = (self.cursor.offset - self.anchor.offset) as usize;
        self.anchor = self.cursor;
        self.consumed += dropped;
        // Compact once the dropped part is the larger half: amortized O(1) per byte.
        if self.consumed > 64 * 1024 && self.consumed * 2 > self.buf.len() {
            self.buf.drain(..self.consumed);
            self.consumed = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        let mut t = Tracker::new();
        t.push("ab\r\ncé\rd\n\nxyz".as_bytes());
        assert_eq!(t.position(0), LineColumn { line: 1, column: 1 });
        assert_eq!(t.position(1), LineColumn { line: 1, column: 2 });
        assert_eq!(t.position(4), LineColumn { line: 2, column: 1 });
        // "é" is two bytes and one column.
        assert_eq!(t.position(7), LineColumn { line: 2, column: 3 });
        assert_eq!(t.position(8), LineColumn { line: 3, column: 1 });
        t.forget_before(8);
        assert_eq!(t.position(11), LineColumn { line: 5, column: 1 });
        assert_eq!(t.position(9), LineColumn { line: 3, column: 2 });
        assert_eq!(t.position(13), LineColumn { line: 5, column: 3 });
    }

    #[test]
    fn crlf_across_chunks() {
        let mut t = Tracker::new();
        t.push(b"a\r");
        assert_eq!(t.position(2), LineColumn { line: 2, column: 1 });
        t.forget_before(2);
        t.push(b"\nb");
        assert_eq!(t.position(3), LineColumn { line: 2, column: 1 });
    }

    /// The fast counter against a byte-at-a-time one, over awkward text cut at every point.
    #[test]
    fn steps_agree_with_a_simple_count() {
        let text = "a\r\n\rb\n\né\r\r\nx\ny\rz€\n".as_bytes();
        let simple = |upto: usize| {
            let (mut line, mut col, mut prev_cr) = (1u32, 0u32, false);
            for &b in &text[..upto] {
                match b {
                    b'\n' if prev_cr => {
                        prev_cr = false;
                    }
                    b'\n' | b'\r' => {
                        line += 1;
                        col = 0;
                        prev_cr = b == b'\r';
                    }
                    _ => {
                        prev_cr = false;
                        col += u32::from(b & 0xC0 != 0x80);
                    }
                }
            }
            LineColumn {
                line,
                column: col + 1,
            }
        };
        for cut in 0..=text.len() {
            for end in cut..=text.len() {
                let mut t = Tracker::new();
                t.push(&text[..cut]);
                assert_eq!(t.position(cut as u64), simple(cut));
                t.forget_before(cut as u64);
                t.push(&text[cut..]);
                assert_eq!(t.position(end as u64), simple(end), "cut {cut}, end {end}");
            }
        }
    }

    #[test]
    fn compaction_keeps_offsets() {
        let mut t = Tracker::new();
        let line = "x".repeat(99) + "\n";
        for i in 0..5000u64 {
            t.push(line.as_bytes());
            t.forget_before(i * 100);
        }
        assert_eq!(
            t.position(4999 * 100 + 5),
            LineColumn {
                line: 5000,
                column: 6
            }
        );
        assert!(t.buf.len() < 300 * 1024);
    }
}
