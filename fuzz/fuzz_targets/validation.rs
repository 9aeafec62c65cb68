//! The validation path: offsets inside the input, same result as without a callback, and a
//! valid URL string meets no validation error (against a fixed set of bases).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::targets::validation(data));
