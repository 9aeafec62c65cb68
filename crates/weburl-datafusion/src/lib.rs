//! The WHATWG URL Standard in [Apache DataFusion](https://datafusion.apache.org): scalar
//! functions over Arrow string arrays (`Utf8`, `LargeUtf8`, `Utf8View`), array or scalar
//! arguments, null in and null out, and never a panic on bad data (a URL that does not parse
//! gives null).
//!
//! ```
//! use weburl_datafusion::datafusion::{self, prelude::SessionContext};
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let ctx = SessionContext::new();
//! weburl_datafusion::register(&ctx);
//! let batches = ctx
//!     .sql("SELECT url_hostname('HTTPS://EXAMPLE.com:443/a') AS h, \
//!                  url_href('../c?x', 'http://a/b/d') AS j, \
//!                  url_can_parse('http://[::1') AS ok")
//!     .await?
//!     .collect()
//!     .await?;
//! let text = datafusion::arrow::util::pretty::pretty_format_batches(&batches)?.to_string();
//! assert!(text.contains("| example.com | http://a/c?x | false |"), "{text}");
//! # Ok(())
//! # }
//! ```
//!
//! # Functions
//!
//! The functions, their parameters and which surface has which are weburl-arrow's
//! `catalog` (`tests/catalog.rs` checks this registry against it).
//!
//! | function | returns |
//! |---|---|
//! | `url_parse(url [, base])` | struct `{href, origin, protocol, username, password, host, hostname, port, pathname, search, hash}` (all `Utf8`), null when it does not parse |
//! | `url_href`, `url_origin`, `url_protocol`, `url_username`, `url_password`, `url_host`, `url_hostname`, `url_port`, `url_pathname`, `url_search`, `url_hash` `(url [, base])` | that getter's value as `Utf8View`, null when it does not parse |
//! | `url_can_parse(url [, base])` | `Boolean` |
//! | `url_error_name(url [, base])` | `Utf8View`: the URL Standard's name of the validation error that made the URL fail (`port-out-of-range`, `host-missing`, `missing-scheme-non-relative-URL`, a host's error such as `IPv4-too-many-parts`; a base's own error when the base fails), null where it parses |
//! | `url_join(base, ref)` | `Utf8`: `ref` resolved against `base` |
//! | `url_search_param(url, name)` | `Utf8`: the first value of `name` (`URLSearchParams.get`), null when absent |
//! | `url_search_params(url)` | `List<Struct{name, value}>`: every pair, decoded |
//! | `url_public_suffix(url [, sections])`, `url_registrable_domain(url [, sections])` | `Utf8View`: the URL Standard's public suffix and registrable domain of the host, by the Public Suffix List built in (`sections`: `'all'`, the default, or `'icann'`); null when the host is not a domain |
//! | `url_normalize(url [, profile])` | `Utf8`: `'spec'` (the href, the default), `'dedup'` (the deduplication profile of `weburl normalize`), `'w3lib'` (Python w3lib's `canonicalize_url`) or `'surt'` (the SURT key of the `surt` package), as `weburl::normalize::canonicalize` gives them |
//! | `url_surt(url)` | `Utf8`: the SURT key web archives sort by (`url_normalize(url, 'surt')`) |
//! | `url_pattern_test(url, pattern [, pattern_base] [, ignore_case] [, untrusted])` | `Boolean`: whether the URL matches the URL pattern (the URL Pattern Standard's `URLPattern.test`; a constructor string such as `'https://*.example.com/books/:id'`, relative to `pattern_base` if given, with `ignoreCase` where the boolean `ignore_case` is true); false when the URL does not parse |
//! | `url_pattern_group(url, pattern, name [, pattern_base] [, ignore_case] [, untrusted])` | `Utf8`: the value of the pattern's group `name` in the match (`'id'` for `:id`; `'pathname.0'` names a component's group; a bare name several components have is the first of them in the order protocol, username, password, hostname, port, pathname, search, hash); null without a match, without such a group, or when it did not participate |
//! | `url_pattern_exec(url, pattern [, pattern_base] [, ignore_case] [, untrusted])` | struct of `Utf8` fields, one per group of the pattern (named as `weburl.arrow.pattern_exec` names them: `id`, or `hostname.0` where two components have the group; `url_pattern_exec(u, 'https://*.example.com/:id')['id']`), null without a match; the pattern and its options must be literals, since they make the struct's type when the query is planned |
//! | `url_pattern_generate(pattern, component, groups [, pattern_base] [, strict] [, untrusted])` | `Utf8`: `URLPattern.generate`: the value of the component `component` (`'pathname'`, ...) each pattern builds from `groups`, a JSON object from group name to string; where `strict`, a value that would change the URL's structure (`../x` in a pathname) is refused; null where generate refuses the values; an unknown component, or groups that are not a JSON object of strings, fail the query |
//! | `parse_url(url, part [, key])` | `Utf8View`: **Spark SQL's** `parse_url`, answer for answer (java.net.URI's RFC 2396 reading, not the URL Standard's; see below) |
//!
//! The pattern functions' `ignore_case` may follow the pattern (or the name) directly, with no
//! base URL, as in JavaScript's `new URLPattern(input, options)`; a null argument gives null.
//! Each argument may be a column: a pattern is compiled once per distinct pattern, base URL
//! and `ignore_case` (when the query is planned, where they are plain literals), and one that
//! does not compile, or whose base URL does not parse, fails the query with the pattern, the
//! component and the byte where it is wrong.
//!
//! A base that is a scalar (the usual case) is parsed once per batch. When the input column
//! is `Utf8` and a value is already its own href (clean data), the component functions
//! return views into the input's buffer instead of copying the bytes.
//!
//! # Spark's `parse_url`
//!
//! Engines that run Spark SQL on DataFusion (Comet, Sail) need Spark's answers: `parse_url`
//! reproduces `ParseUrl` of Spark 4 in non-ANSI mode without a JVM (a re-implementation of
//! `java.net.URI`'s parser: weburl-arrow's `spark_parse_url`, which DuckDB's and Python's
//! `parse_url` run too), checked against 15,962 answers recorded from Spark 4.3 on Java 17
//! (`tests/data/spark-parse-url.json`). Parts `HOST`, `PATH`, `QUERY`, `REF`, `PROTOCOL`,
//! `FILE`, `AUTHORITY`, `USERINFO` (case-sensitive, as in Spark); with a key, the first
//! match of Spark's unquoted regular expression `(&|^)KEY=([^&]*)`. Where it departs from the
//! URL Standard:
//!
//! | input | Spark's `parse_url` | URL Standard (`url_*`) |
//! |---|---|---|
//! | `HTTP://Example.COM/a`, HOST | `Example.COM` | `example.com` |
//! | `http://my_host/`, HOST | null (a registry-based authority) | `my_host` |
//! | `http://h/a b` | null (illegal character) | path `/a%20b` |
//! | `http://1.2.3/`, HOST | null | `1.2.0.3` |
//! | `http://h/./a/../b`, PATH | `/./a/../b` | `/b` |
//! | `http://h/?a=%41`, QUERY key `a` | `%41` (no decoding) | `A` |
//! | `http://例え.jp/`, HOST | null | `xn--r8jz45g.jp` |
//!
//! Differences from Spark itself: a key that is not a valid Java regular expression, or uses
//! syntax not emulated (lookaround, back references, embedded flags), is an execution error
//! (Spark fails the query too for an invalid one); the one input on which Java throws a
//! `NumberFormatException` (an IPv4 part of an IPv6 literal beyond `int`) gives null, where
//! Spark fails the query.
//!
//! The crate re-exports [`datafusion`] so that users and tests use the same version.

#![forbid(unsafe_code)]

mod udfs;

pub use datafusion;

use datafusion::logical_expr::ScalarUDF;
use datafusion::prelude::SessionContext;

/// Every function of this crate, ready to register with any `FunctionRegistry`.
///
/// ```
/// let names: Vec<String> = weburl_datafusion::functions().iter().map(|f| f.name().to_owned()).collect();
/// assert!(names.contains(&"url_parse".to_owned()) && names.contains(&"url_hostname".to_owned()));
/// ```
#[must_use]
pub fn functions() -> Vec<ScalarUDF> {
    udfs::functions()
}

/// Registers every function of this crate with `ctx`.
///
/// ```
/// use weburl_datafusion::datafusion::execution::FunctionRegistry;
/// let ctx = weburl_datafusion::datafusion::prelude::SessionContext::new();
/// weburl_datafusion::register(&ctx);
/// assert!(ctx.udf("url_join").is_ok());
/// ```
pub fn register(ctx: &SessionContext) {
    for function in functions() {
        ctx.register_udf(function);
    }
}
