//! The ethereum/tests RLP vectors (from `tests/vectors/` in this crate), and
//! property tests of the RLP codec and the transaction codec against obvious references.
use std::path::PathBuf;

use portico_core::rlp::{self, Value};
use portico_core::tx::{self, AccessList, Signature, Strings, Transaction, TxType};
use proptest::prelude::*;
use serde_json::Value as Json;

fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors")
}

fn read(path: &str) -> Json {
    let text = std::fs::read_to_string(vectors_dir().join(path)).expect("vector file");
    serde_json::from_str(&text).expect("vector JSON")
}

fn unhex(text: &str) -> Vec<u8> {
    let digits = text.trim_start_matches("0x");
    (0..digits.len()).step_by(2).map(|i| u8::from_str_radix(&digits[i..i + 2], 16).unwrap()).collect()
}

/// Minimal big-endian bytes of a decimal string (arbitrary size).
fn decimal_to_bytes(decimal: &str) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::new(); // big-endian
    for digit in decimal.bytes() {
        let mut carry = (digit - b'0') as u32;
        for byte in out.iter_mut().rev() {
            let v = *byte as u32 * 10 + carry;
            *byte = v as u8;
            carry = v >> 8;
        }
        while carry > 0 {
            out.insert(0, carry as u8);
            carry >>= 8;
        }
    }
    out
}

fn to_value(json: &Json) -> Value {
    match json {
        Json::Array(items) => Value::List(items.iter().map(to_value).collect()),
        Json::Number(n) => Value::Bytes(decimal_to_bytes(&n.to_string())),
        Json::String(s) if s.starts_with('#') => Value::Bytes(decimal_to_bytes(&s[1..])),
        Json::String(s) => Value::Bytes(s.as_bytes().to_vec()),
        other => panic!("unexpected vector input {other}"),
    }
}

#[test]
fn ethereum_tests_valid_rlp() {
    let vectors = read("ethereum-tests/rlptest.json");
    let cases = vectors.as_object().unwrap();
    assert!(cases.len() > 20);
    for (name, case) in cases {
        let value = to_value(&case["in"]);
        let out = unhex(case["out"].as_str().unwrap());
        assert_eq!(rlp::encode(&value).unwrap(), out, "{name} encodes");
        assert_eq!(rlp::decode(&out).unwrap(), value, "{name} decodes");
    }
}

#[test]
fn ethereum_tests_invalid_rlp() {
    let vectors = read("ethereum-tests/invalidRLPTest.json");
    let cases = vectors.as_object().unwrap();
    assert!(cases.len() > 10);
    for (name, case) in cases {
        let bytes = unhex(case["out"].as_str().unwrap());
        assert!(rlp::decode(&bytes).is_err(), "{name} must be rejected");
    }
}

/// The obvious recursive encoder, as the reference the iterative one must match.
fn reference_encode(value: &Value) -> Vec<u8> {
    fn header(list: bool, len: usize) -> Vec<u8> {
        let (short, long) = if list { (0xc0u8, 0xf7u8) } else { (0x80u8, 0xb7u8) };
        if len < 56 {
            vec![short + len as u8]
        } else {
            let be: Vec<u8> = len.to_be_bytes().iter().copied().skip_while(|&b| b == 0).collect();
            let mut out = vec![long + be.len() as u8];
            out.extend(be);
            out
        }
    }
    match value {
        Value::Bytes(b) if b.len() == 1 && b[0] < 0x80 => b.clone(),
        Value::Bytes(b) => [header(false, b.len()), b.clone()].concat(),
        Value::List(items) => {
            let payload: Vec<u8> = items.iter().flat_map(reference_encode).collect();
            [header(true, payload.len()), payload].concat()
        }
    }
}

fn arb_value() -> impl Strategy<Value = Value> {
    let leaf = prop::collection::vec(any::<u8>(), 0..80).prop_map(Value::Bytes);
    leaf.prop_recursive(6, 64, 6, |inner| prop::collection::vec(inner, 0..6).prop_map(Value::List))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn rlp_matches_the_recursive_reference_and_round_trips(value in arb_value()) {
        let encoded = rlp::encode(&value).unwrap();
        prop_assert_eq!(&encoded, &reference_encode(&value));
        prop_assert_eq!(rlp::decode(&encoded).unwrap(), value);
    }

    #[test]
    fn rlp_decode_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        if let Ok(value) = rlp::decode(&bytes) {
            // Whatever decodes is canonical: it encodes back to the same bytes.
            prop_assert_eq!(rlp::encode(&value).unwrap(), bytes);
        }
    }

    #[test]
    fn transactions_round_trip(
        kind in 0u8..4,
        chain_id in 1u64..u64::MAX / 4,
        nonce in any::<u64>(),
        fee in prop::collection::vec(any::<u8>(), 0..33),
        to in prop::array::uniform20(any::<u8>()),
        data in prop::collection::vec(any::<u8>(), 0..100),
        keys in prop::collection::vec(prop::array::uniform32(any::<u8>()), 0..3),
        signed in any::<bool>(),
        r in prop::collection::vec(any::<u8>(), 1..33),
        parity in 0u8..2,
    ) {
        let mut hash = [7u8; 32];
        hash[0] = 1;
        let key_refs: Vec<&[u8]> = keys.iter().map(|k| &k[..]).collect();
        let mut access_list = Vec::new();
        AccessList::encode(&[(&to, &key_refs)], &mut access_list);
        let mut hashes = Vec::new();
        Strings::encode(&[&hash], &mut hashes);
        let tx_type = [TxType::Legacy, TxType::Eip2930, TxType::Eip1559, TxType::Eip4844][kind as usize];
        let fee = rlp::trim_leading_zeros(&fee);
        let typed = tx_type != TxType::Legacy;
        let tx = Transaction {
            tx_type,
            chain_id: Some(chain_id),
            nonce,
            gas_price: (!matches!(tx_type, TxType::Eip1559 | TxType::Eip4844)).then_some(fee),
            max_fee_per_gas: matches!(tx_type, TxType::Eip1559 | TxType::Eip4844).then_some(fee),
            max_fee_per_blob_gas: (tx_type == TxType::Eip4844).then_some(&[1][..]),
            to: Some(&to),
            data: &data,
            access_list: typed.then(|| AccessList::from_payload(&access_list).unwrap()),
            blob_versioned_hashes: (tx_type == TxType::Eip4844).then(|| Strings::from_payload(&hashes).unwrap()),
            signature: signed.then_some(Signature {
                r: rlp::trim_leading_zeros(&r),
                s: &[5],
                v: Some(if typed { 27 + parity as u64 } else { chain_id * 2 + 35 + parity as u64 }),
                y_parity: None,
            }),
            ..Transaction::default()
        };
        let bytes = tx::serialize(&tx).unwrap();
        let parsed = tx::parse(&bytes).unwrap();
        prop_assert_eq!(parsed.tx_type, tx_type);
        prop_assert_eq!(parsed.nonce, nonce);
        prop_assert_eq!(parsed.data, &data[..]);
        prop_assert_eq!(tx::serialize(&parsed).unwrap(), bytes);
    }

    #[test]
    fn transaction_parse_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = tx::parse(&bytes);
    }
}
