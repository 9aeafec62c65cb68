//! The URL Standard over Arrow string arrays: the columnar kernels under every data surface of
//! weburl (the Python package's `weburl.arrow`, the DataFusion functions, the Polars plugin
//! and the DuckDB functions), written once.
//!
//! A kernel reads a column of [`Strings`] (a `Utf8`, `LargeUtf8` or `Utf8View` array, a
//! scalar, or chunks of them), with an optional [`Base`], and returns an Arrow array: string
//! answers as `Utf8View` by default (views into the input where the answer is a part of the
//! row's own text, which is the common case of clean data), or as the [`Output`] asked for.
//! Null in, null out; a row that does not parse is null (or false, or its error's name),
//! never a panic. The functions of one row the kernels are made of are in [`rows`], for hosts
//! that do not hold Arrow arrays.
//!
//! ```
//! use weburl::psl::Sections;
//! use weburl_arrow::arrow_array::{Array, StringArray, StringViewArray};
//! use weburl_arrow::{Strings, registrable_domain};
//! let urls = StringArray::from(vec![Some("https://www.example.co.uk/a"), None, Some("nope")]);
//! let domains = registrable_domain(&Strings::try_new(&urls)?, Sections::All);
//! let domains = domains.as_any().downcast_ref::<StringViewArray>().unwrap();
//! assert_eq!(domains.iter().collect::<Vec<_>>(), [Some("example.co.uk"), None, None]);
//! # Ok::<(), weburl_arrow::KernelError>(())
//! ```
//!
//! | kernel | returns |
//! |---|---|
//! | [`component`] / [`component_as`] | one getter ([`weburl::Component`]) of each URL |
//! | [`parse`] / [`parse_as`] | a struct of the eleven getters |
//! | [`can_parse`] | `Boolean`: `URL.canParse` |
//! | [`error_name`] / [`error_name_as`] | the spec's name of the error that made parsing fail |
//! | [`normalize`] / [`normalize_as`] | a normalization profile's canonical form |
//! | [`public_suffix`], [`registrable_domain`] (and `_as`) | by the embedded Public Suffix List |
//! | [`search_param`], [`search_params`] | a query parameter's first value; every pair |
//! | [`map_rows`], [`map_rows_in`] | the kernels' loop, for a row function of the caller's |
//! | `pattern_test`, `pattern_exec` / `pattern_exec_as`, `pattern_group` (feature `pattern`) | `URLPattern.test`; a struct of the groups `exec` captured; one group |
//! | `route` (feature `pattern`), over `Routes` | the name of the route (of named URL patterns, compiled once into a `UrlPatternSet`) each URL matches: the first, or the most specific |
//! | `CompiledCache` and its `CacheReader` (feature `pattern`), as `PatternCache` / `PatternReader` and `RouteCache` / `RouteReader` | not a kernel: compiled patterns and route sets by their `CacheKey` (text, base URL, `ignoreCase`, `untrusted`), bounded, for SQL hosts that see one pattern per batch or a column of them |
//! | `spark_parse_url` (feature `spark`) | Spark SQL's `parse_url(url, part [, key])`: `java.net.URI`'s reading, not the URL Standard's (rules in `spark`: the weburl-spark crate) |
//!
//! The list of the data functions every surface registers (SQL and Python names, parameters,
//! return kinds, null rules, and which surface has which) is [`catalog`].
//!
//! The argument names that every surface accepts are parsed here once: [`profile`],
//! [`sections`], [`options`].

// `unsafe` only in `views` (building `parse`'s columns without Arrow checking each view).
#![deny(unsafe_code)]

mod base;
#[cfg(feature = "pattern")]
mod cache;
pub mod catalog;
mod kernels;
#[cfg(feature = "pattern")]
mod pattern;
#[cfg(feature = "pattern")]
mod route;
pub mod rows;
mod sink;
/// Spark SQL's `parse_url` rules for one row: the weburl-spark crate.
#[cfg(feature = "spark")]
pub use weburl_spark as spark;
#[cfg(feature = "spark")]
mod spark_kernel;
mod strings;
mod views;

use std::fmt;

