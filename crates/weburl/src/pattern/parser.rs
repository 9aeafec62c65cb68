//! [Parsing pattern strings](https://urlpattern.spec.whatwg.org/#parsing-pattern-strings)
//! into part lists, and the two ways back out of a part list:
//! [a regular expression](https://urlpattern.spec.whatwg.org/#converting-part-lists-to-regular-expressions)
//! and [a pattern string](https://urlpattern.spec.whatwg.org/#converting-part-lists-to-pattern-strings).

use std::collections::HashSet;

use super::error::UrlPatternError;
use super::tokenizer::{Policy, Token, TokenType, is_a_valid_name_code_point, tokenize};

/// <https://urlpattern.spec.whatwg.org/#part-type>
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum PartType {
    FixedText,
    Regexp,
    SegmentWildcard,
    FullWildcard,
}

/// <https://urlpattern.spec.whatwg.org/#part-modifier>
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Modifier {
    None,
    Optional,
    ZeroOrMore,
    OneOrMore,
}

/// <https://urlpattern.spec.whatwg.org/#part>
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Part {
    pub(crate) kind: PartType,
    pub(crate) value: String,
    pub(crate) modifier: Modifier,
    pub(crate) name: String,
    pub(crate) prefix: String,
    pub(crate) suffix: String,
}

/// <https://urlpattern.spec.whatwg.org/#options>
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Options {
    /// The delimiter code point (ASCII), or `None` for the empty string.
    pub(crate) delimiter: Option<u8>,
    /// The prefix code point (ASCII), or `None` for the empty string.
    pub(crate) prefix: Option<u8>,
    pub(crate) ignore_case: bool,
}

impl Options {
    /// <https://urlpattern.spec.whatwg.org/#default-options>
    pub(crate) const DEFAULT: Options = Options {
        delimiter: None,
        prefix: None,
        ignore_case: false,
    };
    /// <https://urlpattern.spec.whatwg.org/#hostname-options>
    pub(crate) const HOSTNAME: Options = Options {
        delimiter: Some(b'.'),
        prefix: None,
        ignore_case: false,
    };
    /// <https://urlpattern.spec.whatwg.org/#pathname-options>
    pub(crate) const PATHNAME: Options = Options {
        delimiter: Some(b'/'),
        prefix: Some(b'/'),
        ignore_case: false,
    };

    fn prefix_str(&self) -> &'static str {
        match self.prefix {
            Some(b'/') => "/",
            Some(b'.') => ".",
            _ => "",
        }
    }
}

/// <https://urlpattern.spec.whatwg.org/#full-wildcard-regexp-value>
pub(crate) const FULL_WILDCARD_REGEXP_VALUE: &str = ".*";

/// <https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp>
pub(crate) fn generate_a_segment_wildcard_regexp(options: &Options) -> String {
    let mut result = String::from("[^");
    if let Some(d) = options.delimiter {
        escape_a_regexp_string_into(&mut result, std::str::from_utf8(&[d]).unwrap_or(""));
    }
    result.push_str("]+?");
    result
}

/// An [encoding callback](https://urlpattern.spec.whatwg.org/#encoding-callback).
pub(crate) type EncodingCallback<'c> = &'c dyn Fn(&str) -> Result<String, UrlPatternError>;

/// <https://urlpattern.spec.whatwg.org/#pattern-parser>
struct PatternParser<'a, 'c> {
    tokens: Vec<Token<'a>>,
    encoding_callback: EncodingCallback<'c>,
    segment_wildcard_regexp: String,
    parts: Vec<Part>,
    pending_fixed_value: String,
    index: usize,
    next_numeric_name: usize,
    /// The names of `parts` (the spec scans the list; a set keeps long patterns linear).
    names: HashSet<String>,
    prefix_code_point: &'static str,
}

