//! Reading standard input line by line, as bytes.

use std::io::{self, Read};

use crate::report;

/// Size of the input buffer, and the most one read of a stream asks for.
const BUFFER_SIZE: usize = 64 * 1024;

/// What the first read of a stream asks for: a short input (or a program feeding lines one
/// at a time) needs no more, and the reads grow up to [`BUFFER_SIZE`] while they come back
/// full.
const FIRST_READ_SIZE: usize = 16 * 1024;

/// The most one read of a regular file asks for: reading a file does not wait for a writer,
/// so fewer, larger reads cost no latency (and a block, at most [`BLOCK_LINES`] lines, then
/// usually ends where a read did).
///
/// [`BLOCK_LINES`]: crate::input::BLOCK_LINES
const FILE_BUFFER_SIZE: usize = 128 * 1024;

/// A line buffer that grew past this (one huge line) is shrunk back after use, so that memory
/// stays flat however long the input runs.
const MAX_KEPT_CAPACITY: usize = 1024 * 1024;

/// Lines of a byte stream read straight into a caller's buffer, many at a time: the reader of
/// a run's input blocks. Each read goes into the block's own buffer (no second copy of the
/// text), its line ends are found with one vectorized search over what was read, and the
/// bytes after the last whole line wait in `pending` for the next block.
#[derive(Debug)]
pub struct LineBlocks<R> {
    inner: R,
    /// Bytes read but not in a block yet: the start of a line whose end was not read yet, and
    /// lines that did not fit in the last block.
    pending: Vec<u8>,
    /// How much the next read asks for.
    read_size: usize,
    /// The most one read asks for.
    max_read_size: usize,
    /// Lines handed out so far.
    number: u64,
    /// Whether the last block was cut with more input already at hand: it was full, or the
    /// last read filled all it asked for.
    more_ready: bool,
    /// Whether the start of the input was looked at for a byte-order mark.
    start_seen: bool,
}

/// The UTF-8 byte-order mark (U+FEFF), which some editors write at the start of a text file:
/// skipped at the start of the input, as text tools skip it.
const BOM: &[u8] = b"\xEF\xBB\xBF";

impl LineBlocks<std::fs::File> {
    /// Lines of a file: a regular file is read up to 128 KiB at a time; a pipe or a device
    /// (`<(...)`, `/dev/stdin`) as a stream is.
    pub fn for_file(file: std::fs::File) -> LineBlocks<std::fs::File> {
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        LineBlocks {
            max_read_size: if regular {
                FILE_BUFFER_SIZE
            } else {
                BUFFER_SIZE
            },
            ..LineBlocks::new(file)
        }
    }
}

impl<R: Read> LineBlocks<R> {
    /// Lines of standard input (or another stream), read up to 64 KiB at a time.
    pub fn new(inner: R) -> LineBlocks<R> {
        LineBlocks {
            read_size: FIRST_READ_SIZE,
            ..LineBlocks::with_read_size(inner, BUFFER_SIZE)
        }
    }

    /// Lines of a stream, read `read_size` bytes at a time.
    fn with_read_size(inner: R, read_size: usize) -> LineBlocks<R> {
        LineBlocks {
            inner,
            pending: Vec::new(),
            read_size,
            max_read_size: read_size,
            number: 0,
            more_ready: false,
            start_seen: false,
        }
    }

    /// The number of lines handed out so far (the last one's 1-based line number).
    pub fn line_number(&self) -> u64 {
        self.number
    }

    /// Whether the last block [`fill`](Self::fill) gave was cut with more input at hand
    /// (it reached its limits, or the last read came back full): a large input, worth
    /// spreading over threads.
    pub fn more_ready(&self) -> bool {
        self.more_ready
    }

