//! Writing transactions: the RLP list of each envelope, byte-identical to viem's.
use alloc::vec::Vec;

use super::{legacy_v, typed_y_parity, uint, validate, Transaction, TxError, TxType};
use crate::rlp::{self, Header};

/// One item of a transaction's RLP list.
enum Item<'a> {
    Uint(&'a [u8]),
    U64(u64),
    Bytes(&'a [u8]),
    /// A list, as its payload ([`super::AccessList`], [`super::Strings`]).
    List(&'a [u8]),
}

impl Item<'_> {
    fn length(&self) -> usize {
        match self {
            Item::Uint(b) => rlp::bytes_length(rlp::trim_leading_zeros(b)),
            Item::U64(v) => rlp::u64_length(*v),
            Item::Bytes(b) => rlp::bytes_length(b),
            Item::List(payload) => rlp::length_of_length(payload.len()) + payload.len(),
        }
    }

    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Item::Uint(b) => rlp::encode_uint(b, out),
            Item::U64(v) => rlp::encode_u64(*v, out),
            Item::Bytes(b) => rlp::encode_bytes(b, out),
            Item::List(payload) => {
                Header { list: true, payload_length: payload.len() }.encode(out);
                out.extend_from_slice(payload);
            }
        }
    }
}

/// Validates, then appends the serialized transaction (type byte and RLP list) to `out`.
pub fn serialize_into(tx: &Transaction<'_>, out: &mut Vec<u8>) -> Result<(), TxError> {
    validate(tx)?;
    let mut items: [Option<Item<'_>>; 14] = Default::default();
    let mut n = 0;
    let mut push = |item| {
        items[n] = Some(item);
        n += 1;
    };
    let to = tx.to.unwrap_or(&[]);
    let access_list = tx.access_list.unwrap_or_default().payload();
    match tx.tx_type {
        TxType::Legacy => {
            for item in [
                Item::U64(tx.nonce),
                Item::Uint(uint(tx.gas_price)),
                Item::Uint(uint(tx.gas)),
                Item::Bytes(to),
                Item::Uint(uint(tx.value)),
                Item::Bytes(tx.data),
            ] {
                push(item);
            }
            if let Some(signature) = &tx.signature {
                push(Item::U64(legacy_v(signature, tx.chain_id)?));
                push(Item::Uint(signature.r));
                push(Item::Uint(signature.s));
            } else if let Some(chain_id) = tx.chain_id {
                push(Item::U64(chain_id));
                push(Item::Bytes(&[]));
                push(Item::Bytes(&[]));
            }
        }
        TxType::Eip2930 => {
            for item in [
                Item::U64(tx.chain_id.unwrap_or(0)),
                Item::U64(tx.nonce),
                Item::Uint(uint(tx.gas_price)),
                Item::Uint(uint(tx.gas)),
                Item::Bytes(to),
                Item::Uint(uint(tx.value)),
                Item::Bytes(tx.data),
                Item::List(access_list),
            ] {
                push(item);
            }
        }
        TxType::Eip1559 | TxType::Eip4844 => {
            for item in [
                Item::U64(tx.chain_id.unwrap_or(0)),
                Item::U64(tx.nonce),
                Item::Uint(uint(tx.max_priority_fee_per_gas)),
                Item::Uint(uint(tx.max_fee_per_gas)),
                Item::Uint(uint(tx.gas)),
                Item::Bytes(to),
                Item::Uint(uint(tx.value)),
                Item::Bytes(tx.data),
                Item::List(access_list),
            ] {
                push(item);
            }
            if tx.tx_type == TxType::Eip4844 {
                push(Item::Uint(uint(tx.max_fee_per_blob_gas)));
                push(Item::List(tx.blob_versioned_hashes.unwrap_or_default().payload()));
            }
        }
    }
    if tx.tx_type != TxType::Legacy {
        if let Some(signature) = &tx.signature {
            push(Item::U64(typed_y_parity(signature)? as u64));
            push(Item::Uint(signature.r));
            push(Item::Uint(signature.s));
        }
    }
    let items = &items[..n];
    let payload: usize = items.iter().flatten().map(Item::length).sum();
    out.reserve(2 + rlp::length_of_length(payload) + payload);
    if let Some(byte) = tx.tx_type.type_byte() {
        out.push(byte);
    }
    Header { list: true, payload_length: payload }.encode(out);
    for item in items.iter().flatten() {
        item.encode(out);
    }
    Ok(())
}

/// Validates and serializes a transaction.
pub fn serialize(tx: &Transaction<'_>) -> Result<Vec<u8>, TxError> {
    let mut out = Vec::new();
    serialize_into(tx, &mut out)?;
    Ok(out)
}

