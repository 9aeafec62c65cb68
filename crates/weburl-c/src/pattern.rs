//! URL patterns (the URL Pattern Standard's `URLPattern`): `weburl_pattern` built from a
//! constructor string or an init (`weburl_pattern_init`), tested and executed on strings,
//! inits and parsed URLs (`ada_url`), with `weburl_pattern_result` for `exec()`'s answer.
//!
//! Every argument form of JavaScript's `URLPattern` has a C form: `new URLPattern(input,
//! baseURL, options)` is `weburl_pattern_new`, `new URLPattern(init, options)`
//! `weburl_pattern_new_init`; `test(input, baseURL)` / `exec(input, baseURL)` are
//! `weburl_pattern_test` / `weburl_pattern_exec`, `test(init)` / `exec(init)` the `_init`
//! variants, and `exec()` with no argument is `weburl_pattern_exec_init` with a NULL init.
//! JavaScript's `new URLPattern(init, baseURL)` and `exec(init, baseURL)` always throw a
//! TypeError; their C form is the init with its `base_url` member, and no function takes an
//! init with a separate base string.

use std::ffi::c_char;

use weburl::pattern::{
    DEFAULT_MAX_REGEXP_STEPS, PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternInit,
    UrlPatternInput, UrlPatternMatchError, UrlPatternOptions, UrlPatternResult,
};

use crate::ada::{ada_url, url_of};
use crate::boundary::{self, ada_string};
use crate::error::{ErrorOut, weburl_error, with_error};

/// A URL pattern component, as functions take it: one of `WEBURL_PATTERN_PROTOCOL` (0) ...
/// `WEBURL_PATTERN_HASH` (7), in the URL Pattern Standard's order. A number above 7 is no
/// component: functions answer the empty string, 0 or `WEBURL_GROUP_NOT_FOUND`.
pub type weburl_pattern_component = u32;

/// The protocol component.
pub const WEBURL_PATTERN_PROTOCOL: weburl_pattern_component = 0;
/// The username component.
pub const WEBURL_PATTERN_USERNAME: weburl_pattern_component = 1;
/// The password component.
pub const WEBURL_PATTERN_PASSWORD: weburl_pattern_component = 2;
/// The hostname component.
pub const WEBURL_PATTERN_HOSTNAME: weburl_pattern_component = 3;
/// The port component.
pub const WEBURL_PATTERN_PORT: weburl_pattern_component = 4;
/// The pathname component.
pub const WEBURL_PATTERN_PATHNAME: weburl_pattern_component = 5;
/// The search component.
pub const WEBURL_PATTERN_SEARCH: weburl_pattern_component = 6;
/// The hash component.
pub const WEBURL_PATTERN_HASH: weburl_pattern_component = 7;

/// A group of a match took part, and `*value` is its text (possibly empty, never NULL data).
pub const WEBURL_GROUP_MATCHED: i32 = 1;
/// The group exists but did not take part in the match (JavaScript's `undefined`):
/// `*value` is `{NULL, 0}`.
pub const WEBURL_GROUP_UNMATCHED: i32 = 0;
/// There is no such group (or component): `*value` is `{NULL, 0}`.
pub const WEBURL_GROUP_NOT_FOUND: i32 = -1;

/// A fallible match (`weburl_pattern_try_test`, `weburl_pattern_set_try_first_match`, ...)
/// found a match.
pub const WEBURL_MATCH_FOUND: i32 = 1;
/// A fallible match found that nothing matches.
pub const WEBURL_MATCH_NONE: i32 = 0;
/// A fallible match could not answer: `*error` says why (`pattern-steps-exhausted` when a
/// component's custom regexp groups took their whole step budget).
pub const WEBURL_MATCH_ERROR: i32 = -1;

/// A compiled URL pattern (JavaScript's `URLPattern`), freed with `weburl_pattern_free`.
/// Immutable: any number of threads may use one at once.
pub struct weburl_pattern {
    pub(crate) pattern: UrlPattern,
}

