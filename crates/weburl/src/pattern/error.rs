//! The errors of [`UrlPattern`](super::UrlPattern)'s constructors: where JavaScript's
//! `new URLPattern()` throws a `TypeError`, weburl says what went wrong and where.

use std::fmt;

/// One of the eight components of a URL pattern (and of a URL), in the spec's order.
///
/// ```
/// use weburl::pattern::UrlPatternComponent;
/// assert_eq!(UrlPatternComponent::Pathname.name(), "pathname");
/// assert_eq!(UrlPatternComponent::ALL.len(), 8);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UrlPatternComponent {
    /// `protocol`
    Protocol,
    /// `username`
    Username,
    /// `password`
    Password,
    /// `hostname`
    Hostname,
    /// `port`
    Port,
    /// `pathname`
    Pathname,
    /// `search`
    Search,
    /// `hash`
    Hash,
}

impl UrlPatternComponent {
    /// The eight components in the spec's order.
    pub const ALL: [UrlPatternComponent; 8] = [
        UrlPatternComponent::Protocol,
        UrlPatternComponent::Username,
        UrlPatternComponent::Password,
        UrlPatternComponent::Hostname,
        UrlPatternComponent::Port,
        UrlPatternComponent::Pathname,
        UrlPatternComponent::Search,
        UrlPatternComponent::Hash,
    ];

    /// The component's name as `URLPatternInit` spells it (`"protocol"`, `"hostname"`, ...).
    ///
    /// ```
    /// use weburl::pattern::UrlPatternComponent;
    /// assert_eq!(UrlPatternComponent::Hostname.name(), "hostname");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            UrlPatternComponent::Protocol => "protocol",
            UrlPatternComponent::Username => "username",
            UrlPatternComponent::Password => "password",
            UrlPatternComponent::Hostname => "hostname",
            UrlPatternComponent::Port => "port",
            UrlPatternComponent::Pathname => "pathname",
            UrlPatternComponent::Search => "search",
            UrlPatternComponent::Hash => "hash",
        }
    }
}

impl UrlPatternComponent {
    /// The component a `URLPatternInit` member name (or a `URLPatternComponent` enum value of
    /// JavaScript) names: `"pathname"` is [`Pathname`](Self::Pathname); `None` for any other
    /// string (where JavaScript's `compareComponent` and `generate` throw a `TypeError`).
    ///
    /// ```
    /// use weburl::pattern::UrlPatternComponent;
    /// assert_eq!(UrlPatternComponent::from_name("search"), Some(UrlPatternComponent::Search));
    /// assert_eq!(UrlPatternComponent::from_name("Search"), None);
    /// assert_eq!(UrlPatternComponent::from_name("invalid"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<UrlPatternComponent> {
        UrlPatternComponent::ALL
            .into_iter()
            .find(|c| c.name() == name)
    }
}

