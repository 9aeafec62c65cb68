//! `weburl`: parse, resolve, edit and normalize URLs as web browsers do (the WHATWG URL
//! Standard), from the command line or, through `weburl batch`, from other programs.

mod batch;
mod brace;
mod check;
mod compare;
mod components;
mod diagram;
mod driver;
mod edit;
mod failure;
mod glob;
mod idna_detail;
mod input;
mod json_text;
mod lines;
mod links;
mod normalize;
mod output;
mod parse_cmd;
mod pattern_generate;
mod pattern_io;
mod pattern_match;
mod report;
mod resolve;
#[cfg(feature = "serve")]
mod serve;
mod setter;
mod style;
mod surt;
mod template;
mod trurl;
mod unfurl;
mod validate;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Examples and exit codes shown at the end of `weburl --help`.
const AFTER_HELP: &str = r#"Examples:
  $ weburl parse 'HTTPS://EXAMPLE.com:443/a/./b/../c?q#f'
  https://example.com/a/c?q#f

  $ weburl parse --get '{host} {query:id}' 'https://example.com:8443/?id=7'
  example.com:8443 7

  $ weburl set 'http://example.com/?utm_source=x&id=7' --set scheme=https --trim 'query=utm_*'
  https://example.com/?id=7

  $ weburl join 'http://example.com/a/b' '../c?x#y'
  http://example.com/c?x#y

  $ weburl normalize --surt 'https://www.Example.com/Path?b=2&a=1'
  com,example)/path?a=1&b=2

  $ weburl validate 'https://user@example.org/'
  https://user@example.org/:13: invalid-credentials: the URL contains credentials

  $ weburl match 'https://*.example.com/books/:id' 'https://www.example.com/books/7'
  https://*.example.com/books/:id hostname.0=www id=7

  $ echo '{"op":"toascii","input":"BÜcher.example"}' | weburl batch
  {"output":"xn--bcher-kva.example"}

  $ echo 'https://sub.example.co.uk/a.tar.gz?id=1' | weburl unfurl format '%S %r %t %e %q'
  sub example co.uk gz id=1

