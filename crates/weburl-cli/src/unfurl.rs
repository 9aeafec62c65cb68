//! `weburl unfurl MODE`: pull parts out of URLs read from standard input, with the modes, the
//! `-u/--unique` flag and the `format` directives of tomnomnom's `unfurl`, so that scripts
//! written for it port by name; the parts are the URL Standard's.

use std::borrow::Cow;
use std::collections::HashSet;
use std::process::ExitCode;
use std::sync::Mutex;

use clap::{Args, ValueEnum};
use weburl::percent::percent_decode_str;
use weburl::psl::Sections;
use weburl::{Url, lex};

use crate::driver::{self, Process, RunArgs, Sink};
use crate::input::SourceArgs;
use crate::json_text::json_string;
use crate::report;
use crate::template::subdomain;

/// What `weburl unfurl --help` says after the options.
pub const EXAMPLES: &str = "\
Modes (unfurl's names; domain, path and apex are accepted for domains, paths and apexes):
  keys      the query's parameter names, each once per URL (decoded, in query order)
  values    the query's parameter values (decoded, in query order)
  keypairs  the query's pairs as NAME=VALUE (decoded)
  domains   the hostname (e.g. sub.example.com)
  paths     the path (e.g. /users)
  apexes    the registrable domain (e.g. example.com from sub.example.com), by the Public
            Suffix List built in (nothing for a host that has none: an IP address, localhost)
  json      one JSON object per URL, with unfurl's keys
  format    FORMAT filled in for each URL, with these directives:
    %%  a literal percent sign         %s  the scheme (e.g. https)
    %u  the user info (user:pass)      %d  the domain (hostname, e.g. sub.example.com)
    %S  the subdomain (e.g. sub)       %r  the root of the domain (e.g. example)
    %t  the public suffix (e.g. com)   %P  the port (e.g. 8080)
    %p  the path (e.g. /users)         %e  the path's file extension (e.g. jpg, html)
    %q  the raw query (e.g. a=1&b=2)   %f  the fragment, decoded (e.g. page-section)
    %@  an @ if there is user info     %:  a colon if there is a port
    %?  a ? if there is a query        %#  a # if there is a fragment
    %a  the authority (%u%@%d%:%P)
    Any other character is printed as it is, so is '%' before a character that is not a
    directive; a '%' at the very end is dropped.

Each value is printed on a line of its own; an empty value is not printed. An input without
a scheme is read as http://INPUT (as unfurl does: example.com/x, not localhost:8080, which
has the scheme 'localhost'). An input that does not parse prints nothing; --verbose reports
it on standard error (and the exit status is then 1).

Where the URL Standard reads a URL differently from Go's net/url (which unfurl uses), the
URL Standard's answer is printed: hosts are lower case and in ASCII (punycode), the scheme's
default port is no port (https://h:443/ has no %P), every http(s) URL has a path ('/' at
least), and an IPv6 host keeps its brackets ([::1]). unfurl lists query parameters in a
random order (Go map order); weburl lists them in query order.

Examples:
  $ printf 'https://sub.example.com/users?id=123&name=Sam\\nhttp://example.net/about#contact\\n' | weburl unfurl keys
  id
  name

  $ printf 'https://sub.example.com/a\\nhttps://www.example.com/b\\n' | weburl unfurl -u apexes
  example.com

  $ echo 'https://user:pass@example.com:8080/a/b.tar.gz?x=1#top' | weburl unfurl format '%s://%a%p %e %q %f'
  https://user:pass@example.com:8080/a/b.tar.gz gz x=1 top

Exit status: 0 on success, 1 when reading or writing failed (or, with --verbose, some input
did not parse), 2 on a usage error.";

/// What `weburl unfurl` prints for each URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// The query's parameter names
    Keys,
    /// The query's parameter values
    Values,
    /// The query's NAME=VALUE pairs
    Keypairs,
    /// The hostname
    #[value(alias = "domain")]
    Domains,
    /// The path
    #[value(alias = "path")]
    Paths,
    /// The registrable domain
    #[value(alias = "apex")]
    Apexes,
    /// A JSON object per URL
    Json,
    /// FORMAT filled in
    Format,
}

