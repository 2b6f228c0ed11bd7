//! The text form transactions cross the boundary in.
//!
//! **Into WASM** (`Decoded::new`): the facade lays every field's text end to end in `text` and
//! gives the length of each in `lens`, in [`Field`] order; `ABSENT` marks a field that is not
//! set. Integers are hex digits (`bigint.toString(16)`), byte fields are hex with or without `0x`.
//! Two fields are lists: at `AccessList` come the entry count (or `ABSENT`), then per entry the
//! address length, the key count and each key's length; at `BlobVersionedHashes` the count, then
//! each hash's length. Lengths, not separators, delimit the parts, so no value can spill into the
//! next.
//!
//! **Out of WASM** ([`format`]): one line, fields in [`Field`] order joined by `,`, integers and
//! bytes as lowercase hex without `0x` (empty for zero / empty), an absent field empty; the access
//! list as `address:key:key;address`, hashes joined by `:`. Hex never holds `,` `:` or `;`.
use portico_core::tx::{AccessListItem, Field, Presence, Signature, Transaction, TxError, TxType};
use portico_core::{address, hex, Error};

const ABSENT: u32 = u32::MAX;
const FIELDS: usize = 17;

/// The fields of one transaction, hex-decoded into a single buffer.
pub struct Decoded {
    buffer: Vec<u8>,
    /// Byte range in `buffer` of each scalar field, if present.
    scalars: [Option<(usize, usize)>; FIELDS],
    /// Access list entries: address range and key ranges.
    access_list: Option<Vec<((usize, usize), Vec<(usize, usize)>)>>,
    hashes: Option<Vec<(usize, usize)>>,
    explicit_type: Option<TxType>,
}

struct Reader<'t> {
    text: &'t str,
    lens: &'t [u32],
    text_at: usize,
    lens_at: usize,
}

impl<'t> Reader<'t> {
    fn len(&mut self, field: Field) -> Result<u32, TxError> {
        let len = *self.lens.get(self.lens_at).ok_or(TxError::new(Error::HexInvalid, field))?;
        self.lens_at += 1;
        Ok(len)
    }

    fn part(&mut self, len: u32, field: Field) -> Result<&'t str, TxError> {
        let end = self.text_at + len as usize;
        let part = self.text.get(self.text_at..end).ok_or(TxError::new(Error::HexInvalid, field))?;
        self.text_at = end;
        Ok(part)
    }
}

fn strip_0x(text: &str) -> &str {
    text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")).unwrap_or(text)
}

/// Appends the bytes of a hex text (an odd count of digits is allowed only for integers, and is
/// read with a leading zero) and returns their range.
fn push_hex(buffer: &mut Vec<u8>, text: &str, integer: bool, field: Field, item: usize) -> Result<(usize, usize), TxError> {
    let digits = strip_0x(text).as_bytes();
    let bad = TxError::at(Error::HexInvalid, field, item);
    if digits.len() % 2 == 1 && !integer {
        return Err(bad);
    }
    let start = buffer.len();
    let (first, rest) = if digits.len() % 2 == 1 { digits.split_at(1) } else { (&digits[..0], digits) };
    if let [d] = first {
        buffer.push(hex::decode_nibble(*d).ok_or(bad)?);
    }
    for pair in rest.chunks_exact(2) {
        let hi = hex::decode_nibble(pair[0]).ok_or(bad)?;
        let lo = hex::decode_nibble(pair[1]).ok_or(bad)?;
        buffer.push(hi << 4 | lo);
    }
    Ok((start, buffer.len()))
}

const INTEGER_FIELDS: [Field; 10] = [
    Field::ChainId,
    Field::Nonce,
    Field::GasPrice,
    Field::MaxFeePerGas,
    Field::MaxPriorityFeePerGas,
    Field::MaxFeePerBlobGas,
    Field::Gas,
    Field::Value,
    Field::V,
    Field::YParity,
];

