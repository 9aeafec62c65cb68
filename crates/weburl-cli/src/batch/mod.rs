//! `weburl batch`: the machine interface, JSON Lines in and out.
//!
//! The contract is `docs/batch-contract.md`: exactly one JSON line out for each line in, in the
//! same order; a request that cannot be answered gets `{"error": ...}` and the run goes on.

mod pattern;

use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

use serde::Serialize;
use serde_json::{Map, Value};
use weburl::encoding_rs::Encoding;
use weburl::legacy::Engine;
use weburl::psl::Sections;
use weburl::{Component, Host, SearchParams, SetterError, Url, ValidationError};

use crate::components::Components;
use crate::input::{self, Block};
use crate::json_text::type_name;
use crate::lines::{IoFailure, LineBlocks};
use crate::validate;
use weburl_json_lossy::replace_lone_surrogates;

/// Size of the standard output buffer.
const OUTPUT_BUFFER_SIZE: usize = 64 * 1024;

/// Examples shown at the end of `weburl batch --help`.
pub const EXAMPLES: &str = r##"Examples:
  $ echo '{"op":"parse","input":"../c?x#y","base":"http://EXAMPLE.com/a/b"}' | weburl batch
  {"href":"http://example.com/c?x#y","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/c","search":"?x","hash":"#y"}

  $ echo '{"op":"toascii","input":"BÜcher.example"}' | weburl batch
  {"output":"xn--bcher-kva.example"}

  $ echo '{"op":"set","href":"https://example.com/a","setter":"host","value":"example.org:8080"}' | weburl batch
  {"href":"https://example.org:8080/a","origin":"https://example.org:8080","protocol":"https:","username":"","password":"","host":"example.org:8080","hostname":"example.org","port":"8080","pathname":"/a","search":"","hash":""}

  $ echo '{"op":"search_params","query":"?b=2&a=1&b=3","actions":[["sort"],["append","c","x y"],["delete","b","3"]]}' | weburl batch
  {"pairs":[["a","1"],["b","2"],["c","x y"]],"serialized":"a=1&b=2&c=x+y"}

  $ echo '{"op":"parse","input":"http://a:99999/"}' | weburl batch
  {"failure":true,"error":"the port is greater than 65535"}

  $ echo '{"op":"parse","input":"http://example.com/?\u00e9","encoding":"windows-1252"}' | weburl batch
  {"href":"http://example.com/?%E9","origin":"http://example.com","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/","search":"?%E9","hash":""}

  $ echo '{"op":"host_info","input":"http://0x7f.1/"}' | weburl batch
  {"kind":"ipv4","address_space":"loopback"}

  $ echo '{"op":"validate","input":"https://user@example.com/a b"}' | weburl batch
  {"valid":false,"errors":[{"name":"invalid-credentials","offset":12},{"name":"invalid-URL-unit","offset":26}]}

  $ echo '{"op":"resolve","engine":"rfc1808","input":";x","base":"http://a/b/c/d;p?q#f"}' | weburl batch
  {"href":"http://a/b/c/d;x"}

  $ echo '{"op":"domain","input":"https://www.Example.co.uk./a"}' | weburl batch
  {"public_suffix":"co.uk.","registrable_domain":"example.co.uk."}

  $ echo '{"op":"domain","input":"https://whatwg.github.io/","sections":"icann"}' | weburl batch
  {"public_suffix":"io","registrable_domain":"github.io"}

  $ echo '{"op":"normalize","input":"http://www.Example.com/do?b=2&a#f","profile":"w3lib"}' | weburl batch
  {"output":"http://www.example.com/do?a=&b=2"}

  $ echo '{"op":"normalize","input":"http://www.Example.com/do?b=2&a#f","profile":"surt"}' | weburl batch
  {"output":"com,example)/do?a&b=2"}

  $ echo '{"op":"pattern","pattern":[{"pathname":"/books/:id"}],"inputs":["https://example.com/books/7"]}' | weburl batch
  {"components":{"protocol":"*",...,"pathname":"/books/:id",...},"has_regexp_groups":false,"match":{...,"pathname":{"input":"/books/7","groups":{"id":"7"}},...}}

  $ echo '{"op":"pattern_compare","component":"pathname","left":[{"pathname":"/foo/:bar"}],"right":[{"pathname":"/foo/*"}]}' | weburl batch
  {"result":1}

  $ echo '{"op":"pattern_generate","pattern":[{"pathname":"/:foo"}],"component":"pathname","groups":{"foo":"🍅"}}' | weburl batch
  {"result":"/%F0%9F%8D%85"}

