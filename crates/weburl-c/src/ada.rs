//! ada's C API for URLs (`ada_c.h`): parsing, the getters and setters of the URL API, the
//! component offsets, IDNA, the input length limit and the version, over [`weburl::Url`].
//!
//! A handle (`ada_url`) is a box of [`UrlHandle`]: the parse result, with the error of a
//! failure kept, and the component offsets of `ada_get_components`, computed on the first
//! call. `ada_parse` always returns a handle, invalid when the input does not parse; every
//! function takes NULL as an invalid URL.

// Every entry point is an `unsafe extern "C" fn` with one contract, stated once in
// `boundary`'s conventions (a pointer argument is NULL or valid for its length, a handle is
// NULL or live) rather than in a `# Safety` section of each function's header comment.
#![allow(clippy::missing_safety_doc)]

use std::cell::Cell;
use std::ffi::{c_char, c_int, c_void};
use std::net::Ipv4Addr;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use weburl::{Component, ParseError, SetterError, Url};

use crate::boundary::{self, ada_owned_string, ada_string, guard};

/// A parsed URL (ada's `ada_url`): made by `ada_parse`, `ada_parse_with_base` or
/// `ada_copy`, freed with `ada_free`. It may hold no URL (`ada_is_valid` is false) when the
/// input did not parse.
pub type ada_url = *mut c_void;

/// The value of an offset in `ada_url_components` for a component that is absent
/// (`uint32_t(-1)`).
#[allow(non_upper_case_globals)]
pub const ada_url_omitted: u32 = u32::MAX;

/// The components of a URL as byte offsets into its href (ada's `url_components`):
///
/// ```text
/// https://user:pass@example.com:1234/foo/bar?baz#quux
///       |     |    |          | ^^^^|       |   |
///       |     |    |          | |   |       |   `----- hash_start
///       |     |    |          | |   |       `--------- search_start
///       |     |    |          | |   `----------------- pathname_start
///       |     |    |          | `--------------------- port
///       |     |    |          `----------------------- host_end
///       |     |    `---------------------------------- host_start
///       |     `--------------------------------------- username_end
///       `--------------------------------------------- protocol_end
/// ```
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ada_url_components {
    /// The end of the protocol: just after its ':'.
    pub protocol_end: u32,
    /// The end of the username. With a host, the username runs from `protocol_end + 2`
    /// (after "//") to here; without credentials this equals `host_start`. Without a host,
    /// `protocol_end`.
    pub username_end: u32,
    /// The start of the host, or the '@' before it when the URL has credentials (the
    /// password then runs from `username_end + 1` to here). Without a host, `protocol_end`.
    pub host_start: u32,
    /// The end of the host (an empty host: `host_start`). Without a host, `protocol_end`.
    pub host_end: u32,
    /// The port number, or `ada_url_omitted` when the port is null (or the scheme's default).
    pub port: u32,
    /// The start of the pathname (after a "/." that keeps a hostless path starting with "//"
    /// from reading as a host).
    pub pathname_start: u32,
    /// The '?' of the query, or `ada_url_omitted` when the query is null.
    pub search_start: u32,
    /// The '#' of the fragment, or `ada_url_omitted` when the fragment is null.
    pub hash_start: u32,
}

/// A version number of ada's C API (ada's `ada_version_components`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ada_version_components {
    /// The major version.
    pub major: c_int,
    /// The minor version.
    pub minor: c_int,
    /// The revision.
    pub revision: c_int,
}

/// Why a handle holds no URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UrlError {
    /// The parser failed (the input, or the URL it makes, longer than
    /// `ada_get_max_input_length()` is [`ParseError::TooLong`]; so is a base URL's failure
    /// in `ada_parse_with_base`, which keeps the base's error).
    Parse(ParseError),
    /// The input (or the base URL) was not UTF-8.
    NotUtf8,
}

/// What an `ada_url` points at.
pub(crate) struct UrlHandle {
    /// The URL, or why there is none.
    pub(crate) url: Result<Url, UrlError>,
    /// `ada_get_components`'s answer, computed on its first call (from any thread) and kept
    /// up to date by every change of the URL from then on, at the same address.
    pub(crate) components: OnceLock<ada_url_components>,
}

impl UrlHandle {
    fn new(url: Result<Url, UrlError>) -> UrlHandle {
        UrlHandle {
            url,
            components: OnceLock::new(),
        }
    }

    /// After a change of the URL: the offsets, if a caller has asked for them, rewritten in
    /// place, so that the pointer `ada_get_components` returned stays valid.
    fn changed(&mut self) {
        if let (Ok(url), Some(components)) = (&self.url, self.components.get_mut()) {
            *components = components_of(url);
        }
    }
}

/// A new handle for a parser's answer (for the parsing functions of weburl.h).
pub(crate) fn new_url_handle(url: Result<Url, ParseError>) -> ada_url {
    boundary::into_handle(UrlHandle::new(url.map_err(UrlError::Parse)))
}

/// The handle behind `url`, or `None` for NULL.
///
/// # Safety
/// `url` is NULL or a live handle made by this module (the contract of every function that
/// takes an `ada_url`), not written by another thread during the borrow.
pub(crate) unsafe fn handle_of<'a>(url: ada_url) -> Option<&'a UrlHandle> {
    // SAFETY: the contract above is `boundary::borrow`'s for `UrlHandle`.
    unsafe { boundary::borrow::<UrlHandle>(url) }
}

/// The URL behind `url`, or `None` for NULL and an invalid URL.
///
/// # Safety
/// As [`handle_of`].
pub(crate) unsafe fn url_of<'a>(url: ada_url) -> Option<&'a Url> {
    // SAFETY: forwarded contract.
    unsafe { handle_of(url) }.and_then(|handle| handle.url.as_ref().ok())
}

/// Why `url` holds no URL: `None` for a valid URL and for NULL (for weburl.h's error
/// functions).
///
/// # Safety
/// As [`handle_of`].
#[allow(dead_code)]
pub(crate) unsafe fn error_of(url: ada_url) -> Option<UrlError> {
    // SAFETY: forwarded contract.
    unsafe { handle_of(url) }.and_then(|handle| handle.url.as_ref().err().copied())
}

/// The valid URL behind `url` for a change, or `None`.
///
/// # Safety
/// As [`handle_of`], and no other borrow of the handle is alive.
unsafe fn handle_mut<'a>(url: ada_url) -> Option<&'a mut UrlHandle> {
    // SAFETY: the contract above is `boundary::borrow_mut`'s for `UrlHandle`.
    unsafe { boundary::borrow_mut::<UrlHandle>(url) }.filter(|handle| handle.url.is_ok())
}

/// ada's default limit: the largest `uint32_t`, which is also the longest URL weburl holds.
static MAX_INPUT_LENGTH: AtomicU32 = AtomicU32::new(u32::MAX);

fn max_input_length() -> u32 {
    MAX_INPUT_LENGTH.load(Ordering::Relaxed)
}

/// Parses `input` (against `base`) within the length limit: the input and the href it makes
/// are both at most `ada_get_max_input_length()` bytes.
fn parse_limited(input: &str, base: Option<&Url>) -> Result<Url, ParseError> {
    let limit = max_input_length() as usize;
    let url = Url::options()
        .base(base)
        .max_input_length(limit)
        .parse(input)?;
    if url.href().len() > limit {
        return Err(ParseError::TooLong);
    }
    Ok(url)
}

