//! Reading transactions: canonical RLP only, each field checked as it is read.
use super::{validate, AccessList, Field, Signature, Strings, Transaction, TxError, TxType, UINT256_BYTES};
use crate::rlp::Header;
use crate::Error;

/// Reads fields of an RLP list payload, mapping errors to the field being read.
struct Fields<'a> {
    buf: &'a [u8],
    /// The whole serialized input, so errors can point into it.
    origin: &'a [u8],
}

impl<'a> Fields<'a> {
    fn header(&mut self, field: Field) -> Result<Header, TxError> {
        Header::decode(&mut self.buf).map_err(|e| TxError::new(e, field))
    }

    fn bytes(&mut self, field: Field) -> Result<&'a [u8], TxError> {
        let header = self.header(field)?;
        if header.list {
            return Err(TxError::new(Error::RlpUnexpectedList, field));
        }
        let (payload, rest) = self.buf.split_at(header.payload_length);
        self.buf = rest;
        Ok(payload)
    }

    fn list(&mut self, field: Field) -> Result<Fields<'a>, TxError> {
        let header = self.header(field)?;
        if !header.list {
            return Err(TxError::new(Error::RlpUnexpectedString, field));
        }
        let (payload, rest) = self.buf.split_at(header.payload_length);
        self.buf = rest;
        Ok(Fields { buf: payload, origin: self.origin })
    }

    fn uint(&mut self, field: Field) -> Result<&'a [u8], TxError> {
        let bytes = self.bytes(field)?;
        if bytes.first() == Some(&0) {
            return Err(TxError::new(Error::RlpIntegerLeadingZero, field).within(self.origin, bytes));
        }
        if bytes.len() > UINT256_BYTES {
            return Err(TxError::new(Error::RlpIntegerOverflow, field).within(self.origin, bytes));
        }
        Ok(bytes)
    }

    fn u64(&mut self, field: Field) -> Result<u64, TxError> {
        let bytes = self.uint(field)?;
        if bytes.len() > 8 {
            return Err(TxError::new(Error::RlpIntegerOverflow, field).within(self.origin, bytes));
        }
        Ok(bytes.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64))
    }

    fn address(&mut self, field: Field) -> Result<Option<&'a [u8]>, TxError> {
        match self.bytes(field)? {
            [] => Ok(None),
            address if address.len() == 20 => Ok(Some(address)),
            other => Err(TxError::new(Error::TxInvalidAddress, field).within(self.origin, other)),
        }
    }

    /// Checks the access list's shape (each entry an address and a list of keys) and returns it.
    fn access_list(&mut self) -> Result<AccessList<'a>, TxError> {
        let mut entries = self.list(Field::AccessList)?;
        let payload = entries.buf;
        let mut i = 0;
        while !entries.is_empty() {
            let at = |e: TxError| TxError { item: i as u32, field: Field::AccessList, ..e };
            let start = entries.buf;
            let mut entry = entries.list(Field::AccessList).map_err(at)?;
            let whole = &start[..start.len() - entries.buf.len()];
            if entry.count().map_err(at)? != 2 {
                return Err(TxError::at(Error::TxInvalidAccessListEntry, Field::AccessList, i).within(self.origin, whole));
            }
            entry.bytes(Field::AccessList).map_err(at)?;
            let mut keys = entry.list(Field::AccessList).map_err(at)?;
            while !keys.is_empty() {
                keys.bytes(Field::AccessList).map_err(at)?;
            }
            i += 1;
        }
        Ok(AccessList::trusted(payload))
    }

    fn hashes(&mut self) -> Result<Strings<'a>, TxError> {
        let mut items = self.list(Field::BlobVersionedHashes)?;
        let payload = items.buf;
        while !items.is_empty() {
            items.bytes(Field::BlobVersionedHashes)?;
        }
        Ok(Strings::trusted(payload))
    }

    fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// Counts the items left without reading them.
    fn count(&self) -> Result<usize, TxError> {
        let mut probe = Fields { buf: self.buf, origin: self.origin };
        let mut n = 0;
        while !probe.is_empty() {
            let header = probe.header(Field::Type)?;
            probe.buf = &probe.buf[header.payload_length..];
            n += 1;
        }
        Ok(n)
    }
}

