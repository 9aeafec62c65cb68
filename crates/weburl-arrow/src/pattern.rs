//! URL patterns over string columns (the feature `pattern`): whether each URL matches one
//! pattern (JavaScript's `URLPattern.test`), and what the pattern's groups captured
//! (`URLPattern.exec`), as columns. The pattern is one value for the whole call, compiled
//! once ([`url_pattern`]); each row is parsed once and matched with
//! [`UrlPattern::match_url`], whose groups are read from the URL in place.
//!
//! ## Field names
//!
//! [`pattern_exec`] answers a struct with one field per group of the pattern, in the spec's
//! order of components (protocol, username, password, hostname, port, pathname, search, hash)
//! and, within a component, in the order of its groups. A field is named after its group
//! (`id` for `:id`) where no other component has a group of that name; where two do (the
//! `0` of a wildcard `*` in the hostname and in the pathname, and of the username, password,
//! search and hash that a constructor string leaves as `*`), each of them is
//! `component.name` (`hostname.0`, `pathname.0`). A group name never holds a `.`, so the two
//! forms never meet. In SQL a bare name is typed as it is (`m.id`); a qualified one, or a
//! number, is quoted (`m."pathname.0"`).
//!
//! [`pattern_group`] takes the same names, and also a bare name that several components have:
//! that one is the group of the first of them in the spec's order (write `pathname.0` for the
//! pathname's wildcard: a bare `0` is the username's group when the pattern leaves the
//! username as `*`).

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, GenericStringBuilder};
use arrow_array::{ArrayRef, BooleanArray, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{Field, Fields};
use weburl::Url;
use weburl::pattern::{
    PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternInit, UrlPatternInput,
    UrlPatternOptions,
};

use crate::base::Bases;
use crate::cache::{CacheKey, CacheReader, Compile, CompiledCache};
use crate::sink::{Sink, ViewBuilder};
use crate::{Base, KernelError, Output, Strings, rows};

/// The pattern `pattern` (a constructor string such as `https://*.example.com/books/:id`,
/// relative to `base` when given), with `ignoreCase` when `ignore_case`: what every surface
/// compiles its pattern argument with, once per call.
///
/// ```
/// use weburl_arrow::{KernelError, url_pattern};
/// let p = url_pattern("/books/:id", Some("https://example.com"), false)?;
/// assert_eq!(p.hostname(), "example.com");
/// let e = url_pattern("https://example.com/:id(", None, false).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     r#"invalid URL pattern "https://example.com/:id(": invalid pattern at byte 23 (in the pathname): an unclosed regexp group"#
/// );
/// # Ok::<(), KernelError>(())
/// ```
pub fn url_pattern(
    pattern: &str,
    base: Option<&str>,
    ignore_case: bool,
) -> Result<UrlPattern, KernelError> {
    url_pattern_with(pattern, base, ignore_case, false)
}

/// [`url_pattern`], and where `untrusted` within [`PatternLimits::untrusted`] (no custom
/// regexp groups, at most 8 KiB of text), for patterns from users: what the data functions'
/// `untrusted` argument compiles with.
///
/// ```
/// use weburl_arrow::{KernelError, url_pattern_with};
/// assert!(url_pattern_with(r"/:id(\d+)", Some("https://example.com"), false, false).is_ok());
/// let e = url_pattern_with(r"/:id(\d+)", Some("https://example.com"), false, true).unwrap_err();
/// assert!(e.to_string().contains("has a custom regexp group, which the limits refuse"), "{e}");
/// assert!(url_pattern_with("/:id", Some("https://example.com"), false, true).is_ok());
/// # Ok::<(), KernelError>(())
/// ```
pub fn url_pattern_with(
    pattern: &str,
    base: Option<&str>,
    ignore_case: bool,
    untrusted: bool,
) -> Result<UrlPattern, KernelError> {
    let limits = if untrusted {
        PatternLimits::untrusted()
    } else {
        PatternLimits::new()
    };
    let input = pattern_input(pattern)?;
    UrlPattern::new_with_limits(&input, base, UrlPatternOptions { ignore_case }, &limits).map_err(
        |error| KernelError::Pattern {
            pattern: pattern.to_owned(),
            error,
        },
    )
}

/// A data function's pattern argument as the constructor's input: the JSON text of an init
/// object (`{"pathname": "/books/:id"}`: text that starts with `{` and is a JSON object),
/// whose members must all be `URLPatternInit`'s ([`UrlPatternInit::member_mut`]: a misspelt
/// one would be a constraint silently dropped) and strings; any other text a constructor
/// string (`{https}://example.com` too, which is not JSON). With an init object, a
/// `pattern_base` is an error, as JavaScript's `new URLPattern(init, baseURL)` throws: the
/// base URL is the init's `baseURL`.
///
/// # Errors
///
/// [`KernelError::PatternInit`] naming the unknown member, or the member that is not a
/// string.
///
/// ```
/// use weburl::pattern::UrlPatternInput;
/// use weburl_arrow::pattern_input;
/// let UrlPatternInput::Init(init) = pattern_input(r#"{"pathname": "/books/:id"}"#)? else { panic!() };
/// assert_eq!(init.pathname.as_deref(), Some("/books/:id"));
/// assert!(matches!(pattern_input("{https}://example.com")?, UrlPatternInput::String(_)));
/// let e = pattern_input(r#"{"path": "/x"}"#).unwrap_err();
/// assert!(e.to_string().contains(r#"the init object has an unknown member "path""#), "{e}");
/// let e = pattern_input(r#"{"port": 80}"#).unwrap_err();
/// assert!(e.to_string().contains(r#"the init object's member "port" must be a string"#), "{e}");
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
pub fn pattern_input(text: &str) -> Result<UrlPatternInput, KernelError> {
    let members = text
        .trim_start()
        .starts_with('{')
        .then(|| serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text).ok())
        .flatten();
    let Some(members) = members else {
        return Ok(UrlPatternInput::String(text.to_owned()));
    };
    let refuse = |message: String| KernelError::PatternInit {
        pattern: text.to_owned(),
        message,
    };
    let mut init = UrlPatternInit::default();
    for (key, value) in members {
        let Some(member) = init.member_mut(&key) else {
            let names: Vec<&str> = UrlPatternComponent::ALL
                .map(UrlPatternComponent::name)
                .into();
            return Err(refuse(format!(
                "the init object has an unknown member {key:?} (its members are {} and baseURL)",
                names.join(", ")
            )));
        };
        let serde_json::Value::String(value) = value else {
            return Err(refuse(format!(
                "the init object's member {key:?} must be a string, not {value}"
            )));
        };
        *member = Some(value);
    }
    Ok(UrlPatternInput::Init(Box::new(init)))
}