Every command but links, unfurl and batch takes URLs as arguments, from --url-file FILE, or one
per line from standard input (`-`, or when none is given; blank lines are skipped, and
with --skip-comments lines starting with '#'; --lossy reads a line that is not UTF-8 with
U+FFFD), and takes --json, --threads and --verify; all but validate, compare and match also take
--get, --diagram, --iterate, --guess-scheme and --blank-failures. With --json every input
gets one object, with "input" (a failure: {"input", "error", "error_name"}). trurl's
options (--as-idn, --keep-port, --urlencode, --query-separator, --accept-space, --quiet,
--get's {must:...} and {strict:...}) are taken by the commands that print URLs; `weburl
unfurl` reads URLs from standard input (or --url-file) as unfurl does. Run
`weburl help <command>` for a command's options and more examples.

Exit status:
  0  every input succeeded
  1  some input failed (each failure is reported on standard error as
     `error: <input>: <reason>`, `error: line N: <input>: <reason>` for a line of input,
     or with --json by its object; the run goes on unless --verify is given; for
     validate, some input has a validation error; for compare, some engine finds another
     host on some input), or reading the input or writing the output failed
  2  usage error (unknown option, bad value, base URL that does not parse, ...)
Colour (red `error:`, diagram labels, validate's error names, compare's differences) is
used only on a terminal, and never when NO_COLOR is set."#;

/// `weburl --version`: the version, and the date of the Public Suffix List built in.
fn version() -> &'static str {
    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    VERSION.get_or_init(|| {
        format!(
            "{} (Public Suffix List {})",
            env!("CARGO_PKG_VERSION"),
            weburl::psl::LIST_VERSION
        )
    })
}

/// Parse, resolve, edit and normalize URLs as web browsers do: the WHATWG URL Standard.
#[derive(Parser)]
#[command(name = "weburl", version = version(), after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands. Each one's arguments are built only when it runs (or for help,
/// completions and man pages): building all of them took a third of the start-up.
#[derive(Subcommand)]
#[command(defer = true)]
enum Command {
    /// Parse URLs (arguments, or lines of standard input) and print their serialization
    #[command(after_help = parse_cmd::EXAMPLES)]
    Parse(parse_cmd::ParseArgs),

    /// Change URLs: set components, append path segments or query parameters, trim, sort
    /// or strip the query, follow a redirect
    #[command(after_help = edit::EXAMPLES)]
    Set(edit::SetArgs),

    /// Resolve references against a base URL, as a browser resolves links
    #[command(after_help = resolve::RESOLVE_EXAMPLES)]
    Resolve(resolve::ResolveArgs),

    /// Resolve references against BASE (the short form of `resolve --base BASE`)
    #[command(after_help = resolve::JOIN_EXAMPLES)]
    Join(resolve::JoinArgs),

    /// Print URLs normalized: the spec's serialization, or further for deduplication, or
    /// as SURT keys
    #[command(after_help = normalize::EXAMPLES)]
    Normalize(normalize::NormalizeArgs),

    /// Report every validation error in URLs, linter-style, and inputs that are not valid
    /// URL strings
    #[command(after_help = validate::EXAMPLES)]
    Validate(validate::ValidateArgs),

    /// Show how each engine (the URL Standard, HTML5 2011, the 2009 draft, RFC 3986, RFC 1808)
    /// reads the same input, host disagreements first
    #[command(after_help = compare::EXAMPLES)]
    Compare(compare::CompareArgs),

    /// Extract every link of an HTML or XML document, resolved against its base URL in its
    /// encoding, as a browser does
    #[command(after_help = links::EXAMPLES)]
    Links(links::LinksArgs),

    /// Check whether a server may fetch URLs: schemes, ports, credentials, hosts, address
    /// spaces (loopback, local, public, however the address is spelled) and parser agreement
    #[command(after_help = check::EXAMPLES)]
    Check(check::CheckArgs),

    /// Pull parts out of URLs read from standard input, as tomnomnom's unfurl does: query
    /// keys, values or pairs, domains, paths, apexes (registrable domains), JSON, or a format
    #[command(after_help = unfurl::EXAMPLES)]
    Unfurl(unfurl::UnfurlArgs),

    /// Match URLs against URL patterns (the URL Pattern Standard's URLPattern, as routes):
    /// print the first route that matches each URL and what its groups captured
    #[command(name = "match", after_help = pattern_match::EXAMPLES)]
    Match(pattern_match::MatchArgs),

    /// Make a component's value from a URL pattern and group values (URLPattern's
    /// generate): the link a route stands for
    #[command(after_help = pattern_generate::EXAMPLES)]
    Generate(pattern_generate::GenerateArgs),

    /// Answer JSON Lines requests from standard input, one JSON line each (the machine
    /// interface; see docs/batch-contract.md)
    #[command(after_help = batch::EXAMPLES)]
    Batch,

    /// Start the live URL viewer: a page on a local address that shows, as you type, how a
    /// URL is read (components, validation errors, host, every engine, canonical forms, policy)
    #[cfg(feature = "serve")]
    #[command(after_help = serve::EXAMPLES)]
    Serve(serve::ServeArgs),

    /// Print a shell completion script (e.g. `weburl completions bash > /etc/bash_completion.d/weburl`)
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },

    /// Print the man page (roff), of weburl or of one of its commands
    /// (e.g. `weburl man | man -l -`)
    Man {
        /// The command whose page to print
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Parse(args) => parse_cmd::run(args),
        Command::Set(args) => edit::run(args),
        Command::Resolve(args) => resolve::run_resolve(args),
        Command::Join(args) => resolve::run_join(args),
        Command::Normalize(args) => normalize::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Links(args) => links::run(&args),
        Command::Compare(args) => compare::run(args),
        Command::Check(args) => check::run(args),
        Command::Unfurl(args) => unfurl::run(args),
        Command::Match(args) => pattern_match::run(args),
        Command::Generate(args) => pattern_generate::run(args),
        Command::Batch => batch::run(),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "weburl", &mut out);
            write_stdout(&out)
        }
        Command::Man { command } => man(command.as_deref()),
    }
}

/// Prints the man page of weburl, or of its subcommand `name` (as `weburl-NAME`).
fn man(name: Option<&str>) -> ExitCode {
    let mut cli = Cli::command();
    cli.build();
    let page = match name {
        None => cli,
        Some(name) => match cli.find_subcommand(name) {
            // Leaked once, just before the process ends: clap takes names as `&'static str`.
            Some(sub) => sub
                .clone()
                .name(&*format!("weburl-{name}").leak())
                .version(env!("CARGO_PKG_VERSION")),
            None => report::usage_error(format_args!(
                "no command '{name}' (commands: {})",
                cli.get_subcommands()
                    .map(|sub| sub.get_name())
                    .filter(|&name| name != "help")
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        },
    };
    let mut out = Vec::new();
    if let Err(e) = clap_mangen::Man::new(page).render(&mut out) {
        report::error(format_args!("rendering the man page: {e}"));
        return ExitCode::FAILURE;
    }
    write_stdout(&out)
}

/// Writes `bytes` on standard output: exit status 1 when that fails (quietly for a broken
/// pipe).
fn write_stdout(bytes: &[u8]) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            report::error(format_args!("writing standard output: {e}"));
            ExitCode::FAILURE
        }
    }
}
