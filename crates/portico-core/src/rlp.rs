//! Recursive Length Prefix, canonical form only.
//!
//! Decoding never recurses: nested lists are tracked on a heap stack, so any depth up to
//! [`MAX_DEPTH`] decodes without touching the call stack, and anything deeper is an error.
//! Every canonical-form rule is checked where the header is read.
//!
//! Two representations are offered:
//! - [`Value`], an owned tree, for Rust callers;
//! - a *tape*, a flat `u32` token stream, which is what crosses the WASM boundary (one copy out,
//!   no object per node on the Rust side). Tokens are pairs of `u32`:
//!   - `[len << 1, offset]`: a byte string of `len` bytes at `offset` in the input (or data buffer);
//!   - `[TAPE_LIST_START, payload_length]`: a list begins;
//!   - `[TAPE_LIST_END, 0]`: the innermost open list ends.
//!
//! ```
//! use portico_core::rlp::{self, Value};
//! let dog = rlp::decode(&[0x83, b'd', b'o', b'g']).unwrap();
//! assert_eq!(dog, Value::Bytes(b"dog".to_vec()));
//! ```
use alloc::vec::Vec;

use crate::Error;

/// The deepest list nesting that decodes; one level more is [`Error::RlpDepthExceeded`].
pub const MAX_DEPTH: usize = 8192;

/// Tape token that opens a list (see the module docs).
pub const TAPE_LIST_START: u32 = 1;
/// Tape token that closes the innermost open list.
pub const TAPE_LIST_END: u32 = 3;

/// An RLP header: whether the item is a list, and how many payload bytes follow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub list: bool,
    pub payload_length: usize,
}

impl Header {
    /// Reads one header from the front of `buf` and advances past it.
    ///
    /// A single byte below 0x80 is its own payload: the header then has `payload_length` 1 and
    /// the cursor is *not* advanced, so the caller reads the byte as the payload.
    /// Checks every canonical-form rule and that the payload fits in `buf`.
    ///
    /// ```
    /// use portico_core::rlp::Header;
    /// let mut buf: &[u8] = &[0xc2, 0x80, 0x80];
    /// assert_eq!(Header::decode(&mut buf), Ok(Header { list: true, payload_length: 2 }));
    /// assert_eq!(buf, &[0x80, 0x80]);
    /// ```
    #[inline]
    pub fn decode(buf: &mut &[u8]) -> Result<Header, Error> {
        let Some(&first) = buf.first() else {
            return Err(Error::RlpLengthPastInput);
        };
        let header = match first {
            0x00..=0x7f => return Ok(Header { list: false, payload_length: 1 }),
            0x80..=0xb7 => {
                let len = (first - 0x80) as usize;
                if len == 1 {
                    match buf.get(1) {
                        Some(&b) if b < 0x80 => return Err(Error::RlpNonCanonicalSingleByte),
                        _ => {}
                    }
                }
                *buf = &buf[1..];
                Header { list: false, payload_length: len }
            }
            0xb8..=0xbf => {
                let len = read_long_length(buf, (first - 0xb7) as usize)?;
                Header { list: false, payload_length: len }
            }
            0xc0..=0xf7 => {
                *buf = &buf[1..];
                Header { list: true, payload_length: (first - 0xc0) as usize }
            }
            0xf8..=0xff => {
                let len = read_long_length(buf, (first - 0xf7) as usize)?;
                Header { list: true, payload_length: len }
            }
        };
        if header.payload_length > buf.len() {
            return Err(Error::RlpLengthPastInput);
        }
        Ok(header)
    }

    /// Appends this header's encoding to `out`.
    #[inline]
    pub fn encode(&self, out: &mut Vec<u8>) {
        let (short, long) = if self.list { (0xc0u8, 0xf7u8) } else { (0x80u8, 0xb7u8) };
        if self.payload_length < 56 {
            out.push(short + self.payload_length as u8);
        } else {
            let bytes = (self.payload_length as u64).to_be_bytes();
            let skip = bytes.iter().take_while(|&&b| b == 0).count();
            out.push(long + (8 - skip) as u8);
            out.extend_from_slice(&bytes[skip..]);
        }
    }

