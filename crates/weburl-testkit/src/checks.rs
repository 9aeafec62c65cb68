//! The properties the fuzz targets assert, shared so that a plain test can run the same
//! checks over a corpus on stable Rust: the libFuzzer targets (`fuzz/`) and weburl's
//! `tests/fuzz_corpus.rs` call [`targets`], `tests/properties.rs` calls [`check_url`].
//! The checks of the library's optional parts need this crate's feature of the same name
//! (`document`, `legacy`, `pattern`), which turns on weburl's.
//!
//! Every check panics (with the input) when a property fails; libFuzzer records that as a
//! crash.
//!
//! ```
//! weburl_testkit::checks::targets::parse(b"https://example.com/a/../b?c#d");
//! let url = weburl::Url::parse("HTTP://EXAMPLE.com:80/").unwrap();
//! weburl_testkit::checks::check_url(&url, "an example");
//! ```

use weburl::search_params::{parse_urlencoded, serialize_urlencoded};
use weburl::{Component, Host, SearchParams, Url};

/// Every getter, and the record-level accessors, for comparing two URLs.
use crate::snapshot::snapshot as state;

/// The serialization rebuilt from the getters, as the URL serializer would: every getter is a
/// slice of the href at the right place.
fn rebuilt(url: &Url) -> String {
    let mut s = url.protocol().to_owned();
    if url.has_host() {
        s.push_str("//");
        if url.includes_credentials() {
            s.push_str(url.username());
            if !url.password().is_empty() {
                s.push(':');
                s.push_str(url.password());
            }
            s.push('@');
        }
        s.push_str(url.host());
    } else if !url.has_opaque_path() && url.pathname().starts_with("//") {
        s.push_str("/.");
    }
    s.push_str(url.pathname());
    push_query_and_fragment(&mut s, url);
    s
}

