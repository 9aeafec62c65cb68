//! ada's C API for `URLSearchParams` (`ada_url_search_params`), its lists of strings
//! (`ada_strings`) and its three iterators, over [`weburl::SearchParams`].
//!
//! Lifetimes of the strings handed out:
//! - `ada_search_params_get`: borrowed from the params, valid until they change or are freed;
//! - `ada_strings_get`: borrowed from the list, valid until `ada_free_strings`;
//! - an iterator's strings: borrowed from the params it walks, as ada's are (the `ada-url`
//!   crate, for one, keeps them after freeing the iterator), valid until the params change or
//!   are freed; an iterator is used only while its params live;
//! - `ada_search_params_to_string`: owned by the caller (`ada_free_owned_string`).
//!
//! Keys and values are bytes with a length; bytes that are not UTF-8 are read as U+FFFD,
//! as JavaScript turns a string into a `USVString`.

// Every entry point is an `unsafe extern "C" fn` with one contract, stated once in
// `boundary`'s conventions (a pointer argument is NULL or valid for its length, a handle is
// NULL or live) rather than in a `# Safety` section of each function's header comment.
#![allow(clippy::missing_safety_doc)]

use std::borrow::Cow;
use std::ffi::{c_char, c_void};

use weburl::SearchParams;
use weburl::search_params::parse_urlencoded;

use crate::boundary::{self, ada_owned_string, ada_string, guard};

/// A list of name-value pairs (ada's `ada_url_search_params`): made by
/// `ada_parse_search_params`, freed with `ada_free_search_params`.
pub type ada_url_search_params = *mut c_void;

/// A list of strings (ada's `ada_strings`), made by `ada_search_params_get_all` and freed with
/// `ada_free_strings`.
pub type ada_strings = *mut c_void;

/// An iterator over the names of a list of pairs, freed with
/// `ada_free_search_params_keys_iter`.
pub type ada_url_search_params_keys_iter = *mut c_void;

/// An iterator over the values of a list of pairs, freed with
/// `ada_free_search_params_values_iter`.
pub type ada_url_search_params_values_iter = *mut c_void;

/// An iterator over the pairs of a list, freed with `ada_free_search_params_entries_iter`.
pub type ada_url_search_params_entries_iter = *mut c_void;

/// A name and its value, from `ada_search_params_entries_iter_next`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ada_string_pair {
    /// The name.
    pub key: ada_string,
    /// The value.
    pub value: ada_string,
}

/// No string: NULL data, as ada answers for a name that is absent or an iterator at its end
/// (an empty string that is there has non-NULL data).
const ABSENT: ada_string = ada_string {
    data: std::ptr::null(),
    length: 0,
};

/// What the three iterators point at: the params they walk (NULL for none) and the position
/// of the next pair. The params must outlive the iterator, as in ada.
struct PairsIter {
    params: ada_url_search_params,
    next: usize,
}

impl PairsIter {
    /// The pairs of the params (none for NULL).
    ///
    /// # Safety
    /// The params are NULL or live, not written during the borrow.
    unsafe fn pairs<'a>(&self) -> &'a [(String, String)] {
        // SAFETY: the contract above.
        unsafe { params_of(self.params) }.map_or(&[], SearchParams::as_slice)
    }

    /// # Safety
    /// As [`PairsIter::pairs`].
    unsafe fn has_next(&self) -> bool {
        // SAFETY: forwarded contract.
        self.next < unsafe { self.pairs() }.len()
    }

    /// # Safety
    /// As [`PairsIter::pairs`].
    unsafe fn advance<'a>(&mut self) -> Option<&'a (String, String)> {
        // SAFETY: forwarded contract.
        let pair = unsafe { self.pairs() }.get(self.next)?;
        self.next += 1;
        Some(pair)
    }
}

/// `(data, length)` as text, bytes that are not UTF-8 read as U+FFFD.
///
/// # Safety
/// As `boundary::bytes`.
unsafe fn lossy<'a>(data: *const c_char, length: usize) -> Cow<'a, str> {
    // SAFETY: forwarded contract.
    String::from_utf8_lossy(unsafe { boundary::bytes(data, length) })
}

