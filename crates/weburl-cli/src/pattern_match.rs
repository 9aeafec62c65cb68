//! `weburl match`: which route (a URL pattern, the URL Pattern Standard's `URLPattern`)
//! matches each URL, and what its groups captured.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use weburl::Url;
use weburl::pattern::{
    BEST_MATCH_ORDER, UrlPattern, UrlPatternComponent, UrlPatternComponentResult,
    UrlPatternMatchError, UrlPatternOptions, UrlPatternResult, UrlPatternSet,
};

use crate::brace::{self, BraceError};
use crate::driver::{self, Process, RunArgs, Sink};
use crate::failure::{Failure, NOT_UTF8_MESSAGE, NOT_UTF8_NAME};
use crate::input::{self, SourceArgs};
use crate::pattern_io::{self, NamedLimits};
use crate::report;

/// Examples shown at the end of `weburl match --help`.
pub const EXAMPLES: &str = r#"Patterns are the URL Pattern Standard's (JavaScript's URLPattern): `:name` matches one
path segment (or one host label), `*` anything, `{...}?` an optional part, `(\d+)` a regular
expression; a component the pattern leaves out matches anything. A pattern is a constructor
string (`https://*.example.com/books/:id`; a relative one such as `/books/:id` needs
--pattern-base) or, when it starts with `{`, an init object in JSON
(`{"pathname": "/books/:id"}`: only the pathname is constrained; a member other than
protocol, username, password, hostname, port, pathname, search, hash and baseURL is an
error, and so is text starting with `{` that is not JSON). docs/URLPATTERN.md teaches the
syntax.

A routes file (--routes FILE) has one route per line: its NAME, blanks, then its PATTERN.
Blank lines and lines whose first non-blank character is '#' are skipped; a constructor
string holds no whitespace unless escaped (`\ `), so a comment after a pattern is an error.
Routes are tried in order: the first that matches wins (--all: every one that matches, in
order; --best: the most specific one that matches, whatever the order, as --best above
tells). A --get group placeholder that no route has is an error.

Patterns from untrusted users: --untrusted refuses custom regexp groups and patterns over
8192 bytes (without regexp groups matching takes at most the pattern's size times the URL's
length); --no-regexp-groups and --max-pattern-length N set either limit alone. Regexp groups
that need backtracking (lookaround, backreferences, named groups...) take at most
--max-regexp-steps N steps per match (default 10000000): a URL whose match runs out fails
with `regexp-steps-exhausted` and the next URL is matched; --no-backtracking-regexps refuses
them, so that every pattern matches in time linear in the URL. (Unicode property escapes
`\p{...}`, `\q{...}` and class set operations with --ignore-case run on an engine without a
step budget: only --no-backtracking-regexps or --no-regexp-groups bound them.) A refused pattern is a usage error that names the pattern (or the routes file and
line), the component and the option.

Each URL gets one line: the route's name, then ` NAME=VALUE` for each group that captured
something, in the components the pattern constrains (a numbered group is written
COMPONENT.N=VALUE, e.g. pathname.0=a/b, as the SQL and Polars functions name it). With
--all the matches are separated by tabs. A URL that no route matches, or that does not
parse, fails: `error: <input>: no route matches` on standard error (an empty line with
--blank-failures), exit status 1.

--get TEMPLATE placeholders: {route} (the route's name), {input} (the input), {href} (the
URL), {:NAME} (the group NAME, from the first component that has it), {COMPONENT} (what
the component matched: protocol, username, password, hostname, port, pathname, search,
hash), {COMPONENT.NAME} (a group of that component, e.g. {pathname.0}); {{ and }} are
braces. A group that did not capture is empty. A mistake in the template (an unknown
placeholder, a brace without its partner, `{}`) is a usage error naming its byte offset, as
for the other commands' --get.

