//! `weburl check`: may a server fetch these URLs? The library's `weburl::policy` rules as
//! flags or a small TOML file; one line per refused URL.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde::{Deserialize, Serialize};
use weburl::Url;
use weburl::net::AddressSpace;
use weburl::policy::{Policy, Refusal};

use crate::driver::{self, Process, RunArgs, Sink};
use crate::input::{self, SourceArgs};
use crate::report;

/// Examples shown at the end of `weburl check --help`.
pub const EXAMPLES: &str = r#"Examples:
  $ weburl check 'http://0x7f.1/admin' 'https://example.com/hook' 'http://evil.com\@good.com/'
  refused: http://0x7f.1/admin: address-space: the host 127.0.0.1 is in the loopback address space (127.0.0.0/8, Loopback, RFC 1122)
  refused: http://evil.com\@good.com/: engines-disagree: the engines disagree on the host: whatwg reads "evil.com", fetcher reads "good.com"

  $ weburl check 'ftp://user@[::1]/'
  refused: ftp://user@[::1]/: scheme: the scheme "ftp" is not allowed; credentials: the URL has credentials; address-space: the host [::1] is in the loopback address space (::1/128, Loopback Address, RFC 4291)

  $ weburl check --preset none --deny loopback --allow-scheme https --json 'https://[::ffff:7f00:1]/'
  {"input":"https://[::ffff:7f00:1]/","allowed":false,"href":"https://[::ffff:7f00:1]/","host":"[::ffff:7f00:1]","address_space":"loopback","rule":"address-space","reason":"the host [::ffff:7f00:1] is in the loopback address space (::ffff:0:0/96, IPv4-mapped Address, RFC 4291)","refusals":[{"rule":"address-space","reason":"the host [::ffff:7f00:1] is in the loopback address space (::ffff:0:0/96, IPv4-mapped Address, RFC 4291)"}]}

The default preset, public-web, allows http and https only, refuses credentials, refuses
hosts in the loopback and local address spaces (however the address is spelled:
0x7f.1, 2130706433, [::ffff:127.0.0.1], １２７.０.０.１ are all 127.0.0.1), and refuses
input that today's fetchers (curl, Go's net/url, Python's urllib3 and urllib, Java's URI:
RFC 3986's generic syntax; IDNA2003 for a non-ASCII host) read with another host than the
URL Standard. --historical-engines also compares the readings of the historical engines of
`weburl compare` (HTML5 2011, the 2009 draft, RFC 1808), which no fetcher uses today. Flags
add to the preset; --preset none starts from nothing. Every rule must pass: an allow list
restricts, it never exempts from another rule; a refusal lists every rule that failed.

A domain name has no address space until it is resolved: a URL that passes still needs its
name resolved and every address checked before connecting (docs/SECURITY.md).

A policy file (--policy FILE, TOML) takes the same rules:
  preset = "none"                      # or "public-web" (the default)
  schemes = ["https"]
  ports = [443, 8443]
  deny = ["loopback", "local"]
  allow_hosts = ["*.example.com"]
  deny_hosts = ["admin.example.com"]
  allow_sites = ["example.co.uk"]        # registrable domains: every subdomain
  deny_sites = ["evil.example"]
  credentials = false
  engines_agree = true
  historical_engines = false           # true: also the historical engines

Exit status: 0 when every URL is allowed, 1 when any is refused (or cannot be read), 2 for
usage errors (a bad flag, host pattern or policy file)."#;

/// Where the rules start from, for `--preset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// http and https, no credentials, no loopback or local host, engines agree.
    PublicWeb,
    /// No rule: only the flags given.
    None,
}

/// An address space name, for `--deny`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Space {
    /// 127.0.0.0/8, ::1, localhost and *.localhost.
    Loopback,
    /// Private-use, shared, link-local, unique-local and every other non-public block.
    Local,
    /// Everything else.
    Public,
}

impl From<Space> for AddressSpace {
    fn from(space: Space) -> AddressSpace {
        match space {
            Space::Loopback => AddressSpace::Loopback,
            Space::Local => AddressSpace::Local,
            Space::Public => AddressSpace::Public,
        }
    }
}

