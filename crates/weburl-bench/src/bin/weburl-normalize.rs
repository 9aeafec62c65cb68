//! The bare-library line normalizer for weburl: `weburl parse` without the CLI around the
//! library (see `src/normalize.rs`). `weburl-bench cli` measures the CLI's overhead against it.

#[path = "../normalize.rs"]
mod normalize;

fn main() -> std::process::ExitCode {
    normalize::run(weburl::Url::parse, weburl::Url::href)
}
