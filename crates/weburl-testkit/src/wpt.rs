//! The web-platform-tests URL data, as the repository carries it in
//! `crates/weburl/tests/data/wpt/` (3-Clause BSD; see the README there). Always read from the
//! project itself, so that a fresh clone runs the same tests.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::json::replace_lone_surrogates;

/// The path of `crates/weburl/tests/data/wpt/<file>`.
///
/// ```
/// assert!(weburl_testkit::wpt::path("urltestdata.json").is_file());
/// ```
#[must_use]
pub fn path(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../weburl/tests/data/wpt")
        .join(file)
}

/// Parses JSON text whose strings may hold lone-surrogate escapes (which become U+FFFD, as a
/// JavaScript string becomes a USV string; serde_json rejects them otherwise).
///
/// ```
/// let v = weburl_testkit::wpt::parse_json(r#"["\udc00"]"#).unwrap();
/// assert_eq!(v[0], "\u{FFFD}");
/// ```
pub fn parse_json(text: &str) -> Result<Value, String> {
    serde_json::from_str(&replace_lone_surrogates(text)).map_err(|e| e.to_string())
}

/// Reads and parses a JSON file with [`parse_json`].
///
/// ```
/// let v = weburl_testkit::wpt::read_json(&weburl_testkit::wpt::path("setters_tests.json")).unwrap();
/// assert!(v.is_object());
/// ```
pub fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse_json(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads and parses `tests/data/wpt/<file>`; panics with the path if it cannot.
///
/// ```
/// let data = weburl_testkit::wpt::load_json("urltestdata.json");
/// assert!(data.as_array().unwrap().len() > 800);
/// ```
#[must_use]
pub fn load_json(file: &str) -> Value {
    read_json(&path(file)).unwrap_or_else(|e| panic!("{e}"))
}

/// The `input` strings of the object entries of a `urltestdata.json` text. Comments (plain
/// strings) are skipped, and so are empty inputs, as empty lines are in the URL lists.
///
/// ```
/// let inputs = weburl_testkit::wpt::url_inputs(r#"["a comment", {"input": "http://a/"}, {"input": ""}]"#).unwrap();
/// assert_eq!(inputs, ["http://a/"]);
/// ```
pub fn url_inputs(json: &str) -> Result<Vec<String>, String> {
    let value = parse_json(json)?;
    let entries = value.as_array().ok_or("urltestdata.json: not an array")?;
    Ok(entries
        .iter()
        .filter_map(|e| e.as_object()?.get("input")?.as_str())
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect())
}