/// An offset in an href (at most `u32::MAX` bytes long) as a `u32`.
fn offset(at: usize) -> u32 {
    u32::try_from(at).unwrap_or(ada_url_omitted)
}

/// ada's component offsets of `url`, from weburl's getters and component ranges.
fn components_of(url: &Url) -> ada_url_components {
    let protocol_end = offset(url.protocol().len());
    let (username_end, host_start, host_end) = if url.has_host() {
        let hostname = url.component_range(Component::Hostname).unwrap_or_default();
        // With credentials, ada's host_start is the '@' before the host.
        let host_start = if url.includes_credentials() {
            hostname.start.saturating_sub(1)
        } else {
            hostname.start
        };
        let username_end = url.protocol().len() + 2 + url.username().len();
        (
            offset(username_end),
            offset(host_start),
            offset(hostname.end),
        )
    } else {
        (protocol_end, protocol_end, protocol_end)
    };
    let pathname = url.component_range(Component::Pathname).unwrap_or_default();
    ada_url_components {
        protocol_end,
        username_end,
        host_start,
        host_end,
        port: url.port_number().map_or(ada_url_omitted, u32::from),
        pathname_start: offset(pathname.start),
        search_start: match url.query() {
            Some(_) => offset(pathname.end),
            None => ada_url_omitted,
        },
        hash_start: match url.fragment() {
            Some(fragment) => offset(url.href().len() - fragment.len() - 1),
            None => ada_url_omitted,
        },
    }
}

/// ada's `url_host_type` of the URL's host: 0 a domain, an opaque host, an empty host or no
/// host; 1 an IPv4 address; 2 an IPv6 address.
fn host_type(url: &Url) -> u8 {
    let hostname = url.hostname();
    if hostname.starts_with('[') {
        2
    } else if url.is_special() && hostname.parse::<Ipv4Addr>().is_ok() {
        // A special URL's host in dotted-quad form can only be an IPv4 address: a domain
        // that ends in a number is parsed as one.
        1
    } else {
        0
    }
}

/// ada's `scheme::type` of the URL's scheme.
fn scheme_type(url: &Url) -> u8 {
    match url.scheme() {
        "http" => 0,
        "https" => 2,
        "ws" => 3,
        "ftp" => 4,
        "wss" => 5,
        "file" => 6,
        _ => 1,
    }
}

/// Parses `(input, length)` into a new handle.
///
/// # Safety
/// As `boundary::text`.
unsafe fn parse_handle(input: *const c_char, length: usize, base: Option<&Url>) -> ada_url {
    // SAFETY: the caller's contract, forwarded.
    let Some(text) = (unsafe { boundary::text(input, length) }) else {
        return boundary::into_handle(UrlHandle::new(Err(UrlError::NotUtf8)));
    };
    let Some(mut handle) = SPARE.try_with(Cell::take).ok().flatten() else {
        let url = parse_limited(text, base).map_err(UrlError::Parse);
        return boundary::into_handle(UrlHandle::new(url));
    };
    // The handle the last `ada_free` on this thread kept: the URL parsed into its buffer.
    handle.components = OnceLock::new();
    let limit = max_input_length() as usize;
    let options = Url::options().base(base).max_input_length(limit);
    let failed = match &mut handle.url {
        Ok(url) => match options.parse_into(text, url) {
            Ok(()) if url.href().len() > limit => Some(ParseError::TooLong),
            Ok(()) => None,
            Err(error) => Some(error),
        },
        // Only handles with a URL are kept.
        Err(_) => {
            handle.url = parse_limited(text, base).map_err(UrlError::Parse);
            None
        }
    };
    if let Some(error) = failed {
        // The kept URL is as it was (or too long): kept again for the next parse, and the
        // answer is a new invalid handle.
        keep_spare(handle);
        return boundary::into_handle(UrlHandle::new(Err(UrlError::Parse(error))));
    }
    boundary::box_into_handle(handle)
}

/// Keeps `handle` (holding a URL of at most [`SPARE_AT_MOST`] bytes) for the next parse on
/// this thread, in place of the one kept before; drops it otherwise.
fn keep_spare(handle: Box<UrlHandle>) {
    if handle
        .url
        .as_ref()
        .is_ok_and(|url| url.href().len() <= SPARE_AT_MOST)
    {
        drop(SPARE.try_with(|spare| spare.replace(Some(handle))));
    }
}

/// The largest buffer a freed handle's URL may have to be kept for the next parse.
const SPARE_AT_MOST: usize = 4096;

thread_local! {
    /// One handle freed on this thread (`ada_free`), with its URL's buffer, kept for the next
    /// `ada_parse` there: a program that parses, reads and frees URLs one after another then
    /// allocates nothing per URL once the buffer has grown (parse + href took 1.3x the Rust
    /// call's time with a new allocation for each handle and each URL, `weburl-bench c`).
    static SPARE: Cell<Option<Box<UrlHandle>>> = const { Cell::new(None) };
}

/// An invalid handle, the answer of a parse that panicked.
fn invalid_handle() -> ada_url {
    boundary::into_handle(UrlHandle::new(Err(UrlError::Parse(
        ParseError::MissingSchemeNonRelativeUrl,
    ))))
}

/// Parses `input` (`length` bytes, UTF-8, not necessarily NUL-terminated) as a URL with no
/// base. Returns a new handle, never NULL, to free with `ada_free`; `ada_is_valid` tells
/// whether it holds a URL. Input that is not UTF-8, or that is (or makes a URL) longer than
/// `ada_get_max_input_length()`, does not parse.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_parse(input: *const c_char, length: usize) -> ada_url {
    guard(invalid_handle, || {
        // SAFETY: the caller passes `length` readable bytes at `input` (or NULL).
        unsafe { parse_handle(input, length, None) }
    })
}

/// Parses `input` against the base URL `base` (both UTF-8, with lengths). Returns a new
/// handle, never NULL, to free with `ada_free`; it is invalid when `base` does not parse
/// (with the base's error) or when `input` does not parse against it.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_parse_with_base(
    input: *const c_char,
    input_length: usize,
    base: *const c_char,
    base_length: usize,
) -> ada_url {
    guard(invalid_handle, || {
        // SAFETY: the caller passes `base_length` readable bytes at `base` (or NULL).
        let base = match unsafe { boundary::text(base, base_length) } {
            Some(text) => parse_limited(text, None).map_err(UrlError::Parse),
            None => Err(UrlError::NotUtf8),
        };
        match base {
            // SAFETY: the caller passes `input_length` readable bytes at `input` (or NULL).
            Ok(base) => unsafe { parse_handle(input, input_length, Some(&base)) },
            Err(error) => boundary::into_handle(UrlHandle::new(Err(error))),
        }
    })
}

/// Whether `input` (UTF-8, `length` bytes) parses as a URL with no base, as `ada_parse`
/// would; it allocates nothing (unless `ada_set_max_input_length` has set a limit other than
/// the default).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_can_parse(input: *const c_char, length: usize) -> bool {
    guard(
        || false,
        || {
            // SAFETY: the caller passes `length` readable bytes at `input` (or NULL).
            let Some(input) = (unsafe { boundary::text(input, length) }) else {
                return false;
            };
            match max_input_length() {
                u32::MAX => Url::can_parse(input, None),
                _ => parse_limited(input, None).is_ok(),
            }
        },
    )
}

