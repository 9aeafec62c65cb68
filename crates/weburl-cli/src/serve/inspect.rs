//! `GET /api/inspect`: everything the page shows about one URL, as one JSON object.
//!
//! Each part that `weburl batch` or `weburl compare --json` already answers is their answer,
//! produced by their code (`batch::answer_object`, `compare::json_report`), so the three
//! interfaces cannot drift apart; only what neither has (the diagrams, the host's address
//! forms and block, the site, the policy's failed rules) is built here. The layout is
//! documented in docs/SERVE.md.

use std::net::IpAddr;

use serde_json::{Map, Value, json};
use weburl::encoding_rs::{Encoding, UTF_8};
use weburl::pattern::{
    PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternOptions, UrlPatternSet,
};
use weburl::policy::{Policy, Reason};
use weburl::{SearchParams, Url};

use super::spans;
use super::spark::{self, Part};
use crate::{batch, compare, validate};

/// What `/api/inspect` is asked.
#[derive(Debug)]
pub struct Query {
    /// The input, as typed.
    pub url: String,
    /// The base URL, when one is given (an empty `base` is none).
    pub base: Option<String>,
    /// The encoding label; UTF-8 when absent or empty.
    pub encoding: Option<String>,
    /// A URL pattern to match the URL against (`weburl::pattern`), when one is given.
    pub pattern: Option<String>,
}

impl Query {
    /// Reads the query string's parameters (`url` required; `base`, `encoding` optional).
    pub fn from_params(params: &SearchParams) -> Result<Query, String> {
        let url = params
            .get("url")
            .ok_or_else(|| "missing parameter: url".to_owned())?;
        let non_empty = |name: &str| {
            params
                .get(name)
                .filter(|v| !v.is_empty())
                .map(str::to_owned)
        };
        Ok(Query {
            url: url.to_owned(),
            base: non_empty("base"),
            encoding: non_empty("encoding"),
            pattern: non_empty("pattern"),
        })
    }
}

