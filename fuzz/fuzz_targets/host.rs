//! The host parser (IDNA, IPv4, IPv6, opaque hosts): serialize-parse round trips.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::targets::host(data));