    /// Appends whole lines to `data`, and where each is (without its `\n` or `\r\n`) to
    /// `spans`, until there are `max_lines` of them or they pass `max_bytes`, or everything
    /// read so far is handed out (the next read might wait: a program feeding lines one at a
    /// time gets each answer before it sends the next), or the input ends; `false` when it
    /// ended. The last line needs no terminator. `data` and `spans` start empty.
    pub fn fill(
        &mut self,
        data: &mut Vec<u8>,
        spans: &mut Vec<(usize, usize)>,
        max_lines: usize,
        max_bytes: usize,
    ) -> io::Result<bool> {
        debug_assert!(data.is_empty() && spans.is_empty());
        // Room for a whole block at once: growing step by step would copy what was read into
        // fresh memory each time (and memory reserved but not written costs nothing).
        spans.reserve(max_lines);
        data.reserve(self.max_read_size + self.pending.len());
        data.append(&mut self.pending);
        self.more_ready = false;
        let mut line_start = 0;
        let mut searched = 0;
        loop {
            if !self.start_seen {
                let seen = data.len().min(BOM.len());
                if data[..seen] != BOM[..seen] {
                    self.start_seen = true;
                } else if seen == BOM.len() {
                    data.drain(..BOM.len());
                    searched = 0;
                    self.start_seen = true;
                }
                // Else the start of a mark, or nothing yet: the next read decides (an input
                // that ends there keeps those bytes).
            }
            for newline in memchr::memchr_iter(b'\n', &data[searched..]) {
                let newline = searched + newline;
                let end = if newline > line_start && data[newline - 1] == b'\r' {
                    newline - 1
                } else {
                    newline
                };
                spans.push((line_start, end));
                self.number += 1;
                line_start = newline + 1;
                if spans.len() >= max_lines || line_start >= max_bytes {
                    self.more_ready = true;
                    break;
                }
            }
            searched = data.len();
            if !spans.is_empty() {
                // What follows the last whole line waits for the next block.
                self.pending.extend_from_slice(&data[line_start..]);
                data.truncate(line_start);
                if self.pending.capacity() > MAX_KEPT_CAPACITY && self.pending.len() < BUFFER_SIZE {
                    self.pending.shrink_to(BUFFER_SIZE);
                }
                return Ok(true);
            }
            let asked = self.read_size;
            let read = match self.read(data) {
                Ok(read) => read,
                Err(e) => {
                    self.pending.append(data);
                    return Err(e);
                }
            };
            // Only a full read of the largest size says the input is large.
            self.more_ready = read == asked && asked == self.max_read_size;
            if read == 0 {
                // The end: a last line without a terminator (kept whole, `\r` and all).
                if line_start < data.len() {
                    spans.push((line_start, data.len()));
                    self.number += 1;
                }
                return Ok(false);
            }
        }
    }

    /// Appends the next bytes of the input to `data`: how many (0 at the end of the input).
    /// The bytes are read into zeroed space (the standard library's way to read into spare
    /// capacity is unstable); the reads start small, so that a short input touches little
    /// memory, and double while they come back full.
    fn read(&mut self, data: &mut Vec<u8>) -> io::Result<usize> {
        let old = data.len();
        data.resize(old + self.read_size, 0);
        let read = loop {
            match self.inner.read(&mut data[old..]) {
                Ok(read) => break read,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    data.truncate(old);
                    return Err(e);
                }
            }
        };
        data.truncate(old + read);
        if read == self.read_size {
            self.read_size = (self.read_size * 2).min(self.max_read_size);
        }
        Ok(read)
    }
}

/// An I/O error, and on which side it happened.
#[derive(Debug)]
pub enum IoFailure {
    /// Reading standard input failed.
    Read(io::Error),
    /// Reading the named file failed.
    ReadFile(String, io::Error),
    /// Writing the output failed.
    Write(io::Error),
}

impl IoFailure {
    /// Whether this is a write to a pipe whose reader has gone away (`weburl ... | head`): not
    /// worth a message, the reader has everything it wanted.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, IoFailure::Write(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }

