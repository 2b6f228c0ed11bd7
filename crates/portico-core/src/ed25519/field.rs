//! Arithmetic modulo p = 2^255 − 19, on five 51-bit limbs (little-endian), products in `u128`.
//! Not constant-time: it only ever sees public keys.
//!
//! Limb bounds: [`Fe::from_bytes`] and every operation return limbs below 2^52 (after a carry
//! pass), so any two such values multiply without overflow (five products below 2^104 each, the
//! ×19 folded ones below 2^109) and `sub` can add 4p without overflow.

const MASK: u64 = (1 << 51) - 1;

/// An element of GF(2^255 − 19), not necessarily in its smallest form.
#[derive(Clone, Copy, Debug)]
pub struct Fe([u64; 5]);

impl Fe {
    #[cfg(test)]
    pub const ZERO: Fe = Fe([0; 5]);
    pub const ONE: Fe = Fe([1, 0, 0, 0, 0]);

    /// The little-endian number in `bytes` with bit 255 cleared (it may be ≥ p).
    pub fn from_bytes(bytes: &[u8; 32]) -> Fe {
        let word = |i: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[i..i + 8]);
            u64::from_le_bytes(w)
        };
        Fe([
            word(0) & MASK,
            (word(6) >> 3) & MASK,
            (word(12) >> 6) & MASK,
            (word(19) >> 1) & MASK,
            (word(24) >> 12) & MASK,
        ])
    }

    /// Carries every limb into the next, the top one back into the bottom (2^255 ≡ 19).
    #[inline(never)]
    fn carry(mut l: [u64; 5]) -> Fe {
        for i in 0..4 {
            l[i + 1] += l[i] >> 51;
            l[i] &= MASK;
        }
        l[0] += (l[4] >> 51) * 19;
        l[4] &= MASK;
        l[1] += l[0] >> 51;
        l[0] &= MASK;
        Fe(l)
    }

    pub fn add(&self, other: &Fe) -> Fe {
        let (a, b) = (&self.0, &other.0);
        Fe::carry([a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4]])
    }

    /// `self − other`, computed as `self + 4p − other` so no limb goes below zero.
    pub fn sub(&self, other: &Fe) -> Fe {
        const FOUR_P0: u64 = 4 * ((1 << 51) - 19);
        const FOUR_P: u64 = 4 * MASK;
        let (a, b) = (&self.0, &other.0);
        Fe::carry([
            a[0] + FOUR_P0 - b[0],
            a[1] + FOUR_P - b[1],
            a[2] + FOUR_P - b[2],
            a[3] + FOUR_P - b[3],
            a[4] + FOUR_P - b[4],
        ])
    }

    #[cfg(test)]
    pub fn neg(&self) -> Fe {
        Fe::ZERO.sub(self)
    }

    /// Kept out of line: the exponentiation calls it 265 times, and one copy keeps the WASM small.
    #[inline(never)]
    pub fn mul(&self, other: &Fe) -> Fe {
        let (a, b) = (&self.0, &other.0);
        let m = |x: u64, y: u64| x as u128 * y as u128;
        let b19 = [b[1] * 19, b[2] * 19, b[3] * 19, b[4] * 19];
        Fe::carry_wide([
            m(a[0], b[0]) + m(a[1], b19[3]) + m(a[2], b19[2]) + m(a[3], b19[1]) + m(a[4], b19[0]),
            m(a[0], b[1]) + m(a[1], b[0]) + m(a[2], b19[3]) + m(a[3], b19[2]) + m(a[4], b19[1]),
            m(a[0], b[2]) + m(a[1], b[1]) + m(a[2], b[0]) + m(a[3], b19[3]) + m(a[4], b19[2]),
            m(a[0], b[3]) + m(a[1], b[2]) + m(a[2], b[1]) + m(a[3], b[0]) + m(a[4], b19[3]),
            m(a[0], b[4]) + m(a[1], b[3]) + m(a[2], b[2]) + m(a[3], b[1]) + m(a[4], b[0]),
        ])
    }

    /// `mul(self, self)` with the symmetric products taken once (15 multiplies instead of 25):
    /// the exponentiation is almost all squarings. Out of line for the same reason as `mul`.
    #[inline(never)]
    pub fn square(&self) -> Fe {
        let a = &self.0;
        let m = |x: u64, y: u64| x as u128 * y as u128;
        let (d0, d1, d2, d3) = (2 * a[0], 2 * a[1], 2 * a[2], 2 * a[3]);
        let (a3_19, a4_19) = (19 * a[3], 19 * a[4]);
        Fe::carry_wide([
            m(a[0], a[0]) + m(d1, a4_19) + m(d2, a3_19),
            m(d0, a[1]) + m(d2, a4_19) + m(a[3], a3_19),
            m(d0, a[2]) + m(a[1], a[1]) + m(d3, a4_19),
            m(d0, a[3]) + m(d1, a[2]) + m(a[4], a4_19),
            m(d0, a[4]) + m(d1, a[3]) + m(a[2], a[2]),
        ])
    }

    /// Carries five wide column sums into limbs; the top carry (below 2^60) folds back times 19.
    fn carry_wide(c: [u128; 5]) -> Fe {
        let c1 = c[1] + (c[0] >> 51);
        let c2 = c[2] + (c1 >> 51);
        let c3 = c[3] + (c2 >> 51);
        let c4 = c[4] + (c3 >> 51);
        let top = (c4 >> 51) as u64;
        Fe::carry([(c[0] as u64 & MASK) + top * 19, c1 as u64 & MASK, c2 as u64 & MASK, c3 as u64 & MASK, c4 as u64 & MASK])
    }

    /// `self^(2^k)`.
    #[inline(never)]
    fn square_times(&self, k: u32) -> Fe {
        let mut x = *self;
        for _ in 0..k {
            x = x.square();
        }
        x
    }

    /// `self^(2^252 − 3)`, the exponent of the square-root and Legendre-symbol formulas.
    pub fn pow_2_252_3(&self) -> Fe {
        let z = self;
        let z2 = z.square();
        let z9 = z2.square_times(2).mul(z);
        let z11 = z9.mul(&z2);
        let z_5 = z11.square().mul(&z9); // z^(2^5 − 1)
        let z_10 = z_5.square_times(5).mul(&z_5);
        let z_20 = z_10.square_times(10).mul(&z_10);
        let z_40 = z_20.square_times(20).mul(&z_20);
        let z_50 = z_40.square_times(10).mul(&z_10);
        let z_100 = z_50.square_times(50).mul(&z_50);
        let z_200 = z_100.square_times(100).mul(&z_100);
        let z_250 = z_200.square_times(50).mul(&z_50);
        z_250.square_times(2).mul(z) // z^(2^252 − 4 + 1)
    }

    /// The smallest non-negative representative's limbs (each below 2^51, the value below p).
    #[inline(never)]
    pub fn reduce(&self) -> [u64; 5] {
        let mut l = Fe::carry(self.0).0;
        // The value is now below 2^255 + small; it is ≥ p exactly when adding 19 carries past 2^255.
        let mut q = (l[0] + 19) >> 51;
        for limb in &l[1..] {
            q = (limb + q) >> 51;
        }
        l[0] += 19 * q;
        for i in 0..4 {
            l[i + 1] += l[i] >> 51;
            l[i] &= MASK;
        }
        l[4] &= MASK;
        l
    }

    pub fn equals(&self, other: &Fe) -> bool {
        self.reduce() == other.reduce()
    }

    pub fn is_zero(&self) -> bool {
        self.reduce() == [0; 5]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn square_is_mul_by_itself(bytes: [u8; 32], other: [u8; 32]) {
            // Also on non-reduced inputs: the sum of two elements.
            let x = Fe::from_bytes(&bytes).add(&Fe::from_bytes(&other));
            prop_assert_eq!(x.square().reduce(), x.mul(&x).reduce());
        }
    }

    #[test]
    fn p_reduces_to_zero_and_p_minus_1_squares_to_1() {
        let mut p = [0xffu8; 32];
        p[0] = 0xed;
        p[31] = 0x7f;
        assert!(Fe::from_bytes(&p).is_zero());
        p[0] = 0xec;
        assert!(Fe::from_bytes(&p).add(&Fe::ONE).is_zero());
        assert!(Fe::from_bytes(&p).square().equals(&Fe::ONE));
    }
}
