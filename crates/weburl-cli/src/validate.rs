//! `weburl validate`: every validation error the URL parser meets in each input, linter-style,
//! and whether the input is a valid URL string. The check itself ([`check`]) is shared with the
//! batch `validate` operation.

use std::borrow::Cow;
use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;
use weburl::{ParseError, Url, ValidationError, ValidationErrorKind, is_valid_url_string};

use crate::driver::{self, Process, RunArgs, Sink};
use crate::idna_detail;
use crate::input::{self, SourceArgs};
use crate::report::{self, RED, RESET};

/// Examples shown at the end of `weburl validate --help`.
pub const EXAMPLES: &str = r#"Report:
  One line per validation error the parser meets, in the order it meets them:
    <input>:<column>: <error-name>: <message>
  where <column> is 1-based and counts the characters (Unicode scalar values, not bytes)
  of the input before the error, plus 1, and <error-name> is the URL Standard's name of
  the error. A parse failure's own error is among them. An input without validation
  errors that is still not a valid URL string gets one line
    <input>:1: not-a-valid-URL-string: <message>
  (the URL Standard's "valid URL string" grammar, which says how URLs should be written,
  is stricter than "the parser reports no validation error"). A clean input prints
  nothing (with --verbose: `<input>: ok`). On a terminal, the input follows its lines,
  with a caret under each error and an empty line after; piped or redirected, the output
  is only the lines above, stable for scripts.
  With --json, one object per input: "valid" is true when nothing is reported (no error,
  and a valid URL string), "href" is null when the input does not parse, and "errors"
  lists what the lines show, with "offset" in bytes.

Examples:
  $ weburl validate 'https://example.org/>' 'https://example.org/ok'
  https://example.org/>:21: invalid-URL-unit: a code point that is not allowed in URLs, or a '%' not followed by two hex digits

  $ weburl validate 'https://user:pass@example.org' 'https:\\example.org'
  https://user:pass@example.org:18: invalid-credentials: the URL contains credentials
  https:\\example.org:7: special-scheme-missing-following-solidus: the special scheme is not followed by exactly "//"
  https:\\example.org:7: special-scheme-missing-following-solidus: the special scheme is not followed by exactly "//"
  https:\\example.org:8: special-scheme-missing-following-solidus: the special scheme is not followed by exactly "//"

  $ weburl validate -v --base 'https://example.org/dir/' '../a?b#c' 'https://example.org:70000'
  ../a?b#c: ok
  https://example.org:70000:21: port-out-of-range: the port is greater than 65535

  $ weburl validate --json 'http://u@h/é x'
  {"input":"http://u@h/é x","valid":false,"href":"http://u@h/%C3%A9%20x","errors":[{"name":"invalid-credentials","offset":8,"column":9,"message":"the URL contains credentials"},{"name":"invalid-URL-unit","offset":13,"column":13,"message":"a code point that is not allowed in URLs, or a '%' not followed by two hex digits"}]}

Exit status: 0 when every input is clean, 1 when some input has an error (or does not
parse, or is not UTF-8), 2 on a usage error (including a base that does not parse)."#;

/// The name reported for an input that parses without a validation error but is not a valid
/// URL string.
const NOT_VALID_NAME: &str = "not-a-valid-URL-string";

/// The message that goes with [`NOT_VALID_NAME`].
const NOT_VALID_MESSAGE: &str = "no validation error, but the stricter \"valid URL string\" \
                                 grammar does not allow this input";

/// Arguments of `weburl validate`.
#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Check every input as a reference resolved against this URL (it must itself parse)
    #[arg(long, value_name = "URL")]
    base: Option<String>,

    /// Print one JSON object per input: {"input", "valid", "href" (null when it does not
    /// parse), "errors": [{"name", "offset", "column", "message"}]}
    #[arg(long)]
    json: bool,

    /// Also print `<input>: ok` for every input without errors
    #[arg(short, long, conflicts_with = "json")]
    verbose: bool,

    /// The URLs to check; `-` reads one per line from standard input, which is also what
    /// happens when no URL (and no --url-file) is given
    #[arg(value_name = "URL")]
    urls: Vec<String>,

    #[command(flatten)]
    source: SourceArgs,

    #[command(flatten)]
    run: RunArgs,
}

/// What the parser and the URL-writing grammar say about one input.
#[derive(Debug)]
pub struct Check {
    /// The parser's result.
    pub result: Result<Url, ParseError>,
    /// The validation errors the parser met, in order (a failure's own error among them).
    pub errors: Vec<ValidationError>,
    /// Whether the input is a valid URL string (relative to the base, when there is one).
    pub valid_url_string: bool,
}

/// Parses `input` against `base`, hearing every validation error, and checks it against the
/// "valid URL string" grammar.
pub fn check(input: &str, base: Option<&Url>) -> Check {
    let mut errors = Vec::new();
    let result = Url::options()
        .base(base)
        .on_validation_error(&mut |e| errors.push(e))
        .parse(input);
    Check {
        result,
        errors,
        valid_url_string: is_valid_url_string(input, base),
    }
}

