//! Writing a message in the wire layout: what [`super::parse_message`] reads, byte for byte.
use alloc::vec::Vec;

use super::compact_u16;
use super::{Message, Version, KEY_BYTES};

/// The message's bytes (for a parsed message, exactly its input).
pub fn serialize_message(message: &Message<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(256);
    serialize_message_into(message, &mut out);
    out
}

/// Appends the message's bytes to `out`. Lists longer than 65535 are cut there (no message that
/// long fits a transaction; [`super::parse_message`] refuses the result).
pub fn serialize_message_into(message: &Message<'_>, out: &mut Vec<u8>) {
    let count = |len: usize, out: &mut Vec<u8>| compact_u16::encode(len.min(u16::MAX as usize) as u16, out);
    let counted = |bytes: &[u8], out: &mut Vec<u8>| {
        let bytes = &bytes[..bytes.len().min(u16::MAX as usize)];
        count(bytes.len(), out);
        out.extend_from_slice(bytes);
    };
    if message.version == Version::V0 {
        out.push(0x80);
    }
    let header = &message.header;
    out.extend_from_slice(&[header.num_required_signatures, header.num_readonly_signed_accounts, header.num_readonly_unsigned_accounts]);
    let keys = message.account_keys.len().min(u16::MAX as usize);
    count(keys, out);
    out.extend_from_slice(&message.account_keys.0[..keys * KEY_BYTES]);
    out.extend_from_slice(message.recent_blockhash);
    count(message.instructions.len(), out);
    for ix in message.instructions.iter().take(u16::MAX as usize) {
        out.push(ix.program_id_index);
        counted(ix.accounts, out);
        counted(ix.data, out);
    }
    if message.version == Version::V0 {
        count(message.address_table_lookups.len(), out);
        for lookup in message.address_table_lookups.iter().take(u16::MAX as usize) {
            out.extend_from_slice(lookup.account_key);
            counted(lookup.writable_indexes, out);
            counted(lookup.readonly_indexes, out);
        }
    }
}