/// The `application/x-www-form-urlencoded` pairs of `(input, length)` after one leading '?'.
///
/// # Safety
/// As `boundary::bytes`.
unsafe fn parse_pairs(input: *const c_char, length: usize) -> SearchParams {
    // SAFETY: forwarded contract.
    let bytes = unsafe { boundary::bytes(input, length) };
    let bytes = bytes.strip_prefix(b"?").unwrap_or(bytes);
    SearchParams::from_pairs(parse_urlencoded(bytes))
}

/// Borrows the params behind a handle.
///
/// # Safety
/// `params` is NULL or a live `ada_url_search_params`, not written during the borrow.
unsafe fn params_of<'a>(params: ada_url_search_params) -> Option<&'a SearchParams> {
    // SAFETY: the contract above is `boundary::borrow`'s for `SearchParams`.
    unsafe { boundary::borrow::<SearchParams>(params) }
}

/// Borrows the params behind a handle for a change.
///
/// # Safety
/// `params` is NULL or a live `ada_url_search_params`, not borrowed elsewhere.
unsafe fn params_mut<'a>(params: ada_url_search_params) -> Option<&'a mut SearchParams> {
    // SAFETY: the contract above is `boundary::borrow_mut`'s for `SearchParams`.
    unsafe { boundary::borrow_mut::<SearchParams>(params) }
}

/// Runs a change on the params behind `params` (nothing for NULL).
///
/// # Safety
/// As [`params_mut`].
unsafe fn change(params: ada_url_search_params, apply: impl FnOnce(&mut SearchParams)) {
    guard(
        || (),
        || {
            // SAFETY: the caller's contract.
            if let Some(params) = unsafe { params_mut(params) } {
                apply(params);
            }
        },
    );
}

/// Answers a question about the params behind `params`, `fallback()` for NULL.
///
/// # Safety
/// As [`params_of`].
unsafe fn read<T>(
    params: ada_url_search_params,
    fallback: fn() -> T,
    get: impl FnOnce(&SearchParams) -> T,
) -> T {
    guard(fallback, || {
        // SAFETY: the caller's contract.
        match unsafe { params_of(params) } {
            Some(params) => get(params),
            None => fallback(),
        }
    })
}

/// `new URLSearchParams(input)`: one leading '?' dropped, the rest parsed as
/// `application/x-www-form-urlencoded` (`length` bytes; percent-decoded bytes that are not
/// UTF-8 become U+FFFD). Returns a new handle, never NULL, to free with
/// `ada_free_search_params`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_parse_search_params(
    input: *const c_char,
    length: usize,
) -> ada_url_search_params {
    guard(
        || boundary::into_handle(SearchParams::new()),
        || {
            // SAFETY: the caller passes `length` readable bytes at `input` (or NULL).
            boundary::into_handle(unsafe { parse_pairs(input, length) })
        },
    )
}

/// Frees params made by `ada_parse_search_params`, and the strings `ada_search_params_get`
/// returned from them. NULL is accepted. Iterators and lists made from them stay valid.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_free_search_params(result: ada_url_search_params) {
    guard(
        || (),
        || {
            // SAFETY: the caller passes NULL or a live params handle, not used again.
            unsafe { boundary::free::<SearchParams>(result) }
        },
    );
}

/// The number of pairs (0 for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_size(result: ada_url_search_params) -> usize {
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { read(result, || 0, SearchParams::len) }
}

/// Sorts the pairs by name (by UTF-16 code units, as JavaScript; stable, so pairs of one name
/// keep their order).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_sort(result: ada_url_search_params) {
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { change(result, SearchParams::sort) };
}

/// The pairs serialized as `application/x-www-form-urlencoded` (`"a=1&b=x+y"`): a new string
/// to free with `ada_free_owned_string`. NULL data for NULL params.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_to_string(
    result: ada_url_search_params,
) -> ada_owned_string {
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe {
        read(
            result,
            || ada_owned_string::NONE,
            |params| ada_owned_string::new(&params.to_string()),
        )
    }
}

