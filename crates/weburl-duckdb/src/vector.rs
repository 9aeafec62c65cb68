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
    duckdb_string_t__bindgen_ty_1__bindgen_ty_2, duckdb_vector_get_data,
    duckdb_vector_get_validity,
};

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
        let len = chunk.len();
        // SAFETY: `chunk` is the live input chunk of this call and `column` one of its
        // columns (the caller checks `num_columns`). A flat VARCHAR vector's data is an
        // array of at least `len` `duckdb_string_t` (the vector's capacity is
        // `duckdb_vector_size()`, at least the chunk's size), and its validity mask, when
        // present, holds at least `len` bits in 64-bit words. Both live as long as the chunk,
        // which outlives `'a`, and DuckDB does not write to the input during the call.
        unsafe {
            let vector = duckdb_data_chunk_get_vector(chunk.get_ptr(), column as u64);
            let data = duckdb_vector_get_data(vector).cast::<duckdb_string_t>();
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
            Strings { data, validity }
        }
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Row `i`: `None` when null (or, which DuckDB does not allow in `VARCHAR`, not UTF-8).
    #[inline]
    pub fn get(&self, i: usize) -> Option<&'a str> {
        if let Some(validity) = self.validity
            && validity[i / 64] & (1 << (i % 64)) == 0
        {
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

impl<'a> Booleans<'a> {
    /// Column `column` of `chunk`, which must be a `BOOLEAN` column (the caller checks its
    /// type, [`is_boolean`]).
    pub fn new(chunk: &'a DataChunkHandle, column: usize) -> Booleans<'a> {
        let len = chunk.len();
        // SAFETY: as in `Strings::new`: `chunk` is the live input chunk and `column` one of
        // its columns; a flat BOOLEAN vector's data is an array of at least `len` one-byte
        // `bool`s (read here as `u8`, so any byte is a valid value), and its validity mask,
        // when present, holds at least `len` bits in 64-bit words, both alive and unwritten
        // as long as the chunk.
        unsafe {
            let vector = duckdb_data_chunk_get_vector(chunk.get_ptr(), column as u64);
            let data = duckdb_vector_get_data(vector).cast::<u8>();
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
            Booleans { data, validity }
        }
    }

    /// Row `i`: `None` when null.
    #[inline]
    pub fn get(&self, i: usize) -> Option<bool> {
        if let Some(validity) = self.validity
            && validity[i / 64] & (1 << (i % 64)) == 0
        {
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

/// The result vector of a function that returns `VARCHAR`, for `len` rows.
///
/// An answer of at most 12 bytes is written straight into the vector's `duckdb_string_t` array
/// in DuckDB's inlined form, with no call into DuckDB; a longer one is copied into the vector's
/// own string heap by `duckdb_vector_assign_string_element_len` (the C API has no way to make a
/// result row point into the input's buffers and keep them alive).
pub struct Texts<'v> {
    out: FlatVector<'v>,
    data: *mut duckdb_string_t,
    len: usize,
}

impl<'v> Texts<'v> {
    /// The result vector `out`, of which the first `len` rows are written.
    pub fn new(out: FlatVector<'v>, len: usize) -> Texts<'v> {
        assert!(
            len <= out.capacity(),
            "a chunk larger than its result vector"
        );
        // SAFETY: only the address is taken here; it is written through in `set`.
        let data = unsafe { out.as_mut_ptr::<duckdb_string_t>() };
        Texts { out, data, len }
    }

    /// Row `i` is `text`.
    #[inline]
    pub fn set(&mut self, i: usize, text: &str) {
        assert!(i < self.len, "row {i} outside the chunk");
        let bytes = text.as_bytes();
        if bytes.len() <= INLINED {
            let mut inlined = [0; INLINED];
            for (to, from) in inlined.iter_mut().zip(bytes) {
                *to = *from as std::os::raw::c_char;
            }
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
            self.out.insert(i, bytes);
        }
    }

    /// Row `i` is null.
    pub fn set_null(&mut self, i: usize) {
        assert!(i < self.len, "row {i} outside the chunk");
        self.out.set_null(i);
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