/// The dictionary `URLPatternInit`: one string per component and a base URL, each an
/// `ada_string` whose `data` is NULL when the member is absent (`{NULL, 0}`), and any other
/// pointer (with `length` bytes of UTF-8) when it is present, even empty. As a pattern,
/// absent components are wildcards (or come from `base_url`); as an input, they are empty
/// (or come from `base_url`).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct weburl_pattern_init {
    /// `protocol`
    pub protocol: ada_string,
    /// `username`
    pub username: ada_string,
    /// `password`
    pub password: ada_string,
    /// `hostname`
    pub hostname: ada_string,
    /// `port`
    pub port: ada_string,
    /// `pathname`
    pub pathname: ada_string,
    /// `search`
    pub search: ada_string,
    /// `hash`
    pub hash: ada_string,
    /// `baseURL`
    pub base_url: ada_string,
}

/// Limits for patterns from untrusted sources: whether custom regexp groups (`:id(\\d+)`,
/// `(a|b)`) are accepted, whether those that need the backtracking matcher are, and the
/// longest pattern in bytes (the input string and base URL together, or every string of an
/// init), checked before a pattern is compiled; and the step budget of one match on the
/// backtracking matcher, which the compiled pattern keeps. `weburl_pattern_limits_none()`
/// limits nothing (but the default budget); `weburl_pattern_limits_untrusted()` refuses
/// regexp groups and patterns over 8 KiB. Start from one of them and change members: a
/// zero-filled struct refuses every regexp group and every pattern longer than 0 bytes.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct weburl_pattern_limits {
    /// Whether custom regexp groups are accepted (else the error
    /// `pattern-regexp-groups-refused`).
    pub allow_regexp_groups: bool,
    /// The longest pattern accepted, in bytes (else the error `pattern-too-long`);
    /// `SIZE_MAX` for any.
    pub max_length: usize,
    /// Whether custom regexp groups that need the backtracking matcher (lookahead,
    /// lookbehind, backreferences, named groups, ...) are accepted (else the error
    /// `pattern-regexp-groups-refused`); when false, every accepted pattern matches in time
    /// linear in its input. Moot when `allow_regexp_groups` is false.
    pub allow_backtracking_regexps: bool,
    /// The most steps one match of a component's regular expression may take on the
    /// bounded backtracking matcher (an instruction executed, a backtrack, or a code point
    /// compared by a backreference; about 30 ms per 10,000,000 steps on the project's test
    /// machine). A match that needs more stops: the `try` forms (`weburl_pattern_try_test`,
    /// `weburl_pattern_set_try_first_match`, ...) answer `WEBURL_MATCH_ERROR` with the
    /// error `pattern-steps-exhausted`, the others no match. 0 means the default,
    /// 10,000,000.
    pub max_regexp_steps: u64,
}

/// The answer of `exec()` (JavaScript's `URLPatternResult`): each component's input and
/// groups, and the inputs `exec` was given. Freed with `weburl_pattern_result_free`; its
/// strings are valid until then.
pub struct weburl_pattern_result {
    result: UrlPatternResult,
}

/// The component numbered `n`, if any.
pub(crate) fn component(n: weburl_pattern_component) -> Option<UrlPatternComponent> {
    UrlPatternComponent::ALL.get(n as usize).copied()
}

/// The init's members as Rust strings (NULL data: absent); a NULL init is the empty init
/// (JavaScript's `{}`).
///
/// # Safety
/// `init` is NULL or points at a `weburl_pattern_init` whose present members point at
/// `length` readable bytes.
unsafe fn read_init(init: *const weburl_pattern_init) -> Result<UrlPatternInit, weburl_error> {
    // SAFETY: the caller's contract.
    let Some(init) = (unsafe { boundary::borrow::<weburl_pattern_init>(init.cast()) }) else {
        return Ok(UrlPatternInit::default());
    };
    let member = |s: ada_string, name: &str| {
        // SAFETY: the caller's contract: a present member points at `length` bytes.
        match unsafe { boundary::optional_text(s.data, s.length) } {
            Some(text) => Ok(text.map(str::to_owned)),
            None => Err(weburl_error::not_utf8(&format!("init member {name}"))),
        }
    };
    Ok(UrlPatternInit {
        protocol: member(init.protocol, "protocol")?,
        username: member(init.username, "username")?,
        password: member(init.password, "password")?,
        hostname: member(init.hostname, "hostname")?,
        port: member(init.port, "port")?,
        pathname: member(init.pathname, "pathname")?,
        search: member(init.search, "search")?,
        hash: member(init.hash, "hash")?,
        base_url: member(init.base_url, "baseURL")?,
    })
}