Operations: parse, set, toascii, validate, search_params, resolve (engines: whatwg, html5-2011,
web-addresses-2009, rfc3986, rfc1808), domain (sections: all, icann), host_info, normalize
(profiles: spec, dedup, w3lib, surt), pattern (URLPattern: the constructor and exec()),
pattern_compare (URLPattern.compareComponent()), pattern_generate (URLPattern's generate()).
See docs/batch-contract.md for the contract.
Exit status: 0 when all input was read (even if requests failed), 1 on an I/O error."##;

/// The names of the `search_params` operation's actions.
const ACTIONS: [&str; 4] = ["append", "delete", "set", "sort"];

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
    let mut reader = LineBlocks::new(input);
    let mut block = Block::default();
    loop {
        let more = input::next_lines(&mut reader, &mut block).map_err(IoFailure::Read)?;
        for line in block.items() {
            answer(line).write_to(&mut out).map_err(IoFailure::Write)?;
        }
        // A block ends where what was read is used up, so the next read may wait: a program
        // driving this one through pipes, a request at a time, gets its answers now.
        out.flush().map_err(IoFailure::Write)?;
        if !more {
            return Ok(());
        }
    }
}

/// The answer to one request line.
#[derive(Debug)]
pub enum Answer {
    /// A URL, written as the component object.
    Url(Url),
    /// A string result: `{"output": ...}`.
    Output(String),
    /// A resolved href: `{"href": ...}` (the `resolve` op).
    Href(String),
    /// A list of name-value pairs: `{"pairs": [[name, value], ...], "serialized": ...}`.
    Params(SearchParams),
    /// The `validate` answer: `{"valid": ..., "errors": [{"name": ..., "offset": ...}, ...]}`.
    Validity {
        valid: bool,
        errors: Vec<ValidationError>,
    },
    /// The `host_info` answer: `{"kind": ..., "address_space": ...}`.
    HostInfo {
        kind: Option<&'static str>,
        address_space: Option<&'static str>,
    },
    /// The `domain` answer: `{"public_suffix": ..., "registrable_domain": ...}`.
    Domain {
        public_suffix: Option<String>,
        registrable_domain: Option<String>,
    },
    /// The `pattern` answer (`pattern`, the child module).
    Pattern(Box<pattern::PatternAnswer>),
    /// The `pattern_compare` answer: `{"result": -1, 0 or 1}`.
    Compared(i8),
    /// The `pattern_generate` answer: `{"result": ...}`.
    Generated(String),
    /// The operation failed (the URL or host did not parse): `{"failure":true,"error":...}`.
    Failure(String),
    /// The request itself could not be carried out: `{"error":...}`.
    Error(String),
}

/// `{"href": ...}`.
#[derive(Serialize)]
struct HrefObject<'a> {
    href: &'a str,
}

/// `{"output": ...}`.
#[derive(Serialize)]
struct OutputObject<'a> {
    output: &'a str,
}

/// `{"pairs": [[name, value], ...], "serialized": ...}`, keys in this order.
#[derive(Serialize)]
struct ParamsObject<'a> {
    pairs: Vec<[&'a str; 2]>,
    serialized: String,
}

impl<'a> From<&'a SearchParams> for ParamsObject<'a> {
    fn from(params: &'a SearchParams) -> ParamsObject<'a> {
        ParamsObject {
            pairs: params.iter().map(|(name, value)| [name, value]).collect(),
            serialized: params.to_string(),
        }
    }
}

/// `{"valid": ..., "errors": [...]}`, keys in this order.
#[derive(Serialize)]
struct ValidityObject {
    valid: bool,
    errors: Vec<ErrorEntry>,
}

/// One element of `errors`: the spec's name of a validation error and its byte offset.
#[derive(Serialize)]
struct ErrorEntry {
    name: &'static str,
    offset: usize,
}

/// `{"public_suffix": ..., "registrable_domain": ...}`, keys in this order, null where null.
#[derive(Serialize)]
struct DomainObject<'a> {
    public_suffix: Option<&'a str>,
    registrable_domain: Option<&'a str>,
}

/// `{"result": ...}`.
#[derive(Serialize)]
struct ResultObject<T> {
    result: T,
}

/// `{"failure":true,"error":...}`.
#[derive(Serialize)]
struct FailureObject<'a> {
    failure: bool,
    error: &'a str,
}

