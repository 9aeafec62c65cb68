//! Running one case through the three libraries, comparing the results, the signature of a
//! disagreement, and shrinking an input while its signature holds.

use std::cell::Cell;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::{Value, json};

use super::generate::{BASES, Case};

/// What is compared: the href and every getter of the URL API, then the origin.
pub const COMPONENTS: [&str; 11] = [
    "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
    "hash", "origin",
];

/// The libraries, in report order.
pub const LIBS: [&str; 3] = ["weburl", "ada", "url"];

/// One library's result for one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Failure,
    Panic(String),
    /// The components, in [`COMPONENTS`] order.
    Url(Box<[String; 11]>),
}

impl Outcome {
    pub fn to_json(&self) -> Value {
        match self {
            Outcome::Failure => json!({"failure": true}),
            Outcome::Panic(m) => json!({"panic": m}),
            Outcome::Url(c) => {
                let mut m = serde_json::Map::new();
                for (name, v) in COMPONENTS.iter().zip(c.iter()) {
                    m.insert((*name).to_owned(), Value::String(v.clone()));
                }
                Value::Object(m)
            }
        }
    }

    /// The same JSON as [`Outcome::to_json`], with the components in URL order (a
    /// `serde_json::Map` sorts its keys).
    pub fn to_json_string(&self) -> String {
        match self {
            Outcome::Url(c) => {
                let fields: Vec<String> = COMPONENTS
                    .iter()
                    .zip(c.iter())
                    .map(|(name, v)| format!("\"{name}\":{}", Value::String(v.clone())))
                    .collect();
                format!("{{{}}}", fields.join(","))
            }
            other => other.to_json().to_string(),
        }
    }

    pub fn from_json(v: &Value) -> Result<Outcome, String> {
        let o = v.as_object().ok_or("outcome: not an object")?;
        if o.get("failure").is_some() {
            return Ok(Outcome::Failure);
        }
        if let Some(m) = o.get("panic") {
            return Ok(Outcome::Panic(m.as_str().unwrap_or("").to_owned()));
        }
        let mut c: [String; 11] = Default::default();
        for (i, name) in COMPONENTS.iter().enumerate() {
            c[i] = o
                .get(*name)
                .and_then(Value::as_str)
                .ok_or_else(|| format!("outcome: no {name}"))?
                .to_owned();
        }
        Ok(Outcome::Url(Box::new(c)))
    }

    /// A short form for reports: the href, `failure` or `panic`.
    pub fn short(&self) -> String {
        match self {
            Outcome::Failure => "failure".into(),
            Outcome::Panic(m) => format!("panic: {m}"),
            Outcome::Url(c) => c[0].clone(),
        }
    }
}

/// The bases, parsed once for the libraries that take a parsed base.
pub struct Bases {
    weburl: Vec<weburl::Url>,
    url: Vec<url::Url>,
}

impl Bases {
    pub fn new() -> Bases {
        Bases {
            weburl: BASES
                .iter()
                .map(|b| weburl::Url::parse(b).expect("base parses"))
                .collect(),
            url: BASES
                .iter()
                .map(|b| url::Url::parse(b).expect("base parses"))
                .collect(),
        }
    }
}

thread_local! {
    /// Set while a library call runs under [`guarded`]: its panic is an outcome, not a bug here.
    static IN_LIBRARY: Cell<bool> = const { Cell::new(false) };
}

/// Keeps the messages of panics caught by [`guarded`] off stderr; other panics are reported as
/// usual.
pub fn quiet_library_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !IN_LIBRARY.with(Cell::get) {
            default(info);
        }
    }));
}