/// The limits behind a pointer; NULL is no limit, a budget of 0 steps the default one.
///
/// # Safety
/// `limits` is NULL or points at a `weburl_pattern_limits`.
unsafe fn read_limits(limits: *const weburl_pattern_limits) -> PatternLimits {
    // SAFETY: the caller's contract.
    match unsafe { boundary::borrow::<weburl_pattern_limits>(limits.cast()) } {
        Some(l) => PatternLimits::new()
            .regexp_groups(l.allow_regexp_groups)
            .max_len(l.max_length)
            .backtracking_regexps(l.allow_backtracking_regexps)
            .max_regexp_steps(match l.max_regexp_steps {
                0 => DEFAULT_MAX_REGEXP_STEPS,
                steps => steps,
            }),
        None => PatternLimits::new(),
    }
}

/// The C form of Rust's limits.
fn limits_to_c(limits: PatternLimits) -> weburl_pattern_limits {
    weburl_pattern_limits {
        allow_regexp_groups: limits.allow_regexp_groups,
        max_length: limits.max_len,
        allow_backtracking_regexps: limits.allow_backtracking_regexps,
        max_regexp_steps: limits.max_regexp_steps,
    }
}

/// The pattern behind a handle.
///
/// # Safety
/// `pattern` is NULL or a live pattern.
unsafe fn pattern_of<'a>(pattern: *const weburl_pattern) -> Option<&'a UrlPattern> {
    // SAFETY: the caller's contract.
    unsafe { boundary::borrow::<weburl_pattern>(pattern.cast()) }.map(|p| &p.pattern)
}

/// The result behind a handle.
///
/// # Safety
/// `result` is NULL or a live result.
unsafe fn result_of<'a>(result: *const weburl_pattern_result) -> Option<&'a UrlPatternResult> {
    // SAFETY: the caller's contract.
    unsafe { boundary::borrow::<weburl_pattern_result>(result.cast()) }.map(|r| &r.result)
}

/// A string input and an optional base (NULL: none) as text; `None` when either is not
/// UTF-8.
///
/// # Safety
/// Each is NULL or points at its length of readable bytes.
unsafe fn string_input<'a>(
    input: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
) -> Option<(&'a str, Option<&'a str>)> {
    // SAFETY: the caller's contract.
    unsafe { string_args(input, length, base, base_length) }.ok()
}

/// [`string_input`] that says which is not UTF-8 (`not-utf8`).
///
/// # Safety
/// As [`string_input`].
unsafe fn string_args<'a>(
    input: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
) -> Result<(&'a str, Option<&'a str>), weburl_error> {
    // SAFETY: the caller's contract.
    let input =
        unsafe { boundary::text(input, length) }.ok_or_else(|| weburl_error::not_utf8("input"))?;
    // SAFETY: the caller's contract.
    let base = unsafe { boundary::optional_text(base, base_length) }
        .ok_or_else(|| weburl_error::not_utf8("base URL"))?;
    Ok((input, base))
}

/// The pattern behind a handle a fallible match needs: `invalid-argument` for NULL.
///
/// # Safety
/// `pattern` is NULL or a live pattern.
pub(crate) unsafe fn required_pattern<'a>(
    pattern: *const weburl_pattern,
) -> Result<&'a UrlPattern, weburl_error> {
    // SAFETY: the caller's contract.
    unsafe { pattern_of(pattern) }
        .ok_or_else(|| weburl_error::invalid_argument("the pattern is NULL"))
}

/// Runs the body of a fallible match that answers whether something matched: its answer as
/// `WEBURL_MATCH_FOUND` / `WEBURL_MATCH_NONE`, or `WEBURL_MATCH_ERROR` with its error in
/// `*error` (an exhausted step budget as `pattern-steps-exhausted`).
///
/// # Safety
/// `error` is NULL or writable.
pub(crate) unsafe fn try_answer(
    error: ErrorOut,
    body: impl FnOnce() -> Result<Result<bool, UrlPatternMatchError>, weburl_error>,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        with_error(
            error,
            || WEBURL_MATCH_ERROR,
            || match body()? {
                Ok(true) => Ok(WEBURL_MATCH_FOUND),
                Ok(false) => Ok(WEBURL_MATCH_NONE),
                Err(e) => Err(weburl_error::pattern_match(&e)),
            },
        )
    }
}

