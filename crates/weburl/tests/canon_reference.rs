//! The `w3lib` and `surt` profiles against the answers of the Python packages themselves,
//! recorded on the benchmark URL lists (tests/data/canon/, re-recorded by
//! scripts/record-canon-reference.py; the lists are crates/weburl-bench/data/), and the
//! idempotence of every profile on the same lists.
//!
//! For every line the URL Standard accepts, weburl's answer must be the package's answer on
//! the URL Standard's serialization of the line (the href): that is what "the package's
//! rules applied to the URL" means. The two exceptions are classes of the packages' own
//! bugs, each checked for exactly what it is (see `package_bug`). Where the package's answer
//! on the raw line differs from its answer on the href, the package read the raw line
//! otherwise than the URL Standard does; every such line must fall in one of the named
//! classes of `standard_difference` (docs/NORMALIZE.md explains each). The test prints the
//! agreement with the packages' answers on the raw lines.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use weburl::Url;
use weburl::normalize::{Options, Profile, canonicalize, normalize};

/// The benchmark lists, and edge_cases.txt (tests/data/canon/: URLs written to reach each
/// rule of both packages).
const LISTS: [&str; 5] = [
    "isaacs_files",
    "node_files",
    "kasztp",
    "web_links",
    "edge_cases",
];

fn list_path(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if name == "edge_cases" {
        root.join("tests/data/canon/edge_cases.txt")
    } else {
        root.join(format!("../weburl-bench/data/{name}.txt"))
    }
}

fn lines(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(list_path(name)).unwrap();
    text.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

/// One fixture line, expanded: the package's answers on the raw line and on the href
/// (`None`: the line is not a URL by the Standard), `Err` for a call that raised.
struct Answers {
    w3lib_raw: Result<String, String>,
    w3lib_href: Option<Result<String, String>>,
    surt_raw: Result<String, String>,
    surt_href: Option<Result<String, String>>,
}

fn field(text: &str, same_as: &Result<String, String>) -> Result<String, String> {
    match text {
        "=" => same_as.clone(),
        _ => match text.strip_prefix('!') {
            Some(error) => Err(error.to_owned()),
            None => Ok(text.to_owned()),
        },
    }
}

fn fixture(name: &str, lines: &[String]) -> Vec<Answers> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/canon/{name}.tsv"));
    let text = std::fs::read_to_string(path).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(
        rows.len(),
        lines.len(),
        "{name}: the fixture does not match the list; re-record it"
    );
    rows.iter()
        .zip(lines)
        .map(|(row, line)| {
            let fields: Vec<&str> = row.split('\t').collect();
            assert_eq!(fields.len(), 4, "{name}: {row}");
            let w3lib_raw = field(fields[0], &Ok(line.clone()));
            let w3lib_href = (fields[1] != "-").then(|| field(fields[1], &w3lib_raw));
            let surt_raw = field(fields[2], &Err("no".into()));
            let surt_href = (fields[3] != "-").then(|| field(fields[3], &surt_raw));
            Answers {
                w3lib_raw,
                w3lib_href,
                surt_raw,
                surt_href,
            }
        })
        .collect()
}

/// The authority of a raw line (after `scheme://`, up to `/`, `\`, `?` or `#`), if any.
fn raw_authority(line: &str) -> Option<&str> {
    let after = &line[line.find("://")? + 3..];
    Some(&after[..after.find(['/', '\\', '?', '#']).unwrap_or(after.len())])
}

/// Why the package's answer on the raw line differs from its answer on the href: the class
/// of URL Standard rules that read the line otherwise (docs/NORMALIZE.md), or `None`.
fn standard_difference(line: &str, url: &Url) -> Option<&'static str> {
    // Tabs and newlines go, and leading and trailing C0 controls and spaces, for the
    // Standard and both packages alike.
    let line: String = line
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let line = line.as_str();
    let authority = raw_authority(line).unwrap_or("");
    let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if line.starts_with("http://http") || line.starts_with("https://http") {
        // surt collapses repeated `http://` / `https://` prefixes; the Standard reads the
        // second scheme as the host.
        return Some("repeated-scheme");
    }
    let before_query = line.split(['?', '#']).next().unwrap_or("");
    if before_query.contains('\\') && url.is_special() {
        return Some("backslash");
    }
    if !hostport.is_ascii() {
        return Some("idna");
    }
    let raw_host = hostport
        .strip_prefix('[')
        .and_then(|h| h.split_once(']'))
        .map_or_else(|| hostport.split(':').next().unwrap_or(""), |(h, _)| h);
    if hostport.starts_with('[')
        && !raw_host.eq_ignore_ascii_case(url.hostname().trim_matches(['[', ']']))
    {
        return Some("ipv6");
    }
    if matches!(url.host_parsed(), Some(weburl::Host::Ipv4(_))) && raw_host != url.hostname() {
        return Some("ipv4");
    }
    if hostport.contains('%') {
        return Some("percent-encoded-host");
    }
    if let Some((_, port)) = hostport.rsplit_once(':')
        && !port.is_empty()
        && port.bytes().all(|b| b.is_ascii_digit())
        && url.port().is_empty()
    {
        return Some("default-port");
    }
    if !url.has_opaque_path()
        && before_query
            .split('/')
            .skip(1)
            .any(|s| s == "." || s == "..")
    {
        return Some("dot-segments");
    }
    None
}

