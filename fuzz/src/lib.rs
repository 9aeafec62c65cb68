//! The fuzz targets' bodies: weburl-testkit's [`checks`](weburl_testkit::checks), which
//! weburl's `tests/fuzz_corpus.rs` runs too on stable Rust over `seeds/` and `regressions/`.

pub use weburl_testkit::checks::targets;
