//! The functions of one row that the kernels are made of, public so that hosts which do not
//! hold Arrow arrays (DuckDB's vectors, a Polars plugin's series, a loop of the caller's own)
//! answer with the same code.
//!
//! ```
//! use weburl::Component;
//! use weburl::psl::Sections;
//! use weburl_arrow::rows;
//! assert_eq!(rows::hostname("https://www.example.co.uk/a").unwrap().as_str(), "www.example.co.uk");
//! assert_eq!(rows::registrable_domain("https://www.example.co.uk/a", Sections::All).unwrap().as_str(), "example.co.uk");
//! assert_eq!(rows::component("HTTPS://A.example/x?y", None, Component::Search).unwrap().as_str(), "?y");
//! assert_eq!(rows::error_name("https://a.example:99999/", None), Some("port-out-of-range"));
//! ```

use std::borrow::Cow;
use std::ops::Range;

use weburl::normalize::{Options, Profile, canonicalize};
#[cfg(feature = "pattern")]
use weburl::pattern::{UrlPattern, UrlPatternComponent};
use weburl::psl::{List, Sections};
use weburl::{Component, ParseError, Url, normal_hostname};

/// A string answer for one row, kept where it already is when it can be: a part of the row's
/// own text (which an output view can point to), a part of the parsed URL's href, or text
/// made for the row.
///
/// ```
/// use weburl_arrow::rows::{self, Slice};
/// let answer = rows::hostname("https://a.example/").unwrap();
/// assert!(matches!(answer, Slice::Input(_, _)));
/// assert_eq!(answer.as_str(), "a.example");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Slice<'a> {
    /// `text[range]`, where `text` is the row's input.
    Input(&'a str, Range<usize>),
    /// `url.href()[range]`.
    Href(Url, Range<usize>),
    /// Text made for the row.
    Owned(String),
    /// A constant.
    Static(&'static str),
}

impl Slice<'_> {
    /// The text.
    ///
    /// ```
    /// assert_eq!(weburl_arrow::rows::Slice::Static("null").as_str(), "null");
    /// ```
    #[must_use]
    #[inline]
    pub fn as_str(&self) -> &str {
        match self {
            Slice::Input(text, range) => &text[range.clone()],
            Slice::Href(url, range) => &url.href()[range.clone()],
            Slice::Owned(text) => text,
            Slice::Static(text) => text,
        }
    }
}

/// `input` parsed (against `base` when given): `new URL(input, base)`.
///
/// ```
/// let base = weburl::Url::parse("https://a.example/d/").unwrap();
/// assert_eq!(weburl_arrow::rows::parse("x", Some(&base)).unwrap().href(), "https://a.example/d/x");
/// ```
#[inline]
pub fn parse(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    match base {
        Some(base) => Url::parse_with_base(input, base),
        None => Url::parse(input),
    }
}

/// A parsed URL kept from one row for the next, whose buffer the next row's parse reuses
/// ([`weburl::ParseOptions::parse_into`]): a loop over rows that are already normal URLs
/// allocates nothing per row once the buffer has grown. The kernels keep one per call; a host
/// with a loop of its own (DuckDB's vectors, a Polars plugin's series) can do the same.
///
/// ```
/// use weburl_arrow::rows::Spare;
/// let mut spare = Spare::default();
/// for input in ["https://a.example/x", "HTTPS://b.example/../y", "nope"] {
///     let parsed = spare.parse(input, None);
///     assert_eq!(parsed, weburl::Url::parse(input));
///     if let Ok(url) = parsed {
///         spare.keep(url);
///     }
/// }
/// ```
#[derive(Debug, Default)]
pub struct Spare(Option<Url>);

