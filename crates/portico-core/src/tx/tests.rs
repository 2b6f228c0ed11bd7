use super::*;
use alloc::vec;

fn h(text: &str) -> Vec<u8> {
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap()).collect()
}

const EIP155_TO: [u8; 20] = [0x35; 20];

/// An access list of `entries` (leaked: a test's transactions borrow it for the rest of the run).
fn access_list(entries: &[(&[u8], &[&[u8]])]) -> AccessList<'static> {
    let mut payload = Vec::new();
    AccessList::encode(entries, &mut payload);
    AccessList::from_payload(Vec::leak(payload)).unwrap()
}

/// A list of byte strings (leaked, as [`access_list`]).
fn strings(items: &[&[u8]]) -> Strings<'static> {
    let mut payload = Vec::new();
    Strings::encode(items, &mut payload);
    Strings::from_payload(Vec::leak(payload)).unwrap()
}

/// The worked example of EIP-155 itself.
fn eip155_example<'a>(value: &'a [u8], gas_price: &'a [u8]) -> Transaction<'a> {
    Transaction {
        tx_type: TxType::Legacy,
        chain_id: Some(1),
        nonce: 9,
        gas_price: Some(gas_price),
        gas: Some(&[0x52, 0x08]),
        to: Some(&EIP155_TO),
        value: Some(value),
        ..Transaction::default()
    }
}

#[test]
fn eip155_signing_payload_and_signed_transaction() {
    let value = h("0de0b6b3a7640000");
    let gas_price = h("04a817c800");
    let unsigned = eip155_example(&value, &gas_price);
    assert_eq!(
        serialize(&unsigned).unwrap(),
        h("ec098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080018080")
    );
    let r = h("28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276");
    let s = h("67cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83");
    let signed_hex = "f86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83";
    // v given as 27 (y parity 0): the chain id turns it into 37.
    let signed = Transaction { signature: Some(Signature { r: &r, s: &s, v: Some(27), y_parity: None }), ..unsigned };
    assert_eq!(serialize(&signed).unwrap(), h(signed_hex));
    let bytes = h(signed_hex);
    let parsed = parse(&bytes).unwrap();
    assert_eq!(parsed.chain_id, Some(1));
    assert_eq!(parsed.signature.unwrap().v, Some(37));
    assert_eq!(parsed.signature.unwrap().y_parity, Some(0));
    assert_eq!(serialize(&parsed).unwrap(), bytes);
}

fn eip1559<'a>() -> Transaction<'a> {
    Transaction {
        tx_type: TxType::Eip1559,
        chain_id: Some(1),
        nonce: 785,
        max_priority_fee_per_gas: Some(&[0x3b, 0x9a, 0xca, 0x00]),
        max_fee_per_gas: Some(&[0x04, 0xa8, 0x17, 0xc8, 0x00]),
        gas: Some(&[0x52, 0x08]),
        to: Some(&EIP155_TO),
        value: Some(&[0x01]),
        data: &[0xde, 0xad],
        access_list: Some(access_list(&[(&EIP155_TO, &[&[0u8; 32]])])),
        ..Transaction::default()
    }
}

#[test]
fn typed_transactions_round_trip() {
    let hash = {
        let mut x = [7u8; 32];
        x[0] = 1;
        x
    };
    let hashes = strings(&[&hash]);
    let r = [0x11u8; 32];
    let cases = [
        eip1559(),
        Transaction { signature: Some(Signature { r: &r, s: &[0x01], v: None, y_parity: Some(1) }), ..eip1559() },
        Transaction {
            tx_type: TxType::Eip2930,
            gas_price: Some(&[0x10]),
            max_fee_per_gas: None,
            max_priority_fee_per_gas: None,
            ..eip1559()
        },
        Transaction {
            tx_type: TxType::Eip4844,
            max_fee_per_blob_gas: Some(&[0x02]),
            blob_versioned_hashes: Some(hashes),
            ..eip1559()
        },
    ];
    for tx in cases {
        let bytes = serialize(&tx).unwrap();
        assert_eq!(bytes[0], tx.tx_type.type_byte().unwrap());
        let parsed = parse(&bytes).unwrap();
        assert_eq!(parsed.tx_type, tx.tx_type);
        assert_eq!(parsed.nonce, 785);
        assert_eq!(serialize(&parsed).unwrap(), bytes);
    }
}