/// One problem reported for an input: a validation error, or [`NOT_VALID_NAME`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct Finding {
    /// The spec's name of the error.
    name: &'static str,
    /// Its byte offset in the input.
    offset: usize,
    /// Its 1-based column: the characters (Unicode scalar values) before `offset`, plus 1.
    column: usize,
    /// What it means, for people.
    message: Cow<'static, str>,
}

impl Finding {
    fn new(input: &str, name: &'static str, offset: usize, message: Cow<'static, str>) -> Self {
        Finding {
            name,
            offset,
            column: column(input, offset),
            message,
        }
    }
}

/// The 1-based column of the byte `offset` of `input`, counted in characters.
fn column(input: &str, offset: usize) -> usize {
    input
        .char_indices()
        .take_while(|&(i, _)| i < offset)
        .count()
        + 1
}

/// Everything reported for `input`: its validation errors; or, when there are none, the reason
/// it failed (a failure the parser reported no error for: too long) or that it is not a valid
/// URL string. Empty when the input is clean.
fn findings(input: &str, check: &Check) -> Vec<Finding> {
    let mut findings: Vec<Finding> = (check.errors.iter())
        .map(|e| Finding::new(input, e.kind.spec_name(), e.offset, message(input, e)))
        .collect();
    if findings.is_empty() {
        match &check.result {
            Err(e) => findings.push(Finding::new(input, e.spec_name(), 0, e.to_string().into())),
            Ok(_) if !check.valid_url_string => {
                findings.push(Finding::new(
                    input,
                    NOT_VALID_NAME,
                    0,
                    NOT_VALID_MESSAGE.into(),
                ));
            }
            Ok(_) => {}
        }
    }
    findings
}

/// What is said about the validation error `e` of `input`: the library's message, and for a
/// `domain-to-ASCII` error what made strict IDNA fail (which code point, which label).
fn message(input: &str, e: &ValidationError) -> Cow<'static, str> {
    let message = e.kind.message();
    if e.kind == ValidationErrorKind::DomainToAscii
        && let Some(detail) = idna_detail::strict_failure(input, e.offset)
    {
        return format!("{message}: {detail}").into();
    }
    message.into()
}

/// How reports are printed.
#[derive(Clone, Copy, Debug)]
enum Style {
    /// Lines `<input>:<column>: <name>: <message>`.
    Text {
        /// `--verbose`: `<input>: ok` for a clean input.
        verbose: bool,
        /// On a terminal: the input and a caret line per error under the lines, then an empty
        /// line.
        carets: bool,
        /// Red error names.
        color: bool,
    },
    /// `--json`: one object per input.
    Json,
}

/// `--json`'s object for one input.
#[derive(Serialize)]
struct JsonReport<'a> {
    input: &'a str,
    /// Whether nothing is reported: no validation error, and a valid URL string.
    valid: bool,
    href: Option<&'a str>,
    errors: &'a [Finding],
}

/// The `validate` run over every input.
struct Validate<'a> {
    base: Option<&'a Url>,
    style: Style,
}

impl Process for Validate<'_> {
    fn process(&self, input: &str, sink: &mut Sink) {
        let check = check(input, self.base);
        let findings = findings(input, &check);
        let out = sink.out();
        match self.style {
            Style::Json => {
                let report = JsonReport {
                    input,
                    valid: findings.is_empty(),
                    href: check.result.as_ref().ok().map(Url::href),
                    errors: &findings,
                };
                // Strings and numbers only: serializing into a `Vec` cannot fail.
                let _ = serde_json::to_writer(&mut *out, &report);
                out.push(b'\n');
            }
            Style::Text {
                verbose,
                carets,
                color,
            } => {
                if findings.is_empty() && verbose {
                    let _ = writeln!(out, "{input}: ok");
                }
                render_text(input, &findings, carets, color, out);
            }
        }
        if !findings.is_empty() {
            sink.fail_quietly();
        }
    }

    /// A line that is not UTF-8: with `--json` an object with one finding (the text report
    /// goes to standard error, as for every other command).
    fn not_utf8(&self, lossy: &str, sink: &mut Sink) {
        let Style::Json = self.style else {
            return sink.fail(crate::failure::NOT_UTF8_MESSAGE.to_owned());
        };
        let finding = Finding::new(
            lossy,
            crate::failure::NOT_UTF8_NAME,
            0,
            crate::failure::NOT_UTF8_MESSAGE.into(),
        );
        let report = JsonReport {
            input: lossy,
            valid: false,
            href: None,
            errors: &[finding],
        };
        let out = sink.out();
        // Strings and numbers only: serializing into a `Vec` cannot fail.
        let _ = serde_json::to_writer(&mut *out, &report);
        out.push(b'\n');
        sink.fail_quietly();
    }
}