/// Compiled URL patterns by their text, base URL, `ignoreCase` and `untrusted`: the
/// [`CompiledCache`] of [`UrlPattern`]s, what a SQL host keeps so that a pattern argument is
/// compiled once, not once per batch (DataFusion) or chunk (DuckDB) of a query, nor once per
/// row where each row has its own. Each entry is [`url_pattern_with`]`(text, base,
/// ignore_case, untrusted)`. Bounded by [`PatternCache::MAX_PATTERNS`] patterns and
/// [`PatternCache::MAX_BYTES`] bytes of pattern text and base URLs ([`CompiledCache`]'s
/// rule). A pattern that does not compile is not kept: its error stops the query that met it.
///
/// ```
/// use std::sync::Arc;
/// use weburl_arrow::PatternCache;
/// let cache = PatternCache::default();
/// let p = cache.get("https://*.example.com/books/:id", None, false)?;
/// assert!(p.test("https://a.example.com/books/7", None));
/// // The same text again: the same compiled pattern, not a second compile.
/// assert!(Arc::ptr_eq(&p, &cache.get("https://*.example.com/books/:id", None, false)?));
/// // The same text with a base URL, or with ignoreCase, is another pattern.
/// let relative = cache.get("/books/:id", Some("https://example.com"), false)?;
/// assert!(relative.test("https://example.com/books/7", None));
/// let folded = cache.get("https://*.example.com/books/:id", None, true)?;
/// assert!(folded.test("https://a.example.com/BOOKS/7", None));
/// assert_eq!(cache.len(), 3);
/// let e = cache.get("https://example.com/:id(", None, false).unwrap_err();
/// assert!(e.to_string().contains("at byte 23 (in the pathname)"));
/// let e = cache.get("/books/:id", Some("nope"), false).unwrap_err();
/// assert!(e.to_string().ends_with(r#"the base URL "nope" does not parse"#));
/// assert_eq!(cache.len(), 3);
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
pub type PatternCache = CompiledCache<UrlPattern>;

