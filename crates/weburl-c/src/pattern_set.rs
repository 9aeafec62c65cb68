//! Route sets: `weburl_pattern_set`, many URL patterns matched against one URL at once (a
//! router), each with a `uintptr_t` value (a handler's index or pointer).
//!
//! A lookup copies no text: `weburl_pattern_set_first_match` (the first pattern that
//! matches, in insertion order) or `weburl_pattern_set_best_match` (the most specific) fills
//! a reusable `weburl_pattern_set_match` with the value, the pattern's index and every group
//! as spans of the URL's href and of the pattern's group names; once the match object's list
//! has grown to the largest match, a lookup allocates nothing.

use std::ffi::c_char;

use weburl::pattern::{UrlPatternComponent, UrlPatternMatch, UrlPatternSet};

use crate::ada::{ada_url, url_of};
use crate::boundary::{self, ada_string};
use crate::error::{ErrorOut, weburl_error, with_error};
use crate::pattern::{
    NULL_STRING, WEBURL_GROUP_MATCHED, WEBURL_GROUP_NOT_FOUND, WEBURL_GROUP_UNMATCHED, component,
    try_answer, weburl_pattern, weburl_pattern_component,
};

/// A set of URL patterns with a value each, freed with `weburl_pattern_set_free`. Reading it
/// (lookups) from many threads at once is safe; inserting is not, while anyone reads.
pub struct weburl_pattern_set {
    /// Each pattern's value is its index in insertion order and the caller's value.
    set: UrlPatternSet<(usize, usize)>,
}

/// The answer of `weburl_pattern_set_first_match` or `weburl_pattern_set_best_match`,
/// reused from lookup to lookup; freed with `weburl_pattern_set_match_free`. Its strings
/// borrow from the URL's href and the set's patterns: valid until the URL is changed or
/// freed, the set is changed or freed, or the next lookup into this match object.
pub struct weburl_pattern_set_match {
    found: bool,
    value: usize,
    index: usize,
    /// Every group of the match, component by component in order, each component's groups
    /// in the pattern's order.
    groups: Vec<Group>,
}

/// One group of a set's match, as spans.
#[derive(Clone, Copy)]
struct Group {
    component: weburl_pattern_component,
    name: ada_string,
    /// `None`: the group did not take part.
    value: Option<ada_string>,
}

/// The set behind a handle.
///
/// # Safety
/// `set` is NULL or a live set, not written during the borrow.
unsafe fn set_of<'a>(set: *const weburl_pattern_set) -> Option<&'a UrlPatternSet<(usize, usize)>> {
    // SAFETY: the caller's contract.
    unsafe { boundary::borrow::<weburl_pattern_set>(set.cast()) }.map(|s| &s.set)
}

/// The match object behind a handle.
///
/// # Safety
/// `m` is NULL or a live match object, not written during the borrow.
unsafe fn match_of<'a>(m: *const weburl_pattern_set_match) -> Option<&'a weburl_pattern_set_match> {
    // SAFETY: the caller's contract.
    unsafe { boundary::borrow::<weburl_pattern_set_match>(m.cast()) }
}

/// A new empty set, to free with `weburl_pattern_set_free`.
#[unsafe(no_mangle)]
pub extern "C" fn weburl_pattern_set_new() -> *mut weburl_pattern_set {
    boundary::guard(std::ptr::null_mut, || {
        boundary::into_typed(weburl_pattern_set {
            set: UrlPatternSet::new(),
        })
    })
}

/// Frees a set; NULL is accepted.
///
/// # Safety
/// `set` is NULL or a live set, not used after.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_free(set: *mut weburl_pattern_set) {
    // SAFETY: the caller's contract.
    boundary::guard(
        || (),
        || unsafe {
            boundary::free::<weburl_pattern_set>(set.cast());
        },
    );
}

