//! What a PSBT does, for an approval panel: the amount to each recipient, the change (outputs to
//! the visitor's own scripts, or carrying a BIP-32 origin from the visitor's master fingerprint),
//! the fee, the signed transaction's estimated weight and fee rate, and warnings for sighash
//! types that let others change the transaction and for inputs that are not the visitor's.
use alloc::vec::Vec;

use super::address::{classify, Kind};
use super::psbt::{Input, Psbt};
use super::reader::compact_size_len;
use super::{BitcoinError, Scope, NO_KEY};
use crate::Error;

/// Why an approval panel should warn. [`DescribedInput::warnings`] and [`Described::warnings`]
/// are masks of `1 << warning as u32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Warning {
    /// `SIGHASH_NONE`: the signature commits to no output, so anyone can redirect the funds.
    SighashNone = 0,
    /// `SIGHASH_SINGLE`: the signature commits only to the output at the input's index.
    SighashSingle = 1,
    /// `ANYONECANPAY`: others may add inputs.
    AnyoneCanPay = 2,
    /// An input that spends none of the visitor's scripts.
    ForeignInput = 3,
}

impl Warning {
    pub const fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// One input as described.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescribedInput<'a> {
    pub amount: u64,
    pub script: &'a [u8],
    pub mine: bool,
    pub warnings: u32,
}

/// One output as described.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DescribedOutput<'a> {
    pub amount: u64,
    pub script: &'a [u8],
    /// Pays back to the visitor.
    pub change: bool,
}

/// A whole PSBT as described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Described<'a> {
    pub inputs: Vec<DescribedInput<'a>>,
    pub outputs: Vec<DescribedOutput<'a>>,
    pub total_in: u64,
    /// What leaves the visitor: the outputs that are not change.
    pub sent: u64,
    pub change: u64,
    pub fee: u64,
    /// The signed transaction's weight, exact for finalized inputs and estimated from the spent
    /// script's type for the others.
    pub weight: u64,
    /// `ceil(weight / 4)`.
    pub vsize: u64,
    /// Fee per virtual byte, in thousandths of a satoshi.
    pub fee_rate_millisats: u64,
    /// Some input's witness or scriptSig size was guessed (an unknown script type).
    pub weight_estimated: bool,
    /// The union of the inputs' warnings.
    pub warnings: u32,
    pub lock_time: u32,
}

const SIGHASH_NONE: u32 = 2;
const SIGHASH_SINGLE: u32 = 3;
const SIGHASH_ANYONECANPAY: u32 = 0x80;

fn sighash_warnings(sighash: u32) -> u32 {
    let mut w = 0;
    match sighash & 0x1f {
        SIGHASH_NONE => w |= Warning::SighashNone.bit(),
        SIGHASH_SINGLE => w |= Warning::SighashSingle.bit(),
        _ => {}
    }
    if sighash & SIGHASH_ANYONECANPAY != 0 {
        w |= Warning::AnyoneCanPay.bit();
    }
    w
}

/// The sighash types an input asks for or was signed with.
fn input_warnings(input: &Input<'_>) -> u32 {
    let mut w = input.sighash_type.map_or(0, sighash_warnings);
    for (_, sig) in &input.partial_sigs {
        w |= sighash_warnings(*sig.last().unwrap_or(&1) as u32);
    }
    for sig in input.tap_key_sig.iter().chain(input.tap_script_sigs.iter()) {
        if sig.len() == 65 {
            w |= sighash_warnings(sig[64] as u32);
        }
    }
    w
}

/// An ECDSA signature with its sighash byte (DER, at most 72 bytes) and a compressed key, each
/// with its push or witness length.
const ECDSA_SIG_PUSH: usize = 1 + 72;
const PUBKEY_PUSH: usize = 1 + 33;

/// The `(scriptSig, witness)` sizes of a multisig script's spend, if `script` is `OP_m … OP_n
/// OP_CHECKMULTISIG`.
fn multisig_sigs(script: &[u8]) -> Option<usize> {
    match (script.first(), script.last()) {
        (Some(&m @ 0x51..=0x60), Some(0xae)) => Some((m - 0x50) as usize),
        _ => None,
    }
}

/// The size a witness stack of `items` byte strings of `sizes` takes.
fn stack_size(sizes: &[usize]) -> usize {
    compact_size_len(sizes.len() as u64) + sizes.iter().map(|s| compact_size_len(*s as u64) + s).sum::<usize>()
}

