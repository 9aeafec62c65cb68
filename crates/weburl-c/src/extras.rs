//! What weburl offers beyond ada's C API: a failed URL's validation error name, every
//! validation error of an input, parsing with a query encoding, the public suffix list and
//! sites, address spaces and IANA special-purpose blocks, the fetch policy, normalization,
//! and the library's version.

use std::ffi::c_char;
use std::net::IpAddr;

use weburl::encoding_rs::{Encoding, UTF_8};
use weburl::net::{self, AddressSpace, SpecialBlock};
use weburl::normalize::{self as norm, Profile};
use weburl::policy::{Policy, PolicySettings, Refusal};
use weburl::psl::Sections;
use weburl::{Url, ValidationError, is_valid_url_string};

use crate::ada::{UrlError, ada_url, error_of, new_url_handle, url_of};
use crate::boundary::{self, ada_owned_string, ada_string};
use crate::error::{weburl_error, with_error, with_error_value};
use crate::pattern::NULL_STRING;

/// The sections of the Public Suffix List to use.
fn sections(icann_only: bool) -> Sections {
    if icann_only {
        Sections::Icann
    } else {
        Sections::All
    }
}

/// A base URL argument: NULL is none; text that is not UTF-8 or does not parse is an error.
///
/// # Safety
/// `base` is NULL or points at `length` readable bytes.
unsafe fn read_base(base: *const c_char, length: usize) -> Result<Option<Url>, weburl_error> {
    // SAFETY: the caller's contract.
    match unsafe { boundary::optional_text(base, length) } {
        None => Err(weburl_error::not_utf8("base URL")),
        Some(None) => Ok(None),
        Some(Some(text)) => Url::parse(text).map(Some).map_err(weburl_error::base),
    }
}

/// The validation error name of an invalid URL (the URL Standard's name of the error that
/// made the parser fail: `port-out-of-range`, `missing-scheme-non-relative-URL`,
/// `IPv4-too-many-parts`, ...); the empty string for a valid URL or NULL. Static: valid for
/// the program's life.
///
/// # Safety
/// `url` is NULL or a live URL handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_url_error_name(url: ada_url) -> ada_string {
    boundary::guard(
        || ada_string::EMPTY,
        || {
            // SAFETY: the caller's contract.
            match unsafe { error_of(url) } {
                Some(UrlError::Parse(e)) => ada_string::borrow(e.spec_name()),
                Some(UrlError::NotUtf8) => ada_string::borrow("not-utf8"),
                None => ada_string::EMPTY,
            }
        },
    )
}

// ---------------------------------------------------------------------------------------
// Validation

/// Every validation error the URL parser met in an input (`weburl_validate`), freed with
/// `weburl_validation_free`.
pub struct weburl_validation {
    parsed: bool,
    valid: bool,
    errors: Vec<ValidationError>,
}

/// One validation error: the URL Standard's name (`invalid-credentials`,
/// `invalid-URL-unit`, ...), its message, its byte offset in the input as given, and
/// whether it is one that makes the parser fail. The strings are static (valid for the
/// program's life).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct weburl_validation_error {
    /// The URL Standard's name of the validation error.
    pub name: ada_string,
    /// What it means, in English.
    pub message: ada_string,
    /// The byte offset in the input (before the parser trims it and removes tabs and
    /// newlines).
    pub offset: usize,
    /// Whether this error made the parser return failure.
    pub failure: bool,
}

/// Parses `input` (against `base`; NULL: none) and records every validation error it meets,
/// in order; a failure's own error is among them. Returns the record, to free with
/// `weburl_validation_free`, or NULL with `*error` set when the input or base is not UTF-8
/// or the base does not parse (its parse error's name).
///
/// # Safety
/// `input` and `base` are NULL or point at their length of readable bytes; `error` is NULL
/// or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_validate(
    input: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
    error: *mut *mut weburl_error,
) -> *mut weburl_validation {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        with_error(error, std::ptr::null_mut, || {
            let input =
                boundary::text(input, length).ok_or_else(|| weburl_error::not_utf8("input"))?;
            let base = read_base(base, base_length)?;
            let mut errors = Vec::new();
            let parsed = Url::options()
                .base(base.as_ref())
                .on_validation_error(&mut |e| errors.push(e))
                .parse(input)
                .is_ok();
            let valid = parsed && errors.is_empty() && is_valid_url_string(input, base.as_ref());
            Ok(boundary::into_typed(weburl_validation {
                parsed,
                valid,
                errors,
            }))
        })
    }
}

/// Whether the input parsed (a URL, perhaps with validation errors). False for NULL.
///
/// # Safety
/// `validation` is NULL or a live record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_validation_parsed(validation: *const weburl_validation) -> bool {
    boundary::guard(
        || false,
        // SAFETY: the caller's contract.
        || {
            unsafe { boundary::borrow::<weburl_validation>(validation.cast()) }
                .is_some_and(|v| v.parsed)
        },
    )
}

