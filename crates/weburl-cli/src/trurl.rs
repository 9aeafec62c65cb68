//! curl's `trurl` options, under trurl's names and with its meanings where they make sense for
//! URL Standard URLs: how hosts, ports and decoded components are printed (`--as-idn`,
//! `--punycode`, `--keep-port`, `--urlencode`), how the query is split (`--query-separator`),
//! how spaces in the input are taken (`--accept-space`), and the query edits of `weburl set`
//! (`--qtrim`, `--replace`, `--replace-append`). docs/TRURL-AND-UNFURL.md says where and why
//! they differ from trurl's.

use std::borrow::Cow;

use clap::Args;
use weburl::Url;
use weburl::form_urlencoded::byte_serialize;
use weburl::percent::percent_decode;

use crate::glob::Glob;
use crate::style::Style;

/// trurl's options that change how URLs are read and printed, taken by every subcommand that
/// prints URLs.
#[derive(Args, Debug, Default)]
#[command(next_help_heading = "trurl's options")]
pub struct TrurlArgs {
    /// Print the host of a special URL in Unicode (domain to Unicode: xn--4cab6c is åäö) in
    /// the href and in {href}, {host} and {hostname}; a host that does not convert is left
    /// as it is
    #[arg(long, conflicts_with = "punycode")]
    pub as_idn: bool,

    /// Print hosts in ASCII (punycode): what the URL Standard always does for the hosts of
    /// special URLs (accepted for trurl's scripts; the opaque host of another URL stays
    /// percent-encoded, as the Standard has it)
    #[arg(long)]
    pub punycode: bool,

    /// Keep a port that the input spells out even when it is the scheme's default
    /// (https://h:443/ stays so) in the href and in {href}, {host} and {port}
    #[arg(long)]
    pub keep_port: bool,

    /// Print every --get placeholder as the URL has it, percent-encoded: {:COMPONENT},
    /// {query:NAME} and {query-all:NAME} are not decoded
    #[arg(long)]
    pub urlencode: bool,

    /// The one ASCII character that separates query pairs (default '&'), for {query:NAME},
    /// {query-all:NAME}, --json's "params" and the query edits of `set` (--append query=,
    /// --trim, --qtrim, --replace, --replace-append, --sort-query)
    #[arg(long, value_name = "LETTER", value_parser = parse_separator)]
    pub query_separator: Option<u8>,

    /// Write the spaces of the input's query as '+' (as trurl does); the URL Standard
    /// already takes spaces in the path, query and fragment and percent-encodes them (%20)
    #[arg(long)]
    pub accept_space: bool,
}

/// Parses `--query-separator`: exactly one ASCII character.
fn parse_separator(arg: &str) -> Result<u8, String> {
    match arg.as_bytes() {
        [byte] if byte.is_ascii() => Ok(*byte),
        _ => Err("expected a single ASCII character".to_owned()),
    }
}

impl Style {
    /// The style the options ask for.
    pub fn from_args(args: &TrurlArgs) -> Style {
        Style {
            as_idn: args.as_idn,
            keep_port: args.keep_port,
            urlencode: args.urlencode,
            separator: args.query_separator.unwrap_or(b'&'),
        }
    }
}

/// With `--accept-space`: `input` with the spaces of its query (from the first `?` up to the
/// first `#`) written as `+`, after the leading and trailing spaces and C0 controls the parser
/// ignores are taken off.
pub fn accept_space(input: &str) -> Cow<'_, str> {
    let trimmed = input.trim_matches(|c: char| c <= ' ');
    let end = trimmed.find('#').unwrap_or(trimmed.len());
    match trimmed[..end].find('?') {
        Some(start) if trimmed[start..end].contains(' ') => {
            let mut out = String::with_capacity(trimmed.len());
            out.push_str(&trimmed[..start]);
            out.push_str(&trimmed[start..end].replace(' ', "+"));
            out.push_str(&trimmed[end..]);
            Cow::Owned(out)
        }
        _ => Cow::Borrowed(input),
    }
}

