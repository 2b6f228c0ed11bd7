//! Lowercase hex, the way Ethereum writes bytes.
use alloc::vec::Vec;

use crate::Error;

const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// The value of one hex digit (either case), or `None`.
#[inline]
pub const fn decode_nibble(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Writes `bytes` as lowercase hex into `out`, which must be exactly twice as long.
///
/// ```
/// let mut out = [0u8; 4];
/// portico_core::hex::encode_into(&[0xca, 0xfe], &mut out);
/// assert_eq!(&out, b"cafe");
/// ```
pub fn encode_into(bytes: &[u8], out: &mut [u8]) {
    // A debug check only: `assert_eq!` would pull the formatting machinery into the WASM module,
    // and a short `out` only means fewer digits are written, never a read past either slice.
    debug_assert_eq!(out.len(), bytes.len() * 2, "hex output must be twice the input");
    for (byte, pair) in bytes.iter().zip(out.chunks_exact_mut(2)) {
        pair[0] = DIGITS[(byte >> 4) as usize];
        pair[1] = DIGITS[(byte & 0x0f) as usize];
    }
}

/// Lowercase hex of `bytes`, without a prefix.
pub fn encode(bytes: &[u8]) -> Vec<u8> {
    let mut out = alloc::vec![0u8; bytes.len() * 2];
    encode_into(bytes, &mut out);
    out
}

/// Each byte's hex value, or [`NOT_HEX`] (a high bit no digit has); letters also carry [`LOWER`]
/// or [`UPPER`], so one OR over a text's entries tells whether it mixes cases. (`hi << 4` of a
/// `u8` drops those bits, and `lo & 0x0f` masks them.)
pub(crate) const NIBBLE: [u8; 256] = {
    let mut table = [NOT_HEX; 256];
    let mut c = 0;
    while c < 256 {
        if let Some(v) = decode_nibble(c as u8) {
            table[c] = v | if (c as u8).is_ascii_lowercase() {
                LOWER
            } else if (c as u8).is_ascii_uppercase() {
                UPPER
            } else {
                0
            };
        }
        c += 1;
    }
    table
};
pub(crate) const NOT_HEX: u8 = 0x10;
pub(crate) const LOWER: u8 = 0x20;
pub(crate) const UPPER: u8 = 0x40;

/// Decodes hex digits (an even number, either case, no prefix) onto the end of `out`, without a
/// branch per digit. On an error nothing is appended.
///
/// ```
/// let mut out = vec![7];
/// portico_core::hex::decode_append(b"CAfe", &mut out).unwrap();
/// assert_eq!(out, [7, 0xca, 0xfe]);
/// assert!(portico_core::hex::decode_append(b"0g", &mut out).is_err());
/// assert_eq!(out.len(), 3);
/// ```
pub fn decode_append(digits: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    if digits.len() % 2 != 0 {
        return Err(Error::HexInvalid);
    }
    let start = out.len();
    out.resize(start + digits.len() / 2, 0);
    let mut seen = 0u8;
    for (byte, pair) in out[start..].iter_mut().zip(digits.chunks_exact(2)) {
        let (hi, lo) = (NIBBLE[pair[0] as usize], NIBBLE[pair[1] as usize]);
        seen |= hi | lo;
        *byte = hi << 4 | (lo & 0x0f);
    }
    if seen & NOT_HEX != 0 {
        out.truncate(start);
        return Err(Error::HexInvalid);
    }
    Ok(())
}

/// Decodes an even number of hex digits (either case), with or without a `0x` prefix.
///
/// ```
/// assert_eq!(portico_core::hex::decode(b"0xCAfe").unwrap(), [0xca, 0xfe]);
/// assert!(portico_core::hex::decode(b"0xabc").is_err());
/// ```
pub fn decode(text: &[u8]) -> Result<Vec<u8>, Error> {
    let digits = text.strip_prefix(b"0x").unwrap_or(text);
    if digits.len() % 2 != 0 {
        return Err(Error::HexInvalid);
    }
    digits
        .chunks_exact(2)
        .map(|pair| match (decode_nibble(pair[0]), decode_nibble(pair[1])) {
            (Some(hi), Some(lo)) => Ok(hi << 4 | lo),
            _ => Err(Error::HexInvalid),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_byte() {
        let all: Vec<u8> = (0..=255).collect();
        let text = encode(&all);
        assert_eq!(&text[..6], b"000102");
        assert_eq!(&text[text.len() - 4..], b"feff");
        assert_eq!(decode(&text).unwrap(), all);
    }

    #[test]
    fn rejects_odd_length_and_non_hex() {
        assert_eq!(decode(b"abc"), Err(Error::HexInvalid));
        assert_eq!(decode(b"0xzz"), Err(Error::HexInvalid));
        assert_eq!(decode(b"0X00"), Err(Error::HexInvalid));
        assert_eq!(decode(b"").unwrap(), Vec::<u8>::new());
        assert_eq!(decode(b"0x").unwrap(), Vec::<u8>::new());
    }

    #[test]
    fn nibbles() {
        assert_eq!(decode_nibble(b'F'), Some(15));
        assert_eq!(decode_nibble(b'g'), None);
        assert_eq!(decode_nibble(b'/'), None);
    }
}
