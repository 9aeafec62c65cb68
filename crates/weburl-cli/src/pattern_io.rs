//! URL patterns as the CLI reads and writes them, shared by `weburl match`, `weburl generate`
//! and the batch ops: a pattern from JSON (a constructor string or an init object), a pattern
//! argument (either, told apart by a leading `{`), the limits named by the options that set
//! them, and a match as JSON.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use weburl::pattern::{
    PatternLimits, UrlPattern, UrlPatternError, UrlPatternInit, UrlPatternInput, UrlPatternOptions,
    UrlPatternResult,
};

use crate::json_text::type_name;

/// A match: each component's input and groups, in the library's JavaScript shape without
/// `inputs` (`UrlPatternResult::serialize_components`).
#[derive(Debug)]
pub struct MatchObject(UrlPatternResult);

impl Serialize for MatchObject {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_components(serializer)
    }
}

impl From<UrlPatternResult> for MatchObject {
    fn from(r: UrlPatternResult) -> MatchObject {
        MatchObject(r)
    }
}

/// [`PatternLimits`] with the names of the options that set them, so that a refusal says
/// which limit refused the pattern (`weburl match`'s flags, the batch op's fields).
#[derive(Debug, Clone, Default)]
pub struct NamedLimits {
    /// The limits.
    pub limits: PatternLimits,
    /// The option that refuses custom regexp groups (when one does).
    regexp_groups: String,
    /// The option that refuses the custom regexp groups that need backtracking (when one
    /// does).
    backtracking_regexps: String,
    /// The option that set the length limit (when one did).
    max_len: String,
    /// How to give a relative pattern's base URL (and what else can be given instead), for
    /// the message of a constructor string without a protocol.
    base: String,
}

impl NamedLimits {
    /// No limits.
    pub fn new() -> NamedLimits {
        NamedLimits::default()
    }

    /// [`PatternLimits::untrusted`] (no custom regexp groups, at most 8 KiB), set by `option`.
    pub fn untrusted(&mut self, option: &str) {
        let untrusted = PatternLimits::untrusted();
        self.regexp_groups(untrusted.allow_regexp_groups, option);
        self.max_len(untrusted.max_len, option.to_owned());
        self.max_regexp_steps(untrusted.max_regexp_steps);
    }

    /// Whether the custom regexp groups that need backtracking are accepted, as `option`
    /// says.
    pub fn backtracking_regexps(&mut self, allow: bool, option: &str) {
        self.limits = self.limits.backtracking_regexps(allow);
        self.backtracking_regexps = option.to_owned();
    }

    /// The step budget of one match on the bounded backtracking matcher.
    pub fn max_regexp_steps(&mut self, max: u64) {
        self.limits = self.limits.max_regexp_steps(max);
    }

    /// Whether custom regexp groups are accepted, as `option` says.
    pub fn regexp_groups(&mut self, allow: bool, option: &str) {
        self.limits = self.limits.regexp_groups(allow);
        self.regexp_groups = option.to_owned();
    }

    /// How to give the base URL of a relative pattern here (`give --pattern-base URL, or use
    /// an init object`), which the message of a pattern that needs one says.
    pub fn base(&mut self, how: &str) {
        self.base = how.to_owned();
    }

    /// The longest pattern accepted, set by `option`.
    pub fn max_len(&mut self, max: usize, option: String) {
        self.limits = self.limits.max_len(max);
        self.max_len = option;
    }

    /// The message of a constructor error; a limit's refusal names the option that set it.
    pub fn message(&self, e: &UrlPatternError) -> String {
        match e {
            UrlPatternError::RegExpGroupsRefused { .. } if self.limits.allow_regexp_groups => {
                format!(
                    "{e}: it needs backtracking (lookaround, a backreference...) ({})",
                    self.backtracking_regexps
                )
            }
            UrlPatternError::RegExpGroupsRefused { .. } => format!("{e} ({})", self.regexp_groups),
            UrlPatternError::TooLong { .. } => format!("{e} ({})", self.max_len),
            UrlPatternError::MissingBaseUrl if !self.base.is_empty() => {
                format!("{e}: {}", self.base)
            }
            _ => e.to_string(),
        }
    }
}

/// A string, or an init object whose members are strings (`UrlPatternInit`'s `Deserialize`:
/// other members are ignored, as JavaScript's dictionary conversion does; a member that is not
/// a string is an error that names it).
pub fn input(value: &Value, what: &str) -> Result<UrlPatternInput, String> {
    match value {
        Value::String(s) => Ok(UrlPatternInput::String(s.clone())),
        Value::Object(_) => UrlPatternInit::deserialize(value)
            .map(UrlPatternInput::from)
            .map_err(|e| format!("{what}.{e}")),
        other => Err(format!(
            "{what} must be a string or an init object, not {}",
            type_name(other)
        )),
    }
}

/// Reads one pattern: an init object when it starts with `{` (JSON, whose members must all
/// be `URLPatternInit`'s: a misspelt one would be a constraint silently dropped), else a
/// constructor string (relative to `base`).
pub fn compile(
    text: &str,
    base: Option<&str>,
    options: UrlPatternOptions,
    limits: &NamedLimits,
) -> Result<UrlPattern, String> {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') {
        let value = serde_json::from_str::<serde_json::Value>(trimmed)
            .map_err(|e| format!("looks like an init object but is not valid JSON: {e}"))?;
        if let serde_json::Value::Object(members) = &value
            && let Some(key) =
                (members.keys()).find(|k| UrlPatternInit::default().member_mut(k).is_none())
        {
            return Err(format!(
                "the init object has an unknown member {key:?} (its members are protocol, \
                 username, password, hostname, port, pathname, search, hash and baseURL)"
            ));
        }
        let UrlPatternInput::Init(mut init) = input(&value, "the init object")? else {
            unreachable!("an object is an init");
        };
        if init.base_url.is_none() {
            init.base_url = base.map(str::to_owned);
        }
        return UrlPattern::from_init_with_limits(&init, options, &limits.limits)
            .map_err(|e| limits.message(&e));
    }
    UrlPattern::parse_with_limits(text, base, options, &limits.limits)
        .map_err(|e| limits.message(&e))
}
