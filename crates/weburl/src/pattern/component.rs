//! A [component](https://urlpattern.spec.whatwg.org/#component) of a URL pattern: its
//! pattern string, part list, regular expression and group name list, and how it matches.

use super::error::{UrlPatternComponent, UrlPatternError};
use compact_str::CompactString;
use std::sync::Arc;

use super::matcher::{Program, Span};
use super::parser::{
    EncodingCallback, Options, Part, PartType, generate_a_pattern_string,
    generate_a_regular_expression_and_name_list, parse_a_pattern_string,
};
use super::regexp::{EngineKind, RegExp, RegExpError, StepsExhausted, regexp_create};
use super::{UrlPatternMatchError, no_match_on_error};

/// How a component matches: straight from its part list, or (with custom regexp groups)
/// with the ECMAScript regular expression.
#[derive(Debug, Clone)]
pub(crate) enum Matcher {
    Parts(Program),
    RegExp(RegExp),
}

/// <https://urlpattern.spec.whatwg.org/#component>
#[derive(Debug, Clone)]
#[cfg_attr(not(feature = "_test-hooks"), allow(dead_code))]
pub(crate) struct CompiledComponent {
    /// Which component this is (named by a match error).
    pub(crate) component: UrlPatternComponent,
    pub(crate) pattern_string: String,
    pub(crate) regular_expression_string: String,
    /// Shared with every result's groups (no copy of the names per match).
    pub(crate) group_name_list: GroupNames,
    pub(crate) has_regexp_groups: bool,
    pub(crate) part_list: Vec<Part>,
    pub(crate) options: Options,
    pub(crate) matcher: Matcher,
    /// Which engine runs the regular expression, when there are custom regexp groups.
    pub(crate) engine: Option<EngineKind>,
    /// The one string the component matches, when it is fixed text matched with case (the
    /// usual protocol and hostname): a result's input is a copy of it, which is cheaper than
    /// a copy of the matched value (no `memcpy` call for inline text).
    pub(crate) fixed: Option<CompactString>,
}

/// A component's group name list, as it is shared with the groups of its results.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub(crate) enum GroupNames {
    /// No groups.
    #[default]
    Empty,
    /// `["0"]`, the list of a lone wildcard `*` (the most common one): nothing to share.
    Zero,
    /// Any other list.
    List(Arc<[String]>),
}

impl GroupNames {
    /// The list `names`, in its canonical form (so that equal lists compare equal).
    pub(crate) fn new(names: Vec<String>) -> GroupNames {
        match names.as_slice() {
            [] => GroupNames::Empty,
            [zero] if zero == "0" => GroupNames::Zero,
            _ => GroupNames::List(names.into()),
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            GroupNames::Empty => 0,
            GroupNames::Zero => 1,
            GroupNames::List(names) => names.len(),
        }
    }

    /// The name at `i` (which is below [`GroupNames::len`]).
    pub(crate) fn get(&self, i: usize) -> &str {
        match self {
            GroupNames::Empty => "",
            GroupNames::Zero => "0",
            GroupNames::List(names) => &names[i],
        }
    }

    pub(crate) fn position(&self, name: &str) -> Option<usize> {
        (0..self.len()).find(|&i| self.get(i) == name)
    }
}

impl CompiledComponent {
    /// <https://urlpattern.spec.whatwg.org/#compile-a-component>
    pub(crate) fn compile(
        component: UrlPatternComponent,
        input: &str,
        encoding_callback: EncodingCallback<'_>,
        options: Options,
        allow_regexp_groups: bool,
        max_regexp_steps: u64,
    ) -> Result<CompiledComponent, UrlPatternError> {
        let part_list = parse_a_pattern_string(input, &options, encoding_callback)
            .map_err(|e| with_component(e, component))?;
        let (regular_expression_string, group_name_list) =
            generate_a_regular_expression_and_name_list(&part_list, &options);
        let has_regexp_groups = part_list.iter().any(|p| p.kind == PartType::Regexp);
        if has_regexp_groups && !allow_regexp_groups {
            return Err(UrlPatternError::RegExpGroupsRefused { component });
        }
        let (matcher, engine) = if has_regexp_groups {
            // Custom regexp groups are compiled now, so that an invalid one is an error here.
            let (regexp, engine) = regexp_create(
                &regular_expression_string,
                options.ignore_case,
                max_regexp_steps,
            )
            .map_err(|e| match e {
                RegExpError::Syntax(message) => UrlPatternError::InvalidRegExp {
                    component,
                    regexp: regular_expression_string.clone(),
                    message,
                },
                RegExpError::Unsupported(reason) => UrlPatternError::UnsupportedRegExp {
                    component,
                    regexp: regular_expression_string.clone(),
                    reason,
                },
            })?;
            (Matcher::RegExp(regexp), Some(engine))
        } else {
            (Matcher::Parts(Program::new(&part_list, &options)), None)
        };
        let pattern_string = generate_a_pattern_string(&part_list, &options);
        let fixed = match &matcher {
            Matcher::Parts(program) => (program.exact_text())
                .and_then(|text| std::str::from_utf8(text).ok())
                .map(CompactString::new),
            Matcher::RegExp(_) => None,
        };
        Ok(CompiledComponent {
            component,
            pattern_string,
            regular_expression_string,
            group_name_list: GroupNames::new(group_name_list),
            has_regexp_groups,
            part_list,
            options,
            matcher,
            engine,
            fixed,
        })
    }

