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
