//! weburl.h's one error type, `weburl_error`: a stable kebab-case name to branch on, a
//! message to show, and for a URL pattern the component and byte offset where it failed.
//!
//! Every fallible function of weburl.h takes a last parameter `weburl_error **error`. It may
//! be NULL (the caller does not want the error). Otherwise, on failure `*error` is set to a
//! new error that the caller frees with `weburl_error_free`, and on success `*error` is set
//! to NULL (so `if (error)` after the call is always right; an error left in `*error` from
//! an earlier call must be freed first, or it leaks).

use weburl::ParseError;
use weburl::pattern::{UrlPatternError, UrlPatternMatchError};

use crate::boundary::{self, ada_string};

/// An error of a weburl.h function: its name (`weburl_error_name`), message
/// (`weburl_error_message`), pattern component (`weburl_error_component`) and byte offset
/// (`weburl_error_offset`). Freed with `weburl_error_free`.
///
/// Every fallible function takes a last parameter `weburl_error **error`, which may be NULL
/// (no error wanted). Otherwise, on failure `*error` is set to a new error for the caller
/// to free, and on success `*error` is set to NULL, so `if (error)` after a call is always
/// right (an error still in `*error` from an earlier call must be freed first, or it leaks).
pub struct weburl_error {
    /// The name, with a NUL after it (not counted by `ada_string`'s length).
    name: String,
    /// The message, with a NUL after it.
    message: String,
    component: i32,
    offset: usize,
}

/// The out-parameter of every fallible function.
pub(crate) type ErrorOut = *mut *mut weburl_error;

impl weburl_error {
    /// An error named `name` saying `message`, with no component and no offset.
    pub(crate) fn new(name: &str, message: impl Into<String>) -> weburl_error {
        let mut message = message.into();
        message.push('\0');
        let mut owned = String::with_capacity(name.len() + 1);
        owned.push_str(name);
        owned.push('\0');
        weburl_error {
            name: owned,
            message,
            component: -1,
            offset: usize::MAX,
        }
    }

    /// `not-utf8`: the argument `what` is not UTF-8.
    pub(crate) fn not_utf8(what: &str) -> weburl_error {
        weburl_error::new("not-utf8", format!("the {what} is not UTF-8"))
    }

    /// `invalid-argument`: an argument out of its range (a component number above 7, a NULL
    /// object where one is required).
    pub(crate) fn invalid_argument(message: impl Into<String>) -> weburl_error {
        weburl_error::new("invalid-argument", message)
    }

    /// `panic`: the library panicked (a bug); the panic's message went to standard error.
    pub(crate) fn panic() -> weburl_error {
        weburl_error::new(
            "panic",
            "weburl panicked (a bug); the panic was stopped at the C boundary and its message went to standard error",
        )
    }

    /// A URL that did not parse: the URL Standard's name of the validation error that made
    /// the parser fail (`port-out-of-range`, `missing-scheme-non-relative-URL`, ...).
    pub(crate) fn parse(e: ParseError) -> weburl_error {
        weburl_error::new(e.spec_name(), e.to_string())
    }

    /// A base URL that did not parse: the name of its parse error, and a message that says
    /// it was the base.
    pub(crate) fn base(e: ParseError) -> weburl_error {
        weburl_error::new(e.spec_name(), format!("invalid base URL: {e}"))
    }

    /// A URL pattern that could not be built, with its component and offset where known.
    pub(crate) fn pattern(e: &UrlPatternError) -> weburl_error {
        let name = match e {
            UrlPatternError::Tokenize { .. } => "pattern-tokenize",
            UrlPatternError::UnexpectedToken { .. } => "pattern-unexpected-token",
            UrlPatternError::DuplicateName { .. } => "pattern-duplicate-name",
            UrlPatternError::InvalidRegExp { .. } => "pattern-invalid-regexp",
            UrlPatternError::InvalidComponent { .. } => "pattern-invalid-component",
            UrlPatternError::DotSegment { .. } => "pattern-dot-segment",
            UrlPatternError::InvalidBaseUrl { .. } => "pattern-invalid-base-url",
            UrlPatternError::MissingBaseUrl => "pattern-missing-base-url",
            UrlPatternError::BaseUrlWithInit => "pattern-base-url-with-init",
            UrlPatternError::RegExpGroupsRefused { .. } => "pattern-regexp-groups-refused",
            UrlPatternError::TooLong { .. } => "pattern-too-long",
            UrlPatternError::UnsupportedRegExp { .. } => "pattern-unsupported-regexp",
            _ => "pattern-error",
        };
        let mut error = weburl_error::new(name, e.to_string());
        error.component = e.component().map_or(-1, |c| c as i32);
        error.offset = e.offset().unwrap_or(usize::MAX);
        error
    }

