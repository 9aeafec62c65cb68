//! `--get TEMPLATE`: text with `{placeholder}`s replaced by parts of each URL.

use std::borrow::Cow;
use std::io::Write as _;

use weburl::host::domain::domain_to_unicode;
use weburl::percent::percent_decode_str;
use weburl::psl::Sections;
use weburl::{Component, SearchParams, Url};

/// What `--help` says about templates.
pub const HELP: &str = "\
Print TEMPLATE for each URL instead of its href. Placeholders:
  {href} {origin} {protocol} {scheme} {username} {password} {host} {hostname}
  {port} {pathname} {search} {query} {hash} {fragment}
      the URL API's getters; {scheme} is the protocol without ':', {query} and
      {fragment} the search and hash without '?' and '#'
  {:COMPONENT}       the component percent-decoded (UTF-8; invalid bytes become U+FFFD)
  {query:NAME}       the first value of the query parameter NAME (decoded), or nothing
  {query-all:NAME}   every value of NAME (decoded), one per line (joined by a newline)
  {query-all:NAME:SEP}   every value of NAME, joined by SEP (e.g. {query-all:x:,})
  {input}            the input as given (the line or argument, before any change)
  {default:port}     the port, or the scheme's default port when there is none
  {puny:host} {puny:hostname}   the host in ASCII (punycode), as the URL has it
  {idn:host} {idn:hostname}     the host in Unicode (domain to Unicode)
  {public_suffix} {registrable_domain}
      the host's public suffix and registrable domain (the URL Standard's, by the Public
      Suffix List built in; with --icann-only, its ICANN section alone), or nothing when
      the host is not a domain (an IP address, an opaque or empty host) or has none
  {subdomain}        the labels before the registrable domain (nothing when there are none)
  {site}             the site of the URL's origin (HTML): scheme://registrable-domain, or
                     scheme://host when there is none, or null for an opaque origin
Write {{ and }} for literal braces. An unknown placeholder is a usage error.";

/// A component given by its getter: the URL API's ([`Component`]), or the URL record's
/// `scheme`, `query` and `fragment` (without their ':', '?' and '#').
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Api(Component),
    Scheme,
    Query,
    Fragment,
}

impl Field {
    fn from_name(name: &str) -> Option<Field> {
        match name {
            "scheme" => Some(Field::Scheme),
            "query" => Some(Field::Query),
            "fragment" => Some(Field::Fragment),
            _ => name.parse().ok().map(Field::Api),
        }
    }

    /// The field's value in `url`.
    fn value(self, url: &Url) -> Cow<'_, str> {
        match self {
            Field::Api(component) => url.get(component),
            Field::Scheme => Cow::Borrowed(url.scheme()),
            Field::Query => Cow::Borrowed(url.query().unwrap_or("")),
            Field::Fragment => Cow::Borrowed(url.fragment().unwrap_or("")),
        }
    }
}

/// One piece of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    /// Literal text.
    Text(String),
    /// `{field}`, or `{:field}` (percent-decoded) when the flag is set.
    Field(Field, bool),
    /// `{query:NAME}`.
    QueryFirst(String),
    /// `{query-all:NAME}` or `{query-all:NAME:SEP}`: the name and the separator.
    QueryAll(String, String),
    /// `{input}`.
    Input,
    /// `{default:port}`.
    DefaultPort,
    /// `{puny:host}` (with the port) or `{puny:hostname}` (without).
    Puny { with_port: bool },
    /// `{idn:host}` or `{idn:hostname}`.
    Idn { with_port: bool },
    /// `{public_suffix}`.
    PublicSuffix,
    /// `{registrable_domain}`.
    RegistrableDomain,
    /// `{subdomain}`.
    Subdomain,
    /// `{site}`.
    Site,
}

/// A parsed `--get` template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
    /// The Public Suffix List sections of `{public_suffix}` and the like.
    sections: Sections,
}

impl Template {
    /// Parses a template; `Err` names what is wrong (an unknown placeholder, a brace without
    /// its partner).
    pub fn parse(template: &str) -> Result<Template, String> {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut rest = template;
        while let Some(at) = rest.find(['{', '}']) {
            text.push_str(&rest[..at]);
            let brace = rest.as_bytes()[at];
            let after = &rest[at + 1..];
            if after.as_bytes().first() == Some(&brace) {
                text.push(brace as char);
                rest = &after[1..];
                continue;
            }
            if brace == b'}' {
                return Err("unmatched '}' (write '}}' for a literal brace)".to_owned());
            }
            let Some(end) = after
                .find(['}', '{'])
                .filter(|&end| after.as_bytes()[end] == b'}')
            else {
                return Err(format!(
                    "unclosed placeholder '{{{}' (write '{{{{' for a literal brace)",
                    after.split('{').next().unwrap_or("")
                ));
            };
            if !text.is_empty() {
                pieces.push(Piece::Text(std::mem::take(&mut text)));
            }
            pieces.push(placeholder(&after[..end])?);
            rest = &after[end + 1..];
        }
        text.push_str(rest);
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(Template {
            pieces,
            sections: Sections::All,
        })
    }

