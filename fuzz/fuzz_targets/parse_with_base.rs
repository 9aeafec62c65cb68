//! Parse against a base (the first part of the input, when it parses).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let parts = weburl_fuzz::split(data, 2);
    if let Ok(base) = weburl::Url::parse(&parts[0]) {
        weburl_fuzz::check_parse(&parts[1], Some(&base));
    }
});