/// Runs the body of a fallible `exec`: the new result, NULL with `*error` NULL when nothing
/// matches, or NULL with `*error` set when the match could not answer.
///
/// # Safety
/// `error` is NULL or writable.
unsafe fn try_result(
    error: ErrorOut,
    body: impl FnOnce() -> Result<Result<Option<UrlPatternResult>, UrlPatternMatchError>, weburl_error>,
) -> *mut weburl_pattern_result {
    // SAFETY: the caller's contract.
    unsafe {
        with_error(error, std::ptr::null_mut, || {
            body()?
                .map(new_result)
                .map_err(|e| weburl_error::pattern_match(&e))
        })
    }
}

fn new_result(result: Option<UrlPatternResult>) -> *mut weburl_pattern_result {
    result.map_or(std::ptr::null_mut(), |result| {
        boundary::into_typed(weburl_pattern_result { result })
    })
}

/// No limits: custom regexp groups accepted, those that need backtracking too, any length,
/// and the default step budget of a match on the backtracking matcher, 10,000,000 (what a
/// NULL `limits` means).
#[unsafe(no_mangle)]
pub extern "C" fn weburl_pattern_limits_none() -> weburl_pattern_limits {
    limits_to_c(PatternLimits::new())
}

/// The limits for patterns from untrusted users: no custom regexp groups, at most 8192
/// bytes, and (should `allow_regexp_groups` be set again) 1,000,000 steps per match on the
/// backtracking matcher.
#[unsafe(no_mangle)]
pub extern "C" fn weburl_pattern_limits_untrusted() -> weburl_pattern_limits {
    limits_to_c(PatternLimits::untrusted())
}

/// `new URLPattern(input, baseURL, {ignoreCase})`: a pattern from a constructor string such
/// as `https://{*.}?example.com/books/:id`, relative to `base` (NULL: no base; a string without
/// a protocol then fails with `pattern-missing-base-url`), within `limits` (NULL: none).
///
/// Returns the pattern, to free with `weburl_pattern_free`, or NULL with `*error` set
/// (`pattern-*` names, `not-utf8`).
///
/// # Safety
/// `input` and `base` are NULL or point at their length of readable bytes; `limits` is NULL
/// or points at a `weburl_pattern_limits`; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_new(
    input: *const c_char,
    input_length: usize,
    base: *const c_char,
    base_length: usize,
    ignore_case: bool,
    limits: *const weburl_pattern_limits,
    error: *mut *mut weburl_error,
) -> *mut weburl_pattern {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        with_error(error, std::ptr::null_mut, || {
            let input = boundary::text(input, input_length)
                .ok_or_else(|| weburl_error::not_utf8("input"))?;
            let base = boundary::optional_text(base, base_length)
                .ok_or_else(|| weburl_error::not_utf8("base URL"))?;
            let limits = read_limits(limits);
            let options = UrlPatternOptions { ignore_case };
            UrlPattern::parse_with_limits(input, base, options, &limits)
                .map(|pattern| boundary::into_typed(weburl_pattern { pattern }))
                .map_err(|e| weburl_error::pattern(&e))
        })
    }
}

/// `new URLPattern(init, {ignoreCase})`: a pattern per component of `init` (absent members
/// are wildcards, or come from its `base_url`); NULL `init` is the empty init (every
/// component a wildcard). Within `limits` (NULL: none).
///
/// Returns the pattern, to free with `weburl_pattern_free`, or NULL with `*error` set.
///
/// # Safety
/// `init` is NULL or points at a `weburl_pattern_init` whose present members point at their
/// length of readable bytes; `limits` is NULL or points at limits; `error` is NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_new_init(
    init: *const weburl_pattern_init,
    ignore_case: bool,
    limits: *const weburl_pattern_limits,
    error: *mut *mut weburl_error,
) -> *mut weburl_pattern {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        with_error(error, std::ptr::null_mut, || {
            let init = read_init(init)?;
            let limits = read_limits(limits);
            let options = UrlPatternOptions { ignore_case };
            UrlPattern::from_init_with_limits(&init, options, &limits)
                .map(|pattern| boundary::into_typed(weburl_pattern { pattern }))
                .map_err(|e| weburl_error::pattern(&e))
        })
    }
}

/// Frees a pattern; NULL is accepted. Route sets hold their own copies.
///
/// # Safety
/// `pattern` is NULL or a live pattern, not used after.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_free(pattern: *mut weburl_pattern) {
    // SAFETY: the caller's contract.
    boundary::guard(
        || (),
        || unsafe { boundary::free::<weburl_pattern>(pattern.cast()) },
    );
}