    /// The template with its public suffixes, registrable domains and sites taken from
    /// `sections` of the list (`--icann-only`).
    pub fn with_sections(mut self, sections: Sections) -> Template {
        self.sections = sections;
        self
    }

    /// Appends the template filled in for `url`, read from `input`, and a newline, to `out`.
    pub fn render(&self, url: &Url, input: &str, out: &mut Vec<u8>) {
        // Parsed once per URL, on first use.
        let mut cache: Option<SearchParams> = None;
        for piece in &self.pieces {
            match piece {
                Piece::Text(text) => out.extend_from_slice(text.as_bytes()),
                Piece::Field(field, false) => out.extend_from_slice(field.value(url).as_bytes()),
                Piece::Field(field, true) => {
                    let value = field.value(url);
                    out.extend_from_slice(percent_decode_str(&value).as_bytes());
                }
                Piece::QueryFirst(name) => {
                    if let Some(value) = params(&mut cache, url).get(name) {
                        out.extend_from_slice(value.as_bytes());
                    }
                }
                Piece::QueryAll(name, separator) => {
                    for (i, value) in params(&mut cache, url).get_all(name).enumerate() {
                        if i > 0 {
                            out.extend_from_slice(separator.as_bytes());
                        }
                        out.extend_from_slice(value.as_bytes());
                    }
                }
                Piece::Input => out.extend_from_slice(input.as_bytes()),
                Piece::DefaultPort => {
                    if let Some(port) = url.port_or_default() {
                        // Writing to a `Vec` cannot fail.
                        let _ = write!(out, "{port}");
                    }
                }
                Piece::Puny { with_port } => {
                    let host = if *with_port {
                        url.host()
                    } else {
                        url.hostname()
                    };
                    out.extend_from_slice(host.as_bytes());
                }
                Piece::Idn { with_port } => {
                    out.extend_from_slice(unicode_hostname(url).as_bytes());
                    if *with_port && !url.port().is_empty() {
                        out.push(b':');
                        out.extend_from_slice(url.port().as_bytes());
                    }
                }
                Piece::PublicSuffix => {
                    let value = url.public_suffix_in(self.sections);
                    out.extend_from_slice(value.unwrap_or("").as_bytes());
                }
                Piece::RegistrableDomain => {
                    let value = url.registrable_domain_in(self.sections);
                    out.extend_from_slice(value.unwrap_or("").as_bytes());
                }
                Piece::Subdomain => {
                    let value = subdomain(url, self.sections);
                    out.extend_from_slice(value.unwrap_or("").as_bytes());
                }
                Piece::Site => {
                    let site = url.origin().site_in(self.sections);
                    // Writing to a `Vec` cannot fail.
                    let _ = write!(out, "{site}");
                }
            }
        }
        out.push(b'\n');
    }
}

/// The labels of the URL's host before its registrable domain ("" when there are none), or
/// None when it has no registrable domain.
pub fn subdomain(url: &Url, sections: Sections) -> Option<&str> {
    let registrable_domain = url.registrable_domain_in(sections)?;
    let hostname = url.hostname();
    let before = hostname.len() - registrable_domain.len();
    Some(hostname.get(..before.saturating_sub(1)).unwrap_or(""))
}

/// The URL's search params, parsed into `cache` on first use.
fn params<'c>(cache: &'c mut Option<SearchParams>, url: &Url) -> &'c SearchParams {
    cache.get_or_insert_with(|| url.search_params())
}

/// The hostname in Unicode: domain to Unicode for the domain of a special URL; any other host
/// (an IP address, an opaque host) as it is.
///
/// Should move to the library (as `Url::hostname_unicode` or `Host::to_unicode`), which knows
/// the host's kind without looking at its text.
pub fn unicode_hostname(url: &Url) -> Cow<'_, str> {
    let hostname = url.hostname();
    if url.is_special() && !hostname.starts_with('[') {
        domain_to_unicode(hostname)
    } else {
        Cow::Borrowed(hostname)
    }
}

/// Names for error messages.
const KNOWN: &str = "{href} {origin} {protocol} {scheme} {username} {password} {host} \
    {hostname} {port} {pathname} {search} {query} {hash} {fragment}, {:COMPONENT}, \
    {query:NAME}, {query-all:NAME}, {query-all:NAME:SEP}, {input}, {default:port}, {puny:host}, {puny:hostname}, {idn:host}, \
    {idn:hostname}, {public_suffix}, {registrable_domain}, {subdomain}, {site}";

