//! Hostile inputs: a prefix, one unit repeated, a suffix, at a chosen size. The shapes aim at
//! quadratic behaviour (dot segments, percent signs, labels, `@` signs) and at the paths
//! that bypass a fast path (IDNA, non-ASCII, IPv6, opaque paths). The hostile test suite
//! (`crates/weburl/tests/hostile.rs`), its example (`examples/hostile.rs`) and the benchmark's
//! hostile datasets build their inputs here.

/// One shape of hostile input.
///
/// ```
/// use weburl_testkit::hostile::DOTS;
/// assert_eq!(DOTS.build(20), "http://h/a/../a/../");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// What the shape is, for reports.
    pub name: &'static str,
    /// The text before the repeated unit.
    pub prefix: &'static str,
    /// The unit repeated.
    pub unit: &'static str,
    /// The text after the repeated unit.
    pub suffix: &'static str,
}

impl Shape {
    /// The input with as many units as fit in `size` bytes (prefix and suffix included; at
    /// least the prefix and suffix).
    ///
    /// ```
    /// use weburl_testkit::hostile::IDNA;
    /// let s = IDNA.build(1000);
    /// assert!(s.len() <= 1000 && s.len() > 990 && s.ends_with("com/"));
    /// ```
    #[must_use]
    pub fn build(&self, size: usize) -> String {
        let n = size.saturating_sub(self.prefix.len() + self.suffix.len()) / self.unit.len();
        let mut s =
            String::with_capacity(self.prefix.len() + n * self.unit.len() + self.suffix.len());
        s.push_str(self.prefix);
        for _ in 0..n {
            s.push_str(self.unit);
        }
        s.push_str(self.suffix);
        s
    }
}

/// `unit` repeated until the result is at least `min_len` bytes long.
///
/// ```
/// assert_eq!(weburl_testkit::hostile::repeat_to("/..", 7), "/../../..");
/// ```
#[must_use]
pub fn repeat_to(unit: &str, min_len: usize) -> String {
    unit.repeat(min_len.div_ceil(unit.len()))
}

/// `http://h/` + `a/../` repeated: dot-segment removal.
pub const DOTS: Shape = Shape {
    name: "path of /..",
    prefix: "http://h/",
    unit: "a/../",
    suffix: "",
};
/// `http://h/` + `%2e%2E/` repeated + `x`: percent-encoded single-dot segments.
pub const ENCODED_DOTS: Shape = Shape {
    name: "deep %2e%2e",
    prefix: "http://h/",
    unit: "%2e%2E/",
    suffix: "x",
};
/// `http://` + `a.` repeated + `com/`: a host of many ASCII labels.
pub const LABELS: Shape = Shape {
    name: "host of labels",
    prefix: "http://",
    unit: "a.",
    suffix: "com/",
};
/// `http://` + `ü.` repeated + `com/`: every label goes through IDNA / Punycode.
pub const IDNA: Shape = Shape {
    name: "host of IDNA labels",
    prefix: "http://",
    unit: "ü.",
    suffix: "com/",
};
/// `http://h/?` + `&` repeated: a query of empty pairs.
pub const AMPERSANDS: Shape = Shape {
    name: "query of &",
    prefix: "http://h/?",
    unit: "&",
    suffix: "",
};
/// `http://h/` + `%` repeated: percent signs that start no escape.
pub const PERCENT_SIGNS: Shape = Shape {
    name: "percent signs",
    prefix: "http://h/",
    unit: "%",
    suffix: "",
};
/// `http://h/?` + `%41` repeated: a long query of percent-escapes.
pub const PERCENT_ESCAPES: Shape = Shape {
    name: "query of %41",
    prefix: "http://h/?",
    unit: "%41",
    suffix: "",
};
/// `http://h/` + U+FFFF repeated: a path to percent-encode, 3 bytes a character.
pub const NON_ASCII: Shape = Shape {
    name: "non-ASCII path",
    prefix: "http://h/",
    unit: "\u{FFFF}",
    suffix: "",
};
/// `http://[1:2:3:4:5:6:7:8]/` + `abc/` repeated: an IPv6 host, then a long path.
pub const IPV6_PATH: Shape = Shape {
    name: "IPv6 + plain path",
    prefix: "http://[1:2:3:4:5:6:7:8]/",
    unit: "abc/",
    suffix: "",
};
/// `file:///` + `C|/` repeated: Windows drive letters, each a candidate.
pub const DRIVE_LETTERS: Shape = Shape {
    name: "file C| parts",
    prefix: "file:///",
    unit: "C|/",
    suffix: "",
};
/// `sc:` + `x y ` repeated: an opaque path with spaces.
pub const OPAQUE_PATH: Shape = Shape {
    name: "opaque path",
    prefix: "sc:",
    unit: "x y ",
    suffix: "",
};
/// `http://` + `@` repeated + `h/`: userinfo of `@` signs, each one re-encoding the last.
pub const AT_SIGNS: Shape = Shape {
    name: "userinfo of @",
    prefix: "http://",
    unit: "@",
    suffix: "h/",
};