/// Parses a serialized transaction (canonical RLP only) and checks it with [`validate`].
///
/// ```
/// use portico_core::{tx, Error};
/// assert_eq!(tx::parse(&[0x05, 0xc0]).unwrap_err().error, Error::TxInvalidSerializedType);
/// ```
pub fn parse(input: &[u8]) -> Result<Transaction<'_>, TxError> {
    let (tx_type, body) = match input.first() {
        None => return Err(TxError::new(Error::RlpEmptyInput, Field::Type)),
        Some(0xc0..=0xff) => (TxType::Legacy, input),
        Some(1) => (TxType::Eip2930, &input[1..]),
        Some(2) => (TxType::Eip1559, &input[1..]),
        Some(3) => (TxType::Eip4844, &input[1..]),
        Some(_) => return Err(TxError::new(Error::TxInvalidSerializedType, Field::Type)),
    };
    let mut outer = Fields { buf: body, origin: input };
    let mut f = outer.list(Field::Type)?;
    if !outer.is_empty() {
        return Err(TxError::new(Error::RlpTrailingBytes, Field::Type));
    }
    let unsigned = match tx_type {
        TxType::Legacy => 6,
        TxType::Eip2930 => 8,
        TxType::Eip1559 => 9,
        TxType::Eip4844 => 11,
    };
    let count = f.count()?;
    if count != unsigned && count != unsigned + 3 {
        return Err(TxError::new(Error::TxInvalidFieldCount, Field::Type));
    }
    let mut tx = Transaction { tx_type, ..Transaction::default() };
    if tx_type == TxType::Legacy {
        tx.nonce = f.u64(Field::Nonce)?;
        tx.gas_price = Some(f.uint(Field::GasPrice)?);
        tx.gas = Some(f.uint(Field::Gas)?);
        tx.to = f.address(Field::To)?;
        tx.value = Some(f.uint(Field::Value)?);
        tx.data = f.bytes(Field::Data)?;
        if count == unsigned + 3 {
            let v_bytes = f.uint(Field::V)?;
            let r = f.uint(Field::R)?;
            let s = f.uint(Field::S)?;
            let invalid_v = TxError::new(Error::TxInvalidLegacyV, Field::V).within(input, v_bytes);
            if v_bytes.len() > 8 {
                return Err(invalid_v);
            }
            let v = v_bytes;
            let v = v.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64);
            if r.is_empty() && s.is_empty() {
                // EIP-155 unsigned: the chain id stands where `v` would.
                tx.chain_id = (v > 0).then_some(v);
            } else {
                let chain_id = v.checked_sub(35).map(|x| x / 2).filter(|&id| id > 0);
                if chain_id.is_none() && v != 27 && v != 28 {
                    return Err(invalid_v);
                }
                tx.chain_id = chain_id;
                tx.signature = Some(Signature { r, s, v: Some(v), y_parity: Some((v % 2 == 0) as u8) });
            }
        }
    } else {
        tx.chain_id = Some(f.u64(Field::ChainId)?);
        tx.nonce = f.u64(Field::Nonce)?;
        if tx_type == TxType::Eip2930 {
            tx.gas_price = Some(f.uint(Field::GasPrice)?);
        } else {
            tx.max_priority_fee_per_gas = Some(f.uint(Field::MaxPriorityFeePerGas)?);
            tx.max_fee_per_gas = Some(f.uint(Field::MaxFeePerGas)?);
        }
        tx.gas = Some(f.uint(Field::Gas)?);
        tx.to = f.address(Field::To)?;
        tx.value = Some(f.uint(Field::Value)?);
        tx.data = f.bytes(Field::Data)?;
        tx.access_list = Some(f.access_list()?);
        if tx_type == TxType::Eip4844 {
            tx.max_fee_per_blob_gas = Some(f.uint(Field::MaxFeePerBlobGas)?);
            tx.blob_versioned_hashes = Some(f.hashes()?);
        }
        if count == unsigned + 3 {
            let y = f.uint(Field::YParity)?;
            let y_parity = match y {
                [] => 0,
                [1] => 1,
                _ => return Err(TxError::new(Error::TxInvalidYParity, Field::YParity).within(input, y)),
            };
            let r = f.uint(Field::R)?;
            let s = f.uint(Field::S)?;
            tx.signature = Some(Signature { r, s, v: Some(27 + y_parity as u64), y_parity: Some(y_parity) });
        }
    }
    validate(&tx).map_err(|e| point_at(e, &tx, input))?;
    Ok(tx)
}

/// Points a validation error of a parsed transaction at the offending bytes in `input`.
fn point_at(e: TxError, tx: &Transaction<'_>, input: &[u8]) -> TxError {
    let item = e.item as usize;
    let part = match (e.error, e.field) {
        (Error::TxInvalidAddress, Field::To) => tx.to,
        (Error::TxInvalidAddress, Field::AccessList) => tx.access_list.and_then(|l| l.iter().nth(item)).map(|entry| entry.address),
        (Error::TxInvalidStorageKeySize, _) => {
            tx.access_list.and_then(|l| l.iter().nth(item)).and_then(|entry| entry.storage_keys.iter().find(|k| k.len() != 32))
        }
        (Error::TxInvalidBlobHashSize | Error::TxInvalidBlobHashVersion, _) => tx.blob_versioned_hashes.and_then(|h| h.iter().nth(item)),
        (_, Field::R) => tx.signature.map(|s| s.r),
        (_, Field::S) => tx.signature.map(|s| s.s),
        (_, Field::GasPrice) => tx.gas_price,
        (_, Field::MaxFeePerGas) => tx.max_fee_per_gas,
        (_, Field::MaxPriorityFeePerGas) => tx.max_priority_fee_per_gas,
        _ => None,
    };
    part.map_or(e, |part| e.within(input, part))
}

