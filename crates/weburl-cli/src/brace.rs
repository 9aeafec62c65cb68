//! The brace syntax of the CLI's `--get` templates (`weburl parse --get` and the other URL
//! commands, `weburl match --get`): literal text, `{NAME}` placeholders, `{{` and `}}` for
//! literal braces. One tokenizer for every kind of template, so that the same mistake gets the
//! same message everywhere: what is wrong, and at which byte of the template.
//!
//! A leaf module: what a placeholder's name means is the caller's (each kind of template
//! passes its own reading of a name to [`parse`]).

use std::fmt;

use crate::report::Quoted;

/// What is wrong with a template, and where: `at` is the byte offset in the template of the
/// brace that starts (or the `}` that ends) the faulty part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BraceError {
    /// A `}` that closes nothing (a literal `}` is written `}}`).
    Unmatched { at: usize },
    /// A `{` without its `}`: the template ends, or another `{` comes, first. `text` is the
    /// placeholder as far as it goes (from its `{`).
    Unclosed { at: usize, text: String },
    /// `{}`: a placeholder without a name.
    Empty { at: usize },
    /// A placeholder whose name the template does not know; `known` lists those it knows.
    Unknown {
        at: usize,
        name: String,
        known: String,
    },
}

impl fmt::Display for BraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BraceError::Unmatched { at } => {
                write!(
                    f,
                    "unmatched '}}' at byte {at} (write '}}}}' for a literal brace)"
                )
            }
            BraceError::Unclosed { at, text } => write!(
                f,
                "unclosed placeholder '{}' at byte {at} (write '{{{{' for a literal brace)",
                Quoted(text)
            ),
            BraceError::Empty { at } => write!(
                f,
                "empty placeholder '{{}}' at byte {at} (write '{{{{}}}}' for literal braces)"
            ),
            BraceError::Unknown { at, name, known } => write!(
                f,
                "unknown placeholder '{{{}}}' at byte {at} (known: {known})",
                Quoted(name)
            ),
        }
    }
}

impl std::error::Error for BraceError {}

/// One piece of a template, as the tokenizer reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token<'t> {
    /// Literal text, with `{{` and `}}` read as single braces (never empty).
    Text(String),
    /// `{name}`, its `{` at byte `at` of the template.
    Placeholder { name: &'t str, at: usize },
}

/// Splits `template` into literal text and placeholders; `Err` for a brace without its
/// partner or an empty placeholder.
pub fn tokenize(template: &str) -> Result<Vec<Token<'_>>, BraceError> {
    let mut tokens = Vec::new();
    let mut text = String::new();
    let mut at = 0;
    while let Some(found) = template[at..].find(['{', '}']) {
        let brace_at = at + found;
        text.push_str(&template[at..brace_at]);
        let brace = template.as_bytes()[brace_at];
        let after = brace_at + 1;
        if template.as_bytes().get(after) == Some(&brace) {
            text.push(char::from(brace));
            at = after + 1;
            continue;
        }
        if brace == b'}' {
            return Err(BraceError::Unmatched { at: brace_at });
        }
        // The placeholder ends at the first `}`; a `{` before it leaves it unclosed.
        let end = template[after..].find(['{', '}']).map(|i| after + i);
        let Some(end) = end.filter(|&end| template.as_bytes()[end] == b'}') else {
            let stop = end.unwrap_or(template.len());
            return Err(BraceError::Unclosed {
                at: brace_at,
                text: template[brace_at..stop].to_owned(),
            });
        };
        if end == after {
            return Err(BraceError::Empty { at: brace_at });
        }
        if !text.is_empty() {
            tokens.push(Token::Text(std::mem::take(&mut text)));
        }
        tokens.push(Token::Placeholder {
            name: &template[after..end],
            at: brace_at,
        });
        at = end + 1;
    }
    text.push_str(&template[at..]);
    if !text.is_empty() {
        tokens.push(Token::Text(text));
    }
    Ok(tokens)
}

/// Reads `template` into pieces: `text` makes a piece of literal text, `placeholder` the
/// piece of a placeholder's name (None for a name it does not know, which is an error
/// listing `known`).
pub fn parse<P>(
    template: &str,
    text: impl Fn(String) -> P,
    placeholder: impl Fn(&str) -> Option<P>,
    known: impl FnOnce() -> String,
) -> Result<Vec<P>, BraceError> {
    let tokens = tokenize(template)?;
    let mut pieces = Vec::with_capacity(tokens.len());
    for token in tokens {
        pieces.push(match token {
            Token::Text(literal) => text(literal),
            Token::Placeholder { name, at } => match placeholder(name) {
                Some(piece) => piece,
                None => {
                    return Err(BraceError::Unknown {
                        at,
                        name: name.to_owned(),
                        known: known(),
                    });
                }
            },
        });
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use super::{BraceError, Token, tokenize};

    #[test]
    fn tokens() {
        let text = |t: &str| Token::Text(t.to_owned());
        let at = |name, at| Token::Placeholder { name, at };
        assert_eq!(tokenize("").unwrap(), []);
        assert_eq!(tokenize("plain").unwrap(), [text("plain")]);
        assert_eq!(
            tokenize("{{{host}}} }}{{").unwrap(),
            [text("{"), at("host", 2), text("} }{")]
        );
        assert_eq!(
            tokenize("a{x}{y:z}b").unwrap(),
            [text("a"), at("x", 1), at("y:z", 4), text("b")]
        );
        assert_eq!(tokenize("é{x}").unwrap(), [text("é"), at("x", 2)]);
    }

    #[test]
    fn errors() {
        for (template, error) in [
            ("a}b", BraceError::Unmatched { at: 1 }),
            ("{x}}", BraceError::Unmatched { at: 3 }),
            (
                "{x",
                BraceError::Unclosed {
                    at: 0,
                    text: "{x".into(),
                },
            ),
            (
                "ab{x{y}",
                BraceError::Unclosed {
                    at: 2,
                    text: "{x".into(),
                },
            ),
            (
                "{",
                BraceError::Unclosed {
                    at: 0,
                    text: "{".into(),
                },
            ),
            ("a{}", BraceError::Empty { at: 1 }),
        ] {
            assert_eq!(tokenize(template), Err(error), "{template:?}");
        }
    }

    #[test]
    fn messages_quote_what_they_show() {
        let error = BraceError::Unclosed {
            at: 0,
            text: "{\u{1b}[31m".into(),
        };
        assert_eq!(
            error.to_string(),
            "unclosed placeholder '{\\u{1b}[31m' at byte 0 (write '{{' for a literal brace)"
        );
    }
}
