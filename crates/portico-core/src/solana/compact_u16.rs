//! compact-u16 ("shortvec"): a length in one to three bytes, seven bits per byte, low bits first,
//! the high bit set on every byte but the last. Only the shortest form is accepted, and the third
//! byte carries the top two bits only.
use alloc::vec::Vec;

use crate::Error;

/// The value at the start of `input` and how many bytes it took.
///
/// Errors: [`Error::SolanaTruncated`] when the input ends inside it,
/// [`Error::SolanaNonCanonicalCompactU16`] when a byte after the first is a redundant zero, and
/// [`Error::SolanaCompactU16Overflow`] when the value needs more than 16 bits.
///
/// ```
/// use portico_core::solana::decode_compact_u16;
/// assert_eq!(decode_compact_u16(&[0x80, 0x01]), Ok((128, 2)));
/// assert!(decode_compact_u16(&[0x80, 0x00]).is_err()); // 0 written in two bytes
/// ```
#[inline]
pub fn decode(input: &[u8]) -> Result<(u16, usize), Error> {
    let Some(&first) = input.first() else { return Err(Error::SolanaTruncated) };
    if first < 0x80 {
        return Ok((first as u16, 1));
    }
    let Some(&second) = input.get(1) else { return Err(Error::SolanaTruncated) };
    if second == 0 {
        return Err(Error::SolanaNonCanonicalCompactU16);
    }
    let low = (first & 0x7f) as u16 | ((second & 0x7f) as u16) << 7;
    if second < 0x80 {
        return Ok((low, 2));
    }
    let Some(&third) = input.get(2) else { return Err(Error::SolanaTruncated) };
    if third == 0 {
        return Err(Error::SolanaNonCanonicalCompactU16);
    }
    if third > 0b11 {
        return Err(Error::SolanaCompactU16Overflow);
    }
    Ok((low | (third as u16) << 14, 3))
}

/// Appends the shortest encoding of `value`.
///
/// ```
/// let mut out = Vec::new();
/// portico_core::solana::encode_compact_u16(0x3fff, &mut out);
/// assert_eq!(out, [0xff, 0x7f]);
/// ```
pub fn encode(value: u16, out: &mut Vec<u8>) {
    let mut rest = value;
    loop {
        let low = (rest & 0x7f) as u8;
        rest >>= 7;
        if rest == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

/// How many bytes [`encode`] writes for `value`.
pub const fn encoded_len(value: usize) -> usize {
    if value < 0x80 {
        1
    } else if value < 0x4000 {
        2
    } else {
        3
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    type Case = (&'static [u8], Result<(u16, usize), Error>);

    #[test]
    fn reads_the_boundaries_and_refuses_aliases_and_overflow() {
        let cases: &[Case] = &[
            (&[0x00], Ok((0, 1))),
            (&[0x7f], Ok((0x7f, 1))),
            (&[0x80, 0x01], Ok((0x80, 2))),
            (&[0xff, 0x7f], Ok((0x3fff, 2))),
            (&[0x80, 0x80, 0x01], Ok((0x4000, 3))),
            (&[0xff, 0xff, 0x03], Ok((0xffff, 3))),
            (&[0x05, 0xff], Ok((5, 1))),
            (&[], Err(Error::SolanaTruncated)),
            (&[0x80], Err(Error::SolanaTruncated)),
            (&[0x80, 0x80], Err(Error::SolanaTruncated)),
            (&[0x80, 0x00], Err(Error::SolanaNonCanonicalCompactU16)),
            (&[0xff, 0x80, 0x00], Err(Error::SolanaNonCanonicalCompactU16)),
            (&[0x80, 0x80, 0x04], Err(Error::SolanaCompactU16Overflow)),
            (&[0xff, 0xff, 0x83, 0x00], Err(Error::SolanaCompactU16Overflow)),
        ];
        for (input, expected) in cases {
            assert_eq!(decode(input), *expected, "{input:02x?}");
        }
    }

    proptest! {
        #[test]
        fn every_value_round_trips_in_its_shortest_form(value: u16, tail: Vec<u8>) {
            let mut out = Vec::new();
            encode(value, &mut out);
            prop_assert_eq!(out.len(), encoded_len(value as usize));
            out.extend_from_slice(&tail);
            prop_assert_eq!(decode(&out), Ok((value, encoded_len(value as usize))));
        }

        /// The obvious reference: read up to three 7-bit groups, then accept only what re-encodes
        /// to the same bytes.
        #[test]
        fn agrees_with_a_reencoding_reference(bytes in proptest::collection::vec(any::<u8>(), 0..4)) {
            let mut value: u32 = 0;
            let mut used = None;
            for (i, &b) in bytes.iter().take(3).enumerate() {
                value |= ((b & 0x7f) as u32) << (7 * i);
                if b & 0x80 == 0 {
                    used = Some(i + 1);
                    break;
                }
            }
            let reference = match used {
                Some(n) if value <= 0xffff => {
                    let mut again = Vec::new();
                    encode(value as u16, &mut again);
                    if again[..] == bytes[..n] { Ok((value as u16, n)) } else { Err(()) }
                }
                _ => Err(()),
            };
            prop_assert_eq!(decode(&bytes).map_err(|_| ()), reference);
        }
    }
}
