//! The result of the functions of `weburl.arrow`: an Arrow array exported through the Arrow
//! PyCapsule interface, readable as Python objects without any Arrow library.

use std::fmt::Write as _;

use arrow_array::{
    Array, ArrayRef, BooleanArray, LargeStringArray, ListArray, StringArray, StringViewArray,
    StructArray,
};
use arrow_schema::DataType;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict, PyList};

use crate::ffi;

/// An Arrow array returned by the functions of ``weburl.arrow``. It exports the Arrow
/// PyCapsule interface (``__arrow_c_array__``, ``__arrow_c_schema__``), so
/// ``pyarrow.array(result)``, ``polars.Series(result)`` and the like take it without a
/// copy; ``to_pylist()`` gives Python objects without any Arrow library. Its exported field
/// is named after what it holds (:attr:`name`), so that polars names a Series of it.
///
/// >>> import weburl.arrow
/// >>> result = weburl.arrow.can_parse(["https://a.example/"])
/// >>> len(result), result.type, result.name, result.to_pylist()
/// (1, 'bool', 'can_parse', [True])
#[pyclass(name = "Array", module = "weburl.arrow", frozen)]
pub struct PyArrowArray {
    pub(crate) array: ArrayRef,
    /// The field name it exports.
    pub(crate) name: &'static str,
}

#[pymethods]
impl PyArrowArray {
    /// The Arrow PyCapsule interface: the schema and array capsules (``requested_schema``
    /// is ignored, as the interface allows).
    ///
    /// >>> import weburl.arrow
    /// >>> schema, array = weburl.arrow.can_parse(["x"]).__arrow_c_array__()
    /// >>> type(schema).__name__
    /// 'PyCapsule'
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyCapsule>, Bound<'py, PyCapsule>)> {
        let _ = requested_schema;
        ffi::export(py, &self.array, self.name)
    }

    /// The Arrow PyCapsule interface: the schema capsule of the array's type.
    ///
    /// >>> import weburl.arrow
    /// >>> type(weburl.arrow.can_parse(["x"]).__arrow_c_schema__()).__name__
    /// 'PyCapsule'
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        ffi::export_schema(py, &self.array, self.name)
    }

    fn __len__(&self) -> usize {
        self.array.len()
    }

    /// The name of the exported field: the component's for :func:`component`, else the
    /// function's (``'parse'``, ``'normalize'``, ``'can_parse'``, ``'public_suffix'``,
    /// ``'registrable_domain'``, ``'error_name'``).
    ///
    /// >>> import weburl.arrow
    /// >>> weburl.arrow.component(["https://a.example/"], "hostname").name
    /// 'hostname'
    /// >>> weburl.arrow.registrable_domain(["https://a.example/"]).name
    /// 'registrable_domain'
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    /// The Arrow type, as text: ``'utf8'``, ``'bool'``, or ``'struct<href: string_view, ...>'``.
    ///
    /// >>> import weburl.arrow
    /// >>> weburl.arrow.component(["https://a.example/"], "host").type
    /// 'utf8'
    #[getter]
    fn r#type(&self) -> String {
        type_name(self.array.data_type())
    }

    /// The values as Python objects: str, bool, a dict for a struct row, None for a null.
    ///
    /// >>> import weburl.arrow
    /// >>> weburl.arrow.component(["https://a.example/", None], "host").to_pylist()
    /// ['a.example', None]
    fn to_pylist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        to_pylist(py, &self.array)
    }

    fn __repr__(&self) -> String {
        format!(
            "<weburl.arrow.Array name={} type={} len={}>",
            self.name,
            type_name(self.array.data_type()),
            self.array.len()
        )
    }
}

/// A short name of an Arrow type, in pyarrow's spelling.
fn type_name(data_type: &DataType) -> String {
    match data_type {
        DataType::Utf8 => "utf8".into(),
        DataType::LargeUtf8 => "large_utf8".into(),
        DataType::Utf8View => "string_view".into(),
        DataType::Boolean => "bool".into(),
        DataType::Struct(fields) => {
            let mut out = String::from("struct<");
            for (i, f) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{}: {}", f.name(), type_name(f.data_type()));
            }
            out.push('>');
            out
        }
        other => other.to_string(),
    }
}

/// The values of `array` as Python objects.
fn to_pylist<'py>(py: Python<'py>, array: &ArrayRef) -> PyResult<Bound<'py, PyList>> {
    let any = array.as_any();
    if let Some(a) = any.downcast_ref::<StringArray>() {
        return PyList::new(py, a.iter());
    }
    if let Some(a) = any.downcast_ref::<LargeStringArray>() {
        return PyList::new(py, a.iter());
    }
    if let Some(a) = any.downcast_ref::<StringViewArray>() {
        return PyList::new(py, a.iter());
    }
    if let Some(a) = any.downcast_ref::<BooleanArray>() {
        return PyList::new(py, a.iter());
    }
    if let Some(a) = any.downcast_ref::<StructArray>() {
        let columns: Vec<Bound<'py, PyList>> = a
            .columns()
            .iter()
            .map(|c| to_pylist(py, c))
            .collect::<PyResult<_>>()?;
        let names = a.column_names();
        let mut rows = Vec::with_capacity(a.len());
        for row in 0..a.len() {
            if a.is_null(row) {
                rows.push(py.None().into_bound(py));
                continue;
            }
            let dict = PyDict::new(py);
            for (name, column) in names.iter().zip(&columns) {
                dict.set_item(*name, column.get_item(row)?)?;
            }
            rows.push(dict.into_any());
        }
        return PyList::new(py, rows);
    }
    if let Some(a) = any.downcast_ref::<ListArray>() {
        let values = to_pylist(py, a.values())?;
        let offsets = a.value_offsets();
        let mut rows = Vec::with_capacity(a.len());
        for row in 0..a.len() {
            if a.is_null(row) {
                rows.push(py.None().into_bound(py));
                continue;
            }
            let (start, end) = (offsets[row], offsets[row + 1]);
            let slice = values.get_slice(
                usize::try_from(start).unwrap_or_default(),
                usize::try_from(end).unwrap_or_default(),
            );
            rows.push(slice.into_any());
        }
        return PyList::new(py, rows);
    }
    Err(PyTypeError::new_err(format!(
        "to_pylist: unsupported type {}",
        array.data_type()
    )))
}
