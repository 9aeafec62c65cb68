//! The Arrow PyCapsule interface: importing arrays from any object with
//! `__arrow_c_array__` / `__arrow_c_stream__` (pyarrow, polars, duckdb, arro3, nanoarrow) and
//! exporting ours as capsules. This module holds the crate's only `unsafe` code.

use std::ffi::CStr;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema, from_ffi, from_ffi_and_data_type};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;

use arrow_array::{ArrayRef, make_array};
use arrow_schema::{ArrowError, DataType, Field};
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
        // `from_raw` moves it out, leaving a released stream in the capsule. The stream is
        // released when dropped.
        let mut stream = unsafe { FFI_ArrowArrayStream::from_raw(stream.as_ptr()) };
        let (Some(get_schema), Some(get_next)) = (stream.get_schema, stream.get_next) else {
            return Err(PyValueError::new_err(
                "Arrow: the stream is already released",
            ));
        };
        let failed = |stream: &mut FFI_ArrowArrayStream, code: i32| {
            let message = stream.get_last_error.and_then(|last| {
                // SAFETY: the stream is valid; its last error is null or a C string it owns
                // until its next call.
                let text = unsafe { last(stream) };
                (!text.is_null()).then(|| {
                    unsafe { CStr::from_ptr(text) }
                        .to_string_lossy()
                        .into_owned()
                })
            });
            PyValueError::new_err(format!(
                "Arrow: the stream failed ({code}): {}",
                message.unwrap_or_default()
            ))
        };
        let mut schema = FFI_ArrowSchema::empty();
        // SAFETY: the stream is valid and `schema` an empty struct for it to fill.
        let code = unsafe { get_schema(&mut stream, &mut schema) };
        if code != 0 {
            return Err(failed(&mut stream, code));
        }
        let data_type = DataType::try_from(&schema).map_err(arrow_error)?;
        let mut arrays = Vec::new();
        loop {
            let mut array = FFI_ArrowArray::empty();
            // SAFETY: the stream is valid and `array` an empty struct for it to fill.
            let code = unsafe { get_next(&mut stream, &mut array) };
            if code != 0 {
                return Err(failed(&mut stream, code));
            }
            if array.is_released() {
                break;
            }
            // SAFETY: the stream gave `array` of the stream's schema, `data_type`; the data is
            // validated in full below before any use.
            let data =
                unsafe { from_ffi_and_data_type(array, data_type.clone()) }.map_err(arrow_error)?;
            data.validate_full().map_err(arrow_error)?;
            arrays.push(make_array(data));
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
