//! Bitcoin: addresses (base58check, bech32, bech32m), raw transactions (legacy and segwit), PSBTs
//! (BIP-174 version 0 and BIP-370 version 2) and a describer for approval panels.
//!
//! Parsing borrows from the input: scripts, txids and witnesses are slices of it. Every check a
//! BIP names is made where the field is read, and a failure says where it happened
//! ([`BitcoinError`]: the map, the input or output, the key type and the byte offset).
//!
//! ```
//! use portico_core::bitcoin::{address, Network};
//! let a = address::check("bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080", Network::Regtest).unwrap();
//! assert_eq!(a.kind, address::Kind::P2wpkh);
//! assert!(address::check("bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080", Network::Mainnet).is_err());
//! ```
use crate::Error;

pub mod address;
pub mod bech32;
mod describe;
mod hash;
pub mod psbt;
mod psbt_fields;
mod reader;
pub mod tx;

#[cfg(test)]
mod tests;

pub use describe::{describe, Described, DescribedInput, DescribedOutput, Warning};
pub use hash::{sha256, sha256d};
pub use psbt::{parse_psbt, Psbt};
pub use tx::{parse_transaction, Transaction};

/// Satoshis in one bitcoin.
pub const COIN: u64 = 100_000_000;
/// The most satoshis there can ever be (Bitcoin Core's `MAX_MONEY`).
pub const MAX_MONEY: u64 = 21_000_000 * COIN;

/// The networks an address or a description is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Network {
    Mainnet = 0,
    Testnet = 1,
    Signet = 2,
    Regtest = 3,
}

impl Network {
    /// Every network, in boundary order.
    pub const ALL: [Network; 4] = [Network::Mainnet, Network::Testnet, Network::Signet, Network::Regtest];

    /// The bech32 human-readable part of the network's segwit addresses.
    pub const fn hrp(self) -> &'static str {
        match self {
            Network::Mainnet => "bc",
            Network::Testnet | Network::Signet => "tb",
            Network::Regtest => "bcrt",
        }
    }

    /// The base58check version bytes of P2PKH and P2SH (regtest shares testnet's).
    pub const fn base58_versions(self) -> (u8, u8) {
        match self {
            Network::Mainnet => (0x00, 0x05),
            _ => (0x6f, 0xc4),
        }
    }

    pub const fn from_u8(n: u8) -> Option<Network> {
        match n {
            0 => Some(Network::Mainnet),
            1 => Some(Network::Testnet),
            2 => Some(Network::Signet),
            3 => Some(Network::Regtest),
            _ => None,
        }
    }
}

/// Where in a PSBT (or transaction) an error happened. The discriminants cross the WASM boundary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Scope {
    /// The transaction or PSBT as a whole (magic, framing, trailing bytes).
    Whole = 0,
    Global = 1,
    Input = 2,
    Output = 3,
}

/// An [`Error`] with where it happened: the map ([`Scope`]), the input or output index, the key
/// type being read (`u32::MAX` when none) and the byte offset in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitcoinError {
    pub error: Error,
    pub scope: Scope,
    pub index: u32,
    pub key_type: u32,
    pub at: u32,
}

/// No key type: the error is not about one field.
pub const NO_KEY: u32 = u32::MAX;

impl BitcoinError {
    pub const fn new(error: Error, at: usize) -> Self {
        BitcoinError { error, scope: Scope::Whole, index: 0, key_type: NO_KEY, at: at as u32 }
    }

    pub const fn in_map(self, scope: Scope, index: usize, key_type: u32) -> Self {
        BitcoinError { scope, index: index as u32, key_type, ..self }
    }
}

impl From<BitcoinError> for Error {
    fn from(e: BitcoinError) -> Error {
        e.error
    }
}