fn field_at(index: usize) -> Field {
    const ORDER: [Field; FIELDS] = [
        Field::Type,
        Field::ChainId,
        Field::Nonce,
        Field::GasPrice,
        Field::MaxFeePerGas,
        Field::MaxPriorityFeePerGas,
        Field::MaxFeePerBlobGas,
        Field::Gas,
        Field::To,
        Field::Value,
        Field::Data,
        Field::AccessList,
        Field::BlobVersionedHashes,
        Field::V,
        Field::R,
        Field::S,
        Field::YParity,
    ];
    ORDER[index]
}

impl Decoded {
    pub fn new(text: &str, lens: &[u32]) -> Result<Decoded, TxError> {
        let mut reader = Reader { text, lens, text_at: 0, lens_at: 0 };
        let mut buffer = Vec::with_capacity(text.len() / 2 + FIELDS);
        let mut scalars = [None; FIELDS];
        let mut access_list = None;
        let mut hashes = None;
        let mut explicit_type = None;
        for (index, slot) in scalars.iter_mut().enumerate() {
            let field = field_at(index);
            let len = reader.len(field)?;
            if len == ABSENT {
                continue;
            }
            match field {
                Field::Type => {
                    explicit_type = Some(match reader.part(len, field)? {
                        "0" => TxType::Legacy,
                        "1" => TxType::Eip2930,
                        "2" => TxType::Eip1559,
                        "3" => TxType::Eip4844,
                        _ => return Err(TxError::new(Error::TxInvalidSerializedType, field)),
                    });
                }
                Field::AccessList => {
                    let mut entries = Vec::with_capacity(len as usize);
                    for item in 0..len as usize {
                        let address_len = reader.len(field)?;
                        let address_text = reader.part(address_len, field)?;
                        if !address::is_evm(address_text.as_bytes(), true) || !address_text.starts_with("0x") {
                            return Err(TxError::at(Error::TxInvalidAddress, field, item));
                        }
                        let address = push_hex(&mut buffer, address_text, false, field, item)?;
                        let key_count = reader.len(field)?;
                        let mut keys = Vec::with_capacity(key_count as usize);
                        for _ in 0..key_count {
                            let key_len = reader.len(field)?;
                            let key = reader.part(key_len, field)?;
                            keys.push(push_hex(&mut buffer, key, false, field, item)?);
                        }
                        entries.push((address, keys));
                    }
                    access_list = Some(entries);
                }
                Field::BlobVersionedHashes => {
                    let mut list = Vec::with_capacity(len as usize);
                    for item in 0..len as usize {
                        let hash_len = reader.len(field)?;
                        let hash = reader.part(hash_len, field)?;
                        list.push(push_hex(&mut buffer, hash, false, field, item)?);
                    }
                    hashes = Some(list);
                }
                _ => {
                    let part = reader.part(len, field)?;
                    if field == Field::To && (!address::is_evm(part.as_bytes(), true)) {
                        return Err(TxError::new(Error::TxInvalidAddress, field));
                    }
                    *slot = Some(push_hex(&mut buffer, part, INTEGER_FIELDS.contains(&field), field, 0)?);
                }
            }
        }
        Ok(Decoded { buffer, scalars, access_list, hashes, explicit_type })
    }

    fn present(&self, field: Field) -> bool {
        self.scalars[field as usize].is_some()
    }

    pub fn tx_type(&self) -> Result<TxType, TxError> {
        if let Some(t) = self.explicit_type {
            return Ok(t);
        }
        let presence = Presence {
            gas_price: self.present(Field::GasPrice),
            max_fee_per_gas: self.present(Field::MaxFeePerGas),
            max_priority_fee_per_gas: self.present(Field::MaxPriorityFeePerGas),
            max_fee_per_blob_gas: self.present(Field::MaxFeePerBlobGas),
            access_list: self.access_list.is_some(),
            blob_versioned_hashes: self.hashes.is_some(),
        };
        TxType::infer(&presence).map_err(|e| TxError::new(e, Field::Type))
    }

    fn bytes(&self, field: Field) -> Option<&[u8]> {
        self.scalars[field as usize].map(|(a, b)| &self.buffer[a..b])
    }