/// Appends the pair `(key, value)`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_append(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) {
    let apply = |params: &mut SearchParams| {
        // SAFETY: the caller passes `key_length` bytes at `key`, `value_length` at `value`.
        let (key, value) = unsafe { (lossy(key, key_length), lossy(value, value_length)) };
        params.append(&key, &value);
    };
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { change(result, apply) };
}

/// Sets the first pair named `key` to `value` and removes the other pairs of that name, or
/// appends the pair when there is none.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_set(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) {
    let apply = |params: &mut SearchParams| {
        // SAFETY: the caller passes `key_length` bytes at `key`, `value_length` at `value`.
        let (key, value) = unsafe { (lossy(key, key_length), lossy(value, value_length)) };
        params.set(&key, &value);
    };
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { change(result, apply) };
}

/// Removes every pair named `key`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_remove(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) {
    let apply = |params: &mut SearchParams| {
        // SAFETY: the caller passes `key_length` bytes at `key`.
        params.delete(&unsafe { lossy(key, key_length) });
    };
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { change(result, apply) };
}

/// Removes every pair named `key` whose value is `value`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_remove_value(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) {
    let apply = |params: &mut SearchParams| {
        // SAFETY: the caller passes `key_length` bytes at `key`, `value_length` at `value`.
        let (key, value) = unsafe { (lossy(key, key_length), lossy(value, value_length)) };
        params.delete_value(&key, &value);
    };
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { change(result, apply) };
}

/// Whether a pair is named `key` (false for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_has(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) -> bool {
    // SAFETY: the caller passes `key_length` bytes at `key`.
    let has = |params: &SearchParams| params.has(&unsafe { lossy(key, key_length) });
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { read(result, || false, has) }
}

/// Whether a pair is `(key, value)` (false for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_has_value(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
    value: *const c_char,
    value_length: usize,
) -> bool {
    let has = |params: &SearchParams| {
        // SAFETY: the caller passes `key_length` bytes at `key`, `value_length` at `value`.
        let (key, value) = unsafe { (lossy(key, key_length), lossy(value, value_length)) };
        params.has_value(&key, &value)
    };
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { read(result, || false, has) }
}

/// The value of the first pair named `key`, borrowed from the params: valid until they are
/// changed or freed. NULL data (length 0) when no pair has that name, or for NULL params; an
/// empty value that is there has non-NULL data.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_get(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) -> ada_string {
    let get = |params: &SearchParams| {
        // SAFETY: the caller passes `key_length` bytes at `key`.
        let key = unsafe { lossy(key, key_length) };
        params.get(&key).map_or(ABSENT, ada_string::borrow)
    };
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { read(result, || ABSENT, get) }
}

/// The values of every pair named `key`, in order: a new list (empty for NULL params) to
/// read with `ada_strings_size` and `ada_strings_get` and free with `ada_free_strings`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_get_all(
    result: ada_url_search_params,
    key: *const c_char,
    key_length: usize,
) -> ada_strings {
    guard(
        || boundary::into_handle(Vec::<String>::new()),
        || {
            // SAFETY: the caller passes `key_length` bytes at `key`.
            let key = unsafe { lossy(key, key_length) };
            // SAFETY: the caller passes NULL or a live params handle.
            let values: Vec<String> = match unsafe { params_of(result) } {
                Some(params) => params.get_all(&key).map(str::to_owned).collect(),
                None => Vec::new(),
            };
            boundary::into_handle(values)
        },
    )
}

/// Replaces every pair with those of `input`, parsed as `ada_parse_search_params` does.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_reset(
    result: ada_url_search_params,
    input: *const c_char,
    length: usize,
) {
    let apply = |params: &mut SearchParams| {
        // SAFETY: the caller passes `length` readable bytes at `input` (or NULL).
        *params = unsafe { parse_pairs(input, length) };
    };
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { change(result, apply) };
}

