//! `parse_url(url, part [, key])` over Arrow columns: Spark's answers (see [`crate::spark`])
//! as `Utf8View`. Every answer is a slice of the input, so a long one is a view into the
//! input's buffer.

use datafusion::arrow::array::ArrayRef;
use datafusion::common::{Result, exec_err};
use weburl_arrow::rows::Slice;
use weburl_arrow::{Output, Strings};

use crate::spark::{SparkError, parse_url_checked};

/// The column of answers for the arguments `url`, `part` and, optionally, `key`. A key that
/// Spark would refuse, or whose Java syntax is not emulated, is the query's error.
pub(crate) fn parse_url(args: &[Strings<'_>]) -> Result<ArrayRef> {
    let (urls, parts, keys) = (&args[0], &args[1], args.get(2));
    let mut error = None;
    let array = weburl_arrow::map_rows(urls, Output::Utf8View, |i, url| {
        let (url, part) = (url?, parts.get(i)?);
        let key = match keys {
            Some(keys) => Some(keys.get(i)?),
            None => None,
        };
        match parse_url_checked(url, part, key) {
            Ok(answer) => answer.map(|text| slice_of(url, text)),
            // Java throws NumberFormatException, which Spark does not catch: a query here goes
            // on past the row instead.
            Err(SparkError::UriNumberFormat) => None,
            Err(e) => {
                error.get_or_insert((e, key.unwrap_or_default().to_owned()));
                None
            }
        }
    });
    match error {
        Some((SparkError::UnsupportedKeyPattern, key)) => exec_err!(
            "parse_url: the key {key:?} uses Java regular-expression syntax that is not \
             emulated (lookaround, back references, flags, \\p{{..}}, ...)"
        ),
        Some((_, key)) => exec_err!(
            "parse_url: the key {key:?} makes an invalid regular expression, as Spark would \
             report"
        ),
        None => Ok(array),
    }
}

/// `text`, an answer of [`parse_url_checked`], as the part of `url` it is.
fn slice_of<'a>(url: &'a str, text: std::borrow::Cow<'a, str>) -> Slice<'a> {
    let text = match text {
        std::borrow::Cow::Owned(text) => return Slice::Owned(text),
        std::borrow::Cow::Borrowed(text) => text,
    };
    // Where in `url` the borrowed answer is (checked, not assumed).
    let start = (text.as_ptr() as usize).wrapping_sub(url.as_ptr() as usize);
    match url.get(start..start.wrapping_add(text.len())) {
        Some(found) if found.as_ptr() == text.as_ptr() => {
            Slice::Input(url, start..start + text.len())
        }
        _ => Slice::Owned(text.to_owned()),
    }
}