pub use arrow_array;
pub use arrow_buffer;
pub use arrow_data;
pub use arrow_schema;

use arrow_schema::DataType;
use weburl::normalize::{Options, Profile};
use weburl::psl::Sections;

pub use base::Base;
pub use kernels::{
    can_parse, component, component_as, error_name, error_name_as, map_rows, map_rows_in,
    normalize, normalize_as, parse, parse_as, parse_fields, public_suffix, public_suffix_as,
    registrable_domain, registrable_domain_as, search_param, search_params, search_params_type,
};
#[cfg(feature = "spark")]
pub use spark_kernel::spark_parse_url;
pub use strings::Strings;

#[cfg(feature = "pattern")]
pub use cache::{CacheKey, CacheReader, Compile, CompiledCache};
#[cfg(feature = "pattern")]
pub use pattern::{
    GenerateArgs, PatternCache, PatternReader, generate_in, generate_row, pattern_exec,
    pattern_exec_as, pattern_fields, pattern_generate, pattern_group, pattern_input, pattern_test,
    url_pattern, url_pattern_with,
};
#[cfg(feature = "pattern")]
pub use route::{RouteCache, RouteReader, Routes, route};
#[cfg(feature = "pattern")]
pub use rows::group_reference;

/// The Arrow type of a string kernel's answer.
///
/// ```
/// use weburl_arrow::Output;
/// assert_eq!(Output::default(), Output::Utf8View);
/// assert_eq!(Output::LargeUtf8.data_type(), weburl_arrow::arrow_schema::DataType::LargeUtf8);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Output {
    /// `Utf8`: 32-bit offsets and one copy of every value.
    Utf8,
    /// `LargeUtf8`: 64-bit offsets, for answers that may pass 2 GiB.
    LargeUtf8,
    /// `Utf8View`: views into the input where possible, else into one block of copies.
    #[default]
    Utf8View,
}

impl Output {
    /// The Arrow type.
    ///
    /// ```
    /// assert_eq!(weburl_arrow::Output::Utf8.data_type(), weburl_arrow::arrow_schema::DataType::Utf8);
    /// ```
    #[must_use]
    pub fn data_type(self) -> DataType {
        match self {
            Output::Utf8 => DataType::Utf8,
            Output::LargeUtf8 => DataType::LargeUtf8,
            Output::Utf8View => DataType::Utf8View,
        }
    }
}

/// Why a kernel's argument was refused.
///
/// ```
/// use weburl_arrow::KernelError;
/// let e = weburl_arrow::profile("W3LIB").unwrap_err();
/// assert_eq!(e, KernelError::UnknownProfile("W3LIB".into()));
/// assert_eq!(e.to_string(), r#"unknown profile "W3LIB": expected one of spec, dedup, w3lib, surt"#);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KernelError {
    /// The input is not an array of strings (`Utf8`, `LargeUtf8`, `Utf8View`, or `Null`).
    NotStrings(DataType),
    /// Not the name of a normalization profile.
    UnknownProfile(String),
    /// Not the name of Public Suffix List sections (`all` or `icann`).
    UnknownSections(String),
    /// A URL pattern that does not compile ([`url_pattern`]).
    #[cfg(feature = "pattern")]
    Pattern {
        /// The pattern as given.
        pattern: String,
        /// What is wrong with it, and where.
        error: weburl::pattern::UrlPatternError,
    },
    /// A pattern argument that is an init object's JSON text with a member that is not
    /// `URLPatternInit`'s, or is not a string (`pattern_input`).
    #[cfg(feature = "pattern")]
    PatternInit {
        /// The pattern as given.
        pattern: String,
        /// Which member, and what is wrong with it.
        message: String,
    },
    /// A component name or group values that `generate_row` cannot read: what is wrong.
    #[cfg(feature = "pattern")]
    Generate(String),
    /// A routes argument that is not a JSON object from name to pattern or an array of
    /// patterns, or that names a route twice (`Routes::from_json`): what is wrong, and where.
    #[cfg(feature = "pattern")]
    Routes(String),
    /// A route whose pattern does not compile (`Routes::new`).
    #[cfg(feature = "pattern")]
    Route {
        /// The route's name.
        name: String,
        /// The pattern's error ([`KernelError::Pattern`]).
        error: Box<KernelError>,
    },
    /// A key of Spark's `parse_url` that Spark would refuse (not a valid Java regular
    /// expression), or whose Java syntax is not emulated (`spark_parse_url`).
    #[cfg(feature = "spark")]
    SparkKey {
        /// The key as given.
        key: String,
        /// Which of the two.
        error: spark::SparkError,
    },
}

