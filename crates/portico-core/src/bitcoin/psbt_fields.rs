//! The key-value maps of a PSBT and the fields of its input and output maps, each read with the
//! key length and value form its type requires (BIP-174, BIP-370, BIP-371).
use alloc::vec::Vec;

use super::psbt::{Derivation, Input, Output};
use super::reader::Reader;
use super::tx::{read_output, read_transaction, read_witness, TxOut};
use super::{BitcoinError, Scope};
use crate::Error;

/// One key-value pair: the key's type and data, the whole key, the value and where the pair starts.
#[derive(Clone, Copy, Debug)]
pub struct Pair<'a> {
    pub key_type: u32,
    pub key_data: &'a [u8],
    pub key: &'a [u8],
    pub value: &'a [u8],
    pub at: usize,
}

/// Key types above this are kept as unknown (they cannot be a BIP field).
const MAX_KNOWN_TYPE: u64 = 0xfc;

/// Reads one map up to its 0x00 separator, refusing a key that appears twice.
pub fn read_map<'a>(r: &mut Reader<'a>, scope: Scope, index: usize) -> Result<Vec<Pair<'a>>, BitcoinError> {
    let mut pairs = Vec::new();
    loop {
        let at = r.pos;
        let key = r.var_bytes().map_err(|e| e.in_map(scope, index, super::NO_KEY))?;
        if key.is_empty() {
            break;
        }
        let mut k = Reader::new(key, Error::BitcoinPsbtInvalidKey);
        let raw_type = k.compact_size().map_err(|_| BitcoinError::new(Error::BitcoinPsbtInvalidKey, at).in_map(scope, index, super::NO_KEY))?;
        let key_type = if raw_type > MAX_KNOWN_TYPE { u32::MAX - 1 } else { raw_type as u32 };
        let value = r.var_bytes().map_err(|e| e.in_map(scope, index, key_type))?;
        pairs.push(Pair { key_type, key_data: &key[k.pos..], key, value, at });
    }
    let mut keys: Vec<(&[u8], usize)> = pairs.iter().map(|p| (p.key, p.at)).collect();
    keys.sort_unstable();
    if let Some(w) = keys.windows(2).find(|w| w[0].0 == w[1].0) {
        let key_type = pairs.iter().find(|p| p.at == w[1].1).map_or(super::NO_KEY, |p| p.key_type);
        return Err(BitcoinError::new(Error::BitcoinPsbtDuplicateKey, w[0].1.max(w[1].1)).in_map(scope, index, key_type));
    }
    Ok(pairs)
}

/// Errors about one pair.
pub struct Field<'a, 'p> {
    pub pair: &'p Pair<'a>,
    pub scope: Scope,
    pub index: usize,
}

