//! The input generator of the differential harness: a small seeded RNG and a grammar of URL
//! strings that leans on the parser's tricky parts.
//!
//! Every case is a function of `(seed, index)` alone ([`case`]), so any case of a run can be
//! regenerated from its index, and a run can be split into index ranges.

/// SplitMix64 (Steele, Lea, Flood 2014): 64 bits of state, full period, good enough mixing for
/// test-case generation.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator of case `index` of the run seeded with `seed`.
    pub fn for_case(seed: u64, index: u64) -> Rng {
        let mut r = Rng(seed ^ 0x5851_F42D_4C95_7F2D);
        let s = r.next_u64();
        let mut r = Rng(s ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        r.next_u64();
        r
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n` > 0; multiply-shift, bias below 2^-32).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// [`Rng::pick`] for string lists.
    pub fn pick_str(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len())]
    }

    /// An index into `weights`, with probability proportional to the weight.
    pub fn weighted(&mut self, weights: &[usize]) -> usize {
        let total: usize = weights.iter().sum();
        let mut x = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if x < w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }
}

/// The base URLs inputs are parsed against (when they get one).
pub const BASES: [&str; 12] = [
    "http://example.com/a/b/c?q#f",
    "https://user:pass@h.example:8443/dir/file.html?x=1",
    "http://[::1]:8080/x/y/",
    "ws://example.org/",
    "file:///C:/dir/file.txt",
    "file://host/share/dir/",
    "file:///",
    "foo://host/a/b?q",
    "foo:/a/b/c",
    "sc://h",
    "mailto:someone@example.com",
    "sc:opaque?x#y",
];

/// One generated case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub input: String,
    /// An index into [`BASES`].
    pub base: Option<usize>,
}

const SPECIAL: [&str; 6] = ["http", "https", "ws", "wss", "ftp", "file"];
const NON_SPECIAL: [&str; 14] = [
    "foo",
    "sc",
    "mailto",
    "javascript",
    "data",
    "blob",
    "urn",
    "git+ssh",
    "a.b-c",
    "x1",
    "tel",
    "about",
    "non-spec",
    "httpx",
];

/// Slashes after `scheme:`: nothing, forward, backward, mixed, too many.
const SLASHES: [&str; 12] = [
    "//", "//", "//", "//", "", "/", "\\\\", "/\\", "\\/", "///", "\\", "////",
];

/// Bytes the parser treats specially, and a few it should not.
const TRICKY: [&str; 24] = [
    "\\", "/", ":", "@", "%", "[", "]", "?", "#", "\t", "\n", "\r", " ", ".", "%2e", "%2F", "%5C",
    "%40", "%3A", "%", "%%", "%0", "%g1", "\u{0}",
];

const LABELS: [&str; 40] = [
    "example",
    "a",
    "b",
    "com",
    "EXAMPLE",
    "Ex-Ample",
    "localhost",
    "LocalHost",
    "xn--",
    "xn--a",
    "xn--zca",
    "xn--ls8h",
    "xn--nxasmq6b",
    "xn--mnchen-3ya",
    "xn--a-ecp.ru",
    "XN--ZCA",
    "a-",
    "-a",
    "a--b",
    "ab--c",
    "_srv",
    "a_b",
    "1a",
    "0x",
    "0xg",
    "09",
    "1",
    "255",
    "%41",
    "%2e",
    "%zz",
    "%",
    "%C3%BC",
    "%E2%80%8D",
    "a%00",
    "exa%6dple",
    "www",
    "test",
    "",
    "x",
];

const IDN: [&str; 42] = [
    "ü",
    "ß",
    "ς",
    "σ",
    "Σ",
    "İ",
    "ﬀ",
    "Ａ",
    "ＢＣ",
    "１",
    "０ｘ",
    "。",
    "．",
    "｡",
    "\u{AD}",
    "\u{200C}",
    "\u{200D}",
    "\u{200B}",
    "\u{2060}",
    "\u{FEFF}",
    "\u{301}",
    "a\u{301}",
    "א",
    "1א",
    "ا",
    "ا1",
    "日本",
    "中国",
    "ㄱ",
    "💩",
    "\u{2488}",
    "\u{2474}",
    "\u{FFFD}",
    "\u{E0001}",
    "\u{10FFFD}",
    "\u{FDD0}",
    "\u{1E9E}",
    "Ⅻ",
    "ǅ",
    "\u{0}",
    "\u{7F}",
    "\u{85}",
];

const OPAQUE_HOST_CHARS: [&str; 30] = [
    "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "^", "|", "<", ">", "`", "{", "}", "~",
    "\"", " ", "%", "%20", "é", "-", "_", "a", "1", "\u{7F}", "\u{1F}",
];

const PATH_SEGMENTS: [&str; 52] = [
    "", "", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2E%2e", "a", "b", "foo", "x.y", "C:", "c|",
    "C%3A", "C%7C", "z:", "C:x", "a:b", "%", "%zz", "%41", "%2f", "é", "a b", " ", "`", "{", "}",
    "^", "|", "\"", "<", ">", "'", "~", "\u{0}", "\u{1F}", "\u{7F}", "\u{FEFF}", "\u{FFFD}", "💩",
    "\u{80}", "@", ":", ";", "=", "[", "]", "..\\", "./",
];

const QUERY_PIECES: [&str; 30] = [
    "a=b", "&", "=", " ", "'", "\"", "<", ">", "`", "#", "%", "%zz", "%41", "é", "+", "{", "}",
    "^", "|", "\u{7F}", "\u{0}", "?", "/", "\\", "[", "]", "💩", "\u{FFFD}", "%2e", "~",
];

const FRAGMENT_PIECES: [&str; 26] = [
    "f", " ", "\"", "<", ">", "`", "#", "%", "%zz", "é", "{", "}", "\u{0}", "?", "\u{7F}", "'",
    "^", "|", "/", "\\", "💩", "\u{FFFD}", "%41", "[", "]", "=",
];

const PORTS: [&str; 24] = [
    "",
    "0",
    "80",
    "443",
    "21",
    "8080",
    "65535",
    "65536",
    "99999999999",
    "00080",
    "000000000000",
    "8a",
    "-1",
    "+1",
    "1 ",
    " 1",
    "1\t0",
    "１",
    "0x50",
    "80/",
    "1.5",
    ":",
    "8\n0",
    "4294967376",
];

const USERINFO: [&str; 22] = [
    "user",
    "u",
    "",
    ":",
    "pass",
    "%40",
    "@",
    "a@b",
    "%zz",
    " ",
    "é",
    "\\",
    "[",
    "]",
    "^",
    "|",
    "%3A",
    "user:pass",
    "u:p:q",
    ":p",
    "`",
    "\u{0}",
];

/// Relative references (used as is or as prefixes).
const RELATIVE: [&str; 36] = [
    "", "/", "//", "///", "\\", "\\\\", "/\\", "?", "#", ".", "..", "./", "../", "../..", "/..",
    "/.", "a", "a/b", "/.//a", "C:", "C|", "/C:", "//C:/", "\\C|\\", "C:/", "c:\\x", "/c:/..",
    "%2e%2e/", ".%2E/x", "..%2f", "x:", "0:", "a+b:", "-x:", "1x:", "\u{0}",
];

fn push_random_case(rng: &mut Rng, out: &mut String, s: &str) {
    match rng.below(4) {
        0 => out.push_str(&s.to_ascii_uppercase()),
        1 => {
            for c in s.chars() {
                out.push(if rng.chance(1, 2) {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
        }
        _ => out.push_str(s),
    }
}

/// One IPv4 part: decimal, hex or octal, in range or not, sometimes malformed.
fn ipv4_part(rng: &mut Rng, out: &mut String) {
    let value: u64 = match rng.below(8) {
        0..=3 => rng.below(256) as u64,
        4 => [0, 1, 127, 255, 256, 65535, 65536, 16_777_215, 16_777_216][rng.below(9)],
        5 => [
            4_294_967_295,
            4_294_967_296,
            0x00FF_FFFF_FFFF,
            99_999_999_999_999,
        ][rng.below(4)],
        6 => rng.next_u64() >> rng.below(64),
        _ => rng.below(10) as u64,
    };
    match rng.below(12) {
        0..=5 => out.push_str(&value.to_string()),
        6 | 7 => {
            out.push_str(if rng.chance(1, 3) { "0X" } else { "0x" });
            let h = format!("{value:x}");
            if rng.chance(1, 3) {
                out.push_str(&h.to_ascii_uppercase());
            } else {
                out.push_str(&h);
            }
        }
        8 | 9 => {
            out.push('0');
            out.push_str(&format!("{value:o}"));
        }
        10 => out.push_str(
            [
                "", "0x", "08", "09", "0x0g", "1e2", "-1", "+1", "00", "0X", "%31", "１", "0.0",
                "0xx1", "1 ", "a",
            ][rng.below(16)],
        ),
        _ => {
            // Leading zeros on decimal (octal in disguise).
            out.push_str("00");
            out.push_str(&value.to_string());
        }
    }
}

fn ipv4(rng: &mut Rng, out: &mut String) {
    let parts = *rng.pick(&[4, 4, 4, 4, 1, 2, 3, 5, 6]);
    for i in 0..parts {
        if i > 0 {
            out.push(if rng.chance(1, 40) { '。' } else { '.' });
        }
        ipv4_part(rng, out);
    }
    if rng.chance(1, 8) {
        out.push('.');
    }
    if rng.chance(1, 20) {
        out.push_str(rng.pick_str(&[".", "..", "a", ".a", ".0x", ":", "%2e"]));
    }
}

fn ipv6(rng: &mut Rng, out: &mut String) {
    out.push('[');
    if rng.chance(1, 25) {
        // Junk and near misses.
        out.push_str(rng.pick_str(&[
            "",
            ":",
            "::",
            ":::",
            "1:::2",
            "::1::",
            "v1.x",
            "::1%eth0",
            "::1%251",
            "1:2",
            "[::1",
            "::1]",
            "1:2:3:4:5:6:7:8:9",
            "::ffff:1.2.3",
            "::1.2.3.4.5",
            "::01.2.3.4",
            "::256.1.1.1",
            "::1.2.3.4x",
            "::0x1.2.3.4",
            "1::2:3:4:5:6:7:8",
            "g::",
            "::١",
            ":1::",
            "1:",
            "::1 ",
            "::\t1",
        ]));
        out.push(']');
        return;
    }
    let groups = if rng.chance(1, 4) { 6 } else { 8 };
    let v4 = groups == 6 && rng.chance(3, 4);
    let compress = if rng.chance(2, 3) {
        Some((rng.below(groups + 1), rng.below(3)))
    } else {
        None
    };
    let mut i = 0;
    let mut first = true;
    while i < groups {
        if let Some((at, len)) = compress
            && at == i
        {
            out.push_str("::");
            i += len.max(1).min(groups - i);
            first = true;
            continue;
        }
        if !first {
            out.push(':');
        }
        first = false;
        let g = match rng.below(6) {
            0 => 0,
            1 => 0xFFFF,
            2 => rng.below(16) as u32,
            _ => rng.below(0x10000) as u32,
        };
        let mut h = match rng.below(5) {
            0 => format!("{g:04x}"),
            1 => format!("{g:X}"),
            _ => format!("{g:x}"),
        };
        if rng.chance(1, 60) {
            h.push('0'); // five digits
        }
        out.push_str(&h);
        i += 1;
    }
    if v4 {
        if !out.ends_with(':') {
            out.push(':');
        }
        let mut s = String::new();
        for k in 0..4 {
            if k > 0 {
                s.push('.');
            }
            s.push_str(&rng.below(256).to_string());
        }
        if rng.chance(1, 10) {
            s = [
                "1.2.3",
                "01.2.3.4",
                "1.2.3.256",
                "1.2.3.4.",
                "0x1.2.3.4",
                "1..2.3",
            ][rng.below(6)]
            .into();
        }
        out.push_str(&s);
    }
    if rng.chance(1, 30) {
        out.push_str(rng.pick_str(&["%25eth0", "%eth0", "%", ".", ":"]));
    }
    out.push(']');
}

fn domain(rng: &mut Rng, out: &mut String) {
    let labels = 1 + rng.below(4);
    for i in 0..labels {
        if i > 0 {
            out.push(if rng.chance(1, 30) {
                *rng.pick(&['。', '．', '｡'])
            } else {
                '.'
            });
        }
        if rng.chance(1, 3) {
            // A label with IDNA material.
            let n = 1 + rng.below(3);
            for _ in 0..n {
                if rng.chance(1, 2) {
                    out.push_str(rng.pick_str(&IDN));
                } else {
                    let l = *rng.pick(&LABELS);
                    push_random_case(rng, out, l);
                }
            }
        } else {
            let l = *rng.pick(&LABELS);
            push_random_case(rng, out, l);
        }
        if rng.chance(1, 40) {
            // A number as the last label (the ends-in-a-number rule).
            out.push('.');
            ipv4_part(rng, out);
        }
    }
    if rng.chance(1, 8) {
        out.push('.');
    }
}

fn opaque_host(rng: &mut Rng, out: &mut String) {
    let n = rng.below(6);
    for _ in 0..n {
        if rng.chance(1, 2) {
            out.push_str(rng.pick_str(&OPAQUE_HOST_CHARS));
        } else {
            out.push_str(rng.pick_str(&LABELS));
        }
    }
}

fn host(rng: &mut Rng, out: &mut String, special: bool) {
    match rng.weighted(&[30, 22, 12, 8, 6, 4, 3]) {
        0 => domain(rng, out),
        1 => ipv4(rng, out),
        2 => ipv6(rng, out),
        3 => opaque_host(rng, out),
        4 => {}
        5 => {
            // Percent-encoded or mixed.
            out.push_str(rng.pick_str(&[
                "%31%32%37.0.0.1",
                "0x%37f.1",
                "%5B::1%5D",
                "ex%61mple.com",
                "%E2%98%83",
                "%ef%bc%a1",
                "xn--%7a",
                "a%2eb",
                "%00",
                "%zz",
                "%",
                "%25",
                "%41.com",
            ]));
        }
        _ => {
            let _ = special;
            domain(rng, out);
            out.push_str(rng.pick_str(&TRICKY));
            domain(rng, out);
        }
    }
}

fn authority(rng: &mut Rng, out: &mut String, special: bool) {
    if rng.chance(1, 6) {
        let n = 1 + rng.below(3);
        for i in 0..n {
            if i > 0 && rng.chance(1, 2) {
                out.push(':');
            }
            out.push_str(rng.pick_str(&USERINFO));
        }
        out.push('@');
        if rng.chance(1, 10) {
            out.push('@');
        }
    }
    host(rng, out, special);
    if rng.chance(1, 5) {
        out.push(':');
        out.push_str(rng.pick_str(&PORTS));
    }
}

fn path(rng: &mut Rng, out: &mut String, leading: bool) {
    let n = rng.below(5);
    for i in 0..n {
        if i > 0 || leading {
            out.push(if rng.chance(1, 6) { '\\' } else { '/' });
        }
        let seg = *rng.pick(&PATH_SEGMENTS);
        if rng.chance(1, 10) {
            push_random_case(rng, out, seg);
        } else {
            out.push_str(seg);
        }
    }
    if n > 0 && rng.chance(1, 4) {
        out.push('/');
    }
}

fn query_and_fragment(rng: &mut Rng, out: &mut String) {
    if rng.chance(1, 3) {
        out.push('?');
        for _ in 0..rng.below(4) {
            out.push_str(rng.pick_str(&QUERY_PIECES));
        }
    }
    if rng.chance(1, 4) {
        out.push('#');
        for _ in 0..rng.below(4) {
            out.push_str(rng.pick_str(&FRAGMENT_PIECES));
        }
    }
}

fn scheme(rng: &mut Rng, out: &mut String, name: &str) {
    push_random_case(rng, out, name);
    out.push(':');
}

/// An opaque path (a non-special scheme without `//`): text, spaces before `?`/`#`, a nested URL.
fn opaque_path(rng: &mut Rng, out: &mut String) {
    match rng.below(6) {
        0 => out.push_str(rng.pick_str(&["someone@example.com", "alert(1)", "text/plain,hi", "x"])),
        1 => {
            let mut s = String::new();
            special_url(rng, &mut s);
            out.push_str(&s);
        }
        _ => {
            for _ in 0..1 + rng.below(4) {
                out.push_str(rng.pick_str(&[
                    "a", " ", "  ", "%20", "é", "\u{7F}", "\u{0}", "\\", "/", ":", "@", "%", "%zz",
                    "[", "]", "\u{1F}", "\u{A0}", "💩", "\"", "`", "{", "<",
                ]));
            }
        }
    }
    if rng.chance(1, 3) {
        out.push(' ');
        if rng.chance(1, 2) {
            out.push(' ');
        }
    }
}

/// `http://…`-like: a special scheme (not file) with an authority.
fn special_url(rng: &mut Rng, out: &mut String) {
    let s = *rng.pick(&SPECIAL[..5]);
    scheme(rng, out, s);
    out.push_str(rng.pick_str(&SLASHES));
    authority(rng, out, true);
    path(rng, out, true);
    query_and_fragment(rng, out);
}

fn file_url(rng: &mut Rng, out: &mut String) {
    scheme(rng, out, "file");
    match rng.below(6) {
        0 => {}
        1 => out.push('/'),
        2 => out.push('\\'),
        _ => {
            out.push_str(rng.pick_str(&SLASHES));
            match rng.below(5) {
                0 => {}
                1 => push_random_case(rng, out, "localhost"),
                2 => out.push_str(rng.pick_str(&["C:", "c|", "C%3A", "C:x", "%43:"])),
                _ => host(rng, out, true),
            }
        }
    }
    if rng.chance(1, 3) {
        out.push(if rng.chance(1, 4) { '\\' } else { '/' });
        out.push_str(rng.pick_str(&["C:", "c|", "C%7C", "z:", "C:x", "CC:", "1:", "C"]));
    }
    path(rng, out, true);
    query_and_fragment(rng, out);
}

fn non_special_url(rng: &mut Rng, out: &mut String) {
    let s = *rng.pick(&NON_SPECIAL);
    scheme(rng, out, s);
    match rng.below(3) {
        0 => {
            out.push_str("//");
            authority(rng, out, false);
            path(rng, out, true);
        }
        1 => {
            out.push_str(rng.pick_str(&["/", "/.//", "/./", "//", "\\", "/..//", "/../"]));
            path(rng, out, false);
        }
        _ => opaque_path(rng, out),
    }
    query_and_fragment(rng, out);
}

fn relative(rng: &mut Rng, out: &mut String) {
    out.push_str(rng.pick_str(&RELATIVE));
    match rng.below(4) {
        0 => {
            if !out.ends_with('/') && !out.ends_with('\\') {
                out.push_str(rng.pick_str(&["//", "\\\\", "/"]));
            }
            authority(rng, out, true);
            path(rng, out, true);
        }
        1 => {
            let leading = rng.chance(1, 2);
            path(rng, out, leading);
        }
        2 => {
            // A scheme that may equal the base's (`http:foo`, `file:..`).
            let s = *rng.pick(&["http", "https", "ws", "file", "foo", "sc", "mailto"]);
            out.clear();
            scheme(rng, out, s);
            let leading = rng.chance(1, 2);
            path(rng, out, leading);
        }
        _ => {}
    }
    query_and_fragment(rng, out);
}

/// Random bytes from the tricky set, with letters.
fn junk(rng: &mut Rng, out: &mut String) {
    for _ in 0..1 + rng.below(10) {
        match rng.below(3) {
            0 => out.push_str(rng.pick_str(&TRICKY)),
            1 => out
                .push_str(rng.pick_str(&["a", "h", "p", "t", "1", "0x", "f", "i", "l", "e", "é"])),
            _ => {
                out.push_str(rng.pick_str(&["http:", "file:", "sc:", "//", "[", ":1]", "C:", "@"]))
            }
        }
    }
}

/// Inserts tabs, newlines or carriage returns (stripped anywhere by the parser), and C0
/// controls or spaces at either end (trimmed).
fn sprinkle(rng: &mut Rng, s: &mut String) {
    if rng.chance(1, 6) {
        let n = 1 + rng.below(3);
        for _ in 0..n {
            let mut at = rng.below(s.len() + 1);
            while !s.is_char_boundary(at) {
                at -= 1;
            }
            s.insert(at, *rng.pick(&['\t', '\n', '\r']));
        }
    }
    if rng.chance(1, 12) {
        let c = *rng.pick(&[' ', '\u{0}', '\u{1F}', '\t', '\u{C}', '\u{A0}', '\u{FEFF}']);
        if rng.chance(1, 2) {
            s.insert(0, c);
        } else {
            s.push(c);
        }
    }
}

/// Case `index` of the run seeded with `seed`.
pub fn case(seed: u64, index: u64) -> Case {
    let mut rng = Rng::for_case(seed, index);
    let mut s = String::new();
    let shape = rng.weighted(&[30, 14, 18, 22, 6]);
    match shape {
        0 => special_url(&mut rng, &mut s),
        1 => file_url(&mut rng, &mut s),
        2 => non_special_url(&mut rng, &mut s),
        3 => relative(&mut rng, &mut s),
        _ => junk(&mut rng, &mut s),
    }
    sprinkle(&mut rng, &mut s);
    // Relative references get a base most of the time; absolute URLs a third of the time.
    let with_base = if shape == 3 || shape == 4 {
        rng.chance(4, 5)
    } else {
        rng.chance(1, 3)
    };
    let base = with_base.then(|| rng.below(BASES.len()));
    Case { input: s, base }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_deterministic_and_spread() {
        let a: Vec<u64> = (0..4).map(|i| Rng::for_case(1, i).next_u64()).collect();
        let b: Vec<u64> = (0..4).map(|i| Rng::for_case(1, i).next_u64()).collect();
        assert_eq!(a, b);
        assert_ne!(a[0], a[1]);
        assert_ne!(Rng::for_case(2, 0).next_u64(), a[0]);
        let mut r = Rng::for_case(7, 7);
        let mut counts = [0usize; 4];
        for _ in 0..4000 {
            counts[r.below(4)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(r.weighted(&[0, 5, 0]), 1);
    }

    #[test]
    fn cases_are_deterministic_and_varied() {
        assert_eq!(case(42, 1000), case(42, 1000));
        let cases: Vec<Case> = (0..2000).map(|i| case(42, i)).collect();
        let distinct: std::collections::HashSet<&str> =
            cases.iter().map(|c| c.input.as_str()).collect();
        assert!(distinct.len() > 1800, "{}", distinct.len());
        let with_base = cases.iter().filter(|c| c.base.is_some()).count();
        assert!((400..1200).contains(&with_base), "{with_base}");
        for needle in ["[", "\\", "@", "%", "\t", "file:", "0x", "xn--", "?", "#"] {
            assert!(
                cases.iter().any(|c| c.input.contains(needle)),
                "no input contains {needle:?}"
            );
        }
    }
}
