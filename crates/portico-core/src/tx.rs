//! Ethereum transactions: legacy (with EIP-155), EIP-2930, EIP-1559 and EIP-4844 (without blob
//! sidecars). Serialization is byte-for-byte what viem's `serializeTransaction` gives for a valid
//! transaction; parsing accepts canonical encodings only.
//!
//! A [`Transaction`] borrows every byte field, its lists included (as their RLP payload): parsing
//! points into the serialized input, and the WASM bindings point into one reused buffer of decoded
//! hex, so neither allocates.
//! Integers are big-endian byte slices; leading zeros are dropped when encoding.
//!
//! ```
//! use portico_core::tx::{self, Transaction, TxType};
//! let to = [0x11u8; 20];
//! let transfer = Transaction {
//!     tx_type: TxType::Eip1559,
//!     chain_id: Some(1),
//!     max_fee_per_gas: Some(&[0x3b, 0x9a, 0xca, 0x00]),
//!     to: Some(&to),
//!     value: Some(&[0x01]),
//!     ..Transaction::default()
//! };
//! let bytes = tx::serialize(&transfer).unwrap();
//! assert_eq!(bytes[0], 0x02);
//! let parsed = tx::parse(&bytes).unwrap();
//! assert_eq!(parsed.value, Some(&[0x01][..]));
//! assert_eq!(tx::serialize(&parsed).unwrap(), bytes);
//! ```
use alloc::vec::Vec;

use crate::rlp;
use crate::Error;

/// The transaction envelopes Portico reads and writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TxType {
    #[default]
    Legacy,
    Eip2930,
    Eip1559,
    Eip4844,
}

impl TxType {
    /// The EIP-2718 type byte (`None` for legacy).
    pub const fn type_byte(self) -> Option<u8> {
        match self {
            TxType::Legacy => None,
            TxType::Eip2930 => Some(1),
            TxType::Eip1559 => Some(2),
            TxType::Eip4844 => Some(3),
        }
    }

    /// Infers the type from which fields are present, the way viem's `getTransactionType` does.
    ///
    /// ```
    /// use portico_core::tx::{Presence, TxType};
    /// let p = Presence { gas_price: true, access_list: true, ..Presence::default() };
    /// assert_eq!(TxType::infer(&p), Ok(TxType::Eip2930));
    /// ```
    pub fn infer(present: &Presence) -> Result<TxType, Error> {
        if present.blob_versioned_hashes || present.max_fee_per_blob_gas {
            Ok(TxType::Eip4844)
        } else if present.max_fee_per_gas || present.max_priority_fee_per_gas {
            Ok(TxType::Eip1559)
        } else if present.gas_price {
            Ok(if present.access_list { TxType::Eip2930 } else { TxType::Legacy })
        } else {
            Err(Error::TxCannotInferType)
        }
    }
}

/// Which fields a caller set, for [`TxType::infer`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Presence {
    pub gas_price: bool,
    pub max_fee_per_gas: bool,
    pub max_priority_fee_per_gas: bool,
    pub max_fee_per_blob_gas: bool,
    pub access_list: bool,
    pub blob_versioned_hashes: bool,
}

/// How a field crosses the WASM boundary (see [`wire`]) and what JS type it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The transaction type: one byte, 0 (legacy) to 3 (EIP-4844).
    Type,
    /// An integer below 2^64 (a JS `number`).
    U64,
    /// An integer below 2^256 (a JS `bigint`).
    Uint,
    /// A 20-byte address, as `0x` hex text, checked strictly (EIP-55 when mixed-case).
    Address,
    /// Bytes, as `0x` hex text.
    Bytes,
    /// A list of `{ address, storageKeys }`.
    AccessList,
    /// A list of 32-byte hashes, as `0x` hex text.
    Hashes,
}

macro_rules! fields {
    ($($variant:ident = $index:literal, $name:literal, $kind:ident;)*) => {
        /// A transaction field. This list is the one definition of the field order at the WASM
        /// boundary: the discriminants are the fields' indices, the names are viem's, and the facade
        /// reads both from the bindings (`tx_fields`) instead of spelling them out again.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub enum Field {
            $($variant = $index,)*
        }

        impl Field {
            /// Every field, in boundary order.
            pub const ALL: [Field; [$($index),*].len()] = [$(Field::$variant),*];

            /// viem's name for the field.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Field::$variant => $name,)*
                }
            }

            /// How the field crosses the boundary.
            pub const fn kind(self) -> Kind {
                match self {
                    $(Field::$variant => Kind::$kind,)*
                }
            }
        }
    };
}

