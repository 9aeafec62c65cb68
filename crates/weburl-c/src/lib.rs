//! weburl as a C library (`libweburl.so`, `libweburl.a`).
//!
//! Two headers, generated from this crate by cbindgen (`tests/headers.rs`):
//! - `include/ada_c.h`: ada's C API, every type, macro and function, so that a program
//!   written for ada's `ada_c.h` builds and links against `-lweburl` unchanged (modules
//!   [`ada`] and [`search_params`]);
//! - `include/weburl.h`: weburl's own API under the `weburl_` prefix for what ada's lacks:
//!   URL patterns ([`pattern`]), route sets ([`pattern_set`]), and validation errors,
//!   encodings, the public suffix list, address spaces, the fetch policy and normalization
//!   ([`extras`]), with one error type ([`error`]).
//!
//! Every raw pointer is read or made in [`boundary`], and every entry point runs its body
//! through [`boundary::guard`], so that no panic unwinds into C. docs/C.md is the guide:
//! building, linking, memory and thread rules, and the table of ada's functions.
#![allow(non_camel_case_types)]
#![deny(unsafe_op_in_unsafe_fn)]

pub mod boundary;

pub mod ada;
pub mod search_params;

pub mod error;
pub mod extras;
pub mod pattern;
pub mod pattern_set;

/// The API's tests, through the `extern "C"` functions as C calls them (the crate has no
/// rlib for integration tests to link).
#[cfg(test)]
mod api_tests;

#[cfg(test)]
mod thread_rules {
    /// docs/C.md's thread rules, as far as the compiler can hold them: a compiled pattern, a
    /// route set, a policy and a URL may be read from several threads at once (`Sync`), and
    /// every handle may be freed on another thread than the one that made it (`Send`).
    #[test]
    fn shared_objects_are_sync_and_every_handle_is_send() {
        fn shared<T: Send + Sync>() {}
        fn sent<T: Send>() {}
        shared::<crate::pattern::weburl_pattern>();
        shared::<crate::pattern_set::weburl_pattern_set>();
        shared::<crate::extras::weburl_policy>();
        shared::<crate::ada::UrlHandle>();
        sent::<crate::pattern::weburl_pattern_result>();
        sent::<crate::extras::weburl_validation>();
        sent::<crate::extras::weburl_check>();
        sent::<crate::error::weburl_error>();
    }
}