/// Whether the input is a valid URL string: it parsed without any validation error and the
/// URL Standard's stricter writing rules (the "valid URL string" grammar) allow it. False
/// for NULL.
///
/// # Safety
/// `validation` is NULL or a live record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_validation_valid(validation: *const weburl_validation) -> bool {
    boundary::guard(
        || false,
        // SAFETY: the caller's contract.
        || {
            unsafe { boundary::borrow::<weburl_validation>(validation.cast()) }
                .is_some_and(|v| v.valid)
        },
    )
}

/// How many validation errors there are; 0 for NULL.
///
/// # Safety
/// `validation` is NULL or a live record.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_validation_count(validation: *const weburl_validation) -> usize {
    boundary::guard(
        || 0,
        // SAFETY: the caller's contract.
        || {
            unsafe { boundary::borrow::<weburl_validation>(validation.cast()) }
                .map_or(0, |v| v.errors.len())
        },
    )
}

/// Validation error `index` (in the order the parser met them) into `*out`: true, or false
/// (and `*out` unchanged) past the last one. `out` may be NULL.
///
/// # Safety
/// `validation` is NULL or a live record; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_validation_get(
    validation: *const weburl_validation,
    index: usize,
    out: *mut weburl_validation_error,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let v = unsafe { boundary::borrow::<weburl_validation>(validation.cast()) };
            let Some(e) = v.and_then(|v| v.errors.get(index)) else {
                return false;
            };
            let item = weburl_validation_error {
                name: ada_string::borrow(e.kind.spec_name()),
                message: ada_string::borrow(e.kind.message()),
                offset: e.offset,
                failure: e.kind.is_failure(),
            };
            // SAFETY: the caller's contract.
            unsafe { boundary::write_out(out, item) };
            true
        },
    )
}

/// Frees a validation record; NULL is accepted.
///
/// # Safety
/// `validation` is NULL or a live record, not used after.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_validation_free(validation: *mut weburl_validation) {
    // SAFETY: the caller's contract.
    boundary::guard(
        || (),
        || unsafe {
            boundary::free::<weburl_validation>(validation.cast());
        },
    );
}

// ---------------------------------------------------------------------------------------
// Parsing with a query encoding

/// Parses `input` against `base` (NULL: none) as a document in `encoding` would: the query
/// of a special URL is percent-encoded from that encoding (a character it cannot encode
/// becomes `%26%23N%3B`, `&#N;`). `encoding` is a label as the Encoding Standard reads it
/// (`windows-1252`, `latin1`, `shift_jis`, `utf-8`, ...; ASCII case and surrounding
/// whitespace ignored); NULL is UTF-8. UTF-16 labels and `replacement` mean UTF-8, as the URL
/// Standard says.
///
/// Returns a URL handle that every `ada_*` function takes, to free with `ada_free`. When the
/// input (or the base) does not parse, the handle is invalid and `*error` says why (the
/// parse error's name); when an argument is not UTF-8 or the label names no encoding
/// (`unknown-encoding`), the answer is NULL (which every `ada_*` function reads as an
/// invalid URL) with `*error` set.
///
/// # Safety
/// `input`, `base` and `encoding` are NULL or point at their length of readable bytes;
/// `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_parse_with_encoding(
    input: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
    encoding: *const c_char,
    encoding_length: usize,
    error: *mut *mut weburl_error,
) -> ada_url {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        with_error_value(error, std::ptr::null_mut, || {
            let null = std::ptr::null_mut();
            let encoding: &'static Encoding = if encoding.is_null() {
                UTF_8
            } else {
                let label = boundary::bytes(encoding, encoding_length);
                match Encoding::for_label(label) {
                    Some(encoding) => encoding,
                    None => {
                        let e = weburl_error::new(
                            "unknown-encoding",
                            format!(
                                "{:?} is not an encoding label of the Encoding Standard",
                                String::from_utf8_lossy(label)
                            ),
                        );
                        return (null, Some(e));
                    }
                }
            };
            let Some(input) = boundary::text(input, length) else {
                return (null, Some(weburl_error::not_utf8("input")));
            };
            let base = match boundary::optional_text(base, base_length) {
                None => return (null, Some(weburl_error::not_utf8("base URL"))),
                Some(None) => None,
                Some(Some(text)) => match Url::parse(text) {
                    Ok(base) => Some(base),
                    Err(e) => return (new_url_handle(Err(e)), Some(weburl_error::base(e))),
                },
            };
            let parsed = Url::options()
                .base(base.as_ref())
                .encoding(encoding)
                .parse(input);
            let e = parsed.as_ref().err().map(|e| weburl_error::parse(*e));
            (new_url_handle(parsed), e)
        })
    }
}

// ---------------------------------------------------------------------------------------
// The public suffix list

/// The public suffix of the URL's host by the embedded Public Suffix List (`icann_only`:
/// its ICANN section alone, without private registries such as `github.io`): borrowed from
/// the URL's href, valid until the URL changes or is freed; `{NULL, 0}` when the host is
/// not a domain, there is none, or the URL is invalid or NULL.
///
/// # Safety
/// `url` is NULL or a live URL handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_public_suffix(url: ada_url, icann_only: bool) -> ada_string {
    boundary::guard(
        || NULL_STRING,
        || {
            // SAFETY: the caller's contract.
            let suffix =
                unsafe { url_of(url) }.and_then(|u| u.public_suffix_in(sections(icann_only)));
            suffix.map_or(NULL_STRING, ada_string::borrow)
        },
    )
}