    /// Writes the error message for this failure to standard error.
    pub fn report(&self) {
        match self {
            IoFailure::Read(e) => report::error(format_args!("reading standard input: {e}")),
            IoFailure::ReadFile(name, e) => report::error(format_args!("reading {name}: {e}")),
            IoFailure::Write(e) => report::error(format_args!("writing standard output: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::{self, Read};

    use super::LineBlocks;

    /// A stream that hands out its bytes in the given pieces, one per read (as a pipe does).
    struct Pieces(Vec<Vec<u8>>);

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let Some(piece) = self.0.first_mut() else {
                return Ok(0);
            };
            let n = piece.len().min(buf.len());
            buf[..n].copy_from_slice(&piece[..n]);
            piece.drain(..n);
            if piece.is_empty() {
                self.0.remove(0);
            }
            Ok(n)
        }
    }

    /// Every block `LineBlocks` gives for `pieces`, as its lines, with the line number of the
    /// last line of each block checked.
    fn blocks(
        pieces: &[&[u8]],
        read_size: usize,
        max_lines: usize,
        max_bytes: usize,
    ) -> Vec<Vec<Vec<u8>>> {
        let pieces = Pieces(pieces.iter().map(|p| p.to_vec()).collect());
        let mut reader = LineBlocks::with_read_size(pieces, read_size);
        let (mut data, mut spans) = (Vec::new(), Vec::new());
        let mut blocks = Vec::new();
        let mut lines = 0;
        loop {
            data.clear();
            spans.clear();
            let more = reader
                .fill(&mut data, &mut spans, max_lines, max_bytes)
                .unwrap();
            assert!(spans.len() <= max_lines);
            lines += spans.len() as u64;
            assert_eq!(reader.line_number(), lines);
            if !spans.is_empty() {
                blocks.push(spans.iter().map(|&(s, e)| data[s..e].to_vec()).collect());
            }
            if !more {
                return blocks;
            }
        }
    }

    fn flat(blocks: Vec<Vec<Vec<u8>>>) -> Vec<Vec<u8>> {
        blocks.into_iter().flatten().collect()
    }

    #[test]
    fn lines_do_not_depend_on_where_reads_end() {
        for input in [
            &b"a\nb\r\nc"[..],
            b"a\n\n",
            b"\r\n",
            b"a\r\r\nb\r",
            b"",
            b"\xff\xfe\nok\n",
            b"one long line without an end",
        ] {
            // Whole, one byte per read, and three bytes per read: the same lines as read
            // whole (a `\r\n` split between reads too).
            let bytes: Vec<&[u8]> = input.chunks(1).collect();
            let threes: Vec<&[u8]> = input.chunks(3).collect();
            for pieces in [vec![input], bytes, threes] {
                assert_eq!(
                    flat(blocks(&pieces, 4, 100, 1000)),
                    all_lines(input),
                    "{input:?}"
                );
            }
        }
    }

    #[test]
    fn a_block_ends_where_the_read_ends() {
        // The second piece is not read before the first block is handed out: a program
        // feeding lines one at a time gets each answer first.
        let got = blocks(&[b"a\nb\nc", b"d\ne\n"], 4, 100, 1000);
        assert_eq!(
            got,
            [
                vec![b"a".to_vec(), b"b".to_vec()],
                vec![b"cd".to_vec(), b"e".to_vec()]
            ]
        );
    }

    #[test]
    fn full_blocks_leave_the_rest_for_the_next() {
        let got = blocks(&[b"1\n2\n3\n4\n5\n6\n7"], 64, 3, 1000);
        let want: Vec<Vec<Vec<u8>>> = vec![
            vec![b"1".to_vec(), b"2".to_vec(), b"3".to_vec()],
            vec![b"4".to_vec(), b"5".to_vec(), b"6".to_vec()],
            vec![b"7".to_vec()],
        ];
        assert_eq!(got, want);
        // Cut by size: a block ends with the line that passes the limit.
        let got = blocks(&[b"aaaa\nbb\ncc\nd\n"], 64, 100, 5);
        assert_eq!(
            got,
            [
                vec![b"aaaa".to_vec()],
                vec![b"bb".to_vec(), b"cc".to_vec()],
                vec![b"d".to_vec()]
            ]
        );
    }

    #[test]
    fn a_line_longer_than_many_reads() {
        // 1 MiB without a newline, in 4-byte reads.
        let line = vec![b'x'; 1 << 20];
        let mut input = line.clone();
        input.extend_from_slice(b"\ny");
        let got = flat(blocks(&[&input], 4, 100, 1000));
        assert_eq!(got, [line, b"y".to_vec()]);
    }

    /// The lines of `input`, read whole.
    fn all_lines(input: &[u8]) -> Vec<Vec<u8>> {
        flat(blocks(&[input], 64, 100, 1000))
    }

    #[test]
    fn terminators_are_stripped() {
        assert_eq!(all_lines(b"a\nb\r\nc"), [&b"a"[..], b"b", b"c"]);
        assert_eq!(all_lines(b"a\n\n"), [&b"a"[..], b""]);
        assert_eq!(all_lines(b"\r\n"), [&b""[..]]);
        // Only a `\r` right before the `\n` belongs to the terminator.
        assert_eq!(all_lines(b"a\r\r\nb\r"), [&b"a\r"[..], b"b\r"]);
        assert!(all_lines(b"").is_empty());
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        for input in [&b"\xEF\xBB\xBFa\nb\n"[..], b"a\nb"] {
            let bytes: Vec<&[u8]> = input.chunks(1).collect();
            for pieces in [vec![input], bytes] {
                assert_eq!(flat(blocks(&pieces, 4, 100, 1000)), [&b"a"[..], b"b"]);
            }
        }
        // Only at the start of the input: one later is kept, and so is a second one.
        assert_eq!(
            all_lines(b"\xEF\xBB\xBF\xEF\xBB\xBFa\n\xEF\xBB\xBFb"),
            [&b"\xEF\xBB\xBFa"[..], b"\xEF\xBB\xBFb"]
        );
        // A mark alone is an empty input; the start of one is kept as it is.
        assert!(all_lines(b"\xEF\xBB\xBF").is_empty());
        assert_eq!(all_lines(b"\xEF\xBB"), [&b"\xEF\xBB"[..]]);
        assert_eq!(all_lines(b"\xEF\xBBx\n"), [&b"\xEF\xBBx"[..]]);
    }

    #[test]
    fn bytes_need_not_be_utf8() {
        assert_eq!(all_lines(b"\xff\xfe\nok\n"), [&b"\xff\xfe"[..], b"ok"]);
    }
}