/// A new iterator over the params' pairs (NULL params give an empty one).
///
/// # Safety
/// As [`params_of`].
unsafe fn new_iter(result: ada_url_search_params) -> *mut c_void {
    guard(
        || {
            boundary::into_handle(PairsIter {
                params: std::ptr::null_mut(),
                next: 0,
            })
        },
        || {
            // SAFETY: the caller's contract.
            boundary::into_handle(PairsIter {
                params: result,
                next: 0,
            })
        },
    )
}

/// A new iterator over the names of the pairs, in order; it walks the params, which must outlive
/// it. Free it with `ada_free_search_params_keys_iter`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_get_keys(
    result: ada_url_search_params,
) -> ada_url_search_params_keys_iter {
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { new_iter(result) }
}

/// A new iterator over the values of the pairs, in order; it walks the params, which must outlive
/// it. Free it with `ada_free_search_params_values_iter`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_get_values(
    result: ada_url_search_params,
) -> ada_url_search_params_values_iter {
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { new_iter(result) }
}

/// A new iterator over the pairs, in order; it walks the params, which must outlive
/// it. Free it with `ada_free_search_params_entries_iter`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_get_entries(
    result: ada_url_search_params,
) -> ada_url_search_params_entries_iter {
    // SAFETY: the caller passes NULL or a live params handle.
    unsafe { new_iter(result) }
}

/// Frees a list made by `ada_search_params_get_all`, and the strings taken from it. NULL is
/// accepted.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_free_strings(result: ada_strings) {
    guard(
        || (),
        || {
            // SAFETY: the caller passes NULL or a live list, not used again.
            unsafe { boundary::free::<Vec<String>>(result) }
        },
    );
}

/// The number of strings in the list (0 for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_strings_size(result: ada_strings) -> usize {
    guard(
        || 0,
        || {
            // SAFETY: the caller passes NULL or a live list.
            unsafe { boundary::borrow::<Vec<String>>(result) }.map_or(0, Vec::len)
        },
    )
}

/// The string at `index`, borrowed from the list: valid until `ada_free_strings`. NULL data
/// (length 0) when `index` is not below `ada_strings_size` or the list is NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_strings_get(result: ada_strings, index: usize) -> ada_string {
    guard(
        || ABSENT,
        || {
            // SAFETY: the caller passes NULL or a live list.
            unsafe { boundary::borrow::<Vec<String>>(result) }
                .and_then(|strings| strings.get(index))
                .map_or(ABSENT, |s| ada_string::borrow(s))
        },
    )
}

/// Frees an iterator (NULL is accepted).
///
/// # Safety
/// `iter` is NULL or a live iterator of this module, not used again.
unsafe fn free_iter(iter: *mut c_void) {
    guard(
        || (),
        || {
            // SAFETY: the caller's contract.
            unsafe { boundary::free::<PairsIter>(iter) }
        },
    );
}

/// Takes the next pair of an iterator and answers `pick` of it, or `end` at the end and for
/// NULL.
///
/// # Safety
/// `iter` is NULL or a live iterator of this module, not borrowed elsewhere.
unsafe fn next<T>(iter: *mut c_void, end: fn() -> T, pick: fn(&(String, String)) -> T) -> T {
    guard(end, || {
        // SAFETY: the caller's contract: a live iterator whose params are alive.
        match unsafe { boundary::borrow_mut::<PairsIter>(iter) }
            .and_then(|it| unsafe { it.advance() })
        {
            Some(pair) => pick(pair),
            None => end(),
        }
    })
}

/// Whether an iterator has another item (false for NULL).
///
/// # Safety
/// `iter` is NULL or a live iterator of this module.
unsafe fn has_next(iter: *mut c_void) -> bool {
    guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            unsafe { boundary::borrow::<PairsIter>(iter) }
                .is_some_and(|it| unsafe { it.has_next() })
        },
    )
}

/// Frees a keys iterator and the strings it returned. NULL is accepted.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_free_search_params_keys_iter(result: ada_url_search_params_keys_iter) {
    // SAFETY: the caller passes NULL or a live iterator, not used again.
    unsafe { free_iter(result) };
}

