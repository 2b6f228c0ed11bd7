//! Each rule with the smallest input that breaks it, and round trips over generated messages.
use alloc::vec;
use alloc::vec::Vec;
use proptest::prelude::*;

use super::*;

/// A legacy transfer: payer (signer, writable), recipient (writable), System Program (read-only).
fn transfer() -> Vec<u8> {
    let mut m = vec![1, 0, 1, 3];
    m.extend_from_slice(&[7; 32]);
    m.extend_from_slice(&[8; 32]);
    m.extend_from_slice(&[0; 32]);
    m.extend_from_slice(&[9; 32]);
    m.extend_from_slice(&[1, 2, 2, 0, 1, 12, 2, 0, 0, 0]);
    m.extend_from_slice(&5000u64.to_le_bytes());
    m
}

/// The same transfer as a v0 message, with one lookup loading one writable and one read-only key.
fn transfer_v0() -> Vec<u8> {
    let mut m = vec![0x80];
    m.extend_from_slice(&transfer());
    m.extend_from_slice(&[1]);
    m.extend_from_slice(&[5; 32]);
    m.extend_from_slice(&[1, 4, 1, 9]);
    m
}

fn error(input: &[u8]) -> (Error, Part, u32, u32, u32) {
    let e = parse_message(input).unwrap_err();
    (e.error, e.part, e.item, e.at, e.value)
}

#[test]
fn parses_a_legacy_and_a_v0_transfer() {
    let bytes = transfer();
    let m = parse_message(&bytes).unwrap();
    assert_eq!(m.version, Version::Legacy);
    assert_eq!(m.header, Header { num_required_signatures: 1, num_readonly_signed_accounts: 0, num_readonly_unsigned_accounts: 1 });
    assert_eq!(m.account_keys.len(), 3);
    assert_eq!(m.account_keys.get(1), Some(&[8; 32]));
    assert_eq!(m.recent_blockhash, &[9; 32]);
    assert_eq!(m.instructions, [Instruction { program_id_index: 2, accounts: &[0, 1], data: &bytes[bytes.len() - 12..] }]);
    assert_eq!(describe(&m, &m.instructions[0]), Described::SystemTransfer { from: 0, to: 1, lamports: 5000 });
    assert_eq!(serialize_message(&m), bytes);

    let bytes = transfer_v0();
    let m = parse_message(&bytes).unwrap();
    assert_eq!(m.version, Version::V0);
    assert_eq!(m.total_accounts(), 5);
    assert_eq!(m.address_table_lookups, [AddressTableLookup { account_key: &[5; 32], writable_indexes: &[4], readonly_indexes: &[9] }]);
    assert_eq!(serialize_message(&m), bytes);
}

#[test]
fn parses_a_transaction_and_counts_its_signatures() {
    let mut tx = vec![1];
    tx.extend_from_slice(&[0xaa; 64]);
    tx.extend_from_slice(&transfer());
    let parsed = parse_transaction(&tx).unwrap();
    assert_eq!(parsed.signature_count(), 1);
    assert_eq!(parsed.signatures, &[0xaa; 64]);
    assert_eq!(parsed.message, parse_message(&transfer()).unwrap());

    let mut two = vec![2];
    two.extend_from_slice(&[0; 128]);
    two.extend_from_slice(&transfer());
    let e = parse_transaction(&two).unwrap_err();
    assert_eq!((e.error, e.item, e.value), (Error::SolanaSignatureCountMismatch, 1, 2));
    assert_eq!(parse_transaction(&[0x81, 1, 0, 0]).unwrap_err().error, Error::SolanaUnsupportedVersion);
    assert_eq!(parse_transaction(&[1, 0]).unwrap_err().error, Error::SolanaTruncated);
}

