//! # weburl: URLs exactly as web browsers read them
//!
//! `weburl` implements the [WHATWG URL Standard](https://url.spec.whatwg.org/): the parser
//! browsers use for every link, `fetch()` and `new URL()`, with its hosts (IDNA, IPv4 in every
//! legacy form, IPv6, opaque hosts), its serializer, the URL API's getters and setters,
//! `URLSearchParams` and `application/x-www-form-urlencoded`, and origins. It passes every case
//! of the web-platform-tests URL data (see `tests/`).
//!
//! ```
//! use weburl::Url;
//!
//! let base = Url::parse("https://example.com/docs/guide/").unwrap();
//! let url = base.join("../api?q=a b#Top").unwrap();
//! assert_eq!(url.href(), "https://example.com/docs/api?q=a%20b#Top");
//! assert_eq!(url.pathname(), "/docs/api");
//! assert_eq!(url.origin().ascii_serialization(), "https://example.com");
//!
//! // Browsers' quirks, exactly: backslashes, legacy IPv4 forms, IDNA, dot segments.
//! let url = Url::parse("HTTP://0x7F.1\\a\\%2e%2E\\b").unwrap();
//! assert_eq!(url.href(), "http://127.0.0.1/b");
//! assert_eq!(Url::parse("https://faß.ExAmple/").unwrap().host(), "xn--fa-hia.example");
//!
//! // Editing through the URL API's setters.
//! let mut url = Url::parse("https://example.com/?utm_source=x&id=7").unwrap();
//! url.set_host("example.org:8443").unwrap();
//! url.search_params_mut().retain(|name, _| !name.starts_with("utm_"));
//! assert_eq!(url.href(), "https://example.org:8443/?id=7");
//! ```
//!
//! ## The spec's concepts and their names here
//!
//! | URL Standard | weburl |
//! | --- | --- |
//! | [URL record](https://url.spec.whatwg.org/#concept-url) | [`Url`] (its serialization plus offsets) |
//! | [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser) | [`Url::parse`], [`Url::parse_with_base`], [`Url::join`]; states in [`parser`] |
//! | `URL.canParse()` | [`Url::can_parse`] |
//! | [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer) | [`Url::href`], `Display`; *exclude fragment*: [`Url::href_without_fragment`] |
//! | `href` `protocol` `username` `password` `host` `hostname` `port` `pathname` `search` `hash` getters | methods of the same names on [`Url`] |
//! | the URL API's setters | [`Url::set_href`], [`Url::set_protocol`], [`Url::set_username`], [`Url::set_password`], [`Url::set_host`], [`Url::set_hostname`], [`Url::set_port`], [`Url::set_pathname`], [`Url::set_search`], [`Url::set_hash`] |
//! | failure, with the validation error that caused it | [`ParseError`], [`HostError`], [`SetterError`] |
//! | [scheme](https://url.spec.whatwg.org/#concept-url-scheme), [query](https://url.spec.whatwg.org/#concept-url-query), [fragment](https://url.spec.whatwg.org/#concept-url-fragment) (null or a string) | [`Url::scheme`], [`Url::query`], [`Url::fragment`] |
//! | [special scheme](https://url.spec.whatwg.org/#special-scheme), [default port](https://url.spec.whatwg.org/#default-port) | [`Url::is_special`], [`default_port`], [`Url::port_or_default`] |
//! | [opaque path](https://url.spec.whatwg.org/#url-opaque-path), path segments | [`Url::has_opaque_path`], [`Url::path_segments`] |
//! | [includes credentials](https://url.spec.whatwg.org/#include-credentials), [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port) | [`Url::includes_credentials`], [`Url::cannot_have_username_password_port`] |
//! | [host](https://url.spec.whatwg.org/#concept-host), [host parser](https://url.spec.whatwg.org/#concept-host-parser), [host serializer](https://url.spec.whatwg.org/#concept-host-serializer) | [`Host`], [`Host::parse`], [`Host::parse_opaque`], `Display`; [`Url::host_parsed`] |
//! | [domain to ASCII](https://url.spec.whatwg.org/#concept-domain-to-ascii), [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode) | [`host::domain`], [`host::domain::domain_to_unicode`] |
//! | [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser), [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker) | [`host::ipv4::parse`], [`host::ipv4::ends_in_a_number`] |
//! | [IPv6 parser](https://url.spec.whatwg.org/#concept-ipv6-parser) | [`host::ipv6::parse`] |
//! | [percent-encode sets](https://url.spec.whatwg.org/#percent-encoded-bytes), UTF-8 percent-encode, percent-decode | [`percent::EncodeSet`], [`percent::utf8_percent_encode`], [`percent::percent_decode`] |
//! | [origin](https://url.spec.whatwg.org/#concept-url-origin), same origin, same origin-domain | [`Url::origin`], [`Origin`], [`Origin::same_origin`], [`Origin::same_origin_domain`] |
//! | `URLSearchParams` | [`SearchParams`]; a URL's `searchParams`: [`Url::search_params`], [`Url::search_params_mut`] |
//! | (not in the spec) editing the query's pairs in place, every other byte kept | [`Url::raw_query_mut`], [`RawQueryMut`] |
//! | [`application/x-www-form-urlencoded`](https://url.spec.whatwg.org/#application/x-www-form-urlencoded) parser and serializer | [`search_params::parse_urlencoded`], [`search_params::serialize_urlencoded`] |
//! | [public suffix](https://url.spec.whatwg.org/#host-public-suffix), [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) | [`Url::public_suffix`], [`Url::registrable_domain`], [`Host::public_suffix`], [`Host::registrable_domain`]; the list: [`psl::List`] (embedded: [`psl::LIST_VERSION`]) |
//! | HTML's [site](https://html.spec.whatwg.org/multipage/browsers.html#site), same site, schemelessly same site | [`Origin::site`], [`psl::Site`], [`Origin::is_same_site`], [`Origin::is_schemelessly_same_site`] |
//! | [URL equivalence](https://url.spec.whatwg.org/#concept-url-equals) | `==` on [`Url`] (and `Hash`, `Ord`: by href) |
//!
//! ## Coming from the `url` crate
//!
//! The `url` crate's abilities have its names and signatures here wherever the meaning is the
//! same: [`Url::path_segments_mut`], [`Url::query_pairs`], [`Url::query_pairs_mut`],
//! [`Url::parse_with_params`], [`Url::make_relative`], [`Url::from_file_path`],
//! [`Url::to_file_path`], [`Url::socket_addrs`], [`Url::domain`], [`Url::authority`],
//! [`Url::set_ip_host`], [`Position`] slicing, [`form_urlencoded`], [`domain_to_ascii`]. Three
//! names keep their JavaScript meaning (`host()` includes the port, `port()` is a string,
//! `password()` is `""` for none); the `url` crate's are [`Url::host_parsed`],
//! [`Url::port_number`] and [`Url::password_opt`]. See `docs/MIGRATING-FROM-URL.md`.
//!
//! ## Design
//!
//! A [`Url`] is one `String` (the serialization) and a few `u32` offsets (64 bytes in all), so
//! `href()` and every getter are borrows. The parser writes the serialization directly
//! instead of building a record and serializing it; see `docs/ARCHITECTURE.md`.
//!
//! ## Features
//!
//! None is on by default: the URL Standard itself (everything above, plus [`net`],
//! [`normalize`], [`psl`] and [`validation`]) needs no feature, and a program that only
//! wants URLs compiles neither an HTML parser nor the IDNA2003 tables.
//!
//! - `serde`: `Url` serializes as its href and deserializes by parsing.
//! - `document`: `weburl::document`, a document's base URL and encoding, and every link of
//!   an HTML or XML document, resolved as a browser does (adds lol_html, htmlize, quick-xml).
//! - `legacy`: `weburl::legacy`, the historical URL engines (RFC 1808, RFC 3986, HTML5
//!   2011, Web Addresses 2009) behind one interface, with IDNA2003 (adds stringprep and
//!   unicode-normalization).
//! - `policy` (turns on `legacy`): `weburl::policy`, the check of URLs a server is asked to
//!   fetch, whose engine-agreement rule reads non-ASCII hosts with the legacy IDNA2003 and
//!   runs the legacy engines when asked.
//! - `pattern`: `weburl::pattern`, the URL Pattern Standard (JavaScript's `URLPattern`) and
//!   `UrlPatternSet`, a route set over many patterns (adds regress, an ECMAScript
//!   regular-expression engine, for custom regexp groups).
//!
//! ## Public Suffix List
//!
//! [`psl`] embeds the Public Suffix List of the date in [`psl::LIST_VERSION`] (2026-08-19 in
//! this release; `weburl --version` shows it too), under the Mozilla Public License 2.0 (the
//! list file only). [`psl::List::parse`] reads a newer one at run time.
//!
//! ## Unicode version
//!
//! IDNA uses the `idna` crate with ICU4X's UTS 46 data, pinned to the line that carries the
//! Unicode 17 tables the web-platform-tests IDNA vectors were generated from.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod compat;
mod component;
#[cfg(feature = "document")]
pub mod document;
mod file_path;
pub mod form_urlencoded;
pub mod host;
mod invariants;
#[cfg(feature = "legacy")]
pub mod legacy;
pub mod lex;
mod make_relative;
pub mod net;
mod normal_host;
pub mod normalize;
mod offsets;
pub mod origin;
pub mod parser;
mod path_segments;
#[cfg(feature = "pattern")]
pub mod pattern;
pub mod percent;
#[cfg(feature = "policy")]
pub mod policy;
mod position;
pub mod psl;
mod query_pairs;
pub mod raw_query;
mod scratch;
pub mod search_params;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
mod trace;
mod url;
pub mod validation;
mod validation_error;