impl Spare {
    /// `input` parsed against `base`, as [`parse`] does, in the kept URL's buffer if there is
    /// one (it stays kept when `input` does not parse).
    ///
    /// ```
    /// let mut spare = weburl_arrow::rows::Spare::default();
    /// let url = spare.parse("https://a.example/x", None).unwrap();
    /// assert_eq!(url.pathname(), "/x");
    /// ```
    #[inline]
    pub fn parse(&mut self, input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
        let Some(mut url) = self.0.take() else {
            return parse(input, base);
        };
        match Url::options().base(base).parse_into(input, &mut url) {
            Ok(()) => Ok(url),
            Err(e) => {
                self.0 = Some(url);
                Err(e)
            }
        }
    }

    /// [`Spare::parse`] leaving the URL where it is kept: the URL, borrowed.
    #[inline]
    pub(crate) fn parse_kept(
        &mut self,
        input: &str,
        base: Option<&Url>,
    ) -> Result<&Url, ParseError> {
        if self.0.is_none() {
            return Ok(self.0.insert(parse(input, base)?));
        }
        let url = self.0.as_mut().expect("a kept URL");
        Url::options().base(base).parse_into(input, url)?;
        Ok(url)
    }

    /// Keeps `url` for the next [`Spare::parse`].
    ///
    /// ```
    /// let mut spare = weburl_arrow::rows::Spare::default();
    /// spare.keep(weburl::Url::parse("https://a.example/").unwrap());
    /// assert_eq!(spare.parse("https://b.example/", None).unwrap().host(), "b.example");
    /// ```
    #[inline]
    pub fn keep(&mut self, url: Url) {
        self.0 = Some(url);
    }

    /// Keeps the URL that `answer` holds ([`Slice::Href`]), once its text has been written.
    ///
    /// ```
    /// use weburl::Component;
    /// use weburl_arrow::rows::{self, Spare};
    /// let mut spare = Spare::default();
    /// let answer = rows::component_with("HTTPS://a.example/x", None, Component::Pathname, &mut spare).unwrap();
    /// assert_eq!(answer.as_str(), "/x");
    /// spare.keep_answer(answer);
    /// ```
    #[inline]
    pub fn keep_answer(&mut self, answer: Slice<'_>) {
        if let Slice::Href(url, _) = answer {
            self.0 = Some(url);
        }
    }
}

/// The base URL string of the rows seen last, parsed: a base is parsed once per run of
/// equal strings (a constant base reaches a host as a column repeating one string, and a
/// column of bases is often sorted). What [`Bases`] and the column kernels' bases share.
///
/// ```
/// let mut last = weburl_arrow::rows::LastBase::default();
/// assert_eq!(last.get("http://a/b").as_ref().unwrap().href(), "http://a/b");
/// assert!(last.get("nope").is_err());
/// ```
#[derive(Debug, Default)]
pub struct LastBase<'a>(Option<(&'a str, Result<Url, ParseError>)>);

impl<'a> LastBase<'a> {
    /// `text` parsed: the previous row's parse when its text is the same.
    #[inline(always)]
    pub fn get(&mut self, text: &'a str) -> &Result<Url, ParseError> {
        if self.0.as_ref().is_some_and(|(last, _)| *last != text) {
            self.0 = None;
        }
        &self.0.get_or_insert_with(|| (text, Url::parse(text))).1
    }

    /// The parsed `base`, if any, or its error.
    #[inline]
    fn base(&mut self, base: Option<&'a str>) -> Result<Option<&Url>, ParseError> {
        match base {
            None => Ok(None),
            Some(base) => self.get(base).as_ref().map(Some).map_err(|e| *e),
        }
    }
}

/// The per-row state of one call of a row-by-row host (DuckDB's chunks, a loop of the
/// caller's): the base strings parsed once per run of equal values ([`LastBase`]) and the
/// previous row's URL, whose buffer the next row's parse reuses ([`Spare`]).
///
/// ```
/// let mut bases = weburl_arrow::rows::Bases::default();
/// assert_eq!(bases.get("http://a/b").as_ref().unwrap().href(), "http://a/b");
/// let url = bases.parse("c", Some("http://a/b")).unwrap();
/// assert_eq!(url.href(), "http://a/c");
/// bases.keep(url);
/// assert!(bases.can_parse("/p", Some("http://a/")) && !bases.can_parse("/p", Some("nope")));
/// ```
#[derive(Debug, Default)]
pub struct Bases<'a> {
    last: LastBase<'a>,
    spare: Spare,
}

