//! Every kernel against the scalar library, in every input layout (`Utf8`, `LargeUtf8`,
//! `Utf8View`, chunks, a scalar; with nulls), without a base, with one parsed base and with
//! a column of bases, over the web-platform-tests URL data and the benchmark URL lists
//! (`crates/weburl-bench/data`, see the README there).

mod common;

use std::path::Path;

use common::{layouts, texts};
use proptest::prelude::*;
use weburl::normalize::{Options, Profile, canonicalize};
use weburl::psl::{List, Sections};
use weburl::{Component, ParseError, Url};
use weburl_arrow::arrow_array::{Array, StringArray, StructArray};
use weburl_arrow::{Base, Output, Strings, rows};

/// The WPT inputs and every `step`-th line of the benchmark lists, with a null every 7 rows.
fn inputs(step: usize) -> Vec<Option<String>> {
    let wpt = std::fs::read_to_string(weburl_testkit::wpt::path("urltestdata.json")).unwrap();
    let mut all: Vec<String> = weburl_testkit::wpt::url_inputs(&wpt).unwrap();
    all.extend(bench_lines().into_iter().step_by(step));
    let mut out = Vec::new();
    for (i, input) in all.into_iter().enumerate() {
        if i % 7 == 3 {
            out.push(None);
        }
        out.push(Some(input));
    }
    out
}

/// Every line of the benchmark URL lists.
fn bench_lines() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../weburl-bench/data");
    let mut lines = Vec::new();
    for name in [
        "web_links",
        "kasztp",
        "node_files",
        "isaacs_files",
        "github-routes",
    ] {
        let text = std::fs::read_to_string(root.join(format!("{name}.txt"))).unwrap();
        lines.extend(
            text.lines()
                .map(|l| l.trim_start_matches('\u{feff}'))
                .filter(|l| !l.is_empty())
                .map(str::to_owned),
        );
    }
    assert!(lines.len() > 100_000);
    lines
}

const BASE: &str = "https://user@example.org:8080/dir/page?q#f";

/// The base text of row `i` in the column of bases: the base, one that fails, a null.
fn base_text(i: usize) -> Option<&'static str> {
    match i % 5 {
        1 => Some("http://[::1"),
        2 => None,
        3 => Some("file:///c:/x/"),
        _ => Some(BASE),
    }
}

/// The three kinds of base, with the base text (or its failure) of each row.
#[derive(Clone, Copy, Debug)]
enum BaseKind {
    None,
    One,
    Column,
}

/// Row `i` of `input` parsed by the library as `new URL(input, base)` with `kind` of base:
/// `None` for a null.
fn expected(kind: BaseKind, i: usize, input: Option<&str>) -> Option<Result<Url, ParseError>> {
    let input = input?;
    match kind {
        BaseKind::None => Some(Url::parse(input)),
        BaseKind::One => Some(Url::parse_with_base(input, &Url::parse(BASE).unwrap())),
        BaseKind::Column => {
            let base = base_text(i)?;
            Some(Url::parse(base).and_then(|b| Url::parse_with_base(input, &b)))
        }
    }
}

/// The bases of `kind` for `rows` rows (the column's strings live in `column`).
fn base_of<'a>(kind: BaseKind, url: &'a Url, column: &'a StringArray) -> Base<'a> {
    match kind {
        BaseKind::None => Base::None,
        BaseKind::One => Base::Url(url),
        BaseKind::Column => Base::Strings(Strings::try_new(column).unwrap()),
    }
}