/// [`PatternCache::reader`]: the cache, and the previous row's pattern with what it was
/// compiled from.
pub type PatternReader<'c> = CacheReader<'c, UrlPattern>;

impl Compile for UrlPattern {
    const MAX_ENTRIES: usize = 256;
    const MAX_BYTES: usize = 1 << 20;

    fn compile(key: &CacheKey<'_>) -> Result<UrlPattern, KernelError> {
        url_pattern_with(key.text, key.base, key.ignore_case, key.untrusted)
    }
}

impl PatternCache {
    /// The most patterns held at once.
    pub const MAX_PATTERNS: usize = <UrlPattern as Compile>::MAX_ENTRIES;
    /// The most bytes of pattern text and base URLs held at once (a longer pattern is
    /// compiled each time and never kept).
    pub const MAX_BYTES: usize = <UrlPattern as Compile>::MAX_BYTES;

    /// The pattern `text` compiled with the base URL `base` and `ignore_case`
    /// ([`url_pattern`]): the one compiled before when the cache holds it, else compiled now
    /// and kept.
    ///
    /// # Errors
    ///
    /// [`KernelError::Pattern`] where `text` is not a valid pattern (which token at which
    /// offset of which component) or `base` does not parse.
    ///
    /// ```
    /// let cache = weburl_arrow::PatternCache::new();
    /// assert_eq!(cache.get("https://example.com/books/:id", None, false)?.pathname(), "/books/:id");
    /// assert_eq!(cache.get("/books/:id", Some("https://example.com"), false)?.hostname(), "example.com");
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    pub fn get(
        &self,
        text: &str,
        base: Option<&str>,
        ignore_case: bool,
    ) -> Result<Arc<UrlPattern>, KernelError> {
        self.get_with(text, base, ignore_case, false)
    }

    /// [`PatternCache::get`], and where `untrusted` compiled within
    /// [`PatternLimits::untrusted`] ([`url_pattern_with`]): a pattern is kept by its text,
    /// base URL, `ignoreCase` and `untrusted`, so one compiled without the limits is never
    /// answered for a call with them.
    ///
    /// # Errors
    ///
    /// [`PatternCache::get`]'s, and [`KernelError::Pattern`] where `untrusted` and the
    /// pattern exceeds the limits.
    ///
    /// ```
    /// let cache = weburl_arrow::PatternCache::new();
    /// assert!(cache.get_with(r"https://h/:id(\d+)", None, false, false).is_ok());
    /// assert!(cache.get_with(r"https://h/:id(\d+)", None, false, true).is_err());
    /// assert_eq!(cache.len(), 1);
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    pub fn get_with(
        &self,
        text: &str,
        base: Option<&str>,
        ignore_case: bool,
        untrusted: bool,
    ) -> Result<Arc<UrlPattern>, KernelError> {
        self.get_key(&pattern_key(text, base, ignore_case, untrusted))
    }
}

/// The [`CacheKey`] of a pattern.
fn pattern_key<'k>(
    text: &'k str,
    base: Option<&'k str>,
    ignore_case: bool,
    untrusted: bool,
) -> CacheKey<'k> {
    CacheKey::new(text, base)
        .with_ignore_case(ignore_case)
        .with_untrusted(untrusted)
}

