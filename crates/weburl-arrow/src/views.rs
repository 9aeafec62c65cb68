//! The `Utf8View` columns of [`crate::parse`], built view by view, and the crate's only
//! `unsafe` code: the arrays are made without Arrow checking every view again.
//!
//! `StringViewArray::try_new` checks each view's bounds and runs a UTF-8 check on its bytes,
//! inline ones included: on `parse`'s eleven columns that check cost more than the parsing
//! saved by viewing the input (docs/PERFORMANCE.md, "Python"). Here a view is made only
//! from a `&str` whose bytes are where the view points, so every view is valid by
//! construction: inline bytes of a `&str`, a copy this module appended itself, or the
//! input's own text, found at its address in the input's buffer. A part of such a string is
//! taken with `str::get`, which refuses a range that does not fall on character boundaries.

#![allow(unsafe_code)]

use std::ops::Range;
use std::sync::Arc;

use arrow_array::StringViewArray;
use arrow_buffer::{Buffer, ScalarBuffer};

/// Data blocks stay below this size, so that view offsets (u32) fit.
const BLOCK: usize = 1 << 30;

/// A string and where its bytes are in the blocks of a [`ViewTable`]. Only the table makes
/// one: for a copy it made ([`ViewTable::copy`]) or for text it found at its address
/// ([`ViewTable::found`]).
#[derive(Clone, Copy)]
pub(crate) struct Placed<'t> {
    text: &'t str,
    block: u32,
    offset: u32,
}

/// `columns` columns of `rows` rows of views, all in one allocation (column after column:
/// one big block is reused by the allocator from call to call), and their blocks: the
/// input's buffers first, then blocks of copies. A view never set is the empty string.
pub(crate) struct ViewTable {
    blocks: Vec<Buffer>,
    /// The data block being filled (its index is `blocks.len()`).
    block: Vec<u8>,
    /// Bytes to reserve for the next data block.
    hint: usize,
    views: Vec<u128>,
    columns: usize,
    rows: usize,
}

impl ViewTable {
    /// With the input's buffers `blocks` (see `Strings::blocks`) and about `bytes` bytes of
    /// copies.
    pub(crate) fn new(blocks: Vec<Buffer>, bytes: usize, columns: usize, rows: usize) -> Self {
        ViewTable {
            blocks,
            block: Vec::new(),
            hint: bytes.min(BLOCK),
            views: vec![0; columns * rows],
            columns,
            rows,
        }
    }

