//! ada's URLPattern (`ada::url_pattern` with the `std::regex` provider ada ships), a peer of
//! `weburl::pattern` in `weburl-bench pattern` and tests/urlpattern_ada.rs.
//!
//! The C++ is compiled by build.rs (a second copy of ada's amalgamation, URL patterns on, its
//! namespace renamed so that it links beside the `ada-url` crate); `src/ada_pattern_shim.cpp`
//! gives it a small C API, and this module is the safe Rust side of that API: the only
//! `unsafe` of the peer.
//!
//! ada's matching runs on bytes (`std::regex` over `char`), so a group can end inside a UTF-8
//! sequence: strings read back from ada are therefore decoded lossily (`Cow<str>`).

use std::borrow::Cow;
use std::ffi::{c_int, c_void};
use std::ptr::NonNull;

/// A string across the C API; `data` null means absent (JavaScript's undefined).
#[repr(C)]
#[derive(Clone, Copy)]
struct RawStr {
    data: *const u8,
    len: usize,
}

impl RawStr {
    const ABSENT: RawStr = RawStr {
        data: std::ptr::null(),
        len: 0,
    };

    fn of(s: &str) -> RawStr {
        RawStr {
            data: s.as_ptr(),
            len: s.len(),
        }
    }
}

/// `weburl_bench_ada_input` of the shim.
#[repr(C)]
struct RawInput {
    is_init: c_int,
    string: RawStr,
    init: [RawStr; 9],
}

unsafe extern "C" {
    fn weburl_bench_ada_pattern_new(
        input: *const RawInput,
        base: *const RawStr,
        ignore_case: c_int,
    ) -> *mut c_void;
    fn weburl_bench_ada_pattern_free(p: *mut c_void);
    fn weburl_bench_ada_pattern_component(p: *const c_void, which: c_int) -> RawStr;
    fn weburl_bench_ada_pattern_has_regexp_groups(p: *const c_void) -> c_int;
    fn weburl_bench_ada_pattern_test(
        p: *mut c_void,
        input: *const RawInput,
        base: *const RawStr,
    ) -> c_int;
    fn weburl_bench_ada_pattern_exec(
        p: *mut c_void,
        input: *const RawInput,
        base: *const RawStr,
        status: *mut c_int,
    ) -> *mut c_void;
    fn weburl_bench_ada_result_free(r: *mut c_void);
    fn weburl_bench_ada_result_input(r: *const c_void, which: c_int) -> RawStr;
    fn weburl_bench_ada_result_group_count(r: *const c_void, which: c_int) -> usize;
    fn weburl_bench_ada_result_group(
        r: *const c_void,
        which: c_int,
        i: usize,
        name: *mut RawStr,
        value: *mut RawStr,
    ) -> c_int;
}

/// The members of a URLPatternInit, in the order [`AdaInput::Init`] takes them.
#[allow(dead_code)] // tests/urlpattern_ada.rs builds inits; the benchmark only strings.
pub const INIT_MEMBERS: [&str; 9] = [
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash", "baseURL",
];

/// A URLPattern input: a string, or a URLPatternInit (its members in [`INIT_MEMBERS`]'
/// order, `None` for an absent member).
pub enum AdaInput<'a> {
    String(&'a str),
    #[allow(dead_code)] // tests/urlpattern_ada.rs builds inits; the benchmark only strings.
    Init([Option<&'a str>; 9]),
}

impl AdaInput<'_> {
    fn raw(&self) -> RawInput {
        match self {
            AdaInput::String(s) => RawInput {
                is_init: 0,
                string: RawStr::of(s),
                init: [RawStr::ABSENT; 9],
            },
            AdaInput::Init(members) => RawInput {
                is_init: 1,
                string: RawStr::ABSENT,
                init: members.map(|m| m.map_or(RawStr::ABSENT, RawStr::of)),
            },
        }
    }
}

/// JavaScript threw (ada's `exec` or `test` returned an error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threw;

/// Reads a string the shim returned, borrowed from the object it came from.
///
/// # Safety
/// `s` must be absent or point at `s.len` bytes that live as long as `'a`.
unsafe fn read<'a>(s: RawStr) -> Cow<'a, str> {
    if s.data.is_null() || s.len == 0 {
        return Cow::Borrowed("");
    }
    // SAFETY: the caller's contract: `s.data` points at `s.len` live bytes for `'a`.
    String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(s.data, s.len) })
}

/// The optional base URL as the shim takes it (null: none).
fn pointer(base: &Option<RawStr>) -> *const RawStr {
    base.as_ref()
        .map_or(std::ptr::null(), |b| b as *const RawStr)
}

