//! What each SQL function answers for one row, through the per-row functions that every
//! data surface of weburl shares (`weburl_arrow::rows`), so that the answers are those of
//! weburl's DataFusion and Python functions: null for a null argument and for a URL that does
//! not parse, an error for an unknown `sections` or `profile` name.

use weburl::Component;
use weburl::normalize::{Options, Profile};
use weburl::psl::Sections;
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
    /// The text function of the catalogue's SQL name `sql` (`None`: not a text function).
    ///
    /// ```
    /// use weburl_duckdb::rows::TextKernel;
    /// assert_eq!(TextKernel::of("url_hostname"), Some(TextKernel::Component(weburl::Component::Hostname)));
    /// assert_eq!(TextKernel::of("url_parse"), None);
    /// ```
    #[must_use]
    pub fn of(sql: &str) -> Option<TextKernel> {
        Some(match sql {
            "url_public_suffix" => TextKernel::PublicSuffix,
            "url_registrable_domain" => TextKernel::RegistrableDomain,
            "url_normalize" => TextKernel::Normalize,
            "url_surt" => TextKernel::Surt,
            "url_error_name" => TextKernel::ErrorName,
            "url_join" => TextKernel::Join,
            "url_search_param" => TextKernel::SearchParam,
            getter => TextKernel::Component(getter.strip_prefix("url_")?.parse().ok()?),
        })
    }

    /// The SQL name of the function: the name in weburl-arrow's catalogue that
    /// [`TextKernel::of`] reads as this kernel.
    ///
    /// ```
    /// use weburl_duckdb::rows::TextKernel;
    /// assert_eq!(TextKernel::Component(weburl::Component::Hostname).sql_name(), "url_hostname");
    /// ```
    #[must_use]
    pub fn sql_name(self) -> &'static str {
        weburl_arrow::catalog::FUNCTIONS
            .iter()
            .map(|f| f.sql)
            .find(|name| TextKernel::of(name) == Some(self))
            .unwrap_or("weburl")
    }
}

/// A query-stopping error: an argument no row can answer (an unknown sections or profile
/// name), as DataFusion's functions fail the query for it.
pub type Failure = String;

pub use weburl_arrow::rows::Bases;

/// The per-row state of one call of a text function: the base URLs and the previous row's
/// URL ([`Bases`]), and the `sections` and `profile` names read once per run of equal values
/// (`weburl_arrow::rows::Named`), as weburl's DataFusion functions read them.
pub struct TextState<'a> {
    /// The base URLs and the URL kept for the next row's parse.
    pub bases: Bases<'a>,
    sections: rows::Named<'a, Sections>,
    profiles: rows::Named<'a, Profile>,
}

impl Default for TextState<'_> {
    fn default() -> Self {
        TextState {
            bases: Bases::default(),
            sections: rows::Named::new(weburl_arrow::sections),
            profiles: rows::Named::new(weburl_arrow::profile),
        }
    }
}

/// Row of a text function: `emit` receives the answer when there is one; `Ok(false)` means
/// null. `second` is the second argument (`None` for a one-argument call; a null second
/// argument never reaches here: the row is null).
///
/// ```
/// use weburl_duckdb::rows::{TextKernel, TextState, text};
/// let mut out = String::new();
/// let kernel = TextKernel::RegistrableDomain;
/// assert!(text(kernel, "https://a.b.github.io/", Some("icann"), &mut TextState::default(), |s| out.push_str(s))?);
/// assert_eq!(out, "github.io");
/// # Ok::<(), String>(())
/// ```
pub fn text<'a>(
    kernel: TextKernel,
    first: &'a str,
    second: Option<&'a str>,
    state: &mut TextState<'a>,
    emit: impl FnOnce(&str),
) -> Result<bool, Failure> {
    let bases = &mut state.bases;
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
                None => Sections::All,
                Some(name) => state.sections.get(name).map_err(fail)?,
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
                Some(name) => state.profiles.get(name).map_err(fail)?,
            };
            match bases.normalized(first, profile, &Options::default()) {
                Some(answer) => {
                    emit(answer.as_str());
                    bases.keep_answer(answer);
                    true
                }
                None => false,
            }
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
    bases.can_parse(input, base)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(kernel: TextKernel, first: &str, second: Option<&str>) -> Option<String> {
        let mut state = TextState::default();
        let mut out = None;
        let answered = text(kernel, first, second, &mut state, |s| {
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
        let mut state = TextState::default();
        let err = text(rd, "https://a.com/", Some("private"), &mut state, |_| {}).unwrap_err();
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
                &mut TextState::default(),
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
