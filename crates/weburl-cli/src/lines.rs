//! Reading standard input line by line, as bytes.

use std::io::{self, BufRead, BufReader, Read};

use crate::report;

/// Size of the input buffer.
const BUFFER_SIZE: usize = 64 * 1024;

/// Size of the input buffer of a file.
const FILE_BUFFER_SIZE: usize = 256 * 1024;

/// A line buffer that grew past this (one huge line) is shrunk back after use, so that memory
/// stays flat however long the input runs.
const MAX_KEPT_CAPACITY: usize = 1024 * 1024;

/// Lines of a byte stream, without their `\n` or `\r\n` terminators, and with no UTF-8
/// requirement: callers decide what to do with a line that is not UTF-8.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: BufReader<R>,
    number: u64,
}

impl<R: Read> LineReader<R> {
    /// Reads lines from `inner`.
    pub fn new(inner: R) -> LineReader<R> {
        LineReader {
            inner: BufReader::with_capacity(BUFFER_SIZE, inner),
            number: 0,
        }
    }

    /// Reads lines from the file `inner`, with a larger buffer than a stream gets: reading a
    /// file does not wait for a writer, so fewer, larger reads cost no latency.
    pub fn for_file(inner: R) -> LineReader<R> {
        LineReader {
            inner: BufReader::with_capacity(FILE_BUFFER_SIZE, inner),
            number: 0,
        }
    }

    /// Replaces the contents of `line` with the next line, without its terminator; returns
    /// `false` (and leaves `line` empty) at end of input.
    pub fn read_line(&mut self, line: &mut Vec<u8>) -> io::Result<bool> {
        line.clear();
        if line.capacity() > MAX_KEPT_CAPACITY {
            line.shrink_to(BUFFER_SIZE);
        }
        self.append_line(line)
    }

    /// Appends the next line, without its terminator, to `buf`; returns `false` (and leaves
    /// `buf` as it was) at end of input.
    pub fn append_line(&mut self, buf: &mut Vec<u8>) -> io::Result<bool> {
        let start = buf.len();
        if self.read_until_newline(buf)? == 0 {
            return Ok(false);
        }
        if buf.len() > start && buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.len() > start && buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        self.number += 1;
        Ok(true)
    }

    /// `BufRead::read_until(b'\n', buf)`, with the `memchr` crate's vectorized search for the
    /// `\n` (the standard library's is a word at a time).
    fn read_until_newline(&mut self, buf: &mut Vec<u8>) -> io::Result<usize> {
        let mut read = 0;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let (done, used) = match memchr::memchr(b'\n', available) {
                Some(at) => {
                    buf.extend_from_slice(&available[..=at]);
                    (true, at + 1)
                }
                None => {
                    buf.extend_from_slice(available);
                    (available.is_empty(), available.len())
                }
            };
            self.inner.consume(used);
            read += used;
            if done {
                return Ok(read);
            }
        }
    }

    /// The 1-based number of the line last read (0 before the first).
    pub fn line_number(&self) -> u64 {
        self.number
    }

    /// Whether every byte read so far from the underlying stream has been handed out, so that
    /// the next [`read_line`](Self::read_line) may block. Output should be flushed then: a
    /// program driving this one through pipes gets its answers without closing its end first.
    pub fn is_drained(&self) -> bool {
        self.inner.buffer().is_empty()
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
    use super::LineReader;

    fn all_lines(input: &[u8]) -> Vec<Vec<u8>> {
        let mut reader = LineReader::new(input);
        let mut line = Vec::new();
        let mut lines = Vec::new();
        while reader.read_line(&mut line).unwrap() {
            lines.push(line.clone());
            assert_eq!(reader.line_number(), lines.len() as u64);
        }
        assert!(line.is_empty());
        lines
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
    fn lines_can_be_appended() {
        let mut reader = LineReader::new(&b"a\r\n\nb"[..]);
        let mut buf = b"x".to_vec();
        assert!(reader.append_line(&mut buf).unwrap());
        assert!(reader.append_line(&mut buf).unwrap());
        assert!(reader.append_line(&mut buf).unwrap());
        assert!(!reader.append_line(&mut buf).unwrap());
        assert_eq!(buf, b"xab");
        assert_eq!(reader.line_number(), 3);
        // Only the new line's own terminator is stripped.
        let mut reader = LineReader::new(&b"\n"[..]);
        let mut buf = b"\r".to_vec();
        assert!(reader.append_line(&mut buf).unwrap());
        assert_eq!(buf, b"\r");
    }

    #[test]
    fn bytes_need_not_be_utf8() {
        assert_eq!(all_lines(b"\xff\xfe\nok\n"), [&b"\xff\xfe"[..], b"ok"]);
    }
}