/// Whether `input` parses against the base URL `base` (both UTF-8, with lengths), as
/// `ada_parse_with_base` would: false when `base` does not parse.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_can_parse_with_base(
    input: *const c_char,
    input_length: usize,
    base: *const c_char,
    base_length: usize,
) -> bool {
    guard(
        || false,
        || {
            // SAFETY: the caller passes `input_length` readable bytes at `input` (or NULL).
            let input = unsafe { boundary::text(input, input_length) };
            // SAFETY: the caller passes `base_length` readable bytes at `base` (or NULL).
            let base = unsafe { boundary::text(base, base_length) };
            let (Some(input), Some(base)) = (input, base) else {
                return false;
            };
            match max_input_length() {
                u32::MAX => Url::can_parse(input, Some(base)),
                _ => parse_limited(base, None)
                    .and_then(|base| parse_limited(input, Some(&base)))
                    .is_ok(),
            }
        },
    )
}

/// Frees a handle made by `ada_parse`, `ada_parse_with_base` or `ada_copy`, and with it every
/// `ada_string` and the `ada_url_components` pointer taken from it. NULL is accepted.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_free(result: ada_url) {
    guard(
        || (),
        || {
            // SAFETY: the caller passes NULL or a live handle of this module, not used again.
            let Some(handle) = (unsafe { boundary::take::<UrlHandle>(result) }) else {
                return;
            };
            keep_spare(handle);
        },
    );
}

/// Frees a string returned as an `ada_owned_string` (`ada_get_origin`,
/// `ada_search_params_to_string`, `ada_idna_to_ascii`, `ada_idna_to_unicode`). A string
/// whose data is NULL is accepted. weburl's owned strings are also NUL-terminated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_free_owned_string(owned: ada_owned_string) {
    guard(|| (), || owned.free());
}

/// A new handle holding a copy of `input`'s URL (or of its failure), independent of it; free
/// it with `ada_free`. The copy of NULL is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_copy(input: ada_url) -> ada_url {
    guard(std::ptr::null_mut, || {
        // SAFETY: the caller passes NULL or a live handle of this module.
        match unsafe { handle_of(input) } {
            Some(handle) => boundary::into_handle(UrlHandle::new(handle.url.clone())),
            None => std::ptr::null_mut(),
        }
    })
}

/// Whether the handle holds a URL (its input parsed). False for NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_is_valid(result: ada_url) -> bool {
    guard(
        || false,
        || {
            // SAFETY: the caller passes NULL or a live handle of this module.
            unsafe { url_of(result) }.is_some()
        },
    )
}

/// Answers `get` of the URL behind `result`, or `fallback` for NULL and an invalid URL.
///
/// # Safety
/// `result` is NULL or a live handle of this module.
unsafe fn read<T>(result: ada_url, fallback: fn() -> T, get: impl FnOnce(&Url) -> T) -> T {
    guard(fallback, || {
        // SAFETY: the caller's contract.
        match unsafe { url_of(result) } {
            Some(url) => get(url),
            None => fallback(),
        }
    })
}

/// A getter's answer: a borrow of the URL's href (or of a static empty string).
///
/// # Safety
/// As [`read`].
unsafe fn read_string(result: ada_url, get: impl FnOnce(&Url) -> &str) -> ada_string {
    // SAFETY: forwarded contract. The string borrowed from the URL lives in the handle's box,
    // which is what the getters' documentation promises.
    unsafe {
        read(
            result,
            || ada_string::EMPTY,
            |url| ada_string::borrow(get(url)),
        )
    }
}

/// The URL's origin serialized (`"null"` for an opaque origin), a new string to free with
/// `ada_free_owned_string`. NULL data and length 0 for an invalid URL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_origin(result: ada_url) -> ada_owned_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe {
        read(
            result,
            || ada_owned_string::NONE,
            |url| ada_owned_string::new(&url.get(Component::Origin)),
        )
    }
}

/// The href (the whole URL). Like every `ada_string` getter: a borrow of the handle, valid
/// until the URL is changed (a setter or clear function) or freed; not NUL-terminated; the
/// empty string for NULL and an invalid URL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_href(result: ada_url) -> ada_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read_string(result, Url::href) }
}

/// The username ("" when there is none), borrowed as `ada_get_href`'s answer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_username(result: ada_url) -> ada_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read_string(result, Url::username) }
}

/// The password ("" when there is none), borrowed as `ada_get_href`'s answer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_password(result: ada_url) -> ada_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read_string(result, Url::password) }
}

/// The port in decimal, "" when the port is null (absent or the scheme's default); borrowed
/// as `ada_get_href`'s answer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_port(result: ada_url) -> ada_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read_string(result, Url::port) }
}

/// '#' and the fragment, "" when the fragment is null or empty; borrowed as `ada_get_href`'s
/// answer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_hash(result: ada_url) -> ada_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read_string(result, Url::hash) }
}

/// The host and, when there is a port, ':' and the port; "" when the host is null or empty.
/// Borrowed as `ada_get_href`'s answer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_host(result: ada_url) -> ada_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read_string(result, Url::host) }
}

/// The host alone ("" when null or empty), IPv6 addresses in brackets; borrowed as
/// `ada_get_href`'s answer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_hostname(result: ada_url) -> ada_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read_string(result, Url::hostname) }
}

/// The path serialized (an opaque path as it is); borrowed as `ada_get_href`'s answer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_pathname(result: ada_url) -> ada_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read_string(result, Url::pathname) }
}

/// '?' and the query, "" when the query is null or empty; borrowed as `ada_get_href`'s
/// answer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_search(result: ada_url) -> ada_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read_string(result, Url::search) }
}

/// The scheme and ':' (`"https:"`); borrowed as `ada_get_href`'s answer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_protocol(result: ada_url) -> ada_string {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read_string(result, Url::protocol) }
}

/// The kind of host, as ada's `url_host_type`: 0 a domain (also an opaque host, an empty
/// host, no host, NULL and an invalid URL), 1 an IPv4 address, 2 an IPv6 address.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_host_type(result: ada_url) -> u8 {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read(result, || 0, host_type) }
}

/// The kind of scheme, as ada's `scheme::type`: 0 http, 1 not special, 2 https, 3 ws, 4 ftp,
/// 5 wss, 6 file. 0 for NULL and an invalid URL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_scheme_type(result: ada_url) -> u8 {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { read(result, || 0, scheme_type) }
}

/// Runs a setter on the URL behind `result` with the text `(input, length)`: false, with
/// the URL unchanged, for NULL, an invalid URL, text that is not UTF-8, a setter that refuses
/// the value, and a URL that would be longer than `ada_get_max_input_length()`.
///
/// # Safety
/// `result` is NULL or a live handle of this module not borrowed elsewhere, and `input` is
/// NULL or points at `length` readable bytes.
unsafe fn set(
    result: ada_url,
    input: *const c_char,
    length: usize,
    apply: impl FnOnce(&mut Url, &str) -> bool,
) -> bool {
    guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let Some(handle) = (unsafe { handle_mut(result) }) else {
                return false;
            };
            // SAFETY: the caller's contract.
            let Some(value) = (unsafe { boundary::text(input, length) }) else {
                return false;
            };
            let Ok(url) = &mut handle.url else {
                return false;
            };
            let limit = max_input_length();
            let done = if limit == u32::MAX {
                apply(url, value)
            } else {
                // A limit is set: the URL as it was, to go back to if it grows past it.
                let saved = url.clone();
                let done = apply(url, value);
                if done && url.href().len() > limit as usize {
                    *url = saved;
                    false
                } else {
                    done
                }
            };
            if done {
                handle.changed();
            }
            done
        },
    )
}

