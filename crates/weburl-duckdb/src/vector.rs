//! Reading a `VARCHAR` column of a DuckDB data chunk as `Option<&str>` per row (and a
//! `BOOLEAN` one as `Option<bool>`), writing the rows of a `VARCHAR` result, and the values
//! of a `BOOLEAN` result: the one module of this crate with `unsafe` code (the C API hands
//! raw vectors).
//!
//! DuckDB flattens the input of a C API scalar function before calling it, so every input
//! column is a flat vector: an array of `duckdb_string_t` and a validity mask. Both are read
//! here directly by their documented layouts (`duckdb.h`), not through a C call per row
//! (`duckdb_string_t_data`, `duckdb_validity_row_is_valid`), which would cost two calls
//! through the C API's function table per row.

use duckdb::core::{DataChunkHandle, FlatVector, Inserter, LogicalTypeId};
use duckdb::ffi::{
    duckdb_data_chunk_get_vector, duckdb_string_t, duckdb_string_t__bindgen_ty_1,
    duckdb_string_t__bindgen_ty_1__bindgen_ty_1, duckdb_string_t__bindgen_ty_1__bindgen_ty_2,
    duckdb_vector_get_data, duckdb_vector_get_validity,
};

/// The data (`len` values of `T`) and validity mask of column `column` of `chunk`, a flat
/// vector (DuckDB flattens a scalar function's input before calling it).
///
/// # Safety
///
/// The column's values must be stored as `T`, and every bit pattern of a `T` must be a valid
/// `T`.
unsafe fn flat<T>(chunk: &DataChunkHandle, column: usize) -> (&[T], Option<&[u64]>) {
    let len = chunk.len();
    // SAFETY: `chunk` is the live input chunk of this call and `column` one of its columns
    // (the caller checks `num_columns`). A flat vector's data is an array of at least `len`
    // values (the vector's capacity is `duckdb_vector_size()`, at least the chunk's size),
    // stored as `T` by the caller's contract, and its validity mask, when present, holds at
    // least `len` bits in 64-bit words. Both live as long as the chunk, which outlives the
    // borrow, and DuckDB does not write to the input during the call.
    unsafe {
        let vector = duckdb_data_chunk_get_vector(chunk.get_ptr(), column as u64);
        let data = duckdb_vector_get_data(vector).cast::<T>();
        let data = if len == 0 || data.is_null() {
            &[][..]
        } else {
            std::slice::from_raw_parts(data, len)
        };
        let validity = duckdb_vector_get_validity(vector);
        let validity = if validity.is_null() {
            None
        } else {
            Some(std::slice::from_raw_parts(
                validity.cast_const(),
                len.div_ceil(64),
            ))
        };
        (data, validity)
    }
}

/// Whether row `i` is valid in a validity mask (one bit per row; `None`: all are).
#[inline]
fn valid(validity: Option<&[u64]>, i: usize) -> bool {
    validity.is_none_or(|v| v[i / 64] & (1 << (i % 64)) != 0)
}

/// One `VARCHAR` column of a chunk of `len` rows.
pub struct Strings<'a> {
    data: &'a [duckdb_string_t],
    /// One bit per row, set where the row is valid; `None`: every row is valid.
    validity: Option<&'a [u64]>,
}

impl<'a> Strings<'a> {
    /// Column `column` of `chunk`, which must be a `VARCHAR` column (every signature this
    /// crate registers takes `VARCHAR` arguments only, so DuckDB casts to it before calling).
    pub fn new(chunk: &'a DataChunkHandle, column: usize) -> Strings<'a> {
        // SAFETY: a flat VARCHAR vector's data is an array of `duckdb_string_t`, and every
        // bit pattern of one is a value (its bytes are read in `get`, by its length).
        let (data, validity) = unsafe { flat::<duckdb_string_t>(chunk, column) };
        Strings { data, validity }
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Row `i`: `None` when null (or, which DuckDB does not allow in `VARCHAR`, not UTF-8).
    #[inline]
    pub fn get(&self, i: usize) -> Option<&'a str> {
        if !valid(self.validity, i) {
            return None;
        }
        let string: &'a duckdb_string_t = &self.data[i];
        // SAFETY: `duckdb_string_t` is a union whose two variants both start with the `u32`
        // length; a length of at most 12 means the bytes are inlined in the struct itself,
        // otherwise `pointer.ptr` points to `length` bytes owned by the vector (or by the
        // column the vector references), alive as long as the chunk (`'a`).
        let bytes: &'a [u8] = unsafe {
            let length = string.value.inlined.length as usize;
            if length <= 12 {
                let inlined = &string.value.inlined.inlined;
                std::slice::from_raw_parts(inlined.as_ptr().cast::<u8>(), length)
            } else {
                std::slice::from_raw_parts(
                    string.value.pointer.ptr.cast_const().cast::<u8>(),
                    length,
                )
            }
        };
        utf8(bytes)
    }
}