/// Runs one library call; a panic becomes `Err(message)`.
fn guarded<T>(f: impl FnOnce() -> Option<T>) -> Result<Option<T>, String> {
    IN_LIBRARY.with(|c| c.set(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    IN_LIBRARY.with(|c| c.set(false));
    result.map_err(|e| {
        e.downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| e.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".into())
    })
}

fn weburl_parts(u: &weburl::Url) -> [&str; 10] {
    [
        u.href(),
        u.protocol(),
        u.username(),
        u.password(),
        u.host(),
        u.hostname(),
        u.port(),
        u.pathname(),
        u.search(),
        u.hash(),
    ]
}

fn ada_parts(u: &ada_url::Url) -> [&str; 10] {
    [
        u.href(),
        u.protocol(),
        u.username(),
        u.password(),
        u.host(),
        u.hostname(),
        u.port(),
        u.pathname(),
        u.search(),
        u.hash(),
    ]
}

fn url_parts(u: &url::Url) -> [&str; 10] {
    use url::quirks as q;
    [
        q::href(u),
        q::protocol(u),
        q::username(u),
        q::password(u),
        q::host(u),
        q::hostname(u),
        q::port(u),
        q::pathname(u),
        q::search(u),
        q::hash(u),
    ]
}

fn owned(parts: [&str; 10], origin: String) -> Outcome {
    let mut c: [String; 11] = Default::default();
    for (i, p) in parts.iter().enumerate() {
        c[i] = (*p).to_owned();
    }
    c[10] = origin;
    Outcome::Url(Box::new(c))
}

/// The three outcomes, in [`LIBS`] order.
pub type Triple = [Outcome; 3];

/// Runs one case through the three libraries. `None` when they agree on everything (the
/// common case, checked without copying any component).
pub fn run_case(case: &Case, bases: &Bases) -> Option<Triple> {
    let input = case.input.as_str();
    let w = guarded(|| match case.base {
        None => weburl::Url::parse(input).ok(),
        Some(b) => weburl::Url::parse_with_base(input, &bases.weburl[b]).ok(),
    });
    let a = guarded(|| ada_url::Url::parse(input, case.base.map(|b| BASES[b])).ok());
    let u = guarded(|| match case.base {
        None => url::Url::parse(input).ok(),
        Some(b) => bases.url[b].join(input).ok(),
    });
    if let (Ok(w), Ok(a), Ok(u)) = (&w, &a, &u) {
        match (w, a, u) {
            (None, None, None) => return None,
            (Some(w), Some(a), Some(u)) => {
                let (pw, pa, pu) = (weburl_parts(w), ada_parts(a), url_parts(u));
                if pw == pa && pw == pu {
                    let ow = w.origin().ascii_serialization();
                    let oa = a.origin();
                    let ou = url::quirks::origin(u);
                    if ow == oa && ow == ou {
                        return None;
                    }
                }
            }
            _ => {}
        }
    }
    let w = match w {
        Err(m) => Outcome::Panic(m),
        Ok(None) => Outcome::Failure,
        Ok(Some(u)) => owned(weburl_parts(&u), u.origin().ascii_serialization()),
    };
    let a = match a {
        Err(m) => Outcome::Panic(m),
        Ok(None) => Outcome::Failure,
        Ok(Some(u)) => owned(ada_parts(&u), u.origin()),
    };
    let u = match u {
        Err(m) => Outcome::Panic(m),
        Ok(None) => Outcome::Failure,
        Ok(Some(x)) => owned(url_parts(&x), url::quirks::origin(&x)),
    };
    Some([w, a, u])
}

/// The scheme of `input` as the parser finds it (after trimming C0 controls and spaces and
/// removing tabs and newlines), ASCII-lowercased; `None` when it has none.
pub fn input_scheme(input: &str) -> Option<String> {
    use weburl::lex;
    let cleaned = lex::remove_tab_and_newline(input.trim_matches(|c: char| c <= ' '));
    let len = lex::scheme_len(cleaned.as_bytes())?;
    Some(cleaned[..len].to_ascii_lowercase())
}

/// The coarse shape of an input: the kind of its scheme.
pub fn input_kind(input: &str) -> &'static str {
    match input_scheme(input).as_deref() {
        None => "relative",
        Some("http" | "https" | "ws" | "wss" | "ftp") => "special",
        Some("file") => "file",
        Some(_) => "non-special",
    }
}

/// The coarse kind of the base of `case`, as far as the parse uses it: `none` when there is no
/// base or the input's scheme makes the parser ignore it (an input with a scheme reads its base
/// only when that scheme is special and is the base's scheme).
pub fn base_kind(case: &Case) -> &'static str {
    let Some(b) = case.base.map(|b| BASES[b]) else {
        return "none";
    };
    if let Some(s) = input_scheme(&case.input) {
        let special = matches!(s.as_str(), "http" | "https" | "ws" | "wss" | "ftp" | "file");
        if !special || input_scheme(b).as_deref() != Some(s.as_str()) {
            return "none";
        }
    }
    if b.starts_with("file:") {
        "file"
    } else if b.starts_with("http") || b.starts_with("ws") {
        "special"
    } else if b.starts_with("mailto:") || b.starts_with("sc:opaque") {
        "opaque-path"
    } else {
        "non-special"
    }
}

