//! The key: Spark's `(&|^)KEY=([^&]*)`, group 2 of the first match.

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

    /// Group 2 of the first match of the key's pattern in `query`.
    pub(crate) fn find<'q>(&self, query: &'q str) -> Result<Option<&'q str>, SparkError> {
        match &self.matcher {
            KeyMatcher::Literal => Ok(find_literal(query, &self.key)),
            KeyMatcher::Regex { regex, groups } => match regex.captures(query) {
                None => Ok(None),
                Some(_) if *groups < 2 => Err(SparkError::InvalidKeyPattern),
                Some(caps) => Ok(caps.get(2).map(|m| m.as_str())),
            },
            KeyMatcher::Error(e) => Err(*e),
        }
    }
}

/// `(&|^)key=([^&]*)` for a literal key: the leftmost "&key=" or a leading "key=".
pub(super) fn find_literal<'q>(query: &'q str, key: &str) -> Option<&'q str> {
    let value_at = |p: usize| -> Option<&'q str> {
        let rest = query.get(p..)?.strip_prefix(key)?.strip_prefix('=')?;
        Some(rest.find('&').map_or(rest, |e| &rest[..e]))
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
