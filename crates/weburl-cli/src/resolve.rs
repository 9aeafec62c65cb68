//! `weburl resolve --base URL [REF]...` and its short form `weburl join BASE [REF]...`: resolve
//! references against a base URL, as a browser resolves links.

use std::process::ExitCode;

use clap::Args;

use crate::driver::{self, CommonArgs, Job};
use crate::input;
use crate::output::Output;

/// Examples shown at the end of `weburl resolve --help`.
pub const RESOLVE_EXAMPLES: &str = "\
Examples:
  $ weburl resolve --base 'https://example.com/docs/guide/' '../api?q=1' '/x' '//cdn.example/y'
  https://example.com/docs/api?q=1
  https://example.com/x
  https://cdn.example/y

  $ printf 'a.png\\n../b.css\\n' | weburl resolve --base 'https://example.com/s/page'
  https://example.com/s/a.png
  https://example.com/b.css

Exit status: 0 when every reference resolved, 1 when some did not, 2 on a usage error
(including a base that does not parse).";

/// Examples shown at the end of `weburl join --help`.
pub const JOIN_EXAMPLES: &str = "\
Examples:
  $ weburl join 'https://example.com/a/b' 'c' '../d?x#y'
  https://example.com/a/c
  https://example.com/d?x#y

Exit status: 0 when every reference resolved, 1 when some did not, 2 on a usage error
(including a base that does not parse).";

/// Arguments of `weburl resolve`.
#[derive(Args, Debug)]
pub struct ResolveArgs {
    /// The base URL (it must itself parse)
    #[arg(long, value_name = "URL")]
    base: String,

    /// The references to resolve; `-` reads one per line from standard input, which is also
    /// what happens when none (and no --url-file) is given
    #[arg(value_name = "REF")]
    refs: Vec<String>,

    #[command(flatten)]
    common: CommonArgs,
}

/// Arguments of `weburl join`.
#[derive(Args, Debug)]
pub struct JoinArgs {
    /// The base URL (it must itself parse)
    #[arg(value_name = "BASE")]
    base: String,

    /// The references to resolve; `-` reads one per line from standard input, which is also
    /// what happens when none (and no --url-file) is given
    #[arg(value_name = "REF")]
    refs: Vec<String>,

    #[command(flatten)]
    common: CommonArgs,
}

/// Runs `weburl resolve`.
pub fn run_resolve(args: ResolveArgs) -> ExitCode {
    run(&args.base, "--base <URL>", args.refs, &args.common)
}

/// Runs `weburl join`.
pub fn run_join(args: JoinArgs) -> ExitCode {
    run(&args.base, "<BASE>", args.refs, &args.common)
}

/// Resolves `refs` (and the other inputs) against `base`.
fn run(base: &str, arg: &str, refs: Vec<String>, common: &CommonArgs) -> ExitCode {
    let base = input::parse_base(base, arg, common.input.guess_scheme);
    let output = Output::from_args(&common.output);
    let job = Job {
        base: Some(&base),
        guess_scheme: common.input.guess_scheme,
        accept_space: common.output.trurl.accept_space,
        iterate: &common.input.iterate,
        transform: None,
        output: &output,
        blank_failures: common.output.blank_failures,
    };
    driver::run(&job, refs, common)
}
