//! SHA-256 and double SHA-256 (txids, base58check checksums), from the `sha2` crate.
use sha2::{Digest, Sha256};

/// SHA-256 of `data`.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    Sha256::digest(data).into()
}

/// SHA-256 of the SHA-256 of the concatenated `parts`: a txid, in internal byte order.
pub fn sha256d(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    Sha256::digest(h.finalize()).into()
}
