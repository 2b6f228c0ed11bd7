//! wasm-bindgen exports over `portico-core`, and nothing else.
//!
//! Errors cross the boundary as one number, `code + 1000 * field + 100_000 * item` (see
//! [`fail`]); the facade (`src/core/wasmError.ts` and each module) turns it into a typed error class.
//! Batches (`*_many`) join strings with `\n`, since a newline is never part of a valid value:
//! when a value does contain one, the count of results no longer matches and the facade falls back
//! to one call per value.
#![forbid(unsafe_code)]

use std::cell::RefCell;

use portico_core::{address, base58, caip, hex, keccak, rlp, tx, Error};
use wasm_bindgen::prelude::*;

mod tx_text;

// --- Scratch buffers -------------------------------------------------------------------------
//
// Hot calls on small inputs (an RLP item, a 32-byte hash, a transaction's parts text) spend most
// of their time in the allocation and copies that passing a `&[u8]` or `&str` and returning a
// `Vec` or `String` cost. Instead, the facade writes the input straight into `INPUT` (through a
// view of WASM memory at `scratch_input`'s pointer, text with `TextEncoder.encodeInto`) and reads
// results from `TAPE` / `DIGEST` / `OUTPUT` right after the call, copying them out.

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static TAPE: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    static DIGEST: RefCell<[u8; 32]> = const { RefCell::new([0; 32]) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Where the text written by the last `tx_serialize_scratch` starts.
#[wasm_bindgen]
pub fn scratch_output() -> *const u8 {
    OUTPUT.with_borrow(|output| output.as_ptr())
}

/// Runs `f` over the first `len` bytes of the input scratch buffer, read as UTF-8 text (the
/// facade writes it with `TextEncoder.encodeInto`, so it always is).
fn with_text<R>(len: usize, f: impl FnOnce(&str) -> Result<R, JsValue>) -> Result<R, JsValue> {
    INPUT.with_borrow(|input| {
        let text = core::str::from_utf8(input.get(..len).unwrap_or(input)).map_err(|_| fail(Error::HexInvalid, 0, 0))?;
        f(text)
    })
}

/// `tx_serialize` over parts text in the input scratch buffer: writes the `0x` hex to the output
/// scratch buffer and returns its length.
#[wasm_bindgen]
pub fn tx_serialize_scratch(len: usize, lens: &[u32]) -> Result<u32, JsValue> {
    with_text(len, |text| {
        let decoded = tx_text::Decoded::new(text, lens).map_err(fail_tx)?;
        let transaction = decoded.transaction().map_err(fail_tx)?;
        let bytes = tx::serialize(&transaction).map_err(fail_tx)?;
        OUTPUT.with_borrow_mut(|output| {
            output.clear();
            output.resize(2 + bytes.len() * 2, 0);
            output[0] = b'0';
            output[1] = b'x';
            hex::encode_into(&bytes, &mut output[2..]);
            Ok(output.len() as u32)
        })
    })
}

/// `tx_validate` over parts text in the input scratch buffer.
#[wasm_bindgen]
pub fn tx_validate_scratch(len: usize, lens: &[u32]) -> Result<(), JsValue> {
    with_text(len, |text| {
        let decoded = tx_text::Decoded::new(text, lens).map_err(fail_tx)?;
        let transaction = decoded.transaction().map_err(fail_tx)?;
        tx::validate(&transaction).map_err(fail_tx)
    })
}

/// `tx_type` over parts text in the input scratch buffer.
#[wasm_bindgen]
pub fn tx_type_scratch(len: usize, lens: &[u32]) -> Result<u8, JsValue> {
    with_text(len, |text| {
        let decoded = tx_text::Decoded::new(text, lens).map_err(fail_tx)?;
        Ok(decoded.tx_type().map_err(fail_tx)? as u8)
    })
}

/// Makes the input scratch buffer `len` bytes long and returns where it starts; the caller
/// writes the input there before the next call.
#[wasm_bindgen]
pub fn scratch_input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        input.resize(len, 0);
        input.as_mut_ptr()
    })
}

/// Where the tape written by the last `rlp_decode_scratch` starts.
#[wasm_bindgen]
pub fn scratch_tape() -> *const u32 {
    TAPE.with_borrow(|tape| tape.as_ptr())
}

/// Where the digest written by the last `keccak256_scratch` starts (32 bytes).
#[wasm_bindgen]
pub fn scratch_digest() -> *const u8 {
    DIGEST.with_borrow(|digest| digest.as_ptr())
}

/// `rlp_decode` over the input scratch buffer; returns the tape's length in `u32`s.
#[wasm_bindgen]
pub fn rlp_decode_scratch() -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        TAPE.with_borrow_mut(|tape| {
            tape.clear();
            rlp::decode_tape(input, tape).map_err(|(e, at)| fail(e, 0, at as u32))?;
            Ok(tape.len() as u32)
        })
    })
}

/// `keccak256` of the input scratch buffer, written to the digest scratch buffer.
#[wasm_bindgen]
pub fn keccak256_scratch() {
    INPUT.with_borrow(|input| DIGEST.with_borrow_mut(|digest| *digest = keccak::keccak256(input)))
}

/// Packs an error and its context into the one number the facade decodes.
fn fail(error: Error, field: u32, item: u32) -> JsValue {
    JsValue::from_f64(error.code() as f64 + 1000.0 * field as f64 + 100_000.0 * item as f64)
}

fn fail_tx(e: tx::TxError) -> JsValue {
    fail(e.error, e.field as u32, e.item)
}

// --- RLP -------------------------------------------------------------------------------------

