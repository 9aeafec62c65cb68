//! Shared helpers of the conformance suites: loading the WPT JSON data (with lone surrogates
//! replaced; from `weburl-testkit`), running one case with panics caught, and collecting pass/fail counts and failure
//! reports.
//!
//! Every suite prints a report that ends with the line `N passed, M failed`, and then asserts
//! that nothing failed. Run with `--nocapture` to see the report of a passing suite.

#![allow(dead_code, unused_imports)]

use std::cell::Cell;
use std::fmt::Write as _;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use serde_json::Value;
use weburl::{Component, Url};

/// How many failures a report lists in full (the counts always cover every case).
pub const MAX_LISTED_FAILURES: usize = 30;

/// `tests/data/wpt/<file>`, read and parsed, lone-surrogate escapes turned into U+FFFD
/// first (the one loader, in `weburl-testkit`); use it for every data file.
pub use weburl_testkit::wpt::load_json as load_wpt_json;

/// The object cases of a WPT array: string entries are comments or headings and are skipped.
pub fn object_cases(data: &Value) -> Vec<&serde_json::Map<String, Value>> {
    data.as_array()
        .expect("a top-level JSON array")
        .iter()
        .filter_map(Value::as_object)
        .collect()
}

/// `obj[key]` as a string, `None` for null or absent; panics on any other type.
pub fn opt_str<'a>(obj: &'a serde_json::Map<String, Value>, key: &str) -> Option<&'a str> {
    match obj.get(key) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s),
        Some(other) => panic!("{key}: expected a string or null, got {other}"),
    }
}

/// `obj[key]` as a string; panics if absent or not a string.
pub fn req_str<'a>(obj: &'a serde_json::Map<String, Value>, key: &str) -> &'a str {
    opt_str(obj, key).unwrap_or_else(|| panic!("missing string {key:?} in {obj:?}"))
}

/// The getters of the URL API that the WPT data lists, in the order they are compared
/// ([`Component::ALL`]'s names). Cases may leave some out (urltestdata leaves out `origin` for
/// some URLs).
pub const GETTERS: [&str; Component::ALL.len()] = {
    let mut names = [""; Component::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = Component::ALL[i].name();
        i += 1;
    }
    names
};

/// The URL API getter `name` of `url` ([`Url::get`]; `origin` is the ASCII serialization of
/// the origin, so an opaque origin reads `"null"`). Panics on a name that is not in
/// [`GETTERS`].
pub fn getter(url: &Url, name: &str) -> String {
    let component: Component = name.parse().unwrap_or_else(|e| panic!("{e}"));
    url.get(component).into_owned()
}

/// The getters plus the record-level accessors that depend on the URL's stored offsets and
/// kinds rather than on the text alone, as `(name, Debug text)` pairs (`weburl-testkit`'s
/// snapshot, shared with the fuzz targets and the property tests).
pub use weburl_testkit::snapshot::snapshot as url_state;

/// Checks that `url` (typically changed by a setter or through `search_params_mut`, which
/// rewrite the serialization and its offsets in place) is what parsing its own href gives:
/// `Url::parse(href)` must succeed with the same href, and every entry of [`url_state`] must be
/// equal. `what` names the step in the failure message.
pub fn check_reparse(c: &mut CaseCheck, what: &str, url: &Url) {
    match Url::parse(url.href()) {
        Err(e) => c.fail(format!(
            "{what}: re-parsing href {:?}: expected success, actual failure {e:?}",
            url.href()
        )),
        Ok(again) => {
            for ((name, actual), (_, reparsed)) in url_state(url).into_iter().zip(url_state(&again))
            {
                c.check(actual == reparsed, || {
                    format!(
                        "{what}: {name} differs from the re-parsed href {:?}: {actual} here, \
                         {reparsed} after re-parsing",
                        url.href()
                    )
                });
            }
        }
    }
}

thread_local! {
    static QUIET_PANICS: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, turning a panic into `Err(message)`. The default panic message is suppressed while
/// `f` runs (the report shows it instead); panics elsewhere, such as the final assertion, print
/// as usual.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !QUIET_PANICS.with(Cell::get) {
                default(info);
            }
        }));
    });
    QUIET_PANICS.with(|q| q.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    QUIET_PANICS.with(|q| q.set(false));
    result.map_err(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "<non-string panic payload>".to_owned());
        format!("PANIC: {msg}")
    })
}

