//! `--get TEMPLATE`: text with `{placeholder}`s replaced by parts of each URL.

use std::borrow::Cow;
use std::io::Write as _;

use weburl::psl::Sections;
use weburl::{Component, Url};

use crate::brace::{self, BraceError};
use crate::failure::Failure;
use crate::style::Style;
use crate::trurl;

/// What `--help` says about templates.
pub const HELP: &str = "\
Print TEMPLATE for each URL instead of its href. Placeholders:
  {href} {origin} {protocol} {scheme} {username} {password} {host} {hostname}
  {port} {pathname} {search} {query} {hash} {fragment}
      the URL API's getters; {scheme} is the protocol without ':', {query} and
      {fragment} the search and hash without '?' and '#'; trurl's {url}, {path} and
      {user} are {href}, {pathname} and {username}
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
Qualifiers (trurl's), before any placeholder:
  {must:NAME}        the input fails when the URL has no NAME: no query or fragment (an
                     empty one is there: http://h/? has a query), an empty username,
                     password, host, port or path, no parameter {must:query:x}, no
                     registrable domain, public suffix or subdomain
  {strict:NAME}      NAME percent-decoded, as {:NAME}, and the input fails when decoding
                     meets bytes that are not UTF-8 or a %00 (instead of printing U+FFFD)
  e.g. {must:strict:query:id}. With --urlencode nothing is decoded ({:NAME} and
  {query:NAME} print what the URL has); --as-idn and --keep-port change {href}, {host},
  {hostname} and {port} (and those keys of --json); --query-separator splits the query for {query:NAME} and --json.
Write {{ and }} for literal braces. An unknown placeholder is a usage error.";

/// A component given by its getter: one of the URL API's (named as `weburl::Component` names
/// them), or one of the three trurl-style names without a delimiter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// `{href}`, `{origin}`, `{protocol}`, ... `{hash}`: `Url::get`.
    Api(Component),
    /// `{scheme}`: the protocol without ':'.
    Scheme,
    /// `{query}`: the query without '?'.
    Query,
    /// `{fragment}`: the fragment without '#'.
    Fragment,
}

impl Field {
    fn from_name(name: &str) -> Option<Field> {
        match name {
            "scheme" => Some(Field::Scheme),
            "query" => Some(Field::Query),
            "fragment" => Some(Field::Fragment),
            // trurl's names.
            "url" => Some(Field::Api(Component::Href)),
            "path" => Some(Field::Api(Component::Pathname)),
            "user" => Some(Field::Api(Component::Username)),
            _ => name.parse().ok().map(Field::Api),
        }
    }

    /// The field's value in `url`, read from `input`, printed in `style`.
    #[inline]
    fn value<'u>(self, url: &'u Url, input: &str, style: &Style) -> Cow<'u, str> {
        match self {
            Field::Api(component) if style.changes_href() => match component {
                Component::Href => style.href(url, input),
                Component::Host => style.host(url, input),
                Component::Hostname => style.hostname(url),
                Component::Port => style.port(url, input),
                _ => url.get(component),
            },
            Field::Api(component) => url.get(component),
            Field::Scheme => Cow::Borrowed(url.scheme()),
            Field::Query => Cow::Borrowed(url.query().unwrap_or("")),
            Field::Fragment => Cow::Borrowed(url.fragment().unwrap_or("")),
        }
    }
}

impl Field {
    /// The getter that prints the field as the URL has it (no trurl style), for a field that
    /// borrows from the URL: every one but `{origin}` (which may be built).
    fn getter(self) -> Option<Getter> {
        match self {
            Field::Api(component) => component.getter(),
            Field::Scheme => Some(Url::scheme),
            Field::Query => Some(|url| url.query().unwrap_or("")),
            Field::Fragment => Some(|url| url.fragment().unwrap_or("")),
        }
    }
}

/// A getter of a component that borrows from the URL.
type Getter = for<'u> fn(&'u Url) -> &'u str;

/// A piece of a template with nothing to check and nothing built: literal text, or a
/// component as the URL has it.
#[derive(Clone, Debug)]
enum PlainPiece {
    Text(String),
    Get(Getter),
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
    /// `{must:…}` and `{strict:…}` around a placeholder, written `text`.
    Qualified {
        must: bool,
        strict: bool,
        inner: Box<Piece>,
        text: String,
    },
}

