//! Vector tables (BIP-173/350 addresses, base58check addresses), each rule with the smallest
//! input that breaks it, the describer on built PSBTs, and property tests against a plain
//! reference serializer.
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use proptest::prelude::*;

use super::address::{self, Kind};
use super::*;
use crate::{hex, Error};

fn h(s: &str) -> Vec<u8> {
    hex::decode(s.as_bytes()).unwrap()
}

/// BIP-350's valid segwit addresses and their scripts, and well-known base58check addresses.
const VALID: &[(&str, Network, &str)] = &[
    ("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", Network::Mainnet, "0014751e76e8199196d454941c45d1b3a323f1433bd6"),
    ("tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", Network::Testnet, "00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262"),
    ("bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", Network::Mainnet, "5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6"),
    ("BC1SW50QGDZ25J", Network::Mainnet, "6002751e"),
    ("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", Network::Mainnet, "5210751e76e8199196d454941c45d1b3a323"),
    ("tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy", Network::Signet, "0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"),
    ("tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c", Network::Testnet, "5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"),
    ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", Network::Mainnet, "512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
    ("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", Network::Mainnet, "76a91477bff20c60e522dfaa3350c39b030a5d004e839a88ac"),
    ("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", Network::Mainnet, "a914b472a266d0bd89c13706a4132ccfb16f7c3b9fcb87"),
];

/// BIP-350's invalid segwit addresses, with the error each must give.
const INVALID: &[(&str, Error)] = &[
    ("tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", Error::BitcoinAddressUnknownFormat),
    ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", Error::BitcoinAddressWrongEncoding),
    ("tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", Error::BitcoinAddressWrongEncoding),
    ("BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", Error::BitcoinAddressWrongEncoding),
    ("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", Error::BitcoinAddressWrongEncoding),
    ("tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", Error::BitcoinAddressWrongEncoding),
    ("bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", Error::BitcoinAddressInvalidCharacter),
    ("BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", Error::BitcoinAddressInvalidWitnessVersion),
    ("bc1pw5dgrnzv", Error::BitcoinAddressInvalidProgramLength),
    ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", Error::BitcoinAddressInvalidProgramLength),
    ("BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", Error::BitcoinAddressInvalidProgramLength),
    ("tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", Error::BitcoinAddressMixedCase),
    ("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", Error::BitcoinAddressInvalidPadding),
    ("tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j", Error::BitcoinAddressInvalidPadding),
    ("bc1gmk9yu", Error::BitcoinAddressInvalidLength),
    // Base58check: a changed last character, an unknown version byte (0x01), too short.
    ("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3", Error::BitcoinAddressBadChecksum),
    ("QLbz7JHiBTspS962RLKV8GndWFwjA5K66", Error::BitcoinAddressUnknownVersion),
    ("1111", Error::BitcoinAddressInvalidLength),
    ("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0", Error::BitcoinAddressInvalidCharacter),
    ("", Error::BitcoinAddressInvalidLength),
];

#[test]
fn address_vectors() {
    for (text, network, script) in VALID {
        let a = address::check(text, *network).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(a.script_pubkey(), h(script), "{text}");
        let back = address::from_script(&h(script), *network).unwrap();
        // Bech32 text is written back in lower case; base58 text is case-sensitive.
        let expected = if a.base58 { String::from(*text) } else { text.to_ascii_lowercase() };
        assert_eq!(back, expected);
    }
    for (text, error) in INVALID {
        assert_eq!(address::parse(text).err(), Some(*error), "{text}");
    }
}

#[test]
fn addresses_are_checked_for_their_network() {
    let regtest = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
    assert_eq!(address::check(regtest, Network::Regtest).unwrap().kind, Kind::P2wpkh);
    for n in [Network::Mainnet, Network::Testnet, Network::Signet] {
        assert_eq!(address::check(regtest, n).err(), Some(Error::BitcoinAddressWrongNetwork));
    }
    // Testnet's base58 addresses are also regtest's; its `tb1` addresses are not.
    let testnet_p2pkh = address::from_script(&h("76a91477bff20c60e522dfaa3350c39b030a5d004e839a88ac"), Network::Testnet).unwrap();
    assert!(testnet_p2pkh.starts_with(['m', 'n']));
    assert!(address::check(&testnet_p2pkh, Network::Regtest).is_ok());
    assert_eq!(address::check(&testnet_p2pkh, Network::Mainnet).err(), Some(Error::BitcoinAddressWrongNetwork));
    let tb = "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7";
    assert_eq!(address::check(tb, Network::Regtest).err(), Some(Error::BitcoinAddressWrongNetwork));
    assert_eq!(address::check("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", Network::Regtest).err(), Some(Error::BitcoinAddressWrongNetwork));
}

