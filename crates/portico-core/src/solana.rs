//! Solana transactions: legacy and version-0 messages, with their signatures.
//!
//! Parsing borrows from the input: keys, index lists and instruction data are slices of it, so a
//! parse allocates only the two lists of instructions and lookups. A message is accepted only when
//! the runtime would accept its shape too: every compact-u16 in its shortest form, no byte after the
//! end, the header consistent with the keys, every index in range, at most [`PACKET_DATA_SIZE`]
//! bytes with its signatures and at most [`MAX_ACCOUNTS`] accounts.
//!
//! ```
//! use portico_core::solana::{self, Version};
//! let mut message = vec![1, 0, 1, 2];                 // header; 2 account keys
//! message.extend_from_slice(&[7; 32]);                // the fee payer
//! message.extend_from_slice(&[0; 32]);                // the System Program
//! message.extend_from_slice(&[9; 32]);                // recent blockhash
//! message.extend_from_slice(&[1, 1, 1, 0, 0]);        // one instruction: program 1, account 0, no data
//! let parsed = solana::parse_message(&message).unwrap();
//! assert_eq!(parsed.version, Version::Legacy);
//! assert_eq!(parsed.instructions[0].accounts, &[0]);
//! assert_eq!(solana::serialize_message(&parsed), message);
//! ```
use alloc::vec::Vec;

use crate::Error;

mod compact_u16;
mod describe;
mod parse;
mod serialize;
pub mod wire;

#[cfg(test)]
mod tests;

pub use compact_u16::{decode as decode_compact_u16, encode as encode_compact_u16};
pub use describe::{describe, Described, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM};
pub use parse::{parse_message, parse_transaction, HEADER_NO_WRITABLE_SIGNER, HEADER_SIGNERS_PAST_KEYS, PROGRAM_INDEX};
pub use serialize::{serialize_message, serialize_message_into};

/// The largest transaction the network carries: an IPv6 packet (1280) less its headers (48).
pub const PACKET_DATA_SIZE: usize = 1232;
/// How many accounts one transaction may lock (the runtime's `MAX_TX_ACCOUNT_LOCKS`), counting
/// the message's own keys and those it loads from address tables.
pub const MAX_ACCOUNTS: usize = 64;
/// Bytes in an account key (an ed25519 public key or a program-derived address) or a blockhash.
pub const KEY_BYTES: usize = 32;
/// Bytes in an ed25519 signature.
pub const SIGNATURE_BYTES: usize = 64;

/// The message formats Portico reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// No version prefix: the first byte is the header's signature count.
    Legacy,
    /// Prefix `0x80`: adds address-table lookups.
    V0,
}

/// The three counts that split the account keys into signed/unsigned, writable/read-only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub num_required_signatures: u8,
    pub num_readonly_signed_accounts: u8,
    pub num_readonly_unsigned_accounts: u8,
}

/// The account keys of a message, 32 bytes each, end to end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keys<'a>(pub &'a [u8]);

impl<'a> Keys<'a> {
    pub fn len(&self) -> usize {
        self.0.len() / KEY_BYTES
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The key at `index`, if there is one.
    pub fn get(&self, index: usize) -> Option<&'a [u8; KEY_BYTES]> {
        self.0.get(index * KEY_BYTES..)?.first_chunk::<KEY_BYTES>()
    }

    pub fn iter(&self) -> impl Iterator<Item = &'a [u8]> + 'a {
        self.0.chunks_exact(KEY_BYTES)
    }
}

/// One instruction: the program (an index into the keys), its accounts (indexes) and its data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instruction<'a> {
    pub program_id_index: u8,
    pub accounts: &'a [u8],
    pub data: &'a [u8],
}

/// A version-0 message's lookup: which entries of an address table it loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddressTableLookup<'a> {
    pub account_key: &'a [u8; KEY_BYTES],
    pub writable_indexes: &'a [u8],
    pub readonly_indexes: &'a [u8],
}

/// A parsed message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message<'a> {
    pub version: Version,
    pub header: Header,
    pub account_keys: Keys<'a>,
    pub recent_blockhash: &'a [u8; KEY_BYTES],
    pub instructions: Vec<Instruction<'a>>,
    /// Always empty for a legacy message.
    pub address_table_lookups: Vec<AddressTableLookup<'a>>,
}

impl Message<'_> {
    /// The keys an instruction may name: the message's own, then those loaded from tables.
    pub fn total_accounts(&self) -> usize {
        self.account_keys.len()
            + self.address_table_lookups.iter().map(|l| l.writable_indexes.len() + l.readonly_indexes.len()).sum::<usize>()
    }
}

/// A parsed transaction: its signatures (64 bytes each, end to end) and its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transaction<'a> {
    pub signatures: &'a [u8],
    pub message: Message<'a>,
}

impl Transaction<'_> {
    pub fn signature_count(&self) -> usize {
        self.signatures.len() / SIGNATURE_BYTES
    }
}

macro_rules! parts {
    ($($variant:ident = $index:literal, $name:literal;)*) => {
        /// The part of a transaction an error is about. The discriminants cross the WASM boundary;
        /// the names are those of the facade's `SolanaMessage` fields.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub enum Part {
            $($variant = $index,)*
        }

        impl Part {
            /// Every part, in boundary order.
            pub const ALL: [Part; [$($index),*].len()] = [$(Part::$variant),*];

            /// The facade's name for the part.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Part::$variant => $name,)*
                }
            }
        }
    };
}

parts! {
    Signatures = 0, "signatures";
    Header = 1, "header";
    AccountKeys = 2, "accountKeys";
    RecentBlockhash = 3, "recentBlockhash";
    Instructions = 4, "instructions";
    AddressTableLookups = 5, "addressTableLookups";
}

/// An [`Error`] with where it happened: the part, the item in that part's list (an instruction,
/// a lookup, a key), the byte offset in the input, and one number that the error's message uses
/// (the offending index, count, size or version; see each check).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolanaError {
    pub error: Error,
    pub part: Part,
    pub item: u32,
    pub at: u32,
    pub value: u32,
}

impl SolanaError {
    pub const fn new(error: Error, part: Part, at: usize) -> Self {
        SolanaError { error, part, item: 0, at: at as u32, value: 0 }
    }

    pub const fn item(self, item: usize) -> Self {
        SolanaError { item: item as u32, ..self }
    }

    pub const fn value(self, value: usize) -> Self {
        SolanaError { value: value as u32, ..self }
    }
}

impl From<SolanaError> for Error {
    fn from(e: SolanaError) -> Error {
        e.error
    }
}