/// `{"kind": ..., "address_space": ...}`.
#[derive(Serialize)]
struct HostInfoObject {
    kind: Option<&'static str>,
    address_space: Option<&'static str>,
}

/// `{"error":...}`.
#[derive(Serialize)]
struct ErrorObject<'a> {
    error: &'a str,
}

impl Answer {
    /// Writes the answer as one JSON line.
    pub fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        serde_json::to_writer(&mut out, self)?;
        out.write_all(b"\n")
    }
}

/// The answer as its JSON object (what [`Answer::write_to`] writes, and what `weburl serve`'s
/// API embeds).
impl Serialize for Answer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Answer::Url(url) => Components::from(url).serialize(serializer),
            Answer::Output(output) => OutputObject { output }.serialize(serializer),
            Answer::Href(href) => HrefObject { href }.serialize(serializer),
            Answer::Params(params) => ParamsObject::from(params).serialize(serializer),
            Answer::Validity { valid, errors } => ValidityObject {
                valid: *valid,
                errors: (errors.iter())
                    .map(|e| ErrorEntry {
                        name: e.kind.spec_name(),
                        offset: e.offset,
                    })
                    .collect(),
            }
            .serialize(serializer),
            Answer::HostInfo {
                kind,
                address_space,
            } => HostInfoObject {
                kind: *kind,
                address_space: *address_space,
            }
            .serialize(serializer),
            Answer::Domain {
                public_suffix,
                registrable_domain,
            } => DomainObject {
                public_suffix: public_suffix.as_deref(),
                registrable_domain: registrable_domain.as_deref(),
            }
            .serialize(serializer),
            Answer::Pattern(answer) => answer.serialize(serializer),
            Answer::Compared(result) => ResultObject { result }.serialize(serializer),
            Answer::Generated(result) => ResultObject { result }.serialize(serializer),
            Answer::Failure(error) => FailureObject {
                failure: true,
                error,
            }
            .serialize(serializer),
            Answer::Error(error) => ErrorObject { error }.serialize(serializer),
        }
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
    carry_out(&request)
}

#[cfg(feature = "serve")]
/// Answers one decoded request object: how `weburl serve`'s API asks the batch operations
/// for the parts of its answer.
pub fn answer_object(request: &Map<String, Value>) -> Answer {
    match carry_out(request) {
        Ok(answer) => answer,
        Err(error) => Answer::Error(error),
    }
}

/// Carries out a decoded request; `Err` is the reason it cannot be.
fn carry_out(request: &Map<String, Value>) -> Result<Answer, String> {
    let op = required_str(request, "op")?;
    match op {
        "parse" => parse(request),
        "set" => set(request),
        "toascii" => toascii(request),
        "validate" => validate(request),
        "search_params" => search_params(request),
        "resolve" => resolve(request),
        "host_info" => host_info(request),
        "domain" => domain(request),
        "normalize" => normalize(request),
        "pattern" => pattern::pattern(request),
        "pattern_compare" => pattern::pattern_compare(request),
        "pattern_generate" => pattern::pattern_generate(request),
        _ => Err(format!("unsupported op: {op}")),
    }
}

/// `parse`: `input`, optional `base` (string or null), optional `encoding` (a WHATWG encoding
/// label; the query of a special URL is percent-encoded in it, UTF-16 and replacement meaning
/// UTF-8, as the spec's "get an output encoding" says).
fn parse(request: &Map<String, Value>) -> Result<Answer, String> {
    let input = required_str(request, "input")?;
    let base = optional_str(request, "base")?;
    let encoding = optional_encoding(request)?.unwrap_or(weburl::encoding_rs::UTF_8);
    let base = match parse_base(base) {
        Ok(base) => base,
        Err(failure) => return Ok(failure),
    };
    Ok(
        match Url::options()
            .base(base.as_ref())
            .encoding(encoding)
            .parse(input)
        {
            Ok(url) => Answer::Url(url),
            Err(e) => Answer::Failure(e.to_string()),
        },
    )
}