/// A plain serializer: the reference the parser is checked against.
/// An input for [`serialize`]: txid, vout, scriptSig, sequence, witness.
type In = ([u8; 32], u32, Vec<u8>, u32, Vec<Vec<u8>>);

fn serialize(version: u32, inputs: &[In], outputs: &[(u64, Vec<u8>)], lock: u32, segwit: bool) -> (Vec<u8>, Vec<u8>) {
    fn cs(n: usize, out: &mut Vec<u8>) {
        match n {
            0..=0xfc => out.push(n as u8),
            0xfd..=0xffff => {
                out.push(0xfd);
                out.extend_from_slice(&(n as u16).to_le_bytes());
            }
            _ => {
                out.push(0xfe);
                out.extend_from_slice(&(n as u32).to_le_bytes());
            }
        }
    }
    let mut body = Vec::new();
    cs(inputs.len(), &mut body);
    for (txid, vout, script, seq, _) in inputs {
        body.extend_from_slice(txid);
        body.extend_from_slice(&vout.to_le_bytes());
        cs(script.len(), &mut body);
        body.extend_from_slice(script);
        body.extend_from_slice(&seq.to_le_bytes());
    }
    cs(outputs.len(), &mut body);
    for (value, script) in outputs {
        body.extend_from_slice(&value.to_le_bytes());
        cs(script.len(), &mut body);
        body.extend_from_slice(script);
    }
    let mut legacy = version.to_le_bytes().to_vec();
    legacy.extend_from_slice(&body);
    legacy.extend_from_slice(&lock.to_le_bytes());
    let mut full = version.to_le_bytes().to_vec();
    if segwit {
        full.extend_from_slice(&[0, 1]);
    }
    full.extend_from_slice(&body);
    if segwit {
        for (_, _, _, _, witness) in inputs {
            cs(witness.len(), &mut full);
            for item in witness {
                cs(item.len(), &mut full);
                full.extend_from_slice(item);
            }
        }
    }
    full.extend_from_slice(&lock.to_le_bytes());
    (full, legacy)
}

#[test]
fn transaction_rules() {
    let input = ([7u8; 32], 1, vec![], 0xffff_fffe, vec![vec![1u8; 72], vec![2u8; 33]]);
    let (segwit, legacy) = serialize(2, core::slice::from_ref(&input), &[(5000, vec![0x51])], 0, true);
    let tx = parse_transaction(&segwit, true).unwrap();
    assert!(tx.segwit);
    assert_eq!(tx.txid, sha256d(&[&legacy]));
    assert_eq!((tx.base_size, tx.total_size), (legacy.len(), segwit.len()));
    let err = |bytes: &[u8]| parse_transaction(bytes, true).unwrap_err().error;
    // A flag other than 1.
    let mut bad_flag = segwit.clone();
    bad_flag[5] = 2;
    assert_eq!(err(&bad_flag), Error::BitcoinTxInvalidSegwitFlag);
    // A segwit marker with only empty witnesses.
    let (empty, _) = serialize(2, &[([7u8; 32], 1, vec![], 0, vec![])], &[(1, vec![])], 0, true);
    assert_eq!(err(&empty), Error::BitcoinTxSuperfluousWitness);
    // A byte after the locktime; one byte short.
    let mut long = legacy.clone();
    long.push(0);
    assert_eq!(err(&long), Error::BitcoinTxTrailingBytes);
    assert_eq!(err(&legacy[..legacy.len() - 1]), Error::BitcoinTxTruncated);
    // A count of 1 written in three bytes; more than 21 million BTC.
    let mut non_canonical = legacy[..4].to_vec();
    non_canonical.extend_from_slice(&[0xfd, 1, 0]);
    non_canonical.extend_from_slice(&legacy[5..]);
    assert_eq!(err(&non_canonical), Error::BitcoinTxNonCanonicalCompactSize);
    let (rich, _) = serialize(2, &[input], &[(MAX_MONEY + 1, vec![])], 0, false);
    assert_eq!(err(&rich), Error::BitcoinTxAmountTooLarge);
    // A count that cannot fit the input is refused before anything is reserved.
    assert_eq!(err(&[2, 0, 0, 0, 0xfe, 0, 0, 0, 1]), Error::BitcoinTxTruncated);
}

