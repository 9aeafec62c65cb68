//! The WHATWG URL Standard behind the common interface of [`Engine`](super::Engine): this is
//! [`crate::Url`], the modern algorithm every browser follows.
//!
//! ```
//! use weburl::legacy::whatwg;
//! let url = whatwg::resolve("../x?é", Some("http://a/b/c"), Some(encoding_rs::WINDOWS_1252)).unwrap();
//! assert_eq!(url.href(), "http://a/x?%E9");
//! ```

use encoding_rs::Encoding;

use super::LegacyError;
use crate::Url;

/// Parses `input` against `base` (parsed first; a base that fails to parse is
/// [`LegacyError::InvalidBase`]) with the query encoded in `encoding` (`None`: UTF-8).
///
/// ```
/// use weburl::legacy::{whatwg, LegacyError};
/// assert_eq!(whatwg::resolve("//g", Some("http://a/b/c/d"), None).unwrap().href(), "http://g/");
/// assert!(matches!(whatwg::resolve("g", None, None), Err(LegacyError::Whatwg(_))));
/// ```
pub fn resolve(
    input: &str,
    base: Option<&str>,
    encoding: Option<&'static Encoding>,
) -> Result<Url, LegacyError> {
    let base = match base {
        Some(b) => Some(Url::parse(b).map_err(|_| LegacyError::InvalidBase)?),
        None => None,
    };
    Url::options()
        .base(base.as_ref())
        .encoding(encoding.unwrap_or(encoding_rs::UTF_8))
        .parse(input)
        .map_err(LegacyError::Whatwg)
}