/// A normalized description of a disagreement: which library is the odd one out, how its
/// result differs, and the coarse shape of the case.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Signature {
    /// The library whose result differs from the other two (which agree), or `all`.
    pub odd: &'static str,
    /// `fails` (the odd one fails, the others parse), `accepts`, `panics`, or the parts that
    /// differ (see [`PARTS`]); for `all`, how ada and url each differ from weburl.
    pub what: String,
    pub input: &'static str,
    pub base: &'static str,
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} | {} | input:{} | base:{}",
            self.odd, self.what, self.input, self.base
        )
    }
}

/// The parts of a URL a difference is reported in: each getter maps to one (`origin` and
/// `href` count only when no part does).
const PARTS: [(&str, &[usize]); 6] = [
    ("scheme", &[1]),
    ("authority", &[2, 3, 4, 5, 6]),
    ("path", &[7]),
    ("query", &[8]),
    ("fragment", &[9]),
    ("origin", &[10]),
];

/// How `odd` differs from `other`: `fails` (`odd` fails where `other` parses), `accepts`,
/// `panics`, or the parts that differ, joined by `+`.
fn difference(odd: &Outcome, other: &Outcome) -> String {
    match (odd, other) {
        (Outcome::Panic(_), _) => "panics".into(),
        (_, Outcome::Panic(_)) => "other-panics".into(),
        (Outcome::Failure, _) => "fails".into(),
        (_, Outcome::Failure) => "accepts".into(),
        (Outcome::Url(a), Outcome::Url(b)) => {
            let mut names: Vec<&str> = PARTS
                .iter()
                .filter(|(_, idx)| idx.iter().any(|&i| a[i] != b[i]))
                .map(|(name, _)| *name)
                .collect();
            if names.len() > 1 {
                names.retain(|n| *n != "origin");
            }
            if names.is_empty() && a[0] != b[0] {
                names.push("href");
            }
            names.join("+")
        }
    }
}

/// The signature of a disagreement.
pub fn signature(case: &Case, t: &Triple) -> Signature {
    let [w, a, u] = t;
    let (odd, what) = if a == u {
        ("weburl", difference(w, a))
    } else if w == u {
        ("ada", difference(a, w))
    } else if w == a {
        ("url", difference(u, w))
    } else {
        (
            "all",
            format!("ada:{} url:{}", difference(a, w), difference(u, w)),
        )
    };
    Signature {
        odd,
        what,
        input: input_kind(&case.input),
        base: base_kind(case),
    }
}

/// The signature of `case`, `None` when the libraries agree.
pub fn signature_of(case: &Case, bases: &Bases) -> Option<Signature> {
    run_case(case, bases).map(|t| signature(case, &t))
}