/// The pairs of `query` split at `separator`, as written (empty pieces skipped, as the
/// form-urlencoded parser skips them).
pub fn raw_pairs(query: &str, separator: u8) -> impl Iterator<Item = &str> {
    query
        .split(char::from(separator))
        .filter(|pair| !pair.is_empty())
}

/// The query's pairs split at `separator`, each name and value decoded as the form-urlencoded
/// parser decodes them (`--json`'s `params` with `--query-separator`).
pub fn params(url: &Url, separator: u8) -> Vec<(String, String)> {
    raw_pairs(url.query().unwrap_or(""), separator)
        .map(|pair| {
            let (name, value) = split_pair(pair);
            (
                decode(name, true).text.into_owned(),
                decode(value.unwrap_or(""), true).text.into_owned(),
            )
        })
        .collect()
}

/// A pair's name and value as written (the value is `None` without `=`).
pub fn split_pair(pair: &str) -> (&str, Option<&str>) {
    match pair.split_once('=') {
        Some((name, value)) => (name, Some(value)),
        None => (pair, None),
    }
}

/// A percent-decoded text, and whether decoding met a problem trurl's `{strict:…}` fails on:
/// bytes that are not UTF-8 (shown as U+FFFD) or a NUL (which trurl cannot show).
pub struct Decoded<'a> {
    /// The decoded text.
    pub text: Cow<'a, str>,
    /// Whether decoding met a problem.
    pub problem: bool,
}

/// Percent-decodes `raw`; with `plus`, a `+` is a space first (form-urlencoded names and
/// values).
pub fn decode(raw: &str, plus: bool) -> Decoded<'_> {
    let spaced: Cow<'_, str> = if plus && raw.contains('+') {
        Cow::Owned(raw.replace('+', " "))
    } else {
        Cow::Borrowed(raw)
    };
    let bytes = match spaced {
        Cow::Borrowed(text) => percent_decode(text.as_bytes()),
        Cow::Owned(text) => Cow::Owned(percent_decode(text.as_bytes()).into_owned()),
    };
    let nul = bytes.contains(&0);
    let (text, invalid) = match bytes {
        Cow::Borrowed(bytes) => match std::str::from_utf8(bytes) {
            Ok(text) => (Cow::Borrowed(text), false),
            Err(_) => (String::from_utf8_lossy(bytes), true),
        },
        Cow::Owned(bytes) => match String::from_utf8(bytes) {
            Ok(text) => (Cow::Owned(text), false),
            Err(e) => (
                Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
                true,
            ),
        },
    };
    Decoded {
        text,
        problem: nul || invalid,
    }
}

/// One `--qtrim NAME` or `--qtrim PREFIX*`: trurl's patterns, matched against decoded names
/// ignoring ASCII case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QTrim {
    /// The name, or the prefix.
    text: String,
    /// Whether `text` is a prefix (the pattern ended with an unescaped `*`).
    prefix: bool,
}

impl QTrim {
    /// Parses a pattern: a final `*` makes it a prefix, a final `\*` is a literal `*`.
    pub fn parse(arg: &str) -> Result<QTrim, String> {
        if arg.is_empty() {
            return Err("expected a name, or a prefix and '*'".to_owned());
        }
        Ok(if let Some(literal) = arg.strip_suffix("\\*") {
            QTrim {
                text: format!("{literal}*"),
                prefix: false,
            }
        } else if let Some(prefix) = arg.strip_suffix('*') {
            QTrim {
                text: prefix.to_owned(),
                prefix: true,
            }
        } else {
            QTrim {
                text: arg.to_owned(),
                prefix: false,
            }
        })
    }

    /// Whether the (decoded) `name` matches.
    pub fn matches(&self, name: &str) -> bool {
        if self.prefix {
            name.len() >= self.text.len()
                && name.as_bytes()[..self.text.len()].eq_ignore_ascii_case(self.text.as_bytes())
        } else {
            name.eq_ignore_ascii_case(&self.text)
        }
    }
}