/// Every shape, in report order.
pub const SHAPES: [Shape; 12] = [
    DOTS,
    ENCODED_DOTS,
    LABELS,
    IDNA,
    AMPERSANDS,
    PERCENT_SIGNS,
    PERCENT_ESCAPES,
    NON_ASCII,
    IPV6_PATH,
    DRIVE_LETTERS,
    OPAQUE_PATH,
    AT_SIGNS,
];

/// One input of a [`Family`]: a name and how to build it at a size (about `size` bytes:
/// the repeated part is at least `size` bytes, around a short fixed text).
///
/// ```
/// let case = &weburl_testkit::hostile::PERCENT_SIGN_RUNS.cases[0];
/// assert_eq!((case.name, (case.build)(3).as_str()), ("path", "http://h/%%%"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// What the input is, for reports.
    pub name: &'static str,
    /// The input at a size.
    pub build: fn(usize) -> String,
}

/// A family of hostile inputs that grow with one size: the URL parser's hostile suite
/// (`crates/weburl/tests/hostile.rs`, at 1 MiB) and the linearity check (`weburl-bench
/// linearity`, `scripts/linearity.sh`, at a few KiB) build theirs from these.
///
/// ```
/// let f = weburl_testkit::hostile::DOT_DOT_SEGMENTS;
/// assert!(f.cases.iter().all(|c| (c.build)(100).len() >= 100));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Family {
    /// What the family is, for reports.
    pub name: &'static str,
    /// Its inputs.
    pub cases: &'static [Case],
}

/// The bases every URL input of a [`Family`] is also parsed against: a special URL with a
/// path, query and fragment, a file URL with a Windows drive letter, and a non-special URL
/// with a host.
pub const URL_BASES: [&str; 3] = [
    "http://example.org/a/b?q#f",
    "file:///C:/dir/file",
    "sc://h/p/q",
];

/// `"/.."` and `"../"` repeated: dot-segment removal, absolute and relative.
pub const DOT_DOT_SEGMENTS: Family = Family {
    name: "\"/..\" repeated",
    cases: &[
        Case {
            name: "http://h/ + \"/..\"*",
            build: |n| format!("http://h/{}", repeat_to("/..", n)),
        },
        Case {
            name: "relative \"/..\"*",
            build: |n| repeat_to("/..", n),
        },
        Case {
            name: "http://h/ + \"a/../\"*",
            build: |n| format!("http://h/{}", repeat_to("a/../", n)),
        },
        Case {
            name: "http://h/ + \"a/\"* + \"../\"*",
            build: |n| {
                format!(
                    "http://h/{}{}",
                    repeat_to("a/", n / 2),
                    repeat_to("../", n / 2)
                )
            },
        },
        Case {
            name: "relative \"../\"*",
            build: |n| repeat_to("../", n),
        },
        Case {
            name: "sc://h/ + \"/..\"*",
            build: |n| format!("sc://h/{}", repeat_to("/..", n)),
        },
    ],
};

