//! The EVM module: wasm-bindgen exports over `portico-core`'s RLP, transactions, addresses, CAIP
//! ids, base58 and keccak, and nothing else: no rule, layout or table is defined here, each comes
//! from the core crate. Inputs and results cross through `portico-wasm-scratch`'s buffers, whose
//! exports (`scratch_input`, `scratch_failure`, …) this module re-exports by linking
//! that crate.
#![forbid(unsafe_code)]

use std::cell::RefCell;

use portico_core::tx::{self, wire, Field, Kind, TxError};
use portico_core::{address, base58, caip, hex, keccak, rlp, Error};
use portico_wasm_scratch::{fail, shrink, INPUT, OUTPUT, TAPE};
use wasm_bindgen::prelude::*;

// --- This module's own scratch buffers -------------------------------------------------------
//
// The shared ones (`INPUT`, `OUTPUT`, `TAPE`, the failure record) are `portico-wasm-scratch`'s.

thread_local! {
    static DIGEST: RefCell<[u8; 32]> = const { RefCell::new([0; 32]) };
    /// What `tx::wire::Fields` decodes a transaction's layout into, kept between calls.
    static DECODED: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// A serialized transaction's bytes, before they become hex in `OUTPUT`.
    static SERIALIZED: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static RLP_DECODER: RefCell<rlp::TapeDecoder> = const { RefCell::new(rlp::TapeDecoder::new()) };
}

/// Runs when the module is instantiated: large buffers of this module are released with the
/// shared ones.
#[wasm_bindgen(start)]
fn start() {
    portico_wasm_scratch::on_release(|| {
        DECODED.with_borrow_mut(shrink);
        SERIALIZED.with_borrow_mut(shrink);
    });
}

/// Where the digest written by the last `keccak256_scratch` starts (32 bytes).
#[wasm_bindgen]
pub fn scratch_digest() -> *const u8 {
    DIGEST.with_borrow(|digest| digest.as_ptr())
}

fn fail_tx(e: TxError) -> JsValue {
    fail(e.error, e.field as u32, e.item, e.span.0, e.span.1)
}

// --- Tables the facade reads once ------------------------------------------------------------

/// `name:kind` for every transaction field in boundary order, comma-separated; kinds are
/// `type`, `u64`, `uint`, `address`, `bytes`, `accessList`, `hashes`.
#[wasm_bindgen]
pub fn tx_fields() -> String {
    let kind = |k: Kind| match k {
        Kind::Type => "type",
        Kind::U64 => "u64",
        Kind::Uint => "uint",
        Kind::Address => "address",
        Kind::Bytes => "bytes",
        Kind::AccessList => "accessList",
        Kind::Hashes => "hashes",
    };
    let mut out = String::new();
    for (i, field) in Field::ALL.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(field.name());
        out.push(':');
        out.push_str(kind(field.kind()));
    }
    out
}

// --- Transactions ----------------------------------------------------------------------------

fn with_fields<R>(len: usize, f: impl FnOnce(&wire::Fields) -> Result<R, TxError>) -> Result<R, JsValue> {
    INPUT.with_borrow(|input| {
        DECODED.with_borrow_mut(|buffer| {
            let fields = wire::Fields::read(input.get(..len).unwrap_or(input), buffer).map_err(fail_tx)?;
            f(&fields).map_err(fail_tx)
        })
    })
}

/// Validates and serializes the transaction laid out (`wire`) in the input scratch buffer;
/// writes its `0x` hex to the output scratch buffer and returns the hex's length, or 0 when it
/// fails (the failure's context is in `scratch_failure`). No `Result`: wasm-bindgen returns one
/// through a multi-value shim that took a sixth of this call.
#[wasm_bindgen]
pub fn tx_serialize_scratch(len: usize) -> u32 {
    with_fields(len, |fields| {
        let transaction = fields.transaction()?;
        SERIALIZED.with_borrow_mut(|bytes| {
            bytes.clear();
            tx::serialize_into(&transaction, bytes)?;
            OUTPUT.with_borrow_mut(|output| {
                output.clear();
                output.resize(2 + 2 * bytes.len(), 0);
                output[..2].copy_from_slice(b"0x");
                hex::encode_into(bytes, &mut output[2..]);
                Ok(output.len() as u32)
            })
        })
    })
    .unwrap_or(0)
}

/// Checks the transaction laid out in the input scratch buffer.
#[wasm_bindgen]
pub fn tx_validate_scratch(len: usize) -> Result<(), JsValue> {
    with_fields(len, |fields| tx::validate(&fields.transaction()?))
}

