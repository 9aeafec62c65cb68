//! Parse against a base (the first part of the input, when it parses).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::targets::parse_with_base(data));
