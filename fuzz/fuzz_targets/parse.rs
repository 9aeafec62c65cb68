//! Parse without a base: every entry point agrees, and the URL re-parses to itself.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let input = String::from_utf8_lossy(data);
    weburl_fuzz::check_parse(&input, None);
});
