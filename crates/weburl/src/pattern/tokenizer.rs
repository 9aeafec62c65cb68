//! [Tokenizing](https://urlpattern.spec.whatwg.org/#tokenizing): a pattern string into a
//! token list. Indices are byte offsets (the spec counts code points; the tokens and their
//! order are the same).

use super::error::UrlPatternError;

/// <https://urlpattern.spec.whatwg.org/#token-type>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokenType {
    /// `{`
    Open,
    /// `}`
    Close,
    /// `(regexp)`: the value is the text between the parentheses.
    Regexp,
    /// `:name`: the value is the name.
    Name,
    /// A code point without special meaning.
    Char,
    /// `\c`: the value is `c`.
    EscapedChar,
    /// `?` or `+`.
    OtherModifier,
    /// `*`.
    Asterisk,
    /// The end of the pattern string.
    End,
    /// A code point the lenient policy lets through.
    InvalidChar,
}

impl TokenType {
    /// The token type's name in the spec.
    pub(crate) fn spec_name(self) -> &'static str {
        match self {
            TokenType::Open => "open",
            TokenType::Close => "close",
            TokenType::Regexp => "regexp",
            TokenType::Name => "name",
            TokenType::Char => "char",
            TokenType::EscapedChar => "escaped-char",
            TokenType::OtherModifier => "other-modifier",
            TokenType::Asterisk => "asterisk",
            TokenType::End => "end",
            TokenType::InvalidChar => "invalid-char",
        }
    }
}

/// <https://urlpattern.spec.whatwg.org/#token>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token<'a> {
    pub(crate) kind: TokenType,
    /// Byte offset of the token's first code point in the input.
    pub(crate) index: usize,
    pub(crate) value: &'a str,
}

/// <https://urlpattern.spec.whatwg.org/#tokenize-policy>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Policy {
    Strict,
    Lenient,
}

/// <https://urlpattern.spec.whatwg.org/#tokenizer>
struct Tokenizer<'a> {
    input: &'a str,
    policy: Policy,
    tokens: Vec<Token<'a>>,
    index: usize,
    next_index: usize,
    code_point: char,
}

impl<'a> Tokenizer<'a> {
    /// <https://urlpattern.spec.whatwg.org/#get-the-next-code-point>
    fn get_the_next_code_point(&mut self) {
        let c = self.input[self.next_index..].chars().next().unwrap_or('\0');
        self.code_point = c;
        self.next_index += c.len_utf8();
    }

    /// <https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point>
    fn seek_and_get_the_next_code_point(&mut self, index: usize) {
        self.next_index = index;
        self.get_the_next_code_point();
    }

    /// <https://urlpattern.spec.whatwg.org/#add-a-token>
    fn add_a_token(
        &mut self,
        kind: TokenType,
        next_position: usize,
        value_position: usize,
        value_end: usize,
    ) {
        self.tokens.push(Token {
            kind,
            index: self.index,
            value: &self.input[value_position..value_end],
        });
        self.index = next_position;
    }

    /// <https://urlpattern.spec.whatwg.org/#add-a-token-with-default-length>
    fn add_a_token_with_default_length(
        &mut self,
        kind: TokenType,
        next_position: usize,
        value_position: usize,
    ) {
        self.add_a_token(kind, next_position, value_position, next_position);
    }

    /// <https://urlpattern.spec.whatwg.org/#add-a-token-with-default-position-and-length>
    fn add_a_token_with_default_position_and_length(&mut self, kind: TokenType) {
        self.add_a_token_with_default_length(kind, self.next_index, self.index);
    }

    /// <https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error>
    fn process_a_tokenizing_error(
        &mut self,
        next_position: usize,
        value_position: usize,
        reason: &'static str,
    ) -> Result<(), UrlPatternError> {
        if self.policy == Policy::Strict {
            return Err(UrlPatternError::Tokenize {
                component: None,
                index: self.index,
                reason,
            });
        }
        self.add_a_token_with_default_length(TokenType::InvalidChar, next_position, value_position);
        Ok(())
    }
}

/// <https://urlpattern.spec.whatwg.org/#tokenize>
pub(crate) fn tokenize(input: &str, policy: Policy) -> Result<Vec<Token<'_>>, UrlPatternError> {
    let mut t = Tokenizer {
        input,
        policy,
        tokens: Vec::new(),
        index: 0,
        next_index: 0,
        code_point: '\0',
    };
    let len = input.len();
    while t.index < len {
        t.seek_and_get_the_next_code_point(t.index);
        match t.code_point {
            '*' => {
                t.add_a_token_with_default_position_and_length(TokenType::Asterisk);
                continue;
            }
            '+' | '?' => {
                t.add_a_token_with_default_position_and_length(TokenType::OtherModifier);
                continue;
            }
            '\\' => {
                if t.next_index == len {
                    // The spec's "index is equal to the code point length - 1".
                    t.process_a_tokenizing_error(t.next_index, t.index, "a lone '\\' at the end")?;
                    continue;
                }
                let escaped_index = t.next_index;
                t.get_the_next_code_point();
                t.add_a_token_with_default_length(
                    TokenType::EscapedChar,
                    t.next_index,
                    escaped_index,
                );
                continue;
            }
            '{' => {
                t.add_a_token_with_default_position_and_length(TokenType::Open);
                continue;
            }
            '}' => {
                t.add_a_token_with_default_position_and_length(TokenType::Close);
                continue;
            }
            ':' => {
                let mut name_position = t.next_index;
                let name_start = name_position;
                while name_position < len {
                    t.seek_and_get_the_next_code_point(name_position);
                    let first = name_position == name_start;
                    if !is_a_valid_name_code_point(t.code_point, first) {
                        break;
                    }
                    name_position = t.next_index;
                }
                if name_position <= name_start {
                    t.process_a_tokenizing_error(name_start, t.index, "':' without a group name")?;
                    continue;
                }
                t.add_a_token_with_default_length(TokenType::Name, name_position, name_start);
                continue;
            }
            '(' => {
                tokenize_regexp(&mut t)?;
                continue;
            }
            _ => t.add_a_token_with_default_position_and_length(TokenType::Char),
        }
    }
    t.add_a_token_with_default_length(TokenType::End, t.index, t.index);
    Ok(t.tokens)
}

