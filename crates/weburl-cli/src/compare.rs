//! `weburl compare`: how each engine (the URL Standard and the algorithms it grew from) reads
//! the same input, side by side, host disagreements first.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;
use weburl::encoding_rs::Encoding;
use weburl::legacy::Engine;

use crate::driver::{self, Process, RunArgs, Sink};
use crate::input::{self, SourceArgs};
use crate::report::{self, RED, RESET, YELLOW};

/// The layout, examples and exit status shown at the end of `weburl compare --help`.
pub const EXAMPLES: &str = r#"Report:
  One block per input: the input; one row per engine, indented by two spaces, in
  aligned columns
    <mark> <engine>  <host>  <href, or "error: <reason>">
  then a summary line and an empty line. <host> is the host the engine found, without
  userinfo or port: "(none)" when the URL has no authority, "(empty)" when it has an empty
  one, "-" when the engine failed. Each row is compared with the URL Standard's (whatwg),
  and the rows are ordered by what differs: first the engines whose host differs, marked
  "!" (the disagreements that matter for security: one parser checks one host, another
  connects to a different one), then those that failed where whatwg did not, marked "x",
  then those whose href alone differs, marked "~", then those that agree, whatwg first.
  The summary names each differing engine once, under its worse difference ("hosts
  differ: ...; engine failed: ...; hrefs differ: ..."), or says "all engines agree". On a
  terminal, differing hosts are red and bold, failures and differing hrefs yellow (not
  with NO_COLOR).
  With --json, one object per input:
    {"input", "base", "results": [{"engine", "href", "host", "error", "difference"}],
     "hosts_agree", "hrefs_agree", "host_differs"}
  where "results" are in the order whatwg, html5-2011, web-addresses-2009, rfc3986,
  rfc1808; "href" and "host" are null when the engine failed ("host" also when the URL
  has no authority), "error" is there only when it failed, and "difference" is "host",
  "failed", "href" or "same". "hosts_agree" and "hrefs_agree" compare exactly (case and
  failures included); "host_differs" is true when some engine found another host (the
  exit status rule).
  With --verify, the run stops after the first input that fails (by the exit status rule).

  Hosts are compared ignoring ASCII case when whatwg's URL is special (the URL Standard
  lowercases its domain or IP address) and the other engine's spec says hosts are
  case-insensitive, as all four do: RFC 3986 (section 3.2.2), RFC 1808 (its hosts are
  domain names and IP addresses), and the HTML drafts, which take the host of RFC 3986. An
  opaque host (sc://EXAMPLE) keeps its case in the URL Standard and is compared exactly.
  Other spellings still count as different hosts: html5-2011 and web-addresses-2009 map
  hosts by IDNA2003 (faß.de is fass.de where whatwg, by UTS #46, has xn--fa-hia.de);
  rfc3986 and rfc1808 do not map them at all. Read such a difference as "these parsers
  disagree here", and look.

Examples:
  $ weburl compare 'http://evil.example\@good.example/'
  http://evil.example\@good.example/
    ! html5-2011          good.example  http://evil.example/@good.example/
    ! web-addresses-2009  good.example  http://evil.example/@good.example/
    ! rfc1808             good.example  http://evil.example\@good.example/
    x rfc3986             -             error: the input does not match the grammar at byte 19
      whatwg              evil.example  http://evil.example/@good.example/
    hosts differ: html5-2011, web-addresses-2009, rfc1808; engine failed: rfc3986

  $ weburl compare --base 'http://a/b/c/d;p?q' 'g;x?y#s' ';x'
  g;x?y#s
      whatwg              a  http://a/b/c/g;x?y#s
      html5-2011          a  http://a/b/c/g;x?y#s
      web-addresses-2009  a  http://a/b/c/g;x?y#s
      rfc3986             a  http://a/b/c/g;x?y#s
      rfc1808             a  http://a/b/c/g;x?y#s
    all engines agree

  ;x
    ~ rfc1808             a  http://a/b/c/d;x
      whatwg              a  http://a/b/c/;x
      html5-2011          a  http://a/b/c/;x
      web-addresses-2009  a  http://a/b/c/;x
      rfc3986             a  http://a/b/c/;x
    hrefs differ: rfc1808

  $ weburl compare --json 'mailto:x@example.org'
  {"input":"mailto:x@example.org","base":null,"results":[{"engine":"whatwg","href":"mailto:x@example.org","host":null,"difference":"same"},{"engine":"html5-2011","href":"mailto:x@example.org","host":null,"difference":"same"},{"engine":"web-addresses-2009","href":"mailto:x@example.org","host":null,"difference":"same"},{"engine":"rfc3986","href":"mailto:x@example.org","host":null,"difference":"same"},{"engine":"rfc1808","href":"mailto:x@example.org","host":null,"difference":"same"}],"hosts_agree":true,"hrefs_agree":true,"host_differs":false}

Exit status: 0 when no engine finds another host than whatwg on any input, 1 when one does
(with --strict: when any engine's host or href differs at all, or it fails where whatwg
does not), or an input is not UTF-8, or reading or writing failed; 2 on a usage error (a
base URL that does not parse, an unknown encoding label, ...)."#;

/// Options of `weburl compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The inputs (URLs, or references with --base); `-` reads one per line from standard
    /// input, which is also what happens when no input (and no --url-file) is given
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,

    /// Resolve every input against this URL, given to each engine as written (it must parse
    /// as a URL by the URL Standard)
    #[arg(long, value_name = "URL")]
    base: Option<String>,

    /// The document's encoding, a WHATWG encoding label (default UTF-8); the whatwg,
    /// html5-2011 and web-addresses-2009 engines encode the query in it
    #[arg(long, value_name = "LABEL", value_parser = input::encoding_label)]
    encoding: Option<&'static Encoding>,

    /// Print one JSON object per input: {"input", "base", "results": [{"engine", "href",
    /// "host", "error" (only when it failed), "difference"}], "hosts_agree", "hrefs_agree",
    /// "host_differs"}
    #[arg(long)]
    json: bool,

    /// Exit with status 1 when any engine's host or href differs at all from the URL
    /// Standard's (in ASCII case too, or because it failed), rather than only for a real host
    /// difference
    #[arg(long)]
    strict: bool,

    #[command(flatten)]
    source: SourceArgs,

    #[command(flatten)]
    run: RunArgs,
}

/// One engine's reading of one input.
#[derive(Debug, PartialEq, Eq, Serialize)]
struct Row {
    engine: &'static str,
    /// `None` when the engine failed.
    href: Option<String>,
    /// `None` when the engine failed or the URL has no authority.
    host: Option<String>,
    /// Why the engine failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// How the row differs from the URL Standard's (set once every engine has run).
    difference: Difference,
    /// Whether the engine's spec reads hosts ASCII case-insensitively (see
    /// [`case_insensitive_hosts`]).
    #[serde(skip)]
    case_insensitive: bool,
}

impl Row {
    /// What the host column shows.
    fn host_cell(&self) -> &str {
        match (&self.host, &self.error) {
            (_, Some(_)) => "-",
            (Some(host), None) if host.is_empty() => "(empty)",
            (Some(host), None) => host,
            (None, None) => "(none)",
        }
    }
}

/// How a row differs from the URL Standard's, worst first (the order rows are shown in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
enum Difference {
    /// The host differs (the href then does too): a real disagreement on where the URL
    /// leads.
    Host,
    /// The engine failed where the URL Standard did not.
    Failed,
    /// The host is the same (ignoring ASCII case where both specs allow), the href differs.
    Href,
    /// The same host and href (or both engines failed).
    Same,
}

/// Whether `engine`'s spec says hosts are ASCII case-insensitive, so that a host it writes in
/// another case than the URL Standard's names the same host. RFC 3986 says so of every host
/// (§3.2.2); RFC 1808's hosts are RFC 1738's domain names and IP addresses, which are
/// case-insensitive (RFC 4343); HTML5 (2011) and the 2009 draft resolve to RFC 3986 URIs and
/// take their host from it. The URL Standard itself lowercases domains and IP addresses
/// (the hosts of special URLs), and keeps an opaque host's case: only a special URL's host is
/// compared ignoring case.
fn case_insensitive_hosts(engine: Engine) -> bool {
    match engine {
        Engine::Whatwg => false,
        Engine::Html5_2011 | Engine::WebAddresses2009 | Engine::Rfc3986 | Engine::Rfc1808 => true,
    }
}

/// Every engine's reading of one input, in the order of [`Engine::ALL`] (whatwg first).
#[derive(Debug)]
struct Comparison {
    rows: Vec<Row>,
    /// Whether the URL Standard's URL is special (its host then a domain or an IP address).
    whatwg_special: bool,
}

impl Comparison {
    /// Runs every engine on `input`.
    fn new(input: &str, base: Option<&str>, encoding: Option<&'static Encoding>) -> Comparison {
        debug_assert_eq!(Engine::ALL[0], Engine::Whatwg);
        let rows = Engine::ALL
            .iter()
            .map(|&engine| match engine.resolve(input, base, encoding) {
                Ok(resolved) => Row {
                    engine: engine.name(),
                    host: resolved.host().map(str::to_owned),
                    href: Some(resolved.into_href()),
                    error: None,
                    difference: Difference::Same,
                    case_insensitive: case_insensitive_hosts(engine),
                },
                Err(e) => Row {
                    engine: engine.name(),
                    href: None,
                    host: None,
                    error: Some(e.to_string()),
                    difference: Difference::Same,
                    case_insensitive: case_insensitive_hosts(engine),
                },
            })
            .collect();
        let mut comparison = Comparison {
            rows,
            whatwg_special: false,
        };
        comparison.whatwg_special = (comparison.rows[0].href.as_deref())
            .and_then(|href| weburl::Url::parse(href).ok())
            .is_some_and(|url| url.is_special());
        for i in 0..comparison.rows.len() {
            comparison.rows[i].difference = comparison.difference(&comparison.rows[i]);
        }
        comparison
    }

    /// How `row` differs from the URL Standard's row.
    fn difference(&self, row: &Row) -> Difference {
        let whatwg = &self.rows[0];
        let same_host = match (&row.host, &whatwg.host) {
            (Some(host), Some(whatwg_host)) if self.whatwg_special && row.case_insensitive => {
                host.eq_ignore_ascii_case(whatwg_host)
            }
            (host, whatwg_host) => host == whatwg_host,
        };
        if row.error.is_some() && whatwg.error.is_none() {
            Difference::Failed
        } else if !same_host {
            Difference::Host
        } else if row.href != whatwg.href {
            Difference::Href
        } else {
            Difference::Same
        }
    }

    /// Whether some engine found another host than the URL Standard's (case aside where both
    /// specs allow): what the exit status reports.
    fn host_differs(&self) -> bool {
        self.rows
            .iter()
            .any(|row| row.difference == Difference::Host)
    }

    /// Whether every engine found the URL Standard's host (or failed as it did).
    fn hosts_agree(&self) -> bool {
        self.rows.iter().all(|row| row.host == self.rows[0].host)
    }

    /// Whether every engine found the URL Standard's href (or failed as it did).
    fn hrefs_agree(&self) -> bool {
        self.rows.iter().all(|row| row.href == self.rows[0].href)
    }

    /// The engines whose worst difference is `difference`, in engine order.
    fn engines_differing_by(&self, difference: Difference) -> Vec<&'static str> {
        (self.rows.iter())
            .filter(|row| row.difference == difference)
            .map(|row| row.engine)
            .collect()
    }
}