Examples:
  $ weburl match 'https://*.example.com/books/:id' https://www.example.com/books/7
  https://*.example.com/books/:id hostname.0=www id=7

  $ printf 'book /books/:id\nauthor /authors/:name\n' | weburl match --routes /dev/stdin --pattern-base https://example.com https://example.com/authors/ursula https://example.com/books/7
  author name=ursula
  book id=7

  $ weburl match -e '{"pathname": "/books/:id(\\d+)"}' --get '{:id} on {hostname}' https://example.com/books/7 https://example.org/books/8
  7 on example.com
  8 on example.org

  $ weburl match --all -e '{"pathname": "/books/*"}' -e '{"pathname": "/:section/:id"}' https://example.com/books/7
  {"pathname": "/books/*"} pathname.0=7	{"pathname": "/:section/:id"} section=books id=7

  $ weburl match --best -e '{"pathname": "/books/*"}' -e '{"pathname": "/books/:id"}' -e '{"pathname": "/books/new"}' https://example.com/books/new https://example.com/books/7
  {"pathname": "/books/new"}
  {"pathname": "/books/:id"} id=7

  $ weburl match --json -e '{"hostname": "{:sub.}?example.com"}' https://api.example.com/
  {"input":"https://api.example.com/","route":"{\"hostname\": \"{:sub.}?example.com\"}","groups":{"sub":"api"},"match":{...}}

Exit status: 0 when every URL matched a route, 1 when some did not (or did not parse), 2 on a
usage error (a pattern that does not compile, a bad routes file)."#;

/// Arguments of `weburl match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// A pattern to match (repeatable; its name is the pattern as written). Without
    /// --pattern or --routes, the first argument is the pattern
    #[arg(short = 'e', long = "pattern", value_name = "PATTERN")]
    patterns: Vec<String>,

    /// Read routes from FILE: `NAME PATTERN` per line (blank lines and '#' comments skipped);
    /// repeatable, after the --pattern routes
    #[arg(long, value_name = "FILE")]
    routes: Vec<PathBuf>,

    /// The base URL of relative patterns (JavaScript's `new URLPattern(pattern, baseURL)`)
    #[arg(long, value_name = "URL")]
    pattern_base: Option<String>,

    /// Match letters regardless of case (the `ignoreCase` option)
    #[arg(short, long)]
    ignore_case: bool,

    /// Resolve each input against this URL
    #[arg(long, value_name = "URL")]
    base: Option<String>,

    /// Print every route that matches, not only the first
    #[arg(long)]
    all: bool,

    #[arg(long, conflicts_with = "all", help = best_help())]
    best: bool,

    /// For patterns from untrusted users: refuse custom regexp groups and patterns over 8192
    /// bytes (--max-pattern-length changes the size)
    #[arg(long)]
    untrusted: bool,

    /// Refuse patterns with custom regexp groups, such as `(\d+)` (their matching time has no
    /// bound)
    #[arg(long)]
    no_regexp_groups: bool,

    /// Refuse patterns longer than N bytes (a pattern with its --pattern-base, or all strings
    /// of an init object)
    #[arg(long, value_name = "N")]
    max_pattern_length: Option<usize>,

    /// Refuse custom regexp groups that need backtracking (lookaround, backreferences, named
    /// groups...): every accepted pattern then matches in time linear in the URL
    #[arg(long)]
    no_backtracking_regexps: bool,

    /// The most steps one match of a regexp group that needs backtracking may take (default
    /// 10000000, with --untrusted 1000000); a URL whose match runs out fails with
    /// `regexp-steps-exhausted`
    #[arg(long, value_name = "N")]
    max_regexp_steps: Option<u64>,

    /// Print TEMPLATE for each match (see below for the placeholders)
    #[arg(long, value_name = "TEMPLATE", value_parser = Template::parse)]
    get: Option<Template>,

    /// Print one JSON object per URL: {"input", "route", "groups", "match"} (match: the eight
    /// components, each {"input", "groups"}, as JavaScript's exec() gives them); with --all
    /// {"input", "matches": [{"route", "groups", "match"}, ...]}; a failure is
    /// {"input", "error", "error_name"}
    #[arg(long, conflicts_with = "get")]
    json: bool,

    /// Print an empty line for each input that fails (and each blank or skipped line), so
    /// that the output has one line per line of input
    #[arg(long, conflicts_with = "json")]
    blank_failures: bool,

    /// The URLs (after the pattern, when neither --pattern nor --routes is given); `-` reads
    /// one per line from standard input, which is also what happens when there is none
    #[arg(value_name = "URL")]
    urls: Vec<String>,

    #[command(flatten)]
    source: SourceArgs,

    #[command(flatten)]
    run: RunArgs,
}

