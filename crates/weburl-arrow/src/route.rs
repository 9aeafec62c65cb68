//! Route sets over string columns (the feature `pattern`): which of a list of named URL
//! patterns each URL matches, in one call. The routes are compiled once into a
//! [`weburl::pattern::UrlPatternSet`] ([`Routes`]), which finds the few candidate patterns of
//! a URL by its pathname rather than trying each; a row answers the name of the first route
//! that matches, or with `best` the most specific one
//! ([`UrlPatternSet::best_match_ref`]), or null (also where a route tried before the answer
//! exhausted its regexp step budget, so that the answer is unknown).
//!
//! On the SQL surfaces the routes are one string: a JSON object from name to pattern
//! (`{"book": "/books/:id", "author": "/authors/:name"}`, tried in the object's order), or a
//! JSON array of patterns, each named by its own text. A pattern is a constructor string,
//! relative to the call's `pattern_base` when given, or an init object
//! (`{"book": {"hostname": "*.example.com", "pathname": "/books/:id"}}`; in an array named by
//! its JSON text), whose base URL is its own `baseURL` member; with its options, a route is
//! `{"pattern": ..., "ignoreCase": true}` (JavaScript's `new URLPattern(pattern,
//! {ignoreCase: true})`), each route on its own.

use std::sync::Arc;

use arrow_array::ArrayRef;
use arrow_array::builder::GenericStringBuilder;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use weburl::Url;
use weburl::pattern::UrlPatternSet;

use crate::base::Bases;
use crate::cache::{CacheKey, CacheReader, Compile, CompiledCache};
use crate::sink::{Sink, ViewBuilder};
use crate::{Base, KernelError, Output, Strings, rows, url_pattern_with};

/// Named URL patterns compiled once into one [`UrlPatternSet`]: what `url_route` classifies
/// each URL by.
///
/// ```
/// use weburl_arrow::Routes;
/// let routes = Routes::from_json(
///     r#"{"book": "/books/:id", "any": "/*"}"#,
///     Some("https://example.com"),
/// )?;
/// assert_eq!(routes.names().collect::<Vec<_>>(), ["book", "any"]);
/// let url = weburl::Url::parse("https://example.com/books/7").unwrap();
/// assert_eq!(routes.route(&url, false), Some("book"));
/// // `/*` and `/books/:id` both match; the first given wins, or with `best` the most specific.
/// let url = weburl::Url::parse("https://example.com/authors").unwrap();
/// assert_eq!(routes.route(&url, true), Some("any"));
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Routes {
    names: Vec<String>,
    set: UrlPatternSet<usize>,
}

impl Routes {
    /// The routes `(name, pattern)`, in order, each pattern a constructor string compiled
    /// relative to `base` ([`url_pattern`](crate::url_pattern)).
    ///
    /// # Errors
    ///
    /// [`KernelError::Route`] naming the first route whose pattern does not compile (or
    /// whose base URL does not parse); [`KernelError::Routes`] for a name given twice.
    ///
    /// ```
    /// use weburl_arrow::Routes;
    /// let routes = Routes::new([("home", "https://a.example/"), ("page", "https://a.example/:p")], None)?;
    /// assert_eq!(routes.len(), 2);
    /// let e = Routes::new([("bad", "https://a.example/:p(")], None).unwrap_err();
    /// assert!(e.to_string().starts_with(r#"route "bad": invalid URL pattern"#));
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    pub fn new<N: Into<String>, P: AsRef<str>>(
        routes: impl IntoIterator<Item = (N, P)>,
        base: Option<&str>,
    ) -> Result<Routes, KernelError> {
        Routes::new_with(routes, base, false)
    }

    /// [`Routes::new`], and where `untrusted` each pattern compiled within
    /// [`weburl::pattern::PatternLimits::untrusted`] ([`url_pattern_with`]).
    ///
    /// # Errors
    ///
    /// [`Routes::new`]'s, and [`KernelError::Route`] for the first pattern over the limits.
    ///
    /// ```
    /// use weburl_arrow::Routes;
    /// let routes = [("n", r"https://a.example/:n(\d+)")];
    /// assert!(Routes::new_with(routes, None, false).is_ok());
    /// let e = Routes::new_with(routes, None, true).unwrap_err();
    /// assert!(e.to_string().starts_with(r#"route "n": invalid URL pattern"#));
    /// ```
    pub fn new_with<N: Into<String>, P: AsRef<str>>(
        routes: impl IntoIterator<Item = (N, P)>,
        base: Option<&str>,
        untrusted: bool,
    ) -> Result<Routes, KernelError> {
        let routes = (routes.into_iter()).map(|(name, pattern)| Route {
            name: name.into(),
            pattern: pattern.as_ref().to_owned(),
            ignore_case: false,
        });
        Routes::compile(routes, base, untrusted)
    }

