//! `weburl links`: every link of an HTML or XML document, resolved as a browser does
//! (the library's `weburl::document`).

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use weburl::Url;
use weburl::document::{DocumentKind, LateBase, Link, LinkOptions, extract_links};

use crate::json_text::json_string;

/// Examples shown at the end of `weburl links --help`.
pub const EXAMPLES: &str = r#"Examples:
  $ printf '<base href="/v2/"><a href="page?q=1">x</a>' | weburl links - --url https://example.com/docs/
  1:13 base href https://example.com/v2/
  1:28 a href https://example.com/v2/page?q=1

  $ printf '<img srcset="a.png 1x, b.png 2x">' | weburl links - --url https://example.com/ --json
  {"element":"img","attribute":"srcset","raw":"a.png","url":"https://example.com/a.png","line":1,"column":14}
  {"element":"img","attribute":"srcset","raw":"b.png","url":"https://example.com/b.png","line":1,"column":24}

One line per link: LINE:COLUMN ELEMENT ATTRIBUTE URL (or "error: …" when it does not
parse). In HTML, inline SVG's a, image and use give their href (or xlink:href) too;
<noscript> contents are read only with --scripting off. An XML document whose root is
<feed> outside the Atom namespace gives a warning on standard error (its links are not
Atom's). srcset, ping and meta refresh give one line per URL. A <base href> that comes after
some links changes them too: by default (--late-base auto) those links are printed again,
marked "(re-resolved)" (in JSON: "re_resolved": true); --late-base defer prints each link
once, with its final URL, at the cost of holding links in memory until the base is known.
The document's encoding is found as a browser finds it: BOM, then
--encoding (the charset of an HTTP Content-Type), then <meta charset>, then windows-1252;
query strings of special URLs are encoded in it.

Exit status: 0 when every link resolved, 1 when any link failed to parse or the document
could not be read (XML that is not well-formed), 2 for usage errors."#;

/// The kind of document, for `--kind`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Kind {
    /// XML when the document starts with an XML declaration, else HTML.
    Auto,
    /// HTML, parsed as a browser parses it.
    Html,
    /// XML (XHTML, SVG, Atom, RSS), with xml:base.
    Xml,
}

/// What to do about a `<base href>` that comes after some links, for `--late-base`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LateBaseArg {
    /// Hold links while in the document's head (where nearly every <base> is), then print
    /// them at once; a later <base> re-prints the links it changes, marked re-resolved.
    /// Flat memory on any document: the default.
    Auto,
    /// Hold every link until the base URL is settled: each link printed once, with its final
    /// URL (what a pipe into another tool wants); memory grows with the links before the
    /// first <base>, all of them when there is none.
    Defer,
    /// Print each link at once; a later <base> re-prints the links it changes.
    Reresolve,
}

/// Options of `weburl links`.
#[derive(Args, Debug)]
pub struct LinksArgs {
    /// The document: a file, or "-" for standard input.
    #[arg(value_name = "FILE|-")]
    pub file: String,

    /// The document's own URL (its fallback base URL).
    #[arg(long, value_name = "DOCUMENT_URL")]
    pub url: Option<String>,

    /// The charset an HTTP Content-Type header gave (a WHATWG encoding label).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,

    /// The kind of document.
    #[arg(long, value_enum, default_value_t = Kind::Auto)]
    pub kind: Kind,

    /// One JSON object per link.
    #[arg(long)]
    pub json: bool,

    /// A <base href> after some links: re-print those links (auto, reresolve) or hold every
    /// link until the base is known and print each once (defer). The default, auto, keeps
    /// memory flat on any document and prints links as soon as the head is over.
    #[arg(long, value_enum, value_name = "POLICY", default_value_t = LateBaseArg::Auto)]
    pub late_base: LateBaseArg,

    /// Read HTML as a browser with scripting on (the default: <noscript> contents are text,
    /// and give no links) or off (<noscript> contents are markup, and their links are listed)
    #[arg(long, value_enum, value_name = "on|off", default_value_t = Scripting::On)]
    pub scripting: Scripting,
}

/// `--scripting`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Scripting {
    /// As a browser that runs scripts.
    On,
    /// As a browser with scripting disabled, or a crawler that does not run scripts.
    Off,
}