impl PatternReader<'_> {
    /// [`PatternCache::get`], answered without the cache when the previous call asked for
    /// the same pattern.
    ///
    /// # Errors
    ///
    /// [`PatternCache::get`]'s.
    ///
    /// ```
    /// let cache = weburl_arrow::PatternCache::new();
    /// let mut patterns = cache.reader();
    /// assert!(patterns.get("/:id", Some("https://nope"), false).is_ok());
    /// assert!(patterns.get("/:id", Some("nope"), false).is_err());
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    pub fn get(
        &mut self,
        text: &str,
        base: Option<&str>,
        ignore_case: bool,
    ) -> Result<&UrlPattern, KernelError> {
        self.get_with(text, base, ignore_case, false)
    }

    /// [`PatternCache::get_with`], answered without the cache when the previous call asked
    /// for the same pattern.
    ///
    /// # Errors
    ///
    /// [`PatternCache::get_with`]'s.
    ///
    /// ```
    /// let cache = weburl_arrow::PatternCache::new();
    /// let mut patterns = cache.reader();
    /// assert!(patterns.get_with(r"https://h/:id(\d+)", None, false, false).is_ok());
    /// assert!(patterns.get_with(r"https://h/:id(\d+)", None, false, true).is_err());
    /// ```
    pub fn get_with(
        &mut self,
        text: &str,
        base: Option<&str>,
        ignore_case: bool,
        untrusted: bool,
    ) -> Result<&UrlPattern, KernelError> {
        self.get_key(&pattern_key(text, base, ignore_case, untrusted))
    }
}

/// Whether each URL (parsed against `base`) matches `pattern`: JavaScript's
/// `pattern.test(url, base)`. Null for a null input (or a null base in a column of bases);
/// false for an input that does not parse, or whose base does not, as `test` answers. Null
/// too (SQL's unknown, where JavaScript would hang) where a custom regexp group exhausted its
/// step budget ([`weburl::pattern::PatternLimits`]'s `max_regexp_steps`) before it could
/// answer, and the next row is answered.
///
/// ```
/// use weburl_arrow::arrow_array::StringArray;
/// use weburl_arrow::{Strings, pattern_test, url_pattern};
/// let urls = StringArray::from(vec![Some("https://a.example.com/books/7"), Some("https://example.org/"), Some("nope"), None]);
/// let pattern = url_pattern("https://*.example.com/books/:id", None, false)?;
/// let matched = pattern_test(&Strings::try_new(&urls)?, &pattern, None);
/// assert_eq!(matched.iter().collect::<Vec<_>>(), [Some(true), Some(false), Some(false), None]);
/// let hostile = format!("https://e.com/{}", "a".repeat(20_000));
/// let urls = StringArray::from(vec![hostile.as_str(), "https://e.com/aab"]);
/// let slow = url_pattern("https://e.com/:x((?=a)(?:a*)*b)", None, false)?;
/// let matched = pattern_test(&Strings::try_new(&urls)?, &slow, None);
/// assert_eq!(matched.iter().collect::<Vec<_>>(), [None, Some(true)]);
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
#[must_use]
pub fn pattern_test<'a>(
    urls: &Strings<'a>,
    pattern: &UrlPattern,
    base: impl Into<Base<'a>>,
) -> BooleanArray {
    let mut bases = Bases::new(base.into());
    let mut spare = rows::Spare::default();
    let mut out = BooleanBuilder::with_capacity(urls.len());
    for text in urls.iter() {
        out.append_option(bases.parse(text, &mut spare).and_then(|url| match url {
            Ok(url) => {
                let matched = pattern.try_test_url(&url).ok();
                spare.keep(url);
                matched
            }
            Err(_) => Some(false),
        }));
    }
    out.finish()
}

/// The groups of `pattern` as [`pattern_exec`]'s columns: (component, field name), in order
/// (see the module's documentation for the names).
fn columns(pattern: &UrlPattern) -> Vec<(UrlPatternComponent, String)> {
    let all: Vec<(UrlPatternComponent, &str)> = UrlPatternComponent::ALL
        .into_iter()
        .flat_map(|c| pattern.group_names(c).map(move |name| (c, name)))
        .collect();
    let shared = |name: &str| all.iter().filter(|(_, n)| *n == name).count() > 1;
    all.iter()
        .map(|&(c, name)| {
            let field = if shared(name) {
                format!("{}.{name}", c.name())
            } else {
                name.to_owned()
            };
            (c, field)
        })
        .collect()
}