/// `domain`: `input`, optional `base` (string or null), optional `sections` (`"all"`, the
/// default, or `"icann"`). The URL Standard's public suffix and registrable domain of the URL's
/// host (null when it is not a domain), or a failure when the URL (or the base) does not parse.
fn domain(request: &Map<String, Value>) -> Result<Answer, String> {
    let input = required_str(request, "input")?;
    let sections = match optional_str(request, "sections")? {
        None => Sections::All,
        Some(name) => name
            .parse::<Sections>()
            .map_err(|_| format!("unknown sections: {name} (expected \"all\" or \"icann\")"))?,
    };
    let base = match parse_base(optional_str(request, "base")?) {
        Ok(base) => base,
        Err(failure) => return Ok(failure),
    };
    Ok(match Url::options().base(base.as_ref()).parse(input) {
        Ok(url) => Answer::Domain {
            public_suffix: url.public_suffix_in(sections).map(str::to_owned),
            registrable_domain: url.registrable_domain_in(sections).map(str::to_owned),
        },
        Err(e) => Answer::Failure(e.to_string()),
    })
}

/// `normalize`: `input`, optional `base` (string or null), `profile` (`spec`, `dedup`,
/// `w3lib`, `surt`), optional `strip_tracking`, `drop_index` and `keep_fragment` (booleans,
/// false when absent or null: `weburl::normalize::Options`). The URL in that profile's canonical form
/// (`weburl::normalize`: the href of the normalized URL, or the SURT key), or a failure when
/// the URL (or the base) does not parse.
fn normalize(request: &Map<String, Value>) -> Result<Answer, String> {
    use weburl::normalize::{Options, Profile, canonicalize};
    let input = required_str(request, "input")?;
    let name = required_str(request, "profile")?;
    let profile = Profile::from_name(name).ok_or_else(|| {
        format!("unknown profile: {name} (expected \"spec\", \"dedup\", \"w3lib\" or \"surt\")")
    })?;
    let mut options = Options::default();
    options.strip_tracking = optional_bool(request, "strip_tracking")?;
    options.drop_index = optional_bool(request, "drop_index")?;
    options.keep_fragment = optional_bool(request, "keep_fragment")?;
    let base = match parse_base(optional_str(request, "base")?) {
        Ok(base) => base,
        Err(failure) => return Ok(failure),
    };
    Ok(match Url::options().base(base.as_ref()).parse(input) {
        Ok(url) => match canonicalize(&url, profile, &options) {
            Ok(output) => Answer::Output(output),
            Err(e) => Answer::Failure(format!("the normalized URL does not parse: {e}")),
        },
        Err(e) => Answer::Failure(e.to_string()),
    })
}

/// `resolve`: `engine` (`whatwg`, `html5-2011`, `web-addresses-2009`, `rfc3986`, `rfc1808`),
/// `input`, `base` (string or null: present either way), optional `encoding` (used by the
/// WHATWG, 2011 and 2009 engines). The engine's resolved href, or a failure (also when the
/// engine cannot use `base`; with no base a relative `input` fails, except with `rfc1808`,
/// which returns it as it is).
fn resolve(request: &Map<String, Value>) -> Result<Answer, String> {
    let name = required_str(request, "engine")?;
    let engine = Engine::from_name(name).ok_or_else(|| format!("unknown engine: {name}"))?;
    let input = required_str(request, "input")?;
    // Unlike parse's, resolve's `base` is not optional in the contract: null says "none".
    if !request.contains_key("base") {
        return Err("missing field: base".to_owned());
    }
    let base = optional_str(request, "base")?;
    let encoding = optional_encoding(request)?;
    Ok(match engine.resolve(input, base, encoding) {
        Ok(resolved) => Answer::Href(resolved.into_href()),
        Err(e) => Answer::Failure(e.to_string()),
    })
}

/// `host_info`: `input`, optional `base` (string or null). The kind of the URL's host (null
/// when it has none) and its address space (`weburl::net`; null for a domain other than a
/// localhost name, and for opaque and empty hosts), or a failure when the URL does not parse.
fn host_info(request: &Map<String, Value>) -> Result<Answer, String> {
    let input = required_str(request, "input")?;
    let base = match parse_base(optional_str(request, "base")?) {
        Ok(base) => base,
        Err(failure) => return Ok(failure),
    };
    Ok(match Url::options().base(base.as_ref()).parse(input) {
        Ok(url) => Answer::HostInfo {
            kind: url.host_type().map(|t| t.name()),
            address_space: url.address_space().map(|s| s.name()),
        },
        Err(e) => Answer::Failure(e.to_string()),
    })
}

/// `validate`: `input`, optional `base` (string or null). `valid` is the spec's "valid URL
/// string" answer, `errors` the validation errors the parser met, in order.
fn validate(request: &Map<String, Value>) -> Result<Answer, String> {
    let input = required_str(request, "input")?;
    let base = match parse_base(optional_str(request, "base")?) {
        Ok(base) => base,
        Err(failure) => return Ok(failure),
    };
    let check = validate::check(input, base.as_ref());
    Ok(Answer::Validity {
        valid: check.valid_url_string,
        errors: check.errors,
    })
}

