//! A [component](https://urlpattern.spec.whatwg.org/#component) of a URL pattern: its
//! pattern string, part list, regular expression and group name list, and how it matches.

use super::error::{UrlPatternComponent, UrlPatternError};
use super::matcher::{Captures, Program};
use super::parser::{
    EncodingCallback, Options, Part, PartType, generate_a_pattern_string,
    generate_a_regular_expression_and_name_list, parse_a_pattern_string,
};

/// How a component matches: straight from its part list, or (with custom regexp groups)
/// with the ECMAScript regular expression.
#[derive(Debug, Clone)]
pub(crate) enum Matcher {
    Parts(Program),
    RegExp(regress::Regex),
}

/// <https://urlpattern.spec.whatwg.org/#component>
#[derive(Debug, Clone)]
#[cfg_attr(not(feature = "_test-hooks"), allow(dead_code))]
pub(crate) struct CompiledComponent {
    pub(crate) pattern_string: String,
    pub(crate) regular_expression_string: String,
    pub(crate) group_name_list: Vec<String>,
    pub(crate) has_regexp_groups: bool,
    pub(crate) part_list: Vec<Part>,
    pub(crate) options: Options,
    pub(crate) matcher: Matcher,
}

/// [RegExpCreate](https://tc39.es/ecma262/#sec-regexpcreate) with the flags the spec gives
/// (`v`, `vi`). `regress` applies the `v` flag's class-set syntax and string properties, but
/// reads the rules the `v` flag shares with `u` (no identity escapes of letters, back
/// references that must exist, code-point matching) only under `u`; so both are set, which
/// is what `v` means in JavaScript.
pub(crate) fn regexp_create(source: &str, ignore_case: bool) -> Result<regress::Regex, String> {
    let flags = if ignore_case { "uvi" } else { "uv" };
    regress::Regex::with_flags(source, flags).map_err(|e| e.to_string())
}

impl CompiledComponent {
    /// <https://urlpattern.spec.whatwg.org/#compile-a-component>
    pub(crate) fn compile(
        component: UrlPatternComponent,
        input: &str,
        encoding_callback: EncodingCallback<'_>,
        options: Options,
        allow_regexp_groups: bool,
    ) -> Result<CompiledComponent, UrlPatternError> {
        let part_list = parse_a_pattern_string(input, &options, encoding_callback)
            .map_err(|e| with_component(e, component))?;
        let (regular_expression_string, group_name_list) =
            generate_a_regular_expression_and_name_list(&part_list, &options);
        let has_regexp_groups = part_list.iter().any(|p| p.kind == PartType::Regexp);
        if has_regexp_groups && !allow_regexp_groups {
            return Err(UrlPatternError::RegExpGroupsRefused { component });
        }
        let matcher = if has_regexp_groups {
            // Custom regexp groups are compiled now, so that an invalid one is an error here.
            Matcher::RegExp(
                regexp_create(&regular_expression_string, options.ignore_case).map_err(
                    |message| UrlPatternError::InvalidRegExp {
                        component,
                        regexp: regular_expression_string.clone(),
                        message,
                    },
                )?,
            )
        } else {
            Matcher::Parts(Program::new(&part_list, &options))
        };
        let pattern_string = generate_a_pattern_string(&part_list, &options);
        Ok(CompiledComponent {
            pattern_string,
            regular_expression_string,
            group_name_list,
            has_regexp_groups,
            part_list,
            options,
            matcher,
        })
    }

    /// RegExpBuiltinExec of the component's regular expression on `input`: the byte range of
    /// each group of the name list, or `None` when it does not match.
    pub(crate) fn exec(&self, input: &str) -> Option<Captures> {
        match &self.matcher {
            Matcher::Parts(program) => program.exec(input),
            Matcher::RegExp(regex) => regexp_exec(regex, input, self.group_name_list.len()),
        }
    }

    /// Whether `input` matches (RegExpBuiltinExec is not null), without the groups.
    pub(crate) fn is_match(&self, input: &str) -> bool {
        match &self.matcher {
            Matcher::Parts(program) => program.is_match(input),
            Matcher::RegExp(regex) => regex.find(input).is_some(),
        }
    }

    /// The same with the regular expression, whatever the part list (the general path that
    /// the part-list matcher is tested against).
    #[cfg(feature = "_test-hooks")]
    pub(crate) fn exec_with_regexp(&self, input: &str) -> Option<Captures> {
        let regex = regexp_create(&self.regular_expression_string, self.options.ignore_case)
            .expect("a generated regular expression compiles");
        regexp_exec(&regex, input, self.group_name_list.len())
    }

    /// <https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme>
    pub(crate) fn matches_a_special_scheme(&self) -> bool {
        ["ftp", "file", "http", "https", "ws", "wss"]
            .iter()
            .any(|scheme| self.is_match(scheme))
    }
}

fn regexp_exec(regex: &regress::Regex, input: &str, groups: usize) -> Option<Captures> {
    let m = regex.find(input)?;
    Some(
        (1..=groups)
            .map(|i| m.group(i).map(|r| (r.start, r.end)))
            .collect(),
    )
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