impl fmt::Display for UrlPatternComponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a URL pattern could not be built (JavaScript: the `TypeError` of `new URLPattern()`).
///
/// The offsets of [`Tokenize`](Self::Tokenize), [`UnexpectedToken`](Self::UnexpectedToken)
/// and [`DuplicateName`](Self::DuplicateName) are byte offsets into the pattern as written:
/// for a constructor string, counted from the start of the whole string (the component says
/// which part of it was being read); for an init object, counted from the start of the
/// component's own string (its member, such as `pathname`).
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternError, UrlPatternInit, UrlPatternOptions};
/// let init = UrlPatternInit { pathname: Some("/books/:id(".into()), ..Default::default() };
/// let err = UrlPattern::from_init(&init, UrlPatternOptions::default()).unwrap_err();
/// match err {
///     UrlPatternError::Tokenize { component, index, .. } => {
///         assert_eq!(component, Some(UrlPatternComponent::Pathname));
///         assert_eq!(index, 10);
///     }
///     other => panic!("{other}"),
/// }
/// // The same pathname in a constructor string: the offset counts from the string's start.
/// let err = "https://example.com/books/:id(".parse::<UrlPattern>().unwrap_err();
/// assert!(matches!(err, UrlPatternError::Tokenize { index: 29, .. }));
/// assert_eq!(
///     err.to_string(),
///     "invalid pattern at byte 29 (in the pathname): an unclosed regexp group"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlPatternError {
    /// The tokenizer (strict policy) met text it cannot read at `index`: a lone `\` at the
    /// end, a `:` without a name, an unbalanced or empty `(regexp)`, a non-ASCII code point
    /// in a regexp, a capturing group inside a regexp.
    Tokenize {
        /// The component whose pattern string it was (`None`: not known).
        component: Option<UrlPatternComponent>,
        /// Byte offset of the offending token's start.
        index: usize,
        /// What is wrong there.
        reason: &'static str,
    },
    /// The pattern parser expected one kind of token and found another (for example a `{`
    /// group that is not closed, or a modifier with nothing to modify).
    UnexpectedToken {
        /// The component whose pattern string it was.
        component: Option<UrlPatternComponent>,
        /// Byte offset of the token found.
        index: usize,
        /// The token found (its text; empty at the end of the string).
        found: String,
        /// The token kind that was required (`"close"` or `"end"`).
        expected: &'static str,
    },
    /// Two groups of one component have the same name.
    DuplicateName {
        /// The component.
        component: Option<UrlPatternComponent>,
        /// Byte offset of the second group.
        index: usize,
        /// The repeated name.
        name: String,
    },
    /// A custom regexp group is not a valid ECMAScript regular expression (with the `v` flag).
    InvalidRegExp {
        /// The component.
        component: UrlPatternComponent,
        /// The regular expression the component compiled to.
        regexp: String,
        /// The regular-expression engine's message.
        message: String,
    },
    /// A custom regexp group is valid ECMAScript but uses what weburl does not run: a
    /// property of strings (`\p{RGI_Emoji}` and the other emoji sequence properties), whose
    /// lists of sequences weburl does not carry.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternError};
    /// let err = "https://e.com/:e(\\p{RGI_Emoji}+)".parse::<UrlPattern>().unwrap_err();
    /// assert!(matches!(
    ///     err,
    ///     UrlPatternError::UnsupportedRegExp { component: UrlPatternComponent::Pathname, .. }
    /// ));
    /// // Properties of code points run.
    /// let p: UrlPattern = "https://e.com/:e(\\p{Lu}+)".parse().unwrap();
    /// assert!(p.test("https://e.com/ABC", None));
    /// assert!(!p.test("https://e.com/abc", None));
    /// ```
    UnsupportedRegExp {
        /// The component.
        component: UrlPatternComponent,
        /// The regular expression the component compiled to.
        regexp: String,
        /// What it uses, and why weburl does not run it.
        reason: String,
    },
    /// Fixed text of a component is not valid for that component of a URL (for example a
    /// hostname with a space, a port that is not a number, a protocol that is not a scheme).
    InvalidComponent {
        /// The component.
        component: UrlPatternComponent,
        /// The text that the URL parser refused.
        value: String,
    },
    /// A dot segment (`.` or `..`, also written with `%2e`) in the fixed text of a pathname
    /// pattern would be resolved against the groups, wildcards or text around it, so that the
    /// canonical pattern would match URLs that the pattern as written does not
    /// (`https://e.com/:a-b/../c` would become `/:a`; docs/URLPATTERN.md states the rule).
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternError};
    /// let err = "https://e.com/*.html/..".parse::<UrlPattern>().unwrap_err();
    /// assert!(matches!(err, UrlPatternError::DotSegment { component: UrlPatternComponent::Pathname, .. }));
    /// // Fixed text that resolves within itself is fine.
    /// assert_eq!("https://e.com/a/../b".parse::<UrlPattern>().unwrap().pathname(), "/b");
    /// ```
    DotSegment {
        /// The component (the pathname).
        component: UrlPatternComponent,
        /// The piece of fixed text (a fixed part, or a group's prefix or suffix) as written.
        text: String,
        /// The dot segment as written (`..`, `%2e%2e`, `.`...).
        segment: String,
        /// What resolving it would do.
        reason: &'static str,
    },
    /// A base URL (the second argument, or `baseURL` of the init) does not parse.
    InvalidBaseUrl {
        /// The base URL as given.
        base: String,
    },
    /// A constructor string without a protocol needs a base URL (`"/books/:id"` alone is
    /// refused; use `UrlPatternInit { pathname, .. }` or give a base). The message does not
    /// say how to give one: each surface words that (its base URL option or argument, and
    /// init objects where it takes them).
    MissingBaseUrl,
    /// A base URL string was given together with an init object (JavaScript's
    /// `new URLPattern({...}, "https://base")`, and `exec({...}, "https://base")`).
    BaseUrlWithInit,
    /// The pattern has a custom regexp group and [`PatternLimits`](super::PatternLimits)
    /// refuse them.
    RegExpGroupsRefused {
        /// The first component that has one.
        component: UrlPatternComponent,
    },
    /// The pattern's text is longer than [`PatternLimits`](super::PatternLimits) allow.
    TooLong {
        /// The pattern's length in bytes (all strings of the input together).
        len: usize,
        /// The limit.
        limit: usize,
    },
}

