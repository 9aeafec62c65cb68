//! What each SQL function answers for one row, through the per-row functions that every
//! data surface of weburl shares (`weburl_arrow::rows`), so that the answers are those of
//! weburl's DataFusion and Python functions: null for a null argument and for a URL that does
//! not parse, an error for an unknown `sections` or `profile` name.

use weburl::normalize::{Options, Profile};
use weburl::{Component, ParseError, Url};
use weburl_arrow::rows;

/// A function whose answer is text, with what its second argument (if any) means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextKernel {
    /// `url_href`, `url_hostname`, ... `(url [, base])`: one component.
    Component(Component),
    /// `url_public_suffix(url [, sections])`.
    PublicSuffix,
    /// `url_registrable_domain(url [, sections])`.
    RegistrableDomain,
    /// `url_normalize(url [, profile])`.
    Normalize,
    /// `url_surt(url)`.
    Surt,
    /// `url_error_name(url [, base])`: the spec's name of the error, null where it parses.
    ErrorName,
    /// `url_join(base, ref)`: the href of `ref` resolved against `base`.
    Join,
    /// `url_search_param(url, name)`: the first value of `name` in the query.
    SearchParam,
}

impl TextKernel {
    /// The SQL name of the function.
    ///
    /// ```
    /// use weburl_duckdb::rows::TextKernel;
    /// assert_eq!(TextKernel::Component(weburl::Component::Hostname).sql_name(), "url_hostname");
    /// ```
    #[must_use]
    pub fn sql_name(self) -> String {
        match self {
            TextKernel::Component(c) => format!("url_{}", c.name()),
            TextKernel::PublicSuffix => "url_public_suffix".into(),
            TextKernel::RegistrableDomain => "url_registrable_domain".into(),
            TextKernel::Normalize => "url_normalize".into(),
            TextKernel::Surt => "url_surt".into(),
            TextKernel::ErrorName => "url_error_name".into(),
            TextKernel::Join => "url_join".into(),
            TextKernel::SearchParam => "url_search_param".into(),
        }
    }
}

/// A query-stopping error: an argument no row can answer (an unknown sections or profile
/// name), as DataFusion's functions fail the query for it.
pub type Failure = String;

/// The base URLs of one call, parsed once per run of equal strings: a constant base arrives
/// as a column repeating one string, and a column of bases is often sorted.
///
/// It also keeps the previous row's URL, whose buffer the next row's parse reuses
/// ([`rows::Spare`]).
///
/// ```
/// let mut bases = weburl_duckdb::rows::Bases::default();
/// assert_eq!(bases.get("http://a/b").as_ref().unwrap().href(), "http://a/b");
/// let url = bases.parse("c", Some("http://a/b")).unwrap();
/// assert_eq!(url.href(), "http://a/c");
/// bases.keep(url);
/// ```
#[derive(Default)]
pub struct Bases<'a> {
    last: Option<(&'a str, Result<Url, ParseError>)>,
    spare: rows::Spare,
}

impl<'a> Bases<'a> {
    /// The parse of `text`, reusing the previous row's when the text is the same.
    pub fn get(&mut self, text: &'a str) -> &Result<Url, ParseError> {
        Self::last_of(&mut self.last, text)
    }