    /// A match that could not answer: `pattern-steps-exhausted` (a component's custom
    /// regexp groups took their whole step budget on the bounded backtracking matcher),
    /// with the component.
    pub(crate) fn pattern_match(e: &UrlPatternMatchError) -> weburl_error {
        let (name, component) = match e {
            UrlPatternMatchError::StepsExhausted { component, .. } => {
                ("pattern-steps-exhausted", Some(*component))
            }
            _ => ("pattern-match-error", None),
        };
        let mut error = weburl_error::new(name, e.to_string());
        error.component = component.map_or(-1, |c| c as i32);
        error
    }

    /// The name, without its NUL.
    pub(crate) fn name(&self) -> &str {
        &self.name[..self.name.len() - 1]
    }

    /// The message, without its NUL.
    pub(crate) fn message(&self) -> &str {
        &self.message[..self.message.len() - 1]
    }
}

/// Runs the body of an entry point with an error out-parameter: its value is returned, and
/// its error (if any) stored in `*out`, or NULL stored there when there is none. A panic in
/// `body` answers `fallback()` with the error `panic`.
///
/// # Safety
/// `out` is NULL or points at writable memory for a `weburl_error *`.
pub(crate) unsafe fn with_error_value<T>(
    out: ErrorOut,
    fallback: impl FnOnce() -> T,
    body: impl FnOnce() -> (T, Option<weburl_error>),
) -> T {
    let (value, error) = boundary::guard(|| (fallback(), Some(weburl_error::panic())), body);
    let raw = error.map_or(std::ptr::null_mut(), boundary::into_typed);
    if out.is_null() {
        // SAFETY: `raw` is NULL or a box just made, freed here since no one will.
        unsafe { boundary::free::<weburl_error>(raw.cast()) };
    } else {
        // SAFETY: the caller's contract: `out` points at writable memory for a pointer.
        unsafe { boundary::write_out(out, raw) };
    }
    value
}

/// [`with_error_value`] for a body that answers a value or an error (then the entry point
/// answers `fallback()`).
///
/// # Safety
/// As [`with_error_value`].
pub(crate) unsafe fn with_error<T>(
    out: ErrorOut,
    fallback: impl Fn() -> T,
    body: impl FnOnce() -> Result<T, weburl_error>,
) -> T {
    // SAFETY: forwarded contract.
    unsafe {
        with_error_value(out, &fallback, || match body() {
            Ok(value) => (value, None),
            Err(e) => (fallback(), Some(e)),
        })
    }
}

/// The error's name: a stable kebab-case identifier to branch on. For a URL that did not
/// parse, the URL Standard's name of the validation error (`port-out-of-range`,
/// `missing-scheme-non-relative-URL`, `IPv4-too-many-parts`, ...; `too-long` beyond the
/// library's 4 GiB limit); for a URL pattern, one per kind of failure: `pattern-tokenize`,
/// `pattern-unexpected-token`, `pattern-duplicate-name`, `pattern-invalid-regexp`,
/// `pattern-invalid-component`, `pattern-dot-segment`, `pattern-unsupported-regexp`,
/// `pattern-invalid-base-url`,
/// `pattern-missing-base-url`,
/// `pattern-base-url-with-init`, `pattern-regexp-groups-refused`, `pattern-too-long`; for
/// a fallible match (`weburl_pattern_try_test`, `weburl_pattern_set_try_first_match`, ...)
/// that could not answer, `pattern-steps-exhausted` (a component's custom regexp groups
/// took the whole step budget of `weburl_pattern_limits.max_regexp_steps`; the component
/// is `weburl_error_component`'s); otherwise `not-utf8`, `unknown-encoding`, `unknown-profile`, `unknown-preset`,
/// `unknown-address-space`, `policy-bad-host`, `invalid-argument`, or `panic` (a bug of
/// the library, stopped at the boundary).
///
/// The string is NUL-terminated (`data[length] == 0`) and valid until the error is freed;
/// NULL gives the empty string.
///
/// # Safety
/// `error` is NULL or an error this library made, not freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_error_name(error: *const weburl_error) -> ada_string {
    boundary::guard(
        || ada_string::EMPTY,
        || {
            // SAFETY: the caller's contract.
            let error = unsafe { boundary::borrow::<weburl_error>(error.cast()) };
            error.map_or(ada_string::EMPTY, |e| ada_string::borrow(e.name()))
        },
    )
}

