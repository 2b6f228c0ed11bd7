//! Reading messages and transactions: the layout first (each error at the byte where it is
//! found), then the rules the runtime's sanitizer applies, in a fixed order (see [`check`]).
use alloc::vec::Vec;

use super::compact_u16::{self, encoded_len};
use super::{
    AddressTableLookup, Header, Instruction, Keys, Message, Part, SolanaError, Transaction, Version, KEY_BYTES, MAX_ACCOUNTS,
    PACKET_DATA_SIZE, SIGNATURE_BYTES,
};
use crate::Error;

/// The prefix bit of a versioned message.
const VERSIONED: u8 = 0x80;

/// What `value` means for each error (the facade builds its messages from it):
/// - `SolanaTooLarge`: the size in bytes (with the signatures a message needs);
/// - `SolanaTooManyAccounts`: the number of accounts;
/// - `SolanaUnsupportedVersion`: the version;
/// - `SolanaAccountIndexOutOfRange`: the index, plus [`PROGRAM_INDEX`] when it is the program's,
///   and `item` the instruction;
/// - `SolanaInvalidHeader`: [`HEADER_SIGNERS_PAST_KEYS`] or [`HEADER_NO_WRITABLE_SIGNER`];
/// - `SolanaSignatureCountMismatch`: the number of signatures, and `item` the number required;
/// - `SolanaDuplicateAccountKey`: the index of the key's first listing, and `item` the second.
pub const HEADER_SIGNERS_PAST_KEYS: usize = 0;
/// See [`HEADER_SIGNERS_PAST_KEYS`].
pub const HEADER_NO_WRITABLE_SIGNER: usize = 1;
/// Added to an out-of-range index that is an instruction's program (see [`HEADER_SIGNERS_PAST_KEYS`]).
pub const PROGRAM_INDEX: usize = 0x100;

/// A position in the input; offsets in errors are from the input's start.
struct Cursor<'a> {
    input: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn fail(&self, error: Error, part: Part) -> SolanaError {
        SolanaError::new(error, part, self.at)
    }

    fn byte(&mut self, part: Part) -> Result<u8, SolanaError> {
        let b = *self.input.get(self.at).ok_or(self.fail(Error::SolanaTruncated, part))?;
        self.at += 1;
        Ok(b)
    }

    fn bytes(&mut self, len: usize, part: Part) -> Result<&'a [u8], SolanaError> {
        let end = self.at + len;
        let slice = self.input.get(self.at..end).ok_or(SolanaError::new(Error::SolanaTruncated, part, self.input.len()))?;
        self.at = end;
        Ok(slice)
    }

    fn key(&mut self, part: Part) -> Result<&'a [u8; KEY_BYTES], SolanaError> {
        let rest = self.input.get(self.at..).unwrap_or_default();
        let key = rest.first_chunk::<KEY_BYTES>().ok_or(SolanaError::new(Error::SolanaTruncated, part, self.input.len()))?;
        self.at += KEY_BYTES;
        Ok(key)
    }

    fn length(&mut self, part: Part) -> Result<usize, SolanaError> {
        let rest = self.input.get(self.at..).unwrap_or_default();
        let (value, used) = compact_u16::decode(rest).map_err(|e| self.fail(e, part))?;
        self.at += used;
        Ok(value as usize)
    }

    /// A compact-u16 count, then that many bytes.
    fn counted(&mut self, part: Part) -> Result<&'a [u8], SolanaError> {
        let len = self.length(part)?;
        self.bytes(len, part)
    }
}