impl fmt::Display for KernelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KernelError::NotStrings(other) => write!(
                f,
                "expected an array of strings (utf8, large_utf8 or utf8_view), not {other}"
            ),
            KernelError::UnknownProfile(name) => write!(
                f,
                "unknown profile {name:?}: expected one of {}",
                Profile::ALL.map(Profile::name).join(", ")
            ),
            KernelError::UnknownSections(name) => {
                write!(f, "sections must be 'all' or 'icann', not {name:?}")
            }
            #[cfg(feature = "pattern")]
            KernelError::Pattern {
                pattern,
                error: error @ weburl::pattern::UrlPatternError::MissingBaseUrl,
            } => {
                // The SQL functions' base URL argument (an init object has its own baseURL).
                write!(
                    f,
                    "invalid URL pattern {pattern:?}: {error}: give pattern_base"
                )
            }
            #[cfg(feature = "pattern")]
            KernelError::Pattern { pattern, error } => {
                write!(f, "invalid URL pattern {pattern:?}: {error}")
            }
            #[cfg(feature = "pattern")]
            KernelError::PatternInit { pattern, message } => {
                write!(f, "invalid URL pattern {pattern:?}: {message}")
            }
            #[cfg(feature = "pattern")]
            KernelError::Generate(message) => f.write_str(message),
            #[cfg(feature = "pattern")]
            KernelError::Routes(message) => f.write_str(message),
            #[cfg(feature = "pattern")]
            KernelError::Route { name, error } => write!(f, "route {name:?}: {error}"),
            #[cfg(feature = "spark")]
            KernelError::SparkKey {
                key,
                error: spark::SparkError::UnsupportedKeyPattern,
            } => write!(
                f,
                "the key {key:?} uses Java regular-expression syntax that is not emulated \
                 (lookaround, back references, flags, \\p{{..}}, ...)"
            ),
            #[cfg(feature = "spark")]
            KernelError::SparkKey { key, .. } => write!(
                f,
                "the key {key:?} makes an invalid regular expression, as Spark would report"
            ),
        }
    }
}

impl std::error::Error for KernelError {}

/// The normalization profile named `name` (`spec`, `dedup`, `w3lib`, `surt`; exactly).
///
/// ```
/// use weburl::normalize::Profile;
/// assert_eq!(weburl_arrow::profile("surt"), Ok(Profile::Surt));
/// assert!(weburl_arrow::profile("SURT").is_err());
/// ```
pub fn profile(name: &str) -> Result<Profile, KernelError> {
    Profile::from_name(name).ok_or_else(|| KernelError::UnknownProfile(name.to_owned()))
}

/// The Public Suffix List sections named `name` (`all` or `icann`).
///
/// ```
/// use weburl::psl::Sections;
/// assert_eq!(weburl_arrow::sections("icann"), Ok(Sections::Icann));
/// assert!(weburl_arrow::sections("private").is_err());
/// ```
pub fn sections(name: &str) -> Result<Sections, KernelError> {
    name.parse()
        .map_err(|_| KernelError::UnknownSections(name.to_owned()))
}

/// Normalization options from the flags every surface takes.
///
/// ```
/// let options = weburl_arrow::options(true, false, false);
/// assert!(options.drop_index && !options.strip_tracking);
/// ```
#[must_use]
pub fn options(drop_index: bool, strip_tracking: bool, keep_fragment: bool) -> Options {
    let mut options = Options::default();
    options.drop_index = drop_index;
    options.strip_tracking = strip_tracking;
    options.keep_fragment = keep_fragment;
    options
}