impl Piece {
    /// The piece as a [`PlainPiece`], when it is literal text or a component as the URL has
    /// it (not decoded) that borrows from the URL.
    fn plain(&self) -> Option<PlainPiece> {
        match self {
            Piece::Text(text) => Some(PlainPiece::Text(text.clone())),
            Piece::Field(field, false) => field.getter().map(PlainPiece::Get),
            _ => None,
        }
    }
}

/// A parsed `--get` template.
#[derive(Clone, Debug)]
pub struct Template {
    pieces: Vec<Piece>,
    /// The pieces as getters, when each is literal text or a component that borrows from
    /// the URL, printed as it is: the common case, printed with no per-piece dispatch (and
    /// nothing that can fail).
    plain: Option<Vec<PlainPiece>>,
    /// The Public Suffix List sections of `{public_suffix}` and the like.
    sections: Sections,
    /// trurl's options: `--as-idn`, `--keep-port`, `--urlencode`, `--query-separator`.
    style: Style,
}

impl Template {
    /// Parses a template; `Err` says what is wrong (an unknown placeholder, a brace without
    /// its partner) and where ([`brace`]).
    pub fn parse(template: &str) -> Result<Template, BraceError> {
        let pieces = brace::parse(template, Piece::Text, placeholder, || KNOWN.to_owned())?;
        Ok(Template {
            plain: pieces.iter().map(Piece::plain).collect(),
            pieces,
            sections: Sections::All,
            style: Style::default(),
        })
    }

    /// The template with its public suffixes, registrable domains and sites taken from
    /// `sections` of the list (`--icann-only`).
    pub fn with_sections(mut self, sections: Sections) -> Template {
        self.sections = sections;
        self
    }

    /// The template with trurl's output options `style`.
    pub fn with_style(mut self, style: Style) -> Template {
        if style.changes_href() {
            // `--as-idn` and `--keep-port` change what some getters print.
            self.plain = None;
        }
        self.style = style;
        self
    }

    /// Appends the template filled in for `url` and a newline to `out`, when the template is
    /// plain (literal text and components as the URL has them): `false`, and nothing
    /// appended, otherwise.
    #[inline(always)]
    pub fn render_plain(&self, url: &Url, out: &mut Vec<u8>) -> bool {
        let Some(plain) = &self.plain else {
            return false;
        };
        for piece in plain {
            match piece {
                PlainPiece::Text(text) => out.extend_from_slice(text.as_bytes()),
                PlainPiece::Get(get) => out.extend_from_slice(get(url).as_bytes()),
            }
        }
        out.push(b'\n');
        true
    }

    /// Appends the template filled in for `url`, read from `input`, and a newline, to `out`;
    /// `Err` (and nothing appended) when a `{must:…}` or `{strict:…}` fails.
    pub fn render(&self, url: &Url, input: &str, out: &mut Vec<u8>) -> Result<(), Failure> {
        // The common case first: literal text and the URL API's getters, printed as they are
        // (no decoding, no trurl style), which cannot fail.
        if self.render_plain(url, out) {
            return Ok(());
        }
        let start = out.len();
        for piece in &self.pieces {
            if let Err(e) = self.piece(piece, url, input, false, out) {
                out.truncate(start);
                return Err(e);
            }
        }
        out.push(b'\n');
        Ok(())
    }