/// The next name, borrowed from the params (valid until they change or are freed); NULL data (length 0)
/// at the end and for NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_keys_iter_next(
    result: ada_url_search_params_keys_iter,
) -> ada_string {
    // SAFETY: the caller passes NULL or a live iterator.
    unsafe { next(result, || ABSENT, |(key, _)| ada_string::borrow(key)) }
}

/// Whether the keys iterator has another name (false for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_keys_iter_has_next(
    result: ada_url_search_params_keys_iter,
) -> bool {
    // SAFETY: the caller passes NULL or a live iterator.
    unsafe { has_next(result) }
}

/// Frees a values iterator and the strings it returned. NULL is accepted.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_free_search_params_values_iter(
    result: ada_url_search_params_values_iter,
) {
    // SAFETY: the caller passes NULL or a live iterator, not used again.
    unsafe { free_iter(result) };
}

/// The next value, borrowed from the params (valid until they change or are freed); NULL data (length 0)
/// at the end and for NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_values_iter_next(
    result: ada_url_search_params_values_iter,
) -> ada_string {
    // SAFETY: the caller passes NULL or a live iterator.
    unsafe { next(result, || ABSENT, |(_, value)| ada_string::borrow(value)) }
}

/// Whether the values iterator has another value (false for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_values_iter_has_next(
    result: ada_url_search_params_values_iter,
) -> bool {
    // SAFETY: the caller passes NULL or a live iterator.
    unsafe { has_next(result) }
}

/// Frees an entries iterator and the strings it returned. NULL is accepted.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_free_search_params_entries_iter(
    result: ada_url_search_params_entries_iter,
) {
    // SAFETY: the caller passes NULL or a live iterator, not used again.
    unsafe { free_iter(result) };
}

/// The next pair, both strings borrowed from the params (valid until they change or are freed); both
/// with NULL data (length 0) at the end and for NULL.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_entries_iter_next(
    result: ada_url_search_params_entries_iter,
) -> ada_string_pair {
    let end = || ada_string_pair {
        key: ABSENT,
        value: ABSENT,
    };
    // SAFETY: the caller passes NULL or a live iterator.
    unsafe {
        next(result, end, |(key, value)| ada_string_pair {
            key: ada_string::borrow(key),
            value: ada_string::borrow(value),
        })
    }
}