/// The fields of [`pattern_exec_as`] for `pattern`: one nullable string field of type
/// `output` per group (see the module's documentation for the names).
///
/// ```
/// use weburl_arrow::{Output, pattern_fields, url_pattern};
/// let pattern = url_pattern("https://*.example.com/books/:id/*", None, false)?;
/// let fields = pattern_fields(&pattern, Output::Utf8View);
/// let names: Vec<&str> = fields.iter().map(|f| f.name().as_str()).collect();
/// assert_eq!(names, ["username.0", "password.0", "hostname.0", "id", "pathname.0", "search.0", "hash.0"]);
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
#[must_use]
pub fn pattern_fields(pattern: &UrlPattern, output: Output) -> Fields {
    columns(pattern)
        .into_iter()
        .map(|(_, name)| Field::new(name, output.data_type(), true))
        .collect()
}

/// What each URL (parsed against `base`) matched in `pattern`, JavaScript's
/// `pattern.exec(url, base)`: a struct of `Utf8View` fields, one per group
/// ([`pattern_fields`]), null where a group did not participate; a null row where the input
/// is null, does not parse or does not match.
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray, StringViewArray};
/// use weburl_arrow::{Strings, pattern_exec, url_pattern};
/// let urls = StringArray::from(vec!["https://a.example.com/books/7", "https://example.org/"]);
/// let pattern = url_pattern("https://*.example.com/books/:id", None, false)?;
/// let groups = pattern_exec(&Strings::try_new(&urls)?, &pattern, None);
/// let ids = groups.column_by_name("id").unwrap().as_any().downcast_ref::<StringViewArray>().unwrap();
/// assert_eq!(ids.value(0), "7");
/// let subdomains = groups.column_by_name("hostname.0").unwrap().as_any().downcast_ref::<StringViewArray>().unwrap();
/// assert_eq!(subdomains.value(0), "a");
/// assert!(groups.is_null(1));
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
#[must_use]
pub fn pattern_exec<'a>(
    urls: &Strings<'a>,
    pattern: &UrlPattern,
    base: impl Into<Base<'a>>,
) -> StructArray {
    pattern_exec_as(urls, pattern, base, Output::Utf8View)
}

/// [`pattern_exec`] with fields of type `output`.
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Output, Strings, pattern_exec_as, url_pattern};
/// let pattern = url_pattern("https://example.com/:lang(en|fr)/:page?", None, false)?;
/// let groups = pattern_exec_as(&Strings::scalar(Some("https://example.com/fr"), 1), &pattern, None, Output::Utf8);
/// let pages = groups.column_by_name("page").unwrap().as_any().downcast_ref::<StringArray>().unwrap();
/// assert!(pages.is_null(0));
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
#[must_use]
pub fn pattern_exec_as<'a>(
    urls: &Strings<'a>,
    pattern: &UrlPattern,
    base: impl Into<Base<'a>>,
    output: Output,
) -> StructArray {
    let rows = urls.len();
    let base = base.into();
    let (columns, valid) = match output {
        Output::Utf8View => {
            exec_columns(urls, pattern, base, || ViewBuilder::new(rows, Vec::new()))
        }
        Output::Utf8 => exec_columns(urls, pattern, base, || {
            GenericStringBuilder::<i32>::with_capacity(rows, rows * 4)
        }),
        Output::LargeUtf8 => exec_columns(urls, pattern, base, || {
            GenericStringBuilder::<i64>::with_capacity(rows, rows * 4)
        }),
    };
    let nulls = Some(NullBuffer::from(valid));
    let fields = pattern_fields(pattern, output);
    if fields.is_empty() {
        return StructArray::new_empty_fields(rows, nulls);
    }
    StructArray::new(fields, columns, nulls)
}

