//! IPv4: the "ends in a number" checker, the IPv4 parser, the IPv4 number parser and the IPv4
//! serializer.
//!
//! <https://url.spec.whatwg.org/#concept-ipv4-parser>

use super::HostError;
use crate::validation_error::{Reporter, ValidationErrorKind};

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
#[inline(always)]
pub fn ends_in_a_number(input: &str) -> bool {
    // 2.-4. The last part, ignoring one trailing empty part.
    let bytes = input.as_bytes();
    let trimmed = bytes.strip_suffix(b".").unwrap_or(bytes);
    // Quick answer: a number's last byte is a hex digit, or 'x' ("0x").
    match trimmed.last() {
        Some(b) if b.is_ascii_hexdigit() || *b == b'x' || *b == b'X' => {}
        _ => return false,
    }
    // Parts are short: a byte loop from the end beats a vectorized search.
    let last = match trimmed.iter().rposition(|&b| b == b'.') {
        Some(i) => &trimmed[i + 1..],
        None => trimmed,
    };
    // 5. Only ASCII digits.
    if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    // 6. Parses as an IPv4 number: "0x"/"0X" then hex digits.
    parse_number(last).is_some()
}

/// The [IPv4 number parser](https://url.spec.whatwg.org/#ipv4-number-parser): the value (capped
/// at 2^32 so that any larger number is still "too large") and whether the part was not
/// decimal (a validation error).
fn parse_number(bytes: &[u8]) -> Option<(u64, bool)> {
    // 1. The empty string is failure.
    if bytes.is_empty() {
        return None;
    }
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

/// An IPv4 address already in its serialized form (four decimal numbers of at most 255
/// without leading zeros, separated by dots), or `None`. For such input the IPv4 parser
/// succeeds without a validation error and the serializer gives the input back, so callers
/// may copy it as it is. Unrolled: no splitting, no number parser.
///
/// ```
/// use weburl::host::ipv4::parse_serialized;
/// assert_eq!(parse_serialized(b"192.168.0.1"), Some(0xC0A8_0001));
/// assert_eq!(parse_serialized(b"192.168.0.01"), None); // octal: the full parser decides
/// assert_eq!(parse_serialized(b"1.2.3"), None);
/// ```
#[must_use]
#[inline]
pub fn parse_serialized(input: &[u8]) -> Option<u32> {
    let mut address = 0u32;
    let mut i = 0;
    for part in 0..4 {
        if part > 0 {
            if input.get(i) != Some(&b'.') {
                return None;
            }
            i += 1;
        }
        let digit = |j: usize| {
            input
                .get(j)
                .filter(|b| b.is_ascii_digit())
                .map(|b| b - b'0')
        };
        let first = digit(i)?;
        let mut value = u32::from(first);
        i += 1;
        if first != 0 {
            for _ in 0..2 {
                match digit(i) {
                    Some(d) => {
                        value = value * 10 + u32::from(d);
                        i += 1;
                    }
                    None => break,
                }
            }
            if value > 255 {
                return None;
            }
        }
        address = address << 8 | value;
    }
    (i == input.len()).then_some(address)
}

/// The IPv4 parser, reporting its validation errors at `offset`.
pub(crate) fn parse_reporting(
    input: &str,
    report: &mut Reporter<'_>,
    offset: usize,
) -> Result<u32, HostError> {
    // 1.-2. Split on "."; a trailing empty part is dropped (if it is not the only one).
    let bytes = input.as_bytes();
    let trimmed = match bytes.strip_suffix(b".") {
        Some(t) if !t.is_empty() => t,
        _ => bytes,
    };
    if input.ends_with('.') {
        report.report(ValidationErrorKind::Ipv4EmptyPart, offset);
    }
    let dots = trimmed.iter().filter(|&&b| b == b'.').count();
    // 3. Fewer than four parts.
    if dots < 3 {
        report.report(ValidationErrorKind::Ipv4TooFewParts, offset);
    }
    // 4. More than four parts is failure.
    if dots > 3 {
        return Err(HostError::Ipv4TooManyParts);
    }
    let mut numbers = [0u64; 4];
    let mut count = 0;
    for part in trimmed.split(|&b| b == b'.') {
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
        assert_eq!(parse_number(b"0x"), Some((0, true)));
        assert_eq!(parse_number(b"0"), Some((0, false)));
        assert_eq!(parse_number(b"010"), Some((8, true)));
        assert_eq!(parse_number(b"09"), None);
        assert_eq!(
            parse_number(b"0xFFFFFFFFFFFFFFFFFFFFFFFF"),
            Some((1 << 32, true))
        );
        assert_eq!(parse_number(b""), None);
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
    fn serialized_form_agrees_with_the_parser_and_serializer() {
        let mut inputs: Vec<String> = [
            "0.0.0.0",
            "255.255.255.255",
            "256.0.0.0",
            "1.2.3.4.",
            "01.2.3.4",
            "1.2.3.04",
            "1.2.3",
            "1.2.3.4.5",
            "1..3.4",
            "1.2.3.4a",
            "1.2.3.1000",
            "1.2.3.",
            "",
            "1.2.3.0x1",
            " 1.2.3.4",
            "99.100.199.200",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        for a in [0, 1, 9, 10, 99, 100, 199, 200, 249, 250, 255, 256, 999] {
            inputs.push(format!("{a}.{a}.0.{a}"));
        }
        for input in inputs {
            let fast = parse_serialized(input.as_bytes());
            if let Some(address) = fast {
                assert_eq!(parse(&input), Ok(address), "{input}");
                let mut s = String::new();
                serialize_into(&mut s, address);
                assert_eq!(s, input);
            } else if let Ok(address) = parse(&input) {
                // Parses, but is not already in its serialized form.
                let mut s = String::new();
                serialize_into(&mut s, address);
                assert_ne!(s, input);
            }
        }
        // Every address's serialization is recognized.
        for n in [
            0u32,
            1,
            0x7F00_0001,
            0xC0A8_0001,
            0x0A00_00FF,
            u32::MAX,
            0x0100_0000,
        ] {
            let mut s = String::new();
            serialize_into(&mut s, n);
            assert_eq!(parse_serialized(s.as_bytes()), Some(n), "{s}");
        }
    }

    #[test]
    fn serializer() {
        let mut s = String::new();
        serialize_into(&mut s, 0xC0A8_0001);
        assert_eq!(s, "192.168.0.1");
    }
}