fields! {
    Type = 0, "type", Type;
    ChainId = 1, "chainId", U64;
    Nonce = 2, "nonce", U64;
    GasPrice = 3, "gasPrice", Uint;
    MaxFeePerGas = 4, "maxFeePerGas", Uint;
    MaxPriorityFeePerGas = 5, "maxPriorityFeePerGas", Uint;
    MaxFeePerBlobGas = 6, "maxFeePerBlobGas", Uint;
    Gas = 7, "gas", Uint;
    To = 8, "to", Address;
    Value = 9, "value", Uint;
    Data = 10, "data", Bytes;
    AccessList = 11, "accessList", AccessList;
    BlobVersionedHashes = 12, "blobVersionedHashes", Hashes;
    V = 13, "v", Uint;
    R = 14, "r", Bytes;
    S = 15, "s", Bytes;
    YParity = 16, "yParity", U64;
}

/// An error with the field (and, for lists, the item) it concerns, and, when it came from a
/// serialized input, where the offending value sits in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TxError {
    pub error: Error,
    pub field: Field,
    pub item: u32,
    /// Byte offset and length of the offending value in the parsed input (`(0, 0)` when unknown).
    pub span: (u32, u32),
}

impl TxError {
    pub const fn new(error: Error, field: Field) -> Self {
        TxError { error, field, item: 0, span: (0, 0) }
    }
    pub const fn at(error: Error, field: Field, item: usize) -> Self {
        TxError { error, field, item: item as u32, span: (0, 0) }
    }
    /// The same error, pointing at `part`, a slice of `input`.
    pub fn within(self, input: &[u8], part: &[u8]) -> Self {
        let start = (part.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize);
        if start > input.len() || input.len() - start < part.len() {
            return self;
        }
        TxError { span: (start as u32, part.len() as u32), ..self }
    }
}

/// Reads one RLP item off the front of `buf`, checking every canonical-form rule: whether it is a
/// list, and its payload. `None` at the end or at a malformed item.
fn next_item<'a>(buf: &mut &'a [u8]) -> Option<(bool, &'a [u8])> {
    let header = rlp::Header::decode(buf).ok()?;
    let (payload, rest) = buf.split_at(header.payload_length);
    *buf = rest;
    Some((header.list, payload))
}

/// [`next_item`] for the payloads the types below hold, which are well-formed by construction: no
/// canonical-form checks (iterating is on the hot path of parsing and serializing). A malformed
/// payload still cannot make it read out of bounds; it only ends the iteration early.
fn next_trusted<'a>(buf: &mut &'a [u8]) -> Option<(bool, &'a [u8])> {
    let (&first, rest) = buf.split_first()?;
    let (list, len, rest) = match first {
        0x00..=0x7f => {
            let (item, rest) = buf.split_at(1);
            *buf = rest;
            return Some((false, item));
        }
        0x80..=0xb7 => (false, (first - 0x80) as usize, rest),
        0xc0..=0xf7 => (true, (first - 0xc0) as usize, rest),
        _ => {
            let list = first >= 0xf8;
            let (length, rest) = rest.split_at_checked((first - if list { 0xf7 } else { 0xb7 }) as usize)?;
            (list, length.iter().fold(0usize, |acc, &b| acc.wrapping_shl(8) | b as usize), rest)
        }
    };
    let (payload, rest) = rest.split_at_checked(len)?;
    *buf = rest;
    Some((list, payload))
}

/// A list of byte strings (storage keys, blob hashes), held as its RLP payload: the items'
/// encodings end to end, without the list's header. A parsed transaction borrows it from the
/// input and the WASM layout reader writes it into its scratch buffer, so neither allocates per item.
///
/// ```
/// use portico_core::tx::Strings;
/// let mut payload = Vec::new();
/// Strings::encode(&[b"dog", &[0x01]], &mut payload);
/// let list = Strings::from_payload(&payload).unwrap();
/// assert_eq!(list.iter().collect::<Vec<_>>(), [&b"dog"[..], &[0x01]]);
/// assert!(Strings::from_payload(&[0xc0]).is_none()); // a list is not a string
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Strings<'a> {
    payload: &'a [u8],
}

