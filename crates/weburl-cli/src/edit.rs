//! `weburl set`: change URLs through the URL API's setters and `searchParams`.

use std::io::IsTerminal as _;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use weburl::Url;
use weburl::percent::{EncodeSet, utf8_percent_encode};

use crate::driver::{self, CommonArgs, Job, Transform};
use crate::failure::Failure;
use crate::glob::Glob;
use crate::output::Output;
use crate::setter::{self, Assignment, Setter};
use crate::trurl::{QTrim, QueryEdit, Replace};

/// Examples shown at the end of `weburl set --help`.
pub const EXAMPLES: &str = "\
Operations run in this order, whatever the order on the command line: --redirect (in the
order given), --set (in the order given), then trurl's --qtrim, --replace and
--replace-append (each in the order given; before --append, as trurl runs them), --append,
--trim, --sort-query, --strip.
Components for --set: href, protocol (or scheme), username, password, host, hostname,
port, pathname (or path), search (or query), hash (or fragment). A value the URL API's
setter ignores (a bad port, a scheme of another kind) makes the input fail.
--append query=... and --trim edit the query in place: the pairs they do not touch keep
every byte (a~b stays a~b, a%20b stays a%20b), a removed pair takes one '&' with it, an
appended pair is form-urlencoded (a space becomes '+'), and a query left without pairs is
dropped. Only --sort-query re-serializes the whole query, as searchParams.sort() does.
With --query-separator C the query is split at C instead of '&' for all of these, and
--sort-query then keeps each pair as written too.

Examples:
  $ weburl set 'http://example.com/a?x=1' --set scheme=https --set port=8443 --set hash=top
  https://example.com:8443/a?x=1#top

  $ weburl set 'https://example.com/docs/' --append 'path=a b/c' --append 'query=q=x y'
  https://example.com/docs/a%20b%2Fc?q=x+y

  $ weburl set 'https://example.com/?utm_source=x&id=7&utm_medium=y' --trim 'query=utm_*'
  https://example.com/?id=7

  $ weburl set 'https://u:p@example.com/?b=2&a=1#f' --sort-query --strip credentials --strip fragment
  https://example.com/?a=1&b=2

  $ weburl set 'https://example.com/a/b' --redirect '../c?x'
  https://example.com/c?x

  $ weburl set 'https://example.com/?UTM_source=x&id=7&b=1&b=2' --qtrim 'utm_*' --replace b=3
  https://example.com/?id=7&b=3

  $ weburl set 'https://example.com/?b=name;a=age' --sort-query --query-separator ';'
  https://example.com/?a=age;b=name

Exit status: 0 when every input succeeded, 1 when some failed, 2 on a usage error.";

/// What `--strip` removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Strip {
    /// The fragment (and its '#')
    Fragment,
    /// The query (and its '?')
    Query,
    /// The username and password
    Credentials,
}

/// One `--append`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Append {
    /// `path=SEGMENT`: the segment, percent-encoded.
    Path(String),
    /// `query=NAME=VALUE`.
    Query(String, String),
}

impl Append {
    fn parse(arg: &str) -> Result<Append, String> {
        if let Some(segment) = arg.strip_prefix("path=") {
            if segment == "." || segment == ".." {
                return Err(format!(
                    "'{segment}' is a dot segment, not a name (use --redirect to move up)"
                ));
            }
            Ok(Append::Path(
                utf8_percent_encode(segment, EncodeSet::COMPONENT).into_owned(),
            ))
        } else if let Some(param) = arg.strip_prefix("query=") {
            let (name, value) = param.split_once('=').unwrap_or((param, ""));
            Ok(Append::Query(name.to_owned(), value.to_owned()))
        } else {
            Err("expected path=SEGMENT or query=NAME=VALUE".to_owned())
        }
    }
}

/// Parses `--trim query=PATTERN`.
fn parse_trim(arg: &str) -> Result<Glob, String> {
    match arg.strip_prefix("query=") {
        Some(pattern) => Ok(Glob::new(pattern)),
        None => Err("expected query=PATTERN".to_owned()),
    }
}

/// Arguments of `weburl set`.
#[derive(Args, Debug)]
pub struct SetArgs {
    /// Set COMPONENT to VALUE through the URL API's setter (repeatable: in the order given)
    #[arg(long = "set", value_name = "COMPONENT=VALUE", value_parser = setter::parse_assignment)]
    sets: Vec<Assignment>,

    /// Append a path segment (percent-encoded, '/' and '?' too), replacing an empty last
    /// segment, or a query parameter (NAME=VALUE; NAME alone appends NAME=); repeatable
    #[arg(long, value_name = "path=SEGMENT|query=NAME=VALUE", value_parser = Append::parse)]
    append: Vec<Append>,

