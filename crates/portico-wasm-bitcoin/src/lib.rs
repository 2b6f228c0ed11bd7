//! The Bitcoin module: addresses checked, PSBTs parsed and described in the core. Loaded only by
//! apps that use Bitcoin.
//!
//! Results use the scratch buffers: `u32` words on `TAPE` (its first word is the text's length),
//! address text in `OUTPUT`. Byte fields (txids, scripts, keys, paths) are given as offset and
//! length into the input, which the facade still holds, so they are never copied twice. Amounts
//! are two words, low then high. A failure's `field` is a [`Scope`], `item` the input or output
//! index, `at` a byte offset in the input and `len` the PSBT key type (`u32::MAX` for none).
#![forbid(unsafe_code)]

use portico_core::bitcoin::{self, address, psbt::Derivation, BitcoinError, Network};
use portico_core::Error;
use portico_wasm_scratch::{fail, with_tape, INPUT};
use wasm_bindgen::prelude::*;

fn fail_bitcoin(e: BitcoinError) -> JsValue {
    fail(e.error, e.scope as u32, e.index, e.at, e.key_type)
}

fn network(n: u8) -> Network {
    Network::from_u8(n).unwrap_or(Network::Mainnet)
}

/// Where `part` (a slice of `base`) starts in it.
fn offset(base: &[u8], part: &[u8]) -> u32 {
    (part.as_ptr() as usize - base.as_ptr() as usize) as u32
}

fn amount(tape: &mut Vec<u32>, value: u64) {
    tape.push(value as u32);
    tape.push((value >> 32) as u32);
}

fn slice(tape: &mut Vec<u32>, base: &[u8], part: &[u8]) {
    tape.push(offset(base, part));
    tape.push(part.len() as u32);
}

/// The address text of `script` on `network`, appended to `text`; pushes its offset and length
/// (length 0 when no address stands for the script).
fn address_text(tape: &mut Vec<u32>, text: &mut Vec<u8>, script: &[u8], network: Network) {
    let start = text.len();
    if let Some(a) = address::from_script(script, network) {
        text.extend_from_slice(a.as_bytes());
    }
    tape.push(start as u32);
    tape.push((text.len() - start) as u32);
}

fn derivations(tape: &mut Vec<u32>, base: &[u8], list: &[Derivation<'_>]) {
    tape.push(list.len() as u32);
    for d in list {
        slice(tape, base, d.pubkey);
        tape.push(u32::from_be_bytes(d.fingerprint));
        slice(tape, base, d.path);
    }
}

/// Checks the address in the first `len` bytes of the input buffer for `network`; returns its
/// kind (`address::Kind`) and leaves its output script in `OUTPUT`, whose length is the tape's
/// first word.
#[wasm_bindgen]
pub fn bitcoin_address_scratch(len: usize, network_id: u8) -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        let text = core::str::from_utf8(input.get(..len).unwrap_or(input)).map_err(|_| fail(Error::BitcoinAddressInvalidCharacter, 0, 0, 0, 0))?;
        let a = address::check(text, network(network_id)).map_err(|e| fail(e, 0, 0, 0, 0))?;
        with_tape(|out, _| out.extend_from_slice(&a.script_pubkey()));
        Ok(a.kind as u32)
    })
}

/// Checks the newline-separated addresses in the first `len` bytes of the input buffer; the tape
/// holds, after its first word, one word per address: its kind, or `0x8000_0000 | code`.
#[wasm_bindgen]
pub fn bitcoin_addresses_scratch(len: usize, network_id: u8) -> u32 {
    INPUT.with_borrow(|input| {
        let bytes = input.get(..len).unwrap_or(input);
        with_tape(|_, tape| {
            for line in bytes.split(|&b| b == b'\n') {
                let result = core::str::from_utf8(line)
                    .map_err(|_| Error::BitcoinAddressInvalidCharacter)
                    .and_then(|t| address::check(t, network(network_id)));
                tape.push(match result {
                    Ok(a) => a.kind as u32,
                    Err(e) => 0x8000_0000 | e.code(),
                });
            }
        })
    })
}