    /// `text` copied into the data block.
    #[inline(always)]
    pub(crate) fn copy<'t>(&mut self, text: &'t str) -> Placed<'t> {
        if self.block.len() + text.len() > BLOCK && !self.block.is_empty() {
            let full = std::mem::take(&mut self.block);
            self.blocks.push(Buffer::from_vec(full));
        }
        if self.block.capacity() == 0 {
            self.block.reserve(self.hint.max(text.len()));
        }
        let offset = self.block.len() as u32;
        self.block.extend_from_slice(text.as_bytes());
        Placed {
            text,
            block: self.blocks.len() as u32,
            offset,
        }
    }

    /// `text` where `Strings::for_each_located` says it is, `(block, offset)` of the
    /// input's buffers, if its bytes are there (checked by address, not assumed).
    #[inline]
    pub(crate) fn found<'t>(
        &self,
        text: &'t str,
        (block, offset): (u32, u32),
    ) -> Option<Placed<'t>> {
        let buffer = self.blocks.get(block as usize)?;
        let start = offset as usize;
        let here = std::ptr::eq(buffer.as_ptr().wrapping_add(start), text.as_ptr())
            && start
                .checked_add(text.len())
                .is_some_and(|end| end <= buffer.len());
        here.then_some(Placed {
            text,
            block,
            offset,
        })
    }

    /// Sets row `row` of the first `ranges.len()` columns to the parts `ranges` of `placed`'s
    /// text, views into where it is ([`ViewTable::set_part`] for a whole row at once). Bit `i`
    /// of the answer is set where column `i` was left unset: its range is `None` or not a
    /// part of the text, or the text ends past the 4 GiB that a view's offset reaches.
    #[inline(always)]
    pub(crate) fn set_parts(
        &mut self,
        row: usize,
        placed: Placed<'_>,
        ranges: &[Option<Range<usize>>],
    ) -> u32 {
        // Every part's offset fits in u32 when the text's end does.
        let fits = u32::try_from(placed.offset as usize + placed.text.len()).is_ok();
        let mut unset = 0;
        let columns = self.views.chunks_exact_mut(self.rows);
        for (i, (range, column)) in ranges.iter().zip(columns).enumerate() {
            let part = match range {
                Some(range) if fits => placed.text.get(range.clone()).map(|p| (p, range.start)),
                _ => None,
            };
            match part {
                Some((part, _)) if part.len() <= 12 => column[row] = view(part, (0, 0)),
                Some((part, start)) => {
                    column[row] = view(part, (placed.block, placed.offset + start as u32));
                }
                None => unset |= 1 << i,
            }
        }
        unset
    }

    /// Sets row `row` of column `column` to the part `range` of `placed`'s text, a view
    /// into where it is; false (nothing set) where `range` is not a part of it.
    #[inline(always)]
    pub(crate) fn set_part(
        &mut self,
        column: usize,
        row: usize,
        placed: Placed<'_>,
        range: Range<usize>,
    ) -> bool {
        let Some(part) = placed.text.get(range.clone()) else {
            return false;
        };
        if part.len() <= 12 {
            self.views[column * self.rows + row] = view(part, (0, 0));
            return true;
        }
        match u32::try_from(placed.offset as usize + range.start) {
            Ok(offset) => self.views[column * self.rows + row] = view(part, (placed.block, offset)),
            Err(_) => self.set(column, row, part),
        }
        true
    }

    /// Sets row `row` of column `column` to `text`: inline, or a copy.
    #[inline(always)]
    pub(crate) fn set(&mut self, column: usize, row: usize, text: &str) {
        let v = if text.len() <= 12 {
            view(text, (0, 0))
        } else {
            let placed = self.copy(text);
            view(text, (placed.block, placed.offset))
        };
        self.views[column * self.rows + row] = v;
    }

    /// The columns, in order.
    pub(crate) fn finish(mut self) -> Vec<StringViewArray> {
        if !self.block.is_empty() {
            self.blocks
                .push(Buffer::from_vec(std::mem::take(&mut self.block)));
        }
        let blocks: Arc<[Buffer]> = self.blocks.into();
        let rows = self.rows;
        let views = Buffer::from_vec(self.views);
        (0..self.columns)
            .map(|i| {
                let column = ScalarBuffer::<u128>::new(views.clone(), i * rows, rows);
                debug_assert!(
                    StringViewArray::try_new(column.clone(), Arc::clone(&blocks), None).is_ok()
                );
                // SAFETY: every view was set by `set_parts`, `set_part` or `set`, or is zero
                // (the empty string, inline), and `view` writes a `&str`'s bytes inline or that
                // `&str`'s length and its place: in `set`, a copy `copy` appended to the data
                // block whose index it recorded; in `set_part` and `set_parts`, a part
                // (`str::get`: on character boundaries) of a string placed by `copy` or by
                // `found`, which checked that the string's bytes are at that offset of that
                // input buffer, and the offset plus the part's start fits in u32 (else
                // `set_part` copies the part and `set_parts` leaves it to its caller). So each
                // view is in bounds of its block and holds UTF-8, which is all `try_new` checks.
                unsafe { StringViewArray::new_unchecked(column, Arc::clone(&blocks), None) }
            })
            .collect()
    }
}

/// The view of `text`: inline when at most 12 bytes, else its length, first four bytes,
/// block and offset (the layout of Arrow's `ByteView`). A view's length is a u32: a string
/// of 4 GiB or more has none (a panic, never a view of a part of it).
#[inline]
fn view(text: &str, (block, offset): (u32, u32)) -> u128 {
    let bytes = text.as_bytes();
    let len = bytes.len();
    if len <= 12 {
        let mut inline = [0u8; 16];
        inline[..4].copy_from_slice(&(len as u32).to_le_bytes());
        inline[4..4 + len].copy_from_slice(bytes);
        u128::from_le_bytes(inline)
    } else {
        let len = u32::try_from(len).expect("an Arrow view holds less than 4 GiB");
        let prefix = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        u128::from(len)
            | (u128::from(prefix) << 32)
            | (u128::from(block) << 64)
            | (u128::from(offset) << 96)
    }
}