/// Parses the `base` field, when there is one; `Err` is the failure answer for a base that
/// does not parse.
fn parse_base(base: Option<&str>) -> Result<Option<Url>, Answer> {
    base.map(|base| Url::parse(base).map_err(|e| Answer::Failure(format!("invalid base URL: {e}"))))
        .transpose()
}

/// `set`: parses `href`, then runs the setter named `setter` with `value`.
///
/// A value the spec's setter ignores leaves the URL unchanged, and the answer is the URL as it
/// then is (the library's setters say why in an `Err`, which is not a failure here; the `host`
/// setter may even have set the host before it stopped at a bad port). Only an `href` that does
/// not parse, or an `href` setter whose value does not parse, is a failure.
fn set(request: &Map<String, Value>) -> Result<Answer, String> {
    let href = required_str(request, "href")?;
    let setter = required_str(request, "setter")?;
    let Some(setter) = setter.parse::<Component>().ok().filter(|c| c.is_settable()) else {
        let names: Vec<&str> = Component::SETTABLE.iter().map(|c| c.name()).collect();
        return Err(format!(
            "unknown setter: {setter} (expected one of {})",
            names.join(", ")
        ));
    };
    let value = required_str(request, "value")?;
    let mut url = match Url::parse(href) {
        Ok(url) => url,
        Err(e) => return Ok(Answer::Failure(format!("invalid href: {e}"))),
    };
    match url.set(setter, value) {
        // Only an `href` whose value does not parse is a failure; the `Err`s of the other
        // setters only say why the value was ignored.
        Err(SetterError::Parse(e)) if setter == Component::Href => {
            Ok(Answer::Failure(e.to_string()))
        }
        _ => Ok(Answer::Url(url)),
    }
}

/// One action of a `search_params` request.
#[derive(Debug, PartialEq, Eq)]
enum Action<'a> {
    /// `["append", name, value]`.
    Append(&'a str, &'a str),
    /// `["delete", name]`.
    Delete(&'a str),
    /// `["delete", name, value]`.
    DeleteValue(&'a str, &'a str),
    /// `["set", name, value]`.
    Set(&'a str, &'a str),
    /// `["sort"]`.
    Sort,
}

impl<'a> Action<'a> {
    /// Decodes one element of `actions`; `Err` says what is wrong with it (without its index).
    fn decode(value: &'a Value) -> Result<Action<'a>, String> {
        let Value::Array(items) = value else {
            return Err(format!(
                "an action must be an array, not {}",
                type_name(value)
            ));
        };
        let Some((name, args)) = items.split_first() else {
            return Err("an action must not be empty: it starts with its name".to_owned());
        };
        let Value::String(name) = name else {
            return Err(format!(
                "the action name must be a string, not {}",
                type_name(name)
            ));
        };
        if !ACTIONS.contains(&name.as_str()) {
            return Err(format!(
                "unknown action: {name} (expected one of {})",
                ACTIONS.join(", ")
            ));
        }
        let mut strings = Vec::with_capacity(args.len());
        for (i, arg) in args.iter().enumerate() {
            match arg {
                Value::String(s) => strings.push(s.as_str()),
                other => {
                    return Err(format!(
                        "argument {} of {name} must be a string, not {}",
                        i + 1,
                        type_name(other)
                    ));
                }
            }
        }
        let arity_error = |expected: &str| {
            Err(format!(
                "{name} takes {expected}, not {} argument{}",
                strings.len(),
                if strings.len() == 1 { "" } else { "s" }
            ))
        };
        match (name.as_str(), strings.as_slice()) {
            ("append", &[k, v]) => Ok(Action::Append(k, v)),
            ("append", _) => arity_error("2 arguments (name, value)"),
            ("delete", &[k]) => Ok(Action::Delete(k)),
            ("delete", &[k, v]) => Ok(Action::DeleteValue(k, v)),
            ("delete", _) => arity_error("1 or 2 arguments (name, optional value)"),
            ("set", &[k, v]) => Ok(Action::Set(k, v)),
            ("set", _) => arity_error("2 arguments (name, value)"),
            ("sort", &[]) => Ok(Action::Sort),
            ("sort", _) => arity_error("no arguments"),
            _ => unreachable!("action names are checked above"),
        }
    }

    /// Carries the action out on `params`.
    fn apply(&self, params: &mut SearchParams) {
        match *self {
            Action::Append(name, value) => params.append(name, value),
            Action::Delete(name) => params.delete(name),
            Action::DeleteValue(name, value) => params.delete_value(name, value),
            Action::Set(name, value) => params.set(name, value),
            Action::Sort => params.sort(),
        }
    }
}

/// `search_params`: `new URLSearchParams(query)`, then the optional `actions` in order.
///
/// Every action is checked before any runs: one malformed action makes the whole request an
/// error naming its index (from 0).
fn search_params(request: &Map<String, Value>) -> Result<Answer, String> {
    let query = required_str(request, "query")?;
    let actions = match request.get("actions") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(actions)) => actions
            .iter()
            .enumerate()
            .map(|(i, action)| Action::decode(action).map_err(|e| format!("actions[{i}]: {e}")))
            .collect::<Result<Vec<_>, _>>()?,
        Some(other) => {
            return Err(format!(
                "field actions must be an array or null, not {}",
                type_name(other)
            ));
        }
    };
    let mut params = SearchParams::parse(query);
    for action in &actions {
        action.apply(&mut params);
    }
    Ok(Answer::Params(params))
}