impl<'a> Field<'a, '_> {
    pub fn err(&self, error: Error) -> BitcoinError {
        BitcoinError::new(error, self.pair.at).in_map(self.scope, self.index, self.pair.key_type)
    }

    /// The key must be the type alone.
    pub fn bare_key(&self) -> Result<(), BitcoinError> {
        if self.pair.key_data.is_empty() { Ok(()) } else { Err(self.err(Error::BitcoinPsbtInvalidKey)) }
    }

    pub fn key_len(&self, len: usize) -> Result<&'a [u8], BitcoinError> {
        if self.pair.key_data.len() == len { Ok(self.pair.key_data) } else { Err(self.err(Error::BitcoinPsbtInvalidKey)) }
    }

    /// A key that holds an ECDSA public key: 33 bytes (02/03) or 65 (04).
    pub fn pubkey_key(&self) -> Result<&'a [u8], BitcoinError> {
        match self.pair.key_data {
            k @ [0x02 | 0x03, ..] if k.len() == 33 => Ok(k),
            k @ [0x04, ..] if k.len() == 65 => Ok(k),
            _ => Err(self.err(Error::BitcoinPsbtInvalidKey)),
        }
    }

    pub fn value_len(&self, len: usize) -> Result<&'a [u8], BitcoinError> {
        if self.pair.value.len() == len { Ok(self.pair.value) } else { Err(self.err(Error::BitcoinPsbtInvalidValue)) }
    }

    pub fn u32(&self) -> Result<u32, BitcoinError> {
        Ok(u32::from_le_bytes(self.value_len(4)?.try_into().unwrap()))
    }

    pub fn array32(&self) -> Result<&'a [u8; 32], BitcoinError> {
        Ok(self.value_len(32)?.try_into().unwrap())
    }

    /// A Schnorr signature: 64 bytes, or 65 with a sighash byte.
    pub fn schnorr_sig(&self) -> Result<&'a [u8], BitcoinError> {
        if matches!(self.pair.value.len(), 64 | 65) { Ok(self.pair.value) } else { Err(self.err(Error::BitcoinPsbtInvalidValue)) }
    }

    /// The value must read as exactly one item of `read`.
    pub fn whole<T>(&self, read: impl FnOnce(&mut Reader<'a>) -> Result<T, BitcoinError>) -> Result<T, BitcoinError> {
        let mut r = Reader::new(self.pair.value, Error::BitcoinPsbtInvalidValue);
        let out = read(&mut r).map_err(|e| self.err(if e.error == Error::BitcoinTxAmountTooLarge { e.error } else { Error::BitcoinPsbtInvalidValue }))?;
        if !r.is_empty() {
            return Err(self.err(Error::BitcoinPsbtInvalidValue));
        }
        Ok(out)
    }

    /// A BIP-32 origin: a 4-byte fingerprint and 4 bytes per derivation step.
    pub fn origin(&self, pubkey: &'a [u8], value: &'a [u8]) -> Result<Derivation<'a>, BitcoinError> {
        if value.len() < 4 || value.len() % 4 != 0 {
            return Err(self.err(Error::BitcoinPsbtInvalidValue));
        }
        Ok(Derivation { pubkey, fingerprint: value[..4].try_into().unwrap(), path: &value[4..] })
    }

    /// A taproot origin: the leaf hashes (a count, then 32 bytes each), then a BIP-32 origin.
    pub fn tap_origin(&self) -> Result<Derivation<'a>, BitcoinError> {
        let pubkey = self.key_len(32)?;
        let mut r = Reader::new(self.pair.value, Error::BitcoinPsbtInvalidValue);
        let n = r.compact_size().map_err(|_| self.err(Error::BitcoinPsbtInvalidValue))? as usize;
        r.take(n.saturating_mul(32)).map_err(|_| self.err(Error::BitcoinPsbtInvalidValue))?;
        self.origin(pubkey, &self.pair.value[r.pos..])
    }
}

/// Which version a field belongs to: both, only 0, or only 2.
fn version_check(f: &Field<'_, '_>, version: u32, only: Option<u32>) -> Result<(), BitcoinError> {
    match only {
        Some(v) if v != version => Err(f.err(Error::BitcoinPsbtFieldNotAllowed)),
        _ => Ok(()),
    }
}

/// A previous transaction's output, the amount the input spends (checked against the previous txid
/// once that is known).
pub struct NonWitnessUtxo<'a> {
    pub txid: [u8; 32],
    pub outputs: Vec<TxOut<'a>>,
    pub at: usize,
}

