//! A line normalizer on ada (the `ada-url` crate), built as `weburl parse` is (see
//! `src/normalize.rs`): stdin lines in, hrefs out.

#[path = "../normalize.rs"]
mod normalize;

fn main() -> std::process::ExitCode {
    normalize::run(
        |line| ada_url::Url::parse(line, None).map_err(|_| "invalid URL"),
        ada_url::Url::href,
    )
}
