//! `URL.canParse()`: whether input parses, without building the URL.

use encoding_rs::UTF_8;

use super::machine::Run;
use super::{fast_path, parse_general, with_tab_and_newline_removed};
use crate::lex::{scheme_len, trim_c0_control_or_space};
use crate::scratch;
use crate::url::Url;
use crate::validation_error::Reporter;

/// Whether `input` parses against `base`, without building the URL: a look at its scheme and
/// authority when they are plain, else the state machine up to the path start (nothing after
/// it can fail), writing scheme and host into a reused thread-local buffer. It allocates
/// nothing (once the thread's buffers have grown).
pub(crate) fn can_parse(input: &str, base: Option<&Url>) -> bool {
    match fast_path::quick_validity(input) {
        Some(valid) => valid,
        None => can_parse_general(input, base),
    }
}

/// `can_parse` through the state machine.
#[inline(never)]
fn can_parse_general(input: &str, base: Option<&Url>) -> bool {
    // An output this long could overflow the u32 offsets: let the full parser decide.
    if input.len() > (u32::MAX / 4) as usize {
        return parse_general(input, base, UTF_8, Reporter::disabled()).is_ok();
    }
    with_tab_and_newline_removed(trim_c0_control_or_space(input), |cleaned| {
        // Without a base, input without a scheme fails at once.
        if base.is_none() && scheme_len(cleaned.as_bytes()).is_none() {
            return false;
        }
        scratch::with(&scratch::OUTPUT, |out| {
            let mut run = Run::new(cleaned, base, std::mem::take(out), Reporter::disabled());
            run.validate_only = true;
            let ok = run.run().is_ok();
            *out = run.out;
            ok
        })
    })
}