/// <https://urlpattern.spec.whatwg.org/#parse-a-pattern-string>
pub(crate) fn parse_a_pattern_string(
    input: &str,
    options: &Options,
    encoding_callback: EncodingCallback<'_>,
) -> Result<Vec<Part>, UrlPatternError> {
    let mut parser = PatternParser {
        tokens: tokenize(input, Policy::Strict)?,
        encoding_callback,
        segment_wildcard_regexp: generate_a_segment_wildcard_regexp(options),
        parts: Vec::new(),
        pending_fixed_value: String::new(),
        index: 0,
        next_numeric_name: 0,
        names: HashSet::new(),
        prefix_code_point: options.prefix_str(),
    };
    while parser.index < parser.tokens.len() {
        let char_token = parser.try_to_consume_a_token(TokenType::Char);
        let name_token = parser.try_to_consume_a_token(TokenType::Name);
        let regexp_or_wildcard_token = parser.try_to_consume_a_regexp_or_wildcard_token(name_token);
        if name_token.is_some() || regexp_or_wildcard_token.is_some() {
            let mut prefix = char_token.map_or("", |t| t.value);
            if !prefix.is_empty() && prefix != parser.prefix_code_point {
                parser.pending_fixed_value.push_str(prefix);
                prefix = "";
            }
            parser.maybe_add_a_part_from_the_pending_fixed_value()?;
            let modifier_token = parser.try_to_consume_a_modifier_token();
            parser.add_a_part(
                prefix,
                name_token,
                regexp_or_wildcard_token,
                "",
                modifier_token,
            )?;
            continue;
        }
        let mut fixed_token = char_token;
        if fixed_token.is_none() {
            fixed_token = parser.try_to_consume_a_token(TokenType::EscapedChar);
        }
        if let Some(fixed) = fixed_token {
            parser.pending_fixed_value.push_str(fixed.value);
            continue;
        }
        let open_token = parser.try_to_consume_a_token(TokenType::Open);
        if open_token.is_some() {
            let prefix = parser.consume_text();
            let name_token = parser.try_to_consume_a_token(TokenType::Name);
            let regexp_or_wildcard_token =
                parser.try_to_consume_a_regexp_or_wildcard_token(name_token);
            let suffix = parser.consume_text();
            parser.consume_a_required_token(TokenType::Close)?;
            let modifier_token = parser.try_to_consume_a_modifier_token();
            parser.add_a_part(
                &prefix,
                name_token,
                regexp_or_wildcard_token,
                &suffix,
                modifier_token,
            )?;
            continue;
        }
        parser.maybe_add_a_part_from_the_pending_fixed_value()?;
        parser.consume_a_required_token(TokenType::End)?;
    }
    Ok(parser.parts)
}

impl<'a> PatternParser<'a, '_> {
    /// <https://urlpattern.spec.whatwg.org/#try-to-consume-a-token>
    fn try_to_consume_a_token(&mut self, kind: TokenType) -> Option<Token<'a>> {
        let next = *self.tokens.get(self.index)?;
        if next.kind != kind {
            return None;
        }
        self.index += 1;
        Some(next)
    }

    /// <https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token>
    fn try_to_consume_a_modifier_token(&mut self) -> Option<Token<'a>> {
        self.try_to_consume_a_token(TokenType::OtherModifier)
            .or_else(|| self.try_to_consume_a_token(TokenType::Asterisk))
    }

    /// <https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token>
    fn try_to_consume_a_regexp_or_wildcard_token(
        &mut self,
        name_token: Option<Token<'a>>,
    ) -> Option<Token<'a>> {
        let token = self.try_to_consume_a_token(TokenType::Regexp);
        if name_token.is_none() && token.is_none() {
            return self.try_to_consume_a_token(TokenType::Asterisk);
        }
        token
    }

    /// <https://urlpattern.spec.whatwg.org/#consume-a-required-token>
    fn consume_a_required_token(&mut self, kind: TokenType) -> Result<Token<'a>, UrlPatternError> {
        match self.try_to_consume_a_token(kind) {
            Some(t) => Ok(t),
            None => {
                let found = self.tokens.get(self.index).copied();
                Err(UrlPatternError::UnexpectedToken {
                    component: None,
                    index: found.map_or(0, |t| t.index),
                    found: match found {
                        Some(t) if t.kind == TokenType::End => String::new(),
                        Some(t) if t.kind == TokenType::Regexp => format!("({})", t.value),
                        Some(t) if t.kind == TokenType::Name => format!(":{}", t.value),
                        Some(t) => t.value.to_owned(),
                        None => String::new(),
                    },
                    expected: kind.spec_name(),
                })
            }
        }
    }

    /// <https://urlpattern.spec.whatwg.org/#consume-text>
    fn consume_text(&mut self) -> String {
        let mut result = String::new();
        loop {
            let token = self
                .try_to_consume_a_token(TokenType::Char)
                .or_else(|| self.try_to_consume_a_token(TokenType::EscapedChar));
            match token {
                Some(t) => result.push_str(t.value),
                None => break,
            }
        }
        result
    }

    /// <https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value>
    fn maybe_add_a_part_from_the_pending_fixed_value(&mut self) -> Result<(), UrlPatternError> {
        if self.pending_fixed_value.is_empty() {
            return Ok(());
        }
        let encoded_value = (self.encoding_callback)(&self.pending_fixed_value)?;
        self.pending_fixed_value.clear();
        self.parts.push(Part {
            kind: PartType::FixedText,
            value: encoded_value,
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
        });
        Ok(())
    }

    /// <https://urlpattern.spec.whatwg.org/#add-a-part>
    fn add_a_part(
        &mut self,
        prefix: &str,
        name_token: Option<Token<'a>>,
        regexp_or_wildcard_token: Option<Token<'a>>,
        suffix: &str,
        modifier_token: Option<Token<'a>>,
    ) -> Result<(), UrlPatternError> {
        let modifier = match modifier_token.map(|t| t.value) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        if name_token.is_none() && regexp_or_wildcard_token.is_none() && modifier == Modifier::None
        {
            self.pending_fixed_value.push_str(prefix);
            return Ok(());
        }
        self.maybe_add_a_part_from_the_pending_fixed_value()?;
        if name_token.is_none() && regexp_or_wildcard_token.is_none() {
            debug_assert!(suffix.is_empty());
            if prefix.is_empty() {
                return Ok(());
            }
            let encoded_value = (self.encoding_callback)(prefix)?;
            self.parts.push(Part {
                kind: PartType::FixedText,
                value: encoded_value,
                modifier,
                name: String::new(),
                prefix: String::new(),
                suffix: String::new(),
            });
            return Ok(());
        }
        let mut regexp_value = match regexp_or_wildcard_token {
            None => self.segment_wildcard_regexp.clone(),
            Some(t) if t.kind == TokenType::Asterisk => FULL_WILDCARD_REGEXP_VALUE.to_owned(),
            Some(t) => t.value.to_owned(),
        };
        let mut kind = PartType::Regexp;
        if regexp_value == self.segment_wildcard_regexp {
            kind = PartType::SegmentWildcard;
            regexp_value.clear();
        } else if regexp_value == FULL_WILDCARD_REGEXP_VALUE {
            kind = PartType::FullWildcard;
            regexp_value.clear();
        }
        let (name, index) = if let Some(t) = name_token {
            (t.value.to_owned(), t.index)
        } else {
            let t = regexp_or_wildcard_token.expect("a name or a regexp/wildcard token");
            let name = self.next_numeric_name.to_string();
            self.next_numeric_name += 1;
            (name, t.index)
        };
        // https://urlpattern.spec.whatwg.org/#is-a-duplicate-name
        if self.names.contains(&name) {
            return Err(UrlPatternError::DuplicateName {
                component: None,
                index,
                name,
            });
        }
        let encoded_prefix = (self.encoding_callback)(prefix)?;
        let encoded_suffix = (self.encoding_callback)(suffix)?;
        self.names.insert(name.clone());
        self.parts.push(Part {
            kind,
            value: regexp_value,
            modifier,
            name,
            prefix: encoded_prefix,
            suffix: encoded_suffix,
        });
        Ok(())
    }
}

