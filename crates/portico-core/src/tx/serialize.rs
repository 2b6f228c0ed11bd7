//! Writing transactions: the RLP list of each envelope, byte-identical to viem's.
use alloc::vec::Vec;

use super::{legacy_v, typed_y_parity, uint, validate, Transaction, TxError, TxType};
use crate::rlp::{self, Header};

/// The longest list header: a prefix byte and an 8-byte length.
const MAX_HEADER: usize = 9;

/// Appends a list given as its payload (an access list, blob hashes).
fn encode_list(payload: &[u8], out: &mut Vec<u8>) {
    Header { list: true, payload_length: payload.len() }.encode(out);
    out.extend_from_slice(payload);
}

/// Appends the items of the transaction's RLP list, each straight to `out`.
fn encode_items(tx: &Transaction<'_>, out: &mut Vec<u8>) -> Result<(), TxError> {
    let to = tx.to.unwrap_or(&[]);
    let typed = tx.tx_type != TxType::Legacy;
    if typed {
        rlp::encode_u64(tx.chain_id.unwrap_or(0), out);
    }
    rlp::encode_u64(tx.nonce, out);
    match tx.tx_type {
        TxType::Legacy | TxType::Eip2930 => rlp::encode_uint(uint(tx.gas_price), out),
        TxType::Eip1559 | TxType::Eip4844 => {
            rlp::encode_uint(uint(tx.max_priority_fee_per_gas), out);
            rlp::encode_uint(uint(tx.max_fee_per_gas), out);
        }
    }
    rlp::encode_uint(uint(tx.gas), out);
    rlp::encode_bytes(to, out);
    rlp::encode_uint(uint(tx.value), out);
    rlp::encode_bytes(tx.data, out);
    if typed {
        encode_list(tx.access_list.unwrap_or_default().payload(), out);
    }
    if tx.tx_type == TxType::Eip4844 {
        rlp::encode_uint(uint(tx.max_fee_per_blob_gas), out);
        encode_list(tx.blob_versioned_hashes.unwrap_or_default().payload(), out);
    }
    match (&tx.signature, typed) {
        (Some(signature), _) => {
            let v = if typed { typed_y_parity(signature)? as u64 } else { legacy_v(signature, tx.chain_id)? };
            rlp::encode_u64(v, out);
            rlp::encode_uint(signature.r, out);
            rlp::encode_uint(signature.s, out);
        }
        // EIP-155 unsigned: the chain id, then two empty strings.
        (None, false) => {
            if let Some(chain_id) = tx.chain_id {
                rlp::encode_u64(chain_id, out);
                out.extend_from_slice(&[0x80, 0x80]);
            }
        }
        (None, true) => {}
    }
    Ok(())
}

/// Validates, then appends the serialized transaction (type byte and RLP list) to `out`.
///
/// The items are written first, after room for the longest list header; the header then goes in
/// front of them and the items move up to it (one copy, instead of measuring every item first).
pub fn serialize_into(tx: &Transaction<'_>, out: &mut Vec<u8>) -> Result<(), TxError> {
    validate(tx)?;
    if let Some(byte) = tx.tx_type.type_byte() {
        out.push(byte);
    }
    let header_at = out.len();
    out.extend_from_slice(&[0; MAX_HEADER]);
    let items_at = out.len();
    if let Err(e) = encode_items(tx, out) {
        out.truncate(header_at);
        return Err(e);
    }
    let payload = out.len() - items_at;
    let length = payload.to_be_bytes();
    let skip = length.iter().take_while(|&&b| b == 0).count();
    let header_length = if payload < 56 { 1 } else { 1 + length.len() - skip };
    let start = items_at - header_length;
    if payload < 56 {
        out[start] = 0xc0 + payload as u8;
    } else {
        out[start] = 0xf7 + (length.len() - skip) as u8;
        out[start + 1..items_at].copy_from_slice(&length[skip..]);
    }
    out.copy_within(start.., header_at);
    out.truncate(header_at + header_length + payload);
    Ok(())
}

/// Validates and serializes a transaction.
pub fn serialize(tx: &Transaction<'_>) -> Result<Vec<u8>, TxError> {
    let mut out = Vec::new();
    serialize_into(tx, &mut out)?;
    Ok(out)
}