    /// The routes compiled in order, each pattern relative to `base` ([`url_pattern_with`]).
    fn compile(
        routes: impl IntoIterator<Item = Route>,
        base: Option<&str>,
        untrusted: bool,
    ) -> Result<Routes, KernelError> {
        let mut names: Vec<String> = Vec::new();
        let mut set = UrlPatternSet::new();
        for route in routes {
            let name = route.name;
            if names.contains(&name) {
                return Err(KernelError::Routes(format!(
                    "the route {name:?} is given twice"
                )));
            }
            let pattern = url_pattern_with(&route.pattern, base, route.ignore_case, untrusted)
                .map_err(|error| KernelError::Route {
                    name: name.clone(),
                    error: Box::new(error),
                })?;
            set.insert(pattern, names.len());
            names.push(name);
        }
        Ok(Routes { names, set })
    }

    /// The routes of `json`: an object from name to pattern (in the object's order) or an
    /// array of patterns (each named by its own text), compiled as [`Routes::new`] compiles
    /// them. A pattern is a constructor string or an init object (read as its JSON text,
    /// [`url_pattern_with`]: `new URLPattern(init)`), or either with its options, `{"pattern":
    /// ..., "ignoreCase": true}`.
    ///
    /// # Errors
    ///
    /// [`KernelError::Routes`] where `json` is not such an object or array (what it is, and
    /// where), or gives a name twice; [`KernelError::Route`] as [`Routes::new`].
    ///
    /// ```
    /// use weburl_arrow::Routes;
    /// let routes = Routes::from_json(r#"["https://a.example/", "https://a.example/:p"]"#, None)?;
    /// assert_eq!(routes.names().nth(1), Some("https://a.example/:p"));
    /// let routes = Routes::from_json(r#"{"book": {"pathname": "/books/:id"}}"#, None)?;
    /// let url = weburl::Url::parse("ftp://a.example/books/7").unwrap();
    /// assert_eq!(routes.route(&url, false), Some("book"));
    /// let json = r#"{"book": {"pattern": "https://a.example/books/:id", "ignoreCase": true}}"#;
    /// let url = weburl::Url::parse("https://a.example/BOOKS/7").unwrap();
    /// assert_eq!(Routes::from_json(json, None)?.route(&url, false), Some("book"));
    /// let e = Routes::from_json(r#"{"a": 1}"#, None).unwrap_err();
    /// assert!(e.to_string().starts_with("the routes must be a JSON object"));
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    pub fn from_json(json: &str, base: Option<&str>) -> Result<Routes, KernelError> {
        Routes::from_json_with(json, base, false)
    }

    /// [`Routes::from_json`], and where `untrusted` each pattern compiled within
    /// [`weburl::pattern::PatternLimits::untrusted`] ([`Routes::new_with`]).
    ///
    /// # Errors
    ///
    /// [`Routes::from_json`]'s and [`Routes::new_with`]'s.
    ///
    /// ```
    /// use weburl_arrow::Routes;
    /// let json = r#"{"n": "https://a.example/:n(\\d+)"}"#;
    /// assert!(Routes::from_json_with(json, None, false).is_ok());
    /// assert!(Routes::from_json_with(json, None, true).is_err());
    /// ```
    pub fn from_json_with(
        json: &str,
        base: Option<&str>,
        untrusted: bool,
    ) -> Result<Routes, KernelError> {
        let mut de = serde_json::Deserializer::from_str(json);
        let pairs = (&mut de)
            .deserialize_any(RouteList)
            .and_then(|pairs| de.end().map(|()| pairs))
            .map_err(|e| {
                KernelError::Routes(format!(
                    "the routes must be a JSON object {{\"name\": \"pattern\", ...}} or an array \
                     of patterns: {e}"
                ))
            })?;
        Routes::compile(pairs, base, untrusted)
    }

