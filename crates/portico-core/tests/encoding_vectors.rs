//! The Bitcoin base58 vectors and the EIP-55 examples from `tests/vectors/` in this crate.
use std::path::PathBuf;

use portico_core::{address, base58, hex};
use serde_json::Value as Json;

fn read(path: &str) -> Json {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors");
    serde_json::from_str(&std::fs::read_to_string(dir.join(path)).expect("vector file")).expect("vector JSON")
}

#[test]
fn bitcoin_base58_vectors() {
    let vectors = read("base58/base58_encode_decode.json");
    let pairs = vectors.as_array().unwrap();
    assert!(pairs.len() >= 10);
    for pair in pairs {
        let bytes = hex::decode(pair[0].as_str().unwrap().as_bytes()).unwrap();
        let text = pair[1].as_str().unwrap().as_bytes();
        assert_eq!(base58::encode(&bytes).unwrap(), text, "encode {pair}");
        assert_eq!(base58::decode(text).unwrap(), bytes, "decode {pair}");
    }
}

#[test]
fn eip55_vectors() {
    let vectors = read("eip55/checksummed.json");
    for expected in vectors.as_array().unwrap() {
        let expected = expected.as_str().unwrap();
        let mut out = [0u8; 42];
        address::checksum_into(expected.to_ascii_lowercase().as_bytes(), &mut out).unwrap();
        assert_eq!(std::str::from_utf8(&out).unwrap(), expected);
        assert!(address::is_checksum_valid(expected.as_bytes()));
        assert!(address::is_evm(expected.as_bytes(), true));
    }
}
