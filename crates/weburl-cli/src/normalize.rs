//! `weburl normalize`: the spec's serialization, or further normalization for deduplication.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use weburl::Url;

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

/// The last path segments `--drop-index` drops.
pub const INDEX_FILES: [&str; 5] = [
    "index.html",
    "index.htm",
    "index.php",
    "default.asp",
    "default.aspx",
];

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
        iterate: &args.common.input.iterate,
        transform: if dedup_profile { Some(&dedup) } else { None },
        output: &output,
        blank_failures: args.common.output.blank_failures,
    };
    driver::run(&job, args.urls, &args.common)
}

/// The `dedup` profile: `url` normalized further (see [`EXAMPLES`]), parsed again.
pub fn dedup(url: &Url, drop_index: bool) -> Result<Url, String> {
    let href = url.href();
    let path = url.pathname();
    let query_len = url.query().map_or(0, |q| q.len() + 1);
    let fragment_len = url.fragment().map_or(0, |f| f.len() + 1);
    // The scheme, credentials, host and port (and the "/." before a hostless path that
    // starts with "//"): everything before the path.
    let head = &href[..href.len() - fragment_len - query_len - path.len()];

    let mut out = String::with_capacity(href.len());
    push_normalized_percent(&mut out, head);
    let path_start = out.len();
    push_normalized_percent(&mut out, path);
    if drop_index
        && !url.has_opaque_path()
        && let Some(slash) = out[path_start..].rfind('/')
    {
        let last = &out[path_start + slash + 1..];
        if INDEX_FILES.iter().any(|f| f.eq_ignore_ascii_case(last)) {
            out.truncate(path_start + slash + 1);
        }
    }
    if let Some(query) = url.query() {
        let mut normalized = String::with_capacity(query.len());
        push_normalized_percent(&mut normalized, query);
        let sorted = sort_query(&normalized);
        if !sorted.is_empty() {
            out.push('?');
            out.push_str(&sorted);
        }
    }
    if let Some(fragment) = url.fragment().filter(|f| !f.is_empty()) {
        out.push('#');
        push_normalized_percent(&mut out, fragment);
    }
    // Only percent-encodings of unreserved characters were decoded, none of which any
    // percent-encode set holds, so the result parses back to itself.
    Url::parse(&out).map_err(|e| format!("the normalized URL {out} does not parse: {e}"))
}

/// Whether `b` is an unreserved character (RFC 3986): ALPHA DIGIT - . _ ~.
fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// The value of an ASCII hex digit.
fn hex_value(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// Appends `text` to `out` with every percent-encoded byte normalized: decoded when it is an
/// unreserved character, with uppercase hex digits otherwise. A `%` not followed by two hex
/// digits is kept as it is.
pub fn push_normalized_percent(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    while let Some(found) = bytes[i..].iter().position(|&b| b == b'%') {
        let at = i + found;
        let (Some(high), Some(low)) = (
            bytes.get(at + 1).copied().and_then(hex_value),
            bytes.get(at + 2).copied().and_then(hex_value),
        ) else {
            i = at + 1;
            continue;
        };
        out.push_str(&text[copied..at]);
        let byte = high << 4 | low;
        if is_unreserved(byte) {
            out.push(byte as char);
        } else {
            out.push('%');
            out.push(bytes[at + 1].to_ascii_uppercase() as char);
            out.push(bytes[at + 2].to_ascii_uppercase() as char);
        }
        i = at + 3;
        copied = i;
    }
    out.push_str(&text[copied..]);
}

/// The query's `&`-separated parameters, empty ones dropped, sorted by name then value
/// (bytewise; a parameter without `=` before one with an empty value; stable), joined by `&`.
pub fn sort_query(query: &str) -> String {
    let mut params: Vec<(&str, Option<&str>)> = query
        .split('&')
        .filter(|param| !param.is_empty())
        .map(|param| match param.split_once('=') {
            Some((name, value)) => (name, Some(value)),
            None => (param, None),
        })
        .collect();
    params.sort();
    let mut out = String::with_capacity(query.len());
    for (name, value) in params {
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(name);
        if let Some(value) = value {
            out.push('=');
            out.push_str(value);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{dedup, push_normalized_percent, sort_query};
    use weburl::Url;

    fn normalized(text: &str) -> String {
        let mut out = String::new();
        push_normalized_percent(&mut out, text);
        out
    }

    fn d(url: &str, drop_index: bool) -> String {
        dedup(&Url::parse(url).unwrap(), drop_index)
            .unwrap()
            .href()
            .to_owned()
    }

    #[test]
    fn percent_encodings() {
        assert_eq!(normalized("%7e%41%2f%2F%e2%80%bd"), "~A%2F%2F%E2%80%BD");
        assert_eq!(normalized("%%4%zz%4"), "%%4%zz%4");
        assert_eq!(normalized("a%2d%2E%5f%5F%30b"), "a-.__0b");
        assert_eq!(normalized(""), "");
        assert_eq!(normalized("%"), "%");
    }

    #[test]
    fn query_sorting() {
        assert_eq!(sort_query("b=2&a=1&&a&a=&c"), "a&a=&a=1&b=2&c");
        assert_eq!(sort_query("&&"), "");
        assert_eq!(sort_query("x=2&x=1"), "x=1&x=2");
    }

    #[test]
    fn dedup_profile() {
        assert_eq!(
            d(
                "http://u%7e:p%2f@example.com/%7euser/a%2fb?b=2&a=1&#",
                false
            ),
            "http://u~:p%2F@example.com/~user/a%2Fb?a=1&b=2"
        );
        assert_eq!(d("http://a/?&#x", false), "http://a/#x");
        assert_eq!(d("http://a/b/INDEX.HTML?x", true), "http://a/b/?x");
        assert_eq!(
            d("http://a/b/INDEX.HTML?x", false),
            "http://a/b/INDEX.HTML?x"
        );
        assert_eq!(d("http://a/index.php/x", true), "http://a/index.php/x");
        assert_eq!(d("mailto:A%7e@b?%2fz", true), "mailto:A~@b?%2Fz");
        assert_eq!(
            d("web+demo:/.//not-a-host/%61", false),
            "web+demo:/.//not-a-host/a"
        );
        assert_eq!(d("sc://h%61st/", false), "sc://hast/");
    }
}