/// The pattern string of one component, as JavaScript's getters give it (`protocol`,
/// `hostname`, ...): normalized, `*` for a wildcard. Valid until the pattern is freed; the
/// empty string for a NULL pattern or a component above 7.
///
/// # Safety
/// `pattern` is NULL or a live pattern.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_get_component(
    pattern: *const weburl_pattern,
    component: weburl_pattern_component,
) -> ada_string {
    boundary::guard(
        || ada_string::EMPTY,
        || {
            // SAFETY: the caller's contract.
            let pattern = unsafe { pattern_of(pattern) };
            match (pattern, self::component(component)) {
                (Some(p), Some(c)) => ada_string::borrow(p.get(c)),
                _ => ada_string::EMPTY,
            }
        },
    )
}

/// `hasRegExpGroups`: whether a component has a custom regexp group (`:id(\\d+)`,
/// `(a|b)`). False for NULL.
///
/// # Safety
/// `pattern` is NULL or a live pattern.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_has_regexp_groups(pattern: *const weburl_pattern) -> bool {
    boundary::guard(
        || false,
        // SAFETY: the caller's contract.
        || unsafe { pattern_of(pattern) }.is_some_and(UrlPattern::has_regexp_groups),
    )
}

/// `test(input, baseURL)`: whether the URL `input` (parsed against `base`; NULL: no base)
/// matches. A URL that does not parse, text that is not UTF-8 and a NULL pattern do not
/// match.
///
/// # Safety
/// `pattern` is NULL or a live pattern; `input` and `base` are NULL or point at their
/// length of readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_test(
    pattern: *const weburl_pattern,
    input: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let pattern = unsafe { pattern_of(pattern) };
            // SAFETY: the caller's contract.
            let args = unsafe { string_input(input, length, base, base_length) };
            match (pattern, args) {
                (Some(p), Some((input, base))) => p.test(input, base),
                _ => false,
            }
        },
    )
}

/// `test()` on a parsed URL (no second parse). An invalid or NULL URL does not match.
///
/// # Safety
/// `pattern` is NULL or a live pattern; `url` is NULL or a live URL handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_test_url(
    pattern: *const weburl_pattern,
    url: ada_url,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let (pattern, url) = unsafe { (pattern_of(pattern), url_of(url)) };
            match (pattern, url) {
                (Some(p), Some(url)) => p.test_url(url),
                _ => false,
            }
        },
    )
}

/// `test(init)`: whether the URL made of `init`'s members (absent ones empty, or from its
/// `base_url`) matches; NULL `init` is the empty init (JavaScript's `test()` with no
/// argument). An init that is not UTF-8 or does not make a URL does not match.
///
/// # Safety
/// `pattern` is NULL or a live pattern; `init` as for `weburl_pattern_new_init`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_test_init(
    pattern: *const weburl_pattern,
    init: *const weburl_pattern_init,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let (pattern, init) = unsafe { (pattern_of(pattern), read_init(init)) };
            match (pattern, init) {
                (Some(p), Ok(init)) => p.test_init(&init),
                _ => false,
            }
        },
    )
}

/// `exec(input, baseURL)`: the match of the URL `input` (parsed against `base`; NULL: no
/// base), or NULL when it does not match (as `weburl_pattern_test`). Free the result with
/// `weburl_pattern_result_free`.
///
/// # Safety
/// As `weburl_pattern_test`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_exec(
    pattern: *const weburl_pattern,
    input: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
) -> *mut weburl_pattern_result {
    boundary::guard(std::ptr::null_mut, || {
        // SAFETY: the caller's contract.
        let pattern = unsafe { pattern_of(pattern) };
        // SAFETY: the caller's contract.
        let args = unsafe { string_input(input, length, base, base_length) };
        match (pattern, args) {
            (Some(p), Some((input, base))) => new_result(p.exec(input, base)),
            _ => std::ptr::null_mut(),
        }
    })
}

/// `exec()` on a parsed URL: the match, whose inputs are the URL's href, or NULL.
///
/// # Safety
/// As `weburl_pattern_test_url`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_exec_url(
    pattern: *const weburl_pattern,
    url: ada_url,
) -> *mut weburl_pattern_result {
    boundary::guard(std::ptr::null_mut, || {
        // SAFETY: the caller's contract.
        let (pattern, url) = unsafe { (pattern_of(pattern), url_of(url)) };
        match (pattern, url) {
            (Some(p), Some(url)) => new_result(p.exec_url(url)),
            _ => std::ptr::null_mut(),
        }
    })
}

