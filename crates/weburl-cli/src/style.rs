//! How a URL is printed under trurl's options: the hostname in Unicode (`--as-idn`), a
//! default port the input spells out (`--keep-port`), the href and host made of them. A leaf
//! of the CLI's module graph: the templates, the components and the trurl options all use it.

use std::borrow::Cow;

use weburl::host::domain::domain_to_unicode;
use weburl::{Position, Url, lex};

/// How URLs are printed, by trurl's options (`--as-idn`, `--keep-port`, `--urlencode`,
/// `--query-separator`; `crate::trurl::TrurlArgs` reads them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// `--as-idn`.
    pub as_idn: bool,
    /// `--keep-port`.
    pub keep_port: bool,
    /// `--urlencode`.
    pub urlencode: bool,
    /// `--query-separator` (`&` by default).
    pub separator: u8,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            as_idn: false,
            keep_port: false,
            urlencode: false,
            separator: b'&',
        }
    }
}

impl Style {
    /// Whether the href is printed otherwise than the URL has it.
    #[inline]
    pub fn changes_href(&self) -> bool {
        self.as_idn || self.keep_port
    }

    /// The hostname as printed: in Unicode with `--as-idn`.
    pub fn hostname<'u>(&self, url: &'u Url) -> Cow<'u, str> {
        if self.as_idn {
            unicode_hostname(url)
        } else {
            Cow::Borrowed(url.hostname())
        }
    }

    /// The port as printed: the URL's, or with `--keep-port` the default port `input` spells
    /// out.
    pub fn port<'u>(&self, url: &'u Url, input: &str) -> Cow<'u, str> {
        match self.kept_port(url, input) {
            Some(port) => Cow::Owned(port.to_string()),
            None => Cow::Borrowed(url.port()),
        }
    }

    /// The host (hostname and port) as printed.
    pub fn host<'u>(&self, url: &'u Url, input: &str) -> Cow<'u, str> {
        if !self.changes_href() {
            return Cow::Borrowed(url.host());
        }
        let mut host = self.hostname(url).into_owned();
        let port = self.port(url, input);
        if !port.is_empty() {
            host.push(':');
            host.push_str(&port);
        }
        Cow::Owned(host)
    }

    /// The href as printed.
    pub fn href<'u>(&self, url: &'u Url, input: &str) -> Cow<'u, str> {
        if !self.changes_href() || !url.has_host() {
            return Cow::Borrowed(url.href());
        }
        let mut href = String::with_capacity(url.href().len() + 8);
        href.push_str(&url[..Position::BeforeHost]);
        href.push_str(&self.host(url, input));
        href.push_str(&url[Position::AfterPort..]);
        Cow::Owned(href)
    }

    /// With `--keep-port`, the port to print when the URL has none but `input` spells out the
    /// URL's default port.
    fn kept_port(&self, url: &Url, input: &str) -> Option<u16> {
        if !self.keep_port || !url.port().is_empty() || !url.has_host() {
            return None;
        }
        let default = weburl::default_port(url.scheme())?;
        (explicit_port(input)? == default).then_some(default)
    }
}

/// The port an absolute URL string spells out, read with the parser's scanners
/// ([`weburl::lex`]) as the parser reads the authority of a special URL: after the scheme
/// ([`lex::scheme_len`]) and any `/` or `\`, up to the authority's end
/// ([`lex::find_authority_end`]); the host after the last `@`; the port after the host's end
/// ([`lex::host_end`]: its first `:` outside brackets), all digits and at most 65535
/// ([`lex::whole_port`]). `None` without a scheme, authority or port.
pub fn explicit_port(input: &str) -> Option<u16> {
    let cleaned = lex::remove_tab_and_newline(input.trim_matches(|c: char| c <= ' '));
    let bytes = cleaned.as_bytes();
    let mut start = lex::scheme_len(bytes)? + 1;
    while matches!(bytes.get(start), Some(b'/' | b'\\')) {
        start += 1;
    }
    let end = lex::find_authority_end(bytes, start, true);
    let host_start = bytes[start..end]
        .iter()
        .rposition(|&b| b == b'@')
        .map_or(start, |at| start + at + 1);
    let (_, colon) = lex::host_end(&bytes[host_start..end], true);
    lex::whole_port(&bytes[host_start + colon? + 1..end]).ok()?
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