/// The type (0–3) of the transaction laid out in the input scratch buffer.
#[wasm_bindgen]
pub fn tx_type_scratch(len: usize) -> Result<u8, JsValue> {
    with_fields(len, |fields| Ok(fields.tx_type()? as u8))
}

/// Parses the serialized transaction in the first `len` bytes of the input scratch buffer; writes
/// its fields (`wire::write`) as text to the output buffer and their lengths to the tape, whose
/// first `u32` is the text's length. Returns the tape's length, or 0 when it fails (the context is
/// in `scratch_failure`; no `Result`, for the reason `tx_serialize_scratch` gives).
#[wasm_bindgen]
pub fn tx_parse_scratch(len: usize) -> u32 {
    INPUT.with_borrow(|input| {
        let Ok(transaction) = tx::parse(input.get(..len).unwrap_or(input)).map_err(fail_tx) else { return 0 };
        OUTPUT.with_borrow_mut(|text| {
            TAPE.with_borrow_mut(|lens| {
                text.clear();
                lens.clear();
                lens.push(0);
                wire::write(&transaction, text, lens);
                lens[0] = text.len() as u32;
                lens.len() as u32
            })
        })
    })
}

// --- Hex -------------------------------------------------------------------------------------

/// Decodes the hex digits (no `0x`) in `len` bytes of the input scratch buffer from `start` into
/// the output scratch buffer; returns how many bytes, or `u32::MAX` when they are not hex.
#[wasm_bindgen]
pub fn hex_decode_scratch(start: usize, len: usize) -> u32 {
    INPUT.with_borrow(|input| {
        OUTPUT.with_borrow_mut(|output| {
            output.clear();
            let digits = start.checked_add(len).and_then(|end| input.get(start..end));
            match digits.map(|digits| hex::decode_append(digits, output)) {
                Some(Ok(())) => output.len() as u32,
                _ => u32::MAX,
            }
        })
    })
}

// --- RLP -------------------------------------------------------------------------------------

/// `rlp::decode_tape` (by `rlp::TapeDecoder`) over the first `len` bytes of the input scratch
/// buffer; returns the tape's length in `u32`s. The tape is the decoder's own (read it at `scratch_rlp_tape`): it and the
/// stack of open lists are kept between calls, so a decode allocates nothing once they have grown.
#[wasm_bindgen]
pub fn rlp_decode_scratch(len: usize) -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        RLP_DECODER.with_borrow_mut(|decoder| match decoder.decode(input.get(..len).unwrap_or(input)) {
            Ok(tape) => Ok(tape.len() as u32),
            Err((e, at)) => Err(fail(e, 0, 0, at as u32, 0)),
        })
    })
}

/// Where the tape written by the last `rlp_decode_scratch` starts.
#[wasm_bindgen]
pub fn scratch_rlp_tape() -> *const u32 {
    RLP_DECODER.with_borrow(|decoder| decoder.tape_ptr())
}

/// Encodes a tape whose string tokens point into `data`.
#[wasm_bindgen]
pub fn rlp_encode(tape: &[u32], data: &[u8]) -> Result<Vec<u8>, JsValue> {
    let mut out = Vec::new();
    rlp::encode_tape(tape, data, &mut out).map_err(|e| fail(e, 0, 0, 0, 0))?;
    Ok(out)
}

// --- Hashing ---------------------------------------------------------------------------------

/// `keccak256` of the input scratch buffer, written to the digest scratch buffer.
#[wasm_bindgen]
pub fn keccak256_scratch() {
    INPUT.with_borrow(|input| DIGEST.with_borrow_mut(|digest| *digest = keccak::keccak256(input)))
}

// --- Addresses -------------------------------------------------------------------------------

#[wasm_bindgen]
pub fn address_is_evm(value: &str, strict: bool) -> bool {
    address::is_evm(value.as_bytes(), strict)
}

/// One byte per `\n`-separated value: 1 when valid. Fewer or more results than values means a
/// value held a newline; the facade then checks one value at a time.
#[wasm_bindgen]
pub fn address_is_evm_many(joined: &str, strict: bool) -> Vec<u8> {
    joined.as_bytes().split(|&b| b == b'\n').map(|v| address::is_evm(v, strict) as u8).collect()
}

/// Writes the checksummed address (42 bytes) to the output scratch buffer.
#[wasm_bindgen]
pub fn address_checksum_scratch(value: &str) -> Result<(), JsValue> {
    let mut out = [0u8; 42];
    address::checksum_into(value.as_bytes(), &mut out).map_err(|e| fail(e, 0, 0, 0, 0))?;
    OUTPUT.with_borrow_mut(|output| {
        output.clear();
        output.extend_from_slice(&out);
    });
    Ok(())
}

