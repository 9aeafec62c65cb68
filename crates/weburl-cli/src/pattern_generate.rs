//! `weburl generate`: a component's value made from a URL pattern and group values, as
//! `URLPattern.prototype.generate(component, groups)` makes it (Chromium's, the library's
//! `UrlPattern::generate`); with `--strict` a value that would change the URL's structure is
//! refused (`UrlPattern::generate_strict`), the form for values that come from users.

use std::io::Write as _;
use std::process::ExitCode;

use clap::Args;
use weburl::Url;
use weburl::pattern::{UrlPatternComponent, UrlPatternOptions};

use crate::pattern_io::{self, NamedLimits};
use crate::report::{self, Quoted};

/// Examples shown at the end of `weburl generate --help`.
pub const EXAMPLES: &str = r#"Examples:
  $ weburl generate 'https://example.com/books/:id' id=42
  /books/42
  $ weburl generate 'https://example.com/:lang/docs/:page' lang=en 'page=a b'
  /en/docs/a%20b
  $ weburl generate --component hostname 'https://:sub.example.com/' sub=shop
  shop.example.com
  $ weburl generate --strict 'https://example.com/files/:name' name=../../etc/passwd
  error: "../../etc/passwd" (the pathname group "name") would change the URL's structure: a `/` or `\` would add path segments

Each group value is encoded with the component's encoding (a space in a pathname becomes
%20). A group the pattern has but NAME=VALUE does not give, a value that does not match its
group, and a part of the pattern that generate cannot fill (a wildcard, a modifier, a
custom regexp group) are errors. --strict also refuses what would change the URL's structure: a path
separator or a dot segment (., .., also percent-encoded) in a pathname group, &, = or # in a
search group, anything the host parser would cut at in a hostname group.

Exit status: 0 when the value is generated, 1 when generate refuses, 2 on a usage error (the
pattern does not compile, NAME=VALUE is malformed)."#;

/// Options of `weburl generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// The URL pattern: a constructor string (a relative one against --pattern-base) or an
    /// init object in JSON ({"pathname": "/books/:id"})
    #[arg(value_name = "PATTERN")]
    pattern: String,

    /// The group values: NAME=VALUE for each group (a named group's name, or the number of
    /// an unnamed one such as a wildcard's 0)
    #[arg(value_name = "NAME=VALUE")]
    groups: Vec<String>,

    /// The component to generate
    #[arg(long, value_name = "COMPONENT", default_value = "pathname",
          value_parser = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"])]
    component: String,

    /// Refuse values that would change the URL's structure (path separators and dot
    /// segments in a pathname, &, = and # in a search, host delimiters in a hostname)
    #[arg(long)]
    strict: bool,

    /// The base URL of a relative constructor string
    #[arg(long, value_name = "URL")]
    pattern_base: Option<String>,

    /// Compile the pattern with ignoreCase
    #[arg(long)]
    ignore_case: bool,
}

/// Runs `weburl generate`.
pub fn run(args: GenerateArgs) -> ExitCode {
    let pattern_base = args.pattern_base.as_deref();
    if let Some(base) = pattern_base
        && let Err(e) = Url::parse(base)
    {
        report::usage_error(format_args!(
            "invalid value '{}' for '--pattern-base <URL>': {e}",
            Quoted(base)
        ));
    }
    let mut limits = NamedLimits::new();
    limits.base("give --pattern-base URL, or use an init object");
    let options = UrlPatternOptions {
        ignore_case: args.ignore_case,
    };
    let pattern = match pattern_io::compile(&args.pattern, pattern_base, options, &limits) {
        Ok(pattern) => pattern,
        Err(e) => report::usage_error(format_args!("pattern {}: {e}", Quoted(&args.pattern))),
    };
    let mut groups: Vec<(&str, &str)> = Vec::with_capacity(args.groups.len());
    for group in &args.groups {
        let Some((name, value)) = group.split_once('=') else {
            report::usage_error(format_args!(
                "{}: a group value is NAME=VALUE",
                Quoted(group)
            ));
        };
        if groups.iter().any(|&(n, _)| n == name) {
            report::usage_error(format_args!("the group {} is given twice", Quoted(name)));
        }
        groups.push((name, value));
    }
    let component = UrlPatternComponent::from_name(&args.component)
        .expect("clap accepts only the eight component names");
    let generated = if args.strict {
        pattern.generate_strict(component, groups)
    } else {
        pattern.generate(component, groups)
    };
    match generated {
        Ok(value) => {
            let mut stdout = std::io::stdout().lock();
            if writeln!(stdout, "{value}")
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            report::error(format_args!("{}", Quoted(&e.to_string())));
            ExitCode::FAILURE
        }
    }
}