impl fmt::Display for UrlPatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let within = |f: &mut fmt::Formatter<'_>, c: &Option<UrlPatternComponent>| match c {
            Some(c) => write!(f, " (in the {c})"),
            None => Ok(()),
        };
        match self {
            UrlPatternError::Tokenize {
                component,
                index,
                reason,
            } => {
                write!(f, "invalid pattern at byte {index}")?;
                within(f, component)?;
                write!(f, ": {reason}")
            }
            UrlPatternError::UnexpectedToken {
                component,
                index,
                found,
                expected,
            } => {
                if found.is_empty() {
                    write!(f, "unexpected end of pattern at byte {index}")?;
                } else {
                    write!(f, "unexpected {found:?} at byte {index}")?;
                }
                within(f, component)?;
                write!(f, ": expected {expected}")
            }
            UrlPatternError::DuplicateName {
                component,
                index,
                name,
            } => {
                write!(f, "duplicate group name {name:?} at byte {index}")?;
                within(f, component)
            }
            UrlPatternError::InvalidRegExp {
                component,
                regexp,
                message,
            } => write!(
                f,
                "the {component} pattern is not a valid regular expression ({regexp}): {message}"
            ),
            UrlPatternError::UnsupportedRegExp {
                component,
                regexp,
                reason,
            } => write!(
                f,
                "the {component} pattern's regular expression ({regexp}) is not supported: {reason}"
            ),
            UrlPatternError::InvalidComponent { component, value } => {
                write!(f, "{value:?} is not a valid {component}")
            }
            UrlPatternError::DotSegment {
                component,
                text,
                segment,
                reason,
            } => write!(
                f,
                "the dot segment {segment:?} in the {component} text {text:?} {reason}; \
                 the canonical pattern would match URLs that the pattern as written does not"
            ),
            UrlPatternError::InvalidBaseUrl { base } => {
                write!(f, "the base URL {base:?} does not parse")
            }
            UrlPatternError::MissingBaseUrl => {
                f.write_str("a pattern string without a protocol needs a base URL")
            }
            UrlPatternError::BaseUrlWithInit => {
                f.write_str("a base URL string cannot be combined with an init object")
            }
            UrlPatternError::RegExpGroupsRefused { component } => write!(
                f,
                "the {component} pattern has a custom regexp group, which the limits refuse"
            ),
            UrlPatternError::TooLong { len, limit } => {
                write!(f, "the pattern is {len} bytes long; the limit is {limit}")
            }
        }
    }
}

impl UrlPatternError {
    /// The component the error is in: the one whose pattern string was being read, whose
    /// fixed text or regular expression was refused, or that has the refused regexp group;
    /// `None` for an error of the whole pattern (its base URL, its length) and where the
    /// component is not known.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternError};
    /// let err = "https://example.com/:id(".parse::<UrlPattern>().unwrap_err();
    /// assert_eq!(err.component(), Some(UrlPatternComponent::Pathname));
    /// let err = "https://exa mple.com/".parse::<UrlPattern>().unwrap_err();
    /// assert_eq!(err.component(), Some(UrlPatternComponent::Hostname));
    /// assert_eq!(UrlPatternError::MissingBaseUrl.component(), None);
    /// ```
    #[must_use]
    pub fn component(&self) -> Option<UrlPatternComponent> {
        match self {
            UrlPatternError::Tokenize { component, .. }
            | UrlPatternError::UnexpectedToken { component, .. }
            | UrlPatternError::DuplicateName { component, .. } => *component,
            UrlPatternError::InvalidRegExp { component, .. }
            | UrlPatternError::UnsupportedRegExp { component, .. }
            | UrlPatternError::InvalidComponent { component, .. }
            | UrlPatternError::DotSegment { component, .. }
            | UrlPatternError::RegExpGroupsRefused { component } => Some(*component),
            UrlPatternError::InvalidBaseUrl { .. }
            | UrlPatternError::MissingBaseUrl
            | UrlPatternError::BaseUrlWithInit
            | UrlPatternError::TooLong { .. } => None,
        }
    }

