//! IPv6: the IPv6 parser (with an embedded IPv4 address) and the compressing serializer.
//!
//! <https://url.spec.whatwg.org/#concept-ipv6-parser>

use super::HostError;
use crate::validation_error::{Reporter, ValidationErrorKind};

/// The [IPv6 parser](https://url.spec.whatwg.org/#concept-ipv6-parser), given the text between
/// the brackets. Returns the eight pieces.
///
/// ```
/// use weburl::host::ipv6::parse;
/// assert_eq!(parse("::1"), Ok([0, 0, 0, 0, 0, 0, 0, 1]));
/// assert_eq!(parse("::ffff:192.168.0.1"), Ok([0, 0, 0, 0, 0, 0xffff, 0xc0a8, 1]));
/// assert!(parse(":1").is_err());
/// ```
pub fn parse(input: &str) -> Result<[u16; 8], HostError> {
    parse_reporting(input, &mut Reporter::disabled(), 0)
}

/// The IPv6 parser, reporting its validation errors (a piece's leading zero) at `offset` plus
/// the piece's position; failures are reported by the caller.
pub(crate) fn parse_reporting(
    input: &str,
    report: &mut Reporter<'_>,
    offset: usize,
) -> Result<[u16; 8], HostError> {
    let input = input.as_bytes();
    // 1.-4.
    let mut address = [0u16; 8];
    let mut piece_index = 0usize;
    let mut compress: Option<usize> = None;
    let mut pointer = 0usize;
    let c = |p: usize| input.get(p).copied();

    // 5. A leading ':' must be "::".
    if c(pointer) == Some(b':') {
        if c(pointer + 1) != Some(b':') {
            return Err(HostError::Ipv6InvalidCompression);
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }

    // 6. While c is not the EOF code point.
    while let Some(ch) = c(pointer) {
        // 6.1
        if piece_index == 8 {
            return Err(HostError::Ipv6TooManyPieces);
        }
        // 6.2 A compression.
        if ch == b':' {
            if compress.is_some() {
                return Err(HostError::Ipv6MultipleCompression);
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        // 6.3-6.4 Up to four hex digits.
        let mut value: u16 = 0;
        let mut length = 0usize;
        while length < 4 {
            let Some(d) = c(pointer).and_then(crate::percent::hex_value) else {
                break;
            };
            value = value * 0x10 + u16::from(d);
            pointer += 1;
            length += 1;
        }
        let piece_start = pointer - length;
        match c(pointer) {
            // 6.5 An embedded IPv4 address.
            Some(b'.') => {
                if length == 0 {
                    return Err(HostError::Ipv4InIpv6InvalidCodePoint);
                }
                pointer -= length;
                if piece_index > 6 {
                    return Err(HostError::Ipv4InIpv6TooManyPieces);
                }
                let mut numbers_seen = 0;
                while c(pointer).is_some() {
                    let mut ipv4_piece: Option<u16> = None;
                    if numbers_seen > 0 {
                        if c(pointer) == Some(b'.') && numbers_seen < 4 {
                            pointer += 1;
                        } else {
                            return Err(HostError::Ipv4InIpv6InvalidCodePoint);
                        }
                    }
                    if !c(pointer).is_some_and(|b| b.is_ascii_digit()) {
                        return Err(HostError::Ipv4InIpv6InvalidCodePoint);
                    }
                    while let Some(d) = c(pointer).filter(u8::is_ascii_digit) {
                        let number = u16::from(d - b'0');
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            Some(0) => return Err(HostError::Ipv4InIpv6InvalidCodePoint),
                            Some(p) => Some(p * 10 + number),
                        };
                        if ipv4_piece.is_some_and(|p| p > 255) {
                            return Err(HostError::Ipv4InIpv6OutOfRangePart);
                        }
                        pointer += 1;
                    }
                    let piece = ipv4_piece.unwrap_or(0);
                    address[piece_index] = address[piece_index].wrapping_mul(0x100) + piece;
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece_index += 1;
                    }
                }
                if numbers_seen != 4 {
                    return Err(HostError::Ipv4InIpv6TooFewParts);
                }
                break;
            }
            // 6.6 A separator, which must not end the input.
            Some(b':') => {
                pointer += 1;
                if c(pointer).is_none() {
                    return Err(HostError::Ipv6InvalidCodePoint);
                }
            }
            // 6.7
            Some(_) => return Err(HostError::Ipv6InvalidCodePoint),
            None => {}
        }
        // 6.8 A piece with a leading zero.
        if length > 1 && value < 1 << (4 * (length - 1)) {
            report.report(
                ValidationErrorKind::Ipv6PieceLeadingZero,
                offset + piece_start,
            );
        }
        // 6.9-6.10
        address[piece_index] = value;
        piece_index += 1;
    }

    // 7. Move the pieces after the compression to the end.
    if let Some(compress) = compress {
        let mut swaps = piece_index - compress;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            address.swap(piece_index, compress + swaps - 1);
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        // 8.
        return Err(HostError::Ipv6TooFewPieces);
    }
    Ok(address)
}

/// [Find the IPv6 address compressed piece index](https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index):
/// the first of the longest runs of two or more zero pieces.
fn compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    let mut longest_index = None;
    let mut longest_size = 1;
    let mut found_index = None;
    let mut found_size = 0;
    for (piece_index, &piece) in address.iter().enumerate() {
        if piece != 0 {
            if found_size > longest_size {
                longest_index = found_index;
                longest_size = found_size;
            }
            found_index = None;
            found_size = 0;
        } else {
            if found_index.is_none() {
                found_index = Some(piece_index);
            }
            found_size += 1;
        }
    }
    if found_size > longest_size {
        return found_index;
    }
    longest_index
}

