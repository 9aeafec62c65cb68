//! What a pattern is made from: `URLPatternInit`, `URLPatternOptions`, `URLPatternInput`,
//! and the [`PatternLimits`] checked before any work.

use super::{UrlPatternComponent, UrlPatternError};

/// The dictionary `URLPatternInit`: one pattern (or, as the input of `exec`, one value) per
/// component, and a base URL for the components left out.
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};
/// let init = UrlPatternInit {
///     hostname: Some("{:sub.}?example.com".into()),
///     pathname: Some("/:lang(en|fr)/*".into()),
///     ..Default::default()
/// };
/// let p = UrlPattern::from_init(&init, UrlPatternOptions::default()).unwrap();
/// assert!(p.test("https://www.example.com/fr/a/b", None));
/// assert!(!p.test("https://www.example.com/de/a/b", None));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct UrlPatternInit {
    /// `protocol` (a trailing `:` is dropped).
    pub protocol: Option<String>,
    /// `username`
    pub username: Option<String>,
    /// `password`
    pub password: Option<String>,
    /// `hostname`
    pub hostname: Option<String>,
    /// `port`
    pub port: Option<String>,
    /// `pathname`
    pub pathname: Option<String>,
    /// `search` (a leading `?` is dropped).
    pub search: Option<String>,
    /// `hash` (a leading `#` is dropped).
    pub hash: Option<String>,
    /// `baseURL`: a URL whose components fill in those left out (up to the first one given).
    pub base_url: Option<String>,
}

impl UrlPatternInit {
    /// The field of one component.
    ///
    /// ```
    /// use weburl::pattern::{UrlPatternComponent, UrlPatternInit};
    /// let init = UrlPatternInit { port: Some("8080".into()), ..Default::default() };
    /// assert_eq!(init.get(UrlPatternComponent::Port), Some("8080"));
    /// assert_eq!(init.get(UrlPatternComponent::Hash), None);
    /// ```
    #[must_use]
    pub fn get(&self, component: UrlPatternComponent) -> Option<&str> {
        self.field(component).as_deref()
    }

    fn field(&self, component: UrlPatternComponent) -> &Option<String> {
        match component {
            UrlPatternComponent::Protocol => &self.protocol,
            UrlPatternComponent::Username => &self.username,
            UrlPatternComponent::Password => &self.password,
            UrlPatternComponent::Hostname => &self.hostname,
            UrlPatternComponent::Port => &self.port,
            UrlPatternComponent::Pathname => &self.pathname,
            UrlPatternComponent::Search => &self.search,
            UrlPatternComponent::Hash => &self.hash,
        }
    }

    /// The member named `name` as JavaScript's `URLPatternInit` names it (`"pathname"`,
    /// `"baseURL"`, ...), to set; `None` when no member has that name (what readers of
    /// dictionaries ignore).
    ///
    /// ```
    /// use weburl::pattern::UrlPatternInit;
    /// let mut init = UrlPatternInit::default();
    /// *init.member_mut("baseURL").unwrap() = Some("https://example.com/".into());
    /// assert_eq!(init.base_url.as_deref(), Some("https://example.com/"));
    /// assert!(init.member_mut("base_url").is_none());
    /// ```
    pub fn member_mut(&mut self, name: &str) -> Option<&mut Option<String>> {
        if name == "baseURL" {
            return Some(&mut self.base_url);
        }
        let component = UrlPatternComponent::ALL
            .into_iter()
            .find(|c| c.name() == name)?;
        Some(match component {
            UrlPatternComponent::Protocol => &mut self.protocol,
            UrlPatternComponent::Username => &mut self.username,
            UrlPatternComponent::Password => &mut self.password,
            UrlPatternComponent::Hostname => &mut self.hostname,
            UrlPatternComponent::Port => &mut self.port,
            UrlPatternComponent::Pathname => &mut self.pathname,
            UrlPatternComponent::Search => &mut self.search,
            UrlPatternComponent::Hash => &mut self.hash,
        })
    }

    pub(super) fn total_len(&self) -> usize {
        UrlPatternComponent::ALL
            .iter()
            .map(|c| self.get(*c).map_or(0, str::len))
            .sum::<usize>()
            + self.base_url.as_ref().map_or(0, String::len)
    }
}

/// The dictionary `URLPatternOptions`.
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternOptions};
/// let p = UrlPattern::parse("https://example.com/Books/*", None, UrlPatternOptions { ignore_case: true }).unwrap();
/// assert!(p.test("https://example.com/books/x", None));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct UrlPatternOptions {
    /// `ignoreCase`: match the pathname, search and hash ASCII case-insensitively (the
    /// protocol and hostname are lowercase anyway).
    pub ignore_case: bool,
}