/// Adds a copy of `pattern` with `value`, after the patterns already there (its index is the
/// set's size before the call). False (nothing added) when `set` or `pattern` is NULL.
///
/// # Safety
/// `set` is NULL or a live set that no one else uses during the call; `pattern` is NULL or
/// a live pattern.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_insert(
    set: *mut weburl_pattern_set,
    pattern: *const weburl_pattern,
    value: usize,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let set = unsafe { boundary::borrow_mut::<weburl_pattern_set>(set.cast()) };
            // SAFETY: the caller's contract.
            let pattern = unsafe { boundary::borrow::<weburl_pattern>(pattern.cast()) };
            let (Some(set), Some(pattern)) = (set, pattern) else {
                return false;
            };
            let index = set.set.len();
            set.set.insert(pattern.pattern.clone(), (index, value));
            true
        },
    )
}

/// How many patterns the set holds; 0 for NULL.
///
/// # Safety
/// `set` is NULL or a live set.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_size(set: *const weburl_pattern_set) -> usize {
    // SAFETY: the caller's contract.
    boundary::guard(
        || 0,
        || unsafe { set_of(set) }.map_or(0, UrlPatternSet::len),
    )
}

/// A new match object for `weburl_pattern_set_first_match` (or `_best_match`), to reuse
/// across lookups and free with `weburl_pattern_set_match_free`.
#[unsafe(no_mangle)]
pub extern "C" fn weburl_pattern_set_match_new() -> *mut weburl_pattern_set_match {
    boundary::guard(std::ptr::null_mut, || {
        boundary::into_typed(weburl_pattern_set_match {
            found: false,
            value: 0,
            index: 0,
            groups: Vec::new(),
        })
    })
}

/// Frees a match object; NULL is accepted.
///
/// # Safety
/// `m` is NULL or a live match object, not used after.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_match_free(m: *mut weburl_pattern_set_match) {
    // SAFETY: the caller's contract.
    boundary::guard(
        || (),
        || unsafe {
            boundary::free::<weburl_pattern_set_match>(m.cast());
        },
    );
}

/// Which pattern a lookup gives: the first (insertion order) or the most specific.
#[derive(Clone, Copy)]
enum Lookup {
    First,
    Best,
}

impl weburl_pattern_set_match {
    /// Empties the match object (no match).
    fn clear(&mut self) {
        self.found = false;
        self.value = 0;
        self.index = 0;
        self.groups.clear();
    }

    /// Fills the (empty) match object with the match of the pattern `index` (inserted with
    /// `value`): every group of every component, as spans.
    fn fill(&mut self, index: usize, value: usize, found: &UrlPatternMatch<'_, '_>) {
        self.found = true;
        self.value = value;
        self.index = index;
        for c in UrlPatternComponent::ALL {
            let groups = &mut self.groups;
            found.for_each_group(c, |name, value| {
                groups.push(Group {
                    component: c as weburl_pattern_component,
                    name: ada_string::borrow(name),
                    value: value.map(ada_string::borrow),
                });
            });
        }
    }
}

/// A lookup of the parsed URL `url` in `set` into `m` (emptied first): true with `m` filled
/// (the value, the pattern's index, every group of every component as spans), false when no
/// pattern matches or a handle is NULL or invalid.
///
/// # Safety
/// As `weburl_pattern_set_first_match`.
unsafe fn lookup(
    set: *const weburl_pattern_set,
    url: ada_url,
    m: *mut weburl_pattern_set_match,
    which: Lookup,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let out = unsafe { boundary::borrow_mut::<weburl_pattern_set_match>(m.cast()) };
            let Some(out) = out else {
                return false;
            };
            out.clear();
            // SAFETY: the caller's contract.
            let (set, url) = unsafe { (set_of(set), url_of(url)) };
            let (Some(set), Some(url)) = (set, url) else {
                return false;
            };
            let found = match which {
                Lookup::First => set.first_match_ref(url),
                Lookup::Best => set.best_match_ref(url),
            };
            let Some((&(index, value), found)) = found else {
                return false;
            };
            out.fill(index, value, &found);
            true
        },
    )
}