/// `--json`'s object for one input.
#[derive(Serialize)]
struct JsonReport<'a> {
    input: &'a str,
    base: Option<&'a str>,
    results: &'a [Row],
    hosts_agree: bool,
    hrefs_agree: bool,
    host_differs: bool,
}

/// Every engine's reading of `input` as `--json` reports it (without the last two
/// arguments' echo, `input` and `base`, which the caller has): what `weburl serve` shows.
#[cfg(feature = "serve")]
pub fn json_report(
    input: &str,
    base: Option<&str>,
    encoding: Option<&'static Encoding>,
) -> serde_json::Value {
    let comparison = Comparison::new(input, base, encoding);
    let report = JsonReport {
        input,
        base,
        results: &comparison.rows,
        hosts_agree: comparison.hosts_agree(),
        hrefs_agree: comparison.hrefs_agree(),
        host_differs: comparison.host_differs(),
    };
    // Strings, nulls and booleans only: serializing cannot fail.
    serde_json::to_value(report).unwrap_or_default()
}

/// Appends the table for one input to `out` (see [`EXAMPLES`] for the layout).
fn render_table(input: &str, comparison: &Comparison, color: bool, out: &mut Vec<u8>) {
    let paint = |code: &'static str| {
        if color && !code.is_empty() {
            (code, RESET)
        } else {
            ("", "")
        }
    };
    let engine_width = (Engine::ALL.iter().map(|e| e.name().len()))
        .max()
        .unwrap_or(0);
    let host_width = (comparison.rows.iter())
        .map(|row| row.host_cell().chars().count())
        .max()
        .unwrap_or(0);
    let mut rows: Vec<(Difference, &Row)> = (comparison.rows.iter())
        .map(|row| (row.difference, row))
        .collect();
    // Stable: engine order within each group, so whatwg leads the agreeing rows.
    rows.sort_by_key(|&(difference, _)| difference);

    let _ = writeln!(out, "{input}");
    for (difference, row) in rows {
        let (mark, (row_on, row_off)) = match difference {
            Difference::Host => ('!', paint(RED)),
            Difference::Failed => ('x', paint(YELLOW)),
            Difference::Href => ('~', paint(YELLOW)),
            Difference::Same => (' ', paint("")),
        };
        let (host_on, host_off) = if difference == Difference::Host {
            paint(RED)
        } else {
            paint("")
        };
        let (href_on, href_off) = if difference == Difference::Same {
            paint("")
        } else {
            paint(YELLOW)
        };
        let host = row.host_cell();
        let host_pad = host_width - host.chars().count();
        let _ = write!(
            out,
            "  {row_on}{mark} {:engine_width$}{row_off}  {host_on}{host}{host_off}{:host_pad$}  \
             {href_on}",
            row.engine, ""
        );
        match (&row.href, &row.error) {
            (_, Some(error)) => {
                let _ = write!(out, "error: {error}");
            }
            (Some(href), None) => out.extend_from_slice(href.as_bytes()),
            (None, None) => {}
        }
        let _ = writeln!(out, "{href_off}");
    }

    let mut summary = Vec::new();
    for (difference, label, code) in [
        (Difference::Host, "hosts differ", RED),
        (Difference::Failed, "engine failed", YELLOW),
        (Difference::Href, "hrefs differ", YELLOW),
    ] {
        let engines = comparison.engines_differing_by(difference);
        if !engines.is_empty() {
            let (on, off) = paint(code);
            summary.push(format!("{on}{label}{off}: {}", engines.join(", ")));
        }
    }
    if summary.is_empty() {
        summary.push("all engines agree".to_owned());
    }
    let _ = writeln!(out, "  {}\n", summary.join("; "));
}