/// Whether a setter's value is empty once the setters' ASCII tabs and newlines are removed.
fn is_blank(value: &str) -> bool {
    value.bytes().all(|b| matches!(b, b'\t' | b'\n' | b'\r'))
}

/// Replaces the whole URL with `input` parsed (with no base) and returns true, or returns
/// false and leaves the URL unchanged when `input` does not parse (or is not UTF-8, or is
/// too long), when `result` is NULL or invalid. An invalid handle stays invalid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_href(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: the caller passes NULL or a live handle, and `length` bytes at `input`.
    unsafe {
        set(result, input, length, |url, value| {
            if max_input_length() == u32::MAX {
                return url.set_href(value).is_ok();
            }
            match parse_limited(value, None) {
                Ok(new) => {
                    *url = new;
                    true
                }
                Err(_) => false,
            }
        })
    }
}

/// The URL API's `host` setter: a host, optionally ':' and a port. Returns false, with the
/// URL unchanged, when the URL has an opaque path or the host does not parse. A host
/// followed by a port that does not parse (`"example.com:99999"`) sets the host, keeps the
/// old port and returns true, as the URL Standard and ada do.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_host(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: the caller passes NULL or a live handle, and `length` bytes at `input`.
    unsafe {
        set(result, input, length, |url, value| {
            match url.set_host(value) {
                Ok(()) => true,
                // The host was set; the port after it was not.
                Err(SetterError::Parse(ParseError::InvalidPort | ParseError::PortOutOfRange)) => {
                    true
                }
                Err(_) => false,
            }
        })
    }
}

/// The URL API's `hostname` setter: a host without a port. Returns false, with the URL
/// unchanged, when the URL has an opaque path, the value has a port or the host does not
/// parse.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_hostname(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: the caller passes NULL or a live handle, and `length` bytes at `input`.
    unsafe {
        set(result, input, length, |url, value| {
            url.set_hostname(value).is_ok()
        })
    }
}

/// The URL API's `protocol` setter (a trailing ':' and what follows are ignored). Returns
/// false, with the URL unchanged, when the value is not a scheme or the URL Standard forbids
/// the change (special to non-special or back, to `file` with credentials or a port, from
/// a `file` URL with an empty host). A value of only tabs and newlines (or "") changes
/// nothing and returns true, as in ada.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_protocol(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: the caller passes NULL or a live handle, and `length` bytes at `input`.
    unsafe {
        set(result, input, length, |url, value| {
            // Nothing but tabs and newlines: nothing to set, which ada answers true.
            url.set_protocol(value).is_ok() || is_blank(value)
        })
    }
}

/// The URL API's `username` setter (percent-encoded as userinfo). Returns false, with the URL
/// unchanged, when the URL cannot have a username (no host, an empty host, a `file` URL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_username(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: the caller passes NULL or a live handle, and `length` bytes at `input`.
    unsafe {
        set(result, input, length, |url, value| {
            url.set_username(value).is_ok()
        })
    }
}

/// The URL API's `password` setter (percent-encoded as userinfo). Returns false, with the URL
/// unchanged, when the URL cannot have a password (no host, an empty host, a `file` URL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_password(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: the caller passes NULL or a live handle, and `length` bytes at `input`.
    unsafe {
        set(result, input, length, |url, value| {
            url.set_password(value).is_ok()
        })
    }
}

/// The URL API's `port` setter: "" removes the port, otherwise the leading digits are the
/// port (the scheme's default port becomes null). Returns false, with the URL unchanged,
/// when the URL cannot have a port or the value has no leading digit or is above 65535. A
/// value of only tabs and newlines changes nothing and returns true, as in ada.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_port(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: the caller passes NULL or a live handle, and `length` bytes at `input`.
    unsafe {
        set(result, input, length, |url, value| {
            match url.set_port(value) {
                Ok(()) => true,
                Err(SetterError::CannotHaveUsernamePasswordPort) => false,
                // Nothing but tabs and newlines: nothing to set, which ada answers true.
                Err(_) => is_blank(value),
            }
        })
    }
}

/// The URL API's `pathname` setter. Returns false, with the URL unchanged, when the URL has
/// an opaque path.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_pathname(
    result: ada_url,
    input: *const c_char,
    length: usize,
) -> bool {
    // SAFETY: the caller passes NULL or a live handle, and `length` bytes at `input`.
    unsafe {
        set(result, input, length, |url, value| {
            url.set_pathname(value).is_ok()
        })
    }
}

/// The URL API's `search` setter: one leading '?' is dropped and the rest percent-encoded as
/// a query; "" removes the query (as the URL Standard says, and `ada_clear_search` does). No
/// effect for NULL, an invalid URL, text that is not UTF-8, or a URL that would grow past
/// `ada_get_max_input_length()`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_search(result: ada_url, input: *const c_char, length: usize) {
    // SAFETY: the caller passes NULL or a live handle, and `length` bytes at `input`.
    unsafe {
        set(result, input, length, |url, value| {
            url.set_search(value);
            true
        })
    };
}

/// The URL API's `hash` setter: one leading '#' is dropped and the rest percent-encoded as a
/// fragment; "" removes the fragment (as the URL Standard says, and `ada_clear_hash` does).
/// No effect for NULL, an invalid URL, text that is not UTF-8, or a URL that would grow past
/// `ada_get_max_input_length()`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_hash(result: ada_url, input: *const c_char, length: usize) {
    // SAFETY: the caller passes NULL or a live handle, and `length` bytes at `input`.
    unsafe {
        set(result, input, length, |url, value| {
            url.set_hash(value);
            true
        })
    };
}

/// Runs a change that takes no value on the URL behind `result` (nothing for NULL or an
/// invalid URL).
///
/// # Safety
/// `result` is NULL or a live handle of this module not borrowed elsewhere.
unsafe fn clear(result: ada_url, apply: impl FnOnce(&mut Url)) {
    guard(
        || (),
        || {
            // SAFETY: the caller's contract.
            if let Some(handle) = unsafe { handle_mut(result) } {
                if let Ok(url) = &mut handle.url {
                    apply(url);
                }
                handle.changed();
            }
        },
    );
}

/// Removes the port (it becomes null). No effect on a URL without one, NULL or an invalid URL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_clear_port(result: ada_url) {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe {
        clear(result, |url| {
            if url.port_number().is_some() {
                // A URL with a port can have one: removing it cannot fail.
                let _ = url.set_port("");
            }
        })
    };
}

/// Removes the fragment, even an empty one (`"https://a/#"` becomes `"https://a/"`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_clear_hash(result: ada_url) {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { clear(result, |url| url.set_hash("")) };
}

/// Removes the query, even an empty one (`"https://a/?#f"` becomes `"https://a/#f"`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_clear_search(result: ada_url) {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { clear(result, |url| url.set_search("")) };
}

/// Answers a question about the URL behind `result`: false for NULL and an invalid URL.
///
/// # Safety
/// As [`read`].
unsafe fn ask(result: ada_url, question: impl FnOnce(&Url) -> bool) -> bool {
    // SAFETY: forwarded contract.
    unsafe { read(result, || false, question) }
}

