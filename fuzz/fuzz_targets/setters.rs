//! Every setter: the URL stays one that re-parses to itself, and setters are idempotent.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let parts = weburl_fuzz::split(rest, 2);
    weburl_fuzz::check_setter(&parts[0], which, &parts[1]);
});