/// Arguments of `weburl unfurl`.
#[derive(Args, Debug)]
pub struct UnfurlArgs {
    /// What to print for each URL (see below)
    #[arg(value_enum, value_name = "MODE")]
    mode: Mode,

    /// The format of the `format` mode (its directives are listed below)
    #[arg(value_name = "FORMAT")]
    format: Option<String>,

    /// Print each value once: the first time it comes
    #[arg(short, long)]
    unique: bool,

    /// Report inputs that do not parse on standard error (they are skipped either way)
    #[arg(short, long)]
    verbose: bool,

    /// Take registrable domains, subdomains and public suffixes (apexes, %S, %r, %t, json)
    /// from the ICANN section of the Public Suffix List alone, without private registries
    /// such as github.io
    #[arg(long)]
    icann_only: bool,

    #[command(flatten)]
    source: SourceArgs,
}

/// One `format` directive, or literal text.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    /// Text printed as it is.
    Text(String),
    /// `%X`: the directive's letter.
    Directive(u8),
}

/// The directive letters (`%` itself is turned into text when the format is parsed).
const DIRECTIVES: &[u8] = b"suSdrtPpeqf@:?#a";

/// Parses a `format` string: `%` and a directive letter is a directive, `%%` a percent sign,
/// `%` before anything else stays as it is, and a `%` at the end is dropped (as unfurl does).
fn parse_format(format: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        match chars.next() {
            None => {}
            Some('%') => text.push('%'),
            Some(d) if d.is_ascii() && DIRECTIVES.contains(&(d as u8)) => {
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Directive(d as u8));
            }
            Some(other) => {
                text.push('%');
                text.push(other);
            }
        }
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    pieces
}

/// The parts of a URL unfurl names, in the URL Standard's terms.
struct Parts<'a> {
    url: &'a Url,
    sections: Sections,
}