impl<'a> Bases<'a> {
    /// The parse of the base `text`, reusing the previous row's when the text is the same.
    #[inline]
    pub fn get(&mut self, text: &'a str) -> &Result<Url, ParseError> {
        self.last.get(text)
    }

    /// `input` parsed against `base` (a base that fails gives the base's error, as
    /// `new URL(input, base)` throws it), or alone; give the URL back with [`Bases::keep`].
    #[inline]
    pub fn parse(&mut self, input: &str, base: Option<&'a str>) -> Result<Url, ParseError> {
        let base = self.last.base(base)?;
        self.spare.parse(input, base)
    }

    /// Keeps `url` for the next row's parse.
    #[inline]
    pub fn keep(&mut self, url: Url) {
        self.spare.keep(url);
    }

    /// `URL.canParse(input, base)`; false where the base does not parse.
    #[inline]
    pub fn can_parse(&mut self, input: &str, base: Option<&'a str>) -> bool {
        match self.last.base(base) {
            Ok(base) => Url::can_parse_with_base(input, base),
            Err(_) => false,
        }
    }

    /// The getter `component` of `input` parsed against `base` ([`component_with`]); `None`
    /// when either does not parse. Give the answer back with [`Bases::keep_answer`] once
    /// written.
    ///
    /// ```
    /// let mut bases = weburl_arrow::rows::Bases::default();
    /// let answer = bases.component("../c?x", Some("http://a/b/d"), weburl::Component::Href).unwrap();
    /// assert_eq!(answer.as_str(), "http://a/c?x");
    /// bases.keep_answer(answer);
    /// ```
    #[inline]
    pub fn component(
        &mut self,
        input: &'a str,
        base: Option<&'a str>,
        component: Component,
    ) -> Option<Slice<'a>> {
        let base = self.last.base(base).ok()?;
        component_with(input, base, component, &mut self.spare)
    }

    /// Keeps the URL an answer of [`Bases::component`] holds, once written.
    #[inline]
    pub fn keep_answer(&mut self, answer: Slice<'_>) {
        self.spare.keep_answer(answer);
    }

    /// `input` in `profile`'s canonical form ([`normalized`], in this state's buffer).
    #[inline]
    pub fn normalized(
        &mut self,
        input: &'a str,
        profile: Profile,
        options: &Options,
    ) -> Option<Slice<'a>> {
        normalized(input, profile, options, &mut self.spare)
    }
}

/// A name argument (sections, a profile) of one call, one per row: read by `parse` once per
/// run of equal names, as a column of names is mostly one name.
///
/// ```
/// use weburl::psl::Sections;
/// let mut names = weburl_arrow::rows::Named::new(weburl_arrow::sections);
/// assert_eq!(names.get("icann"), Ok(Sections::Icann));
/// assert!(names.get("private").is_err());
/// ```
#[derive(Debug)]
pub struct Named<'a, T> {
    parse: fn(&str) -> Result<T, crate::KernelError>,
    last: Option<(&'a str, T)>,
}

impl<'a, T: Copy> Named<'a, T> {
    /// Names read by `parse` ([`crate::sections`], [`crate::profile`]).
    ///
    /// ```
    /// let _ = weburl_arrow::rows::Named::new(weburl_arrow::profile);
    /// ```
    #[must_use]
    pub fn new(parse: fn(&str) -> Result<T, crate::KernelError>) -> Self {
        Named { parse, last: None }
    }

    /// What `name` means: the previous row's value when its name is the same.
    #[inline]
    pub fn get(&mut self, name: &'a str) -> Result<T, crate::KernelError> {
        match self.last {
            Some((seen, value)) if seen == name => Ok(value),
            _ => {
                let value = (self.parse)(name)?;
                self.last = Some((name, value));
                Ok(value)
            }
        }
    }
}