/// A v0 PSBT from an unsigned transaction and raw input and output maps (`(type + key data, value)`).
fn psbt_v0(unsigned: &[u8], inputs: &[Vec<(Vec<u8>, Vec<u8>)>], outputs: &[Vec<(Vec<u8>, Vec<u8>)>]) -> Vec<u8> {
    let mut p = psbt::MAGIC.to_vec();
    let pair = |p: &mut Vec<u8>, k: &[u8], v: &[u8]| {
        p.push(k.len() as u8);
        p.extend_from_slice(k);
        assert!(v.len() < 0xfd);
        p.push(v.len() as u8);
        p.extend_from_slice(v);
    };
    p.extend_from_slice(&[1, 0]);
    assert!(unsigned.len() < 0xfd);
    p.push(unsigned.len() as u8);
    p.extend_from_slice(unsigned);
    p.push(0);
    for map in inputs.iter().chain(outputs) {
        for (k, v) in map {
            pair(&mut p, k, v);
        }
        p.push(0);
    }
    p
}

fn witness_utxo(value: u64, script: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut v = value.to_le_bytes().to_vec();
    v.push(script.len() as u8);
    v.extend_from_slice(script);
    (vec![0x01], v)
}

fn origin(key_type: u8, pubkey: &[u8], fingerprint: [u8; 4]) -> (Vec<u8>, Vec<u8>) {
    let mut k = vec![key_type];
    k.extend_from_slice(pubkey);
    let mut v = fingerprint.to_vec();
    v.extend_from_slice(&(84u32 | 0x8000_0000).to_le_bytes());
    (k, v)
}