/// `%` signs that start no escape, in every component and as a relative path.
pub const PERCENT_SIGN_RUNS: Family = Family {
    name: "\"%\" signs",
    cases: &[
        Case {
            name: "path",
            build: |n| format!("http://h/{}", "%".repeat(n)),
        },
        Case {
            name: "query",
            build: |n| format!("http://h/?{}", "%".repeat(n)),
        },
        Case {
            name: "fragment",
            build: |n| format!("http://h/#{}", "%".repeat(n)),
        },
        Case {
            name: "host",
            build: |n| format!("http://{}/", "%".repeat(n)),
        },
        Case {
            name: "non-special host",
            build: |n| format!("sc://{}/", "%".repeat(n)),
        },
        Case {
            name: "relative path",
            build: |n| "%".repeat(n),
        },
    ],
};

/// A host of dots (empty labels).
pub const HOST_OF_DOTS: Family = Family {
    name: "host of dots",
    cases: &[
        Case {
            name: "dots",
            build: |n| format!("http://{}/", ".".repeat(n)),
        },
        Case {
            name: "scheme-relative dots",
            build: |n| format!("//{}/", ".".repeat(n)),
        },
        Case {
            name: "non-special dots",
            build: |n| format!("sc://{}/", ".".repeat(n)),
        },
    ],
};

/// A host of many labels: ASCII, `xn--` and numeric.
pub const HOST_OF_LABELS: Family = Family {
    name: "host of many labels",
    cases: &[
        Case {
            name: "labels",
            build: |n| format!("http://{}com/", repeat_to("a.", n)),
        },
        Case {
            name: "xn-- labels",
            build: |n| format!("http://{}com/", repeat_to("xn--a.", n)),
        },
        Case {
            name: "numeric labels",
            build: |n| format!("http://{}1/", repeat_to("1.", n)),
        },
    ],
};

/// An IPv6 address of colons or digits.
pub const IPV6_COLONS: Family = Family {
    name: "IPv6 address of colons",
    cases: &[
        Case {
            name: "colons",
            build: |n| format!("http://[{}]", ":".repeat(n)),
        },
        Case {
            name: "\"1:\"",
            build: |n| format!("http://[{}]", repeat_to("1:", n)),
        },
        Case {
            name: "digits",
            build: |n| format!("http://[{}]", "1".repeat(n)),
        },
        Case {
            name: "non-special colons",
            build: |n| format!("sc://[{}]/", ":".repeat(n)),
        },
    ],
};

/// Single-dot segments, plain and percent-encoded.
pub const DOT_SLASH_CHAINS: Family = Family {
    name: "\"./\" chains",
    cases: &[
        Case {
            name: "http://h/ + \"./\"*",
            build: |n| format!("http://h/{}", repeat_to("./", n)),
        },
        Case {
            name: "relative \"./\"*",
            build: |n| repeat_to("./", n),
        },
        Case {
            name: "http://h/ + \"%2e/\"*",
            build: |n| format!("http://h/{}", repeat_to("%2e/", n)),
        },
        Case {
            name: "sc://h/ + \"./\"*",
            build: |n| format!("sc://h/{}", repeat_to("./", n)),
        },
    ],
};

/// U+FFFF in every place it is percent-encoded or refused.
pub const U_FFFF_CODE_POINTS: Family = Family {
    name: "U+FFFF",
    cases: &[
        Case {
            name: "path",
            build: |n| format!("http://h/{}", repeat_to("\u{FFFF}", n)),
        },
        Case {
            name: "query",
            build: |n| format!("http://h/?{}", repeat_to("\u{FFFF}", n)),
        },
        Case {
            name: "host",
            build: |n| format!("http://{}/", repeat_to("\u{FFFF}", n)),
        },
        Case {
            name: "relative path",
            build: |n| repeat_to("\u{FFFF}", n),
        },
        Case {
            name: "opaque path",
            build: |n| format!("sc:{}", repeat_to("\u{FFFF}", n)),
        },
    ],
};

