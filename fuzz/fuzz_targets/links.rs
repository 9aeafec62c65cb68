//! The document link extractor (HTML and XML): no panic, sane positions, URLs that re-parse,
//! and the same links however the input is split into reads.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    weburl_fuzz::check_links(rest, kind & 1 == 1);
});