/// Checksums the `\n`-separated addresses in the first `len` bytes of the input scratch buffer
/// into the output buffer, 42 bytes each, end to end; returns the count. A failure's item is the
/// index of the first invalid address.
#[wasm_bindgen]
pub fn address_checksum_many_scratch(len: usize) -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        OUTPUT.with_borrow_mut(|output| {
            output.clear();
            let mut one = [0u8; 42];
            for (i, value) in input.get(..len).unwrap_or(input).split(|&b| b == b'\n').enumerate() {
                address::checksum_into(value, &mut one).map_err(|e| fail(e, 0, i as u32, 0, 0))?;
                output.extend_from_slice(&one);
            }
            Ok((output.len() / 42) as u32)
        })
    })
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

/// Byte offset of the one colon in a valid CAIP-2 id.
#[wasm_bindgen]
pub fn caip_network_id(value: &str) -> Result<u32, JsValue> {
    let id = caip::parse_network_id(value).map_err(|e| fail(e, 0, 0, 0, 0))?;
    Ok(id.namespace.len() as u32)
}

/// Byte offsets of the two colons in a valid CAIP-10 id.
#[wasm_bindgen]
pub fn caip_account_id(value: &str) -> Result<Vec<u32>, JsValue> {
    let id = caip::parse_account_id(value).map_err(|e| fail(e, 0, 0, 0, 0))?;
    let first = id.namespace.len();
    Ok(vec![first as u32, (first + 1 + id.reference.len()) as u32])
}

// --- Base58 ----------------------------------------------------------------------------------

fn base58_fail(e: Error, text: &[u8], item: u32) -> JsValue {
    // Also for a text that is too long: the facade caps the length in characters, so a text past
    // the cap in bytes holds a non-ASCII character, which is the one to name.
    let at = base58::first_invalid_character(text).unwrap_or(text.len());
    fail(e, 0, item, at as u32, 0)
}

/// Writes the base58 text of `bytes` to the output scratch buffer; returns its length.
#[wasm_bindgen]
pub fn base58_encode_scratch(bytes: &[u8]) -> Result<u32, JsValue> {
    OUTPUT.with_borrow_mut(|out| {
        out.clear();
        base58::encode_into(bytes, out).map_err(|e| fail(e, 0, 0, bytes.len() as u32, 0))?;
        Ok(out.len() as u32)
    })
}

/// Decodes base58; a failure's `at` is the index of the first character not in the alphabet (or
/// the text's length when it is too long).
#[wasm_bindgen]
pub fn base58_decode(text: &str) -> Result<Vec<u8>, JsValue> {
    let mut out = Vec::with_capacity(text.len());
    base58::decode_into(text.as_bytes(), &mut out).map_err(|e| base58_fail(e, text.as_bytes(), 0))?;
    Ok(out)
}

/// Encodes the byte strings laid end to end in `data` (lengths in `lens`) into the output scratch
/// buffer, joined by `\n`; returns the text's length. A failure's item is the index of the first
/// string past the cap.
#[wasm_bindgen]
pub fn base58_encode_many_scratch(data: &[u8], lens: &[u32]) -> Result<u32, JsValue> {
    OUTPUT.with_borrow_mut(|out| {
        out.clear();
        let mut at = 0usize;
        for (i, &len) in lens.iter().enumerate() {
            if i > 0 {
                out.push(b'\n');
            }
            let end = (at + len as usize).min(data.len());
            base58::encode_into(&data[at..end], out).map_err(|e| fail(e, 0, i as u32, len, 0))?;
            at = end;
        }
        Ok(out.len() as u32)
    })
}

/// Decodes the `\n`-separated base58 texts in the first `len` bytes of the input scratch buffer:
/// the bytes go end to end into the output buffer and each text's byte count onto the tape, with
/// no allocation per text. Returns the count. A failure's item is the text's index, `at` the
/// character's byte offset in that text.
#[wasm_bindgen]
pub fn base58_decode_many_scratch(len: usize) -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        OUTPUT.with_borrow_mut(|out| {
            TAPE.with_borrow_mut(|lens| {
                out.clear();
                lens.clear();
                for (i, text) in input.get(..len).unwrap_or(input).split(|&b| b == b'\n').enumerate() {
                    let before = out.len();
                    base58::decode_into(text, out).map_err(|e| base58_fail(e, text, i as u32))?;
                    lens.push((out.len() - before) as u32);
                }
                Ok(lens.len() as u32)
            })
        })
    })
}

/// `code:Name` of the errors this module can throw: the EVM core's.
#[wasm_bindgen]
pub fn error_names() -> String {
    use portico_core::error::error_groups;
    portico_wasm_scratch::error_names(&[error_groups::EVM])
}
