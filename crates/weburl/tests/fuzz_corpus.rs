//! The fuzz targets' properties (`fuzz/src/lib.rs`, shared with the libFuzzer targets), run on
//! stable Rust over the committed, coverage-minimized seed sets (`fuzz/seeds/`) and every input
//! that a fuzzer ever crashed on (`fuzz/regressions/`), so that CI checks them without a
//! fuzzer. The working corpora a fuzzer grows (`fuzz/corpus/`, not in git) are not read here:
//! the fuzzer checks the same properties on them as it runs.

#[path = "../../../fuzz/src/lib.rs"]
mod checks;

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
    let n = run("parse", |data| {
        checks::check_parse(&String::from_utf8_lossy(data), None)
    });
    assert!(n > 500, "{n} inputs");
}

#[test]
fn parse_with_base_corpus() {
    let n = run("parse_with_base", |data| {
        let parts = checks::split(data, 2);
        if let Ok(base) = weburl::Url::parse(&parts[0]) {
            checks::check_parse(&parts[1], Some(&base));
        }
    });
    assert!(n > 100, "{n} inputs");
}

#[test]
fn setters_corpus() {
    let n = run("setters", |data| {
        if let Some((&which, rest)) = data.split_first() {
            let parts = checks::split(rest, 2);
            checks::check_setter(&parts[0], which, &parts[1]);
        }
    });
    assert!(n > 100, "{n} inputs");
}

#[test]
fn search_params_corpus() {
    let n = run("search_params", |data| {
        checks::check_search_params(&String::from_utf8_lossy(data))
    });
    assert!(n > 10, "{n} inputs");
}

#[test]
fn host_corpus() {
    let n = run("host", |data| {
        checks::check_host(&String::from_utf8_lossy(data))
    });
    assert!(n > 100, "{n} inputs");
}

#[test]
fn validation_corpus() {
    let bases: Vec<weburl::Url> = [
        "https://example.org/a/b?q#f",
        "file:///C:/dir/",
        "sc://h/p",
        "mailto:x",
    ]
    .iter()
    .map(|b| weburl::Url::parse(b).expect("base parses"))
    .collect();
    let n = run("validation", |data| {
        if let Some((&which, rest)) = data.split_first() {
            let base = bases.get(usize::from(which) % (bases.len() + 1));
            checks::check_parse(&String::from_utf8_lossy(rest), base);
        }
    });
    assert!(n > 100, "{n} inputs");
}

#[cfg(feature = "legacy")]
#[test]
fn legacy_corpus() {
    let n = run("legacy", |data| {
        if let Some((&which, rest)) = data.split_first() {
            let parts = checks::split(rest, 2);
            checks::check_legacy(which, &parts[0], &parts[1]);
        }
    });
    assert!(n > 200, "{n} inputs");
}

#[cfg(feature = "document")]
#[test]
fn links_corpus() {
    let n = run("links", |data| {
        if let Some((&kind, rest)) = data.split_first() {
            checks::check_links(rest, kind & 1 == 1);
        }
    });
    assert!(n > 10, "{n} inputs");
}
