//! A cursor over bytes with the Bitcoin wire primitives: little-endian integers and CompactSize.
use super::BitcoinError;
use crate::Error;

/// Bitcoin Core's `MAX_SIZE`: no CompactSize count or length above 32 MB is read.
pub const MAX_SIZE: u64 = 0x0200_0000;

pub struct Reader<'a> {
    pub buf: &'a [u8],
    pub pos: usize,
    /// What running out of bytes is called here (a transaction or a PSBT).
    truncated: Error,
}

impl<'a> Reader<'a> {
    pub fn new(buf: &'a [u8], truncated: Error) -> Self {
        Reader { buf, pos: 0, truncated }
    }

    pub fn is_empty(&self) -> bool {
        self.pos >= self.buf.len()
    }

    pub fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    pub fn err(&self, error: Error) -> BitcoinError {
        BitcoinError::new(error, self.pos)
    }

    pub fn take(&mut self, n: usize) -> Result<&'a [u8], BitcoinError> {
        if n > self.remaining() {
            return Err(self.err(self.truncated));
        }
        let out = &self.buf[self.pos..self.pos + n];
        self.pos += n;
        Ok(out)
    }

    pub fn peek(&self) -> Option<u8> {
        self.buf.get(self.pos).copied()
    }

    pub fn u8(&mut self) -> Result<u8, BitcoinError> {
        Ok(self.take(1)?[0])
    }

    pub fn u32(&mut self) -> Result<u32, BitcoinError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap()))
    }

    pub fn u64(&mut self) -> Result<u64, BitcoinError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().unwrap()))
    }

    pub fn array32(&mut self) -> Result<&'a [u8; 32], BitcoinError> {
        Ok(self.take(32)?.try_into().unwrap())
    }

    /// A CompactSize in its shortest form, at most [`MAX_SIZE`].
    pub fn compact_size(&mut self) -> Result<u64, BitcoinError> {
        let start = self.pos;
        let (value, min) = match self.u8()? {
            0xfd => (u16::from_le_bytes(self.take(2)?.try_into().unwrap()) as u64, 0xfd),
            0xfe => (self.u32()? as u64, 0x1_0000),
            0xff => (self.u64()?, 0x1_0000_0000),
            n => return Ok(n as u64),
        };
        if value < min {
            return Err(BitcoinError::new(Error::BitcoinTxNonCanonicalCompactSize, start));
        }
        if value > MAX_SIZE {
            return Err(BitcoinError::new(Error::BitcoinTxTooLarge, start));
        }
        Ok(value)
    }

    /// A CompactSize length, then that many bytes.
    pub fn var_bytes(&mut self) -> Result<&'a [u8], BitcoinError> {
        let n = self.compact_size()?;
        self.take(n as usize)
    }
}

/// The bytes a CompactSize of `n` takes.
pub const fn compact_size_len(n: u64) -> usize {
    match n {
        0..=0xfc => 1,
        0xfd..=0xffff => 3,
        0x1_0000..=0xffff_ffff => 5,
        _ => 9,
    }
}
