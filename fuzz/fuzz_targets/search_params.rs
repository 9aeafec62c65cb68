//! application/x-www-form-urlencoded and SearchParams round trips.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::targets::search_params(data));