/// [`lookup`] that says when it cannot answer: `WEBURL_MATCH_FOUND` with `m` filled,
/// `WEBURL_MATCH_NONE`, or `WEBURL_MATCH_ERROR` with `*error` set (`m` is then empty).
///
/// The same borrowed lookup (`UrlPatternSet::try_first_match_ref`, `try_best_match_ref`).
///
/// # Safety
/// As `weburl_pattern_set_try_first_match`.
unsafe fn try_lookup(
    set: *const weburl_pattern_set,
    url: ada_url,
    m: *mut weburl_pattern_set_match,
    which: Lookup,
    error: ErrorOut,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe {
        try_answer(error, || {
            let out = boundary::borrow_mut::<weburl_pattern_set_match>(m.cast())
                .ok_or_else(|| weburl_error::invalid_argument("the match object is NULL"))?;
            out.clear();
            let set =
                set_of(set).ok_or_else(|| weburl_error::invalid_argument("the set is NULL"))?;
            let Some(url) = url_of(url) else {
                return Ok(Ok(false));
            };
            let found = match which {
                Lookup::First => set.try_first_match_ref(url),
                Lookup::Best => set.try_best_match_ref(url),
            };
            match found {
                Ok(Some((&(index, value), found))) => {
                    out.fill(index, value, &found);
                    Ok(Ok(true))
                }
                Ok(None) => Ok(Ok(false)),
                Err(e) => Ok(Err(e)),
            }
        })
    }
}

/// The first pattern of the set (in insertion order) that matches the parsed URL `url`:
/// true, with `m` filled (its value, the pattern's index, and every group of every
/// component as spans, no text copied); false when none matches, `url` is invalid or NULL
/// (`m` is then emptied). `m`'s strings are valid until the URL or the set changes or is
/// freed, or `m` is used for another lookup.
///
/// # Safety
/// `set` is NULL or a live set; `url` is NULL or a live URL handle; `m` is NULL or a live
/// match object that no one else uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_first_match(
    set: *const weburl_pattern_set,
    url: ada_url,
    m: *mut weburl_pattern_set_match,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe { lookup(set, url, m, Lookup::First) }
}

/// The most specific pattern of the set that matches the parsed URL `url`, as
/// `weburl_pattern_set_first_match` gives the first: patterns are compared on their
/// hostname, then their pathname, then the other components (protocol, username, password,
/// port, search, hash), the first that differs deciding (fixed text before a regexp group
/// before a `:name` segment before a `*` wildcard); of equally specific patterns, the
/// earliest inserted wins. The set ranks its patterns once after a change, at the first
/// such lookup (which then sorts the patterns; lookups from many threads at once stay
/// safe); a lookup then compares no patterns.
///
/// # Safety
/// As `weburl_pattern_set_first_match`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_best_match(
    set: *const weburl_pattern_set,
    url: ada_url,
    m: *mut weburl_pattern_set_match,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe { lookup(set, url, m, Lookup::Best) }
}

/// `weburl_pattern_set_first_match` that says when it cannot answer: `WEBURL_MATCH_FOUND`
/// with `m` filled (as `weburl_pattern_set_first_match` fills it, the same lifetimes),
/// `WEBURL_MATCH_NONE` (also for an invalid or NULL URL), or `WEBURL_MATCH_ERROR` with
/// `*error` set and `m` emptied: `pattern-steps-exhausted` when a pattern tried before the
/// first match (or instead of one) ran out of its step budget (`weburl_pattern_limits`'
/// `max_regexp_steps`, given when the pattern was made), so that the first match is not
/// known (where `weburl_pattern_set_first_match` reads that pattern as no match), with
/// `weburl_error_component` the component; `invalid-argument` for a NULL set or match
/// object. `*error` is NULL unless the answer is `WEBURL_MATCH_ERROR`.
///
/// # Safety
/// As `weburl_pattern_set_first_match`; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_try_first_match(
    set: *const weburl_pattern_set,
    url: ada_url,
    m: *mut weburl_pattern_set_match,
    error: *mut *mut weburl_error,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { try_lookup(set, url, m, Lookup::First, error) }
}