/// The registrable domain of the URL's host (the public suffix and one label before it),
/// as `weburl_public_suffix`; `{NULL, 0}` also when the host is a public suffix itself.
///
/// # Safety
/// `url` is NULL or a live URL handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_registrable_domain(url: ada_url, icann_only: bool) -> ada_string {
    boundary::guard(
        || NULL_STRING,
        || {
            // SAFETY: the caller's contract.
            let domain =
                unsafe { url_of(url) }.and_then(|u| u.registrable_domain_in(sections(icann_only)));
            domain.map_or(NULL_STRING, ada_string::borrow)
        },
    )
}

/// HTML's serialization of the URL's origin's site: `scheme://registrable-domain` (or
/// `scheme://host` when the host has no registrable domain), `null` for an opaque origin.
/// An owned string (NUL-terminated) to free with `ada_free_owned_string`; `{NULL, 0}` for
/// an invalid or NULL URL.
///
/// # Safety
/// `url` is NULL or a live URL handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_site(url: ada_url, icann_only: bool) -> ada_owned_string {
    boundary::guard(
        || ada_owned_string::NONE,
        || {
            // SAFETY: the caller's contract.
            match unsafe { url_of(url) } {
                Some(u) => {
                    ada_owned_string::new(&u.origin().site_in(sections(icann_only)).to_string())
                }
                None => ada_owned_string::NONE,
            }
        },
    )
}

// ---------------------------------------------------------------------------------------
// Address spaces and special-purpose blocks

/// The machine itself.
pub const WEBURL_ADDRESS_SPACE_LOOPBACK: i32 = 0;
/// A network whose addresses mean something only from where you stand (private, link-local,
/// shared, documentation, ... blocks).
pub const WEBURL_ADDRESS_SPACE_LOCAL: i32 = 1;
/// The public Internet.
pub const WEBURL_ADDRESS_SPACE_PUBLIC: i32 = 2;

fn space_number(space: AddressSpace) -> i32 {
    match space {
        AddressSpace::Loopback => WEBURL_ADDRESS_SPACE_LOOPBACK,
        AddressSpace::Local => WEBURL_ADDRESS_SPACE_LOCAL,
        AddressSpace::Public => WEBURL_ADDRESS_SPACE_PUBLIC,
    }
}

/// A block of the IANA special-purpose address registries (or a multicast range). Its
/// strings are static (valid for the program's life, not NUL-terminated).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct weburl_special_block {
    /// The block in CIDR notation (`100.64.0.0/10`).
    pub prefix: ada_string,
    /// The registry's name for it (`Shared Address Space`).
    pub name: ada_string,
    /// The document that defines it (`RFC 6598`).
    pub reference: ada_string,
    /// The registry's "Globally Reachable" column: 1 true, 0 false, -1 where it says N/A
    /// (and for multicast).
    pub globally_reachable: i32,
    /// The address space of its addresses (`WEBURL_ADDRESS_SPACE_*`).
    pub address_space: i32,
}

fn block_of(block: &'static SpecialBlock) -> weburl_special_block {
    weburl_special_block {
        prefix: ada_string::borrow(block.prefix),
        name: ada_string::borrow(block.name),
        reference: ada_string::borrow(block.reference),
        globally_reachable: block.globally_reachable.map_or(-1, i32::from),
        address_space: space_number(block.space),
    }
}

/// An IP address as `getaddrinfo` and `inet_ntop` write it (IPv4 dotted decimal, IPv6 text;
/// an IPv6 zone such as `%eth0` is ignored).
fn ip_of(text: &str) -> Option<IpAddr> {
    let address = match text.split_once('%') {
        Some((address, zone)) if address.contains(':') && !zone.is_empty() => address,
        _ => text,
    };
    address.parse().ok()
}

/// The address space of the URL's host, by browsers' local-network rules, whatever its
/// spelling (`0x7f.1`, `[::ffff:127.0.0.1]`): `WEBURL_ADDRESS_SPACE_LOOPBACK` (also for
/// `localhost` and names under it), `_LOCAL` or `_PUBLIC`; -1 for another domain (only
/// resolving it can tell: check each address with `weburl_ip_address_space`), an opaque or
/// empty host, no host, or an invalid or NULL URL.
///
/// # Safety
/// `url` is NULL or a live URL handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_address_space(url: ada_url) -> i32 {
    boundary::guard(
        || -1,
        || {
            // SAFETY: the caller's contract.
            let space = unsafe { url_of(url) }.and_then(Url::address_space);
            space.map_or(-1, space_number)
        },
    )
}