/// `exec(init)`: the match of the URL made of `init`'s members, or NULL; NULL `init` is the
/// empty init (JavaScript's `exec()` with no argument).
///
/// # Safety
/// As `weburl_pattern_test_init`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_exec_init(
    pattern: *const weburl_pattern,
    init: *const weburl_pattern_init,
) -> *mut weburl_pattern_result {
    boundary::guard(std::ptr::null_mut, || {
        // SAFETY: the caller's contract.
        let (pattern, init) = unsafe { (pattern_of(pattern), read_init(init)) };
        match (pattern, init) {
            (Some(p), Ok(init)) => new_result(p.exec_init(&init)),
            _ => std::ptr::null_mut(),
        }
    })
}

/// `weburl_pattern_test` that says when it cannot answer: `WEBURL_MATCH_FOUND`,
/// `WEBURL_MATCH_NONE` (also for a URL that does not parse, as `test` answers), or
/// `WEBURL_MATCH_ERROR` with `*error` set: `pattern-steps-exhausted` when a component's
/// custom regexp groups took the whole step budget (`weburl_pattern_limits`'
/// `max_regexp_steps`) where `weburl_pattern_test` answers false, with
/// `weburl_error_component` the component; `not-utf8` for text that is not UTF-8;
/// `invalid-argument` for a NULL pattern. `*error` is NULL unless the answer is
/// `WEBURL_MATCH_ERROR`.
///
/// # Safety
/// As `weburl_pattern_test`; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_try_test(
    pattern: *const weburl_pattern,
    input: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
    error: *mut *mut weburl_error,
) -> i32 {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        try_answer(error, || {
            let pattern = required_pattern(pattern)?;
            let (input, base) = string_args(input, length, base, base_length)?;
            Ok(pattern.try_test(input, base))
        })
    }
}

/// `weburl_pattern_test_url` that says when it cannot answer, as `weburl_pattern_try_test`
/// does (an invalid or NULL URL does not match).
///
/// # Safety
/// As `weburl_pattern_test_url`; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_try_test_url(
    pattern: *const weburl_pattern,
    url: ada_url,
    error: *mut *mut weburl_error,
) -> i32 {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        try_answer(error, || {
            let pattern = required_pattern(pattern)?;
            Ok(url_of(url).map_or(Ok(false), |url| pattern.try_test_url(url)))
        })
    }
}

/// `weburl_pattern_test_init` that says when it cannot answer, as `weburl_pattern_try_test`
/// does (an init that does not make a URL does not match; one that is not UTF-8 is the error
/// `not-utf8`).
///
/// # Safety
/// As `weburl_pattern_test_init`; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_try_test_init(
    pattern: *const weburl_pattern,
    init: *const weburl_pattern_init,
    error: *mut *mut weburl_error,
) -> i32 {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        try_answer(error, || {
            let found = try_exec_init(required_pattern(pattern)?, read_init(init)?)?;
            Ok(found.map(|result| result.is_some()))
        })
    }
}

/// `exec(init)` on the bounded matcher: the outer error for an init the pattern refuses.
fn try_exec_init(
    pattern: &UrlPattern,
    init: UrlPatternInit,
) -> Result<Result<Option<UrlPatternResult>, UrlPatternMatchError>, weburl_error> {
    pattern
        .try_exec_input(&UrlPatternInput::Init(Box::new(init)), None)
        .map_err(|e| weburl_error::pattern(&e))
}

/// `weburl_pattern_exec` that says when it cannot answer: the result (free it with
/// `weburl_pattern_result_free`) with `*error` NULL; NULL with `*error` NULL when nothing
/// matches; NULL with `*error` set when the match could not answer (the errors of
/// `weburl_pattern_try_test`).
///
/// # Safety
/// As `weburl_pattern_test`; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_try_exec(
    pattern: *const weburl_pattern,
    input: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
    error: *mut *mut weburl_error,
) -> *mut weburl_pattern_result {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        try_result(error, || {
            let pattern = required_pattern(pattern)?;
            let (input, base) = string_args(input, length, base, base_length)?;
            Ok(pattern.try_exec(input, base))
        })
    }
}