/// One `--replace NAME[=VALUE]` or `--replace-append NAME[=VALUE]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replace {
    /// The name (decoded: compared with the pairs' decoded names).
    pub name: String,
    /// The pair that replaces the first pair of that name, form-urlencoded (`NAME` alone
    /// when no `=` was given).
    pub pair: String,
}

impl Replace {
    /// Parses `NAME=VALUE` or `NAME`.
    pub fn parse(arg: &str) -> Result<Replace, String> {
        if arg.is_empty() {
            return Err("expected NAME=VALUE or NAME".to_owned());
        }
        let (name, value) = split_pair(arg);
        let mut pair: String = byte_serialize(name.as_bytes()).collect();
        if let Some(value) = value {
            pair.push('=');
            pair.extend(byte_serialize(value.as_bytes()));
        }
        Ok(Replace {
            name: name.to_owned(),
            pair,
        })
    }
}

/// A query split into pairs at a separator, to edit and write back.
pub struct QueryEdit {
    separator: u8,
    pairs: Vec<String>,
    changed: bool,
}

impl QueryEdit {
    /// The pairs of `url`'s query.
    pub fn new(url: &Url, separator: u8) -> QueryEdit {
        QueryEdit {
            separator,
            pairs: raw_pairs(url.query().unwrap_or(""), separator)
                .map(str::to_owned)
                .collect(),
            changed: false,
        }
    }

    /// The decoded name of `pair`.
    fn name(pair: &str) -> Cow<'_, str> {
        decode(split_pair(pair).0, true).text
    }

    /// Appends `NAME=VALUE`, form-urlencoded.
    pub fn append(&mut self, name: &str, value: &str) {
        let mut pair: String = byte_serialize(name.as_bytes()).collect();
        pair.push('=');
        pair.extend(byte_serialize(value.as_bytes()));
        self.pairs.push(pair);
        self.changed = true;
    }

    /// Removes the pairs whose decoded name matches a glob of `--trim` or a pattern of
    /// `--qtrim`.
    pub fn trim(&mut self, globs: &[Glob], qtrims: &[QTrim]) {
        let before = self.pairs.len();
        self.pairs.retain(|pair| {
            let name = QueryEdit::name(pair);
            !globs.iter().any(|glob| glob.matches(&name))
                && !qtrims.iter().any(|qtrim| qtrim.matches(&name))
        });
        self.changed |= self.pairs.len() != before;
    }

    /// `--replace`: the first pair named `replace.name` becomes `replace.pair` and the others
    /// of that name go; with `append`, the pair is appended when there is none.
    pub fn replace(&mut self, replace: &Replace, append: bool) {
        let mut found = false;
        self.pairs.retain_mut(|pair| {
            if QueryEdit::name(pair) != replace.name {
                return true;
            }
            if found {
                return false;
            }
            found = true;
            pair.clone_from(&replace.pair);
            true
        });
        if !found && append {
            self.pairs.push(replace.pair.clone());
        }
        self.changed |= found || append;
    }

    /// Sorts the pairs by decoded name (UTF-16 code units, as `searchParams.sort()`), keeping
    /// the order of equal names, and the pairs as written.
    pub fn sort(&mut self) {
        let mut keyed: Vec<(Vec<u16>, String)> = std::mem::take(&mut self.pairs)
            .into_iter()
            .map(|pair| (QueryEdit::name(&pair).encode_utf16().collect(), pair))
            .collect();
        keyed.sort_by(|a, b| a.0.cmp(&b.0));
        self.pairs = keyed.into_iter().map(|(_, pair)| pair).collect();
        self.changed = true;
    }

    /// Writes the pairs back into `url` if they changed (a query left without pairs is
    /// dropped, '?' and all).
    pub fn finish(self, url: &mut Url) {
        if !self.changed {
            return;
        }
        if self.pairs.is_empty() {
            url.set_search("");
            return;
        }
        let separator = char::from(self.separator).to_string();
        url.set_search(&format!("?{}", self.pairs.join(&separator)));
    }
}