/// Whether the URL has a non-empty username or a non-empty password.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_has_credentials(result: ada_url) -> bool {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { ask(result, Url::includes_credentials) }
}

/// Whether the URL's host is the empty host (`file:///x`, `sc://`): not null and "".
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_has_empty_hostname(result: ada_url) -> bool {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { ask(result, |url| url.has_host() && url.hostname().is_empty()) }
}

/// Whether the URL has a host (empty or not): it has "//" after its scheme.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_has_hostname(result: ada_url) -> bool {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { ask(result, Url::has_host) }
}

/// Whether the username is not empty.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_has_non_empty_username(result: ada_url) -> bool {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { ask(result, |url| !url.username().is_empty()) }
}

/// Whether the password is not empty.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_has_non_empty_password(result: ada_url) -> bool {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { ask(result, |url| !url.password().is_empty()) }
}

/// Whether the URL has a port (not null: a scheme's default port is null).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_has_port(result: ada_url) -> bool {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { ask(result, |url| url.port_number().is_some()) }
}

/// Whether the URL has a password: a serialized URL never keeps an empty one, so this is
/// `ada_has_non_empty_password`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_has_password(result: ada_url) -> bool {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { ask(result, |url| !url.password().is_empty()) }
}

/// Whether the fragment is not null (an empty fragment, `"https://a/#"`, counts).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_has_hash(result: ada_url) -> bool {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { ask(result, |url| url.fragment().is_some()) }
}

/// Whether the query is not null (an empty query, `"https://a/?"`, counts).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_has_search(result: ada_url) -> bool {
    // SAFETY: the caller passes NULL or a live handle of this module.
    unsafe { ask(result, |url| url.query().is_some()) }
}

/// The URL's component offsets (see `ada_url_components`), or NULL for NULL and an invalid
/// URL. The pointer is into the handle: valid until `ada_free`, and its values follow every
/// later change of the URL (read it again after a setter). Safe to call from several threads
/// at once on one handle, as every getter is (while no thread changes the URL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_components(result: ada_url) -> *const ada_url_components {
    guard(std::ptr::null, || {
        // SAFETY: the caller passes NULL or a live handle of this module.
        match unsafe { handle_of(result) } {
            Some(UrlHandle {
                url: Ok(url),
                components,
            }) => components.get_or_init(|| components_of(url)),
            _ => std::ptr::null(),
        }
    })
}

/// The URL Standard's domain to Unicode (UTS 46 ToUnicode) of `input`: a new string to free
/// with `ada_free_owned_string`. When ToUnicode reports an error the domain comes back
/// unchanged. NULL data (length 0) when `input` is not UTF-8.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_idna_to_unicode(
    input: *const c_char,
    length: usize,
) -> ada_owned_string {
    guard(
        || ada_owned_string::NONE,
        || {
            // SAFETY: the caller passes `length` readable bytes at `input` (or NULL).
            match unsafe { boundary::text(input, length) } {
                Some(domain) => ada_owned_string::new(&weburl::domain_to_unicode(domain)),
                None => ada_owned_string::NONE,
            }
        },
    )
}

/// The URL Standard's domain to ASCII of `input` (UTS 46 ToASCII, then the forbidden domain
/// code points refused): a new string to free with `ada_free_owned_string`. NULL data
/// (length 0) when the domain is refused, is empty or is not UTF-8.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_idna_to_ascii(
    input: *const c_char,
    length: usize,
) -> ada_owned_string {
    guard(
        || ada_owned_string::NONE,
        || {
            // SAFETY: the caller passes `length` readable bytes at `input` (or NULL).
            match unsafe { boundary::text(input, length) }.map(weburl::domain_to_ascii) {
                Some(Ok(ascii)) => ada_owned_string::new(&ascii),
                _ => ada_owned_string::NONE,
            }
        },
    )
}

/// Sets the longest URL accepted, in bytes, for the whole process: from then on parsing
/// (and `ada_can_parse`) fails when the input or the URL it makes is longer, and a setter
/// that would make the URL longer fails and leaves it unchanged. The default is 4294967295.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_set_max_input_length(length: u32) {
    guard(|| (), || MAX_INPUT_LENGTH.store(length, Ordering::Relaxed));
}

/// The longest URL accepted, in bytes (`ada_set_max_input_length`; 4294967295 by default).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_max_input_length() -> u32 {
    guard(|| u32::MAX, max_input_length)
}

/// The version of ada's C API this library implements.
const VERSION: ada_version_components = ada_version_components {
    major: 4,
    minor: 0,
    revision: 0,
};

/// [`VERSION`] as text.
const VERSION_TEXT: &std::ffi::CStr = c"4.0.0";

/// The version of ada's C API this library implements, `"4.0.0"`: a static NUL-terminated
/// string (not freed).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_version() -> *const c_char {
    guard(|| VERSION_TEXT.as_ptr(), || VERSION_TEXT.as_ptr())
}

