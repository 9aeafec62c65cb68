//! `weburl compare`: how each engine (the URL Standard and the algorithms it grew from) reads
//! the same input, side by side, host disagreements first.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;
use weburl::encoding_rs::Encoding;
use weburl::legacy::Engine;

use crate::lines::LineReader;
use crate::report;

/// Examples shown at the end of `weburl compare --help`.
pub const EXAMPLES: &str = r#"Examples:
  $ weburl compare 'http://evil.example\@good.example/'
  http://evil.example\@good.example/
    ! html5-2011          host good.example             http://evil.example/@good.example/
    ! web-addresses-2009  host good.example             http://evil.example/@good.example/
    ! rfc3986             host -                        error: the input does not match the grammar at byte 19
    ! rfc1808             host good.example             http://evil.example\@good.example/
      whatwg              host evil.example             http://evil.example/@good.example/
    hosts differ: html5-2011, web-addresses-2009, rfc3986, rfc1808

One block per input: the input, then one row per engine (whatwg, html5-2011,
web-addresses-2009, rfc3986, rfc1808) with its host and href, or its error. Rows whose host
differs from the URL Standard's (whatwg) come first, marked "!"; then rows whose href differs,
marked "~"; then the rows that agree. A last line names the engines that differ. On a
terminal, host differences are red and href differences yellow (not with NO_COLOR).

The old engines serialize some hosts differently by design (IDNA2003 in html5-2011, no IDNA
in RFC 3986 and RFC 1808), so a host difference is a difference in what the strings say, not
always in where they lead: read it as "these parsers disagree about this input".

Exit status: 0 when every engine agrees on every input (href and host), 1 when any disagree,
2 for usage errors."#;

/// Options of `weburl compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The inputs (standard input, one per line, when there are none, or with "-").
    pub inputs: Vec<String>,

    /// A base URL to resolve the inputs against (given to every engine as text).
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,

    /// The document's encoding, for the engines that use one (a WHATWG encoding label).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,

    /// One JSON object per input.
    #[arg(long)]
    pub json: bool,
}

/// One engine's reading of one input.
#[derive(Serialize)]
struct Row {
    engine: &'static str,
    href: Option<String>,
    host: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// The JSON object for one input.
#[derive(Serialize)]
struct Comparison<'a> {
    input: &'a str,
    base: Option<&'a str>,
    results: &'a [Row],
    hosts_agree: bool,
    hrefs_agree: bool,
}

/// Runs every engine on `input`.
fn compare(input: &str, base: Option<&str>, encoding: Option<&'static Encoding>) -> Vec<Row> {
    Engine::ALL
        .iter()
        .map(|&engine| match engine.resolve(input, base, encoding) {
            Ok(r) => Row {
                engine: engine.name(),
                host: r.host().map(str::to_owned),
                href: Some(r.into_href()),
                error: None,
            },
            Err(e) => Row {
                engine: engine.name(),
                href: None,
                host: None,
                error: Some(e.to_string()),
            },
        })
        .collect()
}

/// Prints one input's block; returns whether all engines agreed.
fn print_block(out: &mut impl Write, input: &str, rows: &[Row], color: bool) -> io::Result<bool> {
    let whatwg = &rows[0];
    let host_differs =
        |r: &Row| r.host != whatwg.host || r.error.is_some() != whatwg.error.is_some();
    let href_differs = |r: &Row| r.href != whatwg.href;
    let mut order: Vec<&Row> = rows.iter().filter(|r| host_differs(r)).collect();
    order.extend(rows.iter().filter(|r| !host_differs(r) && href_differs(r)));
    order.extend(rows.iter().filter(|r| !host_differs(r) && !href_differs(r)));
    writeln!(out, "{input}")?;
    for row in &order {
        let (mark, paint) = if host_differs(row) {
            ("!", "\x1b[1;31m")
        } else if href_differs(row) {
            ("~", "\x1b[33m")
        } else {
            (" ", "")
        };
        let host = match (&row.host, &row.error) {
            (_, Some(_)) => "-".to_owned(),
            (Some(h), None) => h.clone(),
            (None, None) => "(none)".to_owned(),
        };
        let what = match (&row.href, &row.error) {
            (Some(href), _) => href.clone(),
            (None, Some(e)) => format!("error: {e}"),
            (None, None) => String::new(),
        };
        let line = format!("  {mark} {:<19} host {host:<24} {what}", row.engine);
        if color && !paint.is_empty() {
            writeln!(out, "{paint}{line}\x1b[0m")?;
        } else {
            writeln!(out, "{line}")?;
        }
    }
    let hosts: Vec<&str> = rows
        .iter()
        .filter(|r| host_differs(r))
        .map(|r| r.engine)
        .collect();
    let hrefs: Vec<&str> = rows
        .iter()
        .filter(|r| !host_differs(r) && href_differs(r))
        .map(|r| r.engine)
        .collect();
    if !hosts.is_empty() {
        writeln!(out, "  hosts differ: {}", hosts.join(", "))?;
    }
    if !hrefs.is_empty() {
        writeln!(out, "  hrefs differ: {}", hrefs.join(", "))?;
    }
    if hosts.is_empty() && hrefs.is_empty() {
        writeln!(out, "  all engines agree")?;
    }
    Ok(hosts.is_empty() && hrefs.is_empty())
}

/// Runs `weburl compare`.
pub fn run(args: &CompareArgs) -> ExitCode {
    let encoding = match &args.encoding {
        None => None,
        Some(label) => match Encoding::for_label(label.as_bytes()) {
            Some(e) => Some(e),
            None => report::usage_error(format!("--encoding {label}: not a WHATWG encoding label")),
        },
    };
    let mut inputs: Vec<String> = args.inputs.iter().filter(|i| *i != "-").cloned().collect();
    if args.inputs.is_empty() || args.inputs.iter().any(|i| i == "-") {
        let mut reader = LineReader::new(io::stdin().lock());
        let mut line = Vec::new();
        loop {
            match reader.read_line(&mut line) {
                Ok(true) => inputs.push(String::from_utf8_lossy(&line).into_owned()),
                Ok(false) => break,
                Err(e) => {
                    report::error(format!("reading standard input: {e}"));
                    return ExitCode::from(1);
                }
            }
        }
    }
    let color = report::stdout_color();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut all_agree = true;
    for input in &inputs {
        let rows = compare(input, args.base.as_deref(), encoding);
        let whatwg = &rows[0];
        let hosts_agree = rows
            .iter()
            .all(|r| r.host == whatwg.host && r.error.is_some() == whatwg.error.is_some());
        let hrefs_agree = rows.iter().all(|r| r.href == whatwg.href);
        let written = if args.json {
            let object = Comparison {
                input,
                base: args.base.as_deref(),
                results: &rows,
                hosts_agree,
                hrefs_agree,
            };
            serde_json::to_writer(&mut out, &object)
                .map_err(io::Error::other)
                .and_then(|()| writeln!(out))
                .map(|()| hosts_agree && hrefs_agree)
        } else {
            print_block(&mut out, input, &rows, color)
        };
        match written {
            Ok(agree) => all_agree &= agree,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
            Err(e) => {
                report::error(format!("writing: {e}"));
                return ExitCode::from(1);
            }
        }
    }
    if let Err(e) = out.flush()
        && e.kind() != io::ErrorKind::BrokenPipe
    {
        report::error(format!("writing: {e}"));
        return ExitCode::from(1);
    }
    if all_agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