/// The URL `input` parses to in `profile`'s canonical form ([`normalize`]), parsed in
/// `spare`'s buffer: a part of `input` when the answer is `input` itself (an href already
/// in the `spec` form), else the href or the text made; `None` where it does not parse or
/// normalization fails. Give the answer back with [`Spare::keep_answer`] once written.
///
/// ```
/// use weburl::normalize::{Options, Profile};
/// use weburl_arrow::rows::{Slice, Spare, normalized};
/// let mut spare = Spare::default();
/// let same = normalized("https://a.example/", Profile::Spec, &Options::default(), &mut spare);
/// assert_eq!(same, Some(Slice::Input("https://a.example/", 0..18)));
/// let dedup = normalized("HTTP://A.example/?b&a", Profile::Dedup, &Options::default(), &mut spare);
/// assert_eq!(dedup.unwrap().as_str(), "http://a.example/?a&b");
/// ```
#[inline]
pub fn normalized<'a>(
    input: &'a str,
    profile: Profile,
    options: &Options,
    spare: &mut Spare,
) -> Option<Slice<'a>> {
    let url = spare.parse(input, None).ok()?;
    let answer = match normalize(&url, profile, options)? {
        Cow::Owned(text) => Slice::Owned(text),
        Cow::Borrowed(href) if href == input => Slice::Input(input, 0..input.len()),
        Cow::Borrowed(href) => {
            let len = href.len();
            return Some(Slice::Href(url, 0..len));
        }
    };
    spare.keep(url);
    Some(answer)
}

/// Where the getter `component` of `url` is in its href ([`Url::component_range`]), or,
/// when it is not there (an origin that does not start the href), its text.
///
/// ```
/// use weburl::{Component, Url};
/// use weburl_arrow::rows::{Slice, locate};
/// let url = Url::parse("https://a.example/p").unwrap();
/// assert_eq!(locate(&url, Component::Origin), Ok(0..17));
/// assert_eq!(locate(&Url::parse("data:,x").unwrap(), Component::Origin), Err(Slice::Static("null")));
/// ```
#[inline]
pub fn locate(url: &Url, component: Component) -> Result<Range<usize>, Slice<'static>> {
    match url.component_range(component) {
        Some(range) => Ok(range),
        None => Err(built(url, component)),
    }
}

/// The text of a getter that is not a part of the href: an origin that is built.
#[cold]
fn built(url: &Url, component: Component) -> Slice<'static> {
    match url.get(component) {
        Cow::Borrowed("null") => Slice::Static("null"),
        origin => Slice::Owned(origin.into_owned()),
    }
}

/// The getter `component` of `url`, the URL that `input` parsed to: a part of `input` when
/// `input` is already the URL's href.
///
/// ```
/// use weburl::{Component, Url};
/// use weburl_arrow::rows::{Slice, component_of};
/// let url = Url::parse("https://a.example/p").unwrap();
/// assert_eq!(component_of("https://a.example/p", url, Component::Pathname), Slice::Input("https://a.example/p", 17..19));
/// let url = Url::parse("data:,x").unwrap();
/// assert_eq!(component_of("data:,x", url, Component::Origin), Slice::Static("null"));
/// ```
#[must_use]
#[inline]
pub fn component_of(input: &str, url: Url, component: Component) -> Slice<'_> {
    answer(input, url, component).0
}

/// The answer for the getter `component` of `url`, the URL that `input` parsed to (a part
/// of `input` when `input` is the URL's href), and the URL when the answer does not hold it.
#[inline(always)]
fn answer(input: &str, url: Url, component: Component) -> (Slice<'_>, Option<Url>) {
    match locate(&url, component) {
        Err(text) => (text, Some(url)),
        Ok(range) if url.href() == input => (Slice::Input(input, range), Some(url)),
        Ok(range) => (Slice::Href(url, range), None),
    }
}