/// Runs `weburl links`.
pub fn run(args: &LinksArgs) -> ExitCode {
    let mut options = LinkOptions::new().kind(match args.kind {
        Kind::Auto => DocumentKind::Auto,
        Kind::Html => DocumentKind::Html,
        Kind::Xml => DocumentKind::Xml,
    });
    options = options.late_base(match args.late_base {
        LateBaseArg::Auto => LateBase::Auto,
        LateBaseArg::Defer => LateBase::Defer,
        LateBaseArg::Reresolve => LateBase::Reresolve,
    });
    options = options.scripting(args.scripting == Scripting::On);
    if let Some(url) = &args.url {
        match Url::parse(url) {
            Ok(url) => options = options.document_url(url),
            Err(e) => {
                eprintln!("error: --url {url}: {e}");
                return ExitCode::from(2);
            }
        }
    }
    if let Some(label) = &args.encoding {
        if weburl::encoding_rs::Encoding::for_label(label.as_bytes()).is_none() {
            eprintln!("error: --encoding {label}: not a WHATWG encoding label");
            return ExitCode::from(2);
        }
        options = options.http_charset(label);
    }
    let reader: Box<dyn Read> = if args.file == "-" {
        Box::new(io::stdin().lock())
    } else {
        match File::open(&args.file) {
            Ok(file) => Box::new(file),
            Err(e) => {
                eprintln!("error: {}: {e}", args.file);
                return ExitCode::from(1);
            }
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = false;
    let mut line = String::new();
    let mut write_error: Option<io::Error> = None;
    let result = extract_links(reader, &options, |link| {
        if write_error.is_some() {
            return;
        }
        failed |= link.result.is_err();
        line.clear();
        if args.json {
            write_json(&link, &mut line);
        } else {
            use std::fmt::Write as _;
            let _ = write!(line, "{link}");
        }
        line.push('\n');
        if let Err(e) = out.write_all(line.as_bytes()) {
            write_error = Some(e);
        }
    });
    let flushed = out.flush();
    if let Some(e) = write_error.or(flushed.err()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            return ExitCode::SUCCESS;
        }
        eprintln!("error: writing: {e}");
        return ExitCode::from(1);
    }
    if let Ok(summary) = &result {
        for warning in &summary.warnings {
            eprintln!("warning: {}: {warning}", args.file);
        }
    }
    match result {
        Ok(_) if failed => ExitCode::from(1),
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file);
            ExitCode::from(1)
        }
    }
}

/// A link as one line of JSON: `{"element": …, "attribute": …, "raw": …, "url": … or null,
/// "error": … (only when url is null), "line": N, "column": N}`, and `"re_resolved": true` at
/// the end of a re-emission. No newline at the end.
fn write_json(link: &Link, out: &mut String) {
    use std::fmt::Write as _;
    out.push_str("{\"element\":");
    json_string(out, &link.element, false);
    out.push_str(",\"attribute\":");
    json_string(out, &link.attribute, false);
    out.push_str(",\"raw\":");
    json_string(out, &link.raw, false);
    match &link.result {
        Ok(url) => {
            out.push_str(",\"url\":");
            json_string(out, url.href(), false);
        }
        Err(e) => {
            out.push_str(",\"url\":null,\"error\":");
            json_string(out, &e.to_string(), false);
        }
    }
    let _ = write!(out, ",\"line\":{},\"column\":{}", link.line, link.column);
    if link.re_resolved {
        out.push_str(",\"re_resolved\":true");
    }
    out.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;
    use weburl::document::collect_links;

    fn json(html: &[u8]) -> Vec<String> {
        let options = LinkOptions::new()
            .document_url(Url::parse("https://example.com/a/b").unwrap())
            .http_charset("utf-8");
        let (links, _) = collect_links(html, &options).unwrap();
        links
            .iter()
            .map(|l| {
                let mut s = String::new();
                write_json(l, &mut s);
                s
            })
            .collect()
    }

    #[test]
    fn json_escapes() {
        let lines = json(b"<a href='\\&#1;\t\xe2\x80\xa8'>");
        assert!(
            lines[0].starts_with(r#"{"element":"a","attribute":"href","raw":"\\\u0001\t\u2028""#),
            "{}",
            lines[0]
        );
    }

    #[test]
    fn json_of_a_failed_link() {
        let lines = json(b"<q cite='http://[x'>");
        assert_eq!(
            lines[0],
            r#"{"element":"q","attribute":"cite","raw":"http://[x","url":null,"error":"invalid host: the IPv6 address has no closing ']'","line":1,"column":10}"#
        );
    }
}