/// Userinfo of `@` signs (each one re-encodes the userinfo before it, in the spec's words).
pub const LONG_USERINFO: Family = Family {
    name: "long userinfo",
    cases: &[
        Case {
            name: "\"@\"*",
            build: |n| format!("http://{}h/", "@".repeat(n)),
        },
        Case {
            name: "\"a@\"*",
            build: |n| format!("http://{}h/", repeat_to("a@", n)),
        },
        Case {
            name: "\":@\"*",
            build: |n| format!("http://{}h/", repeat_to(":@", n)),
        },
        Case {
            name: "\"@\"* without host",
            build: |n| format!("http://{}/", "@".repeat(n)),
        },
        Case {
            name: "non-special \"@\"*",
            build: |n| format!("sc://{}h/", "@".repeat(n)),
        },
        Case {
            name: "scheme-relative \"@\"*",
            build: |n| format!("//{}h/", "@".repeat(n)),
        },
    ],
};

/// Percent-encoded double-dot segments.
pub const PERCENT_ENCODED_DOT_DOT: Family = Family {
    name: "\"%2e%2e/\" repeated",
    cases: &[
        Case {
            name: "http://h/ + \"%2e%2e/\"*",
            build: |n| format!("http://h/{}", repeat_to("%2e%2e/", n)),
        },
        Case {
            name: "relative \"%2E%2e/\"*",
            build: |n| repeat_to("%2E%2e/", n),
        },
        Case {
            name: "http://h/ + \"a/%2e%2e/\"*",
            build: |n| format!("http://h/{}", repeat_to("a/%2e%2e/", n)),
        },
        Case {
            name: "file:/// + \"%2e%2e/\"*",
            build: |n| format!("file:///{}", repeat_to("%2e%2e/", n)),
        },
    ],
};

/// A long run of scheme characters, with and without the `:`.
pub const LONG_SCHEME_LIKE: Family = Family {
    name: "scheme-like string",
    cases: &[
        Case {
            name: "letters + \":\"",
            build: |n| format!("{}:", "a".repeat(n)),
        },
        Case {
            name: "letters without \":\"",
            build: |n| "a".repeat(n),
        },
        Case {
            name: "letters + \"://h/\"",
            build: |n| format!("{}://h/", "a".repeat(n)),
        },
        Case {
            name: "letters+-. + \":\"",
            build: |n| format!("{}:", repeat_to("a+-.", n)),
        },
    ],
};

/// File URLs with many Windows drive letters.
pub const FILE_DRIVE_LETTERS: Family = Family {
    name: "file URLs with many \"C|/\"",
    cases: &[
        Case {
            name: "file:/// + \"C|/\"*",
            build: |n| format!("file:///{}", repeat_to("C|/", n)),
        },
        Case {
            name: "file: + \"C|/\"*",
            build: |n| format!("file:{}", repeat_to("C|/", n)),
        },
        Case {
            name: "file:// + \"C|/\"*",
            build: |n| format!("file://{}", repeat_to("C|/", n)),
        },
        Case {
            name: "relative \"C|/\"*",
            build: |n| repeat_to("C|/", n),
        },
        Case {
            name: "file:/// + \"C:/..\"*",
            build: |n| format!("file:///{}", repeat_to("C:/../", n)),
        },
    ],
};

