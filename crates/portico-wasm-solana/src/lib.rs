//! The Solana module: messages and transactions parsed, described and serialized in the core,
//! and the ed25519 point check. Loaded only by apps that use Solana.
//!
//! Results use the scratch buffers: keys' base58 text in `OUTPUT`, the layout of
//! `portico_core::solana::wire` on `TAPE` (its first `u32` is the text's length). A failure's
//! `field` is a [`Part`], `item` an index in that part's list, `at` a byte offset in the input and
//! `len` the number the error is about (see `portico_core::solana`'s `parse` module).
#![forbid(unsafe_code)]

use portico_core::solana::{self, wire, Part, SolanaError};
use portico_core::{base58, ed25519};
use portico_wasm_scratch::{fail, with_tape, INPUT, OUTPUT};
use wasm_bindgen::prelude::*;

fn fail_solana(e: SolanaError) -> JsValue {
    fail(e.error, e.part as u32, e.item, e.at, e.value)
}

/// The part names in boundary order, comma-separated.
#[wasm_bindgen]
pub fn solana_parts() -> String {
    // Pushed by hand: `join` would add a generic copy loop to the module for one call.
    let mut out = String::new();
    for (i, part) in Part::ALL.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(part.name());
    }
    out
}

/// Parses the message in the first `len` bytes of the input scratch buffer.
#[wasm_bindgen]
pub fn solana_parse_message_scratch(len: usize) -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        let input = input.get(..len).unwrap_or(input);
        let message = solana::parse_message(input).map_err(fail_solana)?;
        Ok(with_tape(|text, tape| wire::write_message(&message, input, text, tape)))
    })
}

/// Parses the transaction in the first `len` bytes of the input scratch buffer.
#[wasm_bindgen]
pub fn solana_parse_transaction_scratch(len: usize) -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        let input = input.get(..len).unwrap_or(input);
        let tx = solana::parse_transaction(input).map_err(fail_solana)?;
        Ok(with_tape(|text, tape| wire::write_transaction(&tx, input, text, tape)))
    })
}

/// Serializes the message laid out (`wire::read_message`) in the input scratch buffer, checks it
/// as a parsed one, and writes its bytes to the output buffer; returns their length.
#[wasm_bindgen]
pub fn solana_serialize_message_scratch(len: usize) -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        let bytes = wire::read_message(input.get(..len).unwrap_or(input)).map_err(fail_solana)?;
        solana::parse_message(&bytes).map_err(fail_solana)?;
        OUTPUT.with_borrow_mut(|output| {
            output.clear();
            output.extend_from_slice(&bytes);
        });
        Ok(bytes.len() as u32)
    })
}

/// Describes every instruction of the message laid out in the input scratch buffer (checked as
/// `solana_serialize_message_scratch` does); the tape holds one description per instruction
/// (`wire::write_described`). Returns the tape's length.
#[wasm_bindgen]
pub fn solana_describe_scratch(len: usize) -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        let bytes = wire::read_message(input.get(..len).unwrap_or(input)).map_err(fail_solana)?;
        let message = solana::parse_message(&bytes).map_err(fail_solana)?;
        Ok(with_tape(|_, tape| {
            for ix in &message.instructions {
                wire::write_described(solana::describe(&message, ix), tape);
            }
        }))
    })
}

/// Whether `value` is base58 for 32 bytes that are an ed25519 point (a wallet's key, not a
/// program-derived address).
#[wasm_bindgen]
pub fn address_is_on_curve(value: &str) -> bool {
    let mut bytes = Vec::with_capacity(32);
    if value.len() > 44 || base58::decode_into(value.as_bytes(), &mut bytes).is_err() {
        return false;
    }
    bytes.as_slice().try_into().is_ok_and(ed25519::is_on_curve)
}

/// `code:Name` of the errors this module can throw: the EVM core's (base58, hex) and Solana's.
#[wasm_bindgen]
pub fn error_names() -> String {
    use portico_core::error::error_groups;
    portico_wasm_scratch::error_names(&[error_groups::EVM, error_groups::SOLANA])
}