/// Parses the PSBT in the first `len` bytes of the input buffer. The tape (after the text length):
/// `version, txVersion, lockTime, lockTimeKnown, txModifiable (or u32::MAX), inputs, outputs`,
/// then per input `txid (off, len), index, sequence, utxo flags (1 witness, 2 non-witness),
/// amount (lo, hi), script (off, len), sighash (or u32::MAX), finalScriptSig (off, len or
/// u32::MAX), finalScriptWitness (off, len or u32::MAX), partial sigs, tap key sig (len or 0),
/// derivations, tap derivations`, then per output `amount (lo, hi), script (off, len), address
/// (off, len in the text), derivations, tap derivations`. Derivations: a count, then per entry
/// `pubkey (off, len), fingerprint, path (off, len)`.
#[wasm_bindgen]
pub fn bitcoin_parse_psbt_scratch(len: usize, network_id: u8) -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        let base = input.get(..len).unwrap_or(input);
        let psbt = bitcoin::parse_psbt(base).map_err(fail_bitcoin)?;
        let net = network(network_id);
        Ok(with_tape(|text, tape| {
            let lock = psbt.lock_time();
            tape.extend_from_slice(&[psbt.version, psbt.tx_version, lock.unwrap_or(0), lock.is_ok() as u32]);
            tape.push(psbt.tx_modifiable.map_or(u32::MAX, u32::from));
            tape.push(psbt.inputs.len() as u32);
            tape.push(psbt.outputs.len() as u32);
            for i in &psbt.inputs {
                slice(tape, base, i.previous_txid);
                tape.push(i.output_index);
                tape.push(i.sequence);
                tape.push(i.witness_utxo.is_some() as u32 | (i.has_non_witness_utxo as u32) << 1);
                let utxo = i.utxo.unwrap_or(bitcoin::tx::TxOut { value: 0, script_pubkey: &base[..0] });
                amount(tape, utxo.value);
                slice(tape, base, utxo.script_pubkey);
                tape.push(i.sighash_type.unwrap_or(u32::MAX));
                for part in [i.final_script_sig, i.final_script_witness.map(|w| w.bytes)] {
                    match part {
                        Some(p) => slice(tape, base, p),
                        None => tape.extend_from_slice(&[0, u32::MAX]),
                    }
                }
                tape.push(i.partial_sigs.len() as u32);
                tape.push(i.tap_key_sig.map_or(0, |s| s.len() as u32));
                derivations(tape, base, &i.bip32_derivation);
                derivations(tape, base, &i.tap_bip32_derivation);
            }
            for o in &psbt.outputs {
                amount(tape, o.amount);
                slice(tape, base, o.script);
                address_text(tape, text, o.script, net);
                derivations(tape, base, &o.bip32_derivation);
                derivations(tape, base, &o.tap_bip32_derivation);
            }
        }))
    })
}

/// Describes the PSBT in the first `len` bytes of the input buffer for a visitor who owns the
/// comma-separated `owned` addresses (checked for the network). The tape (after the text length):
/// `totalIn, sent, change, fee (each lo, hi), weight, vsize, feeRateMillisats (lo, hi), estimated,
/// warnings, lockTime, inputs`, per input `amount (lo, hi), mine, warnings`, then `outputs`, per
/// output `amount (lo, hi), change, script (off, len), address (off, len in the text)`.
#[wasm_bindgen]
pub fn bitcoin_describe_scratch(len: usize, network_id: u8, owned: &str) -> Result<u32, JsValue> {
    let net = network(network_id);
    let mut scripts = Vec::new();
    for (i, text) in owned.split(',').filter(|t| !t.is_empty()).enumerate() {
        scripts.push(address::check(text, net).map_err(|e| fail(e, 0, i as u32, 0, u32::MAX))?.script_pubkey());
    }
    let mine: Vec<&[u8]> = scripts.iter().map(Vec::as_slice).collect();
    INPUT.with_borrow(|input| {
        let base = input.get(..len).unwrap_or(input);
        let psbt = bitcoin::parse_psbt(base).map_err(fail_bitcoin)?;
        let d = bitcoin::describe(&psbt, &mine).map_err(fail_bitcoin)?;
        Ok(with_tape(|text, tape| {
            for v in [d.total_in, d.sent, d.change, d.fee] {
                amount(tape, v);
            }
            tape.extend_from_slice(&[d.weight as u32, d.vsize as u32]);
            amount(tape, d.fee_rate_millisats);
            tape.extend_from_slice(&[d.weight_estimated as u32, d.warnings, d.lock_time, d.inputs.len() as u32]);
            for i in &d.inputs {
                amount(tape, i.amount);
                tape.extend_from_slice(&[i.mine as u32, i.warnings]);
            }
            tape.push(d.outputs.len() as u32);
            for o in &d.outputs {
                amount(tape, o.amount);
                tape.push(o.change as u32);
                slice(tape, base, o.script);
                address_text(tape, text, o.script, net);
            }
        }))
    })
}

/// Parses the raw transaction in the first `len` bytes of the input buffer. The tape (after the
/// text length): `txid` as 8 words (internal byte order), `version, lockTime, segwit, weight,
/// inputs`, per input `txid (off, len), vout, sequence`, then `outputs`, per output `amount (lo,
/// hi), script (off, len), address (off, len in the text)`.
#[wasm_bindgen]
pub fn bitcoin_parse_transaction_scratch(len: usize, network_id: u8) -> Result<u32, JsValue> {
    INPUT.with_borrow(|input| {
        let base = input.get(..len).unwrap_or(input);
        let tx = bitcoin::parse_transaction(base, true).map_err(fail_bitcoin)?;
        let net = network(network_id);
        Ok(with_tape(|text, tape| {
            tape.extend(tx.txid.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())));
            tape.extend_from_slice(&[tx.version, tx.lock_time, tx.segwit as u32, tx.weight() as u32, tx.inputs.len() as u32]);
            for i in &tx.inputs {
                slice(tape, base, i.txid);
                tape.extend_from_slice(&[i.vout, i.sequence]);
            }
            tape.push(tx.outputs.len() as u32);
            for o in &tx.outputs {
                amount(tape, o.value);
                slice(tape, base, o.script_pubkey);
                address_text(tape, text, o.script_pubkey, net);
            }
        }))
    })
}

/// `code:Name` of the errors this module can throw: the EVM core's (base58, hex) and Bitcoin's.
#[wasm_bindgen]
pub fn error_names() -> String {
    use portico_core::error::error_groups;
    portico_wasm_scratch::error_names(&[error_groups::EVM, error_groups::BITCOIN])
}