/// The address space of an IP address given as text, as `getaddrinfo` gives it (IPv4
/// dotted decimal or IPv6 without brackets; an IPv6 zone such as `%eth0` is ignored); an
/// IPv6 address that carries an IPv4 address (`::ffff:a.b.c.d`, `64:ff9b::a.b.c.d`) is in
/// that IPv4 address's space. -1 when the text is not an IP address.
///
/// # Safety
/// `ip` is NULL or points at `length` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_ip_address_space(ip: *const c_char, length: usize) -> i32 {
    boundary::guard(
        || -1,
        || {
            // SAFETY: the caller's contract.
            let ip = unsafe { boundary::text(ip, length) }.and_then(ip_of);
            ip.map_or(-1, |ip| space_number(net::ip_address_space(ip)))
        },
    )
}

/// The IANA special-purpose block of the URL's IP address host: true with `*out` filled, or
/// false (`*out` unchanged) for an ordinary address, a host that is not an IP address, or
/// an invalid or NULL URL. `out` may be NULL.
///
/// # Safety
/// `url` is NULL or a live URL handle; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_url_special_block(
    url: ada_url,
    out: *mut weburl_special_block,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let Some(block) = unsafe { url_of(url) }.and_then(Url::special_block) else {
                return false;
            };
            // SAFETY: the caller's contract.
            unsafe { boundary::write_out(out, block_of(block)) };
            true
        },
    )
}

/// The IANA special-purpose block of an IP address given as text (as for
/// `weburl_ip_address_space`): true with `*out` filled, or false for an ordinary address or
/// text that is not an IP address. An IPv6 address that carries an IPv4 address is in its
/// IPv6 block (`IPv4-mapped Address`).
///
/// # Safety
/// `ip` is NULL or points at `length` readable bytes; `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_ip_special_block(
    ip: *const c_char,
    length: usize,
    out: *mut weburl_special_block,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let ip = unsafe { boundary::text(ip, length) }.and_then(ip_of);
            let Some(block) = ip.and_then(net::ip_special_block) else {
                return false;
            };
            // SAFETY: the caller's contract.
            unsafe { boundary::write_out(out, block_of(block)) };
            true
        },
    )
}

// ---------------------------------------------------------------------------------------
// The fetch policy

/// A policy for URLs that users give a server (webhooks, link previews, importers): which
/// schemes, ports, hosts, sites and address spaces are allowed. Built by `weburl_policy_new`
/// from a preset and changed by the setters (not while another thread checks with it);
/// checking (`weburl_policy_check`) may run on many threads at once. Freed with
/// `weburl_policy_free`.
pub struct weburl_policy {
    spec: PolicySettings,
    policy: Policy,
}

/// A policy's settings as the library reads a preset and its overrides (the same reading
/// as Python's `weburl.Policy`), with a host pattern that is not a host named as this
/// library's errors name it.
fn build(settings: &PolicySettings) -> Result<Policy, weburl_error> {
    settings
        .build()
        .map_err(|e| weburl_error::new("policy-bad-host", e.to_string()))
}

/// Changes a policy's settings with `change` and rebuilds it; on an error the policy is
/// left as it was.
///
/// # Safety
/// `policy` is NULL or a live policy no one else uses during the call; `error` is NULL or
/// writable.
unsafe fn change_policy(
    policy: *mut weburl_policy,
    error: *mut *mut weburl_error,
    change: impl FnOnce(&mut PolicySettings) -> Result<(), weburl_error>,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        with_error(
            error,
            || false,
            || {
                let policy = boundary::borrow_mut::<weburl_policy>(policy.cast())
                    .ok_or_else(|| weburl_error::invalid_argument("the policy is NULL"))?;
                let mut spec = policy.spec.clone();
                change(&mut spec)?;
                policy.policy = build(&spec)?;
                policy.spec = spec;
                Ok(true)
            },
        )
    }
}

/// A comma-separated list argument: its items, trimmed of ASCII whitespace, empty ones
/// skipped.
///
/// # Safety
/// `list` is NULL or points at `length` readable bytes.
unsafe fn list_arg<'a>(
    list: *const c_char,
    length: usize,
    what: &str,
) -> Result<Vec<&'a str>, weburl_error> {
    // SAFETY: the caller's contract.
    let text =
        unsafe { boundary::text(list, length) }.ok_or_else(|| weburl_error::not_utf8(what))?;
    Ok(text
        .split(',')
        .map(|item| item.trim_matches(|c: char| c.is_ascii_whitespace()))
        .filter(|item| !item.is_empty())
        .collect())
}

