//! The binary layout transactions cross the WASM boundary in, both ways. The field order and
//! each field's [`Kind`] come from [`Field::ALL`]; nothing here or in the facade repeats them.
//!
//! **In** ([`Fields::read`]): a `u32` (little-endian, as every `u32` here): where the texts start.
//! Then the fields that are set, in any order, each as one byte (its index in [`Field::ALL`]) and
//! a `u32`, then:
//! - [`Kind::Type`]: 1, then the type's byte (0–3);
//! - [`Kind::U64`], [`Kind::Uint`]: the byte count, then the integer big-endian (leading zeros
//!   allowed; the facade writes whole 64-bit words);
//! - [`Kind::Address`], [`Kind::Bytes`]: the byte count of the value's hex text (`0x` optional);
//! - [`Kind::AccessList`]: the entry count, then per entry: the address's text count, the key
//!   count, and per key its text count;
//! - [`Kind::Hashes`]: the hash count, then per hash its text count.
//!
//! The texts themselves follow all of that, end to end in the same order, so the facade encodes
//! them with one `TextEncoder.encodeInto` call instead of one per text.
//!
//! **Out** ([`write`], for a parsed transaction): lowercase hex text without `0x`, all fields end
//! to end in `text`, and in `lens` the same `u32` framing as above (a length in hex digits, or a
//! count for lists, or [`ABSENT`]); the type is its digit.
use alloc::vec::Vec;

use super::{AccessList, Field, Kind, Presence, Signature, Strings, Transaction, TxError, TxType};
use crate::rlp::{self, Header};
use crate::{address, hex, Error};

/// Marks a field that is not set.
pub const ABSENT: u32 = u32::MAX;

type Range = (usize, usize);

/// The fields of one transaction as read from the input layout: integers, decoded hex and the
/// lists' RLP payloads in one buffer the caller keeps between calls, so neither reading nor the
/// [`Transaction`] built from the fields allocates once the buffer is large enough.
pub struct Fields<'i, 'b> {
    buffer: &'b mut Vec<u8>,
    /// The integers, borrowed from the layout itself (leading zeros dropped).
    integers: [Option<&'i [u8]>; Field::ALL.len()],
    /// The decoded hex fields, in `buffer`.
    scalars: [Option<Range>; Field::ALL.len()],
    access_list: Option<Range>,
    hashes: Option<Range>,
    explicit_type: Option<TxType>,
}

#[derive(Clone, Copy)]
struct Reader<'i> {
    input: &'i [u8],
    /// The texts not yet read.
    texts: &'i [u8],
}

impl<'i> Reader<'i> {
    fn u32(&mut self, field: Field) -> Result<u32, TxError> {
        let Some((word, rest)) = self.input.split_first_chunk::<4>() else {
            return Err(TxError::new(Error::HexInvalid, field));
        };
        self.input = rest;
        Ok(u32::from_le_bytes(*word))
    }

    fn take(&mut self, len: u32, field: Field) -> Result<&'i [u8], TxError> {
        if len as usize > self.input.len() {
            return Err(TxError::new(Error::HexInvalid, field));
        }
        let (part, rest) = self.input.split_at(len as usize);
        self.input = rest;
        Ok(part)
    }

    /// The next text, `len` bytes long.
    fn text(&mut self, len: u32, field: Field) -> Result<&'i [u8], TxError> {
        if len as usize > self.texts.len() {
            return Err(TxError::new(Error::HexInvalid, field));
        }
        let (part, rest) = self.texts.split_at(len as usize);
        self.texts = rest;
        Ok(part)
    }

    /// A text count, then that text.
    fn counted(&mut self, field: Field) -> Result<&'i [u8], TxError> {
        let len = self.u32(field)?;
        self.text(len, field)
    }
}

/// Decodes hex text (`0x` optional, an even number of digits) onto `buffer`; returns its range.
fn push_hex(buffer: &mut Vec<u8>, text: &[u8], bad: TxError) -> Result<Range, TxError> {
    let digits = hex_digits(text);
    let start = buffer.len();
    hex::decode_append(digits, buffer).map_err(|_| bad)?;
    Ok((start, buffer.len()))
}

fn hex_digits(text: &[u8]) -> &[u8] {
    text.strip_prefix(b"0x").or_else(|| text.strip_prefix(b"0X")).unwrap_or(text)
}

/// Whether the RLP string of what hex `text` decodes to has a header: all but one byte below 0x80.
/// (For a text that is not valid hex the answer does not matter: decoding it fails.)
fn hex_needs_header(digits: &[u8]) -> bool {
    digits.len() / 2 != 1 || digits[0] >= b'8'
}

