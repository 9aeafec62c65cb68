//! TEMPORARY stand-in for ada's C API (branch c-weburl only): the handle type and the few
//! functions weburl.h's tests need (`ada_parse`, `ada_free`, `ada_is_valid`,
//! `ada_get_href`), so that this branch builds and its tests run. The real module (ada's
//! whole C API) replaces this file at merge; weburl.h's modules reach a handle only through
//! [`url_result_of`], [`url_of`] and [`new_url_handle`].

use std::ffi::{c_char, c_void};

use weburl::{ParseError, Url};

use crate::boundary::{self, ada_string};

/// A URL handle (ada's `ada_url`): a parse result, valid or not; NULL is read as invalid.
pub type ada_url = *mut c_void;

/// What an `ada_url` points at: the parse result.
pub(crate) struct UrlHandle {
    pub(crate) url: Result<Url, ParseError>,
}

/// The parse result behind a handle; NULL is `None`.
///
/// # Safety
/// `handle` is NULL or a live handle this library made, not written during the borrow.
pub(crate) unsafe fn url_result_of<'a>(handle: ada_url) -> Option<&'a Result<Url, ParseError>> {
    // SAFETY: the caller's contract above.
    unsafe { boundary::borrow::<UrlHandle>(handle) }.map(|h| &h.url)
}

/// The URL behind a handle; NULL and an invalid URL are `None`.
///
/// # Safety
/// As [`url_result_of`].
pub(crate) unsafe fn url_of<'a>(handle: ada_url) -> Option<&'a Url> {
    // SAFETY: forwarded contract.
    unsafe { url_result_of(handle) }.and_then(|r| r.as_ref().ok())
}

/// A new handle holding `url`, for the caller to free with `ada_free`.
pub(crate) fn new_url_handle(url: Result<Url, ParseError>) -> ada_url {
    boundary::into_handle(UrlHandle { url })
}

/// Parses `input` (TEMPORARY stand-in).
///
/// # Safety
/// `input` points at `length` readable bytes (or is NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_parse(input: *const c_char, length: usize) -> ada_url {
    boundary::guard(std::ptr::null_mut, || {
        // SAFETY: the caller's contract.
        let url = match unsafe { boundary::text(input, length) } {
            Some(text) => Url::parse(text),
            None => Err(ParseError::MissingSchemeNonRelativeUrl),
        };
        new_url_handle(url)
    })
}

/// Frees a handle (TEMPORARY stand-in); NULL is accepted.
///
/// # Safety
/// `result` is NULL or a live handle, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_free(result: ada_url) {
    // SAFETY: the caller's contract.
    boundary::guard(|| (), || unsafe { boundary::free::<UrlHandle>(result) });
}

/// Whether the handle holds a valid URL (TEMPORARY stand-in).
///
/// # Safety
/// `result` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_is_valid(result: ada_url) -> bool {
    // SAFETY: the caller's contract.
    boundary::guard(|| false, || unsafe { url_of(result) }.is_some())
}

/// The href (TEMPORARY stand-in); empty for an invalid URL.
///
/// # Safety
/// `result` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_href(result: ada_url) -> ada_string {
    boundary::guard(
        || ada_string::EMPTY,
        // SAFETY: the caller's contract.
        || unsafe { url_of(result) }.map_or(ada_string::EMPTY, |u| ada_string::borrow(u.href())),
    )
}

/// Frees an owned string (TEMPORARY stand-in); NULL data is accepted.
///
/// # Safety
/// `owned` came from this library and is not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_free_owned_string(owned: boundary::ada_owned_string) {
    boundary::guard(|| (), || owned.free());
}

/// TEMPORARY: keeps `boundary::c_str` (used by the real module) from being dead code here.
#[allow(dead_code)]
const USES_C_STR: unsafe fn(*const c_char) -> Option<&'static str> = boundary::c_str;
