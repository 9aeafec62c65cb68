//! Opaque hosts: the hosts of non-special URLs.
//!
//! <https://url.spec.whatwg.org/#concept-opaque-host-parser>

use super::{HostError, is_forbidden_host_code_point};
use crate::percent::{EncodeSet, encode_into};
use crate::validation_error::Reporter;

/// The [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser), appending
/// the host to `out`.
pub(crate) fn parse_into(
    out: &mut String,
    input: &str,
    report: &mut Reporter<'_>,
    offset: usize,
) -> Result<(), HostError> {
    // 1. A forbidden host code point is failure.
    if let Some(b) = input.bytes().find(|&b| is_forbidden_host_code_point(b)) {
        return Err(HostError::ForbiddenHostCodePoint(b as char));
    }
    // 2.-3. A code point that is not a URL code point, and a bad percent-encoding: at most one
    // validation error for each.
    report.check_url_units_once(input, offset);
    // 4. UTF-8 percent-encode with the C0 control percent-encode set.
    encode_into(out, input, EncodeSet::C0_CONTROL);
    Ok(())
}