/// How reports are printed.
#[derive(Clone, Copy, Debug)]
enum Style {
    /// The aligned table, coloured or not.
    Table { color: bool },
    /// `--json`: one object per input.
    Json,
}

/// The `compare` run over every input.
struct Compare<'a> {
    base: Option<&'a str>,
    encoding: Option<&'static Encoding>,
    style: Style,
    /// `--strict`: any difference is a failure.
    strict: bool,
}

impl Process for Compare<'_> {
    fn process(&self, input: &str, sink: &mut Sink) {
        let comparison = Comparison::new(input, self.base, self.encoding);
        let (hosts_agree, hrefs_agree) = (comparison.hosts_agree(), comparison.hrefs_agree());
        let out = sink.out();
        match self.style {
            Style::Json => {
                let report = JsonReport {
                    input,
                    base: self.base,
                    results: &comparison.rows,
                    hosts_agree,
                    hrefs_agree,
                    host_differs: comparison.host_differs(),
                };
                // Strings, nulls and booleans only: serializing into a `Vec` cannot fail.
                let _ = serde_json::to_writer(&mut *out, &report);
                out.push(b'\n');
            }
            Style::Table { color } => render_table(input, &comparison, color, out),
        }
        // A disagreement is what this command reports, like a finding of `validate`: a real
        // host difference, or with --strict any difference.
        let failed = if self.strict {
            !(hosts_agree && hrefs_agree)
        } else {
            comparison.host_differs()
        };
        if failed {
            sink.fail_quietly();
        }
    }
}