#[test]
fn every_kernel_agrees_with_the_library_in_every_layout() {
    let values = inputs(8);
    let base_url = Url::parse(BASE).unwrap();
    let base_column = StringArray::from((0..values.len()).map(base_text).collect::<Vec<_>>());
    let options = Options::default();
    let mut checked = 0;
    for (layout, arrays) in layouts(&values.iter().map(Option::as_deref).collect::<Vec<_>>()) {
        let strings = Strings::chunks(&arrays).unwrap();
        assert_eq!(strings.len(), values.len());
        let input = |i: usize| values[i].as_deref();
        for kind in [BaseKind::None, BaseKind::One, BaseKind::Column] {
            let base = || base_of(kind, &base_url, &base_column);
            let parsed: Vec<Option<Result<Url, ParseError>>> = (0..values.len())
                .map(|i| expected(kind, i, input(i)))
                .collect();
            let ok = |i: usize| parsed[i].as_ref().and_then(|r| r.as_ref().ok());
            for component in Component::ALL {
                for output in [Output::Utf8View, Output::Utf8, Output::LargeUtf8] {
                    let got = texts(&weburl_arrow::component_as(
                        &strings,
                        base(),
                        component,
                        output,
                    ));
                    let want: Vec<Option<String>> = (0..values.len())
                        .map(|i| ok(i).map(|u| u.get(component).into_owned()))
                        .collect();
                    assert_eq!(got, want, "{layout} {kind:?} {component:?} {output:?}");
                }
            }
            let want_names: Vec<Option<String>> = (0..values.len())
                .map(|i| Some(parsed[i].as_ref()?.as_ref().err()?.spec_name().to_owned()))
                .collect();
            assert_eq!(
                texts(&weburl_arrow::error_name(&strings, base())),
                want_names,
                "{layout} {kind:?}"
            );
            let can: Vec<Option<bool>> = weburl_arrow::can_parse(&strings, base()).iter().collect();
            let want_can: Vec<Option<bool>> = (0..values.len())
                .map(|i| parsed[i].as_ref().map(Result::is_ok))
                .collect();
            assert_eq!(can, want_can, "{layout} {kind:?}");
            for output in [Output::Utf8View, Output::Utf8, Output::LargeUtf8] {
                let table = weburl_arrow::parse_as(&strings, base(), output);
                check_struct(
                    &table,
                    &|i| ok(i).cloned(),
                    &format!("{layout} {kind:?} {output:?}"),
                );
            }
            checked += 1;
        }
        let ok = |i: usize| Url::parse(input(i)?).ok();
        for sections in [Sections::All, Sections::Icann] {
            let got = texts(&weburl_arrow::registrable_domain(&strings, sections));
            let want: Vec<_> = (0..values.len())
                .map(|i| ok(i)?.registrable_domain_in(sections).map(str::to_owned))
                .collect();
            assert_eq!(got, want, "{layout} {sections:?}");
            let got = texts(&weburl_arrow::public_suffix_as(
                &strings,
                sections,
                Output::Utf8,
            ));
            let want: Vec<_> = (0..values.len())
                .map(|i| ok(i)?.public_suffix_in(sections).map(str::to_owned))
                .collect();
            assert_eq!(got, want, "{layout} {sections:?}");
        }
        for profile in Profile::ALL {
            let got = texts(&weburl_arrow::normalize(&strings, profile, &options));
            let want: Vec<_> = (0..values.len())
                .map(|i| canonicalize(&ok(i)?, profile, &options).ok())
                .collect();
            assert_eq!(got, want, "{layout} {profile:?}");
        }
    }
    assert_eq!(checked, 12);
}

/// `table`'s rows are `url(i)`'s getters, null where it is `None`.
fn check_struct(table: &StructArray, url: &dyn Fn(usize) -> Option<Url>, what: &str) {
    // Every check Arrow's constructors make, here on the views `parse` builds unchecked.
    table
        .to_data()
        .validate_full()
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    let columns: Vec<Vec<Option<String>>> =
        table.columns().iter().map(|c| texts(c.as_ref())).collect();
    for i in 0..table.len() {
        match url(i) {
            None => assert!(table.is_null(i), "{what}: row {i}"),
            Some(url) => {
                assert!(table.is_valid(i), "{what}: row {i}");
                for (column, component) in columns.iter().zip(Component::ALL) {
                    assert_eq!(
                        column[i].as_deref(),
                        Some(&*url.get(component)),
                        "{what} {component:?}"
                    );
                }
            }
        }
    }
}