/// The getter `component` of the URL `input` parses to (against `base`); `None` when it
/// does not parse. The hostname without a base takes [`hostname`]'s fast path.
///
/// ```
/// use weburl::Component;
/// let origin = weburl_arrow::rows::component("blob:https://a.example/x", None, Component::Origin);
/// assert_eq!(origin.unwrap().as_str(), "https://a.example");
/// ```
#[must_use]
#[inline]
pub fn component<'a>(
    input: &'a str,
    base: Option<&Url>,
    component: Component,
) -> Option<Slice<'a>> {
    component_with(input, base, component, &mut Spare::default())
}

/// [`component`], parsing in `spare`'s buffer; give the answer back with
/// [`Spare::keep_answer`] once written.
///
/// ```
/// use weburl::Component;
/// use weburl_arrow::rows::{self, Spare};
/// let mut spare = Spare::default();
/// for (input, search) in [("https://a.example/?q", "?q"), ("http://B.example/?r", "?r")] {
///     let answer = rows::component_with(input, None, Component::Search, &mut spare).unwrap();
///     assert_eq!(answer.as_str(), search);
///     spare.keep_answer(answer);
/// }
/// ```
#[must_use]
#[inline]
pub fn component_with<'a>(
    input: &'a str,
    base: Option<&Url>,
    component: Component,
    spare: &mut Spare,
) -> Option<Slice<'a>> {
    if component == Component::Hostname && base.is_none() {
        return hostname_in(input, spare);
    }
    let url = spare.parse(input, base).ok()?;
    let (answer, url) = answer(input, url, component);
    if let Some(url) = url {
        spare.keep(url);
    }
    Some(answer)
}

/// `f` of the getter `component` of the URL `input` parses to (against `base`), parsed in
/// `spare`'s URL, where it stays: a part of `input` when `in_input` and `input` is already
/// the URL's href (a hostname without a base read in place where [`hostname`]'s fast path
/// can), else a part of the href or the text of an origin that is built; `None` when it does
/// not parse. [`component_with`] without moving the URL into the answer and back.
#[inline(always)]
pub(crate) fn with_component<R>(
    input: &str,
    base: Option<&Url>,
    component: Component,
    in_input: bool,
    spare: &mut Spare,
    f: impl FnOnce(Option<&str>) -> R,
) -> R {
    if component == Component::Hostname
        && base.is_none()
        && let Some(range) = normal_hostname(input)
    {
        return f(Some(&input[range]));
    }
    let Ok(url) = spare.parse_kept(input, base) else {
        return f(None);
    };
    match locate(url, component) {
        Ok(range) if in_input && url.href() == input => f(Some(&input[range])),
        Ok(range) => f(Some(&url.href()[range])),
        Err(text) => f(Some(text.as_str())),
    }
}

/// The hostname of the URL `input` parses to; `None` when it does not parse. An input whose
/// scheme and authority are already normal is not parsed: its hostname is read in place
/// ([`weburl::normal_hostname`]).
///
/// ```
/// assert_eq!(weburl_arrow::rows::hostname("http://EXAMPLE.com:8080/").unwrap().as_str(), "example.com");
/// assert_eq!(weburl_arrow::rows::hostname("http://[::1"), None);
/// ```
#[must_use]
#[inline]
pub fn hostname(input: &str) -> Option<Slice<'_>> {
    hostname_in(input, &mut Spare::default())
}

/// [`hostname`], parsing (where the fast path does not answer) in `spare`'s buffer.
#[inline]
fn hostname_in<'a>(input: &'a str, spare: &mut Spare) -> Option<Slice<'a>> {
    match normal_hostname(input) {
        Some(range) => Some(Slice::Input(input, range)),
        None => {
            let url = spare.parse(input, None).ok()?;
            let (answer, url) = answer(input, url, Component::Hostname);
            if let Some(url) = url {
                spare.keep(url);
            }
            Some(answer)
        }
    }
}