/// Non-special opaque paths: letters, spaces before a query or fragment, `%` signs.
pub const OPAQUE_PATHS: Family = Family {
    name: "non-special opaque path",
    cases: &[
        Case {
            name: "sc: + letters",
            build: |n| format!("sc:{}", "a".repeat(n)),
        },
        Case {
            name: "sc: + spaces + x",
            build: |n| format!("sc:{}x", " ".repeat(n)),
        },
        Case {
            name: "sc:x + spaces + ?q",
            build: |n| format!("sc:x{}?q", " ".repeat(n)),
        },
        Case {
            name: "sc:x + spaces + #f",
            build: |n| format!("sc:x{}#f", " ".repeat(n)),
        },
        Case {
            name: "sc:x + \" ?\"*",
            build: |n| format!("sc:x{}", repeat_to(" ?", n)),
        },
        Case {
            name: "sc: + \"%\"*",
            build: |n| format!("sc:{}", "%".repeat(n)),
        },
    ],
};

/// Every URL family, in the hostile suite's order.
pub const URL_FAMILIES: [Family; 12] = [
    DOT_DOT_SEGMENTS,
    PERCENT_SIGN_RUNS,
    HOST_OF_DOTS,
    HOST_OF_LABELS,
    IPV6_COLONS,
    DOT_SLASH_CHAINS,
    U_FFFF_CODE_POINTS,
    LONG_USERINFO,
    PERCENT_ENCODED_DOT_DOT,
    LONG_SCHEME_LIKE,
    FILE_DRIVE_LETTERS,
    OPAQUE_PATHS,
];

/// Hostile URL pattern constructor strings: nesting, lone syntax characters, unclosed
/// regexps, a long literal, a relative pattern of `[`. The pattern suite
/// (`crates/weburl/tests/urlpattern.rs`) checks each one's answer at 1 MiB.
pub const PATTERN_STRINGS: Family = Family {
    name: "pattern constructor strings",
    cases: &[
        Case {
            name: "braces in the hostname",
            build: |n| format!("https://{}", "{".repeat(n)),
        },
        Case {
            name: "open parentheses",
            build: |n| format!("https://h/{}", "(".repeat(n)),
        },
        Case {
            name: "colons",
            build: |n| format!("https://h/{}", ":".repeat(n)),
        },
        Case {
            name: "backslashes",
            build: |n| format!("https://h/{}", "\\".repeat(n)),
        },
        Case {
            name: "unclosed regexps",
            build: |n| format!("https://h/{}", repeat_to("(a(?:", n)),
        },
        Case {
            name: "optional wildcards",
            build: |n| format!("https://h/{}", repeat_to("*?", n)),
        },
        Case {
            name: "protocol of a+",
            build: |n| format!("{}://h", repeat_to("a+", n)),
        },
        Case {
            name: "relative brackets",
            build: |n| "[".repeat(n),
        },
        Case {
            name: "long literal pathname",
            build: |n| format!("https://example.com/{}/:id", "a".repeat(n)),
        },
    ],
};

/// Hostile URL pattern init objects' pathnames: many named groups, wildcards, optional
/// groups, regexp groups.
pub const PATTERN_INIT_PATHNAMES: Family = Family {
    name: "pattern init pathnames",
    cases: &[
        Case {
            name: "named groups",
            build: |n| {
                let mut s = String::with_capacity(n + 8);
                let mut i = 0;
                while s.len() < n {
                    s.push_str(&format!("/:g{i}"));
                    i += 1;
                }
                s
            },
        },
        Case {
            name: "wildcard segments",
            build: |n| repeat_to("/*", n),
        },
        Case {
            name: "optional segment groups",
            build: |n| repeat_to("{/a}?", n),
        },
        Case {
            name: "regexp groups",
            build: |n| repeat_to("/(\\d+)", n),
        },
    ],
};

/// Hostile URL pattern init objects' hostnames: many labels, many wildcard labels.
pub const PATTERN_INIT_HOSTNAMES: Family = Family {
    name: "pattern init hostnames",
    cases: &[
        Case {
            name: "labels",
            build: |n| format!("{}com", repeat_to("a.", n)),
        },
        Case {
            name: "wildcard labels",
            build: |n| format!("{}com", repeat_to("*.", n)),
        },
    ],
};