/// No rows: a struct of eleven empty columns.
#[test]
fn parse_of_no_rows() {
    let empty = StringArray::from(Vec::<Option<&str>>::new());
    for output in [Output::Utf8View, Output::Utf8, Output::LargeUtf8] {
        let table = weburl_arrow::parse_as(&Strings::try_new(&empty).unwrap(), None, output);
        assert_eq!((table.len(), table.num_columns()), (0, 11), "{output:?}");
        check_struct(&table, &|_| None, "no rows");
    }
}

/// A scalar (and a null scalar) broadcast: every kernel gives the row's answer on each row.
#[test]
fn scalars_broadcast() {
    let options = Options::default();
    for input in inputs(40).into_iter().take(3000) {
        let strings = Strings::scalar(input.as_deref(), 3);
        let url = input.as_deref().and_then(|i| Url::parse(i).ok());
        let hostname = texts(&weburl_arrow::component(
            &strings,
            None,
            Component::Hostname,
        ));
        assert_eq!(
            hostname,
            vec![url.as_ref().map(|u| u.hostname().to_owned()); 3]
        );
        let domain = texts(&weburl_arrow::registrable_domain(&strings, Sections::All));
        let want = url
            .as_ref()
            .and_then(|u| u.registrable_domain().map(str::to_owned));
        assert_eq!(domain, vec![want; 3]);
        let surt = texts(&weburl_arrow::normalize(&strings, Profile::Surt, &options));
        let want = url
            .as_ref()
            .and_then(|u| canonicalize(u, Profile::Surt, &options).ok());
        assert_eq!(surt, vec![want; 3]);
        let table = weburl_arrow::parse(&strings, None);
        check_struct(&table, &|_| url.clone(), "scalar");
    }
}

/// A `Utf8View` answer holds the input's buffers only where a value is a view into them: an
/// answer of copies (short registrable domains, after a copied first row) does not keep the
/// input alive, and a long hostname found in the input is a view into its buffer, whichever
/// row comes first.
#[test]
fn utf8view_answers_hold_the_input_only_when_they_view_it() {
    use weburl_arrow::arrow_array::StringViewArray;
    let long_host = format!("{}.example.com", "a".repeat(70));
    let long = format!("https://{long_host}/p");
    let urls = StringViewArray::from(vec![
        Some("https://www.example.co.uk/a"),
        None,
        Some(long.as_str()),
        Some("https://b.example.org/"),
    ]);
    let input_buffers: Vec<*const u8> = urls.data_buffers().iter().map(|b| b.as_ptr()).collect();
    assert!(!input_buffers.is_empty());
    let strings = Strings::try_new(&urls).unwrap();
    let holds_input = |answer: &StringViewArray| {
        answer
            .data_buffers()
            .iter()
            .any(|b| input_buffers.contains(&b.as_ptr()))
    };

    let domains = weburl_arrow::registrable_domain(&strings, Sections::All);
    let domains = domains.as_any().downcast_ref::<StringViewArray>().unwrap();
    assert_eq!(
        domains.iter().collect::<Vec<_>>(),
        [
            Some("example.co.uk"),
            None,
            Some("example.com"),
            Some("example.org")
        ]
    );
    assert!(!holds_input(domains));

    let hosts = weburl_arrow::component(&strings, None, Component::Hostname);
    let hosts = hosts.as_any().downcast_ref::<StringViewArray>().unwrap();
    assert_eq!(
        hosts.iter().collect::<Vec<_>>(),
        [
            Some("www.example.co.uk"),
            None,
            Some(long_host.as_str()),
            Some("b.example.org")
        ]
    );
    assert!(holds_input(hosts));
    // The long hostname is the input's bytes, not a copy of them.
    let view = hosts.views()[2];
    let block = &hosts.data_buffers()[(view >> 64) as u32 as usize];
    assert!(input_buffers.contains(&block.as_ptr()));
    assert_eq!(
        &block[(view >> 96) as usize..][..long_host.len()],
        long_host.as_bytes()
    );
}

