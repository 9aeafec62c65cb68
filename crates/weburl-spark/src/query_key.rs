//! The key: Spark's `(&|^)KEY=([^&]*)`, group 2 of the first match.

use std::ops::Range;

use super::SparkError;
use super::java_regex;

/// A key, prepared once (Spark caches the compiled pattern of a literal key the same way).
pub(crate) struct QueryKey {
    pub(super) key: String,
    matcher: KeyMatcher,
}

enum KeyMatcher {
    /// A key without Java regex metacharacters matches itself.
    Literal,
    /// Otherwise the Java pattern, translated; `groups` counts its capturing groups.
    Regex { regex: regex::Regex, groups: usize },
    /// The pattern would not compile in Java, or cannot be emulated.
    Error(SparkError),
}

impl QueryKey {
    pub(crate) fn new(key: &str) -> QueryKey {
        let matcher = if !key.contains(|c| "\\^$.|?*+()[]{}".contains(c)) {
            KeyMatcher::Literal
        } else {
            let pattern = format!("(&|^){key}=([^&]*)");
            match java_regex::translate(&pattern) {
                Err(e) => KeyMatcher::Error(e),
                Ok((translated, groups)) => {
                    match regex::RegexBuilder::new(&translated)
                        .size_limit(1 << 22)
                        .build()
                    {
                        Ok(regex) => KeyMatcher::Regex { regex, groups },
                        Err(_) => KeyMatcher::Error(SparkError::UnsupportedKeyPattern),
                    }
                }
            }
        };
        QueryKey {
            key: key.to_owned(),
            matcher,
        }
    }

    /// Where group 2 of the first match of the key's pattern in `query` is.
    pub(crate) fn find(&self, query: &str) -> Result<Option<Range<usize>>, SparkError> {
        match &self.matcher {
            KeyMatcher::Literal => Ok(find_literal(query, &self.key)),
            KeyMatcher::Regex { regex, groups } => match regex.captures(query) {
                None => Ok(None),
                Some(_) if *groups < 2 => Err(SparkError::InvalidKeyPattern),
                Some(caps) => Ok(caps.get(2).map(|m| m.range())),
            },
            KeyMatcher::Error(e) => Err(*e),
        }
    }
}

/// `(&|^)key=([^&]*)` for a literal key: where the value after the leftmost "&key=" or a
/// leading "key=" is.
pub(super) fn find_literal(query: &str, key: &str) -> Option<Range<usize>> {
    let value_at = |p: usize| -> Option<Range<usize>> {
        let rest = query.get(p..)?.strip_prefix(key)?.strip_prefix('=')?;
        let start = p + key.len() + 1;
        Some(start..start + rest.find('&').unwrap_or(rest.len()))
    };
    // At position 0 the pattern tries "&" first, then the start of the input.
    if let Some(v) = query.strip_prefix('&').and_then(|_| value_at(1)) {
        return Some(v);
    }
    if let Some(v) = value_at(0) {
        return Some(v);
    }
    let bytes = query.as_bytes();
    (1..bytes.len())
        .filter(|&i| bytes[i] == b'&')
        .find_map(|i| value_at(i + 1))
}