    /// Remove the query parameters whose name (decoded) matches PATTERN (a glob: '*' is any
    /// run of characters, '?' any one), leaving the others byte for byte; repeatable
    #[arg(long, value_name = "query=PATTERN", value_parser = parse_trim)]
    trim: Vec<Glob>,

    /// Remove the query parameters named NAME, or whose name starts with PREFIX (trurl's
    /// patterns: a final '*' makes a prefix, '\*' is a literal '*'; names are decoded and
    /// compared ignoring ASCII case), leaving the others byte for byte; repeatable
    #[arg(long, value_name = "NAME|PREFIX*", value_parser = QTrim::parse)]
    qtrim: Vec<QTrim>,

    /// Replace the value of the query parameter NAME (its first pair; later pairs of that name
    /// are removed), form-urlencoded; NAME alone leaves it without '='; nothing happens when
    /// there is no such parameter; repeatable
    #[arg(long, value_name = "NAME=VALUE", value_parser = Replace::parse)]
    replace: Vec<Replace>,

    /// As --replace, but append NAME=VALUE when there is no such parameter (also
    /// --force-replace, its first name in trurl); repeatable
    #[arg(long, alias = "force-replace", value_name = "NAME=VALUE", value_parser = Replace::parse)]
    replace_append: Vec<Replace>,

    /// Sort the query parameters by name, keeping the order of equal names (as
    /// searchParams.sort())
    #[arg(long)]
    sort_query: bool,

    /// Remove the fragment, the query or the credentials; repeatable
    #[arg(long, value_enum, value_name = "PART")]
    strip: Vec<Strip>,

    /// Resolve RELATIVE against each URL and go on with the result (repeatable: each against
    /// the result of the one before)
    #[arg(long, value_name = "RELATIVE")]
    redirect: Vec<String>,

    /// The URLs to change; `-` reads one per line from standard input, which is also what
    /// happens when no URL (and no --url-file) is given
    #[arg(value_name = "URL")]
    urls: Vec<String>,

    #[command(flatten)]
    common: CommonArgs,
}

/// The operations of a `weburl set` run.
struct Edits<'a> {
    args: &'a SetArgs,
    /// `--query-separator`.
    separator: u8,
}

impl Transform for Edits<'_> {
    fn apply(&self, url: &mut Url) -> Result<(), Failure> {
        let args = self.args;
        for relative in &args.redirect {
            *url = url
                .join(relative)
                .map_err(|e| Failure::from(e).context(format_args!("--redirect {relative}")))?;
        }
        for assignment in &args.sets {
            assignment.apply(url).map_err(|e| Failure {
                message: format!("--set {}", e.message),
                ..e
            })?;
        }
        let separator = self.separator;
        if !args.qtrim.is_empty() {
            let mut query = QueryEdit::new(url, separator);
            query.trim(&[], &args.qtrim);
            query.finish(url);
        }
        if !args.replace.is_empty() || !args.replace_append.is_empty() {
            let mut query = QueryEdit::new(url, separator);
            for replace in &args.replace {
                query.replace(replace, false);
            }
            for replace in &args.replace_append {
                query.replace(replace, true);
            }
            query.finish(url);
        }
        for append in &args.append {
            match append {
                Append::Path(segment) => append_segment(url, segment)?,
                Append::Query(name, value) if separator == b'&' => {
                    url.raw_query_mut().append(name, value);
                }
                Append::Query(name, value) => {
                    let mut query = QueryEdit::new(url, separator);
                    query.append(name, value);
                    query.finish(url);
                }
            }
        }
        if !args.trim.is_empty() && separator == b'&' {
            // Names are matched decoded; the pairs kept are left as they are written.
            url.raw_query_mut()
                .retain(|pair| !args.trim.iter().any(|glob| glob.matches(&pair.name())));
        } else if !args.trim.is_empty() {
            let mut query = QueryEdit::new(url, separator);
            query.trim(&args.trim, &[]);
            query.finish(url);
        }
        if args.sort_query && url.query().is_some() {
            if separator == b'&' {
                url.search_params_mut().sort();
            } else {
                let mut query = QueryEdit::new(url, separator);
                query.sort();
                query.finish(url);
            }
        }
        for strip in &args.strip {
            match strip {
                Strip::Fragment => url.set_hash(""),
                Strip::Query => url.set_search(""),
                Strip::Credentials => {
                    // A URL that cannot have credentials has none to remove.
                    let _ = url.set_username("");
                    let _ = url.set_password("");
                }
            }
        }
        Ok(())
    }
}

