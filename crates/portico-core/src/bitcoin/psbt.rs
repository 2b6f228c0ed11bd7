//! Partially signed transactions: version 0 (BIP-174) and version 2 (BIP-370), with the taproot
//! fields of BIP-371.
//!
//! A PSBT is accepted only when every known key has the length and every value the form its type
//! requires, no map repeats a key, the version's required fields are there and its forbidden ones
//! are not, the maps match the transaction's inputs and outputs, and every `non_witness_utxo` is
//! the transaction its input spends (its txid is computed and compared).
use alloc::vec::Vec;

use super::psbt_fields::{read_input, read_map, read_output_map, Field};
use super::reader::Reader;
use super::tx::{parse_transaction, TxOut};
use super::{BitcoinError, Scope, NO_KEY};
use crate::Error;

/// `psbt` and 0xff.
pub const MAGIC: [u8; 5] = *b"psbt\xff";

/// A key's BIP-32 origin: the key, its master fingerprint and its path (4 little-endian bytes per
/// step, hardened steps with the top bit set). Taproot origins have 32-byte x-only keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Derivation<'a> {
    pub pubkey: &'a [u8],
    pub fingerprint: [u8; 4],
    pub path: &'a [u8],
}

impl Derivation<'_> {
    /// The path's steps.
    pub fn steps(&self) -> impl Iterator<Item = u32> + '_ {
        self.path.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().unwrap()))
    }
}

/// One input of a PSBT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Input<'a> {
    /// The outpoint spent, internal byte order (from the unsigned tx in v0).
    pub previous_txid: &'a [u8; 32],
    pub output_index: u32,
    pub sequence: u32,
    /// The output this input spends, from `non_witness_utxo` (checked against the txid) or else
    /// from `witness_utxo`.
    pub utxo: Option<TxOut<'a>>,
    pub witness_utxo: Option<TxOut<'a>>,
    /// Whether the UTXO came from a full previous transaction whose txid was checked.
    pub has_non_witness_utxo: bool,
    pub sighash_type: Option<u32>,
    pub redeem_script: Option<&'a [u8]>,
    pub witness_script: Option<&'a [u8]>,
    pub final_script_sig: Option<&'a [u8]>,
    pub final_script_witness: Option<super::tx::Witness<'a>>,
    /// Public key and signature (with its sighash byte).
    pub partial_sigs: Vec<(&'a [u8], &'a [u8])>,
    pub bip32_derivation: Vec<Derivation<'a>>,
    pub tap_key_sig: Option<&'a [u8]>,
    pub tap_script_sigs: Vec<&'a [u8]>,
    pub tap_bip32_derivation: Vec<Derivation<'a>>,
    pub tap_internal_key: Option<&'a [u8; 32]>,
    pub required_time_locktime: Option<u32>,
    pub required_height_locktime: Option<u32>,
    /// Pairs of types Portico does not read (proprietary, MuSig2, future).
    pub unknown: usize,
}

impl Default for Input<'_> {
    fn default() -> Self {
        Input {
            previous_txid: &[0; 32],
            output_index: 0,
            sequence: 0xffff_ffff,
            utxo: None,
            witness_utxo: None,
            has_non_witness_utxo: false,
            sighash_type: None,
            redeem_script: None,
            witness_script: None,
            final_script_sig: None,
            final_script_witness: None,
            partial_sigs: Vec::new(),
            bip32_derivation: Vec::new(),
            tap_key_sig: None,
            tap_script_sigs: Vec::new(),
            tap_bip32_derivation: Vec::new(),
            tap_internal_key: None,
            required_time_locktime: None,
            required_height_locktime: None,
            unknown: 0,
        }
    }
}

/// One output of a PSBT.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Output<'a> {
    pub amount: u64,
    pub script: &'a [u8],
    pub redeem_script: Option<&'a [u8]>,
    pub witness_script: Option<&'a [u8]>,
    pub bip32_derivation: Vec<Derivation<'a>>,
    pub tap_internal_key: Option<&'a [u8; 32]>,
    pub tap_bip32_derivation: Vec<Derivation<'a>>,
    pub unknown: usize,
}

impl Output<'_> {
    /// Every origin the output carries, ECDSA and taproot.
    pub fn derivations(&self) -> impl Iterator<Item = &Derivation<'_>> {
        self.bip32_derivation.iter().chain(self.tap_bip32_derivation.iter())
    }
}

/// A parsed PSBT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Psbt<'a> {
    /// 0 or 2.
    pub version: u32,
    pub tx_version: u32,
    /// v0: the unsigned transaction's locktime; v2: `PSBT_GLOBAL_FALLBACK_LOCKTIME`.
    pub fallback_locktime: Option<u32>,
    pub tx_modifiable: Option<u8>,
    /// Global extended public keys (78-byte keys) with their origins.
    pub xpubs: Vec<Derivation<'a>>,
    pub inputs: Vec<Input<'a>>,
    pub outputs: Vec<Output<'a>>,
    pub unknown: usize,
}