impl Strings<'_> {
    /// Whether rows `i` and `j` are the same value by their `duckdb_string_t`s alone: both
    /// null, or both the same length and either the same inlined bytes or the same pointer
    /// (so the same bytes, which DuckDB does not change during the call). This is what a
    /// constant that DuckDB flattened into the column gives on every row, and costs no look
    /// at the bytes behind the pointer; false says nothing (two copies of a value).
    #[inline]
    pub fn same(&self, i: usize, j: usize) -> bool {
        match (valid(self.validity, i), valid(self.validity, j)) {
            (false, false) => true,
            (true, true) => {
                let (a, b) = (&self.data[i], &self.data[j]);
                // SAFETY: both rows are valid, so DuckDB wrote both `duckdb_string_t`s; both
                // variants of the union start with the `u32` length. A length of at most 12
                // means the bytes are inlined (the first `length` of `inlined`), otherwise
                // `pointer.ptr` is the pointer to them; only those fields are read.
                unsafe {
                    let length = a.value.inlined.length;
                    if length != b.value.inlined.length {
                        return false;
                    }
                    if length as usize <= INLINED {
                        let n = length as usize;
                        a.value.inlined.inlined[..n] == b.value.inlined.inlined[..n]
                    } else {
                        std::ptr::eq(a.value.pointer.ptr, b.value.pointer.ptr)
                    }
                }
            }
            _ => false,
        }
    }
}

/// `bytes` as text, or `None` where they are not UTF-8. ASCII, which nearly every URL is, is
/// recognised a word at a time and needs no further check.
#[inline]
fn utf8(bytes: &[u8]) -> Option<&str> {
    if bytes.is_ascii() {
        // SAFETY: every ASCII byte string is valid UTF-8.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    } else {
        std::str::from_utf8(bytes).ok()
    }
}

/// One `BOOLEAN` column of a chunk of `len` rows.
pub struct Booleans<'a> {
    /// One byte per row, 0 or 1.
    data: &'a [u8],
    /// One bit per row, set where the row is valid; `None`: every row is valid.
    validity: Option<&'a [u64]>,
}

impl Booleans<'_> {
    /// Whether rows `i` and `j` are the same value (or both null).
    #[inline]
    pub fn same(&self, i: usize, j: usize) -> bool {
        self.get(i) == self.get(j)
    }
}

impl<'a> Booleans<'a> {
    /// Column `column` of `chunk`, which must be a `BOOLEAN` column (the caller checks its
    /// type, [`is_boolean`]).
    pub fn new(chunk: &'a DataChunkHandle, column: usize) -> Booleans<'a> {
        // SAFETY: a flat BOOLEAN vector's data is an array of one-byte `bool`s, read here as
        // `u8`, so any byte is a valid value.
        let (data, validity) = unsafe { flat::<u8>(chunk, column) };
        Booleans { data, validity }
    }

    /// Row `i`: `None` when null.
    #[inline]
    pub fn get(&self, i: usize) -> Option<bool> {
        if !valid(self.validity, i) {
            return None;
        }
        Some(self.data[i] != 0)
    }
}

/// Whether column `column` of `chunk` is a `BOOLEAN` column (a function with an overload
/// that takes a boolean where another takes a string tells them apart so).
pub fn is_boolean(chunk: &DataChunkHandle, column: usize) -> bool {
    chunk.flat_vector(column).logical_type().id() == LogicalTypeId::Boolean
}

/// The optional last `VARCHAR` argument of a function that has a form without it (a base, a
/// profile, a key): absent when the call has fewer columns.
pub struct OptionalStrings<'a>(Option<Strings<'a>>);

impl<'a> OptionalStrings<'a> {
    /// Column `column` of `chunk` if the call has it.
    pub fn new(chunk: &'a DataChunkHandle, column: usize) -> OptionalStrings<'a> {
        OptionalStrings((chunk.num_columns() > column).then(|| Strings::new(chunk, column)))
    }

    /// Whether the call has no such argument.
    pub fn is_absent(&self) -> bool {
        self.0.is_none()
    }

    /// Row `i`: `Some(None)` when the call has no such argument, `Some(Some(text))` when it
    /// has one, and `None` when the row's argument is null (so is the row's answer).
    #[inline]
    pub fn get(&self, i: usize) -> Option<Option<&'a str>> {
        match &self.0 {
            None => Some(None),
            Some(column) => column.get(i).map(Some),
        }
    }
}

/// The longest string DuckDB keeps inside its `duckdb_string_t` rather than behind a pointer.
const INLINED: usize = 12;