/// `(scriptSig bytes, witness bytes or 0, estimated)` of an input once signed.
fn input_size(input: &Input<'_>, script: &[u8]) -> (usize, usize, bool) {
    if input.final_script_sig.is_some() || input.final_script_witness.is_some() {
        return (input.final_script_sig.map_or(0, <[u8]>::len), input.final_script_witness.map_or(0, |w| w.size()), false);
    }
    let wsh = |ws: Option<&[u8]>| match ws.and_then(|ws| Some((ws, multisig_sigs(ws)?))) {
        Some((ws, m)) => {
            let mut items = alloc::vec![0usize; 1];
            items.extend(core::iter::repeat_n(72, m));
            items.push(ws.len());
            (stack_size(&items), false)
        }
        None => (stack_size(&[72, 33]), true),
    };
    let p2wpkh_witness = stack_size(&[72, 33]);
    match classify(script).map(|c| c.0) {
        Some(Kind::P2wpkh) => (0, p2wpkh_witness, false),
        Some(Kind::P2tr) => {
            let sighash_byte = input.sighash_type.is_some_and(|t| t != 0) as usize;
            (0, stack_size(&[64 + sighash_byte]), false)
        }
        Some(Kind::P2wsh) => {
            let (w, est) = wsh(input.witness_script);
            (0, w, est)
        }
        Some(Kind::P2pkh) => (ECDSA_SIG_PUSH + PUBKEY_PUSH, 0, false),
        Some(Kind::P2sh) => match input.redeem_script.and_then(classify).map(|c| c.0) {
            Some(Kind::P2wpkh) => (1 + 22, p2wpkh_witness, false),
            Some(Kind::P2wsh) => {
                let (w, est) = wsh(input.witness_script);
                (1 + 34, w, est)
            }
            _ => match input.redeem_script.and_then(|rs| Some((rs, multisig_sigs(rs)?))) {
                Some((rs, m)) => (1 + m * ECDSA_SIG_PUSH + compact_size_len(rs.len() as u64) + 1 + rs.len(), 0, false),
                None => (ECDSA_SIG_PUSH + PUBKEY_PUSH, 0, true),
            },
        },
        _ => (0, p2wpkh_witness, true),
    }
}

/// Describes `psbt` for a visitor who owns `mine` (their output scripts).
///
/// Every input must carry its UTXO (else [`Error::BitcoinPsbtMissingUtxo`]: the fee would be
/// unknown), and the outputs must not spend more than the inputs ([`Error::BitcoinPsbtNegativeFee`]).
pub fn describe<'a>(psbt: &'a Psbt<'a>, mine: &[&[u8]]) -> Result<Described<'a>, BitcoinError> {
    let owned = |script: &[u8]| mine.contains(&script);
    let err = |error, scope, index| BitcoinError::new(error, 0).in_map(scope, index, NO_KEY);
    // The master fingerprints of the keys behind the visitor's own inputs.
    let mut fingerprints: Vec<[u8; 4]> = Vec::new();
    let mut inputs = Vec::with_capacity(psbt.inputs.len());
    let (mut total_in, mut warnings) = (0u64, 0u32);
    let (mut weight, mut witness_any, mut weight_estimated) = (0usize, false, false);
    for (index, input) in psbt.inputs.iter().enumerate() {
        let utxo = input.utxo.ok_or_else(|| err(Error::BitcoinPsbtMissingUtxo, Scope::Input, index))?;
        let is_mine = owned(utxo.script_pubkey);
        if is_mine {
            fingerprints.extend(input.bip32_derivation.iter().chain(&input.tap_bip32_derivation).map(|d| d.fingerprint));
        }
        total_in = total_in.checked_add(utxo.value).filter(|t| *t <= super::MAX_MONEY).ok_or_else(|| err(Error::BitcoinTxAmountTooLarge, Scope::Input, index))?;
        let (script_sig, witness, estimated) = input_size(input, utxo.script_pubkey);
        weight += 4 * (36 + 4 + compact_size_len(script_sig as u64) + script_sig) + witness;
        witness_any |= witness > 0;
        weight_estimated |= estimated;
        inputs.push(DescribedInput { amount: utxo.value, script: utxo.script_pubkey, mine: is_mine, warnings: input_warnings(input) });
    }
    for (d, input) in inputs.iter_mut().zip(&psbt.inputs) {
        if !d.mine {
            d.mine = input.bip32_derivation.iter().chain(&input.tap_bip32_derivation).any(|o| fingerprints.contains(&o.fingerprint));
        }
        if !d.mine {
            d.warnings |= Warning::ForeignInput.bit();
        }
        warnings |= d.warnings;
    }
    if witness_any {
        // Marker and flag, and an empty stack for each input without a witness.
        weight += 2 + inputs.len();
    }
    let (mut total_out, mut change) = (0u64, 0u64);
    let mut outputs = Vec::with_capacity(psbt.outputs.len());
    for (index, output) in psbt.outputs.iter().enumerate() {
        let is_change = owned(output.script) || output.derivations().any(|d| fingerprints.contains(&d.fingerprint));
        total_out = total_out.checked_add(output.amount).filter(|t| *t <= super::MAX_MONEY).ok_or_else(|| err(Error::BitcoinTxAmountTooLarge, Scope::Output, index))?;
        if is_change {
            change += output.amount;
        }
        weight += 4 * (8 + compact_size_len(output.script.len() as u64) + output.script.len());
        outputs.push(DescribedOutput { amount: output.amount, script: output.script, change: is_change });
    }
    let fee = total_in.checked_sub(total_out).ok_or_else(|| err(Error::BitcoinPsbtNegativeFee, Scope::Whole, 0))?;
    weight += 4 * (4 + 4 + compact_size_len(inputs.len() as u64) + compact_size_len(outputs.len() as u64));
    let weight = weight as u64;
    let vsize = weight.div_ceil(4);
    let lock_time = psbt.lock_time().map_err(|e| err(e, Scope::Whole, 0))?;
    Ok(Described {
        inputs,
        outputs,
        total_in,
        sent: total_out - change,
        change,
        fee,
        weight,
        vsize,
        fee_rate_millisats: (fee * 1000).checked_div(vsize).unwrap_or(0),
        weight_estimated,
        warnings,
        lock_time,
    })
}