impl<'a> Parts<'a> {
    /// `%u`: the username, and `:` and the password when there is one (percent-encoded, as the
    /// URL has them).
    fn user_info(&self) -> Cow<'a, str> {
        let (username, password) = (self.url.username(), self.url.password());
        if password.is_empty() {
            Cow::Borrowed(username)
        } else {
            Cow::Owned(format!("{username}:{password}"))
        }
    }

    /// `%S`: the labels before the registrable domain.
    fn subdomain(&self) -> &'a str {
        subdomain(self.url, self.sections).unwrap_or("")
    }

    /// `%r`: the registrable domain without its public suffix.
    fn root(&self) -> &'a str {
        match (self.apex(), self.tld()) {
            (Some(apex), suffix) if apex.len() > suffix.len() => {
                &apex[..apex.len() - suffix.len() - 1]
            }
            _ => "",
        }
    }

    /// `%t`: the public suffix.
    fn tld(&self) -> &'a str {
        self.url.public_suffix_in(self.sections).unwrap_or("")
    }

    /// The registrable domain.
    fn apex(&self) -> Option<&'a str> {
        self.url.registrable_domain_in(self.sections)
    }

    /// `%e`: what follows the last `.` of the path's last segment (nothing without a `.`).
    fn extension(&self) -> &'a str {
        let path = self.url.pathname();
        let last = path.rsplit('/').next().unwrap_or(path);
        last.rsplit_once('.').map_or("", |(_, extension)| extension)
    }

    /// `%f`: the fragment, percent-decoded (Go's `URL.Fragment` is decoded).
    fn fragment(&self) -> Cow<'a, str> {
        percent_decode_str(self.url.fragment().unwrap_or(""))
    }

    /// Appends the value of directive `d` to `out`.
    fn directive(&self, d: u8, out: &mut String) {
        let url = self.url;
        match d {
            b's' => out.push_str(url.scheme()),
            b'u' => out.push_str(&self.user_info()),
            b'd' => out.push_str(url.hostname()),
            b'S' => out.push_str(self.subdomain()),
            b'r' => out.push_str(self.root()),
            b't' => out.push_str(self.tld()),
            b'P' => out.push_str(url.port()),
            b'p' => out.push_str(url.pathname()),
            b'e' => out.push_str(self.extension()),
            b'q' => out.push_str(url.query().unwrap_or("")),
            b'f' => out.push_str(&self.fragment()),
            b'@' if url.includes_credentials() => out.push('@'),
            b':' if !url.port().is_empty() => out.push(':'),
            b'?' if !url.search().is_empty() => out.push('?'),
            b'#' if !url.hash().is_empty() => out.push('#'),
            b'a' => {
                for d in *b"u@d:P" {
                    self.directive(d, out);
                }
            }
            _ => {}
        }
    }

    /// The `json` mode's object, with Go's `encoding/json` escaping (as unfurl prints it).
    fn json(&self) -> String {
        let url = self.url;
        let opaque = url.has_opaque_path();
        let pathname = url.pathname();
        let (path, raw_path, opaque_path) = if opaque {
            (Cow::Borrowed(""), "", pathname)
        } else {
            let decoded = percent_decode_str(pathname);
            let raw = if pathname.contains('%') { pathname } else { "" };
            (decoded, raw, "")
        };
        let mut out = String::with_capacity(512);
        out.push('{');
        let fields: [(&str, &str); 8] = [
            ("scheme", url.scheme()),
            ("opaque", opaque_path),
            ("user", &self.user_info()),
            ("host", url.host()),
            ("path", &path),
            ("raw_path", raw_path),
            ("raw_query", url.query().unwrap_or("")),
            ("fragment", &self.fragment()),
        ];
        for (name, value) in fields {
            go_json_field(&mut out, name, value);
        }
        out.push_str("\"parameters\":");
        let mut pairs = url.query_pairs().peekable();
        if pairs.peek().is_none() {
            out.push_str("null,");
        } else {
            out.push('[');
            for (i, (key, value)) in pairs.enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('{');
                go_json_field(&mut out, "key", &key);
                out.push_str("\"value\":");
                go_json_string(&mut out, &value);
                out.push('}');
            }
            out.push_str("],");
        }
        let fields: [(&str, &str); 8] = [
            ("url", url.href()),
            ("domain", url.hostname()),
            ("subdomain", self.subdomain()),
            ("root", self.root()),
            ("tld", self.tld()),
            ("apex", self.apex().unwrap_or("")),
            ("port", url.port()),
            ("extension", self.extension()),
        ];
        for (name, value) in fields {
            go_json_field(&mut out, name, value);
        }
        // The last field's ',' closes the object instead.
        out.pop();
        out.push('}');
        out
    }
}

/// Appends `"name":"value",` to `out`.
fn go_json_field(out: &mut String, name: &str, value: &str) {
    out.push('"');
    out.push_str(name);
    out.push_str("\":");
    go_json_string(out, value);
    out.push(',');
}

/// Appends `value` as a JSON string escaped as Go's `encoding/json` escapes it: `"`, `\`,
/// `\n`, `\r`, `\t`, other control characters as `\u00XX`, and, for HTML safety, `<`, `>`,
/// `&`, U+2028 and U+2029 as `\uXXXX` (lower-case hex).
fn go_json_string(out: &mut String, value: &str) {
    json_string(out, value, true);
}

/// Whether `input` starts with a scheme (after the leading C0 controls and spaces the parser
/// ignores): what [`lex::scheme_len`] finds, a scheme followed by `:`.
fn has_scheme(input: &str) -> bool {
    lex::scheme_len(input.trim_start_matches(|c: char| c <= ' ').as_bytes()).is_some()
}

/// A run of `weburl unfurl`.
struct Unfurl {
    mode: Mode,
    format: Vec<Piece>,
    sections: Sections,
    verbose: bool,
    /// With `--unique`, the values printed so far.
    seen: Option<Mutex<HashSet<String>>>,
}

impl Unfurl {
    /// Prints `value` on a line unless it is empty (or, with `--unique`, printed before).
    fn emit(&self, value: &str, sink: &mut Sink) {
        if value.is_empty() {
            return;
        }
        if let Some(seen) = &self.seen {
            let mut seen = seen
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if !seen.insert(value.to_owned()) {
                return;
            }
        }
        let out = sink.out();
        out.extend_from_slice(value.as_bytes());
        out.push(b'\n');
    }
}