    /// [`Bases::get`] on the field alone, so that the spare can be borrowed beside it.
    fn last_of<'b>(
        last: &'b mut Option<(&'a str, Result<Url, ParseError>)>,
        text: &'a str,
    ) -> &'b Result<Url, ParseError> {
        if last.as_ref().is_none_or(|(t, _)| *t != text) {
            *last = Some((text, Url::parse(text)));
        }
        &last.as_ref().expect("just set").1
    }

    /// The parsed `base`, if any, or its error.
    fn base_of<'b>(
        last: &'b mut Option<(&'a str, Result<Url, ParseError>)>,
        base: Option<&'a str>,
    ) -> Result<Option<&'b Url>, ParseError> {
        match base {
            None => Ok(None),
            Some(base) => Self::last_of(last, base).as_ref().map(Some).map_err(|e| *e),
        }
    }

    /// `input` parsed against `base` (a base that fails gives the base's error, as
    /// `new URL(input, base)` throws it), or alone; give the URL back with [`Bases::keep`].
    pub fn parse(&mut self, input: &str, base: Option<&'a str>) -> Result<Url, ParseError> {
        let base = Self::base_of(&mut self.last, base)?;
        self.spare.parse(input, base)
    }

    /// Keeps `url` for the next row's parse.
    pub fn keep(&mut self, url: Url) {
        self.spare.keep(url);
    }

    /// The getter `component` of `input` parsed against `base` ([`rows::component_with`]);
    /// `None` when either does not parse. Give the answer back with `keep_answer` once
    /// written.
    fn component(
        &mut self,
        input: &'a str,
        base: Option<&'a str>,
        component: weburl::Component,
    ) -> Option<rows::Slice<'a>> {
        let base = Self::base_of(&mut self.last, base).ok()?;
        rows::component_with(input, base, component, &mut self.spare)
    }

    /// Keeps the URL an answer of [`Bases::component`] holds, once written.
    fn keep_answer(&mut self, answer: rows::Slice<'_>) {
        self.spare.keep_answer(answer);
    }
}

/// Row of a text function: `emit` receives the answer when there is one; `Ok(false)` means
/// null. `second` is the second argument (`None` for a one-argument call; a null second
/// argument never reaches here: the row is null).
///
/// ```
/// use weburl_duckdb::rows::{Bases, TextKernel, text};
/// let mut out = String::new();
/// let kernel = TextKernel::RegistrableDomain;
/// assert!(text(kernel, "https://a.b.github.io/", Some("icann"), &mut Bases::default(), |s| out.push_str(s))?);
/// assert_eq!(out, "github.io");
/// # Ok::<(), String>(())
/// ```
pub fn text<'a>(
    kernel: TextKernel,
    first: &'a str,
    second: Option<&'a str>,
    bases: &mut Bases<'a>,
    emit: impl FnOnce(&str),
) -> Result<bool, Failure> {
    let fail = |e: weburl_arrow::KernelError| format!("{}: {e}", kernel.sql_name());
    let answered = match kernel {
        TextKernel::Component(component) => match bases.component(first, second, component) {
            Some(answer) => {
                emit(answer.as_str());
                bases.keep_answer(answer);
                true
            }
            None => false,
        },
        TextKernel::PublicSuffix | TextKernel::RegistrableDomain => {
            let sections = match second {
                None => weburl::psl::Sections::All,
                Some(name) => weburl_arrow::sections(name).map_err(fail)?,
            };
            let answer = if kernel == TextKernel::PublicSuffix {
                rows::public_suffix(first, sections)
            } else {
                rows::registrable_domain(first, sections)
            };
            answer.map(|a| emit(a.as_str())).is_some()
        }
        TextKernel::Normalize | TextKernel::Surt => {
            let profile = match second {
                None if kernel == TextKernel::Surt => Profile::Surt,
                None => Profile::Spec,
                Some(name) => weburl_arrow::profile(name).map_err(fail)?,
            };
            let Ok(url) = bases.parse(first, None) else {
                return Ok(false);
            };
            let answered = rows::normalize(&url, profile, &Options::default())
                .map(|a| emit(&a))
                .is_some();
            bases.keep(url);
            answered
        }
        TextKernel::ErrorName => {
            let answer = match second {
                None => rows::error_name(first, None),
                Some(base) => match bases.get(base) {
                    Ok(base) => rows::error_name(first, Some(base)),
                    Err(e) => Some(e.spec_name()),
                },
            };
            answer.map(emit).is_some()
        }
        TextKernel::Join => {
            // The base is the first argument, the reference the second.
            let reference = second.unwrap_or_default();
            match bases.parse(reference, Some(first)) {
                Ok(url) => {
                    emit(url.href());
                    bases.keep(url);
                    true
                }
                Err(_) => false,
            }
        }
        TextKernel::SearchParam => {
            let name = second.unwrap_or_default();
            let Ok(url) = bases.parse(first, None) else {
                return Ok(false);
            };
            let answered = url.search_params().get(name).map(emit).is_some();
            bases.keep(url);
            answered
        }
    };
    Ok(answered)
}