#[test]
fn every_rule_has_its_error() {
    let m = transfer();
    // Truncated anywhere: the offset is the input's end (or where a length was cut).
    for cut in 0..m.len() {
        assert_eq!(error(&m[..cut]).0, Error::SolanaTruncated, "cut at {cut}");
    }
    // Trailing bytes, at the message's end.
    let mut long = m.clone();
    long.push(0);
    assert_eq!(error(&long), (Error::SolanaTrailingBytes, Part::Header, 0, m.len() as u32, 0));
    // A non-canonical key count (3 as 0x83 0x00) and an overflowing one.
    let mut alias = m.clone();
    alias.splice(3..4, [0x83, 0x00]);
    assert_eq!(error(&alias), (Error::SolanaNonCanonicalCompactU16, Part::AccountKeys, 0, 3, 0));
    let mut huge = m.clone();
    huge.splice(3..4, [0xff, 0xff, 0x07]);
    assert_eq!(error(&huge).0, Error::SolanaCompactU16Overflow);
    // The header: 3 signers + 1 read-only unsigned > 3 keys; all signers read-only.
    let mut header = m.clone();
    header[0] = 3;
    assert_eq!(error(&header), (Error::SolanaInvalidHeader, Part::Header, 0, 0, HEADER_SIGNERS_PAST_KEYS as u32));
    let mut readonly = m.clone();
    readonly[1] = 1;
    assert_eq!(error(&readonly).4, HEADER_NO_WRITABLE_SIGNER as u32);
    let mut none = m.clone();
    none[0] = 0;
    assert_eq!(error(&none).4, HEADER_NO_WRITABLE_SIGNER as u32);
    // Indexes: an account past the keys, a program past the keys, the fee payer as program.
    let ix = 3 + 1 + 96 + 32 + 1;
    let mut account = m.clone();
    account[ix + 3] = 3;
    assert_eq!(error(&account), (Error::SolanaAccountIndexOutOfRange, Part::Instructions, 0, ix as u32 + 3, 3));
    let mut program = m.clone();
    program[ix] = 7;
    assert_eq!(error(&program), (Error::SolanaAccountIndexOutOfRange, Part::Instructions, 0, ix as u32, (PROGRAM_INDEX | 7) as u32));
    let mut payer = m.clone();
    payer[ix] = 0;
    assert_eq!(error(&payer), (Error::SolanaProgramIsFeePayer, Part::Instructions, 0, ix as u32, 0));
    // Versions other than 0.
    let mut v1 = transfer_v0();
    v1[0] = 0x81;
    assert_eq!(error(&v1), (Error::SolanaUnsupportedVersion, Part::Header, 0, 0, 1));
    // A lookup that loads nothing.
    let mut empty = transfer_v0();
    let n = empty.len();
    empty.splice(n - 4.., [0, 0]);
    assert_eq!(error(&empty).0, Error::SolanaEmptyLookup);
    // In v0, a program loaded from a table is out of range; an account from one is not.
    let mut v0 = transfer_v0();
    v0[1 + ix + 3] = 4;
    assert!(parse_message(&v0).is_ok());
    v0[1 + ix] = 3;
    assert_eq!(error(&v0).4, (PROGRAM_INDEX | 3) as u32);
}

#[test]
fn enforces_the_size_and_account_limits() {
    // A message of 1232 − 65 bytes fits with its one signature; one byte more does not.
    let pad = |len: usize| {
        let mut m = transfer();
        let n = m.len();
        // Grow the instruction's data (its length is a 1-byte compact-u16 below 128, 2 above).
        let data = len - (n - 13) - 2;
        m.truncate(n - 13);
        encode_compact_u16(data as u16, &mut m);
        m.extend(core::iter::repeat_n(0, data));
        m
    };
    let fits = pad(PACKET_DATA_SIZE - 65);
    assert_eq!(fits.len(), PACKET_DATA_SIZE - 65);
    assert!(parse_message(&fits).is_ok());
    assert_eq!(error(&pad(PACKET_DATA_SIZE - 64)), (Error::SolanaTooLarge, Part::Signatures, 0, 0, PACKET_DATA_SIZE as u32 + 1));
    assert_eq!(error(&pad(PACKET_DATA_SIZE + 1)).0, Error::SolanaTooLarge);
    // 3 own keys + 62 looked up = 65 accounts.
    let mut many = vec![0x80];
    many.extend_from_slice(&transfer());
    many.extend_from_slice(&[1]);
    many.extend_from_slice(&[5; 32]);
    many.push(62);
    many.extend(0..62u8);
    many.push(0);
    assert_eq!(error(&many), (Error::SolanaTooManyAccounts, Part::AddressTableLookups, 0, 0, 65));
    many.truncate(many.len() - 2);
    let count_at = many.len() - 62;
    many[count_at] = 61; // the count, for the 61 entries left
    many.push(0);
    let m = parse_message(&many).unwrap();
    assert_eq!(m.total_accounts(), MAX_ACCOUNTS);
}