/// The version of ada's C API this library implements, as numbers (4, 0, 0).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_get_version_components() -> ada_version_components {
    guard(|| VERSION, || VERSION)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ptr::{null, null_mut};

    const OMIT: u32 = ada_url_omitted;

    /// The text of a borrowed string (`None` for NULL data).
    fn text(s: ada_string) -> Option<String> {
        if s.data.is_null() {
            return None;
        }
        // SAFETY: the string was just returned by the library and its owner is alive.
        let bytes = unsafe { boundary::bytes(s.data, s.length) };
        Some(String::from_utf8(bytes.to_vec()).unwrap())
    }

    /// The text of an owned string, which is freed (`None` for NULL data).
    fn owned(s: ada_owned_string) -> Option<String> {
        if s.data.is_null() {
            return None;
        }
        // SAFETY: an owned string has `length` bytes and a NUL.
        let bytes = unsafe { boundary::bytes(s.data, s.length + 1) };
        assert_eq!(bytes.last(), Some(&0));
        let out = String::from_utf8(bytes[..s.length].to_vec()).unwrap();
        // SAFETY: made by the library, freed once.
        unsafe { ada_free_owned_string(s) };
        Some(out)
    }

    fn parse(input: &str) -> ada_url {
        // SAFETY: `input.len()` readable bytes.
        unsafe { ada_parse(input.as_ptr().cast(), input.len()) }
    }

    fn parse_bytes(input: &[u8]) -> ada_url {
        // SAFETY: `input.len()` readable bytes.
        unsafe { ada_parse(input.as_ptr().cast(), input.len()) }
    }

    fn href(url: ada_url) -> String {
        // SAFETY: a live handle or NULL.
        text(unsafe { ada_get_href(url) }).unwrap()
    }

    /// Every getter of `url`, as a table row.
    fn getters(url: ada_url) -> [String; 10] {
        // SAFETY: a live handle or NULL.
        unsafe {
            [
                ada_get_href(url),
                ada_get_protocol(url),
                ada_get_username(url),
                ada_get_password(url),
                ada_get_host(url),
                ada_get_hostname(url),
                ada_get_port(url),
                ada_get_pathname(url),
                ada_get_search(url),
                ada_get_hash(url),
            ]
        }
        .map(|s| text(s).unwrap())
    }

    type Setter = unsafe extern "C" fn(ada_url, *const c_char, usize) -> bool;

    fn set(setter: Setter, url: ada_url, value: &str) -> bool {
        // SAFETY: a live handle or NULL, and `value.len()` readable bytes.
        unsafe { setter(url, value.as_ptr().cast(), value.len()) }
    }

    fn components(url: ada_url) -> Option<ada_url_components> {
        // SAFETY: a live handle or NULL; the pointer is read at once.
        unsafe { ada_get_components(url).as_ref().copied() }
    }

    fn free(url: ada_url) {
        // SAFETY: made by the library, freed once.
        unsafe { ada_free(url) };
    }

    #[test]
    fn parse_and_get_every_component() {
        let url = parse("https://user:pass@www.example.com:8080/a/./b?q=1#frag");
        // SAFETY: a live handle.
        assert!(unsafe { ada_is_valid(url) });
        assert_eq!(
            getters(url),
            [
                "https://user:pass@www.example.com:8080/a/b?q=1#frag",
                "https:",
                "user",
                "pass",
                "www.example.com:8080",
                "www.example.com",
                "8080",
                "/a/b",
                "?q=1",
                "#frag",
            ]
        );
        // SAFETY: a live handle.
        let origin = owned(unsafe { ada_get_origin(url) });
        assert_eq!(origin.as_deref(), Some("https://www.example.com:8080"));
        free(url);

        let url = parse("blob:https://a.example/uuid");
        // SAFETY: a live handle.
        assert_eq!(
            owned(unsafe { ada_get_origin(url) }).unwrap(),
            "https://a.example"
        );
        free(url);
        let url = parse("data:,x");
        // SAFETY: a live handle.
        assert_eq!(owned(unsafe { ada_get_origin(url) }).unwrap(), "null");
        free(url);
    }

    #[test]
    fn invalid_null_and_not_utf8_handles_answer_empty() {
        let invalid = parse("https://exa mple.com/");
        let not_utf8 = parse_bytes(b"https://example.com/\xff");
        let empty = parse("");
        for url in [invalid, not_utf8, empty, null_mut()] {
            // SAFETY: live handles or NULL.
            unsafe {
                assert!(!ada_is_valid(url));
                assert_eq!(getters(url), std::array::from_fn(|_| String::new()));
                assert!(ada_get_origin(url).data.is_null());
                assert_eq!(ada_get_host_type(url), 0);
                assert_eq!(ada_get_scheme_type(url), 0);
                assert!(ada_get_components(url).is_null());
                for has in [
                    ada_has_credentials,
                    ada_has_empty_hostname,
                    ada_has_hostname,
                    ada_has_non_empty_username,
                    ada_has_non_empty_password,
                    ada_has_port,
                    ada_has_password,
                    ada_has_hash,
                    ada_has_search,
                ] {
                    assert!(!has(url));
                }
                for setter in [
                    ada_set_href as Setter,
                    ada_set_host,
                    ada_set_hostname,
                    ada_set_protocol,
                    ada_set_username,
                    ada_set_password,
                    ada_set_port,
                    ada_set_pathname,
                ] {
                    assert!(!set(setter, url, "https://example.com/"));
                }
                ada_set_search(url, c"q".as_ptr(), 1);
                ada_set_hash(url, c"h".as_ptr(), 1);
                ada_clear_port(url);
                ada_clear_hash(url);
                ada_clear_search(url);
                assert!(!ada_is_valid(url));
            }
        }
        // SAFETY: live handles.
        unsafe {
            assert_eq!(
                error_of(invalid),
                Some(UrlError::Parse(ParseError::InvalidHost(
                    weburl::HostError::ForbiddenDomainCodePoint(' ')
                )))
            );
            assert_eq!(error_of(not_utf8), Some(UrlError::NotUtf8));
            assert!(url_of(invalid).is_none());
            assert_eq!(error_of(null_mut()), None);
        }
        for url in [invalid, not_utf8, empty] {
            free(url);
        }
        free(null_mut());
        // SAFETY: NULL with length 0 is the empty string, and NULL with a length is too.
        unsafe {
            let url = ada_parse(null(), 5);
            assert!(!ada_is_valid(url));
            free(url);
        }
    }

    #[test]
    fn parse_with_base_and_can_parse() {
        let parse_with_base = |input: &str, base: &[u8]| {
            // SAFETY: both lengths are those of the slices.
            unsafe {
                ada_parse_with_base(
                    input.as_ptr().cast(),
                    input.len(),
                    base.as_ptr().cast(),
                    base.len(),
                )
            }
        };
        let can_parse_with_base = |input: &str, base: &[u8]| {
            // SAFETY: both lengths are those of the slices.
            unsafe {
                ada_can_parse_with_base(
                    input.as_ptr().cast(),
                    input.len(),
                    base.as_ptr().cast(),
                    base.len(),
                )
            }
        };
        let url = parse_with_base("../c?d", b"https://example.org/a/b/");
        assert_eq!(href(url), "https://example.org/a/c?d");
        free(url);
        let url = parse_with_base("/x", b"not a base");
        // SAFETY: live handle.
        unsafe {
            assert!(!ada_is_valid(url));
            assert_eq!(
                error_of(url),
                Some(UrlError::Parse(ParseError::MissingSchemeNonRelativeUrl))
            );
        }
        free(url);
        let url = parse_with_base("/x", b"https://a/\xff");
        // SAFETY: live handle.
        assert_eq!(unsafe { error_of(url) }, Some(UrlError::NotUtf8));
        free(url);

        assert!(can_parse_with_base("/hello", b"https://www.example.com"));
        assert!(!can_parse_with_base("/hello", b"/nope"));
        assert!(!can_parse_with_base("/hello", b"https://a/\xfe"));
        let can_parse = |input: &[u8]| {
            // SAFETY: the length is the slice's.
            unsafe { ada_can_parse(input.as_ptr().cast(), input.len()) }
        };
        assert!(can_parse(b"https://www.example.com"));
        assert!(can_parse(b"mailto:x"));
        assert!(!can_parse(b"/relative"));
        assert!(!can_parse(b"https://[::1"));
        assert!(!can_parse(b"https://example.com/\xc3"));
        // SAFETY: NULL is the empty string.
        assert!(!unsafe { ada_can_parse(null(), 0) });
    }

    #[test]
    fn copies_are_independent() {
        let first = parse("https://lemire.me");
        // SAFETY: a live handle.
        let second = unsafe { ada_copy(first) };
        assert!(set(ada_set_href, second, "https://yagiz.co"));
        assert_eq!(href(first), "https://lemire.me/");
        assert_eq!(href(second), "https://yagiz.co/");
        free(first);
        free(second);
        let invalid = parse("nope");
        // SAFETY: a live handle.
        let copy = unsafe { ada_copy(invalid) };
        assert!(!copy.is_null());
        // SAFETY: live handles.
        unsafe {
            assert!(!ada_is_valid(copy));
            assert_eq!(error_of(copy), error_of(invalid));
            assert!(ada_copy(null_mut()).is_null());
        }
        free(invalid);
        free(copy);
    }

    #[test]
    fn setters_change_the_url_or_leave_it_unchanged() {
        let url = parse("https://username:password@www.google.com:8080/pathname?query=true#hash");
        assert!(set(ada_set_href, url, "https://www.yagiz.co"));
        assert_eq!(href(url), "https://www.yagiz.co/");
        assert!(!set(ada_set_href, url, "not a url"));
        assert_eq!(href(url), "https://www.yagiz.co/");
        assert!(set(ada_set_username, url, "new user"));
        assert!(set(ada_set_password, url, "p@ss"));
        assert_eq!(href(url), "https://new%20user:p%40ss@www.yagiz.co/");
        assert!(set(ada_set_port, url, "4242"));
        assert!(set(ada_set_port, url, "443"));
        // SAFETY: a live handle.
        assert!(!unsafe { ada_has_port(url) });
        assert!(set(ada_set_port, url, "4242"));
        // SAFETY: a live handle.
        unsafe { ada_clear_port(url) };
        // SAFETY: a live handle.
        assert_eq!(text(unsafe { ada_get_port(url) }).unwrap(), "");
        assert!(!set(ada_set_port, url, "99999"));
        assert!(!set(ada_set_port, url, "x1"));
        assert!(set(ada_set_port, url, "\n\t"));
        assert!(set(ada_set_protocol, url, ""));
        assert!(set(ada_set_protocol, url, "\t"));
        assert!(set(ada_set_hostname, url, "new-host"));
        assert!(!set(ada_set_hostname, url, "a:1"));
        assert!(!set(ada_set_hostname, url, "exa mple"));
        assert!(set(ada_set_host, url, "changed-host:9090"));
        assert!(!set(ada_set_host, url, "[::1"));
        // A bad port after a good host: the host is set, the port kept.
        assert!(set(ada_set_host, url, "other:99999"));
        // SAFETY: a live handle.
        assert_eq!(text(unsafe { ada_get_host(url) }).unwrap(), "other:9090");
        assert!(set(ada_set_pathname, url, "new pathname"));
        // SAFETY: the handle is alive; lengths are the strings'.
        unsafe {
            ada_set_search(url, c"?new-search".as_ptr(), 11);
            ada_set_hash(url, c"#new-hash".as_ptr(), 9);
        }
        assert_eq!(
            href(url),
            "https://new%20user:p%40ss@other:9090/new%20pathname?new-search#new-hash"
        );
        assert!(set(ada_set_protocol, url, "wss:"));
        assert!(!set(ada_set_protocol, url, "git"));
        assert!(!set(ada_set_protocol, url, "1x"));
        assert_eq!(
            href(url),
            "wss://new%20user:p%40ss@other:9090/new%20pathname?new-search#new-hash"
        );
        // Not UTF-8: nothing changes.
        let before = href(url);
        for setter in [
            ada_set_href as Setter,
            ada_set_host,
            ada_set_hostname,
            ada_set_protocol,
            ada_set_username,
            ada_set_password,
            ada_set_port,
            ada_set_pathname,
        ] {
            // SAFETY: the handle is alive; two readable bytes.
            assert!(!unsafe { setter(url, b"\xff\xfe".as_ptr().cast(), 2) });
        }
        // SAFETY: the handle is alive; two readable bytes.
        unsafe {
            ada_set_search(url, b"\xff\xfe".as_ptr().cast(), 2);
            ada_set_hash(url, b"\xff\xfe".as_ptr().cast(), 2);
        }
        assert_eq!(href(url), before);
        // "" removes the query and the fragment.
        // SAFETY: the handle is alive.
        unsafe {
            ada_set_search(url, null(), 0);
            ada_set_hash(url, c"".as_ptr(), 0);
        }
        assert_eq!(
            href(url),
            "wss://new%20user:p%40ss@other:9090/new%20pathname"
        );
        free(url);

        // Setters the URL refuses.
        let url = parse("mailto:someone@example.com");
        for (setter, value) in [
            (ada_set_host as Setter, "example.org"),
            (ada_set_hostname, "example.org"),
            (ada_set_username, "u"),
            (ada_set_password, "p"),
            (ada_set_port, "1"),
            (ada_set_pathname, "/x"),
            (ada_set_protocol, "https"),
        ] {
            assert!(!set(setter, url, value));
        }
        assert_eq!(href(url), "mailto:someone@example.com");
        free(url);
        let url = parse("file:///etc/hosts");
        assert!(!set(ada_set_username, url, "u"));
        assert!(!set(ada_set_port, url, "1"));
        assert!(!set(ada_set_port, url, "\t"));
        assert!(set(ada_set_host, url, "server"));
        assert_eq!(href(url), "file://server/etc/hosts");
        free(url);
    }

    #[test]
    fn clear_functions_remove_even_empty_components() {
        let url = parse("https://www.google.com/hello-world?query=1#");
        // SAFETY: a live handle.
        unsafe {
            assert!(ada_has_hash(url));
            ada_clear_hash(url);
            assert!(!ada_has_hash(url));
        }
        assert_eq!(href(url), "https://www.google.com/hello-world?query=1");
        free(url);
        let url = parse("https://www.google.com:81/hello-world?#hash");
        // SAFETY: a live handle.
        unsafe {
            assert!(ada_has_search(url));
            assert_eq!(text(ada_get_search(url)).unwrap(), "");
            ada_clear_search(url);
            assert!(!ada_has_search(url));
            ada_clear_port(url);
            ada_clear_port(url);
        }
        assert_eq!(href(url), "https://www.google.com/hello-world#hash");
        free(url);
    }

    #[test]
    fn has_functions() {
        // credentials, empty hostname, hostname, non-empty username, non-empty password,
        // port, password, hash, search
        let cases: [(&str, [bool; 9]); 8] = [
            (
                "https://u:p@h:1/?q#f",
                [true, false, true, true, true, true, true, true, true],
            ),
            (
                "https://u@h/",
                [true, false, true, true, false, false, false, false, false],
            ),
            (
                "https://:p@h/?",
                [true, false, true, false, true, false, true, false, true],
            ),
            (
                "https://h/#",
                [false, false, true, false, false, false, false, true, false],
            ),
            (
                "file:///x",
                [false, true, true, false, false, false, false, false, false],
            ),
            (
                "sc://",
                [false, true, true, false, false, false, false, false, false],
            ),
            (
                "mailto:x?y",
                [false, false, false, false, false, false, false, false, true],
            ),
            (
                "http://h:80/",
                [false, false, true, false, false, false, false, false, false],
            ),
        ];
        for (input, expected) in cases {
            let url = parse(input);
            // SAFETY: a live handle.
            let got = unsafe {
                [
                    ada_has_credentials(url),
                    ada_has_empty_hostname(url),
                    ada_has_hostname(url),
                    ada_has_non_empty_username(url),
                    ada_has_non_empty_password(url),
                    ada_has_port(url),
                    ada_has_password(url),
                    ada_has_hash(url),
                    ada_has_search(url),
                ]
            };
            assert_eq!(got, expected, "{input}");
            free(url);
        }
    }

    #[test]
    fn host_and_scheme_types() {
        for (input, host, scheme) in [
            ("http://www.google.com", 0, 0),
            ("notspecial://www.google.com", 0, 1),
            ("https://127.0.0.1", 1, 2),
            ("ws://0x7f.1/ws", 1, 3),
            ("ftp://[::1]/file.txt", 2, 4),
            ("wss://a1/wss", 0, 5),
            ("file:///foo/bar", 0, 6),
            ("sc://1.2.3.4/", 0, 1),
            ("sc://[::1]/", 2, 1),
            ("mailto:x", 0, 1),
        ] {
            let url = parse(input);
            // SAFETY: a live handle.
            unsafe {
                assert_eq!(ada_get_host_type(url), host, "{input}");
                assert_eq!(ada_get_scheme_type(url), scheme, "{input}");
            }
            free(url);
        }
    }

    fn offsets(c: ada_url_components) -> [u32; 8] {
        [
            c.protocol_end,
            c.username_end,
            c.host_start,
            c.host_end,
            c.port,
            c.pathname_start,
            c.search_start,
            c.hash_start,
        ]
    }

    #[test]
    fn components_follow_ada_layout() {
        // Worked out by hand from ada's url_components rules.
        let cases: [(&str, [u32; 8]); 11] = [
            (
                "https://user:pass@example.com:1234/foo/bar?baz#quux",
                [6, 12, 17, 29, 1234, 34, 42, 46],
            ),
            (
                "https://www.google.com",
                [6, 8, 8, 22, OMIT, 22, OMIT, OMIT],
            ),
            ("mailto:x", [7, 7, 7, 7, OMIT, 7, OMIT, OMIT]),
            ("file:///x", [5, 7, 7, 7, OMIT, 7, OMIT, OMIT]),
            ("web+x:/.//p", [6, 6, 6, 6, OMIT, 8, OMIT, OMIT]),
            ("https://a/?#", [6, 8, 8, 9, OMIT, 9, 10, 11]),
            ("https://user@h/", [6, 12, 12, 14, OMIT, 14, OMIT, OMIT]),
            ("https://:pw@h/", [6, 8, 11, 13, OMIT, 13, OMIT, OMIT]),
            ("sc://h:8080", [3, 5, 5, 6, 8080, 11, OMIT, OMIT]),
            ("http://[::1]:80/#x", [5, 7, 7, 12, OMIT, 12, OMIT, 13]),
            ("data:text/plain,hi?x", [5, 5, 5, 5, OMIT, 5, 18, OMIT]),
        ];
        for (input, expected) in cases {
            let url = parse(input);
            let got = components(url).unwrap();
            assert_eq!(offsets(got), expected, "{input}: {}", href(url));
            // The offsets cut the getters out of the href as ada's getters do.
            let h = href(url);
            assert_eq!(&h[..got.protocol_end as usize], getters(url)[1]);
            free(url);
        }
    }

    #[test]
    fn the_components_pointer_stays_and_follows_changes() {
        let url = parse("https://example.com/a");
        // SAFETY: a live handle.
        let pointer = unsafe { ada_get_components(url) };
        // SAFETY: a live handle.
        assert_eq!(unsafe { ada_get_components(url) }, pointer);
        assert!(set(ada_set_port, url, "8080"));
        assert!(set(ada_set_username, url, "me"));
        // SAFETY: a live handle.
        unsafe { ada_set_search(url, c"q".as_ptr(), 1) };
        // SAFETY: the pointer lives as long as the handle.
        let now = unsafe { *pointer };
        assert_eq!(href(url), "https://me@example.com:8080/a?q");
        assert_eq!(offsets(now), [6, 10, 10, 22, 8080, 27, 29, OMIT]);
        // SAFETY: a live handle.
        assert_eq!(unsafe { ada_get_components(url) }, pointer);
        // Readers on several threads at once.
        let address = url as usize;
        let answers: Vec<usize> = std::thread::scope(|scope| {
            let readers: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(move || {
                        // SAFETY: the handle outlives the scope and nobody writes it.
                        unsafe { ada_get_components(address as ada_url) as usize }
                    })
                })
                .collect();
            readers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert!(answers.iter().all(|&a| a == pointer as usize));
        free(url);
    }

    #[test]
    fn idna_both_ways() {
        let ascii = |input: &[u8]| {
            // SAFETY: the length is the slice's.
            owned(unsafe { ada_idna_to_ascii(input.as_ptr().cast(), input.len()) })
        };
        let unicode = |input: &[u8]| {
            // SAFETY: the length is the slice's.
            owned(unsafe { ada_idna_to_unicode(input.as_ptr().cast(), input.len()) })
        };
        assert_eq!(ascii("straße.de".as_bytes()).unwrap(), "xn--strae-oqa.de");
        assert_eq!(ascii(b"EXAMPLE.com").unwrap(), "example.com");
        assert_eq!(ascii(b"a b"), None);
        assert_eq!(ascii(b""), None);
        assert_eq!(ascii(b"\xff"), None);
        assert_eq!(unicode(b"xn--strae-oqa.de").unwrap(), "straße.de");
        assert_eq!(unicode(b"xn--8i7caa").unwrap(), "xn--8i7caa");
        assert_eq!(unicode(b"").unwrap(), "");
        assert_eq!(unicode(b"\xff"), None);
        // SAFETY: NULL data is accepted.
        unsafe { ada_free_owned_string(ada_owned_string::NONE) };
    }

    #[test]
    fn max_input_length_limits_parse_can_parse_and_setters() {
        // SAFETY: no pointers.
        let original = unsafe { ada_get_max_input_length() };
        assert_eq!(original, u32::MAX);
        let long_url = format!("https://example.com/{}", "a".repeat(600));
        let ok = parse("https://example.com/ok");
        // Other tests run at the same time: they parse nothing this long.
        // SAFETY: no pointers.
        unsafe { ada_set_max_input_length(512) };
        // SAFETY: no pointers.
        assert_eq!(unsafe { ada_get_max_input_length() }, 512);
        let long = parse(&long_url);
        // SAFETY: live handles; lengths are the strings'.
        unsafe {
            assert!(!ada_is_valid(long));
            assert_eq!(error_of(long), Some(UrlError::Parse(ParseError::TooLong)));
            assert!(!ada_can_parse(long_url.as_ptr().cast(), long_url.len()));
        }
        // A short input whose URL is too long: percent-encoding triples it.
        let grows = format!("https://example.com/{}", "\"".repeat(200));
        let grown = parse(&grows);
        // SAFETY: live handle; lengths are the string's.
        unsafe {
            assert!(!ada_is_valid(grown));
            assert!(!ada_can_parse(grows.as_ptr().cast(), grows.len()));
        }
        assert!(!set(ada_set_pathname, ok, &"x".repeat(512)));
        assert!(!set(ada_set_href, ok, &long_url));
        // SAFETY: live handle; the lengths are the strings'.
        unsafe {
            let query = "\"".repeat(200);
            ada_set_search(ok, query.as_ptr().cast(), query.len());
        }
        assert_eq!(href(ok), "https://example.com/ok");
        assert!(set(ada_set_pathname, ok, "fine"));
        assert_eq!(href(ok), "https://example.com/fine");
        // SAFETY: no pointers.
        unsafe { ada_set_max_input_length(original) };
        let long_again = parse(&long_url);
        // SAFETY: live handle.
        assert!(unsafe { ada_is_valid(long_again) });
        for url in [ok, long, grown, long_again] {
            free(url);
        }
    }

    #[test]
    fn version() {
        // SAFETY: a static NUL-terminated string.
        let text = unsafe { std::ffi::CStr::from_ptr(ada_get_version()) };
        assert_eq!(text.to_str().unwrap(), "4.0.0");
        // SAFETY: no pointers.
        let numbers = unsafe { ada_get_version_components() };
        assert_eq!((numbers.major, numbers.minor, numbers.revision), (4, 0, 0));
    }
}