/// Row of `url_hostname(url)`: what [`text`] answers for it, with `emit` given the hostname
/// as a part of `input` where [`weburl::normal_hostname`] reads it in place (nearly every web
/// URL), else [`rows::hostname`]'s answer; `false` means null.
///
/// ```
/// let mut out = String::new();
/// assert!(weburl_duckdb::rows::hostname("https://a.example:8080/x", |s| out.push_str(s)));
/// assert_eq!(out, "a.example");
/// assert!(!weburl_duckdb::rows::hostname("https://a.example:99999/", |_| {}));
/// ```
#[inline]
pub fn hostname(input: &str, emit: impl FnOnce(&str)) -> bool {
    match weburl::normal_hostname(input) {
        Some(range) => {
            emit(&input[range]);
            true
        }
        None => rows::hostname(input).map(|a| emit(a.as_str())).is_some(),
    }
}

/// Row of `url_can_parse(url [, base])`.
///
/// ```
/// use weburl_duckdb::rows::{Bases, can_parse};
/// assert!(can_parse("/p", Some("http://a/"), &mut Bases::default()));
/// ```
pub fn can_parse<'a>(input: &str, base: Option<&'a str>, bases: &mut Bases<'a>) -> bool {
    match base {
        None => Url::can_parse(input, None),
        Some(base) => match bases.get(base) {
            Ok(base) => Url::can_parse_with_base(input, Some(base)),
            Err(_) => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(kernel: TextKernel, first: &str, second: Option<&str>) -> Option<String> {
        let mut bases = Bases::default();
        let mut out = None;
        let answered = text(kernel, first, second, &mut bases, |s| {
            out = Some(s.to_owned())
        })
        .expect("no failure");
        assert_eq!(answered, out.is_some());
        out
    }

    #[test]
    fn components_with_and_without_base() {
        let host = TextKernel::Component(Component::Hostname);
        assert_eq!(
            answer(host, "HTTPS://EXAMPLE.com:443/a", None).as_deref(),
            Some("example.com")
        );
        assert_eq!(answer(host, "http://[::1", None), None);
        let href = TextKernel::Component(Component::Href);
        assert_eq!(
            answer(href, "../c?x", Some("http://a/b/d")).as_deref(),
            Some("http://a/c?x")
        );
        assert_eq!(answer(href, "x", Some("not a base")), None);
    }

    #[test]
    fn domains_and_sections() {
        let rd = TextKernel::RegistrableDomain;
        assert_eq!(
            answer(rd, "https://a.b.github.io/", None).as_deref(),
            Some("b.github.io")
        );
        assert_eq!(
            answer(rd, "https://a.b.github.io/", Some("icann")).as_deref(),
            Some("github.io")
        );
        assert_eq!(answer(rd, "https://127.0.0.1/", None), None);
        let mut bases = Bases::default();
        let err = text(rd, "https://a.com/", Some("private"), &mut bases, |_| {}).unwrap_err();
        assert!(
            err.starts_with("url_registrable_domain: sections must be"),
            "{err}"
        );
    }

    #[test]
    fn errors_normalize_join_and_can_parse() {
        assert_eq!(
            answer(TextKernel::ErrorName, "http://a:99999/", None).as_deref(),
            Some("port-out-of-range")
        );
        assert_eq!(answer(TextKernel::ErrorName, "http://a/", None), None);
        assert_eq!(
            answer(TextKernel::Normalize, "HTTP://A.com:80/./b", None).as_deref(),
            Some("http://a.com/b")
        );
        assert!(
            text(
                TextKernel::Normalize,
                "http://a/",
                Some("nope"),
                &mut Bases::default(),
                |_| {}
            )
            .is_err()
        );
        assert_eq!(
            answer(TextKernel::Join, "http://a/b/c", Some("../d")).as_deref(),
            Some("http://a/d")
        );
        assert_eq!(
            answer(TextKernel::SearchParam, "http://a/?x=1&x=2", Some("x")).as_deref(),
            Some("1")
        );
        let mut bases = Bases::default();
        assert!(can_parse("/p", Some("http://a/"), &mut bases));
        assert!(!can_parse("/p", None, &mut bases));
        assert!(!can_parse("/p", Some("nope"), &mut bases));
    }
}