/// `weburl_pattern_exec_url` that says when it cannot answer, as `weburl_pattern_try_exec`
/// does.
///
/// # Safety
/// As `weburl_pattern_test_url`; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_try_exec_url(
    pattern: *const weburl_pattern,
    url: ada_url,
    error: *mut *mut weburl_error,
) -> *mut weburl_pattern_result {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        try_result(error, || {
            let pattern = required_pattern(pattern)?;
            Ok(url_of(url).map_or(Ok(None), |url| pattern.try_exec_url(url)))
        })
    }
}

/// `weburl_pattern_exec_init` that says when it cannot answer, as `weburl_pattern_try_exec`
/// does.
///
/// # Safety
/// As `weburl_pattern_test_init`; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_try_exec_init(
    pattern: *const weburl_pattern,
    init: *const weburl_pattern_init,
    error: *mut *mut weburl_error,
) -> *mut weburl_pattern_result {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        try_result(error, || {
            try_exec_init(required_pattern(pattern)?, read_init(init)?)
        })
    }
}

/// Frees a result; NULL is accepted.
///
/// # Safety
/// `result` is NULL or a live result, not used after.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_result_free(result: *mut weburl_pattern_result) {
    // SAFETY: the caller's contract.
    boundary::guard(
        || (),
        || unsafe {
            boundary::free::<weburl_pattern_result>(result.cast());
        },
    );
}

/// The value one component was matched on (`result.pathname.input`, ...), valid until the
/// result is freed; empty for NULL or a component above 7.
///
/// # Safety
/// `result` is NULL or a live result.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_result_input(
    result: *const weburl_pattern_result,
    component: weburl_pattern_component,
) -> ada_string {
    boundary::guard(
        || ada_string::EMPTY,
        || {
            // SAFETY: the caller's contract.
            match (unsafe { result_of(result) }, self::component(component)) {
                (Some(r), Some(c)) => ada_string::borrow(&r.component(c).input),
                _ => ada_string::EMPTY,
            }
        },
    )
}

/// How many groups one component has (named and numbered, in the pattern's order); 0 for
/// NULL or a component above 7.
///
/// # Safety
/// `result` is NULL or a live result.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_result_group_count(
    result: *const weburl_pattern_result,
    component: weburl_pattern_component,
) -> usize {
    boundary::guard(
        || 0,
        || {
            // SAFETY: the caller's contract.
            match (unsafe { result_of(result) }, self::component(component)) {
                (Some(r), Some(c)) => r.component(c).groups.len(),
                _ => 0,
            }
        },
    )
}

/// The name of group `index` of a component (`id`, or `0`, `1`, ... for unnamed groups),
/// valid until the result is freed; empty when there is no such group.
///
/// # Safety
/// `result` is NULL or a live result.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_result_group_name(
    result: *const weburl_pattern_result,
    component: weburl_pattern_component,
    index: usize,
) -> ada_string {
    boundary::guard(
        || ada_string::EMPTY,
        || {
            // SAFETY: the caller's contract.
            match (unsafe { result_of(result) }, self::component(component)) {
                (Some(r), Some(c)) => (r.component(c).groups.iter().nth(index))
                    .map_or(ada_string::EMPTY, |(name, _)| ada_string::borrow(name)),
                _ => ada_string::EMPTY,
            }
        },
    )
}

/// Writes a group's status to `value` and answers it.
///
/// # Safety
/// `value` is NULL or writable.
unsafe fn answer_group(found: Option<Option<&str>>, value: *mut ada_string) -> i32 {
    let (status, text) = match found {
        Some(Some(text)) => (WEBURL_GROUP_MATCHED, ada_string::borrow(text)),
        Some(None) => (WEBURL_GROUP_UNMATCHED, NULL_STRING),
        None => (WEBURL_GROUP_NOT_FOUND, NULL_STRING),
    };
    // SAFETY: the caller's contract.
    unsafe { boundary::write_out(value, text) };
    status
}

/// `{NULL, 0}`: no string (an absent member, a group that did not take part).
pub(crate) const NULL_STRING: ada_string = ada_string {
    data: std::ptr::null(),
    length: 0,
};

