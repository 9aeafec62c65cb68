//! application/x-www-form-urlencoded and SearchParams round trips.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    weburl_fuzz::check_search_params(&String::from_utf8_lossy(data));
});
