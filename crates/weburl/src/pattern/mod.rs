//! # URL patterns: the [URL Pattern Standard](https://urlpattern.spec.whatwg.org/)
//!
//! `weburl::pattern` (cargo feature `pattern`) is JavaScript's `URLPattern`: patterns such as
//! `https://*.example.com/books/:id` or `{ pathname: "/:lang(en|fr)/*" }` that match URLs
//! component by component and say what each group captured, exactly as browsers, Deno and
//! Node do. [`UrlPatternSet`] matches one URL against many patterns at once (a router).
//!
//! ```
//! use weburl::pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};
//!
//! let p = UrlPattern::parse("https://*.example.com/books/:id", None, UrlPatternOptions::default())?;
//! assert!(p.test("https://a.example.com/books/7", None));
//! let m = p.exec("https://a.example.com/books/7", None).unwrap();
//! assert_eq!(m.pathname.groups["id"].as_deref(), Some("7"));
//! assert_eq!(m.hostname.groups["0"].as_deref(), Some("a"));
//!
//! // Only the pathname given: every other component is a wildcard.
//! let init = UrlPatternInit { pathname: Some("/books/:id".into()), ..Default::default() };
//! let q = UrlPattern::from_init(&init, UrlPatternOptions { ignore_case: true })?;
//! assert!(q.test("http://localhost:8080/BOOKS/7?x", None));
//! # Ok::<(), weburl::pattern::UrlPatternError>(())
//! ```
//!
//! ## The spec's concepts and their names here
//!
//! | URL Pattern Standard | weburl |
//! | --- | --- |
//! | `new URLPattern(input, baseURL, options)` ([create](https://urlpattern.spec.whatwg.org/#url-pattern-create)) | [`UrlPattern::parse`], [`UrlPattern::from_init`], [`UrlPattern::new`] |
//! | `test()`, `exec()` ([match](https://urlpattern.spec.whatwg.org/#url-pattern-match)) | [`UrlPattern::test`], [`UrlPattern::exec`], `_url` and `_init` variants, [`UrlPattern::exec_input`] |
//! | `URLPatternInit`, `URLPatternOptions`, `URLPatternResult`, `URLPatternComponentResult` | [`UrlPatternInit`], [`UrlPatternOptions`], [`UrlPatternResult`], [`UrlPatternComponentResult`] |
//! | the eight getters, `hasRegExpGroups` | [`UrlPattern::protocol`] ... [`UrlPattern::hash`], [`UrlPattern::has_regexp_groups`] |
//! | `TypeError` | [`UrlPatternError`] (what, where, which component) |
//!
//! Inside (each function named as the spec names it, with its anchor): `tokenizer` (tokenize),
//! `parser` (parse a pattern string, generate a regular expression and name list, generate a
//! pattern string), `constructor` (parse a constructor string), `canon` (the canonicalization
//! callbacks, which run weburl's own URL parser states and percent-encode sets on a dummy URL,
//! and process a URLPatternInit), `component` (compile a component), `matcher` (matching a
//! part list without a regular-expression engine), `regexp` (custom regexp groups: the
//! translator to the linear engine, and `regress`) and `set` ([`UrlPatternSet`]: its radix
//! tree in `set::tree`, its best-match ranking in `set::rank`). This file holds
//! [`UrlPattern`] itself; the types around it are in `init` (what a pattern is made from),
//! `result` (the owned result), `matched` (the borrowed match) and `values` (what a match
//! reads, and the set of components it need not test).
//!
//! ## Regular expressions and their cost
//!
//! A component whose pattern has no custom regexp group (`:id`, `*`, `{...}?`, literal text:
//! most routes) is matched straight from its part list, without a regular-expression engine:
//! a backtracking matcher that never tries the same (instruction, position) pair twice, so it
//! takes at most `instructions × (input length + 1)` steps, and yields the same groups as the
//! ECMAScript regular expression the spec generates. Patterns, however long, are parsed in
//! linear time.
//!
//! A custom regexp group (`:id(\\d+)`, `(en|fr)`) is an ECMAScript regular expression,
//! compiled with the `v` flag (`vi` with `ignore_case`). The component's generated expression
//! is compiled by `regress` (an ECMAScript engine: what is a syntax error, and its message),
//! then translated rule by rule from ECMA-262's grammar (`regexp`) for `regex-automata`'s
//! meta regex, which never backtracks: its matching time is at most proportional to the
//! expression's size times the input's length, whatever the shape (`((?:a|a)*)b`,
//! `(?:a{1,30}){1,30}b`), with ECMAScript's groups. The translator writes out where
//! ECMAScript's meaning differs from `regex-syntax`'s (`.`, `\d \s \w \b`, `^ $`, simple
//! case folding, per group with modifiers such as `(?i:...)`, `v`-flag class sets and
//! `\q{...}` strings, Unicode property escapes from `regex-syntax`'s tables).
//!
//! What it does not take (lookaround, backreferences, named groups, `\b` with `i`, a
//! generated group that repeats or can match the empty string, expressions too large for
//! the linear engine) runs on `backtrack`, a backtracking matcher written from ECMA-262's
//! pattern semantics over the same parsed expression, which counts its steps: a match that
//! needs more than [`PatternLimits::max_regexp_steps`](PatternLimits#structfield.max_regexp_steps)
//! (default [`DEFAULT_MAX_REGEXP_STEPS`]) stops. The fallible forms
//! ([`UrlPattern::try_test`], [`UrlPattern::try_exec`], [`UrlPattern::try_match_url`],
//! [`UrlPatternSet::try_first_match_url`]...) then answer [`UrlPatternMatchError`]; the
//! JavaScript-shaped ones (`test`, `exec`, `match_url`, a set's lookups) answer no match for
//! that pattern. No expression runs without a bound: `regress` only checks the syntax, and
//! the properties of strings (`\p{RGI_Emoji}`...), whose data weburl does not carry, are
//! refused ([`UrlPatternError::UnsupportedRegExp`]).
//! [`PatternLimits::backtracking_regexps`]`(false)` refuses every pattern that needs the
//! backtracking engine when it is built, so that every accepted pattern matches in linear
//! time. Programs that take
//! patterns from untrusted users can also refuse all regexp groups and overlong patterns
//! ([`PatternLimits::untrusted`], or [`PatternLimits::regexp_groups`]`(false)` and
//! [`PatternLimits::max_len`]), with an error before any regular expression is compiled.
//! Custom regular expressions that nest groups or classes more than 256 deep are refused in
//! any case (`regress` and the translator parse them recursively), where JavaScript would
//! accept them.
//!
//! ## Differences from JavaScript
//!
//! Strings are Rust strings: a lone surrogate, which JavaScript turns into U+FFFD on the way
//! in, cannot occur. `exec()` with an init object and a base URL, a `TypeError` in JavaScript,
//! is [`UrlPattern::exec_input`]'s `Err(UrlPatternError::BaseUrlWithInit)`; the typed methods
//! cannot express it.

mod backtrack;
mod canon;
mod compare;
mod component;
mod constructor;
mod error;
mod generate;
mod init;
mod matched;
mod matcher;
mod parser;
mod regexp;
mod result;
#[cfg(feature = "serde")]
mod serde_impl;
mod set;
mod tokenizer;
mod values;

use std::fmt;
use std::str::FromStr;

use crate::Url;
use canon::{InitType, process_a_urlpatterninit};
use component::{CompiledComponent, GroupNames};
use matched::{KEPT, KeptSpans};
use matcher::Span;
use parser::Options;
use result::write_text;
use values::{Components, Values, wildcard_matches, with_input, with_spans};