    /// How many routes there are.
    ///
    /// ```
    /// assert_eq!(weburl_arrow::Routes::from_json("{}", None)?.len(), 0);
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there are no routes (then no URL has one).
    ///
    /// ```
    /// assert!(weburl_arrow::Routes::from_json("[]", None)?.is_empty());
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The routes' names, in order.
    ///
    /// ```
    /// let routes = weburl_arrow::Routes::from_json(r#"{"b": "https://b/", "a": "https://a/"}"#, None)?;
    /// assert_eq!(routes.names().collect::<Vec<_>>(), ["b", "a"]);
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    pub fn names(&self) -> impl ExactSizeIterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }

    /// The index of the route `url` matches: the first that matches
    /// ([`UrlPatternSet::try_first_match_ref`]), or with `best` the most specific
    /// ([`UrlPatternSet::try_best_match_ref`]); `None` where none does, and where a route
    /// tried before the answer could not say (its custom regexp groups exhausted their step
    /// budget): then the answer is unknown, since that route, given first or more
    /// specific, might have matched.
    ///
    /// ```
    /// let routes = weburl_arrow::Routes::from_json(r#"["https://h/*", "https://h/a"]"#, None)?;
    /// let url = weburl::Url::parse("https://h/a").unwrap();
    /// assert_eq!((routes.route_index(&url, false), routes.route_index(&url, true)), (Some(0), Some(1)));
    /// let routes = weburl_arrow::Routes::from_json(r#"{"slow": "https://h/:x((?=a)(?:a*)*b)", "any": "https://h/*"}"#, None)?;
    /// let hostile = weburl::Url::parse(&format!("https://h/{}", "a".repeat(20_000))).unwrap();
    /// assert_eq!(routes.route_index(&hostile, false), None);
    /// assert_eq!(routes.route_index(&weburl::Url::parse("https://h/c").unwrap(), false), Some(1));
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn route_index(&self, url: &Url, best: bool) -> Option<usize> {
        let found = if best {
            self.set.try_best_match_ref(url)
        } else {
            self.set.try_first_match_ref(url)
        };
        found.ok()?.map(|(index, _)| *index)
    }

    /// The name of the route that the URL `input` parses to (parsed in `spare`'s buffer, where
    /// it stays) matches ([`Routes::route`]: the first, or with `best` the most specific);
    /// `None` where it does not parse or matches none. The row of the SQL hosts' `url_route`.
    ///
    /// ```
    /// use weburl_arrow::Routes;
    /// use weburl_arrow::rows::Spare;
    /// let routes = Routes::from_json(r#"{"book": "https://h/books/:id"}"#, None).unwrap();
    /// let mut spare = Spare::default();
    /// assert_eq!(routes.route_in("https://h/books/7", false, &mut spare), Some("book"));
    /// assert_eq!(routes.route_in("nope", false, &mut spare), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn route_in(&self, input: &str, best: bool, spare: &mut rows::Spare) -> Option<&str> {
        let url = spare.parse_kept(input, None).ok()?;
        self.route(url, best)
    }

    /// The name of the route `url` matches ([`Routes::route_index`]).
    ///
    /// ```
    /// let routes = weburl_arrow::Routes::from_json(r#"{"a": "https://h/a"}"#, None)?;
    /// assert_eq!(routes.route(&weburl::Url::parse("https://h/b").unwrap(), false), None);
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn route(&self, url: &Url, best: bool) -> Option<&str> {
        self.route_index(url, best).map(|i| self.names[i].as_str())
    }
}

/// One route as the routes' JSON gives it.
struct Route {
    name: String,
    /// A constructor string, or an init object's JSON text (what [`url_pattern_with`] reads
    /// as `new URLPattern(init)`).
    pattern: String,
    /// The pattern's `ignoreCase` option.
    ignore_case: bool,
}

/// Reads a JSON object from name to pattern, or an array of patterns, in order, as
/// [`Route`]s. A pattern is a constructor string, an init object (`{"pathname": ...}`), or
/// the pattern with its options, `{"pattern": ..., "ignoreCase": true}` (JavaScript's `new
/// URLPattern(pattern, {ignoreCase})`); an array's route is named by the string, or by the
/// object's JSON text.
struct RouteList;

/// What a route's pattern in the routes' JSON is: `value`, a route's, of which `route()` says
/// which (for errors).
fn route_pattern<E: de::Error>(
    value: &serde_json::Value,
    route: impl Fn() -> String,
) -> Result<(String, bool), E> {
    use serde_json::Value;
    let kind = |v: &Value| match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    };
    match value {
        Value::String(text) => Ok((text.clone(), false)),
        Value::Object(members) if members.contains_key("pattern") => {
            let mut ignore_case = false;
            for (key, option) in members {
                match (key.as_str(), option) {
                    ("pattern", _) => {}
                    ("ignoreCase", Value::Bool(on)) => ignore_case = *on,
                    ("ignoreCase", other) => {
                        return Err(E::custom(format!(
                            "{}'s ignoreCase must be a boolean, not {}",
                            route(),
                            kind(other)
                        )));
                    }
                    (other, _) => {
                        return Err(E::custom(format!(
                            "{} has \"pattern\" and the options: ignoreCase, not {other:?}",
                            route()
                        )));
                    }
                }
            }
            let pattern = match &members["pattern"] {
                Value::String(text) => text.clone(),
                init @ Value::Object(inner) if !inner.contains_key("pattern") => init.to_string(),
                other => {
                    return Err(E::custom(format!(
                        "{}'s \"pattern\" must be a string (a constructor string) or an init \
                         object, not {}",
                        route(),
                        kind(other)
                    )));
                }
            };
            Ok((pattern, ignore_case))
        }
        init @ Value::Object(_) => Ok((init.to_string(), false)),
        other => Err(E::custom(format!(
            "{}'s pattern must be a string (a constructor string) or an object (an init \
             object, or {{\"pattern\": ..., \"ignoreCase\": true}}), not {}",
            route(),
            kind(other)
        ))),
    }
}