impl<'a> Strings<'a> {
    /// Wraps a payload already known to be a sequence of canonical RLP strings.
    pub(crate) const fn trusted(payload: &'a [u8]) -> Self {
        Strings { payload }
    }

    /// Wraps `payload` if it is a sequence of canonical RLP strings.
    pub fn from_payload(payload: &'a [u8]) -> Option<Self> {
        let mut rest = payload;
        while !rest.is_empty() {
            if next_item(&mut rest)?.0 {
                return None;
            }
        }
        Some(Strings { payload })
    }

    /// Appends the payload of a list of `items`.
    pub fn encode(items: &[&[u8]], out: &mut Vec<u8>) {
        for item in items {
            rlp::encode_bytes(item, out);
        }
    }

    /// The RLP payload (the items without the list's header).
    pub const fn payload(self) -> &'a [u8] {
        self.payload
    }

    pub const fn is_empty(self) -> bool {
        self.payload.is_empty()
    }

    /// The items, in order.
    pub fn iter(self) -> impl Iterator<Item = &'a [u8]> + Clone {
        let mut rest = self.payload;
        core::iter::from_fn(move || next_trusted(&mut rest).map(|(_, payload)| payload))
    }
}

/// One access-list entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AccessListItem<'a> {
    pub address: &'a [u8],
    pub storage_keys: Strings<'a>,
}

/// An access list, held as its RLP payload (the `[address, [keys…]]` entries end to end), for the
/// same reason as [`Strings`].
///
/// ```
/// use portico_core::tx::AccessList;
/// let mut payload = Vec::new();
/// AccessList::encode(&[(&[0x11; 20], &[&[0x22; 32]])], &mut payload);
/// let list = AccessList::from_payload(&payload).unwrap();
/// let entry = list.iter().next().unwrap();
/// assert_eq!(entry.address, &[0x11; 20]);
/// assert_eq!(entry.storage_keys.iter().count(), 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AccessList<'a> {
    payload: &'a [u8],
}

impl<'a> AccessList<'a> {
    /// Wraps a payload already known to hold well-formed entries.
    pub(crate) const fn trusted(payload: &'a [u8]) -> Self {
        AccessList { payload }
    }

    /// Wraps `payload` if each of its items is a list of an address string and a list of strings.
    pub fn from_payload(payload: &'a [u8]) -> Option<Self> {
        let mut rest = payload;
        while !rest.is_empty() {
            let (true, mut entry) = next_item(&mut rest)? else { return None };
            let (false, _) = next_item(&mut entry)? else { return None };
            let (true, keys) = next_item(&mut entry)? else { return None };
            Strings::from_payload(keys)?;
            if !entry.is_empty() {
                return None;
            }
        }
        Some(AccessList { payload })
    }

    /// Appends the payload of a list of `(address, storage keys)` entries.
    pub fn encode(entries: &[(&[u8], &[&[u8]])], out: &mut Vec<u8>) {
        for (address, keys) in entries {
            let keys_length: usize = keys.iter().map(|k| rlp::bytes_length(k)).sum();
            let inner = rlp::bytes_length(address) + rlp::length_of_length(keys_length) + keys_length;
            rlp::Header { list: true, payload_length: inner }.encode(out);
            rlp::encode_bytes(address, out);
            rlp::Header { list: true, payload_length: keys_length }.encode(out);
            Strings::encode(keys, out);
        }
    }

    /// The RLP payload (the entries without the list's header).
    pub const fn payload(self) -> &'a [u8] {
        self.payload
    }

    /// The entries, in order.
    pub fn iter(self) -> impl Iterator<Item = AccessListItem<'a>> + Clone {
        let mut rest = self.payload;
        core::iter::from_fn(move || {
            let (_, mut entry) = next_trusted(&mut rest)?;
            let (_, address) = next_trusted(&mut entry)?;
            let (_, keys) = next_trusted(&mut entry)?;
            Some(AccessListItem { address, storage_keys: Strings::trusted(keys) })
        })
    }
}