/// The string type of a result's component inputs and group values (the `compact_str`
/// crate's): up to 24 bytes stored inline, without an allocation; it derefs to `str` and
/// compares with `&str` and `String`.
///
/// ```
/// use weburl::pattern::{CompactString, UrlPattern};
/// let p: UrlPattern = "https://example.com/books/:id".parse().unwrap();
/// let m = p.exec("https://example.com/books/7", None).unwrap();
/// let id: &CompactString = m.pathname.groups["id"].as_ref().unwrap();
/// assert_eq!(id, "7");
/// assert_eq!(id.len(), 1); // a `str` method, through `Deref`
/// assert!(!id.is_heap_allocated());
/// ```
pub use compact_str::CompactString;
pub use error::{
    UrlPatternComponent, UrlPatternError, UrlPatternGenerateError, UrlPatternMatchError,
};
pub use init::{
    DEFAULT_MAX_REGEXP_STEPS, PatternLimits, UNTRUSTED_MAX_REGEXP_STEPS, UrlPatternInit,
    UrlPatternInput, UrlPatternOptions,
};
pub use matched::{MatchGroups, UrlPatternMatch};
/// Each regular-expression engine on its own, for the project's tests (not part of the API).
#[cfg(feature = "_test-hooks")]
#[doc(hidden)]
pub use regexp::hooks as regexp_hooks;
pub use result::{Groups, UrlPatternComponentResult, UrlPatternInputs, UrlPatternResult};
pub use set::{BEST_MATCH_ORDER, UrlPatternSet};

/// A URL pattern (JavaScript's `URLPattern`): eight compiled components.
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternOptions};
/// let p = UrlPattern::parse("/books/:id", Some("https://example.com"), UrlPatternOptions::default()).unwrap();
/// assert_eq!(p.pathname(), "/books/:id");
/// assert_eq!(p.hostname(), "example.com");
/// assert!(p.test("https://example.com/books/7", None));
/// assert!(!p.test("https://example.com/books/7/x", None));
/// ```
#[derive(Debug, Clone)]
pub struct UrlPattern {
    components: Box<[CompiledComponent; 8]>,
    /// The components that are a lone wildcard `*`: matched (and their group captured)
    /// without reading the component, which keeps a set's matching in few cache lines.
    wildcards: Components,
}
impl UrlPattern {
    /// `new URLPattern(input, baseURL, options)` with a constructor string: parses a pattern
    /// such as `https://*.example.com/books/:id`, relative to `base` if given.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternError, UrlPatternOptions};
    /// let p = UrlPattern::parse("https://*.example.com/books/:id", None, UrlPatternOptions::default()).unwrap();
    /// assert_eq!(p.hostname(), "*.example.com");
    /// assert_eq!(p.port(), "");
    /// assert_eq!(p.search(), "*");
    /// let err = UrlPattern::parse("/books", None, UrlPatternOptions::default()).unwrap_err();
    /// assert_eq!(err, UrlPatternError::MissingBaseUrl);
    /// ```
    pub fn parse(
        input: &str,
        base: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<UrlPattern, UrlPatternError> {
        UrlPattern::parse_with_limits(input, base, options, &PatternLimits::new())
    }

    /// [`UrlPattern::parse`] within `limits` (for patterns from untrusted sources).
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternError, UrlPatternOptions};
    /// let limits = PatternLimits::new().max_len(10);
    /// let err = UrlPattern::parse_with_limits("https://example.com/*", None, UrlPatternOptions::default(), &limits);
    /// assert!(matches!(err, Err(UrlPatternError::TooLong { len: 21, limit: 10 })));
    /// ```
    pub fn parse_with_limits(
        input: &str,
        base: Option<&str>,
        options: UrlPatternOptions,
        limits: &PatternLimits,
    ) -> Result<UrlPattern, UrlPatternError> {
        limits.check_len(input.len() + base.map_or(0, str::len))?;
        // https://urlpattern.spec.whatwg.org/#url-pattern-create (string input)
        let (mut init, starts) = constructor::parse_a_constructor_string(
            input,
            limits.allow_regexp_groups,
            limits.max_regexp_steps,
        )?;
        if base.is_none() && init.protocol.is_none() {
            return Err(UrlPatternError::MissingBaseUrl);
        }
        if let Some(base) = base {
            init.base_url = Some(base.to_owned());
        }
        UrlPattern::create(&init, options, limits).map_err(|e| {
            // An offset in a component's pattern string, counted from the start of `input`:
            // the string compiled is the one the constructor string gave, less the `?` or `#`
            // that processing the init drops, or, for a relative pathname, after the base
            // URL's directory.
            e.offset_by(|component, index| {
                let written = init.get(component).unwrap_or("").len();
                let compiled = process_a_urlpatterninit(&init, InitType::Pattern)
                    .ok()
                    .and_then(|p| p.get(component).map(str::len))
                    .unwrap_or(written);
                (starts[component as usize] + index + written).saturating_sub(compiled)
            })
        })
    }