/// How many bytes [`push_hex_rlp`] writes for `text`.
fn hex_rlp_length(text: &[u8]) -> usize {
    let digits = hex_digits(text);
    let n = digits.len() / 2;
    if hex_needs_header(digits) {
        rlp::length_of_length(n) + n
    } else {
        n
    }
}

/// Decodes hex `text` onto `buffer` as an RLP string (the header first, unless it is one byte
/// below 0x80), so no header has to be put in front afterwards.
fn push_hex_rlp(buffer: &mut Vec<u8>, text: &[u8], bad: TxError) -> Result<(), TxError> {
    let digits = hex_digits(text);
    if hex_needs_header(digits) {
        Header { list: false, payload_length: digits.len() / 2 }.encode(buffer);
    }
    push_hex(buffer, text, bad).map(|_| ())
}

fn push(buffer: &mut Vec<u8>, bytes: &[u8]) -> Range {
    let start = buffer.len();
    buffer.extend_from_slice(bytes);
    (start, buffer.len())
}

impl<'i, 'b> Fields<'i, 'b> {
    /// Reads the input layout (see the module docs), decoding into `buffer` (cleared first).
    pub fn read(input: &'i [u8], buffer: &'b mut Vec<u8>) -> Result<Fields<'i, 'b>, TxError> {
        let mut reader = Reader { input, texts: &[] };
        let start = reader.u32(Field::Type)? as usize;
        if start < 4 || start > input.len() {
            return Err(TxError::new(Error::HexInvalid, Field::Type));
        }
        reader = Reader { input: &input[4..start], texts: &input[start..] };
        buffer.clear();
        let mut fields = Fields {
            buffer,
            integers: [None; Field::ALL.len()],
            scalars: [None; Field::ALL.len()],
            access_list: None,
            hashes: None,
            explicit_type: None,
        };
        let mut seen = 0u32;
        while let Some((&index, rest)) = reader.input.split_first() {
            reader.input = rest;
            let field = *Field::ALL.get(index as usize).ok_or(TxError::new(Error::HexInvalid, Field::Type))?;
            if seen & (1 << index) != 0 {
                return Err(TxError::new(Error::HexInvalid, field));
            }
            seen |= 1 << index;
            let len = reader.u32(field)?;
            let buffer = &mut *fields.buffer;
            match field.kind() {
                Kind::Type => {
                    fields.explicit_type = Some(match reader.take(len, field)? {
                        [0] => TxType::Legacy,
                        [1] => TxType::Eip2930,
                        [2] => TxType::Eip1559,
                        [3] => TxType::Eip4844,
                        _ => return Err(TxError::new(Error::TxInvalidSerializedType, field)),
                    });
                }
                Kind::U64 | Kind::Uint => {
                    fields.integers[field as usize] = Some(rlp::trim_leading_zeros(reader.take(len, field)?));
                }
                Kind::Address => {
                    let text = reader.text(len, field)?;
                    let address = address::decode_evm_strict(text).ok_or(TxError::new(Error::TxInvalidAddress, field))?;
                    fields.scalars[field as usize] = Some(push(buffer, &address));
                }
                Kind::Bytes => {
                    let text = reader.text(len, field)?;
                    fields.scalars[field as usize] = Some(push_hex(buffer, text, TxError::new(Error::HexInvalid, field))?);
                }
                Kind::AccessList => {
                    // Written as the list's RLP payload, as a parsed transaction holds it.
                    let start = buffer.len();
                    for item in 0..len as usize {
                        let text = reader.counted(field)?;
                        let address = address::decode_evm_strict(text).ok_or(TxError::at(Error::TxInvalidAddress, field, item))?;
                        let bad = TxError::at(Error::HexInvalid, field, item);
                        // The lists' headers go first, so their lengths are summed from the texts.
                        let key_count = reader.u32(field)?;
                        let mut peek = reader;
                        let mut keys_length = 0;
                        for _ in 0..key_count {
                            keys_length += hex_rlp_length(peek.counted(field)?);
                        }
                        let entry_length = rlp::bytes_length(&address) + rlp::length_of_length(keys_length) + keys_length;
                        Header { list: true, payload_length: entry_length }.encode(buffer);
                        rlp::encode_bytes(&address, buffer);
                        Header { list: true, payload_length: keys_length }.encode(buffer);
                        for _ in 0..key_count {
                            push_hex_rlp(buffer, reader.counted(field)?, bad)?;
                        }
                    }
                    fields.access_list = Some((start, buffer.len()));
                }
                Kind::Hashes => {
                    let start = buffer.len();
                    for item in 0..len as usize {
                        push_hex_rlp(buffer, reader.counted(field)?, TxError::at(Error::HexInvalid, field, item))?;
                    }
                    fields.hashes = Some((start, buffer.len()));
                }
            }
        }
        Ok(fields)
    }

