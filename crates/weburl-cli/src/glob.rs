//! Glob patterns for names: `*` matches any run of characters, `?` any one character, and
//! every other character itself (case-sensitively).

/// A compiled pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glob {
    pattern: Vec<char>,
}

impl Glob {
    /// The pattern `pattern` (every string is a valid pattern).
    pub fn new(pattern: &str) -> Glob {
        Glob {
            pattern: pattern.chars().collect(),
        }
    }

    /// Whether the whole of `text` matches.
    ///
    /// The usual linear-time walk: on a mismatch, go back to just after the last `*` and let
    /// it swallow one more character.
    pub fn matches(&self, text: &str) -> bool {
        let pattern = &self.pattern;
        let mut text_chars = text.char_indices();
        let mut p = 0;
        // The pattern index after the last `*`, and the text position it was tried at.
        let mut backtrack: Option<(usize, std::str::CharIndices<'_>)> = None;
        loop {
            let mut rest = text_chars.clone();
            match rest.next() {
                Some((_, c)) => {
                    if p < pattern.len() && (pattern[p] == '?' || pattern[p] == c) {
                        p += 1;
                        text_chars = rest;
                    } else if p < pattern.len() && pattern[p] == '*' {
                        p += 1;
                        backtrack = Some((p, text_chars.clone()));
                    } else if let Some((star_p, star_text)) = &mut backtrack {
                        star_text.next();
                        p = *star_p;
                        text_chars = star_text.clone();
                    } else {
                        return false;
                    }
                }
                None => return pattern[p..].iter().all(|&c| c == '*'),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Glob;

    fn m(pattern: &str, text: &str) -> bool {
        Glob::new(pattern).matches(text)
    }

    #[test]
    fn literals_and_wildcards() {
        assert!(m("utm_*", "utm_source"));
        assert!(m("utm_*", "utm_"));
        assert!(!m("utm_*", "xutm_source"));
        assert!(!m("utm_*", "UTM_source"));
        assert!(m("*", ""));
        assert!(m("", ""));
        assert!(!m("", "a"));
        assert!(m("a?c", "abc"));
        assert!(m("a?c", "aéc"));
        assert!(!m("a?c", "ac"));
        assert!(m("*_id", "session_id"));
        assert!(m("a*b*c", "aXbYbZc"));
        assert!(!m("a*b*c", "aXbYbZ"));
        assert!(m("**x", "abx"));
        assert!(m("*a*", "banana"));
        assert!(!m("a", "aa"));
        assert!(m("*aab", "aaab"));
    }
}
