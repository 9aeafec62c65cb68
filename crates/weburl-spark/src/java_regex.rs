//! Translation of the `java.util.regex` syntax a key can bring into the `regex` crate's.

use super::SparkError;
use std::fmt::Write;

const UNSUPPORTED: SparkError = SparkError::UnsupportedKeyPattern;
const INVALID: SparkError = SparkError::InvalidKeyPattern;

/// Java's `.` without DOTALL: anything but a line terminator.
const DOT: &str = r"[^\n\r\x{85}\x{2028}\x{2029}]";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// Start of the pattern, of a group or of an alternative: a quantifier is an error.
    Nothing,
    /// Something a quantifier applies to.
    Atom,
    /// A quantifier: another one is an error.
    Quantifier,
    /// An anchor (Java quantifies it; not emulated).
    Anchor,
}

/// The pattern in the `regex` crate's syntax and its number of capturing groups.
pub(super) fn translate(pattern: &str) -> Result<(String, usize), SparkError> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len() * 2);
    let (mut i, mut depth, mut groups, mut last) = (0, 0usize, 0usize, Last::Nothing);
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '\\' => {
                if chars.get(i) == Some(&'Q') {
                    // \Q...\E: every character in between stands for itself.
                    i += 1;
                    while i < chars.len() {
                        if chars[i] == '\\' && chars.get(i + 1) == Some(&'E') {
                            i += 2;
                            break;
                        }
                        literal(&mut out, chars[i]);
                        last = Last::Atom;
                        i += 1;
                    }
                    continue;
                }
                match escape(&chars, &mut i, false)? {
                    Escape::Char(c) => literal(&mut out, c),
                    Escape::Class(class) => out.push_str(class),
                }
                last = Last::Atom;
            }
            '.' => {
                out.push_str(DOT);
                last = Last::Atom;
            }
            '^' => {
                out.push('^');
                last = Last::Anchor;
            }
            '$' => {
                // Java's "$" also matches before a final line terminator; the two agree
                // when a plain character that is not one must follow.
                match chars.get(i) {
                    Some(&n) if !"|)*+?{\\[.$^\n\r\u{85}\u{2028}\u{2029}".contains(n) => {}
                    _ => return Err(UNSUPPORTED),
                }
                out.push('$');
                last = Last::Anchor;
            }
            '|' => {
                out.push('|');
                last = Last::Nothing;
            }
            '(' => {
                if chars.get(i) == Some(&'?') {
                    if chars.get(i + 1) != Some(&':') {
                        return Err(UNSUPPORTED);
                    }
                    i += 2;
                    out.push_str("(?:");
                } else {
                    groups += 1;
                    out.push('(');
                }
                depth += 1;
                last = Last::Nothing;
            }
            ')' => {
                if depth == 0 {
                    return Err(INVALID);
                }
                depth -= 1;
                out.push(')');
                last = Last::Atom;
            }
            '*' | '+' | '?' | '{' => {
                match last {
                    Last::Nothing | Last::Quantifier => return Err(INVALID),
                    Last::Anchor => return Err(UNSUPPORTED),
                    Last::Atom => {}
                }
                if c == '{' {
                    let (min, max) = counted(&chars, &mut i)?;
                    match max {
                        Some(Some(max)) => write!(out, "{{{min},{max}}}"),
                        Some(None) => write!(out, "{{{min},}}"),
                        None => write!(out, "{{{min}}}"),
                    }
                    .map_err(|_| UNSUPPORTED)?;
                } else {
                    out.push(c);
                }
                match chars.get(i) {
                    Some('?') => {
                        out.push('?');
                        i += 1;
                    }
                    Some('+') => return Err(UNSUPPORTED),
                    _ => {}
                }
                last = Last::Quantifier;
            }
            '[' => {
                class(&chars, &mut i, &mut out)?;
                last = Last::Atom;
            }
            _ => {
                literal(&mut out, c);
                last = Last::Atom;
            }
        }
    }
    if depth != 0 {
        return Err(INVALID);
    }
    Ok((out, groups))
}

/// A character that stands for itself, in a form the `regex` crate reads the same anywhere.
fn literal(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() {
        out.push(c);
    } else {
        let _ = write!(out, "\\x{{{:X}}}", c as u32);
    }
}

