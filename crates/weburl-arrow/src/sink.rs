//! Where string kernels write: a `Utf8View` array whose views point into the input's buffers
//! where a value is a long part of the row's own text, else into the builder's blocks of
//! copies; or a `Utf8`/`LargeUtf8` array. (`parse`'s eleven columns are built in `views`.)

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
