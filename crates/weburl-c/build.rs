//! The shared library's soname, `libweburl.so.0`: a program linked against `libweburl.so`
//! records the soname, so that an ABI-compatible newer build (installed as
//! `libweburl.so.0.x.y`) replaces the library under it without a relink.

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" || target_os == "freebsd" || target_os == "android" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libweburl.so.0");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
