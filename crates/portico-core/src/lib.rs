//! Portico's crypto core: RLP, Ethereum transactions, Solana messages and transactions, Bitcoin
//! addresses, transactions and PSBTs, address checks (with the ed25519 point check), CAIP ids,
//! base58 and keccak-256, with no dependency beyond `alloc` and `sha2` (SHA-256 for Bitcoin).
//!
//! Every fallible function returns [`Error`], a small `Copy` enum whose [`Error::code`] is stable
//! across releases: the WASM bindings pass that code to JavaScript, where the facade turns it into
//! a typed error class.
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod address;
pub mod base58;
pub mod bitcoin;
pub mod blobs;
pub mod caip;
pub mod ed25519;
pub mod error;
pub mod hex;
pub mod keccak;
pub mod rlp;
pub mod solana;
pub mod tx;

pub use error::Error;