impl Psbt<'_> {
    /// The transaction's locktime: v0's unsigned transaction's; for v2, BIP-370's rule (the
    /// largest required height if every input that requires one accepts a height, else the largest
    /// required time, else the fallback, else 0).
    pub fn lock_time(&self) -> Result<u32, Error> {
        let with: Vec<&Input<'_>> =
            self.inputs.iter().filter(|i| i.required_height_locktime.is_some() || i.required_time_locktime.is_some()).collect();
        if self.version == 0 || with.is_empty() {
            return Ok(self.fallback_locktime.unwrap_or(0));
        }
        if with.iter().all(|i| i.required_height_locktime.is_some()) {
            return Ok(with.iter().filter_map(|i| i.required_height_locktime).max().unwrap_or(0));
        }
        if with.iter().all(|i| i.required_time_locktime.is_some()) {
            return Ok(with.iter().filter_map(|i| i.required_time_locktime).max().unwrap_or(0));
        }
        Err(Error::BitcoinPsbtLocktimeConflict)
    }
}

/// What the global map said.
#[derive(Default)]
struct Global<'a> {
    version: Option<u32>,
    unsigned_tx: Option<(&'a [u8], usize)>,
    tx_version: Option<u32>,
    fallback: Option<u32>,
    input_count: Option<u64>,
    output_count: Option<u64>,
    modifiable: Option<u8>,
    /// The first v2-only field, for the error if the PSBT is v0.
    v2_field: Option<(u32, usize)>,
    xpubs: Vec<Derivation<'a>>,
    unknown: usize,
}

fn read_global<'a>(r: &mut Reader<'a>) -> Result<Global<'a>, BitcoinError> {
    let pairs = read_map(r, Scope::Global, 0)?;
    let mut g = Global::default();
    for pair in &pairs {
        let f = Field { pair, scope: Scope::Global, index: 0 };
        if (0x02..=0x06).contains(&pair.key_type) && g.v2_field.is_none() {
            g.v2_field = Some((pair.key_type, pair.at));
        }
        match pair.key_type {
            0x00 => {
                f.bare_key()?;
                g.unsigned_tx = Some((pair.value, pair.at));
            }
            0x01 => {
                let xpub = f.key_len(78)?;
                g.xpubs.push(f.origin(xpub, pair.value)?);
            }
            0x02 => {
                f.bare_key()?;
                g.tx_version = Some(f.u32()?);
            }
            0x03 => {
                f.bare_key()?;
                g.fallback = Some(f.u32()?);
            }
            0x04 => {
                f.bare_key()?;
                g.input_count = Some(f.whole(|r| r.compact_size())?);
            }
            0x05 => {
                f.bare_key()?;
                g.output_count = Some(f.whole(|r| r.compact_size())?);
            }
            0x06 => {
                f.bare_key()?;
                g.modifiable = Some(f.value_len(1)?[0]);
            }
            0xfb => {
                f.bare_key()?;
                g.version = Some(f.u32()?);
            }
            _ => g.unknown += 1,
        }
    }
    Ok(g)
}

fn global_err(error: Error, at: usize, key_type: u32) -> BitcoinError {
    BitcoinError::new(error, at).in_map(Scope::Global, 0, key_type)
}