/// A new policy from a preset, as Python's `weburl.Policy(preset=...)`: `public-web` (NULL
/// too) allows the schemes `http` and `https`, denies the loopback and local address
/// spaces, refuses credentials and requires the engines to agree on the host; `none`
/// refuses nothing but input that does not parse. Any port in both. The setters change
/// each setting (a setting never set keeps the preset's value).
///
/// Returns the policy, to free with `weburl_policy_free`, or NULL with `*error` set
/// (`unknown-preset`).
///
/// # Safety
/// `preset` is NULL or points at `length` readable bytes; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_new(
    preset: *const c_char,
    length: usize,
    error: *mut *mut weburl_error,
) -> *mut weburl_policy {
    // SAFETY: the caller's contract.
    unsafe {
        with_error(error, std::ptr::null_mut, || {
            let preset = boundary::optional_text(preset, length)
                .ok_or_else(|| weburl_error::not_utf8("preset"))?;
            let name = preset.unwrap_or("public-web");
            let spec = PolicySettings::preset(name).ok_or_else(|| {
                weburl_error::new(
                    "unknown-preset",
                    format!("unknown preset {name:?}: expected \"public-web\" or \"none\""),
                )
            })?;
            let policy = build(&spec)?;
            Ok(boundary::into_typed(weburl_policy { spec, policy }))
        })
    }
}

/// Frees a policy; NULL is accepted.
///
/// # Safety
/// `policy` is NULL or a live policy, not used after.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_free(policy: *mut weburl_policy) {
    // SAFETY: the caller's contract.
    boundary::guard(
        || (),
        || unsafe { boundary::free::<weburl_policy>(policy.cast()) },
    );
}

/// Only these schemes (Python's `schemes=`): a comma-separated list such as `"https"` or
/// `"http, https"`, compared without regard to ASCII case; replaces the preset's or an
/// earlier call's list. An empty list allows no scheme. False with `*error` set when the
/// list is not UTF-8 or `policy` is NULL (`invalid-argument`).
///
/// # Safety
/// `policy` is NULL or a live policy no one else uses during the call; `schemes` is NULL or
/// points at `length` readable bytes; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_allow_schemes(
    policy: *mut weburl_policy,
    schemes: *const c_char,
    length: usize,
    error: *mut *mut weburl_error,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        change_policy(policy, error, |spec| {
            let schemes = list_arg(schemes, length, "scheme list")?;
            spec.schemes = Some(schemes.into_iter().map(str::to_owned).collect());
            Ok(())
        })
    }
}

/// Only these ports (Python's `ports=`), compared with the URL's port or its scheme's
/// default (a URL with neither is refused): `count` ports at `ports`; NULL `ports` allows
/// any port again. Replaces an earlier call's list. False when `policy` is NULL.
///
/// # Safety
/// `policy` is NULL or a live policy no one else uses during the call; `ports` is NULL or
/// points at `count` readable `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_allow_ports(
    policy: *mut weburl_policy,
    ports: *const u16,
    count: usize,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        change_policy(policy, std::ptr::null_mut(), |spec| {
            spec.ports = (!ports.is_null()).then(|| boundary::in_slice(ports, count).to_vec());
            Ok(())
        })
    }
}

/// Refuse hosts in these address spaces (Python's `deny=`): a comma-separated list of
/// `loopback`, `local`, `public` (ASCII case-insensitive); a domain is `loopback` when it
/// is `localhost` or under it. Replaces the preset's or an earlier call's list; an empty
/// list denies none. False with `*error` set (`unknown-address-space`, `not-utf8`,
/// `invalid-argument`), the policy unchanged.
///
/// # Safety
/// `policy` is NULL or a live policy no one else uses during the call; `spaces` is NULL or
/// points at `length` readable bytes; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_deny_address_spaces(
    policy: *mut weburl_policy,
    spaces: *const c_char,
    length: usize,
    error: *mut *mut weburl_error,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        change_policy(policy, error, |spec| {
            let names = list_arg(spaces, length, "address space list")?;
            let spaces = names
                .into_iter()
                .map(|name| {
                    name.parse::<AddressSpace>()
                        .map_err(|e| weburl_error::new("unknown-address-space", e.to_string()))
                })
                .collect::<Result<Vec<_>, _>>()?;
            spec.deny = Some(spaces);
            Ok(())
        })
    }
}

/// Which host or site list a setter adds to.
#[derive(Clone, Copy)]
enum HostList {
    AllowHosts,
    DenyHosts,
    AllowSites,
    DenySites,
}

/// Adds one host pattern or site to a policy's list.
///
/// # Safety
/// As `weburl_policy_allow_host`.
unsafe fn add_host(
    policy: *mut weburl_policy,
    item: *const c_char,
    length: usize,
    list: HostList,
    error: *mut *mut weburl_error,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        change_policy(policy, error, |spec| {
            let item = boundary::text(item, length)
                .ok_or_else(|| weburl_error::not_utf8("host pattern"))?
                .to_owned();
            match list {
                HostList::AllowHosts => spec.allow_hosts.push(item),
                HostList::DenyHosts => spec.deny_hosts.push(item),
                HostList::AllowSites => spec.allow_sites.push(item),
                HostList::DenySites => spec.deny_sites.push(item),
            }
            Ok(())
        })
    }
}

/// Allow only hosts that match one of the allowed patterns (Python's `allow_hosts=`; each
/// call adds one): a host (`example.com`, `10.0.0.1`, `[::1]`), or `*.example.com` for a
/// domain and its subdomains. False with `*error` set (`policy-bad-host` when the pattern
/// is not a host), the policy unchanged.
///
/// # Safety
/// `policy` is NULL or a live policy no one else uses during the call; `pattern` is NULL or
/// points at `length` readable bytes; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_allow_host(
    policy: *mut weburl_policy,
    pattern: *const c_char,
    length: usize,
    error: *mut *mut weburl_error,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe { add_host(policy, pattern, length, HostList::AllowHosts, error) }
}