impl Process for Unfurl {
    fn process(&self, input: &str, sink: &mut Sink) {
        let parsed = if has_scheme(input) {
            Url::parse(input)
        } else {
            Url::parse(&format!(
                "http://{}",
                input.trim_start_matches(|c: char| c <= ' ')
            ))
        };
        let url = match parsed {
            Ok(url) => url,
            Err(e) => {
                if self.verbose {
                    sink.fail(format!("{}: {e}", report::Quoted(input)));
                }
                return;
            }
        };
        let parts = Parts {
            url: &url,
            sections: self.sections,
        };
        match self.mode {
            Mode::Keys => {
                // A set, not a list: a query can have a great many pairs.
                let mut names: HashSet<Cow<'_, str>> = HashSet::new();
                for (name, _) in url.query_pairs() {
                    if !names.contains(&name) {
                        self.emit(&name, sink);
                        names.insert(name);
                    }
                }
            }
            Mode::Values => {
                for (_, value) in url.query_pairs() {
                    self.emit(&value, sink);
                }
            }
            Mode::Keypairs => {
                for (name, value) in url.query_pairs() {
                    self.emit(&format!("{name}={value}"), sink);
                }
            }
            Mode::Domains => self.emit(url.hostname(), sink),
            Mode::Paths => self.emit(url.pathname(), sink),
            Mode::Apexes => self.emit(parts.apex().unwrap_or(""), sink),
            Mode::Json => self.emit(&parts.json(), sink),
            Mode::Format => {
                let mut out = String::new();
                for piece in &self.format {
                    match piece {
                        Piece::Text(text) => out.push_str(text),
                        Piece::Directive(d) => parts.directive(*d, &mut out),
                    }
                }
                self.emit(&out, sink);
            }
        }
    }

    fn not_utf8(&self, lossy: &str, sink: &mut Sink) {
        if self.verbose {
            sink.fail(format!(
                "{}: {}",
                report::Quoted(lossy),
                crate::failure::NOT_UTF8_MESSAGE
            ));
        }
    }
}

/// Runs `weburl unfurl`.
pub fn run(args: UnfurlArgs) -> ExitCode {
    let format = match (args.mode, &args.format) {
        (Mode::Format, Some(format)) => parse_format(format),
        (Mode::Format, None) => report::usage_error("the format mode needs a FORMAT"),
        (_, Some(_)) => report::usage_error("FORMAT is only for the format mode"),
        (_, None) => Vec::new(),
    };
    let unfurl = Unfurl {
        mode: args.mode,
        format,
        sections: if args.icann_only {
            Sections::Icann
        } else {
            Sections::All
        },
        verbose: args.verbose,
        seen: args.unique.then(|| Mutex::new(HashSet::new())),
    };
    // With --unique the first of equal values is printed: one thread keeps the input's order.
    let run = RunArgs {
        threads: args.unique.then_some(1),
        verify: false,
        quiet: false,
    };
    driver::run_process(&unfurl, Vec::new(), &args.source, &run)
}

#[cfg(test)]
mod tests {
    use super::{Piece, go_json_string, has_scheme, parse_format};

    #[test]
    fn formats() {
        assert_eq!(
            parse_format("%d%p %% %x %é%"),
            [
                Piece::Directive(b'd'),
                Piece::Directive(b'p'),
                Piece::Text(" % %x %é".to_owned()),
            ]
        );
        assert_eq!(parse_format(""), []);
    }

    #[test]
    fn go_escaping() {
        let mut out = String::new();
        go_json_string(&mut out, "a&b<c>\"\\\n\u{1}\u{2028}é");
        assert_eq!(out, r#""a\u0026b\u003cc\u003e\"\\\n\u0001\u2028é""#);
    }

    #[test]
    fn schemes() {
        assert!(has_scheme("https://x"));
        assert!(has_scheme("  localhost:8080"));
        assert!(has_scheme("a+b-c.d:"));
        assert!(!has_scheme("example.com/x"));
        assert!(!has_scheme("//example.com/x"));
        assert!(!has_scheme("1http://x"));
        assert!(!has_scheme(""));
    }
}