/// A compiled ada `url_pattern`.
pub struct AdaPattern(NonNull<c_void>);

impl AdaPattern {
    /// `new URLPattern(input, base, {ignoreCase})`; `None` when it throws.
    pub fn new(input: &AdaInput, base: Option<&str>, ignore_case: bool) -> Option<AdaPattern> {
        let raw = input.raw();
        let base = base.map(RawStr::of);
        let base_ptr = pointer(&base);
        // SAFETY: `raw` and `base` point at live strings for the call; the shim copies what
        // it keeps and catches every exception.
        let p = unsafe { weburl_bench_ada_pattern_new(&raw, base_ptr, c_int::from(ignore_case)) };
        NonNull::new(p).map(AdaPattern)
    }

    /// One of the eight component pattern strings (0 protocol ... 7 hash).
    pub fn component(&self, which: usize) -> Cow<'_, str> {
        // SAFETY: `self.0` is a live pattern; the string is owned by it, so it lives as long
        // as the borrow of `self`.
        unsafe {
            read(weburl_bench_ada_pattern_component(
                self.0.as_ptr(),
                which as c_int,
            ))
        }
    }

    pub fn has_regexp_groups(&self) -> bool {
        // SAFETY: `self.0` is a live pattern.
        unsafe { weburl_bench_ada_pattern_has_regexp_groups(self.0.as_ptr()) != 0 }
    }

    /// `test(input, base)`.
    pub fn test(&mut self, input: &AdaInput, base: Option<&str>) -> Result<bool, Threw> {
        let raw = input.raw();
        let base = base.map(RawStr::of);
        let base_ptr = pointer(&base);
        // SAFETY: `self.0` is a live pattern, borrowed mutably (ada's `test` is not const);
        // `raw` and `base` point at live strings for the call.
        match unsafe { weburl_bench_ada_pattern_test(self.0.as_ptr(), &raw, base_ptr) } {
            -1 => Err(Threw),
            r => Ok(r == 1),
        }
    }

    /// `exec(input, base)`.
    pub fn exec(
        &mut self,
        input: &AdaInput,
        base: Option<&str>,
    ) -> Result<Option<AdaMatch>, Threw> {
        let raw = input.raw();
        let base = base.map(RawStr::of);
        let base_ptr = pointer(&base);
        let mut status: c_int = 0;
        // SAFETY: as in `test`; `status` is a live int the shim writes.
        let r =
            unsafe { weburl_bench_ada_pattern_exec(self.0.as_ptr(), &raw, base_ptr, &mut status) };
        match (status, NonNull::new(r)) {
            (-1, _) => Err(Threw),
            (1, Some(r)) => Ok(Some(AdaMatch(r))),
            _ => Ok(None),
        }
    }
}

impl Drop for AdaPattern {
    fn drop(&mut self) {
        // SAFETY: `self.0` came from `weburl_bench_ada_pattern_new` and is freed once.
        unsafe { weburl_bench_ada_pattern_free(self.0.as_ptr()) }
    }
}

/// ada's `url_pattern_result`.
pub struct AdaMatch(NonNull<c_void>);

impl AdaMatch {
    /// A component's input (0 protocol ... 7 hash).
    pub fn input(&self, which: usize) -> Cow<'_, str> {
        // SAFETY: `self.0` is a live result that owns the string.
        unsafe {
            read(weburl_bench_ada_result_input(
                self.0.as_ptr(),
                which as c_int,
            ))
        }
    }

    /// A component's groups, in the order of ada's hash map; `None` for a group that did not
    /// participate.
    pub fn groups(&self, which: usize) -> Vec<(Cow<'_, str>, Option<Cow<'_, str>>)> {
        // SAFETY: `self.0` is a live result.
        let n = unsafe { weburl_bench_ada_result_group_count(self.0.as_ptr(), which as c_int) };
        (0..n)
            .map(|i| {
                let (mut name, mut value) = (RawStr::ABSENT, RawStr::ABSENT);
                // SAFETY: `self.0` is a live result, `i` is below its group count, and the
                // shim writes both strings, which the result owns.
                let defined = unsafe {
                    weburl_bench_ada_result_group(
                        self.0.as_ptr(),
                        which as c_int,
                        i,
                        &mut name,
                        &mut value,
                    )
                };
                // SAFETY: both strings are owned by the result, borrowed with `self`.
                unsafe { (read(name), (defined == 1).then(|| read(value))) }
            })
            .collect()
    }
}

impl Drop for AdaMatch {
    fn drop(&mut self) {
        // SAFETY: `self.0` came from `weburl_bench_ada_pattern_exec` and is freed once.
        unsafe { weburl_bench_ada_result_free(self.0.as_ptr()) }
    }
}