/// The columns of [`pattern_exec_as`] written to sinks that `sink` makes, and which rows
/// matched.
fn exec_columns<S: Sink>(
    urls: &Strings<'_>,
    pattern: &UrlPattern,
    base: Base<'_>,
    sink: impl Fn() -> S,
) -> (Vec<ArrayRef>, Vec<bool>) {
    // The components that have groups, and how many each has.
    let components: Vec<(UrlPatternComponent, usize)> = UrlPatternComponent::ALL
        .into_iter()
        .map(|c| (c, pattern.group_names(c).len()))
        .filter(|&(_, n)| n > 0)
        .collect();
    let mut sinks: Vec<S> = components
        .iter()
        .flat_map(|&(_, n)| (0..n).map(|_| sink()))
        .collect();
    let mut bases = Bases::new(base);
    let mut spare = rows::Spare::default();
    let mut valid = Vec::with_capacity(urls.len());
    for text in urls.iter() {
        let Some(url) = bases.parse(text, &mut spare).and_then(Result::ok) else {
            valid.push(false);
            sinks.iter_mut().for_each(Sink::null);
            continue;
        };
        let Some(matched) = pattern.match_url(&url) else {
            spare.keep(url);
            valid.push(false);
            sinks.iter_mut().for_each(Sink::null);
            continue;
        };
        valid.push(true);
        let mut column = sinks.iter_mut();
        for &(c, n) in &components {
            // The groups are read in place (no list per row); `n` values in all.
            let mut written = 0;
            matched.for_each_group(c, |_, value| {
                if written < n
                    && let Some(sink) = column.next()
                {
                    match value {
                        Some(value) => sink.text(value),
                        None => sink.null(),
                    }
                    written += 1;
                }
            });
            for sink in column.by_ref().take(n - written) {
                sink.null();
            }
        }
        spare.keep(url);
    }
    (sinks.into_iter().map(Sink::finish).collect(), valid)
}

/// The value of the group `name` ([`rows::group_reference`]: `id`, `pathname.0`) that each URL
/// (parsed against `base`) matched in `pattern`, as `output`: null where the input is null,
/// does not parse or does not match, where the pattern has no such group, and where the
/// group did not participate. A bare name that several components have is the group of
/// the first of them in the spec's order ([`rows::pattern_group`]).
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Output, Strings, pattern_group, url_pattern};
/// let urls = StringArray::from(vec!["https://a.example.com/books/7", "https://example.org/"]);
/// let urls = Strings::try_new(&urls)?;
/// let pattern = url_pattern("https://*.example.com/books/:id", None, false)?;
/// let ids = pattern_group(&urls, &pattern, "id", None, Output::Utf8);
/// let ids = ids.as_any().downcast_ref::<StringArray>().unwrap();
/// assert_eq!(ids.iter().collect::<Vec<_>>(), [Some("7"), None]);
/// let hosts = pattern_group(&urls, &pattern, "hostname.0", None, Output::Utf8);
/// assert_eq!(hosts.as_any().downcast_ref::<StringArray>().unwrap().value(0), "a");
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
#[must_use]
pub fn pattern_group<'a>(
    urls: &Strings<'a>,
    pattern: &UrlPattern,
    name: &str,
    base: impl Into<Base<'a>>,
    output: Output,
) -> ArrayRef {
    let (component, group) = rows::group_reference(name);
    // The component is found once for the whole column.
    let component = component.or_else(|| rows::pattern_group_component(pattern, group));
    let rows = urls.len();
    let base = base.into();
    match output {
        Output::Utf8View => group_column(
            urls,
            pattern,
            component,
            group,
            base,
            ViewBuilder::new(rows, Vec::new()),
        ),
        Output::Utf8 => group_column(
            urls,
            pattern,
            component,
            group,
            base,
            GenericStringBuilder::<i32>::with_capacity(rows, rows * 4),
        ),
        Output::LargeUtf8 => group_column(
            urls,
            pattern,
            component,
            group,
            base,
            GenericStringBuilder::<i64>::with_capacity(rows, rows * 4),
        ),
    }
}