    /// The byte offset in the pattern as written where the error is (see
    /// [`UrlPatternError`] for what it counts from), for the errors of the tokenizer and the
    /// pattern parser ([`Tokenize`](Self::Tokenize),
    /// [`UnexpectedToken`](Self::UnexpectedToken), [`DuplicateName`](Self::DuplicateName));
    /// `None` for the others, which are about a component or the pattern as a whole.
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternError};
    /// let err = "https://example.com/:a/:a".parse::<UrlPattern>().unwrap_err();
    /// assert!(matches!(err, UrlPatternError::DuplicateName { .. }));
    /// assert_eq!(err.offset(), Some(23));
    /// let err = "https://exa mple.com/".parse::<UrlPattern>().unwrap_err();
    /// assert_eq!(err.offset(), None);
    /// ```
    #[must_use]
    pub fn offset(&self) -> Option<usize> {
        match self {
            UrlPatternError::Tokenize { index, .. }
            | UrlPatternError::UnexpectedToken { index, .. }
            | UrlPatternError::DuplicateName { index, .. } => Some(*index),
            UrlPatternError::InvalidRegExp { .. }
            | UrlPatternError::UnsupportedRegExp { .. }
            | UrlPatternError::InvalidComponent { .. }
            | UrlPatternError::DotSegment { .. }
            | UrlPatternError::RegExpGroupsRefused { .. }
            | UrlPatternError::InvalidBaseUrl { .. }
            | UrlPatternError::MissingBaseUrl
            | UrlPatternError::BaseUrlWithInit
            | UrlPatternError::TooLong { .. } => None,
        }
    }

    /// The same error with its offset (an error of a component that has one) mapped by
    /// `map(component, offset)`.
    pub(crate) fn offset_by(self, map: impl Fn(UrlPatternComponent, usize) -> usize) -> Self {
        match self {
            UrlPatternError::Tokenize {
                component: Some(c),
                index,
                reason,
            } => UrlPatternError::Tokenize {
                component: Some(c),
                index: map(c, index),
                reason,
            },
            UrlPatternError::UnexpectedToken {
                component: Some(c),
                index,
                found,
                expected,
            } => UrlPatternError::UnexpectedToken {
                component: Some(c),
                index: map(c, index),
                found,
                expected,
            },
            UrlPatternError::DuplicateName {
                component: Some(c),
                index,
                name,
            } => UrlPatternError::DuplicateName {
                component: Some(c),
                index: map(c, index),
                name,
            },
            other => other,
        }
    }
}

impl std::error::Error for UrlPatternError {}

/// Why [`UrlPattern::generate`](super::UrlPattern::generate) (or
/// [`generate_strict`](super::UrlPattern::generate_strict)) could not build a component's
/// value (JavaScript: the `TypeError` of `generate()`).
///
/// ```
/// use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternGenerateError};
/// let p: UrlPattern = "https://example.com/books/:id".parse().unwrap();
/// let err = p.generate(UrlPatternComponent::Pathname, [("book", "7")]).unwrap_err();
/// assert_eq!(err, UrlPatternGenerateError::MissingGroup {
///     component: UrlPatternComponent::Pathname,
///     name: "id".into(),
/// });
/// assert_eq!(err.to_string(), "no value for the pathname group \"id\"");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlPatternGenerateError {
    /// The component has a part that generate cannot fill: a full wildcard `*`, a custom
    /// regexp group, a group without a name, or a modifier (`?`, `*`, `+`).
    UnsupportedPart {
        /// The component.
        component: UrlPatternComponent,
        /// The part's group name (`"0"`, `"1"`... for unnamed groups and wildcards; empty
        /// for fixed text with a modifier).
        name: String,
        /// What the part is.
        what: &'static str,
    },
    /// `groups` has no value for one of the component's groups.
    MissingGroup {
        /// The component.
        component: UrlPatternComponent,
        /// The group's name.
        name: String,
    },
    /// The component's encoding callback refused the value (for example a hostname value
    /// with a space).
    InvalidValue {
        /// The component.
        component: UrlPatternComponent,
        /// The group's name.
        name: String,
        /// The value as given.
        value: String,
    },
    /// The encoded value is not what its group matches: empty, or holding the component's
    /// delimiter (`bar/baz` for `:foo` in a special scheme's pathname, `a.b` in a hostname).
    ///
    /// ```
    /// use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternGenerateError};
    /// let p: UrlPattern = "https://example.com/files/:name".parse().unwrap();
    /// let err = p.generate(UrlPatternComponent::Pathname, [("name", "../../etc/passwd")]).unwrap_err();
    /// // The pathname's encoding callback resolves the dot segments (against `/-`, as the
    /// // standard's canonicalization does): what is left holds a `/`.
    /// assert_eq!(err, UrlPatternGenerateError::ValueDoesNotMatch {
    ///     component: UrlPatternComponent::Pathname,
    ///     name: "name".into(),
    ///     value: "../../etc/passwd".into(),
    ///     encoded: "tc/passwd".into(),
    /// });
    /// assert_eq!(
    ///     err.to_string(),
    ///     "\"../../etc/passwd\" does not match the pathname group \"name\": encoded, it is \
    ///      \"tc/passwd\" (empty, or holding the delimiter)"
    /// );
    /// ```
    ValueDoesNotMatch {
        /// The component.
        component: UrlPatternComponent,
        /// The group's name.
        name: String,
        /// The value as given.
        value: String,
        /// The value after the component's encoding callback: what was checked.
        encoded: String,
    },
    /// [`generate_strict`](super::UrlPattern::generate_strict) only: the value would change
    /// the component's structure (more path segments, a dot segment, another search
    /// parameter, a cut host).
    UnsafeValue {
        /// The component.
        component: UrlPatternComponent,
        /// The group's name.
        name: String,
        /// The value (as given; for a dot segment, as encoded).
        value: String,
        /// Which rule refused it.
        reason: &'static str,
    },
}