/// `toascii`: the host parser, for a special URL, on `input`.
fn toascii(request: &Map<String, Value>) -> Result<Answer, String> {
    let input = required_str(request, "input")?;
    Ok(match Host::parse(input) {
        Ok(host) => Answer::Output(host.to_string()),
        Err(e) => Answer::Failure(e.to_string()),
    })
}

/// The optional `encoding` field: the encoding its WHATWG label names.
fn optional_encoding(request: &Map<String, Value>) -> Result<Option<&'static Encoding>, String> {
    optional_str(request, "encoding")?
        // `for_label` trims ASCII whitespace and matches case-insensitively, as the Encoding
        // Standard's "get an encoding" does.
        .map(|label| {
            Encoding::for_label(label.as_bytes())
                .ok_or_else(|| format!("unknown encoding label: {label}"))
        })
        .transpose()
}

/// A field that must be present and a string.
pub fn required_str<'a>(request: &'a Map<String, Value>, field: &str) -> Result<&'a str, String> {
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

/// A field that may be absent or null (false), and is a boolean otherwise.
fn optional_bool(request: &Map<String, Value>, field: &str) -> Result<bool, String> {
    match request.get(field) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => Err(format!(
            "field {field} must be a boolean or null, not {}",
            type_name(other)
        )),
    }
}

/// The answer to one request line, as the JSON line written for it (for the tests of this
/// module and of its children).
#[cfg(test)]
fn answer_json(line: &str) -> String {
    let mut out = Vec::new();
    answer(line.as_bytes()).write_to(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[cfg(test)]
mod tests {
    use super::{answer, answer_json, run_on};

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
            answer_json(r#"{"op":"nope"}"#),
            "{\"error\":\"unsupported op: nope\"}\n"
        );
    }

    #[test]
    fn setter_names_are_checked_before_href_parses() {
        assert_eq!(
            answer_json(r#"{"op":"set","href":"nope","setter":"query","value":""}"#),
            "{\"error\":\"unknown setter: query (expected one of href, protocol, username, \
             password, host, hostname, port, pathname, search, hash)\"}\n"
        );
    }

    #[test]
    fn action_decoding() {
        use super::Action;
        use serde_json::json;
        let decode = |v: serde_json::Value| Action::decode(&v).map(|a| format!("{a:?}"));
        assert_eq!(
            decode(json!(["append", "a", "b"])),
            Ok("Append(\"a\", \"b\")".into())
        );
        assert_eq!(decode(json!(["delete", "a"])), Ok("Delete(\"a\")".into()));
        assert_eq!(
            decode(json!(["delete", "a", ""])),
            Ok("DeleteValue(\"a\", \"\")".into())
        );
        assert_eq!(decode(json!(["set", "", ""])), Ok("Set(\"\", \"\")".into()));
        assert_eq!(decode(json!(["sort"])), Ok("Sort".into()));
        assert_eq!(
            decode(json!(["delete"])),
            Err("delete takes 1 or 2 arguments (name, optional value), not 0 arguments".into())
        );
        assert_eq!(
            decode(json!(["set", "a"])),
            Err("set takes 2 arguments (name, value), not 1 argument".into())
        );
        assert_eq!(
            decode(json!(["Sort"])),
            Err("unknown action: Sort (expected one of append, delete, set, sort)".into())
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
