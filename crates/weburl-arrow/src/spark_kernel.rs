//! The column kernel of Spark SQL's `parse_url` (feature `spark`), over the row function
//! [`rows::spark_parse_url`] and the rules of [`crate::spark`].

use arrow_array::ArrayRef;

use crate::rows;
use crate::{KernelError, Output, Strings, map_rows};

/// Spark SQL's `parse_url(url, part [, key])` of each row (`keys: None`: the two-argument
/// form), as `output`: the raw part that `java.net.URI` reads (`HOST`, `PATH`, `QUERY`,
/// `REF`, `PROTOCOL`, `FILE`, `AUTHORITY`, `USERINFO`, case-sensitive), or with a key the value
/// Spark's unquoted regular expression `(&|^)KEY=([^&]*)` finds in the query. Every answer is
/// a part of the row's text, so a `Utf8View` answer is a view into the input. Null where an
/// argument is null and where Spark answers NULL ([`rows::spark_parse_url`]); a key Spark
/// would refuse, or whose Java syntax is not emulated, is [`KernelError::SparkKey`].
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray, StringViewArray};
/// use weburl_arrow::{Output, Strings, spark_parse_url};
/// let urls = StringArray::from(vec![Some("http://h/p?a=1&b=2"), Some("http://h/a b"), None]);
/// let urls = Strings::try_new(&urls)?;
/// let b = spark_parse_url(&urls, &Strings::scalar(Some("QUERY"), 3), Some(&Strings::scalar(Some("b"), 3)), Output::Utf8View)?;
/// let b = b.as_any().downcast_ref::<StringViewArray>().unwrap();
/// assert_eq!(b.iter().collect::<Vec<_>>(), [Some("2"), None, None]);
/// let bad = spark_parse_url(&urls, &Strings::scalar(Some("QUERY"), 3), Some(&Strings::scalar(Some("("), 3)), Output::Utf8);
/// assert_eq!(bad.unwrap_err().to_string(), r#"the key "(" makes an invalid regular expression, as Spark would report"#);
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
pub fn spark_parse_url(
    urls: &Strings<'_>,
    parts: &Strings<'_>,
    keys: Option<&Strings<'_>>,
    output: Output,
) -> Result<ArrayRef, KernelError> {
    let mut error = None;
    let array = map_rows(urls, output, |i, url| {
        let (url, part) = (url?, parts.get(i)?);
        let key = match keys {
            Some(keys) => Some(keys.get(i)?),
            None => None,
        };
        match rows::spark_parse_url(url, part, key) {
            Ok(answer) => answer,
            Err(e) => {
                error.get_or_insert(e);
                None
            }
        }
    });
    error.map_or(Ok(array), Err)
}