/// Appends the percent-encoded `segment` as the new last path segment (replacing an empty
/// one).
///
/// Not `Url::path_segments_mut().pop_if_empty().push()`: that encodes with the path
/// percent-encode set, where `--append path=` encodes with the component percent-encode set
/// (as `encodeURIComponent`, and close to trurl's: `a+b=c` is `a%2Bb%3Dc`), so the segment
/// arrives here encoded already.
fn append_segment(url: &mut Url, segment: &str) -> Result<(), Failure> {
    if url.has_opaque_path() {
        return Err(Failure::new(
            "opaque-path",
            format_args!("--append path={segment}: the URL has an opaque path (no segments)"),
        ));
    }
    let path = url.pathname();
    let kept = path.strip_suffix('/').unwrap_or(path);
    let mut new_path = String::with_capacity(kept.len() + 1 + segment.len());
    new_path.push_str(kept);
    new_path.push('/');
    new_path.push_str(segment);
    url.set_pathname(&new_path)
        .map_err(|e| Failure::from(e).context(format_args!("--append path={segment}")))
}

/// The URL trurl builds from parts when it is given none: the `--set` of `href` (`url`), else
/// SCHEME://HOST with the `--set`s of the scheme (`http` when there is none) and the host;
/// `None` without a host. The `--set`s then run on it in order, as on any input.
fn from_parts(sets: &[Assignment]) -> Option<String> {
    let last = |wanted: &[Setter]| {
        sets.iter()
            .rev()
            .find(|a| wanted.contains(&a.setter))
            .map(|a| a.value.as_str())
    };
    if let Some(href) = last(&[Setter::Href]) {
        return Some(href.to_owned());
    }
    let host = last(&[Setter::Host, Setter::Hostname])?;
    let scheme = last(&[Setter::Protocol]).map_or("http", |s| s.strip_suffix(':').unwrap_or(s));
    Some(format!("{scheme}://{host}"))
}

/// Runs `weburl set`.
pub fn run(mut args: SetArgs) -> ExitCode {
    let mut urls = std::mem::take(&mut args.urls);
    let source = &args.common.input.source;
    // No URL anywhere and nobody typing into standard input: as trurl, the URL is built from
    // the --set parts (a pipe, even an empty one, is read as always).
    if urls.is_empty()
        && source.url.is_empty()
        && source.url_file.is_empty()
        && std::io::stdin().is_terminal()
        && let Some(built) = from_parts(&args.sets)
    {
        urls.push(built);
    }
    let output = Output::from_args(&args.common.output);
    let edits = Edits {
        args: &args,
        separator: args.common.output.trurl.query_separator.unwrap_or(b'&'),
    };
    let job = Job {
        base: None,
        guess_scheme: args.common.input.guess_scheme,
        accept_space: args.common.output.trurl.accept_space,
        iterate: &args.common.input.iterate,
        transform: Some(&edits),
        output: &output,
        blank_failures: args.common.output.blank_failures,
    };
    driver::run(&job, urls, &args.common)
}

#[cfg(test)]
mod tests {
    use super::{Append, append_segment};
    use weburl::Url;

    fn appended(url: &str, segment: &str) -> String {
        let mut url = Url::parse(url).unwrap();
        let Append::Path(segment) = Append::parse(&format!("path={segment}")).unwrap() else {
            unreachable!()
        };
        append_segment(&mut url, &segment).unwrap();
        url.href().to_owned()
    }

    #[test]
    fn path_segments() {
        assert_eq!(appended("http://a/b", "c"), "http://a/b/c");
        assert_eq!(
            appended("http://a/b/", "c d/e?f%"),
            "http://a/b/c%20d%2Fe%3Ff%25"
        );
        assert_eq!(appended("http://a", "x"), "http://a/x");
        assert_eq!(appended("http://a/b?q#f", "c"), "http://a/b/c?q#f");
        assert_eq!(appended("sc://h", "x"), "sc://h/x");
        assert_eq!(appended("sc:/p", "x"), "sc:/p/x");
        assert_eq!(appended("http://a/b", ""), "http://a/b/");
        assert_eq!(appended("http://a/b", "..."), "http://a/b/...");
        // Encoded as trurl encodes (what `path_segments_mut().push()` would leave as it is).
        assert_eq!(
            appended("http://a/b", "a+b=c&d"),
            "http://a/b/a%2Bb%3Dc%26d"
        );
        assert!(append_segment(&mut Url::parse("mailto:x").unwrap(), "y").is_err());
    }

    #[test]
    fn append_args() {
        assert_eq!(
            Append::parse("query=a=b=c"),
            Ok(Append::Query("a".into(), "b=c".into()))
        );
        assert_eq!(
            Append::parse("query=a"),
            Ok(Append::Query("a".into(), String::new()))
        );
        assert!(Append::parse("path=..").is_err());
        assert!(Append::parse("fragment=x").is_err());
    }
}
