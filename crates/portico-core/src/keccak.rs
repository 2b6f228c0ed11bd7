//! Keccak-256 as Ethereum uses it: the original Keccak padding (`0x01`), not SHA3-256's (`0x06`).
//!
//! Keccak-f[1600] over 25 `u64` lanes, each round written out over local variables (the rotation
//! offsets are the standard table r[x][y]); on wasm32 every lane operation is a native `i64` op.

/// Bytes absorbed per permutation: 1600 − 2·256 bits.
const RATE: usize = 136;

const ROUND_CONSTANTS: [u64; 24] = [
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
    0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
    0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
];

/// Lanes kept complemented inside [`keccak_f`] ("lane complementing", from the Keccak team's
/// implementation notes): with lanes 1, 2, 8, 12, 17 and 20 stored inverted, chi needs 5 NOTs a
/// round instead of 25 (WASM has no and-not for `i64`, so each NOT is an extra `i64.xor`), at the
/// price of 12 XORs per permutation to invert them on the way in and out.
const COMPLEMENTED: [usize; 6] = [1, 2, 8, 12, 17, 20];

/// The Keccak-f[1600] permutation. The 25 lanes live in local variables for the whole
/// permutation (in WASM, locals instead of linear memory), and each round is written out.
///
/// Lane complementing: the lanes in [`COMPLEMENTED`] are inverted on entry, so that theta leaves
/// `d0` and `d3` inverted and each B value below is either the true one or its inverse (the
/// comment on each plane says which); chi is then rewritten per lane with OR/AND so that its
/// output has the same lanes inverted again, and they are inverted back on exit.
#[allow(clippy::too_many_lines)]
pub fn keccak_f(state: &mut [u64; 25]) {
    for i in COMPLEMENTED {
        state[i] = !state[i];
    }
    let [mut a0, mut a1, mut a2, mut a3, mut a4, mut a5, mut a6, mut a7, mut a8, mut a9, mut a10, mut a11, mut a12, mut a13, mut a14, mut a15, mut a16, mut a17, mut a18, mut a19, mut a20, mut a21, mut a22, mut a23, mut a24] = *state;
    for rc in ROUND_CONSTANTS {
        // theta (c0–c3 come out inverted, hence d0 and d3 too)
        let c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20;
        let c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21;
        let c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22;
        let c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23;
        let c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24;
        let d0 = c4 ^ c1.rotate_left(1);
        let d1 = c0 ^ c2.rotate_left(1);
        let d2 = c1 ^ c3.rotate_left(1);
        let d3 = c2 ^ c4.rotate_left(1);
        let d4 = c3 ^ c0.rotate_left(1);
        // rho and pi: lane (x, y) moves to (y, 2x + 3y)
        let b0 = a0 ^ d0;
        let b1 = (a6 ^ d1).rotate_left(44);
        let b2 = (a12 ^ d2).rotate_left(43);
        let b3 = (a18 ^ d3).rotate_left(21);
        let b4 = (a24 ^ d4).rotate_left(14);
        let b5 = (a3 ^ d3).rotate_left(28);
        let b6 = (a9 ^ d4).rotate_left(20);
        let b7 = (a10 ^ d0).rotate_left(3);
        let b8 = (a16 ^ d1).rotate_left(45);
        let b9 = (a22 ^ d2).rotate_left(61);
        let b10 = (a1 ^ d1).rotate_left(1);
        let b11 = (a7 ^ d2).rotate_left(6);
        let b12 = (a13 ^ d3).rotate_left(25);
        let b13 = (a19 ^ d4).rotate_left(8);
        let b14 = (a20 ^ d0).rotate_left(18);
        let b15 = (a4 ^ d4).rotate_left(27);
        let b16 = (a5 ^ d0).rotate_left(36);
        let b17 = (a11 ^ d1).rotate_left(10);
        let b18 = (a17 ^ d2).rotate_left(15);
        let b19 = (a23 ^ d3).rotate_left(56);
        let b20 = (a2 ^ d2).rotate_left(62);
        let b21 = (a8 ^ d3).rotate_left(55);
        let b22 = (a14 ^ d4).rotate_left(39);
        let b23 = (a15 ^ d0).rotate_left(41);
        let b24 = (a21 ^ d1).rotate_left(2);
        // chi and iota, per plane; "~" marks the B values held inverted, and the output lanes
        // 1, 2, 8, 12, 17, 20 are written inverted.
        // b0~ b1 b2~ b3~ b4
        a0 = b0 ^ (b1 | b2) ^ rc;
        a1 = b1 ^ (!b2 | b3);
        a2 = b2 ^ (b3 & b4);
        a3 = b3 ^ (b4 | b0);
        a4 = b4 ^ (b0 & b1);
        // b5~ b6 b7~ b8 b9
        let n9 = !b9;
        a5 = b5 ^ (b6 | b7);
        a6 = b6 ^ (b7 & b8);
        a7 = b7 ^ (b8 | n9);
        a8 = b8 ^ (b9 | b5);
        a9 = b9 ^ (b5 & b6);
        // b10~ b11 b12~ b13 b14
        let n13 = !b13;
        a10 = b10 ^ (b11 | b12);
        a11 = b11 ^ (b12 & b13);
        a12 = b12 ^ (n13 & b14);
        a13 = n13 ^ (b14 | b10);
        a14 = b14 ^ (b10 & b11);
        // b15 b16~ b17 b18~ b19~
        let n18 = !b18;
        a15 = b15 ^ (b16 & b17);
        a16 = b16 ^ (b17 | b18);
        a17 = b17 ^ (n18 | b19);
        a18 = n18 ^ (b19 & b15);
        a19 = b19 ^ (b15 | b16);
        // b20~ b21 b22 b23~ b24
        let n21 = !b21;
        a20 = b20 ^ (n21 & b22);
        a21 = n21 ^ (b22 | b23);
        a22 = b22 ^ (b23 & b24);
        a23 = b23 ^ (b24 | b20);
        a24 = b24 ^ (b20 & b21);
    }
    *state = [a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24];
    for i in COMPLEMENTED {
        state[i] = !state[i];
    }
}

