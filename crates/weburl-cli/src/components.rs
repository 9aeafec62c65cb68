//! The component object: a parsed URL as the URL API's getters show it.
//!
//! Written by `--json` (every subcommand that prints URLs) and by every `weburl batch` answer
//! that returns a URL, so both interfaces agree on the keys and their order. `--json` adds
//! `params` after `hash`; the batch contract fixes its object, which has no `params`.

use std::borrow::Cow;

use serde::Serialize;
use weburl::Url;
use weburl::psl::Sections;

use crate::style::Style;
use crate::template::subdomain;

/// A URL's getters, in the order the batch contract lists them. All values are strings, exactly
/// what the URL API's getters of the same names return (`origin` is the origin's ASCII
/// serialization, `"null"` for an opaque origin).
#[derive(Debug, Serialize)]
pub struct Components<'a> {
    /// The serialization of the whole URL.
    pub href: Cow<'a, str>,
    /// The ASCII serialization of the URL's origin.
    pub origin: String,
    /// The scheme followed by `:`.
    pub protocol: &'a str,
    /// The percent-encoded username, or empty.
    pub username: &'a str,
    /// The percent-encoded password, or empty.
    pub password: &'a str,
    /// The serialized host and, when there is one, `:` and the port.
    pub host: Cow<'a, str>,
    /// The serialized host.
    pub hostname: Cow<'a, str>,
    /// The port in decimal, or empty when it is null (or the scheme's default).
    pub port: Cow<'a, str>,
    /// The serialized path.
    pub pathname: &'a str,
    /// `?` and the query, or empty when the query is null or empty.
    pub search: &'a str,
    /// `#` and the fragment, or empty when the fragment is null or empty.
    pub hash: &'a str,
    /// The public suffix, registrable domain, subdomain and site (`--json` only).
    #[serde(flatten)]
    pub domain: Option<DomainFields<'a>>,
    /// The query's name-value pairs, as `searchParams` lists them (`--json` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub params: Option<Vec<(String, String)>>,
}

/// What `--json` adds about the host: null where the URL Standard's answer is null.
#[derive(Debug, Serialize)]
pub struct DomainFields<'a> {
    /// The host's public suffix.
    pub public_suffix: Option<&'a str>,
    /// The host's registrable domain.
    pub registrable_domain: Option<&'a str>,
    /// The labels before the registrable domain ("" when none; null without one).
    pub subdomain: Option<&'a str>,
    /// The serialization of the origin's site (HTML).
    pub site: String,
}

impl<'a> DomainFields<'a> {
    /// The fields of `url` by `sections` of the Public Suffix List.
    pub fn of(url: &'a Url, sections: Sections) -> DomainFields<'a> {
        DomainFields {
            public_suffix: url.public_suffix_in(sections),
            registrable_domain: url.registrable_domain_in(sections),
            subdomain: subdomain(url, sections),
            site: url.origin().site_in(sections).to_string(),
        }
    }
}

impl<'a> Components<'a> {
    /// The component object of `--json`: with the host's public suffix, registrable domain,
    /// subdomain and site (by `sections` of the list), and `params`.
    pub fn with_params(url: &'a Url, sections: Sections) -> Components<'a> {
        Components {
            domain: Some(DomainFields::of(url, sections)),
            params: Some(url.search_params().into_iter().collect()),
            ..Components::from(url)
        }
    }
}

impl<'a> Components<'a> {
    /// The object with `href`, `host`, `hostname` and `port` as trurl's `--as-idn` and
    /// `--keep-port` print them (`input`: what `url` was read from), as trurl's `--json` does.
    pub fn styled(self, url: &'a Url, input: &str, style: &Style) -> Components<'a> {
        if !style.changes_href() {
            return self;
        }
        Components {
            href: style.href(url, input),
            host: style.host(url, input),
            hostname: style.hostname(url),
            port: style.port(url, input),
            ..self
        }
    }
}

impl<'a> From<&'a Url> for Components<'a> {
    fn from(url: &'a Url) -> Components<'a> {
        Components {
            href: Cow::Borrowed(url.href()),
            origin: url.origin().ascii_serialization(),
            protocol: url.protocol(),
            username: url.username(),
            password: url.password(),
            host: Cow::Borrowed(url.host()),
            hostname: Cow::Borrowed(url.hostname()),
            port: Cow::Borrowed(url.port()),
            pathname: url.pathname(),
            search: url.search(),
            hash: url.hash(),
            domain: None,
            params: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Components;
    use weburl::Url;

    #[test]
    fn domain_fields_then_params_come_last() {
        let url = Url::parse("http://h/?a=1&b=x+y&a").unwrap();
        let json =
            serde_json::to_string(&Components::with_params(&url, weburl::psl::Sections::All))
                .unwrap();
        assert!(
            json.ends_with(concat!(
                r#""hash":"","public_suffix":"h","registrable_domain":null,"subdomain":null,"#,
                r#""site":"http://h","params":[["a","1"],["b","x y"],["a",""]]}"#
            )),
            "{json}"
        );
    }

    #[test]
    fn keys_are_in_contract_order() {
        let url = Url::parse("https://u:p@example.com:8443/a?b#c").unwrap();
        let json = serde_json::to_string(&Components::from(&url)).unwrap();
        assert_eq!(
            json,
            r##"{"href":"https://u:p@example.com:8443/a?b#c","origin":"https://example.com:8443","protocol":"https:","username":"u","password":"p","host":"example.com:8443","hostname":"example.com","port":"8443","pathname":"/a","search":"?b","hash":"#c"}"##
        );
    }
}