/// Parses a PSBT from its bytes (decode base64 first).
///
/// ```
/// use portico_core::bitcoin::parse_psbt;
/// // BIP-174: a PSBT whose unsigned transaction has no inputs and no outputs.
/// let mut bytes = b"psbt\xff".to_vec();
/// bytes.extend_from_slice(&[0x01, 0x00, 0x0a, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00]);
/// let psbt = parse_psbt(&bytes).unwrap();
/// assert_eq!((psbt.version, psbt.inputs.len(), psbt.outputs.len()), (0, 0, 0));
/// ```
pub fn parse_psbt(bytes: &[u8]) -> Result<Psbt<'_>, BitcoinError> {
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
        return Err(BitcoinError::new(Error::BitcoinPsbtInvalidMagic, 0));
    }
    let mut r = Reader::new(bytes, Error::BitcoinPsbtTruncated);
    r.pos = MAGIC.len();
    let g = read_global(&mut r)?;
    let version = g.version.unwrap_or(0);
    if version != 0 && version != 2 {
        return Err(global_err(Error::BitcoinPsbtUnsupportedVersion, MAGIC.len(), 0xfb));
    }
    // The outpoints (v0: from the unsigned transaction), sequences and outputs to fill in.
    let mut skeleton_inputs: Vec<(&[u8; 32], u32, u32)> = Vec::new();
    let mut skeleton_outputs: Vec<TxOut<'_>> = Vec::new();
    let (n_in, n_out, tx_version, fallback);
    if version == 0 {
        if let Some((key_type, at)) = g.v2_field {
            return Err(global_err(Error::BitcoinPsbtFieldNotAllowed, at, key_type));
        }
        let (raw, at) = g.unsigned_tx.ok_or_else(|| global_err(Error::BitcoinPsbtMissingField, MAGIC.len(), 0x00))?;
        let tx = parse_transaction(raw, false).map_err(|e| global_err(e.error, at, 0x00))?;
        if tx.inputs.iter().any(|i| !i.script_sig.is_empty()) {
            return Err(global_err(Error::BitcoinPsbtUnsignedTxHasScripts, at, 0x00));
        }
        skeleton_inputs = tx.inputs.iter().map(|i| (i.txid, i.vout, i.sequence)).collect();
        skeleton_outputs = tx.outputs;
        (n_in, n_out, tx_version, fallback) = (skeleton_inputs.len(), skeleton_outputs.len(), tx.version, Some(tx.lock_time));
    } else {
        if let Some((_, at)) = g.unsigned_tx {
            return Err(global_err(Error::BitcoinPsbtFieldNotAllowed, at, 0x00));
        }
        let missing = |t| global_err(Error::BitcoinPsbtMissingField, MAGIC.len(), t);
        tx_version = g.tx_version.ok_or_else(|| missing(0x02))?;
        if tx_version < 2 {
            return Err(global_err(Error::BitcoinPsbtInvalidValue, MAGIC.len(), 0x02));
        }
        n_in = g.input_count.ok_or_else(|| missing(0x04))? as usize;
        n_out = g.output_count.ok_or_else(|| missing(0x05))? as usize;
        fallback = g.fallback;
    }
    // A map is at least its one-byte separator.
    if n_in.saturating_add(n_out) > r.remaining() {
        return Err(BitcoinError::new(Error::BitcoinPsbtCountMismatch, r.pos));
    }
    let mut inputs = Vec::with_capacity(n_in);
    for index in 0..n_in {
        if r.is_empty() {
            return Err(BitcoinError::new(Error::BitcoinPsbtCountMismatch, r.pos).in_map(Scope::Input, index, NO_KEY));
        }
        let at = r.pos;
        let pairs = read_map(&mut r, Scope::Input, index)?;
        let read = read_input(&pairs, index, version)?;
        let mut input = read.input;
        let err = |e, t| BitcoinError::new(e, at).in_map(Scope::Input, index, t);
        if let Some(&(txid, vout, sequence)) = skeleton_inputs.get(index) {
            (input.previous_txid, input.output_index, input.sequence) = (txid, vout, sequence);
        } else {
            input.previous_txid = read.previous_txid.ok_or_else(|| err(Error::BitcoinPsbtMissingField, 0x0e))?;
            input.output_index = read.output_index.ok_or_else(|| err(Error::BitcoinPsbtMissingField, 0x0f))?;
        }
        input.utxo = input.witness_utxo;
        if let Some(nwu) = read.nwu {
            let e = |error| BitcoinError::new(error, nwu.at).in_map(Scope::Input, index, 0x00);
            if nwu.txid != *input.previous_txid {
                return Err(e(Error::BitcoinPsbtUtxoTxidMismatch));
            }
            let spent = *nwu.outputs.get(input.output_index as usize).ok_or_else(|| e(Error::BitcoinPsbtUtxoIndexOutOfRange))?;
            if input.witness_utxo.is_some_and(|w| w != spent) {
                return Err(e(Error::BitcoinPsbtUtxoMismatch));
            }
            input.utxo = Some(spent);
            input.has_non_witness_utxo = true;
        }
        inputs.push(input);
    }
    let mut outputs = Vec::with_capacity(n_out);
    for index in 0..n_out {
        if r.is_empty() {
            return Err(BitcoinError::new(Error::BitcoinPsbtCountMismatch, r.pos).in_map(Scope::Output, index, NO_KEY));
        }
        let at = r.pos;
        let pairs = read_map(&mut r, Scope::Output, index)?;
        let read = read_output_map(&pairs, index, version)?;
        let mut output = read.output;
        if let Some(out) = skeleton_outputs.get(index) {
            (output.amount, output.script) = (out.value, out.script_pubkey);
        } else {
            let err = |t| BitcoinError::new(Error::BitcoinPsbtMissingField, at).in_map(Scope::Output, index, t);
            output.amount = read.amount.ok_or_else(|| err(0x03))?;
            output.script = read.script.ok_or_else(|| err(0x04))?;
        }
        outputs.push(output);
    }
    if !r.is_empty() {
        return Err(r.err(Error::BitcoinPsbtTrailingBytes));
    }
    Ok(Psbt {
        version,
        tx_version,
        fallback_locktime: fallback,
        tx_modifiable: g.modifiable,
        xpubs: g.xpubs,
        inputs,
        outputs,
        unknown: g.unknown,
    })
}
