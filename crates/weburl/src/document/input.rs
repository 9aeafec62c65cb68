//! The input: read ahead for sniffing, then decoded to UTF-8 a chunk at a time.

use std::io::{self, Read};

use encoding_rs::{CoderResult, Decoder};

use super::encoding;

/// How many bytes are read and parsed at a time.
pub(super) const CHUNK: usize = 64 * 1024;

/// The input, with its first bytes read ahead for sniffing.
pub(super) struct Input<R> {
    reader: R,
    pub(super) first: Vec<u8>,
    pub(super) bytes: u64,
    buf: Vec<u8>,
}

impl<R: Read> Input<R> {
    pub(super) fn new(mut reader: R) -> io::Result<Input<R>> {
        let mut first = vec![0; encoding::PRESCAN_BYTES];
        let mut filled = 0;
        while filled < first.len() {
            match reader.read(&mut first[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        first.truncate(filled);
        Ok(Input {
            reader,
            bytes: filled as u64,
            first,
            buf: Vec::new(),
        })
    }
}

/// The input decoded to UTF-8, a chunk at a time.
pub(super) struct DecodedStream<R> {
    pub(super) input: Input<R>,
    pub(super) decoder: Decoder,
    pub(super) done: bool,
}

impl<R: Read> DecodedStream<R> {
    /// The next chunk of text into `out` (replacing its content); `false` at the end.
    pub(super) fn next_chunk(&mut self, out: &mut String) -> io::Result<bool> {
        out.clear();
        if self.done {
            return Ok(false);
        }
        let (src, last) = if self.input.first.is_empty() {
            let buf = &mut self.input.buf;
            buf.resize(CHUNK, 0);
            let n = loop {
                match self.input.reader.read(buf) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            };
            buf.truncate(n);
            self.input.bytes += n as u64;
            (std::mem::take(buf), n == 0)
        } else {
            (std::mem::take(&mut self.input.first), false)
        };
        let mut read = 0;
        loop {
            let needed = self
                .decoder
                .max_utf8_buffer_length(src.len() - read)
                .unwrap_or(src.len() * 3 + 16);
            out.reserve(needed);
            let (result, n, _) = self.decoder.decode_to_string(&src[read..], out, last);
            read += n;
            if result == CoderResult::InputEmpty {
                break;
            }
        }
        self.input.buf = src;
        if last {
            self.done = true;
        }
        Ok(true)
    }
}
