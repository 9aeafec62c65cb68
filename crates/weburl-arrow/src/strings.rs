//! The string input of every kernel: one of Arrow's three string layouts, a scalar broadcast
//! to a length, or a sequence of such chunks, read row by row as `Option<&str>`.

use arrow_array::{
    Array, ArrayRef, GenericStringArray, LargeStringArray, OffsetSizeTrait, StringArray,
    StringViewArray,
};
use arrow_buffer::Buffer;
use arrow_schema::DataType;

use crate::KernelError;

/// A column of strings: an Arrow `Utf8`, `LargeUtf8` or `Utf8View` array, a scalar repeated
/// `len` times, or chunks of those read one after the other. Null rows read as `None`.
///
/// ```
/// use std::sync::Arc;
/// use weburl_arrow::Strings;
/// use weburl_arrow::arrow_array::{ArrayRef, StringArray};
/// let array: ArrayRef = Arc::new(StringArray::from(vec![Some("https://a.example/"), None]));
/// let strings = Strings::try_new(array.as_ref()).unwrap();
/// assert_eq!(strings.iter().collect::<Vec<_>>(), [Some("https://a.example/"), None]);
/// assert_eq!(Strings::scalar(Some("x"), 3).get(2), Some("x"));
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Strings<'a> {
    /// A `Utf8` array.
    Utf8(&'a StringArray),
    /// A `LargeUtf8` array.
    LargeUtf8(&'a LargeStringArray),
    /// A `Utf8View` array.
    Utf8View(&'a StringViewArray),
    /// One value (or null) for each of `len` rows.
    Scalar(Option<&'a str>, usize),
    /// Chunks read in order (never nested: [`Strings::chunks`] flattens them).
    Chunks(Vec<Strings<'a>>),
}

/// Where the bytes of a row are in the input's buffers: block (an index into
/// [`Strings::blocks`]) and offset.
pub(crate) type Location = Option<(u32, u32)>;

impl<'a> Strings<'a> {
    /// The strings of `array`: a `Utf8`, `LargeUtf8` or `Utf8View` array, or a `Null`-typed
    /// array (all null); any other type is [`KernelError::NotStrings`].
    ///
    /// ```
    /// use weburl_arrow::{KernelError, Strings};
    /// use weburl_arrow::arrow_array::{BooleanArray, NullArray};
    /// assert_eq!(Strings::try_new(&NullArray::new(2)).unwrap().get(0), None);
    /// assert!(matches!(Strings::try_new(&BooleanArray::from(vec![true])), Err(KernelError::NotStrings(_))));
    /// ```
    pub fn try_new(array: &'a dyn Array) -> Result<Self, KernelError> {
        let any = array.as_any();
        let found = match array.data_type() {
            DataType::Utf8 => any.downcast_ref().map(Strings::Utf8),
            DataType::LargeUtf8 => any.downcast_ref().map(Strings::LargeUtf8),
            DataType::Utf8View => any.downcast_ref().map(Strings::Utf8View),
            DataType::Null => Some(Strings::Scalar(None, array.len())),
            _ => None,
        };
        found.ok_or_else(|| KernelError::NotStrings(array.data_type().clone()))
    }

    /// The chunks `arrays` read one after the other (as a stream or a chunked column holds
    /// them), each as [`Strings::try_new`] reads it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use weburl_arrow::Strings;
    /// use weburl_arrow::arrow_array::{ArrayRef, LargeStringArray, StringArray};
    /// let arrays: Vec<ArrayRef> = vec![
    ///     Arc::new(StringArray::from(vec!["a"])),
    ///     Arc::new(LargeStringArray::from(vec![Some("b"), None])),
    /// ];
    /// let strings = Strings::chunks(&arrays).unwrap();
    /// assert_eq!(strings.len(), 3);
    /// assert_eq!(strings.get(1), Some("b"));
    /// ```
    pub fn chunks(arrays: &'a [ArrayRef]) -> Result<Self, KernelError> {
        let chunks = arrays
            .iter()
            .map(|a| Strings::try_new(a.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Strings::Chunks(chunks))
    }

    /// `value` (`None`: null) repeated for `len` rows, as a scalar argument is.
    ///
    /// ```
    /// let s = weburl_arrow::Strings::scalar(None, 2);
    /// assert_eq!((s.len(), s.get(1)), (2, None));
    /// ```
    #[must_use]
    pub fn scalar(value: Option<&'a str>, len: usize) -> Self {
        Strings::Scalar(value, len)
    }

    /// The number of rows.
    ///
    /// ```
    /// assert_eq!(weburl_arrow::Strings::scalar(Some("x"), 5).len(), 5);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Strings::Utf8(a) => a.len(),
            Strings::LargeUtf8(a) => a.len(),
            Strings::Utf8View(a) => a.len(),
            Strings::Scalar(_, len) => *len,
            Strings::Chunks(chunks) => chunks.iter().map(Strings::len).sum(),
        }
    }

    /// Whether there are no rows.
    ///
    /// ```
    /// assert!(weburl_arrow::Strings::scalar(Some("x"), 0).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether every row has the same value (a scalar).
    ///
    /// ```
    /// assert!(weburl_arrow::Strings::scalar(None, 1).is_scalar());
    /// ```
    #[must_use]
    pub fn is_scalar(&self) -> bool {
        matches!(self, Strings::Scalar(..))
    }

    /// Row `i` (`None` for a null, or past the end).
    ///
    /// ```
    /// let s = weburl_arrow::Strings::scalar(Some("x"), 1);
    /// assert_eq!((s.get(0), s.get(1)), (Some("x"), None));
    /// ```
    #[must_use]
    #[inline]
    pub fn get(&self, mut i: usize) -> Option<&'a str> {
        match self {
            Strings::Utf8(a) => (i < a.len() && a.is_valid(i)).then(|| a.value(i)),
            Strings::LargeUtf8(a) => (i < a.len() && a.is_valid(i)).then(|| a.value(i)),
            Strings::Utf8View(a) => (i < a.len() && a.is_valid(i)).then(|| a.value(i)),
            Strings::Scalar(value, len) => (i < *len).then_some(*value).flatten(),
            Strings::Chunks(chunks) => {
                for chunk in chunks {
                    if i < chunk.len() {
                        return chunk.get(i);
                    }
                    i -= chunk.len();
                }
                None
            }
        }
    }

    /// The rows in order.
    ///
    /// ```
    /// let s = weburl_arrow::Strings::scalar(Some("x"), 2);
    /// assert_eq!(s.iter().collect::<Vec<_>>(), [Some("x"), Some("x")]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Option<&'a str>> + '_ {
        self.leaves()
            .iter()
            .flat_map(|leaf| (0..leaf.len()).map(move |i| leaf.get(i)))
    }

    /// The chunks, or this one array.
    fn leaves(&self) -> &[Strings<'a>] {
        match self {
            Strings::Chunks(chunks) => chunks,
            other => std::slice::from_ref(other),
        }
    }

    /// About how many bytes the rows hold (a scalar's once).
    pub(crate) fn bytes(&self) -> usize {
        self.leaves()
            .iter()
            .map(|leaf| match leaf {
                Strings::Utf8(a) => a.value_data().len(),
                Strings::LargeUtf8(a) => a.value_data().len(),
                Strings::Utf8View(a) => a.total_buffer_bytes_used() + a.len() * 12,
                Strings::Scalar(value, _) => value.map_or(0, str::len),
                Strings::Chunks(_) => 0,
            })
            .sum()
    }

    /// The buffers that hold the rows' bytes, which output views may point into.
    pub(crate) fn blocks(&self) -> Vec<Buffer> {
        let mut blocks = Vec::new();
        for leaf in self.leaves() {
            match leaf {
                Strings::Utf8(a) => blocks.push(a.values().clone()),
                Strings::LargeUtf8(a) => blocks.push(a.values().clone()),
                Strings::Utf8View(a) => blocks.extend(a.data_buffers().iter().cloned()),
                Strings::Scalar(..) | Strings::Chunks(_) => {}
            }
        }
        blocks
    }

    /// Calls `f` with each row and where its bytes are in [`Strings::blocks`] (`None` for a
    /// scalar, and for a short view, whose bytes are inline).
    #[inline]
    pub(crate) fn for_each_located(&self, mut f: impl FnMut(Option<&'a str>, Location)) {
        let mut first_block = 0u32;
        for leaf in self.leaves() {
            match leaf {
                Strings::Utf8(a) => {
                    for_each_offset(a, first_block, &mut f);
                    first_block += 1;
                }
                Strings::LargeUtf8(a) => {
                    for_each_offset(a, first_block, &mut f);
                    first_block += 1;
                }
                Strings::Utf8View(a) => {
                    for (i, view) in a.views().iter().enumerate() {
                        let long = (*view as u32) > 12;
                        let at =
                            long.then(|| (first_block + (view >> 64) as u32, (view >> 96) as u32));
                        f(a.is_valid(i).then(|| a.value(i)), at);
                    }
                    first_block += a.data_buffers().len() as u32;
                }
                Strings::Scalar(value, len) => (0..*len).for_each(|_| f(*value, None)),
                Strings::Chunks(_) => {}
            }
        }
    }
}

/// Calls `f` with each row of `array` and where its bytes are in its value buffer, block
/// `block` (`None` past 4 GiB).
#[inline]
fn for_each_offset<'a, O: OffsetSizeTrait>(
    array: &'a GenericStringArray<O>,
    block: u32,
    f: &mut impl FnMut(Option<&'a str>, Location),
) {
    for (i, offset) in array.value_offsets()[..array.len()].iter().enumerate() {
        let at = offset.to_usize().and_then(|o| u32::try_from(o).ok());
        f(
            array.is_valid(i).then(|| array.value(i)),
            at.map(|o| (block, o)),
        );
    }
}