/// `weburl_pattern_set_best_match` that says when it cannot answer, as
/// `weburl_pattern_set_try_first_match` does (`pattern-steps-exhausted` when a candidate
/// tried before the best match ran out of its step budget).
///
/// # Safety
/// As `weburl_pattern_set_first_match`; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_try_best_match(
    set: *const weburl_pattern_set,
    url: ada_url,
    m: *mut weburl_pattern_set_match,
    error: *mut *mut weburl_error,
) -> i32 {
    // SAFETY: the caller's contract.
    unsafe { try_lookup(set, url, m, Lookup::Best, error) }
}

/// The matched pattern's value; 0 when the last lookup found none (or `m` is NULL).
///
/// # Safety
/// `m` is NULL or a live match object.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_match_value(
    m: *const weburl_pattern_set_match,
) -> usize {
    // SAFETY: the caller's contract.
    boundary::guard(|| 0, || unsafe { match_of(m) }.map_or(0, |m| m.value))
}

/// The matched pattern's index in the set (insertion order, from 0); `SIZE_MAX` when the
/// last lookup found none (or `m` is NULL).
///
/// # Safety
/// `m` is NULL or a live match object.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_match_index(
    m: *const weburl_pattern_set_match,
) -> usize {
    boundary::guard(
        || usize::MAX,
        || {
            // SAFETY: the caller's contract.
            match unsafe { match_of(m) } {
                Some(m) if m.found => m.index,
                _ => usize::MAX,
            }
        },
    )
}

/// How many groups the match has, every component's together (component by component, in
/// order; a component that is a lone `*` has one, `0`); 0 when there is no match.
///
/// # Safety
/// `m` is NULL or a live match object.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_match_group_count(
    m: *const weburl_pattern_set_match,
) -> usize {
    // SAFETY: the caller's contract.
    boundary::guard(
        || 0,
        || unsafe { match_of(m) }.map_or(0, |m| m.groups.len()),
    )
}

/// Group `index` of the match: its component (`*component`), name (`*name`) and value
/// (`*value`), answered as `weburl_pattern_result_group` answers (`WEBURL_GROUP_MATCHED`,
/// `WEBURL_GROUP_UNMATCHED` with `*value` `{NULL, 0}`, `WEBURL_GROUP_NOT_FOUND` past the
/// last group, with `*component` unchanged and `*name` and `*value` `{NULL, 0}`). Each out
/// pointer may be NULL.
///
/// # Safety
/// `m` is NULL or a live match object; each out pointer is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_match_group(
    m: *const weburl_pattern_set_match,
    index: usize,
    component: *mut weburl_pattern_component,
    name: *mut ada_string,
    value: *mut ada_string,
) -> i32 {
    boundary::guard(
        || WEBURL_GROUP_NOT_FOUND,
        || {
            // SAFETY: the caller's contract.
            let group = unsafe { match_of(m) }.and_then(|m| m.groups.get(index));
            let Some(group) = group else {
                // SAFETY: the caller's contract.
                unsafe {
                    boundary::write_out(name, NULL_STRING);
                    boundary::write_out(value, NULL_STRING);
                }
                return WEBURL_GROUP_NOT_FOUND;
            };
            // SAFETY: the caller's contract.
            unsafe {
                boundary::write_out(component, group.component);
                boundary::write_out(name, group.name);
                boundary::write_out(value, group.value.unwrap_or(NULL_STRING));
            }
            match group.value {
                Some(_) => WEBURL_GROUP_MATCHED,
                None => WEBURL_GROUP_UNMATCHED,
            }
        },
    )
}