/// The help of `--best`, with the order of the components as the library defines it
/// ([`BEST_MATCH_ORDER`]).
fn best_help() -> String {
    let order: Vec<&str> = BEST_MATCH_ORDER.iter().map(|c| c.name()).collect();
    format!(
        "Print the most specific route that matches, not the first: routes are compared on \
         each component in turn ({}), the first that differs deciding (fixed text before a \
         regexp group before `:name` before `*`); of equally specific routes, the one given first",
        order.join(", ")
    )
}

/// One route: its name, and the pattern's source for messages.
#[derive(Debug)]
struct Route {
    name: String,
    pattern: UrlPattern,
}

/// Reads a routes file: `NAME PATTERN` lines; `Err` names the file and line.
fn read_routes(
    path: &Path,
    base: Option<&str>,
    options: UrlPatternOptions,
    limits: &NamedLimits,
    routes: &mut Vec<Route>,
) -> Result<(), String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("--routes {name}: {e}"))?;
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("--routes {name}, line {}", index + 1);
        let Some((route, pattern)) = line.split_once(|c: char| c.is_ascii_whitespace()) else {
            return Err(format!(
                "{at}: a route is NAME then PATTERN, and \"{}\" has no pattern",
                report::Quoted(line)
            ));
        };
        let pattern = pattern.trim();
        if !pattern.starts_with('{')
            && let Some(space) = unescaped_whitespace(pattern)
        {
            return Err(format!(
                "{at}: route {}: the pattern \"{}\" holds whitespace at byte {space} \
                 (a comment goes on a line of its own; write a space in a pattern as '\\ ')",
                report::Quoted(route),
                report::Quoted(pattern)
            ));
        }
        let pattern = pattern_io::compile(pattern, base, options, limits)
            .map_err(|e| format!("{at}: route {}: {e}", report::Quoted(route)))?;
        routes.push(Route {
            name: route.to_owned(),
            pattern,
        });
    }
    Ok(())
}

/// The byte offset of the first whitespace character of `pattern` that no `\\` escapes.
fn unescaped_whitespace(pattern: &str) -> Option<usize> {
    let mut chars = pattern.char_indices();
    while let Some((i, c)) = chars.next() {
        if c == '\\' {
            chars.next();
        } else if c.is_whitespace() {
            return Some(i);
        }
    }
    None
}