/// The error's message, in English, for people (not stable: branch on the name). The string
/// is NUL-terminated and valid until the error is freed; NULL gives the empty string.
///
/// # Safety
/// `error` is NULL or an error this library made, not freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_error_message(error: *const weburl_error) -> ada_string {
    boundary::guard(
        || ada_string::EMPTY,
        || {
            // SAFETY: the caller's contract.
            let error = unsafe { boundary::borrow::<weburl_error>(error.cast()) };
            error.map_or(ada_string::EMPTY, |e| ada_string::borrow(e.message()))
        },
    )
}

/// The URL pattern component the error is about, as a `weburl_pattern_component` (0
/// protocol ... 7 hash): the component that failed to compile, or whose match ran out of
/// steps (`pattern-steps-exhausted`); or -1 when there is none (or `error` is NULL).
///
/// # Safety
/// `error` is NULL or an error this library made, not freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_error_component(error: *const weburl_error) -> i32 {
    boundary::guard(
        || -1,
        || {
            // SAFETY: the caller's contract.
            let error = unsafe { boundary::borrow::<weburl_error>(error.cast()) };
            error.map_or(-1, |e| e.component)
        },
    )
}

/// The byte offset the error is at, or `SIZE_MAX` when there is none (or `error` is NULL).
/// For `pattern-tokenize`, `pattern-unexpected-token` and `pattern-duplicate-name`, an
/// offset into the pattern as written: from the start of the constructor string (whatever
/// component the error is in), or for an init, from the start of that component's string.
///
/// # Safety
/// `error` is NULL or an error this library made, not freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_error_offset(error: *const weburl_error) -> usize {
    boundary::guard(
        || usize::MAX,
        || {
            // SAFETY: the caller's contract.
            let error = unsafe { boundary::borrow::<weburl_error>(error.cast()) };
            error.map_or(usize::MAX, |e| e.offset)
        },
    )
}

/// Frees an error; NULL is accepted.
///
/// # Safety
/// `error` is NULL or an error this library made, not freed before and not used after.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_error_free(error: *mut weburl_error) {
    // SAFETY: the caller's contract.
    boundary::guard(
        || (),
        || unsafe { boundary::free::<weburl_error>(error.cast()) },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use weburl::pattern::UrlPatternComponent;

    #[test]
    fn a_panic_in_a_body_becomes_the_panic_error_and_the_fallback() {
        let mut error: *mut weburl_error = std::ptr::null_mut();
        // SAFETY: `&mut error` is writable.
        let value = unsafe {
            with_error(
                &mut error,
                || -1,
                || -> Result<i32, weburl_error> { panic!("forced at the boundary") },
            )
        };
        assert_eq!(value, -1);
        assert!(!error.is_null());
        // SAFETY: a live error.
        let name = unsafe { weburl_error_name(error) };
        // SAFETY: the name's bytes and its NUL.
        let bytes = unsafe { std::slice::from_raw_parts(name.data.cast::<u8>(), name.length + 1) };
        assert_eq!(bytes, b"panic\0");
        // SAFETY: a live error, freed once.
        unsafe { weburl_error_free(error) };
        // Success stores NULL; a NULL out-parameter frees the error.
        error = std::ptr::dangling_mut::<weburl_error>();
        // SAFETY: `&mut error` is writable.
        assert_eq!(unsafe { with_error(&mut error, || 0, || Ok(3)) }, 3);
        assert!(error.is_null());
        // SAFETY: NULL out-parameter.
        let value = unsafe {
            with_error(
                std::ptr::null_mut(),
                || 0,
                || Err(weburl_error::invalid_argument("x")),
            )
        };
        assert_eq!(value, 0);
    }

    #[test]
    fn pattern_errors_carry_their_component_and_offset() {
        let e = weburl_error::pattern(&UrlPatternError::Tokenize {
            component: Some(UrlPatternComponent::Pathname),
            index: 10,
            reason: "x",
        });
        assert_eq!(e.name(), "pattern-tokenize");
        assert_eq!(e.component, UrlPatternComponent::Pathname as i32);
        assert_eq!(e.offset, 10);
        let e = weburl_error::pattern(&UrlPatternError::MissingBaseUrl);
        assert_eq!((e.component, e.offset), (-1, usize::MAX));
        let e = weburl_error::pattern_match(&UrlPatternMatchError::StepsExhausted {
            component: UrlPatternComponent::Search,
            max_steps: 50,
        });
        assert_eq!(e.name(), "pattern-steps-exhausted");
        assert_eq!((e.component, e.offset), (6, usize::MAX));
        assert!(e.message().contains("50 steps"), "{}", e.message());
    }
}