/// Whether weburl's `ours` differs from the package's `reference` (on the href) by one of
/// the package's known bugs that weburl fixes, and which.
fn package_bug(profile: Profile, ours: &str, reference: &str) -> Option<&'static str> {
    match profile {
        Profile::W3lib => {
            // w3lib's answer is not a fixed point of w3lib (canonicalized once more by these
            // rules it changes), and weburl's differs from it only by a `%` written `%25`
            // (docs/NORMALIZE.md, "w3lib-lone-percent").
            let again = Url::parse(reference).ok()?;
            let again = canonicalize(&again, Profile::W3lib, &Options::default()).ok()?;
            if again != reference && ours.replace("%25", "%") == reference.replace("%25", "%") {
                return Some("w3lib-lone-percent");
            }
            // w3lib's answer is not the URL Standard's serialization of itself: weburl gives
            // the Standard's reading of it (a file URL's `C|` drive letter written `C:`).
            let reparsed = Url::parse(reference).ok()?;
            (reparsed.href() == ours).then_some("w3lib-answer-reparsed")
        }
        // No surt bug is departed from on these lists (see docs/NORMALIZE.md).
        _ => None,
    }
}

#[derive(Default)]
struct Tally {
    both: usize,
    agree_raw: usize,
    differences: BTreeMap<&'static str, usize>,
    bugs: BTreeMap<&'static str, usize>,
}

/// Checks one case: `line` (a list line or a test input), the package's answers on it
/// (`raw`) and on its href (`href`, `None` when the Standard rejects the line).
fn check_case(
    profile: Profile,
    source: &str,
    line: &str,
    raw: &Result<String, String>,
    href: Option<&Result<String, String>>,
    tally: &mut Tally,
) {
    let options = Options::default();
    let parsed = Url::parse(line);
    assert_eq!(
        parsed.is_ok(),
        href.is_some(),
        "{source}: {line:?}: re-record the fixture"
    );
    let (Ok(url), Some(href)) = (parsed, href) else {
        return;
    };
    let reference = href.as_ref().unwrap_or_else(|e| {
        panic!(
            "{source}: {line:?}: {} raised {e} on the href",
            profile.name()
        )
    });
    let ours = canonicalize(&url, profile, &options).unwrap();
    if &ours != reference {
        let bug = package_bug(profile, &ours, reference);
        assert!(
            bug.is_some(),
            "{source}: {line:?}\n  weburl: {ours}\n  {} on the href: {reference}",
            profile.name()
        );
        *tally.bugs.entry(bug.unwrap()).or_default() += 1;
    }
    if let Ok(raw) = raw {
        tally.both += 1;
        if raw == &ours {
            tally.agree_raw += 1;
        }
        if raw != reference {
            let class = standard_difference(line, &url);
            assert!(
                class.is_some(),
                "{source}: {line:?}: {} reads the raw line otherwise, for no known reason:\n  raw: {raw}\n  href: {reference}",
                profile.name()
            );
            *tally.differences.entry(class.unwrap()).or_default() += 1;
        }
    }
}

fn check(profile: Profile) -> BTreeMap<&'static str, Tally> {
    let mut tallies = BTreeMap::new();
    for name in LISTS {
        let lines = lines(name);
        let answers = fixture(name, &lines);
        let mut tally = Tally::default();
        for (line, answers) in lines.iter().zip(&answers) {
            let (raw, href) = match profile {
                Profile::W3lib => (&answers.w3lib_raw, &answers.w3lib_href),
                _ => (&answers.surt_raw, &answers.surt_href),
            };
            check_case(profile, name, line, raw, href.as_ref(), &mut tally);
        }
        tallies.insert(name, tally);
    }
    tallies
}