/// Appends the lines for `findings` to `out`; with `carets`, then the input (indented by two
/// spaces) with a caret line under it for each distinct finding, and an empty line.
fn render_text(input: &str, findings: &[Finding], carets: bool, color: bool, out: &mut Vec<u8>) {
    let (red, reset) = if color { (RED, RESET) } else { ("", "") };
    for f in findings {
        let _ = writeln!(
            out,
            "{input}:{}: {red}{}{reset}: {}",
            f.column, f.name, f.message
        );
    }
    if !carets || findings.is_empty() {
        return;
    }
    let _ = writeln!(out, "  {input}");
    let mut shown: Vec<(usize, &str)> = Vec::with_capacity(findings.len());
    for f in findings {
        if shown.contains(&(f.column, f.name)) {
            continue;
        }
        shown.push((f.column, f.name));
        // A tab before the column is copied, so that the caret lines up under a terminal's
        // tab stops; any other character takes one column.
        let pad: String = (input.chars().take(f.column - 1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let _ = writeln!(out, "  {pad}{red}^ {}{reset}", f.name);
    }
    out.push(b'\n');
}

/// Runs `weburl validate`.
pub fn run(args: ValidateArgs) -> ExitCode {
    let base = (args.base.as_deref()).map(|base| input::parse_base(base, "--base <URL>", false));
    let style = if args.json {
        Style::Json
    } else {
        Style::Text {
            verbose: args.verbose,
            carets: report::stdout_terminal(),
            color: report::stdout_color(),
        }
    };
    let validate = Validate {
        base: base.as_ref(),
        style,
    };
    driver::run_process(&validate, args.urls, &args.source, &args.run)
}

#[cfg(test)]
mod tests {
    use super::{Check, Finding, NOT_VALID_MESSAGE, NOT_VALID_NAME, column, findings, render_text};
    use weburl::{ParseError, Url};

    #[test]
    fn columns_count_characters() {
        assert_eq!(column("abc", 0), 1);
        assert_eq!(column("abc", 2), 3);
        assert_eq!(column("abc", 3), 4);
        // 'é' is 2 bytes, '😀' 4: one column each.
        assert_eq!(column("é😀x", 2), 2);
        assert_eq!(column("é😀x", 6), 3);
        assert_eq!(column("é😀x", 7), 4);
    }

    #[test]
    fn a_clean_parse_that_is_not_a_valid_url_string() {
        let check = Check {
            result: Ok(Url::parse("http://a/").unwrap()),
            errors: Vec::new(),
            valid_url_string: false,
        };
        assert_eq!(
            findings("http://a/", &check),
            [Finding {
                name: NOT_VALID_NAME,
                offset: 0,
                column: 1,
                message: NOT_VALID_MESSAGE.into(),
            }]
        );
        let mut out = Vec::new();
        render_text(
            "http://a/",
            &findings("http://a/", &check),
            false,
            false,
            &mut out,
        );
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "http://a/:1: not-a-valid-URL-string: no validation error, but the stricter \
             \"valid URL string\" grammar does not allow this input\n"
        );
    }

    #[test]
    fn a_failure_without_a_validation_error_is_reported() {
        let check = Check {
            result: Err(ParseError::TooLong),
            errors: Vec::new(),
            valid_url_string: false,
        };
        assert_eq!(
            findings("x", &check),
            [Finding {
                name: "too-long",
                offset: 0,
                column: 1,
                message: "the URL is too long".into(),
            }]
        );
    }

    #[test]
    fn a_clean_input_has_no_findings() {
        let check = super::check("https://example.org/a?b#c", None);
        assert!(check.errors.is_empty() && check.valid_url_string);
        assert!(findings("https://example.org/a?b#c", &check).is_empty());
    }

    #[test]
    fn carets_line_up_and_repeat_once() {
        let input = "\thttps:\\\\é.example/ x";
        let check = super::check(input, None);
        let mut out = Vec::new();
        render_text(input, &findings(input, &check), true, false, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\thttps:\\\\é.example/ x:1: invalid-URL-unit: a code point that is not allowed in \
             URLs, or a '%' not followed by two hex digits\n\
             \thttps:\\\\é.example/ x:8: special-scheme-missing-following-solidus: the special \
             scheme is not followed by exactly \"//\"\n\
             \thttps:\\\\é.example/ x:8: special-scheme-missing-following-solidus: the special \
             scheme is not followed by exactly \"//\"\n\
             \thttps:\\\\é.example/ x:9: special-scheme-missing-following-solidus: the special \
             scheme is not followed by exactly \"//\"\n\
             \thttps:\\\\é.example/ x:20: invalid-URL-unit: a code point that is not allowed in \
             URLs, or a '%' not followed by two hex digits\n  \
             \thttps:\\\\é.example/ x\n  \
             ^ invalid-URL-unit\n  \
             \t      ^ special-scheme-missing-following-solidus\n  \
             \t       ^ special-scheme-missing-following-solidus\n  \
             \t                  ^ invalid-URL-unit\n\n"
        );
    }

    #[test]
    fn colour_marks_error_names() {
        let input = "http://u@h/";
        let check = super::check(input, None);
        let mut out = Vec::new();
        render_text(input, &findings(input, &check), true, true, &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "http://u@h/:9: \x1b[1;31minvalid-credentials\x1b[0m: the URL contains credentials\n  \
             http://u@h/\n          \x1b[1;31m^ invalid-credentials\x1b[0m\n\n"
        );
    }
}
