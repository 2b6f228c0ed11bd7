//! Address checks: EVM (eip155) addresses with their EIP-55 checksum, and Solana public keys.
use crate::{base58, hex, keccak, Error};

/// The 40 hex digits of an EVM address, after an optional `0x` (with `require_prefix`, the prefix
/// must be there).
fn evm_digits(value: &[u8], require_prefix: bool) -> Option<&[u8]> {
    let digits = match value.strip_prefix(b"0x") {
        Some(rest) => rest,
        None if require_prefix => return None,
        None => value,
    };
    (digits.len() == 40 && digits.iter().all(|&c| hex::decode_nibble(c).is_some())).then_some(digits)
}

/// Writes `0x` and the EIP-55 form of 40 hex digits (any case) into `out`.
fn write_checksummed(digits: &[u8], out: &mut [u8; 42]) {
    let mut lower = [0u8; 40];
    for (l, &c) in lower.iter_mut().zip(digits) {
        *l = c.to_ascii_lowercase();
    }
    let hash = keccak::keccak256(&lower);
    out[0] = b'0';
    out[1] = b'x';
    for (i, &c) in lower.iter().enumerate() {
        let nibble = if i % 2 == 0 { hash[i / 2] >> 4 } else { hash[i / 2] & 0x0f };
        out[2 + i] = if c >= b'a' && nibble >= 8 { c.to_ascii_uppercase() } else { c };
    }
}

/// Whether `value` is an EVM address.
///
/// Not strict: 40 hex digits in any case, `0x` optional. Strict: `0x` is required, and an address
/// that mixes upper- and lowercase letters must be in its exact EIP-55 form.
///
/// ```
/// use portico_core::address::is_evm;
/// assert!(is_evm(b"d8da6bf26964af9d7eed9e03e53415d37aa96045", false));
/// assert!(!is_evm(b"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046", true));
/// ```
pub fn is_evm(value: &[u8], strict: bool) -> bool {
    let Some(digits) = evm_digits(value, strict) else { return false };
    if !strict {
        return true;
    }
    // One pass for both cases (on the hot path of every transaction's `to`).
    let (mut has_lower, mut has_upper) = (false, false);
    for &c in digits {
        has_lower |= c.is_ascii_lowercase();
        has_upper |= c.is_ascii_uppercase();
    }
    if !(has_lower && has_upper) {
        return true;
    }
    let mut expected = [0u8; 42];
    write_checksummed(digits, &mut expected);
    expected[2..] == *digits
}

/// The 20 bytes of `value` when [`is_evm`] accepts it strictly, read in one pass over the digits
/// (the transaction layout reads its addresses with this); `None` otherwise.
///
/// ```
/// use portico_core::address::decode_evm_strict;
/// assert_eq!(decode_evm_strict(b"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed").unwrap()[0], 0x5a);
/// assert_eq!(decode_evm_strict(b"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"), None); // bad checksum
/// ```
pub fn decode_evm_strict(value: &[u8]) -> Option<[u8; 20]> {
    let digits = value.strip_prefix(b"0x").filter(|d| d.len() == 40)?;
    let mut out = [0u8; 20];
    let mut seen = 0u8;
    for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        let (hi, lo) = (hex::NIBBLE[pair[0] as usize], hex::NIBBLE[pair[1] as usize]);
        seen |= hi | lo;
        *byte = hi << 4 | (lo & 0x0f);
    }
    if seen & hex::NOT_HEX != 0 {
        return None;
    }
    if seen & hex::LOWER != 0 && seen & hex::UPPER != 0 {
        let mut expected = [0u8; 42];
        write_checksummed(digits, &mut expected);
        if expected[2..] != *digits {
            return None;
        }
    }
    Some(out)
}

/// Writes the EIP-55 checksummed form (`0x` + 40 digits) of an address given in any case, with or
/// without `0x`.
///
/// ```
/// let mut out = [0u8; 42];
/// portico_core::address::checksum_into(b"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", &mut out).unwrap();
/// assert_eq!(&out, b"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
/// ```
pub fn checksum_into(value: &[u8], out: &mut [u8; 42]) -> Result<(), Error> {
    let digits = evm_digits(value, false).ok_or(Error::AddressInvalid)?;
    write_checksummed(digits, out);
    Ok(())
}