impl<'de> Visitor<'de> for RouteList {
    type Value = Vec<Route>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an object from name to pattern or an array of patterns")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut routes = Vec::new();
        while let Some(name) = map.next_key::<String>()? {
            let value: serde_json::Value = map.next_value()?;
            let (pattern, ignore_case) = route_pattern(&value, || format!("the route {name:?}"))?;
            routes.push(Route {
                name,
                pattern,
                ignore_case,
            });
        }
        Ok(routes)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut routes = Vec::new();
        while let Some(value) = seq.next_element::<serde_json::Value>()? {
            let at = routes.len();
            let (pattern, ignore_case) = route_pattern(&value, || format!("the route at {at}"))?;
            let name = match value {
                serde_json::Value::String(text) => text,
                object => object.to_string(),
            };
            routes.push(Route {
                name,
                pattern,
                ignore_case,
            });
        }
        Ok(routes)
    }
}

/// Compiled [`Routes`] by their JSON text, base URL and `untrusted`: the [`CompiledCache`]
/// of [`Routes`], what a SQL host keeps so that a routes argument is compiled once per
/// distinct value, not once per batch or row. Holds at most [`RouteCache::MAX_ROUTES`]
/// route lists and [`RouteCache::MAX_BYTES`] bytes of their texts and base URLs
/// ([`CompiledCache`]'s rule: a new one past that empties it first), so a column of
/// ever-new routes costs one compile per row and no more memory than the bound. A reader
/// ([`RouteCache::reader`]) remembers the previous row's routes, so a constant costs one
/// look-up per call.
///
/// ```
/// use std::sync::Arc;
/// let cache = weburl_arrow::RouteCache::new();
/// let a = cache.get(r#"{"book": "/books/:id"}"#, Some("https://example.com"))?;
/// let b = cache.get(r#"{"book": "/books/:id"}"#, Some("https://example.com"))?;
/// assert!(Arc::ptr_eq(&a, &b));
/// let mut reader = cache.reader();
/// assert_eq!(reader.get(r#"["https://h/*"]"#, None)?.len(), 1);
/// assert!(cache.get(r#"{"x": "/x"}"#, None).unwrap_err().to_string().contains("give pattern_base"));
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
pub type RouteCache = CompiledCache<Routes>;

/// [`RouteCache::reader`]: the cache and the previous row's routes.
pub type RouteReader<'c> = CacheReader<'c, Routes>;

impl Compile for Routes {
    const MAX_ENTRIES: usize = 16;
    const MAX_BYTES: usize = 16 << 20;

    /// [`Routes::from_json_with`] (`ignore_case` has no meaning for routes, and is not read).
    fn compile(key: &CacheKey<'_>) -> Result<Routes, KernelError> {
        Routes::from_json_with(key.text, key.base, key.untrusted)
    }
}

impl RouteCache {
    /// The most route lists held at once.
    pub const MAX_ROUTES: usize = <Routes as Compile>::MAX_ENTRIES;

    /// The routes of `json` compiled relative to `base` ([`Routes::from_json`]): the ones
    /// compiled before when the cache holds them, else compiled now and kept.
    ///
    /// # Errors
    ///
    /// [`Routes::from_json`]'s.
    ///
    /// ```
    /// let cache = weburl_arrow::RouteCache::new();
    /// assert!(cache.get("{", None).is_err());
    /// # Ok::<(), weburl_arrow::KernelError>(())
    /// ```
    pub fn get(&self, json: &str, base: Option<&str>) -> Result<Arc<Routes>, KernelError> {
        self.get_with(json, base, false)
    }

