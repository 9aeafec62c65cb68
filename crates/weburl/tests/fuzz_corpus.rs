//! The fuzz targets' properties (`weburl_testkit::checks`, shared with the libFuzzer
//! targets), run on stable Rust over the committed, coverage-minimized seed sets
//! (`fuzz/seeds/`) and every input that a fuzzer ever crashed on (`fuzz/regressions/`), so
//! that CI checks them without a fuzzer. The working corpora a fuzzer grows (`fuzz/corpus/`, not in git) are not read here:
//! the fuzzer checks the same properties on them as it runs.

use weburl_testkit::checks;

use std::path::Path;

/// Every file of `fuzz/<dir>/<target>/`, if the directory exists.
fn inputs(dir: &str, target: &str) -> Vec<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz")
        .join(dir)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&path) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    files.sort();
    // A fuzzer started on the seed directory may remove files as it reduces it.
    files
        .iter()
        .filter_map(|p| match std::fs::read(p) {
            Ok(data) => Some(data),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => panic!("{}: {e}", p.display()),
        })
        .collect()
}

/// Runs `check` over the seeds and regressions of `target`; returns how many inputs ran.
fn run(target: &str, check: impl Fn(&[u8])) -> usize {
    let all: Vec<Vec<u8>> = ["seeds", "regressions"]
        .iter()
        .flat_map(|d| inputs(d, target))
        .collect();
    for data in &all {
        check(data);
    }
    all.len()
}

#[test]
fn parse_corpus() {
    let n = run("parse", checks::targets::parse);
    assert!(n > 500, "{n} inputs");
}

#[test]
fn parse_with_base_corpus() {
    let n = run("parse_with_base", checks::targets::parse_with_base);
    assert!(n > 100, "{n} inputs");
}

#[test]
fn setters_corpus() {
    let n = run("setters", checks::targets::setters);
    assert!(n > 100, "{n} inputs");
}

#[test]
fn search_params_corpus() {
    let n = run("search_params", checks::targets::search_params);
    assert!(n > 10, "{n} inputs");
}

#[test]
fn host_corpus() {
    let n = run("host", checks::targets::host);
    assert!(n > 100, "{n} inputs");
}

#[test]
fn validation_corpus() {
    let n = run("validation", checks::targets::validation);
    assert!(n > 100, "{n} inputs");
}

#[cfg(feature = "legacy")]
#[test]
fn legacy_corpus() {
    let n = run("legacy", checks::targets::legacy);
    assert!(n > 200, "{n} inputs");
}

#[cfg(feature = "pattern")]
#[test]
fn pattern_corpus() {
    let n = run("pattern", checks::targets::pattern);
    assert!(n > 300, "{n} inputs");
}

#[cfg(feature = "pattern")]
#[test]
fn pattern_compare_generate_corpus() {
    let n = run(
        "pattern_compare_generate",
        checks::targets::pattern_compare_generate,
    );
    assert!(n > 40, "{n} inputs");
}

#[cfg(feature = "document")]
#[test]
fn links_corpus() {
    let n = run("links", checks::targets::links);
    assert!(n > 10, "{n} inputs");
}
