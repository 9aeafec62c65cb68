//! The batch ops `pattern` (`new URLPattern(...)` and, with `inputs`, `exec(...)`),
//! `pattern_compare` (`URLPattern.compareComponent(...)`) and `pattern_generate`
//! (`generate(...)`), with the constructor's arguments in the JSON form of web-platform-tests'
//! `urlpatterntestdata.json` (see docs/batch-contract.md).

use serde::Serialize;
use serde_json::{Map, Value};
use weburl::pattern::{
    UrlPattern, UrlPatternComponent, UrlPatternGenerateError, UrlPatternInit, UrlPatternInput,
    UrlPatternOptions,
};

use super::Answer;
use crate::json_text::type_name;
use crate::pattern_io::{MatchObject, NamedLimits, input};

/// The constructor's arguments, decoded.
#[derive(Debug)]
struct Arguments {
    input: UrlPatternInput,
    base: Option<String>,
    options: UrlPatternOptions,
    /// Why JavaScript's argument conversion throws before the constructor runs.
    throws: Option<String>,
}

/// What the pattern op answers: the component strings, `hasRegExpGroups`, and the outcome of
/// `exec()` when it was asked for (keys in this order).
#[derive(Debug, Serialize)]
pub struct PatternAnswer {
    components: Components,
    has_regexp_groups: bool,
    /// `Some(None)` is JSON null: `exec()` returned null.
    #[serde(rename = "match", skip_serializing_if = "Option::is_none")]
    matched: Option<Option<MatchObject>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exec_error: Option<String>,
}

/// The eight component pattern strings, in the spec's order.
#[derive(Debug, Serialize)]
struct Components {
    protocol: String,
    username: String,
    password: String,
    hostname: String,
    port: String,
    pathname: String,
    search: String,
    hash: String,
}

/// `pattern`: `pattern` (the constructor's arguments), optional `inputs` (the arguments of
/// `exec()`).
pub fn pattern(request: &Map<String, Value>) -> Result<Answer, String> {
    let arguments = match request.get("pattern") {
        Some(Value::Array(args)) => constructor_arguments(args)?,
        Some(other) => {
            return Err(format!(
                "field pattern must be an array, not {}",
                type_name(other)
            ));
        }
        None => return Err("missing field: pattern".to_owned()),
    };
    let exec = match request.get("inputs") {
        None | Some(Value::Null) => None,
        Some(Value::Array(args)) => Some(exec_arguments(args)?),
        Some(other) => {
            return Err(format!(
                "field inputs must be an array or null, not {}",
                type_name(other)
            ));
        }
    };
    let limits = request_limits(request)?;
    let pattern = match construct(arguments, &limits) {
        Ok(pattern) => pattern,
        Err(e) => return Ok(Answer::Failure(e)),
    };
    let mut answer = PatternAnswer {
        components: Components {
            protocol: pattern.protocol().to_owned(),
            username: pattern.username().to_owned(),
            password: pattern.password().to_owned(),
            hostname: pattern.hostname().to_owned(),
            port: pattern.port().to_owned(),
            pathname: pattern.pathname().to_owned(),
            search: pattern.search().to_owned(),
            hash: pattern.hash().to_owned(),
        },
        has_regexp_groups: pattern.has_regexp_groups(),
        matched: None,
        exec_error: None,
    };
    if let Some((input, base)) = exec {
        // `exec(init, baseURL)` throws (a base URL goes with a string only).
        match pattern.try_exec_input(&input, base.as_deref()) {
            Ok(Ok(result)) => answer.matched = Some(result.map(MatchObject::from)),
            // The regexp step budget ran out: no answer for this input.
            Ok(Err(e)) => return Ok(Answer::Failure(e.to_string())),
            Err(e) => answer.exec_error = Some(e.to_string()),
        }
    }
    Ok(Answer::Pattern(Box::new(answer)))
}