/// Arguments of `weburl check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The rules to start from (default: the policy file's preset, else public-web)
    #[arg(long, value_enum)]
    preset: Option<Preset>,

    /// Read rules from a TOML file (see below); flags add to them
    #[arg(long, value_name = "FILE")]
    policy: Option<PathBuf>,

    /// Allow only these schemes (comma-separated, repeatable)
    #[arg(long, value_name = "SCHEMES", value_delimiter = ',')]
    allow_scheme: Vec<String>,

    /// Allow only these ports (the URL's port or its scheme's default)
    #[arg(long, value_name = "PORTS", value_delimiter = ',')]
    allow_port: Vec<u16>,

    /// Refuse hosts in these address spaces
    #[arg(long, value_name = "SPACES", value_delimiter = ',', value_enum)]
    deny: Vec<Space>,

    /// Allow only hosts matching these patterns (`example.com`, `*.example.com`, an IP)
    #[arg(long, value_name = "HOSTS", value_delimiter = ',')]
    allow_host: Vec<String>,

    /// Refuse hosts matching these patterns
    #[arg(long, value_name = "HOSTS", value_delimiter = ',')]
    deny_host: Vec<String>,

    /// Allow only hosts whose registrable domain is one of these (`example.co.uk` allows
    /// every subdomain of it)
    #[arg(long, value_name = "DOMAINS", value_delimiter = ',')]
    allow_site: Vec<String>,

    /// Refuse hosts whose registrable domain is one of these
    #[arg(long, value_name = "DOMAINS", value_delimiter = ',')]
    deny_site: Vec<String>,

    /// Refuse URLs with a username or password
    #[arg(long)]
    no_credentials: bool,

    /// Refuse input that today's fetchers (RFC 3986; IDNA2003 for a non-ASCII host) read
    /// with another host than the URL Standard
    #[arg(long)]
    engines_agree: bool,

    /// Also refuse input that a historical engine (HTML5 2011, the 2009 draft, strict
    /// RFC 3986, RFC 1808) reads with another host; implies --engines-agree
    #[arg(long)]
    historical_engines: bool,

    /// Resolve each input against this URL
    #[arg(long, value_name = "URL")]
    base: Option<String>,

    /// One JSON object per input: {"input", "allowed", "href", "host", "address_space",
    /// "rule", "reason" (the first rule that failed), "refusals" (every rule that failed:
    /// [{"rule", "reason"}])}
    #[arg(long)]
    json: bool,

    /// Also print `allowed: <href>` for each allowed URL
    #[arg(short, long, conflicts_with = "json")]
    verbose: bool,

    /// The URLs to check; `-` reads one per line from standard input, which is also what
    /// happens when no URL (and no --url-file) is given
    #[arg(value_name = "URL")]
    urls: Vec<String>,

    #[command(flatten)]
    source: SourceArgs,

    #[command(flatten)]
    run: RunArgs,
}

/// The policy file's keys.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    preset: Option<Preset>,
    #[serde(default)]
    schemes: Vec<String>,
    #[serde(default)]
    ports: Vec<u16>,
    #[serde(default)]
    deny: Vec<Space>,
    #[serde(default)]
    allow_hosts: Vec<String>,
    #[serde(default)]
    deny_hosts: Vec<String>,
    #[serde(default)]
    allow_sites: Vec<String>,
    #[serde(default)]
    deny_sites: Vec<String>,
    credentials: Option<bool>,
    engines_agree: Option<bool>,
    historical_engines: Option<bool>,
}