/// Encodes a tape whose string tokens point into `data`.
#[wasm_bindgen]
pub fn rlp_encode(tape: &[u32], data: &[u8]) -> Result<Vec<u8>, JsValue> {
    let mut out = Vec::new();
    rlp::encode_tape(tape, data, &mut out).map_err(|e| fail(e, 0, 0))?;
    Ok(out)
}

// --- Transactions ----------------------------------------------------------------------------

/// Parses a serialized transaction into the comma-separated field line of `tx_text::format`.
#[wasm_bindgen]
pub fn tx_parse(input: &[u8]) -> Result<String, JsValue> {
    let transaction = tx::parse(input).map_err(fail_tx)?;
    Ok(tx_text::format(&transaction))
}

// --- Addresses -------------------------------------------------------------------------------

#[wasm_bindgen]
pub fn address_is_evm(value: &str, strict: bool) -> bool {
    address::is_evm(value.as_bytes(), strict)
}

/// One byte per `\n`-separated value: 1 when valid. Fewer or more results than values means a
/// value held a newline (see the module docs).
#[wasm_bindgen]
pub fn address_is_evm_many(joined: &str, strict: bool) -> Vec<u8> {
    joined.split('\n').map(|v| address::is_evm(v.as_bytes(), strict) as u8).collect()
}

#[wasm_bindgen]
pub fn address_checksum(value: &str) -> Result<String, JsValue> {
    let mut out = [0u8; 42];
    address::checksum_into(value.as_bytes(), &mut out).map_err(|e| fail(e, 0, 0))?;
    Ok(ascii(out.to_vec()))
}

/// Checksums `\n`-separated addresses; the error's item is the index of the first invalid one.
#[wasm_bindgen]
pub fn address_checksum_many(joined: &str) -> Result<String, JsValue> {
    let mut out = Vec::with_capacity(joined.len() + 8);
    let mut one = [0u8; 42];
    for (i, value) in joined.split('\n').enumerate() {
        address::checksum_into(value.as_bytes(), &mut one).map_err(|e| fail(e, 0, i as u32))?;
        if i > 0 {
            out.push(b'\n');
        }
        out.extend_from_slice(&one);
    }
    Ok(ascii(out))
}

#[wasm_bindgen]
pub fn address_is_checksum_valid(value: &str) -> bool {
    address::is_checksum_valid(value.as_bytes())
}

#[wasm_bindgen]
pub fn address_is_solana(value: &str) -> bool {
    address::is_solana(value.as_bytes())
}

// --- CAIP ------------------------------------------------------------------------------------

/// Byte offsets of the one colon in a valid CAIP-2 id.
#[wasm_bindgen]
pub fn caip_network_id(value: &str) -> Result<u32, JsValue> {
    let id = caip::parse_network_id(value).map_err(|e| fail(e, 0, 0))?;
    Ok(id.namespace.len() as u32)
}

/// Byte offsets of the two colons in a valid CAIP-10 id.
#[wasm_bindgen]
pub fn caip_account_id(value: &str) -> Result<Vec<u32>, JsValue> {
    let id = caip::parse_account_id(value).map_err(|e| fail(e, 0, 0))?;
    let first = id.namespace.len();
    Ok(vec![first as u32, (first + 1 + id.reference.len()) as u32])
}

// --- Base58 ----------------------------------------------------------------------------------

#[wasm_bindgen]
pub fn base58_encode(bytes: &[u8]) -> String {
    let mut out = Vec::with_capacity(bytes.len() * 138 / 100 + 1);
    base58::encode_into(bytes, &mut out);
    ascii(out)
}

/// Decodes base58; the error's item is the index of the first character not in the alphabet.
#[wasm_bindgen]
pub fn base58_decode(text: &str) -> Result<Vec<u8>, JsValue> {
    let mut out = Vec::with_capacity(text.len());
    base58::decode_into(text.as_bytes(), &mut out).map_err(|e| base58_fail(e, text, 0))?;
    Ok(out)
}

fn base58_fail(e: Error, text: &str, value_index: u32) -> JsValue {
    let at = base58::first_invalid_character(text.as_bytes()).unwrap_or(0) as u32;
    // field carries the value's index in a batch, item the character's.
    fail(e, value_index, at)
}

/// Encodes the byte strings laid end to end in `data` (lengths in `lens`), joined by `\n`.
#[wasm_bindgen]
pub fn base58_encode_many(data: &[u8], lens: &[u32]) -> String {
    let mut out = Vec::with_capacity(data.len() * 14 / 10 + lens.len());
    let mut at = 0usize;
    for (i, &len) in lens.iter().enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        let end = (at + len as usize).min(data.len());
        base58::encode_into(&data[at..end], &mut out);
        at = end;
    }
    ascii(out)
}

/// Decodes `\n`-separated base58 texts; returns the lengths (u32 LE, one per text) followed by
/// the bytes laid end to end.
#[wasm_bindgen]
pub fn base58_decode_many(joined: &str) -> Result<Vec<u8>, JsValue> {
    let count = joined.split('\n').count();
    let mut out = vec![0u8; count * 4];
    for (i, text) in joined.split('\n').enumerate() {
        let before = out.len();
        base58::decode_into(text.as_bytes(), &mut out).map_err(|e| base58_fail(e, text, i as u32))?;
        let len = (out.len() - before) as u32;
        out[i * 4..i * 4 + 4].copy_from_slice(&len.to_le_bytes());
    }
    Ok(out)
}

// --- Helpers ---------------------------------------------------------------------------------

/// Bytes the core wrote are ASCII by construction, so this never loses anything.
fn ascii(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_default()
}