    /// [`RouteCache::get`], and where `untrusted` compiled within
    /// [`weburl::pattern::PatternLimits::untrusted`] ([`Routes::from_json_with`]); kept by
    /// `untrusted` too.
    ///
    /// # Errors
    ///
    /// [`Routes::from_json_with`]'s.
    ///
    /// ```
    /// let cache = weburl_arrow::RouteCache::new();
    /// assert!(cache.get_with(r#"["https://h/:n(\\d+)"]"#, None, false).is_ok());
    /// assert!(cache.get_with(r#"["https://h/:n(\\d+)"]"#, None, true).is_err());
    /// ```
    pub fn get_with(
        &self,
        json: &str,
        base: Option<&str>,
        untrusted: bool,
    ) -> Result<Arc<Routes>, KernelError> {
        self.get_key(&CacheKey::new(json, base).with_untrusted(untrusted))
    }
}

impl RouteReader<'_> {
    /// [`RouteCache::get`], answered without the cache when the previous call asked for the
    /// same routes.
    ///
    /// # Errors
    ///
    /// [`RouteCache::get`]'s.
    ///
    /// ```
    /// let cache = weburl_arrow::RouteCache::new();
    /// let mut reader = cache.reader();
    /// assert!(reader.get(r#"{"a": "/a"}"#, Some("https://h")).is_ok());
    /// assert!(reader.get(r#"{"a": "/a"}"#, Some("nope")).is_err());
    /// ```
    pub fn get(&mut self, json: &str, base: Option<&str>) -> Result<&Routes, KernelError> {
        self.get_with(json, base, false)
    }

    /// [`RouteCache::get_with`], answered without the cache when the previous call asked
    /// for the same routes.
    ///
    /// # Errors
    ///
    /// [`RouteCache::get_with`]'s.
    ///
    /// ```
    /// let cache = weburl_arrow::RouteCache::new();
    /// let mut reader = cache.reader();
    /// assert!(reader.get_with(r#"["https://h/:n(\\d+)"]"#, None, true).is_err());
    /// ```
    pub fn get_with(
        &mut self,
        json: &str,
        base: Option<&str>,
        untrusted: bool,
    ) -> Result<&Routes, KernelError> {
        self.get_key(&CacheKey::new(json, base).with_untrusted(untrusted))
    }
}

/// The name of the route each URL (parsed against `base`) matches in `routes`
/// ([`Routes::route`]: the first, or with `best` the most specific), as `output`: null
/// where the input is null, does not parse, or matches no route.
///
/// ```
/// use weburl_arrow::arrow_array::{Array, StringArray};
/// use weburl_arrow::{Output, Routes, Strings, route};
/// let routes = Routes::from_json(
///     r#"{"book": "/books/:id", "author": "/authors/:name"}"#,
///     Some("https://example.com"),
/// )?;
/// let urls = StringArray::from(vec![Some("https://example.com/authors/ursula"), Some("https://example.com/"), Some("nope"), None]);
/// let names = route(&Strings::try_new(&urls)?, &routes, false, None, Output::Utf8);
/// let names = names.as_any().downcast_ref::<StringArray>().unwrap();
/// assert_eq!(names.iter().collect::<Vec<_>>(), [Some("author"), None, None, None]);
/// # Ok::<(), weburl_arrow::KernelError>(())
/// ```
#[must_use]
pub fn route<'a>(
    urls: &Strings<'a>,
    routes: &Routes,
    best: bool,
    base: impl Into<Base<'a>>,
    output: Output,
) -> ArrayRef {
    let rows = urls.len();
    let base = base.into();
    match output {
        Output::Utf8View => {
            route_column(urls, routes, best, base, ViewBuilder::new(rows, Vec::new()))
        }
        Output::Utf8 => route_column(
            urls,
            routes,
            best,
            base,
            GenericStringBuilder::<i32>::with_capacity(rows, rows * 8),
        ),
        Output::LargeUtf8 => route_column(
            urls,
            routes,
            best,
            base,
            GenericStringBuilder::<i64>::with_capacity(rows, rows * 8),
        ),
    }
}

/// [`route`]'s column, written to `sink`.
fn route_column<S: Sink>(
    urls: &Strings<'_>,
    routes: &Routes,
    best: bool,
    base: Base<'_>,
    mut sink: S,
) -> ArrayRef {
    let mut bases = Bases::new(base);
    let mut spare = rows::Spare::default();
    for text in urls.iter() {
        match bases.parse(text, &mut spare).and_then(Result::ok) {
            Some(url) => {
                match routes.route(&url, best) {
                    Some(name) => sink.text(name),
                    None => sink.null(),
                }
                spare.keep(url);
            }
            None => sink.null(),
        }
    }
    sink.finish()
}
