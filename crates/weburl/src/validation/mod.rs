//! Validation errors and the "valid URL string" grammar.
//!
//! <https://url.spec.whatwg.org/#validation-error> and <https://url.spec.whatwg.org/#url-writing>.
//!
//! A validation error does not stop the parser (only the errors that the spec pairs with
//! "return failure" do). Pass a callback to [`ParseOptions::on_validation_error`](crate::ParseOptions::on_validation_error)
//! to hear about every one, with its place in the input. Without a callback the parser does not
//! look for them at all.
//!
//! ```
//! use weburl::{Url, ValidationErrorKind};
//! let mut errors = Vec::new();
//! let url = Url::options()
//!     .on_validation_error(&mut |e| errors.push(e))
//!     .parse(" https:\\\\example.com/a b")
//!     .unwrap();
//! assert_eq!(url.href(), "https://example.com/a%20b");
//! let found: Vec<_> = errors.iter().map(|e| (e.kind.spec_name(), e.offset)).collect();
//! assert_eq!(
//!     found,
//!     [
//!         ("invalid-URL-unit", 0),
//!         // Reported by the special authority slashes state, then by the ignore slashes
//!         // state for the same code point, as the spec's steps do.
//!         ("special-scheme-missing-following-solidus", 7),
//!         ("special-scheme-missing-following-solidus", 7),
//!         ("special-scheme-missing-following-solidus", 8),
//!         ("invalid-URL-unit", 22),
//!     ]
//! );
//! ```
//!
//! Two halves: the table of validation errors and the reporter that the parser hands them to
//! (`crate::validation_error`, below the hosts and the parser, re-exported here), and
//! `grammar` (the valid URL string grammar, above the parser).

mod grammar;

pub use crate::validation_error::{ValidationError, ValidationErrorKind, is_url_code_point};
pub use grammar::is_valid_url_string;