/// Whether `value` is `0x` + 40 hex digits in exactly its EIP-55 case.
pub fn is_checksum_valid(value: &[u8]) -> bool {
    let Some(digits) = evm_digits(value, true) else { return false };
    let mut expected = [0u8; 42];
    write_checksummed(digits, &mut expected);
    expected[..] == *value
}

/// Whether `value` is a Solana address: 32 to 44 base58 characters that decode to 32 bytes.
///
/// ```
/// assert!(portico_core::address::is_solana(b"11111111111111111111111111111111"));
/// assert!(!portico_core::address::is_solana(b"0xd8da6bf26964af9d7eed9e03e53415d37aa96045"));
/// ```
pub fn is_solana(value: &[u8]) -> bool {
    if !(32..=44).contains(&value.len()) {
        return false;
    }
    let mut key = alloc::vec::Vec::with_capacity(33);
    base58::decode_into(value, &mut key).is_ok() && key.len() == 32
}

#[cfg(test)]
mod tests {
    use super::*;

    const EIP55: [&str; 8] = [
        "0x52908400098527886E0F7030069857D2E4169EE7",
        "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
        "0xde709f2102306220921060314715629080e2fb77",
        "0x27b1fdb04752bbc536007a920d24acb045561c26",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
        "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
        "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
        "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
    ];

    #[test]
    fn checksums_the_eip55_examples() {
        for expected in EIP55 {
            let mut out = [0u8; 42];
            checksum_into(expected.to_ascii_lowercase().as_bytes(), &mut out).unwrap();
            assert_eq!(&out, expected.as_bytes());
            checksum_into(expected[2..].to_ascii_uppercase().as_bytes(), &mut out).unwrap();
            assert_eq!(&out, expected.as_bytes());
            assert!(is_checksum_valid(expected.as_bytes()));
            assert!(is_evm(expected.as_bytes(), true));
        }
    }

    #[test]
    fn decode_evm_strict_accepts_what_strict_is_evm_accepts() {
        let cases: [&[u8]; 8] = [
            b"0xd8da6bf26964af9d7eed9e03e53415d37aa96045",
            b"0xD8DA6BF26964AF9D7EED9E03E53415D37AA96045",
            b"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
            b"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046",
            b"d8da6bf26964af9d7eed9e03e53415d37aa96045",
            b"0Xd8da6bf26964af9d7eed9e03e53415d37aa96045",
            b"0xg8da6bf26964af9d7eed9e03e53415d37aa96045",
            b"0xd8da6bf26964af9d7eed9e03e53415d37aa9604",
        ];
        for value in cases {
            let decoded = decode_evm_strict(value);
            assert_eq!(decoded.is_some(), is_evm(value, true));
            if let Some(bytes) = decoded {
                assert_eq!(bytes[..], hex::decode(&value[2..]).unwrap()[..]);
            }
        }
    }

    #[test]
    fn strictness() {
        let lower = b"0xd8da6bf26964af9d7eed9e03e53415d37aa96045";
        assert!(is_evm(lower, true));
        assert!(is_evm(&lower[2..], false));
        assert!(!is_evm(&lower[2..], true));
        assert!(is_evm(b"0xD8DA6BF26964AF9D7EED9E03E53415D37AA96045", true));
        assert!(is_evm(b"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045", true));
        assert!(!is_evm(b"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046", true));
        assert!(is_evm(b"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046", false));
        assert!(!is_checksum_valid(lower));
        assert!(!is_checksum_valid(b"d8dA6BF26964aF9D7eEd9e03E53415D37aA96045"));
    }

    #[test]
    fn rejects_wrong_lengths_and_characters() {
        let mut out = [0u8; 42];
        for bad in [&b"0x1234"[..], b"", b"0x", b"0xd8da6bf26964af9d7eed9e03e53415d37aa960450", b"0Xd8da6bf26964af9d7eed9e03e53415d37aa96045", b"0xg8da6bf26964af9d7eed9e03e53415d37aa96045"] {
            assert!(!is_evm(bad, false));
            assert_eq!(checksum_into(bad, &mut out), Err(Error::AddressInvalid));
        }
    }

    #[test]
    fn solana_keys() {
        assert!(is_solana(b"7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv"));
        assert!(!is_solana(b"1111111111111111111111111111111")); // 31 characters
        assert!(!is_solana(b"7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaK0")); // '0' is not base58
        // 44 characters that decode to 33 bytes
        assert!(!is_solana(b"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"));
    }
}