/// The URL Standard's public suffix of the host of the URL `input` parses to, by `sections`
/// of the embedded Public Suffix List; `None` when it does not parse or its host is not a
/// domain.
///
/// ```
/// use weburl::psl::Sections;
/// assert_eq!(weburl_arrow::rows::public_suffix("https://x.github.io/", Sections::Icann).unwrap().as_str(), "io");
/// ```
#[must_use]
#[inline]
pub fn public_suffix(input: &str, sections: Sections) -> Option<Slice<'_>> {
    domain_suffix(
        input,
        |host| List::embedded().public_suffix_at(input, host, sections),
        |url| url.public_suffix_in(sections),
    )
}

/// The URL Standard's registrable domain of the host of the URL `input` parses to, by
/// `sections` of the embedded Public Suffix List; `None` when it does not parse, its host is
/// not a domain or is a public suffix.
///
/// ```
/// use weburl::psl::Sections;
/// let domain = weburl_arrow::rows::registrable_domain("https://x.github.io/", Sections::All);
/// assert_eq!(domain.unwrap().as_str(), "x.github.io");
/// assert_eq!(weburl_arrow::rows::registrable_domain("https://co.uk/", Sections::All), None);
/// ```
#[must_use]
#[inline]
pub fn registrable_domain(input: &str, sections: Sections) -> Option<Slice<'_>> {
    domain_suffix(
        input,
        |host| List::embedded().registrable_domain_at(input, host, sections),
        |url| url.registrable_domain_in(sections),
    )
}

/// The suffix of the URL's domain (a public suffix or a registrable domain) that `of_host`
/// finds on the fast path in the input's own text (given the hostname's range there, it
/// answers the suffix's), else that `of_url` finds in the parsed URL.
#[inline]
fn domain_suffix<'a>(
    input: &'a str,
    of_host: impl Fn(Range<usize>) -> Option<Range<usize>>,
    of_url: impl Fn(&Url) -> Option<&str>,
) -> Option<Slice<'a>> {
    if let Some(host) = normal_hostname(input) {
        // The empty host (of `file:///`, `file://localhost/`) is not a domain.
        if host.is_empty() {
            return None;
        }
        return Some(Slice::Input(input, of_host(host)?));
    }
    let url = Url::parse(input).ok()?;
    let len = of_url(&url)?.len();
    let host = url.component_range(Component::Hostname)?;
    let range = host.end - len..host.end;
    Some(if url.href() == input {
        Slice::Input(input, range)
    } else {
        Slice::Href(url, range)
    })
}

/// The URL Standard's name of the validation error that makes `input` fail to parse against
/// `base` ([`ParseError::spec_name`]); `None` when it parses.
///
/// ```
/// assert_eq!(weburl_arrow::rows::error_name("/x", None), Some("missing-scheme-non-relative-URL"));
/// assert_eq!(weburl_arrow::rows::error_name("https://a/", None), None);
/// ```
#[must_use]
pub fn error_name(input: &str, base: Option<&Url>) -> Option<&'static str> {
    parse(input, base).err().map(ParseError::spec_name)
}

/// `url` in `profile`'s canonical form, as `weburl::normalize::canonicalize` gives it (the
/// href itself, not a copy, for the `spec` profile without tracking parameters stripped);
/// `None` where normalization fails.
///
/// ```
/// use weburl::Url;
/// use weburl::normalize::{Options, Profile};
/// let url = Url::parse("HTTP://A.example/%7e?b=1&a=2").unwrap();
/// let options = Options::default();
/// assert_eq!(weburl_arrow::rows::normalize(&url, Profile::Dedup, &options).unwrap(), "http://a.example/~?a=2&b=1");
/// ```
#[must_use]
pub fn normalize<'u>(url: &'u Url, profile: Profile, options: &Options) -> Option<Cow<'u, str>> {
    if profile == Profile::Spec && !options.strip_tracking {
        return Some(Cow::Borrowed(url.href()));
    }
    canonicalize(url, profile, options).ok().map(Cow::Owned)
}

