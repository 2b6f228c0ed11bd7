//! BIP-174 and BIP-370's test vectors (`tests/vectors/bip174.json`, `bip370.json`, taken from the
//! BIPs' "Test Vectors" sections): every invalid PSBT is refused, every valid one parses, the
//! extracted transaction parses with its txid, and BIP-370's locktime cases compute as listed.
use std::path::PathBuf;

use portico_core::bitcoin::{parse_psbt, parse_transaction, Scope};
use portico_core::{hex, Error};
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

/// The rule each of BIP-174's invalid PSBTs breaks, as Portico names it, and where.
const BIP174_REASONS: &[(&str, Error, Scope, u32)] = &[
    ("Network transaction, not PSBT format", Error::BitcoinPsbtInvalidMagic, Scope::Whole, u32::MAX),
    ("PSBT missing outputs", Error::BitcoinPsbtCountMismatch, Scope::Output, u32::MAX),
    ("PSBT where one input has a filled scriptSig", Error::BitcoinPsbtUnsignedTxHasScripts, Scope::Global, 0x00),
    ("PSBT where inputs and outputs are provided but without an unsigned tx", Error::BitcoinPsbtMissingField, Scope::Global, 0x00),
    ("PSBT with duplicate keys in an input", Error::BitcoinPsbtDuplicateKey, Scope::Input, 0x00),
    ("PSBT with invalid global transaction typed key", Error::BitcoinPsbtInvalidKey, Scope::Global, 0x00),
    ("PSBT with invalid input witness utxo typed key", Error::BitcoinPsbtInvalidKey, Scope::Input, 0x01),
    ("PSBT with invalid pubkey length for input partial signature", Error::BitcoinPsbtInvalidKey, Scope::Input, 0x02),
    ("PSBT with invalid redeemscript typed key", Error::BitcoinPsbtInvalidKey, Scope::Input, 0x04),
    ("PSBT with invalid witnessscript typed key", Error::BitcoinPsbtInvalidKey, Scope::Input, 0x05),
    ("PSBT with invalid pubkey in input BIP 32", Error::BitcoinPsbtInvalidKey, Scope::Input, 0x06),
    ("PSBT with invalid non-witness utxo typed key", Error::BitcoinPsbtInvalidKey, Scope::Input, 0x00),
    ("PSBT with invalid final scriptsig typed key", Error::BitcoinPsbtInvalidKey, Scope::Input, 0x07),
    ("PSBT with invalid final script witness typed key", Error::BitcoinPsbtInvalidKey, Scope::Input, 0x08),
    ("PSBT with invalid pubkey in output BIP 32", Error::BitcoinPsbtInvalidKey, Scope::Output, 0x02),
    ("PSBT with invalid input sighash type typed key", Error::BitcoinPsbtInvalidKey, Scope::Input, 0x03),
    ("PSBT with invalid output redeemScript typed key", Error::BitcoinPsbtInvalidKey, Scope::Output, 0x00),
    ("PSBT with invalid output witnessScript typed key", Error::BitcoinPsbtInvalidKey, Scope::Output, 0x01),
    // Read without witness, the witness-format transaction's bytes go astray: the first "amount"
    // read is far above 21 million BTC.
    ("PSBT with unsigned tx serialized with witness serialization", Error::BitcoinTxAmountTooLarge, Scope::Global, 0x00),
    ("PSBT with an invalid value data due to its size", Error::BitcoinTxTrailingBytes, Scope::Global, 0x00),
];

#[test]
fn bip174_invalid_vectors_name_their_rule() {
    let all = vectors("bip174.json");
    for (prefix, error, scope, key_type) in BIP174_REASONS {
        let v = all.iter().find(|v| v["case"].as_str().unwrap().starts_with(prefix)).unwrap_or_else(|| panic!("no vector {prefix}"));
        let e = parse_psbt(&hex::decode(v["hex"].as_str().unwrap().as_bytes()).unwrap()).unwrap_err();
        assert_eq!((e.error, e.scope, e.key_type), (*error, *scope, *key_type), "{prefix}");
    }
    assert_eq!(BIP174_REASONS.len(), all.iter().filter(|v| v["kind"] == "invalid").count());
}
