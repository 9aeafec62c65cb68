//! HTML's [parse a srcset attribute](https://html.spec.whatwg.org/multipage/images.html#parse-a-srcset-attribute).
//!
//! ```
//! use weburl::document::srcset::{Descriptor, parse_srcset};
//! let candidates = parse_srcset("a.png 1x, b.png 2x,c.png 640w, bad.png 1x 2x");
//! let urls: Vec<&str> = candidates.iter().map(|c| c.url).collect();
//! // The browser drops a candidate whose descriptors are in error.
//! assert_eq!(urls, ["a.png", "b.png", "c.png"]);
//! assert_eq!(candidates[1].descriptor, Descriptor::Density(2.0));
//! assert_eq!(candidates[2].descriptor, Descriptor::Width(640));
//! assert_eq!(candidates[2].offset, 19);
//! ```

/// One image candidate of a `srcset` attribute.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Candidate<'a> {
    /// The candidate's URL text (not yet parsed), trailing commas removed.
    pub url: &'a str,
    /// Where `url` starts in the attribute value, in bytes.
    pub offset: usize,
    /// The candidate's descriptor.
    pub descriptor: Descriptor,
    /// The `h` descriptor, reserved by the spec for the future (parsed, otherwise unused).
    pub height: Option<u64>,
}

/// A candidate's descriptor: a width (`640w`), a pixel density (`2x`), or none (which means
/// `1x`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Descriptor {
    /// No descriptor.
    None,
    /// `Nw`: the image's width in pixels (never 0).
    Width(u64),
    /// `Nx`: the pixel density (never negative).
    Density(f64),
}

fn is_space(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\x0C' | '\r' | ' ')
}

/// Parses a `srcset` attribute value into its candidates, in order, dropping those the spec
/// drops (a descriptor in error); see the [module](self) documentation.
///
/// ```
/// use weburl::document::srcset::parse_srcset;
/// // A comma inside a URL stays there; only commas before whitespace separate candidates.
/// let c = parse_srcset("data:image/png;base64,AAAA 1x, /x,y.png 2x");
/// assert_eq!(c[0].url, "data:image/png;base64,AAAA");
/// assert_eq!(c[1].url, "/x,y.png");
/// ```
#[must_use]
pub fn parse_srcset(input: &str) -> Vec<Candidate<'_>> {
    let mut candidates = Vec::new();
    let mut pos = 0;
    loop {
        // Splitting loop: skip whitespace and commas.
        pos += input[pos..]
            .find(|c: char| !is_space(c) && c != ',')
            .unwrap_or(input.len() - pos);
        if pos >= input.len() {
            return candidates;
        }
        let start = pos;
        pos += input[pos..].find(is_space).unwrap_or(input.len() - pos);
        let mut url = &input[start..pos];
        let mut descriptors: Vec<String> = Vec::new();
        if url.ends_with(',') {
            url = url.trim_end_matches(',');
        } else {
            pos = tokenize_descriptors(input, pos, &mut descriptors);
        }
        if let Some((descriptor, height)) = parse_descriptors(&descriptors) {
            candidates.push(Candidate {
                url,
                offset: start,
                descriptor,
                height,
            });
        }
    }
}

/// The spec's descriptor tokenizer, from `pos` (just after the URL); returns where the
/// splitting loop goes on.
fn tokenize_descriptors(input: &str, mut pos: usize, descriptors: &mut Vec<String>) -> usize {
    #[derive(PartialEq)]
    enum State {
        InDescriptor,
        InParens,
        AfterDescriptor,
    }
    pos += input[pos..]
        .find(|c: char| !is_space(c))
        .unwrap_or(input.len() - pos);
    let mut current = String::new();
    let mut state = State::InDescriptor;
    loop {
        let c = input[pos..].chars().next();
        match state {
            State::InDescriptor => match c {
                Some(c) if is_space(c) => {
                    if !current.is_empty() {
                        descriptors.push(std::mem::take(&mut current));
                        state = State::AfterDescriptor;
                    }
                }
                Some(',') => {
                    pos += 1;
                    if !current.is_empty() {
                        descriptors.push(current);
                    }
                    return pos;
                }
                Some('(') => {
                    current.push('(');
                    state = State::InParens;
                }
                None => {
                    if !current.is_empty() {
                        descriptors.push(current);
                    }
                    return pos;
                }
                Some(c) => current.push(c),
            },
            State::InParens => match c {
                Some(')') => {
                    current.push(')');
                    state = State::InDescriptor;
                }
                None => {
                    descriptors.push(current);
                    return pos;
                }
                Some(c) => current.push(c),
            },
            State::AfterDescriptor => match c {
                Some(c) if is_space(c) => {}
                None => return pos,
                Some(_) => {
                    state = State::InDescriptor;
                    continue;
                }
            },
        }
        pos += c.map_or(0, char::len_utf8);
    }
}