/// A batch request object.
fn request(fields: Value) -> Map<String, Value> {
    match fields {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// A batch operation's answer, as JSON.
fn batch_answer(fields: Value) -> Value {
    serde_json::to_value(batch::answer_object(&request(fields))).unwrap_or_default()
}

/// The canonical-form profiles the page shows, in its order.
const PROFILES: [&str; 4] = ["spec", "dedup", "w3lib", "surt"];

/// The inspection of `query`; `Err` for a request that cannot be answered (an unknown
/// encoding label).
pub fn inspect(query: &Query, pattern_limits: &PatternLimits) -> Result<Value, String> {
    let encoding: &'static Encoding = match &query.encoding {
        None => UTF_8,
        Some(label) => Encoding::for_label(label.as_bytes())
            .ok_or_else(|| format!("unknown encoding label: {label}"))?,
    };
    let input = query.url.as_str();
    let base = query.base.as_deref();
    let common = json!({ "input": input, "base": base });
    let with = |op: &str, extra: Value| {
        let mut fields = common.clone();
        if let (Value::Object(fields), Value::Object(extra)) = (&mut fields, extra) {
            fields.insert("op".to_owned(), Value::from(op));
            fields.extend(extra);
        }
        batch_answer(fields)
    };

    let parsed_base = base.map(Url::parse);
    let base_error = match &parsed_base {
        Some(Err(e)) => Some(format!("invalid base URL: {e}")),
        _ => None,
    };
    let base_url = parsed_base.and_then(Result::ok);
    let url = match &base_error {
        Some(_) => None,
        None => Url::options()
            .base(base_url.as_ref())
            .encoding(encoding)
            .parse(input)
            .ok(),
    };

    // The validation errors, once for the list (the batch answer) and once for the diagram.
    let check = validate::check(input, base_url.as_ref());
    let validation = with("validate", json!({}));
    let explanations: Map<String, Value> = (check.errors.iter())
        .map(|e| (e.kind.spec_name().to_owned(), Value::from(e.kind.message())))
        .collect();

    let search_params = url
        .as_ref()
        .map(|url| batch_answer(json!({"op": "search_params", "query": url.search()})));
    // The canonical forms of the URL shown (parsed in the document's encoding, which the
    // normalize operation does not take): its href, absolute, needs no base.
    let forms: Map<String, Value> = PROFILES
        .iter()
        .map(|&profile| {
            let answer = match &url {
                Some(url) => batch_answer(
                    json!({"op": "normalize", "input": url.href(), "profile": profile}),
                ),
                None => with("normalize", json!({ "profile": profile })),
            };
            (profile.to_owned(), answer)
        })
        .collect();
    let engines = match &base_error {
        Some(_) => Value::Null,
        None => compare::json_report(input, base, Some(encoding)),
    };

    let patterns = pattern_matches(
        query.pattern.as_deref(),
        input,
        base,
        url.as_ref(),
        pattern_limits,
    );

    Ok(json!({
        "input": input,
        "base": base,
        "encoding": encoding.name(),
        "url": with("parse", json!({ "encoding": encoding.name() })),
        "search_params": search_params,
        "validation": validation,
        "explanations": explanations,
        "diagram": {
            "input": spans::input_segments(input, base_url.as_ref(), &check.errors),
            "href": url.as_ref().map(spans::href_segments),
        },
        "host_info": with("host_info", json!({})),
        "domain": with("domain", json!({})),
        "host": url.as_ref().map(host_details),
        "spark": spark_reading(input, &engines, base_url.is_some()),
        "engines": engines,
        "forms": forms,
        "policy": policy(input, base_url.as_ref(), base_error.as_deref()),
        "pattern": patterns.first(),
        "patterns": patterns,
    }))
}

/// The URL Pattern tester over the patterns given, one per line (blank lines left out): each
/// pattern's answer ([`pattern_match`]), with `"most_specific"` true for the one of those that
/// match that `UrlPatternSet::best_match_url` picks (the order of
/// `weburl::pattern::BEST_MATCH_ORDER`), false for the others.
fn pattern_matches(
    patterns: Option<&str>,
    input: &str,
    base: Option<&str>,
    url: Option<&Url>,
    limits: &PatternLimits,
) -> Vec<Value> {
    let Some(patterns) = patterns else {
        return Vec::new();
    };
    let mut set = UrlPatternSet::new();
    let mut answers: Vec<Value> = (patterns.lines())
        .map(|line| line.trim_end_matches('\r'))
        .filter(|line| !line.trim().is_empty())
        .enumerate()
        .map(|(i, pattern)| {
            let (answer, compiled) = pattern_match(pattern, input, base, limits);
            if let Some(compiled) = compiled {
                set.insert(compiled, i);
            }
            answer
        })
        .collect();
    let best = url.and_then(|url| set.best_match_url(url)).map(|(&i, _)| i);
    for (i, answer) in answers.iter_mut().enumerate() {
        answer["most_specific"] = Value::from(best == Some(i));
    }
    answers
}

/// One pattern of the URL Pattern tester: `new URLPattern(pattern, base)` and its
/// `exec(input, base)`, as `{"pattern", "error" (why the pattern does not parse, or null),
/// "match" (null when the pattern does not parse), "components" (the pattern's eight
/// component patterns), "groups": [{"component", "name", "value"}]}`, and the compiled
/// pattern.
fn pattern_match(
    pattern: &str,
    input: &str,
    base: Option<&str>,
    limits: &PatternLimits,
) -> (Value, Option<UrlPattern>) {
    let compiled =
        match UrlPattern::parse_with_limits(pattern, base, UrlPatternOptions::default(), limits) {
            Ok(compiled) => compiled,
            Err(e) => {
                let answer = json!({
                    "pattern": pattern,
                    "error": e.to_string(),
                    "match": null,
                    "components": null,
                    "groups": [],
                });
                return (answer, None);
            }
        };
    let components: Map<String, Value> = (UrlPatternComponent::ALL.iter())
        .map(|&c| (c.name().to_owned(), Value::from(compiled.get(c))))
        .collect();
    let result = compiled.exec(input, base);
    let groups: Vec<Value> = match &result {
        // A component left as the wildcard `*` captures the whole component in group "0",
        // which says nothing: its groups are not listed.
        Some(result) => (UrlPatternComponent::ALL.iter())
            .filter(|&&c| compiled.get(c) != "*")
            .flat_map(|&c| {
                (result.component(c).groups.iter())
                    .map(move |(name, value)| {
                        json!({ "component": c.name(), "name": name, "value": value })
                    })
                    .collect::<Vec<_>>()
            })
            .collect(),
        None => Vec::new(),
    };
    let answer = json!({
        "pattern": pattern,
        "error": null,
        "match": result.is_some(),
        "components": components,
        "groups": groups,
    });
    (answer, Some(compiled))
}

/// Spark SQL's `parse_url` parts, in the order the page shows them.
const SPARK_PARTS: [(&str, Part); 8] = [
    ("PROTOCOL", Part::Protocol),
    ("USERINFO", Part::UserInfo),
    ("AUTHORITY", Part::Authority),
    ("HOST", Part::Host),
    ("PATH", Part::Path),
    ("QUERY", Part::Query),
    ("REF", Part::Ref),
    ("FILE", Part::File),
];

/// Spark's reading of `input` (alone: `parse_url` takes no base): each part, null where
/// Spark answers NULL; `valid`, whether `java.net.URI` accepts the input (every part is NULL
/// when it does not); `difference` from the URL Standard's host, as `compare` ranks rows
/// (`host`, `failed` or `same`; hosts compared ignoring ASCII case for a special URL), or
/// `no-base` for input that is a URL only against the base given (`has_base`), which Spark
/// cannot be given: its reading differs for that reason, not because it reads another host.
fn spark_reading(input: &str, engines: &Value, has_base: bool) -> Value {
    let mut parts = Map::new();
    let mut error = None;
    for (name, part) in SPARK_PARTS {
        let value = match spark::extract(input, part) {
            Ok(value) => value.map(Value::from).unwrap_or(Value::Null),
            Err(_) => {
                error = Some(
                    "java.net.URI throws a NumberFormatException, which Spark does not catch: \
                     the query fails",
                );
                Value::Null
            }
        };
        parts.insert(name.to_owned(), value);
    }
    let valid = error.is_none() && spark::uri_is_valid(input);
    if error.is_none() && !valid {
        error = Some("not a java.net.URI: parse_url answers NULL for every part");
    }
    let whatwg = &engines["results"][0];
    let whatwg_failed = whatwg.get("error").is_some() || whatwg.is_null();
    let needs_base = has_base && !whatwg_failed && Url::parse(input).is_err();
    let difference = if needs_base {
        "no-base"
    } else if !valid {
        if whatwg_failed { "same" } else { "failed" }
    } else {
        let spark_host = parts["HOST"].as_str();
        let whatwg_host = whatwg["host"].as_str();
        let same = match (spark_host, whatwg_host) {
            (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
            (a, b) => a == b,
        };
        if same { "same" } else { "host" }
    };
    json!({
        "engine": "spark",
        "valid": valid,
        "error": error,
        "parts": parts,
        "difference": difference,
    })
}

/// What the page shows about the host beyond the batch answers: its forms, its IANA
/// special-purpose block, the origin's site.
fn host_details(url: &Url) -> Value {
    let ip = url.ip().map(|ip| match ip {
        IpAddr::V4(v4) => {
            let n = u32::from(v4);
            json!({
                "version": 4,
                "dotted": v4.to_string(),
                "decimal": n.to_string(),
                "hex": format!("0x{n:08x}"),
            })
        }
        IpAddr::V6(v6) => {
            let segments = v6.segments();
            let expanded: Vec<String> = segments.iter().map(|s| format!("{s:04x}")).collect();
            json!({
                "version": 6,
                "compressed": v6.to_string(),
                "expanded": expanded.join(":"),
                "embedded_ipv4": weburl::net::embedded_ipv4(v6).map(|a| a.to_string()),
            })
        }
    });
    let block = url.special_block().map(|b| {
        json!({
            "prefix": b.prefix,
            "name": b.name,
            "reference": b.reference,
            "globally_reachable": b.globally_reachable,
        })
    });
    let unicode = (url.host_type() == Some(weburl::net::HostType::Domain))
        .then(|| weburl::domain_to_unicode(url.hostname()).into_owned());
    json!({
        "hostname": url.hostname(),
        "unicode": unicode,
        "ip": ip,
        "block": block,
        "site": url.origin().site().to_string(),
    })
}

/// The public-web policy (`weburl check`'s default preset): its verdict, and every rule of
/// it that the URL fails (a `Refusal` lists them all).
fn policy(input: &str, base: Option<&Url>, base_error: Option<&str>) -> Value {
    if let Some(error) = base_error {
        return json!({
            "verdict": "refused",
            "failed": [{ "rule": "unparsable", "reason": error }],
        });
    }
    // A refusal lists every rule of the preset that failed.
    let verdict = Policy::public_web().check(input, base);
    let failed: &[Reason] = match &verdict {
        Ok(_) => &[],
        Err(refusal) => refusal.reasons(),
    };
    json!({
        "verdict": if verdict.is_ok() { "allowed" } else { "refused" },
        "failed": failed
            .iter()
            .map(|r| json!({ "rule": r.rule(), "reason": r.to_string() }))
            .collect::<Vec<_>>(),
    })
}