/// Runs `weburl match`.
pub fn run(mut args: MatchArgs) -> ExitCode {
    let options = UrlPatternOptions {
        ignore_case: args.ignore_case,
    };
    let pattern_base = args.pattern_base.as_deref();
    if let Some(base) = pattern_base
        && let Err(e) = Url::parse(base)
    {
        report::usage_error(format_args!(
            "invalid value '{}' for '--pattern-base <URL>': {e}",
            report::Quoted(base)
        ));
    }
    if args.patterns.is_empty() && args.routes.is_empty() {
        if args.urls.is_empty() {
            report::usage_error("no pattern: give one (before the URLs), --pattern or --routes");
        }
        args.patterns.push(args.urls.remove(0));
    }
    let mut limits = NamedLimits::new();
    limits.base("give --pattern-base URL, or use an init object");
    if args.untrusted {
        limits.untrusted("--untrusted");
    }
    if args.no_regexp_groups {
        limits.regexp_groups(false, "--no-regexp-groups");
    }
    if let Some(max) = args.max_pattern_length {
        limits.max_len(max, format!("--max-pattern-length {max}"));
    }
    if args.no_backtracking_regexps {
        limits.backtracking_regexps(false, "--no-backtracking-regexps");
    }
    if let Some(max) = args.max_regexp_steps {
        limits.max_regexp_steps(max);
    }
    let mut routes = Vec::new();
    for pattern in &args.patterns {
        match pattern_io::compile(pattern, pattern_base, options, &limits) {
            Ok(compiled) => routes.push(Route {
                name: pattern.clone(),
                pattern: compiled,
            }),
            Err(e) => report::usage_error(format_args!("pattern {}: {e}", report::Quoted(pattern))),
        }
    }
    for path in &args.routes {
        if let Err(e) = read_routes(path, pattern_base, options, &limits, &mut routes) {
            report::usage_error(e);
        }
    }
    if let Some(template) = &args.get
        && let Err(e) = template.check_groups(&routes)
    {
        report::usage_error(e);
    }
    let base = (args.base.as_deref()).map(|base| input::parse_base(base, "--base <URL>", false));
    let mut set = UrlPatternSet::new();
    for (index, route) in routes.iter().enumerate() {
        set.insert(route.pattern.clone(), index);
    }
    let output = if args.json {
        Output::Json
    } else if let Some(template) = args.get {
        Output::Template(template)
    } else {
        Output::Groups
    };
    let matcher = Matcher {
        routes,
        set,
        base,
        all: args.all,
        best: args.best,
        output,
        blank_failures: args.blank_failures,
    };
    driver::run_process(&matcher, args.urls, &args.source, &args.run)
}

/// How a match is printed.
#[derive(Debug)]
enum Output {
    /// The route's name and its groups.
    Groups,
    /// `--get`.
    Template(Template),
    /// `--json`.
    Json,
}

/// Matches each input against the routes.
struct Matcher {
    routes: Vec<Route>,
    /// The routes' patterns, each with its index in `routes`.
    set: UrlPatternSet<usize>,
    base: Option<Url>,
    all: bool,
    /// `--best`: the most specific match instead of the first.
    best: bool,
    output: Output,
    blank_failures: bool,
}

/// The groups worth printing: those of the components the pattern constrains (not `*`),
/// that captured something; a numbered group is named `COMPONENT.N` (as the data functions
/// name it: `url_pattern_group(..., 'pathname.0')`).
fn interesting_groups(pattern: &UrlPattern, result: &UrlPatternResult) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (component, c) in result.components() {
        if pattern.get(component) == "*" {
            continue;
        }
        for (name, value) in c.groups.iter() {
            let Some(value) = value else { continue };
            let name = if name.bytes().all(|b| b.is_ascii_digit()) {
                format!("{component}.{name}")
            } else {
                name.to_string()
            };
            out.push((name, value.to_string()));
        }
    }
    out
}

/// `--json`'s object for one match.
#[derive(Serialize)]
struct JsonMatch<'a> {
    route: &'a str,
    #[serde(serialize_with = "pairs_as_map")]
    groups: Vec<(String, String)>,
    #[serde(rename = "match")]
    result: pattern_io::MatchObject,
}

fn pairs_as_map<S: Serializer>(pairs: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        map.serialize_entry(k, v)?;
    }
    map.end()
}

impl Matcher {
    /// The matches of `url`, in route order: the first only (with `--best` the most
    /// specific), or with `--all` every one; `Err` when a route tried ran out of its regexp
    /// step budget.
    fn matches(&self, url: &Url) -> Result<Vec<(usize, UrlPatternResult)>, UrlPatternMatchError> {
        if self.best {
            return Ok((self.set.try_best_match_url(url)?)
                .map(|(&index, result)| vec![(index, result)])
                .unwrap_or_default());
        }
        if !self.all {
            return Ok((self.set.try_first_match_url(url)?)
                .map(|(&index, result)| vec![(index, result)])
                .unwrap_or_default());
        }
        Ok((self.set.try_matches_url(url)?.into_iter())
            .map(|(&index, result)| (index, result))
            .collect())
    }