/// The [IPv6 serializer](https://url.spec.whatwg.org/#concept-ipv6-serializer), appending to
/// `out` (without the brackets).
pub(crate) fn serialize_into(out: &mut String, address: [u16; 8]) {
    let compress = compressed_piece_index(&address);
    let mut ignore0 = false;
    for (piece_index, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(piece_index) {
            out.push_str(if piece_index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        push_hex(out, piece);
        if piece_index != 7 {
            out.push(':');
        }
    }
}

/// Appends `n` as the shortest lowercase hexadecimal number.
fn push_hex(out: &mut String, n: u16) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut started = false;
    for shift in [12u16, 8, 4, 0] {
        let d = (n >> shift) & 0xF;
        if d != 0 || started || shift == 0 {
            out.push(HEX[d as usize] as char);
            started = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(input: &str) -> Result<String, HostError> {
        let a = parse(input)?;
        let mut s = String::new();
        serialize_into(&mut s, a);
        Ok(s)
    }

    #[test]
    fn serializer_compresses_the_first_longest_run() {
        assert_eq!(round("0:f:0:0:f:f:0:0").unwrap(), "0:f::f:f:0:0");
        assert_eq!(round("1:0:0:2:0:0:0:3").unwrap(), "1:0:0:2::3");
        assert_eq!(round("1:0:1:0:1:0:1:0").unwrap(), "1:0:1:0:1:0:1:0");
        assert_eq!(round("::").unwrap(), "::");
        assert_eq!(round("0::0").unwrap(), "::");
        assert_eq!(round("1::").unwrap(), "1::");
        assert_eq!(round("ABCD::0102:0304").unwrap(), "abcd::102:304");
    }

    #[test]
    fn parser_errors() {
        assert_eq!(parse(":"), Err(HostError::Ipv6InvalidCompression));
        assert_eq!(
            parse("1:2:3:4:5:6:7:8:9"),
            Err(HostError::Ipv6TooManyPieces)
        );
        assert_eq!(parse("1::2::3"), Err(HostError::Ipv6MultipleCompression));
        assert_eq!(
            parse("1:2:3:4:5:6:7:"),
            Err(HostError::Ipv6InvalidCodePoint)
        );
        assert_eq!(parse("1:2:3"), Err(HostError::Ipv6TooFewPieces));
        assert_eq!(
            parse("1:2:3:4:5:6:7:1.2.3.4"),
            Err(HostError::Ipv4InIpv6TooManyPieces)
        );
        assert_eq!(
            parse("::1.2.3.04"),
            Err(HostError::Ipv4InIpv6InvalidCodePoint)
        );
        assert_eq!(
            parse("::1.2.3.256"),
            Err(HostError::Ipv4InIpv6OutOfRangePart)
        );
        assert_eq!(parse("::1.2.3"), Err(HostError::Ipv4InIpv6TooFewParts));
        assert_eq!(
            parse("::.1.2.3"),
            Err(HostError::Ipv4InIpv6InvalidCodePoint)
        );
        assert_eq!(parse("12345::"), Err(HostError::Ipv6InvalidCodePoint));
    }

    #[test]
    fn hostile_lengths_do_not_panic() {
        let many = ":".repeat(10_000);
        assert!(parse(&many).is_err());
        let digits = "1".repeat(10_000);
        assert!(parse(&digits).is_err());
        assert!(parse(&format!("::{}", "1.".repeat(5000))).is_err());
    }
}