    fn bytes(&self, field: Field) -> Option<&[u8]> {
        match self.integers[field as usize] {
            Some(integer) => Some(integer),
            None => self.scalars[field as usize].map(|(a, b)| &self.buffer[a..b]),
        }
    }

    fn small(&self, field: Field, max_bytes: usize, error: Error) -> Result<Option<u64>, TxError> {
        let Some(bytes) = self.bytes(field) else { return Ok(None) };
        if bytes.len() > max_bytes {
            return Err(TxError::new(error, field));
        }
        Ok(Some(bytes.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64)))
    }

    /// The explicit type, or the one the present fields imply (as viem's `getTransactionType`).
    pub fn tx_type(&self) -> Result<TxType, TxError> {
        if let Some(t) = self.explicit_type {
            return Ok(t);
        }
        let present = |field: Field| self.bytes(field).is_some();
        let presence = Presence {
            gas_price: present(Field::GasPrice),
            max_fee_per_gas: present(Field::MaxFeePerGas),
            max_priority_fee_per_gas: present(Field::MaxPriorityFeePerGas),
            max_fee_per_blob_gas: present(Field::MaxFeePerBlobGas),
            access_list: self.access_list.is_some(),
            blob_versioned_hashes: self.hashes.is_some(),
        };
        TxType::infer(&presence).map_err(|e| TxError::new(e, Field::Type))
    }

    /// The transaction these fields describe (not yet validated).
    pub fn transaction(&self) -> Result<Transaction<'_>, TxError> {
        let range = |(a, b): Range| &self.buffer[a..b];
        let r = self.bytes(Field::R);
        let s = self.bytes(Field::S);
        let v = self.small(Field::V, 8, Error::TxInvalidLegacyV)?;
        let y_parity = self.small(Field::YParity, 1, Error::TxInvalidYParity)?;
        let signature = match (r, s, v.is_some() || y_parity.is_some()) {
            (Some(r), Some(s), true) => Some(Signature { r, s, v, y_parity: y_parity.map(|p| p as u8) }),
            (None, None, false) => None,
            _ => {
                let missing = if r.is_none() { Field::R } else if s.is_none() { Field::S } else { Field::V };
                return Err(TxError::new(Error::TxIncompleteSignature, missing));
            }
        };
        if matches!(y_parity, Some(p) if p > 1) {
            return Err(TxError::new(Error::TxInvalidYParity, Field::YParity));
        }
        Ok(Transaction {
            tx_type: self.tx_type()?,
            chain_id: self.small(Field::ChainId, 8, Error::TxInvalidChainId)?,
            nonce: self.small(Field::Nonce, 8, Error::RlpIntegerOverflow)?.unwrap_or(0),
            gas_price: self.bytes(Field::GasPrice),
            max_fee_per_gas: self.bytes(Field::MaxFeePerGas),
            max_priority_fee_per_gas: self.bytes(Field::MaxPriorityFeePerGas),
            max_fee_per_blob_gas: self.bytes(Field::MaxFeePerBlobGas),
            gas: self.bytes(Field::Gas),
            to: self.bytes(Field::To),
            value: self.bytes(Field::Value),
            data: self.bytes(Field::Data).unwrap_or(&[]),
            access_list: self.access_list.map(|r| AccessList::trusted(range(r))),
            blob_versioned_hashes: self.hashes.map(|r| Strings::trusted(range(r))),
            signature,
        })
    }
}

/// Appends `bytes` as hex to `text` and its length in digits to `lens` ([`ABSENT`] for `None`).
/// Kept out of line: inlined at each of the fields below, it made `write` several kB of WASM.
#[inline(never)]
fn put(bytes: Option<&[u8]>, text: &mut Vec<u8>, lens: &mut Vec<u32>) {
    match bytes {
        None => lens.push(ABSENT),
        Some(bytes) => {
            let start = text.len();
            text.resize(start + bytes.len() * 2, 0);
            hex::encode_into(bytes, &mut text[start..]);
            lens.push((bytes.len() * 2) as u32);
        }
    }
}

/// [`put`] for an integer: its big-endian bytes without leading zeros.
#[inline(never)]
fn put_u64(value: Option<u64>, text: &mut Vec<u8>, lens: &mut Vec<u32>) {
    let bytes = value.map(u64::to_be_bytes);
    put(bytes.as_ref().map(|b| rlp::trim_leading_zeros(b)), text, lens);
}

