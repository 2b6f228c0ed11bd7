//! Keccak-256 as Ethereum uses it: the original Keccak padding (`0x01`), not SHA3-256's (`0x06`).
//!
//! A straightforward Keccak-f[1600] over 25 `u64` lanes. The round loops run over fixed-size
//! arrays, so the optimiser unrolls them; on wasm32 every lane operation is a native `i64` op.

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

/// Rotation of each lane on the rho-pi walk, in walk order.
const RHO: [u32; 24] = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44];
/// The lane each step of the rho-pi walk lands on.
const PI: [usize; 24] = [10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1];

/// The Keccak-f[1600] permutation.
pub fn keccak_f(a: &mut [u64; 25]) {
    for rc in ROUND_CONSTANTS {
        // theta
        let mut c = [0u64; 5];
        for x in 0..5 {
            c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        }
        for x in 0..5 {
            let d = c[(x + 4) % 5] ^ c[(x + 1) % 5].rotate_left(1);
            for y in 0..5 {
                a[x + 5 * y] ^= d;
            }
        }
        // rho and pi
        let mut carried = a[1];
        for i in 0..24 {
            let next = a[PI[i]];
            a[PI[i]] = carried.rotate_left(RHO[i]);
            carried = next;
        }
        // chi
        for y in 0..5 {
            let row = [a[5 * y], a[5 * y + 1], a[5 * y + 2], a[5 * y + 3], a[5 * y + 4]];
            for x in 0..5 {
                a[5 * y + x] = row[x] ^ (!row[(x + 1) % 5] & row[(x + 2) % 5]);
            }
        }
        // iota
        a[0] ^= rc;
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
