//! `weburl batch`: the machine interface, JSON Lines in and out.
//!
//! The contract is `docs/batch-contract.md`: exactly one JSON line out for each line in, in the
//! same order; a request that cannot be answered gets `{"error": ...}` and the run goes on.

use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use serde::Serialize;
use serde_json::{Map, Value};
use weburl::{Host, Url};

use crate::components::Components;
use crate::json_lossy::replace_lone_surrogates;
use crate::lines::{IoFailure, LineReader};

/// Size of the standard output buffer.
const OUTPUT_BUFFER_SIZE: usize = 64 * 1024;

/// Examples shown at the end of `weburl batch --help`.
pub const EXAMPLES: &str = r##"Examples:
  $ echo '{"op":"parse","input":"../c?x#y","base":"http://EXAMPLE.com/a/b"}' | weburl batch
  {"href":"http://example.com/c?x#y","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/c","search":"?x","hash":"#y"}

  $ echo '{"op":"toascii","input":"BÜcher.example"}' | weburl batch
  {"output":"xn--bcher-kva.example"}

  $ echo '{"op":"parse","input":"http://a:99999/"}' | weburl batch
  {"failure":true,"error":"the port is greater than 65535"}

Operations in this version: parse, toascii. See docs/batch-contract.md for the contract.
Exit status: 0 when all input was read (even if requests failed), 1 on an I/O error."##;

/// The WHATWG Encoding Standard's labels of UTF-8, the only encoding this version supports.
const UTF8_LABELS: [&str; 6] = [
    "unicode-1-1-utf-8",
    "unicode11utf8",
    "unicode20utf8",
    "utf-8",
    "utf8",
    "x-unicode20utf8",
];

/// Runs `weburl batch` on standard input and output: exit status 0 when all input was read and
/// all answers written, 1 otherwise (quietly when the reader of the output went away).
pub fn run() -> ExitCode {
    let out = BufWriter::with_capacity(OUTPUT_BUFFER_SIZE, io::stdout().lock());
    match run_on(io::stdin(), out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if !e.is_broken_pipe() {
                e.report();
            }
            ExitCode::FAILURE
        }
    }
}

/// Answers every line of `input` on `out`, one line each, then flushes `out`.
pub fn run_on(input: impl Read, mut out: impl Write) -> Result<(), IoFailure> {
    let mut reader = LineReader::new(input);
    let mut line = Vec::new();
    loop {
        if reader.is_drained() {
            // The next read may wait: a program driving this one through pipes, a request at a
            // time, gets its answers now.
            out.flush().map_err(IoFailure::Write)?;
        }
        if !reader.read_line(&mut line).map_err(IoFailure::Read)? {
            return Ok(());
        }
        answer(&line).write_to(&mut out).map_err(IoFailure::Write)?;
    }
}

/// The answer to one request line.
#[derive(Debug)]
pub enum Answer {
    /// A URL, written as the component object.
    Url(Url),
    /// A string result: `{"output": ...}`.
    Output(String),
    /// The operation failed (the URL or host did not parse): `{"failure":true,"error":...}`.
    Failure(String),
    /// The request itself could not be carried out: `{"error":...}`.
    Error(String),
}

/// `{"output": ...}`.
#[derive(Serialize)]
struct OutputObject<'a> {
    output: &'a str,
}

/// `{"failure":true,"error":...}`.
#[derive(Serialize)]
struct FailureObject<'a> {
    failure: bool,
    error: &'a str,
}

/// `{"error":...}`.
#[derive(Serialize)]
struct ErrorObject<'a> {
    error: &'a str,
}

impl Answer {
    /// Writes the answer as one JSON line.
    pub fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        match self {
            Answer::Url(url) => serde_json::to_writer(&mut out, &Components::from(url)),
            Answer::Output(output) => serde_json::to_writer(&mut out, &OutputObject { output }),
            Answer::Failure(error) => serde_json::to_writer(
                &mut out,
                &FailureObject {
                    failure: true,
                    error,
                },
            ),
            Answer::Error(error) => serde_json::to_writer(&mut out, &ErrorObject { error }),
        }?;
        out.write_all(b"\n")
    }
}

/// Answers one request line (without its line terminator).
pub fn answer(line: &[u8]) -> Answer {
    match request(line) {
        Ok(answer) => answer,
        Err(error) => Answer::Error(error),
    }
}

/// Decodes a request line and carries it out; `Err` is the reason it cannot be.
fn request(line: &[u8]) -> Result<Answer, String> {
    let line = std::str::from_utf8(line).map_err(|_| "line is not valid UTF-8".to_owned())?;
    if line.trim_matches([' ', '\t', '\n', '\r']).is_empty() {
        return Err("empty request".to_owned());
    }
    let value: Value = serde_json::from_str(&replace_lone_surrogates(line))
        .map_err(|e| format!("invalid JSON: {e}"))?;
    let Value::Object(request) = value else {
        return Err("the request is not a JSON object".to_owned());
    };
    let op = required_str(&request, "op")?;
    match op {
        "parse" => parse(&request),
        "toascii" => toascii(&request),
        _ => Err(format!("unsupported op: {op}")),
    }
}