const MY_SCRIPT: [u8; 22] = [0x00, 0x14, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
const RECIPIENT: [u8; 22] = [0x00, 0x14, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2];
const CHANGE: [u8; 22] = [0x00, 0x14, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3];

/// One P2WPKH input of 100,000 sats (with a BIP-32 origin), 60,000 to a recipient and 39,000 of
/// change whose origin is the same master key: a fee of 1,000.
fn send(input_extra: Vec<(Vec<u8>, Vec<u8>)>) -> Vec<u8> {
    let (unsigned, _) = serialize(2, &[([9; 32], 0, vec![], 0xffff_fffd, vec![])], &[(60_000, RECIPIENT.to_vec()), (39_000, CHANGE.to_vec())], 0, false);
    let mut input = vec![witness_utxo(100_000, &MY_SCRIPT), origin(0x06, &[2; 33], [0xaa; 4])];
    input.extend(input_extra);
    psbt_v0(&unsigned, &[input], &[vec![], vec![origin(0x02, &[3; 33], [0xaa; 4])]])
}

#[test]
fn describes_a_send() {
    let bytes = send(vec![]);
    let psbt = parse_psbt(&bytes).unwrap();
    let d = describe(&psbt, &[&MY_SCRIPT]).unwrap();
    assert_eq!((d.total_in, d.sent, d.change, d.fee), (100_000, 60_000, 39_000, 1_000));
    assert_eq!(d.outputs.iter().map(|o| o.change).collect::<Vec<_>>(), [false, true]);
    // 1 P2WPKH input, 2 P2WPKH outputs: 10.5 + 68 + 2 × 31 vbytes, the size wallets quote.
    assert_eq!(d.vsize, 141);
    assert_eq!(d.fee_rate_millisats, 1_000_000 / 141);
    assert!(!d.weight_estimated);
    assert_eq!(d.warnings, 0);
    // Without the visitor's script the input is foreign and the change is not recognised.
    let d = describe(&psbt, &[]).unwrap();
    assert_eq!(d.warnings, Warning::ForeignInput.bit());
    assert_eq!((d.sent, d.change), (99_000, 0));
}

#[test]
fn warns_about_sighash_types() {
    for (sighash, expected) in [
        (1u32, 0),
        (2, Warning::SighashNone.bit()),
        (3, Warning::SighashSingle.bit()),
        (0x81, Warning::AnyoneCanPay.bit()),
        (0x83, Warning::SighashSingle.bit() | Warning::AnyoneCanPay.bit()),
    ] {
        let bytes = send(vec![(vec![0x03], sighash.to_le_bytes().to_vec())]);
        let psbt = parse_psbt(&bytes).unwrap();
        assert_eq!(describe(&psbt, &[&MY_SCRIPT]).unwrap().warnings, expected, "sighash {sighash:#x}");
    }
}

#[test]
fn describer_refusals() {
    let (unsigned, _) = serialize(2, &[([9; 32], 0, vec![], 0, vec![])], &[(200_000, RECIPIENT.to_vec())], 0, false);
    let no_utxo = psbt_v0(&unsigned, &[vec![]], &[vec![]]);
    let psbt = parse_psbt(&no_utxo).unwrap();
    let e = describe(&psbt, &[]).unwrap_err();
    assert_eq!((e.error, e.scope, e.index), (Error::BitcoinPsbtMissingUtxo, Scope::Input, 0));
    let overspend = psbt_v0(&unsigned, &[vec![witness_utxo(100_000, &MY_SCRIPT)]], &[vec![]]);
    let psbt = parse_psbt(&overspend).unwrap();
    assert_eq!(describe(&psbt, &[]).unwrap_err().error, Error::BitcoinPsbtNegativeFee);
}

#[test]
fn non_witness_utxo_is_checked_against_the_txid() {
    let (prev, _) = serialize(2, &[([1; 32], 0, vec![], 0, vec![])], &[(70_000, MY_SCRIPT.to_vec())], 0, false);
    let txid = sha256d(&[&prev]);
    for (spend_txid, vout, expected) in [
        (txid, 0, None),
        ([5; 32], 0, Some(Error::BitcoinPsbtUtxoTxidMismatch)),
        (txid, 1, Some(Error::BitcoinPsbtUtxoIndexOutOfRange)),
    ] {
        let (unsigned, _) = serialize(2, &[(spend_txid, vout, vec![], 0, vec![])], &[(60_000, RECIPIENT.to_vec())], 0, false);
        let bytes = psbt_v0(&unsigned, &[vec![(vec![0x00], prev.clone())]], &[vec![]]);
        match expected {
            None => assert_eq!(parse_psbt(&bytes).unwrap().inputs[0].utxo.unwrap().value, 70_000),
            Some(e) => assert_eq!(parse_psbt(&bytes).unwrap_err().error, e),
        }
    }
    // A witness UTXO that disagrees with the previous transaction.
    let (unsigned, _) = serialize(2, &[(txid, 0, vec![], 0, vec![])], &[(60_000, RECIPIENT.to_vec())], 0, false);
    let bytes = psbt_v0(&unsigned, &[vec![(vec![0x00], prev), witness_utxo(1, &MY_SCRIPT)]], &[vec![]]);
    assert_eq!(parse_psbt(&bytes).unwrap_err().error, Error::BitcoinPsbtUtxoMismatch);
}

#[test]
fn psbt_key_rules() {
    let (unsigned, _) = serialize(2, &[([9; 32], 0, vec![], 0, vec![])], &[(1, RECIPIENT.to_vec())], 0, false);
    let one = |pair: (Vec<u8>, Vec<u8>)| parse_psbt(&psbt_v0(&unsigned, &[vec![pair]], &[vec![]])).map(|_| ()).map_err(|e| (e.error, e.key_type));
    assert_eq!(one((vec![0x13], vec![0; 64])), Ok(()));
    assert_eq!(one((vec![0x13], vec![0; 66])), Err((Error::BitcoinPsbtInvalidValue, 0x13)));
    assert_eq!(one((vec![0x13, 0], vec![0; 64])), Err((Error::BitcoinPsbtInvalidKey, 0x13)));
    assert_eq!(one((vec![0x17], vec![0; 31])), Err((Error::BitcoinPsbtInvalidValue, 0x17)));
    assert_eq!(one((vec![0x03], vec![1, 0, 0])), Err((Error::BitcoinPsbtInvalidValue, 0x03)));
    assert_eq!(one((vec![0x06, 0x02, 1], vec![0; 8])), Err((Error::BitcoinPsbtInvalidKey, 0x06)));
    assert_eq!(one((vec![0x10], vec![0; 4])), Err((Error::BitcoinPsbtFieldNotAllowed, 0x10)));
    // Unknown and proprietary types are kept, not refused.
    assert_eq!(one((vec![0xfc, 1, 2], vec![3])), Ok(()));
    // The same key twice.
    let twice = psbt_v0(&unsigned, &[vec![(vec![0x03], vec![1, 0, 0, 0]), (vec![0x03], vec![2, 0, 0, 0])]], &[vec![]]);
    assert_eq!(parse_psbt(&twice).unwrap_err().error, Error::BitcoinPsbtDuplicateKey);
}

/// Version, inputs, outputs, locktime.
type Tx = (u32, Vec<In>, Vec<(u64, Vec<u8>)>, u32);

fn arb_tx() -> impl Strategy<Value = Tx> {
    let input = (any::<[u8; 32]>(), any::<u32>(), proptest::collection::vec(any::<u8>(), 0..30), any::<u32>(), proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..80), 0..4));
    let output = (0..=MAX_MONEY, proptest::collection::vec(any::<u8>(), 0..50));
    (any::<u32>(), proptest::collection::vec(input, 1..5), proptest::collection::vec(output, 0..5), any::<u32>())
}

