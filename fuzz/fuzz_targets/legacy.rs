//! The historical engines: no panic, and an engine's output resolves again to itself.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::targets::legacy(data));