/// The component of `pattern` whose group `name` a bare name means: the first in the spec's
/// order (protocol, username, password, hostname, port, pathname, search, hash) that has a
/// group of that name; `None` when none has.
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternComponent};
/// let p: UrlPattern = "https://*.example.com/:id".parse().unwrap();
/// assert_eq!(weburl_arrow::rows::pattern_group_component(&p, "id"), Some(UrlPatternComponent::Pathname));
/// // The username is `*` here, and comes first.
/// assert_eq!(weburl_arrow::rows::pattern_group_component(&p, "0"), Some(UrlPatternComponent::Username));
/// assert_eq!(weburl_arrow::rows::pattern_group_component(&p, "x"), None);
/// ```
#[cfg(feature = "pattern")]
#[must_use]
pub fn pattern_group_component(pattern: &UrlPattern, name: &str) -> Option<UrlPatternComponent> {
    UrlPatternComponent::ALL
        .into_iter()
        .find(|&c| pattern.group_names(c).any(|n| n == name))
}

/// The value of the group `name` of `component` (`None`: of the first component that has
/// such a group, [`pattern_group_component`]) that `url` matched in `pattern`; `None` where
/// it does not match, there is no such group, or the group did not participate. The value
/// is a part of the URL's href: nothing is copied.
///
/// ```
/// use weburl::Url;
/// use weburl::pattern::{UrlPattern, UrlPatternComponent};
/// use weburl_arrow::rows::pattern_group;
/// let p: UrlPattern = "https://*.example.com/books/:id".parse().unwrap();
/// let url = Url::parse("https://a.example.com/books/7").unwrap();
/// assert_eq!(pattern_group(&url, &p, None, "id"), Some("7"));
/// assert_eq!(pattern_group(&url, &p, Some(UrlPatternComponent::Hostname), "0"), Some("a"));
/// assert_eq!(pattern_group(&url, &p, Some(UrlPatternComponent::Hostname), "id"), None);
/// assert_eq!(pattern_group(&Url::parse("https://example.org/").unwrap(), &p, None, "id"), None);
/// ```
#[cfg(feature = "pattern")]
#[must_use]
pub fn pattern_group<'u>(
    url: &'u Url,
    pattern: &UrlPattern,
    component: Option<UrlPatternComponent>,
    name: &str,
) -> Option<&'u str> {
    let component = component.or_else(|| pattern_group_component(pattern, name))?;
    pattern.match_url(url)?.group(component, name)
}

/// Whether the URL `input` parses to (parsed in `spare`'s buffer, where it stays) matches
/// `pattern`: `URLPattern.test` of one row, `Some(false)` where it does not parse, and `None`
/// (SQL's unknown) where a custom regexp group exhausted its step budget before it could
/// answer ([`UrlPattern::try_test_url`]). The row of the SQL hosts' `url_pattern_test` where
/// each row has its own pattern.
///
/// ```
/// use weburl::pattern::UrlPattern;
/// use weburl_arrow::rows::{Spare, pattern_test_in};
/// let p: UrlPattern = "https://*.example.com/books/:id".parse().unwrap();
/// let mut spare = Spare::default();
/// assert_eq!(pattern_test_in("https://a.example.com/books/7", &p, &mut spare), Some(true));
/// assert_eq!(pattern_test_in("nope", &p, &mut spare), Some(false));
/// let slow: UrlPattern = "https://e.com/:x((?=a)(?:a*)*b)".parse().unwrap();
/// let hostile = format!("https://e.com/{}", "a".repeat(20_000));
/// assert_eq!(pattern_test_in(&hostile, &slow, &mut spare), None);
/// ```
#[cfg(feature = "pattern")]
#[must_use]
#[inline]
pub fn pattern_test_in(input: &str, pattern: &UrlPattern, spare: &mut Spare) -> Option<bool> {
    match spare.parse_kept(input, None) {
        Ok(url) => pattern.try_test_url(url).ok(),
        Err(_) => Some(false),
    }
}