/// The spec's descriptor parser: `None` when error is "yes".
fn parse_descriptors(descriptors: &[String]) -> Option<(Descriptor, Option<u64>)> {
    let mut width: Option<u64> = None;
    let mut density: Option<f64> = None;
    let mut height: Option<u64> = None;
    for d in descriptors {
        let (body, last) = d.split_at(d.len() - d.chars().next_back().map_or(0, char::len_utf8));
        match last {
            "w" if is_valid_non_negative_integer(body) => {
                if width.is_some() || density.is_some() {
                    return None;
                }
                match parse_non_negative_integer(body) {
                    Some(0) | None => return None,
                    Some(n) => width = Some(n),
                }
            }
            "x" if is_valid_float(body) => {
                if width.is_some() || density.is_some() || height.is_some() {
                    return None;
                }
                match body.parse::<f64>() {
                    Ok(n) if n >= 0.0 && n.is_finite() => density = Some(n),
                    _ => return None,
                }
            }
            "h" if is_valid_non_negative_integer(body) => {
                if height.is_some() || density.is_some() {
                    return None;
                }
                match parse_non_negative_integer(body) {
                    Some(0) | None => return None,
                    Some(n) => height = Some(n),
                }
            }
            _ => return None,
        }
    }
    if height.is_some() && width.is_none() {
        return None;
    }
    let descriptor = match (width, density) {
        (Some(w), _) => Descriptor::Width(w),
        (None, Some(x)) => Descriptor::Density(x),
        (None, None) => Descriptor::None,
    };
    Some((descriptor, height))
}

fn is_valid_non_negative_integer(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// The value of a valid non-negative integer; one too large for a `u64` saturates (the spec
/// does not bound it, and only 0 is an error).
fn parse_non_negative_integer(s: &str) -> Option<u64> {
    Some(s.parse::<u64>().unwrap_or(u64::MAX))
}

/// A [valid floating-point number](https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#valid-floating-point-number).
fn is_valid_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if b.first() == Some(&b'-') {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    let int = digits(&mut i);
    let mut frac = false;
    if b.get(i) == Some(&b'.') {
        i += 1;
        frac = digits(&mut i);
        if !frac {
            return false;
        }
    }
    if !int && !frac {
        return false;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'-' | b'+')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn urls(s: &str) -> Vec<&str> {
        parse_srcset(s).into_iter().map(|c| c.url).collect()
    }

    #[test]
    fn splitting() {
        assert_eq!(urls(""), Vec::<&str>::new());
        assert_eq!(urls(" , ,, "), Vec::<&str>::new());
        assert_eq!(urls("a.png"), ["a.png"]);
        assert_eq!(urls("a.png,b.png"), ["a.png,b.png"]);
        assert_eq!(urls("a.png, b.png"), ["a.png", "b.png"]);
        assert_eq!(urls("a.png,, b.png,"), ["a.png", "b.png"]);
        assert_eq!(urls("a.png 1x,b.png 2x"), ["a.png", "b.png"]);
        // A comma inside parentheses belongs to the descriptor, which is then in error.
        assert_eq!(urls("a.png (x, y) 1x, b.png"), ["b.png"]);
        assert_eq!(urls("a.png 1x (, b.png"), Vec::<&str>::new());
    }

    #[test]
    fn descriptors() {
        assert_eq!(urls("a 1x 2x"), Vec::<&str>::new());
        assert_eq!(urls("a 0w"), Vec::<&str>::new());
        assert_eq!(urls("a 10w 1x"), Vec::<&str>::new());
        assert_eq!(urls("a 10h"), Vec::<&str>::new());
        assert_eq!(urls("a 10w 10h"), ["a"]);
        assert_eq!(urls("a -1x"), Vec::<&str>::new());
        assert_eq!(urls("a .5x"), ["a"]);
        assert_eq!(urls("a 1.x"), Vec::<&str>::new());
        assert_eq!(urls("a 1e1x"), ["a"]);
        assert_eq!(urls("a +1x"), Vec::<&str>::new());
        assert_eq!(urls("a 1.5w"), Vec::<&str>::new());
        assert_eq!(urls("a 1X"), Vec::<&str>::new());
        assert_eq!(urls("a foo"), Vec::<&str>::new());
        assert_eq!(
            parse_srcset("a -0x")[0].descriptor,
            Descriptor::Density(-0.0)
        );
    }
}