/// [`put`] for a list of strings: its count, then each string.
fn put_strings(list: Strings<'_>, text: &mut Vec<u8>, lens: &mut Vec<u32>) {
    let count_at = lens.len();
    lens.push(0);
    for item in list.iter() {
        lens[count_at] += 1;
        put(Some(item), text, lens);
    }
}

/// Writes a parsed transaction in the output layout (see the module docs). `v` and `yParity` are
/// written when there is a signature; `chainId` whenever it is known.
pub fn write(tx: &Transaction<'_>, text: &mut Vec<u8>, lens: &mut Vec<u32>) {
    let signature = tx.signature.as_ref();
    for field in Field::ALL {
        match field {
            Field::Type => {
                text.push(b'0' + tx.tx_type as u8);
                lens.push(1);
            }
            Field::ChainId => put_u64(tx.chain_id, text, lens),
            Field::Nonce => put_u64(Some(tx.nonce), text, lens),
            Field::GasPrice => put(tx.gas_price, text, lens),
            Field::MaxFeePerGas => put(tx.max_fee_per_gas, text, lens),
            Field::MaxPriorityFeePerGas => put(tx.max_priority_fee_per_gas, text, lens),
            Field::MaxFeePerBlobGas => put(tx.max_fee_per_blob_gas, text, lens),
            Field::Gas => put(tx.gas, text, lens),
            Field::To => put(tx.to, text, lens),
            Field::Value => put(tx.value, text, lens),
            Field::Data => put(Some(tx.data), text, lens),
            Field::AccessList => match tx.access_list {
                None => lens.push(ABSENT),
                Some(list) => {
                    // The count goes first: a slot now, filled once the entries are read.
                    let count_at = lens.len();
                    lens.push(0);
                    for item in list.iter() {
                        lens[count_at] += 1;
                        put(Some(item.address), text, lens);
                        put_strings(item.storage_keys, text, lens);
                    }
                }
            },
            Field::BlobVersionedHashes => match tx.blob_versioned_hashes {
                None => lens.push(ABSENT),
                Some(list) => put_strings(list, text, lens),
            },
            Field::V => put_u64(signature.and_then(|s| s.v), text, lens),
            Field::R => put(signature.map(|s| s.r), text, lens),
            Field::S => put(signature.map(|s| s.s), text, lens),
            Field::YParity => put_u64(signature.and_then(|s| s.y_parity).map(u64::from), text, lens),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layout as the facade writes it: the fields, then their texts.
    #[derive(Default)]
    struct Layout {
        fields: Vec<u8>,
        texts: Vec<u8>,
    }

    impl Layout {
        fn word(&mut self, n: u32) {
            self.fields.extend_from_slice(&n.to_le_bytes());
        }
        fn text(&mut self, text: &[u8]) {
            self.word(text.len() as u32);
            self.texts.extend_from_slice(text);
        }
        fn bytes(&mut self, field: Field, bytes: &[u8]) {
            self.fields.push(field as u8);
            self.word(bytes.len() as u32);
            self.fields.extend_from_slice(bytes);
        }
        fn hex(&mut self, field: Field, text: &[u8]) {
            self.fields.push(field as u8);
            self.text(text);
        }
        fn finish(self) -> Vec<u8> {
            let mut out = ((4 + self.fields.len()) as u32).to_le_bytes().to_vec();
            out.extend_from_slice(&self.fields);
            out.extend_from_slice(&self.texts);
            out
        }
    }

    /// The layout of an EIP-1559 transfer with one access-list entry, written the way the facade does.
    fn layout(to: &[u8]) -> Vec<u8> {
        let mut out = Layout::default();
        // Any order: the access list first, the type last.
        out.fields.push(Field::AccessList as u8);
        out.word(1);
        out.text(to);
        out.word(1);
        out.text(&[b'1'; 64]);
        out.bytes(Field::ChainId, &1u64.to_be_bytes());
        out.bytes(Field::MaxFeePerGas, &30_000_000_000u64.to_be_bytes());
        out.hex(Field::To, to);
        out.bytes(Field::Value, &[0, 0, 1]);
        out.bytes(Field::Type, &[2]);
        out.finish()
    }

    #[test]
    fn reads_the_input_layout_into_a_transaction() {
        let to = b"0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
        let input = layout(to);
        let mut buffer = Vec::new();
        let fields = Fields::read(&input, &mut buffer).unwrap();
        let tx = fields.transaction().unwrap();
        assert_eq!(tx.tx_type, TxType::Eip1559);
        assert_eq!(tx.chain_id, Some(1));
        assert_eq!(tx.max_fee_per_gas, Some(&[0x06, 0xfc, 0x23, 0xac, 0x00][..]));
        assert_eq!(tx.value, Some(&[1][..]));
        assert_eq!(tx.to.unwrap()[0], 0x70);
        assert_eq!(tx.access_list.unwrap().iter().next().unwrap().storage_keys.iter().next().unwrap(), &[0x11; 32]);
        let bytes = super::super::serialize(&tx).unwrap();
        let mut text = Vec::new();
        let mut lens = Vec::new();
        write(&super::super::parse(&bytes).unwrap(), &mut text, &mut lens);
        assert_eq!(lens.len(), Field::ALL.len() + 3); // the access list: count, address, key count, key
        assert_eq!(&text[..1], b"2");
    }

    #[test]
    fn lays_lists_out_as_the_rlp_payload_a_parsed_transaction_holds() {
        // Keys of every RLP string form: one byte below 0x80 (no header), one byte above, empty,
        // short, and long enough (60 bytes) for a long header; either case, with or without `0x`.
        let long = [0xabu8; 60];
        let long_text = alloc::format!("0x{}", "AB".repeat(60));
        let texts: [&[u8]; 5] = [b"0x05", b"0x80", b"0x", b"CAFE", long_text.as_bytes()];
        let keys: [&[u8]; 5] = [&[0x05], &[0x80], &[], &[0xca, 0xfe], &long];
        let address = b"0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
        let mut layout = Layout::default();
        layout.fields.push(Field::AccessList as u8);
        layout.word(2);
        for _ in 0..2 {
            layout.text(address);
            layout.word(keys.len() as u32);
            for text in texts {
                layout.text(text);
            }
        }
        layout.fields.push(Field::BlobVersionedHashes as u8);
        layout.word(keys.len() as u32);
        for text in texts {
            layout.text(text);
        }
        let input = layout.finish();
        let mut buffer = Vec::new();
        let fields = Fields::read(&input, &mut buffer).unwrap();
        let tx = fields.transaction().unwrap();
        let to = crate::hex::decode(address).unwrap();
        let mut expected = Vec::new();
        AccessList::encode(&[(&to, &keys), (&to, &keys)], &mut expected);
        assert_eq!(tx.access_list.unwrap().payload(), &expected[..]);
        let mut hashes = Vec::new();
        Strings::encode(&keys, &mut hashes);
        assert_eq!(tx.blob_versioned_hashes.unwrap().payload(), &hashes[..]);
        assert_eq!(tx.blob_versioned_hashes.unwrap().iter().collect::<Vec<_>>(), keys);
    }

    #[test]
    fn refuses_a_bad_checksum_a_truncated_layout_and_odd_hex() {
        let input = layout(b"0x70997970C51812dc3A010C7d01b50e0d17dc79c8");
        // The access list comes first in this layout, so its copy of the address is the one blamed.
        assert_eq!(Fields::read(&input, &mut Vec::new()).err().map(|e| (e.error, e.field, e.item)), Some((Error::TxInvalidAddress, Field::AccessList, 0)));
        let input = layout(b"0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
        assert_eq!(Fields::read(&input[..input.len() - 3], &mut Vec::new()).err().map(|e| e.error), Some(Error::HexInvalid));
        let mut odd = Layout::default();
        odd.hex(Field::Data, b"0xabc");
        assert_eq!(Fields::read(&odd.finish(), &mut Vec::new()).err().map(|e| (e.error, e.field)), Some((Error::HexInvalid, Field::Data)));
        let mut twice = Layout::default();
        twice.hex(Field::Data, b"0x");
        twice.hex(Field::Data, b"0x");
        assert_eq!(Fields::read(&twice.finish(), &mut Vec::new()).err().map(|e| (e.error, e.field)), Some((Error::HexInvalid, Field::Data)));
        assert_eq!(Fields::read(&[9, 0, 0, 0, 17, 0, 0, 0, 0], &mut Vec::new()).err().map(|e| e.error), Some(Error::HexInvalid));
        // A text area that starts inside the header, or past the end.
        assert_eq!(Fields::read(&[2, 0, 0, 0], &mut Vec::new()).err().map(|e| e.error), Some(Error::HexInvalid));
        assert_eq!(Fields::read(&[5, 0, 0, 0], &mut Vec::new()).err().map(|e| e.error), Some(Error::HexInvalid));
        assert!(Fields::read(&[4, 0, 0, 0], &mut Vec::new()).is_ok());
    }
}
