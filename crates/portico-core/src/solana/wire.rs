//! The layout Solana messages cross the WASM boundary in, both ways.
//!
//! **Out** ([`write_message`], [`write_transaction`], [`write_described`]): `u32`s on a tape, and
//! the base58 text of every key end to end in `text`. Byte lists (instruction accounts and data,
//! lookup indexes, signatures) are not copied: the tape gives their offset and length in the input,
//! which the facade still holds. A message is:
//! `version` ([`LEGACY`] or 0), the three header counts, the key count and each key's text length,
//! the blockhash's text length, the instruction count and per instruction
//! `[programIdIndex, accountsAt, accountsLen, dataAt, dataLen]`, the lookup count and per lookup
//! `[keyTextLength, writableAt, writableLen, readonlyAt, readonlyLen]`. A transaction puts
//! `[signatureCount, signaturesAt]` before its message.
//!
//! **In** ([`read_message`], for a message the facade holds as an object): the version byte
//! ([`LEGACY`] as `0xff`, or 0), the three header bytes, then `u32` (little-endian) counts:
//! the key count and per key its text length and base58 text; the blockhash's length and text; the
//! instruction count and per instruction its program index (`u32`), its account count and account
//! bytes, its data length and data; the lookup count and per lookup its key (length and text), its
//! writable count and bytes, its read-only count and bytes.
use alloc::vec::Vec;

use super::compact_u16::encode as encode_compact_u16;
use super::describe::Described;
use super::{Message, Part, SolanaError, Transaction, Version, KEY_BYTES};
use crate::{base58, Error};

/// The version word of a legacy message on the tape (and `0xff` in the input layout).
pub const LEGACY: u32 = u32::MAX;

/// Describes each instruction on the tape: a kind, then its fields. Kinds:
/// 0 unknown; 1 system transfer `[from, to, lamportsLow, lamportsHigh]`;
/// 2 SPL transfer `[source, destination, authority, amountLow, amountHigh]`;
/// 3 SPL transferChecked `[source, mint, destination, authority, amountLow, amountHigh, decimals]`.
pub fn write_described(described: Described, tape: &mut Vec<u32>) {
    let split = |v: u64| [v as u32, (v >> 32) as u32];
    match described {
        Described::Unknown => tape.push(0),
        Described::SystemTransfer { from, to, lamports } => {
            tape.extend_from_slice(&[1, from as u32, to as u32]);
            tape.extend_from_slice(&split(lamports));
        }
        Described::SplTransfer { source, destination, authority, amount } => {
            tape.extend_from_slice(&[2, source as u32, destination as u32, authority as u32]);
            tape.extend_from_slice(&split(amount));
        }
        Described::SplTransferChecked { source, mint, destination, authority, amount, decimals } => {
            tape.extend_from_slice(&[3, source as u32, mint as u32, destination as u32, authority as u32]);
            tape.extend_from_slice(&split(amount));
            tape.push(decimals as u32);
        }
    }
}

/// Writes a parsed transaction: its signatures' place in `input`, then its message.
pub fn write_transaction(tx: &Transaction<'_>, input: &[u8], text: &mut Vec<u8>, tape: &mut Vec<u32>) {
    tape.extend_from_slice(&[tx.signature_count() as u32, offset(input, tx.signatures)]);
    write_message(&tx.message, input, text, tape);
}

/// Writes a message parsed from `input` (see the module docs).
pub fn write_message(message: &Message<'_>, input: &[u8], text: &mut Vec<u8>, tape: &mut Vec<u32>) {
    let span = |bytes: &[u8], tape: &mut Vec<u32>| tape.extend_from_slice(&[offset(input, bytes), bytes.len() as u32]);
    let key = |key: &[u8], text: &mut Vec<u8>, tape: &mut Vec<u32>| {
        let before = text.len();
        // 32 bytes are far under base58's cap: this cannot fail.
        let _ = base58::encode_into(key, text);
        tape.push((text.len() - before) as u32);
    };
    let h = &message.header;
    tape.extend_from_slice(&[
        if message.version == Version::Legacy { LEGACY } else { 0 },
        h.num_required_signatures as u32,
        h.num_readonly_signed_accounts as u32,
        h.num_readonly_unsigned_accounts as u32,
        message.account_keys.len() as u32,
    ]);
    text.reserve(44 * (message.account_keys.len() + 1 + message.address_table_lookups.len()));
    for k in message.account_keys.iter() {
        key(k, text, tape);
    }
    key(message.recent_blockhash, text, tape);
    tape.push(message.instructions.len() as u32);
    for ix in &message.instructions {
        tape.push(ix.program_id_index as u32);
        span(ix.accounts, tape);
        span(ix.data, tape);
    }
    tape.push(message.address_table_lookups.len() as u32);
    for lookup in &message.address_table_lookups {
        key(lookup.account_key, text, tape);
        span(lookup.writable_indexes, tape);
        span(lookup.readonly_indexes, tape);
    }
}

