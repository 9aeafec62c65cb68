//! Parse without a base: every entry point agrees, and the URL re-parses to itself.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::targets::parse(data));