/// Limits for patterns from untrusted sources, checked before any work (see the module
/// documentation on regular expressions and their cost). The default limits nothing.
///
/// ```
/// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternError, UrlPatternOptions};
/// let limits = PatternLimits::untrusted();
/// let err = UrlPattern::parse_with_limits("https://x/:id(\\d+)", None, UrlPatternOptions::default(), &limits);
/// assert!(matches!(err, Err(UrlPatternError::RegExpGroupsRefused { .. })));
/// assert!(UrlPattern::parse_with_limits("https://x/:id", None, UrlPatternOptions::default(), &limits).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct PatternLimits {
    /// Whether custom regexp groups are accepted.
    pub allow_regexp_groups: bool,
    /// Whether custom regexp groups that need the bounded backtracking engine (lookaround,
    /// backreferences, named groups, `\b` with `i`, ...: see the module documentation) are
    /// accepted; when not, every accepted pattern matches in time linear in its input.
    pub allow_backtracking_regexps: bool,
    /// The longest pattern accepted, in bytes (the input string and base URL together, or all
    /// strings of an init object).
    pub max_len: usize,
    /// The most steps one match of a component's regular expression may take on the bounded
    /// backtracking matcher (the custom regexp groups the linear engine does not take:
    /// lookaround, backreferences, named groups...). A step is an instruction executed, a
    /// backtrack, or a code point compared by a backreference; on this project's test
    /// machine 10,000,000 steps take about 30 ms (docs/PERFORMANCE.md), and the matcher's
    /// backtrack stack holds at most 16 bytes per step. A match that needs more stops: the
    /// fallible forms ([`UrlPattern::try_exec`](super::UrlPattern::try_exec)...) answer
    /// [`UrlPatternMatchError::StepsExhausted`](super::UrlPatternMatchError::StepsExhausted),
    /// the others no match.
    pub max_regexp_steps: u64,
}

/// [`PatternLimits::new`]'s step budget of a match on the bounded backtracking matcher.
///
/// ```
/// use weburl::pattern::{DEFAULT_MAX_REGEXP_STEPS, PatternLimits};
/// assert_eq!(PatternLimits::default().max_regexp_steps, DEFAULT_MAX_REGEXP_STEPS);
/// ```
pub const DEFAULT_MAX_REGEXP_STEPS: u64 = 10_000_000;

/// [`PatternLimits::untrusted`]'s step budget of a match on the bounded backtracking matcher.
///
/// ```
/// use weburl::pattern::{PatternLimits, UNTRUSTED_MAX_REGEXP_STEPS};
/// assert_eq!(PatternLimits::untrusted().max_regexp_steps, UNTRUSTED_MAX_REGEXP_STEPS);
/// ```
pub const UNTRUSTED_MAX_REGEXP_STEPS: u64 = 1_000_000;

impl Default for PatternLimits {
    fn default() -> PatternLimits {
        PatternLimits::new()
    }
}

impl PatternLimits {
    /// No limits on patterns (the default): custom regexp groups accepted, any length; a
    /// match on the bounded backtracking matcher takes at most
    /// [`DEFAULT_MAX_REGEXP_STEPS`] steps.
    ///
    /// ```
    /// let limits = weburl::pattern::PatternLimits::new();
    /// assert!(limits.allow_regexp_groups);
    /// assert_eq!(limits.max_regexp_steps, 10_000_000);
    /// ```
    #[must_use]
    pub const fn new() -> PatternLimits {
        PatternLimits {
            allow_regexp_groups: true,
            allow_backtracking_regexps: true,
            max_len: usize::MAX,
            max_regexp_steps: DEFAULT_MAX_REGEXP_STEPS,
        }
    }

    /// For patterns from untrusted users: no custom regexp groups, at most 8 KiB, and (should
    /// regexp groups be allowed again) [`UNTRUSTED_MAX_REGEXP_STEPS`] steps per match.
    ///
    /// ```
    /// let limits = weburl::pattern::PatternLimits::untrusted();
    /// assert!(!limits.allow_regexp_groups);
    /// assert_eq!(limits.max_len, 8192);
    /// assert_eq!(limits.max_regexp_steps, 1_000_000);
    /// ```
    #[must_use]
    pub const fn untrusted() -> PatternLimits {
        PatternLimits {
            allow_regexp_groups: false,
            // Moot while regexp groups are refused; left as `new()` has it so that
            // re-allowing regexp groups (`.regexp_groups(true)`) means what it always meant.
            allow_backtracking_regexps: true,
            max_len: 8192,
            max_regexp_steps: UNTRUSTED_MAX_REGEXP_STEPS,
        }
    }