/// The packages' own test URLs (tests/data/canon/w3lib-tests.json, surt-tests.json).
fn check_package_tests(profile: Profile, name: &'static str) -> BTreeMap<&'static str, Tally> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/canon/{name}.json"));
    let document: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let answer = |v: &serde_json::Value| -> Result<String, String> {
        match v.get("ok") {
            Some(ok) => Ok(ok.as_str().unwrap().to_owned()),
            None => Err(v["raised"].as_str().unwrap().to_owned()),
        }
    };
    let mut tally = Tally::default();
    let cases = document["cases"].as_array().unwrap();
    assert!(cases.len() > 50);
    for case in cases {
        let input = case["input"].as_str().unwrap();
        if let Some(href) = case["href"].as_str() {
            assert_eq!(
                Url::parse(input).unwrap().href(),
                href,
                "{name}: re-record the fixture"
            );
        }
        let href_answer = case["href"]
            .is_string()
            .then(|| answer(&case["href_answer"]));
        check_case(
            profile,
            name,
            input,
            &answer(&case["answer"]),
            href_answer.as_ref(),
            &mut tally,
        );
    }
    BTreeMap::from([(name, tally)])
}

fn report(profile: Profile, tallies: &BTreeMap<&'static str, Tally>) {
    let (mut both, mut agree) = (0, 0);
    for (name, t) in tallies {
        both += t.both;
        agree += t.agree_raw;
        println!(
            "{}: {name}: {} of {} URLs both accept agree ({:.2}%); Standard differences {:?}; package bugs fixed {:?}",
            profile.name(),
            t.agree_raw,
            t.both,
            100.0 * t.agree_raw as f64 / t.both.max(1) as f64,
            t.differences,
            t.bugs,
        );
    }
    println!(
        "{}: all lists: {agree} of {both} agree ({:.2}%)",
        profile.name(),
        100.0 * agree as f64 / both.max(1) as f64
    );
}

#[test]
fn w3lib_profile_matches_w3lib() {
    let tallies = check(Profile::W3lib);
    report(Profile::W3lib, &tallies);
}

#[test]
fn w3lib_profile_on_w3lib_tests() {
    let tallies = check_package_tests(Profile::W3lib, "w3lib-tests");
    report(Profile::W3lib, &tallies);
}

#[test]
fn surt_profile_on_surt_tests() {
    let tallies = check_package_tests(Profile::Surt, "surt-tests");
    report(Profile::Surt, &tallies);
}

#[test]
fn surt_profile_matches_surt() {
    let tallies = check(Profile::Surt);
    report(Profile::Surt, &tallies);
}

/// Every profile is idempotent on every URL of the lists and of the WPT URL tests (and on
/// userbait.txt, which the project may not carry, when ../shared/bench-data has it): normalizing the normalized URL
/// changes nothing, and the `surt` profile's URL has the same key as the URL it came from.
#[test]
fn profiles_are_idempotent() {
    let mut all: Vec<String> = LISTS.iter().flat_map(|name| lines(name)).collect();
    // The inputs and hrefs of the WPT URL tests, for the odd corners (file URLs, opaque
    // paths, IPv6, every encoding quirk).
    let wpt = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/wpt/urltestdata.json");
    let wpt: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(wpt).unwrap()).unwrap();
    for case in wpt.as_array().unwrap() {
        for field in ["input", "href"] {
            if let Some(text) = case.get(field).and_then(|v| v.as_str()) {
                all.push(text.to_owned());
            }
        }
    }
    let userbait =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/bench-data/userbait.txt");
    if let Ok(text) = std::fs::read(userbait) {
        all.extend(String::from_utf8_lossy(&text).lines().map(str::to_owned));
    }
    let mut checked = 0;
    let flags = [
        (false, false, false),
        (true, false, false),
        (false, true, false),
        (true, true, false),
        (false, false, true),
    ];
    for (strip_tracking, drop_index, keep_fragment) in flags {
        let mut options = Options::default();
        options.strip_tracking = strip_tracking;
        options.drop_index = drop_index;
        options.keep_fragment = keep_fragment;
        for line in &all {
            let Ok(url) = Url::parse(line) else { continue };
            for profile in Profile::ALL {
                let once = normalize(&url, profile, &options)
                    .unwrap_or_else(|e| panic!("{} {options:?}: {line:?}: {e}", profile.name()));
                let twice = normalize(&once, profile, &options).unwrap();
                assert_eq!(
                    once.href(),
                    twice.href(),
                    "{} {options:?}: {line:?}",
                    profile.name()
                );
                let key = canonicalize(&url, profile, &options).unwrap();
                if profile != Profile::Surt {
                    // The canonical text is the href of the canonical URL.
                    assert_eq!(key, once.href(), "{} {options:?}: {line:?}", profile.name());
                }
                let key_again = canonicalize(&once, profile, &options).unwrap();
                assert_eq!(key, key_again, "{} {options:?}: {line:?}", profile.name());
                checked += 1;
            }
        }
    }
    assert!(checked > 100_000);
}