/// A field holding the constructor's arguments (a JSON array), decoded.
fn required_arguments(request: &Map<String, Value>, field: &str) -> Result<Arguments, String> {
    match request.get(field) {
        Some(Value::Array(args)) => constructor_arguments(args),
        Some(other) => Err(format!(
            "field {field} must be an array, not {}",
            type_name(other)
        )),
        None => Err(format!("missing field: {field}")),
    }
}

/// The component a name stands for; `Err` is the failure's message (what JavaScript throws).
fn component(name: &str) -> Result<UrlPatternComponent, String> {
    UrlPatternComponent::from_name(name)
        .ok_or_else(|| format!("unknown URLPattern component {name:?}"))
}

/// `pattern_compare`: `component`, `left` and `right` (the constructor's arguments of each);
/// `URLPattern.compareComponent(component, new URLPattern(...left), new URLPattern(...right))`.
/// As in JavaScript, the arguments are evaluated (the patterns built) before the component
/// name is checked.
pub fn pattern_compare(request: &Map<String, Value>) -> Result<Answer, String> {
    let name = crate::batch::required_str(request, "component")?;
    let left = required_arguments(request, "left")?;
    let right = required_arguments(request, "right")?;
    let limits = NamedLimits::new();
    let outcome = construct(left, &limits)
        .and_then(|left| Ok((left, construct(right, &limits)?)))
        .and_then(|(left, right)| Ok((component(name)?, left, right)));
    Ok(match outcome {
        Ok((component, left, right)) => Answer::Compared(
            match UrlPattern::compare_component(component, &left, &right) {
                std::cmp::Ordering::Less => -1,
                std::cmp::Ordering::Equal => 0,
                std::cmp::Ordering::Greater => 1,
            },
        ),
        Err(e) => Answer::Failure(e),
    })
}

/// `pattern_generate`: `pattern` (the constructor's arguments), `component`, `groups` (an
/// object of group name to string); `new URLPattern(...pattern).generate(component, groups)`.
pub fn pattern_generate(request: &Map<String, Value>) -> Result<Answer, String> {
    let arguments = required_arguments(request, "pattern")?;
    let name = crate::batch::required_str(request, "component")?;
    let groups: Vec<(&str, &str)> = match request.get("groups") {
        Some(Value::Object(groups)) => (groups.iter())
            .map(|(name, value)| match value {
                Value::String(value) => Ok((name.as_str(), value.as_str())),
                other => Err(format!(
                    "groups.{name} must be a string, not {}",
                    type_name(other)
                )),
            })
            .collect::<Result<_, _>>()?,
        Some(other) => {
            return Err(format!(
                "field groups must be an object, not {}",
                type_name(other)
            ));
        }
        None => return Err("missing field: groups".to_owned()),
    };
    let outcome = construct(arguments, &NamedLimits::new()).and_then(|pattern| {
        let component = component(name)?;
        (pattern.generate(component, groups)).map_err(|e| generate_message(&e))
    });
    Ok(match outcome {
        Ok(result) => Answer::Generated(result),
        Err(e) => Answer::Failure(e),
    })
}

/// The message of a `generate` error: the contract's `bar/baz contains the delimiter /` for a
/// value holding the component's delimiter once encoded (`/` in a special scheme's pathname,
/// `.` in a hostname; `../a/b becomes a/b, which contains ...` when encoding changed it), the
/// library's message otherwise.
fn generate_message(e: &UrlPatternGenerateError) -> String {
    if let UrlPatternGenerateError::ValueDoesNotMatch {
        component,
        name,
        value,
        encoded,
    } = e
    {
        let delimiter = match component {
            UrlPatternComponent::Pathname => Some('/'),
            UrlPatternComponent::Hostname => Some('.'),
            _ => None,
        };
        if let Some(d) = delimiter.filter(|&d| encoded.contains(d)) {
            if encoded != value {
                return format!("{value} becomes {encoded}, which contains the delimiter {d}");
            }
            return format!("{value} contains the delimiter {d}");
        }
        if value.is_empty() {
            return format!("the value of the {component} group {name:?} is empty");
        }
    }
    e.to_string()
}