/// `f` of the value of the group that `name` refers to (`id`, or `pathname.0`: the names of
/// `pattern_exec`'s fields, a bare name meaning the first component that has such a group,
/// as [`crate::pattern_group`] reads them) in the match of the URL `input` parses to (parsed
/// in `spare`'s buffer, where it stays): `None` where the pattern has no such group, the URL
/// does not parse or match, or the group did not participate. The row of the SQL hosts'
/// `url_pattern_group` where each row has its own pattern.
///
/// ```
/// use weburl::pattern::UrlPattern;
/// use weburl_arrow::rows::{Spare, pattern_group_in};
/// let p: UrlPattern = "https://*.example.com/books/:id".parse().unwrap();
/// let mut spare = Spare::default();
/// let url = "https://a.example.com/books/7";
/// assert_eq!(pattern_group_in(url, &p, "id", &mut spare, |v| v.map(str::to_owned)), Some("7".into()));
/// assert_eq!(pattern_group_in(url, &p, "hostname.0", &mut spare, |v| v.map(str::to_owned)), Some("a".into()));
/// assert_eq!(pattern_group_in(url, &p, "nope", &mut spare, |v| v.is_none()), true);
/// ```
#[cfg(feature = "pattern")]
#[inline]
pub fn pattern_group_in<R>(
    input: &str,
    pattern: &UrlPattern,
    name: &str,
    spare: &mut Spare,
    f: impl FnOnce(Option<&str>) -> R,
) -> R {
    let (component, group) = group_reference(name);
    // Without such a group the URL is not parsed.
    let Some(component) = component.or_else(|| pattern_group_component(pattern, group)) else {
        return f(None);
    };
    let Ok(url) = spare.parse_kept(input, None) else {
        return f(None);
    };
    f(pattern_group(url, pattern, Some(component), group))
}

/// Spark SQL's `parse_url(url, part)` (`key: None`) or `parse_url(url, part, key)` of one row
/// (feature `spark`; the rules are [`crate::spark`]'s): the answer, a part of `url`, or `None`
/// for Spark's NULL. The one input on which `java.net.URI` throws a `NumberFormatException`
/// (which Spark does not catch) gives `None` too, so that a query goes on past it; a key that
/// Spark would refuse, or whose Java syntax is not emulated, is an error for the whole call.
///
/// ```
/// use weburl_arrow::rows::spark_parse_url;
/// let url = "HTTP://Example.COM/a/./b?x=1&y=2";
/// assert_eq!(spark_parse_url(url, "HOST", None).unwrap().unwrap().as_str(), "Example.COM");
/// assert_eq!(spark_parse_url(url, "QUERY", Some("y")).unwrap().unwrap().as_str(), "2");
/// assert_eq!(spark_parse_url("http://[::99999999999.1.1.1]/", "HOST", None), Ok(None));
/// assert!(spark_parse_url(url, "QUERY", Some("(")).is_err());
/// ```
#[cfg(feature = "spark")]
pub fn spark_parse_url<'a>(
    url: &'a str,
    part: &str,
    key: Option<&str>,
) -> Result<Option<Slice<'a>>, crate::KernelError> {
    match crate::spark::parse_url_range(url, part, key) {
        Ok(answer) => Ok(answer.map(|range| Slice::Input(url, range))),
        Err(crate::spark::SparkError::UriNumberFormat) => Ok(None),
        Err(error) => Err(crate::KernelError::SparkKey {
            key: key.unwrap_or_default().to_owned(),
            error,
        }),
    }
}

/// A group as [`crate::pattern_group`] names it: `component.name` or a bare `name`.
///
/// ```
/// use weburl::pattern::UrlPatternComponent;
/// use weburl_arrow::group_reference;
/// assert_eq!(group_reference("pathname.0"), (Some(UrlPatternComponent::Pathname), "0"));
/// assert_eq!(group_reference("id"), (None, "id"));
/// ```
#[cfg(feature = "pattern")]
#[must_use]
pub fn group_reference(name: &str) -> (Option<UrlPatternComponent>, &str) {
    if let Some((component, group)) = name.split_once('.')
        && let Some(c) = UrlPatternComponent::ALL
            .into_iter()
            .find(|c| c.name() == component)
    {
        return (Some(c), group);
    }
    (None, name)
}
