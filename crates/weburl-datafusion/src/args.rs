//! Reading the string arguments of a call, whatever their Arrow type and whether they are
//! arrays or scalars, row by row without copying.

use datafusion::arrow::array::{Array, LargeStringArray, StringArray, StringViewArray};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{Result, ScalarValue, exec_err};
use datafusion::logical_expr::ColumnarValue;

/// One string argument: an array of any of Arrow's three string layouts, or a scalar.
pub(crate) enum Strings<'a> {
    Utf8(&'a StringArray),
    Large(&'a LargeStringArray),
    View(&'a StringViewArray),
    Scalar(Option<&'a str>),
}

impl<'a> Strings<'a> {
    /// The argument `value` (named `what` in errors).
    pub(crate) fn new(value: &'a ColumnarValue, what: &str) -> Result<Strings<'a>> {
        Ok(match value {
            ColumnarValue::Array(array) => match array.data_type() {
                DataType::Utf8 => Strings::Utf8(downcast(array.as_ref(), what)?),
                DataType::LargeUtf8 => Strings::Large(downcast(array.as_ref(), what)?),
                DataType::Utf8View => Strings::View(downcast(array.as_ref(), what)?),
                DataType::Null => Strings::Scalar(None),
                other => return exec_err!("{what} must be a string, not {other}"),
            },
            ColumnarValue::Scalar(scalar) => match scalar {
                ScalarValue::Utf8(s) | ScalarValue::LargeUtf8(s) | ScalarValue::Utf8View(s) => {
                    Strings::Scalar(s.as_deref())
                }
                ScalarValue::Null => Strings::Scalar(None),
                other => return exec_err!("{what} must be a string, not {}", other.data_type()),
            },
        })
    }

    /// Row `i` (a scalar gives the same value for every row); `None` for null.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<&'a str> {
        match self {
            Strings::Utf8(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Large(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::View(a) => a.is_valid(i).then(|| a.value(i)),
            Strings::Scalar(s) => *s,
        }
    }

    /// Whether every row has the same value (a scalar).
    pub(crate) fn is_scalar(&self) -> bool {
        matches!(self, Strings::Scalar(_))
    }

    /// For a `Utf8` array: the array, whose value buffer output views may point into.
    pub(crate) fn utf8_array(&self) -> Option<&'a StringArray> {
        match self {
            Strings::Utf8(a) => Some(a),
            _ => None,
        }
    }
}

fn downcast<'a, T: 'static>(array: &'a dyn Array, what: &str) -> Result<&'a T> {
    match array.as_any().downcast_ref::<T>() {
        Some(a) => Ok(a),
        None => exec_err!("{what}: unexpected array layout"),
    }
}

/// The number of rows of a call: that of its first array argument, else `number_rows`.
pub(crate) fn rows(args: &[ColumnarValue], number_rows: usize) -> usize {
    args.iter()
        .find_map(|a| match a {
            ColumnarValue::Array(a) => Some(a.len()),
            ColumnarValue::Scalar(_) => None,
        })
        .unwrap_or(number_rows)
}

/// Whether every argument is a scalar: the result is then a scalar too.
pub(crate) fn all_scalar(args: &[ColumnarValue]) -> bool {
    args.iter().all(|a| matches!(a, ColumnarValue::Scalar(_)))
}
