//! The document link extractor (HTML and XML): no panic, sane positions, URLs that re-parse,
//! and the same links however the input is split into reads.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::targets::links(data));
