//! The validation path: offsets inside the input, same result as without a callback, and a
//! valid URL string meets no validation error (against a fixed set of bases).
#![no_main]
use std::sync::OnceLock;

static BASES: OnceLock<Vec<weburl::Url>> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let bases = BASES.get_or_init(|| {
        [
            "https://example.org/a/b?q#f",
            "file:///C:/dir/",
            "sc://h/p",
            "mailto:x",
        ]
        .iter()
        .map(|b| weburl::Url::parse(b).expect("base parses"))
        .collect()
    });
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let input = String::from_utf8_lossy(rest);
    let base = bases.get(usize::from(which) % (bases.len() + 1));
    weburl_fuzz::check_parse(&input, base);
});