    /// How many bytes [`Header::encode`] writes.
    #[inline]
    pub const fn length(&self) -> usize {
        length_of_length(self.payload_length)
    }
}

/// Bytes a header takes for a payload of `payload_length` bytes.
#[inline]
pub const fn length_of_length(payload_length: usize) -> usize {
    if payload_length < 56 {
        1
    } else {
        1 + (usize::BITS as usize / 8) - (payload_length.leading_zeros() as usize / 8)
    }
}

#[inline]
fn read_long_length(buf: &mut &[u8], len_of_len: usize) -> Result<usize, Error> {
    if buf.len() < 1 + len_of_len {
        return Err(Error::RlpLengthPastInput);
    }
    let digits = &buf[1..1 + len_of_len];
    if digits[0] == 0 {
        return Err(Error::RlpLeadingZeroLength);
    }
    let mut len: u64 = 0;
    for &d in digits {
        len = (len << 8) | d as u64;
    }
    if len < 56 {
        return Err(Error::RlpNonCanonicalLength);
    }
    if len > usize::MAX as u64 {
        return Err(Error::RlpLengthOverflow);
    }
    *buf = &buf[1 + len_of_len..];
    Ok(len as usize)
}

/// An owned RLP item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Bytes(Vec<u8>),
    List(Vec<Value>),
}

/// Decodes exactly one canonical item, with nothing after it, into a tape (see module docs).
///
/// On failure returns the error and the byte offset where it was found.
///
/// ```
/// use portico_core::rlp;
/// let mut tape = Vec::new();
/// rlp::decode_tape(&[0xc1, 0x05], &mut tape).unwrap();
/// assert_eq!(tape, [rlp::TAPE_LIST_START, 1, 1 << 1, 1, rlp::TAPE_LIST_END, 0]);
/// ```
pub fn decode_tape(input: &[u8], tape: &mut Vec<u32>) -> Result<(), (Error, usize)> {
    if input.is_empty() {
        return Err((Error::RlpEmptyInput, 0));
    }
    // End offsets of the lists still open, innermost last (no allocation for shallow items).
    let mut open = OpenLists::new();
    let mut buf = input;
    let offset = |buf: &[u8]| input.len() - buf.len();
    loop {
        // The innermost open list bounds what the next header may claim.
        let limit = open.last().map_or(input.len(), |&end| end);
        let at = offset(buf);
        let mut window = &buf[..limit - at];
        let header = Header::decode(&mut window).map_err(|e| {
            // A length that runs past an enclosing list (but not past the input) is a list
            // whose items do not add up.
            if e == Error::RlpLengthPastInput && limit < input.len() && fits_input(buf) {
                (Error::RlpListPayloadMismatch, at)
            } else {
                (e, at)
            }
        })?;
        let consumed = (limit - at) - window.len();
        buf = &buf[consumed..];
        let start = offset(buf);
        if header.list {
            if open.len() == MAX_DEPTH {
                return Err((Error::RlpDepthExceeded, at));
            }
            token(tape, TAPE_LIST_START, header.payload_length as u32);
            open.push(start + header.payload_length);
        } else {
            token(tape, (header.payload_length as u32) << 1, start as u32);
            buf = &buf[header.payload_length..];
        }
        // Close every list that ends here.
        let here = offset(buf);
        while let Some(&end) = open.last() {
            if end != here {
                break;
            }
            open.pop();
            token(tape, TAPE_LIST_END, 0);
        }
        if open.is_empty() {
            return if buf.is_empty() { Ok(()) } else { Err((Error::RlpTrailingBytes, here)) };
        }
    }
}

/// Appends one tape token. Two pushes rather than `extend_from_slice(&[a, b])`, which the WASM
/// build (optimised for size) calls out of line as a generic copy loop: that was half the time of
/// decoding a transaction's RLP.
#[inline(always)]
fn token(tape: &mut Vec<u32>, a: u32, b: u32) {
    tape.push(a);
    tape.push(b);
}

/// The end offsets of the open lists while decoding: the first [`OpenLists::INLINE`] on the stack,
/// deeper ones on the heap. Transactions nest three deep, so decoding them allocates nothing for
/// this (an allocation per call was a measurable part of decoding a transaction in WASM).
struct OpenLists {
    inline: [usize; OpenLists::INLINE],
    len: usize,
    deeper: Vec<usize>,
}