/// A shorter input with the same signature: removes runs of 8, 4, 2 and 1 characters while the
/// signature holds, until nothing more can go; then replaces non-ASCII characters by `a` where
/// that keeps it too.
pub fn shrink(case: &Case, sig: &Signature, bases: &Bases) -> String {
    let holds = |chars: &[char]| {
        let c = Case {
            input: chars.iter().collect(),
            base: case.base,
        };
        signature_of(&c, bases).as_ref() == Some(sig)
    };
    let mut cur: Vec<char> = case.input.chars().collect();
    loop {
        let before = cur.len();
        for size in [8, 4, 2, 1] {
            let mut i = 0;
            while i + size <= cur.len() {
                let mut cand = cur[..i].to_vec();
                cand.extend_from_slice(&cur[i + size..]);
                if holds(&cand) {
                    cur = cand;
                } else {
                    i += 1;
                }
            }
        }
        if cur.len() == before {
            break;
        }
    }
    for i in 0..cur.len() {
        if !cur[i].is_ascii() {
            let mut cand = cur.clone();
            cand[i] = 'a';
            if holds(&cand) {
                cur = cand;
            }
        }
    }
    cur.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_and_kinds() {
        assert_eq!(input_scheme(" \tHT\ntp://x").as_deref(), Some("http"));
        assert_eq!(input_scheme("a+b-c.d:x").as_deref(), Some("a+b-c.d"));
        assert_eq!(input_scheme("1a:x"), None);
        assert_eq!(input_scheme("/a:b"), None);
        assert_eq!(input_scheme("abc"), None);
        assert_eq!(input_kind("FILE:x"), "file");
        assert_eq!(input_kind("wss:x"), "special");
        assert_eq!(input_kind("mailto:x"), "non-special");
        assert_eq!(input_kind("//x"), "relative");
        let case = |input: &str, base: Option<usize>| Case {
            input: input.into(),
            base,
        };
        assert_eq!(base_kind(&case("x", None)), "none");
        let kinds: Vec<&str> = (0..BASES.len())
            .map(|i| base_kind(&case("x", Some(i))))
            .collect();
        assert_eq!(
            kinds,
            [
                "special",
                "special",
                "special",
                "special",
                "file",
                "file",
                "file",
                "non-special",
                "non-special",
                "non-special",
                "opaque-path",
                "opaque-path"
            ]
        );
        // An input with a scheme uses the base only when both are the same special scheme.
        assert_eq!(base_kind(&case("http:x", Some(0))), "special");
        assert_eq!(base_kind(&case("HTTP:x", Some(1))), "none");
        assert_eq!(base_kind(&case("file:x", Some(4))), "file");
        assert_eq!(base_kind(&case("foo:x", Some(7))), "none");
    }

    #[test]
    fn agreement_and_signatures() {
        let bases = Bases::new();
        let case = |input: &str, base: Option<usize>| Case {
            input: input.into(),
            base,
        };
        assert_eq!(run_case(&case("https://EXAMPLE.com/a", None), &bases), None);
        assert_eq!(run_case(&case("not a url", None), &bases), None);
        assert_eq!(run_case(&case("../x?y", Some(0)), &bases), None);
        // Outcomes round-trip through JSON.
        let o = owned(["a"; 10], "o".into());
        assert_eq!(Outcome::from_json(&o.to_json()).unwrap(), o);
        assert_eq!(
            Outcome::from_json(&Outcome::Failure.to_json()).unwrap(),
            Outcome::Failure
        );
        // Differences.
        let mut b = ["a"; 10];
        b[5] = "h";
        b[0] = "x";
        let ob = owned(b, "o".into());
        assert_eq!(difference(&o, &ob), "authority");
        b[5] = "a";
        let ob = owned(b, "o".into());
        assert_eq!(difference(&o, &ob), "href");
        b[7] = "p";
        b[2] = "u";
        let ob = owned(b, "x".into());
        assert_eq!(difference(&o, &ob), "authority+path");
        let ob = owned(["a"; 10], "x".into());
        assert_eq!(difference(&o, &ob), "origin");
        assert_eq!(difference(&Outcome::Failure, &o), "fails");
        assert_eq!(difference(&o, &Outcome::Failure), "accepts");
        let sig = signature(&case("x", None), &[o.clone(), o.clone(), Outcome::Failure]);
        assert_eq!(sig.to_string(), "url | fails | input:relative | base:none");
    }
}