/// <https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string>
pub(crate) fn convert_a_modifier_to_a_string(modifier: Modifier) -> &'static str {
    match modifier {
        Modifier::ZeroOrMore => "*",
        Modifier::Optional => "?",
        Modifier::OneOrMore => "+",
        Modifier::None => "",
    }
}

/// <https://urlpattern.spec.whatwg.org/#escape-a-regexp-string>
pub(crate) fn escape_a_regexp_string_into(result: &mut String, input: &str) {
    for c in input.chars() {
        if matches!(
            c,
            '.' | '+'
                | '*'
                | '?'
                | '^'
                | '$'
                | '{'
                | '}'
                | '('
                | ')'
                | '['
                | ']'
                | '|'
                | '/'
                | '\\'
        ) {
            result.push('\\');
        }
        result.push(c);
    }
}

/// <https://urlpattern.spec.whatwg.org/#escape-a-pattern-string>
pub(crate) fn escape_a_pattern_string(input: &str) -> String {
    let mut result = String::with_capacity(input.len());
    escape_a_pattern_string_into(&mut result, input);
    result
}

fn escape_a_pattern_string_into(result: &mut String, input: &str) {
    for c in input.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            result.push('\\');
        }
        result.push(c);
    }
}

/// <https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list>
pub(crate) fn generate_a_regular_expression_and_name_list(
    parts: &[Part],
    options: &Options,
) -> (String, Vec<String>) {
    let mut result = String::from("^");
    let mut name_list = Vec::new();
    let segment = generate_a_segment_wildcard_regexp(options);
    for part in parts {
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_a_regexp_string_into(&mut result, &part.value);
            } else {
                result.push_str("(?:");
                escape_a_regexp_string_into(&mut result, &part.value);
                result.push(')');
                result.push_str(convert_a_modifier_to_a_string(part.modifier));
            }
            continue;
        }
        name_list.push(part.name.clone());
        let regexp_value: &str = match part.kind {
            PartType::SegmentWildcard => &segment,
            PartType::FullWildcard => FULL_WILDCARD_REGEXP_VALUE,
            _ => &part.value,
        };
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if matches!(part.modifier, Modifier::None | Modifier::Optional) {
                result.push('(');
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(convert_a_modifier_to_a_string(part.modifier));
            } else {
                result.push_str("((?:");
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(convert_a_modifier_to_a_string(part.modifier));
                result.push(')');
            }
            continue;
        }
        if matches!(part.modifier, Modifier::None | Modifier::Optional) {
            result.push_str("(?:");
            escape_a_regexp_string_into(&mut result, &part.prefix);
            result.push('(');
            result.push_str(regexp_value);
            result.push(')');
            escape_a_regexp_string_into(&mut result, &part.suffix);
            result.push(')');
            result.push_str(convert_a_modifier_to_a_string(part.modifier));
            continue;
        }
        result.push_str("(?:");
        escape_a_regexp_string_into(&mut result, &part.prefix);
        result.push_str("((?:");
        result.push_str(regexp_value);
        result.push_str(")(?:");
        escape_a_regexp_string_into(&mut result, &part.suffix);
        escape_a_regexp_string_into(&mut result, &part.prefix);
        result.push_str("(?:");
        result.push_str(regexp_value);
        result.push_str("))*)");
        escape_a_regexp_string_into(&mut result, &part.suffix);
        result.push(')');
        if part.modifier == Modifier::ZeroOrMore {
            result.push('?');
        }
    }
    result.push('$');
    (result, name_list)
}

