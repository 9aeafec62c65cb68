//! `weburl parse`: parse URLs and print their serialization, components, or a template.

use std::process::ExitCode;

use clap::Args;

use crate::driver::{self, CommonArgs, Job};
use crate::input;
use crate::output::Output;

/// Examples shown at the end of `weburl parse --help`.
pub const EXAMPLES: &str = "\
Examples:
  $ weburl parse 'HTTPS://EXAMPLE.com:443/a/./b/../c?q#f'
  https://example.com/a/c?q#f

  $ weburl parse --base 'http://example.com/a/b' '../c?x#y' 'd'
  http://example.com/c?x#y
  http://example.com/a/d

  $ printf 'http://a/b\\nhttp://[::1]:80/\\n' | weburl parse
  http://a/b
  http://[::1]/

  $ weburl parse --json 'http://user@example.com:8080/p?q#f'
  {\"href\":\"http://user@example.com:8080/p?q#f\",\"origin\":\"http://example.com:8080\",...}

  $ weburl parse --get '{hostname} {default:port} {query:id}' 'https://example.com/?id=7'
  example.com 443 7

  $ weburl parse --guess-scheme --get '{idn:host}' 'xn--fa-hia.example/x'
  faß.example

  $ weburl parse --iterate 'scheme=http https' --iterate 'port=80 8080' 'ws://h/'
  http://h/
  http://h:8080/
  https://h:80/
  https://h:8080/

  $ weburl parse --diagram 'https://example.com/a?q'
  https://example.com/a?q
  ^^^^^^                   protocol 0..6
          ^^^^^^^^^^^      hostname 8..19
                     ^^    pathname 19..21
                       ^^  search   21..23

  $ weburl parse 'http://example.com:99999/'
  error: http://example.com:99999/: the port is greater than 65535

Exit status: 0 when every input parsed, 1 when some did not, 2 on a usage error.";

/// Arguments of `weburl parse`.
#[derive(Args, Debug)]
pub struct ParseArgs {
    /// Resolve every input against this URL (it must itself parse)
    #[arg(long, value_name = "URL")]
    base: Option<String>,

    /// The URLs to parse; `-` reads one per line from standard input, which is also what
    /// happens when no URL (and no --url-file) is given
    #[arg(value_name = "URL")]
    urls: Vec<String>,

    #[command(flatten)]
    common: CommonArgs,
}

/// Runs `weburl parse`.
pub fn run(args: ParseArgs) -> ExitCode {
    let guess_scheme = args.common.input.guess_scheme;
    let base =
        (args.base.as_deref()).map(|base| input::parse_base(base, "--base <URL>", guess_scheme));
    let output = Output::from_args(&args.common.output);
    let job = Job {
        base: base.as_ref(),
        guess_scheme: args.common.input.guess_scheme,
        accept_space: args.common.output.trurl.accept_space,
        iterate: &args.common.input.iterate,
        transform: None,
        output: &output,
        blank_failures: args.common.output.blank_failures,
    };
    driver::run(&job, args.urls, &args.common)
}
