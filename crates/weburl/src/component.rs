//! The URL API's components by name: one list for getters, setters and their ranges in the
//! href, so that tools (the CLI, the tests, the fuzz targets) need no table of their own.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use crate::setters::SetterError;
use crate::trace::InputPart;
use crate::url::{SchemeType, Url};

/// A component of a URL as the URL API names it: `href`, `origin` (read-only), `protocol`,
/// `username`, `password`, `host`, `hostname`, `port`, `pathname`, `search` and `hash`.
/// [`Url::get`], [`Url::set`] and [`Url::component_range`] take one; it parses from and
/// displays as its JavaScript name.
///
/// ```
/// use weburl::{Component, Url};
/// let mut url = Url::parse("https://example.com/a?q#f").unwrap();
/// let c: Component = "hostname".parse().unwrap();
/// assert_eq!(url.get(c), "example.com");
/// url.set(Component::Port, "8080").unwrap();
/// assert_eq!(url.get(Component::Host), "example.com:8080");
/// assert_eq!(Component::Search.to_string(), "search");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Component {
    /// `href`: the whole serialization.
    Href,
    /// `origin`: the origin's ASCII serialization (`"null"` for an opaque origin); read-only.
    Origin,
    /// `protocol`: the scheme and ':'.
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`: the host and, if there is a port, ':' and the port.
    Host,
    /// `hostname`: the host alone.
    Hostname,
    /// `port`: the port in decimal, or empty.
    Port,
    /// `pathname`.
    Pathname,
    /// `search`: '?' and the query, or empty when the query is null or empty.
    Search,
    /// `hash`: '#' and the fragment, or empty when the fragment is null or empty.
    Hash,
}

impl Component {
    /// Every component, in the order of the URL API (and of the WPT data).
    ///
    /// ```
    /// let names: Vec<&str> = weburl::Component::ALL.iter().map(|c| c.name()).collect();
    /// assert_eq!(names[..3], ["href", "origin", "protocol"]);
    /// ```
    pub const ALL: [Component; 11] = [
        Component::Href,
        Component::Origin,
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Host,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
    ];

    /// The components that have a setter: all but `origin`, in the same order.
    ///
    /// ```
    /// use weburl::Component;
    /// assert!(Component::SETTABLE.iter().all(|c| c.is_settable()));
    /// assert_eq!(Component::SETTABLE.len(), Component::ALL.len() - 1);
    /// ```
    pub const SETTABLE: [Component; 10] = [
        Component::Href,
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Host,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
    ];

    /// The component's name in the URL API.
    ///
    /// ```
    /// assert_eq!(weburl::Component::Pathname.name(), "pathname");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Component::Href => "href",
            Component::Origin => "origin",
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Host => "host",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
        }
    }

    /// The getter of the component as a function, for a component the URL serves by borrowing
    /// from its href: every one but `origin` (which may be built), whose answer is `None`. For
    /// code that picks a component once and reads it from many URLs; [`Url::get`] reads
    /// through it.
    ///
    /// ```
    /// use weburl::{Component, Url};
    /// let host = Component::Host.getter().unwrap();
    /// assert_eq!(host(&Url::parse("http://example.com:81/").unwrap()), "example.com:81");
    /// assert!(Component::Origin.getter().is_none());
    /// ```
    #[must_use]
    pub fn getter(self) -> Option<for<'u> fn(&'u Url) -> &'u str> {
        Some(match self {
            Component::Href => Url::href,
            Component::Origin => return None,
            Component::Protocol => Url::protocol,
            Component::Username => Url::username,
            Component::Password => Url::password,
            Component::Host => Url::host,
            Component::Hostname => Url::hostname,
            Component::Port => Url::port,
            Component::Pathname => Url::pathname,
            Component::Search => Url::search,
            Component::Hash => Url::hash,
        })
    }

    /// Whether the URL API has a setter for it (all but `origin`).
    ///
    /// ```
    /// assert!(!weburl::Component::Origin.is_settable());
    /// ```
    #[must_use]
    pub const fn is_settable(self) -> bool {
        !matches!(self, Component::Origin)
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of [`Component`]'s.
///
/// ```
/// let e = "scheme".parse::<weburl::Component>().unwrap_err();
/// assert_eq!(e.name(), "scheme");
/// assert!(e.to_string().starts_with("unknown URL component 'scheme'"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownComponent(String);

impl UnknownComponent {
    /// The name that was given.
    ///
    /// ```
    /// assert_eq!("x".parse::<weburl::Component>().unwrap_err().name(), "x");
    /// ```
    #[must_use]
    pub fn name(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for UnknownComponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown URL component '{}' (expected one of ", self.0)?;
        for (i, c) in Component::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(c.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownComponent {}

impl FromStr for Component {
    type Err = UnknownComponent;

    /// The component named `s` in the URL API (exactly: lowercase, no aliases).
    fn from_str(s: &str) -> Result<Component, UnknownComponent> {
        Component::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| UnknownComponent(s.to_owned()))
    }
}

impl Url {
    /// The getter of `component`: what the URL API's getter of that name returns (borrowed
    /// from the href, except `origin`).
    ///
    /// ```
    /// use weburl::{Component, Url};
    /// let url = Url::parse("https://u@example.com:8443/p").unwrap();
    /// assert_eq!(url.get(Component::Username), "u");
    /// assert_eq!(url.get(Component::Origin), "https://example.com:8443");
    /// ```
    #[must_use]
    pub fn get(&self, component: Component) -> Cow<'_, str> {
        match component.getter() {
            Some(get) => Cow::Borrowed(get(self)),
            None => self.origin_text(),
        }
    }

    /// The origin's ASCII serialization: borrowed where it is the start of the href (see
    /// [`Url::component_range`]), `"null"` for an opaque origin, otherwise built.
    fn origin_text(&self) -> Cow<'_, str> {
        match self.range_of(Component::Origin) {
            Some(range) => {
                let origin = &self.serialization[range];
                debug_assert_eq!(origin, self.origin().ascii_serialization());
                Cow::Borrowed(origin)
            }
            None if self.opaque_by_scheme() => Cow::Borrowed("null"),
            None => match self.origin() {
                // An opaque origin's serialization, without making a string for it.
                origin if origin.is_opaque() => Cow::Borrowed("null"),
                origin => Cow::Owned(origin.ascii_serialization()),
            },
        }
    }

    /// The setter of `component` with `value`. `href` fails as [`Url::set_href`] does (the
    /// error in [`SetterError::Parse`]); `origin` has no setter ([`SetterError::ReadOnly`]);
    /// `search` and `hash` always succeed.
    ///
    /// ```
    /// use weburl::{Component, SetterError, Url};
    /// let mut url = Url::parse("http://example.com/").unwrap();
    /// url.set(Component::Hash, "top").unwrap();
    /// assert_eq!(url.href(), "http://example.com/#top");
    /// assert_eq!(url.set(Component::Origin, "x"), Err(SetterError::ReadOnly));
    /// ```
    pub fn set(&mut self, component: Component, value: &str) -> Result<(), SetterError> {
        match component {
            Component::Href => self.set_href(value).map_err(SetterError::Parse),
            Component::Origin => Err(SetterError::ReadOnly),
            Component::Protocol => self.set_protocol(value),
            Component::Username => self.set_username(value),
            Component::Password => self.set_password(value),
            Component::Host => self.set_host(value),
            Component::Hostname => self.set_hostname(value),
            Component::Port => self.set_port(value),
            Component::Pathname => self.set_pathname(value),
            Component::Search => {
                self.set_search(value);
                Ok(())
            }
            Component::Hash => {
                self.set_hash(value);
                Ok(())
            }
        }
    }

    /// Where the getter of `component` is in the href: `&href[range]` is what [`Url::get`]
    /// returns. An empty component has an empty range where it would be. `None` only for an
    /// `origin` that is not the start of the href (an opaque origin, a `blob:` URL's, a
    /// `file:` URL's, one of a URL with credentials): an http(s), ws(s) or ftp URL's origin
    /// is its first characters.
    ///
    /// ```
    /// use weburl::{Component, Url};
    /// let url = Url::parse("https://example.com:8443/a/b?q").unwrap();
    /// assert_eq!(url.component_range(Component::Port), Some(20..24));
    /// assert_eq!(url.component_range(Component::Hash), Some(30..30));
    /// assert_eq!(url.component_range(Component::Origin), Some(0..24));
    /// let data = Url::parse("data:,x").unwrap();
    /// assert_eq!(data.component_range(Component::Origin), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn component_range(&self, component: Component) -> Option<Range<usize>> {
        self.range_of(component)
    }

    /// [`Url::component_range`] of every component at once, in the order of
    /// [`Component::ALL`]: for code that reads all of them (a table of the eleven getters, a
    /// URL pattern's eight values), the offsets are read and the ends shared by several
    /// components computed once.
    ///
    /// ```
    /// use weburl::{Component, Url};
    /// let url = Url::parse("https://example.com:8443/a/b?q").unwrap();
    /// let ranges = url.component_ranges();
    /// for (i, c) in Component::ALL.into_iter().enumerate() {
    ///     assert_eq!(ranges[i], url.component_range(c));
    /// }
    /// assert_eq!(&url.href()[ranges[8].clone().unwrap()], "/a/b");
    /// ```
    #[must_use]
    #[inline]
    pub fn component_ranges(&self) -> [Option<Range<usize>>; 11] {
        Component::ALL.map(|component| self.range_of(component))
    }

    /// The rule of [`Url::component_range`], inlined into both of its callers so that
    /// [`Url::component_ranges`] gets one copy per component with the match folded away.
    #[inline(always)]
    fn range_of(&self, component: Component) -> Option<Range<usize>> {
        let range = |start: u32, end: u32| start as usize..end as usize;
        let empty_at = |at: u32| at as usize..at as usize;
        let has_host = self.has_host();
        Some(match component {
            Component::Href => 0..self.serialization.len(),
            // An http(s), ws(s) or ftp URL without credentials: `scheme://host[:port]` (the
            // default port omitted in both) is the origin's serialization.
            Component::Origin
                if self.scheme_type.is_special()
                    && self.scheme_type != SchemeType::File
                    && !self.includes_credentials() =>
            {
                match self.port {
                    Some(_) => range(0, self.offsets.path_start),
                    None => range(0, self.offsets.host_end),
                }
            }
            Component::Origin => return None,
            Component::Protocol => range(0, self.offsets.scheme_end + 1),
            Component::Username | Component::Password if !has_host => {
                empty_at(self.offsets.scheme_end + 1)
            }
            Component::Username => range(self.offsets.scheme_end + 3, self.offsets.username_end),
            Component::Password if self.offsets.username_end + 1 < self.offsets.host_start => {
                range(self.offsets.username_end + 1, self.offsets.host_start - 1)
            }
            Component::Password => empty_at(self.offsets.username_end),
            Component::Host if self.port.is_some() => {
                range(self.offsets.host_start, self.offsets.path_start)
            }
            Component::Host | Component::Hostname => {
                range(self.offsets.host_start, self.offsets.host_end)
            }
            Component::Port if self.port.is_some() => {
                range(self.offsets.host_end + 1, self.offsets.path_start)
            }
            Component::Port => empty_at(self.offsets.host_end),
            Component::Pathname => range(self.offsets.path_start, self.path_end()),
            Component::Search
                if self.offsets.query_start != 0
                    && self.query_end() > self.offsets.query_start + 1 =>
            {
                range(self.offsets.query_start, self.query_end())
            }
            Component::Search => empty_at(self.path_end()),
            Component::Hash
                if self.offsets.fragment_start != 0
                    && self.serialization.len() as u32 > self.offsets.fragment_start + 1 =>
            {
                range(self.offsets.fragment_start, self.serialization.len() as u32)
            }
            Component::Hash => empty_at(self.query_end()),
        })
    }
}

/// The component of each part of the input (with the components, so that `trace`,
/// which the parser reports into, stays a leaf).
impl InputPart {
    /// The URL API's component this part was read into ([`Component::Hostname`] for the
    /// host), or `None` for a delimiter or a removed part.
    ///
    /// ```
    /// use weburl::{Component, InputPart};
    /// assert_eq!(InputPart::Hostname.component(), Some(Component::Hostname));
    /// assert_eq!(InputPart::Delimiter.component(), None);
    /// ```
    #[must_use]
    pub const fn component(self) -> Option<Component> {
        Some(match self {
            InputPart::Protocol => Component::Protocol,
            InputPart::Username => Component::Username,
            InputPart::Password => Component::Password,
            InputPart::Hostname => Component::Hostname,
            InputPart::Port => Component::Port,
            InputPart::Pathname => Component::Pathname,
            InputPart::Search => Component::Search,
            InputPart::Hash => Component::Hash,
            InputPart::Delimiter
            | InputPart::Trimmed
            | InputPart::TabOrNewline
            | InputPart::DotSegment => return None,
        })
    }

    /// The name of the URL API's component this part was read into (`"hostname"`: its
    /// [`Component::name`]), or `None` for a delimiter or a removed part.
    ///
    /// ```
    /// assert_eq!(weburl::InputPart::Search.component_name(), Some("search"));
    /// ```
    #[must_use]
    pub fn component_name(self) -> Option<&'static str> {
        self.component().map(Component::name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parts read into a component are the eight named after the URL API's components
    /// (their names are the variants' names, lowercased); the others are removed or
    /// delimiters, and no two parts map to one component.
    #[test]
    fn parts_map_to_the_components_of_their_names() {
        let parts = [
            InputPart::Protocol,
            InputPart::Username,
            InputPart::Password,
            InputPart::Hostname,
            InputPart::Port,
            InputPart::Pathname,
            InputPart::Search,
            InputPart::Hash,
            InputPart::Delimiter,
            InputPart::Trimmed,
            InputPart::TabOrNewline,
            InputPart::DotSegment,
        ];
        let mut seen = Vec::new();
        for part in parts {
            let lowercase = format!("{part:?}").to_lowercase();
            match part.component() {
                Some(c) => {
                    assert_eq!(c.name(), lowercase);
                    assert_eq!(part.component_name(), Some(c.name()));
                    assert_eq!(part.removed(), None);
                    assert!(!seen.contains(&c), "{part:?}");
                    seen.push(c);
                }
                None => {
                    assert_eq!(part.component_name(), None);
                    assert_eq!(part.removed().is_some(), part != InputPart::Delimiter);
                }
            }
        }
        assert_eq!(seen.len(), 8);
    }

    #[test]
    /// The origin is borrowed from the href where it starts it, is the constant `"null"`
    /// where it is opaque, and is built only otherwise.
    fn origin_is_borrowed_where_it_starts_the_href() {
        use std::borrow::Cow;
        for (href, borrowed) in [
            ("https://example.com:8443/p?q", true),
            ("http://example.com:80/", true),
            ("ws://[::1]:9/", true),
            ("https://u:p@example.com/", false),
            ("file:///etc", true),
            ("foo://example.com/", true),
            ("blob:https://example.com/uuid", false),
            ("blob:foo://x", true),
        ] {
            let url = Url::parse(href).unwrap();
            let origin = url.get(Component::Origin);
            assert_eq!(origin, url.origin().ascii_serialization(), "{href}");
            assert_eq!(matches!(origin, Cow::Borrowed(_)), borrowed, "{href}");
            let in_href = url.component_range(Component::Origin).is_some();
            assert_eq!(in_href, borrowed && origin != "null", "{href}");
        }
    }

    #[test]
    fn names_round_trip() {
        for c in Component::ALL {
            assert_eq!(c.name().parse::<Component>(), Ok(c));
            assert_eq!(c.to_string(), c.name());
        }
        assert!("Href".parse::<Component>().is_err());
    }

    #[test]
    fn ranges_hold_the_getters() {
        let data: serde_json::Value =
            serde_json::from_str(include_str!("../tests/data/wpt/urltestdata.json")).unwrap();
        let mut checked = 0;
        for case in data.as_array().unwrap() {
            let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
                continue;
            };
            let base = case.get("base").and_then(|v| v.as_str());
            let url = match base {
                Some(b) => Url::parse(b).and_then(|b| b.join(input)),
                None => Url::parse(input),
            };
            let Ok(url) = url else { continue };
            for c in Component::ALL {
                match url.component_range(c) {
                    Some(r) => assert_eq!(&url.href()[r], url.get(c), "{c} of {}", url.href()),
                    None => assert_eq!(c, Component::Origin),
                }
            }
            checked += 1;
        }
        assert!(checked > 500, "{checked}");
    }
}
