//! Raw Bitcoin transactions, legacy and segwit (BIP-144), as Bitcoin Core reads them: every
//! CompactSize in its shortest form and at most 32 MB, a segwit flag of exactly 1, no segwit
//! marker without a witness, amounts at most 21 million BTC and no byte after the locktime.
use alloc::vec::Vec;

use super::reader::{compact_size_len, Reader};
use super::{hash::sha256d, BitcoinError, MAX_MONEY};
use crate::Error;

/// One input: the output it spends, its scriptSig, its sequence and its witness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TxIn<'a> {
    /// The previous transaction's id, in internal (little-endian) byte order.
    pub txid: &'a [u8; 32],
    pub vout: u32,
    pub script_sig: &'a [u8],
    pub sequence: u32,
    pub witness: Witness<'a>,
}

/// A witness stack as serialized: the item count, then the items' bytes (each with its length).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Witness<'a> {
    pub items: usize,
    pub bytes: &'a [u8],
}

impl Witness<'_> {
    /// Its serialized size, count included.
    pub fn size(&self) -> usize {
        compact_size_len(self.items as u64) + self.bytes.len()
    }
}

/// One output: an amount in satoshis and the script that locks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TxOut<'a> {
    pub value: u64,
    pub script_pubkey: &'a [u8],
}

/// A parsed transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transaction<'a> {
    pub version: u32,
    pub inputs: Vec<TxIn<'a>>,
    pub outputs: Vec<TxOut<'a>>,
    pub lock_time: u32,
    /// Serialized with the segwit marker and flag.
    pub segwit: bool,
    /// The txid (double SHA-256 of the serialization without witnesses), internal byte order.
    pub txid: [u8; 32],
    /// Bytes without the witness data (marker, flag and witnesses).
    pub base_size: usize,
    /// Bytes as serialized.
    pub total_size: usize,
}

impl Transaction<'_> {
    /// BIP-141 weight: base size × 3 + total size.
    pub fn weight(&self) -> usize {
        self.base_size * 3 + self.total_size
    }
}

/// Reads a witness stack (count, then items) and returns it.
pub(super) fn read_witness<'a>(r: &mut Reader<'a>) -> Result<Witness<'a>, BitcoinError> {
    let items = r.compact_size()? as usize;
    let start = r.pos;
    for _ in 0..items {
        r.var_bytes()?;
    }
    Ok(Witness { items, bytes: &r.buf[start..r.pos] })
}

/// Reads one output.
pub(super) fn read_output<'a>(r: &mut Reader<'a>) -> Result<TxOut<'a>, BitcoinError> {
    let at = r.pos;
    let value = r.u64()?;
    if value > MAX_MONEY {
        return Err(BitcoinError::new(Error::BitcoinTxAmountTooLarge, at));
    }
    Ok(TxOut { value, script_pubkey: r.var_bytes()? })
}

/// A count of items at least `min_item` bytes each: refused early when the input cannot hold them,
/// so a huge count never reserves memory.
fn count(r: &mut Reader<'_>, min_item: usize) -> Result<usize, BitcoinError> {
    let at = r.pos;
    let n = r.compact_size()? as usize;
    if n.saturating_mul(min_item) > r.remaining() {
        return Err(BitcoinError::new(Error::BitcoinTxTruncated, at));
    }
    Ok(n)
}

/// Parses `bytes` as exactly one transaction. With `allow_witness` false (a PSBT's unsigned
/// transaction), a zero byte after the version is an empty input list, never a segwit marker.
///
/// ```
/// use portico_core::bitcoin::parse_transaction;
/// let hex = "01000000000100000000000000000000000000"; // version 1, no inputs, one empty output
/// let bytes: Vec<u8> = (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect();
/// let tx = parse_transaction(&bytes, false).unwrap();
/// assert_eq!((tx.inputs.len(), tx.outputs.len()), (0, 1));
/// ```
pub fn parse_transaction(bytes: &[u8], allow_witness: bool) -> Result<Transaction<'_>, BitcoinError> {
    let mut r = Reader::new(bytes, Error::BitcoinTxTruncated);
    let tx = read_transaction(&mut r, allow_witness)?;
    if !r.is_empty() {
        return Err(r.err(Error::BitcoinTxTrailingBytes));
    }
    Ok(tx)
}

/// Reads one transaction from `r`, leaving `r` after its locktime.
pub(super) fn read_transaction<'a>(r: &mut Reader<'a>, allow_witness: bool) -> Result<Transaction<'a>, BitcoinError> {
    let start = r.pos;
    let version = r.u32()?;
    let mut segwit = false;
    if allow_witness && r.peek() == Some(0) {
        r.u8()?;
        let flag_at = r.pos;
        if r.u8()? != 1 {
            return Err(BitcoinError::new(Error::BitcoinTxInvalidSegwitFlag, flag_at));
        }
        segwit = true;
    }
    let body_start = r.pos;
    // An input is at least 41 bytes (outpoint, empty script, sequence), an output 9.
    let n_in = count(r, 41)?;
    let mut inputs = Vec::with_capacity(n_in);
    for _ in 0..n_in {
        let txid = r.array32()?;
        let vout = r.u32()?;
        let script_sig = r.var_bytes()?;
        let sequence = r.u32()?;
        inputs.push(TxIn { txid, vout, script_sig, sequence, witness: Witness::default() });
    }
    let n_out = count(r, 9)?;
    let mut outputs = Vec::with_capacity(n_out);
    for _ in 0..n_out {
        outputs.push(read_output(r)?);
    }
    let body_end = r.pos;
    let mut witness_bytes = 0;
    if segwit {
        let witness_start = r.pos;
        for input in &mut inputs {
            input.witness = read_witness(r)?;
        }
        if inputs.iter().all(|i| i.witness.items == 0) {
            return Err(BitcoinError::new(Error::BitcoinTxSuperfluousWitness, witness_start));
        }
        witness_bytes = r.pos - witness_start + 2;
    }
    let lock_bytes = r.take(4)?;
    let lock_time = u32::from_le_bytes(lock_bytes.try_into().unwrap());
    let version_bytes = &r.buf[start..start + 4];
    let txid = sha256d(&[version_bytes, &r.buf[body_start..body_end], lock_bytes]);
    let total_size = r.pos - start;
    Ok(Transaction { version, inputs, outputs, lock_time, segwit, txid, base_size: total_size - witness_bytes, total_size })
}