/// The `(` branch of [tokenize](https://urlpattern.spec.whatwg.org/#tokenize).
fn tokenize_regexp(t: &mut Tokenizer<'_>) -> Result<(), UrlPatternError> {
    let len = t.input.len();
    let mut depth = 1usize;
    let mut regexp_position = t.next_index;
    let regexp_start = regexp_position;
    let mut error: Option<&'static str> = None;
    while regexp_position < len {
        t.seek_and_get_the_next_code_point(regexp_position);
        if !t.code_point.is_ascii() {
            error = Some("a non-ASCII code point in a regexp group");
            break;
        }
        if regexp_position == regexp_start && t.code_point == '?' {
            error = Some("a regexp group that starts with '?'");
            break;
        }
        if t.code_point == '\\' {
            if regexp_position == len - 1 {
                error = Some("a lone '\\' at the end of a regexp group");
                break;
            }
            t.get_the_next_code_point();
            if !t.code_point.is_ascii() {
                error = Some("a non-ASCII code point in a regexp group");
                break;
            }
            regexp_position = t.next_index;
            continue;
        }
        if t.code_point == ')' {
            depth -= 1;
            if depth == 0 {
                regexp_position = t.next_index;
                break;
            }
        } else if t.code_point == '(' {
            depth += 1;
            if regexp_position == len - 1 {
                error = Some("an unclosed '(' in a regexp group");
                break;
            }
            let temporary_position = t.next_index;
            t.get_the_next_code_point();
            if t.code_point != '?' {
                error = Some("a capturing group inside a regexp group");
                break;
            }
            t.next_index = temporary_position;
        }
        regexp_position = t.next_index;
    }
    if let Some(reason) = error {
        return t.process_a_tokenizing_error(regexp_start, t.index, reason);
    }
    if depth != 0 {
        return t.process_a_tokenizing_error(regexp_start, t.index, "an unclosed regexp group");
    }
    // regexp length = regexp position - regexp start - 1 (the closing ')').
    if regexp_position - regexp_start <= 1 {
        return t.process_a_tokenizing_error(regexp_start, t.index, "an empty regexp group");
    }
    t.add_a_token(
        TokenType::Regexp,
        regexp_position,
        regexp_start,
        regexp_position - 1,
    );
    Ok(())
}

/// <https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point>: ECMAScript's
/// IdentifierStart (ID_Start, `$`, `_`) or IdentifierPart (ID_Continue, `$`, ZWNJ, ZWJ).
pub(crate) fn is_a_valid_name_code_point(c: char, first: bool) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic() || c == '$' || c == '_' || (!first && c.is_ascii_digit());
    }
    use icu_properties::CodePointSetData;
    use icu_properties::props::{IdContinue, IdStart};
    if first {
        CodePointSetData::new::<IdStart>().contains(c)
    } else {
        c == '\u{200C}' || c == '\u{200D}' || CodePointSetData::new::<IdContinue>().contains(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_of_a_route() {
        let tokens = tokenize("/:id(\\d+)?*{x}\\:", Policy::Strict).unwrap();
        let kinds: Vec<_> = tokens.iter().map(|t| t.kind).collect();
        use TokenType::*;
        assert_eq!(
            kinds,
            [
                Char,
                Name,
                Regexp,
                OtherModifier,
                Asterisk,
                Open,
                Char,
                Close,
                EscapedChar,
                End
            ]
        );
        assert_eq!(tokens[1].value, "id");
        assert_eq!(tokens[2].value, "\\d+");
        assert_eq!(tokens[8].value, ":");
        assert_eq!(tokens[9].index, 16);
    }

    #[test]
    fn lenient_keeps_going() {
        let tokens = tokenize("a:(", Policy::Lenient).unwrap();
        assert!(tokens.iter().any(|t| t.kind == TokenType::InvalidChar));
        assert!(tokenize("a:(", Policy::Strict).is_err());
        assert!(tokenize("(a(b))", Policy::Strict).is_err());
        assert!(tokenize("(a(?:b))", Policy::Strict).is_ok());
    }
}