/// Builds the pattern (JavaScript's constructor with any of its argument forms) within
/// `limits`; `Err` is the message of what the constructor throws.
fn construct(arguments: Arguments, limits: &NamedLimits) -> Result<UrlPattern, String> {
    if let Some(why) = arguments.throws {
        return Err(why);
    }
    UrlPattern::new_with_limits(
        &arguments.input,
        arguments.base.as_deref(),
        arguments.options,
        &limits.limits,
    )
    .map_err(|e| limits.message(&e))
}

/// The request's optional limits: `untrusted` (boolean: `PatternLimits::untrusted()`),
/// `regexp_groups` (boolean: whether custom regexp groups are accepted),
/// `backtracking_regexps` (boolean: whether those that need backtracking are),
/// `max_pattern_length` (bytes) and `max_regexp_steps` (the step budget of a match that
/// backtracks), each null or absent for the default; the others override what `untrusted`
/// sets.
fn request_limits(request: &Map<String, Value>) -> Result<NamedLimits, String> {
    let mut limits = NamedLimits::new();
    limits.base("give the baseURL argument (the pattern's second), or use an init object");
    match request.get("untrusted") {
        None | Some(Value::Null | Value::Bool(false)) => {}
        Some(Value::Bool(true)) => limits.untrusted("untrusted: true"),
        Some(other) => {
            return Err(format!(
                "field untrusted must be a boolean or null, not {}",
                type_name(other)
            ));
        }
    }
    match request.get("regexp_groups") {
        None | Some(Value::Null) => {}
        Some(Value::Bool(allow)) => {
            limits.regexp_groups(*allow, &format!("regexp_groups: {allow}"));
        }
        Some(other) => {
            return Err(format!(
                "field regexp_groups must be a boolean or null, not {}",
                type_name(other)
            ));
        }
    }
    match request.get("backtracking_regexps") {
        None | Some(Value::Null) => {}
        Some(Value::Bool(allow)) => {
            limits.backtracking_regexps(*allow, &format!("backtracking_regexps: {allow}"));
        }
        Some(other) => {
            return Err(format!(
                "field backtracking_regexps must be a boolean or null, not {}",
                type_name(other)
            ));
        }
    }
    match request.get("max_regexp_steps") {
        None | Some(Value::Null) => {}
        Some(value) => {
            let Some(max) = value.as_u64() else {
                return Err(format!(
                    "field max_regexp_steps must be a non-negative integer or null, not {}",
                    if value.is_number() {
                        value.to_string()
                    } else {
                        type_name(value).to_owned()
                    }
                ));
            };
            limits.max_regexp_steps(max);
        }
    }
    match request.get("max_pattern_length") {
        None | Some(Value::Null) => {}
        Some(value) => {
            let Some(max) = value.as_u64() else {
                return Err(format!(
                    "field max_pattern_length must be a non-negative integer or null, not {}",
                    if value.is_number() {
                        value.to_string()
                    } else {
                        type_name(value).to_owned()
                    }
                ));
            };
            let max = usize::try_from(max).unwrap_or(usize::MAX);
            limits.max_len(max, format!("max_pattern_length: {max}"));
        }
    }
    Ok(limits)
}