/// Refuse hosts that match this pattern (Python's `deny_hosts=`; each call adds one), as
/// `weburl_policy_allow_host` reads patterns.
///
/// # Safety
/// As `weburl_policy_allow_host`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_deny_host(
    policy: *mut weburl_policy,
    pattern: *const c_char,
    length: usize,
    error: *mut *mut weburl_error,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe { add_host(policy, pattern, length, HostList::DenyHosts, error) }
}

/// Allow only hosts whose registrable domain is one of the allowed sites (Python's
/// `allow_sites=`; each call adds one): `example.co.uk` allows `example.co.uk` and every
/// host under it. A host without a registrable domain matches none. False with `*error`
/// set (`policy-bad-host`), the policy unchanged.
///
/// # Safety
/// As `weburl_policy_allow_host`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_allow_site(
    policy: *mut weburl_policy,
    domain: *const c_char,
    length: usize,
    error: *mut *mut weburl_error,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe { add_host(policy, domain, length, HostList::AllowSites, error) }
}

/// Refuse hosts whose registrable domain is this one (Python's `deny_sites=`; each call
/// adds one).
///
/// # Safety
/// As `weburl_policy_allow_host`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_deny_site(
    policy: *mut weburl_policy,
    domain: *const c_char,
    length: usize,
    error: *mut *mut weburl_error,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe { add_host(policy, domain, length, HostList::DenySites, error) }
}

/// Whether a URL may have a username or password (Python's `credentials=`; the preset
/// `public-web` refuses them). False when `policy` is NULL.
///
/// # Safety
/// `policy` is NULL or a live policy no one else uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_allow_credentials(
    policy: *mut weburl_policy,
    allow: bool,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        change_policy(policy, std::ptr::null_mut(), |spec| {
            spec.credentials = Some(allow);
            Ok(())
        })
    }
}

/// Whether to refuse input that today's fetchers (curl, Go, Python, Java: RFC 3986, and
/// IDNA2003 for non-ASCII hosts) read with another host than the URL Standard (Python's
/// `engines_agree=`; the preset `public-web` requires it). False when `policy` is NULL.
///
/// # Safety
/// `policy` is NULL or a live policy no one else uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_require_engine_agreement(
    policy: *mut weburl_policy,
    require: bool,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        change_policy(policy, std::ptr::null_mut(), |spec| {
            spec.engines_agree = Some(require);
            Ok(())
        })
    }
}

/// Whether the historical engines (HTML5 2011, the 2009 draft, strict RFC 3986, RFC 1808),
/// which no fetcher uses today, must read the same host too (the library's
/// `require_historical_engine_agreement`; it implies the engine agreement). Off by default.
/// False when `policy` is NULL.
///
/// # Safety
/// `policy` is NULL or a live policy no one else uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_require_historical_engine_agreement(
    policy: *mut weburl_policy,
    require: bool,
) -> bool {
    // SAFETY: the caller's contract.
    unsafe {
        change_policy(policy, std::ptr::null_mut(), |spec| {
            spec.historical_engines = require;
            Ok(())
        })
    }
}

/// The answer of a policy check, freed with `weburl_check_free`: allowed (with the parsed
/// URL, `weburl_check_take_url`) or refused (with every rule that failed and why).
pub struct weburl_check {
    allowed: bool,
    url: Option<Url>,
    /// Each failed rule's name and message.
    reasons: Vec<(&'static str, String)>,
}

impl weburl_check {
    fn of(result: Result<Url, Refusal>) -> weburl_check {
        match result {
            Ok(url) => weburl_check {
                allowed: true,
                url: Some(url),
                reasons: Vec::new(),
            },
            Err(refusal) => weburl_check {
                allowed: false,
                url: None,
                reasons: refusal
                    .reasons()
                    .iter()
                    .map(|r| (r.rule(), r.to_string()))
                    .collect(),
            },
        }
    }

    fn unparsable(message: String) -> weburl_check {
        weburl_check {
            allowed: false,
            url: None,
            reasons: vec![("unparsable", message)],
        }
    }
}

/// Parses `url` (against `base`; NULL: none) and checks it against the policy, the input as
/// given (which is where parser confusion lives). Returns the answer, to free with
/// `weburl_check_free`; NULL only for a NULL policy. Input or a base that is not UTF-8, and
/// a base that does not parse, are refused by the rule `unparsable`.
///
/// # Safety
/// `policy` is NULL or a live policy no one changes during the call; `url` and `base` are
/// NULL or point at their length of readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_check(
    policy: *const weburl_policy,
    url: *const c_char,
    length: usize,
    base: *const c_char,
    base_length: usize,
) -> *mut weburl_check {
    boundary::guard(std::ptr::null_mut, || {
        // SAFETY: the caller's contract.
        let Some(policy) = (unsafe { boundary::borrow::<weburl_policy>(policy.cast()) }) else {
            return std::ptr::null_mut();
        };
        // SAFETY: the caller's contract.
        let input = unsafe { boundary::text(url, length) };
        // SAFETY: the caller's contract.
        let base = unsafe { read_base(base, base_length) };
        let check = match (input, base) {
            (None, _) => weburl_check::unparsable("not a URL: the input is not UTF-8".to_owned()),
            (_, Err(e)) => weburl_check::unparsable(format!("not a URL: {}", e.message())),
            (Some(input), Ok(base)) => weburl_check::of(policy.policy.check(input, base.as_ref())),
        };
        boundary::into_typed(check)
    })
}