/// A pattern and the hostile URLs matched against it (`exec`).
#[derive(Clone, Copy, Debug)]
pub struct MatchCase {
    /// The pattern, a constructor string.
    pub pattern: &'static str,
    /// The URL at a size.
    pub url: Case,
}

/// Hostile URLs against patterns with wildcards, named groups and segment groups.
pub const PATTERN_MATCHES: [MatchCase; 5] = [
    MatchCase {
        pattern: "https://*.example.com/:first/*",
        url: Case {
            name: "labels and segments",
            build: |n| {
                format!(
                    "https://{}example.com/{}",
                    repeat_to("a.", n / 2),
                    repeat_to("b/", n / 2)
                )
            },
        },
    },
    MatchCase {
        pattern: "https://*.example.com/:a/:b/:c.:ext",
        url: Case {
            name: "labels and segments, no match",
            build: |n| {
                format!(
                    "https://{}example.com/{}",
                    repeat_to("a.", n / 2),
                    repeat_to("b/", n / 2)
                )
            },
        },
    },
    MatchCase {
        pattern: "https://h/:a.:b.:c.:d.json",
        url: Case {
            name: "dotted names, no match",
            build: |n| format!("https://h/{}html", repeat_to("a.", n)),
        },
    },
    MatchCase {
        pattern: "https://h/*-*-*-*x",
        url: Case {
            name: "wildcards split at '-', no match",
            build: |n| format!("https://h/{}", "-".repeat(n)),
        },
    },
    MatchCase {
        pattern: "https://h/:x(\\d+)/*",
        url: Case {
            name: "digits of a regexp group",
            build: |n| format!("https://h/{}/{}", "1".repeat(n / 2), "c/".repeat(n / 4)),
        },
    },
];

/// Routes made by `route` (one a line) until the list is at least `size` bytes.
fn routes(size: usize, route: impl Fn(usize) -> String) -> String {
    let mut s = String::with_capacity(size + 64);
    let mut i = 0;
    while s.len() < size {
        s.push_str(&route(i));
        s.push('\n');
        i += 1;
    }
    s
}

/// The `i`th route of a set of API routes under ten shared prefixes.
///
/// ```
/// assert_eq!(weburl_testkit::hostile::api_route(12), "https://example.com/api/v2/r12/:id");
/// ```
#[must_use]
pub fn api_route(i: usize) -> String {
    format!("https://example.com/api/v{}/r{i}/:id", i % 10)
}

/// Route sets (`UrlPatternSet`): lists of routes, one a line, of about `size` bytes.
pub const PATTERN_SET_ROUTES: Family = Family {
    name: "pattern set routes",
    cases: &[
        Case {
            name: "API routes under ten prefixes",
            build: |n| routes(n, api_route),
        },
        Case {
            name: "wildcard hostnames",
            build: |n| routes(n, |i| format!("https://*.h{i}.example.com/*")),
        },
        Case {
            name: "group and wildcard routes",
            build: |n| routes(n, |i| format!("https://example.com/u{i}/:id/*")),
        },
    ],
};

/// A route set (`UrlPatternSet`) of fixed routes and the hostile URLs matched against it,
/// whose paths grow with the size.
///
/// ```
/// let f = weburl_testkit::hostile::PATTERN_SET_REGEXP_ROUTES;
/// assert!(f.routes.iter().all(|r| r.contains("/:")));
/// assert!(f.urls.iter().all(|u| (u.build)(100).len() > 100));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct RouteSetMatches {
    /// What the family is, for reports.
    pub name: &'static str,
    /// The routes, constructor strings, in insertion order.
    pub routes: &'static [&'static str],
    /// The URLs: `https://example.com/` and a path of about `size` bytes.
    pub urls: &'static [Case],
}