/// [`pattern_group`]'s column, written to `sink`.
fn group_column<S: Sink>(
    urls: &Strings<'_>,
    pattern: &UrlPattern,
    component: Option<UrlPatternComponent>,
    name: &str,
    base: Base<'_>,
    mut sink: S,
) -> ArrayRef {
    let mut bases = Bases::new(base);
    let mut spare = rows::Spare::default();
    for text in urls.iter() {
        let url: Option<Url> = bases.parse(text, &mut spare).and_then(Result::ok);
        let value = match (&url, component) {
            (Some(url), Some(c)) => rows::pattern_group(url, pattern, Some(c), name),
            _ => None,
        };
        match value {
            Some(value) => sink.text(value),
            None => sink.null(),
        }
        if let Some(url) = url {
            spare.keep(url);
        }
    }
    sink.finish()
}

/// One row of `url_pattern_generate` whose pattern is compiled in `reader`: the pattern
/// (relative to `base`, within the untrusted limits where `untrusted`) is compiled, and its
/// error raised, whatever the row's `(component, groups)`, as the other pattern functions
/// compile theirs whatever the URL; then `None` where either is null, else
/// [`generate_row`]. The row of every table surface's `url_pattern_generate` with per-row
/// options.
///
/// # Errors
///
/// The pattern's (or base URL's) error, or [`generate_row`]'s.
///
/// ```
/// use weburl_arrow::{PatternCache, generate_in};
/// let cache = PatternCache::new();
/// let mut reader = cache.reader();
/// let row = (Some("pathname"), Some(r#"{"id": "7"}"#));
/// assert_eq!(generate_in(&mut reader, "https://e.com/:id", None, row, false, false)?.as_deref(), Some("/7"));
/// assert_eq!(generate_in(&mut reader, "https://e.com/:id", None, (None, row.1), false, false)?, None);
/// assert!(generate_in(&mut reader, "https://e.com/:id(", None, (None, row.1), false, false).is_err());
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
pub fn generate_in(
    reader: &mut PatternReader<'_>,
    pattern: &str,
    base: Option<&str>,
    (component, groups): (Option<&str>, Option<&str>),
    strict: bool,
    untrusted: bool,
) -> Result<Option<String>, KernelError> {
    let pattern = reader.get_with(pattern, base, false, untrusted)?;
    match (component, groups) {
        (Some(component), Some(groups)) => generate_row(pattern, component, groups, strict),
        _ => Ok(None),
    }
}

/// The value of `component` (its name: `pathname`, `hostname`, ...) that `pattern` builds from
/// the group values `groups`, a JSON object from group name to string (`{"id": "7"}`):
/// [`UrlPattern::generate`], or where `strict` [`UrlPattern::generate_strict`] (which also
/// refuses a value that would change the URL's structure: `../x` in a pathname, `a&b=c` in a
/// search). `Ok(None)` where generate refuses the values (a group without a value, a value
/// its group could not match, a part generate cannot fill: `*`, a regexp group, a modifier),
/// as a data function answers null for a row it has no answer for.
///
/// # Errors
///
/// [`KernelError::Generate`] where `component` is not a component's name or `groups` is not
/// a JSON object of strings (the arguments, not the row's data, are wrong).
///
/// ```
/// use weburl_arrow::{generate_row, url_pattern};
/// let p = url_pattern("https://example.com/files/:name", None, false)?;
/// assert_eq!(generate_row(&p, "pathname", r#"{"name": "a b.txt"}"#, false)?.as_deref(), Some("/files/a%20b.txt"));
/// assert_eq!(generate_row(&p, "pathname", r#"{"name": "x/y"}"#, false)?, None);
/// assert_eq!(generate_row(&p, "pathname", r#"{}"#, false)?, None);
/// let e = generate_row(&p, "path", "{}", false).unwrap_err();
/// assert!(e.to_string().contains(r#""path" is not a component"#), "{e}");
/// let e = generate_row(&p, "pathname", r#"{"name": 7}"#, false).unwrap_err();
/// assert!(e.to_string().contains(r#"the group "name"'s value must be a string"#), "{e}");
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
pub fn generate_row(
    pattern: &UrlPattern,
    component: &str,
    groups: &str,
    strict: bool,
) -> Result<Option<String>, KernelError> {
    let Some(component) = UrlPatternComponent::from_name(component) else {
        let names: Vec<&str> = UrlPatternComponent::ALL
            .map(UrlPatternComponent::name)
            .into();
        return Err(KernelError::Generate(format!(
            "{component:?} is not a component: expected one of {}",
            names.join(", ")
        )));
    };
    let members = serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(groups)
        .map_err(|e| {
            KernelError::Generate(format!(
                "the groups must be a JSON object from group name to string: {e}"
            ))
        })?;
    let mut values = Vec::with_capacity(members.len());
    for (name, value) in &members {
        let serde_json::Value::String(value) = value else {
            return Err(KernelError::Generate(format!(
                "the group {name:?}'s value must be a string, not {value}"
            )));
        };
        values.push((name.as_str(), value.as_str()));
    }
    let generated = if strict {
        pattern.generate_strict(component, values)
    } else {
        pattern.generate(component, values)
    };
    Ok(generated.ok())
}