/// A signature: `r`, `s` and either a legacy `v` or a `y_parity`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Signature<'a> {
    pub r: &'a [u8],
    pub s: &'a [u8],
    pub v: Option<u64>,
    pub y_parity: Option<u8>,
}

/// A transaction of any supported type; fields a type does not use stay `None`/empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transaction<'a> {
    pub tx_type: TxType,
    pub chain_id: Option<u64>,
    pub nonce: u64,
    pub gas_price: Option<&'a [u8]>,
    pub max_fee_per_gas: Option<&'a [u8]>,
    pub max_priority_fee_per_gas: Option<&'a [u8]>,
    pub max_fee_per_blob_gas: Option<&'a [u8]>,
    pub gas: Option<&'a [u8]>,
    pub to: Option<&'a [u8]>,
    pub value: Option<&'a [u8]>,
    pub data: &'a [u8],
    pub access_list: Option<AccessList<'a>>,
    pub blob_versioned_hashes: Option<Strings<'a>>,
    pub signature: Option<Signature<'a>>,
}

pub(crate) const UINT256_BYTES: usize = 32;

pub(crate) fn uint(bytes: Option<&[u8]>) -> &[u8] {
    rlp::trim_leading_zeros(bytes.unwrap_or(&[]))
}

fn is_nonzero(bytes: Option<&[u8]>) -> bool {
    !uint(bytes).is_empty()
}

/// Compares two big-endian integers.
fn uint_gt(a: &[u8], b: &[u8]) -> bool {
    let (a, b) = (rlp::trim_leading_zeros(a), rlp::trim_leading_zeros(b));
    a.len() > b.len() || (a.len() == b.len() && a > b)
}

fn check_uint256(bytes: Option<&[u8]>, field: Field) -> Result<(), TxError> {
    if uint(bytes).len() > UINT256_BYTES {
        return Err(TxError::new(Error::RlpIntegerOverflow, field));
    }
    Ok(())
}

/// Checks every rule a transaction of its type must follow (see the crate's error list).
///
/// ```
/// use portico_core::{tx::{self, Transaction, TxType, Field}, Error};
/// let bad = Transaction { tx_type: TxType::Eip1559, chain_id: Some(0), ..Transaction::default() };
/// let err = tx::validate(&bad).unwrap_err();
/// assert_eq!((err.error, err.field), (Error::TxInvalidChainId, Field::ChainId));
/// ```
pub fn validate(tx: &Transaction<'_>) -> Result<(), TxError> {
    let typed = tx.tx_type != TxType::Legacy;
    match tx.chain_id {
        Some(0) => return Err(TxError::new(Error::TxInvalidChainId, Field::ChainId)),
        None if typed => return Err(TxError::new(Error::TxInvalidChainId, Field::ChainId)),
        _ => {}
    }
    if let Some(to) = tx.to {
        if to.len() != 20 {
            return Err(TxError::new(Error::TxInvalidAddress, Field::To));
        }
    }
    for (value, field) in [
        (tx.gas, Field::Gas),
        (tx.value, Field::Value),
        (tx.max_priority_fee_per_gas, Field::MaxPriorityFeePerGas),
        (tx.max_fee_per_blob_gas, Field::MaxFeePerBlobGas),
    ] {
        check_uint256(value, field)?;
    }
    match tx.tx_type {
        TxType::Legacy | TxType::Eip2930 => {
            if is_nonzero(tx.max_fee_per_gas) || is_nonzero(tx.max_priority_fee_per_gas) {
                let field = if is_nonzero(tx.max_fee_per_gas) { Field::MaxFeePerGas } else { Field::MaxPriorityFeePerGas };
                return Err(TxError::new(Error::TxFeeFieldsNotAllowed, field));
            }
            if uint(tx.gas_price).len() > UINT256_BYTES {
                return Err(TxError::new(Error::TxGasPriceTooHigh, Field::GasPrice));
            }
        }
        TxType::Eip1559 | TxType::Eip4844 => {
            if uint(tx.max_fee_per_gas).len() > UINT256_BYTES {
                return Err(TxError::new(Error::TxFeeCapTooHigh, Field::MaxFeePerGas));
            }
            if let (Some(tip), Some(cap)) = (tx.max_priority_fee_per_gas, tx.max_fee_per_gas) {
                if uint_gt(tip, cap) {
                    return Err(TxError::new(Error::TxTipAboveFeeCap, Field::MaxPriorityFeePerGas));
                }
            }
        }
    }
    if typed {
        validate_access_list(tx.access_list.unwrap_or_default())?;
    }
    if tx.tx_type == TxType::Eip4844 {
        validate_blob_hashes(tx.blob_versioned_hashes.unwrap_or_default())?;
        if tx.to.is_none() {
            return Err(TxError::new(Error::TxMissingTo, Field::To));
        }
    }
    if let Some(signature) = &tx.signature {
        check_uint256(Some(signature.r), Field::R)?;
        check_uint256(Some(signature.s), Field::S)?;
        if typed {
            typed_y_parity(signature)?;
        } else {
            legacy_v(signature, tx.chain_id)?;
        }
    }
    Ok(())
}