/// Decodes `[]`, `[input]`, `[input, baseURL]`, `[input, options]` or
/// `[input, baseURL, options]`.
fn constructor_arguments(args: &[Value]) -> Result<Arguments, String> {
    let mut arguments = Arguments {
        input: UrlPatternInput::from(UrlPatternInit::default()),
        base: None,
        options: UrlPatternOptions::default(),
        throws: None,
    };
    let Some((first, rest)) = args.split_first() else {
        return Ok(arguments);
    };
    arguments.input = input(first, "pattern[0]")?;
    // JavaScript's overloads: `(input, options)` and `(input, baseURL, options)`. With two
    // arguments an object is the options, anything else the base URL; with three the second
    // is the base URL, converted to a string whatever it is (an object is "[object Object]",
    // not a URL), and the third must be an object (or null), else the conversion throws.
    match rest {
        [] => {}
        [Value::Object(options)] => arguments.options = decode_options(options)?,
        [base] => arguments.base = Some(js_string(base)),
        [base, options] => {
            arguments.base = Some(js_string(base));
            match options {
                Value::Object(options) => arguments.options = decode_options(options)?,
                Value::Null => {}
                other => {
                    arguments.throws = Some(format!(
                        "the options argument must be an object, not {}",
                        type_name(other)
                    ));
                }
            }
        }
        _ => {
            return Err(format!(
                "pattern has {} arguments: at most 3 (input, baseURL, options)",
                args.len()
            ));
        }
    }
    Ok(arguments)
}

/// A JSON value as JavaScript's `String(value)` gives it.
fn js_string(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::Array(items) => (items.iter())
            .map(|v| {
                if v.is_null() {
                    String::new()
                } else {
                    js_string(v)
                }
            })
            .collect::<Vec<_>>()
            .join(","),
        Value::Object(_) => "[object Object]".to_owned(),
    }
}

/// Decodes `[]`, `[input]` or `[input, baseURL]`.
fn exec_arguments(args: &[Value]) -> Result<(UrlPatternInput, Option<String>), String> {
    match args {
        [] => Ok((UrlPatternInput::from(UrlPatternInit::default()), None)),
        [first] => Ok((input(first, "inputs[0]")?, None)),
        [first, Value::String(base)] => Ok((input(first, "inputs[0]")?, Some(base.clone()))),
        _ => Err("inputs must be [], [input] or [input, baseURL] (baseURL a string)".to_owned()),
    }
}