/// The arguments of [`pattern_generate`] after the patterns, one value a row (or a scalar):
/// the components' names, the groups' JSON texts, and the patterns' base URLs if given.
#[derive(Debug, Clone, Copy)]
pub struct GenerateArgs<'s, 'a> {
    /// The components' names (`pathname`, ...).
    pub components: &'s Strings<'a>,
    /// The group values: JSON objects from group name to string.
    pub groups: &'s Strings<'a>,
    /// The patterns' base URLs, if given.
    pub bases: Option<&'s Strings<'a>>,
}

/// [`generate_row`] for each row: the pattern (compiled through `cache`, with its base URL,
/// and where `untrusted` within [`PatternLimits::untrusted`]), the component and the groups
/// of the row, as `output`; null where an argument is null or generate refuses the values.
///
/// # Errors
///
/// The first row's error of [`PatternCache::get_with`] (a pattern that does not compile) or
/// of [`generate_row`] (an unknown component, groups that are not a JSON object of strings).
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{GenerateArgs, Output, PatternCache, Strings, pattern_generate};
/// let patterns = StringArray::from(vec!["https://example.com/books/:id", "https://:sub.example.com/*"]);
/// let groups = StringArray::from(vec![r#"{"id": "my book"}"#, r#"{"sub": "a"}"#]);
/// let (patterns, groups) = (Strings::try_new(&patterns)?, Strings::try_new(&groups)?);
/// let components = Strings::scalar(Some("pathname"), 2);
/// let args = GenerateArgs { components: &components, groups: &groups, bases: None };
/// let cache = PatternCache::new();
/// let out = pattern_generate(&patterns, args, false, false, &cache, Output::Utf8)?;
/// let out = out.as_any().downcast_ref::<StringArray>().unwrap();
/// // The second pattern's pathname is `*`, which generate cannot fill.
/// assert_eq!(out.iter().collect::<Vec<_>>(), [Some("/books/my%20book"), None]);
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
pub fn pattern_generate<'a>(
    patterns: &Strings<'a>,
    args: GenerateArgs<'_, 'a>,
    strict: bool,
    untrusted: bool,
    cache: &PatternCache,
    output: Output,
) -> Result<ArrayRef, KernelError> {
    let mut reader = cache.reader();
    let mut error = None;
    let array = crate::map_rows_in(patterns, output, |i, text, _| {
        if error.is_some() {
            return None;
        }
        let base = match args.bases {
            None => None,
            Some(bases) => Some(bases.get(i)?),
        };
        let row = (args.components.get(i), args.groups.get(i));
        let answer = generate_in(&mut reader, text?, base, row, strict, untrusted);
        match answer {
            Ok(value) => value.map(rows::Slice::Owned),
            Err(e) => {
                error = Some(e);
                None
            }
        }
    });
    match error {
        Some(e) => Err(e),
        None => Ok(array),
    }
}