fn validate_access_list(list: AccessList<'_>) -> Result<(), TxError> {
    for (i, item) in list.iter().enumerate() {
        if item.address.len() != 20 {
            return Err(TxError::at(Error::TxInvalidAddress, Field::AccessList, i));
        }
        if item.storage_keys.iter().any(|key| key.len() != 32) {
            return Err(TxError::at(Error::TxInvalidStorageKeySize, Field::AccessList, i));
        }
    }
    Ok(())
}

fn validate_blob_hashes(hashes: Strings<'_>) -> Result<(), TxError> {
    if hashes.is_empty() {
        return Err(TxError::new(Error::TxEmptyBlobHashes, Field::BlobVersionedHashes));
    }
    for (i, hash) in hashes.iter().enumerate() {
        if hash.len() != 32 {
            return Err(TxError::at(Error::TxInvalidBlobHashSize, Field::BlobVersionedHashes, i));
        }
        if hash[0] != 0x01 {
            return Err(TxError::at(Error::TxInvalidBlobHashVersion, Field::BlobVersionedHashes, i));
        }
    }
    Ok(())
}

/// The y parity of a typed transaction's signature: `yParity` 0/1, or `v` 0/1/27/28.
pub(crate) fn typed_y_parity(signature: &Signature<'_>) -> Result<u8, TxError> {
    match (signature.y_parity, signature.v) {
        (Some(p @ (0 | 1)), _) => Ok(p),
        (Some(_), _) => Err(TxError::new(Error::TxInvalidYParity, Field::YParity)),
        (None, Some(v @ (0 | 1))) => Ok(v as u8),
        (None, Some(27)) => Ok(0),
        (None, Some(28)) => Ok(1),
        (None, _) => Err(TxError::new(Error::TxInvalidYParity, Field::V)),
    }
}

/// The `v` a legacy signature is serialized with (EIP-155 when a chain id is known).
pub(crate) fn legacy_v(signature: &Signature<'_>, chain_id: Option<u64>) -> Result<u64, TxError> {
    let invalid = TxError::new(Error::TxInvalidLegacyV, Field::V);
    let v = match (signature.v, signature.y_parity) {
        (Some(v), _) => v,
        (None, Some(p @ (0 | 1))) => 27 + p as u64,
        (None, Some(_)) => return Err(TxError::new(Error::TxInvalidYParity, Field::YParity)),
        (None, None) => return Err(invalid),
    };
    if v >= 35 {
        let inferred = (v - 35) / 2;
        if inferred == 0 {
            return Ok(if v == 35 { 27 } else { 28 });
        }
        return match chain_id {
            Some(id) if id != inferred => Err(invalid),
            _ => Ok(v),
        };
    }
    if v != 27 && v != 28 {
        return Err(invalid);
    }
    match chain_id {
        Some(id) if id > 0 => id
            .checked_mul(2)
            .and_then(|x| x.checked_add(35 + v - 27))
            .ok_or(TxError::new(Error::TxInvalidChainId, Field::ChainId)),
        _ => Ok(v),
    }
}

mod parse;
mod serialize;
pub mod wire;

pub use parse::parse;
pub use serialize::{serialize, serialize_into};

#[cfg(test)]
mod tests;
