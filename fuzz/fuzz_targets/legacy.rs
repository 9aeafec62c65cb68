//! The historical engines: no panic, and an engine's output resolves again to itself.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let parts = weburl_fuzz::split(rest, 2);
    weburl_fuzz::check_legacy(which, &parts[0], &parts[1]);
});