    /// Records that `input` failed, as every command does ([`Sink::fail_input`]).
    fn fail(&self, input: &str, failure: Failure, sink: &mut Sink) {
        let json = matches!(self.output, Output::Json);
        sink.fail_input(input, &failure, json, self.blank_failures);
    }
}

impl Process for Matcher {
    fn process(&self, input: &str, sink: &mut Sink) {
        let url = match Url::options().base(self.base.as_ref()).parse(input) {
            Ok(url) => url,
            Err(e) => return self.fail(input, e.into(), sink),
        };
        let matches = match self.matches(&url) {
            Ok(matches) => matches,
            Err(e) => {
                return self.fail(input, Failure::new("regexp-steps-exhausted", e), sink);
            }
        };
        if matches.is_empty() {
            return self.fail(input, Failure::new("no-match", "no route matches"), sink);
        }
        let out = sink.out();
        match &self.output {
            Output::Json => {
                let list: Vec<JsonMatch<'_>> = matches
                    .into_iter()
                    .map(|(index, result)| {
                        let route = &self.routes[index];
                        JsonMatch {
                            route: &route.name,
                            groups: interesting_groups(&route.pattern, &result),
                            result: result.into(),
                        }
                    })
                    .collect();
                out.extend_from_slice(b"{\"input\":");
                let _ = serde_json::to_writer(&mut *out, input);
                if self.all {
                    out.extend_from_slice(b",\"matches\":");
                    let _ = serde_json::to_writer(&mut *out, &list);
                    out.push(b'}');
                } else {
                    // `{"input":...,` then the match object without its `{`.
                    out.push(b',');
                    let brace = out.len();
                    let _ = serde_json::to_writer(&mut *out, &list[0]);
                    out.remove(brace);
                }
            }
            Output::Groups => {
                for (i, (index, result)) in matches.iter().enumerate() {
                    if i > 0 {
                        out.push(b'\t');
                    }
                    let route = &self.routes[*index];
                    out.extend_from_slice(route.name.as_bytes());
                    for (name, value) in interesting_groups(&route.pattern, result) {
                        out.push(b' ');
                        out.extend_from_slice(name.as_bytes());
                        out.push(b'=');
                        out.extend_from_slice(value.as_bytes());
                    }
                }
            }
            Output::Template(template) => {
                let mut text = String::new();
                for (i, (index, result)) in matches.iter().enumerate() {
                    if i > 0 {
                        text.push('\t');
                    }
                    template.render(&self.routes[*index].name, input, &url, result, &mut text);
                }
                out.extend_from_slice(text.as_bytes());
            }
        }
        out.push(b'\n');
    }

    fn skipped(&self, sink: &mut Sink) {
        if self.blank_failures {
            sink.out().push(b'\n');
        }
    }

    fn not_utf8(&self, lossy: &str, sink: &mut Sink) {
        self.fail(lossy, Failure::new(NOT_UTF8_NAME, NOT_UTF8_MESSAGE), sink);
    }
}

/// A `--get` template: literal text and placeholders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Route,
    Input,
    Href,
    /// `{:NAME}`: a group, from the first component that has it.
    Group(String),
    /// `{COMPONENT}`: the component's input.
    Component(usize),
    /// `{COMPONENT.NAME}`.
    ComponentGroup(usize, String),
}

impl Template {
    /// Parses a template; `Err` says what is wrong and where ([`brace`]).
    pub fn parse(text: &str) -> Result<Template, BraceError> {
        let pieces = brace::parse(text, Piece::Text, Template::placeholder, || {
            format!(
                "{{route}}, {{input}}, {{href}}, {{:GROUP}}, {{COMPONENT}} and \
                 {{COMPONENT.GROUP}}, COMPONENT one of {}",
                UrlPatternComponent::ALL
                    .map(UrlPatternComponent::name)
                    .join(", ")
            )
        })?;
        Ok(Template { pieces })
    }

