//! Writing transactions: the RLP list of each envelope, byte-identical to viem's.
use alloc::vec::Vec;

use super::{legacy_v, typed_y_parity, uint, validate, AccessListItem, Transaction, TxError, TxType};
use crate::rlp::{self, Header};

/// One item of a transaction's RLP list.
enum Item<'t, 'a> {
    Uint(&'a [u8]),
    U64(u64),
    Bytes(&'a [u8]),
    AccessList(&'t [AccessListItem<'a>]),
    Hashes(&'t [&'a [u8]]),
}

impl Item<'_, '_> {
    fn length(&self) -> usize {
        match self {
            Item::Uint(b) => rlp::bytes_length(rlp::trim_leading_zeros(b)),
            Item::U64(v) => rlp::u64_length(*v),
            Item::Bytes(b) => rlp::bytes_length(b),
            Item::AccessList(list) => {
                let payload: usize = list.iter().map(access_list_item_length).sum();
                rlp::length_of_length(payload) + payload
            }
            Item::Hashes(hashes) => {
                let payload: usize = hashes.iter().map(|h| rlp::bytes_length(h)).sum();
                rlp::length_of_length(payload) + payload
            }
        }
    }

    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Item::Uint(b) => rlp::encode_uint(b, out),
            Item::U64(v) => rlp::encode_u64(*v, out),
            Item::Bytes(b) => rlp::encode_bytes(b, out),
            Item::AccessList(list) => {
                let payload = list.iter().map(access_list_item_length).sum();
                Header { list: true, payload_length: payload }.encode(out);
                for item in list.iter() {
                    let keys: usize = item.storage_keys.iter().map(|k| rlp::bytes_length(k)).sum();
                    let inner = rlp::bytes_length(item.address) + rlp::length_of_length(keys) + keys;
                    Header { list: true, payload_length: inner }.encode(out);
                    rlp::encode_bytes(item.address, out);
                    Header { list: true, payload_length: keys }.encode(out);
                    for key in &item.storage_keys {
                        rlp::encode_bytes(key, out);
                    }
                }
            }
            Item::Hashes(hashes) => {
                let payload = hashes.iter().map(|h| rlp::bytes_length(h)).sum();
                Header { list: true, payload_length: payload }.encode(out);
                for hash in hashes.iter() {
                    rlp::encode_bytes(hash, out);
                }
            }
        }
    }
}

fn access_list_item_length(item: &AccessListItem<'_>) -> usize {
    let keys: usize = item.storage_keys.iter().map(|k| rlp::bytes_length(k)).sum();
    let inner = rlp::bytes_length(item.address) + rlp::length_of_length(keys) + keys;
    rlp::length_of_length(inner) + inner
}

/// Validates, then appends the serialized transaction (type byte and RLP list) to `out`.
pub fn serialize_into(tx: &Transaction<'_>, out: &mut Vec<u8>) -> Result<(), TxError> {
    validate(tx)?;
    let mut items: [Option<Item<'_, '_>>; 14] = Default::default();
    let mut n = 0;
    let mut push = |item| {
        items[n] = Some(item);
        n += 1;
    };
    let to = tx.to.unwrap_or(&[]);
    let access_list = tx.access_list.as_deref().unwrap_or(&[]);
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
                Item::AccessList(access_list),
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
                Item::AccessList(access_list),
            ] {
                push(item);
            }
            if tx.tx_type == TxType::Eip4844 {
                push(Item::Uint(uint(tx.max_fee_per_blob_gas)));
                push(Item::Hashes(tx.blob_versioned_hashes.as_deref().unwrap_or(&[])));
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

