//! Helpers shared by the kernel tests: the input layouts and reading string columns back.

use std::sync::Arc;

use weburl_arrow::arrow_array::{Array, ArrayRef, LargeStringArray, StringArray, StringViewArray};

/// The input in each layout: `Utf8`, `LargeUtf8`, `Utf8View`, and two chunks of those.
pub fn layouts(values: &[Option<&str>]) -> Vec<(&'static str, Vec<ArrayRef>)> {
    let refs = values.to_vec();
    let half = refs.len() / 2;
    vec![
        (
            "utf8",
            vec![Arc::new(StringArray::from(refs.clone())) as ArrayRef],
        ),
        (
            "large",
            vec![Arc::new(LargeStringArray::from(refs.clone())) as ArrayRef],
        ),
        (
            "view",
            vec![Arc::new(StringViewArray::from(refs.clone())) as ArrayRef],
        ),
        (
            "chunks",
            vec![
                Arc::new(StringViewArray::from(refs[..half].to_vec())) as ArrayRef,
                Arc::new(StringArray::from(refs[half..].to_vec())) as ArrayRef,
            ],
        ),
    ]
}

/// The strings of a string array of any of the three types.
pub fn texts(array: &dyn Array) -> Vec<Option<String>> {
    let any = array.as_any();
    let owned = |v: Option<&str>| v.map(str::to_owned);
    if let Some(a) = any.downcast_ref::<StringArray>() {
        a.iter().map(owned).collect()
    } else if let Some(a) = any.downcast_ref::<LargeStringArray>() {
        a.iter().map(owned).collect()
    } else if let Some(a) = any.downcast_ref::<StringViewArray>() {
        a.iter().map(owned).collect()
    } else {
        panic!("not strings: {}", array.data_type())
    }
}