/// <https://urlpattern.spec.whatwg.org/#generate-a-pattern-string>
pub(crate) fn generate_a_pattern_string(parts: &[Part], options: &Options) -> String {
    let mut result = String::new();
    let prefix_code_point = options.prefix_str();
    for (index, part) in parts.iter().enumerate() {
        let previous_part = index.checked_sub(1).map(|i| &parts[i]);
        let next_part = parts.get(index + 1);
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_a_pattern_string_into(&mut result, &part.value);
                continue;
            }
            result.push('{');
            escape_a_pattern_string_into(&mut result, &part.value);
            result.push('}');
            result.push_str(convert_a_modifier_to_a_string(part.modifier));
            continue;
        }
        let custom_name = !part.name.as_bytes().first().is_some_and(u8::is_ascii_digit);
        let mut needs_grouping = !part.suffix.is_empty()
            || (!part.prefix.is_empty() && part.prefix != prefix_code_point);
        if !needs_grouping
            && custom_name
            && part.kind == PartType::SegmentWildcard
            && part.modifier == Modifier::None
            && let Some(next) = next_part
            && next.prefix.is_empty()
            && next.suffix.is_empty()
        {
            if next.kind == PartType::FixedText {
                needs_grouping = next
                    .value
                    .chars()
                    .next()
                    .is_some_and(|c| is_a_valid_name_code_point(c, false));
            } else {
                needs_grouping = next.name.as_bytes().first().is_some_and(u8::is_ascii_digit);
            }
        }
        if !needs_grouping
            && part.prefix.is_empty()
            && let Some(previous) = previous_part
            && previous.kind == PartType::FixedText
            && !prefix_code_point.is_empty()
            && previous.value.ends_with(prefix_code_point)
        {
            needs_grouping = true;
        }
        if needs_grouping {
            result.push('{');
        }
        escape_a_pattern_string_into(&mut result, &part.prefix);
        if custom_name {
            result.push(':');
            result.push_str(&part.name);
        }
        match part.kind {
            PartType::Regexp => {
                result.push('(');
                result.push_str(&part.value);
                result.push(')');
            }
            PartType::SegmentWildcard if !custom_name => {
                result.push('(');
                result.push_str(&generate_a_segment_wildcard_regexp(options));
                result.push(')');
            }
            PartType::FullWildcard => {
                if !custom_name
                    && (previous_part.is_none_or(|p| {
                        p.kind == PartType::FixedText || p.modifier != Modifier::None
                    }) || needs_grouping
                        || !part.prefix.is_empty())
                {
                    result.push('*');
                } else {
                    result.push('(');
                    result.push_str(FULL_WILDCARD_REGEXP_VALUE);
                    result.push(')');
                }
            }
            _ => {}
        }
        if part.kind == PartType::SegmentWildcard
            && custom_name
            && part
                .suffix
                .chars()
                .next()
                .is_some_and(|c| is_a_valid_name_code_point(c, false))
        {
            result.push('\\');
        }
        escape_a_pattern_string_into(&mut result, &part.suffix);
        if needs_grouping {
            result.push('}');
        }
        result.push_str(convert_a_modifier_to_a_string(part.modifier));
    }
    result
}
