//! `weburl normalize`: the spec's serialization, or further normalization for deduplication.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use weburl::{Url, normalize};

use crate::driver::{self, CommonArgs, Failure, Job, Transform};
use crate::output::Output;
use crate::report;

/// Examples shown at the end of `weburl normalize --help`.
pub const EXAMPLES: &str = "\
Profiles:
  spec    the URL Standard's serialization (the href), as `weburl parse` prints it
  dedup   also, for deduplication: percent-encodings with uppercase hex digits
          (%2f -> %2F); percent-encoded unreserved characters decoded (ALPHA DIGIT
          - . _ ~: %7E -> ~); the query's &-separated parameters sorted by name, then
          value (bytewise, stable; empty parameters dropped); an empty query (`?`) or
          fragment (`#`) dropped; with --drop-index, a last path segment index.html,
          index.htm, index.php, default.asp or default.aspx (ASCII case-insensitive)
          dropped

SURT (--surt, implies --profile dedup), as web archives (Heritrix, surt-python) key URLs:
  the scheme, credentials and fragment dropped; the host's labels reversed and joined
  by ',' with a first label www, www1, www2... dropped (IP addresses are reversed too,
  as surt-python does); ':PORT' when the port is not the default; ')'; the path, without
  a trailing '/' unless it is just '/'; '?' and the query, sorted again after
  lowercasing. Everything is lowercased (percent-encodings too). A URL without a host
  prints as its lowercased href without fragment.

Examples:
  $ weburl normalize 'HTTP://Example.COM:80/a/../b?'
  http://example.com/b?

  $ weburl normalize --profile dedup 'http://example.com/%7euser/a%2fb?b=2&a=1&#'
  http://example.com/~user/a%2Fb?a=1&b=2

  $ weburl normalize --profile dedup --drop-index 'https://example.com/docs/index.html'
  https://example.com/docs/

  $ weburl normalize --surt 'https://www.Example.com/Path?b=2&a=1'
  com,example)/path?a=1&b=2

Exit status: 0 when every input parsed, 1 when some did not, 2 on a usage error.";

/// Normalization profiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Profile {
    /// The URL Standard's serialization
    Spec,
    /// Further normalization for deduplication (see below)
    Dedup,
}

/// Arguments of `weburl normalize`.
#[derive(Args, Debug)]
pub struct NormalizeArgs {
    /// How far to normalize
    #[arg(long, value_enum, default_value_t = Profile::Spec)]
    profile: Profile,

    /// With --profile dedup (or --surt): drop a last path segment that is a default index
    /// file (index.html, index.htm, index.php, default.asp, default.aspx)
    #[arg(long)]
    drop_index: bool,

    /// Print the SURT form web archives sort by (implies --profile dedup)
    #[arg(long, conflicts_with_all = ["get", "json", "diagram"])]
    surt: bool,

    /// The URLs; `-` reads one per line from standard input, which is also what happens
    /// when no URL (and no --url-file) is given
    #[arg(value_name = "URL")]
    urls: Vec<String>,

    #[command(flatten)]
    common: CommonArgs,
}

/// The `dedup` profile as a transform.
struct Dedup {
    drop_index: bool,
}

impl Transform for Dedup {
    fn apply(&self, url: &mut Url) -> Result<(), Failure> {
        *url = dedup(url, self.drop_index).map_err(|e| Failure::new("normalize-failed", e))?;
        Ok(())
    }
}

/// Runs `weburl normalize`.
pub fn run(args: NormalizeArgs) -> ExitCode {
    let dedup_profile = args.profile == Profile::Dedup || args.surt;
    if args.drop_index && !dedup_profile {
        report::usage_error("--drop-index needs --profile dedup or --surt");
    }
    let dedup = Dedup {
        drop_index: args.drop_index,
    };
    let output = if args.surt {
        Output::Surt
    } else {
        Output::from_args(&args.common.output)
    };
    let job = Job {
        base: None,
        guess_scheme: args.common.input.guess_scheme,
        accept_space: args.common.output.trurl.accept_space,
        iterate: &args.common.input.iterate,
        transform: if dedup_profile { Some(&dedup) } else { None },
        output: &output,
        blank_failures: args.common.output.blank_failures,
    };
    driver::run(&job, args.urls, &args.common)
}

/// The `dedup` profile: `url` normalized further (see [`EXAMPLES`] and
/// [`weburl::normalize`], which has the rules), parsed again.
pub fn dedup(url: &Url, drop_index: bool) -> Result<Url, String> {
    let mut options = normalize::Options::default();
    options.drop_index = drop_index;
    normalize::normalize(url, normalize::Profile::Dedup, &options)
        .map_err(|e| format!("the normalized URL of {url} does not parse: {e}"))
}