impl OpenLists {
    const INLINE: usize = 16;

    fn new() -> Self {
        OpenLists { inline: [0; Self::INLINE], len: 0, deeper: Vec::new() }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn last(&self) -> Option<&usize> {
        match self.len {
            0 => None,
            n if n <= Self::INLINE => self.inline.get(n - 1),
            _ => self.deeper.last(),
        }
    }

    fn push(&mut self, end: usize) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = end,
            None => self.deeper.push(end),
        }
        self.len += 1;
    }

    fn pop(&mut self) {
        if self.len > Self::INLINE {
            self.deeper.pop();
        }
        self.len = self.len.saturating_sub(1);
    }
}

/// Whether the header at the front of `buf` claims no more than `buf` holds (used to tell a list
/// payload mismatch from a plain truncated input).
fn fits_input(buf: &[u8]) -> bool {
    let mut probe = buf;
    Header::decode(&mut probe).is_ok()
}

/// Decodes exactly one canonical item into an owned [`Value`].
///
/// ```
/// use portico_core::rlp::{self, Value};
/// assert_eq!(rlp::decode(&[0xc0]).unwrap(), Value::List(vec![]));
/// assert!(rlp::decode(&[0x81, 0x05]).is_err());
/// ```
pub fn decode(input: &[u8]) -> Result<Value, Error> {
    let mut tape = Vec::new();
    decode_tape(input, &mut tape).map_err(|(e, _)| e)?;
    Ok(value_from_tape(input, &tape))
}

fn value_from_tape(input: &[u8], tape: &[u32]) -> Value {
    let mut stack: Vec<Vec<Value>> = Vec::new();
    let mut root = None;
    for token in tape.chunks_exact(2) {
        let item = match token[0] {
            TAPE_LIST_START => {
                stack.push(Vec::new());
                continue;
            }
            TAPE_LIST_END => Value::List(stack.pop().unwrap_or_default()),
            len => {
                let (len, at) = ((len >> 1) as usize, token[1] as usize);
                Value::Bytes(input[at..at + len].to_vec())
            }
        };
        match stack.last_mut() {
            Some(parent) => parent.push(item),
            None => root = Some(item),
        }
    }
    root.unwrap_or(Value::List(Vec::new()))
}

/// Appends the encoding of a byte string.
///
/// ```
/// let mut out = Vec::new();
/// portico_core::rlp::encode_bytes(b"dog", &mut out);
/// assert_eq!(out, [0x83, b'd', b'o', b'g']);
/// ```
#[inline]
pub fn encode_bytes(bytes: &[u8], out: &mut Vec<u8>) {
    if bytes.len() == 1 && bytes[0] < 0x80 {
        out.push(bytes[0]);
    } else {
        Header { list: false, payload_length: bytes.len() }.encode(out);
        out.extend_from_slice(bytes);
    }
}

/// Bytes [`encode_bytes`] writes for `bytes`.
#[inline]
pub const fn bytes_length(bytes: &[u8]) -> usize {
    if bytes.len() == 1 && bytes[0] < 0x80 {
        1
    } else {
        length_of_length(bytes.len()) + bytes.len()
    }
}

/// Drops leading zero bytes: the canonical big-endian form of an integer (zero is empty).
#[inline]
pub fn trim_leading_zeros(bytes: &[u8]) -> &[u8] {
    let skip = bytes.iter().take_while(|&&b| b == 0).count();
    &bytes[skip..]
}

/// Appends an unsigned integer given as big-endian bytes (leading zeros are dropped).
#[inline]
pub fn encode_uint(be_bytes: &[u8], out: &mut Vec<u8>) {
    encode_bytes(trim_leading_zeros(be_bytes), out)
}

/// Appends a `u64` as an RLP integer.
#[inline]
pub fn encode_u64(value: u64, out: &mut Vec<u8>) {
    encode_uint(&value.to_be_bytes(), out)
}

/// Bytes [`encode_u64`] writes.
#[inline]
pub fn u64_length(value: u64) -> usize {
    bytes_length(trim_leading_zeros(&value.to_be_bytes()))
}

