//! Whether 32 bytes are an ed25519 point: the test that tells a wallet's address (a public key)
//! from a program-derived address, which is made to fall off the curve.
//!
//! The rule is RFC 8032's decoding (section 5.1.3), as `@noble/curves` applies it by default and
//! `@solana/web3.js` `PublicKey.isOnCurve` inherits: bit 255 is the sign of x, the rest is y, and
//! the bytes are a point when y < p, (y² − 1) / (d·y² + 1) has a square root x, and x = 0 does not
//! come with the sign bit set. Only whether the square root exists matters here, so instead of
//! computing it this takes the Legendre symbol of u·v (u = y² − 1, v = d·y² + 1, never 0): the
//! quotient u / v is a square exactly when u·v is.
mod field;

use field::Fe;

/// The curve constant d = −121665 / 121666, in the little-endian byte form of RFC 8032.
const D: [u8; 32] = [
    0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00, 0x98, 0xe8, 0x79, 0x77, 0x79, 0x40,
    0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52,
];

/// Whether the 255-bit number in `bytes` (bit 255 ignored) is below p = 2^255 − 19.
fn is_canonical(bytes: &[u8; 32]) -> bool {
    // Only 2^255 − 19 … 2^255 − 1 are not: 0xed…0xff, then thirty 0xff, then 0x7f.
    !(bytes[31] & 0x7f == 0x7f && bytes[1..31].iter().all(|&b| b == 0xff) && bytes[0] >= 0xed)
}

/// Whether `key` decodes to a point of the ed25519 curve.
///
/// ```
/// use portico_core::ed25519::is_on_curve;
/// // The base point: y = 4/5.
/// let mut base = [0x66u8; 32];
/// base[0] = 0x58;
/// assert!(is_on_curve(&base));
/// // y = 2 has no x.
/// let mut two = [0u8; 32];
/// two[0] = 2;
/// assert!(!is_on_curve(&two));
/// ```
pub fn is_on_curve(key: &[u8; 32]) -> bool {
    if !is_canonical(key) {
        return false;
    }
    let y = Fe::from_bytes(key);
    let y2 = y.square();
    let u = y2.sub(&Fe::ONE);
    let v = Fe::from_bytes(&D).mul(&y2).add(&Fe::ONE);
    if u.is_zero() {
        // y = ±1: x = 0, which has no negative form.
        return key[31] & 0x80 == 0;
    }
    // Euler's criterion: (u·v)^((p − 1) / 2) is 1 for a square, −1 otherwise, and
    // (p − 1) / 2 = 4 · (2^252 − 3) + 2.
    let uv = u.mul(&v);
    let chi = uv.pow_2_252_3().square().square().mul(&uv.square());
    chi.equals(&Fe::ONE)
}

#[cfg(test)]
mod tests {
    use super::field::Fe;
    use super::*;
    use proptest::prelude::*;

    fn key(hex: &str) -> [u8; 32] {
        let mut bytes = alloc::vec::Vec::new();
        crate::hex::decode_append(hex.as_bytes(), &mut bytes).unwrap();
        bytes.try_into().unwrap()
    }

    /// A slow, obvious exponentiation (square-and-multiply over the exponent's bits) to check the
    /// addition chain against.
    fn pow(base: &Fe, exponent_le: &[u8; 32]) -> Fe {
        let mut result = Fe::ONE;
        for i in (0..256).rev() {
            result = result.square();
            if exponent_le[i / 8] >> (i % 8) & 1 == 1 {
                result = result.mul(base);
            }
        }
        result
    }

    #[test]
    fn known_points_and_non_points() {
        // RFC 8032 test 1's public key, and Solana's System Program (y = 0: x² = −1 has a root).
        assert!(is_on_curve(&key("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")));
        assert!(is_on_curve(&[0; 32]));
        // y = 1 is the neutral point (x = 0); with the sign bit it is not a valid encoding.
        let mut one = [0u8; 32];
        one[0] = 1;
        assert!(is_on_curve(&one));
        one[31] = 0x80;
        assert!(!is_on_curve(&one));
        // y = p − 1 (x = 0 too), and y = p (not canonical).
        let mut p_minus_1 = [0xffu8; 32];
        p_minus_1[0] = 0xec;
        p_minus_1[31] = 0x7f;
        assert!(is_on_curve(&p_minus_1));
        p_minus_1[31] = 0xff;
        assert!(!is_on_curve(&p_minus_1));
        let mut p = p_minus_1;
        p[0] = 0xed;
        p[31] = 0x7f;
        assert!(!is_on_curve(&p));
        // y = 2: (4 − 1) / (4d + 1) is not a square.
        assert!(!is_on_curve(&key("0200000000000000000000000000000000000000000000000000000000000000")));
    }

    #[test]
    fn the_addition_chain_is_the_exponent() {
        // 2^252 − 3, little-endian.
        let mut e = [0u8; 32];
        e[0] = 0xfd;
        e[1..31].fill(0xff);
        e[31] = 0x0f;
        let mut state = 0x1234_5678_9abc_def0u64;
        for _ in 0..20 {
            let mut bytes = [0u8; 32];
            for b in bytes.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *b = state as u8;
            }
            let x = Fe::from_bytes(&bytes);
            assert!(x.pow_2_252_3().equals(&pow(&x, &e)));
        }
    }

    proptest! {
        /// Half the field elements are squares; the answer must not depend on which representation
        /// (y or y + p, when both fit) the arithmetic saw, and a decoded point must satisfy the
        /// curve equation −x² + y² = 1 + d·x²·y² with the root the square-root formula gives.
        #[test]
        fn on_curve_points_satisfy_the_equation(bytes: [u8; 32]) {
            let mut key = bytes;
            key[31] &= 0x7f;
            let y = Fe::from_bytes(&key);
            let y2 = y.square();
            let u = y2.sub(&Fe::ONE);
            let v = Fe::from_bytes(&D).mul(&y2).add(&Fe::ONE);
            // RFC 8032 5.1.3: x = u·v³·(u·v⁷)^((p − 5) / 8), then fix by √−1 if needed.
            let v3 = v.square().mul(&v);
            let x = u.mul(&v3).mul(&u.mul(&v3.square().mul(&v)).pow_2_252_3());
            let vx2 = v.mul(&x.square());
            let has_root = vx2.equals(&u) || vx2.equals(&u.neg());
            if is_canonical(&key) {
                prop_assert_eq!(is_on_curve(&key), has_root);
            }
            if vx2.equals(&u) {
                let x2 = x.square();
                let left = y2.sub(&x2);
                let right = Fe::ONE.add(&Fe::from_bytes(&D).mul(&x2).mul(&y2));
                prop_assert!(left.equals(&right));
            }
        }
    }
}
