//! Where string kernels write: a `Utf8View` array whose views point into the input's buffers
//! where a value is a part of the row's own text, else into one block of copies; or a
//! `Utf8`/`LargeUtf8` array.

use std::sync::Arc;

use arrow_array::builder::{GenericStringBuilder, StringViewBuilder};
use arrow_array::{ArrayRef, OffsetSizeTrait};
use arrow_buffer::Buffer;

/// The bytes of one value of a row: the row's own text and the range of it, or text kept
/// elsewhere.
pub(crate) trait Sink {
    /// A null row.
    fn null(&mut self);
    /// A value, copied.
    fn text(&mut self, text: &str);
    /// A value whose bytes are at `(block, offset)` of the input's buffers.
    #[inline]
    fn located(&mut self, text: &str, _at: (u32, u32)) {
        self.text(text);
    }
    /// The array.
    fn finish(self) -> ArrayRef;
}

impl<O: OffsetSizeTrait> Sink for GenericStringBuilder<O> {
    #[inline]
    fn null(&mut self) {
        self.append_null();
    }

    #[inline]
    fn text(&mut self, text: &str) {
        self.append_value(text);
    }

    fn finish(mut self) -> ArrayRef {
        Arc::new(GenericStringBuilder::finish(&mut self))
    }
}

/// Data blocks stay below this size, so that view offsets (u32) fit.
const BLOCK: usize = 1 << 30;

/// The blocks of a `Utf8View` array made view by view ([`view`]): the input's buffers first,
/// then data blocks of copies.
pub(crate) struct Views {
    blocks: Vec<Buffer>,
    /// The data block being filled (its index is `blocks.len()`).
    block: Vec<u8>,
    /// Bytes to reserve for the next data block.
    hint: usize,
}

impl Views {
    /// With the input's buffers `blocks` (see `Strings::blocks`) and about `bytes` bytes of
    /// copies.
    pub(crate) fn new(blocks: Vec<Buffer>, bytes: usize) -> Views {
        Views {
            blocks,
            block: Vec::new(),
            hint: bytes.min(BLOCK),
        }
    }

    /// Copies `bytes` into the data block: where they are.
    #[inline]
    pub(crate) fn copy(&mut self, bytes: &[u8]) -> (u32, u32) {
        if self.block.len() + bytes.len() > BLOCK && !self.block.is_empty() {
            let full = std::mem::take(&mut self.block);
            self.blocks.push(Buffer::from_vec(full));
        }
        if self.block.capacity() == 0 {
            self.block.reserve(self.hint.max(bytes.len()));
        }
        let at = self.block.len() as u32;
        self.block.extend_from_slice(bytes);
        (self.blocks.len() as u32, at)
    }

    /// The input's buffers and the data blocks.
    pub(crate) fn into_blocks(mut self) -> Vec<Buffer> {
        if !self.block.is_empty() {
            self.blocks
                .push(Buffer::from_vec(std::mem::take(&mut self.block)));
        }
        self.blocks
    }
}

/// The view of `bytes`, at `(block, offset)` when longer than 12 bytes (else inline): the
/// layout of Arrow's `ByteView`.
#[inline]
pub(crate) fn view(bytes: &[u8], (block, offset): (u32, u32)) -> u128 {
    let len = bytes.len();
    if len <= 12 {
        let mut inline = [0u8; 16];
        inline[..4].copy_from_slice(&(len as u32).to_le_bytes());
        inline[4..4 + len].copy_from_slice(bytes);
        u128::from_le_bytes(inline)
    } else {
        let prefix = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        (len as u32 as u128)
            | (u128::from(prefix) << 32)
            | (u128::from(block) << 64)
            | (u128::from(offset) << 96)
    }
}

/// A `Utf8View` answer: a long value found in the input is a view into the input's buffer
/// (no copy; the builder checks the bytes it points to), any other is copied into the
/// builder's blocks or inline (no check: it comes from a `&str`). Checking a short value
/// costs more than copying it. An input buffer joins the answer when a first value is viewed
/// in it, so that the answer keeps alive only the input buffers it points into: a streaming
/// engine's batch is a slice of a column and has all the column's buffers.
pub(crate) struct ViewBuilder {
    builder: StringViewBuilder,
    /// The input's buffers.
    input: Vec<Buffer>,
    /// The index in the answer's buffers of each of the input's, once it is there.
    placed: Vec<Option<u32>>,
}

/// Values found in the input up to this length are copied rather than viewed.
const COPY_UP_TO: usize = 64;

impl ViewBuilder {
    /// For `rows` rows, with the input's buffers `blocks` (see `Strings::blocks`).
    pub(crate) fn new(rows: usize, blocks: Vec<Buffer>) -> ViewBuilder {
        ViewBuilder {
            builder: StringViewBuilder::with_capacity(rows),
            placed: vec![None; blocks.len()],
            input: blocks,
        }
    }

    /// The index in the answer of the input's buffer `block`, which joins the answer the
    /// first time; `None` for a block the input does not have.
    fn block(&mut self, block: u32) -> Option<u32> {
        let slot = self.placed.get_mut(block as usize)?;
        Some(*slot.get_or_insert_with(|| {
            self.builder
                .append_block(self.input[block as usize].clone())
        }))
    }
}

impl Sink for ViewBuilder {
    #[inline]
    fn null(&mut self) {
        self.builder.append_null();
    }

    #[inline]
    fn text(&mut self, text: &str) {
        self.builder.append_value(text);
    }

    #[inline]
    fn located(&mut self, text: &str, (block, offset): (u32, u32)) {
        let viewed = text.len() > COPY_UP_TO
            && self.block(block).is_some_and(|block| {
                self.builder
                    .try_append_view(block, offset, text.len() as u32)
                    .is_ok()
            });
        if !viewed {
            self.builder.append_value(text);
        }
    }

    fn finish(mut self) -> ArrayRef {
        Arc::new(self.builder.finish())
    }
}
