//! Compiles ada's URLPattern (C++) for `weburl-bench pattern` and tests/urlpattern_ada.rs:
//! the `ada-url` crate's amalgamation (`deps/ada.cpp`, the version in Cargo.lock) a second
//! time, with URL patterns on, its namespace renamed and its C API cut off, plus the C shim
//! `src/ada_pattern_shim.cpp` (which says why and how). Always `-O2`, without debug info, so
//! that debug builds and tests time ada as shipped and compile it once.
//!
//! The amalgamation is found in Cargo's registry (`$CARGO_HOME/registry/src/*/ada-url-X/`),
//! or in the directory `WEBURL_BENCH_ADA_DEPS` names (one holding `ada.h` and `ada.cpp`).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

/// Where ada's C API starts in the amalgamation: everything from here on is cut.
const C_API_MARKER: &str = "/* begin file src/ada_c.cpp */";

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/ada_pattern_shim.cpp");
    println!("cargo:rerun-if-env-changed=WEBURL_BENCH_ADA_DEPS");

    let deps = ada_deps(&manifest);
    let amalgamation = deps.join("ada.cpp");
    println!("cargo:rerun-if-changed={}", amalgamation.display());
    let text = fs::read_to_string(&amalgamation)
        .unwrap_or_else(|e| panic!("{}: {e}", amalgamation.display()));
    let cut = text.find(C_API_MARKER).unwrap_or_else(|| {
        panic!(
            "{}: no {C_API_MARKER:?}: cannot leave out ada's C API",
            amalgamation.display()
        )
    });
    fs::write(out.join("ada_without_c_api.cpp"), &text[..cut]).expect("write to OUT_DIR");

    cc::Build::new()
        .cpp(true)
        .std("c++20")
        .file(manifest.join("src/ada_pattern_shim.cpp"))
        .include(&out)
        .include(&deps)
        .opt_level(2)
        .debug(false)
        .define("NDEBUG", None)
        .warnings(false)
        .flag_if_supported("-w")
        .compile("weburl_bench_ada_pattern");
}

/// The directory of ada's amalgamation that the `ada-url` crate in Cargo.lock ships.
fn ada_deps(manifest: &Path) -> PathBuf {
    if let Some(dir) = env::var_os("WEBURL_BENCH_ADA_DEPS") {
        return PathBuf::from(dir);
    }
    let lock_file = manifest.join("../../Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_file.display());
    let lock =
        fs::read_to_string(&lock_file).unwrap_or_else(|e| panic!("{}: {e}", lock_file.display()));
    let version = lock
        .split("[[package]]")
        .find_map(|package| {
            let mut lines = package.lines().map(str::trim);
            lines.find(|l| *l == "name = \"ada-url\"")?;
            let v = lines.find_map(|l| l.strip_prefix("version = \""))?;
            Some(v.trim_end_matches('"').to_owned())
        })
        .expect("Cargo.lock has no ada-url package");
    let cargo_home = env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env::var_os("HOME").expect("HOME or CARGO_HOME")).join(".cargo")
        });
    let registry = cargo_home.join("registry/src");
    let found = fs::read_dir(&registry).ok().and_then(|entries| {
        entries
            .filter_map(Result::ok)
            .map(|e| e.path().join(format!("ada-url-{version}/deps")))
            .find(|d| d.join("ada.cpp").is_file())
    });
    found.unwrap_or_else(|| {
        panic!(
            "ada-url {version}'s deps/ada.cpp is not under {} (run `cargo fetch`, or set \
             WEBURL_BENCH_ADA_DEPS to a directory with ada.h and ada.cpp)",
            registry.display()
        )
    })
}