    fn small(&self, field: Field, max_bytes: usize, error: Error) -> Result<Option<u64>, TxError> {
        let Some(bytes) = self.bytes(field) else { return Ok(None) };
        let bytes = portico_core::rlp::trim_leading_zeros(bytes);
        if bytes.len() > max_bytes {
            return Err(TxError::new(error, field));
        }
        Ok(Some(bytes.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64)))
    }

    /// The transaction these fields describe (not yet validated).
    pub fn transaction(&self) -> Result<Transaction<'_>, TxError> {
        let range = |(a, b): (usize, usize)| &self.buffer[a..b];
        let r = self.bytes(Field::R);
        let s = self.bytes(Field::S);
        let v = self.small(Field::V, 8, Error::TxInvalidLegacyV)?;
        let y_parity = self.small(Field::YParity, 1, Error::TxInvalidYParity)?;
        let signature = match (r, s, v.is_some() || y_parity.is_some()) {
            (Some(r), Some(s), true) => Some(Signature { r, s, v, y_parity: y_parity.map(|p| p as u8) }),
            (None, None, false) => None,
            _ => return Err(TxError::new(Error::TxIncompleteSignature, if r.is_none() { Field::R } else if s.is_none() { Field::S } else { Field::V })),
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
            access_list: self.access_list.as_ref().map(|entries| {
                entries
                    .iter()
                    .map(|(address, keys)| AccessListItem {
                        address: range(*address),
                        storage_keys: keys.iter().map(|k| range(*k)).collect(),
                    })
                    .collect()
            }),
            blob_versioned_hashes: self.hashes.as_ref().map(|list| list.iter().map(|h| range(*h)).collect()),
            signature,
        })
    }
}

fn push_hex_text(out: &mut Vec<u8>, bytes: &[u8]) {
    let start = out.len();
    out.resize(start + bytes.len() * 2, 0);
    hex::encode_into(bytes, &mut out[start..]);
}

/// The field line of a parsed transaction (see the module docs). The type is its digit; the
/// signature's `v`/`yParity` are decimal-free hex like every integer.
pub fn format(tx: &Transaction<'_>) -> String {
    let mut out = Vec::with_capacity(64 + tx.data.len() * 2);
    let opt = |out: &mut Vec<u8>, bytes: Option<&[u8]>| {
        if let Some(b) = bytes {
            push_hex_text(out, b)
        }
    };
    let u64_hex = |out: &mut Vec<u8>, v: u64| {
        push_hex_text(out, portico_core::rlp::trim_leading_zeros(&v.to_be_bytes()));
    };
    out.push(b'0' + tx.tx_type as u8);
    out.push(b',');
    if let Some(id) = tx.chain_id {
        u64_hex(&mut out, id);
    }
    out.push(b',');
    u64_hex(&mut out, tx.nonce);
    for bytes in [tx.gas_price, tx.max_fee_per_gas, tx.max_priority_fee_per_gas, tx.max_fee_per_blob_gas, tx.gas, tx.to, tx.value] {
        out.push(b',');
        opt(&mut out, bytes);
    }
    out.push(b',');
    push_hex_text(&mut out, tx.data);
    out.push(b',');
    for (i, item) in tx.access_list.iter().flatten().enumerate() {
        if i > 0 {
            out.push(b';');
        }
        push_hex_text(&mut out, item.address);
        for key in &item.storage_keys {
            out.push(b':');
            push_hex_text(&mut out, key);
        }
    }
    out.push(b',');
    for (i, hash) in tx.blob_versioned_hashes.iter().flatten().enumerate() {
        if i > 0 {
            out.push(b':');
        }
        push_hex_text(&mut out, hash);
    }
    out.push(b',');
    if let Some(sig) = &tx.signature {
        if let Some(v) = sig.v {
            u64_hex(&mut out, v);
        }
        out.push(b',');
        push_hex_text(&mut out, sig.r);
        out.push(b',');
        push_hex_text(&mut out, sig.s);
        out.push(b',');
        if let Some(p) = sig.y_parity {
            out.push(b'0' + p);
        }
    } else {
        out.extend_from_slice(b",,,");
    }
    String::from_utf8(out).unwrap_or_default()
}