/// Appends "?query" and "#fragment" when the URL has them.
fn push_query_and_fragment(s: &mut String, url: &Url) {
    if let Some(q) = url.query() {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = url.fragment() {
        s.push('#');
        s.push_str(f);
    }
}

/// A parsed URL: its href re-parses to the same URL, and the getters rebuild the href.
///
/// One exception, the spec's own: the protocol setter can turn a URL into a `file:` URL that
/// the file states would have written differently, since the scheme state with a state
/// override changes only the scheme. Its host may be "localhost" (the file host state makes
/// that the empty host) and its first path segment a Windows drive letter with '|' (the path
/// state writes ':'). Such a URL must re-parse to exactly those two normalizations.
pub fn check_url(url: &Url, context: &str) {
    // The library's own check: offsets, separators, port text, re-parse (with the same
    // exception for the protocol setter's file URLs).
    if let Err(e) = url.check_invariants() {
        panic!("{context}: {:?} breaks an invariant: {e}", url.href());
    }
    let again = Url::parse(url.href())
        .unwrap_or_else(|e| panic!("{context}: href {:?} does not parse: {e}", url.href()));
    let normalized = (url.scheme() == "file").then(|| file_normalized(url));
    match normalized {
        Some(expected) if expected != url.href() => {
            assert_eq!(again.href(), expected, "{context}: file URL re-parsed");
            check_url(&again, context);
        }
        _ => assert_eq!(
            state(&again),
            state(url),
            "{context}: href does not re-parse to itself"
        ),
    }
    assert_eq!(
        rebuilt(url),
        url.href(),
        "{context}: getters do not rebuild the href"
    );
}

/// Parses `input` against `base` every way there is and checks that they agree: the normal
/// entry point (with its fast path), the general parser alone, `can_parse`, and a parse with
/// a validation-error callback (whose offsets must lie in the input).
pub fn check_parse(input: &str, base: Option<&Url>) {
    let context = format!("input {input:?} base {:?}", base.map(Url::href));
    let normal = match base {
        Some(b) => Url::parse_with_base(input, b),
        None => Url::parse(input),
    };
    let general = weburl::parser::parse_general_for_tests(input, base);
    if let Ok(url) = &general
        && let Err(e) = url.check_invariants()
    {
        panic!(
            "{context}: the general parser's {:?} breaks an invariant: {e}",
            url.href()
        );
    }
    assert_eq!(
        normal.as_ref().map(state).ok(),
        general.as_ref().map(state).ok(),
        "{context}: fast path and general parser differ"
    );
    assert_eq!(normal.as_ref().err(), general.as_ref().err(), "{context}");
    let can = match base {
        None => Url::can_parse(input, None),
        Some(b) => Url::can_parse(input, Some(b.href())),
    };
    assert_eq!(
        can,
        normal.is_ok(),
        "{context}: can_parse disagrees with parse"
    );
    let mut errors = Vec::new();
    let with_callback = Url::options()
        .base(base)
        .on_validation_error(&mut |e| errors.push(e))
        .parse(input);
    assert_eq!(
        with_callback.as_ref().map(state).ok(),
        normal.as_ref().map(state).ok(),
        "{context}: the callback changed the result"
    );
    for e in &errors {
        assert!(
            e.offset <= input.len(),
            "{context}: error {e} is outside the input"
        );
    }
    if weburl::is_valid_url_string(input, base) {
        assert!(
            normal.is_ok() && errors.is_empty(),
            "{context}: a valid URL string met {errors:?}"
        );
    }
    if let Ok(url) = &normal {
        check_url(url, &context);
    }
}

/// Runs setter number `which` (an index into `Component::SETTABLE`, modulo its length) with `value` on a URL parsed from `href`: the result
/// re-parses to itself, and running the same setter again changes nothing.
pub fn check_setter(href: &str, which: u8, value: &str) {
    let Ok(mut url) = Url::parse(href) else {
        return;
    };
    let component = Component::SETTABLE[usize::from(which) % Component::SETTABLE.len()];
    let set = |url: &mut Url| {
        let _ = url.set(component, value);
    };
    set(&mut url);
    let context = format!("setter {component} {value:?} on {href:?}");
    check_url(&url, &context);
    let once = url.href().to_owned();
    set(&mut url);
    assert_eq!(url.href(), once, "{context}: not idempotent");
}

/// The href of a `file:` URL as the file states write it: "localhost" as the empty host, and
/// a first path segment that is a Windows drive letter with ':' rather than '|'.
fn file_normalized(url: &Url) -> String {
    let host = if url.hostname() == "localhost" {
        ""
    } else {
        url.host()
    };
    let mut path = url.pathname().to_owned();
    let b = path.as_bytes();
    if b.len() >= 3
        && b[0] == b'/'
        && b[1].is_ascii_alphabetic()
        && b[2] == b'|'
        && (b.len() == 3 || b[3] == b'/')
    {
        path.replace_range(2..3, ":");
    }
    let mut href = format!("file://{host}{path}");
    push_query_and_fragment(&mut href, url);
    href
}

/// `application/x-www-form-urlencoded` and `SearchParams`: parse/serialize round trips, and a
/// URL's search params view writes a query that parses back to the same list.
pub fn check_search_params(input: &str) {
    let pairs = parse_urlencoded(input.as_bytes());
    let serialized = serialize_urlencoded(pairs.iter().map(|(n, v)| (n, v)));
    assert_eq!(
        parse_urlencoded(serialized.as_bytes()),
        pairs,
        "round trip of {input:?}"
    );
    let mut params = SearchParams::parse(input);
    params.sort();
    let sorted = params.to_string();
    let mut url = Url::parse("https://example.com/?x").expect("parses");
    {
        let mut view = url.search_params_mut();
        view.clear();
        for (n, v) in params.iter() {
            view.append(n, v);
        }
    }
    assert_eq!(url.search_params().to_string(), sorted, "{input:?}");
    check_url(&url, input);
}

/// The host parser: a parsed host serializes to text that parses to the same host, in the
/// special and opaque flavours.
pub fn check_host(input: &str) {
    for opaque in [false, true] {
        let parsed = if opaque {
            Host::parse_opaque(input)
        } else {
            Host::parse(input)
        };
        if let Ok(host) = parsed {
            let text = host.to_string();
            let again = if opaque {
                Host::parse_opaque(&text)
            } else {
                Host::parse(&text)
            };
            assert_eq!(again.as_ref(), Ok(&host), "host {input:?} -> {text:?}");
        }
    }
}

/// A historical engine (`which` picks it) resolves `input` against `base` (as the engine
/// itself resolves the base text) without panicking, and its output, resolved again by the
/// same engine (with no base and against itself), is unchanged.
#[cfg(feature = "legacy")]
pub fn check_legacy(which: u8, base: &str, input: &str) {
    use weburl::legacy::Engine;
    let engine = Engine::ALL[usize::from(which) % Engine::ALL.len()];
    // A base URL is itself the result of resolving (a document's base URL is): take the
    // engine's own reading of the base text, so that it is escaped as the engine escapes.
    let base = match base {
        "" => None,
        text => match engine.resolve(text, None, None) {
            Ok(resolved) => Some(resolved.into_href()),
            Err(_) => return,
        },
    };
    let base = base.as_deref();
    let Ok(first) = engine.resolve(input, base, None) else {
        return;
    };
    let out = first.href().to_owned();
    // Idempotence is asserted here for the WHATWG, RFC 3986 and RFC 1808 engines. The HTML5
    // (2011) and 2009 engines are not idempotent on some hostile inputs, and these are open
    // findings (docs/RELIABILITY.md, inputs in fuzz/regressions/legacy/): step 12 turns
    // backslashes into slashes after the URL was split, so a '\' in the userinfo becomes a
    // path separator on the next parse (the old algorithm itself); and a host that reaches the
    // output percent-escaped, without IDNA, is processed differently when resolved again.
    // For those two engines this target checks that nothing panics; the seed vectors check
    // their idempotence (crates/weburl/tests/legacy_roundtrip.rs).
    if matches!(engine, Engine::Html5_2011 | Engine::WebAddresses2009) {
        return;
    }
    // Only an absolute output (one with a scheme) can be resolved without a base, or serve as
    // one.
    let scheme = weburl::legacy::rfc1808::parse(&out).scheme;
    let Some(scheme) = scheme.filter(|s| !s.is_empty()) else {
        return;
    };
    // RFC 3986 section 5.3 recomposes a path that starts with "//" after "scheme:" when there
    // is no authority (`g/..//x` against `z:p` gives `z://x`), which then reads as an
    // authority: a gap of RFC 3986 itself (the URL Standard writes "/." before such a path).
    if engine == Engine::Rfc3986
        && first.host().is_none()
        && out[scheme.len() + 1..].starts_with("//")
    {
        return;
    }
    for again_base in [None, Some(out.as_str())] {
        let again = engine
            .resolve(&out, again_base, None)
            .map(|r| r.into_href());
        assert_eq!(
            again.as_deref(),
            Ok(out.as_str()),
            "{}: {input:?} against {base:?} gave {out:?}, which resolves again (base {again_base:?}) differently",
            engine.name()
        );
    }
}

/// The document link extractor on arbitrary bytes (HTML, or XML when `xml`): no panic, links
/// in order with positions from 1, every resolved URL re-parses to itself, and reading the
/// bytes in small pieces gives the same links as reading them at once.
#[cfg(feature = "document")]
pub fn check_links(data: &[u8], xml: bool) {
    use weburl::document::{DocumentKind, LinkOptions, collect_links};
    let options = LinkOptions::new()
        .document_url(Url::parse("https://example.com/dir/page.html").expect("parses"))
        .kind(if xml {
            DocumentKind::Xml
        } else {
            DocumentKind::Html
        });
    let Ok((links, _)) = collect_links(data, &options) else {
        return;
    };
    for link in &links {
        assert!(link.line >= 1 && link.column >= 1, "{link:?}");
        if let Ok(url) = &link.result {
            check_url(url, &link.raw);
        }
    }
    /// A reader that hands out at most 3 bytes per read.
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.0.len().min(buf.len()).min(3);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let (again, _) = collect_links(Trickle(data), &options).expect("the same input reads again");
    let hrefs = |l: &[weburl::document::Link]| {
        l.iter()
            .map(|l| {
                (
                    l.raw.clone(),
                    l.result.as_ref().map(|u| u.href().to_owned()).ok(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(
        hrefs(&again),
        hrefs(&links),
        "reading in pieces changed the links"
    );
}

/// URL patterns: building one from `pattern` (a constructor string, or one component of an
/// init object, as `which` picks) never panics; when it builds, matching `input` (as a URL,
/// and as that component of an init object) never panics, `test` agrees with `exec`, the
/// part-list matcher agrees with the ECMAScript regular expression, and a one-pattern
/// `UrlPatternSet` agrees with `exec`. Custom regexp groups are matched only on short
/// inputs: their matching time is unbounded by design (see `weburl::pattern`).
#[cfg(feature = "pattern")]
pub fn check_pattern(which: u8, pattern: &str, input: &str) {
    use weburl::pattern::{
        PatternLimits, UrlPattern, UrlPatternComponent, UrlPatternInit, UrlPatternInput,
        UrlPatternOptions,
    };
    let options = UrlPatternOptions {
        ignore_case: which & 1 == 1,
    };
    let component = UrlPatternComponent::ALL[usize::from(which >> 1) % 8];
    let init_with = |value: &str| {
        let mut init = UrlPatternInit::default();
        *init
            .member_mut(component.name())
            .expect("a component is a member") = Some(value.to_owned());
        init
    };
    let from_string = which & 0x80 == 0;
    let built = if from_string {
        UrlPattern::parse(pattern, None, options)
    } else {
        UrlPattern::from_init(&init_with(pattern), options)
    };
    // The limits refuse exactly the patterns with custom regexp groups (or fail as the
    // pattern does).
    let limited = if from_string {
        UrlPattern::parse_with_limits(
            pattern,
            None,
            options,
            &PatternLimits::new().regexp_groups(false),
        )
    } else {
        UrlPattern::from_init_with_limits(
            &init_with(pattern),
            options,
            &PatternLimits::new().regexp_groups(false),
        )
    };
    let Ok(p) = built else {
        assert!(
            limited.is_err(),
            "{pattern:?}: limits accepted what the constructor refused"
        );
        return;
    };
    assert_eq!(
        limited.is_ok(),
        !p.has_regexp_groups(),
        "{pattern:?}: limits disagree with has_regexp_groups"
    );
    // The pattern strings read back to a pattern too.
    let _ = p.to_string();
    // With a custom regexp group the component runs the regular-expression engine, which
    // backtracks without a time bound (docs/URLPATTERN.md, "Safety"): each group that can
    // take any text (`*`, `:name`, `(.*)`) multiplies the steps by the input's length, so
    // only short inputs against patterns with few groups are checked.
    let groups = pattern
        .bytes()
        .filter(|b| matches!(b, b'*' | b':' | b'('))
        .count();
    // A repeated group (`:name*`, `:$*`, `(...)+`, `{...}*`, `**`) nests quantifiers in the expression
    // (time exponential in the component's length).
    let repeated = pattern.as_bytes().windows(2).any(|w| {
        matches!(w[1], b'*' | b'+')
            && (w[0].is_ascii_alphanumeric()
                || w[0] >= 0x80
                || matches!(w[0], b')' | b'}' | b'_' | b'$' | b'*'))
    });
    // What the expression runs on is the canonical component: a byte outside printable
    // ASCII may become a percent-encoded triple (a U+FFFD of lossy decoding, three bytes,
    // becomes nine), so the bounds below count the input that way.
    let len: usize = input
        .bytes()
        .map(|b| if b.is_ascii_graphic() { 1 } else { 3 })
        .sum();
    if p.has_regexp_groups() && (len > 32 || groups > 4 || repeated && len > 8) {
        return;
    }
    for (subject, base) in [
        (UrlPatternInput::String(input.to_owned()), None),
        (
            UrlPatternInput::String(input.to_owned()),
            Some("https://example.com/a/b?c#d"),
        ),
        (UrlPatternInput::from(init_with(input)), None),
    ] {
        if p.has_regexp_groups() && repeated && base.is_some() {
            // The base makes the pathname longer than the 8 bytes above.
            continue;
        }
        let exec = p
            .exec_input(&subject, base)
            .expect("no init with a base here");
        let test = p
            .test_input(&subject, base)
            .expect("no init with a base here");
        assert_eq!(
            test,
            exec.is_some(),
            "{pattern:?} on {subject:?}: test != exec"
        );
        // The general path is the oracle on short inputs only: the regular expression the
        // spec generates backtracks for minutes on some patterns without custom groups
        // (`:name*ao` against a long pathname), which the part-list matcher answers at once;
        // and few groups, for the same reason as above; a repeated group on inputs of at
        // most 8 bytes, without the base (which makes the pathname longer).
        let short = if repeated {
            len <= 8 && base.is_none()
        } else {
            len <= 16
        };
        let general = if short && groups <= 6 {
            p.exec_input_with_regexp(&subject, base)
        } else {
            exec.clone()
        };
        assert_eq!(
            exec, general,
            "{pattern:?} on {subject:?}: part lists != regexp"
        );
        if let (UrlPatternInput::String(s), None) = (&subject, base)
            && let Ok(url) = weburl::Url::parse(s)
        {
            check_pattern_set(&p, usize::from(which >> 4) & 7, s, &url);
        }
    }
}

/// The set equals a linear scan of `exec` in insertion order: `pattern` inserted at
/// `position` among routes that share literal prefixes with each other (and, often, with the
/// fuzzed pattern), and inserted again last.
#[cfg(feature = "pattern")]
fn check_pattern_set(pattern: &weburl::pattern::UrlPattern, position: usize, s: &str, url: &Url) {
    use weburl::pattern::{UrlPattern, UrlPatternSet};
    const ROUTES: [&str; 7] = [
        "https://example.com/a/:id",
        "https://example.com/a/b/*",
        "https://example.com/a/:x/:y?",
        "https://*.example.com/books/:id",
        "https://*.example.com/api/*",
        "https://example.com/:lang?/a/*",
        "http{s}?://{*.}?example.com/:product/:endpoint",
    ];
    let mut routes: Vec<UrlPattern> = ROUTES.iter().map(|r| r.parse().unwrap()).collect();
    routes.insert(position.min(routes.len()), pattern.clone());
    routes.push(pattern.clone());
    let mut set = UrlPatternSet::new();
    for (i, route) in routes.iter().enumerate() {
        set.insert(route.clone(), i);
    }
    let linear: Vec<_> = (routes.iter().enumerate())
        .filter_map(|(i, r)| Some((i, r.exec_url(url)?)))
        .collect();
    let all = |found: Vec<(&usize, weburl::pattern::UrlPatternResult)>| {
        found.into_iter().map(|(i, m)| (*i, m)).collect::<Vec<_>>()
    };
    assert_eq!(
        all(set.matches_url(url)),
        linear,
        "{pattern:?} on {s:?}: set.matches_url != the linear scan"
    );
    let first = linear.first().cloned();
    assert_eq!(
        set.first_match_url(url).map(|(i, m)| (*i, m)),
        first,
        "{pattern:?} on {s:?}: set.first_match_url != the linear scan"
    );
    // The borrowed match: the same winner, and its groups (the pathname's kept from the
    // set's walk) those of the owned result.
    match (set.first_match_ref(url), &first) {
        (None, None) => {}
        (Some((i, m)), Some((j, r))) => {
            assert_eq!(i, j, "{pattern:?} on {s:?}: set.first_match_ref's winner");
            for c in weburl::pattern::UrlPatternComponent::ALL {
                let owned: Vec<_> = r.component(c).groups.iter().collect();
                assert_eq!(
                    m.groups(c),
                    owned,
                    "{pattern:?} on {s:?}: set.first_match_ref's {} groups",
                    c.name()
                );
            }
        }
        (found, _) => panic!(
            "{pattern:?} on {s:?}: set.first_match_ref found {:?}, the linear scan {:?}",
            found.map(|(i, _)| i),
            first.as_ref().map(|(i, _)| i)
        ),
    }
    // The best match: one of the matches, and none of the others more specific in the order
    // of `BEST_MATCH_ORDER` (`compare_component`'s `Greater` is the more specific; ties to
    // the earliest inserted).
    let order = |a: &UrlPattern, b: &UrlPattern| {
        (weburl::pattern::BEST_MATCH_ORDER.iter())
            .map(|&c| UrlPattern::compare_component(c, a, b))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    };
    match set.best_match_url(url) {
        None => assert!(linear.is_empty(), "{pattern:?} on {s:?}: no best match"),
        Some((&best, _)) => {
            assert!(
                linear.iter().any(|(j, _)| *j == best),
                "{pattern:?} on {s:?}: the best match {best} does not match"
            );
            for (j, _) in &linear {
                let o = order(&routes[best], &routes[*j]);
                assert!(
                    o.is_gt() || (o.is_eq() && best <= *j),
                    "{pattern:?} on {s:?}: route {j} is more specific than the best match {best}"
                );
            }
        }
    }
    // From the string: `exec(s)`'s results, `inputs` the string as given.
    let linear_str: Vec<_> = (routes.iter().enumerate())
        .filter_map(|(i, r)| Some((i, r.exec(s, None)?)))
        .collect();
    assert_eq!(
        all(set.matches(s)),
        linear_str,
        "{pattern:?} on {s:?}: set.matches"
    );
    assert_eq!(
        set.first_match(s).map(|(i, m)| (*i, m)),
        linear_str.first().cloned(),
        "{pattern:?} on {s:?}: set.first_match"
    );
}

/// `compare_component` and `generate` on two fuzzed patterns (constructor strings against
/// `https://example.com/`) and fuzzed group values (`name=value` lines): the order is
/// antisymmetric, reflexive and transitive (through a few fixed routes), and what the strict
/// `generate` gives the loose one gives too.
#[cfg(feature = "pattern")]
pub fn check_pattern_compare_generate(which: u8, left: &str, right: &str, values: &str) {
    use std::cmp::Ordering;
    use weburl::pattern::{UrlPattern, UrlPatternComponent, UrlPatternOptions};
    let component = UrlPatternComponent::ALL[usize::from(which & 7)];
    let parse = |p: &str| {
        UrlPattern::parse(
            p,
            Some("https://example.com/"),
            UrlPatternOptions::default(),
        )
        .ok()
    };
    let (Some(a), Some(b)) = (parse(left), parse(right)) else {
        return;
    };
    let cmp = |x: &UrlPattern, y: &UrlPattern| UrlPattern::compare_component(component, x, y);
    let ab = cmp(&a, &b);
    assert_eq!(
        ab,
        cmp(&b, &a).reverse(),
        "{left:?} {right:?}: not antisymmetric"
    );
    assert_eq!(cmp(&a, &a), Ordering::Equal, "{left:?}: not reflexive");
    for fixed in [
        "https://example.com/books/:id",
        "https://*.example.com/*",
        "https://example.com/books/new?q=:q#:h",
        "https://:sub.example.com:8080/:a/*",
    ] {
        let c: UrlPattern = fixed.parse().expect("a fixed route");
        if ab.is_le() && cmp(&b, &c).is_le() {
            assert!(
                cmp(&a, &c).is_le(),
                "{left:?} <= {right:?} <= {fixed:?} but not {left:?} <= {fixed:?}"
            );
        }
    }
    let groups: Vec<(&str, &str)> = values.lines().filter_map(|l| l.split_once('=')).collect();
    let loose = a.generate(component, groups.iter().copied());
    if let Ok(strict) = a.generate_strict(component, groups.iter().copied()) {
        assert_eq!(
            loose.as_ref().ok(),
            Some(&strict),
            "{left:?} {groups:?}: the strict generate gave what the loose one did not"
        );
    }
}

/// Splits fuzz bytes into a few strings at 0xFF bytes (which never occur in UTF-8).
pub fn split(data: &[u8], parts: usize) -> Vec<String> {
    let mut out: Vec<String> = data
        .splitn(parts, |&b| b == 0xFF)
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .collect();
    out.resize(parts, String::new());
    out
}

/// Each fuzz target's whole body: how it reads its bytes and which check it runs. The
/// libFuzzer targets (`fuzz/fuzz_targets/`) and `crates/weburl/tests/fuzz_corpus.rs` both call
/// these, so a seed or regression input means the same thing to both.
pub mod targets {
    use std::sync::OnceLock;

    use weburl::Url;

    use super::split;

    /// `parse`: the bytes (lossily UTF-8) as a URL without a base.
    pub fn parse(data: &[u8]) {
        super::check_parse(&String::from_utf8_lossy(data), None);
    }

    /// `parse_with_base`: a base and an input, split on the first NUL; inputs whose base
    /// does not parse are skipped.
    pub fn parse_with_base(data: &[u8]) {
        let parts = split(data, 2);
        if let Ok(base) = Url::parse(&parts[0]) {
            super::check_parse(&parts[1], Some(&base));
        }
    }

    /// `validation`: the first byte picks one of four fixed bases (special, file,
    /// non-special, opaque path) or none; the rest is the input.
    pub fn validation(data: &[u8]) {
        static BASES: OnceLock<Vec<Url>> = OnceLock::new();
        let bases = BASES.get_or_init(|| {
            [
                "https://example.org/a/b?q#f",
                "file:///C:/dir/",
                "sc://h/p",
                "mailto:x",
            ]
            .iter()
            .map(|b| Url::parse(b).expect("base parses"))
            .collect()
        });
        let Some((&which, rest)) = data.split_first() else {
            return;
        };
        let base = bases.get(usize::from(which) % (bases.len() + 1));
        super::check_parse(&String::from_utf8_lossy(rest), base);
    }

    /// `setters`: the first byte picks the setter; the rest is a URL and a value.
    pub fn setters(data: &[u8]) {
        let Some((&which, rest)) = data.split_first() else {
            return;
        };
        let parts = split(rest, 2);
        super::check_setter(&parts[0], which, &parts[1]);
    }

    /// `search_params`: the bytes as `application/x-www-form-urlencoded` text.
    pub fn search_params(data: &[u8]) {
        super::check_search_params(&String::from_utf8_lossy(data));
    }

    /// `host`: the bytes as a host.
    pub fn host(data: &[u8]) {
        super::check_host(&String::from_utf8_lossy(data));
    }

    /// `legacy`: the first byte picks the engine; the rest is a base and an input.
    #[cfg(feature = "legacy")]
    pub fn legacy(data: &[u8]) {
        let Some((&which, rest)) = data.split_first() else {
            return;
        };
        let parts = split(rest, 2);
        super::check_legacy(which, &parts[0], &parts[1]);
    }

    /// `pattern`: the first byte picks the form (bit 7: an init object, else a constructor
    /// string), the component of the init (bits 1-3) and ignore case (bit 0); the rest is a
    /// pattern and an input.
    #[cfg(feature = "pattern")]
    pub fn pattern(data: &[u8]) {
        let Some((&which, rest)) = data.split_first() else {
            return;
        };
        let parts = split(rest, 2);
        super::check_pattern(which, &parts[0], &parts[1]);
    }

    /// `pattern_compare_generate`: the first byte picks the component; the rest is the left
    /// pattern, the right pattern and the group values (`name=value` lines), split at 0xFF.
    #[cfg(feature = "pattern")]
    pub fn pattern_compare_generate(data: &[u8]) {
        let Some((&which, rest)) = data.split_first() else {
            return;
        };
        let parts = split(rest, 3);
        super::check_pattern_compare_generate(which, &parts[0], &parts[1], &parts[2]);
    }

    /// `links`: the first byte's low bit picks XML (1) or HTML (0); the rest is the document.
    #[cfg(feature = "document")]
    pub fn links(data: &[u8]) {
        let Some((&kind, rest)) = data.split_first() else {
            return;
        };
        super::check_links(rest, kind & 1 == 1);
    }
}
