//! The Arrow PyCapsule interface: importing arrays from any object with
//! `__arrow_c_array__` / `__arrow_c_stream__` (pyarrow, polars, duckdb, arro3, nanoarrow) and
//! exporting ours as capsules. This module holds the crate's only `unsafe` code (and the
//! unchecked construction of the string views `weburl.arrow.parse` makes).

use std::ffi::CStr;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi};
use arrow_array::ffi_stream::{ArrayStreamReader, FFI_ArrowArrayStream};
use std::sync::Arc;

use arrow_array::{ArrayRef, StringViewArray, make_array};
use arrow_buffer::{Buffer, ScalarBuffer};
use arrow_schema::{ArrowError, Field};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

/// The capsule names the interface specifies.
const SCHEMA: &CStr = c"arrow_schema";
const ARRAY: &CStr = c"arrow_array";
const STREAM: &CStr = c"arrow_array_stream";

/// An Arrow error as a Python ValueError.
pub fn arrow_error(e: ArrowError) -> PyErr {
    PyValueError::new_err(format!("Arrow: {e}"))
}

/// Whether `obj` exports Arrow data.
pub fn exports_arrow(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(obj.hasattr("__arrow_c_array__")? || obj.hasattr("__arrow_c_stream__")?)
}

/// The arrays `obj` exports: one for `__arrow_c_array__`, each chunk for
/// `__arrow_c_stream__`. Each is validated in full (offsets, UTF-8), so a faulty producer
/// gets an exception rather than undefined behaviour.
pub fn import(obj: &Bound<'_, PyAny>) -> PyResult<Vec<ArrayRef>> {
    if obj.hasattr("__arrow_c_array__")? {
        let (schema, array): (Bound<'_, PyCapsule>, Bound<'_, PyCapsule>) =
            obj.call_method0("__arrow_c_array__")?.extract()?;
        let schema = schema
            .pointer_checked(Some(SCHEMA))?
            .cast::<FFI_ArrowSchema>();
        let array = array.pointer_checked(Some(ARRAY))?.cast::<FFI_ArrowArray>();
        // SAFETY: the capsules carry the interface's names, so (by the PyCapsule interface)
        // they point to a valid ArrowSchema and ArrowArray, alive as long as the capsules,
        // which are alive here. `from_raw` moves the array out, leaving a released one in
        // the capsule for its destructor; the schema is only borrowed.
        let data = unsafe {
            let array = FFI_ArrowArray::from_raw(array.as_ptr());
            from_ffi(array, schema.as_ref())
        }
        .map_err(arrow_error)?;
        data.validate_full().map_err(arrow_error)?;
        return Ok(vec![make_array(data)]);
    }
    if obj.hasattr("__arrow_c_stream__")? {
        let capsule = obj.call_method0("__arrow_c_stream__")?;
        let capsule = capsule.cast::<PyCapsule>()?;
        let stream = capsule
            .pointer_checked(Some(STREAM))?
            .cast::<FFI_ArrowArrayStream>();
        // SAFETY: as above, the capsule's name says it points to a valid ArrowArrayStream;
        // `from_raw` moves it out, leaving a released stream in the capsule.
        let reader =
            unsafe { ArrayStreamReader::from_raw(stream.as_ptr()) }.map_err(arrow_error)?;
        let mut arrays = Vec::new();
        for array in reader {
            let array = array.map_err(arrow_error)?;
            array.to_data().validate_full().map_err(arrow_error)?;
            arrays.push(array);
        }
        return Ok(arrays);
    }
    Err(PyTypeError::new_err(format!(
        "expected an Arrow array (an object with __arrow_c_array__ or __arrow_c_stream__), \
         or a list of str, not {}",
        obj.get_type().name()?
    )))
}

/// The field that `array` exports as: `name`, its type, nullable.
fn field(array: &ArrayRef, name: &str) -> Field {
    Field::new(name, array.data_type().clone(), true)
}

/// `array` as the two capsules `__arrow_c_array__` returns, its field named `name`.
pub fn export<'py>(
    py: Python<'py>,
    array: &ArrayRef,
    name: &str,
) -> PyResult<(Bound<'py, PyCapsule>, Bound<'py, PyCapsule>)> {
    let schema = FFI_ArrowSchema::try_from(&field(array, name)).map_err(arrow_error)?;
    let array = FFI_ArrowArray::new(&array.to_data());
    // The capsules own the structs; a consumer moves them out (setting their release
    // callbacks to null), and dropping one that was not moved releases it.
    let schema = PyCapsule::new_with_value(py, schema, SCHEMA)?;
    let array = PyCapsule::new_with_value(py, array, ARRAY)?;
    Ok((schema, array))
}

/// The schema capsule of `array`'s field named `name`, for `__arrow_c_schema__`.
pub fn export_schema<'py>(
    py: Python<'py>,
    array: &ArrayRef,
    name: &str,
) -> PyResult<Bound<'py, PyCapsule>> {
    let schema = FFI_ArrowSchema::try_from(&field(array, name)).map_err(arrow_error)?;
    PyCapsule::new_with_value(py, schema, SCHEMA)
}

/// A string view array of `views` into `blocks`, without validating them again.
///
/// The caller (`arrow::parse_views`) makes every view with `arrow::view` from a `&str` that is
/// either inline (at most 12 bytes) or a copy, at the view's block and offset, of bytes it
/// appended to that block itself: each view is in bounds and valid UTF-8 by construction.
/// Checking them again (`StringViewArray::try_new`) took a quarter of `parse`'s time.
pub fn string_views(views: ScalarBuffer<u128>, blocks: Arc<[Buffer]>) -> StringViewArray {
    debug_assert!(StringViewArray::try_new(views.clone(), Arc::clone(&blocks), None).is_ok());
    // SAFETY: see above; the views are valid for `blocks` and hold UTF-8.
    unsafe { StringViewArray::new_unchecked(views, blocks, None) }
}