/// `parse`: `input`, optional `base` (string or null), optional `encoding`.
fn parse(request: &Map<String, Value>) -> Result<Answer, String> {
    let input = required_str(request, "input")?;
    let base = optional_str(request, "base")?;
    if let Some(label) = optional_str(request, "encoding")?
        && !is_utf8_label(label)
    {
        return Err(format!("unsupported encoding: {label}"));
    }
    let parsed = match base {
        None => Url::parse(input),
        Some(base) => match Url::parse(base) {
            Ok(base) => Url::parse_with_base(input, &base),
            Err(e) => return Ok(Answer::Failure(format!("invalid base URL: {e}"))),
        },
    };
    Ok(match parsed {
        Ok(url) => Answer::Url(url),
        Err(e) => Answer::Failure(e.to_string()),
    })
}

/// `toascii`: the host parser, for a special URL, on `input`.
fn toascii(request: &Map<String, Value>) -> Result<Answer, String> {
    let input = required_str(request, "input")?;
    Ok(match Host::parse(input) {
        Ok(host) => Answer::Output(host.to_string()),
        Err(e) => Answer::Failure(e.to_string()),
    })
}

/// A field that must be present and a string.
fn required_str<'a>(request: &'a Map<String, Value>, field: &str) -> Result<&'a str, String> {
    match request.get(field) {
        None => Err(format!("missing field: {field}")),
        Some(Value::String(s)) => Ok(s),
        Some(other) => Err(format!(
            "field {field} must be a string, not {}",
            type_name(other)
        )),
    }
}

/// A field that may be absent or null, and is a string otherwise.
fn optional_str<'a>(
    request: &'a Map<String, Value>,
    field: &str,
) -> Result<Option<&'a str>, String> {
    match request.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(format!(
            "field {field} must be a string or null, not {}",
            type_name(other)
        )),
    }
}

/// The JSON type of a value, for error messages.
fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Whether `label` names UTF-8 in the Encoding Standard: labels match ASCII
/// case-insensitively once stripped of leading and trailing ASCII whitespace.
fn is_utf8_label(label: &str) -> bool {
    let label = label.trim_matches(['\t', '\n', '\x0C', '\r', ' ']);
    UTF8_LABELS
        .iter()
        .any(|known| known.eq_ignore_ascii_case(label))
}

#[cfg(test)]
mod tests {
    use super::{answer, is_utf8_label, run_on};

    fn answer_json(line: &str) -> String {
        let mut out = Vec::new();
        answer(line.as_bytes()).write_to(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn utf8_labels() {
        assert!(is_utf8_label("utf-8"));
        assert!(is_utf8_label(" \tUTF8\r\n\x0C"));
        assert!(is_utf8_label("Unicode-1-1-UTF-8"));
        assert!(is_utf8_label("x-unicode20utf8"));
        assert!(!is_utf8_label("utf-16"));
        assert!(!is_utf8_label("windows-1252"));
        assert!(!is_utf8_label("utf-8\u{A0}"));
        assert!(!is_utf8_label(""));
    }

    #[test]
    fn request_errors() {
        assert_eq!(answer_json(""), "{\"error\":\"empty request\"}\n");
        assert_eq!(answer_json(" \t\r"), "{\"error\":\"empty request\"}\n");
        assert_eq!(
            answer_json("[1]"),
            "{\"error\":\"the request is not a JSON object\"}\n"
        );
        assert_eq!(
            answer_json(r#"{"input":"a"}"#),
            "{\"error\":\"missing field: op\"}\n"
        );
        assert_eq!(
            answer_json(r#"{"op":null}"#),
            "{\"error\":\"field op must be a string, not null\"}\n"
        );
        assert_eq!(
            answer_json(r#"{"op":"parse","input":"a:b","encoding":1}"#),
            "{\"error\":\"field encoding must be a string or null, not a number\"}\n"
        );
    }

    #[test]
    fn unsupported_ops_are_checked_before_fields() {
        assert_eq!(
            answer_json(r#"{"op":"set"}"#),
            "{\"error\":\"unsupported op: set\"}\n"
        );
    }

    #[test]
    fn non_utf8_line() {
        let mut out = Vec::new();
        answer(b"{\"op\":\"parse\",\"input\":\"\xff\"}")
            .write_to(&mut out)
            .unwrap();
        assert_eq!(out, b"{\"error\":\"line is not valid UTF-8\"}\n");
    }

    #[test]
    fn one_answer_per_line() {
        let input = "{\"op\":\"toascii\",\"input\":\"a\"}\n\n{\"op\":\"toascii\",\"input\":\"B\"}";
        let mut out = Vec::new();
        run_on(input.as_bytes(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"output\":\"a\"}\n{\"error\":\"empty request\"}\n{\"output\":\"b\"}\n"
        );
    }
}