/// Runs `weburl compare`.
pub fn run(args: CompareArgs) -> ExitCode {
    if let Some(base) = &args.base {
        input::parse_base(base, "--base <URL>", false);
    }
    let style = if args.json {
        Style::Json
    } else {
        Style::Table {
            color: report::stdout_color(),
        }
    };
    let compare = Compare {
        base: args.base.as_deref(),
        encoding: args.encoding,
        style,
        strict: args.strict,
    };
    driver::run_process(&compare, args.inputs, &args.source, &args.run)
}

#[cfg(test)]
mod tests {
    use super::{Comparison, Difference, render_table};

    fn table(input: &str, base: Option<&str>, color: bool) -> String {
        let mut out = Vec::new();
        render_table(input, &Comparison::new(input, base, None), color, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn differences_are_ranked_against_whatwg() {
        let c = Comparison::new("g\\h", Some("http://a/b/c/d;p?q"), None);
        let differences: Vec<_> = c.rows.iter().map(|row| c.difference(row)).collect();
        // whatwg reads `\` as `/`; the 2011 and 2009 texts escape it; RFC 3986 rejects it
        // (a failure, not another host); RFC 1808 copies it.
        assert_eq!(
            differences,
            [
                Difference::Same,
                Difference::Href,
                Difference::Href,
                Difference::Failed,
                Difference::Href,
            ]
        );
        assert!(!c.hosts_agree() && !c.hrefs_agree() && !c.host_differs());
        assert_eq!(
            table("g\\h", Some("http://a/b/c/d;p?q"), false),
            "g\\h\n\
             \x20 x rfc3986             -  error: the input does not match the grammar at byte 1\n\
             \x20 ~ html5-2011          a  http://a/b/c/g%5Ch\n\
             \x20 ~ web-addresses-2009  a  http://a/b/c/g%5Ch\n\
             \x20 ~ rfc1808             a  http://a/b/c/g\\h\n\
             \x20   whatwg              a  http://a/b/c/g/h\n\
             \x20 engine failed: rfc3986; hrefs differ: html5-2011, web-addresses-2009, rfc1808\n\n"
        );
    }

    #[test]
    fn failing_like_whatwg_is_agreeing() {
        // No base: every engine but RFC 1808 rejects a relative reference; RFC 1808 returns
        // it as it is, without a host, as whatwg has none: only the href differs.
        let c = Comparison::new("g", None, None);
        assert!(c.hosts_agree() && !c.hrefs_agree());
        assert_eq!(
            table("g", None, false),
            "g\n\
             \x20 ~ rfc1808             (none)  g\n\
             \x20   whatwg              -       error: relative URL without a base (no scheme, and \
             no usable base URL)\n\
             \x20   html5-2011          -       error: relative reference without a base URL\n\
             \x20   web-addresses-2009  -       error: relative reference without a base URL\n\
             \x20   rfc3986             -       error: relative reference without a base URL\n\
             \x20 hrefs differ: rfc1808\n\n"
        );
    }

    #[test]
    fn colour_marks_what_differs() {
        assert_eq!(
            table("g\\h", Some("http://a/b/c/d;p?q"), true),
            "g\\h\n\
             \x20 \x1b[33mx rfc3986           \x1b[0m  -  \x1b[33merror: the input \
             does not match the grammar at byte 1\x1b[0m\n\
             \x20 \x1b[33m~ html5-2011        \x1b[0m  a  \x1b[33mhttp://a/b/c/g%5Ch\x1b[0m\n\
             \x20 \x1b[33m~ web-addresses-2009\x1b[0m  a  \x1b[33mhttp://a/b/c/g%5Ch\x1b[0m\n\
             \x20 \x1b[33m~ rfc1808           \x1b[0m  a  \x1b[33mhttp://a/b/c/g\\h\x1b[0m\n\
             \x20   whatwg              a  http://a/b/c/g/h\n\
             \x20 \x1b[33mengine failed\x1b[0m: rfc3986; \x1b[33mhrefs differ\x1b[0m: html5-2011, \
             web-addresses-2009, rfc1808\n\n"
        );
    }

    #[test]
    fn case_only_differences_are_href_differences_for_special_urls() {
        let c = Comparison::new("http://EXAMPLE.com/", None, None);
        let differences: Vec<_> = c.rows.iter().map(|row| row.difference).collect();
        assert_eq!(
            differences,
            [
                Difference::Same,
                Difference::Href,
                Difference::Href,
                Difference::Href,
                Difference::Href,
            ]
        );
        assert!(!c.hosts_agree() && !c.host_differs());
        // Non-ASCII case is not ASCII case: faß.de is xn--fa-hia.de to whatwg, fass.de to
        // IDNA2003.
        let c = Comparison::new("http://FASS.de/", None, None);
        assert!(!c.host_differs());
        let c = Comparison::new("http://faß.de/", None, None);
        assert_eq!(c.rows[1].difference, Difference::Host);
        assert!(c.host_differs());
    }

    #[test]
    fn an_empty_host_is_shown_as_such() {
        assert_eq!(
            table("file:///x", None, false),
            "file:///x\n\
             \x20   whatwg              (empty)  file:///x\n\
             \x20   html5-2011          (empty)  file:///x\n\
             \x20   web-addresses-2009  (empty)  file:///x\n\
             \x20   rfc3986             (empty)  file:///x\n\
             \x20   rfc1808             (empty)  file:///x\n\
             \x20 all engines agree\n\n"
        );
    }
}