/// The piece for the placeholder `{name}`.
fn placeholder(name: &str) -> Result<Piece, String> {
    let piece = if let Some(field) = name.strip_prefix(':') {
        Field::from_name(field).map(|f| Piece::Field(f, true))
    } else if let Some(param) = name.strip_prefix("query:") {
        Some(Piece::QueryFirst(param.to_owned()))
    } else if let Some(param) = name.strip_prefix("query-all:") {
        // The separator follows the name's first ':' (a newline when there is none).
        let (param, separator) = param.split_once(':').unwrap_or((param, "\n"));
        Some(Piece::QueryAll(param.to_owned(), separator.to_owned()))
    } else {
        match name {
            "input" => Some(Piece::Input),
            "default:port" => Some(Piece::DefaultPort),
            "puny:host" => Some(Piece::Puny { with_port: true }),
            "puny:hostname" => Some(Piece::Puny { with_port: false }),
            "idn:host" => Some(Piece::Idn { with_port: true }),
            "idn:hostname" => Some(Piece::Idn { with_port: false }),
            "public_suffix" => Some(Piece::PublicSuffix),
            "registrable_domain" => Some(Piece::RegistrableDomain),
            "subdomain" => Some(Piece::Subdomain),
            "site" => Some(Piece::Site),
            _ => Field::from_name(name).map(|f| Piece::Field(f, false)),
        }
    };
    piece.ok_or_else(|| format!("unknown placeholder {{{name}}} (known: {KNOWN})"))
}

#[cfg(test)]
mod tests {
    use super::Template;
    use weburl::Url;

    fn render(template: &str, url: &str) -> String {
        let mut out = Vec::new();
        Template::parse(template)
            .unwrap()
            .render(&Url::parse(url).unwrap(), "the input", &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn fields() {
        let url = "https://u:p@EXAMPLE.com:8443/a%20b?x=1&y=%C3%A9+z&x=2#fr%61g";
        assert_eq!(
            render(
                "{protocol}|{scheme}|{username}|{password}|{host}|{hostname}|{port}",
                url
            ),
            "https:|https|u|p|example.com:8443|example.com|8443\n"
        );
        assert_eq!(
            render(
                "{pathname}|{search}|{query}|{hash}|{fragment}|{origin}",
                url
            ),
            "/a%20b|?x=1&y=%C3%A9+z&x=2|x=1&y=%C3%A9+z&x=2|#fr%61g|fr%61g|https://example.com:8443\n"
        );
        assert_eq!(
            render("{:pathname} {:fragment} {:query}", url),
            "/a b frag x=1&y=é+z&x=2\n"
        );
        assert_eq!(
            render("{query:y}|{query:x}|{query-all:x}|{query:none}|", url),
            "é z|1|1\n2||\n"
        );
        assert_eq!(
            render(
                "{query-all:x:,}|{query-all:x:}|{query-all:x:: }|{input}",
                url
            ),
            "1,2|12|1: 2|the input\n"
        );
    }

    #[test]
    fn ports_and_hosts() {
        assert_eq!(render("{port}|{default:port}", "https://a/"), "|443\n");
        assert_eq!(render("{default:port}", "git://a/"), "\n");
        assert_eq!(
            render(
                "{puny:host} {idn:host} {idn:hostname}",
                "http://faß.EXAMPLE:81/"
            ),
            "xn--fa-hia.example:81 faß.example:81 faß.example\n"
        );
        assert_eq!(render("{idn:host}", "http://[::1]:81/"), "[::1]:81\n");
        assert_eq!(render("{idn:host}", "sc://xn--fa-hia/"), "xn--fa-hia\n");
    }

    #[test]
    fn braces() {
        assert_eq!(render("{{{host}}} }}{{", "http://h/"), "{h} }{\n");
        assert_eq!(render("", "http://h/"), "\n");
        assert_eq!(render("plain", "http://h/"), "plain\n");
    }

    #[test]
    fn errors() {
        let err = |t: &str| Template::parse(t).unwrap_err();
        assert!(err("{nope}").starts_with("unknown placeholder {nope} (known: "));
        assert!(err("{:query:x}").starts_with("unknown placeholder {:query:x} "));
        assert!(err("{default:host}").starts_with("unknown placeholder {default:host} "));
        assert_eq!(err("a}b"), "unmatched '}' (write '}}' for a literal brace)");
        assert_eq!(
            err("{host"),
            "unclosed placeholder '{host' (write '{{' for a literal brace)"
        );
        assert_eq!(
            err("{host{port}"),
            "unclosed placeholder '{host' (write '{{' for a literal brace)"
        );
    }
}
