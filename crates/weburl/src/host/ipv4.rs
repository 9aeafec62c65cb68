//! IPv4: the "ends in a number" checker, the IPv4 parser, the IPv4 number parser and the IPv4
//! serializer.
//!
//! <https://url.spec.whatwg.org/#concept-ipv4-parser>

use super::HostError;
use crate::validation::{Reporter, ValidationErrorKind};

/// The [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker).
///
/// ```
/// use weburl::host::ipv4::ends_in_a_number;
/// assert!(ends_in_a_number("example.255"));
/// assert!(ends_in_a_number("a.0x"));
/// assert!(ends_in_a_number("1.2.3."));
/// assert!(!ends_in_a_number("example.com"));
/// assert!(!ends_in_a_number("1.0xg"));
/// ```
#[must_use]
pub fn ends_in_a_number(input: &str) -> bool {
    // 2.-4. The last part, ignoring one trailing empty part.
    let trimmed = input.strip_suffix('.').unwrap_or(input);
    // Quick answer: a number's last byte is a hex digit, or 'x' ("0x").
    match trimmed.as_bytes().last() {
        Some(b) if b.is_ascii_hexdigit() || *b == b'x' || *b == b'X' => {}
        _ => return false,
    }
    let last = match trimmed.rfind('.') {
        Some(i) => &trimmed[i + 1..],
        None => trimmed,
    };
    // 5. Only ASCII digits.
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    // 6. Parses as an IPv4 number: "0x"/"0X" then hex digits.
    parse_number(last).is_some()
}

/// The [IPv4 number parser](https://url.spec.whatwg.org/#ipv4-number-parser): the value (capped
/// at 2^32 so that any larger number is still "too large") and whether the part was not
/// decimal (a validation error).
fn parse_number(input: &str) -> Option<(u64, bool)> {
    // 1. The empty string is failure.
    if input.is_empty() {
        return None;
    }
    let bytes = input.as_bytes();
    // 3.-5. Radix from the prefix.
    let (digits, radix, non_decimal) =
        if bytes.len() >= 2 && bytes[0] == b'0' && (bytes[1] | 0x20) == b'x' {
            (&bytes[2..], 16, true)
        } else if bytes.len() >= 2 && bytes[0] == b'0' {
            (&bytes[1..], 8, true)
        } else {
            (bytes, 10, false)
        };
    // 6. "0x" or "0" alone is 0.
    if digits.is_empty() {
        return Some((0, true));
    }
    // 7.-8. Every code point must be a radix-R digit; the value saturates above 2^32.
    const CAP: u64 = 1 << 32;
    let mut value: u64 = 0;
    for &b in digits {
        let d = match b {
            b'0'..=b'9' => u64::from(b - b'0'),
            b'a'..=b'f' => u64::from(b - b'a' + 10),
            b'A'..=b'F' => u64::from(b - b'A' + 10),
            _ => return None,
        };
        if d >= radix {
            return None;
        }
        value = (value * radix + d).min(CAP);
    }
    Some((value, non_decimal))
}

/// The [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser). Returns the address as
/// a 32-bit integer.
///
/// ```
/// use weburl::host::ipv4::parse;
/// assert_eq!(parse("127.1"), Ok(0x7F00_0001));
/// assert_eq!(parse("0x7f.0.0.1"), Ok(0x7F00_0001));
/// assert_eq!(parse("4294967295"), Ok(u32::MAX));
/// assert!(parse("4294967296").is_err());
/// assert!(parse("1.2.3.4.5").is_err());
/// ```
pub fn parse(input: &str) -> Result<u32, HostError> {
    parse_reporting(input, &mut Reporter::disabled(), 0)
}

/// The IPv4 parser, reporting its validation errors at `offset`.
pub(crate) fn parse_reporting(
    input: &str,
    report: &mut Reporter<'_>,
    offset: usize,
) -> Result<u32, HostError> {
    // 1.-2. Split on "."; a trailing empty part is dropped (if it is not the only one).
    let trimmed = match input.strip_suffix('.') {
        Some(t) if !t.is_empty() => t,
        _ => input,
    };
    if input.ends_with('.') {
        report.report(ValidationErrorKind::Ipv4EmptyPart, offset);
    }
    // 3. Fewer than four parts.
    if report.enabled() && trimmed.bytes().filter(|&b| b == b'.').count() < 3 {
        report.report(ValidationErrorKind::Ipv4TooFewParts, offset);
    }
    // 4. More than four parts is failure.
    if trimmed.bytes().filter(|&b| b == b'.').count() > 3 {
        return Err(HostError::Ipv4TooManyParts);
    }
    let mut numbers = [0u64; 4];
    let mut count = 0;
    for part in trimmed.split('.') {
        // 6. Each part must be an IPv4 number.
        let (n, non_decimal) = parse_number(part).ok_or(HostError::Ipv4NonNumericPart)?;
        if non_decimal {
            report.report(ValidationErrorKind::Ipv4NonDecimalPart, offset);
        }
        numbers[count] = n;
        count += 1;
    }
    let numbers = &numbers[..count];
    // 7. Any number greater than 255 is a validation error.
    if numbers.iter().any(|&n| n > 255) {
        report.report(ValidationErrorKind::Ipv4OutOfRangePart, offset);
    }
    // 8. Any but the last number greater than 255 is failure.
    if numbers[..count - 1].iter().any(|&n| n > 255) {
        return Err(HostError::Ipv4OutOfRangePart);
    }
    // 9. The last must be less than 256^(5 - size).
    let last = numbers[count - 1];
    if last >= 1u64 << (8 * (5 - count)) {
        return Err(HostError::Ipv4OutOfRangePart);
    }
    // 10.-14. Combine.
    let mut ipv4 = last;
    for (counter, &n) in numbers[..count - 1].iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    Ok(ipv4 as u32)
}

/// The [IPv4 serializer](https://url.spec.whatwg.org/#concept-ipv4-serializer), appending to
/// `out`.
pub(crate) fn serialize_into(out: &mut String, address: u32) {
    for (i, byte) in address.to_be_bytes().into_iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        if byte >= 100 {
            out.push((b'0' + byte / 100) as char);
        }
        if byte >= 10 {
            out.push((b'0' + byte / 10 % 10) as char);
        }
        out.push((b'0' + byte % 10) as char);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(parse_number("0x"), Some((0, true)));
        assert_eq!(parse_number("0"), Some((0, false)));
        assert_eq!(parse_number("010"), Some((8, true)));
        assert_eq!(parse_number("09"), None);
        assert_eq!(
            parse_number("0xFFFFFFFFFFFFFFFFFFFFFFFF"),
            Some((1 << 32, true))
        );
        assert_eq!(parse_number(""), None);
    }

    #[test]
    fn parser_forms() {
        assert_eq!(parse("1.2.3.4."), Ok(0x0102_0304));
        assert_eq!(parse("0.0.0.0"), Ok(0));
        assert_eq!(parse("1.65536"), Ok(0x0101_0000));
        assert_eq!(parse("1.256.3.4"), Err(HostError::Ipv4OutOfRangePart));
        assert_eq!(parse("1..2"), Err(HostError::Ipv4NonNumericPart));
        assert_eq!(parse("1.2.3.4.."), Err(HostError::Ipv4TooManyParts));
        assert_eq!(parse("x.1.2.3.4"), Err(HostError::Ipv4TooManyParts));
        assert_eq!(parse("."), Err(HostError::Ipv4NonNumericPart));
    }

    #[test]
    fn serializer() {
        let mut s = String::new();
        serialize_into(&mut s, 0xC0A8_0001);
        assert_eq!(s, "192.168.0.1");
    }
}