/// `bytes` (at most 12), NUL-padded to 12: DuckDB's inlined string. Copied as two
/// overlapping pieces of fixed size (8 and 8, or 4 and 4 bytes), not byte by byte.
#[inline]
fn inlined(bytes: &[u8]) -> [u8; INLINED] {
    let mut out = [0; INLINED];
    let n = bytes.len();
    if n >= 8 {
        out[..8].copy_from_slice(&bytes[..8]);
        out[n - 8..n].copy_from_slice(&bytes[n - 8..]);
    } else if n >= 4 {
        out[..4].copy_from_slice(&bytes[..4]);
        out[n - 4..n].copy_from_slice(&bytes[n - 4..]);
    } else {
        out[..n].copy_from_slice(bytes);
    }
    out
}

/// `from` (at least 8 bytes) copied into `to`, of the same length: the common lengths of long
/// answers (up to 32 bytes) as two overlapping pieces of fixed size, with no call to `memcpy`.
#[inline]
fn copy_long(to: &mut [u8], from: &[u8]) {
    let n = from.len();
    if n <= 16 {
        to[..8].copy_from_slice(&from[..8]);
        to[n - 8..].copy_from_slice(&from[n - 8..]);
    } else if n <= 32 {
        to[..16].copy_from_slice(&from[..16]);
        to[n - 16..].copy_from_slice(&from[n - 16..]);
    } else {
        to.copy_from_slice(from);
    }
}

/// How many bytes of long answers [`Texts`] gathers before it copies them into the vector:
/// a chunk's hostnames or registrable domains fit (2,048 rows of about 20 bytes), and the copy
/// stays far below DuckDB's longest string (4 GiB) whatever the answers.
const GATHERED: usize = 1 << 16;

/// The result vector of a function that returns `VARCHAR`, for `len` rows.
///
/// An answer of at most 12 bytes is written straight into the vector's `duckdb_string_t` array
/// in DuckDB's inlined form, with no call into DuckDB. A longer one must live in the vector's
/// own string heap (the C API has no way to make a result row point into the input's buffers
/// and keep them alive), which only `duckdb_vector_assign_string_element_len` writes, and
/// checks as UTF-8, one call per string. So the long answers of a chunk are gathered here,
/// one after the other, and copied into the heap by one such call when the chunk is done
/// ([`Texts::finish`], or when `Texts` is dropped) or [`GATHERED`] bytes are waiting; each
/// long row is then written as a `duckdb_string_t` pointing to its answer's bytes in that
/// copy, as DuckDB's own functions point into a string heap (a substring points into its
/// input's). An answer longer than [`GATHERED`] is copied alone.
pub struct Texts<'v> {
    out: FlatVector<'v>,
    data: *mut duckdb_string_t,
    len: usize,
    /// The long answers so far, one after the other, in the first `used` bytes (a buffer
    /// of [`GATHERED`] bytes once a long answer came).
    long: Vec<u8>,
    used: usize,
    /// For each long answer: its row, and where its bytes start in `long`.
    rows: Vec<(usize, usize)>,
}

