//! What weburl's tests, the CLI's tests, the benchmark and the fuzz targets share, written
//! once: JSON with lone surrogates ([`json`]), the web-platform-tests data ([`wpt`]), a URL's
//! observable state ([`snapshot`]), generated hostile inputs ([`hostile`]), a generated HTML
//! page of any size ([`page`]) and the properties the fuzz targets assert ([`checks`]).
//!
//! Not published: it is a dev-dependency of the published crates and a dependency of the
//! unpublished tools (`weburl-bench`, `fuzz/`) only.
//!
//! ```
//! let url = weburl::Url::parse("https://example.com/a?b#c").unwrap();
//! let state = weburl_testkit::snapshot::snapshot(&url);
//! assert_eq!(state[0], ("href", "\"https://example.com/a?b#c\"".to_owned()));
//!
//! use weburl_testkit::json::replace_lone_surrogates;
//! assert_eq!(replace_lone_surrogates(r#"["\ud800x"]"#), r#"["\uFFFDx"]"#);
//! assert_eq!(replace_lone_surrogates(r#"["\ud83d\ude00"]"#), r#"["\ud83d\ude00"]"#);
//! ```
//!
//! [`json`] is the weburl-json-lossy crate, which the CLI's batch mode runs on its input: one
//! copy of the rule.

#![forbid(unsafe_code)]

pub mod checks;
pub mod hostile;
pub mod page;
pub mod snapshot;
pub mod urlpattern;
pub mod wpt;

/// Lone surrogates in JSON text: the weburl-json-lossy crate, the one the CLI's batch mode
/// runs on its input.
pub use weburl_json_lossy as json;