/// The value of the group named `name` of one component of the match, answered as
/// `weburl_pattern_result_group_by_name` answers.
///
/// # Safety
/// `m` is NULL or a live match object; `name` is NULL or points at `name_length` readable
/// bytes; `value` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_match_group_by_name(
    m: *const weburl_pattern_set_match,
    component: weburl_pattern_component,
    name: *const c_char,
    name_length: usize,
    value: *mut ada_string,
) -> i32 {
    boundary::guard(
        || WEBURL_GROUP_NOT_FOUND,
        || {
            // SAFETY: the caller's contract.
            let name = unsafe { boundary::bytes(name, name_length) };
            let wanted = self::component(component).map(|c| c as weburl_pattern_component);
            // SAFETY: the caller's contract.
            let group = unsafe { match_of(m) }.and_then(|m| {
                m.groups.iter().find(|g| {
                    // SAFETY: a group's name borrows a pattern of the set, which the caller
                    // keeps alive and unchanged while it reads the match.
                    Some(g.component) == wanted && unsafe { span(g.name) } == name
                })
            });
            let (status, text) = match group {
                Some(Group {
                    value: Some(text), ..
                }) => (WEBURL_GROUP_MATCHED, *text),
                Some(_) => (WEBURL_GROUP_UNMATCHED, NULL_STRING),
                None => (WEBURL_GROUP_NOT_FOUND, NULL_STRING),
            };
            // SAFETY: the caller's contract.
            unsafe { boundary::write_out(value, text) };
            status
        },
    )
}

/// The bytes of a span the match stored.
///
/// # Safety
/// The span's text is alive (the match object's lifetime rules).
unsafe fn span<'a>(s: ada_string) -> &'a [u8] {
    // SAFETY: forwarded contract; a stored span is never NULL with a length.
    unsafe { boundary::bytes(s.data, s.length) }
}

/// Every pattern of the set that matches the parsed URL `url`, in insertion order: writes
/// the values of the first `capacity` of them to `values` and returns how many there are
/// (call again with a larger array when the answer exceeds `capacity`). 0 for an invalid or
/// NULL URL or a NULL set; `values` may be NULL when `capacity` is 0.
///
/// # Safety
/// `set` is NULL or a live set; `url` is NULL or a live URL handle; `values` is NULL or
/// points at `capacity` writable `uintptr_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_matches(
    set: *const weburl_pattern_set,
    url: ada_url,
    values: *mut usize,
    capacity: usize,
) -> usize {
    boundary::guard(
        || 0,
        || {
            // SAFETY: the caller's contract.
            let (set, url) = unsafe { (set_of(set), url_of(url)) };
            let (Some(set), Some(url)) = (set, url) else {
                return 0;
            };
            // SAFETY: the caller's contract.
            unsafe { write_values(&set.matches_url(url), values, capacity) }
        },
    )
}

/// Writes the values of the first `capacity` matches to `values`; answers how many matches
/// there are.
///
/// # Safety
/// `values` is NULL or points at `capacity` writable `uintptr_t`.
unsafe fn write_values<R>(
    found: &[(&(usize, usize), R)],
    values: *mut usize,
    capacity: usize,
) -> usize {
    // SAFETY: the caller's contract.
    let out = unsafe { boundary::out_slice(values, capacity) };
    for (slot, (entry, _)) in out.iter_mut().zip(found) {
        *slot = entry.1;
    }
    found.len()
}

/// `weburl_pattern_set_matches` that says when it cannot answer: how many patterns match
/// (their values written as `weburl_pattern_set_matches` writes them), or `SIZE_MAX` with
/// `*error` set (`values` then unchanged): `pattern-steps-exhausted` when a pattern ran out
/// of its step budget (where `weburl_pattern_set_matches` leaves that pattern out), with
/// `weburl_error_component` the component; `invalid-argument` for a NULL set. An invalid
/// or NULL URL matches nothing (0). `*error` is NULL unless the answer is `SIZE_MAX`.
///
/// # Safety
/// As `weburl_pattern_set_matches`; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_pattern_set_try_matches(
    set: *const weburl_pattern_set,
    url: ada_url,
    values: *mut usize,
    capacity: usize,
    error: *mut *mut weburl_error,
) -> usize {
    // SAFETY: the caller's contract.
    unsafe {
        with_error(
            error,
            || usize::MAX,
            || {
                let set =
                    set_of(set).ok_or_else(|| weburl_error::invalid_argument("the set is NULL"))?;
                let Some(url) = url_of(url) else {
                    return Ok(0);
                };
                let found = set
                    .try_matches_url(url)
                    .map_err(|e| weburl_error::pattern_match(&e))?;
                Ok(write_values(&found, values, capacity))
            },
        )
    }
}