    /// Whether custom regexp groups are accepted.
    ///
    /// ```
    /// let limits = weburl::pattern::PatternLimits::new().regexp_groups(false);
    /// assert!(!limits.allow_regexp_groups);
    /// ```
    #[must_use]
    pub const fn regexp_groups(mut self, allow: bool) -> PatternLimits {
        self.allow_regexp_groups = allow;
        self
    }

    /// Whether custom regexp groups that need the backtracking engine are accepted; the
    /// others run in linear time. The pattern that has one is refused with
    /// [`UrlPatternError::RegExpGroupsRefused`].
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternError, UrlPatternOptions};
    /// let limits = PatternLimits::new().backtracking_regexps(false);
    /// let o = UrlPatternOptions::default();
    /// // Linear: accepted, even with nested quantifiers.
    /// let p = UrlPattern::parse_with_limits("https://e.com/:x((?:a*)*b)", None, o, &limits)?;
    /// assert!(!p.test(&format!("https://e.com/{}", "a".repeat(20_000)), None));
    /// // A lookahead needs backtracking: refused.
    /// let err = UrlPattern::parse_with_limits("https://e.com/:x((?=a)\\w+)", None, o, &limits);
    /// assert!(matches!(err, Err(UrlPatternError::RegExpGroupsRefused { .. })));
    /// # Ok::<(), UrlPatternError>(())
    /// ```
    #[must_use]
    pub const fn backtracking_regexps(mut self, allow: bool) -> PatternLimits {
        self.allow_backtracking_regexps = allow;
        self
    }

    /// The longest pattern accepted, in bytes.
    ///
    /// ```
    /// let limits = weburl::pattern::PatternLimits::new().max_len(100);
    /// assert_eq!(limits.max_len, 100);
    /// ```
    #[must_use]
    pub const fn max_len(mut self, max: usize) -> PatternLimits {
        self.max_len = max;
        self
    }

    /// The most steps one match may take on the bounded backtracking matcher (see
    /// [`PatternLimits::max_regexp_steps`](PatternLimits#structfield.max_regexp_steps)).
    ///
    /// ```
    /// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternOptions};
    /// let limits = PatternLimits::new().max_regexp_steps(10_000);
    /// let p = UrlPattern::parse_with_limits("https://e.com/:x((?<n>a*)*\\k<n>b)", None, UrlPatternOptions::default(), &limits)?;
    /// let hostile = format!("https://e.com/{}", "a".repeat(30));
    /// assert!(p.try_test(&hostile, None).is_err()); // the budget is spent
    /// assert!(!p.test(&hostile, None)); // the infallible form: no match
    /// assert_eq!(p.try_test("https://e.com/aab", None), Ok(true));
    /// # Ok::<(), weburl::pattern::UrlPatternError>(())
    /// ```
    #[must_use]
    pub const fn max_regexp_steps(mut self, max: u64) -> PatternLimits {
        self.max_regexp_steps = max;
        self
    }

    pub(super) fn check_len(&self, len: usize) -> Result<(), UrlPatternError> {
        if len > self.max_len {
            return Err(UrlPatternError::TooLong {
                len,
                limit: self.max_len,
            });
        }
        Ok(())
    }
}

/// JavaScript's `URLPatternInput`: a URL (or constructor) string, or an init object.
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternInput, UrlPatternOptions};
/// let p: UrlPattern = "https://example.com/*".parse().unwrap();
/// let m = p.exec("https://example.com/a", None).unwrap();
/// assert_eq!(m.inputs, [UrlPatternInput::String("https://example.com/a".into())]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum UrlPatternInput {
    /// A string.
    String(String),
    /// An init object (boxed, so that an input is no bigger than a `String` and a result's
    /// [`UrlPatternInputs`](super::UrlPatternInputs) keeps one in place).
    Init(Box<UrlPatternInit>),
}

impl From<&str> for UrlPatternInput {
    fn from(s: &str) -> UrlPatternInput {
        UrlPatternInput::String(s.to_owned())
    }
}

impl From<UrlPatternInit> for UrlPatternInput {
    fn from(init: UrlPatternInit) -> UrlPatternInput {
        UrlPatternInput::Init(Box::new(init))
    }
}
