//! Every setter: the URL stays one that re-parses to itself, and setters are idempotent.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::targets::setters(data));