/// The mismatches found in one case.
#[derive(Default)]
pub struct CaseCheck {
    pub problems: Vec<String>,
}

impl CaseCheck {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records a failed check `what` unless `ok`.
    pub fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.problems.push(what());
        }
    }

    /// Compares a getter (or any string field) with its expected value.
    pub fn field(&mut self, field: &str, expected: &str, actual: &str) {
        if expected != actual {
            self.problems
                .push(format!("{field}: expected {expected:?}, actual {actual:?}"));
        }
    }

    pub fn fail(&mut self, what: impl Into<String>) {
        self.problems.push(what.into());
    }

    pub fn is_ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Pass/fail counts of a suite, plus the text of the first failures.
pub struct Report {
    name: String,
    pub passed: usize,
    pub failed: usize,
    listed: String,
    notes: String,
}

impl Report {
    pub fn new(name: &str) -> Self {
        Report {
            name: name.to_owned(),
            passed: 0,
            failed: 0,
            listed: String::new(),
            notes: String::new(),
        }
    }

    /// Adds an informational line, printed after the failures and before the summary line.
    pub fn note(&mut self, line: impl AsRef<str>) {
        self.notes.push_str(line.as_ref());
        self.notes.push('\n');
    }

    /// Records one case: `label` names it (input, base, ...), `check` holds its mismatches.
    pub fn record(&mut self, label: impl FnOnce() -> String, check: CaseCheck) {
        if check.is_ok() {
            self.passed += 1;
            return;
        }
        self.failed += 1;
        if self.failed <= MAX_LISTED_FAILURES {
            let _ = writeln!(self.listed, "FAIL #{}: {}", self.failed, label());
            for p in &check.problems {
                let _ = writeln!(self.listed, "    {p}");
            }
        }
    }

    /// Prints the report (in one `println!`, so parallel tests do not interleave it; the last
    /// line is exactly `N passed, M failed`) and asserts that no case failed, that some case
    /// ran, and, for a web-platform-tests file of [`WPT_FILE_CASES`], that every case of the
    /// file ran (a loader or filter that drops cases cannot pass unseen).
    pub fn finish(self) {
        let mut text = format!("==== {} ====\n", self.name);
        text.push_str(&self.listed);
        if self.failed > MAX_LISTED_FAILURES {
            let _ = writeln!(
                text,
                "... and {} more failures not listed",
                self.failed - MAX_LISTED_FAILURES
            );
        }
        text.push_str(&self.notes);
        let _ = write!(text, "{} passed, {} failed", self.passed, self.failed);
        println!("{text}");
        assert_eq!(
            self.failed, 0,
            "{}: {} case(s) failed",
            self.name, self.failed
        );
        let ran = self.passed + self.failed;
        assert!(ran > 0, "{}: no case ran", self.name);
        if let Some(&(_, cases)) = WPT_FILE_CASES.iter().find(|(file, _)| *file == self.name) {
            assert_eq!(
                ran, cases,
                "{}: {ran} cases ran, the file holds {cases}",
                self.name
            );
        }
    }
}

/// The number of cases of web-platform-tests data files (tests/data/wpt/README.md), which a
/// report named after the file must have run.
pub const WPT_FILE_CASES: &[(&str, usize)] = &[
    ("urltestdata.json", 891),
    ("setters_tests.json", 278),
    ("url-setters-stripping.json", 260),
    ("toascii.json", 87),
];

/// Shortens a long string for a failure report (the hostile inputs are megabytes long).
pub fn abbreviate(s: &str) -> String {
    const KEEP: usize = 60;
    if s.len() <= 2 * KEEP + 20 {
        return format!("{s:?}");
    }
    let mut head = KEEP;
    while !s.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = s.len() - KEEP;
    while !s.is_char_boundary(tail) {
        tail += 1;
    }
    format!(
        "{:?} ... ({} bytes in all) ... {:?}",
        &s[..head],
        s.len(),
        &s[tail..]
    )
}