/// `{"ignoreCase": bool}` (absent: false).
fn decode_options(options: &Map<String, Value>) -> Result<UrlPatternOptions, String> {
    let mut out = UrlPatternOptions::default();
    for (name, value) in options {
        match (name.as_str(), value) {
            ("ignoreCase", Value::Bool(b)) => out.ignore_case = *b,
            ("ignoreCase", other) => {
                return Err(format!(
                    "options.ignoreCase must be a boolean, not {}",
                    type_name(other)
                ));
            }
            _ => {
                return Err(format!(
                    "options has an unknown field {name} (expected ignoreCase)"
                ));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::batch::answer_json;

    #[test]
    fn request_errors_name_the_argument() {
        assert_eq!(
            answer_json(r#"{"op":"pattern"}"#),
            "{\"error\":\"missing field: pattern\"}\n"
        );
        assert_eq!(
            answer_json(r#"{"op":"pattern","pattern":[{"pathname":1}]}"#),
            "{\"error\":\"pattern[0].pathname must be a string, not a number\"}\n"
        );
        assert_eq!(
            answer_json(r#"{"op":"pattern","pattern":["a","b","c","d"]}"#),
            "{\"error\":\"pattern has 4 arguments: at most 3 (input, baseURL, options)\"}\n"
        );
        assert_eq!(
            answer_json(r#"{"op":"pattern","pattern":["/a",{"ignoreCase":1}]}"#),
            "{\"error\":\"options.ignoreCase must be a boolean, not a number\"}\n"
        );
        assert_eq!(
            answer_json(r#"{"op":"pattern","pattern":[{}],"inputs":[1]}"#),
            "{\"error\":\"inputs[0] must be a string or an init object, not a number\"}\n"
        );
    }

    #[test]
    fn init_members_are_strings_and_others_are_ignored() {
        // A member of `URLPatternInit` that is not a string is an error naming it, in the
        // constructor's arguments and in exec()'s.
        for (value, what) in [
            ("null", "null"),
            ("true", "a boolean"),
            ("[\"/a\"]", "an array"),
            ("{}", "an object"),
            ("1.5", "a number"),
        ] {
            assert_eq!(
                answer_json(&format!(
                    r#"{{"op":"pattern","pattern":[{{"baseURL":{value}}}]}}"#
                )),
                format!("{{\"error\":\"pattern[0].baseURL must be a string, not {what}\"}}\n")
            );
            assert_eq!(
                answer_json(&format!(
                    r#"{{"op":"pattern","pattern":[{{}}],"inputs":[{{"hash":{value}}}]}}"#
                )),
                format!("{{\"error\":\"inputs[0].hash must be a string, not {what}\"}}\n")
            );
        }
        // Other members are ignored, whatever they hold (JavaScript's dictionary conversion),
        // and so are Rust's spellings of the members.
        let got = answer_json(
            r#"{"op":"pattern","pattern":[{"pathname":"/a/:x","ignoreCase":1,"base_url":2}],"inputs":[{"pathname":"/a/b","extra":[null]}]}"#,
        );
        assert!(got.contains(r#""pathname":"/a/:x""#), "{got}");
        assert!(
            got.contains(r#""pathname":{"input":"/a/b","groups":{"x":"b"}}"#),
            "{got}"
        );
    }

    #[test]
    fn an_init_with_a_base_url_throws() {
        let got = answer_json(r#"{"op":"pattern","pattern":[{"pathname":"/a"},"https://a/"]}"#);
        assert!(got.starts_with("{\"failure\":true,\"error\":"), "{got}");
        let got = answer_json(
            r#"{"op":"pattern","pattern":[{"pathname":"/a"}],"inputs":[{"pathname":"/a"},"https://a/"]}"#,
        );
        assert!(got.contains("\"exec_error\":\""), "{got}");
        assert!(!got.contains("\"match\""), "{got}");
    }

    #[test]
    fn limits_refuse_and_say_which() {
        let regexp = r#"{"op":"pattern","pattern":[{"pathname":"/:id(\\d+)"}]"#;
        assert!(answer_json(&format!("{regexp}}}")).starts_with("{\"components\":"));
        assert_eq!(
            answer_json(&format!("{regexp},\"untrusted\":true}}")),
            "{\"failure\":true,\"error\":\"the pathname pattern has a custom regexp group, \
             which the limits refuse (untrusted: true)\"}\n"
        );
        assert!(
            answer_json(&format!("{regexp},\"regexp_groups\":false}}"))
                .contains("which the limits refuse (regexp_groups: false)")
        );
        // An explicit field overrides what `untrusted` sets.
        let allowed = answer_json(&format!(
            "{regexp},\"untrusted\":true,\"regexp_groups\":true}}"
        ));
        assert!(allowed.starts_with("{\"components\":"), "{allowed}");
        assert_eq!(
            answer_json(&format!("{regexp},\"max_pattern_length\":5}}")),
            "{\"failure\":true,\"error\":\"the pattern is 9 bytes long; the limit is 5 \
             (max_pattern_length: 5)\"}\n"
        );
        assert_eq!(
            answer_json(&format!("{regexp},\"max_pattern_length\":-1}}")),
            "{\"error\":\"field max_pattern_length must be a non-negative integer or null, \
             not -1\"}\n"
        );
        assert_eq!(
            answer_json(&format!("{regexp},\"untrusted\":\"yes\"}}")),
            "{\"error\":\"field untrusted must be a boolean or null, not a string\"}\n"
        );
    }

    #[test]
    fn groups_keep_the_pattern_order() {
        let got = answer_json(
            r#"{"op":"pattern","pattern":[{"pathname":"/:b/:a/*"}],"inputs":[{"pathname":"/x/y/z"}]}"#,
        );
        assert!(
            got.contains(r#""pathname":{"input":"/x/y/z","groups":{"b":"x","a":"y","0":"z"}}"#),
            "{got}"
        );
    }
}
