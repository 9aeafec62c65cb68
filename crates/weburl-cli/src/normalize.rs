//! `weburl normalize`: the spec's serialization, or a canonical form: for deduplication,
//! w3lib's `canonicalize_url`, or the SURT key of the `surt` package.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use weburl::{Url, normalize};

use crate::driver::{self, CommonArgs, Job, Transform};
use crate::failure::Failure;
use crate::output::Output;
use crate::report;

/// Examples shown at the end of `weburl normalize --help`.
pub const EXAMPLES: &str = "\
Profiles (docs/NORMALIZE.md has every rule, and where the profiles depart from the Python
packages and why):
  spec    the URL Standard's serialization (the href), as `weburl parse` prints it
  dedup   also, for deduplication: percent-encodings with uppercase hex digits
          (%2f -> %2F); percent-encoded unreserved characters decoded (ALPHA DIGIT
          - . _ ~: %7E -> ~); the query's &-separated parameters sorted by name, then
          value (bytewise, stable; empty parameters dropped); an empty query (`?`)
          dropped; the fragment dropped (it never reaches the server; --keep-fragment
          keeps it); with --drop-index, a last path segment index.html, index.htm,
          index.php, default.asp or default.aspx (ASCII case-insensitive) dropped
  w3lib   the answer of Python w3lib's canonicalize_url (Scrapy's request fingerprints):
          the query's fields sorted, blank values kept (`a` -> `a=`), encoded as forms
          are (space as +); the path's escapes decoded but %25 %2F %3B %3F and encoded
          again; the fragment dropped
  surt    the SURT key of the `surt` package's surt() (Heritrix, the Wayback Machine, CDX
          indexes): the host's labels reversed and joined by ',' with a first www, www1...
          dropped; ':PORT' unless 80/443; ')'; the path and the query decoded repeatedly,
          lowercased, the query's arguments sorted; scheme, credentials, fragment and
          session ids dropped (--surt is short for --profile surt)

--strip-tracking (any profile) drops query parameters named utm_* or one of the click and
e-mail identifiers of weburl::normalize::TRACKING_PARAMETERS (fbclid, gclid, msclkid, ...).

Examples:
  $ weburl normalize 'HTTP://Example.COM:80/a/../b?'
  http://example.com/b?

  $ weburl normalize --profile dedup 'http://example.com/%7euser/a%2fb?b=2&a=1&#top'
  http://example.com/~user/a%2Fb?a=1&b=2

  $ weburl normalize --profile dedup --keep-fragment 'http://example.com/p?b&a#%7etop'
  http://example.com/p?a&b#~top

  $ weburl normalize --profile dedup --drop-index 'https://example.com/docs/index.html'
  https://example.com/docs/

  $ weburl normalize --profile w3lib 'http://www.example.com/do?c=3&b=5&b=2&a=50&d#top'
  http://www.example.com/do?a=50&b=2&b=5&c=3&d=

  $ weburl normalize --profile surt 'https://www.Example.com/Path?b=2&a=1'
  com,example)/path?a=1&b=2

  $ weburl normalize --profile w3lib --strip-tracking 'https://example.com/?utm_source=x&id=7&fbclid=y'
  https://example.com/?id=7

Exit status: 0 when every input parsed, 1 when some did not, 2 on a usage error.";

/// Normalization profiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Profile {
    /// The URL Standard's serialization
    Spec,
    /// Further normalization for deduplication (see below)
    Dedup,
    /// Python w3lib's canonicalize_url (see below)
    W3lib,
    /// The surt package's SURT key (see below)
    Surt,
}

impl Profile {
    /// The library's profile.
    fn library(self) -> normalize::Profile {
        match self {
            Profile::Spec => normalize::Profile::Spec,
            Profile::Dedup => normalize::Profile::Dedup,
            Profile::W3lib => normalize::Profile::W3lib,
            Profile::Surt => normalize::Profile::Surt,
        }
    }
}

/// Arguments of `weburl normalize`.
#[derive(Args, Debug)]
pub struct NormalizeArgs {
    /// How far to normalize
    #[arg(long, value_enum, default_value_t = Profile::Spec)]
    profile: Profile,

    /// With --profile dedup or surt: drop a last path segment that is a default index file
    /// (index.html, index.htm, index.php, default.asp, default.aspx)
    #[arg(long)]
    drop_index: bool,

    /// With --profile dedup: keep the fragment (dropped by default; spec always keeps it,
    /// w3lib and surt always drop it)
    #[arg(long)]
    keep_fragment: bool,

    /// Drop tracking query parameters (utm_*, fbclid, gclid, msclkid, ...), with any profile
    #[arg(long)]
    strip_tracking: bool,

    /// Print the SURT key web archives sort by: short for --profile surt
    #[arg(long, conflicts_with_all = ["get", "json", "diagram", "profile"])]
    surt: bool,

    /// The URLs; `-` reads one per line from standard input, which is also what happens
    /// when no URL (and no --url-file) is given
    #[arg(value_name = "URL")]
    urls: Vec<String>,

    #[command(flatten)]
    common: CommonArgs,
}

/// A URL-valued profile as a transform.
struct Normalize {
    profile: normalize::Profile,
    options: normalize::Options,
}

impl Transform for Normalize {
    fn apply(&self, url: &mut Url) -> Result<(), Failure> {
        *url = normalize::normalize(url, self.profile, &self.options).map_err(|e| {
            Failure::new(
                "normalize-failed",
                format!("the normalized URL of {url} does not parse: {e}"),
            )
        })?;
        Ok(())
    }
}

/// Runs `weburl normalize`.
pub fn run(args: NormalizeArgs) -> ExitCode {
    let profile = if args.surt {
        Profile::Surt
    } else {
        args.profile
    };
    if args.drop_index && !matches!(profile, Profile::Dedup | Profile::Surt) {
        report::usage_error("--drop-index needs --profile dedup or surt (or --surt)");
    }
    if args.keep_fragment && profile != Profile::Dedup {
        report::usage_error(
            "--keep-fragment needs --profile dedup (spec always keeps the fragment, w3lib and surt always drop it)",
        );
    }
    let surt = profile == Profile::Surt;
    if surt
        && (args.common.output.get.is_some()
            || args.common.output.json
            || args.common.output.diagram)
    {
        report::usage_error("--profile surt prints keys, not URLs: no --get, --json or --diagram");
    }
    let mut options = normalize::Options::default();
    options.drop_index = args.drop_index;
    options.keep_fragment = args.keep_fragment;
    options.strip_tracking = args.strip_tracking;
    let transform = Normalize {
        profile: profile.library(),
        options: options.clone(),
    };
    let output = Output::from_args(&args.common.output);
    // A key, or w3lib's text printed as it is: made from the URL without parsing it again.
    let text_only = surt || (profile == Profile::W3lib && matches!(output, Output::Href));
    let output = if text_only {
        Output::Canonical(profile.library(), options)
    } else {
        output
    };
    let identity = profile == Profile::Spec && !args.strip_tracking;
    let job = Job {
        base: None,
        guess_scheme: args.common.input.guess_scheme,
        accept_space: args.common.output.trurl.accept_space,
        iterate: &args.common.input.iterate,
        transform: if text_only || identity {
            None
        } else {
            Some(&transform)
        },
        output: &output,
        blank_failures: args.common.output.blank_failures,
    };
    driver::run(&job, args.urls, &args.common)
}