#[test]
fn each_rule_has_its_own_error() {
    let short = [0u8; 19];
    let key31 = [0u8; 31];
    let hash31 = [1u8; 31];
    let hash_v2 = {
        let mut x = [0u8; 32];
        x[0] = 2;
        x
    };
    let huge = [0xffu8; 33];
    let cases: Vec<(Transaction<'_>, Error, Field)> = vec![
        (Transaction { chain_id: Some(0), ..eip1559() }, Error::TxInvalidChainId, Field::ChainId),
        (Transaction { chain_id: None, ..eip1559() }, Error::TxInvalidChainId, Field::ChainId),
        (Transaction { to: Some(&short), ..eip1559() }, Error::TxInvalidAddress, Field::To),
        (Transaction { max_fee_per_gas: Some(&huge), max_priority_fee_per_gas: None, ..eip1559() }, Error::TxFeeCapTooHigh, Field::MaxFeePerGas),
        (Transaction { max_priority_fee_per_gas: Some(&[0x05, 0, 0, 0, 0, 0]), ..eip1559() }, Error::TxTipAboveFeeCap, Field::MaxPriorityFeePerGas),
        (
            Transaction { access_list: Some(access_list(&[(&EIP155_TO, &[&key31])])), ..eip1559() },
            Error::TxInvalidStorageKeySize,
            Field::AccessList,
        ),
        (
            Transaction { tx_type: TxType::Legacy, gas_price: Some(&[1]), max_priority_fee_per_gas: None, ..eip1559() },
            Error::TxFeeFieldsNotAllowed,
            Field::MaxFeePerGas,
        ),
        (
            Transaction { tx_type: TxType::Eip2930, gas_price: Some(&[1]), max_fee_per_gas: None, ..eip1559() },
            Error::TxFeeFieldsNotAllowed,
            Field::MaxPriorityFeePerGas,
        ),
        (
            Transaction { tx_type: TxType::Legacy, gas_price: Some(&huge), max_fee_per_gas: None, max_priority_fee_per_gas: None, ..eip1559() },
            Error::TxGasPriceTooHigh,
            Field::GasPrice,
        ),
        (Transaction { tx_type: TxType::Eip4844, blob_versioned_hashes: Some(strings(&[])), ..eip1559() }, Error::TxEmptyBlobHashes, Field::BlobVersionedHashes),
        (Transaction { tx_type: TxType::Eip4844, ..eip1559() }, Error::TxEmptyBlobHashes, Field::BlobVersionedHashes),
        (Transaction { tx_type: TxType::Eip4844, blob_versioned_hashes: Some(strings(&[&hash31])), ..eip1559() }, Error::TxInvalidBlobHashSize, Field::BlobVersionedHashes),
        (Transaction { tx_type: TxType::Eip4844, blob_versioned_hashes: Some(strings(&[&hash_v2])), ..eip1559() }, Error::TxInvalidBlobHashVersion, Field::BlobVersionedHashes),
        (
            Transaction { signature: Some(Signature { r: &[1], s: &[1], v: None, y_parity: Some(2) }), ..eip1559() },
            Error::TxInvalidYParity,
            Field::YParity,
        ),
    ];
    for (tx, error, field) in cases {
        let got = serialize(&tx).unwrap_err();
        assert_eq!((got.error, got.field), (error, field), "{tx:?}");
    }
}

#[test]
fn legacy_v_rules() {
    let value = [1u8];
    let gas_price = [1u8];
    let sig = |v| Some(Signature { r: &[1u8][..], s: &[2u8][..], v: Some(v), y_parity: None });
    let no_chain = Transaction { chain_id: None, ..eip155_example(&value, &gas_price) };
    for v in [0u64, 1, 26, 29, 34] {
        let err = serialize(&Transaction { signature: sig(v), ..no_chain.clone() }).unwrap_err();
        assert_eq!(err.error, Error::TxInvalidLegacyV, "v = {v}");
    }
    for v in [27u64, 28, 35, 36, 37, 38] {
        assert!(serialize(&Transaction { signature: sig(v), ..no_chain.clone() }).is_ok(), "v = {v}");
    }
    // An EIP-155 v for another chain than the one given.
    let on_chain_1 = eip155_example(&value, &gas_price);
    let err = serialize(&Transaction { signature: sig(2 * 5 + 35), ..on_chain_1 }).unwrap_err();
    assert_eq!(err.error, Error::TxInvalidLegacyV);
}