#[test]
fn refuses_an_account_key_listed_twice() {
    // The transfer's recipient (key 1) made equal to the payer (key 0): a transfer from = to.
    let mut m = transfer();
    m[4 + 32..4 + 64].copy_from_slice(&[7; 32]);
    assert_eq!(error(&m), (Error::SolanaDuplicateAccountKey, Part::AccountKeys, 1, 4 + 32, 0));
    // The System Program listed again as a fourth key, third after two distinct ones.
    let mut m = vec![1, 0, 2, 4];
    for key in [[7u8; 32], [8; 32], [0; 32], [0; 32]] {
        m.extend_from_slice(&key);
    }
    m.extend_from_slice(&transfer()[4 + 96..]);
    assert_eq!(error(&m), (Error::SolanaDuplicateAccountKey, Part::AccountKeys, 3, 4 + 96, 2));
    // A lookup's table key may equal an own key: the table account is not loaded.
    let mut v0 = transfer_v0();
    let table_at = v0.len() - 36;
    v0[table_at..table_at + 32].copy_from_slice(&[7; 32]);
    assert!(parse_message(&v0).is_ok());
}

#[test]
fn describes_token_transfers_and_leaves_the_rest_unknown() {
    let mut m = vec![1, 0, 1, 5];
    for key in [[1u8; 32], [2; 32], [3; 32], [4; 32], TOKEN_PROGRAM] {
        m.extend_from_slice(&key);
    }
    m.extend_from_slice(&[9; 32]);
    m.push(3);
    m.extend_from_slice(&[4, 3, 1, 2, 0, 9, 3]); // transfer: source 1, destination 2, authority 0
    m.extend_from_slice(&42u64.to_le_bytes());
    m.extend_from_slice(&[4, 4, 1, 3, 2, 0, 10, 12]); // transferChecked, mint 3
    m.extend_from_slice(&7u64.to_le_bytes());
    m.push(6);
    m.extend_from_slice(&[4, 0, 1, 9]); // initializeMint: not described
    let parsed = parse_message(&m).unwrap();
    let d: Vec<_> = parsed.instructions.iter().map(|ix| describe(&parsed, ix)).collect();
    assert_eq!(
        d,
        [
            Described::SplTransfer { source: 1, destination: 2, authority: 0, amount: 42 },
            Described::SplTransferChecked { source: 1, mint: 3, destination: 2, authority: 0, amount: 7, decimals: 6 },
            Described::Unknown,
        ]
    );
    // Too few accounts or data bytes: unknown, not a guess.
    let mut short = transfer();
    let n = short.len();
    short.truncate(n - 1);
    short[n - 13] = 11;
    let parsed = parse_message(&short).unwrap();
    assert_eq!(describe(&parsed, &parsed.instructions[0]), Described::Unknown);
}