impl fmt::Display for UrlPatternGenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlPatternGenerateError::UnsupportedPart {
                component, what, ..
            } => write!(
                f,
                "the {component} pattern has {what}, which generate cannot fill"
            ),
            UrlPatternGenerateError::MissingGroup { component, name } => {
                write!(f, "no value for the {component} group {name:?}")
            }
            UrlPatternGenerateError::InvalidValue {
                component,
                name,
                value,
            } => write!(
                f,
                "{value:?} (group {name:?}) is not a valid {component} value"
            ),
            UrlPatternGenerateError::ValueDoesNotMatch {
                component,
                name,
                value,
                encoded,
            } => {
                write!(f, "{value:?} does not match the {component} group {name:?}")?;
                if encoded != value {
                    write!(f, ": encoded, it is {encoded:?}")?;
                }
                f.write_str(" (empty, or holding the delimiter)")
            }
            UrlPatternGenerateError::UnsafeValue {
                component,
                name,
                value,
                reason,
            } => write!(
                f,
                "{value:?} (the {component} group {name:?}) would change the URL's structure: {reason}"
            ),
        }
    }
}

impl std::error::Error for UrlPatternGenerateError {}

/// Why a fallible match ([`UrlPattern::try_exec`](super::UrlPattern::try_exec) and its
/// kin) could not answer.
///
/// ```
/// use weburl::pattern::{PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternMatchError, UrlPatternOptions};
/// let limits = PatternLimits::new().max_regexp_steps(1000);
/// // A lookahead: the bounded backtracking matcher, here with 1,000 steps.
/// let p = UrlPattern::parse_with_limits("https://e.com/:x((?=a)(?:a*)*b)", None, UrlPatternOptions::default(), &limits)?;
/// let err = p.try_test(&format!("https://e.com/{}", "a".repeat(40)), None).unwrap_err();
/// assert_eq!(err, UrlPatternMatchError::StepsExhausted {
///     component: UrlPatternComponent::Pathname,
///     max_steps: 1000,
/// });
/// assert_eq!(
///     err.to_string(),
///     "the pathname's custom regexp groups exhausted their budget of 1000 steps (max_regexp_steps) without an answer"
/// );
/// # Ok::<(), weburl::pattern::UrlPatternError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlPatternMatchError {
    /// A component's custom regexp groups ran on the bounded backtracking matcher, which
    /// took all the steps of its budget
    /// ([`PatternLimits::max_regexp_steps`](super::PatternLimits::max_regexp_steps)) without
    /// deciding whether the value matches.
    StepsExhausted {
        /// The component whose regular expression ran out of steps.
        component: UrlPatternComponent,
        /// The budget, in steps.
        max_steps: u64,
    },
}

impl fmt::Display for UrlPatternMatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlPatternMatchError::StepsExhausted {
                component,
                max_steps,
            } => write!(
                f,
                "the {component}'s custom regexp groups exhausted their budget of {max_steps} steps (max_regexp_steps) without an answer"
            ),
        }
    }
}

impl std::error::Error for UrlPatternMatchError {}
