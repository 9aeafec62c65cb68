//! URL patterns: the tokenizer, both parsers, canonicalization and matching (no panic,
//! `test` == `exec`, the part-list matcher == the regular expression, the set == `exec`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::targets::pattern(data));