/// The value of group `index` of a component: `WEBURL_GROUP_MATCHED` with `*value` its text
/// (valid until the result is freed), `WEBURL_GROUP_UNMATCHED` when the group did not take
/// part (JavaScript's `undefined`; `*value` is `{NULL, 0}`), `WEBURL_GROUP_NOT_FOUND` when
/// there is no such group (`*value` is `{NULL, 0}`). `value` may be NULL.
///
/// # Safety
/// `result` is NULL or a live result; `value` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_result_group(
    result: *const weburl_pattern_result,
    component: weburl_pattern_component,
    index: usize,
    value: *mut ada_string,
) -> i32 {
    boundary::guard(
        || WEBURL_GROUP_NOT_FOUND,
        || {
            // SAFETY: the caller's contract.
            let found = match (unsafe { result_of(result) }, self::component(component)) {
                (Some(r), Some(c)) => r.component(c).groups.iter().nth(index).map(|(_, v)| v),
                _ => None,
            };
            // SAFETY: the caller's contract.
            unsafe { answer_group(found, value) }
        },
    )
}

/// The value of the group named `name` of a component, answered as by
/// `weburl_pattern_result_group`.
///
/// # Safety
/// `result` is NULL or a live result; `name` is NULL or points at `name_length` readable
/// bytes; `value` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_result_group_by_name(
    result: *const weburl_pattern_result,
    component: weburl_pattern_component,
    name: *const c_char,
    name_length: usize,
    value: *mut ada_string,
) -> i32 {
    boundary::guard(
        || WEBURL_GROUP_NOT_FOUND,
        || {
            // SAFETY: the caller's contract.
            let name = unsafe { boundary::text(name, name_length) };
            // SAFETY: the caller's contract.
            let found = match (
                unsafe { result_of(result) },
                self::component(component),
                name,
            ) {
                (Some(r), Some(c), Some(name)) => (r.component(c).groups.iter())
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v),
                _ => None,
            };
            // SAFETY: the caller's contract.
            unsafe { answer_group(found, value) }
        },
    )
}

/// How many inputs `exec` was given (JavaScript's `result.inputs`): 1 for a string (or a
/// parsed URL, whose input is its href) or an init, 2 for a string and a base URL; 0 for
/// NULL.
///
/// # Safety
/// `result` is NULL or a live result.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_result_input_count(
    result: *const weburl_pattern_result,
) -> usize {
    // SAFETY: the caller's contract.
    boundary::guard(
        || 0,
        || unsafe { result_of(result) }.map_or(0, |r| r.inputs.len()),
    )
}

/// Input `index` of `result.inputs` when it is a string: true with `*value` the string
/// (valid until the result is freed); false when it is an init or there is no such input
/// (`*value` is then `{NULL, 0}`). `value` may be NULL.
///
/// # Safety
/// `result` is NULL or a live result; `value` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_result_input_string(
    result: *const weburl_pattern_result,
    index: usize,
    value: *mut ada_string,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let input = unsafe { result_of(result) }.and_then(|r| r.inputs.get(index));
            let text = match input {
                Some(UrlPatternInput::String(s)) => Some(ada_string::borrow(s)),
                _ => None,
            };
            // SAFETY: the caller's contract.
            unsafe { boundary::write_out(value, text.unwrap_or(NULL_STRING)) };
            text.is_some()
        },
    )
}

/// Input `index` of `result.inputs` when it is an init: true with `*init` its members
/// (absent ones `{NULL, 0}`, strings valid until the result is freed); false when it is a
/// string or there is no such input (`*init` is then left unchanged). `init` may be NULL.
///
/// # Safety
/// `result` is NULL or a live result; `init` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_result_input_init(
    result: *const weburl_pattern_result,
    index: usize,
    init: *mut weburl_pattern_init,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let input = unsafe { result_of(result) }.and_then(|r| r.inputs.get(index));
            let Some(UrlPatternInput::Init(given)) = input else {
                return false;
            };
            let member = |m: &Option<String>| m.as_deref().map_or(NULL_STRING, ada_string::borrow);
            let out = weburl_pattern_init {
                protocol: member(&given.protocol),
                username: member(&given.username),
                password: member(&given.password),
                hostname: member(&given.hostname),
                port: member(&given.port),
                pathname: member(&given.pathname),
                search: member(&given.search),
                hash: member(&given.hash),
                base_url: member(&given.base_url),
            };
            // SAFETY: the caller's contract.
            unsafe { boundary::write_out(init, out) };
            true
        },
    )
}