#[inline]
fn absorb_block(state: &mut [u64; 25], block: &[u8]) {
    for (lane, word) in state.iter_mut().zip(block.chunks_exact(8)) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(word);
        *lane ^= u64::from_le_bytes(bytes);
    }
    keccak_f(state);
}

/// Keccak-256 of `input`.
///
/// ```
/// let empty = portico_core::keccak::keccak256(b"");
/// assert_eq!(empty[..4], [0xc5, 0xd2, 0x46, 0x01]);
/// ```
pub fn keccak256(input: &[u8]) -> [u8; 32] {
    let mut state = [0u64; 25];
    let mut blocks = input.chunks_exact(RATE);
    for block in &mut blocks {
        absorb_block(&mut state, block);
    }
    let rest = blocks.remainder();
    let mut last = [0u8; RATE];
    last[..rest.len()].copy_from_slice(rest);
    last[rest.len()] ^= 0x01;
    last[RATE - 1] ^= 0x80;
    absorb_block(&mut state, &last);

    let mut out = [0u8; 32];
    for (chunk, lane) in out.chunks_exact_mut(8).zip(state.iter()) {
        chunk.copy_from_slice(&lane.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use proptest::prelude::*;
    use tiny_keccak::{Hasher, Keccak};

    fn reference(input: &[u8]) -> [u8; 32] {
        let mut hasher = Keccak::v256();
        hasher.update(input);
        let mut out = [0u8; 32];
        hasher.finalize(&mut out);
        out
    }

    #[test]
    fn known_digests() {
        assert_eq!(
            crate::hex::encode(&keccak256(b"")),
            b"c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470".as_slice()
        );
        assert_eq!(
            crate::hex::encode(&keccak256(b"hello")),
            b"1c8aff950685c2ed4bc3174f3472287b56d9517b9c948127319a09a7a36deac8".as_slice()
        );
    }

    #[test]
    fn every_length_around_the_block_edges() {
        let data: Vec<u8> = (0..600u32).map(|i| (i * 31 + 7) as u8).collect();
        for len in 0..data.len() {
            assert_eq!(keccak256(&data[..len]), reference(&data[..len]), "length {len}");
        }
    }

    proptest! {
        #[test]
        fn matches_tiny_keccak(input in proptest::collection::vec(any::<u8>(), 0..2000)) {
            prop_assert_eq!(keccak256(&input), reference(&input));
        }
    }
}