    /// `new URLPattern(init, options)`: a pattern per component; those left out are
    /// wildcards (or come from `base_url`).
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};
    /// let init = UrlPatternInit { pathname: Some("/books/:id".into()), ..Default::default() };
    /// let p = UrlPattern::from_init(&init, UrlPatternOptions::default()).unwrap();
    /// assert_eq!(p.protocol(), "*");
    /// assert!(p.test("ftp://x/books/1", None));
    /// ```
    pub fn from_init(
        init: &UrlPatternInit,
        options: UrlPatternOptions,
    ) -> Result<UrlPattern, UrlPatternError> {
        UrlPattern::from_init_with_limits(init, options, &PatternLimits::new())
    }

    /// [`UrlPattern::from_init`] within `limits`.
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternInit, UrlPatternOptions};
    /// let init = UrlPatternInit { pathname: Some("/(a|b)".into()), ..Default::default() };
    /// let limits = PatternLimits::untrusted();
    /// assert!(UrlPattern::from_init_with_limits(&init, UrlPatternOptions::default(), &limits).is_err());
    /// ```
    pub fn from_init_with_limits(
        init: &UrlPatternInit,
        options: UrlPatternOptions,
        limits: &PatternLimits,
    ) -> Result<UrlPattern, UrlPatternError> {
        limits.check_len(init.total_len())?;
        UrlPattern::create(init, options, limits)
    }

    /// The JavaScript constructor with any of its argument forms: a string or an init object,
    /// a base URL string (not with an init object: `Err(BaseUrlWithInit)`), options.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternError, UrlPatternInit, UrlPatternInput, UrlPatternOptions};
    /// let init = UrlPatternInput::from(UrlPatternInit::default());
    /// let err = UrlPattern::new(&init, Some("https://example.com"), UrlPatternOptions::default());
    /// assert_eq!(err.unwrap_err(), UrlPatternError::BaseUrlWithInit);
    /// let any = UrlPattern::new(&init, None, UrlPatternOptions::default()).unwrap();
    /// assert!(any.test("data:,x", None));
    /// ```
    pub fn new(
        input: &UrlPatternInput,
        base: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<UrlPattern, UrlPatternError> {
        UrlPattern::new_with_limits(input, base, options, &PatternLimits::new())
    }

    /// [`UrlPattern::new`] within `limits` (for patterns from untrusted sources, in any of
    /// the constructor's argument forms).
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternError, UrlPatternInit, UrlPatternInput, UrlPatternOptions};
    /// let init = UrlPatternInput::from(UrlPatternInit { search: Some("q=(a|b)".into()), ..Default::default() });
    /// let err = UrlPattern::new_with_limits(&init, None, UrlPatternOptions::default(), &PatternLimits::untrusted());
    /// assert_eq!(err.unwrap_err(), UrlPatternError::RegExpGroupsRefused { component: UrlPatternComponent::Search });
    /// ```
    pub fn new_with_limits(
        input: &UrlPatternInput,
        base: Option<&str>,
        options: UrlPatternOptions,
        limits: &PatternLimits,
    ) -> Result<UrlPattern, UrlPatternError> {
        match input {
            UrlPatternInput::String(s) => UrlPattern::parse_with_limits(s, base, options, limits),
            UrlPatternInput::Init(init) => {
                if base.is_some() {
                    return Err(UrlPatternError::BaseUrlWithInit);
                }
                UrlPattern::from_init_with_limits(init, options, limits)
            }
        }
    }

    /// <https://urlpattern.spec.whatwg.org/#url-pattern-create>, from the init.
    fn create(
        init: &UrlPatternInit,
        options: UrlPatternOptions,
        limits: &PatternLimits,
    ) -> Result<UrlPattern, UrlPatternError> {
        use UrlPatternComponent as C;
        let processed = process_a_urlpatterninit(init, InitType::Pattern)?;
        let value = |c: C| processed.get(c).unwrap_or("*");
        let mut port = value(C::Port);
        let protocol = value(C::Protocol);
        let scheme = crate::url::SchemeType::from_scheme(protocol);
        if scheme.is_special()
            && scheme.default_port().map(|p| p.to_string()).as_deref() == Some(port)
        {
            port = "";
        }
        let allow = limits.allow_regexp_groups;
        let allow_backtracking = limits.allow_backtracking_regexps;
        let steps = limits.max_regexp_steps;
        let compile = |c: C, input: &str, cb: parser::EncodingCallback<'_>, o: Options| {
            let compiled = CompiledComponent::compile(c, input, cb, o, allow, steps)?;
            if !allow_backtracking && compiled.engine.is_some_and(|e| e.backtracks()) {
                return Err(UrlPatternError::RegExpGroupsRefused { component: c });
            }
            Ok(compiled)
        };
        let protocol_c = compile(
            C::Protocol,
            protocol,
            &canon::canonicalize_a_protocol,
            Options::DEFAULT,
        )?;
        let username = compile(
            C::Username,
            value(C::Username),
            &canon::canonicalize_a_username,
            Options::DEFAULT,
        )?;
        let password = compile(
            C::Password,
            value(C::Password),
            &canon::canonicalize_a_password,
            Options::DEFAULT,
        )?;
        let hostname_value = value(C::Hostname);
        let hostname = if hostname_pattern_is_an_ipv6_address(hostname_value) {
            compile(
                C::Hostname,
                hostname_value,
                &canon::canonicalize_an_ipv6_hostname,
                Options::HOSTNAME,
            )?
        } else {
            compile(
                C::Hostname,
                hostname_value,
                &canon::canonicalize_a_hostname,
                Options::HOSTNAME,
            )?
        };
        let port_c = compile(
            C::Port,
            port,
            &|v: &str| canon::canonicalize_a_port(v, None),
            Options::DEFAULT,
        )?;
        let compile_options = Options {
            ignore_case: options.ignore_case,
            ..Options::DEFAULT
        };
        let pathname = if protocol_c.matches_a_special_scheme() {
            let path_compile_options = Options {
                ignore_case: options.ignore_case,
                ..Options::PATHNAME
            };
            let compiled = compile(
                C::Pathname,
                value(C::Pathname),
                &canon::canonicalize_a_pathname,
                path_compile_options,
            )?;
            canon::check_pathname_dot_segments(value(C::Pathname))?;
            compiled
        } else {
            compile(
                C::Pathname,
                value(C::Pathname),
                &canon::canonicalize_an_opaque_pathname,
                compile_options,
            )?
        };
        let search = compile(
            C::Search,
            value(C::Search),
            &canon::canonicalize_a_search,
            compile_options,
        )?;
        let hash = compile(
            C::Hash,
            value(C::Hash),
            &canon::canonicalize_a_hash,
            compile_options,
        )?;
        let components = Box::new([
            protocol_c, username, password, hostname, port_c, pathname, search, hash,
        ]);
        let wildcards = (UrlPatternComponent::ALL.into_iter())
            .filter(|&c| components[c as usize].is_lone_wildcard())
            .collect();
        Ok(UrlPattern {
            components,
            wildcards,
        })
    }

    fn component(&self, c: UrlPatternComponent) -> &CompiledComponent {
        &self.components[c as usize]
    }

    /// The pattern string of one component (the getter of the same name).
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://example.com:8080/a/:b".parse().unwrap();
    /// assert_eq!(p.get(UrlPatternComponent::Port), "8080");
    /// ```
    #[must_use]
    pub fn get(&self, component: UrlPatternComponent) -> &str {
        &self.component(component).pattern_string
    }

    /// The `protocol` getter: the normalized pattern string of the protocol.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "HTTPS://example.com".parse().unwrap();
    /// assert_eq!(p.protocol(), "https");
    /// ```
    #[must_use]
    pub fn protocol(&self) -> &str {
        self.get(UrlPatternComponent::Protocol)
    }

    /// The `username` getter.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternInit};
    /// let init = UrlPatternInit { username: Some("user".into()), ..Default::default() };
    /// let p = UrlPattern::from_init(&init, Default::default()).unwrap();
    /// assert_eq!(p.username(), "user");
    /// // In a pattern string, `:pw` after the user name is a named group, not the password.
    /// let p: UrlPattern = "https://user:pw@example.com".parse().unwrap();
    /// assert_eq!(p.username(), "user:pw");
    /// ```
    #[must_use]
    pub fn username(&self) -> &str {
        self.get(UrlPatternComponent::Username)
    }

    /// The `password` getter.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternInit};
    /// let init = UrlPatternInit { password: Some("pw".into()), ..Default::default() };
    /// let p = UrlPattern::from_init(&init, Default::default()).unwrap();
    /// assert_eq!(p.password(), "pw");
    /// ```
    #[must_use]
    pub fn password(&self) -> &str {
        self.get(UrlPatternComponent::Password)
    }

    /// The `hostname` getter.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://EXAMPLE.com".parse().unwrap();
    /// assert_eq!(p.hostname(), "example.com");
    /// ```
    #[must_use]
    pub fn hostname(&self) -> &str {
        self.get(UrlPatternComponent::Hostname)
    }

    /// The `port` getter (`""` for the scheme's default port).
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com:443".parse().unwrap();
    /// assert_eq!(p.port(), "");
    /// ```
    #[must_use]
    pub fn port(&self) -> &str {
        self.get(UrlPatternComponent::Port)
    }

    /// The `pathname` getter.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com/a b/:id".parse().unwrap();
    /// assert_eq!(p.pathname(), "/a%20b/:id");
    /// ```
    #[must_use]
    pub fn pathname(&self) -> &str {
        self.get(UrlPatternComponent::Pathname)
    }

    /// The `search` getter.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com/?q=:q".parse().unwrap();
    /// assert_eq!(p.search(), "q=:q");
    /// ```
    #[must_use]
    pub fn search(&self) -> &str {
        self.get(UrlPatternComponent::Search)
    }

    /// The `hash` getter.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com/#top".parse().unwrap();
    /// assert_eq!(p.hash(), "top");
    /// ```
    #[must_use]
    pub fn hash(&self) -> &str {
        self.get(UrlPatternComponent::Hash)
    }

    /// The `hasRegExpGroups` getter: whether a component has a custom regexp group.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com/:id(\\d+)".parse().unwrap();
    /// assert!(p.has_regexp_groups());
    /// let q: weburl::pattern::UrlPattern = "https://example.com/:id".parse().unwrap();
    /// assert!(!q.has_regexp_groups());
    /// ```
    #[must_use]
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_groups)
    }

    /// `URLPattern.compareComponent(component, left, right)` as Chromium implements it
    /// (proposed in [whatwg/urlpattern#61](https://github.com/whatwg/urlpattern/issues/61),
    /// not in the standard yet): orders the two patterns' `component` by how specific it is,
    /// [`Less`](std::cmp::Ordering::Less) when `right` is more specific than `left`.
    ///
    /// The part lists are compared part by part and the first difference decides: fixed
    /// text before a custom regexp group before a segment wildcard (`:name`) before a full
    /// wildcard (`*`); then no modifier before `+` before `?` before `*`; then the prefix,
    /// value and suffix texts byte by byte (so `/foo/b` is more specific than `/foo/a`, and
    /// port `9` than port `100`). Group names do not count. A list that ends is compared as
    /// if it went on with empty fixed text: `/foo/` is more specific than `/foo/*`. The
    /// order is total and consistent with it: antisymmetric and transitive, and `Equal`
    /// exactly when the two part lists agree but for group names. Sorting routes with it,
    /// most specific first, gives literal routes before parameter routes before wildcards.
    ///
    /// ```
    /// use std::cmp::Ordering;
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternInit, UrlPatternOptions};
    /// let pathname = |p: &str| {
    ///     let init = UrlPatternInit { pathname: Some(p.into()), ..Default::default() };
    ///     UrlPattern::from_init(&init, UrlPatternOptions::default()).unwrap()
    /// };
    /// let c = UrlPatternComponent::Pathname;
    /// let (id, bar, any) = (pathname("/foo/:id"), pathname("/foo/bar"), pathname("/foo/*"));
    /// assert_eq!(UrlPattern::compare_component(c, &id, &bar), Ordering::Less);
    /// assert_eq!(UrlPattern::compare_component(c, &id, &any), Ordering::Greater);
    /// assert_eq!(UrlPattern::compare_component(c, &id, &pathname("/foo/:x")), Ordering::Equal);
    ///
    /// let mut routes = vec![any, id, bar];
    /// routes.sort_by(|a, b| UrlPattern::compare_component(c, b, a)); // most specific first
    /// let order: Vec<&str> = routes.iter().map(UrlPattern::pathname).collect();
    /// assert_eq!(order, ["/foo/bar", "/foo/:id", "/foo/*"]);
    /// ```
    #[must_use]
    pub fn compare_component(
        component: UrlPatternComponent,
        left: &UrlPattern,
        right: &UrlPattern,
    ) -> std::cmp::Ordering {
        compare::compare_part_lists(
            &left.component(component).part_list,
            &right.component(component).part_list,
        )
    }

    /// `generate(component, groups)` as Chromium implements it (proposed in
    /// [whatwg/urlpattern#73](https://github.com/whatwg/urlpattern/issues/73), not in the
    /// standard yet): the value of `component` that the pattern gives with these group
    /// values, each value encoded with the component's encoding callback (the one its fixed
    /// text went through: the pathname's percent-encoding of a special or an opaque path,
    /// the hostname's IDNA, ...).
    ///
    /// `groups` is any list of (name, value) pairs: an array of tuples, a `Vec`, a
    /// `HashMap<String, String>`; for a name given twice the first value counts, and names
    /// the component has no group for are ignored. It is an error when a group has no
    /// value, when an encoded value is not what its group matches (empty, or with the
    /// component's delimiter: `bar/baz` for `:foo` in a special scheme's pathname), when
    /// the encoding callback refuses a value, or when the component has a part that has no
    /// one way to be filled: a full wildcard `*`, a custom regexp group, a group without a
    /// name, a modifier `?`, `*` or `+`.
    ///
    /// This form does not guard the URL's structure beyond the group's own match: in a
    /// pathname without the special schemes' `/` delimiter, `a/b` or `../x` becomes more
    /// path segments, a `..` value moves up a segment, and `a&b=c` in a search group adds
    /// a parameter. Use [`UrlPattern::generate_strict`] for values from untrusted sources.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://{:sub}.example.com/books/:id".parse().unwrap();
    /// assert_eq!(p.generate(UrlPatternComponent::Pathname, [("id", "my book")]).unwrap(), "/books/my%20book");
    /// assert_eq!(p.generate(UrlPatternComponent::Hostname, [("sub", "🍅")]).unwrap(), "xn--fi8h.example.com");
    /// assert!(p.generate(UrlPatternComponent::Pathname, [("id", "a/b")]).is_err());
    /// assert!(p.generate(UrlPatternComponent::Search, [("x", "y")]).is_err()); // `*`
    ///
    /// let groups = std::collections::HashMap::from([("id".to_string(), "7".to_string())]);
    /// assert_eq!(p.generate(UrlPatternComponent::Pathname, &groups).unwrap(), "/books/7");
    /// ```
    pub fn generate<I, K, V>(
        &self,
        component: UrlPatternComponent,
        groups: I,
    ) -> Result<String, UrlPatternGenerateError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        self.generate_with(component, groups, generate::Policy::Lax)
    }

    /// [`UrlPattern::generate`] that also refuses every value that would change the
    /// structure of the URL in that component, for every scheme (what the rules guard
    /// against: a group value that adds path segments, climbs out of a path, adds a search
    /// parameter or cuts a host short). On top of `generate`'s errors
    /// ([`UrlPatternGenerateError::UnsafeValue`]):
    ///
    /// | component | a value is refused when it |
    /// | --- | --- |
    /// | pathname | holds `/` or `\`, or `%2F`/`%5C` (any case); or makes, alone or with its neighbours, a path segment that is a dot segment: `.`, `..`, `%2e`, `.%2E`, ... |
    /// | search | holds `&`, `=` or `#` |
    /// | hostname | holds `/ \ ? # @ : [ ] % .`, a space or a control character |
    /// | port | holds anything but ASCII digits |
    /// | protocol | holds anything but ASCII letters, digits, `+`, `-`, `.` |
    /// | username, password, hash | (no further rule: their encoding escapes every delimiter) |
    ///
    /// Percent-encoded `&` and `=` (`%26`, `%3D`) stay allowed in a search value: form
    /// decoding splits the query before it decodes them.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternGenerateError};
    /// let c = UrlPatternComponent::Pathname;
    /// let p: UrlPattern = "app://example/files/:name".parse().unwrap(); // not a special scheme
    /// assert_eq!(p.generate(c, [("name", "../etc/passwd")]).unwrap(), "/files/../etc/passwd");
    /// let err = p.generate_strict(c, [("name", "../etc/passwd")]).unwrap_err();
    /// assert!(matches!(err, UrlPatternGenerateError::UnsafeValue { .. }));
    /// assert!(p.generate_strict(c, [("name", "%2E%2e")]).is_err());
    /// assert_eq!(p.generate_strict(c, [("name", "a.txt")]).unwrap(), "/files/a.txt");
    ///
    /// let q: UrlPattern = "https://example.com/search?q=:q".parse().unwrap();
    /// let s = UrlPatternComponent::Search;
    /// assert_eq!(q.generate(s, [("q", "a&admin=1")]).unwrap(), "q=a&admin=1");
    /// assert!(q.generate_strict(s, [("q", "a&admin=1")]).is_err());
    /// assert_eq!(q.generate_strict(s, [("q", "rust url")]).unwrap(), "q=rust%20url");
    /// ```
    pub fn generate_strict<I, K, V>(
        &self,
        component: UrlPatternComponent,
        groups: I,
    ) -> Result<String, UrlPatternGenerateError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        self.generate_with(component, groups, generate::Policy::Strict)
    }

    fn generate_with<I, K, V>(
        &self,
        component: UrlPatternComponent,
        groups: I,
        policy: generate::Policy,
    ) -> Result<String, UrlPatternGenerateError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let groups: Vec<(K, V)> = groups.into_iter().collect();
        let lookup = |name: &str| {
            (groups.iter())
                .find(|(k, _)| k.as_ref() == name)
                .map(|(_, v)| v.as_ref())
        };
        let compiled = self.component(component);
        generate::generate_a_component(
            component,
            &compiled.part_list,
            &compiled.options,
            self.encoding_callback(component),
            lookup,
            policy,
        )
    }

    /// The encoding callback that [create](https://urlpattern.spec.whatwg.org/#url-pattern-create)
    /// compiled `component` with.
    fn encoding_callback(
        &self,
        component: UrlPatternComponent,
    ) -> parser::EncodingCallback<'static> {
        use UrlPatternComponent as C;
        match component {
            C::Protocol => &canon::canonicalize_a_protocol,
            C::Username => &canon::canonicalize_a_username,
            C::Password => &canon::canonicalize_a_password,
            C::Hostname if hostname_pattern_is_an_ipv6_address(self.hostname()) => {
                &canon::canonicalize_an_ipv6_hostname
            }
            C::Hostname => &canon::canonicalize_a_hostname,
            C::Port => &canonicalize_a_port_without_protocol,
            C::Pathname if self.component(C::Protocol).matches_a_special_scheme() => {
                &canon::canonicalize_a_pathname
            }
            C::Pathname => &canon::canonicalize_an_opaque_pathname,
            C::Search => &canon::canonicalize_a_search,
            C::Hash => &canon::canonicalize_a_hash,
        }
    }

    /// The names of one component's groups (its group name list), in the order of
    /// [`UrlPatternMatch::groups`] and of the result's groups: what a match of this pattern
    /// will capture, known before any match (a table's columns).
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://*.example.com/:a/*".parse().unwrap();
    /// let names: Vec<&str> = p.group_names(UrlPatternComponent::Pathname).collect();
    /// assert_eq!(names, ["a", "0"]);
    /// assert_eq!(p.group_names(UrlPatternComponent::Port).len(), 0);
    /// ```
    pub fn group_names(
        &self,
        component: UrlPatternComponent,
    ) -> impl ExactSizeIterator<Item = &str> + '_ {
        let names = &self.component(component).group_name_list;
        (0..names.len()).map(move |i| names.get(i))
    }

    /// `test(input, baseURL)` with a URL string: whether the URL (parsed against `base` if
    /// given) matches. A URL that does not parse does not match.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com/books/:id".parse().unwrap();
    /// assert!(p.test("https://example.com/books/7", None));
    /// assert!(p.test("/books/7", Some("https://example.com/")));
    /// assert!(!p.test("not a url", None));
    /// ```
    #[must_use]
    pub fn test(&self, input: &str, base: Option<&str>) -> bool {
        with_input(input, base, |url| url.is_some_and(|url| self.test_url(url)))
    }

    /// `exec(input, baseURL)` with a URL string: the match result, or `None`.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com/books/:id".parse().unwrap();
    /// let m = p.exec("https://example.com/books/7", None).unwrap();
    /// assert_eq!(m.pathname.groups["id"].as_deref(), Some("7"));
    /// ```
    #[must_use]
    pub fn exec(&self, input: &str, base: Option<&str>) -> Option<UrlPatternResult> {
        self.exec_str(input, base)
    }

    /// [`UrlPattern::test`] that says when it cannot answer: `Err` when a component's custom
    /// regexp groups ran on the bounded backtracking matcher and exhausted its step budget
    /// ([`PatternLimits::max_regexp_steps`](PatternLimits#structfield.max_regexp_steps)),
    /// where `test` answers false.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternMatchError};
    /// let p: UrlPattern = "https://e.com/:x((?=a)(?:a*)*b)".parse().unwrap();
    /// assert_eq!(p.try_test("https://e.com/aab", None), Ok(true));
    /// let hostile = format!("https://e.com/{}", "a".repeat(20_000));
    /// assert!(matches!(p.try_test(&hostile, None), Err(UrlPatternMatchError::StepsExhausted { .. })));
    /// assert!(!p.test(&hostile, None));
    /// ```
    pub fn try_test(&self, input: &str, base: Option<&str>) -> Result<bool, UrlPatternMatchError> {
        with_input(input, base, |url| match url {
            Some(url) => self.try_test_url(url),
            None => Ok(false),
        })
    }

    /// [`UrlPattern::exec`] that says when it cannot answer (see [`UrlPattern::try_test`]).
    ///
    /// ```
    /// use weburl::pattern::UrlPattern;
    /// let p: UrlPattern = "https://e.com/:x((?<y>a)\\k<y>)".parse().unwrap();
    /// let m = p.try_exec("https://e.com/aa", None)?.unwrap();
    /// assert_eq!(m.pathname.groups["x"].as_deref(), Some("aa"));
    /// # Ok::<(), weburl::pattern::UrlPatternMatchError>(())
    /// ```
    pub fn try_exec(
        &self,
        input: &str,
        base: Option<&str>,
    ) -> Result<Option<UrlPatternResult>, UrlPatternMatchError> {
        self.exec_str(input, base)
    }

    /// [`UrlPattern::exec`] (`A` an `Option`) and [`UrlPattern::try_exec`] (`A` a `Result`).
    #[inline(always)]
    fn exec_str<A: Answer<UrlPatternResult>>(&self, input: &str, base: Option<&str>) -> A {
        with_input(input, base, |url| {
            let Some(url) = url else {
                return A::no_match();
            };
            self.exec_values(&Values::of_url(url), self.known_on_url(), || {
                let input = UrlPatternInput::String(input.to_owned());
                match base {
                    None => input.into(),
                    Some(base) => vec![input, UrlPatternInput::String(base.to_owned())].into(),
                }
            })
        })
    }

    /// [`UrlPattern::test_url`] that says when it cannot answer (see
    /// [`UrlPattern::try_test`]).
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://e.com/:x((?!b)\\w+)".parse().unwrap();
    /// let url = weburl::Url::parse("https://e.com/ab").unwrap();
    /// assert_eq!(p.try_test_url(&url), Ok(true));
    /// ```
    pub fn try_test_url(&self, url: &Url) -> Result<bool, UrlPatternMatchError> {
        (self.test_values::<Try>(&Values::of_url(url), self.known_on_url()))
            .map_err(|e| self.error(e))
    }

    /// [`UrlPattern::exec_url`] that says when it cannot answer (see
    /// [`UrlPattern::try_test`]).
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://e.com/:x((?<=\\/)\\w+)".parse().unwrap();
    /// let url = weburl::Url::parse("https://e.com/ab").unwrap();
    /// assert!(p.try_exec_url(&url).unwrap().is_some());
    /// ```
    pub fn try_exec_url(
        &self,
        url: &Url,
    ) -> Result<Option<UrlPatternResult>, UrlPatternMatchError> {
        self.exec_parsed(url)
    }

    /// [`UrlPattern::exec_url`] and [`UrlPattern::try_exec_url`] (as
    /// [`UrlPattern::exec_str`]).
    #[inline(always)]
    fn exec_parsed<A: Answer<UrlPatternResult>>(&self, url: &Url) -> A {
        self.exec_values(&Values::of_url(url), self.known_on_url(), || {
            UrlPatternInput::String(url.href().to_owned()).into()
        })
    }

    /// [`UrlPattern::match_url`] that says when it cannot answer (see
    /// [`UrlPattern::try_test`]). The match's groups are read again on demand, on the
    /// bounded matcher too: a group read from it that runs out of steps reads as absent.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://e.com/:x((?=a)\\w+)".parse().unwrap();
    /// let url = weburl::Url::parse("https://e.com/ab").unwrap();
    /// let m = p.try_match_url(&url).unwrap().unwrap();
    /// assert_eq!(m.group(UrlPatternComponent::Pathname, "x"), Some("ab"));
    /// ```
    pub fn try_match_url<'u>(
        &self,
        url: &'u Url,
    ) -> Result<Option<UrlPatternMatch<'_, 'u>>, UrlPatternMatchError> {
        with_spans(|spans| self.match_kept::<Try>(url, None, spans)).map_err(|e| self.error(e))
    }

    /// [`UrlPattern::exec_input`] that also says when a match cannot answer (see
    /// [`UrlPattern::try_test`]): the outer `Err` is JavaScript's `TypeError`.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternInput};
    /// let p: UrlPattern = "https://e.com/:x((?=a)\\w+)".parse().unwrap();
    /// let input = UrlPatternInput::String("https://e.com/ab".into());
    /// assert!(p.try_exec_input(&input, None).unwrap().unwrap().is_some());
    /// ```
    pub fn try_exec_input(
        &self,
        input: &UrlPatternInput,
        base: Option<&str>,
    ) -> Result<Result<Option<UrlPatternResult>, UrlPatternMatchError>, UrlPatternError> {
        match input {
            UrlPatternInput::String(s) => Ok(self.try_exec(s, base)),
            UrlPatternInput::Init(init) => {
                if base.is_some() {
                    return Err(UrlPatternError::BaseUrlWithInit);
                }
                Ok(self.exec_with_init(init))
            }
        }
    }

    /// `test()` on an already-parsed URL (no second parse).
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com/books/:id".parse().unwrap();
    /// let url = weburl::Url::parse("https://example.com/books/7").unwrap();
    /// assert!(p.test_url(&url));
    /// ```
    #[must_use]
    pub fn test_url(&self, url: &Url) -> bool {
        no_match_on_error(self.test_values::<NoMatch>(&Values::of_url(url), self.known_on_url()))
    }

    /// `exec()` on an already-parsed URL; `inputs` holds its serialization.
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com/books/:id".parse().unwrap();
    /// let url = weburl::Url::parse("https://example.com/books/7").unwrap();
    /// let m = p.exec_url(&url).unwrap();
    /// assert_eq!(m.pathname.groups["id"].as_deref(), Some("7"));
    /// assert_eq!(m.inputs, [weburl::pattern::UrlPatternInput::String(url.href().into())]);
    /// ```
    #[must_use]
    pub fn exec_url(&self, url: &Url) -> Option<UrlPatternResult> {
        self.exec_parsed(url)
    }

    /// [`UrlPattern::exec_url`] without building the owned result: a match borrowed from the
    /// pattern and the URL, whose groups are read on demand (what a router needs per
    /// request). [`UrlPatternMatch::to_result`] gives what `exec_url` gives.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent};
    /// let p: UrlPattern = "https://example.com/books/:id".parse().unwrap();
    /// let url = weburl::Url::parse("https://example.com/books/7").unwrap();
    /// let m = p.match_url(&url).unwrap();
    /// assert_eq!(m.group(UrlPatternComponent::Pathname, "id"), Some("7"));
    /// assert_eq!(m.to_result(), p.exec_url(&url).unwrap());
    /// ```
    #[must_use]
    pub fn match_url<'u>(&self, url: &'u Url) -> Option<UrlPatternMatch<'_, 'u>> {
        no_match_on_error(with_spans(|spans| {
            self.match_kept::<NoMatch>(url, None, spans)
        }))
    }

    /// The borrowed match on `url`: every component but the pathname tested (but those
    /// known to match a URL record, [`UrlPattern::known_on_url`]), then the pathname matched with its groups, which
    /// the match keeps. `pathname`, if given, is the pathname's group spans from a match the
    /// caller has made (a route set's tree), and the pathname is not matched again. `buf` is
    /// scratch space for the spans. A component that could not answer is as `P` says
    /// ([`component_answer`]).
    #[inline]
    fn match_kept<'u, P: Report>(
        &self,
        url: &'u Url,
        pathname: Option<&[Span]>,
        buf: &mut Vec<Span>,
    ) -> Result<Option<UrlPatternMatch<'_, 'u>>, Exhausted> {
        const PATHNAME: UrlPatternComponent = UrlPatternComponent::Pathname;
        let known = self.known_on_url();
        let others = known.with(PATHNAME);
        // A pathname-only pattern's other components are lone wildcards, known to match a
        // URL record: nothing to read.
        if !others.is_all() && !self.test_values::<P>(&Values::of_url(url), others)? {
            return Ok(None);
        }
        let input = url.pathname();
        let kept = if let Some(groups) = pathname {
            KeptSpans::new(groups, input.len())
        } else if known.contains(PATHNAME) {
            // A lone wildcard, which matches a URL record's pathname.
            KeptSpans::NOT_KEPT
        } else {
            let c = self.component(PATHNAME);
            if c.group_name_list.len() > KEPT {
                if !component_answer::<P>(c.is_match(input), PATHNAME)? {
                    return Ok(None);
                }
                KeptSpans::NOT_KEPT
            } else {
                buf.clear();
                if !component_answer::<P>(c.exec_into(input, buf), PATHNAME)? {
                    return Ok(None);
                }
                KeptSpans::new(&buf[..buf.len().min(c.group_name_list.len())], input.len())
            }
        };
        Ok(Some(UrlPatternMatch {
            pattern: self,
            url,
            pathname: kept,
        }))
    }

    /// `test()` with an init object: its components are canonicalized (missing ones are `""`,
    /// or come from its `base_url`) and matched.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternInit};
    /// let p: UrlPattern = "https://example.com/books/:id".parse().unwrap();
    /// let init = UrlPatternInit { pathname: Some("/books/7".into()), base_url: Some("https://example.com".into()), ..Default::default() };
    /// assert!(p.test_init(&init));
    /// ```
    #[must_use]
    pub fn test_init(&self, init: &UrlPatternInit) -> bool {
        self.exec_init(init).is_some()
    }

    /// `exec()` with an init object.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternInit};
    /// let p: UrlPattern = "https://example.com/books/:id".parse().unwrap();
    /// let init = UrlPatternInit { protocol: Some("https".into()), hostname: Some("example.com".into()), pathname: Some("/books/7".into()), ..Default::default() };
    /// assert_eq!(p.exec_init(&init).unwrap().pathname.groups["id"].as_deref(), Some("7"));
    /// ```
    #[must_use]
    pub fn exec_init(&self, init: &UrlPatternInit) -> Option<UrlPatternResult> {
        self.exec_with_init(init)
    }

    /// [`UrlPattern::exec_init`], and the same that says when it cannot answer (as
    /// [`UrlPattern::exec_str`]).
    fn exec_with_init<A: Answer<UrlPatternResult>>(&self, init: &UrlPatternInit) -> A {
        // "If this throws an exception, catch it, and return null."
        let Ok(applied) = process_a_urlpatterninit(init, InitType::Url) else {
            return A::no_match();
        };
        let values = Values(UrlPatternComponent::ALL.map(|c| applied.get(c).unwrap_or("")));
        self.exec_values(&values, Components::NONE, || {
            UrlPatternInput::Init(Box::new(init.clone())).into()
        })
    }

    /// `exec(input, baseURL)` with JavaScript's argument forms; `Err` where JavaScript throws
    /// (an init object with a base URL string).
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternError, UrlPatternInit, UrlPatternInput};
    /// let p: UrlPattern = "https://example.com/*".parse().unwrap();
    /// let url = UrlPatternInput::String("https://example.com/x".into());
    /// assert!(p.exec_input(&url, None).unwrap().is_some());
    /// let init = UrlPatternInput::from(UrlPatternInit::default());
    /// assert_eq!(p.exec_input(&init, Some("https://example.com")), Err(UrlPatternError::BaseUrlWithInit));
    /// ```
    pub fn exec_input(
        &self,
        input: &UrlPatternInput,
        base: Option<&str>,
    ) -> Result<Option<UrlPatternResult>, UrlPatternError> {
        self.try_exec_input(input, base).map(no_match_on_error)
    }

    /// `test(input, baseURL)` with JavaScript's argument forms (see [`UrlPattern::exec_input`]).
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternInput};
    /// let p: UrlPattern = "https://example.com/*".parse().unwrap();
    /// assert_eq!(p.test_input(&UrlPatternInput::String("/x".into()), Some("https://example.com")), Ok(true));
    /// ```
    pub fn test_input(
        &self,
        input: &UrlPatternInput,
        base: Option<&str>,
    ) -> Result<bool, UrlPatternError> {
        self.exec_input(input, base).map(|m| m.is_some())
    }

    /// For the project's tests: the engine of each component with custom regexp groups,
    /// `"linear"` or why it needs the backtracking engine.
    #[cfg(feature = "_test-hooks")]
    #[doc(hidden)]
    #[must_use]
    pub fn regexp_engines(&self) -> Vec<(UrlPatternComponent, &'static str)> {
        UrlPatternComponent::ALL
            .into_iter()
            .zip(self.components.iter())
            .filter_map(|(c, compiled)| Some((c, compiled.engine?.describe())))
            .collect()
    }

    /// The general path for tests: `exec` with every component matched by its ECMAScript
    /// regular expression, whether or not it has custom regexp groups.
    #[cfg(feature = "_test-hooks")]
    #[doc(hidden)]
    #[must_use]
    pub fn exec_input_with_regexp(
        &self,
        input: &UrlPatternInput,
        base: Option<&str>,
    ) -> Option<UrlPatternResult> {
        let (values, inputs): (Vec<String>, Vec<UrlPatternInput>) = match input {
            UrlPatternInput::String(s) => {
                let values = with_input(s, base, |url| {
                    Some(Values::of_url(url?).0.map(str::to_owned))
                })?;
                let mut inputs = vec![input.clone()];
                if let Some(b) = base {
                    inputs.push(UrlPatternInput::String(b.to_owned()));
                }
                (values.to_vec(), inputs)
            }
            UrlPatternInput::Init(init) => {
                let applied = process_a_urlpatterninit(init, InitType::Url).ok()?;
                (
                    UrlPatternComponent::ALL
                        .map(|c| applied.get(c).unwrap_or("").to_owned())
                        .to_vec(),
                    vec![input.clone()],
                )
            }
        };
        let refs: [&str; 8] = std::array::from_fn(|i| values[i].as_str());
        let mut spans = Vec::new();
        for (c, v) in self.components.iter().zip(refs) {
            if !no_match_on_error(c.exec_with_regexp(v, &mut spans).map_err(|_| c.exhausted())) {
                return None;
            }
        }
        Some(self.result(&Values(refs), &spans, inputs))
    }

    /// Whether every component matches its value (match, without the result); the
    /// components of `known` are not tested (the caller knows they match).
    /// A component that could not answer is as `P` says ([`component_answer`]; the
    /// components after it are not tried).
    #[inline]
    fn test_values<P: Report>(
        &self,
        values: &Values<'_>,
        known: Components,
    ) -> Result<bool, Exhausted> {
        for (component, v) in UrlPatternComponent::ALL.into_iter().zip(values.0) {
            let matched = if known.contains(component) {
                true
            } else if self.wildcards.contains(component) {
                wildcard_matches(v)
            } else {
                component_answer::<P>(self.component(component).is_match(v), component)?
            };
            if !matched {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The components known to match a URL record's values: the lone wildcards (a URL
    /// record's components hold no line terminator: the basic URL parser strips newlines and
    /// percent-encodes the other controls).
    #[inline]
    fn known_on_url(&self) -> Components {
        self.wildcards
    }

    /// <https://urlpattern.spec.whatwg.org/#url-pattern-match>, from the component values on
    /// (`known` as in [`UrlPattern::test_values`]).
    /// The answer is `A`'s ([`Answer`]).
    #[inline(always)]
    fn exec_values<A: Answer<UrlPatternResult>>(
        &self,
        values: &Values<'_>,
        known: Components,
        inputs: impl FnOnce() -> UrlPatternInputs,
    ) -> A {
        with_spans(
            |spans| match self.match_values(values, known, None, spans) {
                Ok(true) => A::found(self.result(values, spans, inputs())),
                Ok(false) => A::no_match(),
                Err(e) => A::error(self.error(e)),
            },
        )
    }

    /// The error of a match whose component `e` could not answer.
    #[cold]
    pub(crate) fn error(&self, e: Exhausted) -> UrlPatternMatchError {
        self.component(e.0).exhausted()
    }

    /// Matches every component on `values` (`known` as in [`UrlPattern::test_values`]) and
    /// appends the group spans of all eight to `spans`, the input of [`UrlPattern::result`];
    /// `pathname`, if given, is the pathname's group spans from a match the caller has made
    /// (a route set's tree), and the pathname is not matched again. On failure (no match, or
    /// `Err` when a component could not answer), `spans` is left as it was.
    fn match_values(
        &self,
        values: &Values<'_>,
        known: Components,
        pathname: Option<&[Span]>,
        spans: &mut Vec<Span>,
    ) -> Result<bool, Exhausted> {
        let mark = spans.len();
        for (component, v) in UrlPatternComponent::ALL.into_iter().zip(values.0) {
            let matched = if self.wildcards.contains(component) {
                let all = known.contains(component) || wildcard_matches(v);
                if all {
                    spans.push(Some((0, v.len())));
                }
                all
            } else if let Some(groups) = pathname
                && component == UrlPatternComponent::Pathname
            {
                spans.extend_from_slice(groups);
                true
            } else {
                match self.component(component).exec_into(v, spans) {
                    Ok(matched) => matched,
                    Err(_) => {
                        spans.truncate(mark);
                        return Err(Exhausted(component));
                    }
                }
            };
            if !matched {
                spans.truncate(mark);
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// [`UrlPattern::match_values`] on a URL record's `values` for a route set, which gives
    /// the pathname's group spans when its walk has matched the whole pathname. A
    /// pathname-only pattern (the usual route) then needs no match at all: every other
    /// component is a lone wildcard, which matches a URL record's value whole.
    #[inline]
    fn match_routed(
        &self,
        values: &Values<'_>,
        pathname: Option<&[Span]>,
        spans: &mut Vec<Span>,
    ) -> Result<bool, Exhausted> {
        const PATHNAME: usize = UrlPatternComponent::Pathname as usize;
        match pathname {
            Some(groups) if self.wildcards.with(UrlPatternComponent::Pathname).is_all() => {
                let whole = |v: &&str| Some((0, v.len()));
                spans.reserve(values.0.len() - 1 + groups.len());
                spans.extend(values.0[..PATHNAME].iter().map(whole));
                spans.extend_from_slice(groups);
                spans.extend(values.0[PATHNAME + 1..].iter().map(whole));
                Ok(true)
            }
            _ => self.match_values(values, self.known_on_url(), pathname, spans),
        }
    }

    /// The result of a match: `spans` holds the groups of all eight components, in order.
    /// Made of empty strings (constants), then each component filled where it stays
    /// ([`UrlPattern::fill_component`]); inlined into its callers. The finished result is
    /// then moved once into the caller's `Option` (LLVM copies it: a result filled through a
    /// reference to the caller's `Option` was copied just the same).
    #[inline(always)]
    fn result(
        &self,
        values: &Values<'_>,
        spans: &[Span],
        inputs: impl Into<UrlPatternInputs>,
    ) -> UrlPatternResult {
        // https://urlpattern.spec.whatwg.org/#create-a-component-match-result
        let mut result = UrlPatternResult {
            inputs: inputs.into(),
            protocol: UrlPatternComponentResult::default(),
            username: UrlPatternComponentResult::default(),
            password: UrlPatternComponentResult::default(),
            hostname: UrlPatternComponentResult::default(),
            port: UrlPatternComponentResult::default(),
            pathname: UrlPatternComponentResult::default(),
            search: UrlPatternComponentResult::default(),
            hash: UrlPatternComponentResult::default(),
        };
        let mut at = 0;
        self.fill_component(
            UrlPatternComponent::Protocol,
            values,
            spans,
            &mut at,
            &mut result.protocol,
        );
        self.fill_component(
            UrlPatternComponent::Username,
            values,
            spans,
            &mut at,
            &mut result.username,
        );
        self.fill_component(
            UrlPatternComponent::Password,
            values,
            spans,
            &mut at,
            &mut result.password,
        );
        self.fill_component(
            UrlPatternComponent::Hostname,
            values,
            spans,
            &mut at,
            &mut result.hostname,
        );
        self.fill_component(
            UrlPatternComponent::Port,
            values,
            spans,
            &mut at,
            &mut result.port,
        );
        self.fill_component(
            UrlPatternComponent::Pathname,
            values,
            spans,
            &mut at,
            &mut result.pathname,
        );
        self.fill_component(
            UrlPatternComponent::Search,
            values,
            spans,
            &mut at,
            &mut result.search,
        );
        self.fill_component(
            UrlPatternComponent::Hash,
            values,
            spans,
            &mut at,
            &mut result.hash,
        );
        result
    }

    /// <https://urlpattern.spec.whatwg.org/#create-a-component-match-result> for
    /// `component` into `out` (empty until now), whose group spans start at `spans[*at]` (moved past
    /// them). Inlined into [`UrlPattern::result`], so that each component is written in its
    /// place in the result.
    #[inline(always)]
    fn fill_component(
        &self,
        component: UrlPatternComponent,
        values: &Values<'_>,
        spans: &[Span],
        at: &mut usize,
        out: &mut UrlPatternComponentResult,
    ) {
        let input = values.0[component as usize];
        if self.wildcards.contains(component) {
            // A lone wildcard: the component is not read (a set's lookup stays in the cache
            // lines of its tree).
            write_text(&mut out.input, input);
            *at += 1;
            out.groups.fill_wildcard(input);
            return;
        }
        let component = self.component(component);
        match &component.fixed {
            Some(text) => out.input = text.clone(),
            None => write_text(&mut out.input, input),
        }
        let names = &component.group_name_list;
        // Fixed text (the usual protocol, hostname, port) has no groups to build.
        if !matches!(names, GroupNames::Empty) {
            let mine = &spans[*at..*at + names.len()];
            *at += names.len();
            out.groups.fill(names, input, mine);
        }
    }
}
/// <https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address>
/// The port's encoding callback as create uses it (without a protocol value).
fn canonicalize_a_port_without_protocol(value: &str) -> Result<String, UrlPatternError> {
    canon::canonicalize_a_port(value, None)
}

fn hostname_pattern_is_an_ipv6_address(input: &str) -> bool {
    let mut chars = input.chars();
    let (Some(first), Some(second)) = (chars.next(), chars.next()) else {
        return false;
    };
    first == '[' || ((first == '{' || first == '\\') && second == '[')
}

impl FromStr for UrlPattern {
    type Err = UrlPatternError;

    /// [`UrlPattern::parse`] without a base URL, with default options.
    fn from_str(s: &str) -> Result<UrlPattern, UrlPatternError> {
        UrlPattern::parse(s, None, UrlPatternOptions::default())
    }
}

impl fmt::Display for UrlPattern {
    /// The eight pattern strings as a `URLPatternInit` in JavaScript object notation (which
    /// [`UrlPattern::from_init`] reads back to the same pattern).
    ///
    /// ```
    /// let p: weburl::pattern::UrlPattern = "https://example.com/:id".parse().unwrap();
    /// assert_eq!(
    ///     p.to_string(),
    ///     r#"{ protocol: "https", username: "*", password: "*", hostname: "example.com", port: "", pathname: "/:id", search: "*", hash: "*" }"#
    /// );
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{ ")?;
        for (i, c) in UrlPatternComponent::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}: {:?}", c.name(), self.get(*c))?;
        }
        f.write_str(" }")
    }
}

/// The component of a pattern whose match could not answer (its regexp step budget ran out):
/// what a pattern's match carries up (one byte, so that answers stay in registers), made the
/// public [`UrlPatternMatchError`] by [`UrlPattern::error`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Exhausted(pub(crate) UrlPatternComponent);

/// A component's answer in a pattern's match when it could not answer (`Err`): its error
/// for the `try_*` forms ([`Report::TRY`]), otherwise no match, as [`no_match_on_error`]
/// reads it (read where the component is matched, so that the infallible forms carry no
/// error up).
#[inline(always)]
fn component_answer<P: Report>(
    answer: Result<bool, regexp::StepsExhausted>,
    component: UrlPatternComponent,
) -> Result<bool, Exhausted> {
    match answer {
        Err(_) if P::TRY => Err(Exhausted(component)),
        answer => Ok(no_match_on_error(answer)),
    }
}

/// What a match does with a component that could not answer: the `try_*` forms report it
/// (`TRY`), the others read it as no match. Implemented by the shapes of their answers
/// ([`Answer`]); [`NoMatch`] and [`Try`] name the two where the answer is a `bool`.
pub(crate) trait Report {
    /// Whether the error is reported: a route set then stops at the first candidate that
    /// could not answer, where the other forms go on to the next.
    const TRY: bool;
}

/// [`Report`] of the JavaScript-shaped forms.
pub(crate) type NoMatch = Option<()>;
/// [`Report`] of the `try_*` forms.
pub(crate) type Try = Result<Option<()>, UrlPatternMatchError>;

impl<T> Report for Option<T> {
    const TRY: bool = false;
}

impl<T> Report for Result<Option<T>, UrlPatternMatchError> {
    const TRY: bool = true;
}

/// How every match but the `try_*` forms reads a component that could not answer: as no
/// match (`false`, `None`, no matches), the answer JavaScript's `test` and `exec` have no
/// other shape for. The one place that reading is made ([`Answer`] for `Option` makes it
/// here too); a route set makes it for each candidate, and goes on to the next.
#[inline(always)]
pub(crate) fn no_match_on_error<T: Default, E>(answer: Result<T, E>) -> T {
    answer.unwrap_or_default()
}

/// The answer of a match that gives a value (a result, a set's match): `Option<T>` for the
/// JavaScript-shaped forms, which read a component that could not answer as no match
/// ([`no_match_on_error`]), `Result<Option<T>, UrlPatternMatchError>` for the `try_*` forms,
/// which return the error. Made where the match is decided, so a result is written once into
/// the answer (a large result moved out of a `Result` into an `Option` is a copy).
pub(crate) trait Answer<T>: Report {
    /// A match.
    fn found(value: T) -> Self;
    /// No match.
    fn no_match() -> Self;
    /// A component could not answer.
    fn error(e: UrlPatternMatchError) -> Self;
}

impl<T> Answer<T> for Option<T> {
    #[inline(always)]
    fn found(value: T) -> Self {
        Some(value)
    }
    #[inline(always)]
    fn no_match() -> Self {
        None
    }
    #[inline(always)]
    fn error(e: UrlPatternMatchError) -> Self {
        no_match_on_error(Err(e))
    }
}

impl<T> Answer<T> for Result<Option<T>, UrlPatternMatchError> {
    #[inline(always)]
    fn found(value: T) -> Self {
        Ok(Some(value))
    }
    #[inline(always)]
    fn no_match() -> Self {
        Ok(None)
    }
    #[inline(always)]
    fn error(e: UrlPatternMatchError) -> Self {
        Err(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A result is written in place (empty strings filled, fixed text copied from the
    /// pattern, a wildcard's group made from the value): every component's input is the URL's
    /// value and its groups are those of the borrowed match (which reads the spans without
    /// building anything), for fixed text with and without `ignoreCase`, lone wildcards,
    /// named, regexp and optional groups, and text short enough to sit in place and too long.
    #[test]
    fn results_written_in_place_equal_the_values_and_the_borrowed_groups() {
        let long = "a-very-long-segment-of-more-than-24-bytes";
        let cases: [(&str, bool, String); 9] = [
            (
                "https://api.github.com/repos/:owner/:repo",
                false,
                "https://api.github.com/repos/o/r?x=1".into(),
            ),
            (
                "https://API.github.com/Books",
                true,
                "https://api.GITHUB.com/bOOKS".into(),
            ),
            (
                "/:a/*",
                false,
                format!("https://u:p@{long}.example:8080/{long}/x/y?{long}#{long}"),
            ),
            (
                "https://*.example.com/(\\d+)",
                false,
                "https://www.example.com/42".into(),
            ),
            ("https://h/:a/:b?/:c?", false, "https://h/x/y".into()),
            (
                "https://h/:a/:b/:c/:d/:e",
                false,
                format!("https://h/1/{long}/3/4/{long}"),
            ),
            ("https://h/*", false, format!("https://h/{long}?q#f")),
            ("http{s}?://h/", false, "http://h/".into()),
            ("https://h/x", false, "https://h/x".into()),
        ];
        for (pattern, ignore_case, input) in cases {
            let options = UrlPatternOptions { ignore_case };
            // A pathname alone is an init object's (every other component a wildcard).
            let p = match pattern.strip_prefix('/') {
                Some(_) => {
                    let init = UrlPatternInit {
                        pathname: Some(pattern.into()),
                        ..UrlPatternInit::default()
                    };
                    UrlPattern::from_init(&init, options)
                }
                None => UrlPattern::parse(pattern, None, options),
            }
            .unwrap();
            let url = Url::parse(&input).unwrap();
            let owned = p
                .exec_url(&url)
                .unwrap_or_else(|| panic!("{pattern} on {input}"));
            let m = p.match_url(&url).unwrap();
            for c in UrlPatternComponent::ALL {
                let r = owned.component(c);
                assert_eq!(r.input, Values::one(&url, c), "{pattern} on {input}: {c:?}");
                let groups: Vec<(&str, Option<&str>)> = r.groups.iter().collect();
                assert_eq!(m.groups(c), groups, "{pattern} on {input}: {c:?}");
                for (name, value) in groups {
                    assert_eq!(r.groups[name].as_deref(), value);
                    assert_eq!(r.groups.get(name), value);
                }
            }
            let from_string = p.exec(&input, None).unwrap();
            for c in UrlPatternComponent::ALL {
                assert_eq!(
                    owned.component(c),
                    from_string.component(c),
                    "{pattern}: {c:?}"
                );
            }
        }
    }
}