/// Reads an input map's fields.
pub fn read_input<'a>(pairs: &[Pair<'a>], index: usize, version: u32) -> Result<ReadInput<'a>, BitcoinError> {
    let mut input = Input::default();
    let mut nwu = None;
    let (mut previous_txid, mut output_index) = (None, None);
    for pair in pairs {
        let f = Field { pair, scope: Scope::Input, index };
        let only = match pair.key_type {
            0x0e..=0x12 => Some(2),
            _ => None,
        };
        version_check(&f, version, only)?;
        match pair.key_type {
            0x00 => {
                f.bare_key()?;
                let tx = f.whole(|r| read_transaction(r, true))?;
                nwu = Some(NonWitnessUtxo { txid: tx.txid, outputs: tx.outputs, at: pair.at });
            }
            0x01 => {
                f.bare_key()?;
                input.witness_utxo = Some(f.whole(read_output)?);
            }
            0x02 => {
                let pubkey = f.pubkey_key()?;
                if pair.value.is_empty() {
                    return Err(f.err(Error::BitcoinPsbtInvalidValue));
                }
                input.partial_sigs.push((pubkey, pair.value));
            }
            0x03 => {
                f.bare_key()?;
                input.sighash_type = Some(f.u32()?);
            }
            0x04 => {
                f.bare_key()?;
                input.redeem_script = Some(pair.value);
            }
            0x05 => {
                f.bare_key()?;
                input.witness_script = Some(pair.value);
            }
            0x06 => {
                let pubkey = f.pubkey_key()?;
                input.bip32_derivation.push(f.origin(pubkey, pair.value)?);
            }
            0x07 => {
                f.bare_key()?;
                input.final_script_sig = Some(pair.value);
            }
            0x08 => {
                f.bare_key()?;
                input.final_script_witness = Some(f.whole(read_witness)?);
            }
            0x09 => f.bare_key()?,
            0x0a | 0x0c => {
                f.key_len(20)?;
            }
            0x0b | 0x0d => {
                f.key_len(32)?;
            }
            0x0e => {
                f.bare_key()?;
                previous_txid = Some(f.array32()?);
            }
            0x0f => {
                f.bare_key()?;
                output_index = Some(f.u32()?);
            }
            0x10 => {
                f.bare_key()?;
                input.sequence = f.u32()?;
            }
            0x11 => {
                f.bare_key()?;
                let t = f.u32()?;
                if t < 500_000_000 {
                    return Err(f.err(Error::BitcoinPsbtInvalidLocktime));
                }
                input.required_time_locktime = Some(t);
            }
            0x12 => {
                f.bare_key()?;
                let h = f.u32()?;
                if h == 0 || h >= 500_000_000 {
                    return Err(f.err(Error::BitcoinPsbtInvalidLocktime));
                }
                input.required_height_locktime = Some(h);
            }
            0x13 => {
                f.bare_key()?;
                input.tap_key_sig = Some(f.schnorr_sig()?);
            }
            0x14 => {
                f.key_len(64)?;
                input.tap_script_sigs.push(f.schnorr_sig()?);
            }
            0x15 => {
                let control = pair.key_data;
                if control.len() < 33 || (control.len() - 33) % 32 != 0 || control.len() > 33 + 128 * 32 || pair.value.is_empty() {
                    return Err(f.err(Error::BitcoinPsbtInvalidKey));
                }
            }
            0x16 => input.tap_bip32_derivation.push(f.tap_origin()?),
            0x17 => {
                f.bare_key()?;
                input.tap_internal_key = Some(f.array32()?);
            }
            0x18 => {
                f.bare_key()?;
                f.array32()?;
            }
            _ => input.unknown += 1,
        }
    }
    Ok(ReadInput { input, nwu, previous_txid, output_index })
}

/// An input map as read, with the v2 outpoint fields that may be missing.
pub struct ReadInput<'a> {
    pub input: Input<'a>,
    pub nwu: Option<NonWitnessUtxo<'a>>,
    pub previous_txid: Option<&'a [u8; 32]>,
    pub output_index: Option<u32>,
}

/// An output map as read, with the v2 amount and script that may be missing.
pub struct ReadOutput<'a> {
    pub output: Output<'a>,
    pub amount: Option<u64>,
    pub script: Option<&'a [u8]>,
}

/// Reads an output map's fields.
pub fn read_output_map<'a>(pairs: &[Pair<'a>], index: usize, version: u32) -> Result<ReadOutput<'a>, BitcoinError> {
    let mut output = Output::default();
    let (mut amount, mut script) = (None, None);
    for pair in pairs {
        let f = Field { pair, scope: Scope::Output, index };
        let only = match pair.key_type {
            0x03 | 0x04 => Some(2),
            _ => None,
        };
        version_check(&f, version, only)?;
        match pair.key_type {
            0x00 => {
                f.bare_key()?;
                output.redeem_script = Some(pair.value);
            }
            0x01 => {
                f.bare_key()?;
                output.witness_script = Some(pair.value);
            }
            0x02 => {
                let pubkey = f.pubkey_key()?;
                output.bip32_derivation.push(f.origin(pubkey, pair.value)?);
            }
            0x03 => {
                f.bare_key()?;
                let v = u64::from_le_bytes(f.value_len(8)?.try_into().unwrap());
                if v > super::MAX_MONEY {
                    return Err(f.err(Error::BitcoinTxAmountTooLarge));
                }
                amount = Some(v);
            }
            0x04 => {
                f.bare_key()?;
                script = Some(pair.value);
            }
            0x05 => {
                f.bare_key()?;
                output.tap_internal_key = Some(f.array32()?);
            }
            0x06 => {
                f.bare_key()?;
                f.whole(|r| {
                    if r.is_empty() {
                        return Err(r.err(Error::BitcoinPsbtInvalidValue));
                    }
                    while !r.is_empty() {
                        if r.u8()? > 128 {
                            return Err(r.err(Error::BitcoinPsbtInvalidValue));
                        }
                        r.u8()?;
                        r.var_bytes()?;
                    }
                    Ok(())
                })?;
            }
            0x07 => output.tap_bip32_derivation.push(f.tap_origin()?),
            _ => output.unknown += 1,
        }
    }
    Ok(ReadOutput { output, amount, script })
}
