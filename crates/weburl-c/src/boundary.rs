//! The C boundary: every raw pointer the library receives is turned into a Rust reference
//! here, every pointer it hands out is made here, and every entry point runs through
//! [`guard`], which stops a panic at the boundary. This is the crate's only module with
//! `unsafe` blocks; the modules of the API (`ada`, `search_params`, `pattern`, ...) are safe
//! code over these helpers.
//!
//! Conventions shared by every entry point:
//! - a string argument is `(pointer, length)`, not NUL-terminated; `(NULL, 0)` is the empty
//!   string, and `(NULL, n > 0)` is read as empty too (ada's C API never reads through a null
//!   pointer either);
//! - text that must be UTF-8 and is not makes the call fail, as in ada (a URL that is not
//!   UTF-8 does not parse);
//! - a handle is a pointer to a `Box` this library made, or NULL; every function accepts NULL
//!   and answers as for an invalid URL (empty strings, `false`, no effect); `free` functions
//!   accept NULL;
//! - an owned string (`ada_owned_string`) is a `Box<[u8]>` of its bytes and a NUL, so that
//!   C can also print it; `ada_free_owned_string` rebuilds the box from `(data, length)`.

use std::ffi::{c_char, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A string owned by the library's object (ada's `ada_string`): valid until that object is
/// changed or freed. Not NUL-terminated.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_camel_case_types)]
pub struct ada_string {
    /// The first byte. An empty string points at a static empty string; NULL data only
    /// where a function says so: an absent answer (`ada_search_params_get` of a missing
    /// name, an iterator at its end, `ada_strings_get` out of range), as in ada.
    pub data: *const c_char,
    /// The number of bytes.
    pub length: usize,
}

/// A string the caller owns and frees with `ada_free_owned_string` (ada's
/// `ada_owned_string`). weburl's are NUL-terminated (`data[length] == 0`); ada's are not,
/// so portable code uses `length`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_camel_case_types)]
pub struct ada_owned_string {
    /// The first byte, or NULL for the empty string of a failed call.
    pub data: *const c_char,
    /// The number of bytes, without the NUL.
    pub length: usize,
}

static EMPTY: &[u8; 1] = b"\0";

impl ada_string {
    /// The empty string, pointing at a static NUL (ada's empty `ada_string` points into its
    /// own buffer; callers must not rely on either).
    pub(crate) const EMPTY: ada_string = ada_string {
        data: EMPTY.as_ptr().cast(),
        length: 0,
    };

    /// A borrow of `text`: the caller of the C API gets it valid for as long as `text` is
    /// not changed or dropped, which is the lifetime each function that returns one states.
    pub(crate) fn borrow(text: &str) -> ada_string {
        if text.is_empty() {
            return ada_string::EMPTY;
        }
        ada_string {
            data: text.as_ptr().cast(),
            length: text.len(),
        }
    }
}

impl ada_owned_string {
    /// No string: what a failed call that returns an owned string answers.
    pub(crate) const NONE: ada_owned_string = ada_owned_string {
        data: std::ptr::null(),
        length: 0,
    };

    /// `text` copied into a new allocation with a NUL after it, for the caller to free with
    /// `ada_free_owned_string` (or `weburl_string_free`).
    pub(crate) fn new(text: &str) -> ada_owned_string {
        let mut bytes = Vec::with_capacity(text.len() + 1);
        bytes.extend_from_slice(text.as_bytes());
        bytes.push(0);
        let boxed: Box<[u8]> = bytes.into_boxed_slice();
        let length = text.len();
        let data = Box::into_raw(boxed).cast::<c_char>().cast_const();
        ada_owned_string { data, length }
    }

    /// Frees a string made by [`ada_owned_string::new`]; NULL data is accepted.
    pub(crate) fn free(self) {
        if self.data.is_null() {
            return;
        }
        let slice =
            std::ptr::slice_from_raw_parts_mut(self.data.cast_mut().cast::<u8>(), self.length + 1);
        // SAFETY: `data` and `length` came from `ada_owned_string::new` (the documented
        // contract of every free function): a `Box<[u8]>` of `length + 1` bytes made by this
        // allocator and not freed before.
        drop(unsafe { Box::from_raw(slice) });
    }
}

/// The bytes of a `(pointer, length)` argument; NULL is the empty string.
///
/// # Safety
/// `data` is NULL or points at `length` readable bytes that stay unchanged during the call.
pub(crate) unsafe fn bytes<'a>(data: *const c_char, length: usize) -> &'a [u8] {
    if data.is_null() || length == 0 {
        return &[];
    }
    // SAFETY: the caller's contract above: `length` readable bytes at a non-null `data`.
    unsafe { std::slice::from_raw_parts(data.cast::<u8>(), length) }
}