/// Checks a parsed URL against the policy (the engine-agreement rule then reads its href;
/// to catch parser confusion in what a user typed, check the input with
/// `weburl_policy_check`). An invalid URL is refused by the rule `unparsable`. NULL only
/// for a NULL policy.
///
/// # Safety
/// `policy` is NULL or a live policy no one changes during the call; `url` is NULL or a
/// live URL handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_policy_check_url(
    policy: *const weburl_policy,
    url: ada_url,
) -> *mut weburl_check {
    boundary::guard(std::ptr::null_mut, || {
        // SAFETY: the caller's contract.
        let Some(policy) = (unsafe { boundary::borrow::<weburl_policy>(policy.cast()) }) else {
            return std::ptr::null_mut();
        };
        // SAFETY: the caller's contract (both calls).
        let check = match (unsafe { url_of(url) }, unsafe { error_of(url) }) {
            (Some(url), _) => weburl_check::of(url.check(&policy.policy).map(|()| url.clone())),
            (None, Some(UrlError::Parse(e))) => weburl_check::unparsable(format!("not a URL: {e}")),
            (None, Some(UrlError::NotUtf8)) => {
                weburl_check::unparsable("not a URL: the input is not UTF-8".to_owned())
            }
            (None, None) => {
                weburl_check::unparsable("not a URL: the URL handle is NULL".to_owned())
            }
        };
        boundary::into_typed(check)
    })
}

/// Whether the policy allows the URL. False for NULL.
///
/// # Safety
/// `check` is NULL or a live check.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_check_allowed(check: *const weburl_check) -> bool {
    boundary::guard(
        || false,
        // SAFETY: the caller's contract.
        || unsafe { boundary::borrow::<weburl_check>(check.cast()) }.is_some_and(|c| c.allowed),
    )
}

/// The parsed URL of an allowed check, as a new URL handle the caller frees with `ada_free`;
/// NULL when the check refused it, was taken already, or is NULL.
///
/// # Safety
/// `check` is NULL or a live check no one else uses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_check_take_url(check: *mut weburl_check) -> ada_url {
    boundary::guard(std::ptr::null_mut, || {
        // SAFETY: the caller's contract.
        let check = unsafe { boundary::borrow_mut::<weburl_check>(check.cast()) };
        match check.and_then(|c| c.url.take()) {
            Some(url) => new_url_handle(Ok(url)),
            None => std::ptr::null_mut(),
        }
    })
}

/// How many rules refused the URL (0 when allowed or NULL).
///
/// # Safety
/// `check` is NULL or a live check.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_check_reason_count(check: *const weburl_check) -> usize {
    boundary::guard(
        || 0,
        // SAFETY: the caller's contract.
        || unsafe { boundary::borrow::<weburl_check>(check.cast()) }.map_or(0, |c| c.reasons.len()),
    )
}

/// Refusal reason `index`, in the order the rules are checked: `*rule` its rule
/// (`unparsable`, `scheme`, `credentials`, `port`, `host-missing`, `host-denied`,
/// `site-denied`, `address-space`, `host-not-allowed`, `site-not-allowed`,
/// `engines-disagree`) and `*message` what was found; both valid until the check is freed.
/// False (out pointers unchanged) past the last reason. Either out pointer may be NULL.
///
/// # Safety
/// `check` is NULL or a live check; `rule` and `message` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_check_reason(
    check: *const weburl_check,
    index: usize,
    rule: *mut ada_string,
    message: *mut ada_string,
) -> bool {
    boundary::guard(
        || false,
        || {
            // SAFETY: the caller's contract.
            let check = unsafe { boundary::borrow::<weburl_check>(check.cast()) };
            let Some((name, text)) = check.and_then(|c| c.reasons.get(index)) else {
                return false;
            };
            // SAFETY: the caller's contract.
            unsafe {
                boundary::write_out(rule, ada_string::borrow(name));
                boundary::write_out(message, ada_string::borrow(text));
            }
            true
        },
    )
}

/// Frees a check (and its URL, unless taken); NULL is accepted.
///
/// # Safety
/// `check` is NULL or a live check, not used after.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_check_free(check: *mut weburl_check) {
    // SAFETY: the caller's contract.
    boundary::guard(
        || (),
        || unsafe { boundary::free::<weburl_check>(check.cast()) },
    );
}

// ---------------------------------------------------------------------------------------
// Normalization