/// Parses and checks a message (what a wallet signs), legacy or version 0.
///
/// Beyond the layout, the message must fit a [`PACKET_DATA_SIZE`]-byte transaction together with
/// the signatures its header asks for.
pub fn parse_message(input: &[u8]) -> Result<Message<'_>, SolanaError> {
    if input.len() > PACKET_DATA_SIZE {
        return Err(SolanaError::new(Error::SolanaTooLarge, Part::Header, 0).value(input.len()));
    }
    let mut cursor = Cursor { input, at: 0 };
    let message = read_message(&mut cursor)?;
    if cursor.at != input.len() {
        return Err(cursor.fail(Error::SolanaTrailingBytes, Part::Header));
    }
    let signatures = message.header.num_required_signatures as usize;
    let size = encoded_len(signatures) + signatures * SIGNATURE_BYTES + input.len();
    if size > PACKET_DATA_SIZE {
        return Err(SolanaError::new(Error::SolanaTooLarge, Part::Signatures, 0).value(size));
    }
    check(&message, input)?;
    Ok(message)
}

/// Parses and checks a transaction: its signatures, then its message; there must be exactly as
/// many signatures as the header requires.
pub fn parse_transaction(input: &[u8]) -> Result<Transaction<'_>, SolanaError> {
    if input.len() > PACKET_DATA_SIZE {
        return Err(SolanaError::new(Error::SolanaTooLarge, Part::Header, 0).value(input.len()));
    }
    if input.first() == Some(&(VERSIONED | 1)) {
        // The layout of version-1 transactions starts with their message prefix.
        return Err(SolanaError::new(Error::SolanaUnsupportedVersion, Part::Signatures, 0).value(1));
    }
    let mut cursor = Cursor { input, at: 0 };
    let count = cursor.length(Part::Signatures)?;
    let signatures = cursor.bytes(count * SIGNATURE_BYTES, Part::Signatures)?;
    let message = read_message(&mut cursor)?;
    if cursor.at != input.len() {
        return Err(cursor.fail(Error::SolanaTrailingBytes, Part::Header));
    }
    check(&message, input)?;
    if count != message.header.num_required_signatures as usize {
        return Err(SolanaError::new(Error::SolanaSignatureCountMismatch, Part::Signatures, 0).item(message.header.num_required_signatures as usize).value(count));
    }
    Ok(Transaction { signatures, message })
}

fn read_message<'a>(c: &mut Cursor<'a>) -> Result<Message<'a>, SolanaError> {
    let first = c.byte(Part::Header)?;
    let (version, num_required_signatures) = if first & VERSIONED == 0 {
        (Version::Legacy, first)
    } else if first == VERSIONED {
        (Version::V0, c.byte(Part::Header)?)
    } else {
        let version = (first & !VERSIONED) as usize;
        return Err(SolanaError::new(Error::SolanaUnsupportedVersion, Part::Header, c.at - 1).value(version));
    };
    let header = Header {
        num_required_signatures,
        num_readonly_signed_accounts: c.byte(Part::Header)?,
        num_readonly_unsigned_accounts: c.byte(Part::Header)?,
    };
    let key_count = c.length(Part::AccountKeys)?;
    let account_keys = Keys(c.bytes(key_count * KEY_BYTES, Part::AccountKeys)?);
    let recent_blockhash = c.key(Part::RecentBlockhash)?;

    let count = c.length(Part::Instructions)?;
    // Each instruction takes at least three bytes: never reserve more than the input can hold.
    let mut instructions = Vec::with_capacity(count.min((c.input.len() - c.at) / 3));
    for i in 0..count {
        let at = |e: SolanaError| e.item(i);
        let program_id_index = c.byte(Part::Instructions).map_err(at)?;
        let accounts = c.counted(Part::Instructions).map_err(at)?;
        let data = c.counted(Part::Instructions).map_err(at)?;
        instructions.push(Instruction { program_id_index, accounts, data });
    }

    let mut address_table_lookups = Vec::new();
    if version == Version::V0 {
        let count = c.length(Part::AddressTableLookups)?;
        address_table_lookups.reserve(count.min((c.input.len() - c.at) / (KEY_BYTES + 2)));
        for i in 0..count {
            let at = |e: SolanaError| e.item(i);
            let account_key = c.key(Part::AddressTableLookups).map_err(at)?;
            let writable_indexes = c.counted(Part::AddressTableLookups).map_err(at)?;
            let readonly_indexes = c.counted(Part::AddressTableLookups).map_err(at)?;
            address_table_lookups.push(AddressTableLookup { account_key, writable_indexes, readonly_indexes });
        }
    }
    Ok(Message { version, header, account_keys, recent_blockhash, instructions, address_table_lookups })
}