#[test]
fn type_inference_follows_the_fields() {
    let p = |f: fn(&mut Presence)| {
        let mut presence = Presence::default();
        f(&mut presence);
        TxType::infer(&presence)
    };
    assert_eq!(p(|_| {}), Err(Error::TxCannotInferType));
    assert_eq!(p(|x| x.gas_price = true), Ok(TxType::Legacy));
    assert_eq!(p(|x| { x.gas_price = true; x.access_list = true }), Ok(TxType::Eip2930));
    assert_eq!(p(|x| x.max_priority_fee_per_gas = true), Ok(TxType::Eip1559));
    assert_eq!(p(|x| { x.max_fee_per_gas = true; x.blob_versioned_hashes = true }), Ok(TxType::Eip4844));
    assert_eq!(p(|x| x.max_fee_per_blob_gas = true), Ok(TxType::Eip4844));
}

#[test]
fn parse_rejects_malformed_envelopes() {
    let cases: &[(&[u8], Error)] = &[
        (&[], Error::RlpEmptyInput),
        (&[0x04, 0xc0], Error::TxInvalidSerializedType),
        (&[0x7f], Error::TxInvalidSerializedType),
        (&[0x02, 0xc0], Error::TxInvalidFieldCount),
        (&[0x02, 0x80], Error::RlpUnexpectedString),
        (&[0xc6, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00], Error::RlpTrailingBytes),
        // nonce 0 written as 0x00 instead of 0x80
        (&[0xc6, 0x00, 0x80, 0x80, 0x80, 0x80, 0x80], Error::RlpIntegerLeadingZero),
        // a 19-byte `to`
        (&[0xd9, 0x80, 0x80, 0x80, 0x93, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 0x80, 0x80], Error::TxInvalidAddress),
    ];
    for (input, error) in cases {
        assert_eq!(parse(input).unwrap_err().error, *error, "{input:02x?}");
    }
    // A typed transaction with yParity 2.
    let mut bytes = serialize(&Transaction { signature: Some(Signature { r: &[1], s: &[1], v: None, y_parity: Some(1) }), ..eip1559() }).unwrap();
    let len = bytes.len();
    assert_eq!(bytes[len - 3], 0x01);
    bytes[len - 3] = 0x02;
    assert_eq!(parse(&bytes).unwrap_err().error, Error::TxInvalidYParity);
}

#[test]
fn parse_errors_point_at_the_offending_bytes() {
    // Access-list entry [address, [], 0x]: three items.
    let three = h("02f501010105809411111111111111111111111111111111111111118080d8d7942222222222222222222222222222222222222222c080");
    let e = parse(&three).unwrap_err();
    assert_eq!((e.error, e.field, e.item), (Error::TxInvalidAccessListEntry, Field::AccessList, 0));
    assert_eq!(&three[e.span.0 as usize..][..e.span.1 as usize], &three[three.len() - 24..]);
    // A 19-byte access-list address.
    let short = h("02f301010105809411111111111111111111111111111111111111118080d6d59322222222222222222222222222222222222222c0");
    let e = parse(&short).unwrap_err();
    assert_eq!((e.error, e.field), (Error::TxInvalidAddress, Field::AccessList));
    assert_eq!(&short[e.span.0 as usize..][..e.span.1 as usize], &[0x22; 19]);
    // Legacy v = 29.
    let v29 = h("c90180808080801d0101");
    let e = parse(&v29).unwrap_err();
    assert_eq!((e.error, e.span), (Error::TxInvalidLegacyV, (7, 1)));
    // A nonce of 2^53 + 1 parses (the core has u64); the facade refuses it as a JS number.
    assert_eq!(parse(&h("cd87200000000000018080808080")).unwrap().nonce, (1 << 53) + 1);
}

#[test]
fn iterating_a_malformed_list_payload_ends_early_instead_of_reading_past_it() {
    // The list types only hold well-formed payloads; their iterators must still stay in bounds.
    let cuts: [&[u8]; 8] = [&[0xb9], &[0xb8, 0x05, 1], &[0xf9, 0xff, 0xff], &[0xc3, 1], &[0xbf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], &[0xff; 9], &[0x83, 1, 2], &[0xc1]];
    for payload in cuts {
        assert!(Strings::trusted(payload).iter().count() <= 1);
        assert_eq!(AccessList::trusted(payload).iter().count(), 0);
    }
    assert_eq!(Strings::trusted(&[0x01, 0x82, 2, 3, 0xb9]).iter().collect::<Vec<_>>(), [&[1][..], &[2, 3]]);
}
