//! Base58 with the Bitcoin alphabet (also Solana's).
//!
//! Both directions work on machine-word limbs instead of one digit at a time: encoding keeps the
//! number in limbs of 58^5 and feeds it 32 bits at a time; decoding keeps it in 32-bit limbs and
//! feeds it five characters at a time. Short inputs (keys, hashes) use a stack buffer.
//!
//! Base58 is quadratic in the input's length, so both directions refuse inputs past a cap with
//! [`Error::Base58TooLong`]: [`MAX_TEXT_LENGTH`] characters to decode, [`MAX_BYTES`] bytes to
//! encode. The caps sit far above anything Solana puts in base58 (a 32-byte key is 44 characters,
//! a 64-byte signature 88, a whole 1232-byte transaction about 1700) and keep the worst call
//! around a millisecond.
use alloc::vec::Vec;

use crate::Error;

const ALPHABET: &[u8; 58] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/// 58^5: the largest power of 58 whose limbs, times 2^32, still fit a `u64`.
const BIG: u64 = 656_356_768;
const NOT_BASE58: u8 = 0xff;
const DIGIT_OF: [u8; 256] = {
    let mut table = [NOT_BASE58; 256];
    let mut i = 0;
    while i < 58 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};
const STACK_LIMBS: usize = 32;

/// The longest text [`decode_into`] takes, in characters.
pub const MAX_TEXT_LENGTH: usize = 8192;
/// The longest byte string [`encode_into`] takes; its text is under [`MAX_TEXT_LENGTH`].
pub const MAX_BYTES: usize = 5000;

/// Multiplies the little-endian number in `limbs[..*len]` by `mul` and adds `add`, in base `base`.
#[inline(always)]
fn mul_add(limbs: &mut [u32], len: &mut usize, mul: u64, add: u64, base: u64) {
    let mut carry = add;
    for limb in &mut limbs[..*len] {
        let t = *limb as u64 * mul + carry;
        *limb = (t % base) as u32;
        carry = t / base;
    }
    while carry > 0 {
        limbs[*len] = (carry % base) as u32;
        *len += 1;
        carry /= base;
    }
}

/// Appends the base58 text of `bytes` to `out`; each leading zero byte becomes a leading `1`.
/// More than [`MAX_BYTES`] bytes is [`Error::Base58TooLong`].
///
/// ```
/// let mut out = Vec::new();
/// portico_core::base58::encode_into(&[0, 0x61], &mut out).unwrap();
/// assert_eq!(out, b"12g");
/// ```
pub fn encode_into(bytes: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    if bytes.len() > MAX_BYTES {
        return Err(Error::Base58TooLong);
    }
    let zeros = bytes.iter().take_while(|&&b| b == 0).count();
    let rest = &bytes[zeros..];
    out.resize(out.len() + zeros, b'1');
    let needed = rest.len() * 2 / 7 + 2;
    if needed <= STACK_LIMBS {
        encode_limbs(rest, &mut [0u32; STACK_LIMBS], out);
    } else {
        encode_limbs(rest, &mut alloc::vec![0u32; needed], out);
    }
    Ok(())
}

fn encode_limbs(rest: &[u8], limbs: &mut [u32], out: &mut Vec<u8>) {
    let mut len = 0;
    let head = rest.len() % 4;
    if head > 0 {
        let word = rest[..head].iter().fold(0u64, |acc, &b| acc << 8 | b as u64);
        mul_add(limbs, &mut len, 1 << (8 * head), word, BIG);
    }
    for chunk in rest[head..].chunks_exact(4) {
        let word = u32::from_be_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]) as u64;
        mul_add(limbs, &mut len, 1 << 32, word, BIG);
    }
    let Some((&top, lower)) = limbs[..len].split_last() else { return };
    out.reserve(len * 5);
    let mut digits = [0u8; 5];
    let spell = |mut v: u32, digits: &mut [u8; 5]| {
        for d in digits.iter_mut().rev() {
            *d = ALPHABET[(v % 58) as usize];
            v /= 58;
        }
    };
    spell(top, &mut digits);
    let first = digits.iter().position(|&d| d != b'1').unwrap_or(4);
    out.extend_from_slice(&digits[first..]);
    for &limb in lower.iter().rev() {
        spell(limb, &mut digits);
        out.extend_from_slice(&digits);
    }
}

/// Base58 text of `bytes` (at most [`MAX_BYTES`]).
pub fn encode(bytes: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::with_capacity(bytes.len() * 138 / 100 + 1);
    encode_into(bytes, &mut out)?;
    Ok(out)
}

/// Appends the bytes that `text` spells to `out`; each leading `1` becomes a zero byte.
/// On an error ([`Error::Base58InvalidCharacter`], or [`Error::Base58TooLong`] past
/// [`MAX_TEXT_LENGTH`] characters) nothing is appended.
///
/// ```
/// let mut out = Vec::new();
/// portico_core::base58::decode_into(b"12g", &mut out).unwrap();
/// assert_eq!(out, [0, 0x61]);
/// assert!(portico_core::base58::decode_into(b"0OIl", &mut out).is_err());
/// ```
pub fn decode_into(text: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    if text.len() > MAX_TEXT_LENGTH {
        return Err(Error::Base58TooLong);
    }
    let ones = text.iter().take_while(|&&c| c == b'1').count();
    let rest = &text[ones..];
    let needed = rest.len() / 5 + 2;
    let before = out.len();
    out.resize(out.len() + ones, 0);
    let result = if needed <= STACK_LIMBS {
        decode_limbs(rest, &mut [0u32; STACK_LIMBS], out)
    } else {
        decode_limbs(rest, &mut alloc::vec![0u32; needed], out)
    };
    if result.is_err() {
        out.truncate(before);
    }
    result
}