/// `weburl_normalize` and `weburl_surt` flag: drop the query parameters known as tracking
/// parameters (`utm_*`, `fbclid`, `gclid`, ...) first, with every profile. Its value is 1,
/// so that `true` passed as the flags means it.
pub const WEBURL_NORMALIZE_STRIP_TRACKING: u32 = 1;
/// `weburl_normalize` and `weburl_surt` flag: with `dedup` and `surt`, drop a last path
/// segment such as `index.html`.
pub const WEBURL_NORMALIZE_DROP_INDEX: u32 = 2;
/// `weburl_normalize` flag: with `dedup`, keep the fragment (dropped by default).
pub const WEBURL_NORMALIZE_KEEP_FRAGMENT: u32 = 4;

fn normalize_options(flags: u32) -> norm::Options {
    let mut options = norm::Options::default();
    options.strip_tracking = flags & WEBURL_NORMALIZE_STRIP_TRACKING != 0;
    options.drop_index = flags & WEBURL_NORMALIZE_DROP_INDEX != 0;
    options.keep_fragment = flags & WEBURL_NORMALIZE_KEEP_FRAGMENT != 0;
    options
}

/// The URL read from a normalization argument.
///
/// # Safety
/// `url` is NULL or points at `length` readable bytes.
unsafe fn url_arg(url: *const c_char, length: usize) -> Result<Url, weburl_error> {
    // SAFETY: the caller's contract.
    let text =
        unsafe { boundary::text(url, length) }.ok_or_else(|| weburl_error::not_utf8("URL"))?;
    Url::parse(text).map_err(weburl_error::parse)
}

/// The URL in a profile's canonical form, as Python's `weburl.normalize` and
/// `weburl normalize` give it: `spec` (NULL too) is the URL Standard's serialization (the
/// href); `dedup` also makes percent-encodings uppercase, decodes percent-encoded
/// unreserved characters, sorts the query's parameters, drops an empty query and the
/// fragment; `w3lib` is the answer of w3lib's `canonicalize_url`; `surt` the SURT key
/// (`weburl_surt`). `flags`: `WEBURL_NORMALIZE_STRIP_TRACKING` (1),
/// `WEBURL_NORMALIZE_DROP_INDEX` (2), `WEBURL_NORMALIZE_KEEP_FRAGMENT` (4); other bits are
/// ignored.
///
/// Returns an owned string (NUL-terminated) to free with `ada_free_owned_string`, or
/// `{NULL, 0}` with `*error` set: the parse error's name when the URL does not parse,
/// `unknown-profile`, `not-utf8`.
///
/// # Safety
/// `url` and `profile` are NULL or point at their length of readable bytes; `error` is NULL
/// or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_normalize(
    url: *const c_char,
    length: usize,
    profile: *const c_char,
    profile_length: usize,
    flags: u32,
    error: *mut *mut weburl_error,
) -> ada_owned_string {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        with_error(
            error,
            || ada_owned_string::NONE,
            || {
                let name = boundary::optional_text(profile, profile_length)
                    .ok_or_else(|| weburl_error::not_utf8("profile"))?
                    .unwrap_or("spec");
                let profile = Profile::from_name(name).ok_or_else(|| {
                    weburl_error::new(
                        "unknown-profile",
                        format!("unknown profile {name:?}: expected spec, dedup, w3lib or surt"),
                    )
                })?;
                let url = url_arg(url, length)?;
                let options = normalize_options(flags);
                if profile == Profile::Spec && !options.strip_tracking {
                    return Ok(ada_owned_string::new(url.href()));
                }
                norm::canonicalize(&url, profile, &options)
                    .map(|text| ada_owned_string::new(&text))
                    .map_err(weburl_error::parse)
            },
        )
    }
}

/// The SURT key of the URL (the key web archives sort URLs by), as the `surt` package's
/// `surt()` and Python's `weburl.surt` make it: `weburl_normalize` with the profile `surt`.
/// `flags`: `WEBURL_NORMALIZE_STRIP_TRACKING`, `WEBURL_NORMALIZE_DROP_INDEX`. An owned
/// string to free with `ada_free_owned_string`, or `{NULL, 0}` with `*error` set.
///
/// # Safety
/// `url` is NULL or points at `length` readable bytes; `error` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn weburl_surt(
    url: *const c_char,
    length: usize,
    flags: u32,
    error: *mut *mut weburl_error,
) -> ada_owned_string {
    // SAFETY: the caller's contract, forwarded to each helper.
    unsafe {
        with_error(
            error,
            || ada_owned_string::NONE,
            || {
                let url = url_arg(url, length)?;
                let options = normalize_options(flags & !WEBURL_NORMALIZE_KEEP_FRAGMENT);
                Ok(ada_owned_string::new(&norm::surt(&url, &options)))
            },
        )
    }
}

// ---------------------------------------------------------------------------------------
// Version

/// weburl's version (the crate's, such as `0.1.0`): a static NUL-terminated string.
#[unsafe(no_mangle)]
pub extern "C" fn weburl_get_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