    /// The piece of the placeholder `{name}`; None for a name it does not know.
    fn placeholder(name: &str) -> Option<Piece> {
        let component = |c: &str| UrlPatternComponent::ALL.iter().position(|n| n.name() == c);
        Some(match name {
            "route" => Piece::Route,
            "input" => Piece::Input,
            "href" => Piece::Href,
            _ => {
                // A group's name is never empty (and never holds a '.').
                let group = |group: &str| (!group.is_empty()).then(|| group.to_owned());
                if let Some(name) = name.strip_prefix(':') {
                    Piece::Group(group(name)?)
                } else if let Some((c, name)) = name.split_once('.') {
                    Piece::ComponentGroup(component(c)?, group(name)?)
                } else {
                    Piece::Component(component(name)?)
                }
            }
        })
    }

    /// `Err` names a group placeholder that no route has (in that component, for
    /// `{COMPONENT.NAME}`): it could never be filled in.
    fn check_groups(&self, routes: &[Route]) -> Result<(), String> {
        for piece in &self.pieces {
            // The components to look in, the name, and the placeholder of a name.
            let (components, name, placeholder): (&[UrlPatternComponent], _, fn(_, _) -> _) =
                match piece {
                    Piece::Group(name) => {
                        (&UrlPatternComponent::ALL, name, |_, n| format!("{{:{n}}}"))
                    }
                    Piece::ComponentGroup(i, name) => {
                        (&UrlPatternComponent::ALL[*i..=*i], name, |c, n| {
                            format!("{{{c}.{n}}}")
                        })
                    }
                    _ => continue,
                };
            let known = routes.iter().any(|route| {
                (components.iter()).any(|&c| route.pattern.group_names(c).any(|n| n == name))
            });
            if !known {
                let mut names: Vec<String> = Vec::new();
                for route in routes {
                    for &c in components {
                        for n in route.pattern.group_names(c) {
                            let n = placeholder(c, n);
                            if !names.contains(&n) {
                                names.push(n);
                            }
                        }
                    }
                }
                return Err(format!(
                    "--get: unknown group {}: no route has it ({})",
                    placeholder(components[0], name),
                    if names.is_empty() {
                        format!(
                            "the routes have no {}groups",
                            match components {
                                [c] => format!("{c} "),
                                _ => String::new(),
                            }
                        )
                    } else {
                        format!("they have {}", names.join(", "))
                    }
                ));
            }
        }
        Ok(())
    }

    /// Appends the template filled in for one match.
    fn render(
        &self,
        route: &str,
        input: &str,
        url: &Url,
        result: &UrlPatternResult,
        out: &mut String,
    ) {
        let part = |i: usize| result.component(UrlPatternComponent::ALL[i]);
        let group = |c: &UrlPatternComponentResult, name: &str| -> Option<String> {
            c.groups.get(name).map(str::to_owned)
        };
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Route => out.push_str(route),
                Piece::Input => out.push_str(input),
                Piece::Href => out.push_str(url.href()),
                Piece::Group(name) => {
                    if let Some(v) = result.components().find_map(|(_, c)| group(c, name)) {
                        out.push_str(&v);
                    }
                }
                Piece::Component(i) => out.push_str(&part(*i).input),
                Piece::ComponentGroup(i, name) => {
                    if let Some(v) = group(part(*i), name) {
                        let _ = write!(out, "{v}");
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Piece, Template};

    #[test]
    fn templates() {
        let t = Template::parse("{route}: {:id} {pathname.0} {{x}} {hash}").unwrap();
        assert_eq!(t.pieces[0], Piece::Route);
        assert_eq!(t.pieces[2], Piece::Group("id".into()));
        assert_eq!(t.pieces[4], Piece::ComponentGroup(5, "0".into()));
        assert_eq!(t.pieces[5], Piece::Text(" {x} ".into()));
        assert_eq!(t.pieces[6], Piece::Component(7));
        for unknown in ["{nope}", "{:}", "{pathname.}", "{path.0}", "{pathname:0}"] {
            let error = Template::parse(unknown).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!(
                    "unknown placeholder '{unknown}' at byte 0 (known: "
                )),
                "{error}"
            );
        }
    }
}