enum Escape {
    Char(char),
    Class(&'static str),
}

/// The escape after a backslash at `chars[*i]`.
fn escape(chars: &[char], i: &mut usize, in_class: bool) -> Result<Escape, SparkError> {
    let Some(&c) = chars.get(*i) else {
        return Err(INVALID);
    };
    *i += 1;
    let hex = |i: &mut usize, len: usize| -> Result<u32, SparkError> {
        let digits: String = chars.get(*i..*i + len).ok_or(INVALID)?.iter().collect();
        *i += len;
        u32::from_str_radix(&digits, 16).map_err(|_| INVALID)
    };
    let to_char = |v: u32| char::from_u32(v).map(Escape::Char).ok_or(UNSUPPORTED);
    Ok(match c {
        't' => Escape::Char('\t'),
        'n' => Escape::Char('\n'),
        'r' => Escape::Char('\r'),
        'f' => Escape::Char('\u{c}'),
        'a' => Escape::Char('\u{7}'),
        'e' => Escape::Char('\u{1b}'),
        'x' if chars.get(*i) == Some(&'{') => return Err(UNSUPPORTED),
        'x' => to_char(hex(i, 2)?)?,
        'u' => to_char(hex(i, 4)?)?,
        'd' if !in_class => Escape::Class("[0-9]"),
        'D' if !in_class => Escape::Class("[^0-9]"),
        'w' if !in_class => Escape::Class("[0-9A-Za-z_]"),
        'W' if !in_class => Escape::Class("[^0-9A-Za-z_]"),
        's' if !in_class => Escape::Class(r"[\t\n\x0B\x0C\r ]"),
        'S' if !in_class => Escape::Class(r"[^\t\n\x0B\x0C\r ]"),
        'd' => Escape::Class("0-9"),
        'w' => Escape::Class("0-9A-Za-z_"),
        's' => Escape::Class(r"\t\n\x0B\x0C\r "),
        // A word boundary: Java's word characters (letters, digits, "_") against the
        // `regex` crate's Unicode ones; they differ only on marks and rare scripts.
        'b' if !in_class => Escape::Class(r"\b"),
        'B' if !in_class => Escape::Class(r"\B"),
        // Escapes Java knows and this module does not emulate: octal, back references,
        // boundaries, properties, \Q inside a class...
        '0'..='9'
        | 'b'
        | 'B'
        | 'A'
        | 'G'
        | 'Z'
        | 'z'
        | 'p'
        | 'P'
        | 'h'
        | 'H'
        | 'v'
        | 'V'
        | 'R'
        | 'X'
        | 'N'
        | 'k'
        | 'c'
        | 'Q'
        | 'D'
        | 'W'
        | 'S' => {
            return Err(UNSUPPORTED);
        }
        // "\E" without "\Q", or any other letter (reserved in Java): an error.
        c if c.is_ascii_alphabetic() => return Err(INVALID),
        c if !c.is_ascii() => return Err(UNSUPPORTED),
        c => Escape::Char(c),
    })
}

/// `{n}`, `{n,}` or `{n,m}` after the `{`: (n, None | Some(None) | Some(Some(m))).
#[allow(clippy::type_complexity)]
fn counted(chars: &[char], i: &mut usize) -> Result<(u32, Option<Option<u32>>), SparkError> {
    let number = |i: &mut usize| -> Result<Option<u32>, SparkError> {
        let start = *i;
        while chars.get(*i).is_some_and(char::is_ascii_digit) {
            *i += 1;
        }
        if *i == start {
            return Ok(None);
        }
        let digits: String = chars[start..*i].iter().collect();
        digits.parse::<u32>().map(Some).map_err(|_| UNSUPPORTED)
    };
    let min = number(i)?.ok_or(INVALID)?;
    let max = if chars.get(*i) == Some(&',') {
        *i += 1;
        Some(number(i)?)
    } else {
        None
    };
    if chars.get(*i) != Some(&'}') {
        return Err(INVALID);
    }
    *i += 1;
    if let Some(Some(max)) = max
        && max < min
    {
        return Err(INVALID);
    }
    Ok((min, max))
}

/// A character class after its `[`: plain characters, ranges and `\d \s \w`; nesting,
/// intersections and a leading `]` are not emulated.
fn class(chars: &[char], i: &mut usize, out: &mut String) -> Result<(), SparkError> {
    out.push('[');
    let negated = chars.get(*i) == Some(&'^');
    if negated {
        out.push('^');
        *i += 1;
    }
    // A "]" right after "[" or "[^" stands for itself.
    let mut empty = true;
    loop {
        let Some(&c) = chars.get(*i) else {
            return Err(INVALID);
        };
        *i += 1;
        let first = match c {
            ']' if !empty => break,
            // Older JDKs read a nested class inside a negated one differently.
            '[' if negated => return Err(UNSUPPORTED),
            '[' => {
                // A nested class is a union, in Java as in the `regex` crate.
                class(chars, i, out)?;
                empty = false;
                continue;
            }
            '&' if chars.get(*i) == Some(&'&') => return Err(UNSUPPORTED),
            '\\' => match escape(chars, i, true)? {
                Escape::Char(c) => c,
                Escape::Class(class) => {
                    out.push_str(class);
                    empty = false;
                    continue;
                }
            },
            c => c,
        };
        empty = false;
        // A range, unless the "-" is the last character of the class.
        if chars.get(*i) == Some(&'-') && chars.get(*i + 1).is_some_and(|&c| c != ']') {
            *i += 1;
            let last = match chars[*i] {
                '[' => return Err(UNSUPPORTED),
                '\\' => {
                    *i += 1;
                    match escape(chars, i, true)? {
                        Escape::Char(c) => c,
                        Escape::Class(_) => return Err(INVALID),
                    }
                }
                c => {
                    *i += 1;
                    c
                }
            };
            if last < first {
                return Err(INVALID);
            }
            literal(out, first);
            out.push('-');
            literal(out, last);
        } else {
            literal(out, first);
        }
    }
    out.push(']');
    Ok(())
}