/// The hostname fast path answers exactly as the parser, on every benchmark line and WPT input.
#[test]
fn the_hostname_fast_path_is_the_parser() {
    let mut fast = 0;
    for input in inputs(1).into_iter().flatten() {
        check_fast_path(&input);
        fast += usize::from(weburl::normal_hostname(&input).is_some());
    }
    // Most real URLs are already normal.
    assert!(fast > 60_000, "{fast}");
}

/// Nearly every line of the bench lists takes the fast path, the `file://` URLs with a host
/// of node_files included; the parser answers for the rest: the routes of github-routes (not
/// URLs), hosts with uppercase letters, credentials, IDNA labels or `"`, IP addresses, the
/// non-special `tapmock:` and `node:` URLs, a leading byte order mark.
#[test]
fn nearly_every_bench_line_takes_the_hostname_fast_path() {
    let lines = bench_lines();
    let left: Vec<&String> = lines
        .iter()
        .filter(|l| weburl::normal_hostname(l).is_none())
        .collect();
    // 623 of 122,610 when written, 203 of them the routes.
    assert!(
        left.len() < 700,
        "{} of {}: {left:?}",
        left.len(),
        lines.len()
    );
}

fn check_fast_path(input: &str) {
    let url = Url::parse(input).ok();
    if let Some(range) = weburl::normal_hostname(input) {
        let url = url
            .as_ref()
            .unwrap_or_else(|| panic!("{input:?} does not parse"));
        assert_eq!(&input[range], url.hostname(), "{input:?}");
    }
    let hostname = rows::hostname(input).map(|s| s.as_str().to_owned());
    assert_eq!(
        hostname.as_deref(),
        url.as_ref().map(Url::hostname),
        "{input:?}"
    );
    for sections in [Sections::All, Sections::Icann] {
        let got = rows::registrable_domain(input, sections);
        let want = url.as_ref().and_then(|u| u.registrable_domain_in(sections));
        assert_eq!(got.as_ref().map(rows::Slice::as_str), want, "{input:?}");
        let got = rows::public_suffix(input, sections);
        let want = url.as_ref().and_then(|u| u.public_suffix_in(sections));
        assert_eq!(got.as_ref().map(rows::Slice::as_str), want, "{input:?}");
    }
    // The list reads a domain in place as it reads the URL's (an IP address is no domain to
    // the URL, while the list, given its text, reads labels).
    if let Some(url) = url
        .as_ref()
        .filter(|u| matches!(u.host_parsed(), Some(weburl::Host::Domain(_))))
    {
        assert_eq!(
            List::embedded().registrable_domain(url.hostname(), Sections::All),
            url.registrable_domain_in(Sections::All),
            "{input:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]
    /// URL-shaped strings near the fast path's edges: schemes in any case, credentials, ports,
    /// numbers, IDNA labels, percent-encodings, spaces, tabs and backslashes.
    #[test]
    fn the_fast_path_agrees_on_generated_urls(
        scheme in "(http|https|ws|wss|ftp|file|HTTP|Http|foo|)",
        slashes in "(://|:/|:|:///|:\\\\\\\\)",
        host in "([a-zA-Z0-9_.%-]|xn--|0x|@|:|\\[|\\]| |\t|\u{e9}){0,12}",
        port in "(:[0-9]{0,6})?",
        rest in "([/\\\\?#a ]){0,3}",
    ) {
        check_fast_path(&format!("{scheme}{slashes}{host}{port}{rest}"));
    }
}
