//! Reading a `VARCHAR` column of a DuckDB data chunk as `Option<&str>` per row, and the
//! values of a `BOOLEAN` result: the one module of this crate with `unsafe` code (the C API
//! hands raw vectors).
//!
//! DuckDB flattens the input of a C API scalar function before calling it, so every input
//! column is a flat vector: an array of `duckdb_string_t` and a validity mask. Both are read
//! here directly by their documented layouts (`duckdb.h`), not through a C call per row
//! (`duckdb_string_t_data`, `duckdb_validity_row_is_valid`), which would cost two calls
//! through the C API's function table per row.

use duckdb::core::{DataChunkHandle, FlatVector};
use duckdb::ffi::{
    duckdb_data_chunk_get_vector, duckdb_string_t, duckdb_vector_get_data,
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
        std::str::from_utf8(bytes).ok()
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