/// A `(pointer, length)` argument as UTF-8 text, or `None` when it is not UTF-8.
///
/// # Safety
/// As [`bytes`].
pub(crate) unsafe fn text<'a>(data: *const c_char, length: usize) -> Option<&'a str> {
    // SAFETY: forwarded contract.
    let bytes = unsafe { bytes(data, length) };
    if is_ascii(bytes) {
        // SAFETY: ASCII is UTF-8.
        return Some(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    std::str::from_utf8(bytes).ok()
}

/// Whether every byte is ASCII: the bytes ORed 16 at a time (SSE2 loads), with no loop for
/// inputs of up to 128 bytes, where most URLs fall: the first and the last 16, 32 or 64
/// bytes, which overlap, cover them, so that the input's length picks one of a few branches
/// instead of ending a loop at an unpredictable count. Most URLs are ASCII, and for them this
/// costs a fraction of `str::from_utf8` (which then runs only for the rest): `ada_can_parse`
/// took about 28 ns on the benchmark lists with `from_utf8`, 19-26 ns with this, 13-16 ns
/// with no check at all (`weburl-bench c --only can_parse`).
#[inline]
fn is_ascii(bytes: &[u8]) -> bool {
    const HIGH: u128 = u128::from_ne_bytes([0x80; 16]);
    const HIGH_64: u64 = u64::from_ne_bytes([0x80; 8]);
    let n = bytes.len();
    let q = |at: usize| {
        bytes
            .get(at..at + 16)
            .and_then(|chunk| <[u8; 16]>::try_from(chunk).ok())
            .map_or(HIGH, u128::from_ne_bytes)
    };
    // The 16-byte words from `at` to `at + 64`.
    let block = |at: usize| q(at) | q(at + 16) | q(at + 32) | q(at + 48);
    let any = match n {
        0..16 => {
            let h = |at: usize| {
                bytes
                    .get(at..at + 8)
                    .and_then(|chunk| <[u8; 8]>::try_from(chunk).ok())
                    .map_or(HIGH_64, u64::from_ne_bytes)
            };
            return if n >= 8 {
                (h(0) | h(n - 8)) & HIGH_64 == 0
            } else {
                bytes.iter().fold(0, |a, &b| a | b) < 0x80
            };
        }
        16..=32 => q(0) | q(n - 16),
        33..=64 => q(0) | q(16) | q(n - 32) | q(n - 16),
        65..=128 => block(0) | block(n - 64),
        _ => {
            let mut any = block(n - 64);
            let mut at = 0;
            while at + 64 <= n {
                any |= block(at);
                at += 64;
            }
            any
        }
    };
    any & HIGH == 0
}

/// An optional string argument: NULL data is "absent" (`Some(None)`), anything else its text
/// (`Some(Some(text))`), and text that is not UTF-8 `None`.
///
/// # Safety
/// As [`bytes`].
pub(crate) unsafe fn optional_text<'a>(
    data: *const c_char,
    length: usize,
) -> Option<Option<&'a str>> {
    if data.is_null() {
        return Some(None);
    }
    // SAFETY: forwarded contract.
    unsafe { text(data, length) }.map(Some)
}

/// A new handle: `value` boxed and handed to C as an opaque pointer.
pub(crate) fn into_handle<T>(value: T) -> *mut c_void {
    Box::into_raw(Box::new(value)).cast()
}

/// A new handle of a typed opaque pointer.
pub(crate) fn into_typed<T>(value: T) -> *mut T {
    Box::into_raw(Box::new(value))
}

/// A handle of an object already boxed (a box kept for reuse, [`take`]).
pub(crate) fn box_into_handle<T>(boxed: Box<T>) -> *mut c_void {
    Box::into_raw(boxed).cast()
}

/// Takes back the box behind a handle, which the caller gives up; NULL is `None`.
///
/// # Safety
/// As [`free`].
pub(crate) unsafe fn take<T>(handle: *mut c_void) -> Option<Box<T>> {
    // SAFETY: the contract of `free`: a live `Box<T>` made by this library, not used again.
    (!handle.is_null()).then(|| unsafe { Box::from_raw(handle.cast::<T>()) })
}

/// Borrows the object behind a handle; NULL is `None`.
///
/// # Safety
/// `handle` is NULL or was made by [`into_handle`] / [`into_typed`] with the same `T` and not
/// freed, and no other thread writes the object during the borrow (the thread rules of
/// docs/C.md).
pub(crate) unsafe fn borrow<'a, T>(handle: *const c_void) -> Option<&'a T> {
    // SAFETY: the contract above.
    unsafe { handle.cast::<T>().as_ref() }
}