    /// Appends one piece; `strict`: a decoding problem is an error.
    fn piece(
        &self,
        piece: &Piece,
        url: &Url,
        input: &str,
        strict: bool,
        out: &mut Vec<u8>,
    ) -> Result<(), Failure> {
        let style = &self.style;
        match piece {
            Piece::Text(text) => out.extend_from_slice(text.as_bytes()),
            Piece::Field(field, decoded) => {
                let value = field.value(url, input, style);
                if *decoded && !style.urlencode {
                    let decoded = trurl::decode(&value, false);
                    check_decoded(strict, decoded.problem)?;
                    out.extend_from_slice(decoded.text.as_bytes());
                } else {
                    out.extend_from_slice(value.as_bytes());
                }
            }
            Piece::QueryFirst(name) => {
                if let Some(value) = self.query_values(url, name).next() {
                    self.query_value(value, strict, out)?;
                }
            }
            Piece::QueryAll(name, separator) => {
                for (i, value) in self.query_values(url, name).enumerate() {
                    if i > 0 {
                        out.extend_from_slice(separator.as_bytes());
                    }
                    self.query_value(value, strict, out)?;
                }
            }
            Piece::Input => out.extend_from_slice(input.as_bytes()),
            Piece::DefaultPort => {
                if let Some(port) = url.port_or_default() {
                    // Writing to a `Vec` cannot fail.
                    let _ = write!(out, "{port}");
                }
            }
            Piece::Puny { with_port } | Piece::Idn { with_port } => {
                let hostname = match piece {
                    Piece::Idn { .. } => crate::style::unicode_hostname(url),
                    _ => Cow::Borrowed(url.hostname()),
                };
                out.extend_from_slice(hostname.as_bytes());
                let port = style.port(url, input);
                if *with_port && !port.is_empty() {
                    out.push(b':');
                    out.extend_from_slice(port.as_bytes());
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
            Piece::Qualified {
                must,
                strict: strict_here,
                inner,
                text,
            } => {
                if *must && self.missing(inner, url, input) {
                    return Err(Failure::new(
                        "missing-component",
                        format_args!("{{{text}}}: missing from the URL"),
                    ));
                }
                self.piece(inner, url, input, strict || *strict_here, out)
                    .map_err(|e| e.context(format_args!("{{{text}}}")))?;
            }
        }
        Ok(())
    }

    /// The values (as written) of the query parameters named `name`, the query split at
    /// `--query-separator`.
    fn query_values<'u>(&self, url: &'u Url, name: &'u str) -> impl Iterator<Item = &'u str> {
        trurl::raw_pairs(url.query().unwrap_or(""), self.style.separator).filter_map(move |pair| {
            let (raw_name, value) = trurl::split_pair(pair);
            (trurl::decode(raw_name, true).text == name).then_some(value.unwrap_or(""))
        })
    }

    /// Appends a query value: decoded (form-urlencoded), or as written with --urlencode.
    fn query_value(&self, raw: &str, strict: bool, out: &mut Vec<u8>) -> Result<(), Failure> {
        if self.style.urlencode {
            out.extend_from_slice(raw.as_bytes());
        } else {
            let decoded = trurl::decode(raw, true);
            check_decoded(strict, decoded.problem)?;
            out.extend_from_slice(decoded.text.as_bytes());
        }
        Ok(())
    }

    /// Whether `piece` is absent from `url` for `{must:…}`.
    fn missing(&self, piece: &Piece, url: &Url, input: &str) -> bool {
        match piece {
            Piece::Field(field, _) => match field {
                Field::Api(Component::Username) => url.username().is_empty(),
                Field::Api(Component::Password) => url.password().is_empty(),
                Field::Api(Component::Host | Component::Hostname) => url.hostname().is_empty(),
                Field::Api(Component::Port) => self.style.port(url, input).is_empty(),
                Field::Api(Component::Pathname) => url.pathname().is_empty(),
                Field::Api(Component::Search) | Field::Query => url.query().is_none(),
                Field::Api(Component::Hash) | Field::Fragment => url.fragment().is_none(),
                Field::Api(_) | Field::Scheme => false,
            },
            Piece::QueryFirst(name) | Piece::QueryAll(name, _) => {
                self.query_values(url, name).next().is_none()
            }
            Piece::DefaultPort => url.port_or_default().is_none(),
            Piece::Puny { .. } | Piece::Idn { .. } => url.hostname().is_empty(),
            Piece::PublicSuffix => url.public_suffix_in(self.sections).is_none(),
            Piece::RegistrableDomain => url.registrable_domain_in(self.sections).is_none(),
            Piece::Subdomain => subdomain(url, self.sections).is_none_or(str::is_empty),
            Piece::Qualified { inner, .. } => self.missing(inner, url, input),
            Piece::Text(_) | Piece::Input | Piece::Site => false,
        }
    }
}

/// `Err` for a decoding problem under `{strict:…}`.
fn check_decoded(strict: bool, problem: bool) -> Result<(), Failure> {
    if strict && problem {
        return Err(Failure::new(
            "undecodable-component",
            "percent-decoding gives a NUL or bytes that are not UTF-8",
        ));
    }
    Ok(())
}

/// The labels of the URL's host before its registrable domain ("" when there are none), or
/// None when it has no registrable domain.
pub fn subdomain(url: &Url, sections: Sections) -> Option<&str> {
    let registrable_domain = url.registrable_domain_in(sections)?;
    let hostname = url.hostname();
    let before = hostname.len() - registrable_domain.len();
    Some(hostname.get(..before.saturating_sub(1)).unwrap_or(""))
}

/// Names for error messages.
const KNOWN: &str = "{href} {origin} {protocol} {scheme} {username} {password} {host} \
    {hostname} {port} {pathname} {search} {query} {hash} {fragment}, {url} {path} {user}, \
    {:COMPONENT}, \
    {query:NAME}, {query-all:NAME}, {query-all:NAME:SEP}, {input}, {default:port}, {puny:host}, {puny:hostname}, {idn:host}, \
    {idn:hostname}, {public_suffix}, {registrable_domain}, {subdomain}, {site}, and \
    {must:NAME} {strict:NAME} before any of them";

/// The piece for the placeholder `{name}`, with trurl's qualifiers `must:` and `strict:` in
/// front (`{strict:NAME}` decodes NAME); None for a name it does not know.
fn placeholder(name: &str) -> Option<Piece> {
    let (mut must, mut strict) = (false, false);
    let mut rest = name;
    loop {
        if let Some(after) = rest.strip_prefix("must:") {
            must = true;
            rest = after;
        } else if let Some(after) = rest.strip_prefix("strict:") {
            strict = true;
            rest = after;
        } else {
            break;
        }
    }
    if !must && !strict {
        return plain_placeholder(name);
    }
    let inner = match plain_placeholder(rest)? {
        Piece::Field(field, false) if strict => Piece::Field(field, true),
        piece => piece,
    };
    Some(Piece::Qualified {
        must,
        strict,
        inner: Box::new(inner),
        text: name.to_owned(),
    })
}

/// The piece for the placeholder `{name}` without qualifiers.
fn plain_placeholder(name: &str) -> Option<Piece> {
    if let Some(field) = name.strip_prefix(':') {
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
    }
}

#[cfg(test)]
mod tests {
    use super::{Field, Template};
    use crate::style::Style;
    use weburl::{Component, Url};

    #[test]
    fn getters_print_what_the_general_path_prints() {
        let fields = [
            "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
            "pathname", "search", "hash", "scheme", "query", "fragment",
        ]
        .map(|name| Field::from_name(name).unwrap());
        for url in [
            "https://u:p@EXAMPLE.com:8443/a%20b?x=1#frag",
            "http://example.com/",
            "file:///C:/x",
            "sc:opaque?q",
            "blob:https://a.example/uuid",
            "http://[::1]/?#",
        ] {
            let url = Url::parse(url).unwrap();
            for field in fields {
                let general = field.value(&url, "", &Style::default());
                match field.getter() {
                    Some(get) => assert_eq!(get(&url), general, "{field:?} {}", url.href()),
                    // Only the origin is built rather than borrowed.
                    None => assert_eq!(field, Field::Api(Component::Origin)),
                }
            }
        }
    }

    fn render(template: &str, url: &str) -> String {
        let mut out = Vec::new();
        Template::parse(template)
            .unwrap()
            .render(&Url::parse(url).unwrap(), "the input", &mut out)
            .unwrap();
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
        let err = |t: &str| Template::parse(t).unwrap_err().to_string();
        assert!(err("{nope}").starts_with("unknown placeholder '{nope}' at byte 0 (known: "));
        assert!(err("a{:query:x}").starts_with("unknown placeholder '{:query:x}' at byte 1 "));
        assert!(err("{default:host}").starts_with("unknown placeholder '{default:host}' at "));
        assert!(err("{must:nope}").starts_with("unknown placeholder '{must:nope}' at byte 0 "));
    }
}