    /// RegExpBuiltinExec of the component's regular expression on `input`: on a match,
    /// appends the byte range of each group of the name list to `out` and returns true; when
    /// it does not match, returns false and leaves `out` as it was. [`StepsExhausted`] (`out`
    /// as it was) when the bounded backtracking matcher runs out of steps: the caller makes
    /// it the component's error ([`CompiledComponent::exhausted`]). A unit error, so that the
    /// answer is one byte (no error written to memory on every component's match).
    #[inline]
    pub(crate) fn exec_into(
        &self,
        input: &str,
        out: &mut Vec<Span>,
    ) -> Result<bool, StepsExhausted> {
        match &self.matcher {
            Matcher::Parts(program) => Ok(program.exec_into(input, out)),
            Matcher::RegExp(regexp) => regexp.exec_into(input, self.group_name_list.len(), out),
        }
    }

    /// The error of a match of the component that ran out of steps: which component, and its
    /// budget.
    #[cold]
    pub(crate) fn exhausted(&self) -> UrlPatternMatchError {
        let max_steps = match &self.matcher {
            Matcher::RegExp(RegExp::Bounded { max_steps, .. }) => *max_steps,
            // The part-list matcher and the linear engine have no budget (they always answer).
            Matcher::Parts(_) | Matcher::RegExp(RegExp::Linear(_)) => u64::MAX,
        };
        UrlPatternMatchError::StepsExhausted {
            component: self.component,
            max_steps,
        }
    }

    /// Whether the pattern is a lone full wildcard `*` named `0` (it matches any string
    /// without a line terminator, all of it as group `0`; `:name(.*)` has another name).
    pub(crate) fn is_lone_wildcard(&self) -> bool {
        self.group_name_list == GroupNames::Zero
            && matches!(&self.matcher, Matcher::Parts(program) if program.is_lone_wildcard())
    }

    /// Whether `input` matches (RegExpBuiltinExec is not null), without the groups.
    /// [`StepsExhausted`] as [`CompiledComponent::exec_into`]. Not inlined: a pattern's
    /// `test` over its eight components took about 20 more instructions with it inlined
    /// (cachegrind).
    #[inline(never)]
    pub(crate) fn is_match(&self, input: &str) -> Result<bool, StepsExhausted> {
        match &self.matcher {
            Matcher::Parts(program) => Ok(program.is_match(input)),
            Matcher::RegExp(regexp) => regexp.is_match(input),
        }
    }

    /// The same with the regular expression, whatever the part list (the general path that
    /// the part-list matcher is tested against).
    #[cfg(feature = "_test-hooks")]
    pub(crate) fn exec_with_regexp(
        &self,
        input: &str,
        out: &mut Vec<Span>,
    ) -> Result<bool, StepsExhausted> {
        let max_steps = match &self.matcher {
            Matcher::RegExp(RegExp::Bounded { max_steps, .. }) => *max_steps,
            _ => u64::MAX,
        };
        let (regexp, _) = regexp_create(
            &self.regular_expression_string,
            self.options.ignore_case,
            max_steps,
        )
        .expect("a generated regular expression compiles");
        regexp.exec_into(input, self.group_name_list.len(), out)
    }

    /// <https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme>
    /// (a match that runs out of steps is no match, as everywhere but the `try_*` forms).
    pub(crate) fn matches_a_special_scheme(&self) -> bool {
        ["ftp", "file", "http", "https", "ws", "wss"]
            .iter()
            .any(|scheme| no_match_on_error(self.is_match(scheme).map_err(|_| self.exhausted())))
    }
}

/// Fills in the component of an error raised while parsing its pattern string.
fn with_component(e: UrlPatternError, c: UrlPatternComponent) -> UrlPatternError {
    match e {
        UrlPatternError::Tokenize {
            component: None,
            index,
            reason,
        } => UrlPatternError::Tokenize {
            component: Some(c),
            index,
            reason,
        },
        UrlPatternError::UnexpectedToken {
            component: None,
            index,
            found,
            expected,
        } => UrlPatternError::UnexpectedToken {
            component: Some(c),
            index,
            found,
            expected,
        },
        UrlPatternError::DuplicateName {
            component: None,
            index,
            name,
        } => UrlPatternError::DuplicateName {
            component: Some(c),
            index,
            name,
        },
        other => other,
    }
}