/// `https://example.com/` + `a` repeated `n` times + `end`.
fn run_of_a(n: usize, end: &str) -> String {
    format!("https://example.com/{}{end}", "a".repeat(n))
}

/// Routes with custom regexp groups that run on the linear engine (nested quantifiers and
/// alternations of the same letter included: no backtracking), against paths of `a`s with
/// and without the `b` two of them end with, and of digits.
pub const PATTERN_SET_REGEXP_ROUTES: RouteSetMatches = RouteSetMatches {
    name: "pattern set regexp routes",
    routes: &[
        "https://example.com/:id(\\d+)",
        "https://example.com/:x((?:a*)*c)",
        "https://example.com/:x((?:a|a)*b)",
        "https://example.com/:slug([\\w\\-]+)/:rest(.*)",
        "https://example.com/:x((?:[a-z]+-)*[a-z]+)",
    ],
    urls: &[
        Case {
            name: "a* + b (a late match)",
            build: |n| run_of_a(n, "b"),
        },
        Case {
            name: "a* + . (no match)",
            build: |n| run_of_a(n, "."),
        },
        Case {
            name: "digits",
            build: |n| format!("https://example.com/{}", "1".repeat(n)),
        },
    ],
};

/// Routes with custom regexp groups that need the bounded backtracking matcher (lookahead,
/// lookbehind, a named group and its backreference), each linear in its input, on paths of
/// `a`s ending in `b`, in nothing, in `.`: a nested quantifier behind a lookahead that
/// makes sure it matches the rest at once, a lookbehind tried at each of the `n`
/// positions the `\w+` backs off to, a backreference repeated, a negative lookahead at each
/// letter.
pub const PATTERN_SET_BACKTRACKING_ROUTES: RouteSetMatches = RouteSetMatches {
    name: "pattern set backtracking routes",
    routes: &[
        "https://example.com/:x((?=a*b$)(?:a*)*b)",
        "https://example.com/:x(\\w+(?<=b))",
        "https://example.com/:x((?<c>[a-z])\\k<c>*)",
        "https://example.com/:x((?:(?!b)\\w)*)",
    ],
    urls: &[
        Case {
            name: "a* + b",
            build: |n| run_of_a(n, "b"),
        },
        Case {
            name: "a*",
            build: |n| run_of_a(n, ""),
        },
        Case {
            name: "a* + . (no match)",
            build: |n| run_of_a(n, "."),
        },
    ],
};

/// Query strings for `URLSearchParams`: empty pairs, escapes, plus signs, names in reverse
/// order (for `sort`).
pub const SEARCH_PARAMS: Family = Family {
    name: "search params",
    cases: &[
        Case {
            name: "\"&\"*",
            build: |n| AMPERSANDS.unit.repeat(n),
        },
        Case {
            name: "\"%41\"*",
            build: |n| repeat_to(PERCENT_ESCAPES.unit, n),
        },
        Case {
            name: "\"a=+&\"*",
            build: |n| repeat_to("a=+&", n),
        },
        Case {
            name: "names in reverse order",
            build: |n| {
                let count = n / 8;
                let mut s = String::with_capacity(n + 16);
                for i in (0..count).rev() {
                    s.push_str(&format!("k{i:06}=v&"));
                }
                s
            },
        },
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shape_fits_its_size_and_parses_or_fails_cleanly() {
        for shape in SHAPES {
            for size in [0, 1, 100, 10_000] {
                let s = shape.build(size);
                assert!(
                    s.starts_with(shape.prefix) && s.ends_with(shape.suffix),
                    "{}",
                    shape.name
                );
                let floor = shape.prefix.len() + shape.suffix.len();
                assert!(
                    s.len() <= size.max(floor),
                    "{} {size}: {}",
                    shape.name,
                    s.len()
                );
                assert!(
                    s.len() + shape.unit.len() > size.max(floor),
                    "{} {size}",
                    shape.name
                );
                let _ = weburl::Url::parse(&s);
            }
        }
    }
}