pub use compat::domain_to_ascii;
pub use component::{Component, UnknownComponent};
pub use host::domain::domain_to_unicode;
pub use host::{Host, HostError};
pub use invariants::InvariantError;
pub use normal_host::normal_hostname;
pub use origin::Origin;
pub use parser::{ParseError, ParseOptions};
pub use path_segments::PathSegmentsMut;
pub use position::Position;
pub use query_pairs::UrlQuery;
pub use raw_query::{RawPair, RawQueryMut};
pub use search_params::{SearchParams, SearchParamsMut};
pub use setters::SetterError;
pub use trace::{InputPart, InputSpan};
pub use url::{Url, default_port};
pub use validation::{ValidationError, ValidationErrorKind, is_valid_url_string};

/// The `encoding_rs` crate, re-exported on purpose: its `&'static Encoding`s are how the
/// URL Standard's query encoding is named in this API ([`ParseOptions::encoding`],
/// [`search_params::serialize_urlencoded_with_encoding`],
/// [`percent::percent_encode_after_encoding`], and a document's encoding with the
/// `document` feature), so a caller names them without a dependency of its own that
/// would have to match this one's version.
///
/// ```
/// use weburl::{Url, encoding_rs};
/// let url = Url::options().encoding(encoding_rs::WINDOWS_1252).parse("http://h/?é").unwrap();
/// assert_eq!(url.search(), "?%E9");
/// ```
pub use encoding_rs;

/// The README's Rust example, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// docs/MIGRATING-FROM-URL.md's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/MIGRATING-FROM-URL.md")]
pub struct MigratingDoctests;

/// docs/SECURITY.md's Rust example (it needs the `policy` feature), compiled and run as a doc
/// test.
#[cfg(all(doctest, feature = "policy"))]
#[doc = include_str!("../../../docs/SECURITY.md")]
pub struct SecurityDoctests;