proptest! {
    #[test]
    fn transactions_parse_to_their_fields((version, inputs, outputs, lock) in arb_tx(), segwit in any::<bool>()) {
        let segwit = segwit && inputs.iter().any(|i| !i.4.is_empty());
        let (bytes, legacy) = serialize(version, &inputs, &outputs, lock, segwit);
        let tx = parse_transaction(&bytes, true).unwrap();
        prop_assert_eq!(tx.txid, sha256d(&[&legacy]));
        prop_assert_eq!((tx.version, tx.lock_time, tx.segwit), (version, lock, segwit));
        prop_assert_eq!(tx.inputs.len(), inputs.len());
        for (got, want) in tx.inputs.iter().zip(&inputs) {
            prop_assert_eq!((got.txid, got.vout, got.script_sig, got.sequence), (&want.0, want.1, &want.2[..], want.3));
            if segwit {
                prop_assert_eq!(got.witness.items, want.4.len());
            }
        }
        for (got, want) in tx.outputs.iter().zip(&outputs) {
            prop_assert_eq!((got.value, got.script_pubkey), (want.0, &want.1[..]));
        }
        prop_assert_eq!(tx.base_size, legacy.len());
    }

    #[test]
    fn addresses_round_trip(kind in 0u8..5, program in any::<[u8; 32]>(), network in 0u8..4) {
        let network = Network::from_u8(network).unwrap();
        let script = match kind {
            0 => [&[0x76, 0xa9, 0x14][..], &program[..20], &[0x88, 0xac]].concat(),
            1 => [&[0xa9, 0x14][..], &program[..20], &[0x87]].concat(),
            2 => [&[0x00, 0x14][..], &program[..20]].concat(),
            3 => [&[0x00, 0x20][..], &program[..]].concat(),
            _ => [&[0x51, 0x20][..], &program[..]].concat(),
        };
        let text = address::from_script(&script, network).unwrap();
        let parsed = address::check(&text, network).unwrap();
        prop_assert_eq!(parsed.script_pubkey(), script);
        prop_assert_eq!(parsed.kind as u8, kind);
    }

    #[test]
    fn mutated_psbts_never_panic(flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4), cut in any::<prop::sample::Index>()) {
        let mut bytes = send(vec![(vec![0x03], vec![1, 0, 0, 0])]);
        for (i, b) in flips {
            let at = i.index(bytes.len());
            bytes[at] = b;
        }
        if let Ok(psbt) = parse_psbt(&bytes) {
            let _ = describe(&psbt, &[&MY_SCRIPT]);
        }
        let end = cut.index(bytes.len());
        prop_assert!(parse_psbt(&bytes[..end]).is_err() || end == bytes.len());
    }

    #[test]
    fn arbitrary_text_is_never_a_panic(text in "\\PC{0,100}") {
        let _ = address::parse(&text);
    }
}
