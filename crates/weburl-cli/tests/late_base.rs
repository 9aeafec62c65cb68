//! `weburl links --late-base auto|defer|reresolve`: the library's policies for a `<base href>`
//! that comes after some links.

mod common;

use common::weburl;

const PAGE: &[u8] = b"<a href=page>1</a>\n<p>text</p>\n<base href=\"/v2/\">\n<a href=page>2</a>";

fn links(policy: Option<&str>) -> String {
    let mut args = vec!["links", "-", "--url", "https://example.com/docs/"];
    if let Some(policy) = policy {
        args.extend(["--late-base", policy]);
    }
    let run = weburl(&args, PAGE);
    assert_eq!((run.code, run.stderr.as_str()), (0, ""), "{policy:?}");
    run.stdout
}

#[test]
fn auto_is_the_default_and_re_prints_changed_links() {
    let expected = "1:9 a href https://example.com/docs/page\n\
                    1:9 a href https://example.com/v2/page (re-resolved)\n\
                    3:13 base href https://example.com/v2/\n\
                    4:9 a href https://example.com/v2/page\n";
    assert_eq!(links(None), expected);
    assert_eq!(links(Some("auto")), expected);
}

#[test]
fn defer_prints_each_link_once_with_its_final_url() {
    assert_eq!(
        links(Some("defer")),
        "1:9 a href https://example.com/v2/page\n\
         3:13 base href https://example.com/v2/\n\
         4:9 a href https://example.com/v2/page\n"
    );
}

#[test]
fn reresolve_prints_at_once_and_corrects() {
    assert_eq!(
        links(Some("reresolve")),
        "1:9 a href https://example.com/docs/page\n\
         1:9 a href https://example.com/v2/page (re-resolved)\n\
         3:13 base href https://example.com/v2/\n\
         4:9 a href https://example.com/v2/page\n"
    );
}

#[test]
fn help_names_the_default_and_why() {
    let run = weburl(&["links", "--help"], b"");
    assert!(
        run.stdout.contains("--late-base <POLICY>"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("[default: auto]"), "{}", run.stdout);
    assert!(
        run.stdout.contains("keeps\n          memory flat") || run.stdout.contains("memory flat")
    );
    // An unknown policy is a usage error.
    let run = weburl(&["links", "-", "--late-base", "later"], b"");
    assert_eq!(run.code, 2);
}

#[test]
fn a_base_in_the_head_after_a_link_shows_auto_and_reresolve_apart() {
    let page = b"<link rel=icon href=a.ico><base href=\"/v2/\"><a href=b>x</a>";
    let run = |policy: &str| {
        let r = weburl(
            &[
                "links",
                "-",
                "--url",
                "https://example.com/",
                "--late-base",
                policy,
            ],
            page,
        );
        assert_eq!(r.code, 0);
        r.stdout
    };
    // auto holds links while in the head: the <base> comes before they are printed.
    let held = "1:21 link href https://example.com/v2/a.ico\n\
                1:39 base href https://example.com/v2/\n\
                1:53 a href https://example.com/v2/b\n";
    assert_eq!(run("auto"), held);
    assert_eq!(run("defer"), held);
    assert_eq!(
        run("reresolve"),
        "1:21 link href https://example.com/a.ico\n\
         1:21 link href https://example.com/v2/a.ico (re-resolved)\n\
         1:39 base href https://example.com/v2/\n\
         1:53 a href https://example.com/v2/b\n"
    );
}