fn arb_message() -> impl Strategy<Value = (bool, Vec<u8>)> {
    (any::<bool>(), 1u8..4, 0u8..2, 0u8..3, 2usize..8, proptest::collection::vec((any::<u8>(), proptest::collection::vec(any::<u8>(), 0..6), proptest::collection::vec(any::<u8>(), 0..40)), 0..4), 0usize..3).prop_map(
        |(v0, signers, ro_signed, ro_unsigned, keys, instructions, lookups)| {
            let keys = keys.max(signers as usize + ro_unsigned as usize).max(2);
            let mut m = Vec::new();
            if v0 {
                m.push(0x80);
            }
            m.extend_from_slice(&[signers, ro_signed.min(signers - 1), ro_unsigned]);
            m.push(keys as u8);
            for k in 0..keys {
                m.extend_from_slice(&[k as u8 + 1; 32]);
            }
            m.extend_from_slice(&[0xbb; 32]);
            let lookups = if v0 { lookups } else { 0 };
            let total = keys + 2 * lookups;
            m.push(instructions.len() as u8);
            for (program, accounts, data) in &instructions {
                m.push(1 + program % (keys as u8 - 1));
                m.push(accounts.len() as u8);
                m.extend(accounts.iter().map(|a| a % total as u8));
                encode_compact_u16(data.len() as u16, &mut m);
                m.extend_from_slice(data);
            }
            if v0 {
                m.push(lookups as u8);
                for l in 0..lookups {
                    m.extend_from_slice(&[0xc0 + l as u8; 32]);
                    m.extend_from_slice(&[1, l as u8, 1, 200]);
                }
            }
            (v0, m)
        },
    )
}

proptest! {
    /// Valid messages parse and serialize back to the same bytes; so do their transactions.
    #[test]
    fn valid_messages_round_trip((v0, bytes) in arb_message()) {
        let m = parse_message(&bytes).unwrap();
        prop_assert_eq!(m.version == Version::V0, v0);
        prop_assert_eq!(serialize_message(&m), bytes.clone());
        let mut tx = Vec::new();
        encode_compact_u16(m.header.num_required_signatures as u16, &mut tx);
        tx.extend(core::iter::repeat_n(0x11, 64 * m.header.num_required_signatures as usize));
        tx.extend_from_slice(&bytes);
        prop_assert_eq!(parse_transaction(&tx).unwrap().message, m);
    }

    /// Any input: never a panic, and whatever parses serializes back to exactly the input.
    #[test]
    fn arbitrary_bytes_parse_only_when_they_round_trip(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(m) = parse_message(&bytes) {
            prop_assert_eq!(serialize_message(&m), bytes);
        }
    }

    /// Mutations of a valid message: the same property.
    #[test]
    fn mutated_messages_parse_only_when_they_round_trip((_, bytes) in arb_message(), at: usize, byte: u8, cut: usize) {
        let mut bytes = bytes;
        let at = at % bytes.len();
        bytes[at] = byte;
        bytes.truncate(bytes.len() - cut % 3);
        if let Ok(m) = parse_message(&bytes) {
            prop_assert_eq!(serialize_message(&m), bytes);
        }
    }
}

#[test]
fn the_input_layout_serializes_what_the_facade_sends() {
    let mut layout = vec![0xff, 1, 0, 1];
    let counted = |bytes: &[u8], out: &mut Vec<u8>| {
        out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(bytes);
    };
    layout.extend_from_slice(&3u32.to_le_bytes());
    for key in [[7u8; 32], [8; 32], [0; 32]] {
        counted(&crate::base58::encode(&key).unwrap(), &mut layout);
    }
    counted(&crate::base58::encode(&[9; 32]).unwrap(), &mut layout);
    layout.extend_from_slice(&1u32.to_le_bytes());
    layout.extend_from_slice(&2u32.to_le_bytes());
    counted(&[0, 1], &mut layout);
    let mut data = vec![2, 0, 0, 0];
    data.extend_from_slice(&5000u64.to_le_bytes());
    counted(&data, &mut layout);
    layout.extend_from_slice(&0u32.to_le_bytes());
    assert_eq!(wire::read_message(&layout), Ok(transfer()));
    // A key that is not 32 bytes of base58.
    let mut bad = layout.clone();
    bad[12] = b'0';
    let e = wire::read_message(&bad).unwrap_err();
    assert_eq!((e.error, e.part, e.item), (Error::SolanaInvalidKey, Part::AccountKeys, 0));
    assert_eq!(wire::read_message(&layout[..layout.len() - 1]).unwrap_err().error, Error::SolanaTruncated);
    // A legacy message has no place for lookups.
    let mut lookups = layout.clone();
    let n = lookups.len();
    lookups[n - 4] = 1;
    assert_eq!(wire::read_message(&lookups).unwrap_err().error, Error::SolanaTrailingBytes);
}
