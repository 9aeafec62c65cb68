//! A line normalizer on the `url` crate, built as `weburl parse` is (see `src/normalize.rs`):
//! stdin lines in, hrefs out.

#[path = "../normalize.rs"]
mod normalize;

fn main() -> std::process::ExitCode {
    normalize::run(url::Url::parse, url::Url::as_str)
}