fn offset(input: &[u8], part: &[u8]) -> u32 {
    (part.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize).min(input.len()) as u32
}

struct Reader<'i> {
    input: &'i [u8],
}

impl<'i> Reader<'i> {
    fn take(&mut self, len: usize, part: Part) -> Result<&'i [u8], SolanaError> {
        if len > self.input.len() {
            return Err(SolanaError::new(Error::SolanaTruncated, part, 0));
        }
        let (taken, rest) = self.input.split_at(len);
        self.input = rest;
        Ok(taken)
    }

    fn u32(&mut self, part: Part) -> Result<usize, SolanaError> {
        let word = self.take(4, part)?;
        Ok(u32::from_le_bytes([word[0], word[1], word[2], word[3]]) as usize)
    }

    /// A `u32` count, written to `out` as a compact-u16.
    fn count(&mut self, out: &mut Vec<u8>, part: Part) -> Result<usize, SolanaError> {
        let count = self.u32(part)?;
        let Ok(short) = u16::try_from(count) else {
            // No list that long fits a transaction.
            return Err(SolanaError::new(Error::SolanaTooLarge, part, 0).value(count));
        };
        encode_compact_u16(short, out);
        Ok(count)
    }

    /// A counted byte list, copied to `out` after its compact-u16 length.
    fn counted(&mut self, out: &mut Vec<u8>, part: Part) -> Result<(), SolanaError> {
        let len = self.count(out, part)?;
        out.extend_from_slice(self.take(len, part)?);
        Ok(())
    }

    /// A key's base58 text, decoded onto `out`: exactly 32 bytes.
    fn key(&mut self, out: &mut Vec<u8>, part: Part, item: usize) -> Result<(), SolanaError> {
        let len = self.u32(part)?;
        let text = self.take(len, part)?;
        let start = out.len();
        let bad = SolanaError::new(Error::SolanaInvalidKey, part, 0).item(item);
        base58::decode_into(text, out).map_err(|_| bad)?;
        if out.len() - start != KEY_BYTES {
            return Err(bad);
        }
        Ok(())
    }
}

/// Reads a message in the input layout and returns its wire bytes, ready for
/// [`super::parse_message`] (which then checks every rule, as for any other input). A legacy
/// message with lookups is refused as [`Error::SolanaTrailingBytes`]: its format has no place for
/// them.
pub fn read_message(input: &[u8]) -> Result<Vec<u8>, SolanaError> {
    let mut r = Reader { input };
    let mut out = Vec::with_capacity(input.len());
    let head = r.take(4, Part::Header)?;
    let version = match head[0] {
        0xff => Version::Legacy,
        0 => Version::V0,
        other => return Err(SolanaError::new(Error::SolanaUnsupportedVersion, Part::Header, 0).value(other as usize)),
    };
    if version == Version::V0 {
        out.push(0x80);
    }
    out.extend_from_slice(&head[1..]);
    for i in 0..r.count(&mut out, Part::AccountKeys)? {
        r.key(&mut out, Part::AccountKeys, i)?;
    }
    r.key(&mut out, Part::RecentBlockhash, 0)?;
    for i in 0..r.count(&mut out, Part::Instructions)? {
        let program = r.u32(Part::Instructions)?;
        let program = u8::try_from(program)
            .map_err(|_| SolanaError::new(Error::SolanaAccountIndexOutOfRange, Part::Instructions, 0).item(i).value(program))?;
        out.push(program);
        r.counted(&mut out, Part::Instructions)?;
        r.counted(&mut out, Part::Instructions)?;
    }
    let mut lookups = Vec::new();
    let count = r.count(&mut lookups, Part::AddressTableLookups)?;
    if version == Version::Legacy && count > 0 {
        return Err(SolanaError::new(Error::SolanaTrailingBytes, Part::AddressTableLookups, 0));
    }
    for i in 0..count {
        r.key(&mut lookups, Part::AddressTableLookups, i)?;
        r.counted(&mut lookups, Part::AddressTableLookups)?;
        r.counted(&mut lookups, Part::AddressTableLookups)?;
    }
    if version == Version::V0 {
        out.extend_from_slice(&lookups);
    }
    if !r.input.is_empty() {
        return Err(SolanaError::new(Error::SolanaTrailingBytes, Part::Header, 0));
    }
    Ok(out)
}