fn decode_limbs(rest: &[u8], limbs: &mut [u32], out: &mut Vec<u8>) -> Result<(), Error> {
    let mut len = 0;
    let feed = |chars: &[u8], limbs: &mut [u32], len: &mut usize| -> Result<(), Error> {
        let mut value = 0u64;
        let mut mul = 1u64;
        for &c in chars {
            let digit = DIGIT_OF[c as usize];
            if digit == NOT_BASE58 {
                return Err(Error::Base58InvalidCharacter);
            }
            value = value * 58 + digit as u64;
            mul *= 58;
        }
        mul_add(limbs, len, mul, value, 1 << 32);
        Ok(())
    };
    let head = rest.len() % 5;
    if head > 0 {
        feed(&rest[..head], limbs, &mut len)?;
    }
    for chunk in rest[head..].chunks_exact(5) {
        feed(chunk, limbs, &mut len)?;
    }
    let Some((&top, lower)) = limbs[..len].split_last() else { return Ok(()) };
    let top = top.to_be_bytes();
    let first = top.iter().position(|&b| b != 0).unwrap_or(3);
    out.reserve(lower.len() * 4 + 4);
    out.extend_from_slice(&top[first..]);
    for &limb in lower.iter().rev() {
        out.extend_from_slice(&limb.to_be_bytes());
    }
    Ok(())
}

/// The bytes that `text` spells.
pub fn decode(text: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::with_capacity(text.len());
    decode_into(text, &mut out)?;
    Ok(out)
}

/// The byte index of the first character outside the base58 alphabet.
pub fn first_invalid_character(text: &[u8]) -> Option<usize> {
    text.iter().position(|&c| DIGIT_OF[c as usize] == NOT_BASE58)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The schoolbook algorithm, one digit at a time: slow and obviously right.
    fn reference_encode(bytes: &[u8]) -> Vec<u8> {
        let zeros = bytes.iter().take_while(|&&b| b == 0).count();
        let mut digits: Vec<u8> = Vec::new(); // little-endian base 58
        for &b in &bytes[zeros..] {
            let mut carry = b as u32;
            for d in digits.iter_mut() {
                carry += (*d as u32) << 8;
                *d = (carry % 58) as u8;
                carry /= 58;
            }
            while carry > 0 {
                digits.push((carry % 58) as u8);
                carry /= 58;
            }
        }
        let mut out = alloc::vec![b'1'; zeros];
        out.extend(digits.iter().rev().map(|&d| ALPHABET[d as usize]));
        out
    }

    #[test]
    fn small_cases() {
        assert_eq!(encode(b"").unwrap(), b"");
        assert_eq!(encode(&[0]).unwrap(), b"1");
        assert_eq!(encode(&[0, 0, 0x61]).unwrap(), b"112g");
        assert_eq!(decode(b"").unwrap(), b"");
        assert_eq!(decode(b"111").unwrap(), [0, 0, 0]);
        assert_eq!(decode(b"2g").unwrap(), [0x61]);
        assert_eq!(encode(&[0xff; 4]).unwrap(), b"7YXq9G");
    }

    #[test]
    fn refuses_inputs_past_the_caps_and_takes_everything_up_to_them() {
        let most = alloc::vec![0xffu8; MAX_BYTES];
        let text = encode(&most).unwrap();
        assert!(text.len() <= MAX_TEXT_LENGTH, "{}", text.len());
        assert_eq!(decode(&text).unwrap(), most);
        assert_eq!(encode(&alloc::vec![1u8; MAX_BYTES + 1]), Err(Error::Base58TooLong));
        assert_eq!(decode(&alloc::vec![b'z'; MAX_TEXT_LENGTH + 1]), Err(Error::Base58TooLong));
        assert!(decode(&alloc::vec![b'z'; MAX_TEXT_LENGTH]).is_ok());
    }

    #[test]
    fn names_the_first_bad_character_and_appends_nothing() {
        let mut out = alloc::vec![9u8];
        assert_eq!(decode_into(b"11abc0", &mut out), Err(Error::Base58InvalidCharacter));
        assert_eq!(out, [9]);
        assert_eq!(first_invalid_character(b"abIc"), Some(2));
        assert_eq!(first_invalid_character("ab\u{e9}".as_bytes()), Some(2));
        assert_eq!(first_invalid_character(b"abc"), None);
    }

    #[test]
    fn long_inputs_use_the_heap_path() {
        let data: Vec<u8> = (0..400u32).map(|i| (i * 97 + 3) as u8).collect();
        let text = encode(&data).unwrap();
        assert_eq!(text, reference_encode(&data));
        assert_eq!(decode(&text).unwrap(), data);
    }

    proptest! {
        #[test]
        fn matches_the_schoolbook_encoder_and_round_trips(
            zeros in 0usize..4,
            body in proptest::collection::vec(any::<u8>(), 0..120),
        ) {
            let mut data = alloc::vec![0u8; zeros];
            data.extend(body);
            let text = encode(&data).unwrap();
            prop_assert_eq!(&text, &reference_encode(&data));
            prop_assert_eq!(decode(&text).unwrap(), data);
        }

        #[test]
        fn decodes_any_text_of_the_alphabet_canonically(digits in proptest::collection::vec(0usize..58, 0..90)) {
            let text: Vec<u8> = digits.iter().map(|&d| ALPHABET[d]).collect();
            let bytes = decode(&text).unwrap();
            prop_assert_eq!(encode(&bytes).unwrap(), text);
        }
    }
}