/// Borrows the object behind a handle for a change; NULL is `None`.
///
/// # Safety
/// As [`borrow`], and no other borrow of the object is alive during this one.
pub(crate) unsafe fn borrow_mut<'a, T>(handle: *mut c_void) -> Option<&'a mut T> {
    // SAFETY: the contract above.
    unsafe { handle.cast::<T>().as_mut() }
}

/// Frees a handle; NULL is accepted.
///
/// # Safety
/// `handle` is NULL or was made by [`into_handle`] / [`into_typed`] with the same `T`, and is
/// not used again.
pub(crate) unsafe fn free<T>(handle: *mut c_void) {
    if !handle.is_null() {
        // SAFETY: the contract above: a live `Box<T>` made by this library.
        drop(unsafe { Box::from_raw(handle.cast::<T>()) });
    }
}

/// Writes `value` through an optional out-pointer (NULL: the caller does not want it).
///
/// # Safety
/// `out` is NULL or points at writable memory for a `T` (its old value is not dropped).
pub(crate) unsafe fn write_out<T>(out: *mut T, value: T) {
    if !out.is_null() {
        // SAFETY: the contract above.
        unsafe { out.write(value) };
    } else {
        drop(value);
    }
}

/// A caller's output array of `capacity` elements to write; NULL (or a capacity of 0) is the
/// empty slice.
///
/// # Safety
/// `data` is NULL or points at `capacity` writable elements of `T` (initialized: `T` is a
/// plain C value such as an integer), not read or written by anyone else during the call.
pub(crate) unsafe fn out_slice<'a, T: Copy>(data: *mut T, capacity: usize) -> &'a mut [T] {
    if data.is_null() || capacity == 0 {
        return &mut [];
    }
    // SAFETY: the caller's contract above: `capacity` writable elements at a non-null `data`.
    unsafe { std::slice::from_raw_parts_mut(data, capacity) }
}

/// A caller's input array of `length` elements; NULL (or a length of 0) is the empty slice.
///
/// # Safety
/// `data` is NULL or points at `length` readable, initialized elements of `T` (a plain C
/// value such as an integer) that stay unchanged during the call.
pub(crate) unsafe fn in_slice<'a, T: Copy>(data: *const T, length: usize) -> &'a [T] {
    if data.is_null() || length == 0 {
        return &[];
    }
    // SAFETY: the caller's contract above: `length` readable elements at a non-null `data`.
    unsafe { std::slice::from_raw_parts(data, length) }
}

/// Runs the body of an entry point and stops a panic at the boundary: the entry point then
/// answers `fallback()` (an invalid handle, `false`, an empty string or an error value), and
/// the panic's message has gone to standard error through the panic hook. No panic unwinds
/// into C, which would be undefined behaviour (Rust would abort there instead).
pub(crate) fn guard<T>(fallback: impl FnOnce() -> T, body: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(value) => value,
        Err(_) => fallback(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_the_fallback() {
        let answer = guard(|| -1, || -> i32 { panic!("forced at the boundary") });
        assert_eq!(answer, -1);
        assert_eq!(guard(|| -1, || 7), 7);
    }

    #[test]
    fn the_ascii_check_agrees_with_the_standard_library_at_every_length_and_position() {
        for n in 0..300 {
            let mut bytes = vec![b'a'; n];
            assert!(is_ascii(&bytes), "{n} ASCII bytes");
            for at in 0..n {
                bytes[at] = 0x80;
                assert!(!is_ascii(&bytes), "a high byte at {at} of {n}");
                bytes[at] = 0x7f;
                assert!(is_ascii(&bytes));
                bytes[at] = b'a';
            }
        }
    }

    #[test]
    fn null_arguments_read_as_empty_and_owned_strings_round_trip() {
        // SAFETY: NULL is allowed by the contract.
        assert_eq!(unsafe { bytes(std::ptr::null(), 5) }, b"");
        // SAFETY: NULL is allowed by the contract.
        assert_eq!(unsafe { optional_text(std::ptr::null(), 0) }, Some(None));
        let bad = [0xffu8, 0xfe];
        // SAFETY: two readable bytes.
        assert_eq!(unsafe { text(bad.as_ptr().cast(), 2) }, None);
        let owned = ada_owned_string::new("héllo");
        assert_eq!(owned.length, 6);
        // SAFETY: `new` wrote `length` bytes and a NUL.
        let written =
            unsafe { std::slice::from_raw_parts(owned.data.cast::<u8>(), owned.length + 1) };
        assert_eq!(written, "héllo\0".as_bytes());
        owned.free();
        ada_owned_string::NONE.free();
    }
}
