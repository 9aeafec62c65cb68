//! URL patterns' `compare_component` and `generate` (no panic; the order antisymmetric,
//! reflexive and transitive; the strict `generate` within the loose one).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::targets::pattern_compare_generate(data));