/// Whether the entries iterator has another pair (false for NULL).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ada_search_params_entries_iter_has_next(
    result: ada_url_search_params_entries_iter,
) -> bool {
    // SAFETY: the caller passes NULL or a live iterator.
    unsafe { has_next(result) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ptr::{null, null_mut};

    fn text(s: ada_string) -> Option<String> {
        if s.data.is_null() {
            return None;
        }
        // SAFETY: the string was just returned and its owner is alive.
        let bytes = unsafe { boundary::bytes(s.data, s.length) };
        Some(String::from_utf8(bytes.to_vec()).unwrap())
    }

    fn parse(input: &[u8]) -> ada_url_search_params {
        // SAFETY: the length is the slice's.
        unsafe { ada_parse_search_params(input.as_ptr().cast(), input.len()) }
    }

    fn to_string(params: ada_url_search_params) -> Option<String> {
        // SAFETY: a live handle or NULL.
        let owned = unsafe { ada_search_params_to_string(params) };
        if owned.data.is_null() {
            return None;
        }
        // SAFETY: an owned string has `length` bytes.
        let out = String::from_utf8(unsafe { boundary::bytes(owned.data, owned.length) }.to_vec());
        owned.free();
        Some(out.unwrap())
    }

    /// `(pointer, length)` of a string.
    fn arg(s: &str) -> (*const c_char, usize) {
        (s.as_ptr().cast(), s.len())
    }

    #[test]
    fn every_function_of_the_params() {
        let p = parse(b"?a=b&c=d&c=e&f=g");
        // SAFETY: `p` is alive throughout; every (pointer, length) is a string's.
        unsafe {
            assert_eq!(ada_search_params_size(p), 4);
            let (k, kl) = arg("key 1");
            let (v, vl) = arg("value1");
            let (v2, v2l) = arg("value2");
            ada_search_params_append(p, k, kl, v, vl);
            assert_eq!(ada_search_params_size(p), 5);
            ada_search_params_set(p, k, kl, v2, v2l);
            assert_eq!(ada_search_params_size(p), 5);
            assert!(ada_search_params_has(p, k, kl));
            assert!(!ada_search_params_has_value(p, k, kl, v, vl));
            assert!(ada_search_params_has_value(p, k, kl, v2, v2l));
            assert_eq!(text(ada_search_params_get(p, k, kl)).unwrap(), "value2");
            let (c, cl) = arg("c");
            assert_eq!(text(ada_search_params_get(p, c, cl)).unwrap(), "d");
            let (x, xl) = arg("missing");
            assert_eq!(text(ada_search_params_get(p, x, xl)), None);
            let all = ada_search_params_get_all(p, c, cl);
            assert_eq!(ada_strings_size(all), 2);
            assert_eq!(text(ada_strings_get(all, 0)).unwrap(), "d");
            assert_eq!(text(ada_strings_get(all, 1)).unwrap(), "e");
            assert_eq!(text(ada_strings_get(all, 2)), None);
            ada_free_strings(all);
            assert_eq!(to_string(p).unwrap(), "a=b&c=d&c=e&f=g&key+1=value2");
            ada_search_params_remove_value(p, c, cl, c"e".as_ptr(), 1);
            assert_eq!(ada_search_params_size(p), 4);
            ada_search_params_remove(p, k, kl);
            assert!(!ada_search_params_has(p, k, kl));
            ada_search_params_append(p, c"a".as_ptr(), 1, null(), 0);
            ada_search_params_sort(p);
            assert_eq!(to_string(p).unwrap(), "a=b&a=&c=d&f=g");
            // An empty value that is there is not NULL.
            let got = ada_search_params_get(p, c"a".as_ptr(), 1);
            assert_eq!(text(got).unwrap(), "b");
            ada_search_params_reset(p, c"?x=1".as_ptr(), 4);
            assert_eq!(to_string(p).unwrap(), "x=1");
            ada_search_params_set(p, c"x".as_ptr(), 1, null(), 0);
            let empty = ada_search_params_get(p, c"x".as_ptr(), 1);
            assert!(!empty.data.is_null());
            assert_eq!(empty.length, 0);
            ada_free_search_params(p);
        }
    }

    #[test]
    fn iterators_walk_the_params_and_their_strings_outlive_the_iterator() {
        let p = parse(b"a=b&c=d&c=e&f=g");
        // SAFETY: handles are alive until freed; pointers are NUL-terminated literals.
        unsafe {
            let keys = ada_search_params_get_keys(p);
            let values = ada_search_params_get_values(p);
            let entries = ada_search_params_get_entries(p);
            // A pair appended after the iterators were made shows in them, as in ada.
            ada_search_params_append(p, c"z".as_ptr(), 1, c"26".as_ptr(), 2);
            let mut got = Vec::new();
            while ada_search_params_keys_iter_has_next(keys) {
                got.push(text(ada_search_params_keys_iter_next(keys)).unwrap());
            }
            assert_eq!(got, ["a", "c", "c", "f", "z"]);
            assert_eq!(text(ada_search_params_keys_iter_next(keys)), None);
            got.clear();
            while ada_search_params_values_iter_has_next(values) {
                got.push(text(ada_search_params_values_iter_next(values)).unwrap());
            }
            assert_eq!(got, ["b", "d", "e", "g", "26"]);
            assert_eq!(text(ada_search_params_values_iter_next(values)), None);
            let first = ada_search_params_entries_iter_next(entries);
            let second = ada_search_params_entries_iter_next(entries);
            // Strings taken stay valid after the iterator is freed, while the params live
            // unchanged (the `ada-url` crate collects them and then frees the iterator).
            ada_free_search_params_entries_iter(entries);
            assert_eq!(text(first.key).unwrap(), "a");
            assert_eq!(text(first.value).unwrap(), "b");
            assert_eq!(text(second.key).unwrap(), "c");
            assert!(!ada_search_params_keys_iter_has_next(keys));
            ada_free_search_params_keys_iter(keys);
            ada_free_search_params_values_iter(values);
            let empty = ada_search_params_get_entries(null_mut());
            assert!(!ada_search_params_entries_iter_has_next(empty));
            let end = ada_search_params_entries_iter_next(empty);
            assert!(end.key.data.is_null() && end.value.data.is_null());
            ada_free_search_params_entries_iter(empty);
            ada_free_search_params(p);
        }
    }

    #[test]
    fn null_handles_and_bytes_that_are_not_utf8() {
        // SAFETY: NULL handles are accepted everywhere; pointers are literals.
        unsafe {
            let p: ada_url_search_params = null_mut();
            assert_eq!(ada_search_params_size(p), 0);
            ada_search_params_sort(p);
            assert_eq!(to_string(p), None);
            ada_search_params_append(p, c"a".as_ptr(), 1, c"b".as_ptr(), 1);
            ada_search_params_set(p, c"a".as_ptr(), 1, c"b".as_ptr(), 1);
            ada_search_params_remove(p, c"a".as_ptr(), 1);
            ada_search_params_remove_value(p, c"a".as_ptr(), 1, c"b".as_ptr(), 1);
            ada_search_params_reset(p, c"a".as_ptr(), 1);
            assert!(!ada_search_params_has(p, c"a".as_ptr(), 1));
            assert!(!ada_search_params_has_value(
                p,
                c"a".as_ptr(),
                1,
                c"b".as_ptr(),
                1
            ));
            assert_eq!(text(ada_search_params_get(p, c"a".as_ptr(), 1)), None);
            let all = ada_search_params_get_all(p, c"a".as_ptr(), 1);
            assert_eq!(ada_strings_size(all), 0);
            ada_free_strings(all);
            for iter in [
                ada_search_params_get_keys(p),
                ada_search_params_get_values(p),
                ada_search_params_get_entries(p),
            ] {
                assert!(!iter.is_null());
                assert!(!ada_search_params_keys_iter_has_next(iter));
                ada_free_search_params_keys_iter(iter);
            }
            assert!(!ada_search_params_keys_iter_has_next(null_mut()));
            assert!(!ada_search_params_values_iter_has_next(null_mut()));
            assert!(!ada_search_params_entries_iter_has_next(null_mut()));
            assert_eq!(text(ada_search_params_keys_iter_next(null_mut())), None);
            assert_eq!(text(ada_search_params_values_iter_next(null_mut())), None);
            assert!(
                ada_search_params_entries_iter_next(null_mut())
                    .key
                    .data
                    .is_null()
            );
            assert_eq!(ada_strings_size(null_mut()), 0);
            assert_eq!(text(ada_strings_get(null_mut(), 0)), None);
            ada_free_strings(null_mut());
            ada_free_search_params(null_mut());
            ada_free_search_params_keys_iter(null_mut());
            ada_free_search_params_values_iter(null_mut());
            ada_free_search_params_entries_iter(null_mut());

            // Bytes that are not UTF-8, raw or percent-encoded, read as U+FFFD.
            let p = parse(b"a=\xff&%FE=x+y");
            assert_eq!(ada_search_params_size(p), 2);
            assert_eq!(
                text(ada_search_params_get(p, c"a".as_ptr(), 1)).unwrap(),
                "\u{fffd}"
            );
            let key = b"\xfe";
            assert_eq!(
                text(ada_search_params_get(p, key.as_ptr().cast(), 1)).unwrap(),
                "x y"
            );
            ada_free_search_params(p);
            let p = parse(b"");
            assert_eq!(ada_search_params_size(p), 0);
            assert_eq!(to_string(p).unwrap(), "");
            ada_free_search_params(p);
            let p = ada_parse_search_params(null(), 3);
            assert_eq!(ada_search_params_size(p), 0);
            ada_free_search_params(p);
        }
    }
}