/// Offset of `part` (a slice of `input`) in `input`.
fn offset(input: &[u8], part: &[u8]) -> usize {
    (part.as_ptr() as usize).wrapping_sub(input.as_ptr() as usize).min(input.len())
}

/// The runtime's sanitizer rules, in this order: the header adds up; every lookup loads an
/// account; each instruction's program is one of the message's own keys other than the fee payer,
/// and its accounts are in range; at most [`MAX_ACCOUNTS`] accounts in all; no account key listed
/// twice (the runtime refuses such a transaction with `AccountLoadedTwice`). Keys that lookups load
/// are only known on chain, so only the message's own keys are compared.
fn check(message: &Message<'_>, input: &[u8]) -> Result<(), SolanaError> {
    let header = &message.header;
    let keys = message.account_keys.len();
    let header_at = offset(input, message.recent_blockhash) - message.account_keys.0.len() - encoded_len(keys) - 3;
    if header.num_required_signatures as usize + header.num_readonly_unsigned_accounts as usize > keys {
        return Err(SolanaError::new(Error::SolanaInvalidHeader, Part::Header, header_at).value(HEADER_SIGNERS_PAST_KEYS));
    }
    if header.num_readonly_signed_accounts >= header.num_required_signatures {
        return Err(SolanaError::new(Error::SolanaInvalidHeader, Part::Header, header_at).value(HEADER_NO_WRITABLE_SIGNER));
    }
    for (i, lookup) in message.address_table_lookups.iter().enumerate() {
        if lookup.writable_indexes.is_empty() && lookup.readonly_indexes.is_empty() {
            let at = offset(input, lookup.account_key);
            return Err(SolanaError::new(Error::SolanaEmptyLookup, Part::AddressTableLookups, at).item(i));
        }
    }
    let total = message.total_accounts();
    for (i, ix) in message.instructions.iter().enumerate() {
        let program_at = offset(input, ix.accounts).saturating_sub(1 + encoded_len(ix.accounts.len()));
        if ix.program_id_index as usize >= keys {
            let e = SolanaError::new(Error::SolanaAccountIndexOutOfRange, Part::Instructions, program_at);
            return Err(e.item(i).value(PROGRAM_INDEX | ix.program_id_index as usize));
        }
        if ix.program_id_index == 0 {
            return Err(SolanaError::new(Error::SolanaProgramIsFeePayer, Part::Instructions, program_at).item(i));
        }
        if let Some(j) = ix.accounts.iter().position(|&a| a as usize >= total) {
            let e = SolanaError::new(Error::SolanaAccountIndexOutOfRange, Part::Instructions, offset(input, ix.accounts) + j);
            return Err(e.item(i).value(ix.accounts[j] as usize));
        }
    }
    if total > MAX_ACCOUNTS {
        let part = if keys > MAX_ACCOUNTS { Part::AccountKeys } else { Part::AddressTableLookups };
        return Err(SolanaError::new(Error::SolanaTooManyAccounts, part, 0).value(total));
    }
    // At most 64 keys here, so comparing each pair (≤ 2016 compares) beats sorting a copy.
    for (second, key) in message.account_keys.iter().enumerate().skip(1) {
        if let Some(first) = message.account_keys.iter().take(second).position(|k| k == key) {
            let at = offset(input, key);
            return Err(SolanaError::new(Error::SolanaDuplicateAccountKey, Part::AccountKeys, at).item(second).value(first));
        }
    }
    Ok(())
}