impl<'v> Texts<'v> {
    /// The result vector `out`, of which the first `len` rows are written.
    pub fn new(out: FlatVector<'v>, len: usize) -> Texts<'v> {
        assert!(
            len <= out.capacity(),
            "a chunk larger than its result vector"
        );
        // SAFETY: only the address is taken here; it is written through in `set` and
        // `finish`.
        let data = unsafe { out.as_mut_ptr::<duckdb_string_t>() };
        Texts {
            out,
            data,
            len,
            long: Vec::new(),
            used: 0,
            rows: Vec::new(),
        }
    }

    /// Row `i` is `text`.
    #[inline]
    pub fn set(&mut self, i: usize, text: &str) {
        assert!(i < self.len, "row {i} outside the chunk");
        let bytes = text.as_bytes();
        if bytes.len() <= INLINED {
            let inlined = inlined(bytes).map(|b| b as std::os::raw::c_char);
            let value = duckdb_string_t {
                value: duckdb_string_t__bindgen_ty_1 {
                    inlined: duckdb_string_t__bindgen_ty_1__bindgen_ty_2 {
                        length: bytes.len() as u32,
                        inlined,
                    },
                },
            };
            // SAFETY: the result of a VARCHAR function is a flat vector whose data is an array
            // of `capacity` `duckdb_string_t` (`duckdb.h`), and `i < len <= capacity` (checked
            // in `new` and above). A string of at most 12 bytes is stored inlined: its length,
            // then its bytes, NUL-padded to 12 (the padding is what DuckDB's own inlined
            // strings hold, and its comparisons read it), so it refers to no memory. The
            // bytes are UTF-8 (`text` is a `str`), as DuckDB requires of a VARCHAR. No Rust
            // reference to the array exists; `out` is only reached through `&mut self`.
            unsafe { self.data.add(i).write(value) };
        } else {
            self.gather(i, bytes);
        }
    }

    /// Row `i` is null.
    pub fn set_null(&mut self, i: usize) {
        assert!(i < self.len, "row {i} outside the chunk");
        self.out.set_null(i);
    }

    /// Keeps `bytes` (more than 12) as row `i`'s answer until [`Texts::finish`].
    fn gather(&mut self, i: usize, bytes: &[u8]) {
        let n = bytes.len();
        if self.used + n > GATHERED {
            self.finish();
            if n > GATHERED {
                // Alone, straight into the vector.
                self.out.insert(i, bytes);
                return;
            }
        }
        if self.long.is_empty() {
            self.long = vec![0; GATHERED];
            self.rows.reserve(self.len);
        }
        copy_long(&mut self.long[self.used..self.used + n], bytes);
        self.rows.push((i, self.used));
        self.used += n;
    }

    /// Writes the long answers gathered so far into the vector (see [`Texts`]).
    pub fn finish(&mut self) {
        let Some(&(first, _)) = self.rows.first() else {
            return;
        };
        // The heap copy of all long answers, made through the first long row: more than 12
        // bytes, so DuckDB stores it in the heap and that row points to it.
        let long = &self.long[..self.used];
        self.out.insert(first, long);
        // SAFETY: `first < len <= capacity` (checked in `set`), and the call above has just
        // written that row as a string of `long.len()` > 12 bytes, which DuckDB keeps behind a
        // pointer (the `pointer` variant of the union, `duckdb.h`) into the vector's string
        // heap.
        let heap = unsafe { self.data.add(first).read().value.pointer.ptr };
        let ends = self.rows[1..]
            .iter()
            .map(|&(_, start)| start)
            .chain([long.len()]);
        for (&(i, start), end) in self.rows.iter().zip(ends) {
            let bytes = &long[start..end];
            let prefix =
                [bytes[0], bytes[1], bytes[2], bytes[3]].map(|b| b as std::os::raw::c_char);
            // SAFETY: `i < len <= capacity` (checked in `set`). The row becomes a string of
            // `end - start` > 12 bytes (only those were gathered) in DuckDB's pointer form: its
            // length, its first four bytes (the prefix DuckDB's comparisons read first) and
            // a pointer to its bytes, which are `long[start..end]` copied into the vector's
            // string heap at `heap + start`. The heap lives as long as the vector and its
            // copies (DuckDB keeps a vector's string heap with it), as for any string written
            // by `duckdb_vector_assign_string_element_len`. The bytes are UTF-8: each answer is
            // a `str`, and DuckDB has just checked the whole copy.
            unsafe {
                let value = duckdb_string_t {
                    value: duckdb_string_t__bindgen_ty_1 {
                        pointer: duckdb_string_t__bindgen_ty_1__bindgen_ty_1 {
                            length: (end - start) as u32,
                            prefix,
                            ptr: heap.add(start),
                        },
                    },
                };
                self.data.add(i).write(value);
            }
        }
        self.rows.clear();
        self.used = 0;
    }
}

impl Drop for Texts<'_> {
    fn drop(&mut self) {
        self.finish();
    }
}

/// The first `len` values of `out`, the result vector of a function that returns `BOOLEAN`
/// (its nulls are set apart, with `FlatVector::set_null`).
pub fn booleans<'v>(out: &'v mut FlatVector<'_>, len: usize) -> &'v mut [bool] {
    assert!(
        len <= out.capacity(),
        "a chunk larger than its result vector"
    );
    // SAFETY: the result of a BOOLEAN function is a flat vector of `bool` (one byte, 0 or 1)
    // with room for `capacity` rows, and `len` is at most that (checked above); the `&mut`
    // borrow of `out` keeps any other reference to it away meanwhile.
    unsafe { out.as_mut_slice_with_len::<bool>(len) }
}

#[cfg(test)]
mod tests {
    use super::{INLINED, copy_long, inlined};

    /// The inlined form of every length up to 12 against a byte-by-byte copy.
    #[test]
    fn inlined_strings_are_the_bytes_nul_padded() {
        for n in 0..=INLINED {
            let bytes: Vec<u8> = (1..=n as u8).collect();
            let mut naive = [0; INLINED];
            naive[..n].copy_from_slice(&bytes);
            assert_eq!(inlined(&bytes), naive, "{n} bytes");
        }
    }

    /// The copy of a long answer, for every length from 8 to 80 bytes, against `to_vec`.
    #[test]
    fn long_answers_are_copied_whole() {
        for n in 8..=80 {
            let from: Vec<u8> = (1..=n as u8).collect();
            let mut to = vec![0; n];
            copy_long(&mut to, &from);
            assert_eq!(to, from, "{n} bytes");
        }
    }
}