/// Builds the policy of the file (when given) and the flags.
fn build_policy(args: &CheckArgs) -> Result<Policy, String> {
    let file = match &args.policy {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("--policy {}: {e}", path.display()))?;
            // A byte-order mark at the start is not part of the TOML.
            let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
            toml::from_str::<PolicyFile>(text)
                .map_err(|e| format!("--policy {}: {e}", path.display()))?
        }
        None => PolicyFile::default(),
    };
    // --preset, else the file's preset, else public-web.
    let preset = args.preset.or(file.preset).unwrap_or(Preset::PublicWeb);
    let mut policy = match preset {
        Preset::PublicWeb => Policy::public_web(),
        Preset::None => Policy::new(),
    };
    let schemes: Vec<&String> = file.schemes.iter().chain(&args.allow_scheme).collect();
    if !schemes.is_empty() {
        policy = policy.allow_schemes(schemes);
    }
    let ports: Vec<u16> = file.ports.iter().chain(&args.allow_port).copied().collect();
    if !ports.is_empty() {
        policy = policy.allow_ports(ports);
    }
    policy = policy.deny_spaces(file.deny.iter().chain(&args.deny).map(|&s| s.into()));
    for pattern in file.allow_hosts.iter().chain(&args.allow_host) {
        policy = policy.allow_host(pattern).map_err(|e| e.to_string())?;
    }
    for pattern in file.deny_hosts.iter().chain(&args.deny_host) {
        policy = policy.deny_host(pattern).map_err(|e| e.to_string())?;
    }
    for domain in file.allow_sites.iter().chain(&args.allow_site) {
        policy = policy
            .allow_registrable_domain(domain)
            .map_err(|e| e.to_string())?;
    }
    for domain in file.deny_sites.iter().chain(&args.deny_site) {
        policy = policy
            .deny_registrable_domain(domain)
            .map_err(|e| e.to_string())?;
    }
    if file.credentials == Some(false) || args.no_credentials {
        policy = policy.deny_credentials();
    }
    if file.engines_agree == Some(true) || args.engines_agree {
        policy = policy.require_engine_agreement();
    }
    if file.historical_engines == Some(true) || args.historical_engines {
        policy = policy.require_historical_engine_agreement();
    }
    Ok(policy)
}

/// `--json`'s object for one input.
#[derive(Serialize)]
struct JsonReport<'a> {
    input: &'a str,
    allowed: bool,
    href: Option<&'a str>,
    host: Option<&'a str>,
    address_space: Option<&'static str>,
    rule: Option<&'static str>,
    reason: Option<String>,
    /// Every rule that failed (empty when allowed).
    refusals: Vec<JsonRefusal>,
}

/// One failed rule in `--json`'s `refusals`.
#[derive(Serialize)]
struct JsonRefusal {
    rule: &'static str,
    reason: String,
}

struct Check<'a> {
    policy: Policy,
    base: Option<&'a Url>,
    json: bool,
    verbose: bool,
}

impl Process for Check<'_> {
    fn process(&self, input: &str, sink: &mut Sink) {
        let result = self.policy.check(input, self.base);
        // The URL as parsed, for the report (also when a rule refused it).
        let parsed = match &result {
            Ok(_) => None,
            Err(_) => Url::options().base(self.base).parse(input).ok(),
        };
        let url = result.as_ref().ok().or(parsed.as_ref());
        let refusal = result.as_ref().err();
        let out = sink.out();
        if self.json {
            let report = JsonReport {
                input,
                allowed: refusal.is_none(),
                href: url.map(Url::href),
                host: url.filter(|u| u.has_host()).map(Url::hostname),
                address_space: url.and_then(Url::address_space).map(AddressSpace::name),
                rule: refusal.map(Refusal::rule),
                reason: refusal.map(|r| r.reasons()[0].to_string()),
                refusals: refusal
                    .into_iter()
                    .flatten()
                    .map(|reason| JsonRefusal {
                        rule: reason.rule(),
                        reason: reason.to_string(),
                    })
                    .collect(),
            };
            let _ = serde_json::to_writer(&mut *out, &report);
            out.push(b'\n');
        } else if let Some(refusal) = refusal {
            let _ = write!(out, "refused: {}: ", report::Quoted(input));
            for (i, reason) in refusal.reasons().iter().enumerate() {
                let separator = if i == 0 { "" } else { "; " };
                let _ = write!(out, "{separator}{}: {reason}", reason.rule());
            }
            out.push(b'\n');
        } else if self.verbose {
            let _ = writeln!(out, "allowed: {}", url.map_or("", Url::href));
        }
        if refusal.is_some() {
            sink.fail_quietly();
        }
    }
}

/// Runs `weburl check`.
pub fn run(args: CheckArgs) -> ExitCode {
    let policy = build_policy(&args).unwrap_or_else(|e| report::usage_error(e));
    let base = (args.base.as_deref()).map(|base| input::parse_base(base, "--base <URL>", false));
    let check = Check {
        policy,
        base: base.as_ref(),
        json: args.json,
        verbose: args.verbose,
    };
    driver::run_process(&check, args.urls, &args.source, &args.run)
}