/// Encodes a tape over `data` (string tokens point into `data`), without recursion.
///
/// Fails with [`Error::RlpDepthExceeded`] past [`MAX_DEPTH`] and with
/// [`Error::RlpListPayloadMismatch`] for a tape whose lists do not balance or whose strings point
/// outside `data`.
pub fn encode_tape(tape: &[u32], data: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    if tape.len() % 2 != 0 {
        return Err(Error::RlpListPayloadMismatch);
    }
    // Pass 1: payload length of every list, in the order the lists open.
    let mut payloads: Vec<usize> = Vec::new();
    let mut open: Vec<usize> = Vec::new(); // indices into `payloads`
    let mut top_items = 0usize;
    for token in tape.chunks_exact(2) {
        let length = match token[0] {
            TAPE_LIST_START => {
                if open.len() == MAX_DEPTH {
                    return Err(Error::RlpDepthExceeded);
                }
                open.push(payloads.len());
                payloads.push(0);
                continue;
            }
            TAPE_LIST_END => {
                let index = open.pop().ok_or(Error::RlpListPayloadMismatch)?;
                length_of_length(payloads[index]) + payloads[index]
            }
            len if len & 1 == 0 => {
                let (len, at) = ((len >> 1) as usize, token[1] as usize);
                let bytes = data.get(at..at + len).ok_or(Error::RlpListPayloadMismatch)?;
                bytes_length(bytes)
            }
            _ => return Err(Error::RlpListPayloadMismatch),
        };
        match open.last() {
            Some(&parent) => payloads[parent] += length,
            None => top_items += 1,
        }
    }
    if !open.is_empty() || top_items != 1 {
        return Err(Error::RlpListPayloadMismatch);
    }
    // Pass 2: write.
    let total = payloads.first().map_or(0, |&p| length_of_length(p) + p);
    out.reserve(total.max(data.len() + 9));
    let mut next_list = 0usize;
    for token in tape.chunks_exact(2) {
        match token[0] {
            TAPE_LIST_START => {
                Header { list: true, payload_length: payloads[next_list] }.encode(out);
                next_list += 1;
            }
            TAPE_LIST_END => {}
            len => {
                let (len, at) = ((len >> 1) as usize, token[1] as usize);
                encode_bytes(&data[at..at + len], out);
            }
        }
    }
    Ok(())
}

/// Encodes an owned [`Value`] (any depth up to [`MAX_DEPTH`], without recursion).
///
/// ```
/// use portico_core::rlp::{self, Value};
/// let cat_dog = Value::List(vec![Value::Bytes(b"cat".to_vec()), Value::Bytes(b"dog".to_vec())]);
/// assert_eq!(rlp::encode(&cat_dog).unwrap()[0], 0xc8);
/// ```
pub fn encode(value: &Value) -> Result<Vec<u8>, Error> {
    let mut tape = Vec::new();
    let mut data = Vec::new();
    let mut stack: Vec<core::slice::Iter<'_, Value>> = Vec::new();
    push_value(value, &mut tape, &mut data, &mut stack);
    while let Some(children) = stack.last_mut() {
        match children.next() {
            Some(child) => {
                if stack.len() > MAX_DEPTH {
                    return Err(Error::RlpDepthExceeded);
                }
                push_value(child, &mut tape, &mut data, &mut stack);
            }
            None => {
                stack.pop();
                token(&mut tape, TAPE_LIST_END, 0);
            }
        }
    }
    let mut out = Vec::new();
    encode_tape(&tape, &data, &mut out)?;
    Ok(out)
}

fn push_value<'a>(
    value: &'a Value,
    tape: &mut Vec<u32>,
    data: &mut Vec<u8>,
    stack: &mut Vec<core::slice::Iter<'a, Value>>,
) {
    match value {
        Value::Bytes(bytes) => {
            token(tape, (bytes.len() as u32) << 1, data.len() as u32);
            data.extend_from_slice(bytes);
        }
        Value::List(items) => {
            token(tape, TAPE_LIST_START, 0);
            stack.push(items.iter());
        }
    }
}

#[cfg(test)]
mod tests;