#[cfg(test)]
mod tests {
    use super::{QTrim, QueryEdit, Replace, accept_space, decode};
    use crate::style::explicit_port;
    use weburl::Url;

    #[test]
    fn explicit_ports() {
        let cases = [
            ("https://h:443/", Some(443)),
            ("https://u:p@h:0443", Some(443)),
            ("HTTP:\\\\h:80?x", Some(80)),
            ("http://[::1]:80/", Some(80)),
            ("http://[::1]/", None),
            ("http://h/:80", None),
            ("http://h:/", None),
            ("http://h:8x/", None),
            ("//h:80/", None),
            ("http://h:99999999/", None),
            (" http://h:8\t0/ ", Some(80)),
        ];
        for (input, port) in cases {
            assert_eq!(explicit_port(input), port, "{input}");
        }
    }

    #[test]
    fn spaces_in_the_query() {
        assert_eq!(
            accept_space(" http://h/a b?c d e#f g "),
            "http://h/a b?c+d+e#f g"
        );
        assert_eq!(accept_space("http://h/a b#?c d"), "http://h/a b#?c d");
    }

    #[test]
    fn decoding() {
        let d = decode("a+b%20c%C3%A9", true);
        assert_eq!((&*d.text, d.problem), ("a b cé", false));
        assert_eq!(decode("a+b", false).text, "a+b");
        assert!(decode("x%00y", false).problem);
        let bad = decode("x%FFy", false);
        assert_eq!((&*bad.text, bad.problem), ("x\u{FFFD}y", true));
    }

    #[test]
    fn qtrim_patterns() {
        let prefix = QTrim::parse("utm_*").unwrap();
        assert!(prefix.matches("UTM_source") && prefix.matches("utm_") && !prefix.matches("utm"));
        let exact = QTrim::parse("id").unwrap();
        assert!(exact.matches("ID") && !exact.matches("ids"));
        let star = QTrim::parse("a\\*").unwrap();
        assert!(star.matches("a*") && !star.matches("ab"));
        assert!(QTrim::parse("").is_err());
    }

    fn edit(url: &str, separator: u8, f: impl FnOnce(&mut QueryEdit)) -> String {
        let mut url = Url::parse(url).unwrap();
        let mut query = QueryEdit::new(&url, separator);
        f(&mut query);
        query.finish(&mut url);
        url.href().to_owned()
    }

    #[test]
    fn replacing() {
        let r = Replace::parse("b=x y&z").unwrap();
        assert_eq!(r.pair, "b=x+y%26z");
        assert_eq!(
            edit("http://h/?a=1&b=2&b=3", b'&', |q| q.replace(&r, false)),
            "http://h/?a=1&b=x+y%26z"
        );
        assert_eq!(
            edit("http://h/?a=1", b'&', |q| q.replace(&r, false)),
            "http://h/?a=1"
        );
        assert_eq!(
            edit("http://h/?a=1", b'&', |q| q.replace(&r, true)),
            "http://h/?a=1&b=x+y%26z"
        );
        let bare = Replace::parse("key").unwrap();
        assert_eq!(
            edit("http://h/?key=foo;x=1", b';', |q| q.replace(&bare, false)),
            "http://h/?key;x=1"
        );
    }

    #[test]
    fn separators() {
        assert_eq!(
            edit("http://h/?b=1;a=2;;c#f", b';', QueryEdit::sort),
            "http://h/?a=2;b=1;c#f"
        );
        let trim = [QTrim::parse("d").unwrap()];
        assert_eq!(
            edit("http://h/?a=bCd=eCe=f", b'C', |q| q.trim(&[], &trim)),
            "http://h/?a=bCe=f"
        );
        assert_eq!(
            edit("http://h/?d=1", b'&', |q| q.trim(&[], &trim)),
            "http://h/"
        );
        // A first pair starting with '?' keeps it.
        assert_eq!(
            edit("http://h/??a&b", b'&', |q| q.append("c", "")),
            "http://h/??a&b&c="
        );
    }
}
