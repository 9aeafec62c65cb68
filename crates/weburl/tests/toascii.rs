//! WPT `url/resources/toascii.json` and `IdnaTestV2.json`: the URL Standard's host parser for
//! special URLs (domain to ASCII with `beStrict = false`, then the forbidden-code-point and
//! IPv4 checks). Both files have the format `{"input", "output": S|null, "comment"?,
//! "urlStandardOnly"?}`; `comment` and `urlStandardOnly` are informational only.
//!
//! Each case with a non-empty input is checked in two ways:
//!
//! 1. Through the URL parser, as WPT's `toascii.window.js` / `IdnaTestV2.window.js` do:
//!    `Url::parse("https://{input}/x")` must fail when `output` is null; otherwise `host` and
//!    `hostname` must equal `output`, `pathname` must be `"/x"` and `href` `"https://{output}/x"`.
//!    WPT skips the case with an empty input (it cannot be written as a URL); so does this suite.
//!
//! 2. Directly through `Host::parse(input)`:
//!    * `output` non-null: `Host::parse(input)` must succeed and serialize to `output`.
//!      (In the URL form, ASCII tab and newline would be removed before host parsing while
//!      `Host::parse` rejects them; no input in these files contains them.)
//!    * `output` null: `Host::parse(input)` must fail too, unless the input contains one of
//!      `/ ? # \ : @`. In the URL form those characters do not reach the host parser as part of
//!      the host: `/ ? # \` end the authority (the host is then only a prefix of the input),
//!      `@` splits off userinfo and `:` starts a port, so the URL may fail for a reason the
//!      host parser never sees (an invalid port, an empty host) — or the host parser may see a
//!      different string. For such inputs the URL-form check above is the authoritative one.
//!
//! Not checked yet: WPT also runs every case through the `host` and `hostname` setters
//! (`new URL("https://x/x")`, then `url.host = input`: on failure the URL stays unchanged, else
//! `host`/`hostname` become `output`). TODO: add that check (`Url::set_host` /
//! `Url::set_hostname`) to this suite.

mod common;

use common::{CaseCheck, Report, catch, load_wpt_json, object_cases, opt_str, req_str};
use serde_json::{Map, Value};
use weburl::{Host, Url};

/// Characters that, in `https://{input}/x`, end the host or are not part of it (see above).
const NOT_HOST_IN_URL_FORM: [char; 6] = ['/', '?', '#', '\\', ':', '@'];

fn check_case(case: &Map<String, Value>, c: &mut CaseCheck) {
    let input = req_str(case, "input");
    let output = opt_str(case, "output");

    // 1. Through the URL parser.
    let url_input = format!("https://{input}/x");
    match (Url::parse(&url_input), output) {
        (Err(_), None) => {}
        (Ok(url), None) => c.fail(format!(
            "URL form {url_input:?}: expected failure, actual success with href {:?}",
            url.href()
        )),
        (Err(e), Some(output)) => c.fail(format!(
            "URL form {url_input:?}: expected host {output:?}, actual failure {e:?}"
        )),
        (Ok(url), Some(output)) => {
            c.field("URL form host", output, url.host());
            c.field("URL form hostname", output, url.hostname());
            c.field("URL form pathname", "/x", url.pathname());
            c.field("URL form href", &format!("https://{output}/x"), url.href());
        }
    }

    // 2. Directly through the host parser.
    let direct = Host::parse(input);
    match (direct, output) {
        (Ok(host), Some(output)) => c.field("Host::parse", output, &host.to_string()),
        (Err(e), Some(output)) => c.fail(format!(
            "Host::parse: expected {output:?}, actual failure {e:?}"
        )),
        (Err(_), None) => {}
        (Ok(host), None) => {
            if !input.contains(NOT_HOST_IN_URL_FORM) {
                c.fail(format!(
                    "Host::parse: expected failure, actual success {:?}",
                    host.to_string()
                ));
            }
        }
    }
}

fn run(file: &str) {
    let data = load_wpt_json(file);
    let mut report = Report::new(file);
    for case in object_cases(&data) {
        // As in WPT: an empty input cannot be expressed as `https:///x`, so it is not a case.
        if req_str(case, "input").is_empty() {
            continue;
        }
        let mut c = CaseCheck::new();
        if let Err(panic) = catch(|| check_case(case, &mut c)) {
            c.fail(panic);
        }
        report.record(
            || {
                let mut label = format!(
                    "input {:?}, output {:?}",
                    req_str(case, "input"),
                    opt_str(case, "output")
                );
                if let Some(comment) = opt_str(case, "comment") {
                    label.push_str(&format!(" (comment: {comment})"));
                }
                label
            },
            c,
        );
    }
    report.finish();
}

#[test]
fn toascii() {
    run("toascii.json");
}

#[test]
fn idna_test_v2() {
    run("IdnaTestV2.json");
}
